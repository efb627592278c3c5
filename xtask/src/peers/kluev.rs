//! Issue 18's peer: Evgeny Kluev's quadrant-join counter (`kluev-count`,
//! MIT). Its board size is a compile-time constant, so it is built once per
//! n by its own `build.sh N OUT` (the author's tuning for that n) and run as
//! `OUT THREADS`; it prints `Result: COUNT` and its own elapsed time.

use std::path::Path;
use std::process::Command;

use super::programs::{check_folder, executable};
use super::targets::{Comparison, Peer, Target, prog};
use crate::{Error, Result, bail};

/// The rows' board sizes; `--quick` takes the first (`build.sh` knows no
/// size below 16).
pub const SIZES: [u64; 5] = [16, 17, 18, 19, 20];

/// The issue's bound: half-join's time at most 0.8× Kluev's, from n = 18
/// (at n = 16 and 17 both take about a second or less, and the issue sets
/// no target there).
const RATIO: f64 = 0.8;
/// The smallest judged size.
const JUDGED_FROM: u64 = 18;

/// What Kluev's program prints when it counts `total` (the newline makes
/// it the whole number, not a prefix of another).
pub fn expect(total: u64) -> String {
    format!("Result: {total}\n")
}

/// Half-join against kluev-count at each size, on one thread (CPU time)
/// and on two (wall time), medians of 3 as the issue asks.
pub fn comparisons(queens: &Path, built: &Path, quick: bool) -> Vec<Comparison> {
    let sizes = if quick { &SIZES[..1] } else { &SIZES[..] };
    let mut out = Vec::new();
    for &n in sizes {
        let total = queens_core::known::total(n as usize).expect("a known count");
        let exe = executable(built, Peer::Kluev, n);
        let size = n.to_string();
        for threads in ["1", "2"] {
            let wall = threads != "1";
            let what = format!("{threads} thread{}, n = {n}", if wall { "s" } else { "" });
            let target = if wall {
                Target::WallRatio(RATIO)
            } else {
                Target::CpuRatio(RATIO)
            };
            out.push(Comparison {
                issue: 18,
                peer: Peer::Kluev,
                n,
                runs: 3,
                wall,
                ours: prog(
                    &format!("half-join, {what}"),
                    queens,
                    &["--algo", "half-join", "--threads", threads, &size],
                    &format!("{n}-Queens has {total} solutions"),
                ),
                theirs: prog(
                    &format!("kluev-count, {what}"),
                    &exe,
                    &[threads],
                    &expect(total),
                ),
                target: (n >= JUDGED_FROM).then_some(target),
            });
        }
    }
    out
}

/// Builds kluev-count for size `n` into `dir` (see [`executable`]) with
/// the peers' `kluev-count/build.sh`.
pub fn build(peers: &Path, dir: &Path, n: u64) -> Result<()> {
    check_folder(peers)?;
    let script = peers.join("kluev-count/build.sh");
    if !script.is_file() {
        bail!(
            "no {} (the kluev-count peer; give a peers folder that holds it with --peers DIR \
             or QUEENS_PEERS, or leave it out with --only ref,mc)",
            script.display()
        );
    }
    let exe = executable(dir, Peer::Kluev, n);
    eprintln!("xtask: {} {n} (g++, about 10 s)", script.display());
    let output = Command::new("bash")
        .arg(&script)
        .arg(n.to_string())
        .arg(&exe)
        .output()
        .map_err(|e| Error(format!("cannot run bash {}: {e}", script.display())))?;
    if !output.status.success() {
        if Command::new("g++").arg("--version").output().is_err() {
            bail!(
                "cannot run g++, which {} needs to build kluev-count",
                script.display()
            );
        }
        bail!(
            "{} {n} failed ({}): {}",
            script.display(),
            output.status,
            telling_line(&String::from_utf8_lossy(&output.stderr))
        );
    }
    if !exe.is_file() {
        bail!("{} {n} made no {}", script.display(), exe.display());
    }
    Ok(())
}

/// The line of a failed build's messages that says most: the first that
/// names an error, else the last.
fn telling_line(stderr: &str) -> &str {
    let lines = || stderr.lines().map(str::trim).filter(|l| !l.is_empty());
    lines()
        .find(|l| l.contains("error"))
        .or_else(|| lines().next_back())
        .unwrap_or("no message")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rows_pair_half_join_with_kluev_on_one_and_two_threads() {
        let rows = comparisons(Path::new("q"), Path::new("/b"), false);
        assert_eq!(rows.len(), 10);
        for (c, (n, threads)) in rows
            .iter()
            .zip(SIZES.iter().flat_map(|&n| [(n, "1"), (n, "2")]))
        {
            assert_eq!((c.issue, c.peer, c.n, c.runs), (18, Peer::Kluev, n, 3));
            assert_eq!(c.wall, threads == "2");
            let theirs: Vec<_> = c.theirs.argv.iter().map(|a| a.to_str().unwrap()).collect();
            assert_eq!(theirs, [format!("/b/kluev-{n}").as_str(), threads]);
            let ours: Vec<_> = c.ours.argv.iter().map(|a| a.to_str().unwrap()).collect();
            let size = n.to_string();
            assert_eq!(
                ours,
                ["q", "--algo", "half-join", "--threads", threads, &size]
            );
            let total = queens_core::known::total(n as usize).unwrap();
            assert!(c.ours.expect.contains(&format!(" {total} solutions")));
            let target = match (n >= 18, c.wall) {
                (false, _) => None,
                (true, false) => Some(Target::CpuRatio(0.8)),
                (true, true) => Some(Target::WallRatio(0.8)),
            };
            assert_eq!(c.target, target, "{}", c.ours.label);
        }
        assert_eq!(rows[9].theirs.expect, "Result: 39029188884\n");
        let quick = comparisons(Path::new("q"), Path::new("/b"), true);
        assert_eq!(quick.len(), 2);
        assert!(quick.iter().all(|c| c.n == 16 && c.target.is_none()));
    }

    #[test]
    fn kluevs_output_is_read_as_the_whole_count() {
        let row = &comparisons(Path::new("q"), Path::new("b"), true)[0];
        let accepts = |out: &str| row.theirs.accepts(out);
        assert!(accepts("Result: 14772512\nElapsed time: 0.367938 s\n"));
        assert!(!accepts("Result: 147725120\nElapsed time: 3.1 s\n"));
        assert!(!accepts("Result: 0\nElapsed time: 0.007 s\n"));
        assert!(!accepts("Result: 14772512"));
    }

    #[test]
    fn a_failed_build_is_one_line_naming_the_script() {
        let dir = tempfile::tempdir().unwrap();
        let err = build(dir.path(), dir.path(), 16).unwrap_err().0;
        assert!(
            err.contains("kluev-count/build.sh") && err.contains("--only"),
            "{err}"
        );
        std::fs::create_dir(dir.path().join("kluev-count")).unwrap();
        let script = dir.path().join("kluev-count/build.sh");
        std::fs::write(
            &script,
            "echo 'x.h:1: error: boom' >&2\necho done >&2\nexit 1\n",
        )
        .unwrap();
        let err = build(dir.path(), dir.path(), 16).unwrap_err().0;
        assert!(!err.contains('\n') && err.contains("build.sh"), "{err}");
        assert!(err.contains("error: boom") || err.contains("g++"), "{err}");
        std::fs::write(&script, "exit 0\n").unwrap();
        let err = build(dir.path(), dir.path(), 16).unwrap_err().0;
        assert!(err.contains("made no") && err.contains("kluev-16"), "{err}");
        let missing = build(Path::new("/nonexistent/peers"), dir.path(), 16).unwrap_err();
        assert!(missing.0.contains("--peers"), "{}", missing.0);
    }

    #[test]
    fn the_telling_line_is_the_first_error() {
        assert_eq!(telling_line("a\nb: error: x\nc error\n"), "b: error: x");
        assert_eq!(telling_line("a\n  last  \n\n"), "last");
        assert_eq!(telling_line(""), "no message");
    }
}
