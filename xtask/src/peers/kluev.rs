//! The peer of half-join: Evgeny Kluev's quadrant-join counter
//! (`kluev-count`, MIT, <https://github.com/EvgenyKluev/N-Queens-Count-Sol>).
//! Its board size is a compile-time constant, so it is built once per n
//! with the author's tuning for that n (a peers folder's `build.sh N OUT`,
//! or [`build_checkout`] on the checkout git fetches at [`PIN`]) and run as
//! `OUT THREADS`; it prints `Result: COUNT` and its own elapsed time.

use std::path::Path;
use std::process::{Command, Stdio};

use super::programs::{check_folder, executable};
use super::targets::{Comparison, Peer, Target, prog};
use crate::{Error, Result, bail};

/// Where the counter's sources are fetched from.
pub const REPOSITORY: &str = "https://github.com/EvgenyKluev/N-Queens-Count-Sol";
/// The commit fetched and verified: the one the targets were measured
/// with (its files are those of the peers folder's `kluev-count`).
pub const PIN: &str = "580f44458d14a3352bf37ccd58d9f0b96de41c05";

/// The rows' board sizes; `--quick` takes the first (`build.sh` knows no
/// size below 16).
pub const SIZES: [u64; 5] = [16, 17, 18, 19, 20];

/// The target: half-join's time at most 0.8× Kluev's, from n = 18 (at
/// n = 16 and 17 both take about a second or less, and no target is set
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
/// and on two (wall time), medians of 3.
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
/// a peers folder's `kluev-count/build.sh`.
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

/// Makes `dir` a checkout of [`REPOSITORY`] (or of `$QUEENS_KLUEV_GIT`, a
/// mirror of it) at [`PIN`], fetched with git unless it is one already.
pub fn fetch(dir: &Path) -> Result<()> {
    let url = std::env::var("QUEENS_KLUEV_GIT").unwrap_or_else(|_| REPOSITORY.to_string());
    fetch_at(&url, PIN, dir)
}

/// Makes `dir` a checkout of `url` at `commit`, verified with `git
/// rev-parse HEAD`; the error is one line saying what failed and what to do.
pub fn fetch_at(url: &str, commit: &str, dir: &Path) -> Result<()> {
    if head(dir).as_deref() == Some(commit) {
        return Ok(());
    }
    let what_to_do = "give a folder holding kluev-count with --peers DIR or QUEENS_PEERS, \
                      or leave it out with --only ref,mc";
    let failed = |step: &str, why: &str| {
        Error(format!(
            "kluev-count: not fetched ({step} failed: {why}); {what_to_do}"
        ))
    };
    std::fs::create_dir_all(dir).map_err(|e| failed("mkdir", &e.to_string()))?;
    eprintln!("xtask: git fetch {url} {commit} into {}", dir.display());
    let git_dir = dir.join(".git");
    let steps: [(&str, Vec<&str>); 3] = [
        ("git init", vec!["init", "--quiet"]),
        (
            "git fetch",
            vec!["fetch", "--quiet", "--depth", "1", url, commit],
        ),
        (
            "git checkout",
            vec!["checkout", "--quiet", "--detach", "FETCH_HEAD"],
        ),
    ];
    for (step, args) in steps {
        // The folder's own .git, named outright, so that git never falls
        // back to a repository around it (target/ is in the project's).
        let output = Command::new("git")
            .arg("--git-dir")
            .arg(&git_dir)
            .arg("--work-tree")
            .arg(dir)
            .args(&args)
            .env("GIT_TERMINAL_PROMPT", "0")
            .stdin(Stdio::null())
            .output()
            .map_err(|e| failed(step, &format!("cannot run git: {e}")))?;
        if !output.status.success() {
            let step = format!("{step} {url}");
            return Err(failed(
                &step,
                telling_line(&String::from_utf8_lossy(&output.stderr)),
            ));
        }
    }
    match head(dir) {
        Some(got) if got == commit => Ok(()),
        got => Err(failed(
            "git rev-parse HEAD",
            &format!("{} is not the pinned {commit}", got.unwrap_or_default()),
        )),
    }
}

/// The commit checked out in `dir`'s own `.git`, if any.
fn head(dir: &Path) -> Option<String> {
    let git_dir = dir.join(".git");
    if !git_dir.is_dir() {
        return None;
    }
    let output = Command::new("git")
        .arg("--git-dir")
        .arg(&git_dir)
        .args(["rev-parse", "HEAD"])
        .stderr(Stdio::null())
        .output()
        .ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// The author's tuning for board size `n` (the table in `solcounter.h`):
/// sieve cuts, match size, BMI2, prefetch; none outside 16..=22.
pub fn tuning(n: u64) -> Option<(u32, u32, bool, bool)> {
    Some(match n {
        16..=18 => (0, 40, false, true),
        19 => (0, 40, true, true),
        20 => (3, 60, true, true),
        21 => (3, 60, true, false),
        22 => (6, 80, true, true),
        _ => return None,
    })
}

/// `text` with the value after each `key` (up to the next `,` or `;`)
/// set to its value; fails naming a key that is not there.
fn set_values(text: &str, values: &[(&str, String)]) -> Result<String> {
    let mut text = text.to_string();
    for (key, value) in values {
        let Some(at) = text.find(key) else {
            bail!("kluev-count's solcounter.h has no '{key}' (not the pinned commit?)");
        };
        let start = at + key.len();
        let end = start + text[start..].find([',', ';']).unwrap_or(0);
        text.replace_range(start..end, value);
    }
    Ok(text)
}

/// Builds kluev-count for size `n` into `dir` (see [`executable`]) from
/// the checkout `src`: a copy of its sources with the size and the
/// author's tuning for it set, compiled as its README says (g++, C++20).
pub fn build_checkout(src: &Path, dir: &Path, n: u64) -> Result<()> {
    let Some((cuts, match_size, bmi, prefetch)) = tuning(n) else {
        bail!("kluev-count is tuned for n = 16..22 only, not {n}");
    };
    let work = tempfile::tempdir()
        .map_err(|e| Error(format!("cannot make a folder to build kluev-count: {e}")))?;
    let read = |name: &str| {
        std::fs::read_to_string(src.join(name))
            .map_err(|e| Error(format!("cannot read {}: {e}", src.join(name).display())))
    };
    let entries =
        std::fs::read_dir(src).map_err(|e| Error(format!("cannot read {}: {e}", src.display())))?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.ends_with(".h") || name.ends_with(".cpp") {
            std::fs::write(work.path().join(&*name), read(&name)?)
                .map_err(|e| Error(format!("cannot copy {name}: {e}")))?;
        }
    }
    let solcounter = set_values(
        &read("solcounter.h")?,
        &[
            ("inline constexpr int size = ", n.to_string()),
            (".sieveCuts = ", cuts.to_string()),
            (".matchMinSize = ", match_size.to_string()),
            (".bmiIntrin = ", bmi.to_string()),
            (".prefetch = ", prefetch.to_string()),
        ],
    )?;
    let mut edits = vec![("solcounter.h", solcounter)];
    // The instructions are switched on by their header, as the README says.
    for (on, header, include, flag) in [
        (prefetch, "prefetch.h", "prefetchx86.h", "_isPFAvail"),
        (bmi, "bmintrin.h", "bmi2.h", "_isBMAvail"),
    ] {
        if on {
            let text = read(header)?
                .replace(
                    &format!("//#include \"{include}\""),
                    &format!("#include \"{include}\""),
                )
                .replace(&format!("{flag}(false)"), &format!("{flag}(true)"));
            edits.push((header, text));
        }
    }
    for (name, text) in edits {
        std::fs::write(work.path().join(name), text)
            .map_err(|e| Error(format!("cannot write {name}: {e}")))?;
    }
    let exe = std::path::absolute(executable(dir, Peer::Kluev, n))
        .map_err(|e| Error(format!("cannot place kluev-{n}: {e}")))?;
    eprintln!("xtask: g++ -std=c++20 -O3 -march=native kluev-count (n = {n}, about 10 s)");
    let output = Command::new("g++")
        .args(["-std=c++20", "-O3", "-march=native", "-o"])
        .arg(&exe)
        .arg("main.cpp")
        .current_dir(work.path())
        .output()
        .map_err(|e| Error(format!("cannot run g++, which builds kluev-count: {e}")))?;
    if !output.status.success() {
        bail!(
            "g++ kluev-count (n = {n}) failed ({}): {}",
            output.status,
            telling_line(&String::from_utf8_lossy(&output.stderr))
        );
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
            assert_eq!((c.peer, c.n, c.runs), (Peer::Kluev, n, 3));
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

    /// `git` with `args` in `dir`, which must succeed; its output.
    fn git(dir: &Path, args: &[&str]) -> String {
        let out = Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@t", "-C"])
            .arg(dir)
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    }

    #[test]
    fn a_checkout_is_fetched_at_its_pin_or_named_in_one_line() {
        if Command::new("git").arg("--version").output().is_err() {
            eprintln!("skipped: no git");
            return;
        }
        let upstream = tempfile::tempdir().unwrap();
        git(upstream.path(), &["init", "--quiet"]);
        std::fs::write(upstream.path().join("main.cpp"), "int main() {}\n").unwrap();
        git(upstream.path(), &["add", "main.cpp"]);
        git(upstream.path(), &["commit", "--quiet", "-m", "one"]);
        let pin = git(upstream.path(), &["rev-parse", "HEAD"]);
        let url = format!("file://{}", upstream.path().display());
        let target = tempfile::tempdir().unwrap();
        let checkout = target.path().join("kluev");
        fetch_at(&url, &pin, &checkout).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(head(&checkout).as_deref(), Some(pin.as_str()));
        assert!(checkout.join("main.cpp").is_file());
        // Already there: no git run, so even a dead address does.
        fetch_at("file:///nonexistent/repo", &pin, &checkout).unwrap();
        let other = "0".repeat(40);
        let err = fetch_at(&url, &other, &target.path().join("other"))
            .unwrap_err()
            .0;
        assert!(!err.contains('\n'), "{err}");
        assert!(
            err.starts_with("kluev-count: not fetched (git fetch")
                && err.contains("--peers DIR or QUEENS_PEERS")
                && err.contains("--only ref,mc"),
            "{err}"
        );
    }

    #[test]
    fn the_size_and_tuning_are_set_in_the_sources() {
        let text = "inline constexpr int size = 18;\n  .sieveCuts = 0,   // 0 0\n";
        let set = set_values(
            text,
            &[
                ("inline constexpr int size = ", "20".into()),
                (".sieveCuts = ", "3".into()),
            ],
        )
        .unwrap();
        assert_eq!(
            set,
            "inline constexpr int size = 20;\n  .sieveCuts = 3,   // 0 0\n"
        );
        let err = set_values(text, &[(".prefetch = ", "true".into())])
            .unwrap_err()
            .0;
        assert!(err.contains(".prefetch"), "{err}");
        assert!(SIZES.iter().all(|&n| tuning(n).is_some()));
        assert_eq!(tuning(20), Some((3, 60, true, true)));
        assert_eq!((tuning(15), tuning(23)), (None, None));
    }

    #[test]
    fn the_telling_line_is_the_first_error() {
        assert_eq!(telling_line("a\nb: error: x\nc error\n"), "b: error: x");
        assert_eq!(telling_line("a\n  last  \n\n"), "last");
        assert_eq!(telling_line(""), "no message");
    }
}
