//! Runs the `block-sums` binary's comparison of search orders (seed 000
//! Part II) and verifies every finished strategy's count, like the queens.
//! Optional: measured when the workspace has the `queens-block-sums`
//! package and no `--algos` narrows the run.

use std::process::{Command, Stdio};

use serde::Deserialize;

use crate::data::block_sums::Row;
use crate::profile::Profile;
use crate::{Context, Error, Result, bail};

/// The package that builds `block-sums`.
pub const PACKAGE: &str = "queens-block-sums";
/// The binary.
pub const BINARY: &str = "block-sums";

/// Whether the workspace has the package.
pub fn available() -> bool {
    crate::project_root()
        .join("crates/block-sums/Cargo.toml")
        .is_file()
}

/// Samples and step budget per profile.
pub fn plan(profile: Profile) -> (u32, u64) {
    match profile {
        Profile::Smoke => (1, 10_000_000),
        // Four runs a side, the fewest the rank test decides from.
        Profile::Standard => (4, 100_000_000),
        Profile::Full => (5, 1_000_000_000),
    }
}

/// The reference counts from `block-sums --json` (the listing mode): all
/// matrices, those with a[0][0] = 0, and the canonical ones.
#[derive(Debug, Deserialize)]
struct Reference {
    all: u64,
    corner_zero: u64,
    canonical: u64,
}

/// Runs `exe` and parses its JSON lines.
fn run<T: for<'de> Deserialize<'de>>(exe: &std::path::Path, args: &[&str]) -> Result<Vec<T>> {
    let what = || format!("{BINARY} {}", args.join(" "));
    let out = Command::new(exe)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .context(|| format!("cannot run {}", what()))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        bail!(
            "{} failed ({}): {}",
            what(),
            out.status,
            err.lines().next().unwrap_or("")
        );
    }
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            serde_json::from_str(l)
                .map_err(|e| Error(format!("{}: unexpected line {l:?}: {e}", what())))
        })
        .collect()
}

/// The count a finished strategy must reach: strategies without symmetry
/// rules find every matrix, `corner-zero` ones those with a[0][0] = 0, the
/// others (the seed's rules) the canonical ones.
fn expected(strategy: &str, r: &Reference) -> u64 {
    if strategy.contains("no-symmetry") {
        r.all
    } else if strategy.contains("corner-zero") {
        r.corner_zero
    } else {
        r.canonical
    }
}

/// Runs the comparison `samples` times with the profile's budget and
/// verifies every finished strategy's count.
pub fn measure(exe: &std::path::Path, profile: Profile) -> Result<Vec<Row>> {
    let (samples, budget) = plan(profile);
    let reference: Reference = run(exe, &["--json"])?
        .into_iter()
        .next()
        .ok_or_else(|| Error(format!("{BINARY} --json printed nothing")))?;
    let budget_arg = budget.to_string();
    let mut rows = Vec::new();
    for sample in 0..samples {
        #[derive(Deserialize)]
        struct Line {
            strategy: String,
            steps: u64,
            nanos: u64,
            finished: bool,
            solutions: u64,
        }
        let lines: Vec<Line> = run(
            exe,
            &["--compare-orders", "--budget", &budget_arg, "--json"],
        )?;
        if lines.is_empty() {
            bail!("{BINARY} --compare-orders printed no strategy");
        }
        for l in lines {
            let want = expected(&l.strategy, &reference);
            if l.finished && l.solutions != want {
                bail!(
                    "verification failed for block-sums strategy {}: {} matrices found, {want} expected",
                    l.strategy,
                    l.solutions
                );
            }
            if !l.finished && l.steps < budget {
                bail!(
                    "block-sums strategy {} stopped after {} steps, before its budget of {budget}",
                    l.strategy,
                    l.steps
                );
            }
            rows.push(Row {
                strategy: l.strategy,
                sample,
                steps: l.steps,
                nanos: l.nanos,
                finished: l.finished,
                solutions: l.solutions,
                budget,
            });
        }
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_counts_follow_the_symmetry_rules() {
        let r = Reference {
            all: 20352,
            corner_zero: 1272,
            canonical: 159,
        };
        assert_eq!(expected("seed-order", &r), 159);
        assert_eq!(expected("corner-zero-only", &r), 1272);
        assert_eq!(expected("no-symmetry", &r), 20352);
    }
}
