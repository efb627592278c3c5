//! The Python side of the aima peer: a virtualenv under `target/` with the
//! PyPI package `aima` pinned, installed by pip as any user would; and
//! running a program with a time limit.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::{Error, Result};

/// The package that carries aima-python's `csp.py` faithfully: `aima`
/// 2024.9.28 ships it as aima-python's master of June 2020 with relative
/// imports (`aima3` 1.0.11 is an older fork of 2018). It declares Python
/// < 3.11 and pulls tensorflow and a dozen others, none of which `csp.py`
/// imports, so it is installed without its dependencies and with the two
/// that `csp.py` and `utils.py` import.
pub const PACKAGES: [&str; 3] = ["aima==2024.9.28", "sortedcontainers==2.4.0", "numpy"];

/// The pinned version of `aima`.
pub const AIMA_VERSION: &str = "2024.9.28";

/// A ready virtualenv.
#[derive(Clone, Debug)]
pub struct Env {
    /// Its interpreter.
    pub python: PathBuf,
    /// Python's version.
    pub version: String,
}

/// Makes (or reuses) the virtualenv `venv` with `python3` and installs
/// `packages` into it; `Ok(Err(reason))` when the peer must be skipped
/// (no python3, no venv module, a package pip cannot install).
pub fn prepare(
    python3: &str,
    venv: &Path,
    packages: &[&str],
) -> Result<std::result::Result<Env, String>> {
    let python = venv.join("bin/python");
    let installed = || {
        Command::new(&python)
            .args([
                "-c",
                "import aima.csp, importlib.metadata as m; print(m.version('aima'))",
            ])
            .output()
            .is_ok_and(|o| {
                o.status.success() && String::from_utf8_lossy(&o.stdout).trim() == AIMA_VERSION
            })
    };
    if !installed() {
        let version = Command::new(python3).arg("--version").output();
        if !version.is_ok_and(|o| o.status.success()) {
            return Ok(Err(format!(
                "no {python3}: install Python 3 with its venv module (e.g. `apt-get install \
                 python3 python3-venv`) to compare with aima-python"
            )));
        }
        let made = Command::new(python3)
            .args(["-m", "venv", "--clear"])
            .arg(venv)
            .output()
            .map_err(|e| Error(format!("cannot run {python3}: {e}")))?;
        if !made.status.success() {
            return Ok(Err(format!(
                "{python3} -m venv {} failed ({}): install the venv module (e.g. `apt-get \
                 install python3-venv`)",
                venv.display(),
                last_line(&made.stderr)
            )));
        }
        eprintln!(
            "xtask: pip install {} into {}",
            packages.join(" "),
            venv.display()
        );
        let pip = Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-deps",
                "--ignore-requires-python",
            ])
            .args(["--only-binary=:all:"])
            .args(packages)
            .output()
            .map_err(|e| Error(format!("cannot run {}: {e}", python.display())))?;
        if !pip.status.success() {
            return Ok(Err(format!(
                "the package is not installable (pip install {}: {}); connect to PyPI, or \
                 leave it out with --only ref,mc,kluev",
                packages.join(" "),
                last_line(&pip.stderr)
            )));
        }
    }
    let out = Command::new(&python)
        .args(["-c", "import platform; print(platform.python_version())"])
        .output()
        .map_err(|e| Error(format!("cannot run {}: {e}", python.display())))?;
    Ok(Ok(Env {
        python,
        version: String::from_utf8_lossy(&out.stdout).trim().to_string(),
    }))
}

/// The last non-empty line of a program's messages.
fn last_line(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.lines()
        .map(str::trim)
        .rfind(|l| !l.is_empty())
        .unwrap_or("no message")
        .to_string()
}

/// How a timed run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// It exited: success, stdout, last line of stderr.
    Exited(bool, String, String),
    /// It was killed at the limit.
    Killed,
}

/// Runs `cmd` for at most `limit`, reading its output.
pub fn run_limited(cmd: &mut Command, limit: Duration) -> Result<Ended> {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Error(format!("cannot run {:?}: {e}", cmd.get_program())))?;
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child
            .try_wait()
            .map_err(|e| Error(format!("waiting for {:?}: {e}", cmd.get_program())))?
        {
            break Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let (out, err) = (
        out.join().unwrap_or_default(),
        err.join().unwrap_or_default(),
    );
    Ok(match status {
        Some(s) => Ended::Exited(s.success(), out, last_line(&err)),
        None => Ended::Killed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_python_is_a_skip_that_says_what_to_install() {
        let dir = tempfile::tempdir().unwrap();
        let skip = prepare("/nonexistent/python3", &dir.path().join("v"), &PACKAGES)
            .unwrap()
            .unwrap_err();
        assert!(
            skip.contains("apt-get install python3") && !skip.contains('\n'),
            "{skip}"
        );
    }

    #[test]
    fn a_package_pip_cannot_install_is_a_skip() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        // A python3 whose venv holds a python whose pip always fails.
        let fake = dir.path().join("python3");
        let inner = dir.path().join("failing-python");
        std::fs::write(
            &inner,
            "#!/bin/sh\necho 'ERROR: No matching distribution found for aima==0' >&2\nexit 1\n",
        )
        .unwrap();
        std::fs::set_permissions(&inner, std::fs::Permissions::from_mode(0o755)).unwrap();
        let script = format!(
            "#!/bin/sh\n[ \"$1\" = --version ] && exit 0\nfor d; do v=\"$d\"; done\n\
             mkdir -p \"$v/bin\" && cp {} \"$v/bin/python\"\n",
            inner.display()
        );
        std::fs::write(&fake, script).unwrap();
        std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
        let skip = prepare(fake.to_str().unwrap(), &dir.path().join("v"), &["aima==0"])
            .unwrap()
            .unwrap_err();
        assert!(
            skip.contains("not installable") && skip.contains("No matching distribution"),
            "{skip}"
        );
        assert!(!skip.contains('\n'), "{skip}");
    }

    #[test]
    fn a_run_past_its_limit_is_killed() {
        let quick = run_limited(Command::new("echo").arg("hi"), Duration::from_secs(5)).unwrap();
        assert_eq!(
            quick,
            Ended::Exited(true, "hi\n".into(), "no message".into())
        );
        let slow = run_limited(Command::new("sleep").arg("5"), Duration::from_millis(50)).unwrap();
        assert_eq!(slow, Ended::Killed);
    }
}
