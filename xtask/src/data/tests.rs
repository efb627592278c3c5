//! A small dataset with every family, and the round-trip and error tests of `data`.
use super::*;

/// A small dataset with every family, for the tests of this crate.
pub(crate) fn sample_dataset() -> Dataset {
    let approach = |index: usize, id: &str, find_one: bool| ApproachMeta {
        index,
        id: id.into(),
        title: format!("Title of {id}"),
        source: "seed 000".into(),
        structure: "bits".into(),
        step_unit: "queen placements".into(),
        max_n: 32,
        limit_reason: "64-bit masks".into(),
        find_one,
        splits: false,
        colour: crate::style::colour(index).to_string(),
        marker: crate::style::marker(index).name().to_string(),
    };
    let mut samples = Vec::new();
    let mut push =
        |family, id: &str, n: usize, sample: u32, seed, solutions, steps, nanos, extra: &str| {
            samples.push(Sample {
                family,
                approach: id.into(),
                n,
                sample,
                seed,
                status: Status::Ok,
                solutions: Some(solutions),
                steps: Some(steps),
                nanos: Some(nanos),
                peak_bytes: Some(2_000_000 + n as u64 * 1000),
                extra: extra.into(),
            });
        };
    for (n, count, base) in [
        (4usize, 2u64, 1_000u64),
        (5, 10, 4_000),
        (6, 4, 16_000),
        (7, 40, 64_000),
        (8, 92, 256_000),
    ] {
        for s in 0..3 {
            push(
                Family::Count,
                "fast",
                n,
                s,
                None,
                count,
                base / 10,
                base + s as u64 * 7,
                "",
            );
            push(
                Family::Count,
                "slow",
                n,
                s,
                None,
                count,
                base / 5,
                base * 3 + s as u64,
                "",
            );
        }
    }
    for n in [8usize, 9, 10, 50, 100] {
        push(
            Family::First,
            "fast",
            n,
            0,
            None,
            1,
            n as u64 * 3,
            n as u64 * 100 + (n as u64 % 3) * 5000,
            "",
        );
        for seed in 1..=3u64 {
            push(
                Family::Local,
                "local",
                n,
                seed as u32 - 1,
                Some(seed),
                1,
                n as u64 + seed,
                n as u64 * 50 + seed,
                &format!("restarts={};iterations={}", seed % 2, n as u64 + seed),
            );
        }
    }
    Dataset {
        meta: Meta::example(),
        approaches: vec![
            approach(0, "fast", false),
            approach(1, "slow", false),
            approach(2, "local", true),
        ],
        samples,
        stops: vec![Stop {
            family: Family::Count,
            approach: "slow".into(),
            last_n: Some(8),
            reason: "time budget: n = 9 predicted to take 2.0 s per run (budget 500 ms)".into(),
        }],
        boards: vec![Board {
            approach: "fast".into(),
            seed: None,
            cols: vec![1, 5, 8, 6, 3, 7, 2, 4],
        }],
        block_sums: [
            ("seed-order", 1000, true, 159),
            ("row-major", 3000, true, 159),
            ("slow-order", 100_000, false, 0),
        ]
        .into_iter()
        .flat_map(|(strategy, steps, finished, solutions)| {
            (0..2).map(move |sample| block_sums::Row {
                strategy: strategy.into(),
                sample,
                steps,
                nanos: steps * 3 + u64::from(sample),
                finished,
                solutions,
                budget: 100_000,
            })
        })
        .collect(),
        depths: (0..=8)
            .map(|depth| Depth {
                approach: "fast".into(),
                n: 8,
                depth,
                nodes: [1, 8, 42, 140, 344, 568, 550, 312, 92][depth],
                dead_ends: Some([0, 0, 0, 0, 18, 150, 256, 220, 0][depth]),
            })
            .collect(),
        csp_grid: [("default", "count", 8, 2056), ("mrv", "first", 16, 44)]
            .into_iter()
            .map(|(setting, mode, n, steps)| csp_grid::Row {
                setting: setting.into(),
                mode: mode.into(),
                n,
                sample: 0,
                status: Status::Ok,
                steps: Some(steps),
                nanos: Some(steps * 40),
                pruned: Some(0),
                checks: Some(steps * 7),
            })
            .collect(),
        csp_book: (2..5)
            .map(|n| csp_book::Row {
                setting: "FC+MRV".into(),
                order: "mrv-random".into(),
                values: "left".into(),
                propagate: "forward".into(),
                backtrack: "chronological".into(),
                n,
                seed: Some(1),
                solved: if n < 4 {
                    csp_book::Solved::None
                } else {
                    csp_book::Solved::Yes
                },
                checks: Some(10 * n as u64),
                placements: Some(n as u64),
            })
            .collect(),
        local_study: (0..3)
            .map(|seed| local_study::Row {
                setting: "nq-mc".into(),
                n: 8,
                seed,
                solved: seed != 1,
                moves: 5 + seed,
                iterations: 40 + seed,
                restarts: 0,
                full_checks: 0,
                moves_unattacked: 0,
                init_attacks: 3,
                nanos: 2000 + seed,
                nanos_init: 700,
                nanos_picking: (seed == 0).then_some(300),
                nanos_checks: (seed == 0).then_some(0),
            })
            .collect(),
        textbook: vec![textbook::summarise(
            "hill-climbing",
            "",
            8,
            3,
            &(1..=2)
                .map(|seed| textbook::Start {
                    approach: "hill-climbing".into(),
                    n: 8,
                    seed,
                    solved: seed == 1,
                    steps: 3 + seed,
                    restarts: None,
                    nanos: 900 + seed,
                })
                .collect::<Vec<_>>(),
        )],
        long_runs: vec![long_runs::Row {
            run: "half-join-18".into(),
            approach: "half-join".into(),
            n: 18,
            threads: Some(1),
            mode: "count".into(),
            seconds: 4.1,
            peak_bytes: Some(127_000_000),
            solutions: Some(666_090_624),
            steps: None,
            command: "queens --algo half-join --json --threads 1 18".into(),
            date: "2026-01-02T03:04:05Z".into(),
            machine: "Example CPU, 2 cores".into(),
            revision: "0123456789ab".into(),
            written_seconds: Some(5.5),
            verified_seconds: Some(0.7),
            shard_seconds: Some("2.000 2.100".into()),
        }],
        aima_python: Vec::new(),
        traces: Vec::new(),
    }
}

#[test]
fn round_trip_keeps_every_field() {
    let dir = tempfile::tempdir().unwrap();
    let data = sample_dataset();
    data.save(dir.path()).unwrap();
    assert_eq!(Dataset::load(dir.path()).unwrap(), data);
    assert_eq!(
        data.samples
            .iter()
            .find(|s| s.family == Family::Local)
            .unwrap()
            .extra("restarts"),
        Some(1)
    );
}

#[test]
fn malformed_csv_names_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    sample_dataset().save(dir.path()).unwrap();
    let path = dir.path().join(SAMPLES);
    let text = fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();

    // A non-number in the nanos column of line 4.
    let mut bad = lines.clone();
    bad[3] = bad[3].replacen(",1007,", ",10x7,", 1);
    assert_ne!(bad[3], lines[3], "the test row must change");
    fs::write(&path, bad.join("\n") + "\n").unwrap();
    let e = Dataset::load(dir.path()).unwrap_err().0;
    assert!(e.contains("samples.csv:4: column `nanos`"), "{e}");

    // A truncated last row (the file was cut mid-line).
    let last = lines.len() - 1;
    let half = lines[last].len() / 2;
    lines[last].truncate(half);
    fs::write(&path, lines.join("\n")).unwrap();
    let e = Dataset::load(dir.path()).unwrap_err().0;
    assert!(
        e.contains(&format!("samples.csv:{}:", last + 1)) && e.contains("truncated"),
        "{e}"
    );
}

#[test]
fn unknown_approach_and_empty_data_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let mut data = sample_dataset();
    data.samples[2].approach = "ghost".into();
    data.save(dir.path()).unwrap();
    let e = Dataset::load(dir.path()).unwrap_err().0;
    assert!(e.contains("samples.csv:4: approach 'ghost'"), "{e}");
    data.samples.clear();
    data.save(dir.path()).unwrap();
    let e = Dataset::load(dir.path()).unwrap_err().0;
    assert!(e.contains("no samples"), "{e}");
    fs::remove_file(dir.path().join(META)).unwrap();
    let e = Dataset::load(dir.path()).unwrap_err().0;
    assert!(e.contains("meta.json"), "{e}");
}
