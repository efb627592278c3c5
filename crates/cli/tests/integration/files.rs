//! Where `queens` writes (issue 28): a path that names standard output's
//! file shares its position, `--output` and `--trace` are compared as files,
//! `--json` prints its one line when a run ends without its answer, a closed
//! standard output ends the run quietly, and a file that cannot be replaced
//! is refused naming the user's path and its folder, never the temporary
//! file.

use crate::harness;

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn command(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_queens"));
    cmd.args(args).current_dir(dir).stdin(Stdio::null());
    cmd
}

fn queens(dir: &Path, args: &[&str]) -> Output {
    harness::output(&mut command(dir, args))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Whether `lines` is an N-Queens board, 1-based columns one per line,
/// checked here: a permutation with no two queens on a diagonal.
fn is_board(lines: &[&str], n: usize) -> bool {
    let cols: Vec<i64> = lines.iter().map(|l| l.parse().unwrap_or(0)).collect();
    let mut seen = vec![false; n + 1];
    let mut diagonals = std::collections::HashSet::new();
    cols.len() == n
        && cols.iter().enumerate().all(|(row, &c)| {
            (1..=n as i64).contains(&c)
                && !std::mem::replace(&mut seen[c as usize], true)
                && diagonals.insert((0, row as i64 + c))
                && diagonals.insert((1, row as i64 - c))
        })
}

/// Runs `queens` with standard output redirected to `file` (as `> file`).
fn into_file(dir: &Path, args: &[&str], file: &Path) -> Output {
    let out = fs::File::create(file).unwrap();
    harness::output_elsewhere(command(dir, args).stdout(out))
}

#[test]
fn a_path_that_names_standard_outputs_file_shares_its_position() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let file = d.join("ds.txt");
    let by_name = file.to_str().unwrap();
    for path in ["/dev/stdout", "/proc/self/fd/1", "/dev/fd/1", by_name] {
        for n in [8, 1000] {
            let n_arg = n.to_string();
            let args = ["--algo", "explicit", "--output", path, &n_arg];
            let out = into_file(d, &args, &file);
            assert!(out.status.success(), "{path}: {}", text(&out.stderr));
            // The board alone on standard output, the summary on stderr.
            let written = fs::read_to_string(&file).unwrap();
            let lines: Vec<&str> = written.lines().collect();
            assert!(is_board(&lines, n), "{path} at n = {n}: {written:.80}");
            assert!(
                text(&out.stderr).starts_with(&format!("{n}-Queens: valid board")),
                "{path}"
            );
        }
        let out = into_file(d, &["--trace", path, "--algo", "attack-board", "4"], &file);
        assert!(out.status.success(), "{path}: {}", text(&out.stderr));
        let written = fs::read_to_string(&file).unwrap();
        let events: Vec<Value> = written
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{path}: {l}: {e}")))
            .collect();
        assert_eq!(events[0]["event"], "start", "{path}");
        assert_eq!(events.last().unwrap()["event"], "end", "{path}");
        assert_eq!(events.last().unwrap()["solutions"], 2, "{path}");
        assert_eq!(text(&out.stderr), "4-Queens has 2 solutions\n", "{path}");
        // --json keeps standard output for its line.
        let out = into_file(d, &["--json", "--output", path, "--first", "8"], &file);
        assert_eq!(out.status.code(), Some(2), "{path}");
        assert!(
            text(&out.stderr).contains("is standard output, where --json prints its line"),
            "{}",
            text(&out.stderr)
        );
        assert_eq!(fs::read(&file).unwrap(), b"");
    }
    assert_eq!(fs::read_dir(d).unwrap().count(), 1);
}

#[test]
fn output_and_trace_naming_one_file_are_refused_however_spelled() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir(d.join("sub")).unwrap();
    let same = |trace: &str, output: &str| {
        let out = queens(d, &["--trace", trace, "--output", output, "--first", "6"]);
        assert_eq!(out.status.code(), Some(2), "{trace} {output}");
        assert!(
            text(&out.stderr)
                .starts_with("error: --output and --trace name the same file: give each its own"),
            "{}",
            text(&out.stderr)
        );
    };
    // A file not there yet, by its resolved folder and name.
    same("same.txt", "./same.txt");
    same("same.txt", "sub/../same.txt");
    same(d.join("same.txt").to_str().unwrap(), "same.txt");
    assert!(!d.join("same.txt").exists());
    // A file that exists, by device and inode: a symbolic and a hard link.
    fs::write(d.join("same.txt"), "keep\n").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("same.txt", d.join("link.txt")).unwrap();
    fs::hard_link(d.join("same.txt"), d.join("hard.txt")).unwrap();
    same("same.txt", "./same.txt");
    #[cfg(unix)]
    same("link.txt", "same.txt");
    same("hard.txt", "same.txt");
    assert_eq!(fs::read_to_string(d.join("same.txt")).unwrap(), "keep\n");
    // A link to a file not there yet.
    fs::remove_file(d.join("same.txt")).unwrap();
    #[cfg(unix)]
    same("link.txt", "same.txt");
    // Two files are two files.
    let out = queens(
        d,
        &["--trace", "t.txt", "--output", "b.txt", "--first", "6"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let board = fs::read_to_string(d.join("b.txt")).unwrap();
    assert!(is_board(&board.lines().collect::<Vec<_>>(), 6), "{board}");
}

/// The one line of a `--json` run that ended without its answer: a failure
/// also said in one `error:` line on stderr, a search that gave up (an
/// outcome, not an error) in the line alone.
fn failed_line(out: &Output) -> Value {
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let line: Value = serde_json::from_str(&stdout).unwrap();
    let error = text(&out.stderr);
    if error.is_empty() {
        let said = line["error"].as_str().unwrap();
        assert!(said.starts_with("budget spent"), "{said}");
        return line;
    }
    assert!(error.starts_with("error: ") && error.lines().count() == 1);
    assert_eq!(
        line["error"].as_str(),
        Some(error.trim_end().trim_start_matches("error: "))
    );
    line
}

#[test]
fn json_prints_its_line_when_a_run_ends_without_its_answer() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for algo in ["swap-search", "min-conflicts-random", "mrv-tuned"] {
        for budget in ["1", "2"] {
            let args = ["--algo", algo, "--json", "--max-steps", budget, "1000"];
            let line = failed_line(&queens(d, &args));
            assert_eq!(line["algo"], algo);
            assert_eq!(line["n"], 1000);
            assert_eq!(line["mode"], "first");
            assert_eq!(line["solutions"], 0);
            assert!(line["valid"].is_null() && line["solution"].is_null());
            let steps = line["steps"].as_u64().unwrap_or_else(|| panic!("{line}"));
            assert!(steps <= budget.parse().unwrap(), "{line}");
            let error = line["error"].as_str().unwrap();
            assert!(error.starts_with("budget spent"), "{line}");
            assert!(error.contains(&format!(" after {steps} step")), "{line}");
        }
    }
    // A board found and not written: the line says so, and holds the board.
    let line = failed_line(&queens(
        d,
        &["--json", "--output", "/dev/full", "--first", "8"],
    ));
    assert_eq!(line["solutions"], 1);
    assert_eq!(line["valid"], true);
    assert!(line["output"].is_null());
    let board: Vec<String> = line["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(Value::to_string)
        .collect();
    assert!(is_board(
        &board.iter().map(String::as_str).collect::<Vec<_>>(),
        8
    ));
    assert!(
        line["error"].as_str().unwrap().contains("/dev/full"),
        "{line}"
    );
    // So does a trace that could not be written.
    let line = failed_line(&queens(d, &["--json", "--trace", "/dev/full", "6"]));
    assert!(line["error"].as_str().unwrap().contains("trace"), "{line}");
    // Bad input prints no line.
    let out = queens(d, &["--json", "--algo", "swap-search", "--seed", "x", "8"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

/// Runs `queens` whose standard output is a pipe whose reader has gone.
#[cfg(target_os = "linux")]
fn closed_stdout(dir: &Path, args: &[&str]) -> Output {
    use std::os::fd::{FromRawFd, OwnedFd};
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors; close-on-exec, so
    // that no other test's child keeps the reader open.
    assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
    // SAFETY: two fresh descriptors, owned here only.
    let (reader, writer) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(reader);
    harness::output_elsewhere(command(dir, args).stdout(writer))
}

#[cfg(target_os = "linux")]
#[test]
fn a_closed_standard_output_ends_the_run_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for args in [
        &["12"][..],
        &["-v", "12"],
        &["--first", "8"],
        &["--first", "--format", "board", "8"],
        &["--algo", "swap-search", "--first", "--output", "-", "8"],
        &["--algo", "explicit", "--output", "-", "3000"],
        &["--algo", "explicit", "--output", "/dev/stdout", "3000"],
        &["--trace", "-", "--algo", "attack-board", "6"],
        &["--trace", "/dev/stdout", "--first", "8"],
        &["--json", "8"],
        &[
            "--json",
            "--algo",
            "swap-search",
            "--max-steps",
            "1",
            "1000",
        ],
    ] {
        let out = closed_stdout(d, args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            !text(&out.stderr).contains("error"),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    // Files not finished are left as they were.
    let out = closed_stdout(d, &["--trace", "t.json", "-v", "8"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(fs::read_dir(d).unwrap().count(), 0);
}

#[cfg(unix)]
#[test]
fn a_file_in_a_folder_that_cannot_be_written_is_refused_naming_the_folder() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mode = |path: &Path, mode| fs::set_permissions(path, fs::Permissions::from_mode(mode));
    mode(d, 0o755).unwrap();
    let ro = d.join("ro");
    fs::create_dir(&ro).unwrap();
    fs::write(ro.join("board.txt"), "keep\n").unwrap();
    mode(&ro.join("board.txt"), 0o666).unwrap();
    mode(&ro, 0o555).unwrap();
    // The superuser may write any folder: run as nobody, from a copy of the
    // binary in this test's folder (the build folder may be closed to nobody,
    // as under a clone in a `mktemp -d` folder).
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    let binary = d.join("queens");
    if root {
        // Copied by `cp`, not here: a file this process held open for
        // writing could leak into a child another test thread forks at that
        // moment, and exec would then fail with "Text file busy".
        let cp = harness::output(
            Command::new("cp")
                .arg(env!("CARGO_BIN_EXE_queens"))
                .arg(&binary),
        );
        assert!(cp.status.success(), "{cp:?}");
        mode(&binary, 0o755).unwrap();
    }
    let run = |args: &[&str]| {
        if !root {
            return harness::output(&mut command(d, args));
        }
        let mut cmd = Command::new(&binary);
        cmd.args(args).current_dir(d).stdin(Stdio::null());
        harness::output(cmd.uid(65534).gid(65534))
    };
    let out = run(&["--first", "--output", "ro/board.txt", "8"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with(
            "error: cannot write the --output file ro/board.txt: the folder ro cannot be written"
        ),
        "{err}"
    );
    assert!(err.contains("temporary file beside it"), "{err}");
    assert!(
        !err.contains(".tmp") && !err.contains(".board.txt."),
        "{err}"
    );
    let out = run(&["--first", "--trace", "ro/new.json", "8"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: cannot write the --trace file ro/new.json: the folder ro"),
        "{err}"
    );
    assert!(!err.contains(".tmp"), "{err}");
    assert_eq!(fs::read_to_string(ro.join("board.txt")).unwrap(), "keep\n");
    assert_eq!(fs::read_dir(&ro).unwrap().count(), 1);
    mode(&ro, 0o755).unwrap();
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Issue 36, item 3: every path is checked before the work starts. A path
/// spelled as a folder (`nodir/`, `nodir/.`), a folder that is missing, a
/// file used as a folder: refused at once (status 2, nothing on stdout),
/// for `--output`, `--trace` and `--checkpoint` alike, and nothing made.
#[test]
fn every_path_is_checked_before_the_work_starts() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("plain"), "keep\n").unwrap();
    for path in [
        "nodir/",
        "nodir/.",
        "nodir/x.json",
        "plain/",
        "plain/x.json",
    ] {
        for run in [
            &["--first", "--output", path, "8"][..],
            &["--trace", path, "6"],
            &["--algo", "half-join", "--checkpoint", path, "10"],
        ] {
            let out = queens(d, run);
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{run:?}: {err}");
            assert!(out.stdout.is_empty(), "{run:?}");
            let option = run
                .iter()
                .find(|a| ["--output", "--trace", "--checkpoint"].contains(a));
            assert!(
                err.starts_with(&format!(
                    "error: cannot write the {} file {path}: ",
                    option.unwrap()
                )),
                "{run:?}: {err}"
            );
            assert_eq!(names(d), ["plain"], "{run:?}");
        }
    }
}

/// Issue 36, item 3: a board found and not saved is never lost: printed
/// (whatever its size), then the file's failure, status 1; `--json`'s
/// line holds it (over 1000 queens too) and says why in `error`.
#[test]
fn a_board_that_cannot_be_saved_is_printed_then_the_failure() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for n in [8, 1200] {
        let size = n.to_string();
        let out = queens(d, &["--algo", "explicit", "--output", "/dev/full", &size]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{stdout}");
        let cols: Vec<&str> = lines[0]
            .strip_prefix('(')
            .and_then(|l| l.strip_suffix(')'))
            .unwrap()
            .split(", ")
            .collect();
        assert!(is_board(&cols, n), "{}", lines[0]);
        assert!(
            lines[1].contains("printed above, as --output /dev/full could not be written"),
            "{}",
            lines[1]
        );
        let err = text(&out.stderr);
        assert!(
            err.starts_with("error: cannot write the --output file /dev/full: "),
            "{err}"
        );
    }
    let line = failed_line(&queens(
        d,
        &[
            "--json",
            "--algo",
            "explicit",
            "--output",
            "/dev/full",
            "3000",
        ],
    ));
    let board: Vec<String> = line["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(Value::to_string)
        .collect();
    assert!(is_board(
        &board.iter().map(String::as_str).collect::<Vec<_>>(),
        3000
    ));
    assert!(line["output"].is_null());
    assert!(line["error"].as_str().unwrap().contains("/dev/full"));
}
