use super::*;
use queens_bitmask::Bitmask;
use queens_core::{NoSteps, count_split_with_steps, is_solution};

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
