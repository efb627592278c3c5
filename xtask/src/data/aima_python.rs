//! `aima_python.csv`: aima-python's CSP code (the PyPI package `aima`) run
//! side by side with ours by `cargo xtask peers --only aima`, one row per
//! (setting, n): a `backtracking` row pairs aima's `backtracking_search` on
//! `NQueensCSP(n)` with `queens --algo csp --first` under the matching
//! knobs; a `min_conflicts` row pairs aima's `min_conflicts` with
//! `min-conflicts-random` over many seeds. Measured only by `peers`;
//! `cargo xtask report` carries the file over, as it does `long_runs.csv`.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::Result;

/// Its file in `DIR/data`.
pub const FILE: &str = "aima_python.csv";

/// One (setting, n).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// `backtracking` or `min_conflicts`.
    pub kind: String,
    /// aima's setting: `VAR/VAL/INF` (`first|mrv`, `unordered|lcv`,
    /// `none|forward|mac`) or `min_conflicts`.
    pub setting: String,
    /// Our counterpart: `ORDER/VALUES/PROPAGATE` knobs, or the approach id.
    pub ours: String,
    /// Board size.
    pub n: usize,
    /// aima's run: `ok`, `timeout` (or `skipped` after timeouts); for
    /// min_conflicts, `ok` or `timeout` if any seed timed out.
    pub aima_status: String,
    /// Assignments (`csp.nassigns`) of aima's run as installed.
    pub aima_nodes: Option<u64>,
    /// aima's first board, 1-based value of variables 0..n-1.
    pub aima_board: Option<String>,
    /// `ok`, `timeout` or `skipped`.
    pub ours_status: String,
    /// Our steps (assignments).
    pub ours_nodes: Option<u64>,
    /// Our first board, 1-based column of rows 1..n.
    pub ours_board: Option<String>,
    /// Assignments of aima with every applicable fix (see `cause`).
    pub fixed_nodes: Option<u64>,
    /// `yes` (same nodes and board), `no`, or `unknown` (a timeout).
    pub agree: String,
    /// Why they differ, from the fix experiments: `same`, fix names joined
    /// by `+`, `unexplained`, `timeout`.
    pub cause: String,
    /// aima's `random.seed` for the run (mrv breaks ties at random), or the
    /// first seed of the min_conflicts runs.
    pub seed: u64,
    /// min_conflicts: seeds run on each side.
    pub seeds: Option<u32>,
    /// min_conflicts: aima's solved runs within its default 100 000 steps.
    pub aima_solved_default: Option<u32>,
    /// min_conflicts: aima's solved runs within our default budget.
    pub aima_solved_ours_budget: Option<u32>,
    /// min_conflicts: aima's runs stopped by the per-run time limit before
    /// our budget (solved within 100 000 steps if and only if counted above).
    pub aima_timeouts: Option<u32>,
    /// min_conflicts: aima's median moves of its solved runs.
    pub aima_median_steps: Option<f64>,
    /// min_conflicts: our solved runs within 100 000 steps.
    pub ours_solved_default: Option<u32>,
    /// min_conflicts: our solved runs within our default budget.
    pub ours_solved_ours_budget: Option<u32>,
    /// min_conflicts: our median moves of the solved runs.
    pub ours_median_steps: Option<f64>,
    /// The package and version (`aima 2024.9.28`).
    pub package: String,
    /// Python's version.
    pub python: String,
    /// UTC date of the run.
    pub date: String,
    /// CPU model and cores.
    pub machine: String,
}

/// The rows of `dir/aima_python.csv`, none when the file is absent.
pub fn read(dir: &Path) -> Result<Vec<Row>> {
    let path = dir.join(FILE);
    if !path.exists() {
        return Ok(Vec::new());
    }
    super::read_csv(&path)
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn row(setting: &str, n: usize) -> Row {
        Row {
            kind: "backtracking".into(),
            setting: setting.into(),
            ours: "row/left/none".into(),
            n,
            aima_status: "ok".into(),
            aima_nodes: Some(116),
            aima_board: Some("1 5 8 6 3 7 2 4".into()),
            ours_status: "ok".into(),
            ours_nodes: Some(113),
            ours_board: Some("1 5 8 6 3 7 2 4".into()),
            fixed_nodes: Some(113),
            agree: "no".into(),
            cause: "restore".into(),
            seed: 1,
            seeds: None,
            aima_solved_default: None,
            aima_solved_ours_budget: None,
            aima_timeouts: None,
            aima_median_steps: None,
            ours_solved_default: None,
            ours_solved_ours_budget: None,
            ours_median_steps: None,
            package: "aima 2024.9.28".into(),
            python: "3.11.7".into(),
            date: "2026-07-01T00:00:00Z".into(),
            machine: "cpu, 2 cores".into(),
        }
    }

    #[test]
    fn rows_round_trip_and_a_missing_file_reads_as_none() {
        let dir = tempfile::tempdir().unwrap();
        assert!(read(dir.path()).unwrap().is_empty());
        let mut mc = row("min_conflicts", 8);
        mc.kind = "min_conflicts".into();
        (mc.seeds, mc.aima_solved_default, mc.aima_median_steps) =
            (Some(100), Some(92), Some(33.5));
        let rows = vec![row("first/unordered/none", 8), mc];
        super::super::write_csv(&dir.path().join(FILE), &rows).unwrap();
        assert_eq!(read(dir.path()).unwrap(), rows);
    }

    #[test]
    fn a_broken_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FILE), "kind,setting\nbacktracking\n").unwrap();
        let err = read(dir.path()).unwrap_err().0;
        assert!(err.contains(FILE), "{err}");
    }
}
