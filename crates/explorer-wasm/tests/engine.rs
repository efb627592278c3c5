//! The engine natively: its table is the registry's (but the approaches it
//! leaves out), its runs are `write_trace`'s with the registry's approach
//! and the options `queens` builds, and its refusals are one line.

use std::sync::{Arc, Mutex};

use queens_approaches::REGISTRY;
use queens_core::{Options, TraceRun, write_trace};
use queens_explorer_wasm::table::LEFT_OUT;
use queens_explorer_wasm::{Args, DEFAULT_MAX_EVENTS, approaches, pack, run, run_args};

#[test]
fn the_table_is_the_registry_but_what_it_leaves_out() {
    let offers = approaches();
    let live: Vec<&str> = offers.iter().filter(|o| o.live).map(|o| o.id).collect();
    let registered: Vec<&str> = REGISTRY
        .ids()
        .into_iter()
        .filter(|id| LEFT_OUT.iter().all(|(left, _)| left != id))
        .collect();
    assert_eq!(live, registered);
    for (id, _) in LEFT_OUT {
        assert!(REGISTRY.get(id).is_ok(), "{id} is not registered");
        let offer = offers.iter().find(|o| o.id == id).unwrap();
        assert!(!offer.live && offer.why.is_some());
    }
    for offer in offers.iter().filter(|o| o.live) {
        let a = REGISTRY.get(offer.id).unwrap();
        let trace = a.trace_info().unwrap();
        assert_eq!(
            (offer.count_max_n, offer.first_max_n, offer.knobs),
            (trace.count_max_n, trace.first_max_n, a.knobs()),
            "{}",
            offer.id
        );
    }
}

/// The trace `queens --trace` writes: `write_trace` with the registry's
/// approach and the options of the command line.
fn reference(
    id: &str,
    n: usize,
    seed: Option<u64>,
    knobs: &[(&'static str, &str)],
    first: bool,
) -> Vec<u8> {
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);
    impl std::io::Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let a = REGISTRY.get(id).unwrap();
    let opts = Options {
        seed: seed.unwrap_or(1),
        threads: 2,
        knobs: knobs.iter().map(|(k, v)| (*k, v.to_string())).collect(),
        ..Options::default()
    };
    let out = Shared::default();
    let run = if first || a.info().kind == queens_core::Kind::FindOne {
        TraceRun::First
    } else {
        TraceRun::Count
    };
    let _ = write_trace(a, n, &opts, run, Box::new(out.clone()));
    out.0.lock().unwrap().clone()
}

/// A case: approach, n, seed, knobs, first.
type Case = (
    &'static str,
    usize,
    Option<u64>,
    &'static [(&'static str, &'static str)],
    bool,
);

#[test]
fn a_run_writes_what_queens_writes() {
    let cases: [Case; 6] = [
        ("bitmask-mirror", 8, None, &[], false),
        ("mrv", 9, None, &[], true),
        (
            "min-conflicts-most-conflicted",
            30,
            Some(7),
            &[("pick", "mix:0.3")],
            true,
        ),
        (
            "csp",
            8,
            None,
            &[("order", "mrv"), ("propagate", "forward")],
            false,
        ),
        ("first-choice", 10, Some(2), &[], true),
        ("half-join", 7, None, &[], false),
    ];
    for (id, n, seed, knobs, first) in cases {
        let args = Args {
            algo: id.into(),
            n,
            mode: first.then(|| "first".to_string()),
            seed,
            knobs: knobs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..Args::default()
        };
        let mine = run_args(&args);
        let theirs = reference(id, n, seed, knobs, first);
        match mine {
            Ok(t) => {
                assert_eq!(
                    String::from_utf8(t.trace.clone()).unwrap(),
                    String::from_utf8(theirs).unwrap(),
                    "{id}"
                );
                if t.ended.is_none() {
                    let packed = t.packed;
                    assert!(
                        packed.starts_with(&format!("{{\"algo\":\"{id}\",\"n\":{n},")),
                        "{packed}"
                    );
                }
            }
            Err(e) => panic!("{id}: {e}"),
        }
    }
}

#[test]
fn refusals_are_one_line() {
    for (args, says) in [
        (r#"{"algo":"bitmask"}"#, "missing field `n`"),
        (
            r#"{"algo":"bitmask","n":8,"colour":"red"}"#,
            "unknown field `colour`",
        ),
        (
            r#"{"algo":"bitmask","n":8,"mode":"all"}"#,
            "mode must be count, first or list",
        ),
        (
            r#"{"algo":"annealing","n":8,"mode":"count"}"#,
            "mode count does not apply to annealing",
        ),
        (
            r#"{"algo":"bitmask","n":8,"max_steps":9}"#,
            "--max-steps does not apply to bitmask",
        ),
        (
            r#"{"algo":"annealing","n":8,"knobs":{"tenure":"3"}}"#,
            "--tenure does not apply to annealing: it takes --schedule",
        ),
        (
            r#"{"algo":"annealing","n":8,"knobs":{"schedule":"log"}}"#,
            "annealing cannot take a --schedule",
        ),
        (
            r#"{"algo":"bitmask","n":8,"max_events":0}"#,
            "max_events must be from 1",
        ),
        (
            r#"{"algo":"permutations","n":11}"#,
            "permutations handles n up to 10",
        ),
        (
            r#"{"algo":"permutations-streaming","n":11}"#,
            "--trace writes at most 10000000 events",
        ),
    ] {
        let e = run(args).unwrap_err();
        assert!(e.contains(says), "{args}: {e}");
        assert!(!e.contains('\n'), "{e}");
    }
}

#[test]
fn a_run_past_the_cap_keeps_no_trace_and_one_at_it_keeps_all() {
    // bitmask at n = 4 writes 38 events between its start and end lines.
    let at = |cap: u64| run(&format!(r#"{{"algo":"bitmask","n":4,"max_events":{cap}}}"#));
    let whole = at(38).unwrap();
    assert_eq!(whole.trace.split(|&b| b == b'\n').count(), 41);
    let e = at(37).unwrap_err();
    assert!(e.contains("more than 37 events"), "{e}");
    const { assert!(DEFAULT_MAX_EVENTS <= queens_core::trace::MAX_EVENTS) };
}

#[test]
fn the_page_states_the_engines_caps() {
    // The explorer page sends its runs with the engine's default cap and
    // says what a trace of `queens --trace` may hold: its numbers are
    // these constants, written out in its script.
    let view = include_str!("../../../xtask/assets/explore/view.js");
    let stated = format!(
        "var PAGE_EVENTS = {DEFAULT_MAX_EVENTS}, CLI_EVENTS = {};",
        queens_core::trace::MAX_EVENTS
    );
    assert!(view.contains(&stated), "view.js lacks {stated}");
}

#[test]
fn a_packed_file_is_a_packed_run() {
    let ran = run(r#"{"algo":"attack-board","n":5}"#).unwrap();
    let text = String::from_utf8(ran.trace).unwrap();
    assert_eq!(
        pack("attack-board-5-count.jsonl", &text).unwrap(),
        ran.packed
    );
    let cut: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
    assert!(pack("x", &cut).unwrap_err().contains("truncated"));
}
