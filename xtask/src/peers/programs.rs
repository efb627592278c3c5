//! Building the C references with gcc, and running one program: its
//! output checked, its CPU time, wall time and peak memory from `wait4`.

use std::ffi::OsString;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use super::{Peer, Program, Sample};
use crate::{Error, Result, bail};

/// Where a peer's executable is built in `dir` (`n`: the size it is built
/// for, kluev-count only).
pub fn executable(dir: &Path, peer: Peer, n: u64) -> PathBuf {
    match peer {
        Peer::Ref => dir.join("ref"),
        Peer::Mc => dir.join("mc"),
        Peer::Kluev => dir.join(format!("kluev-{n}")),
        Peer::Aima => dir.join("aima-python"),
    }
}

/// Fails, saying why, when the peers folder does not exist.
pub fn check_folder(peers: &Path) -> Result<()> {
    if !peers.is_dir() {
        bail!(
            "no peers folder {}: `cargo xtask peers` compares queens with the programs \
             ref-c/ref.c, mc-c/mc.c and kluev-count, which are not part of this repository \
             (they sit in ../shared/peers beside the workspace where the project is developed, \
             so a fresh clone has none); give a folder that holds them with --peers DIR or \
             QUEENS_PEERS",
            peers.display()
        );
    }
    Ok(())
}

/// Compiles the two C references into `dir` (see [`executable`]) with the
/// flags the issues name.
pub fn build_references(peers: &Path, dir: &Path) -> Result<()> {
    let sources = [
        (Peer::Ref, "ref-c/ref.c", &["-O3", "-march=native"][..]),
        (
            Peer::Mc,
            "mc-c/mc.c",
            &["-O2", "-march=native", "-DCNT=uint8_t"][..],
        ),
    ];
    check_folder(peers)?;
    for (peer, source, flags) in sources {
        let source = peers.join(source);
        if !source.is_file() {
            bail!(
                "no {} (give the peers folder with --peers DIR or QUEENS_PEERS)",
                source.display()
            );
        }
        let exe = executable(dir, peer, 0);
        let output = Command::new("gcc")
            .args(flags)
            .arg("-o")
            .arg(&exe)
            .arg(&source)
            .output()
            .map_err(|e| {
                Error(format!(
                    "cannot run gcc, which builds the C references: {e}"
                ))
            })?;
        if !output.status.success() {
            bail!(
                "gcc {} failed ({}): {}",
                source.display(),
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            );
        }
        eprintln!("xtask: gcc {} {}", flags.join(" "), source.display());
    }
    Ok(())
}

/// Runs `program` once (run number `seed`), checks its output and returns
/// what the kernel measured.
pub fn run_once(program: &Program, seed: usize) -> Result<Sample> {
    let argv: Vec<OsString> = program
        .argv
        .iter()
        .map(|a| match a.to_str() {
            Some(s) if s.contains("{seed}") => s.replace("{seed}", &seed.to_string()).into(),
            _ => a.clone(),
        })
        .collect();
    let line = argv
        .iter()
        .map(|a| a.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ");
    let start = Instant::now();
    let mut child = Command::new(&argv[0])
        .args(&argv[1..])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| Error(format!("cannot run {line}: {e}")))?;
    let mut output = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        stdout
            .read_to_string(&mut output)
            .map_err(|e| Error(format!("cannot read the output of {line}: {e}")))?;
    }
    let (status, usage) = wait4(child.id())?;
    let wall = start.elapsed().as_secs_f64();
    if !status.success() {
        bail!("{line} failed ({status})");
    }
    if !program.accepts(&output) {
        bail!("{line} printed no '{}': {}", program.expect, output.trim());
    }
    Ok(Sample {
        cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
        wall,
        // Linux reports ru_maxrss in KiB.
        peak: u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024,
    })
}

/// A `timeval` in seconds.
fn seconds(t: libc::timeval) -> f64 {
    t.tv_sec as f64 + t.tv_usec as f64 / 1e6
}

/// Waits for child `pid` and returns its exit status and resource usage.
fn wait4(pid: u32) -> Result<(std::process::ExitStatus, libc::rusage)> {
    use std::os::unix::process::ExitStatusExt as _;
    let pid = libc::pid_t::try_from(pid).map_err(|_| Error(format!("pid {pid} out of range")))?;
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own unwaited child (std's `Child` is never waited
    // on), and both pointers are to live locals of the right types.
    let got = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    if got != pid {
        bail!(
            "waiting for process {pid} failed: {}",
            std::io::Error::last_os_error()
        );
    }
    Ok((std::process::ExitStatus::from_raw(status), usage))
}
