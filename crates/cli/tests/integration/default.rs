//! `queens N` without `--algo`: the fastest counter for N, named on the
//! count line when it is not the seed's; `-v`, `--first`, `--depths` and
//! `--trace` keep the seed's order; `--time`; the `Q`/`.` picture; the
//! wording for a size with no solution.

use queens_core::known;
use std::collections::BTreeMap;

use crate::queens_cmd::{queens, stdout};

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout(args)).unwrap()
}

/// The rule stated in `args.rs` (`FAST_FROM`), as a user reads it in the
/// help: below 12 queens the seed's bitmask, from 12 half-join.
const FAST_FROM: usize = 12;

#[test]
fn a_plain_count_takes_the_fast_counter_from_twelve_queens_and_says_so() {
    for n in [10, 11] {
        let want = format!("{n}-Queens has {} solutions\n", known::total(n).unwrap());
        assert_eq!(stdout(&[&n.to_string()]), want, "the seed's line below 12");
        assert_eq!(json(&["--json", &n.to_string()])["algo"], "bitmask");
    }
    for n in [12, 14] {
        let k = known::total(n).unwrap();
        assert_eq!(
            stdout(&[&n.to_string()]),
            format!("{n}-Queens has {k} solutions (half-join)\n")
        );
        let v = json(&["--json", "--no-steps", &n.to_string()]);
        assert_eq!(
            (v["algo"].as_str(), v["solutions"].as_u64()),
            (Some("half-join"), Some(k))
        );
    }
}

#[test]
fn listing_first_depths_and_trace_keep_the_seeds_order() {
    // -v at 12 lists bitmask's order: the first board of the seed's search.
    let listing = stdout(&["-v", "12"]);
    assert!(
        listing.starts_with("(1, 3, 5, 8, 10, 12, 6, 11, 2, 7, 9, 4)\n"),
        "{listing}"
    );
    assert!(listing.ends_with("\n12-Queens has 14200 solutions\n"));
    let first = stdout(&["--first", "12"]);
    assert!(first.contains("first solution found after"), "{first}");
    assert!(!first.contains("half-join"), "{first}");
    assert_eq!(json(&["--first", "--json", "12"])["algo"], "bitmask");
    assert_eq!(json(&["--depths", "--json", "12"])["algo"], "bitmask");
    let traced = queens(&["--trace", "/dev/null", "--json", "12"]);
    let v: serde_json::Value = serde_json::from_slice(&traced.stdout).unwrap();
    assert_eq!(v["algo"], "bitmask");
}

#[test]
fn splitting_options_without_algo_go_to_a_counter_that_splits() {
    assert_eq!(
        stdout(&["--threads", "2", "8"]),
        "8-Queens has 92 solutions (half-join)\n"
    );
    let v = json(&["--json", "--shard", "1/2", "8"]);
    assert_eq!(v["algo"], "half-join");
    // --unique keeps its own default, named in the help.
    assert_eq!(
        json(&["--json", "--unique", "12"])["algo"],
        "bitmask-symmetric"
    );
}

#[test]
fn time_adds_the_time_and_the_approach_to_the_last_line() {
    let line = stdout(&["--time", "8"]);
    let rest = line
        .strip_prefix("8-Queens has 92 solutions (")
        .and_then(|r| r.strip_suffix(", bitmask)\n"))
        .unwrap_or_else(|| panic!("{line:?}"));
    let (number, unit) = rest.split_once(' ').unwrap();
    assert!(number.parse::<f64>().unwrap() > 0.0, "{line:?}");
    assert!(["µs", "ms", "s"].contains(&unit), "{line:?}");
    let first = stdout(&["--time", "--first", "4"]);
    assert!(
        first
            .starts_with("(2, 4, 1, 3)\n4-Queens: first solution found after 8 queen placements (")
            && first.ends_with(", bitmask)\n"),
        "{first:?}"
    );
    let listed = stdout(&["--time", "-v", "4"]);
    assert!(listed.starts_with("(2, 4, 1, 3)\n(3, 1, 4, 2)\n4-Queens has 2 solutions ("));
    let out = queens(&["--time", "--json", "8"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: --time does not apply to --json's line"),
        "{err}"
    );
}

#[test]
fn the_picture_draws_each_board_with_q_and_dots() {
    assert_eq!(
        stdout(&["--format", "picture", "-v", "4"]),
        ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n\
         . . Q .\nQ . . .\n. . . Q\n. Q . .\n\n4-Queens has 2 solutions\n"
    );
    // The same boards as the 0/1 rows, a 1 drawn as Q.
    let ones = stdout(&["--format", "board", "-v", "6"]);
    let picture = stdout(&["--format", "picture", "-v", "6"]);
    assert_eq!(ones.replace('1', "Q").replace('0', "."), picture);
}

/// A count of a size with no solution prints Queens.py's line, `K = 0`
/// (issue 36, item 1), whatever counts it; a search for one board that
/// proves there is none says so in words (no seed defines that line).
#[test]
fn a_size_with_no_solution_counts_0_and_a_search_finds_none() {
    for args in [
        &["3"][..],
        &["2"],
        &["-v", "2"],
        &["--unique", "3"],
        &["--algo", "attack-board", "-v", "3"],
        &["--algo", "half-join", "3"],
    ] {
        let n = args.last().unwrap();
        assert_eq!(
            stdout(args),
            format!("{n}-Queens has 0 solutions\n"),
            "{args:?}"
        );
    }
    for args in [&["--first", "3"][..], &["--algo", "explicit", "2"]] {
        let n = args.last().unwrap();
        assert_eq!(
            stdout(args),
            format!("{n}-Queens has no solution\n"),
            "{args:?}"
        );
    }
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let help = stdout(&["--help"]);
    for (what, text) in [("README", &readme), ("--help", &help)] {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains("3-Queens has 0 solutions"), "{what}");
        assert!(text.contains("3-Queens has no solution"), "{what}");
    }
}

/// The rule against the committed measurements: at every size measured,
/// the default counter's median time is within twice the fastest counter's,
/// or under a hundredth of a second, which nobody notices at a prompt. The
/// bound is a person's, not a machine's: the seed's counter takes 2.8 ms at
/// n = 11 on the AMD host and 6.2 ms on the Intel one, 2.4 times slower
/// (the data a fresh clone's `cargo xtask report` measures is checked
/// too). A change of the rule or of the data that breaks this fails here.
#[test]
fn the_default_is_the_fastest_counter_by_the_committed_measurements() {
    /// A hundredth of a second.
    const UNNOTICED_NS: u64 = 10_000_000;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../reports/data/samples.csv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name| header.iter().position(|h| *h == name).unwrap();
    let (family, approach, n, status, nanos) = (
        col("family"),
        col("approach"),
        col("n"),
        col("status"),
        col("nanos"),
    );
    let mut times: BTreeMap<(usize, String), Vec<u64>> = BTreeMap::new();
    for line in lines {
        let f: Vec<&str> = line.split(',').collect();
        if f[family] == "count" && f[status] == "ok" {
            times
                .entry((f[n].parse().unwrap(), f[approach].to_string()))
                .or_default()
                .push(f[nanos].parse().unwrap());
        }
    }
    let median = |v: &mut Vec<u64>| {
        v.sort_unstable();
        v[v.len() / 2]
    };
    let mut medians: BTreeMap<usize, BTreeMap<String, u64>> = BTreeMap::new();
    for ((n, id), mut v) in times {
        medians.entry(n).or_default().insert(id, median(&mut v));
    }
    let mut checked = 0;
    for (n, by) in &medians {
        let chosen = if *n >= FAST_FROM {
            "half-join"
        } else {
            "bitmask"
        };
        let Some(&mine) = by.get(chosen) else {
            continue;
        };
        let best = by.values().min().unwrap();
        assert!(
            mine <= (2 * best).max(UNNOTICED_NS),
            "n = {n}: {chosen} takes {mine} ns, the fastest {best} ns: {by:?}"
        );
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} sizes measured");
    assert!(!stdout(&[&(FAST_FROM - 1).to_string()]).contains("half-join"));
}

/// A refusal: status 2, nothing on stdout, one line on stderr (no usage
/// block), returned.
fn refused(args: &[&str]) -> String {
    let out = queens(args);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} printed on stdout");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line, not {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    err
}

/// Issue 36, item 2: a plain count no counter can finish here (half-join
/// holds up to 23 queens; at its pace 24 would take a week on two cores)
/// is refused before it starts, in one line, with the estimate and what
/// to do instead; `--threads` does not change that, and `--algo` still
/// counts (here refused by the chosen approach's own limit, at once).
#[test]
fn a_count_no_counter_can_finish_is_refused_with_an_estimate() {
    for args in [&["24"][..], &["--threads", "2", "24"], &["--json", "32"]] {
        let err = refused(args);
        let n = args.last().unwrap();
        assert!(
            err.starts_with(&format!("error: counting {n} queens would take ")),
            "{err}"
        );
        for needed in [
            "half-join",
            "core-hours",
            "--shard I/K",
            "--checkpoint",
            "--algo ID",
        ] {
            assert!(err.contains(needed), "{args:?}: {err} lacks {needed}");
        }
    }
    // The estimate: half-join's sampled core-hours, shared among the
    // threads, and what it rests on.
    for (n, threads) in [(24, 2.0), (25, 1.0)] {
        let e = queens_half_join::estimate(n).unwrap();
        let err = refused(&["--threads", &threads.to_string(), &n.to_string()]);
        let days = e.core_hours / 24.0 / threads;
        let days = if days < 10.0 {
            format!("{days:.1}")
        } else {
            format!("{days:.0}")
        };
        assert!(
            err.contains(&format!(" would take about {days} days on ")),
            "{err}"
        );
        let sampled = format!(
            "from {} of its {} tasks",
            e.sample,
            queens_half_join::TASKS[n]
        );
        assert!(err.contains(&sampled), "{err}");
    }
    // Past the samples: Q(27)'s, and at least ×10 per queen.
    let err = refused(&["--json", "32"]);
    assert!(
        err.contains("would take at least ") && err.contains("×10"),
        "{err}"
    );
    // Insisting on half-join: from 24 to 27 it counts only in shards, and
    // says how long the whole count takes (sampled) and how to split it.
    for n in ["24", "27"] {
        let out = queens(&["--algo", "half-join", "--threads", "2", n]);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(
            err.starts_with(&format!("error: half-join counts {n} queens in about ")),
            "{err}"
        );
        for needed in ["core-hours (± ", " tasks", "--shard I/K", "--checkpoint"] {
            assert!(err.contains(needed), "{n}: {err} lacks {needed}");
        }
        let split = queens_half_join::estimate(n.parse().unwrap())
            .unwrap()
            .day_split(2);
        let proposed = format!(
            "K = {} of about a day each on 2 threads (each shard needs about {} of memory)",
            split.shards,
            queens_core::memory::bytes(split.bytes)
        );
        assert!(err.contains(&proposed), "{n}: {err} lacks {proposed}");
    }
    let out = queens(&["--algo", "half-join", "--shard", "1/1", "24"]);
    assert_eq!(out.status.code(), Some(2));
    // Past 27, half-join's own limit, with usage.
    let out = queens(&["--algo", "half-join", "28"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.starts_with("error: half-join handles n up to 27, not 28"),
        "{err}"
    );
}

/// Beyond every counter, the refusal names the approaches that find one
/// board of that size; an approach's own limit names the others that can.
#[test]
fn a_size_beyond_an_approach_names_the_approaches_that_can() {
    // 33: past the counters that split (32), so no cluster either.
    let err = refused(&["--threads", "2", "33"]);
    // Q(27)'s sampled core-hours, ×10 for each of 6 queens more, on 2 threads.
    let q27 = queens_half_join::estimate(27).unwrap().core_hours;
    let years = q27 * 1e6 / 2.0 / (365.25 * 24.0);
    assert!(
        err.starts_with(&format!(
            "error: counting 33 queens would take at least {years:.1e} years on 2 threads"
        )),
        "{err}"
    );
    assert!(
        err.contains(
            "no counter that splits goes that far, so no cluster finishes it either: \
             for one board of 33 queens: "
        ),
        "{err}"
    );
    assert!(err.contains("explicit"), "{err}");
    // Past every counter: the approaches that find one board, no estimate.
    let err = refused(&["100000"]);
    assert!(
        err.starts_with("error: no approach counts 100000 queens (the counters stop at "),
        "{err}"
    );
    assert!(err.contains("for one board of 100000 queens: "), "{err}");
    assert!(err.contains("swap-search"), "{err}");
    assert!(err.trim_end().ends_with("(with --first)"), "{err}");
    let err = refused(&["18446744073709551615"]);
    assert!(
        err.contains("no approach finds a board of 18446744073709551615 queens"),
        "{err}"
    );
    let out = queens(&["--first", "1000"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2));
    let first = err.lines().next().unwrap();
    assert!(
        first.starts_with("error: bitmask handles n up to 32, not 1000"),
        "{first}"
    );
    for id in ["explicit", "swap-search", "min-conflicts-random"] {
        assert!(first.contains(id), "{first} lacks {id}");
    }
}
