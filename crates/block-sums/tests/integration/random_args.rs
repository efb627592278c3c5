//! Random argument vectors thrown at `block-sums` (bounded: a few
//! seconds): the exit status is 0, 1 or 2, nothing panics, a refusal (2)
//! prints nothing on stdout, and no file appears anywhere (the command
//! writes none).

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestRunner};

/// Words a user might type. A search at size 6 or 8 only runs within a
/// small --time-budget (appended when none is given), and --compare-orders
/// within a small --budget, so every run is quick.
const WORDS: &[&str] = &[
    "--first",
    "--count",
    "--compare-orders",
    "--compressed",
    "--json",
    "--symmetry",
    "seed",
    "full",
    "corner-zero",
    "none",
    "nne",
    "--size",
    "4",
    "6",
    "8",
    "0",
    "2",
    "5",
    "-4",
    "x",
    " 6",
    "--time-budget",
    "0.05",
    "0",
    "1e10",
    "1e-300",
    "-1",
    "inf",
    "--budget",
    "20000",
    "99999999999999999999999",
    "completions",
    "bash",
    "man",
    "extra",
    "--frist",
    "",
    "-h",
];

fn listing(dir: &Path) -> BTreeSet<String> {
    fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The arguments, with a small budget added where a search would
/// otherwise run for long (the defaults are 10 s and 10⁹ steps).
fn bounded(args: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let has = |a: &[String], s: &str| a.iter().any(|x| x == s);
    if (has(&args, "--first") || has(&args, "--count")) && !has(&args, "--time-budget") {
        args.extend(["--time-budget".into(), "0.05".into()]);
    }
    if has(&args, "--compare-orders") && !has(&args, "--budget") {
        args.extend(["--budget".into(), "20000".into()]);
    }
    args
}

fn check(words: &[&str]) -> Result<(), TestCaseError> {
    let args = bounded(words);
    let dir = tempfile::tempdir().unwrap();
    let out_dir = tempfile::tempdir().unwrap();
    let (out, err) = (out_dir.path().join("stdout"), out_dir.path().join("stderr"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_block-sums"))
        .args(&args)
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(fs::File::create(&out).unwrap())
        .stderr(fs::File::create(&err).unwrap())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(300) {
            let _ = child.kill();
            panic!("block-sums {args:?} ran for more than 300 s");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let stdout = fs::read_to_string(&out).unwrap_or_default();
    let stderr = String::from_utf8_lossy(&fs::read(&err).unwrap()).into_owned();
    let code = status.code();
    prop_assert!(matches!(code, Some(0..=2)), "{args:?}: {code:?} {stderr}");
    prop_assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    if code == Some(2) {
        prop_assert!(stdout.is_empty(), "{args:?}: {stdout}");
        prop_assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    }
    prop_assert!(listing(dir.path()).is_empty(), "{args:?} wrote a file");
    Ok(())
}

#[test]
fn random_arguments_keep_the_promises() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let before = (
        listing(&root),
        listing(Path::new(env!("CARGO_MANIFEST_DIR"))),
    );
    let config = Config {
        cases: 40,
        max_shrink_iters: 64,
        // A failing case is kept (relative to the package, where cargo
        // runs the test) and replayed first on the next run.
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/random_args.txt",
        ))),
        ..Config::default()
    };
    let words = proptest::collection::vec(proptest::sample::select(WORDS), 0..6);
    TestRunner::new(config).run(&words, |w| check(&w)).unwrap();
    let after = (
        listing(&root),
        listing(Path::new(env!("CARGO_MANIFEST_DIR"))),
    );
    assert_eq!(before, after, "files appeared or went in the workspace");
}
