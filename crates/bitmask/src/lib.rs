//! `bitmask`: the C program of seed 000 §3 ("C language", from the c2 wiki's
//! EightQueensInManyProgrammingLanguages), made correct for every n up to 32.
//!
//! Faithful to the seed: `solve` is recursive, one call per row; three masks
//! hold the used columns and the used diagonals of both directions by their
//! *absolute* index; every column of the row is tried from left to right and
//! tested against the three masks; the count is returned up the recursion.
//!
//! The one change is the seed's bug: it computes a diagonal bit as
//! `1 << (max-col-row)`, a negative shift whenever `row + col > max` (and
//! `1 << (col-row)` for the other direction). That is undefined in C; x86
//! masks the count to 5 bits, so the bit wraps to `32 - k`, and from n = 18
//! on two diagonals that do not attack each other share a bit and valid boards
//! are rejected (see [`seed_diag1_bit`] and the tests). Here the indices are
//! shifted into range: diagonal `row + col` and anti-diagonal
//! `col - row + n - 1`, both in `0..2n-1`, so three `u64` masks serve every
//! n ≤ 32. Each call folds the three masks into one word of the row's blocked
//! columns, so the left-to-right loop tests one bit per column where the seed
//! tests three.
//!
//! Steps: one per queen placement (every placement, row 1 included), the
//! nodes of the row-by-row tree below its root: 2056 at n = 8.
//!
//! Nodes per depth ([`NODE_UNIT`]): a node at depth d is a placement in row
//! d (1-based), i.e. a partial board of the first d rows with no two queens
//! attacking; the root (depth 0) is the empty board. Depths 1..=n add up to
//! the steps.
//!
//! Trace ([`TRACE`], `queens --trace`): `place` (the step) and `remove` per
//! queen, `solution` per board found.

use std::ops::ControlFlow;

use queens_core::{Enumerate, Info, Kind, Probe, Refusal, Sink, TraceInfo};

/// The largest n: the diagonal masks need 2n − 1 bits of a `u64`.
pub const MAX_N: usize = 32;

/// The approach's description.
pub static INFO: Info = Info {
    id: "bitmask",
    good_for: "counting up to about 11 queens, and listing or finding boards in the plain order of the sources (the default for -v, --first and counts below 12 queens)",
    title: "C bitmask recursion",
    source: "[Aiello] Part I.3: the C program (from the c2 wiki)",
    structure: "three integer bitmasks: columns, diagonals, anti-diagonals",
    step_unit: "queen placements",
    order: "lexicographic: rows top to bottom, columns left to right",
    max_n: MAX_N,
    limit_reason: "the 2n-1 diagonals of each direction are bits of a 64-bit mask",
    kind: Kind::Exhaustive,
    splits: false,
    counts_unique: false,
    quick_n: 12,
    bench_count: &[8, 10, 12, 14], // 14: the target size
    bench_first: &[20, 30],
};

/// How the search traces ([`Enumerate::trace_info`]): the row-by-row tree,
/// the same events as the other ports of it, so the same limits.
pub use queens_core::trace::ROW_BY_ROW as TRACE;

/// What a node at depth d is ([`Enumerate::node_unit`]).
pub const NODE_UNIT: &str =
    "a queen placed in row d: a partial board of the first d rows, no two queens attacking";

/// The seed's recursive bitmask search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bitmask;

impl Enumerate for Bitmask {
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
        probe.node(0);
        let mut board = [0u32; MAX_N];
        if n == 0 {
            // One solution, the empty board (a(0) = 1; the seed's loop prints 0).
            probe.solution(None);
            return sink.solution(&[]);
        }
        solve(n, 0, 0, 0, 0, &mut board, probe, sink)
    }
}

/// Places a queen on every free square of `row`, left to right, and recurses.
/// `cols`, `diag` (index row + col) and `anti` (index col − row + n − 1) are
/// the seed's `allCols`, `diag1` and `diag2`.
#[allow(clippy::too_many_arguments)]
fn solve<P: Probe, S: Sink>(
    n: usize,
    row: usize,
    cols: u64,
    diag: u64,
    anti: u64,
    board: &mut [u32; MAX_N],
    probe: &mut P,
    sink: &mut S,
) -> ControlFlow<()> {
    // The squares of this row attacked through each mask, as column bits:
    // diagonal row + col is bit col of `diag >> row`, anti-diagonal
    // col - row + n - 1 is bit col of `anti >> (n - 1 - row)`.
    let blocked = cols | (diag >> row) | (anti >> (n - 1 - row));
    for col in 0..n {
        if blocked & (1 << col) != 0 {
            continue;
        }
        probe.step();
        probe.node(row + 1);
        probe.place(row, col);
        if S::NEEDS_BOARD {
            board[row] = col as u32;
        }
        if row + 1 == n {
            probe.solution(None);
            sink.solution(&board[..n])?;
        } else {
            solve(
                n,
                row + 1,
                cols | 1 << col,
                diag | 1 << (row + col),
                anti | 1 << (col + n - 1 - row),
                board,
                probe,
                sink,
            )?;
        }
        probe.remove(row, col);
    }
    ControlFlow::Continue(())
}

/// The seed's `calcDiag1Bit(max, row, col)` = `1 << (max-col-row)` on a 32-bit
/// `int`, as x86-64 executes it: the shift count is taken modulo 32, so a
/// negative count −k sets bit 32 − k. Kept to show the seed's bug in tests.
pub fn seed_diag1_bit(max: i32, row: i32, col: i32) -> u32 {
    1u32.wrapping_shl((max - col - row) as u32)
}

/// The seed's `calcDiag2Bit(max, row, col)` = `calcDiag1Bit(max, row, max-col)`.
pub fn seed_diag2_bit(max: i32, row: i32, col: i32) -> u32 {
    seed_diag1_bit(max, row, max - col)
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::{FirstSolution, NoSteps, is_solution, known};

    #[test]
    fn counts_match_a000170() {
        for n in 0..=13 {
            assert_eq!(
                Bitmask.count_with_steps(n).0,
                known::total(n).unwrap(),
                "n = {n}"
            );
        }
    }

    #[test]
    fn steps_are_placements() {
        assert_eq!(Bitmask.count_with_steps(8).1, 2056);
        assert_eq!(Bitmask.count_with_steps(10).1, 35538);
        assert_eq!(Bitmask.count_with_steps(1).1, 1);
    }

    #[test]
    fn nodes_per_depth_add_up_to_the_steps() {
        for n in 0..=11 {
            let (solutions, depths) = Bitmask.count_with_depths(n);
            assert_eq!(depths.nodes[0], 1, "n = {n}: one root");
            assert_eq!(depths.below_root(), depths.steps, "n = {n}");
            assert_eq!(depths.nodes_per_depth(n)[n], solutions, "n = {n}");
        }
        // n = 4 by hand: 4 queens in row 1, 6 pairs, 4 triples, 2 boards.
        assert_eq!(Bitmask.count_with_depths(4).1.nodes, [1, 4, 6, 4, 2]);
    }

    #[test]
    fn first_solution_is_valid_up_to_32() {
        for n in (4..=32).step_by(1) {
            let mut first = FirstSolution(None);
            let _ = Bitmask.search(n, &mut NoSteps, &mut first);
            let s = first.0.expect("a solution exists");
            assert!(is_solution(&s), "n = {n}: {s:?}");
        }
    }

    #[test]
    fn seed_diagonal_formula_confuses_squares_that_do_not_attack() {
        // n = 18: squares (0, 0) and (15, 17) are on no common line (15 rows
        // apart, 17 columns apart), yet the seed gives them the same diag1 bit.
        let max = 18;
        assert_eq!(seed_diag1_bit(max, 0, 0), seed_diag1_bit(max, 15, 17));
        // Our indices keep them apart.
        let (r1, c1, r2, c2) = (0usize, 0usize, 15usize, 17usize);
        assert_ne!(r1 + c1, r2 + c2);
        assert_ne!(c1 + max as usize - 1 - r1, c2 + max as usize - 1 - r2);
    }

    #[test]
    fn seed_formula_rejects_a_valid_18_queens_board_that_ours_accepts() {
        // From the peers' analysis (shift_collisions.py): a valid 18-queens board.
        let board: [u32; 18] = [0, 2, 5, 1, 10, 12, 14, 16, 4, 13, 15, 8, 6, 3, 7, 17, 11, 9];
        assert!(is_solution(&board));
        let max = 18;
        let (mut cols, mut d1, mut d2) = (0u32, 0u32, 0u32);
        let mut seed_accepts = true;
        for (row, &col) in board.iter().enumerate() {
            let (r, c) = (row as i32, col as i32);
            let (cb, b1, b2) = (
                1u32 << c,
                seed_diag1_bit(max, r, c),
                seed_diag2_bit(max, r, c),
            );
            if cols & cb != 0 || d1 & b1 != 0 || d2 & b2 != 0 {
                seed_accepts = false;
            }
            cols |= cb;
            d1 |= b1;
            d2 |= b2;
        }
        assert!(
            !seed_accepts,
            "the seed's wrapped shifts should reject this board"
        );
        // Our search, forced down this board's branch row by row, finds it
        // a solution: feed it through the same masks the search uses.
        let n = board.len();
        let (mut cols, mut diag, mut anti) = (0u64, 0u64, 0u64);
        for (row, &col) in board.iter().enumerate() {
            let col = col as usize;
            let (cb, db, ab) = (
                1u64 << col,
                1u64 << (row + col),
                1u64 << (col + n - 1 - row),
            );
            assert!(
                cols & cb == 0 && diag & db == 0 && anti & ab == 0,
                "row {row}"
            );
            cols |= cb;
            diag |= db;
            anti |= ab;
        }
    }

    #[test]
    fn seed_formula_is_fine_for_small_boards() {
        // Up to n = 16 the wrapped bits stay clear of the non-negative ones:
        // no two squares of different diagonals share a seed bit.
        for max in 1..=16i32 {
            for (r1, c1) in (0..max).flat_map(|r| (0..max).map(move |c| (r, c))) {
                for (r2, c2) in (0..max).flat_map(|r| (0..max).map(move |c| (r, c))) {
                    if seed_diag1_bit(max, r1, c1) == seed_diag1_bit(max, r2, c2) {
                        assert_eq!(r1 + c1, r2 + c2, "max {max}");
                    }
                }
            }
        }
    }
}
