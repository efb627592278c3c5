//! `cargo xtask peers --quick` from a fresh clone, with only the repository
//! (no `--peers`, no `QUEENS_PEERS`): every row against the C references of
//! `peers/` runs and prints its result; Kluev's rows run when git can fetch
//! the counter and g++ builds it, else one line says it is missing and what
//! to do; the aima peer runs, or one line says why not and what to do.
//!
//! It clones the committed `HEAD` and builds the whole workspace there from
//! nothing (`target/` of the clone), so it is ignored in the normal run and
//! run by `.ci/run`:
//! `cargo test -p xtask --test peers_fresh_clone -- --ignored --nocapture`.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use xtask::peers::{KLUEV_REPOSITORY, Peer, c_compiler, comparisons};

/// Whether `program` with `args` runs and succeeds (output discarded).
fn succeeds(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .env("GIT_TERMINAL_PROMPT", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
#[ignore = "builds the workspace in a fresh clone: run by .ci/run"]
fn peers_quick_runs_from_a_fresh_clone() {
    if let Err(e) = c_compiler() {
        eprintln!("skipped: the C references cannot be built ({e})");
        return;
    }
    let url = std::env::var("QUEENS_KLUEV_GIT").unwrap_or_else(|_| KLUEV_REPOSITORY.into());
    let kluev_can_be_had =
        succeeds("git", &["ls-remote", "--quiet", &url, "HEAD"]) && succeeds("g++", &["--version"]);
    if !kluev_can_be_had {
        eprintln!(
            "note: git cannot reach {url} or there is no g++: expecting kluev-count reported missing"
        );
    }

    let tmp = tempfile::tempdir().unwrap();
    let clone = tmp.path().join("queens-lab");
    let cloned = Command::new("git")
        .args(["clone", "--quiet", "--no-local"])
        .arg(xtask::project_root())
        .arg(&clone)
        .status()
        .unwrap();
    assert!(cloned.success(), "git clone of the repository failed");

    let start = Instant::now();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(["xtask", "peers", "--quick", "--runs", "1"])
        .current_dir(&clone)
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("QUEENS_PEERS")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("{stderr}");
    println!("{stdout}");
    eprintln!(
        "cargo xtask peers --quick --runs 1 in a fresh clone: {} s, build included",
        start.elapsed().as_secs()
    );
    assert!(out.status.success(), "cargo xtask peers --quick failed");

    // Every row against the repository's C references ran and shows its
    // result (`CPU ×…`, or `… faster` on the line of two threads).
    let rows: Vec<&str> = stdout.lines().filter(|l| l.starts_with("| ")).collect();
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let here = Path::new("");
    for c in comparisons(here, here, true) {
        let head = format!("| {} | 1 | {} |", c.n, c.ours.label);
        let row = rows
            .iter()
            .find(|l| l.starts_with(&head) && l.contains(&format!("| {} |", c.theirs.label)));
        match c.peer {
            Peer::Ref | Peer::Mc => {
                if c.wall && cores < 2 {
                    assert!(stderr.contains(&format!("skipping '{}': one core", c.ours.label)));
                    continue;
                }
                let row = row.unwrap_or_else(|| panic!("no row '{head}' in:\n{stdout}"));
                assert!(
                    row.contains(" ×") || row.contains("× faster"),
                    "no result in {row}"
                );
            }
            Peer::Kluev if kluev_can_be_had => {
                assert!(row.is_some(), "no row '{head}' in:\n{stdout}");
            }
            Peer::Kluev => assert!(row.is_none(), "{head} ran without kluev-count"),
            Peer::Aima => {}
        }
    }
    for label in ["ref-bitboard.c", "min-conflicts-qs4.c"] {
        assert!(
            rows.iter().any(|l| l.contains(label)),
            "{label} named in no row"
        );
    }
    let said =
        |prefix: &str| -> Vec<&str> { stderr.lines().filter(|l| l.starts_with(prefix)).collect() };
    let kluev_missing = said("xtask: kluev-count:");
    if kluev_can_be_had {
        assert!(kluev_missing.is_empty(), "{kluev_missing:?}");
    } else {
        assert_eq!(kluev_missing.len(), 1, "one line on kluev-count:\n{stderr}");
        assert!(
            kluev_missing[0].contains("--peers") || kluev_missing[0].contains("--only"),
            "no advice in {}",
            kluev_missing[0]
        );
        assert!(stdout.contains("Not measured: kluev-count"), "{stdout}");
    }

    // aima-python from PyPI: its table, or one line saying why not and what to do.
    let aima_skipped = said("xtask: aima peer skipped:");
    let aima_ran = stdout.contains("aima-python (PyPI aima) beside queens");
    assert!(aima_ran != (aima_skipped.len() == 1), "aima:\n{stderr}");
    if let [line] = aima_skipped[..] {
        assert!(
            line.contains("install") || line.contains("--only"),
            "no advice in {line}"
        );
    }
}
