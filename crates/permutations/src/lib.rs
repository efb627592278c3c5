//! `permutations`: the MATLAB `eightqueens` of seed 004
//! (`004_340799f9c11bb406.txt`, uu tii's File Exchange submission as shown on
//! Steve Eddins' MathWorks blog), made to stream and generalised from 8 to n:
//!
//! ```text
//! cols=perms(rows);                       % every permutation of 1:N
//! M=zeros(N,N,S); ... M(linearInd) = 1;   % plane k: row r has its queen in column cols(k,r)
//! dv=arrayfun(@(k)max([ ...sum(diag(M(:,:,k),x)) ..., ...sum(diag(rot90(M(:,:,k)),x)) ...]),1:S);
//! M(:,:,dv>1)=[];                         % keep the boards whose diagonal sums are all <= 1
//! ```
//!
//! Faithful to the seed: every permutation of the columns is generated, each
//! is a board with one queen per row and per column, and each is kept exactly
//! when no diagonal or anti-diagonal holds more than one queen (the seed's
//! "maximum diagonal sum ≤ 1"; the seed sums the diagonals at offsets
//! −(N−2)..N−2 only, since the two corner squares' diagonals of length 1
//! cannot hold two queens). Nothing is pruned: a permutation whose first
//! rows already share a diagonal is still completed and tested, so the steps
//! are n! at every n. The permutations come in `perms`' order: MATLAB's
//! `perms(1:N)` lists them in reverse lexicographic order (first row
//! `N, N-1, ..., 1`, last row `1, 2, ..., N`), and row k of `perms` is the
//! column of the queen in each row of board k.
//!
//! Written as well as that character allows, two changes of representation:
//!
//! - **Streaming.** The seed materialises `perms` (n!×n) and the boards
//!   (n×n×n! doubles: 20.6 MB at n = 8, 552 GB at n = 12). Here the
//!   permutations are generated depth-first in the same reverse-lexicographic
//!   order (at each row the unused columns are tried from the largest down),
//!   one at a time, so memory is O(n).
//! - **Incremental diagonal sums.** The seed sums every diagonal of each
//!   complete board: O(n²) per board. Here the diagonal occupancy of the
//!   prefix is kept as the permutation is built: two bitmasks (which
//!   diagonals and anti-diagonals hold a queen) and the *surplus*, the number
//!   of times a queen landed on an already occupied diagonal of either
//!   direction, i.e. the sum over all diagonals of (sum − 1) where the sum is
//!   positive. A complete board's
//!   maximum diagonal sum is at most 1 exactly when its surplus is 0, so each
//!   permutation's test is O(1) and is still made on the complete board,
//!   never on a prefix. The last two rows, where only two columns are left,
//!   are done in one go: both orders of the pair, larger first, each tested.
//!
//! The CLI's `--format board` prints each solution as an n×n 0/1 plane, like
//! a plane `M(:,:,k)` of the seed's N×N×S result.
//!
//! **Steps:** one per permutation tested: n! (40 320 at n = 8).
//!
//! **Nodes per depth** ([`NODE_UNIT`]): a node at depth d is a prefix of d
//! rows of the permutation being generated, counted when the generator
//! places its row d (the last two rows, done in one go, count theirs too);
//! the root (depth 0) is the empty prefix. Nothing is pruned, so depth d
//! holds n!/(n−d)! nodes, and depth n the n! permutations, the steps.
//!
//! **Trace** ([`TRACE`], `queens --trace`): `candidate` (the step) per
//! permutation tested, `ok` when it is kept.
//!
//! **Order:** reverse lexicographic, `perms`' order (the first solution at
//! n = 8 is 8 4 1 3 6 2 7 5, the mirror of the lexicographically first).
//!
//! **Limit:** n ≤ [`MAX_N`] = 13. All n! permutations are generated and
//! tested: 13! ≈ 6.2 × 10⁹ takes tens of seconds, 14! ≈ 8.7 × 10¹⁰ would take
//! many minutes, and each further n multiplies that by n.

use std::ops::ControlFlow;

use queens_core::{Enumerate, Event, Info, Kind, Probe, Refusal, Sink, TraceInfo};

/// The largest n: every one of the n! permutations is generated and tested.
pub const MAX_N: usize = 13;

/// The approach's description.
pub static INFO: Info = Info {
    id: "permutations",
    title: "MATLAB perms filter",
    source: "[Eddins 2017] uu tii's MATLAB perms filter",
    structure: "the permutation being generated, with bitmasks of the occupied diagonals \
                and a count of surplus queens on them",
    step_unit: "permutations tested",
    order: "reverse lexicographic, as MATLAB's perms(1:N) lists them",
    max_n: MAX_N,
    limit_reason: "all n! permutations are generated and tested: 13! = 6.2e9 takes tens of \
                   seconds, 14! = 8.7e10 would take many minutes",
    kind: Kind::Exhaustive,
    splits: false,
    counts_unique: false,
    quick_n: 11,
    bench_count: &[8, 10, 12],
    bench_first: &[8, 12],
};

/// How the search traces ([`Enumerate::trace_info`]).
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Candidate),
    count_max_n: 10,
    first_max_n: 12,
    reason: "a trace writes a candidate event per permutation tested: a count tests all n! \
             of them, 10! = 3 628 800 and 11! = 39 916 800; the first solution comes after \
             4 545 700 permutations at n = 12 and 47 369 404 at n = 13",
};

/// What a node at depth d is ([`Enumerate::node_unit`]).
pub const NODE_UNIT: &str = "a prefix of d rows of the permutation being generated (unpruned: \
                             n!/(n-d)! of them)";

/// The seed's `perms` filter, streamed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Permutations;

impl Enumerate for Permutations {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn node_unit(&self) -> Result<&'static str, Refusal> {
        Ok(NODE_UNIT)
    }

    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }

    fn search<P: Probe, S: Sink>(&self, n: usize, probe: &mut P, sink: &mut S) -> ControlFlow<()> {
        generate(n, &mut Filter { probe, sink })
    }
}

/// What happens to each complete permutation.
trait Test {
    /// Receives a complete permutation (0-based column per row) and its
    /// surplus; returns `Break` to stop the generation.
    fn test(&mut self, perm: &[u32], surplus: u32) -> ControlFlow<()>;
    /// Told of each prefix of `depth` rows the generator builds (0: the
    /// empty one); ignored by default.
    #[inline(always)]
    fn prefix(&mut self, _depth: usize) {}
}

/// The seed's filter: one step per permutation; keeps those whose largest
/// diagonal sum is at most 1, which is exactly when no queen landed on an
/// occupied diagonal (surplus 0).
struct Filter<'a, P, S> {
    probe: &'a mut P,
    sink: &'a mut S,
}

impl<P: Probe, S: Sink> Test for Filter<'_, P, S> {
    #[inline(always)]
    fn test(&mut self, perm: &[u32], surplus: u32) -> ControlFlow<()> {
        self.probe.step();
        self.probe.candidate(perm, surplus == 0);
        if surplus == 0 {
            self.sink.solution(perm)
        } else {
            ControlFlow::Continue(())
        }
    }
    #[inline(always)]
    fn prefix(&mut self, depth: usize) {
        self.probe.node(depth);
    }
}

/// Generates every permutation of the columns 0..n in `perms`' order and
/// passes each, complete, to `test`.
fn generate<T: Test>(n: usize, test: &mut T) -> ControlFlow<()> {
    let mut generator = Generator {
        n,
        perm: [0; MAX_N],
        test,
    };
    let all = (1u32 << n) - 1;
    generator.test.prefix(0);
    match n {
        // perms of no element is one empty permutation: the empty board.
        0 => generator.test.test(&[], 0),
        1 | 2 => generator.complete_last_two(0, highest(all), lowest(all), 0, 0, 0),
        _ => generator.extend(0, all, 0, 0, 0),
    }
}

/// The largest column of a non-empty set.
#[inline(always)]
fn highest(set: u32) -> u32 {
    31 - set.leading_zeros()
}

/// The smallest column of a non-empty set.
#[inline(always)]
fn lowest(set: u32) -> u32 {
    set.trailing_zeros()
}

/// The depth-first generator of `perms(1:n)`'s rows, with the diagonal
/// occupancy of the prefix. Diagonal `row + col` is bit `row + col` of
/// `diag`; anti-diagonal `row − col` is bit `row − col + n − 1` of `anti`.
struct Generator<'a, T> {
    n: usize,
    /// The permutation being built: the 0-based column of the queen in each row.
    perm: [u32; MAX_N],
    test: &'a mut T,
}

impl<T: Test> Generator<'_, T> {
    /// Fills `row` (at most n − 3) with each column of `free` (the unused
    /// ones), largest first, and goes on with the next row. `surplus` counts
    /// how often the queens of rows 0..row landed on an occupied diagonal.
    fn extend(
        &mut self,
        row: usize,
        free: u32,
        diag: u64,
        anti: u64,
        surplus: u32,
    ) -> ControlFlow<()> {
        let mut rest = free;
        while rest != 0 {
            let col = highest(rest);
            rest ^= 1 << col;
            self.perm[row] = col;
            self.test.prefix(row + 1);
            let (d, a, s) = self.place(row, col, diag, anti, surplus);
            let left = free ^ (1 << col);
            if row + 3 == self.n {
                // Two columns left: finish here rather than in one more call.
                self.complete_last_two(row + 1, highest(left), lowest(left), d, a, s)?;
            } else {
                self.extend(row + 1, left, d, a, s)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Rows `row` and `row + 1` take the last two columns, `high` > `low`,
    /// in both orders (larger first, as `perms` lists them); each complete
    /// permutation is tested. For n = 1, `row` is the only row and `high` =
    /// `low` its only column.
    #[inline(always)]
    fn complete_last_two(
        &mut self,
        row: usize,
        high: u32,
        low: u32,
        diag: u64,
        anti: u64,
        surplus: u32,
    ) -> ControlFlow<()> {
        let n = self.n;
        if row + 1 == n {
            self.perm[row] = high;
            self.test.prefix(row + 1);
            let (_, _, s) = self.place(row, high, diag, anti, surplus);
            return self.test.test(&self.perm[..n], s);
        }
        for (first, second) in [(high, low), (low, high)] {
            self.perm[row] = first;
            self.perm[row + 1] = second;
            self.test.prefix(row + 1);
            self.test.prefix(row + 2);
            let (d, a, s) = self.place(row, first, diag, anti, surplus);
            let (_, _, s) = self.place(row + 1, second, d, a, s);
            self.test.test(&self.perm[..n], s)?;
        }
        ControlFlow::Continue(())
    }

    /// Puts a queen on (row, col): marks its two diagonals, and adds one to
    /// the surplus for each of them already occupied.
    #[inline(always)]
    fn place(&self, row: usize, col: u32, diag: u64, anti: u64, surplus: u32) -> (u64, u64, u32) {
        let d = 1u64 << (row + col as usize);
        let a = 1u64 << (row + self.n - 1 - col as usize);
        let crowded = u32::from(diag & d != 0) + u32::from(anti & a != 0);
        (diag | d, anti | a, surplus + crowded)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_bitmask::Bitmask;
    use queens_core::{FirstSolution, NoSteps, Refusal};
    use std::collections::BTreeSet;

    fn factorial(n: usize) -> u64 {
        (1..=n as u64).product()
    }

    #[test]
    fn steps_are_permutations_tested() {
        assert_eq!(Permutations.count_with_steps(8).1, 40320);
        for n in 0..=9 {
            assert_eq!(Permutations.count_with_steps(n).1, factorial(n), "n = {n}");
        }
    }

    #[test]
    fn nodes_per_depth_are_the_prefixes_n_factorial_over_n_minus_d_factorial() {
        for n in 0..=9 {
            let (_, depths) = Permutations.count_with_depths(n);
            let want: Vec<u64> = (0..=n).map(|d| factorial(n) / factorial(n - d)).collect();
            assert_eq!(depths.nodes_per_depth(n), want, "n = {n}");
            assert_eq!(depths.nodes_per_depth(n)[n], depths.steps, "n = {n}");
        }
    }

    /// The prefixes of every permutation, as the generator hands them over,
    /// counted by brute force: the distinct prefixes of each length.
    #[test]
    fn nodes_per_depth_are_the_distinct_prefixes() {
        for n in 0..=7 {
            let mut record = Record(Vec::new());
            let _ = generate(n, &mut record);
            let (_, depths) = Permutations.count_with_depths(n);
            for d in 0..=n {
                let distinct: BTreeSet<&[u32]> = record.0.iter().map(|(p, _)| &p[..d]).collect();
                assert_eq!(
                    depths.nodes_per_depth(n)[d],
                    distinct.len() as u64,
                    "n = {n}, d = {d}"
                );
            }
        }
    }

    #[test]
    fn solutions_come_in_reverse_lexicographic_order() {
        for n in 4..=10 {
            let ours = Permutations.collect(n);
            assert!(ours.windows(2).all(|w| w[0] > w[1]), "n = {n}");
        }
        // The first solution is the last in lexicographic order.
        for n in [4, 8, 10] {
            let mut first = FirstSolution(None);
            let _ = Permutations.search(n, &mut NoSteps, &mut first);
            assert_eq!(first.0, Bitmask.collect(n).pop(), "n = {n}");
        }
    }

    /// Every permutation, with its surplus, as the generator hands it over.
    struct Record(Vec<(Vec<u32>, u32)>);

    impl Test for Record {
        fn test(&mut self, perm: &[u32], surplus: u32) -> ControlFlow<()> {
            self.0.push((perm.to_vec(), surplus));
            ControlFlow::Continue(())
        }
    }

    /// The seed's `dv(k)`: the largest sum of any diagonal or anti-diagonal
    /// of the 0/1 board (0 for the empty board).
    fn max_diagonal_sum(perm: &[u32]) -> u32 {
        let n = perm.len();
        let mut diag = vec![0; 2 * n];
        let mut anti = vec![0; 2 * n];
        for (row, &col) in perm.iter().enumerate() {
            diag[row + col as usize] += 1;
            anti[row + n - col as usize] += 1;
        }
        diag.into_iter().chain(anti).max().unwrap_or(0)
    }

    #[test]
    fn every_permutation_is_generated_in_perms_order() {
        for n in 0..=7 {
            let mut record = Record(Vec::new());
            let _ = generate(n, &mut record);
            let perms: Vec<Vec<u32>> = record.0.iter().map(|(p, _)| p.clone()).collect();
            assert_eq!(perms.len() as u64, factorial(n), "n = {n}");
            // Strictly decreasing: reverse lexicographic, so all distinct,
            // and n! distinct permutations are all of them.
            assert!(perms.windows(2).all(|w| w[0] > w[1]), "n = {n}");
            let identity: Vec<u32> = (0..n as u32).collect();
            let reversed: Vec<u32> = identity.iter().rev().copied().collect();
            assert_eq!(
                perms.first(),
                Some(&reversed),
                "n = {n}: perms' first row is N..1"
            );
            assert_eq!(
                perms.last(),
                Some(&identity),
                "n = {n}: perms' last row is 1..N"
            );
        }
    }

    #[test]
    fn the_surplus_test_is_the_seeds_diagonal_sum_test() {
        for n in 0..=7 {
            let mut record = Record(Vec::new());
            let _ = generate(n, &mut record);
            for (perm, surplus) in record.0 {
                assert_eq!(surplus == 0, max_diagonal_sum(&perm) <= 1, "{perm:?}");
            }
        }
    }

    #[test]
    fn refuses_beyond_the_limit() {
        assert!(Permutations.check(MAX_N).is_ok());
        let refusal = Permutations.check(MAX_N + 1).unwrap_err();
        assert!(matches!(refusal, Refusal::TooLarge { limit: MAX_N, .. }));
        let message = refusal.to_string();
        assert!(message.contains("up to 13, not 14"), "{message}");
        assert!(message.contains("n! permutations"), "{message}");
    }
}
