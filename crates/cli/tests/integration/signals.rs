//! A `--checkpoint` count and the signals that end it, each promise with
//! its own oracle (the OEIS count, the exit status, the file itself): it
//! saves and ends by SIGINT, SIGTERM or SIGHUP; a second signal ends it at
//! once; an ignored SIGINT stays ignored; a signal after the last task
//! still prints the answer; the file is replaced whole every few seconds
//! for as long as the count runs,
//! and a save that fails is a warning. The run is signalled at a point it
//! announces (`QUEENS_PAUSE_AFTER_TASKS`), never after a sleep (one test
//! holds a paused run at least a time, a bound no load can shorten), and each
//! child sets its own signal dispositions.

use std::fs;
use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use queens_core::known;
use serde_json::Value;

use crate::harness;
use crate::harness::Lines;

/// The board size of these counts: a few dozen tasks, a moment to count.
const N: usize = 12;
/// Where a paused run says so.
const PAUSED: &str = "queens: test hook: paused after";

/// A `queens` count with a checkpoint, on one thread, as it runs.
struct Run {
    child: Child,
    stdin: Option<ChildStdin>,
    stderr: Lines,
    stdout: JoinHandle<String>,
}

impl Run {
    /// Starts `queens --algo half-join --threads 1 --json --no-steps
    /// --checkpoint FILE N` in `dir` with `env`, its dispositions set by
    /// `signals`.
    fn start(
        dir: &Path,
        file: &str,
        env: &[(&str, &str)],
        signals: fn(&mut Command) -> &mut Command,
    ) -> Run {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_queens"));
        cmd.args(["--algo", "half-join", "--threads", "1", "--json"])
            .args(["--no-steps", "--checkpoint", file, &N.to_string()])
            .envs(env.iter().copied())
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = signals(&mut cmd).spawn().unwrap();
        let stdout = child.stdout.take().unwrap();
        Run {
            stdin: child.stdin.take(),
            stderr: Lines::of(child.stderr.take().unwrap()),
            stdout: std::thread::spawn(move || std::io::read_to_string(stdout).unwrap()),
            child,
        }
    }

    fn pid(&self) -> i32 {
        self.child.id() as i32
    }

    /// Waits until the run says it paused after `k` tasks.
    fn paused_after(&mut self, k: usize) {
        self.stderr.expect(&format!("{PAUSED} {k} tasks"));
    }

    /// Lets a paused run count one more task.
    fn go_on(&mut self) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    /// Closes the run's stdin: it pauses no more.
    fn release(&mut self) {
        drop(self.stdin.take());
    }

    /// The end of the run: its status, stdout and every stderr line.
    fn end(mut self) -> (ExitStatus, String, Vec<String>) {
        self.release();
        let status = harness::wait(&mut self.child, "queens --checkpoint");
        let err = self.stderr.rest();
        (status, self.stdout.join().unwrap(), err)
    }
}

/// The checkpoint at `path`, if it reads as JSON.
fn saved(path: &Path) -> Option<Value> {
    serde_json::from_slice(&fs::read(path).ok()?).ok()
}

fn tasks_in(file: &Value) -> usize {
    file["finished"].as_array().unwrap().len()
}

/// Polls `path` until it holds a checkpoint of `k` tasks (fails past the
/// deadline): the file a run saves, read as it changes.
fn until_saved_with(path: &Path, k: usize) -> Value {
    let give_up = Instant::now() + harness::DEADLINE;
    loop {
        if let Some(file) = saved(path).filter(|f| tasks_in(f) == k) {
            return file;
        }
        assert!(
            Instant::now() < give_up,
            "{} never held {k} tasks: {:?}",
            path.display(),
            saved(path)
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The solutions of a finished `--json` run, which must have succeeded.
fn solutions(status: ExitStatus, stdout: &str, err: &[String]) -> u64 {
    assert!(status.success(), "{status:?}: {err:?}");
    let line: Value = serde_json::from_str(stdout).unwrap();
    line["solutions"].as_u64().unwrap()
}

/// The `--json` line of an interrupted count: one line, no count (the
/// answer is not known), and its `error`, returned.
fn interrupted_line(stdout: &str) -> String {
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let line: Value = serde_json::from_str(stdout).unwrap();
    assert_eq!(line["solutions"], 0, "{line}");
    let error = line["error"].as_str().unwrap().to_string();
    assert!(error.starts_with("interrupted by "), "{error}");
    error
}

/// Runs the count again from `file` in `dir`, to its end: its solutions.
fn resume(dir: &Path, file: &str) -> u64 {
    let run = Run::start(dir, file, &[], harness::default_signals);
    let (status, stdout, err) = run.end();
    solutions(status, &stdout, &err)
}

/// The tasks of this count, from the complete file of a plain run.
fn owned() -> usize {
    let dir = tempfile::tempdir().unwrap();
    resume(dir.path(), "all.json");
    let file = saved(&dir.path().join("all.json")).unwrap();
    assert_eq!(file["complete"], true);
    file["owned"].as_u64().unwrap() as usize
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The signal mask `field` (SigIgn, SigCgt) of process `pid` has `signal`.
fn has(pid: i32, field: &str, signal: libc::c_int) -> bool {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let mask = status
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{field}:")))
        .unwrap();
    u64::from_str_radix(mask.trim(), 16).unwrap() & (1 << (signal - 1)) != 0
}

#[test]
fn each_signal_saves_the_tasks_finished_and_ends_the_run_by_itself() {
    let owned = owned();
    for (signal, name) in [
        (libc::SIGINT, "SIGINT"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGHUP, "SIGHUP"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let pause = [("QUEENS_PAUSE_AFTER_TASKS", "2")];
        let mut run = Run::start(d, "ck.json", &pause, harness::default_signals);
        run.paused_after(2);
        harness::signal(run.pid(), signal);
        let (status, stdout, err) = run.end();
        assert_eq!(status.signal(), Some(signal), "{name}: {status:?} {err:?}");
        let error = interrupted_line(&stdout);
        assert!(
            error.starts_with(&format!("interrupted by {name}")),
            "{error}"
        );
        let said = format!(
            "queens: interrupted; the --checkpoint file ck.json holds 2 of {owned} tasks: run \
             the same command again to go on"
        );
        assert!(err.contains(&said), "{name}: {err:?}");
        let file = saved(&d.join("ck.json")).unwrap();
        assert_eq!((tasks_in(&file), &file["complete"]), (2, &false.into()));
        assert_eq!(names(d), ["ck.json"], "{name}");
        assert_eq!(Some(resume(d, "ck.json")), known::total(N), "{name}");
    }
}

#[test]
fn a_second_signal_ends_the_run_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The first signal is held while its save is held (QUEENS_HOLD_SAVE);
    // no periodic save comes in the meantime.
    let env = [
        ("QUEENS_PAUSE_AFTER_TASKS", "1"),
        ("QUEENS_HOLD_SAVE", "1"),
        ("QUEENS_SAVE_EVERY_MS", "3600000"),
    ];
    let mut run = Run::start(d, "ck.json", &env, harness::default_signals);
    run.paused_after(1);
    harness::signal(run.pid(), libc::SIGINT);
    run.stderr.expect("queens: test hook: holding the save");
    harness::signal(run.pid(), libc::SIGTERM);
    let (status, stdout, err) = run.end();
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{status:?} {err:?}");
    assert!(stdout.is_empty());
    assert!(!err.iter().any(|l| l.contains("interrupted")), "{err:?}");
    assert!(names(d).is_empty(), "{:?}", names(d));
}

#[test]
fn an_ignored_sigint_stays_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let pause = [("QUEENS_PAUSE_AFTER_TASKS", "1")];
    let mut run = Run::start(d, "ck.json", &pause, harness::ignoring_sigint);
    run.paused_after(1);
    // The run holds SIGTERM, and SIGINT is still ignored.
    assert!(has(run.pid(), "SigCgt", libc::SIGTERM));
    assert!(has(run.pid(), "SigIgn", libc::SIGINT));
    assert!(!has(run.pid(), "SigCgt", libc::SIGINT));
    // An ignored signal is dropped when sent: nothing is left to come.
    harness::signal(run.pid(), libc::SIGINT);
    run.release();
    let (status, stdout, err) = run.end();
    assert_eq!(solutions(status, &stdout, &err), known::total(N).unwrap());
    assert!(!err.iter().any(|l| l.contains("interrupted")), "{err:?}");
    assert_eq!(saved(&d.join("ck.json")).unwrap()["complete"], true);
}

#[test]
fn a_signal_after_the_last_task_prints_the_answer_and_ends_by_it() {
    let owned = owned();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // One task short: the answer is not known, and is not printed.
    let short = (owned - 1).to_string();
    let run = Run::start(
        d,
        "short.json",
        &[("QUEENS_INTERRUPT_AFTER_TASKS", &short)],
        harness::default_signals,
    );
    let (status, stdout, err) = run.end();
    assert_eq!(status.signal(), Some(libc::SIGINT), "{status:?} {err:?}");
    interrupted_line(&stdout);
    let file = saved(&d.join("short.json")).unwrap();
    assert_eq!(
        (tasks_in(&file), &file["complete"]),
        (owned - 1, &false.into())
    );
    let said = format!(
        "holds {} of {owned} tasks: run the same command again",
        owned - 1
    );
    assert!(err.iter().any(|l| l.contains(&said)), "{err:?}");
    // The signal taken as the last task finishes: the count is complete.
    let all = owned.to_string();
    let run = Run::start(
        d,
        "all.json",
        &[("QUEENS_INTERRUPT_AFTER_TASKS", &all)],
        harness::default_signals,
    );
    let (status, stdout, err) = run.end();
    assert_eq!(status.signal(), Some(libc::SIGINT), "{status:?} {err:?}");
    let line: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(line["solutions"].as_u64(), known::total(N));
    assert_eq!(
        err,
        [
            "queens: interrupted after the count was complete: its answer is printed, and the \
             --checkpoint file all.json holds it"
        ]
    );
    let file = saved(&d.join("all.json")).unwrap();
    assert_eq!(file["complete"], true);
    assert_eq!(file["solutions"].as_u64(), known::total(N));
    assert_eq!(Some(resume(d, "all.json")), known::total(N));
}

#[test]
fn the_checkpoint_is_replaced_whole_while_the_count_runs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let env = [
        ("QUEENS_PAUSE_AFTER_TASKS", "1"),
        ("QUEENS_SAVE_EVERY_MS", "20"),
    ];
    let mut run = Run::start(d, "ck.json", &env, harness::default_signals);
    // Three saves, one after each task, each seen whole.
    for k in 1..=3 {
        run.paused_after(k);
        let file = until_saved_with(&d.join("ck.json"), k);
        assert_eq!(file["complete"], false);
        if k < 3 {
            run.go_on();
        }
    }
    // Killed where no handler runs: the last save is what is left.
    run.child.kill().unwrap();
    let (status, stdout, _) = run.end();
    assert_eq!(status.signal(), Some(libc::SIGKILL));
    assert!(stdout.is_empty());
    assert_eq!(names(d), ["ck.json"]);
    assert_eq!(tasks_in(&saved(&d.join("ck.json")).unwrap()), 3);
    assert_eq!(Some(resume(d, "ck.json")), known::total(N));
}

/// Issue 33: the promise is "a save every interval while tasks finish",
/// for as long as the count runs, not only near its start. The test
/// shortens the interval (20 ms) and holds the count paused for
/// [`HELD_INTERVALS`] of them, then lets one task finish: a save of it
/// must still come. Held is a lower bound (a sleep is never shorter), and
/// it starts once the first save is seen, so after the ticker began: the
/// run has lived more than 6 s, more than the default interval (5 s), when
/// that save is due. A save window of a fixed time under 6 s (the first
/// 5 s, or the first interval) never makes it, on any machine and under
/// any load; the code as it is saves within a tick (100 ms). No time
/// threshold decides the verdict, only the file's content, with the
/// harness's deadline for a save that never comes.
#[test]
fn saves_keep_coming_for_as_long_as_the_count_runs() {
    const EVERY_MS: u64 = 20;
    const HELD_INTERVALS: u64 = 300;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let env = [
        ("QUEENS_PAUSE_AFTER_TASKS", "1"),
        ("QUEENS_SAVE_EVERY_MS", &*EVERY_MS.to_string()),
    ];
    let mut run = Run::start(d, "ck.json", &env, harness::default_signals);
    run.paused_after(1);
    assert_eq!(until_saved_with(&d.join("ck.json"), 1)["complete"], false);
    // No task finishes while the run is paused: no save, however long.
    std::thread::sleep(Duration::from_millis(HELD_INTERVALS * EVERY_MS));
    assert_eq!(tasks_in(&saved(&d.join("ck.json")).unwrap()), 1);
    run.go_on();
    run.paused_after(2);
    // Paused again, so not the final save: the periodic one, late in the run.
    let file = until_saved_with(&d.join("ck.json"), 2);
    assert_eq!(file["complete"], false);
    let (status, stdout, err) = run.end();
    assert_eq!(solutions(status, &stdout, &err), known::total(N).unwrap());
}

#[test]
fn a_save_that_fails_is_a_warning_and_the_count_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let sub = d.join("sub");
    fs::create_dir(&sub).unwrap();
    let env = [
        ("QUEENS_PAUSE_AFTER_TASKS", "1"),
        ("QUEENS_SAVE_EVERY_MS", "20"),
    ];
    let mut run = Run::start(d, "sub/ck.json", &env, harness::default_signals);
    run.paused_after(1);
    until_saved_with(&sub.join("ck.json"), 1);
    // The folder gone (the superuser is not stopped by permissions).
    fs::remove_dir_all(&sub).unwrap();
    run.go_on();
    run.paused_after(2);
    let warning = run.stderr.expect("counting on");
    assert!(
        warning.starts_with("warning: cannot write the --checkpoint file sub/ck.json: "),
        "{warning}"
    );
    // Back in place: the count ends, saved, with its answer.
    fs::create_dir(&sub).unwrap();
    let (status, stdout, err) = run.end();
    assert_eq!(solutions(status, &stdout, &err), known::total(N).unwrap());
    let warnings = err.iter().filter(|l| l.starts_with("warning:")).count();
    assert_eq!(warnings, 1, "{err:?}");
    assert_eq!(saved(&sub.join("ck.json")).unwrap()["complete"], true);
}

/// Issue 36, item 3: a count whose last save fails (its folder gone) is
/// not lost: its line holds the count, `error` names the checkpoint, and
/// the status is 1.
#[test]
fn a_count_whose_last_save_fails_prints_its_answer_then_the_failure() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let sub = d.join("sub");
    fs::create_dir(&sub).unwrap();
    let mut run = Run::start(
        d,
        "sub/ck.json",
        &[("QUEENS_PAUSE_AFTER_TASKS", "1")],
        harness::default_signals,
    );
    run.paused_after(1);
    fs::remove_dir_all(&sub).unwrap();
    let (status, stdout, err) = run.end();
    assert_eq!(status.code(), Some(1), "{err:?}");
    let line: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(line["solutions"].as_u64(), known::total(N), "{line}");
    let error = line["error"].as_str().unwrap();
    assert!(
        error.starts_with("cannot write the --checkpoint file sub/ck.json: "),
        "{error}"
    );
    assert_eq!(
        err.last().map(String::as_str),
        Some(&*format!("error: {error}"))
    );
}

/// Issue 36, item 5: an interrupted `--json` run prints its one line, with
/// what is known (the run's settings, the time so far, no count) and the
/// signal in `error`, then ends by the signal; with `--checkpoint`, `error`
/// also says what the file holds. The plain run is signalled once it
/// writes its trace into a FIFO (a point it announces, not a sleep).
#[test]
fn an_interrupted_json_run_prints_its_line_with_the_reason() {
    for (signal, name) in [
        (libc::SIGINT, "SIGINT"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGHUP, "SIGHUP"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("trace");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: `c` is a valid path for the call's duration.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_queens"));
        cmd.args(["--json", "--trace", "trace", "--algo", "attack-board", "10"])
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = harness::default_signals(&mut cmd).spawn().unwrap();
        let stdout = child.stdout.take().unwrap();
        let stdout = std::thread::spawn(move || std::io::read_to_string(stdout).unwrap());
        // The first line of the trace, then no more reading: the run
        // blocks on the full FIFO, underway, when it is signalled.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            let mut reader = std::io::BufReader::new(fs::File::open(&fifo).unwrap());
            let mut first = String::new();
            reader.read_line(&mut first).unwrap();
            tx.send((first, reader)).unwrap();
        });
        let (first, reader) = rx.recv_timeout(harness::DEADLINE).unwrap();
        assert!(first.starts_with("{\"event\":\"start\""), "{first}");
        harness::signal(child.id() as i32, signal);
        let status = harness::wait(&mut child, "queens --json --trace FIFO");
        drop(reader);
        assert_eq!(status.signal(), Some(signal), "{name}: {status:?}");
        let stdout = stdout.join().unwrap();
        assert_eq!(stdout.lines().count(), 1, "{name}: {stdout}");
        let line: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(line["algo"], "attack-board", "{line}");
        assert_eq!(line["n"], 10, "{line}");
        assert_eq!(line["solutions"], 0, "{line}");
        assert!(line["nanos"].as_u64().unwrap() > 0, "{line}");
        let error = line["error"].as_str().unwrap();
        assert!(
            error.starts_with(&format!("interrupted by {name}")),
            "{error}"
        );
    }
    // With a checkpoint: the file's state is in error too.
    let dir = tempfile::tempdir().unwrap();
    let pause = [("QUEENS_PAUSE_AFTER_TASKS", "2")];
    let mut run = Run::start(dir.path(), "ck.json", &pause, harness::default_signals);
    run.paused_after(2);
    harness::signal(run.pid(), libc::SIGTERM);
    let (status, stdout, err) = run.end();
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{err:?}");
    let line: Value = serde_json::from_str(&stdout).unwrap();
    let error = line["error"].as_str().unwrap();
    assert!(
        error.starts_with("interrupted by SIGTERM; the --checkpoint file ck.json holds 2 of "),
        "{error}"
    );
}
