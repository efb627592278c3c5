//! Every board the construction writes is checked by `is_solution`, which
//! knows nothing of the formulas.

use super::*;
use queens_core::{Approach, Local, NoSteps, StepCounter, Steps, is_solution, known};

#[test]
fn every_n_up_to_2000_is_solved() {
    for n in 0..=2000 {
        match construct(n) {
            Some(cols) => {
                assert_eq!(cols.len(), n);
                assert!(is_solution(&cols), "n = {n}");
            }
            None => assert!(n == 2 || n == 3, "n = {n}"),
        }
    }
}

#[test]
fn the_answer_agrees_with_the_known_counts() {
    // A board exactly where OEIS A000170 says one exists.
    for n in 0..=27 {
        assert_eq!(construct(n).is_some(), known::solvable(n), "n = {n}");
    }
}

#[test]
fn large_boards_of_every_residue_are_solved() {
    for k in 0..12 {
        let n = 100_000 + k;
        assert!(is_solution(&construct(n).unwrap()), "n = {n}");
    }
    // One n above a million per residue mod 6, each formula and corner case.
    for residue in 0..6 {
        let n = 1_000_002 + 6 * 12_345 + residue;
        assert_eq!(n % 6, residue);
        assert!(is_solution(&construct(n).unwrap()), "n = {n}");
    }
}

#[test]
fn each_formula_fails_exactly_where_the_other_is_used() {
    // Why n mod 6 decides: A breaks for m mod 6 = 2, B for m mod 6 = 0.
    for m in (4..=2000).step_by(2) {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        formula_a(m, &mut a);
        formula_b(m, &mut b);
        assert_eq!(is_solution(&a), m % 6 != 2, "formula A, m = {m}");
        assert_eq!(is_solution(&b), m % 6 != 0, "formula B, m = {m}");
    }
}

#[test]
fn odd_n_adds_the_corner_to_the_board_for_n_minus_1() {
    for n in [5, 7, 9, 11, 1001] {
        let odd = construct(n).unwrap();
        assert_eq!(odd[n - 1] as usize, n - 1, "n = {n}");
        assert_eq!(&odd[..n - 1], &construct(n - 1).unwrap()[..], "n = {n}");
    }
}

#[test]
fn the_approach_reports_no_steps_and_ignores_the_seed() {
    let approach = Local(Explicit);
    for n in [0, 1, 4, 8, 9, 1000] {
        let a = approach
            .first(n, &Options::default(), Steps::Count)
            .unwrap();
        let opts = Options {
            seed: 99,
            ..Options::default()
        };
        let b = approach.first(n, &opts, Steps::Skip).unwrap();
        assert_eq!(a.steps, Some(0));
        assert_eq!(b.steps, None);
        assert_eq!(a.solution, b.solution);
        assert_eq!(a.solutions, 1);
    }
    for n in [2, 3] {
        let out = approach
            .first(n, &Options::default(), Steps::Count)
            .unwrap();
        assert_eq!((out.solutions, out.solution), (0, None));
    }
    assert!(approach.count(8, &Options::default(), Steps::Skip).is_err());
    let mut probe = StepCounter::default();
    Explicit.find(12, &Options::default(), &mut probe).unwrap();
    assert_eq!(probe.count, 0);
}

#[test]
fn sizes_beyond_the_limit_are_refused() {
    assert!(matches!(
        Explicit.find(MAX_N + 1, &Options::default(), &mut NoSteps),
        Err(Refusal::TooLarge { limit: MAX_N, .. })
    ));
    assert_eq!(INFO.kind, Kind::FindOne);
    assert!(INFO.bench_count.is_empty());
    assert!(INFO.max_n <= u32::MAX as usize);
}
