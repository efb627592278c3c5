//! `local_study.csv`: issue 16's study of the min-conflicts knobs (seed
//! 003's "Extra stuff"), one row per setting, n and seed, as the
//! `local-study` batch runner prints it.

use serde::{Deserialize, Serialize};

/// Its file in `DIR/data`.
pub const FILE: &str = "local_study.csv";

/// One run of one setting at one n with one seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// The setting's name (`queens_min_conflicts::STUDY`).
    pub setting: String,
    /// Board size.
    pub n: usize,
    /// The seed.
    pub seed: u64,
    /// Whether it returned a board (verified) within its move budget.
    pub solved: bool,
    /// Queens moved (the steps `queens` counts).
    pub moves: u64,
    /// Iterations: queens picked, moved or not.
    pub iterations: u64,
    /// Fresh boards after the first.
    pub restarts: u64,
    /// Full O(n) checks of the board (stale cache only).
    pub full_checks: u64,
    /// Moves of a queen nobody attacked (a stale cache's mistakes).
    pub moves_unattacked: u64,
    /// Attacking pairs the last initial board left.
    pub init_attacks: u64,
    /// The whole run, uninstrumented, ns.
    pub nanos: u64,
    /// Building initial boards, ns.
    pub nanos_init: u64,
    /// Finding the queen to move, ns (instrumented runs only).
    pub nanos_picking: Option<u64>,
    /// The full checks, ns (instrumented runs only).
    pub nanos_checks: Option<u64>,
}
