use super::*;
use queens_bitmask::Bitmask;
use queens_core::{NoSteps, StepCounter, Visitor, canonical, is_solution, known};

/// Counts on one thread: the tally and the steps.
fn count_one_thread(n: usize) -> (Tally, u64) {
    let mut probe = StepCounter::default();
    let opts = Options {
        threads: 1,
        ..Options::default()
    };
    let tally = BitmaskSymmetric.count(n, &opts, &mut probe);
    (tally, probe.count)
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
