//! Times one count of `bitmask-symmetric`, the way the figures beside `ref.c`
//! were taken:
//!
//! ```text
//! cargo run --release -p queens-bitmask-symmetric --example time_symmetric -- N [THREADS] [steps]
//! ```
//!
//! Counts n on `THREADS` threads (default 1) uninstrumented (`NoSteps`) and
//! prints the tally (all and fundamental solutions), the wall time and the CPU time of the process (Linux
//! `/proc/self/stat`, 10 ms ticks). With `steps`, a second, instrumented run
//! prints the steps. Run it under `/usr/bin/time -f %U` to compare with
//! `ref N`.

use std::time::Instant;

use queens_bitmask_symmetric::BitmaskSymmetric;
use queens_core::{Enumerate, NoSteps, Options, StepCounter, known};

/// CPU time of this process so far (all threads), in seconds.
fn cpu_secs() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let f: Vec<&str> = after.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|x| x.parse::<u64>().ok());
    tick(11)
        .zip(tick(12))
        .map_or(f64::NAN, |(u, s)| (u + s) as f64 / 100.0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: time_symmetric N [THREADS] [steps]";
    let n: usize = args.first().and_then(|a| a.parse().ok()).expect(usage);
    let threads: usize = args.get(1).map_or(1, |a| a.parse().expect(usage));
    let opts = Options {
        threads,
        ..Options::default()
    };
    let (start, cpu) = (Instant::now(), cpu_secs());
    let tally = BitmaskSymmetric.count(n, &opts, &mut NoSteps);
    let (wall, cpu) = (start.elapsed().as_secs_f64(), cpu_secs() - cpu);
    let ok = Some(tally.solutions) == known::total(n);
    let unique = tally.unique.unwrap_or(0);
    let ok = ok && tally.unique == known::fundamental(n);
    println!(
        "n={n} threads={threads} solutions={} unique={unique} ok={ok} wall_s={wall:.4} cpu_s={cpu:.2}",
        tally.solutions
    );
    if args.iter().any(|a| a == "steps") {
        let mut probe = StepCounter::default();
        BitmaskSymmetric.count(n, &opts, &mut probe);
        println!("n={n} steps={}", probe.count);
    }
    assert!(ok, "wrong count");
}
