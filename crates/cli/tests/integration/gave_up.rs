//! A local search that ends without a solution ends as its method does: at
//! a local minimum, on a plateau, stalled, cooled or with its budget spent.
//! The run says which in one line on stdout (no `error:`), with the h it
//! was left at, its steps and restarts; `--json`'s `error` names the ending
//! and `extra` carries `h` (and `restarts`); exit status 1; and `--trace`
//! keeps the trace, whose `end` line says the same and whose events replay
//! to a board with that h.

use crate::harness;

use std::fs;
use std::process::{Command, Output};

use queens_complete_state::attacking_pairs;
use serde_json::Value;

fn queens(args: &[&str]) -> Output {
    harness::output(Command::new(env!("CARGO_BIN_EXE_queens")).args(args))
}

/// A run that gives up: its arguments (n last), its ending's name in
/// `--json`'s `error` and the trace's `end`, and the words of its line.
struct Case {
    args: &'static [&'static str],
    ending: &'static str,
    words: &'static str,
    restarts: bool,
}

/// Seeds found by running: each gives up this way (the runs are
/// deterministic, so they always do).
const CASES: &[Case] = &[
    Case {
        args: &["--algo", "hill-climbing", "--seed", "1", "8"],
        ending: "plateau",
        words: "hill-climbing stopped on a plateau, h = ",
        restarts: false,
    },
    Case {
        args: &["--algo", "hill-climbing", "--seed", "35", "7"],
        ending: "local minimum",
        words: "hill-climbing stopped at a local minimum, h = ",
        restarts: false,
    },
    Case {
        args: &["--algo", "first-choice", "--seed", "22", "8"],
        ending: "local minimum",
        words: "first-choice stopped at a local minimum, h = ",
        restarts: false,
    },
    Case {
        args: &["--algo", "first-choice", "6"],
        ending: "plateau",
        words: "first-choice stopped on a plateau, h = ",
        restarts: false,
    },
    Case {
        args: &["--algo", "stochastic-hill-climbing", "8"],
        ending: "plateau",
        words: "stochastic-hill-climbing stopped on a plateau, h = ",
        restarts: false,
    },
    Case {
        args: &["--algo", "hill-climbing-sideways", "--seed", "18", "8"],
        ending: "local minimum",
        words: "hill-climbing-sideways stopped at a local minimum, h = ",
        restarts: false,
    },
    Case {
        args: &["--algo", "random-restart", "--max-steps", "10", "20"],
        ending: "budget spent",
        words: "random-restart spent its step budget, h = ",
        restarts: true,
    },
    Case {
        args: &[
            "--algo",
            "random-restart-sideways",
            "--max-steps",
            "5",
            "30",
        ],
        ending: "budget spent",
        words: "random-restart-sideways spent its step budget, h = ",
        restarts: true,
    },
    Case {
        args: &[
            "--algo",
            "annealing",
            "--schedule",
            "exp:20:0.005:100",
            "--seed",
            "3",
            "8",
        ],
        ending: "cooled",
        words: "annealing cooled to T = 0 (the schedule's last iteration), h = ",
        restarts: false,
    },
    Case {
        args: &["--algo", "annealing", "--max-steps", "10", "8"],
        ending: "budget spent",
        words: "annealing spent its step budget, h = ",
        restarts: false,
    },
    Case {
        args: &["--algo", "beam", "--beam-width", "1", "--seed", "22", "8"],
        ending: "stalled",
        words: "beam stalled (no lower h in its last generations), h = ",
        restarts: false,
    },
    Case {
        args: &["--algo", "beam", "--max-steps", "1", "--seed", "2", "16"],
        ending: "budget spent",
        words: "beam spent its step budget, h = ",
        restarts: false,
    },
    Case {
        args: &["--algo", "genetic", "--max-steps", "3", "8"],
        ending: "budget spent",
        words: "genetic spent its step budget, h = ",
        restarts: false,
    },
    Case {
        args: &["--algo", "min-conflicts-random", "--max-steps", "1", "100"],
        ending: "budget spent",
        words: "min-conflicts-random spent its step budget, h = ",
        restarts: true,
    },
    Case {
        args: &[
            "--algo",
            "min-conflicts-most-conflicted",
            "--max-steps",
            "1",
            "100",
        ],
        ending: "budget spent",
        words: "min-conflicts-most-conflicted spent its step budget, h = ",
        restarts: true,
    },
    Case {
        args: &["--algo", "swap-search", "--max-steps", "1", "100"],
        ending: "budget spent",
        words: "swap-search spent its step budget, h = ",
        restarts: true,
    },
    Case {
        args: &["--algo", "tabu-search", "--max-steps", "3", "100"],
        ending: "budget spent",
        words: "tabu-search spent its step budget, h = ",
        restarts: false,
    },
    Case {
        args: &["--algo", "constraint-weighting", "--max-steps", "3", "100"],
        ending: "budget spent",
        words: "constraint-weighting spent its step budget, h = ",
        restarts: false,
    },
];

/// The board a trace ends with: the last `board` event (beam, genetic),
/// else its last `init` with the moves and swaps after it.
fn replay(events: &[Value]) -> Vec<u32> {
    let one_based = |v: &Value| -> Vec<u32> {
        let list = v.as_array().unwrap().iter();
        list.map(|x| x.as_u64().unwrap() as u32 - 1).collect()
    };
    let index = |v: &Value| v.as_u64().unwrap() as usize - 1;
    if let Some(last) = events.iter().rev().find(|e| e["event"] == "board") {
        return one_based(&last["board"]);
    }
    let start = events.iter().rposition(|e| e["event"] == "init").unwrap();
    let mut board = one_based(&events[start]["board"]);
    for e in &events[start + 1..] {
        match e["event"].as_str().unwrap() {
            "move" => {
                assert_eq!(board[index(&e["col"])] as usize, index(&e["from"]), "{e}");
                board[index(&e["col"])] = index(&e["to"]) as u32;
            }
            "swap" => board.swap(index(&e["rows"][0]), index(&e["rows"][1])),
            "end" => {}
            other => panic!("{other} after the last init"),
        }
    }
    board
}

#[test]
fn a_search_that_gives_up_says_how_in_its_line_and_json_and_keeps_its_trace() {
    let dir = tempfile::tempdir().unwrap();
    for case in CASES {
        let id = case.args[1];
        let n = case.args.last().unwrap();
        let trace = dir.path().join(format!("{id}.jsonl"));
        let trace = trace.to_str().unwrap();
        let output = dir.path().join("board.txt");
        fs::write(&output, "kept\n").unwrap();
        let output = output.to_str().unwrap();

        // The human line: an outcome on stdout, not an error.
        let mut args = vec!["--trace", trace, "--output", output];
        args.extend(case.args);
        let out = queens(&args);
        let (stdout, stderr) = (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        );
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stdout}{stderr}");
        assert!(stderr.is_empty(), "{args:?}: stderr {stderr:?}");
        assert!(!stdout.contains("error"), "{args:?}: {stdout}");
        let line = stdout
            .strip_prefix(&format!("{n}-Queens: "))
            .unwrap_or_else(|| panic!("{args:?}: {stdout}"));
        assert!(line.starts_with(case.words), "{args:?}: {line}");
        let h: u64 = line[case.words.len()..]
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(line.contains("; no solution from seed "), "{line}");
        assert!(line.contains("(try another --seed, or "), "{line}");
        assert_eq!(line.contains(" restart"), case.restarts, "{line}");
        assert_eq!(fs::read_to_string(output).unwrap(), "kept\n", "{args:?}");

        // The trace is kept; its end says how it ended; it replays to h.
        let text = fs::read_to_string(trace).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let events: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let end = events.last().unwrap();
        assert_eq!(end["event"], "end", "{args:?}");
        assert_eq!(end["solutions"], 0, "{args:?}");
        assert_eq!(end["ending"], case.ending, "{args:?}");
        assert_eq!(end["h"], h, "{args:?}");
        assert_eq!(attacking_pairs(&replay(&events[1..])), h, "{args:?}");
        fs::remove_file(trace).unwrap();

        // --json: the line, error naming the ending, extra.h; the trace too.
        let mut args = vec!["--json", "--trace", trace];
        args.extend(case.args);
        let out = queens(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?}");
        let record: Value = serde_json::from_slice(&out.stdout).unwrap();
        let error = record["error"].as_str().unwrap();
        let steps = record["steps"].as_u64().unwrap();
        assert!(
            error.starts_with(&format!("{}: h = {h} after {steps} step", case.ending)),
            "{args:?}: {error}"
        );
        assert_eq!(record["extra"]["h"], h, "{args:?}");
        assert_eq!(record["extra"]["restarts"].is_u64(), case.restarts);
        assert_eq!(record["solutions"], 0);
        assert_eq!(end["steps"], steps, "{args:?}: the trace is of this run");
        let again = fs::read_to_string(trace).unwrap();
        assert_eq!(again, text, "{args:?}: the same run, the same trace");
        fs::remove_file(trace).unwrap();
    }
}

/// Each method's step names what it does: plain steepest ascent makes no
/// sideways moves and no restarts.
#[test]
fn the_step_unit_fits_each_climber() {
    let words = |args: &[&str]| {
        let out = queens(args);
        String::from_utf8(out.stdout).unwrap()
    };
    let line = words(&["--algo", "hill-climbing", "8"]);
    assert!(line.contains("after 2 queen moves; "), "{line}");
    let line = words(&["--algo", "hill-climbing-sideways", "8"]);
    assert!(
        line.ends_with("after 16 queen moves (sideways ones included)\n"),
        "{line}"
    );
    let line = words(&["--algo", "random-restart", "8"]);
    assert!(
        line.contains(" queen moves (over all restarts)\n"),
        "{line}"
    );
    let line = words(&["--algo", "random-restart-sideways", "8"]);
    assert!(
        line.contains(" queen moves (sideways ones included, over all restarts)\n"),
        "{line}"
    );
}
