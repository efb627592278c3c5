//! How often one climb solves as n grows, and what a random-restart run
//! costs: `cargo run --release -p queens-hill-climbing --example growth N,N… STARTS`.

use std::time::Instant;

use queens_core::NoSteps;
use queens_hill_climbing::{Climber, FIRST, RESTARTS, STEEPEST, STEEPEST_SIDEWAYS, default_budget};

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .nth(1)
        .map_or(vec![8, 16, 32, 64, 100], |s| {
            s.split(',').map(|n| n.parse().unwrap()).collect()
        });
    let starts: u64 = std::env::args().nth(2).map_or(1000, |s| s.parse().unwrap());
    let mut climber = Climber::new();
    for n in sizes {
        for (id, settings) in [
            ("hill-climbing", STEEPEST),
            ("hill-climbing-sideways", STEEPEST_SIDEWAYS),
            ("first-choice", FIRST),
            ("random-restart", RESTARTS),
        ] {
            let start = Instant::now();
            let (mut solved, mut moves, mut restarts) = (0, 0, 0);
            for seed in 1..=starts {
                let run = climber.run(n, seed, &settings, default_budget(n), &mut NoSteps);
                solved += u64::from(run.solved);
                moves += run.moves;
                restarts += run.restarts;
            }
            println!(
                "n = {n:5} {id:24} solved {solved:5}/{starts}, mean moves {:9.1}, mean restarts {:8.1}, {:.4} s per run",
                moves as f64 / starts as f64,
                restarts as f64 / starts as f64,
                start.elapsed().as_secs_f64() / starts as f64
            );
        }
    }
}
