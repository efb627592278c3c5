//! `string-regex` against the repaired Perl (the fixture in `tests/data/`),
//! the known counts and the `bitmask` approach.

use queens_bitmask::Bitmask;
use queens_core::{
    Approach, Enumerate, Exhaustive, NoSteps, Options, Refusal, Steps, is_solution, known,
};
use queens_string_regex::{INFO, MAX_N, StringRegex};

/// Every solution of a search, in discovery order, and its steps.
fn listing<E: Enumerate>(search: &E, n: usize) -> (Vec<Vec<u32>>, u64) {
    (search.collect(n), search.count_with_steps(n).1)
}

/// The seed's print statement, `print map '.'x$_.'Q'.'.'x(7-$_)."\n", /./g`,
/// over the string (newest row first), and the blank line `-l` adds.
fn perl_board(cols: &[u32]) -> String {
    let n = cols.len();
    let mut s = String::new();
    for &c in cols.iter().rev() {
        let c = c as usize;
        s.push_str(&".".repeat(c));
        s.push('Q');
        s.push_str(&".".repeat(n - 1 - c));
        s.push('\n');
    }
    s.push('\n');
    s
}

#[test]
fn boards_equal_the_perl_output_line_for_line() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perl-8.txt");
    let expected = std::fs::read_to_string(path).unwrap();
    let ours: String = listing(&StringRegex, 8)
        .0
        .iter()
        .map(|s| perl_board(s))
        .collect();
    let (ours, expected): (Vec<&str>, Vec<&str>) =
        (ours.lines().collect(), expected.lines().collect());
    assert_eq!(ours.len() as u64, known::total(8).unwrap() * 9);
    assert_eq!(ours, expected);
}

#[test]
fn steps_are_placements() {
    assert_eq!(listing(&StringRegex, 8).1, 2056);
    // The same tree as the row-by-row bitmask search, node for node.
    for n in 0..=10 {
        assert_eq!(
            listing(&StringRegex, n).1,
            listing(&Bitmask, n).1,
            "n = {n}"
        );
    }
}

#[test]
fn nodes_per_depth_add_up_to_the_steps() {
    for n in 0..=10 {
        let (solutions, depths) = StringRegex.count_with_depths(n);
        assert_eq!(depths.nodes[0], 1, "n = {n}: one root");
        assert_eq!(depths.below_root(), depths.steps, "n = {n}");
        assert_eq!(depths.nodes_per_depth(n)[n], solutions, "n = {n}");
    }
}

#[test]
fn boards_are_solutions_in_bitmasks_order() {
    for n in 0..=10 {
        let (ours, _) = listing(&StringRegex, n);
        assert!(ours.iter().all(|s| is_solution(s)), "n = {n}");
        // Same set and, both being lexicographic, same sequence.
        assert_eq!(ours, listing(&Bitmask, n).0, "n = {n}");
    }
}

#[test]
fn first_boards_are_valid() {
    for n in (0..=21).chain(INFO.bench_first.iter().copied()) {
        match StringRegex.first(n, &mut NoSteps) {
            Some(s) => assert!(is_solution(&s) && s.len() == n, "n = {n}"),
            None => assert!(!known::solvable(n), "n = {n}"),
        }
    }
}

#[test]
fn refuses_beyond_the_limit() {
    let approach = Exhaustive(StringRegex);
    let opts = Options::default();
    assert!(approach.check(MAX_N).is_ok());
    match approach.first(MAX_N + 1, &opts, Steps::Skip) {
        Err(Refusal::TooLarge { id, limit, .. }) => {
            assert_eq!((id, limit), ("string-regex", MAX_N))
        }
        other => panic!("{other:?}"),
    }
}
