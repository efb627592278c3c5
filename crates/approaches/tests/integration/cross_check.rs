//! One expectation run across every registered approach (ripgrep's testutil
//! idea): each exhaustive approach must find exactly the solutions `bitmask`
//! finds, as many as OEIS A000170 says, each a valid board, none twice; each
//! find-one approach must return valid boards; each counter that splits its
//! work must give the same tally for any shards and threads; each tree search
//! must count its nodes per depth consistently with its steps. New approaches
//! are checked as soon as they are registered.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use queens_approaches::REGISTRY;
use queens_core::{Approach, Kind, Options, Outcome, Refusal, Shard, Steps, is_solution, known};

/// Approaches that walk the classic row-by-row tree (one node per queen
/// placement, rows in order) and so must report identical step counts.
const ROW_BY_ROW_TREE: [&str; 4] = [
    "bitmask",
    "attack-board",
    "list-comprehension",
    "string-regex",
];

/// Tree searches whose step is testing a complete candidate (a leaf of their
/// unpruned tree), not entering a node: their steps are the nodes at depth
/// n. Every other tree search's steps are its nodes at depths 1..=n.
const STEPS_ARE_LEAVES: [&str; 3] = [
    "permutations",
    "permutations-streaming",
    "generate-and-test",
];

fn listing(approach: &dyn Approach, n: usize) -> Vec<Vec<u32>> {
    let mut all = Vec::new();
    let outcome = approach
        .visit(n, &Options::default(), &mut |cols| {
            all.push(cols.to_vec());
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(outcome.solutions as usize, all.len());
    all
}

fn exhaustive() -> impl Iterator<Item = &'static dyn Approach> {
    REGISTRY
        .all()
        .iter()
        .copied()
        .filter(|a| a.info().kind == Kind::Exhaustive)
}

/// The largest n each approach is cross-checked at: 10, or less where the
/// approach cannot get there quickly.
fn cross_check_limit(approach: &dyn Approach) -> usize {
    approach.info().quick_n.min(10)
}

#[test]
fn every_exhaustive_approach_finds_bitmasks_solutions() {
    let bitmask = REGISTRY.get("bitmask").unwrap();
    for approach in exhaustive() {
        let id = approach.info().id;
        for n in 0..=cross_check_limit(approach) {
            let list = listing(approach, n);
            assert_eq!(Some(list.len() as u64), known::total(n), "{id}, n = {n}");
            for cols in &list {
                assert!(is_solution(cols), "{id}, n = {n}: {cols:?}");
            }
            let set: BTreeSet<_> = list.iter().cloned().collect();
            assert_eq!(set.len(), list.len(), "{id}, n = {n}: duplicates");
            let reference: BTreeSet<_> = listing(bitmask, n).into_iter().collect();
            assert_eq!(set, reference, "{id}, n = {n}: different solutions");
        }
    }
}

#[test]
fn every_exhaustive_approach_counts_the_known_answers_up_to_its_quick_n() {
    for approach in exhaustive() {
        let info = approach.info();
        for n in 0..=info.quick_n {
            let out = approach.count(n, &Options::default(), Steps::Skip).unwrap();
            assert_eq!(Some(out.solutions), known::total(n), "{}, n = {n}", info.id);
            let unique = known::fundamental(n).filter(|_| info.counts_unique);
            assert_eq!(out.unique, unique, "{}, n = {n}: fundamental", info.id);
        }
    }
}

#[test]
fn counting_agrees_with_listing_and_the_known_answers() {
    for approach in exhaustive() {
        let id = approach.info().id;
        for n in 0..=cross_check_limit(approach) {
            let opts = Options::default();
            let fast = approach.count(n, &opts, Steps::Skip).unwrap();
            let counted = approach.count(n, &opts, Steps::Count).unwrap();
            assert_eq!(Some(fast.solutions), known::total(n), "{id}, n = {n}");
            assert_eq!(fast.solutions, counted.solutions, "{id}, n = {n}");
            assert_eq!(fast.steps, None, "{id}: the timed path counts no steps");
            let steps = counted.steps.expect("the instrumented path counts steps");
            if n > 0 && known::total(n).unwrap() > 0 {
                assert!(steps > 0, "{id}, n = {n}: no steps");
            }
        }
    }
}

#[test]
fn bitmask_and_attack_board_list_the_same_solutions_in_the_same_order() {
    let (a, b) = (
        REGISTRY.get("bitmask").unwrap(),
        REGISTRY.get("attack-board").unwrap(),
    );
    for n in 0..=10 {
        assert_eq!(listing(a, n), listing(b, n), "n = {n}");
    }
}

#[test]
fn approaches_on_the_row_by_row_tree_count_the_same_steps() {
    let walkers: Vec<_> = ROW_BY_ROW_TREE
        .iter()
        .filter_map(|id| REGISTRY.get(id).ok())
        .collect();
    assert!(walkers.len() >= 2);
    for n in 0..=10 {
        let steps: Vec<_> = walkers
            .iter()
            .filter(|a| n <= cross_check_limit(**a))
            .map(|a| {
                let out = a.count(n, &Options::default(), Steps::Count).unwrap();
                (a.info().id, out.steps.unwrap())
            })
            .collect();
        assert!(
            steps.windows(2).all(|w| w[0].1 == w[1].1),
            "n = {n}: {steps:?}"
        );
    }
}

/// The nodes per depth of an instrumented count.
fn depths(approach: &dyn Approach, n: usize) -> Vec<u64> {
    let out = approach
        .count(n, &Options::default(), Steps::Depths)
        .unwrap();
    out.nodes_per_depth.expect("a depths run counts nodes")
}

/// Checks one `Steps::Depths` outcome against the `Steps::Count` one of the
/// same run: same solutions and steps, one root, n + 1 depths, and steps
/// that are the nodes below the root (or the leaves, see [`STEPS_ARE_LEAVES`]).
fn check_depths(id: &str, n: usize, depths: &Outcome, counted: &Outcome) {
    assert_eq!(depths.solutions, counted.solutions, "{id}, n = {n}");
    assert_eq!(depths.solution, counted.solution, "{id}, n = {n}");
    assert_eq!(depths.steps, counted.steps, "{id}, n = {n}");
    assert_eq!(
        counted.nodes_per_depth, None,
        "{id}: only a depths run counts nodes"
    );
    let nodes = depths.nodes_per_depth.as_ref().expect("nodes per depth");
    assert_eq!(nodes.len(), n + 1, "{id}, n = {n}: {nodes:?}");
    assert_eq!(nodes[0], 1, "{id}, n = {n}: one root");
    if let Some(dead_ends) = &depths.dead_ends_per_depth {
        assert_eq!(dead_ends.len(), n + 1, "{id}, n = {n}: {dead_ends:?}");
        assert_eq!(
            dead_ends[n], 0,
            "{id}, n = {n}: a full board is no dead end"
        );
        for (d, (&dead, &all)) in dead_ends.iter().zip(nodes).enumerate() {
            assert!(dead <= all, "{id}, n = {n}, depth {d}: {dead} of {all}");
        }
    }
    let steps = depths.steps.unwrap();
    if STEPS_ARE_LEAVES.contains(&id) {
        assert_eq!(nodes[n], steps, "{id}, n = {n}: {nodes:?}");
    } else {
        assert_eq!(
            nodes[1..].iter().sum::<u64>(),
            steps,
            "{id}, n = {n}: {nodes:?}"
        );
    }
}

#[test]
fn every_tree_search_counts_nodes_per_depth_that_add_up_to_its_steps() {
    let mut trees = 0;
    for approach in exhaustive() {
        let id = approach.info().id;
        let opts = Options::default();
        if approach.node_unit().is_err() {
            // No tree (half-join): refused with the same reason everywhere.
            let why = approach.node_unit().unwrap_err();
            assert!(matches!(why, Refusal::Unsupported { .. }), "{id}: {why:?}");
            assert_eq!(approach.count(8, &opts, Steps::Depths), Err(why.clone()));
            assert_eq!(approach.first(8, &opts, Steps::Depths), Err(why));
            continue;
        }
        trees += 1;
        for n in 0..=cross_check_limit(approach) {
            let counted = approach.count(n, &opts, Steps::Count).unwrap();
            let depths = approach.count(n, &opts, Steps::Depths).unwrap();
            check_depths(id, n, &depths, &counted);
            let first = approach.first(n, &opts, Steps::Count).unwrap();
            let first_depths = approach.first(n, &opts, Steps::Depths).unwrap();
            check_depths(id, n, &first_depths, &first);
        }
    }
    assert!(trees >= 9, "{trees} tree searches");
    assert!(REGISTRY.get("half-join").unwrap().node_unit().is_err());
}

/// The partial boards of the first d rows with no two queens attacking, for
/// each d = 0..=n, by brute force: every tuple of d columns, checked pair by
/// pair.
fn partial_placements(n: usize) -> Vec<u64> {
    let attack =
        |r1: usize, c1: usize, r2: usize, c2: usize| c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2);
    let mut tuples: Vec<Vec<usize>> = vec![Vec::new()];
    let mut out = Vec::new();
    for d in 0..=n {
        let fine = tuples
            .iter()
            .filter(|t| (0..d).all(|i| (i + 1..d).all(|j| !attack(i, t[i], j, t[j]))))
            .count();
        out.push(fine as u64);
        if d < n {
            tuples = tuples
                .iter()
                .flat_map(|t| {
                    (0..n).map(move |c| {
                        let mut t = t.clone();
                        t.push(c);
                        t
                    })
                })
                .collect();
        }
    }
    out
}

#[test]
fn approaches_on_the_row_by_row_tree_visit_the_same_nodes_per_depth() {
    let walkers: Vec<_> = ROW_BY_ROW_TREE
        .iter()
        .filter_map(|id| REGISTRY.get(id).ok())
        .collect();
    assert_eq!(walkers.len(), ROW_BY_ROW_TREE.len());
    for n in 0..=10 {
        let all: Vec<_> = walkers
            .iter()
            .filter(|a| n <= cross_check_limit(**a))
            .map(|a| (a.info().id, depths(*a, n)))
            .collect();
        assert!(all.len() >= 3, "n = {n}");
        assert!(all.windows(2).all(|w| w[0].1 == w[1].1), "n = {n}: {all:?}");
        if n <= 7 {
            assert_eq!(all[0].1, partial_placements(n), "n = {n}");
        }
    }
    // n = 8 (too many tuples for the brute force above): the widths of the
    // classic tree, 2056 nodes below the root, by brute force over its
    // safe placements.
    let widths = row_by_row_tree(8).0;
    assert_eq!(depths(REGISTRY.get("bitmask").unwrap(), 8), widths);
    assert_eq!(widths, [1, 8, 42, 140, 344, 568, 550, 312, 92]);
}

/// The nodes and the dead ends of the row-by-row tree at each depth, by
/// brute force: the safe placements of the first d rows, and those with
/// d < n that no column of row d extends.
fn row_by_row_tree(n: usize) -> (Vec<u64>, Vec<u64>) {
    let safe = |t: &[usize], c: usize| {
        let d = t.len();
        t.iter()
            .enumerate()
            .all(|(i, &ci)| ci != c && d - i != ci.abs_diff(c))
    };
    let mut level: Vec<Vec<usize>> = vec![Vec::new()];
    let (mut widths, mut dead_ends) = (vec![1], vec![0; n + 1]);
    for dead in dead_ends.iter_mut().take(n) {
        let mut next = Vec::new();
        for t in &level {
            let children: Vec<_> = (0..n).filter(|&c| safe(t, c)).collect();
            if children.is_empty() {
                *dead += 1;
            }
            next.extend(children.into_iter().map(|c| [t.as_slice(), &[c]].concat()));
        }
        level = next;
        widths.push(level.len() as u64);
    }
    (widths, dead_ends)
}

/// The dead ends of the row-by-row tree at each depth, by brute force.
fn row_by_row_dead_ends(n: usize) -> Vec<u64> {
    row_by_row_tree(n).1
}

#[test]
fn the_row_by_row_tree_and_csps_default_report_its_dead_ends() {
    let mut walkers = ROW_BY_ROW_TREE.to_vec();
    walkers.push("csp");
    for id in walkers {
        let approach = REGISTRY.get(id).unwrap();
        // Up to n = 8: the figures `queens --depths --json 8` prints.
        for n in 1..=8.min(cross_check_limit(approach)) {
            let out = approach
                .count(n, &Options::default(), Steps::Depths)
                .unwrap();
            assert_eq!(
                out.dead_ends_per_depth,
                Some(row_by_row_dead_ends(n)),
                "{id}, n = {n}"
            );
        }
    }
    // n = 4, seed 001's box trace: queens in a corner of row 1 run into a
    // dead end in row 3 (after (2, 3) or (2, 2)) and in row 4.
    assert_eq!(row_by_row_dead_ends(4), [0, 0, 2, 2, 0]);
}

#[test]
fn first_solutions_are_valid_and_match_the_listing_head() {
    for approach in exhaustive() {
        let id = approach.info().id;
        for n in 0..=cross_check_limit(approach) {
            let first = approach.first(n, &Options::default(), Steps::Skip).unwrap();
            assert_eq!(
                first.solution,
                listing(approach, n).into_iter().next(),
                "{id}, n = {n}"
            );
        }
    }
}

/// The approaches whose count splits into tasks (threads, shards).
fn splitting() -> Vec<&'static dyn Approach> {
    let all: Vec<_> = exhaustive().filter(|a| a.info().splits).collect();
    assert!(all.len() >= 2, "bitmask-mirror and bitmask-symmetric split");
    all
}

/// An instrumented count on `threads` threads, of one shard.
fn split_count(approach: &dyn Approach, n: usize, threads: usize, shard: Shard) -> Outcome {
    let opts = Options {
        threads,
        shard,
        ..Options::default()
    };
    approach.count(n, &opts, Steps::Count).unwrap()
}

#[test]
fn split_counts_add_up_over_shards_and_do_not_depend_on_threads() {
    for approach in splitting() {
        let id = approach.info().id;
        let all = split_count(approach, 12, 1, Shard::ALL);
        for k in 1..=7u32 {
            let (mut solutions, mut unique, mut steps) = (0, all.unique.map(|_| 0), 0);
            for index in 1..=k {
                let part = split_count(approach, 12, 1, Shard { index, count: k });
                solutions += part.solutions;
                unique = unique.zip(part.unique).map(|(a, b)| a + b);
                steps += part.steps.unwrap();
            }
            assert_eq!(
                (solutions, unique, Some(steps)),
                (all.solutions, all.unique, all.steps),
                "{id}, {k} shards"
            );
        }
        // Nodes per depth (tree searches): the same for any threads, and the
        // shards' add up.
        if approach.node_unit().is_ok() {
            let depths_of = |threads, shard| {
                let opts = Options {
                    threads,
                    shard,
                    ..Options::default()
                };
                approach.count(12, &opts, Steps::Depths).unwrap()
            };
            let whole = depths_of(1, Shard::ALL);
            assert_eq!(whole.steps, all.steps, "{id}");
            assert_eq!(depths_of(3, Shard::ALL), whole, "{id}, 3 threads");
            for k in [2, 5] {
                let mut sum = vec![0; 13];
                for index in 1..=k {
                    let part = depths_of(2, Shard { index, count: k });
                    for (s, p) in sum.iter_mut().zip(part.nodes_per_depth.unwrap()) {
                        *s += p;
                    }
                }
                assert_eq!(Some(sum), whole.nodes_per_depth, "{id}, {k} shards");
            }
        }
        for n in [11, 13] {
            let one = split_count(approach, n, 1, Shard::ALL);
            for threads in [2, 4] {
                assert_eq!(
                    split_count(approach, n, threads, Shard::ALL),
                    one,
                    "{id}, n = {n}, {threads} threads"
                );
            }
        }
    }
}

#[test]
fn split_counts_agree_with_the_listing() {
    for approach in splitting() {
        let info = approach.info();
        for n in 0..=12 {
            let counted = split_count(approach, n, 1, Shard::ALL);
            let listed = approach
                .visit(n, &Options::default(), &mut |_| ControlFlow::Continue(()))
                .unwrap();
            assert_eq!(
                (listed.solutions, listed.steps),
                (counted.solutions, counted.steps),
                "{}, n = {n}",
                info.id
            );
        }
    }
}

/// Find-one approaches that may stop short of a solution by design (at a
/// local minimum, on a plateau, when a schedule or population runs out) and
/// then give up (`Refusal::GaveUp`): steepest hill climbing stops at a local
/// minimum on about 86 % of random 8-queens boards (AIMA §4.1.1).
const MAY_GIVE_UP: [&str; 7] = [
    "hill-climbing",
    "hill-climbing-sideways",
    "first-choice",
    "stochastic-hill-climbing",
    "annealing",
    "beam",
    "genetic",
];

/// Seeds at n = 8 among which an approach of [`MAY_GIVE_UP`] must solve at
/// least once: even at 14 % per seed, all 200 fail with probability 10^-13.
/// An existence check only: each crate's own tests hold its success rates
/// with the power to catch a drop to 80 %.
const GIVE_UP_SEEDS: u64 = 200;

#[test]
fn find_one_approaches_return_valid_boards() {
    for approach in REGISTRY
        .all()
        .iter()
        .filter(|a| a.info().kind == Kind::FindOne)
    {
        let id = approach.info().id;
        let may_give_up = MAY_GIVE_UP.contains(&id);
        let sizes = [0, 1, 2, 3, 4, 5, 8, 20, 100, 1000];
        for n in sizes.into_iter().filter(|&n| n <= approach.info().quick_n) {
            for seed in 1..=10 {
                let opts = Options {
                    seed,
                    ..Options::default()
                };
                match approach.first(n, &opts, Steps::Count) {
                    Ok(out) => match &out.solution {
                        Some(cols) => {
                            assert!(known::solvable(n), "{id}: a board for n = {n}?");
                            assert_eq!(cols.len(), n);
                            assert!(is_solution(cols), "{id}, n = {n}, seed {seed}");
                        }
                        None => assert!(!known::solvable(n), "{id}: no board for n = {n}"),
                    },
                    Err(Refusal::GaveUp { .. }) if may_give_up && known::solvable(n) => {}
                    Err(e) => panic!("{id}, n = {n}, seed {seed}: {e}"),
                }
                assert!(approach.count(n, &opts, Steps::Skip).is_err());
                assert!(approach.first(n, &opts, Steps::Depths).is_err());
            }
        }
        if may_give_up {
            let solved = (1..=GIVE_UP_SEEDS).any(|seed| {
                let opts = Options {
                    seed,
                    ..Options::default()
                };
                approach.first(8, &opts, Steps::Skip).is_ok()
            });
            assert!(solved, "{id} solved none of {GIVE_UP_SEEDS} seeds at n = 8");
        }
    }
}
