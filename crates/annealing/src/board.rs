//! AIMA's complete-state board (3rd and 4th ed. §4.1.1): one queen per
//! column, `rows[c]` the row of column c's queen, and h the number of pairs
//! of queens that attack each other, directly or indirectly. Queens are
//! counted per row, diagonal and anti-diagonal, so h is the sum over those
//! lines of C(k, 2) and the change of h when one queen moves within its
//! column is O(1) ([`Board::delta`]).
//!
//! Shared with `queens-population` (local beam search and the genetic
//! algorithm), which builds its boards from this type.

use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A uniform draw from `0..bound` (`bound` ≥ 1): one 64-bit output scaled
/// to the range (multiply and keep the high word; the bias is below
/// bound / 2⁶⁴). One generator call per draw, so runs are reproducible.
#[inline(always)]
pub fn below(rng: &mut Xoshiro256PlusPlus, bound: usize) -> usize {
    ((u128::from(rng.next_u64()) * bound as u128) >> 64) as usize
}

/// The pairs among `k` queens on one line.
#[inline(always)]
fn pairs(k: u32) -> u64 {
    u64::from(k) * u64::from(k.saturating_sub(1)) / 2
}

/// One queen per column, with the queens counted per line and h kept exact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The row of each column's queen.
    rows: Vec<u32>,
    /// Queens per row.
    per_row: Vec<u32>,
    /// Queens per diagonal `row + col`.
    diag: Vec<u32>,
    /// Queens per anti-diagonal `row + n − 1 − col`.
    anti: Vec<u32>,
    /// Pairs of queens attacking each other.
    h: u64,
}

impl Board {
    /// The board of `rows` (each below `rows.len()`).
    pub fn new(rows: &[u32]) -> Board {
        let n = rows.len();
        let mut board = Board {
            rows: vec![0; n],
            per_row: vec![0; n],
            diag: vec![0; (2 * n).saturating_sub(1)],
            anti: vec![0; (2 * n).saturating_sub(1)],
            h: 0,
        };
        board.fill(rows);
        board
    }

    /// A board with every queen on a uniformly random row of its column.
    pub fn random(n: usize, rng: &mut Xoshiro256PlusPlus) -> Board {
        let rows: Vec<u32> = (0..n).map(|_| below(rng, n) as u32).collect();
        Board::new(&rows)
    }

    /// Makes this board `rows` (of the same n), reusing its memory.
    pub fn set_rows(&mut self, rows: &[u32]) {
        debug_assert_eq!(rows.len(), self.n());
        let n = self.n();
        for (c, &r) in self.rows.iter().enumerate() {
            let r = r as usize;
            self.per_row[r] -= 1;
            self.diag[r + c] -= 1;
            self.anti[r + n - 1 - c] -= 1;
        }
        self.fill(rows);
    }

    /// Places `rows` on a board whose counters are all zero.
    fn fill(&mut self, rows: &[u32]) {
        let n = rows.len();
        self.rows.copy_from_slice(rows);
        for (c, &r) in rows.iter().enumerate() {
            let r = r as usize;
            debug_assert!(r < n);
            self.per_row[r] += 1;
            self.diag[r + c] += 1;
            self.anti[r + n - 1 - c] += 1;
        }
        self.h = self.per_row.iter().map(|&k| pairs(k)).sum::<u64>()
            + self.diag.iter().map(|&k| pairs(k)).sum::<u64>()
            + self.anti.iter().map(|&k| pairs(k)).sum::<u64>();
    }

    /// The number of queens (and of rows, and of columns).
    #[inline]
    pub fn n(&self) -> usize {
        self.rows.len()
    }

    /// The row of each column's queen.
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

    /// The queens that attack column `col`'s queen where it stands.
    #[inline]
    pub fn attackers(&self, col: usize) -> u32 {
        let (r, n) = (self.rows[col] as usize, self.n());
        self.per_row[r] + self.diag[r + col] + self.anti[r + n - 1 - col] - 3
    }

    /// The change of h if column `col`'s queen moved to row `to`: the pairs
    /// it would form there minus those it forms now.
    #[inline]
    pub fn delta(&self, col: usize, to: usize) -> i64 {
        let (from, n) = (self.rows[col] as usize, self.n());
        if from == to {
            return 0;
        }
        // Row `to` and the diagonals through (to, col) do not hold the
        // moving queen, so their counts are the queens it would meet.
        let gain = self.per_row[to] + self.diag[to + col] + self.anti[to + n - 1 - col];
        i64::from(gain) - i64::from(self.attackers(col))
    }

    /// Moves column `col`'s queen to row `to`, keeping h exact.
    #[inline]
    pub fn move_queen(&mut self, col: usize, to: usize) {
        let delta = self.delta(col, to);
        let (from, n) = (self.rows[col] as usize, self.n());
        self.per_row[from] -= 1;
        self.diag[from + col] -= 1;
        self.anti[from + n - 1 - col] -= 1;
        self.per_row[to] += 1;
        self.diag[to + col] += 1;
        self.anti[to + n - 1 - col] += 1;
        self.rows[col] = to as u32;
        self.h = self
            .h
            .checked_add_signed(delta)
            .expect("h stays non-negative");
    }

    /// Makes this board a copy of `other` (of the same n), reusing its memory.
    pub fn copy_from(&mut self, other: &Board) {
        self.rows.copy_from_slice(&other.rows);
        self.per_row.copy_from_slice(&other.per_row);
        self.diag.copy_from_slice(&other.diag);
        self.anti.copy_from_slice(&other.anti);
        self.h = other.h;
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
