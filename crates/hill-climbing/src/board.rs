//! The complete-state board of AIMA §4.1.1: one queen per column, counters
//! of queens per row, diagonal and anti-diagonal, and h, the number of
//! attacking pairs, kept up to date move by move.
//!
//! h counts every pair on a common row or diagonal, whether or not a queen
//! stands between them ("directly or indirectly", as the book says): a line
//! holding k queens adds k(k − 1)/2. Moving the queen of column c from row r
//! to row t changes h by the queens on t's lines minus those on r's lines
//! other than itself (the two squares share no line, as t ≠ r), three counter
//! reads: [`Board::delta`].

use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A line's queen counter. 16 bits halve the memory a steepest scan streams
/// through (twice the counters per vector instruction); a line holds at
/// most n queens, and the three counters of a square plus [`OWN_ROW`] stay
/// below 2^16 for every n up to [`MAX_COUNTED_N`].
type Count = u16;

/// The largest n whose counters fit in [`Count`]: 3n + [`OWN_ROW`] < 2^16.
pub(crate) const MAX_COUNTED_N: usize = 16_000;

/// Added to a row's counter while its column is scanned, so that the queen's
/// own square never wins the scan (it is not a successor).
const OWN_ROW: Count = 1 << 14;

/// One queen per column and the queens on every line.
#[derive(Clone, Debug, Default)]
pub(crate) struct Board {
    /// Row of the queen of each column.
    rows: Vec<u32>,
    /// Queens per row.
    row_count: Vec<Count>,
    /// Queens per diagonal `row + col`.
    diag: Vec<Count>,
    /// Queens per anti-diagonal `row + n − 1 − col`.
    anti: Vec<Count>,
    /// Attacking pairs.
    h: u64,
}

/// The best successors of one column: the lowest count of queens on a
/// target square's lines, and how many rows have it.
#[derive(Clone, Copy, Debug)]
struct ColumnBest {
    /// Queens on the best target square's lines.
    lines: Count,
    /// Rows of the column (the queen's own excluded) with that many.
    ties: u32,
}

impl Board {
    /// The number of queens.
    pub(crate) fn n(&self) -> usize {
        self.rows.len()
    }

    /// Row of the queen of each column.
    pub(crate) fn rows(&self) -> &[u32] {
        &self.rows
    }

    /// Attacking pairs.
    pub(crate) fn h(&self) -> u64 {
        self.h
    }

    /// A uniformly random board of n queens (each column's queen on a
    /// uniformly random row), reusing the buffers.
    pub(crate) fn randomize(&mut self, n: usize, rng: &mut Xoshiro256PlusPlus) {
        assert!(n <= MAX_COUNTED_N, "n = {n} overflows the counters");
        self.rows.clear();
        self.rows
            .extend((0..n).map(|_| rng.random_range(0..n as u32)));
        self.row_count.clear();
        self.row_count.resize(n, 0);
        let lines = (2 * n).saturating_sub(1);
        self.diag.clear();
        self.diag.resize(lines, 0);
        self.anti.clear();
        self.anti.resize(lines, 0);
        self.h = 0;
        for c in 0..n {
            let r = self.rows[c] as usize;
            // Each queen attacks those already on its lines.
            self.h += u64::from(self.lines_at(r, c));
            self.add(r, c);
        }
    }

    /// Queens on the lines (row, diagonal, anti-diagonal) of square (r, c).
    #[inline]
    fn lines_at(&self, r: usize, c: usize) -> u32 {
        let n = self.n();
        u32::from(self.row_count[r])
            + u32::from(self.diag[r + c])
            + u32::from(self.anti[r + n - 1 - c])
    }

    #[inline]
    fn add(&mut self, r: usize, c: usize) {
        let n = self.n();
        self.row_count[r] += 1;
        self.diag[r + c] += 1;
        self.anti[r + n - 1 - c] += 1;
    }

    #[inline]
    fn lift(&mut self, r: usize, c: usize) {
        let n = self.n();
        self.row_count[r] -= 1;
        self.diag[r + c] -= 1;
        self.anti[r + n - 1 - c] -= 1;
    }

    /// Queens attacking the queen of column c (on its three lines).
    #[inline]
    pub(crate) fn attackers(&self, c: usize) -> u32 {
        self.lines_at(self.rows[c] as usize, c) - 3
    }

    /// The change of h if the queen of column c moved to row `to` ≠ its row.
    #[inline]
    pub(crate) fn delta(&self, c: usize, to: usize) -> i64 {
        i64::from(self.lines_at(to, c)) - i64::from(self.attackers(c))
    }

    /// Moves the queen of column c to row `to` ≠ its row.
    pub(crate) fn move_queen(&mut self, c: usize, to: usize) {
        let d = self.delta(c, to);
        let r = self.rows[c] as usize;
        self.lift(r, c);
        self.add(to, c);
        self.rows[c] = to as u32;
        self.h = self.h.wrapping_add_signed(d);
    }

    /// Steepest ascent's choice (AIMA Fig. 4.2: "a highest-valued successor
    /// of current"): a successor of lowest h, uniformly at random among all
    /// the n(n − 1) successors that share it, as `(column, row, Δh)`.
    /// `None` for n < 2 (no successor).
    ///
    /// Each column is scanned once with its queen lifted and its own row
    /// made unreachable: a sum of three counter slices, which the compiler
    /// vectorises. Ties between columns are resolved as the scan goes
    /// (a column with k of the t best successors seen so far is chosen with
    /// probability k / t), then a row among the chosen column's ties.
    pub(crate) fn steepest(&mut self, rng: &mut Xoshiro256PlusPlus) -> Option<(usize, usize, i64)> {
        let n = self.n();
        if n < 2 {
            return None;
        }
        let mut best: Option<(i64, usize, ColumnBest)> = None;
        let mut ties = 0u64;
        for c in 0..n {
            let own = self.attackers(c);
            let column = self.scan(c);
            let d = i64::from(column.lines) - i64::from(own);
            match best {
                Some((b, _, _)) if d > b => {}
                Some((b, _, _)) if d == b => {
                    ties += u64::from(column.ties);
                    if rng.random_range(0..ties) < u64::from(column.ties) {
                        best = Some((d, c, column));
                    }
                }
                _ => {
                    ties = u64::from(column.ties);
                    best = Some((d, c, column));
                }
            }
        }
        let (d, c, column) = best?;
        let k = rng.random_range(0..column.ties);
        Some((c, self.nth_tie(c, column.lines, k), d))
    }

    /// Runs `f` on the column's three line slices, aligned by target row,
    /// with the queen of column c lifted and its own row out of reach.
    #[inline]
    fn with_column<T>(&mut self, c: usize, f: impl FnOnce(&[Count], &[Count], &[Count]) -> T) -> T {
        let n = self.n();
        let r = self.rows[c] as usize;
        self.lift(r, c);
        self.row_count[r] += OWN_ROW;
        let out = f(
            &self.row_count,
            &self.diag[c..c + n],
            &self.anti[n - 1 - c..2 * n - 1 - c],
        );
        self.row_count[r] -= OWN_ROW;
        self.add(r, c);
        out
    }

    /// The best target rows of column c: their line count and how many.
    fn scan(&mut self, c: usize) -> ColumnBest {
        self.with_column(c, |rows, diag, anti| {
            let sums = || rows.iter().zip(diag).zip(anti).map(|((a, b), d)| a + b + d);
            let lines = sums().fold(Count::MAX, Count::min);
            let ties = u32::from(sums().map(|s| Count::from(s == lines)).sum::<Count>());
            ColumnBest { lines, ties }
        })
    }

    /// The k-th row (0-based, top down) of column c whose lines hold `lines` queens.
    fn nth_tie(&mut self, c: usize, lines: Count, k: u32) -> usize {
        self.with_column(c, |rows, diag, anti| {
            rows.iter()
                .zip(diag)
                .zip(anti)
                .map(|((a, b), d)| a + b + d)
                .enumerate()
                .filter(|&(_, s)| s == lines)
                .nth(k as usize)
                .map(|(t, _)| t)
                .expect("k < ties")
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use rand::SeedableRng;

    /// h by definition: every pair of columns on a common row or diagonal.
    pub(crate) fn pairs(rows: &[u32]) -> u64 {
        let mut h = 0;
        for a in 0..rows.len() {
            for b in a + 1..rows.len() {
                let (ra, rb) = (i64::from(rows[a]), i64::from(rows[b]));
                if ra == rb || (ra - rb).abs() == (b - a) as i64 {
                    h += 1;
                }
            }
        }
        h
    }

    #[test]
    fn h_and_every_delta_agree_with_counting_pairs() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut board = Board::default();
        for n in [1, 2, 3, 5, 8, 13] {
            for _ in 0..20 {
                board.randomize(n, &mut rng);
                assert_eq!(board.h(), pairs(board.rows()));
                for c in 0..n {
                    for to in (0..n).filter(|&t| t != board.rows()[c] as usize) {
                        let mut moved = board.rows().to_vec();
                        moved[c] = to as u32;
                        let want = pairs(&moved) as i64 - board.h() as i64;
                        assert_eq!(board.delta(c, to), want, "n = {n}");
                    }
                }
                let c = rng.random_range(0..n);
                let to = rng.random_range(0..n);
                if to != board.rows()[c] as usize {
                    board.move_queen(c, to);
                    assert_eq!(board.h(), pairs(board.rows()));
                }
            }
        }
    }

    #[test]
    fn steepest_finds_the_lowest_successor_and_each_tie_is_drawn() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut board = Board::default();
        for n in [4, 6, 8] {
            board.randomize(n, &mut rng);
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
}
