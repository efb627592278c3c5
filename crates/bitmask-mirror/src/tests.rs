use super::*;
use queens_bitmask::Bitmask;
use queens_core::{DepthCounter, NoSteps, Shard, count_split, count_split_with_steps, is_solution};

/// Counts on one thread: the tally and the steps.
fn count_one_thread(n: usize) -> (Tally, u64) {
    count_split_with_steps(&BitmaskMirror, n)
}

#[test]
fn steps_are_half_of_bitmasks_placements_rounded_up() {
    // Each left-half subtree of row 0 is the mirror of a right-half one, and
    // so is each row-1 subtree under the middle queen of odd n: the halved
    // tree has half of the full tree's placements, plus the middle queen.
    for n in 1..=12 {
        let full = Bitmask.count_with_steps(n).1;
        let (_, steps) = count_one_thread(n);
        assert_eq!(steps, full.div_ceil(2), "n = {n}");
    }
}

/// Counts on `threads` threads with a [`DepthCounter`] per task, merged.
fn count_with_depths_split(n: usize, threads: usize) -> (Tally, DepthCounter) {
    let mut probe = DepthCounter::default();
    let tally = count_split(&BitmaskMirror, n, threads, Shard::ALL, &mut probe);
    (tally, probe)
}

#[test]
fn nodes_per_depth_are_half_of_bitmasks_rounded_up_and_add_up_to_the_steps() {
    for n in 0..=12 {
        let (_, full) = Bitmask.count_with_depths(n);
        let (tally, split) = count_with_depths_split(n, 1);
        let nodes = split.nodes_per_depth(n);
        assert_eq!(nodes[0], 1, "n = {n}: one root");
        for (d, (&ours, &theirs)) in nodes
            .iter()
            .zip(&full.nodes_per_depth(n))
            .enumerate()
            .skip(1)
        {
            assert_eq!(ours, theirs.div_ceil(2), "n = {n}, depth {d}");
        }
        assert_eq!(split.below_root(), split.steps, "n = {n}");
        if n >= 2 {
            // Each leaf is a board found, which counts with its mirror.
            assert_eq!(2 * nodes[n], tally.solutions, "n = {n}");
        }
        // The walk through `search` (tasks in order, one thread) and the
        // split count on more threads see the same nodes.
        let seen = |d: queens_core::DepthCounter| (d.steps, d.nodes);
        let split = seen(split);
        assert_eq!(seen(BitmaskMirror.count_with_depths(n).1), split, "n = {n}");
        assert_eq!(seen(count_with_depths_split(n, 3).1), split, "n = {n}");
    }
}

#[test]
fn each_board_is_followed_by_its_mirror() {
    let list = BitmaskMirror.collect(8);
    for pair in list.chunks(2) {
        assert_eq!(pair[1], Symmetry::MirrorColumns.apply(&pair[0]));
        assert!(pair[0][0] < 4, "row 0 of the searched half: {:?}", pair[0]);
    }
}

#[test]
fn first_solution_is_valid_and_lexicographically_first_up_to_32() {
    // The left half comes first and is walked lowest column first, so the
    // first board is the lexicographically first one, `bitmask`'s first
    // (compared up to 28, where `bitmask`'s recursion is still quick).
    for n in 4..=MAX_N {
        let s = BitmaskMirror
            .first(n, &mut NoSteps)
            .expect("a solution exists");
        assert!(is_solution(&s), "n = {n}: {s:?}");
        if n <= 28 {
            assert_eq!(Some(s), Bitmask.first(n, &mut NoSteps), "n = {n}");
        }
    }
    for n in [2, 3] {
        assert_eq!(BitmaskMirror.first(n, &mut NoSteps), None);
    }
}

#[test]
fn enough_tasks_to_balance_threads() {
    for n in 16..=18 {
        let tasks = BitmaskMirror.tasks(n);
        assert!(tasks.len() >= 500, "n = {n}: {} tasks", tasks.len());
        assert!(tasks.iter().all(|t| t.row == SPLIT_ROWS));
    }
}

/// A tracing probe that keeps the placements and removals, in order.
#[derive(Default)]
struct Moves {
    /// (placed, row, column).
    log: Vec<(bool, usize, usize)>,
    steps: u64,
}

impl Probe for Moves {
    const COUNTS: bool = true;
    const TRACES: bool = true;
    fn step(&mut self) {
        self.steps += 1;
    }
    fn steps(&mut self, k: u64) {
        self.steps += k;
    }
    fn total(&self) -> Option<u64> {
        Some(self.steps)
    }
    fn place(&mut self, row: usize, col: usize) {
        self.log.push((true, row, col));
    }
    fn remove(&mut self, row: usize, col: usize) {
        self.log.push((false, row, col));
    }
}

#[test]
fn a_trace_walks_bitmasks_tree_cut_in_half() {
    // The tracing walk goes from the root (row 0 in the left half, then the
    // middle column with row 1 left of it), through the stack and the last
    // two rows, placing and removing exactly what bitmask does in those
    // subtrees, in the same order.
    for n in 1..=11 {
        let mut full = Moves::default();
        let _ = Bitmask.count(n, &Options::default(), &mut full);
        let mut kept = Vec::new();
        let (mut top, mut second) = (0, 0);
        for &(placed, row, col) in &full.log {
            if placed && row == 0 {
                top = col;
            }
            if placed && row == 1 {
                second = col;
            }
            let middle = n % 2 == 1 && top == n / 2;
            if n == 1 || 2 * top + 1 < n || middle && (row == 0 || 2 * second + 1 < n) {
                kept.push((placed, row, col));
            }
        }
        let mut half = Moves::default();
        let tally = BitmaskMirror.count(n, &Options::default(), &mut half);
        assert_eq!(half.log, kept, "n = {n}");
        assert_eq!(
            Some(tally.solutions),
            queens_core::known::total(n),
            "n = {n}"
        );
        let placements = half.log.iter().filter(|m| m.0).count() as u64;
        assert_eq!(placements, half.steps, "n = {n}");
        assert_eq!(half.steps, count_one_thread(n).1, "n = {n}");
    }
}
