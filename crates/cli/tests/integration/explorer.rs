//! The explorer's engine against `queens --trace`: the committed
//! WebAssembly module (xtask/assets/explore/explorer.wasm.gz), run under
//! node through the page's glue (live.js), writes the very bytes this
//! binary writes for the same arguments, at sizes and seeds that are not
//! recorded, across the families; and refuses in the binary's words.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::harness;

/// One case: the arguments of `queens` (before `--trace - N`), N, and the
/// engine's arguments (JSON).
struct Case {
    cli: &'static [&'static str],
    n: usize,
    json: &'static str,
}

const CASES: [Case; 13] = [
    case(&["--algo", "bitmask"], 9, r#"{"algo":"bitmask","n":9}"#),
    case(
        &["--algo", "mrv", "--first"],
        11,
        r#"{"algo":"mrv","n":11,"mode":"first"}"#,
    ),
    case(
        &["--algo", "min-conflicts-random", "--seed", "42"],
        50,
        r#"{"algo":"min-conflicts-random","n":50,"seed":42}"#,
    ),
    // Gives up (its budget spent): the trace up to there.
    case(
        &[
            "--algo",
            "annealing",
            "--schedule",
            "exp:20:0.005:100",
            "--seed",
            "3",
        ],
        8,
        r#"{"algo":"annealing","n":8,"seed":3,"knobs":{"schedule":"exp:20:0.005:100"}}"#,
    ),
    case(
        &["--algo", "csp", "--propagate", "arc", "--first"],
        10,
        r#"{"algo":"csp","n":10,"mode":"first","knobs":{"propagate":"arc"}}"#,
    ),
    case(
        &["--algo", "generate-and-test"],
        5,
        r#"{"algo":"generate-and-test","n":5}"#,
    ),
    case(
        &["--algo", "permutations"],
        6,
        r#"{"algo":"permutations","n":6}"#,
    ),
    case(
        &["--algo", "list-comprehension"],
        6,
        r#"{"algo":"list-comprehension","n":6}"#,
    ),
    case(&["--algo", "half-join"], 8, r#"{"algo":"half-join","n":8}"#),
    // Stops at a local minimum.
    case(
        &["--algo", "hill-climbing", "--seed", "5"],
        8,
        r#"{"algo":"hill-climbing","n":8,"seed":5}"#,
    ),
    case(
        &["--algo", "tabu-search", "--seed", "4"],
        12,
        r#"{"algo":"tabu-search","n":12,"seed":4}"#,
    ),
    case(
        &["--algo", "swap-search", "--seed", "2"],
        100,
        r#"{"algo":"swap-search","n":100,"seed":2}"#,
    ),
    case(
        &["--algo", "bitmask-symmetric", "-v"],
        7,
        r#"{"algo":"bitmask-symmetric","n":7,"mode":"list"}"#,
    ),
];

const fn case(cli: &'static [&'static str], n: usize, json: &'static str) -> Case {
    Case { cli, n, json }
}

/// Runs the engine under node on each `json` argument, one line of JSON
/// each, into DIR/<i>.jsonl (the trace) and DIR/<i>.txt (`ok`, `ended:
/// ...` or `refused: ...`).
const DRIVER: &str = r#"
const fs = require('fs'), zlib = require('zlib'), path = require('path');
const Live = require(process.env.QUEENS_LIVE);
const engine = Live.engine(zlib.gunzipSync(fs.readFileSync(process.env.QUEENS_MODULE)));
const out = process.env.QUEENS_OUT;
fs.readFileSync(process.env.QUEENS_ARGS, 'utf8').split('\n').filter(Boolean).forEach(function (line, i) {
  var status, trace = '';
  try {
    var r = engine.run(JSON.parse(line));
    trace = r.trace;
    status = r.ended ? 'ended: ' + r.ended : 'ok';
    if (!r.packed || r.packed.events !== trace.trim().split('\n').length - 2) status = 'bad packing';
  } catch (e) { status = 'refused: ' + e.message; }
  fs.writeFileSync(path.join(out, i + '.jsonl'), trace);
  fs.writeFileSync(path.join(out, i + '.txt'), status);
});
"#;

/// The explorer's assets, from this crate.
fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../xtask/assets/explore")
}

/// Whether node runs here; without it the test fails, unless
/// `QUEENS_SKIP_NODE=1` is set outside CI.
fn node_or_skip() -> bool {
    let ok = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        return true;
    }
    let asked = std::env::var("QUEENS_SKIP_NODE").is_ok_and(|v| v == "1");
    assert!(
        asked && std::env::var_os("CI").is_none(),
        "`node` is not installed: install Node.js 18 or later to test the explorer's engine, \
         or set QUEENS_SKIP_NODE=1 to skip this test (not in CI)"
    );
    eprintln!("skipped (QUEENS_SKIP_NODE=1): the explorer's engine was not tested");
    false
}

/// The engine's answers to `args`, in order: (status line, trace).
fn engine(args: &[&str]) -> Vec<(String, String)> {
    let dir = tempfile::tempdir().unwrap();
    let driver = dir.path().join("driver.js");
    fs::write(&driver, DRIVER).unwrap();
    let list = dir.path().join("args.jsonl");
    fs::write(&list, args.join("\n") + "\n").unwrap();
    let out = harness::output(
        Command::new("node")
            .arg(&driver)
            .env("QUEENS_LIVE", assets().join("live.js"))
            .env("QUEENS_MODULE", assets().join("explorer.wasm.gz"))
            .env("QUEENS_ARGS", &list)
            .env("QUEENS_OUT", dir.path()),
    );
    assert!(
        out.status.success(),
        "node failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (0..args.len())
        .map(|i| {
            let read =
                |ext: &str| fs::read_to_string(dir.path().join(format!("{i}.{ext}"))).unwrap();
            (read("txt"), read("jsonl"))
        })
        .collect()
}

#[test]
fn the_engine_writes_the_trace_queens_writes() {
    if !node_or_skip() {
        return;
    }
    let answers = engine(&CASES.map(|c| c.json));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("trace.jsonl");
    for (case, (status, trace)) in CASES.iter().zip(answers) {
        let n = case.n.to_string();
        let mut args = case.cli.to_vec();
        // On standard output (so that a run that gives up leaves its
        // trace there), but with -v, which lists there: into a file.
        let listing = args.contains(&"-v");
        let to = if listing { file.to_str().unwrap() } else { "-" };
        args.extend(["--trace", to, &n]);
        let out = harness::output(Command::new(env!("CARGO_BIN_EXE_queens")).args(&args));
        let cli = if listing {
            fs::read_to_string(&file).unwrap()
        } else {
            String::from_utf8(out.stdout).unwrap()
        };
        // A run that gave up: its status says so, as the engine does.
        assert_eq!(
            out.status.success(),
            status == "ok",
            "queens {args:?}: {status}; {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(cli.starts_with("{\"event\":\"start\""), "queens {args:?}");
        assert!(
            cli == trace,
            "queens {args:?} and the engine's {} differ ({} and {} bytes; {status})",
            case.json,
            cli.len(),
            trace.len()
        );
    }
}

#[test]
fn the_engine_refuses_in_the_words_of_queens() {
    if !node_or_skip() {
        return;
    }
    let refused = |args: &[&str]| {
        let out = harness::output(Command::new(env!("CARGO_BIN_EXE_queens")).args(args));
        assert_eq!(out.status.code(), Some(2), "queens {args:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    let answers = engine(&[
        r#"{"algo":"bitmask","n":13}"#,
        r#"{"algo":"generate-and-test","n":9,"mode":"first"}"#,
        r#"{"algo":"csp","n":8,"knobs":{"order":"sideways"}}"#,
        r#"{"algo":"bitmask","n":8,"seed":3}"#,
        r#"{"algo":"bitmask","n":12,"max_events":1000}"#,
        r#"{"algo":"string-regex","n":6}"#,
        r#"{"algo":"bitmask","n":"8"}"#,
    ]);
    let line = |i: usize| {
        let status = &answers[i].0;
        assert!(answers[i].1.is_empty(), "{status}");
        assert!(!status.contains('\n'), "{status}");
        status
            .strip_prefix("refused: ")
            .unwrap_or_else(|| panic!("not refused: {status}"))
            .to_string()
    };
    // The trace limits: the same sentence.
    let cli = refused(&["--algo", "bitmask", "--trace", "-", "13"]);
    assert!(cli.contains(&line(0)), "{cli} / {}", line(0));
    let cli = refused(&[
        "--algo",
        "generate-and-test",
        "--first",
        "--trace",
        "-",
        "9",
    ]);
    assert!(cli.contains(&line(1)), "{cli} / {}", line(1));
    assert!(line(2).contains("--order"), "{}", line(2));
    assert!(
        line(3).starts_with("--seed does not apply to bitmask"),
        "{}",
        line(3)
    );
    assert!(line(4).contains("more than 1000 events"), "{}", line(4));
    assert!(
        line(5).starts_with("string-regex does not run in the page"),
        "{}",
        line(5)
    );
    assert!(
        line(6).starts_with("the run's arguments: invalid type"),
        "{}",
        line(6)
    );
}
