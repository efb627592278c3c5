//! `bitmask-symmetric`: an iterative bitboard counter that uses all 8
//! symmetries of the board, after Takaken's N-Queens program (Takaken,
//! "N-Queens problem", takaken.jp: the corner/side case split, the bounds on
//! the edge queens and the rotation checks). It counts every solution and
//! the fundamental ones (OEIS A002562).
//!
//! The search is the bitboard one of `bitmask-mirror`: three `u32` masks
//! (columns, both diagonals shifted one column per row), free squares tried
//! lowest set bit first, an explicit stack instead of recursion. Its last
//! rows are specialised: rows n − 8 to n − 3 are nested loops, one per row
//! (no stack traffic, and each row's loop branch is predicted on its own:
//! 5–8 % less time at n = 16 than the stack down to row n − 5), and the
//! last two rows are decided without a loop (two columns are left; see
//! `last_two`). What changes from a plain search is the tree. Of each class
//! of solutions related by the 8 symmetries it visits only boards whose edge
//! queens lie at least as far from the corners as the top queen does, and
//! keeps one of them:
//!
//! - **Corner**: the top queen in column 0; the row-1 queen in column `b1`,
//!   `2 ≤ b1 ≤ n − 2`; no queen of rows `2..b1` in column 1 (of the board and
//!   its reflection in the main diagonal, which keeps the corner queen, this
//!   keeps the one whose row-1 queen is further left). A corner queen rules
//!   out every turn, and no solution is its own reflection in a diagonal
//!   (queens (r, c) and (c, r) share an anti-diagonal), so each counts 8.
//! - **Side**: the top queen in column `b1`, `1 ≤ b1 < n − 1 − b1`; rows
//!   `1..b1` keep off columns 0 and n − 1; both edge columns are taken by row
//!   `b2 = n − 1 − b1`; the bottom queen keeps `b1` columns from either side.
//!   A complete board is compared with those of its quarter, half and
//!   three-quarter turns that also satisfy the bounds: it is dropped when one
//!   is smaller, and counts 2 when a quarter turn gives it back, 4 when a half
//!   turn does, otherwise 8.
//!
//! A board kept with weight w stands for w distinct solutions; a listing
//! ([`Enumerate::search`] with a sink that reads boards) sends each kept
//! board followed by its other images, in the order of `Symmetry::ALL`.
//!
//! The count splits into tasks, the placements of the first rows (see
//! [`Task`]), so it runs on any number of threads and in shards.
//!
//! Steps: one per queen placement of this reduced tree: the corner queen
//! (once, when n ≥ 4), each row-1 queen of the corner case, each top queen of
//! the side case, and every placement below that passes the masks and the
//! bounds, the last row included (a last-row queen counts when its square is
//! free and allowed, whether or not the board turns out to be the one kept).
//! These are exactly the placements Takaken's recursive program makes
//! (246 135 107 at n = 16, against 1 141 190 302 for `bitmask`). Shortcuts
//! that skip work (the last two rows without a loop) still count every
//! placement they stand for. A run that stops at its first solution counts
//! the placements made up to it: its last two rows are then walked one
//! queen at a time (`last_two_one_by_one`), so the sibling square of the
//! first board's row n − 2 is not counted.
//!
//! Nodes per depth ([`NODE_UNIT`]): a node at depth d is one of those
//! placements in row d (1-based), i.e. a partial board of the first d rows
//! that the masks and the bounds allow; the root (depth 0) is the empty
//! board. The corner queen is one node at depth 1, each row-1 queen of the
//! corner case one at depth 2, each top queen of the side case one at depth
//! 1; the last two rows count their nodes as their steps, at depths n − 1
//! and n. Depths 1..=n add up to the steps. Split into tasks, each node
//! above the split rows (the root included) is charged to one task, depth by
//! depth, as its step is.
//!
//! Trace ([`TRACE`], `queens --trace`): `place` (the step) and `remove`
//! per queen of the reduced tree, `solution` with `"weight"` (8 for a
//! corner board; 2, 4 or 8 for a side board) per board kept; a complete
//! board that a turn of it replaces is placed and removed without a
//! `solution`. The last two rows, decided without a loop, are placed and
//! removed one queen at a time in the tracing probe's instantiation
//! (`last_two_one_by_one`; an instrumented first-solution run counts its
//! steps there too, so it counts no placement it did not make before its
//! first solution). A traced count walks the tree from its root on one
//! thread instead of splitting it into tasks, in the tasks' order; the
//! corner queen is placed once, before the first row-1 queen, and removed
//! after the last.
//!
//! Limit: a row is a `u32` mask, so n ≤ 32.

use std::ops::ControlFlow;

use queens_core::bits::{low_bits, lowest_bit};
use queens_core::{
    Discard, Enumerate, Event, Info, Kind, Options, Probe, Refusal, Sink, Split, Symmetry, Tally,
    TraceInfo, count_tasks,
};

/// The largest n: one bit per column of a `u32`.
pub const MAX_N: usize = 32;

/// Rows placed by the task list: a task starts at this row (or at row n − 2
/// when the board is smaller), which gives about a thousand tasks at n = 16.
pub const SPLIT_ROWS: usize = 3;

/// The approach's description.
pub static INFO: Info = Info {
    id: "bitmask-symmetric",
    good_for: "counting the fundamental solutions (--unique), and counts on threads or shards",
    title: "Bitmask, all 8 symmetries, iterative",
    source: "[Takaken] N-Queens counter (corner/side split, rotation checks)",
    structure: "three u32 masks on an explicit per-row stack, the board as column bits",
    step_unit: "queen placements of the symmetry-reduced tree",
    order: "corner boards (row 1 left to right), then side boards (top queen left to right); each kept board then its images",
    max_n: MAX_N,
    limit_reason: "a row of the board is a 32-bit mask",
    kind: Kind::Exhaustive,
    splits: true,
    counts_unique: true,
    quick_n: 15,
    bench_count: &[8, 10, 12, 14, 16],
    bench_first: &[20, 30],
};

/// How the search traces ([`Enumerate::trace_info`]).
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Place),
    count_max_n: 13,
    first_max_n: 29,
    reason: "a trace writes a place and a remove event per queen placement of the reduced \
             tree, and a dead-end per node without a child: a count writes 2 532 499 events \
             at n = 13 and 14 504 912 at n = 14; a first-solution run writes 3 624 737 at \
             n = 29 and 133 134 264 at n = 30, and the first solution's placements grow \
             erratically beyond",
};

/// What a node at depth d is ([`Enumerate::node_unit`]).
pub const NODE_UNIT: &str = "a queen placed in row d of the symmetry-reduced tree: a partial \
                             board of the first d rows that the masks and Takaken's bounds allow";

/// The full-symmetry iterative bitboard search.
#[derive(Clone, Copy, Debug, Default)]
pub struct BitmaskSymmetric;

/// The rules of one subtree: which case, where the first bound lies, and the
/// squares each row may use.
struct Plan {
    /// Board size.
    n: usize,
    /// Corner case (top queen in column 0) or side case.
    corner: bool,
    /// Corner: the row-1 queen's column; side: the top queen's column.
    b1: usize,
    /// Side: the row by which both edge columns must be taken (n − 1 − b1);
    /// corner: 0, a row the rule never meets.
    b2: usize,
    /// Columns 0 and n − 1.
    side: u32,
    /// Column n − 1.
    top: u32,
    /// Side: the bottom queen's column bit when the half turn may give the
    /// board back.
    end: u32,
    /// The squares each row may use at all (bounds of rows above b1, the
    /// bottom row's distance from the corners).
    allow: [u32; 32],
}

impl Plan {
    /// The rules for the subtree of `corner` (or the side case) with bound `b1`.
    fn new(n: usize, corner: bool, b1: usize) -> Plan {
        let mask = low_bits(n);
        let top = 1u32 << (n - 1);
        let side = top | 1;
        let mut allow = [mask; 32];
        let b2 = if corner {
            for a in &mut allow[2..b1] {
                *a &= !2;
            }
            0
        } else {
            for a in &mut allow[1..b1] {
                *a &= !side;
            }
            let near = (1u32 << b1) - 1;
            allow[n - 1] &= !(near | near << (n - b1));
            n - 1 - b1
        };
        Plan {
            n,
            corner,
            b1,
            b2,
            side,
            top,
            end: top >> b1,
            allow,
        }
    }

    /// The side case's rule for row b2, given the columns taken up to it:
    /// both edge columns must be taken by then, so none taken leaves no
    /// square, one taken leaves only the other edge column.
    #[inline(always)]
    fn keep(&self, c: u32) -> u32 {
        let used = c & self.side;
        if used == 0 {
            0
        } else if used == self.side {
            u32::MAX
        } else {
            self.side
        }
    }

    /// The squares of `row` free of the masks and allowed by the bounds.
    #[inline(always)]
    fn next<const CORNER: bool>(&self, row: usize, l: u32, c: u32, r: u32) -> u32 {
        let free = self.allow[row & 31] & !(l | c | r);
        if !CORNER && row == self.b2 {
            free & self.keep(c)
        } else {
            free
        }
    }

    /// The partial board `task` with `bit` placed on its next row.
    fn child(&self, task: &Task, bit: u32) -> Task {
        let (l, c, r) = (
            (task.left | bit) << 1,
            task.down | bit,
            (task.right | bit) >> 1,
        );
        let row = task.row + 1;
        let mut prefix = task.prefix;
        prefix[task.row] = bit;
        Task {
            row,
            left: l,
            down: c,
            right: r,
            avail: if self.corner {
                self.next::<true>(row, l, c, r)
            } else {
                self.next::<false>(row, l, c, r)
            },
            prefix,
            nodes: [0; SPLIT_ROWS + 1],
            ..*task
        }
    }

    /// Takaken's `Check` (side case): compares the complete board `b`
    /// (column bits), row by row from row 1, with each of its turns that
    /// also has its top queen in column b1. Returns 0 when a turn is smaller
    /// (that board is the one kept), else the number of distinct solutions
    /// the board stands for: 2, 4 or 8.
    fn weight(&self, b: &[u32; 32]) -> u64 {
        let e = self.n - 1;
        // Quarter turn: possible only when the queen of row b2 is in column 0.
        if b[self.b2] == 1 {
            let (mut own, mut ptn) = (1, 2u32);
            while own <= e {
                let (mut bit, mut you) = (1u32, e);
                while b[you] != ptn && b[own] >= bit {
                    bit <<= 1;
                    you -= 1;
                }
                if b[own] > bit {
                    return 0;
                }
                if b[own] < bit {
                    break;
                }
                own += 1;
                ptn <<= 1;
            }
            if own > e {
                return 2;
            }
        }
        // Half turn: possible only when the bottom queen mirrors the top one.
        if b[e] == self.end {
            let (mut own, mut you) = (1, e - 1);
            while own <= e {
                let (mut bit, mut ptn) = (1u32, self.top);
                while ptn != b[you] && b[own] >= bit {
                    bit <<= 1;
                    ptn >>= 1;
                }
                if b[own] > bit {
                    return 0;
                }
                if b[own] < bit {
                    break;
                }
                own += 1;
                you = you.wrapping_sub(1);
            }
            if own > e {
                return 4;
            }
        }
        // Three-quarter turn: possible only when the queen of row b1 is in
        // column n - 1.
        if b[self.b1] == self.top {
            let (mut own, mut ptn) = (1, self.top >> 1);
            while own <= e {
                let (mut bit, mut you) = (1u32, 0);
                while b[you] != ptn && b[own] >= bit {
                    bit <<= 1;
                    you += 1;
                }
                if b[own] > bit {
                    return 0;
                }
                if b[own] < bit {
                    break;
                }
                own += 1;
                ptn >>= 1;
            }
        }
        8
    }
}

/// One independent piece of the count: the case and bound of its subtree and
/// a placement of the first rows, with the masks and the free squares of the
/// next row.
///
/// Tasks come in depth-first order. Each carries the nodes above it that no
/// earlier task reported (the root for the first task, its own prefix, and
/// dead ends met on the way to it), by depth, so the tasks' steps and nodes
/// add up to the whole tree's.
#[derive(Clone, Debug)]
pub struct Task {
    /// Corner case or side case (see [`Plan`]).
    corner: bool,
    /// The case's bound `b1` (see [`Plan`]).
    b1: usize,
    /// The first row the task fills.
    row: usize,
    /// Diagonals (shifted towards higher columns), columns, anti-diagonals.
    left: u32,
    down: u32,
    right: u32,
    /// The squares of `row` still to try.
    avail: u32,
    /// The queens (as column bits) of the rows above `row`.
    prefix: [u32; SPLIT_ROWS],
    /// Nodes above `row` this task reports, by depth (index 0: the root;
    /// depth d ≥ 1: placements in row d − 1, one step each).
    nodes: [u64; SPLIT_ROWS + 1],
}

impl Task {
    /// Reports the nodes the task carries, and their steps, to `probe`.
    #[inline(always)]
    fn charge<P: Probe>(&self, probe: &mut P) {
        probe.steps(self.nodes[1..].iter().sum());
        for (depth, &k) in self.nodes.iter().enumerate() {
            probe.nodes(depth, k);
        }
    }
}

/// The corner case charges rows 0 and 1 to its tasks: depths 1 and 2.
const _: () = assert!(SPLIT_ROWS >= 2);

/// Walks `root` depth first down to row `split` and appends one task per
/// partial board that reaches it, charging the placements on the way.
fn expand(
    plan: &Plan,
    root: Task,
    split: usize,
    pending: &mut [u64; SPLIT_ROWS + 1],
    out: &mut Vec<Task>,
) {
    let mut stack = vec![root];
    while let Some(mut top) = stack.pop() {
        if top.row >= split {
            top.nodes = std::mem::take(pending);
            out.push(top);
        } else if top.avail != 0 {
            let bit = lowest_bit(top.avail);
            top.avail ^= bit;
            pending[top.row + 1] += 1;
            let child = plan.child(&top, bit);
            stack.push(top);
            stack.push(child);
        }
    }
}

impl Split for BitmaskSymmetric {
    type Task = Task;

    fn tasks(&self, n: usize) -> Vec<Task> {
        let empty = Task {
            corner: false,
            b1: 0,
            row: 0,
            left: 0,
            down: 0,
            right: 0,
            avail: 0,
            prefix: [0; SPLIT_ROWS],
            nodes: [0; SPLIT_ROWS + 1],
        };
        // The root, charged to the first task.
        let mut pending = [0; SPLIT_ROWS + 1];
        pending[0] = 1;
        if n < 2 {
            // One trivial task: the empty board (n = 0) or the lone queen.
            return vec![Task {
                nodes: pending,
                ..empty
            }];
        }
        let split = SPLIT_ROWS.min(n - 2);
        let mut out = Vec::new();
        // Corner: the top queen in column 0 (one placement), the row-1 queen
        // in column b1.
        for b1 in 2..n - 1 {
            let plan = Plan::new(n, true, b1);
            let root = Task {
                corner: true,
                b1,
                ..empty.clone()
            };
            if b1 == 2 {
                pending[1] += 1; // the corner queen, once
            }
            pending[2] += 1;
            let root = plan.child(&plan.child(&root, 1), 1 << b1);
            expand(&plan, root, split, &mut pending, &mut out);
        }
        // Side: the top queen in column b1.
        let mut b1 = 1;
        while b1 < n - 1 - b1 {
            let plan = Plan::new(n, false, b1);
            let root = Task {
                corner: false,
                b1,
                ..empty.clone()
            };
            pending[1] += 1;
            let root = plan.child(&root, 1 << b1);
            expand(&plan, root, split, &mut pending, &mut out);
            b1 += 1;
        }
        // Dead ends after the last task are charged to it.
        match out.last_mut() {
            Some(last) => {
                for (a, b) in last.nodes.iter_mut().zip(pending) {
                    *a += b;
                }
            }
            None => out.push(Task {
                nodes: pending,
                ..empty
            }),
        }
        out
    }

    fn count_task<P: Probe>(&self, n: usize, task: &Task, probe: &mut P) -> Tally {
        let mut found = Found::default();
        let _ = walk(n, task, probe, &mut Discard, &mut found);
        Tally {
            solutions: found.total,
            unique: Some(found.unique),
        }
    }
}

/// What a walk has found: boards kept, and the solutions they stand for.
#[derive(Clone, Copy, Debug, Default)]
struct Found {
    unique: u64,
    total: u64,
}

/// Sends a kept board (column bits) and its other images, `weight` solutions
/// in all, to `sink`; a sink that reads no boards is just called `weight`
/// times.
#[inline(always)]
fn emit<S: Sink>(n: usize, board: &[u32; 32], weight: u64, sink: &mut S) -> ControlFlow<()> {
    if S::NEEDS_BOARD {
        let cols: Vec<u32> = board[..n].iter().map(|b| b.trailing_zeros()).collect();
        let mut images: Vec<Vec<u32>> = Vec::with_capacity(8);
        for s in Symmetry::ALL {
            let image = s.apply(&cols);
            if !images.contains(&image) {
                images.push(image);
            }
        }
        debug_assert_eq!(images.len() as u64, weight, "{cols:?}");
        for image in &images {
            sink.solution(image)?;
        }
    } else {
        for _ in 0..weight {
            sink.solution(&[])?;
        }
    }
    ControlFlow::Continue(())
}

/// Walks one task depth first, adding what it finds to `found` and sending
/// every solution to `sink`: compiled for BMI1 when the CPU has it.
///
/// BMI1 turns `x & x.wrapping_neg()`, `x & (x - 1)` and `a & !b`, three
/// instructions each in the hot loop, into one (`blsi`, `blsr`, `andn`).
/// Measured on this project's 2-core AMD EPYC host (one thread, CPU time):
/// 2–5 % less with it (n = 16, 9 alternating runs: median 1.37 s against
/// 1.40 s, min 1.34 s against 1.37 s), against the target of 0.40× the C
/// reference (`cargo xtask peers`, rows `ref`: `peers/ref-bitboard.c`,
/// built with `-march=native`, 3.0 s; the explicit-stack counter of the
/// same tree the target was set with took 3.5 s). Baseline x86-64 lacks
/// BMI1, so it is enabled for this one function and chosen at run time.
#[inline]
fn walk<P: Probe, S: Sink>(
    n: usize,
    task: &Task,
    probe: &mut P,
    sink: &mut S,
    found: &mut Found,
) -> ControlFlow<()> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("bmi1") {
        // SAFETY: `walk_bmi1` needs nothing but the BMI1 instructions, and
        // the CPU has just been checked to provide them.
        return unsafe { walk_bmi1(n, task, probe, sink, found) };
    }
    walk_any(n, task, probe, sink, found)
}

/// [`walk_any`] compiled with BMI1 (see [`walk`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1")]
fn walk_bmi1<P: Probe, S: Sink>(
    n: usize,
    task: &Task,
    probe: &mut P,
    sink: &mut S,
    found: &mut Found,
) -> ControlFlow<()> {
    walk_any(n, task, probe, sink, found)
}

/// Walks one task (any CPU).
#[inline(always)]
fn walk_any<P: Probe, S: Sink>(
    n: usize,
    task: &Task,
    probe: &mut P,
    sink: &mut S,
    found: &mut Found,
) -> ControlFlow<()> {
    task.charge(probe);
    if n < 2 {
        // n = 0: the empty board; n = 1: one queen; each its only image.
        probe.steps(n as u64);
        probe.nodes(1, n as u64);
        found.unique += 1;
        found.total += 1;
        if P::TRACES && n == 1 {
            probe.place(0, 0);
        }
        probe.solution(Some(1));
        let flow = emit(n, &[1; 32], 1, sink);
        if P::TRACES && n == 1 && flow.is_continue() {
            probe.remove(0, 0);
        }
        return flow;
    }
    if task.row < 1 {
        // n = 2, 3: no subtree, only the steps of the placements.
        return ControlFlow::Continue(());
    }
    let plan = Plan::new(n, task.corner, task.b1);
    if task.corner {
        walk_case::<true, P, S>(&plan, task, probe, sink, found)
    } else {
        walk_case::<false, P, S>(&plan, task, probe, sink, found)
    }
}

/// The walk of one case: rows `task.row..=n - 9` on the explicit stack (a
/// child with no free square is counted but not entered), the last eight
/// rows as nested loops ([`Deep`]). `CORNER` is `plan.corner`, fixed at compile time so that
/// each case's loop carries only its own rules.
#[inline(always)]
fn walk_case<const CORNER: bool, P: Probe, S: Sink>(
    plan: &Plan,
    task: &Task,
    probe: &mut P,
    sink: &mut S,
    found: &mut Found,
) -> ControlFlow<()> {
    let n = plan.n;
    let mut board = [0u32; 32];
    board[..task.row].copy_from_slice(&task.prefix[..task.row]);
    let start = task.row;
    let (mut l, mut c, mut r, mut avail) = (task.left, task.down, task.right, task.avail);
    if start == n - 2 {
        return bottom2::<CORNER, P, S>(plan, l, c, r, avail, &mut board, probe, sink, found);
    }
    if start == n - 3 {
        return bottom3::<CORNER, P, S>(plan, 0, l, c, r, avail, &mut board, probe, sink, found);
    }
    if start + NESTED + 4 >= n {
        return nested::<CORNER, P, S>(
            plan,
            n - 4 - start,
            start,
            l,
            c,
            r,
            avail,
            &mut board,
            probe,
            sink,
            found,
        );
    }
    // The masks and remaining squares of each row above the current one.
    let (mut sl, mut sc, mut sr, mut sa) = ([0u32; 32], [0u32; 32], [0u32; 32], [0u32; 32]);
    let mut d = start;
    if avail == 0 {
        return ControlFlow::Continue(());
    }
    loop {
        // Here `avail` is not empty.
        let bit = lowest_bit(avail);
        avail ^= bit;
        probe.step();
        probe.node(d + 1);
        probe.place(d, column(bit));
        if !CORNER || S::NEEDS_BOARD || P::TRACES {
            board[d & 31] = bit;
        }
        let (nl, nc, nr) = ((l | bit) << 1, c | bit, (r | bit) >> 1);
        let next = plan.next::<CORNER>(d + 1, nl, nc, nr);
        if d + 5 + NESTED == n {
            Deep::walk::<CORNER, P, S>(
                plan,
                d + 1,
                nl,
                nc,
                nr,
                next,
                &mut board,
                probe,
                sink,
                found,
            )?;
        } else if next != 0 {
            let i = d & 31;
            (sl[i], sc[i], sr[i], sa[i]) = (l, c, r, avail);
            d += 1;
            (l, c, r, avail) = (nl, nc, nr, next);
            continue;
        }
        probe.remove(d, column(bit));
        // Back up to the deepest row with squares left to try.
        while avail == 0 {
            if d == start {
                return ControlFlow::Continue(());
            }
            d -= 1;
            let i = d & 31;
            (l, c, r, avail) = (sl[i], sc[i], sr[i], sa[i]);
            if P::TRACES {
                // Row d's queen, whose subtree is done.
                probe.remove(d, column(board[i]));
            }
        }
    }
}

/// Rows walked as nested loops above the last four ([`Four`]). More
/// levels measured no faster (6 and 8 at n = 16).
const NESTED: usize = 4;

/// The nest of [`NESTED`] loops over rows n − 8 to n − 5, then [`Four`].
type Deep = More<More<More<More<Four>>>>;

/// Walks a subtree that starts `levels` (at most [`NESTED`]) rows above the
/// last four: a task that starts low on a small board.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn nested<const CORNER: bool, P: Probe, S: Sink>(
    plan: &Plan,
    levels: usize,
    row: usize,
    l: u32,
    c: u32,
    r: u32,
    avail: u32,
    board: &mut [u32; 32],
    probe: &mut P,
    sink: &mut S,
    found: &mut Found,
) -> ControlFlow<()> {
    macro_rules! at {
        ($t:ty) => {
            <$t>::walk::<CORNER, P, S>(plan, row, l, c, r, avail, board, probe, sink, found)
        };
    }
    match levels {
        0 => at!(Four),
        1 => at!(More<Four>),
        2 => at!(More<More<Four>>),
        3 => at!(More<More<More<Four>>>),
        _ => at!(Deep),
    }
}

/// The rows from some row to the last, walked as nested loops.
trait Rows {
    /// Walks the subtree whose next row is `row`, with free squares `avail`.
    #[allow(clippy::too_many_arguments)]
    fn walk<const CORNER: bool, P: Probe, S: Sink>(
        plan: &Plan,
        row: usize,
        l: u32,
        c: u32,
        r: u32,
        avail: u32,
        board: &mut [u32; 32],
        probe: &mut P,
        sink: &mut S,
        found: &mut Found,
    ) -> ControlFlow<()>;
}

/// Rows n − 4 to n − 1: a loop over row n − 4, then [`bottom3`], which
/// keeps row n − 4's queen out of the board until a board is complete.
struct Four;

impl Rows for Four {
    #[inline(always)]
    fn walk<const CORNER: bool, P: Probe, S: Sink>(
        plan: &Plan,
        _row: usize,
        l: u32,
        c: u32,
        r: u32,
        avail: u32,
        board: &mut [u32; 32],
        probe: &mut P,
        sink: &mut S,
        found: &mut Found,
    ) -> ControlFlow<()> {
        let n = plan.n;
        let mut avail = avail;
        while avail != 0 {
            let x = lowest_bit(avail);
            avail ^= x;
            probe.step();
            probe.node(n - 3);
            probe.place(n - 4, column(x));
            let (l2, c2, r2) = ((l | x) << 1, c | x, (r | x) >> 1);
            let next = plan.next::<CORNER>(n - 3, l2, c2, r2);
            bottom3::<CORNER, P, S>(plan, x, l2, c2, r2, next, board, probe, sink, found)?;
            probe.remove(n - 4, column(x));
        }
        ControlFlow::Continue(())
    }
}

/// One more row, a loop, above the rows `T`.
struct More<T>(T);

impl<T: Rows> Rows for More<T> {
    #[inline(always)]
    fn walk<const CORNER: bool, P: Probe, S: Sink>(
        plan: &Plan,
        row: usize,
        l: u32,
        c: u32,
        r: u32,
        avail: u32,
        board: &mut [u32; 32],
        probe: &mut P,
        sink: &mut S,
        found: &mut Found,
    ) -> ControlFlow<()> {
        let mut avail = avail;
        while avail != 0 {
            let bit = lowest_bit(avail);
            avail ^= bit;
            probe.step();
            probe.node(row + 1);
            probe.place(row, column(bit));
            if !CORNER || S::NEEDS_BOARD {
                board[row & 31] = bit;
            }
            let (nl, nc, nr) = ((l | bit) << 1, c | bit, (r | bit) >> 1);
            let next = plan.next::<CORNER>(row + 1, nl, nc, nr);
            T::walk::<CORNER, P, S>(plan, row + 1, nl, nc, nr, next, board, probe, sink, found)?;
            probe.remove(row, column(bit));
        }
        ControlFlow::Continue(())
    }
}

/// Rows n − 3 to n − 1: a loop over row n − 3; the last two rows follow
/// without one ([`last_two`]).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn bottom3<const CORNER: bool, P: Probe, S: Sink>(
    plan: &Plan,
    x4: u32,
    l: u32,
    c: u32,
    r: u32,
    avail: u32,
    board: &mut [u32; 32],
    probe: &mut P,
    sink: &mut S,
    found: &mut Found,
) -> ControlFlow<()> {
    let n = plan.n;
    let rest = low_bits(n) & !c;
    // Rows n - 2 and n - 1 as far as the queens above row n - 3 decide.
    let mid = plan.allow[(n - 2) & 31] & !((l << 1) | (r >> 1));
    let low = plan.allow[(n - 1) & 31] & !((l << 2) | (r >> 2));
    let mut avail = avail;
    while avail != 0 {
        let x = lowest_bit(avail);
        avail ^= x;
        probe.step();
        probe.node(n - 2);
        probe.place(n - 3, column(x));
        let two = rest ^ x;
        let mut next = mid & two & !(x << 1 | x >> 1);
        if !CORNER && plan.b2 == n - 2 {
            next &= plan.keep(c | x);
        }
        let last = low & two & !(x << 2 | x >> 2);
        let above = [x4, x];
        last_two::<CORNER, P, S>(plan, above, two, next, last, board, probe, sink, found)?;
        probe.remove(n - 3, column(x));
    }
    ControlFlow::Continue(())
}

/// Rows n − 2 and n − 1 for a task that starts at row n − 2 (small n).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn bottom2<const CORNER: bool, P: Probe, S: Sink>(
    plan: &Plan,
    l: u32,
    c: u32,
    r: u32,
    avail: u32,
    board: &mut [u32; 32],
    probe: &mut P,
    sink: &mut S,
    found: &mut Found,
) -> ControlFlow<()> {
    let n = plan.n;
    let last = plan.allow[(n - 1) & 31] & !((l << 1) | (r >> 1));
    let rest = low_bits(n) & !c;
    last_two::<CORNER, P, S>(plan, [0, 0], rest, avail, last, board, probe, sink, found)
}

/// Rows n − 2 and n − 1, without a loop: `rest` holds the two columns left,
/// `x < y`; `next` the squares of row n − 2 free and allowed, `last` those
/// of row n − 1 free and allowed as far as the queens above row n − 2
/// decide. The board is complete when one column is in `next` and the other
/// in `last`, and they are not neighbours (the queen of row n − 2 would
/// attack the last square). Corner boards are kept with weight 8; side
/// boards are weighed by [`Plan::weight`].
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn last_two<const CORNER: bool, P: Probe, S: Sink>(
    plan: &Plan,
    above: [u32; 2],
    rest: u32,
    next: u32,
    last: u32,
    board: &mut [u32; 32],
    probe: &mut P,
    sink: &mut S,
    found: &mut Found,
) -> ControlFlow<()> {
    if P::TRACES || P::COUNTS && S::NEEDS_BOARD {
        return last_two_one_by_one::<CORNER, P, S>(
            plan, above, rest, next, last, board, probe, sink, found,
        );
    }
    let x = lowest_bit(rest);
    let y = rest ^ x;
    let apart = x << 1 != y;
    let xy = (next & x != 0) & (last & y != 0) & apart;
    let yx = (next & y != 0) & (last & x != 0) & apart;
    let hits = u64::from(xy) + u64::from(yx);
    probe.steps(u64::from(next.count_ones()) + hits);
    probe.nodes(plan.n - 1, u64::from(next.count_ones()));
    probe.nodes(plan.n, hits);
    if CORNER {
        found.unique += hits;
        found.total += 8 * hits;
        if !S::NEEDS_BOARD {
            for _ in 0..8 * hits {
                sink.solution(&[])?;
            }
            return ControlFlow::Continue(());
        }
    }
    if hits != 0 {
        let n = plan.n;
        // The queens of rows n - 4 and n - 3 when the caller's loops hold
        // them (0: already on the board).
        for (row, bit) in [n.wrapping_sub(4), n.wrapping_sub(3)]
            .into_iter()
            .zip(above)
        {
            if bit != 0 {
                board[row & 31] = bit;
            }
        }
        for (hit, a, b) in [(xy, x, y), (yx, y, x)] {
            if !hit {
                continue;
            }
            board[(n - 2) & 31] = a;
            board[(n - 1) & 31] = b;
            let weight = if CORNER { 8 } else { plan.weight(board) };
            if !CORNER && weight != 0 {
                found.unique += 1;
                found.total += weight;
            }
            if weight != 0 {
                emit(n, board, weight, sink)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// [`last_two`] one queen at a time: the same boards, weights and
/// solutions, in the same order, each queen of the last two rows placed
/// (one step, one node) and removed in turn (row n − 2's free squares,
/// lowest first; row n − 1's queen when its square is free and allowed,
/// whether or not the board is kept). For a tracing probe
/// ([`Probe::TRACES`]), so the trace holds every placement the steps count;
/// and for an instrumented run whose sink reads boards (a listing or a
/// first solution, which may stop at a board), so a run that stops counts
/// only the placements made before it stops, where [`last_two`] counts
/// both squares of row n − 2 at once. The timed path ([`queens_core::NoSteps`]) and
/// every count keep [`last_two`].
#[allow(clippy::too_many_arguments)]
fn last_two_one_by_one<const CORNER: bool, P: Probe, S: Sink>(
    plan: &Plan,
    above: [u32; 2],
    rest: u32,
    next: u32,
    last: u32,
    board: &mut [u32; 32],
    probe: &mut P,
    sink: &mut S,
    found: &mut Found,
) -> ControlFlow<()> {
    let n = plan.n;
    let x = lowest_bit(rest);
    let apart = x << 1 != rest ^ x;
    // The queens of rows n - 4 and n - 3 when the caller's loops hold them.
    for (row, bit) in [n.wrapping_sub(4), n.wrapping_sub(3)]
        .into_iter()
        .zip(above)
    {
        if bit != 0 {
            board[row & 31] = bit;
        }
    }
    let mut squares = next;
    while squares != 0 {
        let a = lowest_bit(squares);
        squares ^= a;
        let b = rest ^ a;
        let hit = apart && last & b != 0;
        probe.step();
        probe.node(n - 1);
        probe.place(n - 2, column(a));
        if hit {
            probe.step();
            probe.node(n);
            probe.place(n - 1, column(b));
            board[(n - 2) & 31] = a;
            board[(n - 1) & 31] = b;
            let weight = if CORNER { 8 } else { plan.weight(board) };
            if weight != 0 {
                found.unique += 1;
                found.total += weight;
                probe.solution(Some(weight));
                emit(n, board, weight, sink)?;
            }
            probe.remove(n - 1, column(b));
        }
        probe.remove(n - 2, column(a));
    }
    ControlFlow::Continue(())
}

/// The column of a one-bit row mask.
#[inline(always)]
fn column(bit: u32) -> usize {
    bit.trailing_zeros() as usize
}

/// The whole reduced tree from the root, in task order, for a tracing probe
/// ([`Probe::TRACES`]): the placements the task list charges without
/// placing (the corner queen, once; each row-1 queen of the corner case;
/// each top queen of the side case) are placed here, each case's subtree
/// below them is walked by [`walk`], so the trace holds every placement the
/// steps count.
fn walk_root<P: Probe, S: Sink>(
    n: usize,
    probe: &mut P,
    sink: &mut S,
    found: &mut Found,
) -> ControlFlow<()> {
    let empty = Task {
        corner: false,
        b1: 0,
        row: 0,
        left: 0,
        down: 0,
        right: 0,
        avail: 0,
        prefix: [0; SPLIT_ROWS],
        nodes: [0; SPLIT_ROWS + 1],
    };
    if n < 2 {
        let mut root = empty;
        root.nodes[0] = 1;
        return walk(n, &root, probe, sink, found);
    }
    probe.node(0);
    // Corner: the top queen in column 0 (placed once), the row-1 queen in
    // column b1.
    for b1 in 2..n - 1 {
        let plan = Plan::new(n, true, b1);
        let root = Task {
            corner: true,
            b1,
            ..empty.clone()
        };
        if b1 == 2 {
            probe.step();
            probe.node(1);
            probe.place(0, 0);
        }
        probe.step();
        probe.node(2);
        probe.place(1, b1);
        let task = plan.child(&plan.child(&root, 1), 1 << b1);
        walk(n, &task, probe, sink, found)?;
        probe.remove(1, b1);
        if b1 == n - 2 {
            probe.remove(0, 0);
        }
    }
    // Side: the top queen in column b1.
    let mut b1 = 1;
    while b1 < n - 1 - b1 {
        let plan = Plan::new(n, false, b1);
        let root = Task {
            corner: false,
            b1,
            ..empty.clone()
        };
        probe.step();
        probe.node(1);
        probe.place(0, b1);
        let task = plan.child(&root, 1 << b1);
        walk(n, &task, probe, sink, found)?;
        probe.remove(0, b1);
        b1 += 1;
    }
    ControlFlow::Continue(())
}

impl Enumerate for BitmaskSymmetric {
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
        let mut found = Found::default();
        if P::TRACES {
            return walk_root(n, probe, sink, &mut found);
        }
        for task in self.tasks(n) {
            walk(n, &task, probe, sink, &mut found)?;
        }
        ControlFlow::Continue(())
    }

    /// Split into tasks ([`count_tasks`], which follows a checkpoint and
    /// progress: `queens --checkpoint`); a tracing probe walks the tree
    /// from its root instead, on one thread (`walk_root`).
    fn count<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Tally {
        if P::TRACES {
            let mut found = Found::default();
            let _ = walk_root(n, probe, &mut Discard, &mut found);
            return Tally {
                solutions: found.total,
                unique: Some(found.unique),
            };
        }
        count_tasks(self, n, opts, probe)
    }

    fn watches_tasks(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests;
