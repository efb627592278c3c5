//! `queens --trace` across the registry: every approach writes as many step
//! events as it counts steps, its events replay to the boards it reports,
//! and the size limits it declares are where its traces pass
//! `queens_core::trace::MAX_EVENTS`.

use std::ops::ControlFlow;

use serde_json::Value;

use queens_approaches::REGISTRY;
use queens_complete_state::attacking_pairs;
use queens_core::trace::{MAX_EVENTS, Start};
use queens_core::{
    Approach, Ending, Enumerate, Event, Kind, Options, Outcome, Probe, Refusal, Steps, TraceMode,
    TraceRun, Tracer, is_solution, known,
};

/// Every approach of the registry when tracing came in: each must trace.
const TRACED: [&str; 15] = [
    "bitmask",
    "bitmask-mirror",
    "bitmask-symmetric",
    "half-join",
    "attack-board",
    "list-comprehension",
    "permutations",
    "mrv",
    "mrv-tuned",
    "generate-and-test",
    "string-regex",
    "min-conflicts-random",
    "min-conflicts-most-conflicted",
    "swap-search",
    "explicit",
];

/// The placement searches: `place`, `remove`, `dead-end`, `solution`.
const PLACEMENT: [&str; 8] = [
    "bitmask",
    "bitmask-mirror",
    "bitmask-symmetric",
    "attack-board",
    "string-regex",
    "mrv",
    "mrv-tuned",
    "csp",
];

/// The local searches with an `init` board and moves or swaps.
const LOCAL: [&str; 3] = [
    "min-conflicts-random",
    "min-conflicts-most-conflicted",
    "swap-search",
];

/// Which run to trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    Count,
    First,
    List,
}

/// One traced run, as `queens --trace` makes it: the outcome, every line
/// parsed, and the boards a listing received.
struct Traced {
    outcome: Outcome,
    lines: Vec<Value>,
    listed: Vec<Vec<u32>>,
}

impl Traced {
    /// The events between `start` and `end`.
    fn body(&self) -> &[Value] {
        &self.lines[1..self.lines.len() - 1]
    }
    fn end(&self) -> &Value {
        self.lines.last().unwrap()
    }
    fn count(&self, name: &str) -> u64 {
        self.body().iter().filter(|e| e["event"] == name).count() as u64
    }
}

fn trace_with(approach: &dyn Approach, n: usize, run: Run, opts: &Options) -> Traced {
    let info = approach.info();
    let buffer = queens_test_support::SharedBuffer::default();
    let mode = if run == Run::First {
        TraceMode::First
    } else {
        TraceMode::Count
    };
    let start = Start {
        algo: info.id,
        n,
        mode,
        step: approach.trace_info().expect("traces").step,
        node: approach.node_unit().ok(),
    };
    let mut tracer = Tracer::new(Box::new(buffer.clone()), &start);
    let mut listed = Vec::new();
    let mut visit = |cols: &[u32]| {
        listed.push(cols.to_vec());
        ControlFlow::Continue(())
    };
    let traced_run = match run {
        Run::Count => TraceRun::Count,
        Run::First => TraceRun::First,
        Run::List => TraceRun::List(&mut visit),
    };
    let outcome = approach
        .trace(n, opts, traced_run, &mut tracer)
        .unwrap_or_else(|e| panic!("{}, n = {n}: {e}", info.id));
    let summary = tracer.finish(outcome.solutions).unwrap();
    let text = buffer.text();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(lines.len() as u64, summary.lines);
    Traced {
        outcome,
        lines,
        listed,
    }
}

fn trace(approach: &dyn Approach, n: usize, run: Run) -> Traced {
    trace_with(approach, n, run, &Options::default())
}

fn get(id: &str) -> &'static dyn Approach {
    REGISTRY.get(id).unwrap()
}

/// The start line names the run; the end line's steps are the step events,
/// which are the steps the instrumented run (`queens --json`) counts.
fn check_steps(approach: &dyn Approach, n: usize, run: Run, t: &Traced, json_steps: u64) {
    let id = approach.info().id;
    let start = &t.lines[0];
    assert_eq!(start["event"], "start");
    assert_eq!(start["algo"], id);
    assert_eq!(start["n"], n);
    let mode = if run == Run::First { "first" } else { "count" };
    assert_eq!(start["mode"], mode, "{id}");
    let step = approach.trace_info().unwrap().step.map(Event::name);
    assert_eq!(start["step"].as_str(), step, "{id}");
    assert_eq!(start["node"].as_str(), approach.node_unit().ok(), "{id}");
    let end = t.end();
    assert_eq!(end["event"], "end");
    assert_eq!(end["solutions"], t.outcome.solutions, "{id}, n = {n}");
    let events = step.map_or(0, |s| t.count(s));
    assert_eq!(end["steps"], events, "{id}, n = {n}, {run:?}");
    assert_eq!(events, json_steps, "{id}, n = {n}, {run:?}");
    assert_eq!(t.outcome.steps, Some(json_steps), "{id}, n = {n}, {run:?}");
}

#[test]
fn every_approach_traces_and_names_its_step_event() {
    for id in TRACED {
        let approach = get(id);
        let trace = approach.trace_info().unwrap_or_else(|| panic!("{id}"));
        assert_eq!(trace.step.is_none(), id == "explicit", "{id}");
        let max = approach.info().max_n;
        assert!(trace.first_max_n <= max && trace.count_max_n <= max, "{id}");
        assert_eq!(
            trace.count_max_n == 0,
            approach.info().kind == Kind::FindOne,
            "{id}"
        );
    }
}

#[test]
fn step_events_are_the_steps_json_reports() {
    let opts = Options::default();
    for approach in REGISTRY.all().iter().filter(|a| a.trace_info().is_some()) {
        let id = approach.info().id;
        let limit = approach.trace_info().unwrap().count_max_n;
        for n in 0..=7 {
            if approach.info().kind == Kind::Exhaustive && n <= limit {
                let counted = approach.count(n, &opts, Steps::Count).unwrap();
                let t = trace(*approach, n, Run::Count);
                assert_eq!(t.outcome.solutions, counted.solutions, "{id}, n = {n}");
                assert_eq!(t.outcome.unique, counted.unique, "{id}, n = {n}");
                check_steps(*approach, n, Run::Count, &t, counted.steps.unwrap());
                let listed = trace(*approach, n, Run::List);
                assert_eq!(listed.lines, t.lines, "{id}, n = {n}: -v traces as a count");
                assert_eq!(listed.listed.len() as u64, counted.solutions);
            }
            let first = match approach.first(n, &opts, Steps::Count) {
                Ok(first) => first,
                Err(Refusal::GaveUp { .. }) => continue,
                Err(e) => panic!("{id}, n = {n}: {e}"),
            };
            let t = trace(*approach, n, Run::First);
            assert_eq!(t.outcome.solution, first.solution, "{id}, n = {n}");
            check_steps(*approach, n, Run::First, &t, first.steps.unwrap());
        }
    }
}

#[test]
fn local_searches_trace_their_steps_for_every_seed() {
    for id in LOCAL.into_iter().chain(["mrv-tuned"]) {
        let approach = get(id);
        for n in 8..=32 {
            for seed in 1..=3 {
                let opts = Options {
                    seed,
                    ..Options::default()
                };
                let first = approach.first(n, &opts, Steps::Count).unwrap();
                let t = trace_with(approach, n, Run::First, &opts);
                assert_eq!(t.outcome.solution, first.solution, "{id}, n = {n}");
                // The same run: the same statistics, but for the clock's.
                let untimed = |extra: &[(&str, u64)]| -> Vec<(String, u64)> {
                    let kept = extra.iter().filter(|(k, _)| !k.ends_with("nanos"));
                    kept.map(|(k, v)| (k.to_string(), *v)).collect()
                };
                assert_eq!(
                    untimed(&t.outcome.extra),
                    untimed(&first.extra),
                    "{id}, n = {n}"
                );
                check_steps(approach, n, Run::First, &t, first.steps.unwrap());
                let board = replay(id, &t);
                assert_eq!(
                    Some(&board),
                    first.solution.as_ref(),
                    "{id}, n = {n}, seed {seed}"
                );
                assert!(is_solution(&board), "{id}, n = {n}, seed {seed}");
            }
        }
    }
}

/// A 1-based JSON number as a 0-based index.
fn index(v: &Value) -> usize {
    v.as_u64().unwrap() as usize - 1
}

/// A 1-based JSON array as 0-based values.
fn zero_based(v: &Value) -> Vec<u32> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as u32 - 1)
        .collect()
}

/// The board a local search's trace ends with: its last `init` (or, for
/// mrv-tuned, the empty board after its last `restart`) and every event
/// after it, each checked against the board it applies to.
fn replay(id: &str, t: &Traced) -> Vec<u32> {
    let n = t.lines[0]["n"].as_u64().unwrap() as usize;
    let body = t.body();
    if id == "mrv-tuned" {
        let last = body.iter().rposition(|e| e["event"] == "restart");
        let mut board: Vec<Option<u32>> = vec![None; n];
        for e in &body[last.map_or(0, |i| i + 1)..] {
            let queen = || (index(&e["row"]), Some(index(&e["col"]) as u32));
            match e["event"].as_str().unwrap() {
                "place" => {
                    let (row, col) = queen();
                    assert_eq!(board[row], None, "{e}");
                    board[row] = col;
                }
                "remove" => {
                    let (row, col) = queen();
                    assert_eq!(board[row], col, "{e}");
                    board[row] = None;
                }
                _ => {}
            }
        }
        assert_eq!(body.last().unwrap()["event"], "solution");
        return board
            .into_iter()
            .map(|c| c.expect("a full board"))
            .collect();
    }
    let last = body
        .iter()
        .rposition(|e| e["event"] == "init")
        .expect("an init");
    assert!(
        last == 0 || body[last - 1]["event"] == "restart",
        "{id}: a later init follows a restart"
    );
    let mut board = zero_based(&body[last]["board"]);
    assert_eq!(board.len(), n);
    for e in &body[last + 1..] {
        match e["event"].as_str().unwrap() {
            "move" => {
                let (col, from, to) = (index(&e["col"]), index(&e["from"]), index(&e["to"]));
                assert_eq!(board[col] as usize, from, "{id}: {e}");
                board[col] = to as u32;
                // Queens of other columns on the moved queen's row or diagonals.
                let attackers = (0..n)
                    .filter(|&c| c != col)
                    .filter(|&c| {
                        let r = board[c] as usize;
                        r == to || r.abs_diff(to) == c.abs_diff(col)
                    })
                    .count();
                assert_eq!(e["conflicts"], attackers, "{id}: {e}");
            }
            "swap" => {
                let rows = e["rows"].as_array().unwrap();
                board.swap(index(&rows[0]), index(&rows[1]));
            }
            other => panic!("{id}: {other} after the last init"),
        }
    }
    board
}

/// A local search that ends without a solution says how
/// ([`Ending`]) and the h it was left at: the h of the board its trace
/// ends on (the last `board` of a population, else the last `init` and the
/// moves or swaps after it), recounted pair by pair; the tracer's `end`
/// line says the same; its steps are the step events; the restarting
/// searches report their restarts, the `restart` events of the trace.
#[test]
fn a_search_that_gives_up_reports_the_h_its_trace_ends_on() {
    type Case = (
        &'static str,
        usize,
        u64,
        Option<u64>,
        Option<(&'static str, &'static str)>,
        Ending,
    );
    // Seeds found by running: each ends this way, deterministically.
    let cases: [Case; 15] = [
        ("hill-climbing", 8, 1, None, None, Ending::Plateau),
        ("hill-climbing", 7, 35, None, None, Ending::LocalMinimum),
        ("first-choice", 8, 22, None, None, Ending::LocalMinimum),
        (
            "stochastic-hill-climbing",
            8,
            1,
            None,
            None,
            Ending::Plateau,
        ),
        (
            "hill-climbing-sideways",
            8,
            18,
            None,
            None,
            Ending::LocalMinimum,
        ),
        ("random-restart", 20, 1, Some(10), None, Ending::Budget),
        (
            "random-restart-sideways",
            30,
            1,
            Some(5),
            None,
            Ending::Budget,
        ),
        (
            "annealing",
            8,
            3,
            None,
            Some(("schedule", "exp:20:0.005:100")),
            Ending::Cooled,
        ),
        (
            "beam",
            8,
            22,
            None,
            Some(("beam-width", "1")),
            Ending::Stalled,
        ),
        ("genetic", 8, 1, Some(3), None, Ending::Budget),
        (
            "min-conflicts-random",
            100,
            1,
            Some(1),
            None,
            Ending::Budget,
        ),
        (
            "min-conflicts-most-conflicted",
            100,
            1,
            Some(1),
            None,
            Ending::Budget,
        ),
        ("swap-search", 100, 1, Some(1), None, Ending::Budget),
        ("tabu-search", 100, 1, Some(3), None, Ending::Budget),
        (
            "constraint-weighting",
            100,
            1,
            Some(3),
            None,
            Ending::Budget,
        ),
    ];
    for (id, n, seed, max_steps, knob, want) in cases {
        let approach = get(id);
        let opts = Options {
            seed,
            max_steps,
            knobs: knob.map(|(k, v)| (k, v.to_string())).into_iter().collect(),
            ..Options::default()
        };
        let buffer = queens_test_support::SharedBuffer::default();
        let start = Start {
            algo: id,
            n,
            mode: TraceMode::First,
            step: approach.trace_info().unwrap().step,
            node: None,
        };
        let mut tracer = Tracer::new(Box::new(buffer.clone()), &start);
        let refusal = approach
            .trace(n, &opts, TraceRun::First, &mut tracer)
            .expect_err(id);
        let Refusal::GaveUp {
            steps,
            ending,
            h,
            restarts,
            ..
        } = refusal
        else {
            panic!("{id}: {refusal}");
        };
        assert_eq!(ending, want, "{id}, seed {seed}");
        // The untraced run ends the same.
        assert_eq!(approach.first(n, &opts, Steps::Skip), Err(refusal.clone()));
        tracer.finish_gave_up(ending, h).unwrap();
        let lines: Vec<Value> = buffer
            .text()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let body = &lines[1..lines.len() - 1];
        let board = match body.iter().rev().find(|e| e["event"] == "board") {
            Some(last) => zero_based(&last["board"]),
            None => replay(
                id,
                &Traced {
                    outcome: Outcome::default(),
                    lines: lines.clone(),
                    listed: Vec::new(),
                },
            ),
        };
        let h = h.expect("a complete board");
        assert_eq!(attacking_pairs(&board), h, "{id}, seed {seed}");
        let end = lines.last().unwrap();
        assert_eq!(
            (&end["ending"], &end["h"], &end["steps"], &end["solutions"]),
            (&ending.name().into(), &h.into(), &steps.into(), &0.into()),
            "{id}"
        );
        let restart_events = body.iter().filter(|e| e["event"] == "restart").count() as u64;
        match restarts {
            Some(r) => assert_eq!(r, restart_events, "{id}"),
            None => assert_eq!(restart_events, 0, "{id}"),
        }
        let restarting = id.starts_with("random-restart")
            || id.starts_with("min-conflicts")
            || id == "swap-search";
        assert_eq!(restarts.is_some(), restarting, "{id}");
    }
}

#[test]
fn min_conflicts_and_swap_search_restart_with_a_new_init() {
    // Small boards restart often; every restart is followed by an init.
    for id in LOCAL {
        let mut restarts = 0;
        for seed in 1..=20 {
            for n in 4..=7 {
                let opts = Options {
                    seed,
                    ..Options::default()
                };
                let t = trace_with(get(id), n, Run::First, &opts);
                let body = t.body();
                assert_eq!(body[0]["event"], "init", "{id}");
                // The limit each restart reports: n² iterations (the
                // write-up's), or mc.c's 4n + 100 queens taken, passed.
                let limit = if id == "swap-search" {
                    4 * n as u64 + 101
                } else {
                    (n * n) as u64
                };
                for (i, e) in body.iter().enumerate() {
                    if e["event"] == "restart" {
                        restarts += 1;
                        assert_eq!(body[i + 1]["event"], "init", "{id}");
                        assert_eq!(
                            (&e["reason"], &e["after"]),
                            (&"limit".into(), &limit.into())
                        );
                    }
                    // What decided each move or swap: the pick, or the partners tried.
                    if e["event"] == "move" {
                        assert!(e["pick"] == "random" || e["pick"] == "most", "{id}: {e}");
                        assert!(id != "min-conflicts-random" || e["pick"] == "random");
                    }
                    if e["event"] == "swap" {
                        let tried = e["tried"].as_u64().unwrap();
                        assert!((1..=2 * n as u64).contains(&tried), "{id}: {e}");
                    }
                }
                assert_eq!(
                    t.count("restart"),
                    t.outcome
                        .extra
                        .iter()
                        .find(|(k, _)| *k == "restarts")
                        .unwrap()
                        .1,
                    "{id}"
                );
                assert_eq!(Some(&replay(id, &t)), t.outcome.solution.as_ref());
            }
        }
        assert!(restarts > 0, "{id}: no restart seen");
    }
}

/// Walks a placement trace: each `remove` takes back the last queen still
/// standing, `dead-end` comes right after a `place` below depth n and right
/// before that queen's `remove`, each `solution` stands on a full, valid
/// board. Returns the boards at the solutions, their weights, and the
/// queens left standing.
fn walk_placements(id: &str, n: usize, t: &Traced) -> (Vec<Vec<u32>>, Vec<u64>, usize) {
    let body = t.body();
    let mut stack: Vec<(usize, usize)> = Vec::new();
    let (mut boards, mut weights) = (Vec::new(), Vec::new());
    for (i, e) in body.iter().enumerate() {
        let at = || format!("{id}, n = {n}, event {i}: {e}");
        match e["event"].as_str().unwrap() {
            "place" => {
                let (row, col) = (index(&e["row"]), index(&e["col"]));
                assert!(stack.iter().all(|&(r, _)| r != row), "{}", at());
                assert!(row < n && col < n, "{}", at());
                stack.push((row, col));
            }
            "remove" => {
                // A queen taken back right after it was placed closes a
                // node without a child: below depth n, a dead end comes
                // between them.
                if i > 0 && body[i - 1]["event"] == "place" {
                    assert_eq!(stack.len(), n, "{}: no dead-end", at());
                }
                let queen = (index(&e["row"]), index(&e["col"]));
                assert_eq!(stack.pop(), Some(queen), "{}", at());
            }
            "dead-end" => {
                assert_eq!(e["depth"], stack.len(), "{}", at());
                assert!(stack.len() < n, "{}", at());
                assert_eq!(body[i - 1]["event"], "place", "{}", at());
                assert_eq!(body[i + 1]["event"], "remove", "{}", at());
                assert_eq!(body[i + 1]["row"], body[i - 1]["row"], "{}", at());
            }
            "solution" => {
                assert_eq!(stack.len(), n, "{}", at());
                let mut cols = vec![0; n];
                for &(r, c) in &stack {
                    cols[r] = c as u32;
                }
                assert!(is_solution(&cols), "{}", at());
                assert_eq!(e["index"], boards.len() + 1, "{}", at());
                weights.push(e["weight"].as_u64().unwrap_or(1));
                boards.push(cols);
            }
            "restart" => stack.clear(),
            other => panic!("{}: unexpected {other}", at()),
        }
    }
    (boards, weights, stack.len())
}

#[test]
fn placement_traces_replay_to_the_listing() {
    for id in PLACEMENT {
        let approach = get(id);
        let exhaustive = approach.info().kind == Kind::Exhaustive;
        for n in 0..=8 {
            if exhaustive {
                let t = trace(approach, n, Run::List);
                let (boards, weights, standing) = walk_placements(id, n, &t);
                assert_eq!(standing, 0, "{id}, n = {n}: every queen taken back");
                assert_eq!(t.count("place"), t.count("remove"), "{id}, n = {n}");
                assert_eq!(
                    weights.iter().sum::<u64>(),
                    known::total(n).unwrap(),
                    "{id}, n = {n}: the weights add up to the count"
                );
                // The symmetry counters weigh every board, the others none.
                let solutions = t.body().iter().filter(|e| e["event"] == "solution");
                for e in solutions {
                    assert_eq!(
                        e["weight"].is_u64(),
                        id.starts_with("bitmask-"),
                        "{id}: {e}"
                    );
                }
                // Each board found comes first in the listing of its weight.
                let mut at = 0;
                for (board, w) in boards.iter().zip(&weights) {
                    assert_eq!(&t.listed[at], board, "{id}, n = {n}");
                    at += *w as usize;
                }
                assert_eq!(at, t.listed.len(), "{id}, n = {n}");
            }
            let t = trace(approach, n, Run::First);
            let (boards, _, standing) = walk_placements(id, n, &t);
            match &t.outcome.solution {
                Some(cols) => {
                    assert_eq!(boards.last(), Some(cols), "{id}, n = {n}");
                    assert_eq!(t.body().last().unwrap()["event"], "solution");
                    assert_eq!(standing, n, "{id}, n = {n}: the board is left standing");
                }
                None => assert!(boards.is_empty() && standing == 0, "{id}, n = {n}"),
            }
        }
    }
}

#[test]
fn the_row_by_row_searches_write_the_same_trace() {
    for n in 0..=8 {
        for run in [Run::Count, Run::First] {
            let reference = trace(get("bitmask"), n, run);
            for id in ["attack-board", "string-regex"] {
                let t = trace(get(id), n, run);
                assert_eq!(t.body(), reference.body(), "{id}, n = {n}, {run:?}");
            }
            // The list comprehensions keep the same nodes: the lazy one
            // depth first, stopping where bitmask stops; the strict one a
            // level at a time.
            for id in ["list-comprehension", "list-comprehension-strict"] {
                let lists = trace(get(id), n, run);
                if run == Run::Count || id == "list-comprehension" {
                    let places = reference.count("place");
                    assert_eq!(lists.count("partial"), places, "{id}, n = {n}");
                }
            }
        }
    }
}

#[test]
fn the_symmetric_trace_places_the_queens_in_takakens_order() {
    // Every placement of the reduced tree, the corner queen once: the
    // corner case's row-1 queens b1 = 2..n-2 under it, then the side case's
    // top queens; depth 2 is the corner case's second queen.
    for n in 4..=10 {
        let t = trace(get("bitmask-symmetric"), n, Run::Count);
        let body = t.body();
        assert_eq!(
            body[0],
            serde_json::json!({"event":"place","row":1,"col":1})
        );
        let tops: Vec<u64> = body
            .iter()
            .filter(|e| e["event"] == "place" && e["row"] == 1)
            .map(|e| e["col"].as_u64().unwrap())
            .collect();
        let side: Vec<u64> = (2..).take_while(|b| 2 * (b - 1) < n as u64 - 1).collect();
        assert_eq!(tops, [vec![1], side].concat(), "n = {n}");
        let corner_seconds: Vec<u64> = {
            let last_corner = body
                .iter()
                .position(|e| e == &serde_json::json!({"event":"remove","row":1,"col":1}))
                .unwrap();
            body[..last_corner]
                .iter()
                .filter(|e| e["event"] == "place" && e["row"] == 2)
                .map(|e| e["col"].as_u64().unwrap())
                .collect()
        };
        assert_eq!(corner_seconds, (3..n as u64).collect::<Vec<_>>(), "n = {n}");
    }
}

#[test]
fn list_comprehension_traces_its_levels_and_lists() {
    let approach = get("list-comprehension-strict");
    for n in 1..=8 {
        let t = trace(approach, n, Run::Count);
        let mut level = 0;
        let mut last_level = 0;
        for e in t.body() {
            match e["event"].as_str().unwrap() {
                "level" => {
                    level += 1;
                    assert_eq!(e["depth"], level, "n = {n}");
                    last_level = 0;
                }
                "partial" => {
                    let list = zero_based(&e["list"]);
                    assert_eq!(list.len(), level, "n = {n}: {e}");
                    // Newest row first: reversed, a partial board in row order.
                    let rows: Vec<u32> = list.iter().rev().copied().collect();
                    assert!(is_partial_board(&rows), "n = {n}: {e}");
                    last_level += 1;
                }
                other => panic!("n = {n}: unexpected {other}"),
            }
        }
        assert_eq!(level, n);
        assert_eq!(last_level, known::total(n).unwrap(), "n = {n}");
    }
}

/// No two queens of a partial board (0-based column per row) attack.
fn is_partial_board(cols: &[u32]) -> bool {
    (0..cols.len()).all(|i| {
        (i + 1..cols.len())
            .all(|j| cols[i] != cols[j] && (cols[i] as usize).abs_diff(cols[j] as usize) != j - i)
    })
}

#[test]
fn candidate_traces_test_every_candidate_in_order() {
    for (id, total) in [
        (
            "generate-and-test",
            (|n: u64| n.pow(n as u32)) as fn(u64) -> u64,
        ),
        ("permutations", |n: u64| (1..=n).product()),
        ("permutations-streaming", |n: u64| (1..=n).product()),
    ] {
        for n in 1..=6 {
            let t = trace(get(id), n, Run::Count);
            assert_eq!(t.count("candidate"), total(n as u64), "{id}, n = {n}");
            let mut ok = 0;
            let mut previous: Option<Vec<u32>> = None;
            for e in t.body() {
                assert_eq!(e["event"], "candidate");
                let cols = zero_based(&e["cols"]);
                assert_eq!(cols.len(), n);
                assert_eq!(e["ok"], is_solution(&cols), "{id}: {e}");
                ok += u64::from(e["ok"] == true);
                if let Some(p) = &previous {
                    // Odometer order ascends, perms' order descends.
                    if id == "generate-and-test" {
                        assert!(p < &cols, "{id}: {p:?} then {cols:?}");
                    } else {
                        assert!(p > &cols, "{id}: {p:?} then {cols:?}");
                    }
                }
                previous = Some(cols);
            }
            assert_eq!(ok, known::total(n).unwrap(), "{id}, n = {n}");
        }
    }
}

#[test]
fn half_join_traces_each_pair_compared_with_its_weight() {
    let approach = get("half-join");
    for n in 0..=10 {
        let t = trace(approach, n, Run::Count);
        let mut weights = 0;
        let mut task = 1;
        for e in t.body() {
            assert_eq!(e["event"], "pair", "n = {n}");
            let this = e["task"].as_u64().unwrap();
            assert!(this >= task, "n = {n}: tasks in order");
            task = this;
            if e["ok"] == true {
                weights += e["weight"].as_u64().unwrap();
            } else {
                assert!(e.get("weight").is_none(), "n = {n}: {e}");
            }
        }
        assert_eq!(weights, known::total(n).unwrap(), "n = {n}");
        // The same trace whatever the threads.
        let two = trace_with(
            approach,
            n,
            Run::Count,
            &Options {
                threads: 2,
                ..Options::default()
            },
        );
        assert_eq!(two.lines, t.lines, "n = {n}");
    }
}

#[test]
fn split_counters_trace_one_thread_whatever_the_threads() {
    for id in ["bitmask-mirror", "bitmask-symmetric"] {
        for n in [5, 8] {
            let one = trace(get(id), n, Run::Count);
            let opts = Options {
                threads: 2,
                ..Options::default()
            };
            let two = trace_with(get(id), n, Run::Count, &opts);
            assert_eq!(one.lines, two.lines, "{id}, n = {n}");
        }
    }
}

#[test]
fn explicit_writes_its_board_and_no_step() {
    let approach = get("explicit");
    for n in [1, 4, 8, 9, 100] {
        let t = trace(approach, n, Run::First);
        assert_eq!(t.body().len(), 1);
        let board = zero_based(&t.body()[0]["board"]);
        assert_eq!(Some(board), t.outcome.solution);
        assert_eq!(t.end()["steps"], 0);
    }
    assert!(trace(approach, 3, Run::First).body().is_empty());
}

#[test]
fn traces_beyond_the_limits_are_refused_before_the_search() {
    let mut tracer = Tracer::counting(0, None);
    for approach in REGISTRY.all().iter().filter(|a| a.trace_info().is_some()) {
        let (id, info) = (approach.info().id, approach.trace_info().unwrap());
        let opts = Options::default();
        let runs = [
            (TraceRun::First, info.first_max_n),
            (TraceRun::Count, info.count_max_n),
        ];
        for (run, limit) in runs {
            if limit >= approach.info().max_n
                || approach.info().kind == Kind::FindOne && run.mode() == TraceMode::Count
            {
                continue;
            }
            let mode = run.mode();
            match approach.trace(limit + 1, &opts, run, &mut tracer) {
                Err(Refusal::TraceTooLong {
                    limit: l, mode: m, ..
                }) => assert_eq!((l, m), (limit, mode), "{id}"),
                other => panic!("{id}: {other:?}"),
            }
        }
    }
    assert_eq!(tracer.events(), 0, "nothing ran");
}

/// The events (boards counting their queens) of a run of `search`, whatever
/// its size: the generic search with a counting tracer, past the limits the
/// registry checks.
fn events<E: Enumerate>(search: &E, n: usize, first: bool) -> u64 {
    let step = search.trace_info().unwrap().step;
    let mut tracer = Tracer::counting(n, step);
    if first {
        let _ = search.first(n, &mut tracer);
    } else {
        let _ = search.count(n, &Options::default(), &mut tracer);
    }
    assert_eq!(Some(tracer.step_events()), tracer.total(), "n = {n}");
    tracer.size()
}

/// How far [`check_limits`] looks past the limits.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Beyond {
    /// Neither limit.
    No,
    /// The count's.
    Count,
    /// Both.
    Both,
}

/// Checks that a count at the count limit and a first-solution run at every
/// size from `smallest_first` to the first limit fit in `MAX_EVENTS`, and
/// that the sizes past the limits `beyond` names do not.
fn check_limits<E: Enumerate>(search: &E, smallest_first: usize, beyond: Beyond) {
    let info = search.trace_info().unwrap();
    let id = search.info().id;
    let fits = |n, first| {
        let size = events(search, n, first);
        assert!(
            size <= MAX_EVENTS,
            "{id}, n = {n}, first: {first}: {size} events"
        );
    };
    fits(info.count_max_n, false);
    for n in smallest_first..=info.first_max_n {
        fits(n, true);
    }
    if beyond != Beyond::No {
        let count = events(search, info.count_max_n + 1, false);
        assert!(count > MAX_EVENTS, "{id}: count at n + 1: {count}");
        if beyond == Beyond::Both && info.first_max_n < search.info().max_n {
            let first = events(search, info.first_max_n + 1, true);
            assert!(first > MAX_EVENTS, "{id}: first at n + 1: {first}");
        }
    }
}

#[test]
fn the_limits_are_where_the_traces_pass_the_bound() {
    check_limits(&queens_bitmask::Bitmask, 0, Beyond::Both);
    check_limits(&queens_half_join::HalfJoin, 0, Beyond::Both);
    check_limits(&queens_permutations::PermutationsStreaming, 0, Beyond::Both);
    // permutations holds the seed's arrays (3 GB at its max n, 10): its count
    // and its first-solution run both test every board, as many candidate
    // events as the streaming count, so it traces every n it accepts.
    let seed = &queens_permutations::Permutations;
    for n in 0..=8 {
        let count = events(seed, n, false);
        assert_eq!(events(seed, n, true), count, "n = {n}");
        let streaming = &queens_permutations::PermutationsStreaming;
        assert_eq!(events(streaming, n, false), count, "n = {n}");
    }
    let (info, max_n) = (seed.trace_info().unwrap(), seed.info().max_n);
    assert_eq!((info.count_max_n, info.first_max_n), (max_n, max_n));
    assert!(events(&queens_permutations::PermutationsStreaming, max_n, false) <= MAX_EVENTS);
    check_limits(&queens_generate_and_test::GenerateAndTest, 0, Beyond::Both);
    check_limits(&queens_mrv::Mrv, 0, Beyond::Both);
    // The symmetry counters' first solutions at n >= 20 come after
    // bitmask's placements (the first board's top queen is in the left
    // half and off the corner), so bitmask's n = 30 stands for theirs.
    check_limits(&queens_bitmask_mirror::BitmaskMirror, 20, Beyond::Count);
    check_limits(
        &queens_bitmask_symmetric::BitmaskSymmetric,
        20,
        Beyond::Count,
    );
    for search in [
        events(&queens_bitmask_mirror::BitmaskMirror, 29, true),
        events(&queens_bitmask_symmetric::BitmaskSymmetric, 29, true),
    ] {
        assert_eq!(search, events(&queens_bitmask::Bitmask, 29, true));
    }
    check_limits(&queens_attack_board::AttackBoard, 28, Beyond::No);
    check_limits(
        &queens_list_comprehension::ListComprehension,
        13,
        Beyond::No,
    );
    check_limits(
        &queens_list_comprehension::ListComprehensionStrict,
        13,
        Beyond::No,
    );
    // The same tree as bitmask's: the same events, so the same limits
    // (`the_row_by_row_searches_write_the_same_trace`); string-regex's
    // regexes are too slow to walk n = 13 here.
    let bitmask = get("bitmask").trace_info().unwrap();
    for id in ["attack-board", "string-regex"] {
        let info = get(id).trace_info().unwrap();
        assert_eq!(
            (info.count_max_n, info.first_max_n),
            (bitmask.count_max_n, bitmask.first_max_n),
            "{id}"
        );
    }
    // The list comprehensions: bitmask's placements (the lazy one), plus n
    // level events (the strict one).
    let lists = get("list-comprehension-strict").trace_info().unwrap();
    let lazy = get("list-comprehension").trace_info().unwrap();
    assert_eq!(lazy.count_max_n, lists.count_max_n);
    let beyond = lists.count_max_n + 1;
    let placements = get("bitmask")
        .count(beyond, &Options::default(), Steps::Count)
        .unwrap()
        .steps
        .unwrap();
    assert!(placements > MAX_EVENTS);
}

#[test]
fn the_tracer_probe_writes_nothing_for_other_probes() {
    // The hooks are the probe's: a plain step counter sees none of them and
    // counts the same steps.
    let mut plain = queens_core::StepCounter::default();
    let _ = queens_bitmask::Bitmask.count(8, &Options::default(), &mut plain);
    let mut tracer = Tracer::counting(8, Some(Event::Place));
    let _ = queens_bitmask::Bitmask.count(8, &Options::default(), &mut tracer);
    assert_eq!(tracer.total(), Some(plain.count));
    assert_eq!(tracer.count(Event::Place), plain.count);
}

/// The dead ends a `Steps::Depths` run derives from the order of its nodes
/// are the `dead-end` events of the trace, depth by depth, for every
/// placement search that records its nodes one at a time (the split
/// counters record theirs in bulk and report none).
#[test]
fn dead_ends_per_depth_are_the_traces_dead_end_events() {
    let mut compared = 0;
    for id in PLACEMENT {
        let approach = get(id);
        if approach.info().kind != Kind::Exhaustive {
            continue;
        }
        for n in 1..=7 {
            let opts = Options::default();
            let depths = approach.count(n, &opts, Steps::Depths).unwrap();
            let Some(dead_ends) = depths.dead_ends_per_depth else {
                assert!(
                    id.starts_with("bitmask-"),
                    "{id}: only the split counters lose the order of their nodes"
                );
                continue;
            };
            let t = trace(approach, n, Run::Count);
            let mut traced = vec![0u64; n + 1];
            for e in t.body().iter().filter(|e| e["event"] == "dead-end") {
                traced[e["depth"].as_u64().unwrap() as usize] += 1;
            }
            assert_eq!(dead_ends, traced, "{id}, n = {n}");
            compared += 1;
        }
    }
    assert!(compared >= 5 * 7, "{compared} runs compared");
}

/// The csp lab traces with its knobs: each setting's trace holds as many
/// steps and dead ends as its `--depths` run counts.
#[test]
fn the_csp_lab_traces_every_knob_setting() {
    let csp = get("csp");
    let settings = [
        vec![("order", "mrv"), ("propagate", "forward")],
        vec![("values", "lcv"), ("propagate", "arc")],
        vec![("order", "mrv-random"), ("values", "middle-out")],
    ];
    for knobs in settings {
        let opts = Options {
            knobs: knobs.iter().map(|&(k, v)| (k, v.to_string())).collect(),
            ..Options::default()
        };
        for n in 4..=7 {
            let depths = csp.count(n, &opts, Steps::Depths).unwrap();
            let t = trace_with(csp, n, Run::Count, &opts);
            assert_eq!(t.outcome.solutions, known::total(n).unwrap(), "{knobs:?}");
            assert_eq!(
                t.count("place"),
                depths.steps.unwrap(),
                "{knobs:?}, n = {n}"
            );
            assert_eq!(t.count("place"), t.count("remove"), "{knobs:?}, n = {n}");
            let dead: u64 = depths.dead_ends_per_depth.unwrap().iter().sum();
            assert_eq!(t.count("dead-end"), dead, "{knobs:?}, n = {n}");
        }
    }
}
