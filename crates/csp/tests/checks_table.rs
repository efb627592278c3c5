//! The `checks-table` binary: its help, its bad arguments, its CSV (every
//! board verified by the binary, the sums recomputed here against a
//! budget), and a closed stdout.

use std::io::Read;
use std::process::{Command, Output, Stdio};

fn table(args: &[&str]) -> Output {
    queens_test_support::output(Command::new(env!("CARGO_BIN_EXE_checks-table")).args(args))
}

/// The CSV rows, each a map from column to value.
fn csv(out: &Output) -> Vec<std::collections::BTreeMap<String, String>> {
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            assert_eq!(cells.len(), header.len(), "{line}");
            header
                .iter()
                .map(|h| h.to_string())
                .zip(cells.iter().map(|c| c.to_string()))
                .collect()
        })
        .collect()
}

#[test]
fn help_explains_every_argument_and_column() {
    let out = table(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8(out.stdout).unwrap();
    for word in [
        "--from",
        "--to",
        "--runs",
        "--budget",
        "--only",
        "--summary",
        "setting",
        "order",
        "values",
        "propagate",
        "backtrack",
        "seed",
        "solved",
        "checks",
        "placements",
    ] {
        assert!(help.contains(word), "the help lacks {word}");
    }
}

#[test]
fn bad_arguments_are_one_line_and_status_2() {
    for args in [
        &["--runs", "0"][..],
        &["--only", "BT,XX"],
        &["--from", "9", "--to", "3"],
        &["--to", "300"],
        &["--budget"],
        &["--budget", "-4"],
        &["8"],
    ] {
        let out = table(args);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("checks-table: "), "{args:?}: {err}");
    }
}

#[test]
fn rows_cover_every_setting_size_and_seed_and_add_up_to_the_budget() {
    let out = table(&["--to", "12", "--runs", "2"]);
    assert_eq!(out.status.code(), Some(0));
    let rows = csv(&out);
    // 13 settings, 8 of them without random ties (one run: row order, or
    // MRV with ties to the lowest row), 11 sizes.
    assert_eq!(rows.len(), (8 + 5 * 2) * 11);
    for row in &rows {
        let n: usize = row["n"].parse().unwrap();
        let expected = if n < 4 { "none" } else { "yes" };
        assert_eq!(row["solved"], expected, "{row:?}");
        assert_eq!(row["seed"].is_empty(), !row["order"].contains("random"));
    }
    // A budget smaller than BT's total: the run stops, then skips.
    let total: u64 = rows
        .iter()
        .filter(|r| r["setting"] == "BT")
        .map(|r| r["checks"].parse::<u64>().unwrap())
        .sum();
    let budget = (total / 2).to_string();
    let out = table(&["--only", "BT", "--to", "12", "--budget", &budget]);
    let cut = csv(&out);
    let solved: Vec<_> = cut.iter().map(|r| r["solved"].as_str()).collect();
    let stop = solved
        .iter()
        .position(|&s| s != "yes" && s != "none")
        .unwrap();
    assert!(
        solved[stop + 1..].iter().all(|&s| s == "skipped"),
        "{solved:?}"
    );
    let spent: u64 = cut[..=stop]
        .iter()
        .map(|r| r["checks"].parse::<u64>().unwrap())
        .sum();
    assert!(spent > total / 2, "{spent}");
}

#[test]
fn a_closed_stdout_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_checks-table"))
        .args(["--only", "BT,FC", "--to", "24"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = queens_test_support::wait(&mut child, "checks-table with its stdout closed");
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
}

/// Issue 36, item 4: writing to standard error never panics (status 101):
/// bad input with standard error full or closed is still status 2; a help
/// that standard output cannot take is status 1 with one error line, and
/// 0 when the reader closed the pipe (the exit status table).
#[cfg(target_os = "linux")]
#[test]
fn a_stream_that_cannot_be_written_never_panics() {
    queens_test_support::streams_never_panic(
        env!("CARGO_BIN_EXE_checks-table"),
        &[&["--bogus"][..], &["--runs", "0"]],
    );
}

/// `--version`, and a full disk under standard output is status 1, not 2.
#[cfg(target_os = "linux")]
#[test]
fn it_has_a_version_and_a_full_disk_is_status_1() {
    queens_test_support::version_and_full_disk(
        env!("CARGO_BIN_EXE_checks-table"),
        "checks-table",
        &["--from", "4", "--to", "5", "--runs", "1"],
    );
}

/// `--summary` prints each setting's exact total (a few hundred checks at
/// n = 4..6 are not "0K"), equal to the CSV's sum for a one-run setting, and
/// sets the book's 2-to-50 figures beside a total only over those sizes.
#[test]
fn the_summary_is_exact_and_sets_the_book_only_beside_its_range() {
    let out = table(&["--from", "4", "--to", "6", "--only", "BT,FC", "--summary"]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    assert!(!err.contains("0K"), "{err}");
    assert!(!err.contains("40 000K |"), "{err}");
    assert!(
        err.contains("not set beside a total over n = 4..6"),
        "{err}"
    );
    let rows = csv(&out);
    for name in ["BT", "FC"] {
        let total: u64 = rows
            .iter()
            .filter(|r| r["setting"] == name)
            .map(|r| r["checks"].parse::<u64>().unwrap())
            .sum();
        assert!(total > 0);
        let line = format!("| {name} | 1 | {total} |");
        assert!(err.lines().any(|l| l == line), "{line} not in {err}");
    }
}
