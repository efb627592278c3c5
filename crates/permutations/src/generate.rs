//! The generator both filters share: every permutation of the columns, in
//! `perms`' reverse lexicographic order, depth first, with the diagonal
//! occupancy of the prefix kept as it is built (the crate docs say why the
//! order is MATLAB's).

use std::ops::ControlFlow;

/// The longest permutation generated: [`crate::streaming::MAX_N`].
const MAX_N: usize = crate::streaming::MAX_N;

/// What happens to each complete permutation.
pub(crate) trait Test {
    /// Receives a complete permutation (0-based column per row) and its
    /// surplus; returns `Break` to stop the generation.
    fn test(&mut self, perm: &[u32], surplus: u32) -> ControlFlow<()>;
    /// Told of each prefix of `depth` rows the generator builds (0: the
    /// empty one); ignored by default.
    #[inline(always)]
    fn prefix(&mut self, _depth: usize) {}
}

/// Generates every permutation of the columns 0..n in `perms`' order and
/// passes each, complete, to `test`.
pub(crate) fn generate<T: Test>(n: usize, test: &mut T) -> ControlFlow<()> {
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
    use crate::factorial;
    use std::collections::BTreeSet;

    /// Every permutation, with its surplus, as the generator hands it over,
    /// and the prefixes it reports.
    #[derive(Default)]
    struct Record {
        perms: Vec<(Vec<u32>, u32)>,
        prefixes: Vec<u64>,
    }

    impl Test for Record {
        fn test(&mut self, perm: &[u32], surplus: u32) -> ControlFlow<()> {
            self.perms.push((perm.to_vec(), surplus));
            ControlFlow::Continue(())
        }
        fn prefix(&mut self, depth: usize) {
            if self.prefixes.len() <= depth {
                self.prefixes.resize(depth + 1, 0);
            }
            self.prefixes[depth] += 1;
        }
    }

    fn record(n: usize) -> Record {
        let mut record = Record::default();
        let _ = generate(n, &mut record);
        record
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
            let perms: Vec<Vec<u32>> = record(n).perms.into_iter().map(|(p, _)| p).collect();
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

    /// The prefixes the generator reports are the distinct prefixes of the
    /// permutations, counted by brute force.
    #[test]
    fn prefixes_are_the_distinct_prefixes() {
        for n in 0..=7 {
            let record = record(n);
            for d in 0..=n {
                let distinct: BTreeSet<&[u32]> =
                    record.perms.iter().map(|(p, _)| &p[..d]).collect();
                assert_eq!(
                    record.prefixes[d],
                    distinct.len() as u64,
                    "n = {n}, d = {d}"
                );
            }
        }
    }

    #[test]
    fn the_surplus_test_is_the_seeds_diagonal_sum_test() {
        for n in 0..=7 {
            for (perm, surplus) in record(n).perms {
                assert_eq!(surplus == 0, max_diagonal_sum(&perm) <= 1, "{perm:?}");
            }
        }
    }
}
