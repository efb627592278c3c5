//! Tests of the lab: the default config against `bitmask`, every knob
//! combination against OEIS A000170, the look-ahead's pruning, the ties,
//! the depths, the statistics (by hand at n = 3), a board of 200 queens,
//! conflict-directed backjumping against chronological backtracking, the
//! degree heuristic against MRV, and the check budget.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use queens_bitmask::Bitmask;
use queens_core::{
    Approach, Counter, Enumerate, FirstSolution, NoSteps, Options, Refusal, StepCounter, Steps,
    Visitor, is_solution, known,
};

use crate::{Backtrack, Config, Csp, CspApproach, End, MAX_N, Order, Propagate, Stats, Values};

/// Solutions, steps and statistics of a full, counted walk.
fn counted(config: Config, n: usize) -> (u64, u64, Stats) {
    let mut probe = StepCounter::default();
    let mut counter = Counter(0);
    let (_, stats) = Csp::new(config).run(n, &mut probe, &mut counter).unwrap();
    (counter.0, probe.count, stats)
}

/// The listing and the steps of a full walk.
fn listing(search: &impl Enumerate, n: usize) -> (Vec<Vec<u32>>, u64) {
    let mut probe = StepCounter::default();
    let mut all = Vec::new();
    let _ = search.search(
        n,
        &mut probe,
        &mut Visitor(|cols: &[u32]| {
            all.push(cols.to_vec());
            ControlFlow::Continue(())
        }),
    );
    (all, probe.count)
}

/// The first solution of a config, with its steps.
fn first(config: Config, n: usize) -> (Option<Vec<u32>>, u64) {
    let mut probe = StepCounter::default();
    let solution = Csp::new(config).first(n, &mut probe);
    (solution, probe.count)
}

#[test]
fn the_default_config_walks_bitmasks_tree() {
    assert_eq!(Csp::default().config, Config::DEFAULT);
    for n in 1..=11 {
        let (ours, our_steps) = listing(&Csp::default(), n);
        let (theirs, their_steps) = listing(&Bitmask, n);
        assert_eq!(our_steps, their_steps, "n = {n}");
        assert_eq!(ours, theirs, "n = {n}");
    }
    assert_eq!(Csp::default().count_with_steps(8), (92, 2056));
}

#[test]
fn every_combination_counts_a000170() {
    assert_eq!(Config::all().count(), 36);
    assert_eq!(
        Config::all()
            .map(|c| c.label())
            .collect::<BTreeSet<_>>()
            .len(),
        36
    );
    for config in Config::all() {
        for n in 0..=10 {
            let (solutions, _, _) = counted(config, n);
            assert_eq!(
                solutions,
                known::total(n).unwrap(),
                "{}, n = {n}",
                config.label()
            );
        }
    }
}

#[test]
fn every_combination_lists_bitmasks_solutions() {
    for n in 0..=8 {
        let theirs: BTreeSet<_> = Bitmask.collect(n).into_iter().collect();
        for config in Config::all() {
            let ours = Csp::new(config).collect(n);
            // The uncounted walk (which skips AC-3's hopeless revisions)
            // and the counted one take the same path.
            assert_eq!(ours, listing(&Csp::new(config), n).0, "{}", config.label());
            for board in &ours {
                assert!(is_solution(board), "{}: {board:?}", config.label());
            }
            let set: BTreeSet<_> = ours.iter().cloned().collect();
            assert_eq!(set.len(), ours.len(), "{}: a board twice", config.label());
            assert_eq!(set, theirs, "{}, n = {n}", config.label());
        }
    }
}

#[test]
fn more_look_ahead_never_visits_more_nodes() {
    for order in Order::ALL {
        for values in Values::ALL {
            for n in 1..=10 {
                let steps = |p| counted(Config::new(order, values, p), n).1;
                let (none, forward, arc) = (
                    steps(Propagate::None),
                    steps(Propagate::Forward),
                    steps(Propagate::Arc),
                );
                let at = format!("{}/{}, n = {n}", order.name(), values.name());
                assert!(forward <= none, "{at}: {forward} > {none}");
                assert!(arc <= forward, "{at}: {arc} > {forward}");
                if order != Order::Row {
                    // A dead row is chosen at once: the same tree.
                    assert_eq!(forward, none, "{at}");
                }
            }
        }
    }
    // And strictly fewer where the look-ahead has something to see.
    let at8 = |p| counted(Config::new(Order::Row, Values::Left, p), 8).1;
    assert!(at8(Propagate::Arc) < at8(Propagate::Forward));
    assert!(at8(Propagate::Forward) < at8(Propagate::None));
}

#[test]
fn mrv_lists_every_board_and_random_ties_follow_the_seed() {
    for values in Values::ALL {
        let mrv = Config::new(Order::Mrv, values, Propagate::Forward);
        // Every board of n = 9 once (MRV's order is its own, so as a set).
        let boards = listing(&Csp::new(mrv), 9).0;
        let all: BTreeSet<_> = Bitmask.collect(9).into_iter().collect();
        assert_eq!(boards.len(), all.len());
        assert_eq!(boards.into_iter().collect::<BTreeSet<_>>(), all);
        // The seed is ignored by MRV with ties by row.
        assert_eq!(
            listing(&Csp::new(mrv.with_seed(7)), 9),
            listing(&Csp::new(mrv), 9)
        );
        let random = Config::new(Order::MrvRandom, values, Propagate::Forward);
        let mut seen = BTreeSet::new();
        for seed in 1..=8 {
            let config = random.with_seed(seed);
            let once = listing(&Csp::new(config), 9);
            assert_eq!(once, listing(&Csp::new(config), 9), "seed {seed}");
            assert_eq!(first(config, 30), first(config, 30), "seed {seed}");
            seen.insert(once.1);
        }
        assert!(
            seen.len() > 1,
            "{}: every seed gave {seen:?}",
            values.name()
        );
    }
}

#[test]
fn nodes_per_depth_add_up_to_the_steps() {
    for config in Config::all() {
        for n in 0..=8 {
            let (solutions, depths) = Csp::new(config).count_with_depths(n);
            let at = format!("{}, n = {n}", config.label());
            assert_eq!(depths.nodes[0], 1, "{at}");
            assert_eq!(depths.below_root(), depths.steps, "{at}");
            assert_eq!(depths.nodes_per_depth(n)[n], solutions, "{at}");
            assert_eq!(depths.steps, counted(config, n).1, "{at}");
        }
    }
    // n = 4, rows in order: bitmask's 4, 6, 4, 2.
    assert_eq!(Csp::default().count_with_depths(4).1.nodes, [1, 4, 6, 4, 2]);
}

#[test]
fn mrv_with_forward_checking_finds_200_queens() {
    // Middle-out columns: with columns left to right the first board of
    // n = 200 takes minutes (see `INFO.limit_reason`).
    let config = Config::new(Order::Mrv, Values::MiddleOut, Propagate::Forward);
    let (solution, steps) = first(config, 200);
    let board = solution.expect("a board");
    assert_eq!(board.len(), 200);
    assert!(is_solution(&board));
    assert!(steps >= 200, "{steps}");
}

#[test]
fn value_orders_change_the_first_board() {
    let config = |values, p| Config::new(Order::Row, values, p);
    // Left to right: bitmask's first board.
    let left = first(config(Values::Left, Propagate::None), 5).0;
    assert_eq!(left, Bitmask.first(5, &mut NoSteps));
    assert_eq!(left, Some(vec![0, 2, 4, 1, 3]));
    // Middle-out: the centre column of row 0, then row 1's column 0 (its
    // free columns 0 and 4 are equally far from the centre: left first).
    let middle = first(config(Values::MiddleOut, Propagate::None), 5).0;
    assert_eq!(middle, Some(vec![2, 0, 3, 1, 4]));
    // LCV: every column of row 0 removes 2(n - 1) values, so column 0; then
    // row 1's columns 2, 3, 4 remove 5, 4, 5 values from rows 2..4: 3 first.
    let lcv = first(config(Values::Lcv, Propagate::Forward), 5).0;
    assert_eq!(lcv, Some(vec![0, 3, 1, 4, 2]));
    assert_eq!(crate::middle_out(8), [3, 4, 2, 5, 1, 6, 0, 7]);
    assert_eq!(crate::middle_out(5), [2, 1, 3, 0, 4]);
}

#[test]
fn statistics_of_three_queens_by_hand() {
    let stats = |p| counted(Config::new(Order::Row, Values::Left, p), 3);
    // None: rows 1 and 2 test their columns against the placed queens:
    // (0,0): 3 + (1 + 2 + 1); (0,1): 3; (0,2): 3 + (1 + 2 + 1). 5 placements.
    assert_eq!(
        stats(Propagate::None),
        (
            0,
            5,
            Stats {
                pruned: 0,
                checks: 17
            }
        )
    );
    // Forward: (0,0) checks 3 + 3, prunes 2 + 2; (1,2) checks 1, prunes row
    // 2's last; (0,1) checks 3, prunes 3 (row 1 empty: stop); (0,2) like
    // (0,0), then (1,0) like (1,2).
    assert_eq!(
        stats(Propagate::Forward),
        (
            0,
            5,
            Stats {
                pruned: 13,
                checks: 17
            }
        )
    );
    // Arc: (0,0) as forward (row 1 {2}, row 2 {1}), then revise(1, 2):
    // 2 against 1, adjacent rows: 1 check, row 1 empty. (0,1) as forward;
    // (0,2) as (0,0). 3 placements.
    assert_eq!(
        stats(Propagate::Arc),
        (
            0,
            3,
            Stats {
                pruned: 13,
                checks: 17
            }
        )
    );
}

#[test]
fn statistics_are_counted_only_when_the_probe_counts() {
    let config = Config::new(Order::Mrv, Values::Lcv, Propagate::Arc);
    let csp = Csp::new(config);
    let (_, stats) = csp.run(8, &mut NoSteps, &mut Counter(0)).unwrap();
    assert_eq!(stats, Stats::default());
    let (_, _, stats) = counted(config, 8);
    assert!(stats.pruned > 0 && stats.checks > 0, "{stats:?}");
    // No look-ahead prunes nothing.
    assert_eq!(counted(Config::DEFAULT, 8).2.pruned, 0);
}

#[test]
fn the_approach_puts_the_statistics_in_extra() {
    let config = Config::new(Order::Mrv, Values::Left, Propagate::Forward);
    let approach = CspApproach(Csp::new(config));
    let opts = Options::default();
    let (solutions, steps, stats) = counted(config, 8);
    let count = approach.count(8, &opts, Steps::Count).unwrap();
    assert_eq!((count.solutions, count.steps), (solutions, Some(steps)));
    assert_eq!(count.extra, stats.extra());
    let timed = approach.count(8, &opts, Steps::Skip).unwrap();
    assert_eq!((timed.solutions, timed.steps), (solutions, None));
    assert!(timed.extra.is_empty());
    let depths = approach.count(8, &opts, Steps::Depths).unwrap();
    assert_eq!(
        depths.nodes_per_depth.unwrap().iter().sum::<u64>(),
        steps + 1
    );
    let one = approach.first(8, &opts, Steps::Count).unwrap();
    assert_eq!(one.solution, Csp::new(config).first(8, &mut NoSteps));
    assert_eq!(one.extra.len(), 2);
    let mut seen = 0;
    let visited = approach
        .visit(6, &opts, &mut |_| {
            seen += 1;
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!((visited.solutions, seen), (4, 4));
    assert_eq!(visited.extra, counted(config, 6).2.extra());
    assert_eq!(approach.node_unit(), Ok(crate::NODE_UNIT));
}

#[test]
fn sizes_beyond_the_limit_are_refused() {
    let csp = Csp::default();
    assert!(csp.check(MAX_N).is_ok());
    let refusal = csp.check(MAX_N + 1).unwrap_err();
    assert!(matches!(refusal, Refusal::TooLarge { limit: MAX_N, .. }));
    assert!(csp.run(MAX_N + 1, &mut NoSteps, &mut Counter(0)).is_err());
    let approach = CspApproach(csp);
    assert!(
        approach
            .first(MAX_N + 1, &Options::default(), Steps::Skip)
            .is_err()
    );
    // The widest boards take four words per domain.
    let config = Config::new(Order::Mrv, Values::MiddleOut, Propagate::Forward);
    let mut one = FirstSolution(None);
    let _ = Csp::new(config).search(MAX_N, &mut NoSteps, &mut one);
    assert!(is_solution(&one.0.expect("a board")));
}

/// The look-aheads that conflict-directed backjumping runs with.
const JUMPING: [Propagate; 2] = [Propagate::None, Propagate::Forward];

#[test]
fn backjumping_lists_the_same_boards_in_no_more_placements() {
    // Orders that depend only on the board: the backjumping tree is the
    // chronological one with solution-free subtrees cut (Prosser 1993).
    let mut fewer = 0;
    for order in [Order::Row, Order::Mrv, Order::MrvDegree] {
        for values in Values::ALL {
            for propagate in JUMPING {
                let chrono = Config::new(order, values, propagate);
                let jumps = chrono.with_backtrack(Backtrack::ConflictDirected);
                for n in 0..=10 {
                    let at = format!("{}, n = {n}", jumps.label());
                    let (theirs, their_steps) = listing(&Csp::new(chrono), n);
                    let (ours, our_steps) = listing(&Csp::new(jumps), n);
                    assert_eq!(ours, theirs, "{at}");
                    assert!(
                        our_steps <= their_steps,
                        "{at}: {our_steps} > {their_steps}"
                    );
                    let (board, steps) = first(jumps, n);
                    let (their_board, their_first) = first(chrono, n);
                    assert_eq!(board, their_board, "{at}");
                    assert!(steps <= their_first, "{at}: {steps} > {their_first}");
                    assert_eq!(ours.len() as u64, known::total(n).unwrap(), "{at}");
                    fewer += usize::from(our_steps < their_steps);
                }
            }
        }
    }
    assert!(fewer > 0, "backjumping never cut a subtree");
}

#[test]
fn backjumping_with_random_ties_counts_every_board() {
    for values in Values::ALL {
        for propagate in JUMPING {
            for seed in 1..=5 {
                let config = Config::new(Order::MrvRandom, values, propagate)
                    .with_seed(seed)
                    .with_backtrack(Backtrack::ConflictDirected);
                for n in 0..=9 {
                    let at = format!("{}, seed {seed}, n = {n}", config.label());
                    let boards = Csp::new(config).collect(n);
                    let set: BTreeSet<_> = boards.iter().cloned().collect();
                    assert_eq!(set.len(), boards.len(), "{at}: a board twice");
                    let theirs: BTreeSet<_> = Bitmask.collect(n).into_iter().collect();
                    assert_eq!(set, theirs, "{at}");
                    if let Some(board) = first(config, n).0 {
                        assert!(is_solution(&board), "{at}");
                    }
                }
            }
        }
    }
}

#[test]
fn backjumping_with_arc_consistency_is_refused() {
    let config = Config::new(Order::Mrv, Values::Left, Propagate::Arc)
        .with_backtrack(Backtrack::ConflictDirected);
    assert!(config.check().is_err());
    let csp = Csp::new(config);
    assert!(matches!(csp.check(8), Err(Refusal::Unsupported { .. })));
    assert!(csp.run(8, &mut NoSteps, &mut Counter(0)).is_err());
    assert!(csp.first_within(8, 1000).is_err());
    let opts = Options {
        knobs: vec![
            ("propagate", "arc".into()),
            ("backtrack", "conflict-directed".into()),
        ],
        ..Options::default()
    };
    let approach = CspApproach(Csp::default());
    assert!(approach.count(8, &opts, Steps::Skip).is_err());
    // Every other combination runs.
    for config in Config::all() {
        let jumps = config.with_backtrack(Backtrack::ConflictDirected);
        assert_eq!(jumps.check().is_ok(), config.propagate != Propagate::Arc);
    }
}

#[test]
fn the_degree_heuristic_walks_mrvs_tree() {
    // Every two rows share a constraint, so every unplaced row has the same
    // degree: the tie-breaker never decides, and the trees are equal.
    for values in Values::ALL {
        for propagate in Propagate::ALL {
            let mrv = Config::new(Order::Mrv, values, propagate);
            let degree = Config::new(Order::MrvDegree, values, propagate);
            for n in 0..=12 {
                let at = format!("{}, n = {n}", degree.label());
                assert_eq!(first(degree, n), first(mrv, n), "{at}");
                if n <= 10 {
                    let ours = Csp::new(degree).count_with_depths(n);
                    let theirs = Csp::new(mrv).count_with_depths(n);
                    assert_eq!(ours.0, theirs.0, "{at}");
                    assert_eq!(ours.1.nodes, theirs.1.nodes, "{at}");
                }
            }
        }
    }
}

#[test]
fn a_check_budget_stops_the_first_search_on_its_path() {
    for config in [
        Config::DEFAULT,
        Config::new(Order::MrvRandom, Values::Left, Propagate::Forward).with_seed(3),
        Config::new(Order::Row, Values::Left, Propagate::None)
            .with_backtrack(Backtrack::ConflictDirected),
        Config::new(Order::Mrv, Values::Lcv, Propagate::Arc),
    ] {
        for n in 1..=12 {
            let at = format!("{}, n = {n}", config.label());
            let csp = Csp::new(config);
            let mut probe = StepCounter::default();
            let mut one = FirstSolution(None);
            let (_, stats) = csp.run(n, &mut probe, &mut one).unwrap();
            // Enough budget: the same run.
            let full = csp.first_within(n, stats.checks).unwrap();
            assert_eq!(
                (full.checks, full.placements),
                (stats.checks, probe.count),
                "{at}"
            );
            match (&full.end, &one.0) {
                (End::Solved(board), Some(theirs)) => assert_eq!(board, theirs, "{at}"),
                (End::Unsolvable, None) => assert_eq!(known::total(n), Some(0), "{at}"),
                other => panic!("{at}: {other:?}"),
            }
            // Less: stopped on the same path, past the budget.
            if stats.checks > 0 {
                let budget = stats.checks / 2;
                let cut = csp.first_within(n, budget).unwrap();
                if cut.end == End::OverBudget {
                    assert!(cut.checks > budget && cut.checks <= stats.checks, "{at}");
                    assert!(cut.placements <= probe.count, "{at}");
                } else {
                    // The last node took the run over the budget on its own.
                    assert_eq!(cut, full, "{at}");
                }
            }
        }
    }
    // The unsolvable sizes finish.
    assert_eq!(
        Csp::default().first_within(3, u64::MAX).unwrap().end,
        End::Unsolvable
    );
}
