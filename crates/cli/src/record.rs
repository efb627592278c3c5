//! The `--json` line: the contract between `queens` and `cargo xtask`.

use std::collections::BTreeMap;

use serde::Serialize;

/// One run, as one JSON object on one line.
#[derive(Serialize)]
pub struct Record {
    /// Approach id.
    pub algo: &'static str,
    /// Board size.
    pub n: usize,
    /// `"count"` or `"first"`.
    pub mode: &'static str,
    /// Solutions counted (count mode) or found (first mode: 0 or 1).
    pub solutions: u64,
    /// Fundamental solutions (count mode, approaches that know them), else `null`.
    pub unique: Option<u64>,
    /// Steps of the instrumented run (`null` with `--no-steps`).
    pub steps: Option<u64>,
    /// Wall time of the uninstrumented run, in nanoseconds.
    pub nanos: u128,
    /// Threads a splitting count ran on, else `null`.
    pub threads: Option<usize>,
    /// The shard counted, `"i/k"`, or `null` for the whole count.
    pub shard: Option<String>,
    /// Whether the board found passed `is_solution` (first mode), else `null`.
    pub valid: Option<bool>,
    /// The solution found, 1-based columns (first mode), else `null`; also
    /// `null` when the board went to `--output`.
    pub solution: Option<Vec<u32>>,
    /// Where `--output` wrote the board, else `null`.
    pub output: Option<String>,
    /// The random seed, for approaches that use one, else `null`.
    pub seed: Option<u64>,
    /// Peak resident memory of the process (Linux `VmHWM`), if known.
    pub peak_bytes: Option<u64>,
    /// Approach-specific statistics (e.g. restarts of a local search), all
    /// integers; with `--depths` also `nodes_per_depth`, an array of integers
    /// (index = depth, 0 = the root).
    pub extra: BTreeMap<&'static str, Extra>,
}

/// One value of [`Record::extra`].
#[derive(Serialize)]
#[serde(untagged)]
pub enum Extra {
    /// A statistic: a JSON integer.
    Count(u64),
    /// A statistic per index (`nodes_per_depth`): a JSON array of integers.
    List(Vec<u64>),
}

/// The key of the nodes per depth in [`Record::extra`].
pub const NODES_PER_DEPTH: &str = "nodes_per_depth";

/// The process's peak resident set size so far, from `/proc/self/status`
/// (`VmHWM`, in kB); `None` where that file does not exist.
pub fn peak_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}
