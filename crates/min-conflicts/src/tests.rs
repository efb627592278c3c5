//! Tests of the whole search and of its parts. Runs with `CHECK` recompute
//! every maintained structure after every move (see `Board::check`).

use super::*;
use crate::board::{Board, Scans};
use crate::search::{Pick, Stats, Tuning, run};
use proptest::prelude::*;
use queens_core::{Approach, Local, NoSteps, StepCounter, Steps, is_solution};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The write-up's exact greedy initialisation at every n.
const EXACT: Tuning = Tuning {
    exact_init_max_n: usize::MAX,
    ..Tuning::DEFAULT
};

/// The sampled initialisation at every n.
const SAMPLED: Tuning = Tuning {
    exact_init_max_n: 0,
    ..Tuning::DEFAULT
};

const PICKS: [Pick; 2] = [Pick::Random, Pick::MostConflicted];

/// One run; with `CHECKED`, every invariant is checked after every move.
fn solve<const CHECKED: bool>(
    n: usize,
    seed: u64,
    pick: Pick,
    tuning: &Tuning,
) -> (Vec<u32>, Stats) {
    let budget = default_budget(n);
    let (found, stats) = run::<_, CHECKED>("test", n, seed, budget, pick, tuning, &mut NoSteps);
    (found.expect("solved").solution.expect("a board"), stats)
}

fn find(pick: Pick, n: usize, opts: &Options) -> Result<Found, Refusal> {
    match pick {
        Pick::Random => MinConflictsRandom.find(n, opts, &mut NoSteps),
        Pick::MostConflicted => MinConflictsMostConflicted.find(n, opts, &mut NoSteps),
    }
}

#[test]
fn sizes_without_search_are_answered_at_once() {
    for pick in PICKS {
        let opts = Options::default();
        assert_eq!(find(pick, 0, &opts).unwrap().solution, Some(vec![]));
        assert_eq!(find(pick, 1, &opts).unwrap().solution, Some(vec![0]));
        for n in [2, 3] {
            let found = find(pick, n, &opts).unwrap();
            assert_eq!(found.solution, None, "n = {n}");
            assert!(found.extra.iter().all(|&(_, v)| v == 0));
        }
    }
    let approach = Local(MinConflictsRandom);
    let out = approach
        .first(3, &Options::default(), Steps::Count)
        .unwrap();
    assert_eq!((out.solutions, out.steps), (0, Some(0)));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Every board returned is a solution, for both variants and both
    /// initialisations, with every structure re-verified after every move.
    #[test]
    fn every_board_is_a_solution(
        n in prop_oneof![Just(1usize), Just(4), Just(5), Just(8), 6usize..=12, 13usize..=150],
        seed in any::<u64>(),
        most in any::<bool>(),
        exact in any::<bool>(),
    ) {
        let pick = if most { Pick::MostConflicted } else { Pick::Random };
        let (board, _) = solve::<true>(n, seed, pick, if exact { &EXACT } else { &SAMPLED });
        prop_assert_eq!(board.len(), n);
        prop_assert!(is_solution(&board), "{:?}", board);
    }
}

#[test]
fn boards_are_solutions_through_the_public_api() {
    for pick in PICKS {
        for n in [1, 4, 5, 6, 7, 8, 9, 10, 20, 999, 1000, 1001, 5000, 200_000] {
            for seed in 0..3 {
                let opts = Options {
                    seed,
                    max_steps: None,
                    ..Options::default()
                };
                let board = find(pick, n, &opts).unwrap().solution.unwrap();
                assert_eq!(board.len(), n);
                assert!(is_solution(&board), "{pick:?} n = {n} seed = {seed}");
            }
        }
    }
}

#[test]
fn eight_queens_succeed_for_a_thousand_seeds() {
    // AIMA's min_conflicts, which never restarts, fails about 8% of these.
    for pick in PICKS {
        for tuning in [&EXACT, &SAMPLED] {
            let mut restarted = 0;
            for seed in 0..1000 {
                let (board, stats) = solve::<false>(8, seed, pick, tuning);
                assert!(is_solution(&board), "{pick:?} seed {seed}");
                restarted += u64::from(stats.restarts > 0);
            }
            // The restarts are what rescues the stuck runs.
            assert!(restarted > 0, "{pick:?}: no run ever restarted");
        }
    }
    // And through the public API with the default budget.
    for pick in PICKS {
        for seed in 1000..2000 {
            let opts = Options {
                seed,
                max_steps: None,
                ..Options::default()
            };
            assert!(is_solution(
                &find(pick, 8, &opts).unwrap().solution.unwrap()
            ));
        }
    }
}

#[test]
fn a_seed_fixes_board_moves_iterations_and_restarts() {
    for pick in PICKS {
        for n in [8, 100, 5000, 100_000] {
            for seed in [1, 42] {
                let (a, mut sa) = solve::<false>(n, seed, pick, &Tuning::DEFAULT);
                let (b, mut sb) = solve::<false>(n, seed, pick, &Tuning::DEFAULT);
                (sa.init_nanos, sb.init_nanos) = (0, 0);
                assert_eq!(a, b, "{pick:?} n = {n}");
                assert_eq!(sa, sb, "{pick:?} n = {n}");
            }
        }
    }
    // Counting steps does not change the run.
    let opts = Options {
        seed: 7,
        max_steps: None,
        ..Options::default()
    };
    let mut probe = StepCounter::default();
    let counted = MinConflictsRandom.find(3000, &opts, &mut probe).unwrap();
    let uncounted = MinConflictsRandom.find(3000, &opts, &mut NoSteps).unwrap();
    assert_eq!(counted.solution, uncounted.solution);
    let (_, stats) = solve::<false>(3000, 7, Pick::Random, &Tuning::DEFAULT);
    assert_eq!(probe.count, stats.moves);
}

#[test]
fn different_seeds_give_different_boards() {
    let boards: std::collections::BTreeSet<_> = (0..20)
        .map(|seed| solve::<false>(50, seed, Pick::Random, &Tuning::DEFAULT).0)
        .collect();
    assert!(boards.len() > 15, "{}", boards.len());
}

#[test]
fn steps_and_extras_reach_the_outcome() {
    for approach in [
        &Local(MinConflictsRandom) as &dyn Approach,
        &Local(MinConflictsMostConflicted),
    ] {
        let opts = Options {
            seed: 3,
            max_steps: None,
            ..Options::default()
        };
        let counted = approach.first(20_000, &opts, Steps::Count).unwrap();
        let timed = approach.first(20_000, &opts, Steps::Skip).unwrap();
        assert_eq!(counted.solution, timed.solution);
        assert_eq!(timed.steps, None);
        let moves = counted.steps.unwrap();
        assert!(moves > 0);
        let keys: Vec<_> = counted.extra.iter().map(|&(k, _)| k).collect();
        assert_eq!(
            keys,
            [
                "iterations",
                "restarts",
                "init_nanos",
                "init_attacks",
                "full_scans"
            ]
        );
        let get = |k| counted.extra.iter().find(|e| e.0 == k).unwrap().1;
        assert!(get("iterations") >= moves);
        assert!(get("init_nanos") > 0);
        assert!(approach.count(8, &opts, Steps::Skip).is_err());
    }
}

#[test]
fn the_budget_stops_the_search() {
    for pick in PICKS {
        for budget in [0, 1, 3] {
            let mut gave_up = 0;
            for seed in 0..20 {
                let opts = Options {
                    seed,
                    max_steps: Some(budget),
                    ..Options::default()
                };
                let mut probe = StepCounter::default();
                let result = match pick {
                    Pick::Random => MinConflictsRandom.find(1000, &opts, &mut probe),
                    Pick::MostConflicted => {
                        MinConflictsMostConflicted.find(1000, &opts, &mut probe)
                    }
                };
                match result {
                    Ok(found) => assert!(is_solution(&found.solution.unwrap())),
                    Err(Refusal::GaveUp { id, n, steps }) => {
                        gave_up += 1;
                        assert_eq!((n, steps, probe.count), (1000, budget, budget));
                        assert!(id.starts_with("min-conflicts-"));
                    }
                    Err(e) => panic!("{e}"),
                }
                assert!(probe.count <= budget);
            }
            // The greedy start leaves a few attacks at n = 1000: most runs need moves.
            assert!(gave_up > 10, "{pick:?} budget {budget}: {gave_up}");
        }
    }
}

#[test]
fn moves_stay_few_at_n_100() {
    // If a queen newly attacked by a move were not eligible at once, runs
    // would wander for millions of steps here.
    for pick in PICKS {
        let mut moves: Vec<u64> = (0..50)
            .map(|seed| solve::<false>(100, seed, pick, &Tuning::DEFAULT).1.moves)
            .collect();
        moves.sort_unstable();
        assert!(moves[25] < 200, "{pick:?} median {}", moves[25]);
        assert!(moves[49] < 5_000, "{pick:?} max {}", moves[49]);
    }
}

/// The conflicts of (c, r) with the queens of columns `0..upto` other than
/// `skip`, by looking at each of them.
fn naive_cost(queens: &[u32], upto: usize, skip: usize, c: usize, r: usize) -> u32 {
    (0..upto)
        .filter(|&q| q != skip)
        .filter(|&q| {
            let qr = queens[q] as usize;
            qr == r || qr + c == r + q || qr + q == r + c
        })
        .count() as u32
}

#[test]
fn exact_initialisation_is_the_write_ups_greedy() {
    for n in [1, 4, 8, 13, 64, 200] {
        for seed in 0..5 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut board = Board::new(n);
            board.init_greedy(&mut rng, ROW_SAMPLES, &mut Scans::default());
            board.check();
            let queens = board.queens.clone();
            for c in 0..n {
                let min = (0..n)
                    .map(|r| naive_cost(&queens, c, c, c, r))
                    .min()
                    .unwrap();
                let chosen = naive_cost(&queens, c, c, c, queens[c] as usize);
                assert_eq!(chosen, min, "n = {n}, column {c}");
            }
        }
    }
    // Ties are broken at random: the first queen's row varies with the seed.
    let rows: std::collections::BTreeSet<_> = (0..50)
        .map(|seed| {
            let mut board = Board::new(100);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            board.init_greedy(&mut rng, ROW_SAMPLES, &mut Scans::default());
            board.queens[0]
        })
        .collect();
    assert!(rows.len() > 30);
}

#[test]
fn sampled_initialisation_is_nearly_a_solution() {
    for n in [1, 4, 5, 8, 30, 1000] {
        for seed in 0..20 {
            let mut board = Board::new(n);
            let mut scans = Scans::default();
            board.init_sampled(
                &mut Xoshiro256PlusPlus::seed_from_u64(seed),
                INIT_SAMPLES,
                &mut scans,
            );
            board.check();
        }
    }
    for seed in 0..3 {
        let n = 300_000;
        let mut board = Board::new(n);
        let mut scans = Scans::default();
        board.init_sampled(
            &mut Xoshiro256PlusPlus::seed_from_u64(seed),
            INIT_SAMPLES,
            &mut scans,
        );
        // A permutation of rows unless the exact scan had to step in.
        let mut seen = vec![false; n];
        let distinct = board
            .queens
            .iter()
            .filter(|&&r| !std::mem::replace(&mut seen[r as usize], true))
            .count();
        assert!(distinct as u64 + scans.full >= n as u64);
        assert!(board.attacks() < 100, "{} attacking pairs", board.attacks());
        if seed == 0 {
            board.check();
        }
    }
}

/// Lifts a random attacked queen from a board midway through a search and
/// checks that `best_row` only returns rows with the fewest conflicts and
/// returns each of them about equally often.
#[test]
fn best_row_is_an_exact_uniform_min_conflicts_choice() {
    let mut phases_seen = [false; 3];
    let configs = [
        (12, 1, 64, false),
        (40, 2, 64, false),
        (40, 3, 64, true),
        (40, 4, 0, true),
        (300, 5, 64, true),
        (300, 6, 64, false),
        (60, 7, 64, true),
    ];
    for (n, seed, row_samples, permutation) in configs {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut board = Board::new(n);
        let mut scans = Scans::default();
        if permutation {
            // Nearly a permutation with many diagonal conflicts: no empty
            // rows but the lifted queen's, so the fewest is often 1.
            board.init_sampled(&mut rng, 1, &mut scans);
        } else {
            // Random rows: many empty rows, so the fewest is often 0.
            for c in 0..n {
                let r = loop {
                    let r = rng.random_range(0..n);
                    if board.cost(c, r) <= 2 {
                        break r;
                    }
                };
                board.place(c, r);
            }
            board.list_all_empty();
        }
        board.check();
        for _ in 0..5 {
            if board.conflicted.len() == 0 {
                break;
            }
            let q = board.conflicted.random(&mut rng) as usize;
            board.lift(q);
            let costs: Vec<u32> = (0..n).map(|r| board.cost(q, r)).collect();
            let min = *costs.iter().min().unwrap();
            let best: Vec<usize> = (0..n).filter(|&r| costs[r] == min).collect();
            let before = scans.full;
            let draws = 400 * best.len();
            let mut hits = vec![0usize; n];
            for _ in 0..draws {
                let r = board.best_row(q, &mut rng, row_samples, &mut scans);
                assert_eq!(costs[r], min, "n = {n}: row {r} is not a best row");
                hits[r] += 1;
            }
            for &r in &best {
                assert!(
                    (250..550).contains(&hits[r]),
                    "row {r}: {} of {draws}",
                    hits[r]
                );
            }
            phases_seen[match min {
                0 => 0,
                _ if scans.full == before => 1,
                _ => 2,
            }] = true;
            let r = board.best_row(q, &mut rng, row_samples, &mut scans);
            board.place(q, r);
            board.check();
        }
    }
    assert_eq!(
        phases_seen, [true; 3],
        "empty rows, sampled rows, full scan"
    );
}

#[test]
fn the_geometric_iteration_count_has_mean_one_over_p() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    for p in [1.0, 0.5, 0.1, 0.001] {
        let draws = 200_000;
        let sum: u64 = (0..draws)
            .map(|_| search::iterations_until_move(&mut rng, p))
            .sum();
        let mean = sum as f64 / draws as f64;
        assert!((mean * p - 1.0).abs() < 0.02, "p = {p}: mean {mean}");
    }
}

#[test]
fn info_describes_two_find_one_approaches() {
    for (info, id) in [
        (&RANDOM_INFO, "min-conflicts-random"),
        (&MOST_CONFLICTED_INFO, "min-conflicts-most-conflicted"),
    ] {
        assert_eq!(info.id, id);
        assert_eq!(info.kind, Kind::FindOne);
        assert!(info.bench_count.is_empty());
        assert_eq!(info.bench_first, &[1000, 100_000]);
        assert!(info.source.starts_with("[Pinella 2015]"));
        assert!(info.max_n < board::MAX_COLUMNS);
    }
    assert_eq!(MinConflictsRandom.info().id, RANDOM_INFO.id);
    assert_eq!(
        MinConflictsMostConflicted.info().id,
        MOST_CONFLICTED_INFO.id
    );
    assert!(matches!(
        MinConflictsRandom.find(MAX_N + 1, &Options::default(), &mut NoSteps),
        Err(Refusal::TooLarge { .. })
    ));
}
