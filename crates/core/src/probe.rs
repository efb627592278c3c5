//! Step probes: how a search reports its steps without paying for them when
//! nobody is counting.
//!
//! Every search is generic over a [`Probe`] and calls [`Probe::step`] once per
//! step (each approach documents its unit). Timed runs use [`NoSteps`], a
//! zero-sized type whose `step` is an empty inline function, so the compiler
//! removes every call: the timed path pays nothing. Instrumented runs use
//! [`StepCounter`].
//!
//! A search that walks a tree also calls [`Probe::node`] once per node it
//! enters, with the node's depth in the search's own terms (each approach
//! documents what a node at depth d is; the root is depth 0). Only
//! [`DepthCounter`] records these calls: for [`NoSteps`] and [`StepCounter`]
//! they are empty inline functions, so neither the timed path nor the step
//! count pays for them.
//!
//! A search also reports the events of `queens --trace` through hooks of
//! its own ([`Probe::place`], [`Probe::remove`], [`Probe::solution`],
//! [`Probe::candidate`], ...; each approach documents which it calls). Only
//! [`crate::Tracer`] records them; for every other probe they are empty
//! inline functions, and [`Probe::TRACES`] is `false`, so a search can keep
//! bookkeeping that only feeds a trace behind `if P::TRACES` and the
//! compiler removes it from the timed path.

/// Receives one call per search step. `Default + Send` lets a split count
/// give each task a fresh probe on its own thread.
pub trait Probe: Default + Send {
    /// Whether this probe records anything (lets a search skip bookkeeping
    /// that only exists to feed the probe; a compile-time constant).
    const COUNTS: bool;
    /// Whether this probe records trace events (a compile-time constant:
    /// code behind `if P::TRACES` exists only in the tracing probe's
    /// instantiation of a search).
    const TRACES: bool = false;
    /// Records one step.
    fn step(&mut self);
    /// Records `k` steps at once.
    #[inline(always)]
    fn steps(&mut self, k: u64) {
        for _ in 0..k {
            self.step();
        }
    }
    /// The steps recorded so far (`None` for a probe that does not count).
    fn total(&self) -> Option<u64>;
    /// Records entering one node of the search tree at `depth` (0: the root).
    /// Ignored by every probe but [`DepthCounter`].
    #[inline(always)]
    fn node(&mut self, _depth: usize) {}
    /// Records entering `k` nodes at `depth` at once. Ignored by every probe
    /// but [`DepthCounter`].
    #[inline(always)]
    fn nodes(&mut self, _depth: usize, _k: u64) {}
    /// Trace: a queen placed on (`row`, `col`), 0-based.
    #[inline(always)]
    fn place(&mut self, _row: usize, _col: usize) {}
    /// Trace: the queen on (`row`, `col`) taken back, 0-based (the last
    /// one placed and not yet removed).
    #[inline(always)]
    fn remove(&mut self, _row: usize, _col: usize) {}
    /// Trace: the board is a solution; `weight`: the solutions it stands
    /// for, for the searches that count more than one per board.
    #[inline(always)]
    fn solution(&mut self, _weight: Option<u64>) {}
    /// Trace: a complete candidate tested (0-based column per row), `ok`
    /// when it is a solution.
    #[inline(always)]
    fn candidate(&mut self, _cols: &[u32], _ok: bool) {}
    /// Trace: the list comprehension starts level `depth`.
    #[inline(always)]
    fn level(&mut self, _depth: usize) {}
    /// Trace: the partial list `newest : rest` kept, its columns 1-based,
    /// newest row first.
    #[inline(always)]
    fn partial(&mut self, _newest: u8, _rest: &[u8]) {}
    /// Trace: a pair of half boards compared in task `task` (0-based), `ok`
    /// when they join into a solution that stands for `weight` solutions;
    /// `east` and `west` give, for each row, the 1-based column of that
    /// half's queen, 0 where the half has none.
    #[inline(always)]
    fn pair(&mut self, _task: usize, _ok: bool, _weight: u64, _east: &[u32], _west: &[u32]) {}
    /// Trace: a local search's starting board (0-based, as the search holds it).
    #[inline(always)]
    fn init(&mut self, _board: &[u32]) {}
    /// Trace: the queen of line `col` moved from `from` to `to` (0-based),
    /// where `conflicts` queens attack it.
    #[inline(always)]
    fn moved(&mut self, _col: usize, _from: usize, _to: usize, _conflicts: u32) {}
    /// Trace: the queens of rows `a` and `b` (0-based) exchange their columns.
    #[inline(always)]
    fn swap(&mut self, _a: usize, _b: usize) {}
    /// Trace: what decided the next [`Probe::moved`] or [`Probe::swap`]
    /// that the board alone does not say (a random choice, a temperature).
    #[inline(always)]
    fn why(&mut self, _why: crate::trace::Why) {}
    /// Trace: the search starts again (the board is cleared or replaced),
    /// for `reason`.
    #[inline(always)]
    fn restart(&mut self, _reason: crate::trace::Restart) {}
    /// Trace: a whole board, written without a search (0-based column per row).
    #[inline(always)]
    fn board(&mut self, _board: &[u32]) {}
    /// Adds what `other` recorded to this probe: how a split count
    /// ([`crate::count_split`]) gathers the fresh probes of its tasks. The
    /// default adds `other`'s steps.
    #[inline]
    fn merge(&mut self, other: Self) {
        if let Some(k) = other.total() {
            self.steps(k);
        }
    }
}

/// The uninstrumented probe: zero-sized, every call compiles to nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoSteps;

impl Probe for NoSteps {
    const COUNTS: bool = false;
    #[inline(always)]
    fn step(&mut self) {}
    #[inline(always)]
    fn steps(&mut self, _k: u64) {}
    fn total(&self) -> Option<u64> {
        None
    }
    #[inline(always)]
    fn merge(&mut self, _other: Self) {}
}

/// The instrumented probe: counts steps in a `u64`.
#[derive(Clone, Copy, Debug, Default)]
pub struct StepCounter {
    /// Steps recorded so far.
    pub count: u64,
}

impl Probe for StepCounter {
    const COUNTS: bool = true;
    #[inline(always)]
    fn step(&mut self) {
        self.count += 1;
    }
    #[inline(always)]
    fn steps(&mut self, k: u64) {
        self.count += k;
    }
    fn total(&self) -> Option<u64> {
        Some(self.count)
    }
    #[inline(always)]
    fn merge(&mut self, other: Self) {
        self.count += other.count;
    }
}

/// The probe of a `--depths` run: counts steps as [`StepCounter`] does, the
/// nodes the search enters at each depth, and the dead ends among them.
///
/// A dead end is a node with fewer than n queens and no child: the search found no
/// safe square for the next queen (or, with look-ahead, an empty domain).
/// The counter derives them from the order of [`Probe::node`] calls: a
/// search that enters its nodes one at a time, depth first, enters a node's
/// children right after it, so a node followed by one no deeper (or by
/// nothing) has none. Nodes recorded in bulk ([`Probe::nodes`]) or merged
/// from a split count's tasks lose that order, and the dead ends are then
/// unknown ([`DepthCounter::dead_ends_per_depth`] is `None`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DepthCounter {
    /// Steps recorded so far.
    pub steps: u64,
    /// Nodes entered at each depth (index = depth, 0 = the root); as long
    /// as the deepest depth a node was recorded at, plus one.
    pub nodes: Vec<u64>,
    /// Nodes known to have no child, by depth (the last node entered is
    /// not among them yet: see [`DepthCounter::leaves`]).
    leaves: Vec<u64>,
    /// The depth of the last node entered one at a time.
    last: Option<usize>,
    /// Set when nodes came in bulk, out of depth-first order, or from a merge.
    unordered: bool,
}

/// A vector of `len` entries at least, padded with zeros.
fn padded(mut v: Vec<u64>, len: usize) -> Vec<u64> {
    if v.len() < len {
        v.resize(len, 0);
    }
    v
}

/// Adds `k` at `depth`, growing `v` as needed.
fn add_at(v: &mut Vec<u64>, depth: usize, k: u64) {
    if depth >= v.len() {
        v.resize(depth + 1, 0);
    }
    v[depth] += k;
}

impl DepthCounter {
    /// The nodes of depths `0..=n`, one entry per depth, zeros for depths
    /// the search never reached (a run that stops early, a board with no
    /// solution); deeper entries, which no search of n rows records, are kept.
    pub fn nodes_per_depth(&self, n: usize) -> Vec<u64> {
        padded(self.nodes.clone(), n + 1)
    }

    /// The nodes with no child at each depth, the last node entered
    /// included; `None` when the order of the nodes was lost.
    pub fn leaves(&self) -> Option<Vec<u64>> {
        if self.unordered {
            return None;
        }
        let mut leaves = self.leaves.clone();
        if let Some(last) = self.last {
            add_at(&mut leaves, last, 1);
        }
        Some(leaves)
    }

    /// The dead ends of depths `0..=n` (the leaves above depth n; entry n
    /// is 0, a full board being a solution), or `None` when the nodes came
    /// in bulk or from several tasks, out of order.
    pub fn dead_ends_per_depth(&self, n: usize) -> Option<Vec<u64>> {
        let mut leaves = padded(self.leaves()?, n + 1);
        leaves.truncate(n + 1);
        leaves[n] = 0;
        Some(leaves)
    }

    /// The nodes below the root: the sum over depths 1 and deeper (the steps,
    /// for searches whose step is entering a node).
    pub fn below_root(&self) -> u64 {
        self.nodes.iter().skip(1).sum()
    }
}

impl Probe for DepthCounter {
    const COUNTS: bool = true;
    #[inline(always)]
    fn step(&mut self) {
        self.steps += 1;
    }
    #[inline(always)]
    fn steps(&mut self, k: u64) {
        self.steps += k;
    }
    fn total(&self) -> Option<u64> {
        Some(self.steps)
    }
    #[inline]
    fn node(&mut self, depth: usize) {
        add_at(&mut self.nodes, depth, 1);
        if let Some(last) = self.last {
            if depth <= last {
                add_at(&mut self.leaves, last, 1);
            } else if depth > last + 1 {
                self.unordered = true;
            }
        }
        self.last = Some(depth);
    }
    #[inline]
    fn nodes(&mut self, depth: usize, k: u64) {
        if k == 0 {
            return;
        }
        add_at(&mut self.nodes, depth, k);
        self.unordered = true;
    }
    fn merge(&mut self, other: Self) {
        self.steps += other.steps;
        let empty = |c: &Self| c.nodes.is_empty();
        if !empty(self) && !empty(&other) || other.unordered {
            self.unordered = true;
        } else if empty(self) {
            self.leaves = other.leaves;
            self.last = other.last;
        }
        self.nodes = padded(std::mem::take(&mut self.nodes), other.nodes.len());
        for (mine, theirs) in self.nodes.iter_mut().zip(other.nodes) {
            *mine += theirs;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_steps_is_zero_sized_and_counts_nothing() {
        assert_eq!(std::mem::size_of::<NoSteps>(), 0);
        let mut p = NoSteps;
        p.step();
        p.steps(5);
        assert_eq!(p.total(), None);
    }

    #[test]
    fn step_counter_counts() {
        let mut p = StepCounter::default();
        p.step();
        p.steps(4);
        assert_eq!(p.total(), Some(5));
    }

    #[test]
    fn only_the_depth_counter_records_nodes() {
        let mut none = NoSteps;
        none.node(3);
        none.nodes(2, 7);
        let mut steps = StepCounter::default();
        steps.node(3);
        steps.nodes(2, 7);
        assert_eq!(steps.total(), Some(0));
        let mut depths = DepthCounter::default();
        depths.node(0);
        depths.step();
        depths.node(1);
        depths.nodes(3, 4);
        depths.nodes(5, 0);
        assert_eq!(depths.nodes, [1, 1, 0, 4]);
        assert_eq!(depths.total(), Some(1));
        assert_eq!(depths.below_root(), 5);
        assert_eq!(depths.nodes_per_depth(5), [1, 1, 0, 4, 0, 0]);
        assert_eq!(depths.nodes_per_depth(2), [1, 1, 0, 4]);
    }

    #[test]
    fn only_the_tracer_traces() {
        const { assert!(!NoSteps::TRACES && !StepCounter::TRACES && !DepthCounter::TRACES) };
        let mut steps = StepCounter::default();
        steps.place(0, 0);
        steps.solution(Some(2));
        steps.candidate(&[0], true);
        steps.init(&[0]);
        assert_eq!(steps.total(), Some(0));
    }

    #[test]
    fn merging_adds_steps_and_nodes_depth_by_depth() {
        let mut a = DepthCounter::default();
        a.steps(3);
        a.nodes(0, 1);
        a.nodes(1, 2);
        let mut b = DepthCounter::default();
        b.steps(4);
        b.nodes(1, 1);
        b.nodes(2, 5);
        a.merge(b);
        assert_eq!((a.steps, a.nodes), (7, vec![1, 3, 5]));
        let mut s = StepCounter { count: 2 };
        s.merge(StepCounter { count: 5 });
        assert_eq!(s.count, 7);
    }

    #[test]
    fn dead_ends_are_the_nodes_above_depth_n_entered_with_no_child_after_them() {
        // The 4-Queens tree of the bitmask search, depth first: root, then
        // (1,1) with children (2,3) [dead end] and (2,4) -> (3,2) [dead end].
        let mut p = DepthCounter::default();
        for depth in [0, 1, 2, 2, 3] {
            p.node(depth);
        }
        assert_eq!(p.dead_ends_per_depth(4), Some(vec![0, 0, 1, 1, 0]));
        // A full board is a solution, not a dead end.
        p.node(4);
        assert_eq!(p.dead_ends_per_depth(4), Some(vec![0, 0, 1, 0, 0]));
        // Bulk nodes and skipped depths lose the order.
        let mut bulk = DepthCounter::default();
        bulk.node(0);
        bulk.nodes(1, 3);
        assert_eq!(bulk.dead_ends_per_depth(2), None);
        let mut skip = DepthCounter::default();
        skip.node(0);
        skip.node(2);
        assert_eq!(skip.dead_ends_per_depth(2), None);
        // Merging into an empty counter keeps the order; two non-empty lose it.
        let mut whole = DepthCounter::default();
        whole.merge(p.clone());
        assert_eq!(whole.dead_ends_per_depth(4), p.dead_ends_per_depth(4));
        whole.merge(p);
        assert_eq!(whole.dead_ends_per_depth(4), None);
    }
}
