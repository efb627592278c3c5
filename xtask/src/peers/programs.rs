//! Building the C references (the repository's `peers/`, or a peers
//! folder's) with the system C compiler, and running one program: its
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

/// Fails, saying why, when the peers folder given does not exist.
pub fn check_folder(peers: &Path) -> Result<()> {
    if !peers.is_dir() {
        bail!(
            "no peers folder {}: the folder given with --peers DIR or QUEENS_PEERS must hold \
             ref-c/ref.c, mc-c/mc.c and kluev-count (without one, `cargo xtask peers` uses the \
             C references in peers/ and fetches kluev-count with git)",
            peers.display()
        );
    }
    Ok(())
}

/// The C references of the repository's `peers/`: the reference, its
/// source there, and the flags it is built with (those of the folder's
/// programs, so that either pair is measured alike).
const REPOSITORY_REFERENCES: [(Peer, &str, &[&str]); 2] = [
    (Peer::Ref, "ref-bitboard.c", &["-O3", "-march=native"]),
    (Peer::Mc, "min-conflicts-qs4.c", &["-O2", "-march=native"]),
];

/// Compiles the C references of the repository's `peers/` into `dir` (see
/// [`executable`]).
pub fn build_repository_references(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Error(format!("cannot make {}: {e}", dir.display())))?;
    let peers = crate::project_root().join("peers");
    for (peer, source, flags) in REPOSITORY_REFERENCES {
        compile(&peers.join(source), flags, &executable(dir, peer, 0))?;
    }
    Ok(())
}

/// The table's names of a peers folder's programs, for the names of the
/// repository's references that [`super::comparisons`] gives.
pub fn name_folder_programs(label: &str) -> String {
    label
        .replace("ref-bitboard.c", "ref-c/ref.c")
        .replace("min-conflicts-qs4.c", "mc-c/mc.c qs4 (byte counters)")
}

/// Compiles the two C references of a peers folder into `dir` (see
/// [`executable`]) with the flags the targets were set with.
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
        compile(&source, flags, &executable(dir, peer, 0))?;
    }
    Ok(())
}

/// The system C compiler: `$CC`, else `cc`, else `gcc`, the first that
/// runs.
pub fn c_compiler() -> Result<OsString> {
    let candidates = std::env::var_os("CC")
        .into_iter()
        .chain(["cc".into(), "gcc".into()]);
    for cc in candidates {
        let runs = Command::new(&cc)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if runs {
            return Ok(cc);
        }
    }
    bail!("no C compiler ($CC, cc or gcc) runs here; install one (e.g. gcc)")
}

/// Compiles one C `source` with `flags` into `exe`.
fn compile(source: &Path, flags: &[&str], exe: &Path) -> Result<()> {
    let cc = c_compiler()?;
    let shown = format!(
        "{} {} {}",
        cc.to_string_lossy(),
        flags.join(" "),
        source.display()
    );
    let output = Command::new(&cc)
        .args(flags)
        .arg("-o")
        .arg(exe)
        .arg(source)
        .output()
        .map_err(|e| Error(format!("cannot run {shown}: {e}")))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        bail!(
            "{shown} failed ({}): {}",
            output.status,
            stderr.lines().next().unwrap_or("no message").trim()
        );
    }
    eprintln!("xtask: {shown}");
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

#[cfg(test)]
mod tests {
    use super::*;

    /// OEIS A000170: the number of solutions for n = 1..=12.
    const A000170: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

    /// The repository's references built into a fresh folder, or none
    /// (with the reason printed) when no C compiler runs here.
    fn built_references() -> Option<tempfile::TempDir> {
        if let Err(e) = c_compiler() {
            eprintln!("skipped: {e}");
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        build_repository_references(dir.path()).unwrap_or_else(|e| panic!("{e}"));
        Some(dir)
    }

    /// The output of `exe` with `args`, which must succeed.
    fn output(exe: &Path, args: &[&str]) -> String {
        let out = Command::new(exe).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{} {args:?}: {}",
            exe.display(),
            out.status
        );
        String::from_utf8(out.stdout).unwrap()
    }

    #[test]
    fn the_repository_references_count_and_place_right() {
        let Some(dir) = built_references() else {
            return;
        };
        let counter = executable(dir.path(), Peer::Ref, 0);
        for (n, total) in (1..).zip(A000170) {
            for mode in [&[][..], &["-f"][..]] {
                let args: Vec<String> = std::iter::once(n.to_string())
                    .chain(mode.iter().map(|m| m.to_string()))
                    .collect();
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                let line = output(&counter, &args);
                // The field the xtask reads, and a node count.
                assert!(line.contains(&format!(" solutions={total} ")), "{line}");
                assert!(line.contains(" nodes="), "{line}");
            }
        }
        let search = executable(dir.path(), Peer::Mc, 0);
        for n in [1_u32, 4, 5, 8, 13, 50, 1000] {
            for seed in ["1", "2", "7"] {
                let text = output(&search, &["qs4", &n.to_string(), seed, "-b"]);
                assert!(text.contains(" ok=1 "), "{text}");
                let board: Vec<u32> = text
                    .lines()
                    .find_map(|l| l.strip_prefix("board:"))
                    .unwrap_or_else(|| panic!("no board: {text}"))
                    .split_whitespace()
                    .map(|c| c.parse().unwrap())
                    .collect();
                assert_eq!(board.len(), n as usize, "{text}");
                assert!(
                    queens_core::is_solution(&board),
                    "n = {n}, seed {seed}: {board:?}"
                );
            }
        }
        // A board of no solution is not claimed.
        let none = Command::new(&search)
            .args(["qs4", "3", "1"])
            .output()
            .unwrap();
        assert!(!none.status.success());
        assert!(String::from_utf8_lossy(&none.stdout).contains(" ok=0 "));
    }

    #[test]
    fn a_folders_programs_are_named_in_the_table() {
        assert_eq!(
            name_folder_programs("ref-bitboard.c, n = 16"),
            "ref-c/ref.c, n = 16"
        );
        assert_eq!(
            name_folder_programs("min-conflicts-qs4.c, n = 100000"),
            "mc-c/mc.c qs4 (byte counters), n = 100000"
        );
    }
}
