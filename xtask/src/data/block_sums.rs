//! `block_sums.csv`: the search orders of the block-sums problem (seed 000
//! Part II), one row per strategy and sample.

use serde::{Deserialize, Serialize};

/// Its file in `DIR/data`.
pub const FILE: &str = "block_sums.csv";

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
