//! Random argument vectors thrown at `queens` (bounded: a few seconds):
//! whatever the input, the exit status is 0, 1 or 2, nothing panics, a
//! refusal (2) prints nothing on stdout, and no file is touched outside the
//! run's temporary folder; inside it, a failed run leaves `keep.txt` as it
//! was and nothing is left beside the files the arguments name.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::harness;

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use queens_core::is_solution;

/// Words a new user might type, good and bad. The sizes stay small or are
/// refused outright (no approach counts 1000 queens), so every run is quick.
const WORDS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "6",
    "8",
    "1000",
    "99999999999",
    "-1",
    "x",
    " 5",
    "+4",
    "4.5",
    "-v",
    "--first",
    "--json",
    "--unique",
    "--no-steps",
    "--depths",
    "--full-solution",
    "--algo",
    "bitmask",
    "bitmask-symmetric",
    "half-join",
    "mrv",
    "mrv-tuned",
    "csp",
    "min-conflicts-random",
    "swap-search",
    "hill-climbing-sideways",
    "explicit",
    "permutations",
    "bitmas",
    "--format",
    "board",
    "pairs",
    "--threads",
    "2",
    "2000",
    "--shard",
    "1/2",
    "3/2",
    "--seed",
    "--max-steps",
    "--output",
    "--trace",
    "--checkpoint",
    "keep.txt",
    "out.txt",
    "-",
    "/dev/null",
    "/dev/full",
    "no/such/dir/f.txt",
    ".",
    "--order",
    "mrv-random",
    "--values",
    "lcv",
    "--propagate",
    "arc",
    "--backtrack",
    "conflict-directed",
    "mrv-degree",
    "--pick",
    "mix:0.5",
    "most-conflicted",
    "--init",
    "random",
    "--restart-after",
    "n2",
    "never",
    "--conflict-cache",
    "stale",
    "--sideways",
    "--schedule",
    "exp:20:0.005:100",
    "--beam-width",
    "--population",
    "--mutation-rate",
    "0.1",
    "completions",
    "bash",
    "man",
    "--frist",
    "",
    "--",
    "-h",
];

/// What a folder holds, by name.
fn listing(dir: &Path) -> BTreeSet<String> {
    fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// Runs `queens` in `dir` with its output in files beside `dir` (a trace
/// or a listing can be larger than a pipe holds), within the harness's deadline.
fn run(dir: &Path, out_dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let (out, err) = (out_dir.join("stdout"), out_dir.join("stderr"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(fs::File::create(&out).unwrap())
        .stderr(fs::File::create(&err).unwrap())
        .spawn()
        .unwrap();
    let status = harness::wait(&mut child, &format!("queens {args:?}"));
    let read = |p: &Path| String::from_utf8_lossy(&fs::read(p).unwrap()).into_owned();
    (status.code(), read(&out), read(&err))
}

fn check(args: &[&str]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("keep.txt"), "keep\n").unwrap();
    let (code, stdout, stderr) = run(dir.path(), out_dir.path(), args);
    prop_assert!(
        matches!(code, Some(0..=2)),
        "{args:?}: status {code:?}, {stderr}"
    );
    prop_assert!(
        !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"),
        "{args:?}: {stderr}"
    );
    if code == Some(2) {
        prop_assert!(stdout.is_empty(), "{args:?}: stdout on a refusal: {stdout}");
        prop_assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        // One `error:` line and nothing else.
        prop_assert!(
            stderr.lines().count() == 1,
            "{:?}: more than one error line: {}",
            args,
            stderr
        );
    }
    // Only the files the arguments name (keep.txt, and whatever word
    // follows an option that writes a file), nothing staged left behind.
    let named = args
        .windows(2)
        .filter(|w| ["--output", "--trace", "--checkpoint"].contains(&w[0]))
        .map(|w| w[1]);
    let allowed: BTreeSet<String> = std::iter::once("keep.txt")
        .chain(named)
        .map(|s| s.to_string())
        .collect();
    let left = listing(dir.path());
    prop_assert!(left.is_subset(&allowed), "{args:?} left {left:?}");
    let keep = fs::read_to_string(dir.path().join("keep.txt")).unwrap();
    // A search that gave up keeps its trace, whose end line says how it ended.
    let gave_up_trace = code == Some(1)
        && args.windows(2).any(|w| w == ["--trace", "keep.txt"])
        && keep.lines().last().is_some_and(|l| {
            l.starts_with(r#"{"event":"end","solutions":0,"#) && l.contains(r#""ending":"#)
        });
    if code != Some(0) && !gave_up_trace {
        prop_assert_eq!(&keep, "keep\n", "{:?} changed keep.txt", args);
    } else if keep != "keep\n" && args.contains(&"--output") && !args.contains(&"--trace") {
        // Replaced: by a whole, valid board.
        let cols: Vec<u32> = keep
            .lines()
            .map(|l| l.parse::<u32>().unwrap() - 1)
            .collect();
        prop_assert!(is_solution(&cols), "{args:?}: {keep}");
    }
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
        cases: 48,
        max_shrink_iters: 64,
        // A failing case is kept (relative to the package, where cargo
        // runs the test) and replayed first on the next run.
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/random_args.txt",
        ))),
        ..Config::default()
    };
    let words = proptest::collection::vec(proptest::sample::select(WORDS), 0..7);
    proptest::test_runner::TestRunner::new(config)
        .run(&words, |args| check(&args))
        .unwrap();
    let after = (
        listing(&root),
        listing(Path::new(env!("CARGO_MANIFEST_DIR"))),
    );
    assert_eq!(before, after, "files appeared or went in the workspace");
}

#[test]
fn the_known_hard_cases_keep_the_promises() {
    for args in [
        &[
            "--algo",
            "swap-search",
            "--max-steps",
            "1",
            "--output",
            "keep.txt",
            "50",
        ][..],
        &["--algo", "swap-search", "--output", "keep.txt", "3"],
        &[
            "--first", "--output", "keep.txt", "--trace", "keep.txt", "8",
        ],
        &["--first", "--output", ".", "8"],
        &["--first", "--output", "/dev/full", "8"],
        &[
            "--trace",
            "keep.txt",
            "--algo",
            "mrv-tuned",
            "--max-steps",
            "3",
            "500",
        ],
        &["completions", "bash"],
        &["man"],
        &[""],
        &["--", "-1"],
    ] {
        check(args).unwrap();
    }
}
