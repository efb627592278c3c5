//! The lab from the command line (crates/csp, after seed
//! `002_9375fd6b83606ac6.txt`):
//! - `cargo run --release -p queens-csp --example lab -- table N`: steps,
//!   pruned values and checks of every one of the 36 configs (chronological) at n = N, for
//!   counting all and for the first solution;
//! - `cargo run --release -p queens-csp --example lab -- count N`: the time
//!   of an uncounted count of every config at n = N;
//! - `cargo run --release -p queens-csp --example lab -- first ORDER VALUES
//!   PROPAGATE FROM TO [SEED]`: the time and steps to the first board for
//!   each n in FROM..=TO (uncounted run timed, counted run for the steps).

use std::io::Write;
use std::time::Instant;

use queens_core::{Counter, Enumerate, FirstSolution, NoSteps, StepCounter, is_solution};
use queens_csp::{Config, Csp, Order, Propagate, Values};

/// Parses a knob by its name.
fn knob<T: Copy>(all: &[T], name: impl Fn(T) -> &'static str, arg: &str) -> T {
    *all.iter()
        .find(|&&k| name(k) == arg)
        .unwrap_or_else(|| panic!("unknown knob {arg}"))
}

/// Steps, pruned and checks of a counted walk into `sink`.
fn stats<S: queens_core::Sink>(config: Config, n: usize, sink: &mut S) -> (u64, u64, u64) {
    let mut probe = StepCounter::default();
    let (_, s) = Csp::new(config)
        .run(n, &mut probe, sink)
        .expect("n in range");
    (probe.count, s.pruned, s.checks)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("table") => {
            let n = args[1].parse().expect("N");
            println!(
                "| config | count: steps | pruned | checks | first: steps | pruned | checks |"
            );
            println!("|---|---:|---:|---:|---:|---:|---:|");
            for config in Config::all() {
                let all = stats(config, n, &mut Counter(0));
                let one = stats(config, n, &mut FirstSolution(None));
                println!(
                    "| {} | {} | {} | {} | {} | {} | {} |",
                    config.label(),
                    all.0,
                    all.1,
                    all.2,
                    one.0,
                    one.1,
                    one.2
                );
            }
        }
        Some("count") => {
            let n = args[1].parse().expect("N");
            for config in Config::all() {
                let start = Instant::now();
                let mut counter = Counter(0);
                let _ = Csp::new(config).search(n, &mut NoSteps, &mut counter);
                let secs = start.elapsed().as_secs_f64();
                println!("{}: {} solutions, {secs:.3} s", config.label(), counter.0);
            }
        }
        Some("first") => {
            let order = knob(&Order::ALL, Order::name, &args[1]);
            let values = knob(&Values::ALL, Values::name, &args[2]);
            let propagate = knob(&Propagate::ALL, Propagate::name, &args[3]);
            let (from, to): (usize, usize) = (args[4].parse().unwrap(), args[5].parse().unwrap());
            let seed = args.get(6).map_or(1, |s| s.parse().unwrap());
            let csp = Csp::new(Config::new(order, values, propagate).with_seed(seed));
            for n in from..=to {
                let start = Instant::now();
                let board = csp.first(n, &mut NoSteps);
                let secs = start.elapsed().as_secs_f64();
                let ok = board.as_deref().is_some_and(is_solution);
                // The time first, so a run cut short still reports it.
                print!("n = {n}: {secs:.4} s, valid {ok}");
                let _ = std::io::stdout().flush();
                let mut probe = StepCounter::default();
                let _ = csp.first(n, &mut probe);
                println!(", {} steps", probe.count);
            }
        }
        _ => eprintln!(
            "usage: lab table N | lab count N | lab first ORDER VALUES PROPAGATE FROM TO [SEED]"
        ),
    }
}
