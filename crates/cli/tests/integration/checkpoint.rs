//! Long counts: `--checkpoint` resumes an interrupted (sharded) count to the
//! right answer and refuses files it cannot trust, leaving them as they
//! are; the progress line appears on a terminal only, never with `--json`.

use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use queens_core::known;
use serde_json::Value;

use crate::harness;

fn queens(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    harness::output(
        Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(args)
            .envs(env.iter().copied())
            .current_dir(dir),
    )
}

/// The solutions of a `--json --no-steps` count.
fn solutions(out: &Output) -> u64 {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line: Value = serde_json::from_slice(&out.stdout).unwrap();
    line["solutions"].as_u64().unwrap()
}

fn saved(path: &Path) -> Value {
    serde_json::from_slice(&fs::read(path).unwrap()).unwrap()
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

const COUNT: [&str; 5] = ["--algo", "half-join", "--json", "--no-steps", "15"];

#[test]
fn an_interrupted_sharded_count_resumes_to_the_right_answer() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let shard = |i: &'static str, file: &'static str, threads: &'static str| {
        let mut args = COUNT.to_vec();
        args.extend(["--shard", i, "--threads", threads, "--checkpoint", file]);
        args
    };
    let plain = |i: &str| {
        let mut args = COUNT.to_vec();
        args.extend(["--shard", i]);
        solutions(&queens(d, &args, &[]))
    };
    // Interrupted as by Ctrl-C once 40 tasks have finished.
    let out = queens(
        d,
        &shard("1/2", "one.json", "2"),
        &[("QUEENS_INTERRUPT_AFTER_TASKS", "40")],
    );
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(out.status.signal(), Some(libc::SIGINT), "{out:?}");
    }
    // The --json line of a run without its answer: no count, and why.
    let line: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["solutions"], 0, "{line}");
    let error = line["error"].as_str().unwrap();
    assert!(
        error.starts_with("interrupted by SIGINT") && error.contains("one.json"),
        "{error}"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("interrupted") && err.contains("one.json"),
        "{err}"
    );
    let first = saved(&d.join("one.json"));
    let done = first["finished"].as_array().unwrap().len();
    let owned = first["owned"].as_u64().unwrap() as usize;
    assert_eq!(first["complete"], false);
    assert!(done >= 40 && done < owned, "{done} of {owned}");
    assert_eq!(names(d), ["one.json"]);
    // Resumed on another number of threads: the shard's own count.
    let resumed = solutions(&queens(d, &shard("1/2", "one.json", "1"), &[]));
    assert_eq!(resumed, plain("1/2"));
    let complete = saved(&d.join("one.json"));
    assert_eq!(complete["complete"], true);
    assert_eq!(complete["solutions"].as_u64(), Some(resumed));
    // The tasks finished before are kept as they were.
    let after = complete["finished"].as_array().unwrap();
    assert!(
        first["finished"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| after.contains(t))
    );
    // The other shard, then the sum; a complete file answers again.
    let other = solutions(&queens(d, &shard("2/2", "two.json", "2"), &[]));
    assert_eq!(Some(resumed + other), known::total(15));
    let again = queens(d, &shard("1/2", "one.json", "2"), &[]);
    assert_eq!(solutions(&again), resumed);
    assert_eq!(names(d), ["one.json", "two.json"]);
    // ... and says so: on stderr, and in the line's extra.
    let line: Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(line["extra"]["from_checkpoint"], 1, "{line}");
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(
        err.contains("the answer comes from --checkpoint one.json")
            && err.contains("nothing was counted"),
        "{err}"
    );
    // A fresh count's line does not claim it.
    let fresh = queens(d, &shard("1/2", "fresh.json", "2"), &[]);
    let line: Value = serde_json::from_slice(&fresh.stdout).unwrap();
    assert!(line["extra"].get("from_checkpoint").is_none(), "{line}");
    // In text, --time names where the answer came from, not a time.
    let text = queens(
        d,
        &[
            "--algo",
            "half-join",
            "--time",
            "--shard",
            "1/2",
            "--checkpoint",
            "one.json",
            "15",
        ],
        &[],
    );
    let out = String::from_utf8_lossy(&text.stdout);
    assert!(out.ends_with("(from the checkpoint, half-join)\n"), "{out}");
}

#[test]
fn an_interrupted_count_of_the_tree_counters_resumes_with_its_fundamental_boards() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for algo in ["bitmask-mirror", "bitmask-symmetric"] {
        let file = format!("{algo}.json");
        let mut args = vec!["--algo", algo, "--json", "--no-steps", "--threads", "2"];
        let unique = algo == "bitmask-symmetric";
        if unique {
            args.push("--unique");
        }
        args.extend(["--checkpoint", &file, "12"]);
        let out = queens(d, &args, &[("QUEENS_INTERRUPT_AFTER_TASKS", "5")]);
        assert!(!out.status.success(), "{algo}: {out:?}");
        let first = saved(&d.join(&file));
        let done = first["finished"].as_array().unwrap().len();
        let owned = first["owned"].as_u64().unwrap() as usize;
        assert!(done >= 5 && done < owned, "{algo}: {done} of {owned}");
        let out = queens(d, &args, &[]);
        assert_eq!(Some(solutions(&out)), known::total(12), "{algo}");
        let line: Value = serde_json::from_slice(&out.stdout).unwrap();
        if unique {
            assert_eq!(line["unique"].as_u64(), known::fundamental(12), "{algo}");
        }
        assert_eq!(saved(&d.join(&file))["complete"], true, "{algo}");
    }
}

#[test]
fn a_checkpoint_of_other_arguments_is_refused_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "--algo",
        "half-join",
        "--shard",
        "1/2",
        "--checkpoint",
        "ck.json",
    ];
    let out = queens(d, &[&args[..], &["12"]].concat(), &[]);
    assert!(out.status.success());
    let bytes = fs::read(d.join("ck.json")).unwrap();
    for other in [
        &[
            "--algo",
            "half-join",
            "--shard",
            "2/2",
            "--checkpoint",
            "ck.json",
            "12",
        ][..],
        &["--algo", "half-join", "--checkpoint", "ck.json", "12"],
        &[&args[..], &["13"]].concat(),
    ] {
        let out = queens(d, other, &[]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{other:?}: {err}");
        assert!(out.stdout.is_empty());
        let line = err.lines().next().unwrap();
        assert!(
            line.starts_with(
                "error: the --checkpoint file ck.json belongs to `queens \
                              --algo half-join --shard 1/2 12`"
            ),
            "{line}"
        );
        assert_eq!(fs::read(d.join("ck.json")).unwrap(), bytes);
    }
    // The threads do not change the tasks.
    let threads = queens(d, &[&args[..], &["--threads", "1", "12"]].concat(), &[]);
    assert!(threads.status.success());
    assert_eq!(names(d), ["ck.json"]);
}

#[test]
fn a_damaged_checkpoint_is_refused_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = |file: &'static str| ["--algo", "half-join", "--checkpoint", file, "11"];
    assert!(queens(d, &args("good.json"), &[]).status.success());
    let good = fs::read_to_string(d.join("good.json")).unwrap();
    let sum = saved(&d.join("good.json"))["solutions"].as_u64().unwrap();
    let wrong_sum = good.replace(
        &format!("\"solutions\":{sum}"),
        &format!("\"solutions\":{}", sum + 1),
    );
    assert_ne!(wrong_sum, good);
    for text in [
        "",
        "not json\n",
        &good[..good.len() / 2],
        &wrong_sum,
        &good.replace("\"version\":2", "\"version\":99"),
    ] {
        fs::write(d.join("bad.json"), text).unwrap();
        let out = queens(d, &args("bad.json"), &[]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{text}: {err}");
        assert!(
            err.starts_with("error: the --checkpoint file bad.json is not a sound queens"),
            "{err}"
        );
        assert_eq!(fs::read_to_string(d.join("bad.json")).unwrap(), text);
        assert_eq!(names(d), ["bad.json", "good.json"]);
    }
    for path in [".", "/dev/null", "-"] {
        let out = queens(d, &args(path), &[]);
        assert_eq!(out.status.code(), Some(2), "{path}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("error: ") && err.contains("--checkpoint"),
            "{err}"
        );
    }
}

#[test]
fn checkpoints_apply_to_untraced_counts_by_the_splitting_counters_only() {
    let dir = tempfile::tempdir().unwrap();
    for (args, here) in [
        (&["--algo", "bitmask", "8"][..], "bitmask"),
        (
            &["--algo", "half-join", "--first", "8"],
            "a --first run of half-join",
        ),
        (
            &["--algo", "half-join", "--json", "8"],
            "a --json count of half-join",
        ),
        (
            &["--algo", "half-join", "--trace", "t.jsonl", "8"],
            "a traced count of half-join",
        ),
    ] {
        let out = queens(
            dir.path(),
            &[args, &["--checkpoint", "ck.json"]].concat(),
            &[],
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let want = format!("error: --checkpoint does not apply to {here}");
        assert!(err.starts_with(&want), "{err}");
        assert!(names(dir.path()).is_empty());
    }
}

/// Starts `queens` with standard error on a new pseudo-terminal (standard
/// output piped); returns it and the terminal's master side.
#[cfg(target_os = "linux")]
fn spawn_on_a_terminal(args: &[&str], env: &[(&str, &str)]) -> (std::process::Child, fs::File) {
    use std::os::fd::FromRawFd;
    // SAFETY: plain libc calls on a descriptor this function owns; the
    // slave's name is copied before any other pty call.
    let (master, slave) = unsafe {
        let fd = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
        assert!(fd >= 0);
        assert_eq!(libc::grantpt(fd), 0);
        assert_eq!(libc::unlockpt(fd), 0);
        let size = libc::winsize {
            ws_row: 24,
            ws_col: 100,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        libc::ioctl(fd, libc::TIOCSWINSZ, &size);
        let name = std::ffi::CStr::from_ptr(libc::ptsname(fd))
            .to_string_lossy()
            .into_owned();
        (fs::File::from_raw_fd(fd), name)
    };
    let terminal = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&slave)
        .unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .env("QUEENS_PROGRESS_AFTER_MS", "0")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(terminal)
        .spawn()
        .unwrap();
    (child, master)
}

/// Sends what the terminal's master side reads, chunk by chunk, until the
/// last writer has closed (the read then fails with EIO).
#[cfg(target_os = "linux")]
fn read_terminal(mut master: fs::File) -> std::sync::mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(k) = master.read(&mut buf) {
            if k == 0 || tx.send(buf[..k].to_vec()).is_err() {
                break;
            }
        }
    });
    rx
}

/// Runs `queens` to its end with standard error on a new pseudo-terminal;
/// returns what reached the terminal and standard output.
#[cfg(target_os = "linux")]
fn on_a_terminal(args: &[&str]) -> (String, String) {
    let (mut child, master) = spawn_on_a_terminal(args, &[]);
    let chunks = read_terminal(master);
    let stdout = child.stdout.take().unwrap();
    let stdout = std::thread::spawn(move || std::io::read_to_string(stdout).unwrap());
    let status = harness::wait(&mut child, "queens on a terminal");
    assert!(status.success());
    let seen: Vec<u8> = chunks.iter().flatten().collect();
    (
        String::from_utf8_lossy(&seen).into_owned(),
        stdout.join().unwrap(),
    )
}

/// Reads the terminal of a `queens` run until `needle` appears, then stops
/// the run: the test waits for the event, not for a time, so it holds on
/// a machine of any speed (two minutes without it fails).
#[cfg(target_os = "linux")]
fn until_on_a_terminal(args: &[&str], needle: &str) -> String {
    let (mut child, master) = spawn_on_a_terminal(args, &[]);
    let chunks = read_terminal(master);
    let give_up = std::time::Instant::now() + harness::DEADLINE;
    let mut seen = Vec::new();
    while !String::from_utf8_lossy(&seen).contains(needle) {
        let left = give_up.saturating_duration_since(std::time::Instant::now());
        match chunks.recv_timeout(left) {
            Ok(chunk) => seen.extend(chunk),
            Err(_) => break,
        }
    }
    let _ = child.kill();
    harness::wait(&mut child, "queens, killed");
    String::from_utf8_lossy(&seen).into_owned()
}

#[cfg(target_os = "linux")]
#[test]
fn the_progress_line_is_for_a_terminal_and_never_for_json() {
    // A count that outlasts the ticker on any machine (n = 20, one thread,
    // minutes here): the line is awaited, then the run is stopped.
    let long = ["--algo", "half-join", "--threads", "1", "20"];
    let terminal = until_on_a_terminal(&long, " tasks, ");
    assert!(terminal.contains(" tasks, "), "{terminal:?}");
    let count = ["--algo", "half-join", "--threads", "1", "16"];
    let json = [&count[..], &["--json", "--no-steps"]].concat();
    let (terminal, stdout) = on_a_terminal(&json);
    assert_eq!(terminal, "");
    let line: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(line["solutions"].as_u64(), known::total(16));
    // Standard error piped: nothing but the count on standard output.
    let dir = tempfile::tempdir().unwrap();
    let out = queens(dir.path(), &count, &[("QUEENS_PROGRESS_AFTER_MS", "0")]);
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "16-Queens has 14772512 solutions\n"
    );
}

/// The progress line is redrawn at most four times a second, however
/// often its text changes: the redraws that reach the terminal, counted
/// against the time they took to come (a loaded machine only slows them).
#[cfg(target_os = "linux")]
#[test]
fn the_progress_line_is_redrawn_at_most_four_times_a_second() {
    use std::time::{Duration, Instant};
    // A task every 20 ms on one thread: the line's text changes at every
    // tick of the ticker (ten a second).
    let (mut child, master) = spawn_on_a_terminal(
        &["--algo", "half-join", "--threads", "1", "16"],
        &[("QUEENS_TASK_DELAY_MS", "20")],
    );
    let chunks = read_terminal(master);
    let give_up = Instant::now() + harness::DEADLINE;
    // Redraws after the first chunk that holds one, and the time from it.
    let (mut first, mut later, mut elapsed) = (None::<Instant>, 0, Duration::ZERO);
    while later < 12 {
        let left = give_up.saturating_duration_since(Instant::now());
        let chunk = chunks
            .recv_timeout(left)
            .unwrap_or_else(|e| panic!("{later} redraws, then {e:?}"));
        let draws = String::from_utf8_lossy(&chunk).matches(" tasks, ").count();
        match first {
            Some(at) => (later, elapsed) = (later + draws, at.elapsed()),
            None if draws > 0 => first = Some(Instant::now()),
            None => {}
        }
    }
    let _ = child.kill();
    harness::wait(&mut child, "queens, killed");
    // Each redraw 250 ms after the one before; one more for a redraw read
    // late with the first, one for rounding.
    let most = 4.0 * elapsed.as_secs_f64() + 2.0;
    assert!(
        later as f64 <= most,
        "{later} redraws in {elapsed:?}: more than four a second"
    );
}

/// A long count that reports no tasks (bitmask: one search) is not silent
/// on a terminal: it shows the time so far, and says why there is no
/// estimate. Awaited, then the run is stopped (Q(20) by bitmask takes
/// minutes on any machine).
#[cfg(target_os = "linux")]
#[test]
fn a_long_count_without_tasks_shows_its_time_so_far() {
    let terminal = until_on_a_terminal(&["--algo", "bitmask", "20"], " so far (");
    assert!(
        terminal.contains("bitmask: counting 20 queens, 0 s so far (one search"),
        "{terminal:?}"
    );
    // Not with --json: its stderr stays silent (as for the task counters).
    let (terminal, stdout) = on_a_terminal(&["--algo", "bitmask", "--json", "--no-steps", "10"]);
    assert_eq!(terminal, "");
    assert!(stdout.contains("\"solutions\":724"), "{stdout}");
}
