use std::io::{self, Write};
use std::sync::{Arc, Mutex};

use queens_core::trace::Start;
use queens_core::{
    Approach, Local, Options, Refusal, Steps, TraceMode, TraceRun, Tracer, is_solution, known,
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
            let mut solved = 0;
            for seed in 1..=10 {
                let o = opts(seed, &[]);
                match approach.first(n, &o, Steps::Count) {
                    Ok(out) => {
                        match &out.solution {
                            Some(b) => {
                                assert!(is_solution(b) && b.len() == n, "{id}, n = {n}");
                                solved += 1;
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
            if known::solvable(n) && n <= 8 {
                assert!(solved >= 8, "{id}, n = {n}: {solved} of 10");
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
    let [beam, genetic] = both();
    let out = genetic.first(8, &opts(1, &[]), Steps::Count).unwrap();
    assert_eq!(
        out.extra,
        vec![("offspring", out.steps.unwrap() * DEFAULT_POPULATION as u64)]
    );
    let out = beam.first(8, &opts(1, &[]), Steps::Count).unwrap();
    let (steps, states) = (out.steps.unwrap(), out.extra[0].1);
    let per_generation = (DEFAULT_BEAM_WIDTH * 8 * 7) as u64;
    assert!(states > (steps - 1) * per_generation && states <= steps * per_generation);
}

/// A writer the test reads back.
#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
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
                let buffer = Buffer::default();
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
                let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
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
