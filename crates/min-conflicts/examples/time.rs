//! Times one approach of this crate at one n over several seeds, the way the
//! figures in the crate docs and the report were taken:
//!
//! ```text
//! cargo run --release -p queens-min-conflicts --example time -- N [SEEDS] [most]
//! ```
//!
//! `SEEDS` (default 5) runs seeds 1..=SEEDS of `min-conflicts-random`, or of
//! `min-conflicts-most-conflicted` with `most`. Each seed is run twice: once
//! uninstrumented (`NoSteps`), which is the time printed, and once with a
//! `StepCounter` for the moves (the same seed makes the same run); `cpu_s` is
//! the CPU time of the timed run, in 10 ms ticks. Every board
//! is checked with `is_solution`, outside the timing. The last line gives the
//! medians. For peak memory, run it under `/usr/bin/time -v` with `SEEDS` 1.

use std::time::Instant;

use queens_core::{Found, LocalSearch, NoSteps, Options, Probe, Refusal, StepCounter, is_solution};
use queens_min_conflicts::{MinConflictsMostConflicted, MinConflictsRandom};

fn run<P: Probe>(most: bool, n: usize, opts: &Options, probe: &mut P) -> Result<Found, Refusal> {
    if most {
        MinConflictsMostConflicted.find(n, opts, probe)
    } else {
        MinConflictsRandom.find(n, opts, probe)
    }
}

/// CPU time of this process so far, in seconds, from `/proc/self/stat`
/// (Linux; 10 ms ticks): the machine is shared, so wall time alone overstates.
fn cpu_secs() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    // After the command name come fields 3 (state), 4, ...: utime is field
    // 14, stime field 15.
    let f: Vec<&str> = after.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|x| x.parse::<u64>().ok());
    tick(11)
        .zip(tick(12))
        .map_or(f64::NAN, |(u, s)| (u + s) as f64 / 100.0)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: time N [SEEDS] [most]";
    let n: usize = args.first().and_then(|a| a.parse().ok()).expect(usage);
    let seeds: u64 = args.get(1).map_or(5, |a| a.parse().expect(usage));
    let most = args.iter().any(|a| a == "most");
    let (mut secs, mut moves) = (Vec::new(), Vec::new());
    for seed in 1..=seeds {
        let opts = Options {
            seed,
            max_steps: None,
            ..Options::default()
        };
        let (start, cpu) = (Instant::now(), cpu_secs());
        let found = run(most, n, &opts, &mut NoSteps).expect("solved");
        let elapsed = start.elapsed().as_secs_f64();
        let cpu = cpu_secs() - cpu;
        let ok = found.solution.as_deref().is_none_or(is_solution);
        drop(found);
        let mut probe = StepCounter::default();
        let counted = run(most, n, &opts, &mut probe).expect("solved");
        let get = |k| counted.extra.iter().find(|e| e.0 == k).map_or(0, |e| e.1);
        println!(
            "n={n} seed={seed} ok={ok} secs={elapsed:.4} cpu_s={cpu:.2} moves={} iterations={} \
             restarts={} init_ms={:.1} init_attacks={} full_scans={}",
            probe.count,
            get("iterations"),
            get("restarts"),
            get("init_nanos") as f64 / 1e6,
            get("init_attacks"),
            get("full_scans"),
        );
        assert!(ok, "not a solution");
        secs.push(elapsed);
        moves.push(probe.count as f64);
    }
    println!(
        "median over {seeds} seeds: secs={:.4} moves={}",
        median(secs),
        median(moves)
    );
}
