//! `long_runs.csv`: the largest runs, each measured once by `cargo xtask
//! long-runs` and kept with its own command, machine, date and revision
//! (they take minutes, so `cargo xtask report` does not repeat them; it
//! carries the file over).

use serde::{Deserialize, Serialize};

/// Its file in `DIR/data`.
pub const FILE: &str = "long_runs.csv";

/// One long run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// Its name in `measure::long_runs::RUNS` (`half-join-20`).
    pub run: String,
    /// Approach id.
    pub approach: String,
    /// Board size.
    pub n: usize,
    /// Threads, for a count split over threads.
    pub threads: Option<usize>,
    /// `count` (every solution) or `local` (one board).
    pub mode: String,
    /// Seconds of the search itself (`queens --json`'s `nanos`).
    pub seconds: f64,
    /// Peak memory of the process, bytes.
    pub peak_bytes: Option<u64>,
    /// Solutions counted (checked against OEIS A000170), or none for one board.
    pub solutions: Option<u64>,
    /// Steps of the run, when `queens` counted them.
    pub steps: Option<u64>,
    /// The exact command.
    pub command: String,
    /// UTC date of the run.
    pub date: String,
    /// CPU model and cores.
    pub machine: String,
    /// Git revision of the build (`+dirty` with uncommitted changes).
    pub revision: String,
    /// For a run that writes its board (`--output`): wall seconds of the
    /// whole `queens` process, the search, the check and the file written.
    #[serde(default)]
    pub written_seconds: Option<f64>,
    /// For a run that writes its board: wall seconds of `check-board`, the
    /// independent checker, which found the file a solution (a run whose
    /// file fails is not recorded).
    #[serde(default)]
    pub verified_seconds: Option<f64>,
    /// For a count split into shards run one after another: each shard's
    /// seconds, in shard order, separated by spaces (`seconds` is their sum).
    #[serde(default)]
    pub shard_seconds: Option<String>,
}
