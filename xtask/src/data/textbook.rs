//! `textbook.csv`: issue 26's study of the textbook's local searches
//! (Russell and Norvig, AIMA, §4.1, and min-conflicts, §6.4), many random
//! starts per method and n, one row per (method, n) summing the starts as
//! the `starts` batch runner (crates/approaches/src/bin/starts.rs) printed
//! them. Sums and sums of squares are kept exact, so means, spreads and
//! the expected cost of random restarts are computed, not stored.

use serde::{Deserialize, Serialize};

/// Its file in `DIR/data`.
pub const FILE: &str = "textbook.csv";

/// How a point's starts ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PointStatus {
    /// Every planned start ran.
    Complete,
    /// The point's time budget ran out: `starts` of `planned` ran, the
    /// first ones in seed order (a complete sample of those seeds).
    Cut,
}

/// The starts of one method at one n.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// The approach id (`queens --algo`).
    pub approach: String,
    /// Its knobs, `name=value` joined by spaces (empty: the defaults).
    pub knobs: String,
    /// Board size.
    pub n: usize,
    /// Starts asked for.
    pub planned: u64,
    /// Starts run (seeds 1..=starts).
    pub starts: u64,
    /// Complete or cut by the time budget.
    pub status: PointStatus,
    /// Starts that found a board (verified).
    pub solved: u64,
    /// Steps of the solved starts: sum, sum of squares, median, largest.
    pub solved_steps: u64,
    /// Sum of the squares of the solved starts' steps.
    pub solved_steps_sq: u128,
    /// Median steps of a solved start (the lower middle; 0 when none).
    pub solved_steps_median: u64,
    /// Steps of the failed starts (gave up): sum.
    pub failed_steps: u64,
    /// Sum of the squares of the failed starts' steps.
    pub failed_steps_sq: u128,
    /// Restarts summed over the solved starts (0 for a method without).
    pub restarts: u64,
    /// Median wall time of one start, steps counted, ns.
    pub nanos_median: u64,
    /// Slowest start, ns.
    pub nanos_max: u64,
}

impl Row {
    /// The method's name in the study: the id, with its knobs when set.
    pub fn method(&self) -> String {
        if self.knobs.is_empty() {
            self.approach.clone()
        } else {
            format!("{} {}", self.approach, self.knobs)
        }
    }
}

/// One start as `starts` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Start {
    /// The approach id.
    pub approach: String,
    /// Board size.
    pub n: usize,
    /// The seed.
    pub seed: u64,
    /// Whether it found a board.
    pub solved: bool,
    /// Its steps.
    pub steps: u64,
    /// Its restarts, when the approach reports them.
    pub restarts: Option<u64>,
    /// Its wall time, ns.
    pub nanos: u64,
}

/// Sums the starts of one point (all of one approach at one n).
pub fn summarise(approach: &str, knobs: &str, n: usize, planned: u64, starts: &[Start]) -> Row {
    let mut solved: Vec<u64> = starts
        .iter()
        .filter(|s| s.solved)
        .map(|s| s.steps)
        .collect();
    solved.sort_unstable();
    let failed = starts.iter().filter(|s| !s.solved).map(|s| s.steps);
    let sq = |v: u64| u128::from(v) * u128::from(v);
    let mut nanos: Vec<u64> = starts.iter().map(|s| s.nanos).collect();
    nanos.sort_unstable();
    let lower_middle = |v: &[u64]| v.get(v.len().saturating_sub(1) / 2).copied().unwrap_or(0);
    Row {
        approach: approach.into(),
        knobs: knobs.into(),
        n,
        planned,
        starts: starts.len() as u64,
        status: if starts.len() as u64 == planned {
            PointStatus::Complete
        } else {
            PointStatus::Cut
        },
        solved: solved.len() as u64,
        solved_steps: solved.iter().sum(),
        solved_steps_sq: solved.iter().map(|&v| sq(v)).sum(),
        solved_steps_median: lower_middle(&solved),
        failed_steps: failed.clone().sum(),
        failed_steps_sq: failed.map(sq).sum(),
        restarts: starts
            .iter()
            .filter(|s| s.solved)
            .filter_map(|s| s.restarts)
            .sum(),
        nanos_median: lower_middle(&nanos),
        nanos_max: nanos.last().copied().unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(seed: u64, solved: bool, steps: u64) -> Start {
        Start {
            approach: "a".into(),
            n: 8,
            seed,
            solved,
            steps,
            restarts: solved.then_some(seed),
            nanos: 10 * seed,
        }
    }

    #[test]
    fn a_summary_keeps_exact_sums_and_says_when_it_was_cut() {
        let starts = [start(1, true, 4), start(2, false, 3), start(3, true, 6)];
        let row = summarise("a", "", 8, 5, &starts);
        assert_eq!((row.starts, row.solved), (3, 2));
        assert_eq!((row.solved_steps, row.solved_steps_sq), (10, 52));
        assert_eq!((row.failed_steps, row.failed_steps_sq), (3, 9));
        assert_eq!(row.solved_steps_median, 4);
        assert_eq!(row.restarts, 4);
        assert_eq!((row.nanos_median, row.nanos_max), (20, 30));
        assert_eq!(row.status, PointStatus::Cut);
        let full = summarise("a", "pick=x", 8, 3, &starts);
        assert_eq!(full.status, PointStatus::Complete);
        assert_eq!(full.method(), "a pick=x");
    }
}
