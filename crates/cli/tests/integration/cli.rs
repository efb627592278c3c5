//! The `queens` command end to end: the seed session, output formats, JSON,
//! and every kind of bad input.

use std::process::{Command, Output};

use crate::board;
use crate::harness;

use crate::board::of_json as board_of;

use queens_approaches::REGISTRY;
use queens_core::{Kind, is_solution, known};

fn queens(args: &[&str]) -> Output {
    harness::output(Command::new(env!("CARGO_BIN_EXE_queens")).args(args))
}

fn stdout(args: &[&str]) -> String {
    let out = queens(args);
    assert!(
        out.status.success(),
        "queens {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let text = stdout(args);
    assert_eq!(text.lines().count(), 1, "--json prints one line: {text}");
    serde_json::from_str(&text).unwrap()
}

/// The sample session of seed 001 (`001_3e81ec1dea36990d.txt`), byte for byte.
/// (The seed's non-verbose line reads `4-Queens.py has 2 solutions`, a typo
/// of its own verbose form; we print `4-Queens has 2 solutions` in both.)
#[test]
fn seed_001_sample_session() {
    assert_eq!(
        stdout(&["-v", "4"]),
        "(2, 4, 1, 3)\n(3, 1, 4, 2)\n4-Queens has 2 solutions\n"
    );
    assert_eq!(
        stdout(&["-v", "5"]),
        "(1, 3, 5, 2, 4)\n(1, 4, 2, 5, 3)\n(2, 4, 1, 3, 5)\n(2, 5, 3, 1, 4)\n\
         (3, 1, 4, 2, 5)\n(3, 5, 2, 4, 1)\n(4, 1, 3, 5, 2)\n(4, 2, 5, 3, 1)\n\
         (5, 2, 4, 1, 3)\n(5, 3, 1, 4, 2)\n5-Queens has 10 solutions\n"
    );
    assert_eq!(stdout(&["4"]), "4-Queens has 2 solutions\n");
    assert_eq!(
        stdout(&["--algo", "attack-board", "-v", "5"]),
        stdout(&["-v", "5"])
    );
}

/// Queens.py as the seed specifies it, written here apart from the
/// program: the board `B` of n + 1 lists of n + 1 ints, `placeQueen`,
/// `removeQueen` and `findSolutions(B, i, mode)` as its pseudo-code reads,
/// `printBoard` printing `B[1][0] … B[n][0]` as the seed's tuples. Returns
/// the session's output: the solutions (verbose) and the count line.
fn queens_py(n: usize, verbose: bool) -> String {
    /// `placeQueen` (by 1) and `removeQueen` (by -1), indices as the seed's.
    #[allow(clippy::needless_range_loop)]
    fn place(b: &mut [Vec<i64>], n: usize, i: usize, j: usize, by: i64) {
        b[i][j] += by;
        b[i][0] = if by > 0 { j as i64 } else { 0 };
        for k in i + 1..=n {
            for l in 1..=n {
                let d = k - i;
                if l == j || l + d == j || l == j + d {
                    b[k][l] -= by;
                }
            }
        }
    }
    fn find(b: &mut Vec<Vec<i64>>, n: usize, i: usize, verbose: bool, out: &mut String) -> u64 {
        if i > n {
            if verbose {
                let cols: Vec<String> = (1..=n).map(|r| b[r][0].to_string()).collect();
                out.push_str(&format!("({})\n", cols.join(", ")));
            }
            return 1;
        }
        let mut sum = 0;
        for j in 1..=n {
            if b[i][j] == 0 {
                place(b, n, i, j, 1);
                sum += find(b, n, i + 1, verbose, out);
                place(b, n, i, j, -1);
            }
        }
        sum
    }
    let mut b = vec![vec![0i64; n + 1]; n + 1];
    let mut out = String::new();
    let k = find(&mut b, n, 1, verbose, &mut out);
    out.push_str(&format!("{n}-Queens has {k} solutions\n"));
    out
}

/// Issue 36, item 1: the Queens.py port (`--algo attack-board`) and the
/// default count and listing print the seed's session byte for byte for
/// n = 1 … 10, the sizes without a solution (`2-Queens has 0 solutions`)
/// and the one solution of 1 queen (`1-Queens has 1 solutions`) included.
#[test]
fn queens_py_sessions_from_1_to_10_match_the_seed_byte_for_byte() {
    assert_eq!(
        queens_py(4, true),
        "(2, 4, 1, 3)\n(3, 1, 4, 2)\n4-Queens has 2 solutions\n"
    );
    assert_eq!(queens_py(2, false), "2-Queens has 0 solutions\n");
    assert_eq!(queens_py(1, false), "1-Queens has 1 solutions\n");
    for n in 1..=10 {
        let size = n.to_string();
        for verbose in [false, true] {
            let want = queens_py(n, verbose);
            for algo in [&["--algo", "attack-board"][..], &[]] {
                let mut args = algo.to_vec();
                if verbose {
                    args.push("-v");
                }
                args.push(&size);
                assert_eq!(stdout(&args), want, "queens {args:?}");
            }
        }
    }
}

#[test]
fn zero_queens_have_one_solution_the_empty_board() {
    assert_eq!(stdout(&["0"]), "0-Queens has 1 solutions\n");
    assert_eq!(stdout(&["-v", "0"]), "()\n0-Queens has 1 solutions\n");
}

#[test]
fn every_exhaustive_approach_counts_small_boards() {
    for a in REGISTRY.all() {
        let info = a.info();
        if info.kind != Kind::Exhaustive {
            continue;
        }
        for n in 0..=info.quick_n.min(8) {
            let k = known::total(n).unwrap();
            let want = format!("{n}-Queens has {k} solutions\n");
            assert_eq!(stdout(&["--algo", info.id, &n.to_string()]), want);
        }
    }
}

#[test]
fn verbose_listing_has_count_lines_and_valid_boards() {
    for a in REGISTRY.all() {
        let info = a.info();
        if info.kind != Kind::Exhaustive {
            continue;
        }
        let text = stdout(&["--algo", info.id, "--format", "pairs", "-v", "6"]);
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines.len(), 5, "{}: {text}", info.id);
        assert_eq!(lines[4], "6-Queens has 4 solutions");
        assert!(lines[..4].iter().all(|l| l.starts_with("[1-")));
    }
}

#[test]
fn board_format_prints_planes_separated_by_blank_lines() {
    let text = stdout(&["--format", "board", "-v", "4"]);
    assert_eq!(
        text,
        "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n\n\
         0 0 1 0\n1 0 0 0\n0 0 0 1\n0 1 0 0\n\n4-Queens has 2 solutions\n"
    );
}

#[test]
fn first_gives_a_valid_board_up_to_30() {
    for n in [1, 4, 5, 8, 12, 20, 25, 30] {
        let v = json(&["--first", "--json", &n.to_string()]);
        assert_eq!(v["mode"], "first");
        assert_eq!(v["solutions"], 1);
        let cols = board_of(&v);
        assert_eq!(cols.len(), n);
        assert!(is_solution(&cols), "n = {n}: {cols:?}");
        assert!(v["steps"].as_u64().unwrap() >= n as u64);
    }
    assert_eq!(stdout(&["--first", "3"]), "3-Queens has no solution\n");
    // By hand: (1,1) (2,3) dead end; (2,4) (3,2) dead end; (1,2) (2,4) (3,1) (4,3).
    assert_eq!(
        stdout(&["--first", "4"]),
        "(2, 4, 1, 3)\n4-Queens: first solution found after 8 queen placements\n"
    );
}

/// Issue 3: MRV's `--first` must reach n = 1000. The faithful order cannot
/// (it refuses with the reason and names the tuned variant); `mrv-tuned` can.
#[test]
fn mrv_first_scales_to_1000_through_the_tuned_variant() {
    let v = json(&["--algo", "mrv-tuned", "--first", "--json", "1000"]);
    let cols = board_of(&v);
    assert_eq!(cols.len(), 1000);
    assert!(is_solution(&cols));
    assert_eq!(v["seed"], 1);
    let out = queens(&["--algo", "mrv", "--first", "1000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("mrv-tuned"));
}

#[test]
fn json_carries_the_contract_fields() {
    let v = json(&["--json", "8"]);
    assert_eq!(v["algo"], "bitmask");
    assert_eq!(v["n"], 8);
    assert_eq!(v["mode"], "count");
    assert_eq!(v["solutions"], 92);
    assert_eq!(v["steps"], 2056);
    assert!(v["nanos"].as_u64().unwrap() > 0);
    assert!(v["solution"].is_null());
    assert!(v["seed"].is_null());
    let v = json(&["--json", "--no-steps", "--algo", "attack-board", "10"]);
    assert_eq!(v["algo"], "attack-board");
    assert_eq!(v["solutions"], 724);
    assert!(v["steps"].is_null());
}

/// Bad input: one `error:` line on stderr and nothing else; nothing on stdout; status 2.
fn assert_usage_error(args: &[&str], needle: &str) {
    let out = queens(args);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} printed on stdout");
    let first = err.lines().next().unwrap_or_default();
    assert!(first.starts_with("error: "), "{args:?}: {err}");
    assert!(
        first.contains(needle),
        "{args:?}: {first:?} lacks {needle:?}"
    );
    assert_eq!(err.lines().count(), 1, "{args:?}: not one line: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn sideways_takes_a_whole_number_from_0_to_a_million_where_it_applies() {
    let climb = ["--algo", "hill-climbing-sideways", "--sideways"];
    for (bad, needle) in [
        ("1000001", "--sideways is too large: at most 1000000"),
        ("-1", "--sideways cannot be negative"),
        (
            "x",
            "--sideways must be a whole number, such as 100, not 'x'",
        ),
        ("2.5", "--sideways must be a whole number"),
        ("", "--sideways must be a whole number"),
    ] {
        assert_usage_error(&[&climb[..], &[bad, "8"]].concat(), needle);
    }
    assert_usage_error(
        &["--algo", "bitmask", "--sideways", "5", "8"],
        "--sideways does not apply to bitmask: it applies to hill-climbing-sideways, \
         random-restart-sideways",
    );
    assert_usage_error(
        &["--algo", "hill-climbing", "--sideways", "5", "8"],
        "--sideways does not apply to hill-climbing: it applies to",
    );
    // The bounds themselves are accepted, and the run goes ahead.
    for k in ["0", "1000000"] {
        let out = queens(&[
            "--algo",
            "random-restart-sideways",
            "--sideways",
            k,
            "--json",
            "8",
        ]);
        assert_eq!(out.status.code(), Some(0), "--sideways {k}");
    }
}

#[test]
fn tenure_takes_a_whole_number_from_0_to_a_million_for_tabu_search_only() {
    let tabu = ["--algo", "tabu-search", "--tenure"];
    for (bad, needle) in [
        ("1000001", "--tenure is too large: at most 1000000"),
        ("-1", "--tenure cannot be negative"),
        ("x", "--tenure must be a whole number, such as 10, not 'x'"),
        ("2.5", "--tenure must be a whole number"),
        ("", "--tenure must be a whole number"),
    ] {
        assert_usage_error(&[&tabu[..], &[bad, "8"]].concat(), needle);
    }
    for other in [
        "min-conflicts-random",
        "constraint-weighting",
        "hill-climbing",
    ] {
        assert_usage_error(
            &["--algo", other, "--tenure", "5", "8"],
            &format!("--tenure does not apply to {other}: it applies to tabu-search"),
        );
    }
    for k in ["0", "1000000"] {
        let out = queens(&["--algo", "tabu-search", "--tenure", k, "--json", "8"]);
        assert_eq!(out.status.code(), Some(0), "--tenure {k}");
    }
}

#[test]
fn the_new_local_searches_refuse_sizes_and_budgets_in_one_line() {
    for (id, too_big) in [
        ("stochastic-hill-climbing", "501"),
        ("tabu-search", "10001"),
        ("constraint-weighting", "1001"),
    ] {
        assert_usage_error(
            &["--algo", id, too_big],
            &format!(
                "{id} handles n up to {}",
                too_big.parse::<u32>().unwrap() - 1
            ),
        );
        // A spent budget is said honestly, in one line: an outcome (status 1).
        let out = queens(&["--algo", id, "--max-steps", "1", "--seed", "1", "100"]);
        let said = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(1), "{id} --max-steps 1");
        assert!(out.stderr.is_empty(), "{id} --max-steps 1");
        assert!(said.contains("spent its step budget, h = "), "{id}: {said}");
        assert_eq!(said.lines().count(), 1, "{id}: {said}");
    }
}

#[test]
fn the_textbook_knobs_refuse_bad_values_and_other_approaches() {
    for (args, needle) in [
        (
            &["--algo", "annealing", "--schedule", "exp:0:0.005:100", "8"][..],
            "K of --schedule exp:K:LAMBDA:LIMIT must be more than 0",
        ),
        (
            &[
                "--algo",
                "annealing",
                "--schedule",
                "exp:2000000:0.005:100",
                "8",
            ],
            "from 0 to 1000000",
        ),
        (
            &["--algo", "annealing", "--schedule", "exp:20:0:100", "8"],
            "LAMBDA of --schedule exp:K:LAMBDA:LIMIT must be more than 0",
        ),
        (
            &["--algo", "annealing", "--schedule", "exp:20:101:100", "8"],
            "from 0 to 100",
        ),
        (
            &["--algo", "annealing", "--schedule", "exp:20:0.005:0", "8"],
            "LIMIT of --schedule exp:K:LAMBDA:LIMIT must be at least 1",
        ),
        (
            &[
                "--algo",
                "annealing",
                "--schedule",
                "exp:20:0.005:10000000001",
                "8",
            ],
            "at most 10000000000",
        ),
        (
            &["--algo", "annealing", "--schedule", "fast", "8"],
            "--schedule must be exp:K:LAMBDA:LIMIT",
        ),
        (
            &["--algo", "beam", "--beam-width", "0", "8"],
            "--beam-width must be at least 1",
        ),
        (
            &["--algo", "beam", "--beam-width", "10001", "8"],
            "--beam-width is too large: at most 10000",
        ),
        (
            &["--algo", "beam", "--beam-width", "wide", "8"],
            "--beam-width must be a whole number",
        ),
        (
            &["--algo", "genetic", "--population", "1", "8"],
            "--population must be at least 2",
        ),
        (
            &["--algo", "genetic", "--population", "100001", "8"],
            "--population is too large: at most 100000",
        ),
        (
            &["--algo", "genetic", "--mutation-rate", "1.5", "8"],
            "--mutation-rate must be from 0 to 1",
        ),
        (
            &["--algo", "genetic", "--mutation-rate", "often", "8"],
            "--mutation-rate must be a number",
        ),
    ] {
        assert_usage_error(args, needle);
    }
    for (option, value) in [
        ("--schedule", "exp:20:0.005:100"),
        ("--beam-width", "10"),
        ("--population", "100"),
        ("--mutation-rate", "0.1"),
    ] {
        assert_usage_error(
            &["--algo", "bitmask", option, value, "8"],
            &format!("{option} does not apply to bitmask: it applies to"),
        );
    }
    assert_usage_error(
        &["--algo", "beam", "--population", "100", "8"],
        "--population does not apply to beam: it applies to genetic",
    );
    assert_usage_error(
        &["--algo", "genetic", "--schedule", "exp:1:1:1", "8"],
        "--schedule does not apply to genetic: it applies to annealing",
    );
}

#[test]
fn bad_input_is_refused_with_usage() {
    assert_usage_error(&[], "<N>");
    assert_usage_error(&["blah"], "whole number");
    assert_usage_error(&["4.5"], "whole number");
    assert_usage_error(&["-3"], "negative");
    assert_usage_error(&["99999999999999999999999"], "too large");
    assert_usage_error(&["4", "5"], "unexpected argument '5'");
    assert_usage_error(&["--bogus", "4"], "--bogus");
    assert_usage_error(&["-x", "4"], "-x");
    assert_usage_error(&["--algo", "nope", "4"], "nope");
    assert_usage_error(&["--algo"], "--algo");
    assert_usage_error(&["--format", "nope", "4"], "nope");
    assert_usage_error(&["-v", "--json", "4"], "--json");
    assert_usage_error(&["-v", "--first", "4"], "--first");
    assert_usage_error(&["--no-steps", "4"], "--json");
    assert_usage_error(
        &["--seed", "x", "4"],
        "--seed must be a whole number, such as 7, not 'x'",
    );
    assert_usage_error(&["--algo", "bitmas", "4"], "did you mean 'bitmask'?");
    assert_usage_error(&["--frist", "4"], "did you mean '--first'?");
    assert_usage_error(&["--json", "completions", "bash"], "drop --json");
}

#[test]
fn sizes_beyond_an_approach_limit_are_refused_with_the_limit() {
    for a in REGISTRY.all() {
        let info = a.info();
        let n = (info.max_n + 1).to_string();
        assert_usage_error(&["--algo", info.id, &n], &format!("up to {}", info.max_n));
    }
    // `queens N` beyond every counter: default.rs (one line, no usage).
}

#[test]
fn help_lists_every_approach() {
    let help = stdout(&["--help"]);
    for id in REGISTRY.ids() {
        assert!(help.contains(id), "--help lacks {id}");
    }
}

#[test]
fn bad_combinations_of_options_are_refused_with_usage() {
    assert_usage_error(&["--threads", "0", "8"], "--threads");
    assert_usage_error(&["--threads", "x", "8"], "--threads");
    for bad in ["0/4", "5/4", "2", "1/0", "a/b"] {
        assert_usage_error(&["--shard", bad, "8"], "shard");
    }
    assert_usage_error(
        &["--threads", "2", "--algo", "bitmask", "8"],
        "--threads does not apply to bitmask: it applies to the counters that split",
    );
    assert_usage_error(
        &["--shard", "1/2", "--algo", "mrv", "8"],
        "--shard does not apply to mrv",
    );
    assert_usage_error(
        &["--unique", "--algo", "bitmask", "8"],
        "--unique does not apply to bitmask: it applies to the counters of fundamental solutions: bitmask-symmetric",
    );
    assert_usage_error(&["--unique", "--first", "8"], "--first");
    assert_usage_error(&["--shard", "1/2", "--first", "8"], "--first");
    assert_usage_error(&["--output", "x.txt", "8"], "add --first");
    assert_usage_error(&["--json", "--first", "--output", "-", "8"], "file name");
    assert_usage_error(
        &["--first", "--output", "/no/such/dir/board.txt", "8"],
        "/no/such/dir/board.txt",
    );
}

#[test]
fn depths_print_the_nodes_of_each_depth() {
    assert_eq!(
        stdout(&["--depths", "4"]),
        "4-Queens has 2 solutions\n\
         A node at depth d is a queen placed in row d: a partial board of the first d rows, \
         no two queens attacking.\n\
         A dead end is a node above depth n with no child.\n\
         depth 0: 1 node, 0 dead ends\n\
         depth 1: 4 nodes, 0 dead ends\n\
         depth 2: 6 nodes, 2 dead ends\n\
         depth 3: 4 nodes, 2 dead ends\n\
         depth 4: 2 nodes, 0 dead ends\n"
    );
    // Aligned, and grouped by thousands: 9^4 = 6 561 prefixes at depth 4.
    let text = stdout(&["--algo", "generate-and-test", "--depths", "9"]);
    assert!(text.contains("\ndepth 2:          81 nodes,"), "{text}");
    assert!(text.contains("\ndepth 4:       6 561 nodes,"), "{text}");
    assert!(
        text.ends_with("\ndepth 9: 387 420 489 nodes, 0 dead ends\n"),
        "{text}"
    );
    // --first: the nodes entered until the first board.
    let text = stdout(&["--depths", "--first", "4"]);
    assert!(
        text.starts_with("(2, 4, 1, 3)\n4-Queens: first solution found after 8 queen placements\n"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "depth 0: 1 node, 0 dead ends\ndepth 1: 2 nodes, 0 dead ends\n\
             depth 2: 3 nodes, 1 dead end\ndepth 3: 2 nodes, 1 dead end\n\
             depth 4: 1 node, 0 dead ends\n"
        ),
        "{text}"
    );
}

#[test]
fn depths_go_into_json_extra_as_an_array() {
    let v = json(&["--depths", "--json", "8"]);
    assert_eq!(v["solutions"], 92);
    assert_eq!(v["steps"], 2056);
    assert_eq!(
        v["extra"]["nodes_per_depth"],
        serde_json::json!([1, 8, 42, 140, 344, 568, 550, 312, 92])
    );
    // Both arrays are derived by brute force over the row-by-row tree in
    // crates/approaches/tests/integration/cross_check.rs (up to n = 8); here they pin
    // what --json prints.
    assert_eq!(
        v["extra"]["dead_ends_per_depth"],
        serde_json::json!([0, 0, 0, 0, 18, 150, 256, 220, 0])
    );
    // Without --depths, extra has no such key.
    assert_eq!(json(&["--json", "8"])["extra"], serde_json::json!({}));
    // Every tree search, counting and --first: n + 1 depths, one root.
    for a in REGISTRY.all() {
        let info = a.info();
        if info.kind != Kind::Exhaustive || a.node_unit().is_err() {
            continue;
        }
        for mode in [None, Some("--first")] {
            let mut args = vec!["--algo", info.id, "--depths", "--json", "6"];
            args.extend(mode);
            let v = json(&args);
            let nodes: Vec<u64> = v["extra"]["nodes_per_depth"]
                .as_array()
                .unwrap_or_else(|| panic!("{args:?}: {v}"))
                .iter()
                .map(|k| k.as_u64().unwrap())
                .collect();
            assert_eq!(nodes.len(), 7, "{args:?}");
            assert_eq!(nodes[0], 1, "{args:?}");
            assert!(v["steps"].as_u64().unwrap() > 0, "{args:?}");
        }
    }
    // A split count's shards add up.
    let part = |shard: &str| {
        json(&[
            "--algo",
            "bitmask-symmetric",
            "--depths",
            "--json",
            "--shard",
            shard,
            "10",
        ])["extra"]["nodes_per_depth"]
            .clone()
    };
    let whole = json(&["--algo", "bitmask-symmetric", "--depths", "--json", "10"]);
    let sum: Vec<u64> = (0..=10)
        .map(|d| part("1/2")[d].as_u64().unwrap() + part("2/2")[d].as_u64().unwrap())
        .collect();
    assert_eq!(serde_json::json!(sum), whole["extra"]["nodes_per_depth"]);
}

#[test]
fn depths_are_refused_where_there_is_no_tree_to_count() {
    for id in ["min-conflicts-random", "mrv-tuned", "swap-search"] {
        assert_usage_error(
            &["--depths", "--algo", id, "8"],
            &format!("--depths does not apply to {id}, which walks no search tree"),
        );
    }
    assert_usage_error(
        &["--depths", "--algo", "half-join", "8"],
        "--depths does not apply to half-join, which walks no search tree",
    );
    assert_usage_error(&["--depths", "--json", "--no-steps", "8"], "--no-steps");
    assert_usage_error(
        &["--depths", "-v", "8"],
        "--depths does not apply to -v's listing",
    );
}

/// Parses one `--json` line of a count and returns (solutions, unique, steps).
fn tally(args: &[&str]) -> (u64, Option<u64>, u64) {
    let v = json(args);
    (
        v["solutions"].as_u64().unwrap(),
        v["unique"].as_u64(),
        v["steps"].as_u64().unwrap(),
    )
}

#[test]
fn unique_counts_the_fundamental_solutions() {
    assert_eq!(
        stdout(&["--unique", "8"]),
        "8-Queens has 12 fundamental solutions (92 in all)\n"
    );
    for n in [1, 4, 6, 10, 12] {
        let (all, unique, _) = tally(&["--unique", "--json", &n.to_string()]);
        assert_eq!(all, known::total(n).unwrap(), "n = {n}");
        assert_eq!(unique, known::fundamental(n), "n = {n}");
    }
}

#[test]
fn shards_add_up_and_threads_change_nothing() {
    let splitting: Vec<&str> = REGISTRY
        .all()
        .iter()
        .map(|a| a.info())
        .filter(|i| i.splits)
        .map(|i| i.id)
        .collect();
    assert!(
        splitting.len() >= 2,
        "bitmask-mirror and bitmask-symmetric split"
    );
    for algo in splitting {
        let whole = tally(&["--algo", algo, "--json", "--threads", "1", "12"]);
        assert_eq!(whole.0, known::total(12).unwrap(), "{algo}");
        for threads in ["2", "3"] {
            assert_eq!(
                tally(&["--algo", algo, "--json", "--threads", threads, "12"]),
                whole,
                "{algo}, {threads} threads"
            );
        }
        for k in [2, 3, 7] {
            let mut sum = (0, whole.1.map(|_| 0), 0);
            for i in 1..=k {
                let shard = format!("{i}/{k}");
                let part = tally(&["--algo", algo, "--json", "--shard", &shard, "12"]);
                sum = (
                    sum.0 + part.0,
                    sum.1.zip(part.1).map(|(a, b)| a + b),
                    sum.2 + part.2,
                );
            }
            assert_eq!(sum, whole, "{algo}, {k} shards");
        }
        let line = stdout(&["--algo", algo, "--shard", "2/3", "12"]);
        assert!(line.starts_with("12-Queens, shard 2/3: "), "{line}");
    }
}

#[test]
fn large_boards_print_a_summary_and_go_to_output_files() {
    let algo = "min-conflicts-random";
    let summary = stdout(&["--algo", algo, "2000"]);
    assert_eq!(summary.lines().count(), 1, "{summary}");
    assert!(summary.starts_with("2000-Queens: valid board found after "));
    assert!(summary.contains("--output FILE"), "{summary}");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.txt");
    let file = path.to_str().unwrap();
    let summary = stdout(&["--algo", algo, "--output", file, "2000"]);
    assert!(summary.contains("board written to"), "{summary}");
    let cols = board::read_output(&path);
    assert_eq!(cols.len(), 2000);
    assert!(board::no_two_attack(&cols));

    // --output - puts the board alone on stdout, the summary on stderr.
    let out = queens(&["--first", "--output", "-", "8"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "1\n5\n8\n6\n3\n7\n2\n4\n"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("valid board"));

    let v = json(&["--algo", algo, "--json", "--output", file, "3000"]);
    assert!(v["solution"].is_null());
    assert_eq!(v["valid"], true);
    assert_eq!(v["output"], file);
    let cols = board::read_output(&path);
    assert_eq!(cols.len(), 3000);
    assert!(board::no_two_attack(&cols));

    // A run that gives up leaves no file behind.
    let gone = dir.path().join("gone.txt");
    let out = queens(&[
        "--algo",
        algo,
        "--max-steps",
        "1",
        "--output",
        gone.to_str().unwrap(),
        "3000",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!gone.exists());
}

#[test]
fn csp_knobs_change_the_search_and_apply_to_csp_alone() {
    // The defaults walk bitmask's tree; least room to move with forward
    // checking counts the same solutions in fewer placements.
    let plain = json(&["--algo", "csp", "--json", "8"]);
    let bitmask = json(&["--json", "8"]);
    assert_eq!(plain["steps"], bitmask["steps"]);
    let mrv = json(&[
        "--algo",
        "csp",
        "--order",
        "mrv",
        "--propagate",
        "forward",
        "--json",
        "8",
    ]);
    assert_eq!(mrv["solutions"], 92);
    assert!(mrv["steps"].as_u64().unwrap() < plain["steps"].as_u64().unwrap());
    assert!(mrv["extra"]["pruned"].as_u64().is_some_and(|p| p > 0));
    let first = json(&[
        "--algo",
        "csp",
        "--order",
        "mrv",
        "--values",
        "middle-out",
        "--propagate",
        "arc",
        "--first",
        "--json",
        "40",
    ]);
    let cols = board_of(&first);
    assert_eq!(cols.len(), 40);
    assert!(board::no_two_attack(&cols));
    assert_usage_error(
        &["--order", "mrv", "8"],
        "--order does not apply to bitmask: it applies to csp",
    );
    assert_usage_error(
        &["--algo", "csp", "--values", "random", "8"],
        "invalid value 'random'",
    );
}

#[test]
fn backjumping_and_the_degree_heuristic_are_csp_knobs() {
    let csp = |extra: &[&str]| {
        let mut args = vec!["--algo", "csp", "--json"];
        args.extend_from_slice(extra);
        json(&args)
    };
    // Backjumping counts every board in no more placements, and --json
    // carries the consistency checks.
    let chrono = csp(&["--order", "row", "10"]);
    let jumps = csp(&["--order", "row", "--backtrack", "conflict-directed", "10"]);
    assert_eq!(jumps["solutions"], 724);
    assert!(jumps["steps"].as_u64().unwrap() <= chrono["steps"].as_u64().unwrap());
    assert!(jumps["extra"]["checks"].as_u64().is_some_and(|c| c > 0));
    // Every row constrains every other: the degree breaks no tie.
    let degree = csp(&["--order", "mrv-degree", "--first", "30"]);
    let mrv = csp(&["--order", "mrv", "--first", "30"]);
    let cols = board_of(&degree);
    assert!(cols.len() == 30 && board::no_two_attack(&cols));
    assert_eq!(
        (&degree["steps"], &degree["solution"]),
        (&mrv["steps"], &mrv["solution"])
    );
    assert_usage_error(
        &["--algo", "csp", "--backtrack", "backwards", "8"],
        "invalid value 'backwards'",
    );
    assert_usage_error(
        &["--backtrack", "conflict-directed", "8"],
        "--backtrack does not apply to bitmask: it applies to csp",
    );
    assert_usage_error(
        &["--algo", "mrv", "--backtrack", "chronological", "8"],
        "--backtrack does not apply to mrv: it applies to csp",
    );
    assert_usage_error(
        &[
            "--algo",
            "csp",
            "--propagate",
            "arc",
            "--backtrack",
            "conflict-directed",
            "8",
        ],
        "csp cannot combine --backtrack conflict-directed with --propagate arc",
    );
}
