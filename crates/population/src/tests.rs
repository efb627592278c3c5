use queens_core::trace::Start;
use queens_core::{
    Approach, Local, Options, Outcome, Refusal, Steps, TraceMode, TraceRun, Tracer, is_solution,
    known,
};
use serde_json::Value;

use super::*;

fn opts(seed: u64, knobs: &[(&'static str, &str)]) -> Options {
    Options {
        seed,
        knobs: knobs.iter().map(|(k, v)| (*k, v.to_string())).collect(),
        ..Options::default()
    }
}

fn both() -> [&'static dyn Approach; 2] {
    static BEAM: Local<Beam> = Local(Beam);
    static GENETIC: Local<GeneticAlgorithm> = Local(GeneticAlgorithm);
    [&BEAM, &GENETIC]
}

#[test]
fn boards_found_are_solutions_and_runs_are_reproducible() {
    for approach in both() {
        let id = approach.info().id;
        for n in 0..=10 {
            for seed in 1..=10 {
                let o = opts(seed, &[]);
                match approach.first(n, &o, Steps::Count) {
                    Ok(out) => {
                        match &out.solution {
                            Some(b) => {
                                assert!(is_solution(b) && b.len() == n, "{id}, n = {n}")
                            }
                            None => assert!(!known::solvable(n), "{id}, n = {n}"),
                        }
                        let timed = approach.first(n, &o, Steps::Skip).unwrap();
                        assert_eq!((timed.solution, timed.extra), (out.solution, out.extra));
                    }
                    Err(Refusal::GaveUp { steps, .. }) => assert!(n > 3 && steps > 0, "{id}"),
                    Err(e) => panic!("{e}"),
                }
            }
        }
    }
}

#[test]
fn knobs_out_of_range_are_refused() {
    let [beam, genetic] = both();
    for bad in ["0", "10001", "-1", "x", "1.5", ""] {
        let o = opts(1, &[(BEAM_WIDTH, bad)]);
        assert!(
            matches!(
                beam.first(8, &o, Steps::Skip),
                Err(Refusal::Unsupported { .. })
            ),
            "{bad}"
        );
    }
    for bad in ["1", "100001", "x"] {
        let o = opts(1, &[(POPULATION, bad)]);
        assert!(
            matches!(
                genetic.first(8, &o, Steps::Skip),
                Err(Refusal::Unsupported { .. })
            ),
            "{bad}"
        );
    }
    for bad in ["1.5", "-0.1", "x", "NaN"] {
        let o = opts(1, &[(MUTATION_RATE, bad)]);
        assert!(
            matches!(
                genetic.first(8, &o, Steps::Skip),
                Err(Refusal::Unsupported { .. })
            ),
            "{bad}"
        );
    }
    // The extremes are accepted: one board, two parents, never or always mutated.
    for (approach, knobs) in [
        (beam, vec![(BEAM_WIDTH, "1")]),
        (genetic, vec![(POPULATION, "2"), (MUTATION_RATE, "0")]),
        (genetic, vec![(MUTATION_RATE, "1")]),
    ] {
        let o = Options {
            max_steps: Some(50),
            ..opts(1, &knobs)
        };
        match approach.first(8, &o, Steps::Count) {
            Ok(out) => assert!(is_solution(out.solution.as_ref().unwrap())),
            Err(Refusal::GaveUp { steps, .. }) => assert!(steps <= 50),
            Err(e) => panic!("{knobs:?}: {e}"),
        }
    }
}

#[test]
fn the_step_budget_is_honoured_and_statistics_add_up() {
    for approach in both() {
        for max in [0, 1, 3] {
            for seed in 1..=5 {
                let o = Options {
                    max_steps: Some(max),
                    ..opts(seed, &[])
                };
                match approach.first(12, &o, Steps::Count) {
                    Ok(out) => assert!(out.steps.unwrap() <= max),
                    Err(Refusal::GaveUp { steps, .. }) => assert_eq!(steps, max),
                    Err(e) => panic!("{e}"),
                }
            }
        }
    }
}

/// The boards a traced run writes, one per generation (0-based rows), and
/// its outcome; `None` when it gave up.
fn traced_boards(
    approach: &dyn Approach,
    n: usize,
    o: &Options,
) -> Option<(Outcome, Vec<Vec<u32>>)> {
    let buffer = queens_test_support::SharedBuffer::default();
    let start = Start {
        algo: approach.info().id,
        n,
        mode: TraceMode::First,
        step: TRACE.step,
        node: None,
    };
    let mut tracer = Tracer::new(Box::new(buffer.clone()), &start);
    let out = approach.trace(n, o, TraceRun::First, &mut tracer).ok()?;
    tracer.finish(out.solutions).unwrap();
    let text = buffer.text();
    let boards = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|e| e["event"] == "board")
        .map(|e| {
            let b = e["board"].as_array().unwrap();
            b.iter().map(|v| v.as_u64().unwrap() as u32 - 1).collect()
        })
        .collect();
    Some((out, boards))
}

/// Genetic makes one child per individual per generation: at n = 6, with
/// the documented default population (1000, `queens --help`) and with a
/// population of 50 set by the knob, the offspring are that many times the
/// generations counted in the trace (one board each).
#[test]
fn genetic_makes_a_population_of_children_per_generation() {
    let [_, genetic] = both();
    for (knobs, population) in [(vec![], 1000), (vec![(POPULATION, "50")], 50)] {
        let mut checked = 0;
        for seed in 1..=10 {
            let Some((out, boards)) = traced_boards(genetic, 6, &opts(seed, &knobs)) else {
                continue;
            };
            let generations = boards.len() as u64;
            assert!(out.solution.is_some() && generations >= 1, "seed {seed}");
            assert_eq!(out.extra, vec![("offspring", population * generations)]);
            checked += 1;
        }
        assert!(
            checked >= 3,
            "population {population}: {checked} runs solved"
        );
    }
}

/// Beam search with one board (`beam-width 1`) expands it column by
/// column, each column's other rows in order, and stops at the first
/// goal: after g generations of n(n − 1) successors each, the goal found
/// in the last one, c columns and r' rows into it (r' skipping the
/// queen's own row), is successor g·n(n − 1) + c(n − 1) + r' + 1. The
/// board expanded is the trace's board of the generation before, so the
/// count comes from the trace, not from the search; and no successor
/// scanned before the goal is a solution (checked by brute force). With
/// the default 10 boards a generation makes 10·8·7 = 560 successors at
/// n = 8 (hand value), so the count lies in the last generation's 560.
#[test]
fn beam_counts_the_successors_it_generates() {
    let [beam, _] = both();
    let n = 8usize;
    let mut checked = 0;
    for seed in 1..=40 {
        let Some((out, boards)) = traced_boards(beam, n, &opts(seed, &[(BEAM_WIDTH, "1")])) else {
            continue;
        };
        let (Some(goal), [.., before, last]) = (&out.solution, &boards[..]) else {
            continue;
        };
        assert_eq!(last, goal);
        let moved: Vec<usize> = (0..n).filter(|&c| before[c] != goal[c]).collect();
        assert_eq!(
            moved.len(),
            1,
            "seed {seed}: one queen moves per generation"
        );
        let (c, from, to) = (moved[0], before[moved[0]] as usize, goal[moved[0]] as usize);
        let r = if to < from { to } else { to - 1 };
        let g = boards.len() as u64 - 1;
        let per = (n * (n - 1)) as u64;
        let expected = g * per + (c * (n - 1) + r + 1) as u64;
        assert_eq!(out.extra, vec![("states", expected)], "seed {seed}");
        for col in 0..=c {
            for row in (0..n).filter(|&row| row != before[col] as usize) {
                if col == c && row == to {
                    break;
                }
                let mut b = before.clone();
                b[col] = row as u32;
                assert!(!is_solution(&b), "seed {seed}: a goal before the one found");
            }
        }
        checked += 1;
    }
    assert!(
        checked >= 5,
        "only {checked} runs took two generations or more"
    );
    let out = beam.first(8, &opts(1, &[]), Steps::Count).unwrap();
    let (steps, states) = (out.steps.unwrap(), out.extra[0].1);
    assert!(states > (steps - 1) * 560 && states <= steps * 560);
}

/// Starts per size in [`the_success_rates_have_not_dropped`].
const RATE_SEEDS: u64 = 100;

/// The success rates at n = 4..=8, as measured by `starts ID N 1000001 M`
/// (crates/approaches, revision 366a966; seeds disjoint from the test's):
/// (id, n, solved, of M).
const MEASURED: [(&str, usize, u64, u64); 10] = [
    ("beam", 4, 20_000, 20_000),
    ("beam", 5, 20_000, 20_000),
    ("beam", 6, 19_991, 20_000),
    ("beam", 7, 19_994, 20_000),
    ("beam", 8, 19_991, 20_000),
    ("genetic", 4, 3_000, 3_000),
    ("genetic", 5, 3_000, 3_000),
    ("genetic", 6, 3_000, 3_000),
    ("genetic", 7, 3_000, 3_000),
    ("genetic", 8, 2_993, 3_000),
];

/// Each size solves at least [`queens_core::rate::threshold`]'s pass mark
/// of seeds 1..=100 (beam 96 to 98, genetic 94 to 96). Its false-failure
/// chance, taken at the 95 % lower bound of the measured rate, is below
/// 1e-6 (at most 5.4e-7), and a drop to 80 % of the measured rate fails it
/// with a chance above 0.9999. The old check, 8 of 10, let a rate of 0.8 pass 68 % of the
/// time. The seeds are fixed, so the verdict is deterministic; about 2 s,
/// most of it genetic at n = 8.
#[test]
fn the_success_rates_have_not_dropped() {
    let [beam, genetic] = both();
    for (id, n, solved, of) in MEASURED {
        let approach = if id == "beam" { beam } else { genetic };
        let mark = queens_core::rate::threshold(solved, of, RATE_SEEDS);
        assert!(
            mark.false_failure < queens_core::rate::FALSE_FAILURE
                && mark.power >= queens_core::rate::POWER,
            "{id}, n = {n}: {mark:?}"
        );
        let got = (1..=RATE_SEEDS)
            .filter(|&seed| {
                let out = approach.first(n, &opts(seed, &[]), Steps::Skip);
                out.is_ok_and(|o| o.solution.is_some_and(|b| is_solution(&b) && b.len() == n))
            })
            .count() as u64;
        assert!(
            got >= mark.at_least,
            "{id}, n = {n}: {got} of {RATE_SEEDS} solved, at least {} expected ({mark:?})",
            mark.at_least
        );
    }
}

#[test]
fn traces_hold_a_board_per_generation_ending_with_the_board_found() {
    for approach in both() {
        let id = approach.info().id;
        for n in [4, 5, 6, 8] {
            for seed in 1..=4 {
                let o = opts(seed, &[]);
                let Ok(first) = approach.first(n, &o, Steps::Count) else {
                    continue;
                };
                let buffer = queens_test_support::SharedBuffer::default();
                let start = Start {
                    algo: id,
                    n,
                    mode: TraceMode::First,
                    step: TRACE.step,
                    node: None,
                };
                let mut tracer = Tracer::new(Box::new(buffer.clone()), &start);
                let traced = approach.trace(n, &o, TraceRun::First, &mut tracer).unwrap();
                tracer.finish(traced.solutions).unwrap();
                assert_eq!(
                    (&traced.solution, traced.steps),
                    (&first.solution, first.steps)
                );
                let text = buffer.text();
                let lines: Vec<Value> = text
                    .lines()
                    .map(|l| serde_json::from_str(l).unwrap())
                    .collect();
                let body = &lines[1..lines.len() - 1];
                assert_eq!(
                    Some(body.len() as u64),
                    first.steps,
                    "{id}: a board per generation"
                );
                let boards: Vec<Vec<u32>> = body
                    .iter()
                    .map(|e| {
                        assert_eq!(e["event"], "board");
                        let b = e["board"].as_array().unwrap();
                        b.iter().map(|v| v.as_u64().unwrap() as u32 - 1).collect()
                    })
                    .collect();
                assert_eq!(
                    boards.last(),
                    first.solution.as_ref(),
                    "{id}, n = {n}, seed {seed}"
                );
                assert!(
                    boards[..boards.len() - 1]
                        .iter()
                        .all(|b| b.len() == n && !is_solution(b))
                );
            }
        }
    }
}

// Success shares and mean steps over many seeds are measured by the
// `starts` binary of crates/approaches (`starts ID N FIRST_SEED SEEDS
// [MAX_STEPS] [KNOB=VALUE]...`), which the textbook study runs.
