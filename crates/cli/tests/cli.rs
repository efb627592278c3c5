//! The `queens` command end to end: the seed session, output formats, JSON,
//! and every kind of bad input.

use std::process::{Command, Output};

use queens_approaches::REGISTRY;
use queens_core::{Kind, is_solution, known};

fn queens(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .output()
        .expect("queens runs")
}

fn stdout(args: &[&str]) -> String {
    let out = queens(args);
    assert!(
        out.status.success(),
        "queens {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let text = stdout(args);
    assert_eq!(text.lines().count(), 1, "--json prints one line: {text}");
    serde_json::from_str(&text).unwrap()
}

/// The sample session of seed 001 (`001_3e81ec1dea36990d.txt`), byte for byte.
/// (The seed's non-verbose line reads `4-Queens.py has 2 solutions`, a typo
/// of its own verbose form; we print `4-Queens has 2 solutions` in both.)
#[test]
fn seed_001_sample_session() {
    assert_eq!(
        stdout(&["-v", "4"]),
        "(2, 4, 1, 3)\n(3, 1, 4, 2)\n4-Queens has 2 solutions\n"
    );
    assert_eq!(
        stdout(&["-v", "5"]),
        "(1, 3, 5, 2, 4)\n(1, 4, 2, 5, 3)\n(2, 4, 1, 3, 5)\n(2, 5, 3, 1, 4)\n\
         (3, 1, 4, 2, 5)\n(3, 5, 2, 4, 1)\n(4, 1, 3, 5, 2)\n(4, 2, 5, 3, 1)\n\
         (5, 2, 4, 1, 3)\n(5, 3, 1, 4, 2)\n5-Queens has 10 solutions\n"
    );
    assert_eq!(stdout(&["4"]), "4-Queens has 2 solutions\n");
    assert_eq!(
        stdout(&["--algo", "attack-board", "-v", "5"]),
        stdout(&["-v", "5"])
    );
}

#[test]
fn zero_queens_have_one_solution_the_empty_board() {
    assert_eq!(stdout(&["0"]), "0-Queens has 1 solutions\n");
    assert_eq!(stdout(&["-v", "0"]), "()\n0-Queens has 1 solutions\n");
}

#[test]
fn every_exhaustive_approach_counts_small_boards() {
    for a in REGISTRY.all() {
        let info = a.info();
        if info.kind != Kind::Exhaustive {
            continue;
        }
        for n in 0..=info.quick_n.min(8) {
            let want = format!("{n}-Queens has {} solutions\n", known::total(n).unwrap());
            assert_eq!(stdout(&["--algo", info.id, &n.to_string()]), want);
        }
    }
}

#[test]
fn verbose_listing_has_count_lines_and_valid_boards() {
    for a in REGISTRY.all() {
        let info = a.info();
        if info.kind != Kind::Exhaustive {
            continue;
        }
        let text = stdout(&["--algo", info.id, "--format", "pairs", "-v", "6"]);
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines.len(), 5, "{}: {text}", info.id);
        assert_eq!(lines[4], "6-Queens has 4 solutions");
        assert!(lines[..4].iter().all(|l| l.starts_with("[1-")));
    }
}

#[test]
fn board_format_prints_planes_separated_by_blank_lines() {
    let text = stdout(&["--format", "board", "-v", "4"]);
    assert_eq!(
        text,
        "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n\n\
         0 0 1 0\n1 0 0 0\n0 0 0 1\n0 1 0 0\n\n4-Queens has 2 solutions\n"
    );
}

#[test]
fn first_gives_a_valid_board_up_to_30() {
    for n in [1, 4, 5, 8, 12, 20, 25, 30] {
        let v = json(&["--first", "--json", &n.to_string()]);
        assert_eq!(v["mode"], "first");
        assert_eq!(v["solutions"], 1);
        let cols: Vec<u32> = v["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap() as u32 - 1)
            .collect();
        assert_eq!(cols.len(), n);
        assert!(is_solution(&cols), "n = {n}: {cols:?}");
        assert!(v["steps"].as_u64().unwrap() >= n as u64);
    }
    assert_eq!(stdout(&["--first", "3"]), "3-Queens has no solution\n");
    // By hand: (1,1) (2,3) dead end; (2,4) (3,2) dead end; (1,2) (2,4) (3,1) (4,3).
    assert_eq!(
        stdout(&["--first", "4"]),
        "(2, 4, 1, 3)\n4-Queens: first solution found after 8 queen placements\n"
    );
}

/// Issue 3: MRV's `--first` must reach n = 1000. The faithful order cannot
/// (it refuses with the reason and names the tuned variant); `mrv-tuned` can.
#[test]
fn mrv_first_scales_to_1000_through_the_tuned_variant() {
    let v = json(&["--algo", "mrv-tuned", "--first", "--json", "1000"]);
    let cols: Vec<u32> = v["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap() as u32 - 1)
        .collect();
    assert_eq!(cols.len(), 1000);
    assert!(is_solution(&cols));
    assert_eq!(v["seed"], 1);
    let out = queens(&["--algo", "mrv", "--first", "1000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("mrv-tuned"));
}

#[test]
fn json_carries_the_contract_fields() {
    let v = json(&["--json", "8"]);
    assert_eq!(v["algo"], "bitmask");
    assert_eq!(v["n"], 8);
    assert_eq!(v["mode"], "count");
    assert_eq!(v["solutions"], 92);
    assert_eq!(v["steps"], 2056);
    assert!(v["nanos"].as_u64().unwrap() > 0);
    assert!(v["solution"].is_null());
    assert!(v["seed"].is_null());
    let v = json(&["--json", "--no-steps", "--algo", "attack-board", "10"]);
    assert_eq!(v["algo"], "attack-board");
    assert_eq!(v["solutions"], 724);
    assert!(v["steps"].is_null());
}

/// Bad input: one `error:` line, then the usage, on stderr; nothing on stdout; status 2.
fn assert_usage_error(args: &[&str], needle: &str) {
    let out = queens(args);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} printed on stdout");
    let first = err.lines().next().unwrap_or_default();
    assert!(first.starts_with("error: "), "{args:?}: {err}");
    assert!(
        first.contains(needle),
        "{args:?}: {first:?} lacks {needle:?}"
    );
    assert!(err.contains("Usage: queens"), "{args:?}: no usage in {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn bad_input_is_refused_with_usage() {
    assert_usage_error(&[], "<N>");
    assert_usage_error(&["blah"], "whole number");
    assert_usage_error(&["4.5"], "whole number");
    assert_usage_error(&["-3"], "negative");
    assert_usage_error(&["99999999999999999999999"], "too large");
    assert_usage_error(&["4", "5"], "unexpected argument '5'");
    assert_usage_error(&["--bogus", "4"], "--bogus");
    assert_usage_error(&["-x", "4"], "-x");
    assert_usage_error(&["--algo", "nope", "4"], "nope");
    assert_usage_error(&["--algo"], "--algo");
    assert_usage_error(&["--format", "nope", "4"], "nope");
    assert_usage_error(&["-v", "--json", "4"], "--json");
    assert_usage_error(&["-v", "--first", "4"], "--first");
    assert_usage_error(&["--no-steps", "4"], "--json");
    assert_usage_error(&["--seed", "x", "4"], "x");
}

#[test]
fn sizes_beyond_an_approach_limit_are_refused_with_the_limit() {
    for a in REGISTRY.all() {
        let info = a.info();
        let n = (info.max_n + 1).to_string();
        assert_usage_error(&["--algo", info.id, &n], &format!("up to {}", info.max_n));
    }
    assert_usage_error(&["18446744073709551615"], "up to 32");
}

#[test]
fn help_lists_every_approach() {
    let help = stdout(&["--help"]);
    for id in REGISTRY.ids() {
        assert!(help.contains(id), "--help lacks {id}");
    }
}
