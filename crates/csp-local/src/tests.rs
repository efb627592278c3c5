use queens_complete_state::attacking_pairs;
use queens_core::trace::Start;
use queens_core::{
    Approach, Local, NoSteps, Options, Refusal, Steps, TraceMode, TraceRun, Tracer, is_solution,
};
use serde_json::Value;

use super::*;
use crate::weighting::{Weights, constraint_weighting_with};

fn opts(seed: u64, tenure: Option<&str>) -> Options {
    Options {
        seed,
        knobs: tenure
            .map(|k| vec![(TENURE, k.to_string())])
            .unwrap_or_default(),
        ..Options::default()
    }
}

/// The traced run's events (after `start`), checked to give the same board
/// and steps as the counted run, and the first board (0-based rows).
fn trace<A: LocalSearch>(a: A, n: usize, o: &Options) -> (Vec<u32>, Vec<Value>) {
    let approach = Local(a);
    let counted = approach.first(n, o, Steps::Count);
    let buffer = queens_test_support::SharedBuffer::default();
    let start = Start {
        algo: approach.info().id,
        n,
        mode: TraceMode::First,
        step: Some(queens_core::Event::Move),
        node: None,
    };
    let mut tracer = Tracer::new(Box::new(buffer.clone()), &start);
    let traced = approach.trace(n, o, TraceRun::First, &mut tracer);
    match (&counted, &traced) {
        (Ok(c), Ok(t)) => {
            assert_eq!(c.solution, t.solution);
            assert_eq!(c.steps, t.steps);
            tracer.finish(t.solutions).unwrap();
        }
        (Err(c), Err(t)) => assert_eq!(c.to_string(), t.to_string()),
        _ => panic!("counted and traced runs differ"),
    }
    let text = buffer.text();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[1]["event"], "init");
    let board = lines[1]["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as u32 - 1)
        .collect();
    let moves = lines[2..]
        .iter()
        .filter(|e| e["event"] == "move")
        .cloned()
        .collect();
    (board, moves)
}

/// (col, from, to), 0-based, of a move event.
fn cols_rows(e: &Value) -> (usize, usize, usize) {
    let at = |k: &str| e[k].as_u64().unwrap() as usize - 1;
    (at("col"), at("from"), at("to"))
}

/// The queens attacking (row, col) on `board`, col's own queen not counted.
fn conflicts(board: &[u32], col: usize, row: usize) -> usize {
    (0..board.len())
        .filter(|&c| c != col)
        .filter(|&c| {
            let r = board[c] as usize;
            r == row || r.abs_diff(row) == c.abs_diff(col)
        })
        .count()
}

#[test]
fn boards_found_are_solutions_and_runs_are_reproducible() {
    for approach in [
        &Local(TabuSearch) as &dyn Approach,
        &Local(ConstraintWeighting),
    ] {
        for n in [0, 1, 4, 5, 8, 13, 50] {
            for seed in 1..=5 {
                let o = opts(seed, None);
                let out = approach.first(n, &o, Steps::Count).unwrap();
                let board = out.solution.clone().unwrap();
                assert_eq!(board.len(), n);
                assert!(is_solution(&board), "{} n = {n}", approach.info().id);
                let timed = approach.first(n, &o, Steps::Skip).unwrap();
                assert_eq!(timed.solution, out.solution);
            }
        }
        for n in [2, 3] {
            assert!(
                approach
                    .first(n, &opts(1, None), Steps::Count)
                    .unwrap()
                    .solution
                    .is_none()
            );
        }
    }
}

#[test]
fn a_spent_budget_gives_up_with_its_steps() {
    for approach in [
        &Local(TabuSearch) as &dyn Approach,
        &Local(ConstraintWeighting),
    ] {
        let o = Options {
            max_steps: Some(3),
            ..opts(1, None)
        };
        match approach.first(200, &o, Steps::Count) {
            Err(Refusal::GaveUp { steps, .. }) => assert!(steps <= 3),
            other => panic!("{}: {other:?}", approach.info().id),
        }
    }
}

#[test]
fn bad_tenures_are_refused() {
    for bad in ["-1", "1000001", "ten", ""] {
        let err = Local(TabuSearch).first(8, &opts(1, Some(bad)), Steps::Count);
        assert!(
            matches!(err, Err(Refusal::Unsupported { .. })),
            "{bad}: {err:?}"
        );
    }
    assert!(
        Local(TabuSearch)
            .first(8, &opts(1, Some("0")), Steps::Count)
            .is_ok()
    );
}

/// Replays a tabu trace and checks each iteration against the rule,
/// recomputed from the board alone: the queen was conflicted, no row left
/// within the tenure is taken unless it aspires (h below the lowest seen),
/// the row taken has the fewest conflicts among the rows allowed, the
/// trace's count of tabu rows is right, and h recounted pair by pair is
/// the trace's at the end (0).
#[test]
fn tabu_moves_follow_the_rule_and_never_undo_within_the_tenure() {
    let mut skips = 0;
    for tenure in [3u64, 10] {
        for n in [6, 8, 12] {
            for seed in 1..=10 {
                let o = Options {
                    max_steps: Some(2000),
                    ..opts(seed, Some(&tenure.to_string()))
                };
                let (mut board, moves) = trace(TabuSearch, n, &o);
                let mut left: Vec<(usize, usize, u64)> = Vec::new();
                let mut lowest = attacking_pairs(&board);
                for (i, e) in moves.iter().enumerate() {
                    let iteration = i as u64 + 1;
                    let (col, from, to) = cols_rows(e);
                    assert_eq!(board[col] as usize, from);
                    assert!(conflicts(&board, col, from) > 0, "{e}");
                    let is_tabu = |t: usize| {
                        left.iter()
                            .any(|&(c, r, s)| c == col && r == t && iteration <= s + tenure)
                    };
                    let after = |t: usize| {
                        let mut b = board.clone();
                        b[col] = t as u32;
                        attacking_pairs(&b) as i64
                    };
                    let allowed: Vec<usize> = (0..n)
                        .filter(|&t| t != from)
                        .filter(|&t| !is_tabu(t) || after(t) < lowest as i64)
                        .collect();
                    let tabu_count = (0..n).filter(|&t| t != from && is_tabu(t)).count();
                    assert_eq!(
                        e["tabu"].as_u64().unwrap() as usize,
                        tabu_count - allowed.iter().filter(|&&t| is_tabu(t)).count(),
                        "{e}"
                    );
                    skips += e["tabu"].as_u64().unwrap();
                    if allowed.is_empty() {
                        assert_eq!(to, from, "{e}");
                    } else {
                        let least = allowed.iter().map(|&t| conflicts(&board, col, t)).min();
                        assert_eq!(Some(conflicts(&board, col, to)), least, "{e}");
                        assert!(allowed.contains(&to), "{e}");
                        assert_eq!(e["aspiration"].as_bool().unwrap(), is_tabu(to), "{e}");
                        if is_tabu(to) {
                            assert!(after(to) < lowest as i64, "{e}");
                        }
                        left.push((col, from, iteration));
                    }
                    board[col] = to as u32;
                    lowest = lowest.min(attacking_pairs(&board));
                }
            }
        }
    }
    assert!(skips > 0, "some tabu row was passed over");
}

/// The weighted cost of `board` under `weights`, pair by pair.
fn weighted(board: &[u32], weights: &Weights) -> u64 {
    let n = board.len();
    let mut cost = 0;
    for a in 0..n {
        for b in a + 1..n {
            let (ra, rb) = (board[a] as usize, board[b] as usize);
            if ra == rb || ra.abs_diff(rb) == b - a {
                cost += weights.of(a, b);
            }
        }
    }
    cost
}

/// At every local minimum the run bumps at, no move lowers the weighted
/// cost recomputed from scratch, so weights grow only at local minima.
#[test]
fn weights_grow_only_at_local_minima() {
    let mut minima = 0;
    for n in [5, 6, 8, 10] {
        for seed in 1..=20 {
            let run = constraint_weighting_with(n, seed, 100_000, &mut NoSteps, |board, w| {
                minima += 1;
                let rows = board.rows();
                let now = weighted(rows, w);
                assert!(board.h() > 0);
                for c in 0..n {
                    for t in 0..n {
                        let mut b = rows.to_vec();
                        b[c] = t as u32;
                        assert!(weighted(&b, w) >= now, "a move lowers the cost");
                    }
                }
            });
            assert!(run.solved);
        }
    }
    assert!(minima > 0, "some run met a local minimum");
}

/// Replays a weighting trace with weights kept by the test: before each
/// move the breakouts it reports are applied (every attacking pair + 1 each,
/// their count checked), and the move is one of those that lower the
/// weighted cost most.
#[test]
fn weighting_moves_are_the_best_weighted_moves() {
    let mut breakouts = 0;
    for n in [6, 8, 10] {
        for seed in 1..=10 {
            let (mut board, moves) = trace(ConstraintWeighting, n, &opts(seed, None));
            let mut weights = Weights::new(n);
            for e in &moves {
                let minima = e["minima"].as_u64().unwrap_or(0);
                let mut bumped = 0;
                for _ in 0..minima {
                    for a in 0..n {
                        for b in a + 1..n {
                            let (ra, rb) = (board[a] as usize, board[b] as usize);
                            if ra == rb || ra.abs_diff(rb) == b - a {
                                weights.bump(a, b);
                                bumped += 1;
                            }
                        }
                    }
                }
                breakouts += minima;
                assert_eq!(e["bumped"].as_u64().unwrap_or(0), bumped, "{e}");
                let (col, from, to) = cols_rows(e);
                assert_eq!(board[col] as usize, from);
                let now = weighted(&board, &weights) as i64;
                let cost = |c: usize, t: usize| {
                    let mut b = board.clone();
                    b[c] = t as u32;
                    weighted(&b, &weights) as i64 - now
                };
                let rows = &board;
                let best = (0..n)
                    .flat_map(|c| {
                        (0..n)
                            .filter(move |&t| t != rows[c] as usize)
                            .map(move |t| (c, t))
                    })
                    .map(|(c, t)| cost(c, t))
                    .min()
                    .unwrap();
                assert!(best < 0);
                assert_eq!(cost(col, to), best, "{e}");
                board[col] = to as u32;
            }
            assert_eq!(attacking_pairs(&board), 0);
        }
    }
    assert!(breakouts > 0, "some trace had a breakout");
}
