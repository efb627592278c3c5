//! A second backtracking problem (seed 000 Part II): the `block-sums`
//! binary's comparison of search orders, measured and verified like the
//! queens, kept in `data/block_sums.csv`. Optional: measured when the
//! workspace has the `queens-block-sums` package and no `--algos` narrows
//! the run.

use std::process::{Command, Stdio};

use serde::{Deserialize, Serialize};

use crate::profile::Profile;
use crate::{Context, Error, Result, bail};

/// The package that builds `block-sums`.
pub const PACKAGE: &str = "queens-block-sums";
/// The binary.
pub const BINARY: &str = "block-sums";
/// Its file in `DIR/data`.
pub const FILE: &str = "block_sums.csv";

/// Whether the workspace has the package.
pub fn available() -> bool {
    crate::project_root()
        .join("crates/block-sums/Cargo.toml")
        .is_file()
}

/// One strategy in one sample of `block-sums --compare-orders --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// The strategy's name, as `block-sums` gives it (its first is the seed's).
    pub strategy: String,
    /// Sample index (0-based).
    pub sample: u32,
    /// Steps (values tried for a cell), at most the budget.
    pub steps: u64,
    /// Wall time of the step-counting run, ns.
    pub nanos: u64,
    /// Whether the search finished within the budget.
    pub finished: bool,
    /// Matrices found (verified when finished).
    pub solutions: u64,
    /// The step budget.
    pub budget: u64,
}

/// Samples and step budget per profile.
pub fn plan(profile: Profile) -> (u32, u64) {
    match profile {
        Profile::Smoke => (1, 10_000_000),
        Profile::Standard => (3, 100_000_000),
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

/// One strategy summarised over its samples, in the binary's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Strategy name.
    pub strategy: String,
    /// Median steps.
    pub steps: f64,
    /// Median, fastest and slowest time, ns.
    pub nanos: (f64, u64, u64),
    /// Whether every sample finished.
    pub finished: bool,
    /// Matrices found (of the first sample).
    pub solutions: u64,
    /// The step budget.
    pub budget: u64,
    /// Samples.
    pub samples: usize,
}

/// Summaries in the order the binary printed the strategies.
pub fn summarise(rows: &[Row]) -> Vec<Summary> {
    let mut names: Vec<&str> = Vec::new();
    for r in rows {
        if !names.contains(&r.strategy.as_str()) {
            names.push(&r.strategy);
        }
    }
    names
        .into_iter()
        .map(|name| {
            let mine: Vec<&Row> = rows.iter().filter(|r| r.strategy == name).collect();
            let med = |v: Vec<f64>| crate::analysis::median_f64(v);
            Summary {
                strategy: name.to_string(),
                steps: med(mine.iter().map(|r| r.steps as f64).collect()),
                nanos: (
                    med(mine.iter().map(|r| r.nanos as f64).collect()),
                    mine.iter().map(|r| r.nanos).min().unwrap_or(0),
                    mine.iter().map(|r| r.nanos).max().unwrap_or(0),
                ),
                finished: mine.iter().all(|r| r.finished),
                solutions: mine[0].solutions,
                budget: mine[0].budget,
                samples: mine.len(),
            }
        })
        .collect()
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

    #[test]
    fn summaries_keep_the_binary_order() {
        let row = |s: &str, sample, nanos| Row {
            strategy: s.into(),
            sample,
            steps: 10,
            nanos,
            finished: true,
            solutions: 159,
            budget: 100,
        };
        let rows = [
            row("b", 0, 5),
            row("a", 0, 1),
            row("b", 1, 7),
            row("a", 1, 3),
        ];
        let s = summarise(&rows);
        assert_eq!(
            s.iter().map(|s| s.strategy.as_str()).collect::<Vec<_>>(),
            ["b", "a"]
        );
        assert_eq!(s[0].nanos, (6.0, 5, 7));
        assert_eq!(s[1].samples, 2);
    }
}
