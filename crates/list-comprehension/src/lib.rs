//! The Haskell program of seed 000 §2 (`000_7439845249fc9285.txt`, Part I
//! item 2, from the c2 wiki's EightQueensInManyProgrammingLanguages), with
//! `boardSize` as a parameter, in two readings:
//!
//! ```text
//! queens 0 = [[]]
//! queens n = [ x : y | y <- queens (n-1), x <- [1..boardSize], safe x y 1]
//! safe x [] n = True
//! safe x (c:y) n = and [ x /= c , x /= c + n , x /= c - n , safe x y (n+1)]
//! ```
//!
//! - [`ListComprehension`] (`list-comprehension`, [`lazy`]): the program as
//!   GHC runs it. The comprehension is lazy: `queens n` asks `queens (n-1)`
//!   for one list at a time, and that one asks `queens (n-2)`, and so on, so
//!   the lists stream through a chain of n generators, memory stays at a
//!   few bytes per queen, and `head (queens n)` stops at the first solution:
//!   a depth-first search in effect.
//! - [`ListComprehensionStrict`] (`list-comprehension-strict`, [`strict`]):
//!   what the same comprehension costs in a strict language. `queens k` is
//!   built whole from all of `queens (k-1)` before `queens (k+1)` starts, so
//!   memory grows with the widest level of partial lists, and the first
//!   solution is known only once every level but the last is built.
//!
//! Both evaluate the same comprehension: for each partial list `y` of
//! `queens (k-1)`, in order, and each column `x` from 1 to n, the list
//! `x : y` is part of `queens k` when [`safe`] `x y 1` holds, the recursive
//! check that walks back up the list (newest row first) with an offset
//! growing by one per row, testing the column and both diagonals.
//!
//! **Order** (both): solutions come out as the seed prints them, newest row
//! first, `[c_n, ..., c_1]`. Read as a board (row 1 gets the list's first
//! element), such a list is the top-bottom mirror of the row-order board
//! `(c_1, ..., c_n)`. The set of solutions is closed under that mirror, so
//! the solution *set* is exactly `bitmask`'s; the *sequence* is
//! lexicographic in rows 1..n (each list reversed gives `bitmask`'s
//! sequence), because the outer generator runs over `queens (n-1)` in order
//! and the inner one over the new row's column. Laziness changes when a list
//! is built, never which lists there are or their order: the two readings
//! list the same solutions in the same sequence (a test checks it).
//!
//! **Steps** (both): one per partial list built, a list `x : y` for which
//! `safe x y 1` held (the cons cell GHC allocates), at every level including
//! the last: the nodes of the row-by-row tree, the same tree `bitmask` walks,
//! 2056 at n = 8. A count builds the same lists in both readings, so both
//! count the same steps; they differ in *when* a list is built, which shows
//! in a first-solution run: the lazy one has built only the lists on the
//! way to its first board (depth first, `bitmask`'s placements), the strict
//! one every list of the levels below n as well.
//!
//! **Nodes per depth** (both, [`NODE_UNIT`]): a node at depth d is a partial
//! list of d queens built (`safe` held; a candidate `x : y` that `safe`
//! rejects is not a node), the last level's included; the root (depth 0) is
//! `queens 0`'s one empty list. Depths 1..=n add up to the steps.

#[cfg(test)]
mod brute;
pub mod lazy;
pub mod strict;

pub use lazy::{ListComprehension, Stream};
pub use strict::{Level, ListComprehensionStrict};

/// What a node at depth d is ([`queens_core::Enumerate::node_unit`]), in both readings.
pub const NODE_UNIT: &str = "a partial list of d queens kept at level d (`safe` held): a partial \
                             board of d rows, no two queens attacking";

/// The seed's `safe x y n`: true when a queen in column `x` on a new row is
/// attacked by none of the queens of `y` (newest row first), the first of
/// which is `offset` rows away. Short-circuits like the seed's lazy `and`.
#[inline]
pub fn safe(x: u8, y: &[u8], offset: u8) -> bool {
    match y {
        [] => true,
        [c, rest @ ..] => {
            let (x, c, d) = (u16::from(x), u16::from(*c), u16::from(offset));
            // `x /= c - n` written as `x + n /= c`: the same test without a
            // negative intermediate.
            x != c && x != c + d && x + d != c && safe(x as u8, rest, offset + 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::{Enumerate, FirstSolution, NoSteps, StepCounter, known};

    #[test]
    fn safe_walks_back_with_a_growing_offset() {
        // y = [3, 1]: row above holds 3, two rows above holds 1.
        assert!(!safe(3, &[3, 1], 1)); // same column
        assert!(!safe(2, &[3, 1], 1)); // 3 - 1
        assert!(!safe(4, &[3, 1], 1)); // 3 + 1
        assert!(!safe(1, &[4, 3], 1)); // 3 - 2, two rows up
        assert!(safe(1, &[3, 5], 1)); // 3 - 1 = 2 and 5 - 2 = 3 both differ
        assert!(safe(7, &[], 1));
    }

    /// The cross-check of the two readings: the same lists in the same
    /// order, the same steps and nodes for a count.
    #[test]
    fn lazy_and_strict_list_the_same_solutions_in_the_same_order() {
        for n in 0..=9 {
            let lazy = ListComprehension.collect(n);
            assert_eq!(lazy, ListComprehensionStrict.collect(n), "n = {n}");
            assert_eq!(lazy.len() as u64, known::total(n).unwrap(), "n = {n}");
        }
        for n in 10..=12 {
            assert_eq!(
                ListComprehension.count_with_steps(n),
                ListComprehensionStrict.count_with_steps(n),
                "n = {n}"
            );
        }
        for n in 0..=10 {
            let (lazy, lazy_depths) = ListComprehension.count_with_depths(n);
            let (strict, strict_depths) = ListComprehensionStrict.count_with_depths(n);
            assert_eq!(lazy, strict, "n = {n}");
            assert_eq!(lazy_depths.steps, strict_depths.steps, "n = {n}");
            assert_eq!(
                lazy_depths.nodes_per_depth(n),
                strict_depths.nodes_per_depth(n),
                "n = {n}"
            );
        }
    }

    /// The same first solution; the lazy one builds far fewer lists to get it.
    #[test]
    fn the_first_solution_costs_the_lazy_one_only_its_path() {
        for n in [1, 4, 5, 8, 10, 12] {
            let (mut lazy, mut strict) = (StepCounter::default(), StepCounter::default());
            let (mut a, mut b) = (FirstSolution(None), FirstSolution(None));
            let _ = ListComprehension.search(n, &mut lazy, &mut a);
            let _ = ListComprehensionStrict.search(n, &mut strict, &mut b);
            assert_eq!(a.0, b.0, "n = {n}");
            assert!(lazy.count <= strict.count, "n = {n}");
        }
        let steps = |e: &dyn Fn(&mut StepCounter)| {
            let mut p = StepCounter::default();
            e(&mut p);
            p.count
        };
        let lazy = steps(&|p| {
            let _ = ListComprehension.search(12, p, &mut FirstSolution(None));
        });
        let strict = steps(&|p| {
            let _ = ListComprehensionStrict.search(12, p, &mut FirstSolution(None));
        });
        // n = 12: 261 lists on the way to the first board, against every
        // list of levels 1..11 and the first of level 12 for the strict one.
        // Both from brute force over the row-by-row tree, and the crate
        // docs' figures.
        let widths = crate::brute::widths(12);
        let below: u64 = widths[1..12].iter().sum();
        let path = crate::brute::placements_to_first(12).unwrap();
        assert_eq!((lazy, strict), (path, below + 1));
        assert_eq!((lazy, strict), (261, 841_989));
        let mut none = FirstSolution(None);
        let _ = ListComprehension.search(3, &mut NoSteps, &mut none);
        assert_eq!(none.0, None);
    }
}
