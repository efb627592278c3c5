//! The `knobs` field of `--json`: every setting that shaped a run, its
//! default when none was given, spelled so that the same options repeat
//! the run (issue 36, item 8).

use std::collections::BTreeMap;
use std::process::Command;

use queens_approaches::REGISTRY;
use queens_core::{Approach, Kind};
use serde_json::Value;

use crate::harness;

/// The size every run here takes: each approach accepts it and answers it
/// at once.
const N: &str = "8";

/// The default of every knob, as the README and `--help` state it.
fn default_of(id: &str, knob: &str) -> &'static str {
    match (id, knob) {
        ("csp", "order") => "row",
        ("csp", "values") => "left",
        ("csp", "propagate") => "none",
        ("csp", "backtrack") => "chronological",
        ("min-conflicts-random", "pick") => "random-column",
        ("min-conflicts-most-conflicted", "pick") => "mix:0.5",
        (_, "init") => "greedy",
        (_, "restart-after") => "n2",
        (_, "conflict-cache") => "exact",
        (_, "sideways") => "100",
        (_, "schedule") => "exp:0.5:0.0002:50000",
        (_, "beam-width") => "10",
        (_, "population") => "1000",
        (_, "mutation-rate") => "0.1",
        (_, "tenure") => "10",
        _ => panic!("{id}'s knob {knob} has no default here: add it"),
    }
}

/// The default step budget at n = 8 (the crates' `default_budget` and
/// budget constants).
fn default_budget(id: &str) -> Option<&'static str> {
    Some(match id {
        "mrv-tuned" => "132000",
        "min-conflicts-random" | "min-conflicts-most-conflicted" | "swap-search" => "1000800",
        "hill-climbing"
        | "hill-climbing-sideways"
        | "random-restart"
        | "random-restart-sideways"
        | "first-choice"
        | "stochastic-hill-climbing"
        | "tabu-search"
        | "constraint-weighting" => "10000000",
        "beam" => "100000",
        "genetic" => "1000",
        // The schedule's LIMIT ends the run: no budget unless given.
        "annealing" => return None,
        _ => panic!("{id} has a step budget but no default here: add it"),
    })
}

/// A value other than the default, as given, and as the record spells it
/// (the knobs that read numbers normalise them: `.25` is `0.25`).
fn other_value(knob: &str) -> (&'static str, &'static str) {
    match knob {
        "order" => ("mrv-random", "mrv-random"),
        "values" => ("lcv", "lcv"),
        "propagate" => ("forward", "forward"),
        "backtrack" => ("conflict-directed", "conflict-directed"),
        "pick" => ("mix:0.250", "mix:0.25"),
        "init" => ("random", "random"),
        "restart-after" => ("050", "50"),
        "conflict-cache" => ("stale", "stale"),
        "sideways" => ("+5", "5"),
        "schedule" => ("exp:1.0:0.001:2000", "exp:1:0.001:2000"),
        "beam-width" => ("03", "3"),
        "population" => ("20", "20"),
        "mutation-rate" => (".25", "0.25"),
        "tenure" => ("4", "4"),
        _ => panic!("the knob {knob} has no other value here: add it"),
    }
}

/// The record of `queens --json ARGS N` (exit status 0, or 1 for a search
/// that gave up: the line is there either way).
fn record(args: &[String]) -> Value {
    let out = harness::output(
        Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(args)
            .args(["--json", N]),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 1)) && text.lines().count() == 1,
        "queens {args:?} --json {N}: {:?}, {text}{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&text).unwrap()
}

/// The record without what varies between identical runs: the times
/// (`nanos`, `extra`'s `*_nanos`) and the memory.
fn repeatable(mut record: Value) -> Value {
    let object = record.as_object_mut().unwrap();
    object.remove("nanos");
    object.remove("peak_bytes");
    if let Some(extra) = object.get_mut("extra").and_then(Value::as_object_mut) {
        extra.retain(|key, _| !key.ends_with("_nanos"));
    }
    record
}

/// `knobs` of a record, as name → value.
fn knobs_of(record: &Value) -> BTreeMap<String, String> {
    record["knobs"]
        .as_object()
        .unwrap_or_else(|| panic!("knobs is not an object: {record}"))
        .iter()
        .map(|(k, v)| {
            let v = v
                .as_str()
                .unwrap_or_else(|| panic!("{k}: {v} is not a string"));
            (k.clone(), v.to_string())
        })
        .collect()
}

/// The options that give those knobs back.
fn as_args(knobs: &BTreeMap<String, String>) -> Vec<String> {
    knobs
        .iter()
        .flat_map(|(k, v)| [format!("--{k}"), v.clone()])
        .collect()
}

/// The approaches with settings: knobs or a step budget.
fn with_settings() -> Vec<&'static dyn Approach> {
    REGISTRY
        .all()
        .iter()
        .copied()
        .filter(|a| !a.knobs().is_empty() || a.uses_max_steps())
        .collect()
}

/// `--algo ID`: each approach in its own mode (a count for `csp`, one
/// board for the find-one approaches).
fn algo(a: &dyn Approach) -> Vec<String> {
    vec!["--algo".into(), a.info().id.into()]
}

#[test]
fn every_approach_with_settings_records_each_with_its_default() {
    let approaches = with_settings();
    assert!(approaches.len() >= 16, "{}", approaches.len());
    for a in approaches {
        let id = a.info().id;
        let got = knobs_of(&record(&algo(a)));
        let mut want: BTreeMap<String, String> = a
            .knobs()
            .iter()
            .map(|k| (k.to_string(), default_of(id, k).to_string()))
            .collect();
        if a.uses_max_steps()
            && let Some(budget) = default_budget(id)
        {
            want.insert("max-steps".into(), budget.into());
        }
        assert_eq!(got, want, "{id}");
    }
}

#[test]
fn a_given_value_is_recorded_as_the_command_line_takes_it() {
    for a in with_settings() {
        let id = a.info().id;
        let mut args = algo(a);
        let mut want = BTreeMap::new();
        for knob in a.knobs() {
            let (given, recorded) = other_value(knob);
            args.extend([format!("--{knob}"), given.to_string()]);
            want.insert(knob.to_string(), recorded.to_string());
        }
        if a.uses_max_steps() {
            args.extend(["--max-steps".into(), "0077".into()]);
            want.insert("max-steps".into(), "77".into());
        }
        assert_eq!(knobs_of(&record(&args)), want, "{id} {args:?}");
    }
}

/// A seeded run, with its defaults or with other values, is repeated by
/// the options its `knobs` field lists: same steps, board, statistics and
/// ending.
#[test]
fn the_recorded_knobs_repeat_the_run() {
    for a in with_settings() {
        let id = a.info().id;
        let mut others = algo(a);
        for knob in a.knobs() {
            others.extend([format!("--{knob}"), other_value(knob).0.to_string()]);
        }
        for given in [algo(a), others.clone()] {
            // A second seed where the run draws random numbers.
            let seeds: &[&[&str]] = match record(&given)["seed"] {
                Value::Null => &[&[]],
                _ => &[&[], &["--seed", "2"]],
            };
            for seed in seeds {
                let mut args = given.clone();
                args.extend(seed.iter().map(|s| s.to_string()));
                let first = record(&args);
                let mut again = algo(a);
                again.extend(as_args(&knobs_of(&first)));
                again.extend(seed.iter().map(|s| s.to_string()));
                let second = record(&again);
                assert_eq!(
                    repeatable(second),
                    repeatable(first),
                    "{id}: {args:?} against {again:?}"
                );
            }
        }
    }
}

#[test]
fn an_approach_without_settings_records_null() {
    let without: Vec<&dyn Approach> = REGISTRY
        .all()
        .iter()
        .copied()
        .filter(|a| a.knobs().is_empty() && !a.uses_max_steps())
        .collect();
    assert!(without.iter().any(|a| a.info().kind == Kind::FindOne));
    for a in without {
        let id = a.info().id;
        let mut args = algo(a);
        args.push("--first".into());
        let line = record(&args);
        assert_eq!(line.get("knobs"), Some(&Value::Null), "{id}: {line}");
    }
    // The default counter's count too.
    assert_eq!(record(&[]).get("knobs"), Some(&Value::Null));
}
