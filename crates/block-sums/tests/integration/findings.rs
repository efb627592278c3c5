//! Issue 17, finding 6 (and the `block-sums` half of finding 9), as a
//! table like `crates/cli/tests/integration/findings.rs`: a search that runs out of
//! time exits with 1, as `queens` does when it gives up; the limits are
//! stated; odd inputs get plain words.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_block-sums"))
        .args(args)
        .output()
        .expect("block-sums runs")
}

/// (args, exit status, text that stdout or stderr's first line must hold,
/// text neither may hold).
type Case = (&'static [&'static str], i32, &'static str, &'static str);

const CASES: &[Case] = &[
    // Finding 6: --first/--count exited 0 when the time budget ran out.
    (
        &["--time-budget", "0.001", "--first", "--size", "8"],
        1,
        "error: the time budget of 0.001 s ran out after",
        "",
    ),
    (
        &["--time-budget", "0.001", "--count", "--size", "8", "--json"],
        1,
        "\"finished\":false",
        "",
    ),
    (&["--count"], 0, "159 matrices", ""),
    // Finding 6: --time-budget 1e10 did not state the real limit.
    (
        &["--first", "--time-budget", "1e10"],
        2,
        "--time-budget must be from 0.001 to 1000000000 seconds, not 1e10",
        "",
    ),
    // Finding 6: --time-budget 1e-300 printed a line of zeros.
    (
        &["--first", "--time-budget", "1e-300"],
        2,
        "must be from 0.001",
        "000000000000",
    ),
    // Finding 6: --size 0 talked about n = 2.
    (
        &["--size", "0", "--first"],
        2,
        "size 0 is too small: it must be 4, 6 or 8",
        "n = 2",
    ),
    // Finding 9: "none rules", "1 steps".
    (
        &["--count", "--symmetry", "none"],
        0,
        "no symmetry rules: 20352 matrices",
        "none rules",
    ),
    (
        &["--count", "--symmetry", "corner-zero"],
        0,
        "the corner-zero rule: 1272 matrices",
        "",
    ),
    // Finding 9: clap's suggestions are on.
    (&["--frist"], 2, "did you mean '--first'?", ""),
    (&["--symmetry", "nne"], 2, "did you mean 'none'?", ""),
];

#[test]
fn finding_6_and_the_block_sums_wording_are_passing_cases() {
    for &(args, code, needle, absent) in CASES {
        let out = run(args);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
        let first = stderr.lines().next().unwrap_or_default();
        assert!(
            stdout.contains(needle) || first.contains(needle),
            "{args:?}: {needle:?} in neither {stdout:?} nor {first:?}"
        );
        if !absent.is_empty() {
            assert!(
                !stdout.contains(absent) && !stderr.contains(absent),
                "{args:?}"
            );
        }
        if code == 2 {
            assert!(stdout.is_empty(), "{args:?}");
        }
        assert!(!stderr.contains("panicked"), "{args:?}");
    }
}

#[test]
fn help_states_the_exit_status_and_the_readme_the_options() {
    let help = String::from_utf8(run(&["--help"]).stdout).unwrap();
    for code in [
        "  0  done",
        "  1  --first or --count ran out",
        "  2  bad input",
    ] {
        assert!(help.contains(code), "--help lacks {code:?}");
    }
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let start = readme
        .find("## A second backtracking problem: `block-sums`")
        .unwrap();
    let section = &readme[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |e| e + 3)];
    for line in help.lines().filter(|l| l.trim_start().starts_with("--")) {
        let option = line
            .split_whitespace()
            .next()
            .unwrap()
            .trim_end_matches(':');
        if option != "--help" && option != "--version" {
            assert!(
                section.contains(option),
                "README's block-sums section lacks {option}"
            );
        }
    }
    for needle in ["block-sums completions", "block-sums man", "status 1"] {
        assert!(section.contains(needle), "README lacks {needle}");
    }
}
