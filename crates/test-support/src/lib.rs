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
    let give_up = Instant::now() + DEADLINE;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return status,
            Ok(None) => {}
            Err(e) => panic!("{what}: cannot wait for it: {e}"),
        }
        if Instant::now() >= give_up {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} ran for more than {} s: killed", DEADLINE.as_secs());
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

/// Reads a child's stream to its end on a thread of its own (so that a
/// full pipe never blocks the child).
fn drain(mut from: impl Read + Send + 'static) -> JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = from.read_to_end(&mut bytes);
        bytes
    })
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
