use queens_core::{LocalSearch, NoSteps, Options, Probe, Refusal, StepCounter, is_solution, known};

use crate::*;
use queens_complete_state::attacking_pairs as pairs;

const ALL: [HillClimbing; 5] = [
    HILL_CLIMBING,
    HILL_CLIMBING_SIDEWAYS,
    RANDOM_RESTART,
    RANDOM_RESTART_SIDEWAYS,
    FIRST_CHOICE,
];

/// Records what a trace would: the boards drawn, the moves, the restarts,
/// and the successors first choice drew per move; checks that each restart
/// follows a stuck climb, on a board no successor of which is better.
#[derive(Default)]
struct Recorder {
    boards: Vec<Vec<u32>>,
    moves: Vec<(usize, usize, usize, u32)>,
    restarts: usize,
    steps: u64,
    /// The board as the events leave it.
    current: Vec<u32>,
    tried: Vec<u64>,
}

impl Probe for Recorder {
    const COUNTS: bool = true;
    const TRACES: bool = true;
    fn step(&mut self) {
        self.steps += 1;
    }
    fn total(&self) -> Option<u64> {
        Some(self.steps)
    }
    fn init(&mut self, board: &[u32]) {
        self.boards.push(board.to_vec());
        self.current = board.to_vec();
        self.moves.clear();
    }
    fn why(&mut self, why: queens_core::Why) {
        let queens_core::Why::Tried(k) = why else {
            panic!("a climb says only how many successors it drew: {why:?}");
        };
        self.tried.push(k);
    }
    fn moved(&mut self, col: usize, from: usize, to: usize, conflicts: u32) {
        self.moves.push((col, from, to, conflicts));
        self.current[col] = to as u32;
    }
    fn restart(&mut self, reason: queens_core::Restart) {
        assert_eq!(reason, queens_core::Restart::Stuck);
        assert!(is_local_minimum(&self.current), "{:?}", self.current);
        self.restarts += 1;
    }
}

fn opts(seed: u64) -> Options {
    Options {
        seed,
        ..Options::default()
    }
}

#[test]
fn boards_found_are_solutions_and_failures_are_give_ups() {
    for a in ALL {
        for n in [0, 1, 2, 3, 4, 5, 6, 8, 12, 30] {
            for seed in 1..=20 {
                match a.find(n, &opts(seed), &mut NoSteps) {
                    Ok(found) => match found.solution {
                        Some(board) => {
                            assert_eq!(board.len(), n);
                            assert!(is_solution(&board), "{}: n = {n}", a.info.id);
                        }
                        None => assert!(!known::solvable(n), "{}: n = {n}", a.info.id),
                    },
                    Err(Refusal::GaveUp { .. }) => {
                        assert!(known::solvable(n));
                        assert!(!a.settings.restarts, "{}: n = {n}", a.info.id);
                    }
                    Err(e) => panic!("{e}"),
                }
            }
        }
    }
}

#[test]
fn the_trace_replays_to_the_board_returned_and_counts_the_steps() {
    for a in ALL {
        for n in [4, 8, 13, 50] {
            for seed in 1..=10 {
                let mut rec = Recorder::default();
                let counted = a.find(n, &opts(seed), &mut StepCounter::default());
                let found = a.find(n, &opts(seed), &mut rec);
                assert_eq!(
                    counted, found,
                    "{}: counted or traced, the same run",
                    a.info.id
                );
                assert_eq!(rec.boards.len(), rec.restarts + 1);
                let mut board = rec.boards.last().unwrap().clone();
                for &(c, from, to, conflicts) in &rec.moves {
                    assert_eq!(board[c] as usize, from);
                    assert_ne!(from, to);
                    board[c] = to as u32;
                    assert_eq!(
                        u64::from(conflicts),
                        pairs(&board) - pairs_without(&board, c)
                    );
                }
                let n_moves = rec.steps as usize;
                if a.settings.rule == Rule::FirstChoice {
                    assert_eq!(rec.tried.len(), n_moves, "one count per move");
                    let most = (n * (n - 1)) as u64;
                    assert!(rec.tried.iter().all(|&k| (1..=most).contains(&k)));
                } else {
                    assert!(rec.tried.is_empty());
                }
                if let Ok(found) = found {
                    assert_eq!(found.solution, Some(board), "{}: n = {n}", a.info.id);
                    let restarts = found.extra.iter().find(|(k, _)| *k == "restarts");
                    assert_eq!(restarts.map_or(0, |r| r.1), rec.restarts as u64);
                }
            }
        }
    }
}

/// The attacking pairs that do not involve column c's queen.
fn pairs_without(board: &[u32], c: usize) -> u64 {
    let mut h = 0;
    for a in 0..board.len() {
        for b in a + 1..board.len() {
            if a == c || b == c {
                continue;
            }
            let (ra, rb) = (i64::from(board[a]), i64::from(board[b]));
            if ra == rb || (ra - rb).abs() == (b - a) as i64 {
                h += 1;
            }
        }
    }
    h
}

/// No successor of the board is better (h of every single move ≥ h).
fn is_local_minimum(board: &[u32]) -> bool {
    let h = pairs(board);
    (0..board.len()).all(|c| {
        (0..board.len() as u32).all(|r| {
            let mut next = board.to_vec();
            next[c] = r;
            pairs(&next) >= h
        })
    })
}

#[test]
fn a_climb_stops_only_where_no_successor_is_better() {
    let mut climber = Climber::new();
    for settings in [STEEPEST, FIRST, STEEPEST_SIDEWAYS] {
        for seed in 0..300 {
            let run = climber.run(8, seed, &settings, u64::MAX, &mut NoSteps);
            assert_eq!(run.h, pairs(climber.board()));
            assert_eq!(run.solved, run.h == 0);
            assert!(
                is_local_minimum(climber.board()),
                "{settings:?} seed {seed}"
            );
            if settings.sideways == 0 {
                assert_eq!(run.sideways_moves, 0);
            }
        }
    }
}

/// A climb that stops unsolved says where: at a local minimum when every
/// successor raises h, else on a plateau; the ending and the h it reports
/// are those of the board it holds, recounted pair by pair.
#[test]
fn a_stuck_climb_says_whether_it_is_a_local_minimum_or_a_plateau() {
    let strict = |board: &[u32]| {
        let h = pairs(board);
        (0..board.len()).all(|c| {
            (0..board.len() as u32).filter(|&r| r != board[c]).all(|r| {
                let mut next = board.to_vec();
                next[c] = r;
                pairs(&next) > h
            })
        })
    };
    let mut seen = [0; 2];
    for id in [
        HILL_CLIMBING,
        HILL_CLIMBING_SIDEWAYS,
        FIRST_CHOICE,
        STOCHASTIC_HILL_CLIMBING,
    ] {
        for n in [7, 8] {
            for seed in 1..=100 {
                let mut climber = Climber::new();
                let run = climber.run(n, seed, &id.settings, u64::MAX, &mut NoSteps);
                let board = climber.board();
                match run.ending {
                    None => assert!(run.solved),
                    Some(ending) => {
                        let minimum = strict(board);
                        let want = if minimum {
                            Ending::LocalMinimum
                        } else {
                            Ending::Plateau
                        };
                        assert_eq!(ending, want, "{} seed {seed}", id.info.id);
                        seen[usize::from(minimum)] += 1;
                        // The refusal carries the same, and the h of that board.
                        match id.find(n, &opts(seed), &mut NoSteps) {
                            Err(Refusal::GaveUp {
                                ending: e,
                                h,
                                restarts,
                                steps,
                                ..
                            }) => {
                                assert_eq!((e, h, restarts), (ending, Some(pairs(board)), None));
                                assert_eq!(steps, run.moves);
                            }
                            other => panic!("{other:?}"),
                        }
                    }
                }
            }
        }
    }
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
}

#[test]
fn steepest_moves_lower_h_and_sideways_runs_stay_within_the_limit() {
    for sideways in [0, 1, 5, 100] {
        let settings = Settings {
            sideways,
            ..STEEPEST
        };
        for seed in 0..100 {
            let mut rec = Recorder::default();
            let run = Climber::new().run(8, seed, &settings, u64::MAX, &mut rec);
            let mut board = rec.boards[0].clone();
            let (mut h, mut run_length) = (pairs(&board), 0);
            for &(c, _, to, _) in &rec.moves {
                board[c] = to as u32;
                let next = pairs(&board);
                assert!(next <= h);
                run_length = if next == h { run_length + 1 } else { 0 };
                assert!(run_length <= sideways);
                h = next;
            }
            assert_eq!(run.moves, rec.moves.len() as u64);
        }
    }
}

#[test]
fn the_budget_bounds_moves_and_restarts() {
    for budget in [0, 1, 5, 40] {
        for seed in 1..=20 {
            let run = climb(8, seed, &RESTARTS, budget);
            assert!(run.moves + run.restarts <= budget, "{run:?}");
            let o = Options {
                max_steps: Some(budget),
                ..opts(seed)
            };
            match RANDOM_RESTART.find(8, &o, &mut NoSteps) {
                Err(Refusal::GaveUp { steps, .. }) => assert_eq!(steps, run.moves),
                Ok(_) => assert!(run.solved),
                Err(e) => panic!("{e}"),
            }
        }
    }
}

#[test]
fn sideways_is_read_only_where_it_applies_and_checked() {
    let with = |k: &str| Options {
        knobs: vec![(SIDEWAYS, k.to_string())],
        ..Options::default()
    };
    assert_eq!(HILL_CLIMBING_SIDEWAYS.knobs(), &[SIDEWAYS]);
    assert_eq!(RANDOM_RESTART_SIDEWAYS.knobs(), &[SIDEWAYS]);
    for a in [HILL_CLIMBING, RANDOM_RESTART, FIRST_CHOICE] {
        assert!(a.knobs().is_empty());
    }
    assert_eq!(
        HILL_CLIMBING_SIDEWAYS
            .settings(&with("7"))
            .unwrap()
            .sideways,
        7
    );
    assert_eq!(
        HILL_CLIMBING_SIDEWAYS.settings(&with("0")).unwrap(),
        STEEPEST
    );
    for bad in ["-1", "x", "1000001"] {
        assert!(matches!(
            HILL_CLIMBING_SIDEWAYS.find(8, &with(bad), &mut NoSteps),
            Err(Refusal::Unsupported { .. })
        ));
    }
}

#[test]
fn restarts_solve_every_seed_and_climbs_alone_sometimes_do() {
    for a in [RANDOM_RESTART, RANDOM_RESTART_SIDEWAYS] {
        for n in [4, 8, 20] {
            for seed in 1..=30 {
                let found = a.find(n, &opts(seed), &mut NoSteps).unwrap();
                assert!(is_solution(&found.solution.unwrap()));
            }
        }
    }
    for a in [HILL_CLIMBING, HILL_CLIMBING_SIDEWAYS, FIRST_CHOICE] {
        let solved = (1..=200)
            .filter(|&seed| a.find(8, &opts(seed), &mut NoSteps).is_ok())
            .count();
        // Sometimes: a chance of (1 − 0.14)^200 ≈ 8e-14 that a correct
        // climb solves none; its rate is tested below.
        assert!(solved > 0, "{}", a.info.id);
    }
}

/// Starts at n = 8 in [`the_climbs_success_rates_have_not_dropped`].
const RATE_SEEDS: u64 = 10_000;

/// The climbs' success rates at n = 8, as measured by `starts ID 8 1000001
/// 20000` (crates/approaches, revision 366a966; seeds disjoint from the
/// test's): (climb, solved of 20 000). AIMA §4.1.1 gives 14 % and 94 %.
const MEASURED: [(HillClimbing, u64); 3] = [
    (HILL_CLIMBING, 2_852),
    (FIRST_CHOICE, 2_840),
    (HILL_CLIMBING_SIDEWAYS, 18_858),
];

/// Each climb solves at least [`queens_core::rate::threshold`]'s pass mark
/// of seeds 1..=10 000 (1 224 for steepest ascent, 1 218 first choice,
/// 9 285 sideways). Its false-failure chance, taken at the 95 % lower bound
/// of the measured rate, is below 1e-6 (8.4e-7 to 9.4e-7), and a drop to
/// 80 % of the measured rate (14 % to 11.4 %, 94 % to 75 %) fails it with
/// a chance of 0.994 or more; a drop to 90 % is caught only 3 % of the time
/// for the 14 % climbs (it would take about 50 000 starts). The old check,
/// one solved of 200, caught nothing short of a rate near 0. The seeds are
/// fixed, so the verdict is deterministic; about 1 s.
#[test]
fn the_climbs_success_rates_have_not_dropped() {
    for (climb, solved) in MEASURED {
        let id = climb.info.id;
        let mark = queens_core::rate::threshold(solved, 20_000, RATE_SEEDS);
        assert!(
            mark.false_failure < queens_core::rate::FALSE_FAILURE
                && mark.power >= queens_core::rate::POWER,
            "{id}: {mark:?}"
        );
        let got = (1..=RATE_SEEDS)
            .filter(|&seed| {
                let found = climb.find(8, &opts(seed), &mut NoSteps);
                found.is_ok_and(|f| f.solution.is_some_and(|b| pairs(&b) == 0 && b.len() == 8))
            })
            .count() as u64;
        assert!(
            got >= mark.at_least,
            "{id}: {got} of {RATE_SEEDS} solved, at least {} expected ({mark:?})",
            mark.at_least
        );
    }
}

proptest::proptest! {
    #[test]
    fn runs_are_the_same_counted_or_not(seed: u64, n in 4usize..40, which in 0usize..5) {
        let a = ALL[which];
        let settings = a.settings(&Options::default()).unwrap();
        let mut climber = Climber::new();
        let plain = climber.run(n, seed, &settings, 10_000, &mut NoSteps);
        let plain_board = climber.board().to_vec();
        let mut probe = StepCounter::default();
        let counted = climber.run(n, seed, &settings, 10_000, &mut probe);
        proptest::prop_assert_eq!(plain, counted);
        proptest::prop_assert_eq!(probe.count, counted.moves);
        proptest::prop_assert_eq!(plain_board, climber.board());
        proptest::prop_assert_eq!(counted.h, pairs(climber.board()));
    }
}
