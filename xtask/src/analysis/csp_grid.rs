//! The constraint-search grid (issue 15) summarised per setting, mode and n.

use super::median_f64;
use crate::data::Status;
use crate::data::csp_grid::Row;

/// One setting in one mode at one n.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The setting's name.
    pub setting: String,
    /// `count` or `first`.
    pub mode: String,
    /// Board size.
    pub n: usize,
    /// Median nodes over the samples' instrumented runs (none if the
    /// instrumented run was killed).
    pub nodes: Option<f64>,
    /// Median time, ns (none if no timed run finished).
    pub nanos: Option<f64>,
    /// Median values pruned by look-ahead.
    pub pruned: Option<f64>,
    /// Median consistency checks.
    pub checks: Option<f64>,
    /// Whether a run was killed at the timeout.
    pub timed_out: bool,
}

impl Cell {
    /// Median ns per node.
    pub fn ns_per_node(&self) -> Option<f64> {
        Some(self.nanos? / self.nodes?.max(1.0))
    }
}

/// Cells in the data's order.
pub fn summarise(rows: &[Row]) -> Vec<Cell> {
    let mut keys: Vec<(&str, &str, usize)> = Vec::new();
    for r in rows {
        let key = (r.setting.as_str(), r.mode.as_str(), r.n);
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    keys.into_iter()
        .map(|(setting, mode, n)| {
            let mine: Vec<&Row> = rows
                .iter()
                .filter(|r| r.setting == setting && r.mode == mode && r.n == n)
                .collect();
            let ok: Vec<&&Row> = mine.iter().filter(|r| r.status == Status::Ok).collect();
            let med = |f: &dyn Fn(&Row) -> Option<u64>| {
                let v: Vec<f64> = mine.iter().filter_map(|r| Some(f(r)? as f64)).collect();
                (!v.is_empty()).then(|| median_f64(v))
            };
            Cell {
                setting: setting.into(),
                mode: mode.into(),
                n,
                nodes: med(&|r| r.steps),
                nanos: (!ok.is_empty())
                    .then(|| median_f64(ok.iter().filter_map(|r| Some(r.nanos? as f64)).collect())),
                pruned: med(&|r| r.pruned),
                checks: med(&|r| r.checks),
                timed_out: mine.iter().any(|r| r.status == Status::Timeout),
            }
        })
        .collect()
}

/// The cell of a setting in a mode at n.
pub fn cell<'c>(cells: &'c [Cell], setting: &str, mode: &str, n: usize) -> Option<&'c Cell> {
    cells
        .iter()
        .find(|c| c.setting == setting && c.mode == mode && c.n == n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_and_timeouts() {
        let row = |sample, status, nanos| Row {
            setting: "arc".into(),
            mode: "first".into(),
            n: 32,
            sample,
            status,
            steps: Some(100),
            nanos,
            pruned: Some(7),
            checks: Some(50),
        };
        let cells = summarise(&[
            row(0, Status::Ok, Some(300)),
            row(1, Status::Ok, Some(100)),
            row(2, Status::Timeout, None),
        ]);
        let c = cell(&cells, "arc", "first", 32).unwrap();
        assert_eq!(
            (c.nodes, c.nanos, c.timed_out),
            (Some(100.0), Some(200.0), true)
        );
        assert_eq!(c.ns_per_node(), Some(2.0));
    }
}
