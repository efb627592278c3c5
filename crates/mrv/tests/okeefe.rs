//! `mrv` against SWI-Prolog running the seed program (the fixtures in
//! `tests/data/`, see its README), against the known counts and against the
//! `bitmask` approach.

use std::collections::BTreeSet;

use queens_bitmask::Bitmask;
use queens_core::{
    Approach, Enumerate, Exhaustive, NoSteps, Options, Refusal, Steps, format, is_solution, known,
};
use queens_mrv::{MAX_N, Mrv};

/// A fixture file of `tests/data/`.
fn fixture(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every solution of a search, in discovery order, and its steps.
fn listing<E: Enumerate>(search: &E, n: usize) -> (Vec<Vec<u32>>, u64) {
    (search.collect(n), search.count_with_steps(n).1)
}

#[test]
fn listing_equals_swi_prolog_line_for_line() {
    for n in 1..=8 {
        let expected = fixture(&format!("okeefe-{n}.txt"));
        let expected: Vec<&str> = expected.lines().collect();
        let ours: Vec<String> = listing(&Mrv, n)
            .0
            .iter()
            .map(|s| format::pairs(s))
            .collect();
        assert_eq!(ours, expected, "n = {n}");
        assert_eq!(ours.len() as u64, known::total(n).unwrap(), "n = {n}");
    }
}

#[test]
fn first_board_of_4_is_the_seeds_example() {
    // The seed draws board(2,4,1,3); SWI-Prolog's queens(4) prints it first.
    let first = Mrv.first(4, &mut NoSteps).unwrap();
    assert_eq!(first, [1, 3, 0, 2]);
    assert_eq!(format::pairs(&first), "[1-2,2-4,3-1,4-3]");
}

#[test]
fn placements_equal_the_calls_swi_prolog_counts() {
    let table = fixture("placements.txt");
    let mut rows = 0;
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let v: Vec<u64> = line
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        let (n, solutions, placements) = (v[0] as usize, v[1], v[2]);
        let (all, steps) = listing(&Mrv, n);
        assert_eq!(all.len() as u64, solutions, "n = {n}");
        assert_eq!(steps, placements, "n = {n}");
        rows += 1;
    }
    assert_eq!(rows, 10);
}

#[test]
fn first_boards_equal_swi_prolog() {
    // SWI-Prolog's queens(N) for a few larger n; n = 65 and 84 run the line engine.
    let table = fixture("first.txt");
    let mut rows = 0;
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let (n, board) = line.split_once(' ').unwrap();
        let n: usize = n.parse().unwrap();
        let first = Mrv.first(n, &mut NoSteps).unwrap();
        assert_eq!(format::pairs(&first), board, "n = {n}");
        rows += 1;
    }
    assert!(rows >= 5);
}

#[test]
fn every_board_is_a_solution_and_the_set_is_bitmasks() {
    for n in 0..=10 {
        let (ours, _) = listing(&Mrv, n);
        assert!(ours.iter().all(|s| is_solution(s)), "n = {n}");
        let ours_set: BTreeSet<_> = ours.iter().cloned().collect();
        assert_eq!(ours_set.len(), ours.len(), "n = {n}: a board found twice");
        let theirs: BTreeSet<_> = listing(&Bitmask, n).0.into_iter().collect();
        assert_eq!(ours_set, theirs, "n = {n}");
    }
}

#[test]
fn order_is_not_lexicographic() {
    // The point of the approach: O'Keefe's order differs from row-by-row.
    let (ours, _) = listing(&Mrv, 8);
    let (lex, _) = listing(&Bitmask, 8);
    assert_ne!(ours, lex);
}

#[test]
fn first_board_is_valid_for_every_n_up_to_the_limit() {
    for n in 0..=MAX_N {
        let first = Mrv.first(n, &mut NoSteps);
        match first {
            Some(s) => assert!(is_solution(&s) && s.len() == n, "n = {n}"),
            None => assert!(!known::solvable(n), "n = {n}"),
        }
    }
}

#[test]
fn first_is_the_first_of_the_listing() {
    for n in 1..=10 {
        let (all, _) = listing(&Mrv, n);
        assert_eq!(Mrv.first(n, &mut NoSteps), all.first().cloned(), "n = {n}");
    }
}

#[test]
fn refuses_beyond_the_limit() {
    let approach = Exhaustive(Mrv);
    let opts = Options::default();
    assert!(approach.first(MAX_N, &opts, Steps::Skip).is_ok());
    for n in [MAX_N + 1, 1000] {
        match approach.first(n, &opts, Steps::Skip) {
            Err(Refusal::TooLarge { id, limit, .. }) => {
                assert_eq!((id, limit), ("mrv", MAX_N));
            }
            other => panic!("n = {n}: {other:?}"),
        }
    }
}
