//! The constraint-search lab's grid (`queens --algo csp`, data/csp_grid.csv)
//! read per setting: nodes, time and its spread, and how far each setting
//! got for a first solution, with the runs that did not finish counted,
//! never averaged away.

use serde::Serialize;

use crate::analysis::{Spread, median_f64};
use crate::data::Status;
use crate::data::csp_grid::Row;
use crate::measure::csp_grid::SETTINGS;

/// One setting at one n in one mode, from its raw rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Board size.
    pub n: usize,
    /// Runs made.
    pub runs: usize,
    /// Runs that did not finish within the limit.
    pub failed: usize,
    /// Nodes of each finished run.
    pub nodes: Vec<f64>,
    /// Nanoseconds of each finished run.
    pub nanos: Vec<f64>,
    /// Values pruned (median of the finished runs).
    pub pruned: f64,
    /// Consistency checks (median of the finished runs).
    pub checks: f64,
}

impl Point {
    /// Median nodes of the finished runs.
    pub fn median_nodes(&self) -> Option<f64> {
        (!self.nodes.is_empty()).then(|| median_f64(self.nodes.clone()))
    }

    /// The time of the finished runs: median, fastest, slowest (ns).
    pub fn time(&self) -> Option<Spread> {
        let lo = self.nanos.iter().copied().reduce(f64::min)?;
        let hi = self.nanos.iter().copied().reduce(f64::max)?;
        Some(Spread::new(median_f64(self.nanos.clone()), lo, hi))
    }

    /// Whether every run finished.
    pub fn complete(&self) -> bool {
        self.failed == 0 && !self.nodes.is_empty()
    }
}

/// The points of one setting in one mode, by n.
pub fn points(rows: &[Row], setting: &str, mode: &str) -> Vec<Point> {
    let mut sizes: Vec<usize> = rows
        .iter()
        .filter(|r| r.setting == setting && r.mode == mode)
        .map(|r| r.n)
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    sizes
        .into_iter()
        .map(|n| {
            let mine: Vec<&Row> = rows
                .iter()
                .filter(|r| r.setting == setting && r.mode == mode && r.n == n)
                .collect();
            let ok: Vec<&&Row> = mine
                .iter()
                .filter(|r| r.status == Status::Ok && r.steps.is_some() && r.nanos.is_some())
                .collect();
            let med = |f: &dyn Fn(&Row) -> Option<u64>| {
                let v: Vec<f64> = ok.iter().filter_map(|r| Some(f(r)? as f64)).collect();
                if v.is_empty() { 0.0 } else { median_f64(v) }
            };
            Point {
                n,
                runs: mine.len(),
                failed: mine.len() - ok.len(),
                nodes: ok.iter().filter_map(|r| Some(r.steps? as f64)).collect(),
                nanos: ok.iter().filter_map(|r| Some(r.nanos? as f64)).collect(),
                pruned: med(&|r| r.pruned),
                checks: med(&|r| r.checks),
            }
        })
        .collect()
}

/// The point of a setting in a mode at n.
pub fn at(rows: &[Row], setting: &str, mode: &str, n: usize) -> Option<Point> {
    points(rows, setting, mode).into_iter().find(|p| p.n == n)
}

/// The largest n at which every setting counted with every run finished.
pub fn count_n(rows: &[Row]) -> Option<usize> {
    rows.iter()
        .filter(|r| r.mode == "count")
        .map(|r| r.n)
        .filter(|&n| {
            SETTINGS
                .iter()
                .all(|s| at(rows, s.name, "count", n).is_some_and(|p| p.complete()))
        })
        .max()
}

/// How far a setting got for a first solution.
#[derive(Clone, Debug, Serialize)]
pub struct Reach {
    /// The largest n at which every run finished.
    pub n: usize,
    /// Median nodes there.
    pub nodes: f64,
    /// The first n after it where some run did not finish, if any.
    pub stop: Option<Failure>,
}

/// Runs that did not finish within the limit at one n.
#[derive(Clone, Debug, Serialize)]
pub struct Failure {
    /// Board size.
    pub n: usize,
    /// Runs that did not finish.
    pub failed: usize,
    /// Runs made.
    pub runs: usize,
}

/// A setting's first-solution reach.
pub fn reach(rows: &[Row], setting: &str) -> Option<Reach> {
    let pts = points(rows, setting, "first");
    let done = pts.iter().take_while(|p| p.complete()).last()?;
    let stop = pts.iter().find(|p| !p.complete()).map(|p| Failure {
        n: p.n,
        failed: p.failed,
        runs: p.runs,
    });
    Some(Reach {
        n: done.n,
        nodes: done.median_nodes()?,
        stop,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(n: usize, sample: u32, status: Status, steps: Option<u64>) -> Row {
        Row {
            setting: "mrv-random".into(),
            mode: "first".into(),
            n,
            sample,
            status,
            steps,
            nanos: steps.map(|s| s * 10),
            pruned: Some(0),
            checks: Some(1),
        }
    }

    #[test]
    fn a_failed_run_stops_the_reach_and_is_counted_not_averaged() {
        let rows = vec![
            row(128, 0, Status::Ok, Some(8103)),
            row(128, 1, Status::Ok, Some(201)),
            row(128, 2, Status::Ok, Some(55589)),
            row(200, 0, Status::Ok, Some(204)),
            row(200, 1, Status::Ok, Some(2389)),
            row(200, 2, Status::Timeout, None),
        ];
        let r = reach(&rows, "mrv-random").unwrap();
        assert_eq!((r.n, r.nodes), (128, 8103.0));
        let f = r.stop.unwrap();
        assert_eq!((f.n, f.failed, f.runs), (200, 1, 3));
    }
}
