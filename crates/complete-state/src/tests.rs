use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::*;

proptest! {
    #[test]
    fn h_and_its_change_agree_with_counting_pairs(
        n in 1usize..40,
        seed in any::<u64>(),
        moves in proptest::collection::vec((any::<u64>(), any::<u64>()), 0..50),
    ) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut board = Board::random(n, &mut rng);
        prop_assert_eq!(board.h(), attacking_pairs(board.rows()));
        for (c, r) in moves {
            let (col, to) = (c as usize % n, r as usize % n);
            let before = board.h();
            let delta = board.delta(col, to);
            board.move_queen(col, to);
            prop_assert_eq!(board.h(), attacking_pairs(board.rows()));
            prop_assert_eq!(board.h() as i64 - before as i64, delta);
            let mut rebuilt = Board::new(board.rows());
            prop_assert_eq!(&rebuilt, &board);
            rebuilt.set_rows(&vec![0; n]);
            prop_assert_eq!(rebuilt.h(), (n * n.saturating_sub(1) / 2) as u64);
        }
    }
}

/// Every successor's Δh and conflicts, at both counter widths, against
/// counting pairs.
fn every_delta_agrees<C: Count>() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut board = Board::<C>::default();
    for n in [1, 2, 3, 5, 8, 13] {
        for _ in 0..20 {
            board.refill(n, (0..n).map(|_| rng.random_range(0..n as u32)));
            assert_eq!(board.h(), attacking_pairs(board.rows()));
            for c in 0..n {
                for to in 0..n {
                    let mut moved = board.rows().to_vec();
                    moved[c] = to as u32;
                    let want = attacking_pairs(&moved) as i64 - board.h() as i64;
                    assert_eq!(board.delta(c, to), want, "n = {n}");
                    let pairs_with = (0..n)
                        .filter(|&o| o != c)
                        .filter(|&o| {
                            let (r, s) = (to, moved[o] as usize);
                            r == s || r.abs_diff(s) == c.abs_diff(o)
                        })
                        .count() as u32;
                    assert_eq!(board.conflicts_at(c, to), pairs_with, "n = {n}");
                }
            }
            // The lowest change over the n(n - 1) successors, moved or not.
            let lowest = (0..n)
                .flat_map(|c| (0..n).map(move |to| (c, to)))
                .filter(|&(c, to)| board.rows()[c] as usize != to)
                .map(|(c, to)| board.delta(c, to))
                .min();
            assert_eq!(board.lowest_delta(), lowest, "n = {n}");
            let c = rng.random_range(0..n);
            let to = rng.random_range(0..n);
            board.move_queen(c, to);
            assert_eq!(board.h(), attacking_pairs(board.rows()));
        }
    }
}

#[test]
fn every_delta_agrees_with_counting_pairs() {
    every_delta_agrees::<u16>();
    every_delta_agrees::<u32>();
}

/// Steepest ascent returns a best successor, and every tie is drawn.
fn steepest_draws_every_best<C: Count>() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut board = Board::<C>::default();
    for n in [4, 6, 8] {
        board.refill(n, (0..n).map(|_| rng.random_range(0..n as u32)));
        let mut best = i64::MAX;
        let mut all_best = Vec::new();
        for c in 0..n {
            for to in (0..n).filter(|&t| t != board.rows()[c] as usize) {
                let d = board.delta(c, to);
                if d < best {
                    best = d;
                    all_best.clear();
                }
                if d == best {
                    all_best.push((c, to));
                }
            }
        }
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..200 * all_best.len() {
            let (c, to, d) = board.steepest(&mut rng).unwrap();
            assert_eq!(d, best);
            assert!(all_best.contains(&(c, to)));
            seen.insert((c, to));
        }
        assert_eq!(seen.len(), all_best.len(), "n = {n}: every tie drawn");
    }
}

#[test]
fn steepest_finds_the_lowest_successor_and_each_tie_is_drawn() {
    steepest_draws_every_best::<u16>();
    steepest_draws_every_best::<u32>();
}
