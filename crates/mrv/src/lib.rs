//! `mrv`: Richard A. O'Keefe's `Queens.Pl` (8 Feb 1984), seed file
//! `002_9375fd6b83606ac6.txt`: "least room to move", the queen with the fewest
//! possible columns is placed first.
//!
//! The seed keeps a table of `Row/PossibleColumns` pairs for the queens not
//! yet placed. `place/2` picks the pair with the fewest columns
//! (`least_room_to_move`), tries each of its columns (`member`), removes the
//! squares the new queen attacks from every other row (`prune`) and recurses;
//! an empty table is a solution, which `queens/1` keysorts into
//! `[1-2,2-4,3-1,4-3]`.
//!
//! **Order.** This crate reproduces the program's search order exactly,
//! quirks included, so that its listing equals SWI-Prolog's line for line
//! (the tests compare it with fixtures produced by SWI-Prolog running the
//! seed program, `tests/data/`):
//! - the initial table lists rows n..1, and every column list runs n..1
//!   (`number_list` counts down), so columns are tried from right to left;
//! - `shorter` is strict, so of rows with equally few columns the earliest in
//!   the table wins;
//! - `lr2m` keeps the current best apart and, when it meets a strictly
//!   shorter row, puts the old best into the rest *at the place where the new
//!   best was*; pruning keeps the order of the rest. So the table is permuted
//!   from level to level, and which row is chosen among equals depends on it.
//!
//! Solutions go to the sink in row order (0-based column per row), which is
//! what the keysort gives; [`queens_core::format::pairs`] prints them as the
//! seed does.
//!
//! **Steps:** one per queen placement, i.e. per successful
//! `member(Col, Columns)` in `place/2`: 1344 at n = 8 (2056 for the row-by-row
//! searches), equal to the calls of `place/2` minus one that SWI-Prolog counts
//! in the seed program (`tests/data/placements.txt`).
//!
//! **Nodes per depth** ([`NODE_UNIT`]): a node at depth d is a placement that
//! puts the d-th queen on the board, in O'Keefe's order (the rows are not
//! filled top to bottom, so depth d is "d queens placed", whichever rows
//! they are in); the root (depth 0) is the initial table, no queen placed.
//! Depths 1..=n add up to the steps.
//!
//! **Trace** ([`TRACE`], `queens --trace`): `place` (the step) per
//! successful `member`, its row the one least room to move chose (rows come
//! out of order), `remove` when the queen is taken back, `solution` when the
//! table is empty. A placement that leaves some row without a column is
//! removed at once: the trace's `dead-end`.
//!
//! **Representation.** The column lists become bitsets, with two engines
//! that make the same choices in the same order (tests compare their
//! listings and step counts):
//! - n ≤ 64: each table entry is a row, its column set as one `u64` and the
//!   set's size; like the Prolog lists, each level builds a new table
//!   (pruning a row is one AND-NOT with the three attacked bits), and
//!   `lr2m` permutes a level's own table in place;
//! - n > 64 (the `--first` sizes): a set of n bits per row would cost O(n²)
//!   memory and O(n/64) per update, so the sets are implicit. Three line
//!   bitsets (columns, `row + col` diagonals, `row − col` diagonals, as in the
//!   seed's `Sum` and `Dif`) say which squares are attacked; a row's remaining
//!   columns are the squares of that row on three free lines, and a counter
//!   per row holds how many there are. Placing a queen lowers the counter of
//!   each unplaced row by the number of its three newly attacked squares that
//!   were still free (O(1) per row), and the table is one array of rows
//!   permuted in place by `lr2m`, with the swaps logged so backtracking can
//!   undo them. The engine is an explicit stack, not recursion, so deep
//!   boards do not exhaust the thread's stack. Memory is O(n).
//!
//! **Limit:** [`MAX_N`] = 84, set by time, not by representation (the line
//! engine would take any n in O(n) memory). Counting is bounded by time like
//! every exhaustive search (n = 14 takes a fraction of a second, each further
//! n about six times longer). What limits `first` is the order itself: the
//! first board *in O'Keefe's order* takes erratically long beyond n ≈ 80,
//! because trying columns right to left leads into dead subtrees that the
//! per-row forward checking does not see. Measured (release build, exactly
//! the seed's order): every n ≤ 84 gives its first board in under half a
//! second (the slowest, n = 80, after 243 134 placements: 0.09 s on a quiet
//! machine, 0.35 s on a busy one); n = 85 takes 1.9 s
//! (1.5 M placements), n = 90 11 s (9 M); in a scan of n = 65..260 about
//! 80 sizes did not finish within half a second, and n = 129, 200 and 1000
//! ran for more than 20 s, while n = 500 takes 0.15 s. This is the
//! program's behaviour, not the port's: SWI-Prolog running the seed needs
//! 3 s for n = 100 and prints the same first board as this crate (tests),
//! and n = 129 did not finish within five minutes. A column-support check
//! (abandoning a branch when a free column has no unplaced row left that
//! could take it) keeps the order, but did not tame n = 129, 200 or 1000,
//! so it was left out. 84 is the largest n up to which every board comes
//! within a second. For larger boards, [`tuned`] (`mrv-tuned`) keeps the
//! idea and changes the order: random ties, columns from the centre out,
//! restarts.

use std::ops::ControlFlow;

use queens_core::{Enumerate, Event, Info, Kind, Probe, Refusal, Sink, TraceInfo};

pub mod tuned;
pub use tuned::{MrvTuned, TUNED_INFO};

/// The largest n accepted: up to here the first board in O'Keefe's order
/// comes in under half a second for every n; n = 85 takes 1.9 s, and many larger n
/// run for minutes (see the crate docs).
pub const MAX_N: usize = 84;

/// The largest n the `u64` table engine handles; beyond it the line-bitset
/// engine takes over.
pub const NARROW_MAX_N: usize = 64;

/// The approach's description.
pub static INFO: Info = Info {
    id: "mrv",
    good_for: "O'Keefe's least room to move: a small tree by choosing the tightest row first",
    title: "O'Keefe's least room to move (MRV)",
    source: "[O'Keefe 1984] Queens.Pl",
    structure: "table of (row, column bitset) pairs, fewest columns first; \
                line bitsets with per-row counters beyond n = 64",
    step_unit: "queen placements",
    order: "O'Keefe's: the row with fewest remaining columns first (earliest in the \
            permuted table on ties), its columns right to left; listed as SWI-Prolog does",
    max_n: MAX_N,
    limit_reason: "time: in O'Keefe's order the time of a first board jumps erratically \
                   above n = 84, to minutes for some n, as in the Prolog program; \
                   mrv-tuned accepts larger boards",
    kind: Kind::Exhaustive,
    splits: false,
    counts_unique: false,
    quick_n: 13,
    bench_count: &[8, 10, 12],
    bench_first: &[20, 30, 84],
};

/// How the search traces ([`Enumerate::trace_info`]).
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Place),
    count_max_n: 13,
    first_max_n: MAX_N,
    reason: "a trace writes a place and a remove event per queen placement, and a dead-end \
             per placement that leaves a row without a column: a count writes 4 858 944 \
             events at n = 13 and 26 583 076 at n = 14; every first-solution run up to \
             n = 84 writes under 600 000",
};

/// What a node at depth d is ([`Enumerate::node_unit`]).
pub const NODE_UNIT: &str = "a placement of the d-th queen, in O'Keefe's order (d queens placed, \
                             in whichever rows least room to move chose)";

/// O'Keefe's fewest-columns-first search, in the seed program's exact order.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mrv;

impl Enumerate for Mrv {
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
        if n <= NARROW_MAX_N {
            narrow(n, probe, sink)
        } else {
            wide(n, probe, sink)
        }
    }
}

/// One `Row/PossibleColumns` pair of the seed's table (n ≤ 64).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The remaining columns, bit c for column c (0-based).
    set: u64,
    /// 0-based row.
    row: u32,
    /// `set.count_ones()`, kept so `shorter` is one comparison.
    len: u32,
}

/// The n ≤ 64 engine: sets the initial table up (rows n..1, all columns) and
/// runs [`place_narrow`].
fn narrow<P: Probe, S: Sink>(n: usize, probe: &mut P, sink: &mut S) -> ControlFlow<()> {
    if n == 0 {
        // make_initial_table(0, []) and place([], []): one solution, `[]`.
        probe.solution(None);
        return sink.solution(&[]);
    }
    let all = u64::MAX >> (64 - n);
    // The tables of all levels, n + (n-1) + ... + 1 entries, allocated once.
    let mut tables = vec![Entry::default(); n * (n + 1) / 2];
    let (table, below) = tables.split_at_mut(n);
    for (i, e) in table.iter_mut().enumerate() {
        *e = Entry {
            set: all,
            row: (n - 1 - i) as u32,
            len: n as u32,
        };
    }
    let mut board = vec![0u32; n];
    place_narrow(table, below, &mut board, probe, sink)
}

/// The seed's `place/2` on a non-empty table: `least_room_to_move`, then
/// `member` over the best row's columns, `prune` into the next level's table
/// (the front of `below`) and recursion.
fn place_narrow<P: Probe, S: Sink>(
    table: &mut [Entry],
    below: &mut [Entry],
    board: &mut [u32],
    probe: &mut P,
    sink: &mut S,
) -> ControlFlow<()> {
    let best = least_room_to_move(table);
    let rest = &table[1..];
    let (next, deeper) = below.split_at_mut(rest.len());
    // The queens on the board once this level's is placed.
    let depth = board.len() - rest.len();
    let mut cols = best.set;
    while cols != 0 {
        // member/2 on a list that runs n..1: the highest column first.
        let c = 63 - cols.leading_zeros();
        let bit = 1u64 << c;
        cols ^= bit;
        probe.step();
        probe.node(depth);
        probe.place(best.row as usize, c as usize);
        if S::NEEDS_BOARD {
            board[best.row as usize] = c;
        }
        if rest.is_empty() {
            probe.solution(None);
            sink.solution(board)?;
            probe.remove(best.row as usize, c as usize);
            continue;
        }
        let mut dead = false;
        for (to, e) in next.iter_mut().zip(rest) {
            // forbidden/4: the same column and both diagonals through (row, c).
            let d = e.row.abs_diff(best.row);
            let hit = e.set & (bit | bit << d | bit >> d);
            let set = e.set ^ hit;
            let len = e.len - bits_of_three(hit);
            dead |= len == 0;
            *to = Entry {
                set,
                row: e.row,
                len,
            };
        }
        // A row left without columns would be picked first (nothing is
        // shorter) and fail at once: no placements, so skipping it changes
        // neither the steps nor the order.
        if !dead {
            place_narrow(next, deeper, board, probe, sink)?;
        }
        probe.remove(best.row as usize, c as usize);
    }
    ControlFlow::Continue(())
}

/// The number of set bits of a word with at most three of them (cheaper
/// than a general popcount on the x86-64 baseline, which has no `popcnt`).
#[inline(always)]
fn bits_of_three(x: u64) -> u32 {
    let y = x & x.wrapping_sub(1);
    let z = y & y.wrapping_sub(1);
    u32::from(x != 0) + u32::from(y != 0) + u32::from(z != 0)
}

/// `least_room_to_move` and `lr2m` in place: returns the first of the
/// strictly shortest entries and leaves the seed's `Rest` in `table[1..]`.
///
/// `lr2m` walks the table keeping the best apart; each entry it passes goes
/// to the output in its place, except that a strictly shorter entry replaces
/// the best and the *old best* takes its place. Swapping the best with each
/// new best, then reading `table[1..]`, gives exactly that list.
#[inline]
fn least_room_to_move(table: &mut [Entry]) -> Entry {
    let mut best = table[0];
    for e in &mut table[1..] {
        if e.len < best.len {
            std::mem::swap(e, &mut best);
        }
    }
    table[0] = best;
    best
}

/// Squares attacked, as three line bitsets: the n columns, the 2n − 1
/// diagonals `row + col` (the seed's `Sum`) and the 2n − 1 diagonals
/// `row − col + n − 1` (its `Dif`, shifted to be non-negative).
/// Shared with [`tuned`].
struct Lines {
    n: usize,
    col: Vec<u64>,
    sum: Vec<u64>,
    dif: Vec<u64>,
}

impl Lines {
    fn new(n: usize) -> Self {
        let words = |bits: usize| vec![0u64; bits.div_ceil(64)];
        Lines {
            n,
            col: words(n),
            sum: words(2 * n),
            dif: words(2 * n),
        }
    }

    #[inline]
    fn bit(v: &[u64], i: usize) -> bool {
        v[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline]
    fn flip(v: &mut [u64], i: usize) {
        v[i >> 6] ^= 1 << (i & 63);
    }

    /// Whether square (r, c) is still free: a column of row r's set.
    #[inline]
    fn free(&self, r: usize, c: usize) -> bool {
        !Self::bit(&self.col, c)
            && !Self::bit(&self.sum, r + c)
            && !Self::bit(&self.dif, r + self.n - 1 - c)
    }

    /// Marks (place) or unmarks (remove) the three lines of a queen on (r, c).
    #[inline]
    fn toggle(&mut self, r: usize, c: usize) {
        Self::flip(&mut self.col, c);
        Self::flip(&mut self.sum, r + c);
        Self::flip(&mut self.dif, r + self.n - 1 - c);
    }

    /// How many of the squares of row r2 that a queen on (r1, c1) attacks
    /// are free: what `prune` removes from row r2's set.
    #[inline]
    fn attacked_free(&self, r2: usize, r1: usize, c1: usize) -> u32 {
        let d = r2.abs_diff(r1);
        let mut k = u32::from(self.free(r2, c1));
        if c1 + d < self.n {
            k += u32::from(self.free(r2, c1 + d));
        }
        if c1 >= d {
            k += u32::from(self.free(r2, c1 - d));
        }
        k
    }
}

/// One level of the explicit stack of the n > 64 engine.
struct Frame {
    /// The row `least_room_to_move` chose (0-based).
    best: u32,
    /// The column last tried: the next one is the highest free column below it.
    col: u32,
    /// Columns of the best row not yet tried.
    left: u32,
    /// Length of the swap log before this level's `lr2m`.
    swaps: u32,
    /// Whether a queen of this level is on the board (at `col`).
    placed: bool,
}

/// `least_room_to_move` on `order[d..]` in place, logging the swaps.
fn lr2m_wide(order: &mut [u32], d: usize, len: &[u32], log: &mut Vec<u32>, n: usize) -> Frame {
    let start = log.len() as u32;
    let mut best = order[d];
    for i in d + 1..order.len() {
        if len[order[i] as usize] < len[best as usize] {
            log.push(i as u32);
            std::mem::swap(&mut order[i], &mut best);
        }
    }
    order[d] = best;
    Frame {
        best,
        col: n as u32,
        left: len[best as usize],
        swaps: start,
        placed: false,
    }
}

/// Restores `order[d..]` to what it was before [`lr2m_wide`] at level d.
fn undo_lr2m_wide(order: &mut [u32], d: usize, log: &mut Vec<u32>, start: u32) {
    let mut held = order[d];
    while log.len() > start as usize {
        let i = log.pop().unwrap_or_default() as usize;
        std::mem::swap(&mut order[i], &mut held);
    }
    order[d] = held;
}

/// The n > 64 engine: the same search as [`place_narrow`] on line bitsets
/// and per-row counters, with an explicit stack.
fn wide<P: Probe, S: Sink>(n: usize, probe: &mut P, sink: &mut S) -> ControlFlow<()> {
    if n == 0 {
        return sink.solution(&[]);
    }
    let mut lines = Lines::new(n);
    let mut len = vec![n as u32; n];
    // The initial table: rows n..1.
    let mut order: Vec<u32> = (0..n as u32).rev().collect();
    let mut board = vec![0u32; n];
    let mut log = Vec::new();
    let mut stack = Vec::with_capacity(n);
    stack.push(lr2m_wide(&mut order, 0, &len, &mut log, n));
    while let Some(&Frame {
        best,
        col,
        left,
        swaps,
        placed,
    }) = stack.last()
    {
        let d = stack.len() - 1;
        let r1 = best as usize;
        if placed {
            // Take the queen back: free its lines, give back what was pruned.
            probe.remove(r1, col as usize);
            lines.toggle(r1, col as usize);
            for &r2 in &order[d + 1..] {
                len[r2 as usize] += lines.attacked_free(r2 as usize, r1, col as usize);
            }
        }
        let next = if left == 0 {
            None
        } else {
            (0..col as usize).rev().find(|&c| lines.free(r1, c))
        };
        let Some(c) = next else {
            undo_lr2m_wide(&mut order, d, &mut log, swaps);
            stack.pop();
            continue;
        };
        let top = stack.last_mut().expect("the frame just read");
        top.col = c as u32;
        top.left -= 1;
        top.placed = true;
        probe.step();
        probe.node(d + 1);
        probe.place(r1, c);
        if S::NEEDS_BOARD {
            board[r1] = c as u32;
        }
        let mut dead = false;
        for &r2 in &order[d + 1..] {
            let l = &mut len[r2 as usize];
            *l -= lines.attacked_free(r2 as usize, r1, c);
            dead |= *l == 0;
        }
        lines.toggle(r1, c);
        if d + 1 == n {
            probe.solution(None);
            sink.solution(&board)?;
        } else if !dead {
            let frame = lr2m_wide(&mut order, d + 1, &len, &mut log, n);
            stack.push(frame);
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::{Counter, NoSteps, StepCounter, Visitor, is_solution, known};

    /// Every solution and the step count of one engine.
    fn listing(n: usize, wide_engine: bool) -> (Vec<Vec<u32>>, u64) {
        let mut probe = StepCounter::default();
        let mut all = Vec::new();
        let mut sink = Visitor(|cols: &[u32]| {
            all.push(cols.to_vec());
            ControlFlow::Continue(())
        });
        let _ = if wide_engine {
            wide(n, &mut probe, &mut sink)
        } else {
            narrow(n, &mut probe, &mut sink)
        };
        (all, probe.count)
    }

    #[test]
    fn both_engines_search_in_the_same_order() {
        for n in 0..=11 {
            let (narrow_list, narrow_steps) = listing(n, false);
            let (wide_list, wide_steps) = listing(n, true);
            assert_eq!(
                narrow_list.len() as u64,
                known::total(n).unwrap(),
                "n = {n}"
            );
            assert_eq!(narrow_list, wide_list, "n = {n}");
            assert_eq!(narrow_steps, wide_steps, "n = {n}");
        }
    }

    #[test]
    fn both_engines_visit_the_same_nodes_per_depth_adding_up_to_the_steps() {
        for n in 0..=10 {
            let mut narrow_depths = queens_core::DepthCounter::default();
            let mut wide_depths = queens_core::DepthCounter::default();
            let mut narrow_count = Counter(0);
            let _ = narrow(n, &mut narrow_depths, &mut narrow_count);
            let _ = wide(n, &mut wide_depths, &mut Counter(0));
            assert_eq!(narrow_depths, wide_depths, "n = {n}");
            assert_eq!(narrow_depths.below_root(), narrow_depths.steps, "n = {n}");
            // Through search: the root too.
            let (solutions, depths) = Mrv.count_with_depths(n);
            assert_eq!(depths.nodes[0], 1, "n = {n}");
            assert_eq!(depths.below_root(), depths.steps, "n = {n}");
            assert_eq!(depths.nodes_per_depth(n)[n], solutions, "n = {n}");
            assert_eq!(
                depths.nodes_per_depth(n)[1..],
                narrow_depths.nodes_per_depth(n)[1..],
                "n = {n}"
            );
        }
    }

    #[test]
    fn wide_engine_counts_match_a000170() {
        for n in 0..=10 {
            let mut c = Counter(0);
            let _ = wide(n, &mut NoSteps, &mut c);
            assert_eq!(c.0, known::total(n).unwrap(), "n = {n}");
        }
    }

    #[test]
    fn lr2m_puts_the_old_best_where_the_new_best_was() {
        // Lengths 3, 2, 3, 1, 2: the best moves to index 1, then index 3.
        let mut table: Vec<Entry> = [3u32, 2, 3, 1, 2]
            .iter()
            .enumerate()
            .map(|(i, &len)| Entry {
                set: 0,
                row: i as u32,
                len,
            })
            .collect();
        let best = least_room_to_move(&mut table);
        assert_eq!(best.row, 3);
        // lr2m([1/_, 2/_, 3/_, 4/_], 0/_, ...) gives Rest = [0, 2, 1, 4].
        let rest: Vec<u32> = table[1..].iter().map(|e| e.row).collect();
        assert_eq!(rest, [0, 2, 1, 4]);

        // The wide engine's version agrees, and its undo restores the order.
        let len = [3u32, 2, 3, 1, 2];
        let mut order: Vec<u32> = (0..5).collect();
        let mut log = Vec::new();
        let frame = lr2m_wide(&mut order, 0, &len, &mut log, 5);
        assert_eq!((frame.best, &order[1..]), (3, &[0u32, 2, 1, 4][..]));
        undo_lr2m_wide(&mut order, 0, &mut log, frame.swaps);
        assert_eq!(order, [0, 1, 2, 3, 4]);
        assert!(log.is_empty());
    }

    #[test]
    fn ties_keep_the_earlier_entry() {
        let mut table: Vec<Entry> = (0..4)
            .map(|i| Entry {
                set: 0,
                row: i,
                len: 2,
            })
            .collect();
        assert_eq!(least_room_to_move(&mut table).row, 0);
        let rest: Vec<u32> = table[1..].iter().map(|e| e.row).collect();
        assert_eq!(rest, [1, 2, 3]);
    }

    #[test]
    fn wide_engine_boards_are_valid_at_the_narrow_limit_and_beyond() {
        for n in [NARROW_MAX_N - 1, NARROW_MAX_N, NARROW_MAX_N + 1, MAX_N, 100] {
            let mut first = queens_core::FirstSolution(None);
            let _ = wide(n, &mut NoSteps, &mut first);
            let s = first.0.expect("a solution exists");
            assert!(is_solution(&s), "n = {n}");
            if n <= NARROW_MAX_N {
                let mut other = queens_core::FirstSolution(None);
                let _ = narrow(n, &mut NoSteps, &mut other);
                assert_eq!(other.0, Some(s), "n = {n}");
            }
        }
    }
}
