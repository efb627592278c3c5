//! `csp_book.csv`: the csp lab beside AIMA's comparison of backtracking
//! algorithms by consistency checks (2nd ed., 2003, §5.2, Figure 5.5): one
//! row per setting, n and run, as the `checks-table` binary of
//! `crates/csp` prints it (see its `--help`).

use serde::{Deserialize, Serialize};

/// Its file in `DIR/data`.
pub const FILE: &str = "csp_book.csv";

/// How one n of one run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Solved {
    /// The first board found (and verified).
    Yes,
    /// The search finished without a board (n = 2, 3): solved, as in the book.
    None,
    /// Stopped once the run's total passed the budget.
    Budget,
    /// Not run: the run's total had passed the budget.
    Skipped,
}

/// One setting at one n in one run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// The book's name for the setting (BT, BT+MRV, FC, FC+MRV, …).
    pub setting: String,
    /// `--order`.
    pub order: String,
    /// `--values`.
    pub values: String,
    /// `--propagate`.
    pub propagate: String,
    /// `--backtrack`.
    pub backtrack: String,
    /// Board size.
    pub n: usize,
    /// The run's seed; empty for a setting without random ties.
    pub seed: Option<u64>,
    /// How it ended.
    pub solved: Solved,
    /// Consistency checks of this n (empty when skipped).
    pub checks: Option<u64>,
    /// Queen placements of this n (empty when skipped).
    pub placements: Option<u64>,
}
