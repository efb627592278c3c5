//! Running children from a test, so that no verdict rests on timing or on
//! what the test process inherited: every wait has a deadline, a child
//! that is sent signals starts with the dispositions it needs, lines are
//! read as the child writes them, and the CPUs a child is given are read
//! here, independently of the `available_parallelism` that `queens` calls.
#![allow(dead_code)] // each topic uses some of these; some topics are Linux only

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How long a child may run before the test gives up on it: far more than
/// any of these runs takes on a loaded machine.
pub const DEADLINE: Duration = Duration::from_secs(120);

/// Waits for `child` to end; past [`DEADLINE`], kills it and fails,
/// naming `what`.
pub fn wait(child: &mut Child, what: &str) -> ExitStatus {
    queens_test_support::wait_within(child, what, DEADLINE)
}

/// `cmd.output()` within [`DEADLINE`]: stdin empty, stdout and stderr
/// captured.
pub fn output(cmd: &mut Command) -> Output {
    cmd.stdout(Stdio::piped());
    captured(cmd)
}

/// [`output`] with standard output left where `cmd` sends it (a file, a
/// closed pipe); the `Output`'s stdout is then empty.
pub fn output_elsewhere(cmd: &mut Command) -> Output {
    captured(cmd)
}

fn captured(cmd: &mut Command) -> Output {
    cmd.stdin(Stdio::null()).stderr(Stdio::piped());
    let what = format!("{cmd:?}");
    let mut child = cmd.spawn().unwrap_or_else(|e| panic!("{what}: {e}"));
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

fn drain(mut from: impl Read + Send + 'static) -> JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = from.read_to_end(&mut bytes);
        bytes
    })
}

/// Starts `cmd`'s child with SIGINT, SIGTERM and SIGHUP at their default
/// actions and no signal blocked, whatever this test inherited (a
/// background job of a non-interactive shell ignores SIGINT).
#[cfg(unix)]
pub fn default_signals(cmd: &mut Command) -> &mut Command {
    dispositions(cmd, libc::SIG_DFL)
}

/// Starts `cmd`'s child with SIGINT ignored (as `nohup` or a background
/// job leaves it), SIGTERM and SIGHUP at their defaults, none blocked.
#[cfg(unix)]
pub fn ignoring_sigint(cmd: &mut Command) -> &mut Command {
    dispositions(cmd, libc::SIG_IGN)
}

#[cfg(unix)]
fn dispositions(cmd: &mut Command, sigint: libc::sighandler_t) -> &mut Command {
    use std::os::unix::process::CommandExt;
    // SAFETY: only async-signal-safe calls (sigaction, sigprocmask) between
    // fork and exec, on values owned by the closure.
    unsafe {
        cmd.pre_exec(move || {
            for (signal, action) in [
                (libc::SIGINT, sigint),
                (libc::SIGTERM, libc::SIG_DFL),
                (libc::SIGHUP, libc::SIG_DFL),
            ] {
                let mut act: libc::sigaction = std::mem::zeroed();
                act.sa_sigaction = action;
                libc::sigemptyset(&mut act.sa_mask);
                if libc::sigaction(signal, &act, std::ptr::null_mut()) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            let mut none: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut none);
            if libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut()) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
    }
}

/// Sends `signal` to the process (or, negative, the process group) `pid`.
#[cfg(unix)]
pub fn signal(pid: i32, signal: libc::c_int) {
    // SAFETY: kill has no memory effects; the tests signal only their own
    // children.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0, "kill {pid} {signal}");
}

/// The lines a child writes on a pipe, as they come.
pub struct Lines {
    lines: Receiver<String>,
    /// Every line read so far.
    pub seen: Vec<String>,
}

impl Lines {
    /// Reads `from` line by line on a thread of its own.
    pub fn of(from: impl Read + Send + 'static) -> Lines {
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(from).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Lines {
            lines,
            seen: Vec::new(),
        }
    }

    /// The next line that contains `needle`, or `None` if the stream ends
    /// first; fails past [`DEADLINE`].
    pub fn until(&mut self, needle: &str) -> Option<String> {
        let give_up = Instant::now() + DEADLINE;
        loop {
            let left = give_up.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.contains(needle) {
                        return Some(line);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return None,
                Err(RecvTimeoutError::Timeout) => panic!(
                    "no line with {needle:?} in {} s; seen: {:?}",
                    DEADLINE.as_secs(),
                    self.seen
                ),
            }
        }
    }

    /// [`Lines::until`], failing if the stream ends first.
    pub fn expect(&mut self, needle: &str) -> String {
        self.until(needle)
            .unwrap_or_else(|| panic!("the stream ended without {needle:?}: {:?}", self.seen))
    }

    /// Every line to the end of the stream, within [`DEADLINE`].
    pub fn rest(&mut self) -> Vec<String> {
        let _ = self.until("\u{0}never\u{0}");
        self.seen.clone()
    }
}

/// The CPUs this process (and so a child it starts) may run on, read
/// here: the affinity list of /proc/self/status, capped by the CPU quota
/// of its cgroups (v1 `cpu.cfs_quota_us`/`cpu.cfs_period_us`, v2
/// `cpu.max`, each folder up to the hierarchy's root), whole CPUs, at
/// least one. (Without /proc, std's count: there is no other source.)
pub fn cpus_given() -> usize {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
        return std::thread::available_parallelism().map_or(1, usize::from);
    };
    let list = status
        .lines()
        .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
        .expect("/proc/self/status lists the CPUs allowed")
        .trim();
    let allowed: usize = list
        .split(',')
        .map(|range| match range.split_once('-') {
            Some((a, b)) => b.parse::<usize>().unwrap() - a.parse::<usize>().unwrap() + 1,
            None => 1,
        })
        .sum();
    allowed.min(cgroup_quota().unwrap_or(usize::MAX)).max(1)
}

/// The smallest whole-CPU quota over this process's cgroups, if any.
fn cgroup_quota() -> Option<usize> {
    use std::path::Path;
    let read = |p: &Path| std::fs::read_to_string(p).ok();
    let mountinfo = read(Path::new("/proc/self/mountinfo"))?;
    let mut quota: Option<usize> = None;
    let mut cap = |q: usize| quota = Some(quota.map_or(q, |old| old.min(q)));
    for line in read(Path::new("/proc/self/cgroup"))?.lines() {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        let v2 = controllers.is_empty();
        if !v2 && !controllers.split(',').any(|c| c == "cpu") {
            continue;
        }
        for mount in mountinfo.lines() {
            // id parent dev root mountpoint options ... - fstype source superoptions
            let Some((left, right)) = mount.split_once(" - ") else {
                continue;
            };
            let left: Vec<&str> = left.split(' ').collect();
            let right: Vec<&str> = right.split(' ').collect();
            let fits = match right[0] {
                "cgroup2" => v2,
                "cgroup" => {
                    !v2 && right
                        .get(2)
                        .is_some_and(|o| o.split(',').any(|c| c == "cpu"))
                }
                _ => false,
            };
            if !fits {
                continue;
            }
            let (root, point) = (Path::new(left[3]), Path::new(left[4]));
            let Ok(inside) = Path::new(path).strip_prefix(root) else {
                continue;
            };
            let mut dir = point.join(inside);
            while dir.starts_with(point) {
                let parsed = if v2 {
                    read(&dir.join("cpu.max")).and_then(|t| {
                        let (limit, period) = t.trim().split_once(' ')?;
                        Some((limit.parse::<usize>().ok()?, period.parse::<usize>().ok()?))
                    })
                } else {
                    let number = |name| read(&dir.join(name))?.trim().parse::<usize>().ok();
                    number("cpu.cfs_quota_us").zip(number("cpu.cfs_period_us"))
                };
                if let Some((limit, period)) = parsed.filter(|&(_, p)| p > 0) {
                    cap(limit / period);
                }
                if !dir.pop() {
                    break;
                }
            }
        }
    }
    quota
}
