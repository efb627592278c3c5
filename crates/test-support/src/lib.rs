//! What the tests of every crate share: a child process is waited for with
//! a deadline, never forever, so that a hung child (a program blocked on a
//! pipe, a browser that never answers) fails its test with a message
//! instead of hanging the suite. The deadline is far longer than any run
//! takes on a loaded machine: it decides nothing but "hung".

use std::io::Read;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How long a child may run before the test gives up on it.
pub const DEADLINE: Duration = Duration::from_secs(300);

/// Waits for `child` to end; past [`DEADLINE`], kills it and panics,
/// naming `what`.
pub fn wait(child: &mut Child, what: &str) -> ExitStatus {
    wait_within(child, what, DEADLINE)
}

/// [`wait`] with a deadline of the caller's own.
pub fn wait_within(child: &mut Child, what: &str, deadline: Duration) -> ExitStatus {
    let give_up = Instant::now() + deadline;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return status,
            Ok(None) => {}
            Err(e) => panic!("{what}: cannot wait for it: {e}"),
        }
        if Instant::now() >= give_up {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} ran for more than {} s: killed", deadline.as_secs());
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// `cmd.output()` within [`DEADLINE`]: standard input empty unless `cmd`
/// sets it, standard output and error captured.
pub fn output(cmd: &mut Command) -> Output {
    let what = format!("{cmd:?}");
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{what}: cannot start it: {e}"));
    let stdout = child.stdout.take().map(drain);
    let stderr = child.stderr.take().map(drain);
    let status = wait(&mut child, &what);
    let bytes = |h: Option<JoinHandle<Vec<u8>>>| h.map_or_else(Vec::new, |h| h.join().unwrap());
    Output {
        status,
        stdout: bytes(stdout),
        stderr: bytes(stderr),
    }
}

/// The exit status table where a stream fails, for the binary `bin`:
/// writing to standard error never panics (status 101): each of the `bad`
/// argument lists, with standard error full (`/dev/full`) or closed, is
/// still status 2 with nothing on standard output; a `--help` that
/// standard output cannot take is status 1 with one error line, and 0 with
/// nothing said when the reader closed the pipe. Every wait has the
/// deadline.
#[cfg(target_os = "linux")]
pub fn streams_never_panic(bin: &str, bad: &[&[&str]]) {
    let full = || {
        Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .expect("/dev/full opens"),
        )
    };
    for args in bad {
        let what = format!("{bin} {args:?}");
        let mut child = Command::new(bin)
            .args(*args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(full())
            .spawn()
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        let stdout = child.stdout.take().map(drain);
        let status = wait(&mut child, &what);
        assert_eq!(status.code(), Some(2), "{what} 2>/dev/full: {status:?}");
        let printed = stdout.map_or_else(Vec::new, |h| h.join().unwrap());
        assert!(printed.is_empty(), "{what} 2>/dev/full printed on stdout");
        let mut child = Command::new(bin)
            .args(*args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        drop(child.stderr.take());
        let status = wait(&mut child, &what);
        assert_eq!(status.code(), Some(2), "{what} 2>&-: {status:?}");
    }
    let help = format!("{bin} --help");
    let mut child = Command::new(bin)
        .arg("--help")
        .stdin(Stdio::null())
        .stdout(full())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{help}: {e}"));
    let stderr = child.stderr.take().map(drain);
    let status = wait(&mut child, &help);
    let err = String::from_utf8(stderr.map_or_else(Vec::new, |h| h.join().unwrap())).unwrap();
    assert_eq!(
        status.code(),
        Some(1),
        "{help} >/dev/full: {status:?} {err}"
    );
    assert!(err.starts_with("error: cannot write the output: "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let mut child = Command::new(bin)
        .arg("--help")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{help}: {e}"));
    drop(child.stdout.take());
    let stderr = child.stderr.take().map(drain);
    let status = wait(&mut child, &help);
    let err = stderr.map_or_else(Vec::new, |h| h.join().unwrap());
    assert_eq!(status.code(), Some(0), "{help} | (closed): {status:?}");
    assert!(err.is_empty(), "{help} | (closed) said {err:?}");
}

/// The exit status table's other rows that every queens-lab command keeps:
/// `--version` (and `-V`) prints `{name} {version}` with status 0, and `run`
/// (a small run that prints on stdout) with stdout on a full disk is status
/// 1 with one `cannot write the output` line naming the cause, as `queens`
/// does (never 2, which is bad input).
#[cfg(target_os = "linux")]
pub fn version_and_full_disk(bin: &str, name: &str, run: &[&str]) {
    for flag in ["--version", "-V"] {
        let out = output(Command::new(bin).arg(flag));
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{bin} {flag}: {out:?}");
        let version = text.trim_end().strip_prefix(&format!("{name} "));
        assert!(
            version.is_some_and(|v| v.split('.').count() == 3),
            "{bin} {flag}: {text:?}"
        );
    }
    let what = format!("{bin} {run:?} >/dev/full");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens");
    let mut child = Command::new(bin)
        .args(run)
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let stderr = child.stderr.take().map(drain);
    let status = wait(&mut child, &what);
    let err = stderr.map_or_else(Vec::new, |h| h.join().unwrap());
    let err = String::from_utf8_lossy(&err);
    assert_eq!(status.code(), Some(1), "{what}: {err}");
    assert_eq!(err.lines().count(), 1, "{what}: {err}");
    assert!(err.contains("cannot write the output"), "{what}: {err}");
    assert!(err.contains("No space left on device"), "{what}: {err}");
}

/// Checks the one-binary layout of a crate's integration tests (ripgrep's):
/// no `tests/*.rs` beside `tests/integration/` (each would be a test binary
/// of its own, compiled and linked apart), and every file there declared as
/// a module in its `main.rs` (an undeclared one would never compile, its
/// tests silently gone). The topics share one process, so none may change
/// what the process holds for all of them: its environment, its current
/// folder, its umask, its signal dispositions (a child gets what it needs
/// through its own `Command`; `harness.rs` alone sets dispositions, in a
/// child before it execs). `manifest_dir` is the crate's folder.
pub fn check_integration_layout(manifest_dir: &str) {
    use std::path::Path;
    let tests = Path::new(manifest_dir).join("tests");
    let here = tests.join("integration");
    let names = |dir: &Path| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let stray: Vec<String> = names(&tests)
        .into_iter()
        .filter(|n| n.ends_with(".rs"))
        .collect();
    assert!(stray.is_empty(), "move {stray:?} into tests/integration/");
    let main = std::fs::read_to_string(here.join("main.rs")).expect("tests/integration/main.rs");
    let declared: Vec<&str> = main
        .lines()
        .filter_map(|l| l.trim().strip_prefix("mod ")?.strip_suffix(';'))
        .collect();
    for name in names(&here) {
        let Some(module) = name.strip_suffix(".rs") else {
            continue;
        };
        if module == "main" {
            continue;
        }
        assert!(
            declared.contains(&module),
            "declare `mod {module};` in main.rs"
        );
        let text = std::fs::read_to_string(here.join(&name)).unwrap();
        for global in ["set_var(", "remove_var(", "set_current_dir(", "umask("] {
            assert!(!text.contains(global), "{name} calls {global}…)");
        }
        if module != "harness" {
            for global in ["sigaction(", "libc::signal(", "sigprocmask("] {
                assert!(!text.contains(global), "{name} calls {global}…)");
            }
        }
    }
}

/// Reads a child's stream to its end on a thread of its own (so that a
/// full pipe never blocks the child).
fn drain(mut from: impl Read + Send + 'static) -> JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = from.read_to_end(&mut bytes);
        bytes
    })
}

/// Where `text` names an issue of the project's tracker by number ("issue
/// 18", "issues 7 and 8", "Issue #26"): the line, for the message; `None`
/// when it names none. Users never saw those issues, so the README, the
/// course and every `--help` name a comparison by what it compares.
pub fn issue_named(text: &str) -> Option<&str> {
    text.lines().find(|line| {
        let lower = line.to_ascii_lowercase();
        lower.match_indices("issue").any(|(at, _)| {
            let word = at == 0 || !lower.as_bytes()[at - 1].is_ascii_alphabetic();
            let rest = lower[at + "issue".len()..].trim_start_matches('s');
            let rest = rest.strip_prefix(' ').unwrap_or("");
            word && rest
                .trim_start_matches('#')
                .starts_with(|c: char| c.is_ascii_digit())
        })
    })
}

/// `bin --help`'s text (status 0), checked to name no issue by number
/// ([`issue_named`]).
pub fn help_names_no_issue(bin: &str) {
    let out = output(Command::new(bin).arg("--help"));
    assert_eq!(out.status.code(), Some(0), "{bin} --help: {:?}", out.status);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(!help.trim().is_empty(), "{bin} --help printed nothing");
    if let Some(line) = issue_named(&help) {
        panic!("{bin} --help names an issue by number: {line}");
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn output_captures_both_streams_and_the_status() {
        let out = output(Command::new("sh").args(["-c", "echo out; echo err >&2; exit 3"]));
        assert_eq!(out.stdout, b"out\n");
        assert_eq!(out.stderr, b"err\n");
        assert_eq!(out.status.code(), Some(3));
    }

    #[test]
    fn a_large_output_does_not_block_the_child() {
        // 1 MB, far more than a pipe holds.
        let out = output(Command::new("sh").args(["-c", "head -c 1000000 /dev/zero"]));
        assert_eq!(out.stdout.len(), 1_000_000);
        assert!(out.status.success());
    }
}

#[cfg(test)]
mod issue_numbers {
    use super::issue_named;

    #[test]
    fn issue_numbers_are_found_however_written() {
        for named in [
            "as issue 18 measured",
            "the rows of issues 7 and 8",
            "Issue #26: the table",
            "(ISSUE 3)",
        ] {
            assert_eq!(issue_named(named), Some(named));
        }
        for fine in [
            "an issue of speed",
            "issues: none",
            "the issue, 18 times",
            "tissue 5",
        ] {
            assert_eq!(issue_named(fine), None, "{fine}");
        }
        assert_eq!(issue_named("one\nsee issue 4\nthree"), Some("see issue 4"));
    }
}

/// A writer a test hands away (a `Tracer`'s output, boxed) and reads back.
#[derive(Clone, Default)]
pub struct SharedBuffer(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl SharedBuffer {
    /// What was written, as text.
    pub fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).expect("UTF-8")
    }
}

impl std::io::Write for SharedBuffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
