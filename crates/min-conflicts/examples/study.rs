//! The local-search study of issue 16, in-process: every setting of
//! `queens_min_conflicts::STUDY` over 1 000 seeds at n = 8, 20 and 50 and
//! 200 seeds at n = 1 000, a summary line per setting and n, and the wall
//! time of the whole study.
//!
//! `cargo run --release -p queens-min-conflicts --example study [SEEDS] [breakdown]`
//!
//! With `breakdown`, each run is made a second time, instrumented, to time
//! picking and checking (`Clock::Breakdown`): twice the time.

use std::time::Instant;

use queens_min_conflicts::{Clock, STUDY, StudyRecord, study_run};

/// The median of some values (0 for none).
fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Wilson's 95 % interval for k successes in m trials, in percent.
fn wilson(k: usize, m: usize) -> (f64, f64) {
    let (k, m, z) = (k as f64, m as f64, 1.96f64);
    let p = k / m;
    let centre = (p + z * z / (2.0 * m)) / (1.0 + z * z / m);
    let half = z * (p * (1.0 - p) / m + z * z / (4.0 * m * m)).sqrt() / (1.0 + z * z / m);
    (
        100.0 * (centre - half).max(0.0),
        100.0 * (centre + half).min(1.0),
    )
}

fn main() {
    let mut args = std::env::args().skip(1);
    let seeds: u64 = args
        .next()
        .map_or(1000, |s| s.parse().expect("SEEDS: a whole number"));
    let clock = match args.next().as_deref() {
        Some("breakdown") => Clock::Breakdown,
        None => Clock::Total,
        Some(other) => panic!("{other}: expected `breakdown`"),
    };
    let sizes = [(8, seeds), (20, seeds), (50, seeds), (1000, seeds / 5)];
    println!(
        "{:<29} {:>5} {:>6} {:>13} {:>7} {:>7} {:>7} {:>8} {:>8} {:>8} {:>6} {:>8} {:>7} {:>8}",
        "setting",
        "n",
        "solved",
        "95% interval",
        "moves50",
        "moves90",
        "iter/mv",
        "restarts",
        "unattckd",
        "ns/move",
        "init%",
        "pick/mv",
        "checks",
        "ns/check"
    );
    let study = Instant::now();
    for setting in STUDY {
        let start = Instant::now();
        for (n, seeds) in sizes {
            let records: Vec<StudyRecord> = (0..seeds)
                .map(|seed| {
                    study_run(n, seed, &setting.settings, setting.max_steps, clock).unwrap()
                })
                .collect();
            let solved = records.iter().filter(|r| r.solved).count();
            let (lo, hi) = wilson(solved, records.len());
            let mut moves: Vec<u64> = records.iter().map(|r| r.moves).collect();
            moves.sort_unstable();
            let sum = |f: fn(&StudyRecord) -> u64| records.iter().map(f).sum::<u64>() as f64;
            let per_run = |f: &dyn Fn(&StudyRecord) -> Option<f64>| {
                median(records.iter().filter_map(f).collect())
            };
            let moved = |r: &StudyRecord| (r.moves > 0).then_some(r.moves as f64);
            println!(
                "{:<29} {:>5} {:>5.1}% {:>5.1}–{:>5.1}% {:>7} {:>7} {:>7.2} {:>8.2} {:>8.1} {:>8.0} {:>5.1}% {:>8.1} {:>7.2} {:>8.0}",
                setting.name,
                n,
                100.0 * solved as f64 / seeds as f64,
                lo,
                hi,
                moves[moves.len() / 2],
                moves[moves.len() * 9 / 10],
                sum(|r| r.iterations) / sum(|r| r.moves),
                sum(|r| r.restarts) / seeds as f64,
                sum(|r| r.moves_unattacked) / seeds as f64,
                per_run(&|r| Some((r.nanos_total - r.nanos_init) as f64 / moved(r)?)),
                100.0 * per_run(&|r| Some(r.nanos_init as f64 / r.nanos_total as f64)),
                per_run(&|r| Some(r.nanos_picking? as f64 / moved(r)?)),
                sum(|r| r.full_checks) / seeds as f64,
                per_run(&|r| {
                    (r.full_checks > 0).then_some(r.nanos_checks? as f64 / r.full_checks as f64)
                }),
            );
        }
        eprintln!("{}: {:.2} s", setting.name, start.elapsed().as_secs_f64());
    }
    eprintln!("whole study: {:.2} s", study.elapsed().as_secs_f64());
}
