//! One rule for options that do not apply, as a table: every option that
//! applies only somewhere, tried with every registered approach. Where the
//! approach's properties say it applies, the run succeeds; elsewhere it is
//! refused with status 2, nothing on stdout, and one message that names
//! the option, the approach and where the option applies.

use crate::harness;

use std::process::Command;

use queens_approaches::REGISTRY;
use queens_core::{Approach, Kind, Options};

/// An option (with what it needs), and where it applies.
struct Row {
    args: &'static [&'static str],
    /// The option the message must name.
    option: &'static str,
    applies: fn(&dyn Approach) -> bool,
}

fn knob(a: &dyn Approach, name: &str) -> bool {
    a.knobs().contains(&name)
}

const TABLE: &[Row] = &[
    Row {
        args: &["-v"],
        option: "-v",
        applies: |a| a.info().kind == Kind::Exhaustive,
    },
    Row {
        args: &["--unique"],
        option: "--unique",
        applies: |a| a.info().counts_unique,
    },
    Row {
        args: &["--threads", "1"],
        option: "--threads",
        applies: |a| a.info().splits,
    },
    Row {
        args: &["--shard", "2/3"],
        option: "--shard",
        applies: |a| a.info().splits,
    },
    Row {
        args: &["--checkpoint", "ck.json"],
        option: "--checkpoint",
        applies: |a| a.watches_tasks(),
    },
    Row {
        args: &["--seed", "3"],
        option: "--seed",
        applies: |a| a.uses_seed(&Options::default()),
    },
    Row {
        args: &["--max-steps", "1000000"],
        option: "--max-steps",
        applies: |a| a.uses_max_steps(),
    },
    Row {
        args: &["--depths"],
        option: "--depths",
        applies: |a| a.info().kind == Kind::Exhaustive && a.node_unit().is_ok(),
    },
    Row {
        args: &["--output", "board.txt"],
        option: "--output",
        applies: |a| a.info().kind == Kind::FindOne,
    },
    Row {
        args: &["--format", "pairs"],
        option: "--format",
        applies: |a| a.info().kind == Kind::FindOne,
    },
    Row {
        args: &["--format", "pairs", "-v"],
        option: "",
        applies: |a| a.info().kind == Kind::Exhaustive,
    },
    Row {
        args: &["--full-solution"],
        option: "--full-solution",
        applies: |_| false,
    },
    Row {
        args: &["--json", "--full-solution"],
        option: "--full-solution",
        applies: |a| a.info().kind == Kind::FindOne,
    },
    Row {
        args: &["--no-steps"],
        option: "--no-steps",
        applies: |_| false,
    },
    Row {
        args: &["--json", "--no-steps"],
        option: "",
        applies: |_| true,
    },
    Row {
        args: &["--trace", "trace.jsonl"],
        option: "--trace",
        applies: |a| a.trace_info().is_some(),
    },
    Row {
        args: &["--order", "mrv"],
        option: "--order",
        applies: |a| knob(a, "order"),
    },
    Row {
        args: &["--values", "lcv"],
        option: "--values",
        applies: |a| knob(a, "values"),
    },
    Row {
        args: &["--propagate", "forward"],
        option: "--propagate",
        applies: |a| knob(a, "propagate"),
    },
    Row {
        args: &["--backtrack", "conflict-directed"],
        option: "--backtrack",
        applies: |a| knob(a, "backtrack"),
    },
    Row {
        args: &["--order", "mrv-random", "--seed", "5"],
        option: "",
        applies: |a| knob(a, "order"),
    },
    Row {
        args: &["--pick", "mix:0.5"],
        option: "--pick",
        applies: |a| knob(a, "pick"),
    },
    Row {
        args: &["--init", "random"],
        option: "--init",
        applies: |a| knob(a, "init"),
    },
    Row {
        args: &["--restart-after", "n2"],
        option: "--restart-after",
        applies: |a| knob(a, "restart-after"),
    },
    Row {
        args: &["--conflict-cache", "exact"],
        option: "--conflict-cache",
        applies: |a| knob(a, "conflict-cache"),
    },
    Row {
        args: &["--sideways", "100"],
        option: "--sideways",
        applies: |a| knob(a, "sideways"),
    },
    Row {
        args: &["--schedule", "exp:0.5:0.0002:50000"],
        option: "--schedule",
        applies: |a| knob(a, "schedule"),
    },
    Row {
        args: &["--beam-width", "5"],
        option: "--beam-width",
        applies: |a| knob(a, "beam-width"),
    },
    Row {
        args: &["--population", "500"],
        option: "--population",
        applies: |a| knob(a, "population"),
    },
    Row {
        args: &["--mutation-rate", "0.2"],
        option: "--mutation-rate",
        applies: |a| knob(a, "mutation-rate"),
    },
    Row {
        args: &["--tenure", "10"],
        option: "--tenure",
        applies: |a| knob(a, "tenure"),
    },
];

#[test]
fn every_option_is_refused_where_it_does_not_apply_and_only_there() {
    let mut refusals = 0;
    for approach in REGISTRY.all() {
        let id = approach.info().id;
        for row in TABLE {
            let dir = tempfile::tempdir().unwrap();
            let mut args = vec!["--algo", id];
            args.extend(row.args);
            args.push("6");
            let out = harness::output(
                Command::new(env!("CARGO_BIN_EXE_queens"))
                    .args(&args)
                    .current_dir(dir.path()),
            );
            let err = String::from_utf8_lossy(&out.stderr);
            if (row.applies)(*approach) {
                // Accepted: the run succeeds, or a local search that may stop
                // at a local minimum gives up on this seed (status 1).
                let said = format!("{}{err}", String::from_utf8_lossy(&out.stdout));
                let gave_up = out.status.code() == Some(1)
                    && (said.contains("; no solution from seed ")
                        || [
                            "local minimum",
                            "plateau",
                            "stalled",
                            "cooled",
                            "budget spent",
                        ]
                        .iter()
                        .any(|e| said.contains(&format!(r#""error":"{e}"#))));
                assert!(out.status.code() == Some(0) || gave_up, "{args:?}: {err}");
                continue;
            }
            refusals += 1;
            assert_eq!(out.status.code(), Some(2), "{args:?} was not refused");
            assert!(out.stdout.is_empty(), "{args:?}");
            let first = err.lines().next().unwrap_or_default();
            let (option, rest) = first
                .strip_prefix("error: ")
                .and_then(|m| m.split_once(" does not apply to "))
                .unwrap_or_else(|| panic!("{args:?}: {first}"));
            if !row.option.is_empty() {
                assert_eq!(option, row.option, "{args:?}: {first}");
            }
            let (here, applies_to) = rest
                .split_once(": it applies to ")
                .unwrap_or_else(|| panic!("{args:?}: {first}"));
            assert!(here.contains(id), "{args:?}: {first}");
            assert!(!applies_to.is_empty(), "{args:?}: {first}");
            assert!(
                dir.path().read_dir().unwrap().next().is_none(),
                "{args:?} left a file"
            );
        }
    }
    assert!(refusals > 100, "{refusals}");
}

#[test]
fn the_approaches_named_are_those_the_option_applies_to() {
    let run = |args: &[&str]| {
        let out = harness::output(Command::new(env!("CARGO_BIN_EXE_queens")).args(args));
        String::from_utf8(out.stderr).unwrap()
    };
    let listed = |err: &str| -> Vec<String> {
        let list = err.lines().next().unwrap().rsplit(": ").next().unwrap();
        list.split(", ").map(String::from).collect()
    };
    let ids = |has: fn(&dyn Approach) -> bool| -> Vec<String> {
        REGISTRY
            .all()
            .iter()
            .filter(|a| has(**a))
            .map(|a| a.info().id.to_string())
            .collect()
    };
    assert_eq!(
        listed(&run(&["--algo", "bitmask", "--max-steps", "3", "8"])),
        ids(|a| a.uses_max_steps())
    );
    assert_eq!(
        listed(&run(&["--algo", "mrv", "--threads", "2", "8"])),
        ids(|a| a.info().splits)
    );
    let mut seeds = ids(|a| a.uses_seed(&Options::default()));
    seeds.push("csp with --order mrv-random".into());
    assert_eq!(listed(&run(&["--algo", "mrv", "--seed", "2", "8"])), seeds);
}
