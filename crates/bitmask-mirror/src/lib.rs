//! `bitmask-mirror`: the bitboard counter of the peers' C reference
//! (`peers/ref-c/ref.c`, default mode), which halves the work with the
//! left-right mirror in the way Jeff Somers' classic N-Queens program does.
//!
//! The search is `bitmask`'s tree walked the fast way: iterative, with an
//! explicit stack of `u32` masks (used columns, and the diagonals of both
//! directions shifted one column per row), each row's free squares found at
//! once as `mask & !(cols | left | right)` and tried lowest set bit first.
//!
//! The mirror: no board is its own mirror image for n ≥ 2 (the first two rows
//! would both need the middle column), so solutions come in pairs and only
//! one of each pair is searched. Row 0 tries the left half of the columns,
//! `0..n/2`; for odd n the queen in the middle column of row 0 is searched
//! separately, with row 1 restricted to the columns left of the middle (the
//! row-1 queen cannot be in the middle column too). Every board found is
//! reported together with its mirror image, so the count doubles.
//!
//! The count splits into tasks, the placements of the first rows (see
//! [`Task`]), so it runs on any number of threads and in shards
//! (`queens_core::count_tasks`), and a checkpoint can keep its finished
//! tasks (`queens --checkpoint`).
//!
//! Steps: one per queen placement of the halved tree, row 0 included (the
//! middle column of odd n too) and the last row included: the `nodes` of
//! the C reference `peers/ref-bitboard.c`, and half of `bitmask`'s placements rounded up.
//!
//! Nodes per depth ([`NODE_UNIT`]): a node at depth d is a placement in row
//! d (1-based) of the halved tree, i.e. a partial board of the first d rows
//! whose row-0 queen is left of the middle (or in it, with row 1 left of
//! it); the root (depth 0) is the empty board. Each depth d ≥ 1 holds half
//! of `bitmask`'s nodes rounded up, and depths 1..=n add up to the steps.
//! Split into tasks, each node above the split rows (the root included) is
//! charged to one task, depth by depth, as its step is.
//!
//! Trace ([`TRACE`], `queens --trace`): `place` (the step) and `remove`
//! per queen of the halved tree, the last row included (the walk decides
//! the last row without a loop, and the tracing probe's instantiation
//! places and removes its queen all the same), `solution` with `"weight":2`
//! per board found (the board and its mirror; the sink then receives both).
//! A traced count walks the tree from its root on one thread instead of
//! splitting it into tasks, in the tasks' order.
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
    id: "bitmask-mirror",
    good_for: "counting with half the tree, on threads or shards, as the C reference does",
    title: "Bitmask, mirror-halved, iterative",
    source: "[Somers]-style mirror counter, the tree of our C reference ref-bitboard.c",
    structure: "three u32 masks (columns, both diagonals) on an explicit per-row stack",
    step_unit: "queen placements of the mirror-halved tree (ref-c's nodes)",
    order: "row 0 left half then middle column, lowest column first below; each board then its mirror",
    max_n: MAX_N,
    limit_reason: "a row of the board is a 32-bit mask",
    kind: Kind::Exhaustive,
    splits: true,
    counts_unique: false,
    quick_n: 14,
    bench_count: &[8, 10, 12, 14, 16],
    bench_first: &[20, 30],
};

/// How the search traces ([`Enumerate::trace_info`]).
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Place),
    count_max_n: 13,
    first_max_n: 29,
    reason: "a trace writes a place and a remove event per queen placement of the halved \
             tree, and a dead-end per node without a child: a count writes 5 533 216 events \
             at n = 13 and 32 373 898 at n = 14; a first-solution run writes 3 624 737 at \
             n = 29 and 133 134 264 at n = 30, and the first solution's placements grow \
             erratically beyond",
};

/// What a node at depth d is ([`Enumerate::node_unit`]).
pub const NODE_UNIT: &str = "a queen placed in row d of the mirror-halved tree: a partial board \
                             of the first d rows, the first row's queen in the left half (or the \
                             middle)";

/// The mirror-halved iterative bitboard search.
#[derive(Clone, Copy, Debug, Default)]
pub struct BitmaskMirror;

/// One independent piece of the count: a placement of the first rows, with
/// the masks and the free squares of the next row.
///
/// Tasks come in depth-first order. Each carries the nodes above it that no
/// earlier task reported (the root for the first task, its own prefix, and
/// dead ends met on the way to it), by depth, so the tasks' steps and nodes
/// add up to the whole tree's.
#[derive(Clone, Debug)]
pub struct Task {
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
    /// The task of a partial board whose row `row` is next.
    fn child(&self, bit: u32, mask: u32) -> Task {
        let (left, down, right) = (
            (self.left | bit) << 1,
            self.down | bit,
            (self.right | bit) >> 1,
        );
        let mut prefix = self.prefix;
        prefix[self.row] = bit;
        Task {
            row: self.row + 1,
            left,
            down,
            right,
            avail: mask & !(left | down | right),
            prefix,
            nodes: [0; SPLIT_ROWS + 1],
        }
    }

    /// Reports the nodes the task carries, and their steps, to `probe`.
    #[inline(always)]
    fn charge<P: Probe>(&self, probe: &mut P) {
        probe.steps(self.nodes[1..].iter().sum());
        for (depth, &k) in self.nodes.iter().enumerate() {
            probe.nodes(depth, k);
        }
    }
}

/// Adds the nodes of `more` to `to`, depth by depth.
fn add(to: &mut [u64; SPLIT_ROWS + 1], more: [u64; SPLIT_ROWS + 1]) {
    for (a, b) in to.iter_mut().zip(more) {
        *a += b;
    }
}

/// Walks `root` depth first down to row `split` and appends one task per
/// partial board that reaches it, charging the placements on the way.
fn expand(
    root: Task,
    split: usize,
    mask: u32,
    pending: &mut [u64; SPLIT_ROWS + 1],
    out: &mut Vec<Task>,
) {
    let mut stack = vec![root];
    while let Some(mut top) = stack.pop() {
        if top.row == split {
            top.nodes = std::mem::take(pending);
            out.push(top);
        } else if top.avail != 0 {
            let bit = lowest_bit(top.avail);
            top.avail ^= bit;
            pending[top.row + 1] += 1;
            let child = top.child(bit, mask);
            stack.push(top);
            stack.push(child);
        }
    }
}

impl Split for BitmaskMirror {
    type Task = Task;

    fn tasks(&self, n: usize) -> Vec<Task> {
        let empty = Task {
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
        let mask = low_bits(n);
        let split = SPLIT_ROWS.min(n - 2);
        let mut out = Vec::new();
        // Row 0 in the left half.
        let half = Task {
            avail: (1 << (n / 2)) - 1,
            ..empty.clone()
        };
        expand(half, split, mask, &mut pending, &mut out);
        if n % 2 == 1 {
            // Row 0 in the middle column, row 1 left of it.
            pending[1] += 1;
            let m = 1u32 << (n / 2);
            let mut middle = empty.child(m, mask);
            middle.avail &= m - 1;
            expand(middle, split, mask, &mut pending, &mut out);
        }
        // Dead ends after the last task are charged to it.
        match out.last_mut() {
            Some(last) => add(&mut last.nodes, pending),
            None => out.push(Task {
                nodes: pending,
                ..empty
            }),
        }
        out
    }

    fn count_task<P: Probe>(&self, n: usize, task: &Task, probe: &mut P) -> Tally {
        let mut half = 0;
        let _ = walk(n, task, probe, &mut Discard, &mut half);
        Tally {
            solutions: if n < 2 { half } else { 2 * half },
            unique: None,
        }
    }
}

/// The column of a one-bit row mask.
#[inline(always)]
fn column(bit: u32) -> usize {
    bit.trailing_zeros() as usize
}

/// The whole halved tree from the root, in task order, for a tracing probe
/// ([`Probe::TRACES`]): the placements the task list charges without
/// placing (row 0, and the middle column's row-1 restriction for odd n) are
/// placed here, each subtree below them is walked by [`walk`], so the trace
/// holds every placement the steps count.
fn walk_root<P: Probe, S: Sink>(
    n: usize,
    probe: &mut P,
    sink: &mut S,
    half: &mut u64,
) -> ControlFlow<()> {
    let empty = Task {
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
        return walk(n, &root, probe, sink, half);
    }
    probe.node(0);
    let mask = low_bits(n);
    // Row 0 in the left half.
    let left = Task {
        avail: (1 << (n / 2)) - 1,
        ..empty.clone()
    };
    walk(n, &left, probe, sink, half)?;
    if n % 2 == 1 {
        // Row 0 in the middle column, row 1 left of it.
        let m = 1u32 << (n / 2);
        probe.step();
        probe.node(1);
        probe.place(0, n / 2);
        let mut middle = empty.child(m, mask);
        middle.avail &= m - 1;
        walk(n, &middle, probe, sink, half)?;
        probe.remove(0, n / 2);
    }
    ControlFlow::Continue(())
}

/// Sends one board found and its mirror image to `sink` (boards as column
/// bits; `&[]` when the sink needs none).
#[inline(always)]
fn emit<S: Sink>(n: usize, board: &[u32; MAX_N], sink: &mut S) -> ControlFlow<()> {
    if S::NEEDS_BOARD {
        let cols: Vec<u32> = board[..n].iter().map(|b| b.trailing_zeros()).collect();
        sink.solution(&cols)?;
        if n > 1 {
            sink.solution(&Symmetry::MirrorColumns.apply(&cols))?;
        }
        ControlFlow::Continue(())
    } else {
        sink.solution(&[])?;
        if n > 1 {
            sink.solution(&[])?;
        }
        ControlFlow::Continue(())
    }
}

/// Walks one task depth first: every board found is added to `half` and sent
/// with its mirror to `sink`. Rows `task.row..n - 2` use the explicit stack;
/// the last two rows are tried inline ([`bottom`]).
#[inline(always)]
fn walk<P: Probe, S: Sink>(
    n: usize,
    task: &Task,
    probe: &mut P,
    sink: &mut S,
    half: &mut u64,
) -> ControlFlow<()> {
    task.charge(probe);
    let mut board = [0u32; MAX_N];
    if n < 2 {
        // n = 0: the empty board; n = 1: one queen, its own mirror.
        probe.steps(n as u64);
        probe.nodes(1, n as u64);
        *half += 1;
        board[0] = 1;
        if P::TRACES && n == 1 {
            probe.place(0, 0);
        }
        probe.solution(Some(1));
        let flow = emit(n, &board, sink);
        if P::TRACES && n == 1 && flow.is_continue() {
            probe.remove(0, 0);
        }
        return flow;
    }
    let mask = low_bits(n);
    if S::NEEDS_BOARD || P::TRACES {
        board[..task.row].copy_from_slice(&task.prefix[..task.row]);
    }
    let start = task.row;
    let (mut l, mut c, mut r, mut avail) = (task.left, task.down, task.right, task.avail);
    if start == n - 2 {
        return bottom(n, mask, l, c, r, avail, &mut board, probe, sink, half);
    }
    // The masks and remaining squares of each row above the current one.
    let (mut sl, mut sc, mut sr, mut sa) = ([0u32; 32], [0u32; 32], [0u32; 32], [0u32; 32]);
    let mut d = start;
    loop {
        if avail == 0 {
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
            continue;
        }
        let bit = lowest_bit(avail);
        avail ^= bit;
        probe.step();
        probe.node(d + 1);
        probe.place(d, column(bit));
        if S::NEEDS_BOARD || P::TRACES {
            board[d & 31] = bit;
        }
        let (nl, nc, nr) = ((l | bit) << 1, c | bit, (r | bit) >> 1);
        let next = mask & !(nl | nc | nr);
        if d + 3 == n {
            bottom(n, mask, nl, nc, nr, next, &mut board, probe, sink, half)?;
            probe.remove(d, column(bit));
        } else {
            let i = d & 31;
            (sl[i], sc[i], sr[i], sa[i]) = (l, c, r, avail);
            d += 1;
            (l, c, r, avail) = (nl, nc, nr, next);
        }
    }
}

/// Rows n − 2 and n − 1: each free square of row n − 2 is placed, and the
/// board is complete when the one column left is free of both diagonals.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn bottom<P: Probe, S: Sink>(
    n: usize,
    mask: u32,
    l: u32,
    c: u32,
    r: u32,
    mut avail: u32,
    board: &mut [u32; MAX_N],
    probe: &mut P,
    sink: &mut S,
    half: &mut u64,
) -> ControlFlow<()> {
    while avail != 0 {
        let bit = lowest_bit(avail);
        avail ^= bit;
        probe.step();
        probe.node(n - 1);
        probe.place(n - 2, column(bit));
        let last = mask & !(((l | bit) << 1) | c | bit | ((r | bit) >> 1));
        let hit = u64::from(last != 0);
        probe.steps(hit);
        probe.nodes(n, hit);
        *half += hit;
        if last != 0 {
            if S::NEEDS_BOARD {
                board[(n - 2) & 31] = bit;
                board[(n - 1) & 31] = last;
            }
            probe.place(n - 1, column(last));
            probe.solution(Some(2));
            emit(n, board, sink)?;
            probe.remove(n - 1, column(last));
        }
        probe.remove(n - 2, column(bit));
    }
    ControlFlow::Continue(())
}

impl Enumerate for BitmaskMirror {
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
        let mut half = 0;
        if P::TRACES {
            return walk_root(n, probe, sink, &mut half);
        }
        for task in self.tasks(n) {
            walk(n, &task, probe, sink, &mut half)?;
        }
        ControlFlow::Continue(())
    }

    /// Split into tasks ([`count_tasks`], which follows a checkpoint and
    /// progress: `queens --checkpoint`); a tracing probe walks the tree
    /// from its root instead, on one thread (`walk_root`).
    fn count<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Tally {
        if P::TRACES {
            let mut half = 0;
            let _ = walk_root(n, probe, &mut Discard, &mut half);
            return Tally {
                solutions: if n < 2 { half } else { 2 * half },
                unique: None,
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
