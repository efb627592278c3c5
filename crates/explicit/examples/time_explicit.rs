//! Times `explicit` at one n (release builds only):
//!
//! ```text
//! cargo run --release -p queens-explicit --example time_explicit -- N [RUNS]
//! ```
//!
//! Each run (default 3) builds the board uninstrumented (`NoSteps`) and
//! prints the wall time of `find`, the peak resident memory (`VmHWM`, read
//! before the check, which needs 5 bytes per queen of its own) and the
//! validity of the board (`is_solution`, outside the timing); then the median
//! and minimum time. Only the first run's peak is the board alone: later runs
//! reuse nothing, but the check has raised the peak by then.

use std::time::Instant;

use queens_core::{LocalSearch, NoSteps, Options, is_solution};
use queens_explicit::Explicit;

/// Peak resident memory of this process so far, in MB (`VmHWM`, Linux).
fn peak_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: time_explicit N [RUNS]";
    let n: usize = args.first().and_then(|a| a.parse().ok()).expect(usage);
    let runs: usize = args.get(1).map_or(3, |a| a.parse().expect(usage));
    let mut secs = Vec::new();
    for run in 1..=runs {
        let start = Instant::now();
        let found = Explicit
            .find(n, &Options::default(), &mut NoSteps)
            .expect("within the limit");
        let elapsed = start.elapsed().as_secs_f64();
        let peak = peak_mb();
        let ok = found.solution.as_deref().map(is_solution);
        println!("n={n} run={run} secs={elapsed:.3} peak_MB={peak:.0} solution={ok:?}");
        assert!(ok != Some(false), "not a solution");
        secs.push(elapsed);
    }
    secs.sort_by(f64::total_cmp);
    println!(
        "n={n} runs={runs}: median {:.3} s, min {:.3} s",
        secs[secs.len() / 2],
        secs[0]
    );
}
