//! Times `swap-search` at one n over several seeds, for the figures in the
//! crate docs (release builds only):
//!
//! ```text
//! cargo run --release -p queens-swap-search --example time_swap_search -- N [SEEDS] [FIRST_SEED]
//! ```
//!
//! Runs seeds FIRST_SEED.. (default 1, 5 seeds) uninstrumented (`NoSteps`)
//! and prints, per seed, the wall time of `find`, the initialisation's share,
//! the validity of the board (`is_solution`, outside the timing) and the
//! peak resident memory (`VmHWM`) read before the check, which needs 5 bytes
//! per queen of its own; then the median and minimum time. The steps are
//! not counted here (an instrumented run would double the time at large n);
//! `init_draws` etc. come from `Found::extra`.

use std::time::Instant;

use queens_core::{LocalSearch, NoSteps, Options, is_solution};
use queens_swap_search::SwapSearch;

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
    let usage = "usage: time_swap_search N [SEEDS] [FIRST_SEED]";
    let n: usize = args.first().and_then(|a| a.parse().ok()).expect(usage);
    let seeds: u64 = args.get(1).map_or(5, |a| a.parse().expect(usage));
    let first: u64 = args.get(2).map_or(1, |a| a.parse().expect(usage));
    let mut secs = Vec::new();
    for seed in first..first + seeds {
        let opts = Options {
            seed,
            ..Options::default()
        };
        let start = Instant::now();
        let found = SwapSearch.find(n, &opts, &mut NoSteps).expect("solved");
        let elapsed = start.elapsed().as_secs_f64();
        let peak = peak_mb();
        let ok = found.solution.as_deref().is_none_or(is_solution);
        let get = |k| found.extra.iter().find(|e| e.0 == k).map_or(0, |e| e.1);
        println!(
            "n={n} seed={seed} ok={ok} secs={elapsed:.3} init_s={:.3} peak_MB={peak:.0} \
             restarts={} init_collisions={} init_failed={} draws_per_row={:.3} trials={} rescans={}",
            get("init_nanos") as f64 / 1e9,
            get("restarts"),
            get("init_collisions"),
            get("init_failed"),
            get("init_draws") as f64 / n as f64,
            get("trials"),
            get("rescans"),
        );
        assert!(ok, "not a solution");
        secs.push(elapsed);
    }
    secs.sort_by(f64::total_cmp);
    println!(
        "n={n} seeds={seeds}: median {:.3} s, min {:.3} s",
        secs[secs.len() / 2],
        secs[0]
    );
}
