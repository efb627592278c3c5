//! Tests of the whole search and of its parts. Runs with `CHECK` recompute
//! every maintained structure after every move (see `Board::check`).

use super::*;
use crate::board::{Board, Scans};
use crate::search::{Stats, Tuning, run};
use proptest::prelude::*;
use queens_core::{Approach, Local, NoSteps, StepCounter, Steps, is_solution};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The write-up's exact greedy initialisation at every n.
const EXACT: Tuning = Tuning {
    exact_init_max_n: usize::MAX,
    ..Tuning::DEFAULT
};

/// The sampled initialisation at every n.
const SAMPLED: Tuning = Tuning {
    exact_init_max_n: 0,
    ..Tuning::DEFAULT
};

/// The settings of the two registered approaches.
const PICKS: [Settings; 2] = [Settings::RANDOM, Settings::MOST_CONFLICTED];

/// One run; with `CHECKED`, every invariant is checked after every move.
fn solve<const CHECKED: bool>(
    n: usize,
    seed: u64,
    settings: Settings,
    tuning: &Tuning,
) -> (Vec<u32>, Stats) {
    let budget = default_budget(n);
    let (found, stats) =
        run::<_, CHECKED>("test", n, seed, budget, &settings, tuning, &mut NoSteps);
    (found.expect("solved").solution.expect("a board"), stats)
}

/// The registered approach whose defaults `settings` are.
fn find(settings: Settings, n: usize, opts: &Options) -> Result<Found, Refusal> {
    if settings == Settings::RANDOM {
        MinConflictsRandom.find(n, opts, &mut NoSteps)
    } else {
        assert_eq!(settings, Settings::MOST_CONFLICTED);
        MinConflictsMostConflicted.find(n, opts, &mut NoSteps)
    }
}

#[test]
fn sizes_without_search_are_answered_at_once() {
    for pick in PICKS {
        let opts = Options::default();
        assert_eq!(find(pick, 0, &opts).unwrap().solution, Some(vec![]));
        assert_eq!(find(pick, 1, &opts).unwrap().solution, Some(vec![0]));
        for n in [2, 3] {
            let found = find(pick, n, &opts).unwrap();
            assert_eq!(found.solution, None, "n = {n}");
            assert!(found.extra.iter().all(|&(_, v)| v == 0));
        }
    }
    let approach = Local(MinConflictsRandom);
    let out = approach
        .first(3, &Options::default(), Steps::Count)
        .unwrap();
    assert_eq!((out.solutions, out.steps), (0, Some(0)));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Every board returned is a solution, for both variants and both
    /// initialisations, with every structure re-verified after every move.
    #[test]
    fn every_board_is_a_solution(
        n in prop_oneof![Just(1usize), Just(4), Just(5), Just(8), 6usize..=12, 13usize..=150],
        seed in any::<u64>(),
        most in any::<bool>(),
        exact in any::<bool>(),
    ) {
        let pick = if most { Settings::MOST_CONFLICTED } else { Settings::RANDOM };
        let (board, _) = solve::<true>(n, seed, pick, if exact { &EXACT } else { &SAMPLED });
        prop_assert_eq!(board.len(), n);
        prop_assert!(is_solution(&board), "{:?}", board);
    }
}

#[test]
fn boards_are_solutions_through_the_public_api() {
    for pick in PICKS {
        for n in [1, 4, 5, 6, 7, 8, 9, 10, 20, 999, 1000, 1001, 5000, 200_000] {
            for seed in 0..3 {
                let opts = Options {
                    seed,
                    max_steps: None,
                    ..Options::default()
                };
                let board = find(pick, n, &opts).unwrap().solution.unwrap();
                assert_eq!(board.len(), n);
                assert!(is_solution(&board), "{pick:?} n = {n} seed = {seed}");
            }
        }
    }
}

#[test]
fn eight_queens_succeed_for_a_thousand_seeds() {
    // AIMA's min_conflicts, which never restarts, fails about 8% of these.
    for pick in PICKS {
        for tuning in [&EXACT, &SAMPLED] {
            let mut restarted = 0;
            for seed in 0..1000 {
                let (board, stats) = solve::<false>(8, seed, pick, tuning);
                assert!(is_solution(&board), "{pick:?} seed {seed}");
                restarted += u64::from(stats.restarts > 0);
            }
            // The restarts are what rescues the stuck runs.
            assert!(restarted > 0, "{pick:?}: no run ever restarted");
        }
    }
    // And through the public API with the default budget.
    for pick in PICKS {
        for seed in 1000..2000 {
            let opts = Options {
                seed,
                max_steps: None,
                ..Options::default()
            };
            assert!(is_solution(
                &find(pick, 8, &opts).unwrap().solution.unwrap()
            ));
        }
    }
}

#[test]
fn a_seed_fixes_board_moves_iterations_and_restarts() {
    for pick in PICKS {
        for n in [8, 100, 5000, 100_000] {
            for seed in [1, 42] {
                let (a, mut sa) = solve::<false>(n, seed, pick, &Tuning::DEFAULT);
                let (b, mut sb) = solve::<false>(n, seed, pick, &Tuning::DEFAULT);
                (sa.init_nanos, sb.init_nanos) = (0, 0);
                assert_eq!(a, b, "{pick:?} n = {n}");
                assert_eq!(sa, sb, "{pick:?} n = {n}");
            }
        }
    }
    // Counting steps does not change the run.
    let opts = Options {
        seed: 7,
        max_steps: None,
        ..Options::default()
    };
    let mut probe = StepCounter::default();
    let counted = MinConflictsRandom.find(3000, &opts, &mut probe).unwrap();
    let uncounted = MinConflictsRandom.find(3000, &opts, &mut NoSteps).unwrap();
    assert_eq!(counted.solution, uncounted.solution);
    let (_, stats) = solve::<false>(3000, 7, Settings::RANDOM, &Tuning::DEFAULT);
    assert_eq!(probe.count, stats.moves);
}

#[test]
fn different_seeds_give_different_boards() {
    let boards: std::collections::BTreeSet<_> = (0..20)
        .map(|seed| solve::<false>(50, seed, Settings::RANDOM, &Tuning::DEFAULT).0)
        .collect();
    assert!(boards.len() > 15, "{}", boards.len());
}

#[test]
fn steps_and_extras_reach_the_outcome() {
    for approach in [
        &Local(MinConflictsRandom) as &dyn Approach,
        &Local(MinConflictsMostConflicted),
    ] {
        let opts = Options {
            seed: 3,
            max_steps: None,
            ..Options::default()
        };
        let counted = approach.first(20_000, &opts, Steps::Count).unwrap();
        let timed = approach.first(20_000, &opts, Steps::Skip).unwrap();
        assert_eq!(counted.solution, timed.solution);
        assert_eq!(timed.steps, None);
        let moves = counted.steps.unwrap();
        assert!(moves > 0);
        let keys: Vec<_> = counted.extra.iter().map(|&(k, _)| k).collect();
        assert_eq!(
            keys,
            [&UNTIMED_KEYS[..], &["pick_nanos", "check_nanos"]].concat()
        );
        // The timed run reads no clock around picks and checks.
        let timed_keys: Vec<_> = timed.extra.iter().map(|&(k, _)| k).collect();
        assert_eq!(timed_keys, UNTIMED_KEYS);
        let get = |k| counted.extra.iter().find(|e| e.0 == k).unwrap().1;
        assert!(get("iterations") >= moves);
        assert_eq!(get("moves"), moves);
        assert!(get("init_nanos") > 0);
        assert!(get("pick_nanos") > 0);
        assert_eq!((get("full_checks"), get("check_nanos")), (0, 0));
        assert!(approach.count(8, &opts, Steps::Skip).is_err());
    }
}

#[test]
fn the_budget_stops_the_search() {
    for pick in PICKS {
        for budget in [0, 1, 3] {
            let mut gave_up = 0;
            for seed in 0..20 {
                let opts = Options {
                    seed,
                    max_steps: Some(budget),
                    ..Options::default()
                };
                let mut probe = StepCounter::default();
                let result = if pick == Settings::RANDOM {
                    MinConflictsRandom.find(1000, &opts, &mut probe)
                } else {
                    MinConflictsMostConflicted.find(1000, &opts, &mut probe)
                };
                match result {
                    Ok(found) => assert!(is_solution(&found.solution.unwrap())),
                    Err(Refusal::GaveUp { id, n, steps, .. }) => {
                        gave_up += 1;
                        assert_eq!((n, steps, probe.count), (1000, budget, budget));
                        assert!(id.starts_with("min-conflicts-"));
                    }
                    Err(e) => panic!("{e}"),
                }
                assert!(probe.count <= budget);
            }
            // The greedy start leaves a few attacks at n = 1000: most runs need moves.
            assert!(gave_up > 10, "{pick:?} budget {budget}: {gave_up}");
        }
    }
}

#[test]
fn moves_stay_few_at_n_100() {
    // If a queen newly attacked by a move were not eligible at once, runs
    // would wander for millions of steps here.
    for pick in PICKS {
        let mut moves: Vec<u64> = (0..50)
            .map(|seed| solve::<false>(100, seed, pick, &Tuning::DEFAULT).1.moves)
            .collect();
        moves.sort_unstable();
        assert!(moves[25] < 200, "{pick:?} median {}", moves[25]);
        assert!(moves[49] < 5_000, "{pick:?} max {}", moves[49]);
    }
}

/// The conflicts of (c, r) with the queens of columns `0..upto` other than
/// `skip`, by looking at each of them.
fn naive_cost(queens: &[u32], upto: usize, skip: usize, c: usize, r: usize) -> u32 {
    (0..upto)
        .filter(|&q| q != skip)
        .filter(|&q| {
            let qr = queens[q] as usize;
            qr == r || qr + c == r + q || qr + q == r + c
        })
        .count() as u32
}

#[test]
fn exact_initialisation_is_the_write_ups_greedy() {
    for n in [1, 4, 8, 13, 64, 200] {
        for seed in 0..5 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut board = Board::new(n);
            board.init_greedy(&mut rng, ROW_SAMPLES, &mut Scans::default());
            board.check();
            let queens = board.queens.clone();
            for c in 0..n {
                let min = (0..n)
                    .map(|r| naive_cost(&queens, c, c, c, r))
                    .min()
                    .unwrap();
                let chosen = naive_cost(&queens, c, c, c, queens[c] as usize);
                assert_eq!(chosen, min, "n = {n}, column {c}");
            }
        }
    }
    // Ties are broken at random: the first queen's row varies with the seed.
    let rows: std::collections::BTreeSet<_> = (0..50)
        .map(|seed| {
            let mut board = Board::new(100);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            board.init_greedy(&mut rng, ROW_SAMPLES, &mut Scans::default());
            board.queens[0]
        })
        .collect();
    assert!(rows.len() > 30);
}

#[test]
fn sampled_initialisation_is_nearly_a_solution() {
    for n in [1, 4, 5, 8, 30, 1000] {
        for seed in 0..20 {
            let mut board = Board::new(n);
            let mut scans = Scans::default();
            board.init_sampled(
                &mut Xoshiro256PlusPlus::seed_from_u64(seed),
                INIT_SAMPLES,
                &mut scans,
            );
            board.check();
        }
    }
    for seed in 0..3 {
        let n = 300_000;
        let mut board = Board::new(n);
        let mut scans = Scans::default();
        board.init_sampled(
            &mut Xoshiro256PlusPlus::seed_from_u64(seed),
            INIT_SAMPLES,
            &mut scans,
        );
        // A permutation of rows unless the exact scan had to step in.
        let mut seen = vec![false; n];
        let distinct = board
            .queens
            .iter()
            .filter(|&&r| !std::mem::replace(&mut seen[r as usize], true))
            .count();
        assert!(distinct as u64 + scans.full >= n as u64);
        assert!(board.attacks() < 100, "{} attacking pairs", board.attacks());
        if seed == 0 {
            board.check();
        }
    }
}

/// Lifts a random attacked queen from a board midway through a search and
/// checks that `best_row` only returns rows with the fewest conflicts and
/// returns each of them about equally often.
#[test]
fn best_row_is_an_exact_uniform_min_conflicts_choice() {
    let mut phases_seen = [false; 3];
    let configs = [
        (12, 1, 64, false),
        (40, 2, 64, false),
        (40, 3, 64, true),
        (40, 4, 0, true),
        (300, 5, 64, true),
        (300, 6, 64, false),
        (60, 7, 64, true),
    ];
    for (n, seed, row_samples, permutation) in configs {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut board = Board::new(n);
        let mut scans = Scans::default();
        if permutation {
            // Nearly a permutation with many diagonal conflicts: no empty
            // rows but the lifted queen's, so the fewest is often 1.
            board.init_sampled(&mut rng, 1, &mut scans);
        } else {
            // Random rows: many empty rows, so the fewest is often 0.
            for c in 0..n {
                let r = loop {
                    let r = rng.random_range(0..n);
                    if board.cost(c, r) <= 2 {
                        break r;
                    }
                };
                board.place(c, r);
            }
            board.list_all_empty();
        }
        board.check();
        for _ in 0..5 {
            if board.conflicted.len() == 0 {
                break;
            }
            let q = board.conflicted.random(&mut rng) as usize;
            board.lift(q);
            let costs: Vec<u32> = (0..n).map(|r| board.cost(q, r)).collect();
            let min = *costs.iter().min().unwrap();
            let best: Vec<usize> = (0..n).filter(|&r| costs[r] == min).collect();
            let before = scans.full;
            let draws = 400 * best.len();
            let mut hits = vec![0usize; n];
            for _ in 0..draws {
                let r = board.best_row(q, &mut rng, row_samples, &mut scans);
                assert_eq!(costs[r], min, "n = {n}: row {r} is not a best row");
                hits[r] += 1;
            }
            for &r in &best {
                assert!(
                    (250..550).contains(&hits[r]),
                    "row {r}: {} of {draws}",
                    hits[r]
                );
            }
            phases_seen[match min {
                0 => 0,
                _ if scans.full == before => 1,
                _ => 2,
            }] = true;
            let r = board.best_row(q, &mut rng, row_samples, &mut scans);
            board.place(q, r);
            board.check();
        }
    }
    assert_eq!(
        phases_seen, [true; 3],
        "empty rows, sampled rows, full scan"
    );
}

#[test]
fn the_geometric_iteration_count_has_mean_one_over_p() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    for p in [1.0, 0.5, 0.1, 0.001] {
        let draws = 200_000;
        let sum: u64 = (0..draws)
            .map(|_| search::iterations_until_move(&mut rng, p))
            .sum();
        let mean = sum as f64 / draws as f64;
        assert!((mean * p - 1.0).abs() < 0.02, "p = {p}: mean {mean}");
    }
}

#[test]
fn info_describes_two_find_one_approaches() {
    for (info, id) in [
        (&RANDOM_INFO, "min-conflicts-random"),
        (&MOST_CONFLICTED_INFO, "min-conflicts-most-conflicted"),
    ] {
        assert_eq!(info.id, id);
        assert_eq!(info.kind, Kind::FindOne);
        assert!(info.bench_count.is_empty());
        assert_eq!(info.bench_first, &[1000, 100_000]);
        assert!(info.source.starts_with("[Pinella 2015]"));
        assert!(info.max_n < board::MAX_COLUMNS);
    }
    assert_eq!(MinConflictsRandom.info().id, RANDOM_INFO.id);
    assert_eq!(
        MinConflictsMostConflicted.info().id,
        MOST_CONFLICTED_INFO.id
    );
    assert!(matches!(
        MinConflictsRandom.find(MAX_N + 1, &Options::default(), &mut NoSteps),
        Err(Refusal::TooLarge { .. })
    ));
}

/// The `extra` keys of every run; a counted run adds `pick_nanos` and
/// `check_nanos`.
const UNTIMED_KEYS: [&str; 8] = [
    "iterations",
    "restarts",
    "init_nanos",
    "init_attacks",
    "full_scans",
    "moves",
    "full_checks",
    "moves_unattacked",
];

/// Options with the given knobs.
fn knobbed(seed: u64, max_steps: Option<u64>, knobs: &[(&'static str, &str)]) -> Options {
    Options {
        seed,
        max_steps,
        knobs: knobs.iter().map(|&(k, v)| (k, v.to_string())).collect(),
        ..Options::default()
    }
}

/// A statistic of `extra`.
fn get(extra: &[(&str, u64)], key: &str) -> u64 {
    extra
        .iter()
        .find(|e| e.0 == key)
        .unwrap_or_else(|| panic!("{key}"))
        .1
}

/// Every value of each knob, as the CLI passes it.
const VALUES: [(&str, &[&str]); 4] = [
    (
        "pick",
        &[
            "random-column",
            "random-conflicted",
            "most-conflicted",
            "mix:0.5",
            "mix:0",
            "mix:1",
            "mix:0.25",
        ],
    ),
    ("init", &["greedy", "random"]),
    ("restart-after", &["1", "7", "64", "n2", "never"]),
    ("conflict-cache", &["exact", "stale"]),
];

#[test]
fn both_approaches_read_the_four_knobs() {
    assert_eq!(
        MinConflictsRandom.knobs(),
        ["pick", "init", "restart-after", "conflict-cache"]
    );
    assert_eq!(MinConflictsMostConflicted.knobs(), KNOBS);
    assert_eq!(Local(MinConflictsRandom).knobs(), KNOBS);
}

#[test]
fn knob_values_parse_and_print_back() {
    for (name, values) in VALUES {
        for v in values {
            let s = Settings::RANDOM.with(name, v).unwrap();
            let (_, printed) = s.knobs().into_iter().find(|(k, _)| *k == name).unwrap();
            assert_eq!(&printed, v, "{name}");
            assert_eq!(s.validate(), Ok(()));
        }
    }
    let s = Settings::RANDOM.with("pick", "mix:0.5").unwrap();
    assert_eq!(s, Settings::MOST_CONFLICTED);
    assert_eq!(
        Settings::MOST_CONFLICTED.args(),
        "--pick mix:0.5 --init greedy --restart-after n2 --conflict-cache exact"
    );
    assert_eq!(
        Settings::RANDOM.to_string(),
        "random-column greedy n2 exact"
    );
    assert_eq!(
        Settings::RANDOM
            .with("restart-after", "12")
            .unwrap()
            .restart,
        Restart::After(12)
    );
    assert_eq!(
        Settings::RANDOM.with("pick", "mix:.75").unwrap().pick,
        Pick::Mix(0.75)
    );
}

#[test]
fn bad_knob_values_are_refused_by_both_approaches() {
    let bad = [
        ("pick", "random"),
        ("pick", "most"),
        ("pick", "mix"),
        ("pick", "mix:"),
        ("pick", "mix:1.5"),
        ("pick", "mix:-0.1"),
        ("pick", "mix:NaN"),
        ("pick", "mix:inf"),
        ("pick", "Random-Column"),
        ("init", "sampled"),
        ("init", ""),
        ("restart-after", "0"),
        ("restart-after", "-3"),
        ("restart-after", "+3"),
        ("restart-after", "2.5"),
        ("restart-after", "n^2"),
        ("restart-after", "99999999999999999999999"),
        ("restart-after", ""),
        ("conflict-cache", "none"),
    ];
    for (knob, value) in bad {
        for n in [0, 8, 1000] {
            let opts = knobbed(1, None, &[(knob, value)]);
            for (approach, id) in [
                (
                    &Local(MinConflictsRandom) as &dyn Approach,
                    "min-conflicts-random",
                ),
                (
                    &Local(MinConflictsMostConflicted),
                    "min-conflicts-most-conflicted",
                ),
            ] {
                match approach.first(n, &opts, Steps::Skip) {
                    Err(e @ Refusal::Unsupported { .. }) => {
                        let text = e.to_string();
                        assert!(text.starts_with(id), "{text}");
                        assert!(text.contains(&format!("--{knob}")), "{text}");
                    }
                    other => panic!("--{knob} {value:?} at n = {n}: {other:?}"),
                }
            }
        }
    }
    // Settings built by hand are checked too.
    let mix = Settings {
        pick: Pick::Mix(2.0),
        ..Settings::RANDOM
    };
    assert!(study_run(8, 1, &mix, 100, Clock::Total).is_err());
    let zero = Settings {
        restart: Restart::After(0),
        ..Settings::RANDOM
    };
    assert!(matches!(
        study_run(8, 1, &zero, 100, Clock::Total),
        Err(Refusal::Unsupported { .. })
    ));
}

#[test]
fn a_random_start_is_refused_above_its_limit() {
    let opts = knobbed(1, None, &[("init", "random")]);
    let err = MinConflictsRandom
        .find(RANDOM_INIT_MAX_N + 1, &opts, &mut NoSteps)
        .unwrap_err();
    assert!(
        matches!(err, Refusal::TooLarge { limit, .. } if limit == RANDOM_INIT_MAX_N),
        "{err}"
    );
    assert!(err.to_string().contains("--init random"));
}

#[test]
fn the_defaults_are_the_knobs_spelled_out() {
    // Each approach with its own defaults given as knobs runs exactly as
    // without knobs; and the other approach given those knobs runs the same.
    for (defaults, other) in [
        (Settings::RANDOM, Settings::MOST_CONFLICTED),
        (Settings::MOST_CONFLICTED, Settings::RANDOM),
    ] {
        for n in [6, 8, 30, 2000] {
            for seed in 0..10 {
                let plain = Options {
                    seed,
                    ..Options::default()
                };
                let spelled = Options {
                    seed,
                    knobs: defaults.knobs(),
                    ..Options::default()
                };
                let crossed = Options {
                    seed,
                    knobs: defaults.knobs(),
                    ..Options::default()
                };
                let a = find(defaults, n, &plain).unwrap();
                let spelled = find(defaults, n, &spelled).unwrap();
                let b = find(other, n, &crossed).unwrap();
                assert_eq!(a.solution, b.solution, "n = {n} seed {seed}");
                let untimed = |f: &Found| -> Vec<(&str, u64)> {
                    f.extra
                        .iter()
                        .copied()
                        .filter(|(k, _)| !k.ends_with("nanos"))
                        .collect()
                };
                assert_eq!(untimed(&a), untimed(&b));
                assert_eq!(a.solution, spelled.solution, "n = {n} seed {seed}");
                assert_eq!(untimed(&a), untimed(&spelled));
            }
        }
    }
}

/// Settings for the property test: every pick, both starts, both caches,
/// restarts from very often to never.
fn any_settings() -> impl Strategy<Value = Settings> {
    let pick = prop_oneof![
        Just(Pick::RandomColumn),
        Just(Pick::RandomConflicted),
        Just(Pick::MostConflicted),
        (0.0..=1.0f64).prop_map(Pick::Mix),
    ];
    let init = prop_oneof![Just(Init::Greedy), Just(Init::Random)];
    let restart = prop_oneof![
        (1u64..200).prop_map(Restart::After),
        Just(Restart::N2),
        Just(Restart::Never),
    ];
    let cache = prop_oneof![Just(Cache::Exact), Just(Cache::Stale)];
    (pick, init, restart, cache).prop_map(|(pick, init, restart, cache)| Settings {
        pick,
        init,
        restart,
        cache,
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Every board returned is a solution, whatever the knobs; a run that
    /// returns none has given up within its budget of moves (and restarts).
    /// Up to n = 40 every structure is re-verified after every move.
    #[test]
    fn every_board_is_a_solution_whatever_the_knobs(
        n in prop_oneof![Just(1usize), 4usize..=12, 13usize..=40, 41usize..=300],
        seed in any::<u64>(),
        settings in any_settings(),
        budget in prop_oneof![Just(0u64), 1u64..50, Just(600)],
    ) {
        let mut probe = StepCounter::default();
        let (found, stats) = if n <= 40 {
            run::<_, true>("test", n, seed, budget, &settings, &Tuning::DEFAULT, &mut probe)
        } else {
            run::<_, false>("test", n, seed, budget, &settings, &Tuning::DEFAULT, &mut probe)
        };
        prop_assert_eq!(probe.count, stats.moves);
        prop_assert!(stats.moves <= budget && stats.restarts <= budget);
        match found {
            Ok(found) => {
                let board = found.solution.unwrap();
                prop_assert_eq!(board.len(), n);
                prop_assert!(is_solution(&board), "{} {:?}", settings, board);
                prop_assert_eq!(get(&found.extra, "moves"), stats.moves);
                if settings.cache == Cache::Stale {
                    prop_assert!(stats.full_checks >= 1);
                }
            }
            Err(Refusal::GaveUp { steps, .. }) => {
                prop_assert_eq!(steps, stats.moves);
                prop_assert!(
                    stats.moves == budget || stats.restarts == budget,
                    "{:?}", stats
                );
            }
            Err(e) => prop_assert!(false, "{}", e),
        }
        if settings.cache == Cache::Exact {
            prop_assert_eq!((stats.full_checks, stats.moves_unattacked), (0, 0));
        }
        if let Restart::After(k) = settings.restart {
            // The iterations since the last restart never pass K.
            prop_assert!(stats.iterations <= (stats.restarts + 1) * k);
        }
        if settings.pick == Pick::RandomConflicted {
            prop_assert!(stats.iterations == stats.moves || stats.restarts > 0);
        }
    }
}

#[test]
fn the_stale_cache_misleads_but_never_returns_a_bad_board() {
    let mut unattacked = 0;
    let mut boundary_checks_failed = 0;
    let mut gave_up = 0;
    for restart in [Restart::N2, Restart::Never] {
        for pick in [Pick::RandomColumn, Pick::MostConflicted, Pick::Mix(0.5)] {
            let settings = Settings {
                pick,
                restart,
                cache: Cache::Stale,
                init: Init::Greedy,
            };
            for n in [4, 5, 6, 8, 12] {
                for seed in 0..20 {
                    // `run::<_, true>` also checks the cache's invariant
                    // (`Board::check_stale`) after every move.
                    let (found, stats) = run::<_, true>(
                        "test",
                        n,
                        seed,
                        400,
                        &settings,
                        &Tuning::DEFAULT,
                        &mut NoSteps,
                    );
                    unattacked += stats.moves_unattacked;
                    match found {
                        Ok(found) => {
                            assert!(is_solution(&found.solution.unwrap()));
                            // Only the last check passed, and the checks that
                            // failed were the write-up's, at a restart.
                            assert!(stats.full_checks <= stats.restarts + 1);
                            boundary_checks_failed += stats.full_checks - 1;
                        }
                        Err(_) => {
                            // Stale runs give up only at the budget.
                            assert_eq!(stats.moves, 400);
                            gave_up += 1;
                        }
                    }
                }
            }
        }
    }
    // The cache did mislead: moves of queens no longer attacked, runs that
    // went round in circles, and restarts on unsolved boards.
    assert!(unattacked > 100, "{unattacked}");
    assert!(gave_up > 10, "{gave_up}");
    assert!(boundary_checks_failed > 10, "{boundary_checks_failed}");
}

#[test]
fn a_random_start_crowds_lines_and_is_still_solved() {
    let mut crowded = 0;
    for n in [4, 8, 50, 120] {
        for seed in 0..20 {
            let mut board = Board::new(n);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            board.init_random(&mut rng);
            board.check();
            // A random board has about n (1 − 2/e) · 3 lines with two or more
            // queens and many queens attacked.
            crowded += u64::from(board.attacks() > n as u64 / 4);
        }
        let settings = Settings {
            init: Init::Random,
            ..Settings::RANDOM
        };
        for seed in 0..20 {
            let (board, stats) = solve::<true>(n, seed, settings, &Tuning::DEFAULT);
            assert!(is_solution(&board));
            assert!(stats.init_attacks > 0 || n == 4);
        }
    }
    assert!(crowded > 50, "{crowded}");
    // Lines of four queens or more: a full row of 31 queens at n = 40.
    let mut board = Board::new(40);
    for c in 0..40 {
        board.place_any(c, if c < 31 { 7 } else { c - 21 });
    }
    board.list_all_empty();
    board.check();
    assert_eq!(count_attacks(&board.queens), board.attacks());
    for c in (0..40).step_by(3) {
        board.lift(c);
        let r = board.best_row(
            c,
            &mut Xoshiro256PlusPlus::seed_from_u64(1),
            64,
            &mut Scans::default(),
        );
        board.place(c, r);
        board.check();
    }
}

/// Attacking pairs of a board (entry c: the row of column c's queen), by
/// looking at every pair.
fn count_attacks(queens: &[u32]) -> u64 {
    let mut pairs = 0;
    for a in 0..queens.len() {
        for b in a + 1..queens.len() {
            let (ra, rb) = (queens[a] as usize, queens[b] as usize);
            pairs += u64::from(ra == rb || ra.abs_diff(rb) == b - a);
        }
    }
    pairs
}

#[test]
fn restart_limits_and_picks_do_what_they_say() {
    let stats = |settings: Settings, n: usize, seed: u64| {
        run::<_, false>(
            "test",
            n,
            seed,
            10_000,
            &settings,
            &Tuning::DEFAULT,
            &mut NoSteps,
        )
        .1
    };
    // Restarting after every 2 iterations at n = 8 restarts often; never, never.
    let often = Settings {
        restart: Restart::After(2),
        ..Settings::RANDOM
    };
    let never = Settings {
        restart: Restart::Never,
        ..Settings::RANDOM
    };
    let restarts: u64 = (0..50).map(|s| stats(often, 8, s).restarts).sum();
    assert!(restarts > 100, "{restarts}");
    assert_eq!((0..50).map(|s| stats(never, 8, s).restarts).sum::<u64>(), 0);
    // random-conflicted moves every iteration; random-column spends
    // iterations on queens that are not attacked.
    let conflicted = Settings {
        pick: Pick::RandomConflicted,
        ..Settings::RANDOM
    };
    for seed in 0..20 {
        let s = stats(conflicted, 1000, seed);
        assert_eq!(s.iterations, s.moves);
        let s = stats(Settings::RANDOM, 1000, seed);
        assert!(s.iterations > 10 * s.moves, "{s:?}");
    }
    // mix:0 and mix:1 are random-column and most-conflicted, draw for draw.
    let untimed = |mut s: Stats| {
        s.init_nanos = 0;
        s
    };
    let with = |pick| Settings {
        pick,
        ..Settings::RANDOM
    };
    for seed in 0..20 {
        assert_eq!(
            untimed(stats(with(Pick::Mix(0.0)), 30, seed)),
            untimed(stats(with(Pick::RandomColumn), 30, seed))
        );
        assert_eq!(
            untimed(stats(with(Pick::Mix(1.0)), 30, seed)),
            untimed(stats(with(Pick::MostConflicted), 30, seed))
        );
    }
}

/// A writer the trace test reads back.
#[derive(Clone, Default)]
struct Buffer(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Buffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `queens --trace` with knobs: the events, parsed, and the outcome.
fn trace(n: usize, opts: &Options) -> (queens_core::Outcome, Vec<serde_json::Value>) {
    use queens_core::trace::Start;
    use queens_core::{TraceMode, TraceRun, Tracer};
    let approach = Local(MinConflictsRandom);
    let buffer = Buffer::default();
    let start = Start {
        algo: RANDOM_INFO.id,
        n,
        mode: TraceMode::First,
        step: TRACE.step,
        node: None,
    };
    let mut tracer = Tracer::new(Box::new(buffer.clone()), &start);
    let outcome = approach
        .trace(n, opts, TraceRun::First, &mut tracer)
        .unwrap();
    tracer.finish(outcome.solutions).unwrap();
    let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
    let lines = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (outcome, lines)
}

#[test]
fn traces_replay_to_the_board_whatever_the_knobs() {
    let one_based = |v: &serde_json::Value| v.as_u64().unwrap() as usize - 1;
    let settings = [
        &[("init", "random"), ("pick", "random-conflicted")][..],
        &[("conflict-cache", "stale"), ("restart-after", "20")],
        &[("pick", "mix:0.3"), ("restart-after", "5")],
        &[("pick", "most-conflicted"), ("init", "random")],
        &[("conflict-cache", "stale"), ("pick", "most-conflicted")],
    ];
    let mut restarts = 0;
    for knobs in settings {
        for n in [5, 8, 12, 30] {
            for seed in 1..=4 {
                let opts = knobbed(seed, None, knobs);
                let counted = Local(MinConflictsRandom)
                    .first(n, &opts, Steps::Count)
                    .unwrap();
                let (outcome, lines) = trace(n, &opts);
                assert_eq!(outcome.solution, counted.solution, "{knobs:?} n = {n}");
                assert_eq!(outcome.steps, counted.steps);
                let body = &lines[1..lines.len() - 1];
                let count = |name: &str| body.iter().filter(|e| e["event"] == name).count() as u64;
                assert_eq!(Some(count("move")), counted.steps, "{knobs:?} n = {n}");
                assert_eq!(count("restart"), get(&counted.extra, "restarts"));
                assert_eq!(count("init"), count("restart") + 1);
                restarts += count("restart");
                // Replay from the last init: each move starts where the queen
                // stands and reports the queens attacking its new square.
                let last = body.iter().rposition(|e| e["event"] == "init").unwrap();
                let mut board: Vec<u32> = body[last]["board"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| one_based(v) as u32)
                    .collect();
                for e in &body[last + 1..] {
                    assert_eq!(e["event"], "move");
                    let (col, from, to) = (
                        one_based(&e["col"]),
                        one_based(&e["from"]),
                        one_based(&e["to"]),
                    );
                    assert_eq!(board[col] as usize, from);
                    board[col] = to as u32;
                    let attackers = (0..n)
                        .filter(|&c| c != col)
                        .filter(|&c| {
                            let r = board[c] as usize;
                            r == to || r.abs_diff(to) == c.abs_diff(col)
                        })
                        .count();
                    assert_eq!(e["conflicts"], attackers);
                }
                assert_eq!(Some(&board), outcome.solution.as_ref());
                assert!(is_solution(&board));
            }
        }
    }
    assert!(restarts > 0);
}

#[test]
fn the_study_runs_the_command_s_search() {
    // Each setting of the study: valid, distinct, its command's knobs parse
    // back to it, and a study run is the `queens` run of the same seed.
    assert!(STUDY.len() >= 6);
    for (i, s) in STUDY.iter().enumerate() {
        assert_eq!(s.settings.validate(), Ok(()), "{}", s.name);
        assert!(
            STUDY[..i]
                .iter()
                .all(|t| t.settings != s.settings && t.name != s.name)
        );
        let command = s.command(8, 3);
        let mut parsed = Settings::RANDOM;
        let words: Vec<&str> = command.split(' ').collect();
        for w in words.windows(2) {
            if let Some(name) = w[0].strip_prefix("--")
                && KNOBS.contains(&name)
            {
                parsed = parsed.with(name, w[1]).unwrap();
            }
        }
        assert_eq!(parsed, s.settings, "{command}");
        assert!(command.contains(&format!("--max-steps {}", s.max_steps)));
        for n in [8, 20] {
            for seed in 0..10 {
                let clock = if seed % 2 == 0 {
                    Clock::Breakdown
                } else {
                    Clock::Total
                };
                let record = study_run(n, seed, &s.settings, s.max_steps, clock).unwrap();
                let opts = Options {
                    seed,
                    max_steps: Some(s.max_steps),
                    knobs: s.settings.knobs(),
                    ..Options::default()
                };
                let mut probe = StepCounter::default();
                match MinConflictsRandom.find(n, &opts, &mut probe) {
                    Ok(found) => {
                        assert!(record.solved);
                        assert_eq!(record.iterations, get(&found.extra, "iterations"));
                        assert_eq!(record.restarts, get(&found.extra, "restarts"));
                        assert_eq!(record.full_checks, get(&found.extra, "full_checks"));
                    }
                    Err(Refusal::GaveUp { .. }) => assert!(!record.solved),
                    Err(e) => panic!("{e}"),
                }
                assert_eq!(record.moves, probe.count, "{} n = {n} seed {seed}", s.name);
                assert!(record.nanos_total >= record.nanos_init);
                assert!(record.iterations >= record.moves);
                assert_eq!(record.nanos_picking.is_some(), clock == Clock::Breakdown);
                assert_eq!(record.nanos_checks.is_some(), clock == Clock::Breakdown);
                if s.settings.cache == Cache::Exact {
                    assert_eq!(record.full_checks, 0);
                    assert!(record.nanos_checks.is_none_or(|c| c == 0));
                } else if record.solved {
                    assert!(record.full_checks >= 1);
                    assert!(record.nanos_checks.is_none_or(|c| c > 0));
                }
            }
        }
    }
    assert_eq!(
        study_run(0, 1, &Settings::RANDOM, 10, Clock::Total).unwrap(),
        StudyRecord {
            solved: true,
            ..StudyRecord::default()
        }
    );
    assert!(
        !study_run(3, 1, &Settings::RANDOM, 10, Clock::Total)
            .unwrap()
            .solved
    );
    assert!(study_run(MAX_N + 1, 1, &Settings::RANDOM, 10, Clock::Total).is_err());
}
