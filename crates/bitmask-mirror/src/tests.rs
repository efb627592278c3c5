use std::collections::BTreeSet;

use super::*;
use queens_bitmask::Bitmask;
use queens_core::{NoSteps, Shard, StepCounter, is_solution, known};

/// Counts through `count_split` with the given threads and shard: the
/// tally and the steps.
fn split_count(n: usize, threads: usize, shard: Shard) -> (Tally, u64) {
    let mut probe = StepCounter::default();
    let opts = Options {
        threads,
        shard,
        ..Options::default()
    };
    let tally = BitmaskMirror.count(n, &opts, &mut probe);
    (tally, probe.count)
}

#[test]
fn counts_match_a000170() {
    for n in 0..=14 {
        let (tally, _) = split_count(n, 1, Shard::ALL);
        assert_eq!(Some(tally.solutions), known::total(n), "n = {n}");
        assert_eq!(tally.unique, None, "n = {n}");
    }
}

#[test]
fn search_and_count_agree_on_solutions_and_steps() {
    for n in 0..=12 {
        let (tally, steps) = split_count(n, 1, Shard::ALL);
        assert_eq!(
            BitmaskMirror.count_with_steps(n),
            (tally.solutions, steps),
            "n = {n}"
        );
    }
}

#[test]
fn steps_are_half_of_bitmasks_placements_rounded_up() {
    // Each left-half subtree of row 0 is the mirror of a right-half one, and
    // so is each row-1 subtree under the middle queen of odd n: the halved
    // tree has half of the full tree's placements, plus the middle queen.
    for n in 1..=12 {
        let full = Bitmask.count_with_steps(n).1;
        let (_, steps) = split_count(n, 1, Shard::ALL);
        assert_eq!(steps, full.div_ceil(2), "n = {n}");
    }
}

#[test]
fn shards_add_up_to_the_whole_count() {
    let n = 12;
    let (all, all_steps) = split_count(n, 1, Shard::ALL);
    for k in 1..=7u32 {
        let (mut solutions, mut steps) = (0, 0);
        for index in 1..=k {
            let (tally, s) = split_count(n, 1, Shard { index, count: k });
            solutions += tally.solutions;
            steps += s;
        }
        assert_eq!((solutions, steps), (all.solutions, all_steps), "k = {k}");
    }
}

#[test]
fn threads_do_not_change_the_tally_or_the_steps() {
    for n in [11, 13] {
        let one = split_count(n, 1, Shard::ALL);
        assert_eq!(split_count(n, 2, Shard::ALL), one, "n = {n}");
        assert_eq!(split_count(n, 4, Shard::ALL), one, "n = {n}");
    }
}

#[test]
fn lists_the_same_solutions_as_bitmask() {
    for n in 0..=10 {
        let ours = BitmaskMirror.collect(n);
        let set: BTreeSet<_> = ours.iter().cloned().collect();
        assert_eq!(set.len(), ours.len(), "n = {n}: duplicates");
        let reference: BTreeSet<_> = Bitmask.collect(n).into_iter().collect();
        assert_eq!(set, reference, "n = {n}");
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
