//! `cargo xtask man`: the man pages of `queens` and `block-sums`, written
//! by the commands themselves (`queens man`, from the clap command that
//! also makes `--help`, so the page cannot disagree with the help) into
//! DIR (default `target/man`), all or nothing ([`crate::stage`]). The
//! binaries are built first, and it says so as it starts.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::measure::build;
use crate::stage::Stage;
use crate::{Context, Error, Result, bail};

/// Options of `man`.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct ManArgs {
    /// Output folder.
    #[arg(long, default_value_os_t = default_out())]
    pub out: PathBuf,
}

/// The pages written, one per command.
pub const PAGES: [&str; 2] = ["queens.1", "block-sums.1"];

/// `target/man` in the workspace.
fn default_out() -> PathBuf {
    crate::project_root().join("target/man")
}

/// Builds both commands, asks each for its page, writes them to DIR.
pub fn run(args: &ManArgs) -> Result<()> {
    eprintln!(
        "xtask: building queens and block-sums first (cargo build), then writing their man \
         pages to {}",
        args.out.display()
    );
    let bins = build::build(build::Build::Dev, &[build::Extra::BlockSums])?;
    let block_sums = bins
        .block_sums
        .ok_or_else(|| Error("cargo built no `block-sums` for its man page".into()))?;
    let stage = Stage::new(&args.out)?;
    for (exe, page) in [(&bins.queens, PAGES[0]), (&block_sums, PAGES[1])] {
        let path = stage.path().join(page);
        fs::write(&path, page_of(exe)?).context(|| format!("cannot write {}", path.display()))?;
    }
    stage.commit(&PAGES)?;
    eprintln!(
        "xtask: wrote {} and {} (read one with `man -l {}`)",
        args.out.join(PAGES[0]).display(),
        args.out.join(PAGES[1]).display(),
        args.out.join(PAGES[0]).display()
    );
    Ok(())
}

/// `EXE man`: the page in roff, checked to be one.
pub fn page_of(exe: &Path) -> Result<Vec<u8>> {
    let output = Command::new(exe)
        .arg("man")
        .output()
        .context(|| format!("cannot run {}", exe.display()))?;
    let roff = output.stdout.starts_with(b".ie") || output.stdout.starts_with(b".TH");
    if !output.status.success() || !roff {
        bail!(
            "`{} man` printed no man page ({}): {}",
            exe.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(output.stdout)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// A stand-in for a command: a shell script with this body.
    fn script(dir: &Path, body: &str) -> PathBuf {
        let path = dir.join("cmd");
        fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    #[test]
    fn a_page_is_roff_or_an_error_that_says_why() {
        let dir = tempfile::tempdir().unwrap();
        let good = script(dir.path(), r#"[ "$1" = man ] && printf '.TH queens 1\n'"#);
        assert_eq!(page_of(&good).unwrap(), b".TH queens 1\n");
        let bad = script(dir.path(), "echo 'error: no' >&2; exit 2");
        let err = page_of(&bad).unwrap_err().0;
        assert!(
            err.contains("printed no man page") && err.contains("error: no"),
            "{err}"
        );
        assert!(default_out().ends_with("target/man"));
    }
}
