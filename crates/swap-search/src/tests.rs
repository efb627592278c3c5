//! Tests of the whole search and of its parts. Runs with `CHECK` recompute
//! the counters from the board after every kept swap (see `Board::check`).

use super::*;
use crate::board::{Board, below};
use crate::search::{Stats, Tuning, run};
use proptest::prelude::*;
use queens_core::{Approach, Local, NoSteps, StepCounter, Steps, is_solution};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Every row of the initialisation placed from the list of unused columns
/// (`mc.c`'s own scheme).
const TAIL_ONLY: Tuning = Tuning { tail_div: 1 };

/// Every row that looks for free diagonals placed by sampling.
const SAMPLED_ONLY: Tuning = Tuning {
    tail_div: usize::MAX,
};

const TUNINGS: [Tuning; 3] = [Tuning::DEFAULT, TAIL_ONLY, SAMPLED_ONLY];

/// One run with the default budget; with `CHECKED`, the counters are
/// verified after every kept swap.
fn solve<const CHECKED: bool>(n: usize, seed: u64, tuning: &Tuning) -> (Vec<u32>, Stats) {
    let budget = default_budget(n);
    let (found, stats) = run::<_, CHECKED>("test", n, seed, budget, tuning, &mut NoSteps);
    (found.expect("solved").solution.expect("a board"), stats)
}

fn opts(seed: u64, max_steps: Option<u64>) -> Options {
    Options {
        seed,
        max_steps,
        ..Options::default()
    }
}

#[test]
fn sizes_without_search_are_answered_at_once() {
    let o = Options::default();
    assert_eq!(
        SwapSearch.find(0, &o, &mut NoSteps).unwrap().solution,
        Some(vec![])
    );
    assert_eq!(
        SwapSearch.find(1, &o, &mut NoSteps).unwrap().solution,
        Some(vec![0])
    );
    for n in [2, 3] {
        let found = SwapSearch.find(n, &o, &mut NoSteps).unwrap();
        assert_eq!(found.solution, None, "n = {n}");
        assert!(found.extra.iter().all(|&(_, v)| v == 0));
    }
    let out = Local(SwapSearch).first(3, &o, Steps::Count).unwrap();
    assert_eq!((out.solutions, out.steps), (0, Some(0)));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Every board returned is a solution, whichever way the initialisation
    /// goes, with the counters re-verified after every kept swap.
    #[test]
    fn every_board_is_a_solution(
        n in prop_oneof![Just(1usize), 4usize..=12, 13usize..=120, 121usize..=3000],
        seed in any::<u64>(),
        tuning in 0usize..3,
    ) {
        let (board, _) = solve::<true>(n, seed, &TUNINGS[tuning]);
        prop_assert_eq!(board.len(), n);
        prop_assert!(is_solution(&board), "{:?}", board);
    }
}

#[test]
fn boards_are_solutions_through_the_public_api() {
    // 70,001 is above the size where the scan for attacked queens filters.
    for n in [
        4, 5, 6, 7, 8, 9, 10, 11, 31, 100, 101, 999, 1000, 10_001, 70_001, 300_000,
    ] {
        for seed in 0..3 {
            let board = SwapSearch
                .find(n, &opts(seed, None), &mut NoSteps)
                .unwrap()
                .solution
                .unwrap();
            assert_eq!(board.len(), n);
            assert!(is_solution(&board), "n = {n} seed = {seed}");
        }
    }
}

#[test]
fn small_boards_succeed_for_a_thousand_seeds_thanks_to_restarts() {
    let mut restarted = 0;
    for n in 4..=10 {
        for seed in 0..1000 {
            let (board, stats) = solve::<false>(n, seed, &Tuning::DEFAULT);
            assert!(is_solution(&board), "n = {n} seed {seed}");
            restarted += u64::from(stats.restarts > 0);
        }
    }
    // Some starts are dead ends (no swap lowers the collisions): only a
    // restart rescues them.
    assert!(restarted > 0, "no run ever restarted");
}

#[test]
fn a_seed_fixes_the_board_the_steps_and_the_statistics() {
    for n in [8, 100, 5000, 100_000] {
        for seed in [1, 42] {
            let (a, mut sa) = solve::<false>(n, seed, &Tuning::DEFAULT);
            let (b, mut sb) = solve::<false>(n, seed, &Tuning::DEFAULT);
            (sa.init_nanos, sb.init_nanos) = (0, 0);
            assert_eq!(a, b, "n = {n}");
            assert_eq!(sa, sb, "n = {n}");
        }
    }
    // Counting steps does not change the run, and counts the kept swaps.
    for n in [1000, 30_000] {
        let o = opts(7, None);
        let mut probe = StepCounter::default();
        let counted = SwapSearch.find(n, &o, &mut probe).unwrap();
        let uncounted = SwapSearch.find(n, &o, &mut NoSteps).unwrap();
        assert_eq!(counted.solution, uncounted.solution);
        let (_, stats) = solve::<false>(n, 7, &Tuning::DEFAULT);
        assert_eq!(probe.count, stats.swaps);
        assert!(probe.count > 0);
    }
}

#[test]
fn different_seeds_give_different_boards() {
    for n in [50, 10_000] {
        let boards: std::collections::BTreeSet<_> = (0..20)
            .map(|seed| solve::<false>(n, seed, &Tuning::DEFAULT).0)
            .collect();
        assert!(boards.len() > 15, "n = {n}: {}", boards.len());
    }
}

#[test]
fn steps_and_extras_reach_the_outcome() {
    let approach = Local(SwapSearch);
    let o = opts(3, None);
    let counted = approach.first(20_000, &o, Steps::Count).unwrap();
    let timed = approach.first(20_000, &o, Steps::Skip).unwrap();
    assert_eq!(counted.solution, timed.solution);
    assert_eq!(timed.steps, None);
    let swaps = counted.steps.unwrap();
    assert!(swaps > 0);
    let keys: Vec<_> = counted.extra.iter().map(|&(k, _)| k).collect();
    assert_eq!(
        keys,
        [
            "restarts",
            "init_nanos",
            "init_collisions",
            "init_failed",
            "init_draws",
            "trials",
            "rescans"
        ]
    );
    let get = |k| counted.extra.iter().find(|e| e.0 == k).unwrap().1;
    assert!(get("trials") >= swaps);
    assert!(get("init_nanos") > 0);
    // Each kept swap lowers the collisions: no more swaps than collisions
    // left by the initialisation, unless a restart came in between.
    if get("restarts") == 0 {
        assert!(swaps <= get("init_collisions"));
    }
    // At least one draw per row that looks for free diagonals.
    assert!(get("init_draws") >= 20_000 - random_tail(20_000) as u64);
    assert!(approach.count(8, &o, Steps::Skip).is_err());
}

#[test]
fn the_budget_stops_the_search() {
    for budget in [0, 1, 3] {
        let mut gave_up = 0;
        for seed in 0..20 {
            let mut probe = StepCounter::default();
            match SwapSearch.find(1000, &opts(seed, Some(budget)), &mut probe) {
                Ok(found) => assert!(is_solution(&found.solution.unwrap())),
                Err(Refusal::GaveUp { id, n, steps, .. }) => {
                    gave_up += 1;
                    assert_eq!(
                        (id, n, steps, probe.count),
                        ("swap-search", 1000, budget, budget)
                    );
                }
                Err(e) => panic!("{e}"),
            }
            assert!(probe.count <= budget);
        }
        // The last 50 rows start at random: every run needs swaps.
        assert_eq!(gave_up, 20, "budget {budget}");
    }
}

/// `mc.c`'s `init_qs4`, transliterated: one draw at a time, each a position
/// in the unused tail of the permutation. Returns the collisions it leaves.
fn reference_init(n: usize, c: usize, rng: &mut Xoshiro256PlusPlus) -> u64 {
    let mut q: Vec<usize> = (0..n).collect();
    let (mut d1, mut d2) = (vec![0u64; 2 * n], vec![0u64; 2 * n]);
    let m = n.saturating_sub(c);
    for i in 0..n {
        let left = n - i;
        let mut j = i + below(rng, left);
        if i < m {
            let mut t = 0;
            while t < 64 && (d1[i + q[j]] > 0 || d2[i + n - 1 - q[j]] > 0) {
                j = i + below(rng, left);
                t += 1;
            }
        }
        q.swap(i, j);
        d1[i + q[i]] += 1;
        d2[i + n - 1 - q[i]] += 1;
    }
    d1.iter().chain(&d2).map(|&k| k.saturating_sub(1)).sum()
}

/// Mean and standard error of the mean.
fn mean_se(xs: &[f64]) -> (f64, f64) {
    let k = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / k;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (k - 1.0);
    (mean, (var / k).sqrt())
}

#[test]
fn the_initialisation_leaves_as_many_collisions_as_mc_c_does() {
    // Same distribution as `mc.c`'s, whichever phase places the rows: the
    // mean collisions over many seeds agree within sampling error.
    for n in [40, 200, 3000] {
        let c = random_tail(n);
        let seeds = 1500;
        let reference: Vec<f64> = (0..seeds)
            .map(|s| reference_init(n, c, &mut Xoshiro256PlusPlus::seed_from_u64(s)) as f64)
            .collect();
        let (mr, er) = mean_se(&reference);
        for tuning in TUNINGS {
            let ours: Vec<f64> = (0..seeds)
                .map(|s| {
                    let mut board = Board::new(n);
                    let mut rng = Xoshiro256PlusPlus::seed_from_u64(s + 1_000_000);
                    board.init(&mut rng, c, tuning.tail_div);
                    board.collisions() as f64
                })
                .collect();
            let (mo, eo) = mean_se(&ours);
            let z = (mo - mr).abs() / (er * er + eo * eo).sqrt();
            assert!(
                z < 4.0,
                "n = {n}, {tuning:?}: {mo:.2} vs mc.c's {mr:.2} (z = {z:.1})"
            );
        }
    }
}

#[test]
fn the_initialisation_places_rows_on_free_diagonals_until_the_last_c() {
    for tuning in TUNINGS {
        for n in [1, 4, 9, 31, 64, 500, 5000, 80_000] {
            for seed in 0..3 {
                let mut board = Board::new(n);
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                let c = random_tail(n);
                let stats = board.init(&mut rng, c, tuning.tail_div);
                board.check();
                // Rows before n − c found free diagonals, except the
                // `failed` ones, whose 65 draws all met a queen.
                let (mut d1, mut d2) = (vec![false; 2 * n], vec![false; 2 * n]);
                let mut clashed = 0;
                for (r, col) in board.cols.iter().enumerate() {
                    let (a, b) = (r + col as usize, r + n - 1 - col as usize);
                    if r < n - c && (d1[a] || d2[b]) {
                        clashed += 1;
                    }
                    (d1[a], d2[b]) = (true, true);
                }
                assert!(
                    clashed <= stats.failed,
                    "n = {n}: {clashed} > {}",
                    stats.failed
                );
                assert!(stats.draws >= (n - c) as u64);
            }
        }
    }
}

#[test]
fn the_filtered_scan_lists_exactly_the_attacked_queens() {
    for n in [5000, 100_000] {
        for seed in 0..3 {
            let mut board = Board::new(n);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            board.init(&mut rng, 2000, TAIL_DIV);
            let mut listed = Vec::new();
            board.attacked_rows(&mut listed);
            let naive: Vec<u32> = (0..n as u32)
                .filter(|&r| board.attacked(r as usize))
                .collect();
            assert_eq!(listed, naive, "n = {n}");
            assert!(!naive.is_empty());
        }
    }
}

#[test]
fn a_trial_swap_is_kept_only_when_it_lowers_the_collisions() {
    let n = 60;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut board = Board::new(n);
    board.init(&mut rng, n, TAIL_DIV); // every row at random: many collisions
    let (mut kept, mut undone) = (0, 0);
    for _ in 0..2000 {
        let (i, j) = (below(&mut rng, n), below(&mut rng, n));
        if i == j {
            continue;
        }
        let (before, cols) = (board.collisions(), board.cols.to_vec());
        if board.try_swap(i, j) {
            kept += 1;
            assert!(board.collisions() < before);
            assert_eq!((board.cols.get(i), board.cols.get(j)), (cols[j], cols[i]));
        } else {
            undone += 1;
            assert_eq!(board.collisions(), before);
            assert_eq!(board.cols.to_vec(), cols);
        }
        board.check();
    }
    assert!(kept > 0 && undone > 0, "{kept} kept, {undone} undone");
}

#[test]
fn candidates_ahead_follow_one_plus_five_ln_need() {
    for k in 0..400 {
        let need = 1.0 + f64::from(k) * 0.025;
        let expected = ((5.0 * need.ln() + 1.0).round() as usize).min(board::MAX_AHEAD);
        assert_eq!(Board::ahead_for(need), expected, "need = {need}");
    }
}

#[test]
fn info_describes_a_find_one_approach() {
    assert_eq!(INFO.id, "swap-search");
    assert_eq!(INFO.kind, Kind::FindOne);
    assert!(!INFO.splits && !INFO.counts_unique);
    assert!(INFO.bench_count.is_empty());
    assert_eq!(SwapSearch.info().id, INFO.id);
    assert!(INFO.max_n <= u32::MAX as usize / 2, "diagonal indices fit");
    assert!(matches!(
        SwapSearch.find(MAX_N + 1, &Options::default(), &mut NoSteps),
        Err(Refusal::TooLarge { .. })
    ));
    assert_eq!(random_tail(5), 5);
    assert_eq!(random_tail(2_000_000), 100);
}

/// A board no machine can hold (2^60 bytes of columns, beyond any
/// address space): the run reports the allocation that failed, as
/// `queens` prints it with status 1, and does not abort.
#[test]
fn a_board_beyond_the_address_space_is_reported_not_aborted() {
    let n = 1usize << 58;
    let (result, _) = run::<NoSteps, false>(INFO.id, n, 1, 10, &Tuning::DEFAULT, &mut NoSteps);
    let bytes = crate::packed::Packed::packed_bytes(n) + (2 * (2 * n - 1).div_ceil(64) * 8) as u64;
    assert_eq!(
        result,
        Err(Refusal::OutOfMemory {
            id: INFO.id,
            n,
            bytes
        })
    );
    assert!(bytes_needed(n) > bytes);
}
