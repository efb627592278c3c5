//! Which approaches to measure, and the binaries that measure them: built
//! with the dev profile, the measuring profile (see the workspace's
//! `Cargo.toml`), so they share every crate with the xtask and the tests.

use std::io::BufRead;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use queens_approaches::REGISTRY;
use queens_core::Approach;
use serde::Deserialize;

use crate::{Context, Error, Result, bail};

/// The approaches to measure, in registry order: all, or those named.
pub fn select(algos: Option<&[String]>) -> Result<Vec<&'static dyn Approach>> {
    let Some(ids) = algos else {
        return Ok(REGISTRY.all().to_vec());
    };
    for id in ids {
        REGISTRY
            .get(id)
            .map_err(|e| Error(format!("--algos: {e}")))?;
    }
    Ok(REGISTRY
        .all()
        .iter()
        .copied()
        .filter(|a| ids.iter().any(|id| id == a.info().id))
        .collect())
}

/// The binaries the measuring runs.
#[derive(Clone, Debug)]
pub struct Binaries {
    /// `queens`.
    pub queens: PathBuf,
    /// `check-board`, the independent checker of board files (built with
    /// `queens`, in the same package).
    pub check_board: PathBuf,
    /// `block-sums`, when it was asked for and the workspace has it.
    pub block_sums: Option<PathBuf>,
    /// `local-study` (the min-conflicts study's batch runner), when asked for.
    pub local_study: Option<PathBuf>,
    /// `starts` (the textbook study's batch runner), when asked for.
    pub starts: Option<PathBuf>,
    /// `checks-table` (the csp lab beside AIMA's table), when asked for.
    pub checks_table: Option<PathBuf>,
}

/// The binaries built beside `queens` when a run needs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extra {
    /// `block-sums` (seed 000 Part II), if the workspace has it.
    BlockSums,
    /// `local-study` (issue 16's study of the min-conflicts knobs).
    LocalStudy,
    /// `starts` (issue 26's study of the textbook's local searches).
    Starts,
    /// `checks-table` (issue 26's table of consistency checks).
    ChecksTable,
}

impl Extra {
    /// The study the binary measures.
    pub fn study(self) -> super::kept::Study {
        use super::kept::Study;
        match self {
            Extra::BlockSums => Study::BlockSums,
            Extra::LocalStudy => Study::LocalStudy,
            Extra::Starts => Study::Textbook,
            Extra::ChecksTable => Study::CspBook,
        }
    }
}

/// A binary a study needs: an error if it was not built.
pub fn needed(exe: &Option<PathBuf>, binary: &str) -> Result<PathBuf> {
    exe.clone().ok_or_else(|| {
        Error(format!(
            "`{binary}` was not built, and its study is not kept"
        ))
    })
}

/// The cargo profile the binaries are built with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Build {
    /// The dev profile, the measuring one (optimised, no debug assertions):
    /// it shares every crate with the xtask and the tests, so only the
    /// binaries are compiled. The report and its studies use it.
    Dev,
    /// `--release` (thin LTO across crates): the peer comparisons and the
    /// long runs, which measure the fastest code against other programs.
    Release,
}

/// Builds `queens` (and the `extras` asked for) with `cargo build` in the
/// `profile` given, its progress shown on stderr, and returns the binaries'
/// paths as cargo reports them (so `CARGO_TARGET_DIR` is respected). A dev
/// build names the xtask too, so that cargo unifies the dependencies'
/// features as for the xtask already built (and the tests), and compiles
/// only the binaries.
pub fn build(profile: Build, extras: &[Extra]) -> Result<Binaries> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut packages = vec!["queens-cli"];
    let with_block_sums = extras.contains(&Extra::BlockSums);
    if with_block_sums {
        packages.push(super::block_sums::PACKAGE);
    }
    let with_local_study = extras.contains(&Extra::LocalStudy);
    if with_local_study {
        packages.push(super::local_study::PACKAGE);
    }
    let with_starts = extras.contains(&Extra::Starts);
    if with_starts {
        packages.push(super::textbook::PACKAGE);
    }
    let with_checks_table = extras.contains(&Extra::ChecksTable);
    if with_checks_table {
        packages.push(super::csp_book::PACKAGE);
    }
    let mut args = match profile {
        Build::Dev => vec!["build", "-p", "xtask"],
        Build::Release => vec!["build", "--release"],
    };
    for p in &packages {
        args.extend(["-p", p]);
    }
    let shown = args.join(" ");
    eprintln!("xtask: cargo {shown}");
    args.push("--message-format=json-render-diagnostics");
    let output = Command::new(cargo)
        .args(&args)
        .current_dir(crate::project_root())
        .stderr(Stdio::inherit())
        .output()
        .context(|| "cannot run cargo".to_string())?;
    if !output.status.success() {
        bail!("cargo {} failed ({})", shown, output.status);
    }
    #[derive(Deserialize)]
    struct Message {
        reason: String,
        target: Option<Target>,
        executable: Option<PathBuf>,
    }
    #[derive(Deserialize)]
    struct Target {
        name: String,
    }
    let messages: Vec<Message> = output
        .stdout
        .lines()
        .map_while(std::result::Result::ok)
        .filter_map(|l| serde_json::from_str::<Message>(&l).ok())
        .filter(|m| m.reason == "compiler-artifact")
        .collect();
    let executable = |name: &str| {
        messages
            .iter()
            .filter(|m| m.target.as_ref().is_some_and(|t| t.name == name))
            .find_map(|m| m.executable.clone())
    };
    // A binary asked for (`wanted`) that cargo did not name is an error.
    let extra = |wanted: bool, package: &str, binary: &str| -> Result<Option<PathBuf>> {
        if !wanted {
            return Ok(None);
        }
        executable(binary).map(Some).ok_or_else(|| {
            Error(format!(
                "cargo built {package} but named no `{binary}` executable"
            ))
        })
    };
    Ok(Binaries {
        queens: extra(true, "queens-cli", "queens")?.expect("asked for"),
        check_board: extra(true, "queens-cli", "check-board")?.expect("asked for"),
        local_study: extra(
            with_local_study,
            super::local_study::PACKAGE,
            super::local_study::BINARY,
        )?,
        starts: extra(
            with_starts,
            super::textbook::PACKAGE,
            super::textbook::BINARY,
        )?,
        checks_table: extra(
            with_checks_table,
            super::csp_book::PACKAGE,
            super::csp_book::BINARY,
        )?,
        block_sums: extra(
            with_block_sums,
            super::block_sums::PACKAGE,
            super::block_sums::BINARY,
        )?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_ids_are_refused_with_the_known_ones() {
        let e = select(Some(&["no-such".to_string()])).err().unwrap().0;
        assert!(
            e.contains("unknown approach 'no-such'") && e.contains("bitmask"),
            "{e}"
        );
        let first = REGISTRY.ids()[0].to_string();
        assert_eq!(select(Some(std::slice::from_ref(&first))).unwrap().len(), 1);
        assert_eq!(select(None).unwrap().len(), REGISTRY.all().len());
    }
}
