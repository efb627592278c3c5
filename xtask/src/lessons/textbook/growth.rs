//! Page 17's growth table: each textbook method as n grows, read from the
//! study's points (the largest size, its share, the sizes at which every
//! start solved, and why the study stopped).

use serde::Serialize;

use super::AtEight;
use crate::analysis::textbook::Point;

/// A run of consecutive measured sizes, `from` to `to` (equal: one size).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Sizes {
    /// The smallest n of the run.
    pub from: usize,
    /// The largest.
    pub to: usize,
}

/// The runs of consecutive sizes of `measured` (ascending n) at which
/// every start solved; a size cut before any start ran is skipped, as it
/// says nothing either way.
fn every_start_solved(measured: &[&Point]) -> Vec<Sizes> {
    let mut out: Vec<Sizes> = Vec::new();
    let mut extend = false;
    for p in measured.iter().filter(|p| p.starts > 0) {
        if p.solved < p.starts {
            extend = false;
        } else if extend && let Some(last) = out.last_mut() {
            last.to = p.n;
        } else {
            out.push(Sizes { from: p.n, to: p.n });
            extend = true;
        }
    }
    out
}

/// How a method's growth in n ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ended {
    /// It measured every size of the plan.
    Plan,
    /// No start solved at its last size.
    NoneSolved,
    /// The last size ran out of time before all its starts ran.
    Budget,
}

/// One method as n grows.
#[derive(Clone, Debug, Serialize)]
pub struct Growth {
    /// The approach id.
    pub method: String,
    /// Its knobs.
    pub knobs: String,
    /// The largest n measured.
    pub last_n: usize,
    /// Its share solved there, %.
    pub last_pct: f64,
    /// The sizes at which every start solved, as runs of consecutive
    /// measured sizes (a method may fail at a small n and solve every
    /// start at every larger one, so "solved up to" would misread it).
    pub all_solved_at: Vec<Sizes>,
    /// Mean steps of a solved start at the largest n with one.
    pub last_steps: Option<f64>,
    /// The n of `last_steps`.
    pub last_steps_n: Option<usize>,
    /// Median seconds of a start at the largest n.
    pub last_seconds: f64,
    /// Why it ended there.
    pub ended: Ended,
}

/// Every method of `eight` (the rows at n = 8, in the book's order) as n
/// grows, from the study's points `all` (the million-queens point left out).
pub(super) fn growth(all: &[Point], eight: &[AtEight]) -> Vec<Growth> {
    let mut growth = Vec::new();
    for e in eight {
        let mut mine: Vec<&Point> = all
            .iter()
            .filter(|p| p.approach == e.method && p.knobs == e.knobs && p.n < 1_000_000)
            .collect();
        mine.sort_by_key(|p| p.n);
        // A size cut before any start finished tells only that it was cut.
        let cut_empty = mine.iter().any(|p| p.starts == 0);
        let Some(last) = mine.iter().filter(|p| p.starts > 0).max_by_key(|p| p.n) else {
            continue;
        };
        let with_steps = mine.iter().filter(|p| p.solved > 0).max_by_key(|p| p.n);
        growth.push(Growth {
            method: e.method.clone(),
            knobs: e.knobs.clone(),
            last_n: last.n,
            last_pct: 100.0 * last.share.median,
            all_solved_at: every_start_solved(&mine),
            last_steps: with_steps.and_then(|p| p.steps_solved).map(|s| s.median),
            last_steps_n: with_steps.map(|p| p.n),
            last_seconds: last.seconds_median,
            ended: if cut_empty || last.starts < last.planned {
                Ended::Budget
            } else if last.solved == 0 {
                Ended::NoneSolved
            } else {
                // The study grows a method until a size is cut or solves
                // nothing, so any other last size is the plan's last.
                Ended::Plan
            },
        });
    }
    growth
}
