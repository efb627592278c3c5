//! `attack-board`: the Queens.py assignment of seed 001 (CSE 30, PA2).
//!
//! Faithful to the specification: the board is an (n+1)×(n+1) table `B` of
//! integers (row 0 and column 0 are extra, so indices match the 1-based
//! board). `B[i][j]` is 1 for a queen, 0 for a safe empty square and −k for a
//! square attacked by k queens in rows above; `B[i][0]` holds the column of
//! row i's queen, so column 0 *is* the solution. [`Board::place_queen`] and
//! [`Board::remove_queen`] update every square below the queen that it
//! attacks; `find_solutions(B, i)` is the pseudo-code's recursion: past row n
//! a solution is found, otherwise each safe square of row i, left to right,
//! gets a queen, the next row is searched, and the queen is removed. Solutions
//! therefore come out in the seed's order (lexicographic).
//!
//! Written as well as that character allows: the table is one flat `Vec<i32>`
//! instead of a list of lists, and the pseudo-code's sum of returned counts is
//! delegated to a [`Sink`] so counting and listing share one search.
//!
//! Steps: one per queen placement, the same tree as `bitmask`: 2056 at n = 8.
//!
//! Nodes per depth ([`NODE_UNIT`]): a node at depth d is a queen placed on a
//! safe square of row d (1-based, `find_solutions(B, d)`), i.e. a partial
//! board of rows 1..=d with no two queens attacking; the root (depth 0) is
//! the empty table. The same tree, level by level, as `bitmask`'s; depths
//! 1..=n add up to the steps.
//!
//! Trace ([`TRACE`], `queens --trace`): `place` (the step) after
//! `place_queen`, `remove` after `remove_queen`, `solution` past row n: the
//! seed's box trace, box by box (a first-solution run stops at its
//! solution, leaving the board standing).

use std::ops::ControlFlow;

use queens_core::{Enumerate, Info, Kind, Probe, Refusal, Sink, TraceInfo};

/// The largest n: the board is (n+1)² `i32`s, and counting beyond this takes years.
pub const MAX_N: usize = 64;

/// The approach's description.
pub static INFO: Info = Info {
    id: "attack-board",
    good_for: "following the Queens.py assignment step by step: its attack counts and box trace",
    title: "Queens.py attack-count board",
    source: "[Queens.py] the CSE 30 Queens.py assignment",
    structure: "(n+1)×(n+1) table of attack counts; column 0 holds the solution",
    step_unit: "queen placements",
    order: "lexicographic: rows top to bottom, columns left to right (the source's samples)",
    max_n: MAX_N,
    limit_reason: "a limit of convenience: counting past n = 27 is beyond any known \
                   computation, and plain backtracking's first solution grows \
                   erratically beyond n = 30",
    kind: Kind::Exhaustive,
    splits: false,
    counts_unique: false,
    quick_n: 11,
    bench_count: &[8, 10, 12, 13], // 13: the target size
    bench_first: &[20, 30],
};

/// How the search traces ([`Enumerate::trace_info`]): the row-by-row tree,
/// the same events as the other ports of it, so the same limits.
pub use queens_core::trace::ROW_BY_ROW as TRACE;

/// What a node at depth d is ([`Enumerate::node_unit`]).
pub const NODE_UNIT: &str = "a queen placed on a safe square of row d: a partial board of rows 1 to d, no two queens attacking";

/// The seed's attack-count board search.
#[derive(Clone, Copy, Debug, Default)]
pub struct AttackBoard;

/// The (n+1)×(n+1) table of seed 001.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    n: usize,
    cells: Vec<i32>,
}

impl Board {
    /// An empty n×n board: the (n+1)×(n+1) table, all zeros.
    pub fn new(n: usize) -> Self {
        Board {
            n,
            cells: vec![0; (n + 1) * (n + 1)],
        }
    }

    /// The board size n.
    pub fn n(&self) -> usize {
        self.n
    }

    /// `B[i][j]`.
    pub fn get(&self, i: usize, j: usize) -> i32 {
        self.cells[i * (self.n + 1) + j]
    }

    /// Puts a queen on (i, j): `B[i][j]` 0 → 1, `B[i][0] = j`, and every square
    /// (k, l) below it that it attacks is decremented.
    pub fn place_queen(&mut self, i: usize, j: usize) {
        let w = self.n + 1;
        self.cells[i * w + j] += 1;
        self.cells[i * w] = j as i32;
        self.attack(i, j, -1);
    }

    /// Undoes [`Board::place_queen`].
    pub fn remove_queen(&mut self, i: usize, j: usize) {
        let w = self.n + 1;
        self.cells[i * w + j] -= 1;
        self.cells[i * w] = 0;
        self.attack(i, j, 1);
    }

    /// Adds `delta` to every square below (i, j) in its column and diagonals:
    /// three walks down the flat table, each a fixed stride (a row is `n + 1`
    /// cells: the column moves by `n + 1`, the diagonals by `n` and `n + 2`).
    #[inline]
    fn attack(&mut self, i: usize, j: usize, delta: i32) {
        let (n, w) = (self.n, self.n + 1);
        let below = n - i; // rows i+1..=n
        if below == 0 {
            return;
        }
        let start = (i + 1) * w;
        let cells = &mut self.cells;
        // The column: (i+d, j) for every row below.
        let mut k = start + j;
        for _ in 0..below {
            cells[k] += delta;
            k += w;
        }
        // Down-left: (i+d, j-d) while j - d >= 1.
        let mut k = start + j - 1;
        for _ in 0..below.min(j - 1) {
            cells[k] += delta;
            k += w - 1;
        }
        // Down-right: (i+d, j+d) while j + d <= n.
        let mut k = start + j + 1;
        for _ in 0..below.min(n - j) {
            cells[k] += delta;
            k += w + 1;
        }
    }

    /// Column 0 of rows 1..=n, 0-based: the solution the board holds.
    pub fn solution(&self) -> Vec<u32> {
        (1..=self.n).map(|i| self.get(i, 0) as u32 - 1).collect()
    }
}

impl Enumerate for AttackBoard {
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
        let mut board = Board::new(n);
        let mut cols = vec![0u32; n];
        find_solutions(&mut board, 1, &mut cols, probe, sink)
    }
}

/// The pseudo-code's `findSolutions(B, i)`: rows 1..i-1 hold queens.
fn find_solutions<P: Probe, S: Sink>(
    board: &mut Board,
    i: usize,
    cols: &mut [u32],
    probe: &mut P,
    sink: &mut S,
) -> ControlFlow<()> {
    let n = board.n;
    if i > n {
        // The table's column 0 is the solution; keep a u32 copy in step with
        // it so the sink gets a slice without a conversion per solution.
        probe.solution(None);
        return sink.solution(cols);
    }
    let row = i * (n + 1); // B[i][j] is cells[row + j]
    for j in 1..=n {
        if board.cells[row + j] == 0 {
            board.place_queen(i, j);
            probe.step();
            probe.node(i);
            probe.place(i - 1, j - 1);
            if S::NEEDS_BOARD {
                cols[i - 1] = j as u32 - 1;
            }
            let flow = find_solutions(board, i + 1, cols, probe, sink);
            board.remove_queen(i, j);
            flow?;
            probe.remove(i - 1, j - 1);
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::{Counter, StepCounter, known};

    #[test]
    fn counts_match_a000170() {
        for n in 0..=12 {
            let mut c = Counter(0);
            let _ = AttackBoard.search(n, &mut queens_core::NoSteps, &mut c);
            assert_eq!(c.0, known::total(n).unwrap(), "n = {n}");
        }
    }

    #[test]
    fn steps_are_placements() {
        for (n, steps) in [(8, 2056), (10, 35538)] {
            let mut p = StepCounter::default();
            let _ = AttackBoard.search(n, &mut p, &mut Counter(0));
            assert_eq!(p.count, steps);
        }
    }

    #[test]
    fn nodes_per_depth_add_up_to_the_steps() {
        for n in 0..=10 {
            let (solutions, depths) = AttackBoard.count_with_depths(n);
            assert_eq!(depths.nodes[0], 1, "n = {n}: one root");
            assert_eq!(depths.below_root(), depths.steps, "n = {n}");
            assert_eq!(depths.nodes_per_depth(n)[n], solutions, "n = {n}");
        }
    }

    /// The spec's box trace for n = 4: a queen on (1, 2), then on (2, 4).
    #[test]
    fn box_trace_of_seed_001() {
        let mut b = Board::new(4);
        b.place_queen(1, 2);
        let rows = |b: &Board| -> Vec<Vec<i32>> {
            (1..=4)
                .map(|i| (1..=4).map(|j| b.get(i, j)).collect())
                .collect()
        };
        assert_eq!(
            rows(&b),
            [[0, 1, 0, 0], [-1, -1, -1, 0], [0, -1, 0, -1], [0, -1, 0, 0]]
        );
        b.place_queen(2, 4);
        assert_eq!(
            rows(&b),
            [
                [0, 1, 0, 0],
                [-1, -1, -1, 1],
                [0, -1, -1, -2],
                [0, -2, 0, -1]
            ]
        );
        assert_eq!((b.get(1, 0), b.get(2, 0)), (2, 4));
        // The third state of the trace: a queen on (1, 4), then (2, 2).
        let mut c = Board::new(4);
        c.place_queen(1, 4);
        c.place_queen(2, 2);
        assert_eq!(
            rows(&c),
            [
                [0, 0, 0, 1],
                [0, 1, -1, -1],
                [-1, -2, -1, -1],
                [-1, -1, 0, -2]
            ]
        );
        // Removing undoes placing, exactly.
        b.remove_queen(2, 4);
        b.remove_queen(1, 2);
        assert_eq!(b, Board::new(4));
    }
}
