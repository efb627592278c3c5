//! `csp_grid.csv`: the constraint-search lab (`queens --algo csp`) with
//! one knob changed at a time from the default, counting all solutions and
//! finding the first, one row per timed sample.

use serde::{Deserialize, Serialize};

use super::Status;

/// Its file in `DIR/data`.
pub const FILE: &str = "csp_grid.csv";

/// One timed sample of one setting at one n.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// The setting's name (`measure::csp_grid::SETTINGS`).
    pub setting: String,
    /// `count` (all solutions) or `first`.
    pub mode: String,
    /// Board size.
    pub n: usize,
    /// Index of the sample (0-based); also its seed, plus one, for a
    /// setting that breaks ties at random.
    pub sample: u32,
    /// Ok or timeout.
    pub status: Status,
    /// Nodes (assignments) of the instrumented run with the same arguments.
    pub steps: Option<u64>,
    /// Wall time of the uninstrumented search, ns.
    pub nanos: Option<u64>,
    /// Domain values removed by look-ahead (instrumented run).
    pub pruned: Option<u64>,
    /// Consistency checks (instrumented run).
    pub checks: Option<u64>,
}
