//! AIMA's complete-state n-queens board (3rd and 4th ed. §4.1.1), the one
//! representation of every complete-state local search here (hill climbing,
//! annealing, beam, genetic, tabu search, constraint weighting): one queen
//! per column, `rows[c]` the row of column c's queen, counters of queens
//! per row, diagonal and anti-diagonal, and h, the number of attacking
//! pairs, kept up to date move by move.
//!
//! h counts every pair on a common row or diagonal, whether or not a queen
//! stands between them ("directly or indirectly", as the book says): a line
//! holding k queens adds k(k − 1)/2. Moving the queen of column c from row r
//! to row t changes h by the queens on t's lines minus those on r's lines
//! other than itself (the two squares share no line, as t ≠ r), three counter
//! reads: [`Board::delta`].
//!
//! The counters' width is a type parameter ([`Count`]): `u32` by default (n
//! up to 2^28), `u16` for the steepest climbers (n up to 16 000),
//! whose scan of all n(n − 1) successors ([`Board::steepest`]) streams the
//! counters and does twice the sums per vector instruction at 16 bits.

use std::fmt::Debug;
use std::iter::Sum;
use std::ops::{Add, AddAssign, SubAssign};

use rand::{Rng, RngExt};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A line's queen counter: `u16` or `u32`.
pub trait Count:
    Copy + Ord + Default + Debug + Add<Output = Self> + AddAssign + SubAssign + Sum + Into<u32>
{
    /// One queen.
    const ONE: Self;
    /// The largest value.
    const MAX: Self;
    /// Added to a row's counter while its column is scanned, so that the
    /// queen's own square never wins the scan (it is not a successor).
    const OWN_ROW: Self;
    /// The largest n whose counters fit: the three counters of a square
    /// plus [`Count::OWN_ROW`] stay below [`Count::MAX`] (3n + OWN_ROW).
    const MAX_N: usize;
    /// 1 for true, 0 for false.
    fn of(b: bool) -> Self;
}

impl Count for u16 {
    const ONE: u16 = 1;
    const MAX: u16 = u16::MAX;
    const OWN_ROW: u16 = 1 << 14;
    const MAX_N: usize = 16_000;
    #[inline(always)]
    fn of(b: bool) -> u16 {
        u16::from(b)
    }
}

impl Count for u32 {
    const ONE: u32 = 1;
    const MAX: u32 = u32::MAX;
    const OWN_ROW: u32 = 1 << 30;
    const MAX_N: usize = 1 << 28;
    #[inline(always)]
    fn of(b: bool) -> u32 {
        u32::from(b)
    }
}

const _: () = assert!(3 * <u16 as Count>::MAX_N + (1 << 14) < u16::MAX as usize);
const _: () = assert!(3 * <u32 as Count>::MAX_N + (1 << 30) < u32::MAX as usize);

/// A uniform draw from `0..bound` (`bound` ≥ 1): one 64-bit output scaled
/// to the range (multiply and keep the high word; the bias is below
/// bound / 2⁶⁴). One generator call per draw, so runs are reproducible.
#[inline(always)]
pub fn below(rng: &mut Xoshiro256PlusPlus, bound: usize) -> usize {
    ((u128::from(rng.next_u64()) * bound as u128) >> 64) as usize
}

/// One queen per column and the queens on every line, h kept exact.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board<C: Count = u32> {
    /// Row of the queen of each column.
    rows: Vec<u32>,
    /// Queens per row.
    row_count: Vec<C>,
    /// Queens per diagonal `row + col`.
    diag: Vec<C>,
    /// Queens per anti-diagonal `row + n − 1 − col`.
    anti: Vec<C>,
    /// Attacking pairs.
    h: u64,
}

/// The best successors of one column: the lowest count of queens on a
/// target square's lines, and how many rows have it.
#[derive(Clone, Copy, Debug)]
struct ColumnBest<C> {
    /// Queens on the best target square's lines.
    lines: C,
    /// Rows of the column (the queen's own excluded) with that many.
    ties: u32,
}

impl Board {
    /// The board of `rows` (each below `rows.len()`).
    pub fn new(rows: &[u32]) -> Board {
        let mut board = Board::default();
        board.set_rows(rows);
        board
    }

    /// A board with every queen on a uniformly random row of its column,
    /// drawn column by column with [`below`].
    pub fn random(n: usize, rng: &mut Xoshiro256PlusPlus) -> Board {
        let mut board = Board::default();
        board.refill(n, (0..n).map(|_| below(rng, n) as u32));
        board
    }
}

impl<C: Count> Board<C> {
    /// Makes this board the n queens of `rows` (column by column, each
    /// below n), reusing its memory.
    pub fn refill(&mut self, n: usize, rows: impl IntoIterator<Item = u32>) {
        assert!(n <= C::MAX_N, "n = {n} overflows the counters");
        self.rows.clear();
        self.rows.extend(rows);
        assert_eq!(self.rows.len(), n, "one row per column");
        self.row_count.clear();
        self.row_count.resize(n, C::default());
        let lines = (2 * n).saturating_sub(1);
        self.diag.clear();
        self.diag.resize(lines, C::default());
        self.anti.clear();
        self.anti.resize(lines, C::default());
        self.h = 0;
        for c in 0..n {
            let r = self.rows[c] as usize;
            assert!(r < n, "row {r} of column {c} is off the board");
            // Each queen attacks those already on its lines.
            self.h += u64::from(self.lines_at(r, c));
            self.add(r, c);
        }
    }

    /// Makes this board `rows`, reusing its memory.
    pub fn set_rows(&mut self, rows: &[u32]) {
        self.refill(rows.len(), rows.iter().copied());
    }

    /// Makes this board a copy of `other` (of the same n), reusing its memory.
    pub fn copy_from(&mut self, other: &Board<C>) {
        self.rows.copy_from_slice(&other.rows);
        self.row_count.copy_from_slice(&other.row_count);
        self.diag.copy_from_slice(&other.diag);
        self.anti.copy_from_slice(&other.anti);
        self.h = other.h;
    }

    /// The number of queens (and of rows, and of columns).
    #[inline]
    pub fn n(&self) -> usize {
        self.rows.len()
    }

    /// Row of the queen of each column.
    #[inline]
    pub fn rows(&self) -> &[u32] {
        &self.rows
    }

    /// The rows, without a copy.
    pub fn into_rows(self) -> Vec<u32> {
        self.rows
    }

    /// Pairs of queens attacking each other (AIMA's h; 0 on a solution).
    #[inline]
    pub fn h(&self) -> u64 {
        self.h
    }

    /// Queens on the lines (row, diagonal, anti-diagonal) of square (r, c).
    #[inline]
    fn lines_at(&self, r: usize, c: usize) -> u32 {
        let n = self.n();
        self.row_count[r].into() + self.diag[r + c].into() + self.anti[r + n - 1 - c].into()
    }

    #[inline]
    fn add(&mut self, r: usize, c: usize) {
        let n = self.n();
        self.row_count[r] += C::ONE;
        self.diag[r + c] += C::ONE;
        self.anti[r + n - 1 - c] += C::ONE;
    }

    #[inline]
    fn lift(&mut self, r: usize, c: usize) {
        let n = self.n();
        self.row_count[r] -= C::ONE;
        self.diag[r + c] -= C::ONE;
        self.anti[r + n - 1 - c] -= C::ONE;
    }

    /// Queens attacking the queen of column `col` (on its three lines).
    #[inline]
    pub fn attackers(&self, col: usize) -> u32 {
        self.lines_at(self.rows[col] as usize, col) - 3
    }

    /// The queens column `col`'s queen would attack on row `to` of its
    /// column, itself not counted (its attackers where it stands when `to`
    /// is its row).
    #[inline]
    pub fn conflicts_at(&self, col: usize, to: usize) -> u32 {
        if to == self.rows[col] as usize {
            self.attackers(col)
        } else {
            self.lines_at(to, col)
        }
    }

    /// The change of h if column `col`'s queen moved to row `to` (0 when
    /// `to` is its row): the pairs it would form there minus those it
    /// forms now.
    #[inline]
    pub fn delta(&self, col: usize, to: usize) -> i64 {
        if to == self.rows[col] as usize {
            return 0;
        }
        // Row `to` and the diagonals through (to, col) do not hold the
        // moving queen, so their counts are the queens it would meet.
        i64::from(self.lines_at(to, col)) - i64::from(self.attackers(col))
    }

    /// Moves column `col`'s queen to row `to`, keeping h exact.
    #[inline]
    pub fn move_queen(&mut self, col: usize, to: usize) {
        let d = self.delta(col, to);
        let from = self.rows[col] as usize;
        self.lift(from, col);
        self.add(to, col);
        self.rows[col] = to as u32;
        self.h = self.h.checked_add_signed(d).expect("h stays non-negative");
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
    pub fn steepest(&mut self, rng: &mut Xoshiro256PlusPlus) -> Option<(usize, usize, i64)> {
        let n = self.n();
        if n < 2 {
            return None;
        }
        let mut best: Option<(i64, usize, ColumnBest<C>)> = None;
        let mut ties = 0u64;
        for c in 0..n {
            let own = self.attackers(c);
            let column = self.scan(c);
            let d = i64::from(column.lines.into()) - i64::from(own);
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

    /// The lowest change of h over all n(n − 1) successors, no draw made:
    /// positive at a strict local minimum, 0 on a plateau. `None` for n < 2.
    pub fn lowest_delta(&mut self) -> Option<i64> {
        let n = self.n();
        (0..n)
            .filter(|_| n >= 2)
            .map(|c| {
                let own = self.attackers(c);
                i64::from(self.scan(c).lines.into()) - i64::from(own)
            })
            .min()
    }

    /// Runs `f` on the column's three line slices, aligned by target row,
    /// with the queen of column c lifted and its own row out of reach.
    #[inline]
    fn with_column<T>(&mut self, c: usize, f: impl FnOnce(&[C], &[C], &[C]) -> T) -> T {
        let n = self.n();
        let r = self.rows[c] as usize;
        self.lift(r, c);
        self.row_count[r] += C::OWN_ROW;
        let out = f(
            &self.row_count,
            &self.diag[c..c + n],
            &self.anti[n - 1 - c..2 * n - 1 - c],
        );
        self.row_count[r] -= C::OWN_ROW;
        self.add(r, c);
        out
    }

    /// The best target rows of column c: their line count and how many.
    fn scan(&mut self, c: usize) -> ColumnBest<C> {
        self.with_column(c, |rows, diag, anti| {
            let sums = || {
                rows.iter()
                    .zip(diag)
                    .zip(anti)
                    .map(|((&a, &b), &d)| a + b + d)
            };
            let lines = sums().fold(C::MAX, C::min);
            let ties = sums().map(|s| C::of(s == lines)).sum::<C>().into();
            ColumnBest { lines, ties }
        })
    }

    /// The k-th row (0-based, top down) of column c whose lines hold `lines` queens.
    fn nth_tie(&mut self, c: usize, lines: C, k: u32) -> usize {
        self.with_column(c, |rows, diag, anti| {
            rows.iter()
                .zip(diag)
                .zip(anti)
                .map(|((&a, &b), &d)| a + b + d)
                .enumerate()
                .filter(|&(_, s)| s == lines)
                .nth(k as usize)
                .map(|(t, _)| t)
                .expect("k < ties")
        })
    }
}

/// h of `rows` counted pair by pair, O(n²): the definition, for tests.
pub fn attacking_pairs(rows: &[u32]) -> u64 {
    let mut h = 0;
    for a in 0..rows.len() {
        for b in a + 1..rows.len() {
            let (ra, rb) = (rows[a] as usize, rows[b] as usize);
            if ra == rb || ra.abs_diff(rb) == b - a {
                h += 1;
            }
        }
    }
    h
}

#[cfg(test)]
mod tests;
