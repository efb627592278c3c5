use super::*;
use queens_bitmask::Bitmask;
use queens_core::{
    DepthCounter, NoSteps, Shard, Visitor, canonical, count_split, count_split_with_steps,
    is_solution, known,
};

/// Counts on one thread: the tally and the steps.
fn count_one_thread(n: usize) -> (Tally, u64) {
    count_split_with_steps(&BitmaskSymmetric, n)
}

#[test]
fn each_class_is_listed_together_once() {
    // The listing is runs of one class each (a kept board, then its other
    // images); runs of different classes never share a class.
    for n in 4..=10 {
        let list = BitmaskSymmetric.collect(n);
        let mut classes = Vec::new();
        for cols in &list {
            let class = canonical(cols);
            if classes.last() != Some(&class) {
                assert!(!classes.contains(&class), "n = {n}: class split");
                classes.push(class);
            }
        }
        assert_eq!(Some(classes.len() as u64), known::fundamental(n), "n = {n}");
    }
}

/// Counts on `threads` threads with a [`DepthCounter`] per task, merged.
fn count_with_depths_split(n: usize, threads: usize) -> (Tally, DepthCounter) {
    let mut probe = DepthCounter::default();
    let tally = count_split(&BitmaskSymmetric, n, threads, Shard::ALL, &mut probe);
    (tally, probe)
}

#[test]
fn nodes_per_depth_add_up_to_the_steps_for_any_threads() {
    for n in 0..=13 {
        let (_, full) = Bitmask.count_with_depths(n);
        let (_, split) = count_with_depths_split(n, 1);
        let nodes = split.nodes_per_depth(n);
        assert_eq!(nodes[0], 1, "n = {n}: one root");
        assert_eq!(split.below_root(), split.steps, "n = {n}");
        assert_eq!(split.steps, count_one_thread(n).1, "n = {n}");
        // A subtree of the full tree, level by level.
        for (d, (&ours, &all)) in nodes.iter().zip(&full.nodes_per_depth(n)).enumerate() {
            assert!(ours <= all, "n = {n}, depth {d}: {ours} > {all}");
        }
        if n >= 4 {
            // Depth 1: the corner queen and the side case's top queens.
            // (b1 = 1.. while b1 < n - 1 - b1: (n - 2) / 2 of them).
            assert_eq!(nodes[1], 1 + (n as u64 - 2) / 2, "n = {n}");
        }
        // The walk through `search` (tasks in order, one thread) and the
        // split count on more threads see the same nodes.
        let seen = |d: queens_core::DepthCounter| (d.steps, d.nodes);
        let split = seen(split);
        assert_eq!(
            seen(BitmaskSymmetric.count_with_depths(n).1),
            split,
            "n = {n}"
        );
        assert_eq!(seen(count_with_depths_split(n, 3).1), split, "n = {n}");
    }
}

#[test]
fn the_reduced_tree_is_much_smaller_than_the_full_one() {
    // The bounds keep about one board in eight, but prune only near the
    // edges, so the tree shrinks by a factor of about four.
    for n in 10..=12 {
        let full = Bitmask.count_with_steps(n).1;
        let (_, steps) = count_one_thread(n);
        assert!(steps * 4 < full, "n = {n}: {steps} of {full}");
    }
}

#[test]
fn first_solution_is_valid_up_to_32() {
    for n in 4..=MAX_N {
        let s = BitmaskSymmetric
            .first(n, &mut NoSteps)
            .expect("a solution exists");
        assert!(is_solution(&s), "n = {n}: {s:?}");
    }
    for n in [2, 3] {
        assert_eq!(BitmaskSymmetric.first(n, &mut NoSteps), None);
    }
}

#[test]
fn counting_sinks_are_called_once_per_solution() {
    let mut calls = 0;
    let _ = BitmaskSymmetric.search(
        9,
        &mut NoSteps,
        &mut Visitor(|cols: &[u32]| {
            assert!(is_solution(cols));
            calls += 1;
            ControlFlow::Continue(())
        }),
    );
    assert_eq!(Some(calls), known::total(9));
    assert_eq!(
        Some(BitmaskSymmetric.count_with_steps(9).0),
        known::total(9)
    );
}

#[test]
fn enough_tasks_to_balance_threads() {
    for n in 16..=18 {
        let tasks = BitmaskSymmetric.tasks(n);
        assert!(tasks.len() >= 500, "n = {n}: {} tasks", tasks.len());
        assert!(tasks.iter().all(|t| t.row == SPLIT_ROWS));
    }
}

/// Takaken's program as he wrote it, recursive, cut down to its tree: it
/// counts the queen placements (the unit of `INFO.step_unit`) and the
/// complete boards that reach his `Check`, and nothing else.
struct Recursive {
    n: usize,
    mask: u32,
    side: u32,
    last: u32,
    bound1: usize,
    bound2: usize,
    placements: u64,
    leaves: u64,
    /// Every placement, (row, column), in the program's order.
    log: Vec<(usize, usize)>,
}

impl Recursive {
    /// Counts the tree of board size `n` (n ≥ 4): (placements, leaves).
    fn run(n: usize) -> (u64, u64) {
        let t = Recursive::walk(n);
        (t.placements, t.leaves)
    }

    /// Walks the tree of board size `n` (n ≥ 4).
    fn walk(n: usize) -> Recursive {
        let top = 1u32 << (n - 1);
        let mut t = Recursive {
            n,
            mask: (1u32 << n) - 1,
            side: top | 1,
            last: top | 1,
            bound1: 0,
            bound2: 0,
            placements: 1, // the corner queen
            leaves: 0,
            log: vec![(0, 0)],
        };
        for b1 in 2..n - 1 {
            t.bound1 = b1;
            t.placements += 1;
            t.log.push((1, b1));
            let bit = 1u32 << b1;
            t.corner(2, (2 | bit) << 1, 1 | bit, bit >> 1);
        }
        let (mut b1, mut b2) = (1, n - 2);
        while b1 < b2 {
            (t.bound1, t.bound2) = (b1, b2);
            t.placements += 1;
            t.log.push((0, b1));
            let bit = 1u32 << b1;
            t.side(1, bit << 1, bit, bit >> 1);
            t.last |= t.last >> 1 | t.last << 1;
            b1 += 1;
            b2 -= 1;
        }
        t
    }

    fn place(&mut self, y: usize, bit: u32) {
        self.placements += 1;
        self.log.push((y, bit.trailing_zeros() as usize));
    }

    /// Takaken's `Backtrack1`: the top queen in the corner.
    fn corner(&mut self, y: usize, left: u32, down: u32, right: u32) {
        let mut free = self.mask & !(left | down | right);
        if y == self.n - 1 {
            if free != 0 {
                self.place(y, free);
                self.leaves += 1;
            }
            return;
        }
        if y < self.bound1 {
            free &= !2;
        }
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.place(y, bit);
            self.corner(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
        }
    }

    /// Takaken's `Backtrack2`: the top queen off the corner.
    fn side(&mut self, y: usize, left: u32, down: u32, right: u32) {
        let mut free = self.mask & !(left | down | right);
        if y == self.n - 1 {
            if free != 0 && free & self.last == 0 {
                self.place(y, free);
                self.leaves += 1;
            }
            return;
        }
        if y < self.bound1 {
            free &= !self.side;
        } else if y == self.bound2 {
            if down & self.side == 0 {
                return;
            }
            if down & self.side != self.side {
                free &= self.side;
            }
        }
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.place(y, bit);
            self.side(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
        }
    }
}

#[test]
fn walks_the_tree_of_takakens_recursive_program() {
    // Same placements, so the iterative walk (stack, nested loops, the last
    // two rows without a loop) prunes exactly where the recursion does; and
    // every board kept is one of the recursion's leaves.
    for n in 4..=13 {
        let (placements, leaves) = Recursive::run(n);
        let (tally, steps) = count_one_thread(n);
        assert_eq!(steps, placements, "n = {n}");
        let unique = tally.unique.expect("counts fundamental solutions");
        assert!(
            unique <= leaves && leaves < 8 * unique,
            "n = {n}: {unique} of {leaves}"
        );
    }
}

/// A tracing probe that keeps the placements, (row, column), in order.
#[derive(Default)]
struct Placements {
    log: Vec<(usize, usize)>,
    steps: u64,
    standing: usize,
}

impl Probe for Placements {
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
        self.log.push((row, col));
        self.standing += 1;
    }
    fn remove(&mut self, _row: usize, _col: usize) {
        self.standing -= 1;
    }
}

#[test]
fn a_trace_places_the_queens_of_takakens_recursive_program_in_its_order() {
    // The tracing walk goes from the root through every specialised part
    // (stack, nested loops, the last two rows one queen at a time) and
    // places exactly the queens the recursion places, in its order.
    for n in 4..=12 {
        let mut probe = Placements::default();
        let tally = BitmaskSymmetric.count(n, &Options::default(), &mut probe);
        assert_eq!(Some(tally.solutions), known::total(n), "n = {n}");
        assert_eq!(tally.unique, known::fundamental(n), "n = {n}");
        assert_eq!(probe.log, Recursive::walk(n).log, "n = {n}");
        assert_eq!(probe.steps, probe.log.len() as u64, "n = {n}");
        assert_eq!(probe.standing, 0, "n = {n}: every queen taken back");
        assert_eq!(probe.steps, count_one_thread(n).1, "n = {n}");
    }
}

#[test]
fn a_first_solution_counts_the_placements_it_made() {
    // Stopping at the first board, the instrumented run counts as many
    // steps as the tracing one places.
    for n in 4..=20 {
        let mut traced = Placements::default();
        let mut counted = queens_core::StepCounter::default();
        let a = BitmaskSymmetric.first(n, &mut traced);
        let b = BitmaskSymmetric.first(n, &mut counted);
        assert_eq!(a, b, "n = {n}");
        assert_eq!(traced.log.len() as u64, counted.count, "n = {n}");
        assert_eq!(traced.steps, counted.count, "n = {n}");
    }
}

/// Whether this CPU runs the BMI1 walk.
#[cfg(target_arch = "x86_64")]
fn has_bmi1() -> bool {
    std::arch::is_x86_feature_detected!("bmi1")
}

#[cfg(not(target_arch = "x86_64"))]
fn has_bmi1() -> bool {
    false
}

/// Every task of size n walked by `walk` (the path this CPU takes) or by
/// `walk_any` (the portable one, forced): the boards in order, the kept
/// boards and solutions, and the probe's nodes and steps.
fn walk_every_task(n: usize, portable: bool) -> (Vec<Vec<u32>>, u64, u64, DepthCounter) {
    let mut boards = Vec::new();
    let mut found = Found::default();
    let mut probe = DepthCounter::default();
    for task in BitmaskSymmetric.tasks(n) {
        let mut sink = Visitor(|cols: &[u32]| {
            boards.push(cols.to_vec());
            ControlFlow::Continue(())
        });
        let flow = if portable {
            walk_any(n, &task, &mut probe, &mut sink, &mut found)
        } else {
            walk(n, &task, &mut probe, &mut sink, &mut found)
        };
        assert!(flow.is_continue());
    }
    (boards, found.unique, found.total, probe)
}

#[test]
fn the_portable_walk_is_the_bmi1_walk() {
    if !has_bmi1() {
        eprintln!("no BMI1 on this CPU: the portable walk is checked against OEIS only");
    }
    for n in 0..=12 {
        let native = walk_every_task(n, false);
        let portable = walk_every_task(n, true);
        assert_eq!(portable, native, "n = {n}");
        let (boards, unique, total, _) = portable;
        assert_eq!(
            (Some(unique), Some(total)),
            (known::fundamental(n), known::total(n))
        );
        assert_eq!(boards.len() as u64, total, "n = {n}");
        assert!(boards.iter().all(|b| is_solution(b)), "n = {n}");
    }
}
