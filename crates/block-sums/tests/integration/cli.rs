//! The `block-sums` command, run as a subprocess.

use std::process::{Command, Output};

use serde_json::Value;

/// The seed's appendix, compressed: the first two and the last two of the 159.
const APPENDIX: [&str; 4] = [
    "0 3 4 7 12 15 8 11 1 2 5 6 13 14 9 10",
    "0 3 4 7 12 15 8 11 1 2 5 6 14 13 10 9",
    "0 11 6 13 14 5 8 3 1 10 7 12 15 4 9 2",
    "0 11 8 13 14 5 6 3 1 10 9 12 15 4 7 2",
];

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_block-sums"))
        .args(args)
        .output()
        .expect("block-sums runs")
}

/// Runs successfully and returns stdout.
fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty(), "{args:?}: stderr not empty");
    String::from_utf8(out.stdout).unwrap()
}

fn json(line: &str) -> Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

#[test]
fn compressed_prints_159_lines_framed_by_the_appendix() {
    let out = ok(&["--compressed"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 159);
    assert_eq!(&lines[..2], &APPENDIX[..2]);
    assert_eq!(&lines[157..], &APPENDIX[2..]);
    for line in &lines {
        let numbers: Vec<u32> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        assert_eq!(numbers.len(), 16, "{line}");
    }
}

#[test]
fn pretty_is_four_rows_per_matrix_with_blank_lines_between() {
    let out = ok(&[]);
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 159);
    assert_eq!(
        blocks[0],
        "0    3    4    7\n12   15   8    11\n1    2    5    6\n13   14   9    10"
    );
    assert_eq!(
        blocks[158],
        "0    11   8    13\n14   5    6    3\n1    10   9    12\n15   4    7    2\n"
    );
    assert!(blocks.iter().all(|b| b.trim_end().lines().count() == 4));
}

#[test]
fn json_gives_the_three_counts() {
    let out = ok(&["--json"]);
    assert_eq!(out.lines().count(), 1);
    let v = json(out.trim_end());
    assert_eq!(v["all"], 20352);
    assert_eq!(v["corner_zero"], 1272);
    assert_eq!(v["canonical"], 159);
    // The counts and steps are an independent backtracker's
    // (src/oracle.rs, `the_docs_figures_are_the_oracles`); here they pin
    // what the command prints.
    assert_eq!(v["steps"], 269_232);
    assert!(v["nanos"].as_u64().unwrap() > 0);
}

#[test]
fn other_symmetry_rules_list_the_other_counts() {
    assert_eq!(
        ok(&["--compressed", "--symmetry", "corner-zero"])
            .lines()
            .count(),
        1272
    );
    assert_eq!(
        ok(&["--compressed", "--symmetry", "none"]).lines().count(),
        20352
    );
    assert_eq!(
        ok(&["--compressed", "--symmetry", "full"]).lines().count(),
        159
    );
}

#[test]
fn compare_orders_prints_one_json_line_per_strategy() {
    let out = ok(&["--compare-orders", "--budget", "10000000", "--json"]);
    let rows: Vec<Value> = out.lines().map(json).collect();
    let names: Vec<&str> = rows
        .iter()
        .map(|r| r["strategy"].as_str().unwrap())
        .collect();
    for name in [
        "seed-order",
        "row-major",
        "deferred-distinct",
        "deferred-sums",
    ] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }
    for r in &rows {
        for key in ["steps", "nanos", "solutions", "budget"] {
            assert!(r[key].is_u64(), "{r}: {key}");
        }
        assert!(r["finished"].is_boolean());
        assert_eq!(r["budget"], 10_000_000);
        assert!(r["steps"].as_u64().unwrap() <= 10_000_000);
    }
    let row = |name: &str| rows.iter().find(|r| r["strategy"] == name).unwrap();
    assert_eq!(row("seed-order")["solutions"], 159);
    assert_eq!(row("seed-order")["finished"], true);
    // Both checked against an independent backtracker in src/oracle.rs.
    assert_eq!(row("seed-order")["steps"], 269_232);
    assert_eq!(row("row-major")["steps"], 726_144);
    assert_eq!(row("deferred-distinct")["finished"], true);
    assert_eq!(row("deferred-sums")["finished"], false);
    assert_eq!(row("deferred-sums")["steps"], 10_000_000);
}

#[test]
fn compare_orders_table() {
    let out = ok(&["--compare-orders", "--budget", "2000000"]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("strategy"));
    assert!(lines[1].starts_with("seed-order") && lines[1].contains("269232"));
    assert!(lines.last().unwrap().contains("step budget 2000000"));
}

#[test]
fn six_by_six_first() {
    let out = ok(&["--size", "6", "--first", "--compressed"]);
    assert_eq!(
        out,
        "0 5 6 11 12 17 30 35 24 29 18 23 1 4 7 10 13 16 \
         31 34 25 28 19 22 2 3 8 9 14 15 32 33 26 27 20 21\n"
    );
    let pretty = ok(&["--size", "6", "--first"]);
    assert!(pretty.starts_with("0    5    6    11   12   17\n30   35"));
    assert!(pretty.contains("after 129924702 steps"));
    let v = json(ok(&["--size", "6", "--first", "--json"]).trim_end());
    assert_eq!(v["found"], true);
    assert_eq!(v["block_sum"], 70);
    assert_eq!(v["matrix"][0], json("[0,5,6,11,12,17]"));
    assert_eq!(v["steps"], 129_924_702);
}

/// Runs out of time: status 1, how far it got on stdout, one `error:` line
/// on stderr that states the limit.
fn out_of_time(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("error: the time budget of "), "{err}");
    assert!(err.contains("at most 1000000000 seconds"), "{err}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn six_by_six_count_reports_how_far_it_got() {
    let v =
        json(out_of_time(&["--size", "6", "--count", "--time-budget", "0.3", "--json"]).trim_end());
    assert_eq!(v["size"], 6);
    assert_eq!(v["symmetry"], "seed");
    assert_eq!(v["finished"], false);
    assert_eq!(v["time_budget_secs"], 0.3);
    assert!(v["steps"].as_u64().unwrap() > 0);
    assert!(v["solutions"].is_u64());
    let reached = v["reached"].as_array().unwrap();
    assert!(!reached.is_empty() && reached[0] == 0);
    let human = out_of_time(&["--size", "6", "--count", "--time-budget", "0.2"]);
    assert!(
        human.contains("not finished: the time budget ran out"),
        "{human}"
    );
}

#[test]
fn four_by_four_count_finishes() {
    let v = json(ok(&["--count", "--json"]).trim_end());
    assert_eq!(v["solutions"], 159);
    assert_eq!(v["finished"], true);
    assert_eq!(v["reached"], json("[]"));
    let human = ok(&["--count", "--symmetry", "none"]);
    assert!(
        human.starts_with("4×4, block sum 30, no symmetry rules: 20352 matrices"),
        "{human}"
    );
}

#[test]
fn help_documents_the_json() {
    let out = ok(&["--help"]);
    assert!(out.contains("--compare-orders"));
    assert!(out.contains("\"corner_zero\""));
    assert!(out.contains("\"strategy\":\"seed-order\""));
}

/// Bad input: status 2, nothing on stdout, `error: …` on one line and nothing else.
fn refused(args: &[&str], needle: &str) {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}: stdout not empty");
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines[0].starts_with("error: "), "{args:?}: {err}");
    assert!(
        lines[0].contains(needle),
        "{args:?}: {:?} lacks {needle:?}",
        lines[0]
    );
    assert_eq!(lines.len(), 1, "{args:?}: the error is not one line: {err}");
    assert!(!err.contains("panicked"));
}

#[test]
fn bad_input_is_refused_with_status_2() {
    refused(&["--bogus"], "unexpected argument '--bogus'");
    refused(&["extra"], "'extra'");
    refused(&["--size", "x"], "whole number");
    refused(&["--size", "-4"], "--size cannot be negative");
    refused(&["--size", "5"], "odd");
    refused(&["--size", "3", "--first"], "odd");
    refused(&["--size", "2", "--first"], "too small");
    refused(&["--size", "0", "--first"], "too small");
    refused(&["--size", "10", "--count"], "too large");
    refused(&["--size", "99999999999999999999999"], "at most 8");
    refused(&["--size", "6"], "--size 4 only");
    refused(&["--size", "6", "--json"], "--size 4 only");
    refused(&["--size", "6", "--compare-orders"], "--size 4 only");
    refused(&["--json", "--compressed"], "cannot be used with");
    refused(&["--first", "--count"], "cannot be used with");
    refused(&["--first", "--compare-orders"], "cannot be used with");
    refused(&["--count", "--compressed"], "cannot be used with");
    refused(&["--compare-orders", "--compressed"], "cannot be used with");
    refused(
        &["--compare-orders", "--symmetry", "full"],
        "cannot be used with",
    );
    refused(&["--json", "--symmetry", "none"], "drop --symmetry");
    refused(&["--symmetry", "bogus"], "invalid value 'bogus'");
    refused(&["--budget", "5"], "--budget applies to");
    refused(&["--count", "--budget", "5"], "--budget applies to");
    refused(&["--compare-orders", "--budget", "0"], "at least 1");
    refused(&["--compare-orders", "--budget", "abc"], "whole number");
    refused(
        &["--compare-orders", "--budget", "-5"],
        "cannot be negative",
    );
    refused(&["--time-budget", "1"], "--time-budget applies to");
    let limits = "from 0.001 to 1000000000 seconds";
    refused(&["--count", "--time-budget", "0"], limits);
    refused(&["--count", "--time-budget", "-1"], limits);
    refused(&["--count", "--time-budget", "1e10"], limits);
    refused(&["--count", "--time-budget", "1e-300"], limits);
    refused(&["--count", "--time-budget", "abc"], "number of seconds");
    refused(&["--count", "--time-budget", "inf"], "number of seconds");
    refused(&["--count", "--time-budget", "NaN"], "number of seconds");
    refused(
        &["--compare-orders", "--time-budget", "1"],
        "--time-budget applies to",
    );
}

/// Issue 36, item 4: writing to standard error never panics (status 101):
/// bad input with standard error full or closed is still status 2; a help
/// that standard output cannot take is status 1 with one error line, and
/// 0 when the reader closed the pipe (the exit status table).
#[cfg(target_os = "linux")]
#[test]
fn a_stream_that_cannot_be_written_never_panics() {
    queens_test_support::streams_never_panic(
        env!("CARGO_BIN_EXE_block-sums"),
        &[&["--bogus"][..], &["--size", "5"]],
    );
}

/// The man page's SYNOPSIS names each option's value, as `--help` does, and
/// the page is ASCII (groff warns about any other byte).
#[test]
fn the_man_page_names_option_values_in_ascii() {
    let out = run(&["man"]);
    assert_eq!(out.status.code(), Some(0));
    let page = String::from_utf8(out.stdout).unwrap();
    let synopsis = page.split(".SH SYNOPSIS\n").nth(1).unwrap();
    let synopsis = synopsis.split(".SH").next().unwrap();
    for needle in [
        r"[\fB\-\-size\fR \fIN\fR]",
        r"[\fB\-\-symmetry\fR \fISYMMETRY\fR]",
        r"\fBblock\-sums man\fR",
    ] {
        assert!(synopsis.contains(needle), "{needle}: {synopsis}");
    }
    assert!(page.is_ascii());
    assert!(page.contains("n\\[u00D7]n"), "{page}");
}

/// `--version`, and a full disk under standard output is status 1 with one
/// line, as for every queens-lab command.
#[cfg(target_os = "linux")]
#[test]
fn it_has_a_version_and_a_full_disk_is_status_1() {
    queens_test_support::version_and_full_disk(env!("CARGO_BIN_EXE_block-sums"), "block-sums", &[]);
}

/// Its help names no issue of the project's tracker by number.
#[test]
fn its_help_names_no_issue() {
    queens_test_support::help_names_no_issue(env!("CARGO_BIN_EXE_block-sums"));
}
