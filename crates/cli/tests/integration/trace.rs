//! `queens --trace`: the trace of every approach against its `--json`
//! record, the box trace of seed 001 event by event, the refusals, and a
//! file that is replaced only by a successful run.

use crate::harness;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

use queens_approaches::REGISTRY;
use queens_core::{Approach, Kind, Options, Steps, is_solution};

fn queens(args: &[&str]) -> Output {
    harness::output(Command::new(env!("CARGO_BIN_EXE_queens")).args(args))
}

fn succeeds(args: &[&str]) -> Output {
    let out = queens(args);
    assert!(
        out.status.success(),
        "queens {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The lines of a trace, parsed.
fn events(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn count(events: &[Value], name: &str) -> usize {
    events.iter().filter(|e| e["event"] == name).count()
}

/// Bad input: one `error:` line containing `needle` on stderr and nothing
/// else; nothing on stdout; status 2.
fn assert_refused(args: &[&str], needle: &str) {
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
    assert_eq!(err.lines().count(), 1, "{args:?}: not one line: {err}");
}

/// The 4-queens search of seed 001, box by box, as its box trace draws it
/// (written by hand from the seed's rules, not generated): row 1 left to
/// right; under (1, 1) row 2 has (2, 3), whose row 3 is all attacked (a
/// dead end, X under the box), and (2, 4), whose only child (3, 2) leaves
/// row 4 no safe square; (1, 2) leads straight down (2, 4), (3, 1), (4, 3)
/// to the first solution, (1, 3) mirrors it to the second; (1, 4) mirrors
/// (1, 1): (2, 1) and its child (3, 3) without a child, then (2, 2) without
/// one.
const ATTACK_BOARD_4: &str = r#"{"event":"start","algo":"attack-board","n":4,"mode":"count","step":"place","node":"a queen placed on a safe square of row d: a partial board of rows 1 to d, no two queens attacking"}
{"event":"place","row":1,"col":1}
{"event":"place","row":2,"col":3}
{"event":"dead-end","depth":2}
{"event":"remove","row":2,"col":3}
{"event":"place","row":2,"col":4}
{"event":"place","row":3,"col":2}
{"event":"dead-end","depth":3}
{"event":"remove","row":3,"col":2}
{"event":"remove","row":2,"col":4}
{"event":"remove","row":1,"col":1}
{"event":"place","row":1,"col":2}
{"event":"place","row":2,"col":4}
{"event":"place","row":3,"col":1}
{"event":"place","row":4,"col":3}
{"event":"solution","index":1}
{"event":"remove","row":4,"col":3}
{"event":"remove","row":3,"col":1}
{"event":"remove","row":2,"col":4}
{"event":"remove","row":1,"col":2}
{"event":"place","row":1,"col":3}
{"event":"place","row":2,"col":1}
{"event":"place","row":3,"col":4}
{"event":"place","row":4,"col":2}
{"event":"solution","index":2}
{"event":"remove","row":4,"col":2}
{"event":"remove","row":3,"col":4}
{"event":"remove","row":2,"col":1}
{"event":"remove","row":1,"col":3}
{"event":"place","row":1,"col":4}
{"event":"place","row":2,"col":1}
{"event":"place","row":3,"col":3}
{"event":"dead-end","depth":3}
{"event":"remove","row":3,"col":3}
{"event":"remove","row":2,"col":1}
{"event":"place","row":2,"col":2}
{"event":"dead-end","depth":2}
{"event":"remove","row":2,"col":2}
{"event":"remove","row":1,"col":4}
{"event":"end","solutions":2,"steps":16}
"#;

#[test]
fn attack_board_traces_the_box_trace_of_seed_001() {
    let out = succeeds(&["--trace", "-", "--algo", "attack-board", "4"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines = events(&text);
    assert_eq!(count(&lines, "place"), 16);
    assert_eq!(count(&lines, "remove"), 16);
    assert_eq!(count(&lines, "solution"), 2);
    assert_eq!(text, ATTACK_BOARD_4);
    // The trace has standard output to itself; the count line goes to stderr.
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "4-Queens has 2 solutions\n"
    );
}

/// `queens --json --trace FILE ARGS`: the record and the trace's lines.
fn json_and_trace(dir: &Path, args: &[&str]) -> (Value, Vec<Value>) {
    let file = dir.join("t.jsonl");
    let path = file.to_str().unwrap();
    let mut all = vec!["--json", "--trace", path];
    all.extend_from_slice(args);
    let out = succeeds(&all);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "{args:?}: {text}");
    let record: Value = serde_json::from_str(&text).unwrap();
    (record, events(&fs::read_to_string(&file).unwrap()))
}

/// The trace's steps are the record's: its `end` line, and the number of
/// step events.
fn check_against_record(what: &str, record: &Value, trace: &[Value]) {
    let start = &trace[0];
    let end = trace.last().unwrap();
    assert_eq!(start["event"], "start", "{what}");
    assert_eq!(start["algo"], record["algo"], "{what}");
    assert_eq!(start["n"], record["n"], "{what}");
    assert_eq!(start["mode"], record["mode"], "{what}");
    assert_eq!(end["event"], "end", "{what}");
    assert_eq!(end["solutions"], record["solutions"], "{what}");
    assert_eq!(end["steps"], record["steps"], "{what}");
    let steps = match start["step"].as_str() {
        Some(step) => count(trace, step),
        None => 0,
    };
    assert_eq!(Some(steps as u64), record["steps"].as_u64(), "{what}");
}

/// A local search's final board, replayed from its last `init`: the
/// 0-based board in the search's own convention.
fn replay(trace: &[Value]) -> Vec<u32> {
    let last = trace.iter().rposition(|e| e["event"] == "init").unwrap();
    let one = |v: &Value| v.as_u64().unwrap() as usize - 1;
    let mut board: Vec<u32> = trace[last]["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| one(v) as u32)
        .collect();
    for e in &trace[last + 1..] {
        match e["event"].as_str().unwrap() {
            "move" => {
                assert_eq!(board[one(&e["col"])] as usize, one(&e["from"]), "{e}");
                board[one(&e["col"])] = one(&e["to"]) as u32;
            }
            "swap" => board.swap(one(&e["rows"][0]), one(&e["rows"][1])),
            "end" => {}
            other => panic!("{other} after the last init"),
        }
    }
    board
}

/// `--seed S` for the first seed from 1 on which the approach finds a board
/// of n queens (a hill climber gives up on most seeds), or nothing for an
/// approach that draws no random numbers.
fn solving_seed(approach: &dyn Approach, n: usize) -> Vec<String> {
    if !approach.uses_seed(&Options::default()) {
        return Vec::new();
    }
    let seed = (1..=1000)
        .find(|&seed| {
            let opts = Options {
                seed,
                ..Options::default()
            };
            approach.first(n, &opts, Steps::Skip).is_ok()
        })
        .expect("a seed that solves");
    vec!["--seed".into(), seed.to_string()]
}

#[test]
fn every_approach_traces_the_steps_its_json_record_counts() {
    let dir = tempfile::tempdir().unwrap();
    for approach in REGISTRY.all() {
        let info = approach.info();
        if approach.trace_info().is_none() {
            continue;
        }
        let mut modes = vec![vec!["--first"]];
        if info.kind == Kind::Exhaustive {
            modes.push(vec![]);
        }
        let seed = solving_seed(*approach, 6);
        for mode in modes {
            let mut args = vec!["--algo", info.id];
            args.extend(mode.iter().copied());
            args.extend(seed.iter().map(String::as_str));
            args.push("6");
            let (record, trace) = json_and_trace(dir.path(), &args);
            check_against_record(&format!("{args:?}"), &record, &trace);
        }
    }
}

#[test]
fn local_searches_replay_to_the_board_their_json_reports() {
    let dir = tempfile::tempdir().unwrap();
    for id in [
        "min-conflicts-random",
        "min-conflicts-most-conflicted",
        "swap-search",
        "hill-climbing",
        "hill-climbing-sideways",
        "random-restart",
        "random-restart-sideways",
        "first-choice",
    ] {
        let approach = REGISTRY.get(id).unwrap();
        for n in [8, 13, 21, 32] {
            for first in [1, 10_001, 20_001] {
                // The first seed from `first` on that solves (a hill climber
                // gives up on most).
                let seed = (first..first + 10_000)
                    .find(|&seed| {
                        let opts = Options {
                            seed,
                            ..Options::default()
                        };
                        approach.first(n, &opts, Steps::Skip).is_ok()
                    })
                    .unwrap_or_else(|| panic!("{id}: no seed solves n = {n}"))
                    .to_string();
                let n = n.to_string();
                let args = ["--algo", id, "--seed", &seed, &n];
                let (record, trace) = json_and_trace(dir.path(), &args);
                let what = format!("{args:?}");
                check_against_record(&what, &record, &trace);
                let solution: Vec<u32> = record["solution"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_u64().unwrap() as u32 - 1)
                    .collect();
                let board = replay(&trace);
                assert_eq!(board, solution, "{what}");
                assert!(is_solution(&board), "{what}");
            }
        }
    }
}

#[test]
fn listing_and_tracing_share_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.jsonl");
    let path = file.to_str().unwrap();
    let plain = succeeds(&["-v", "6"]);
    let traced = succeeds(&["-v", "--trace", path, "6"]);
    assert_eq!(traced.stdout, plain.stdout, "the listing is unchanged");
    let trace = events(&fs::read_to_string(&file).unwrap());
    assert_eq!(count(&trace, "solution"), 4);
    assert_eq!(trace[0]["mode"], "count");
    // --first prints its board and step count as usual.
    let first = succeeds(&["--first", "--trace", path, "8"]);
    let text = String::from_utf8(first.stdout).unwrap();
    assert!(text.starts_with("(1, 5, 8, 6, 3, 7, 2, 4)\n"), "{text}");
    let trace = events(&fs::read_to_string(&file).unwrap());
    assert!(
        text.contains(&format!(
            "after {} queen placements",
            count(&trace, "place")
        )),
        "{text}"
    );
}

#[test]
fn traces_too_long_or_on_more_than_one_thread_are_refused() {
    assert_refused(&["--trace", "-", "13"], "10000000 events");
    assert_refused(
        &["--trace", "-", "--algo", "permutations-streaming", "11"],
        "up to n = 10",
    );
    assert_refused(
        &["--trace", "-", "--first", "30"],
        "first-solution runs up to n = 29",
    );
    assert_refused(
        &["--trace", "-", "--algo", "swap-search", "10000000"],
        "10000000 events",
    );
    assert_refused(
        &[
            "--trace",
            "-",
            "--algo",
            "bitmask-mirror",
            "--threads",
            "2",
            "8",
        ],
        "one thread",
    );
    assert_refused(
        &[
            "--trace",
            "-",
            "--algo",
            "bitmask-mirror",
            "--shard",
            "1/2",
            "8",
        ],
        "--shard",
    );
    assert_refused(&["-v", "--trace", "-", "6"], "give --trace a file name");
    assert_refused(&["--json", "--trace", "-", "6"], "give --trace a file name");
    assert_refused(
        &["--first", "--output", "-", "--trace", "-", "6"],
        "give --trace a file name",
    );
    assert_refused(&["--depths", "--trace", "-", "6"], "--depths");
    assert_refused(
        &["--trace", "/no/such/dir/t.jsonl", "6"],
        "/no/such/dir/t.jsonl",
    );
    // One thread is one thread.
    let out = succeeds(&[
        "--trace",
        "-",
        "--algo",
        "bitmask-mirror",
        "--threads",
        "1",
        "6",
    ]);
    assert_eq!(
        count(&events(&String::from_utf8(out.stdout).unwrap()), "solution"),
        2
    );
}

#[test]
fn the_trace_file_is_replaced_only_by_a_run_that_succeeds_or_gives_up() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.jsonl");
    let path = file.to_str().unwrap();
    fs::write(&file, "old\n").unwrap();
    // Refused before the search.
    assert_refused(&["--trace", path, "13"], "10000000 events");
    assert_eq!(fs::read_to_string(&file).unwrap(), "old\n");
    // Gives up during the search: the trace is the run whole, and kept.
    let out = queens(&[
        "--trace",
        path,
        "--algo",
        "mrv-tuned",
        "--max-steps",
        "3",
        "500",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let trace = events(&fs::read_to_string(&file).unwrap());
    assert_eq!(count(&trace, "place"), 3);
    assert_eq!(trace.last().unwrap()["ending"], "budget spent");
    // Succeeds.
    succeeds(&["--trace", path, "5"]);
    let trace = events(&fs::read_to_string(&file).unwrap());
    assert_eq!(trace.last().unwrap()["solutions"], 10);
    // No temporary file is left beside it.
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["t.jsonl"]);
}

#[test]
fn help_documents_the_format_and_each_approachs_step_event() {
    let help = String::from_utf8(succeeds(&["--help"]).stdout).unwrap();
    for needle in [
        r#"{"event":"dead-end","depth":d}"#,
        r#"{"event":"end","solutions":S,"steps":K}"#,
        "10 000 000 events",
    ] {
        assert!(help.contains(needle), "--help lacks {needle}");
    }
    for approach in REGISTRY.all() {
        let info = approach.info();
        let line = help
            .lines()
            .skip_while(|l| !l.trim_start().starts_with(&format!("{} ", info.id)))
            .nth(1)
            .unwrap_or_else(|| panic!("no help lines for {}", info.id));
        let trace = approach
            .trace_info()
            .unwrap_or_else(|| panic!("{} writes no trace", info.id));
        let want = match trace.step {
            Some(event) => format!("a step is a \"{event}\" event"),
            None => "no step event".to_string(),
        };
        assert!(line.contains(&want), "{}: {line}", info.id);
    }
}
