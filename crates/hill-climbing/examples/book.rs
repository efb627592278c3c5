//! The book's figures for 8-queens (AIMA §4.1.1), measured:
//! `cargo run --release -p queens-hill-climbing --example book [STARTS [N,N… [ID,ID…]]]`.
//! For each id (default: all), over seeds 1..=STARTS (default 10 000) at
//! n = 8: the share solved, the mean steps of the runs that solved and of
//! those that gave up, the mean restarts; then one run of seeds 1 to 3 at
//! each N (default 100,1000) with the default budget, timed.

use std::time::Instant;

use queens_core::NoSteps;
use queens_hill_climbing::{
    Climber, FIRST, RESTARTS, RESTARTS_SIDEWAYS, STEEPEST, STEEPEST_SIDEWAYS, default_budget,
};

fn main() {
    let starts: u64 = std::env::args()
        .nth(1)
        .map_or(10_000, |s| s.parse().unwrap());
    let all = [
        ("hill-climbing", STEEPEST),
        ("hill-climbing-sideways", STEEPEST_SIDEWAYS),
        ("random-restart", RESTARTS),
        ("random-restart-sideways", RESTARTS_SIDEWAYS),
        ("first-choice", FIRST),
    ];
    let sizes: Vec<usize> = std::env::args().nth(2).map_or(vec![100, 1000], |s| {
        s.split(',').map(|n| n.parse().unwrap()).collect()
    });
    let chosen = std::env::args().nth(3);
    let all: Vec<_> = all
        .into_iter()
        .filter(|(id, _)| {
            chosen
                .as_ref()
                .is_none_or(|c| c.split(',').any(|x| x == *id))
        })
        .collect();
    let mut climber = Climber::new();
    for &(id, settings) in &all {
        let (mut solved, mut ok_steps, mut fail_steps, mut restarts) = (0u64, 0u64, 0u64, 0u64);
        let start = Instant::now();
        for seed in 1..=starts {
            let run = climber.run(8, seed, &settings, default_budget(8), &mut NoSteps);
            if run.solved {
                solved += 1;
                ok_steps += run.moves;
            } else {
                fail_steps += run.moves;
            }
            restarts += run.restarts;
        }
        let per = start.elapsed().as_nanos() as f64 / starts as f64;
        let mean = |s: u64, k: u64| {
            if k == 0 {
                f64::NAN
            } else {
                s as f64 / k as f64
            }
        };
        println!(
            "{id:24} n = 8: solved {:5.1} %, steps {:6.2} solved / {:6.2} stuck, restarts {:5.2}, {per:6.0} ns per start",
            100.0 * solved as f64 / starts as f64,
            mean(ok_steps, solved),
            mean(fail_steps, starts - solved),
            mean(restarts, starts),
        );
    }
    for n in sizes {
        for &(id, settings) in &all {
            for seed in 1..=3 {
                let start = Instant::now();
                let run = climber.run(n, seed, &settings, default_budget(n), &mut NoSteps);
                println!(
                    "{id:24} n = {n}: seed {seed}: {:8.3} s, solved {}, {} moves, {} restarts, h {}",
                    start.elapsed().as_secs_f64(),
                    run.solved,
                    run.moves,
                    run.restarts,
                    run.h
                );
            }
        }
    }
}
