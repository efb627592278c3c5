//! The textbook study's statistics: from the exact sums of
//! `data/textbook.csv`, each method's share of starts solved (a Wilson
//! interval), the mean steps of its solved and failed starts (a 95 %
//! interval of the mean), and the cost AIMA §4.1.1 predicts for random
//! restarts from them: 1/p climbs, the steps of a success plus (1 − p)/p
//! failures.

use super::Spread;
use super::local_study::wilson;
use crate::data::textbook::Row;

/// z of a two-sided 95 % interval.
const Z: f64 = 1.96;

/// A mean with its 95 % interval (`Spread`'s median is the mean).
fn mean_interval(k: u64, sum: u64, sum_sq: u128) -> Option<Spread> {
    if k == 0 {
        return None;
    }
    let k_f = k as f64;
    let mean = sum as f64 / k_f;
    let var = if k > 1 {
        ((sum_sq as f64 - k_f * mean * mean) / (k_f - 1.0)).max(0.0)
    } else {
        0.0
    };
    let half = Z * (var / k_f).sqrt();
    Some(Spread::new(mean, (mean - half).max(0.0), mean + half))
}

/// One method at one n, summarised.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// The approach id.
    pub approach: String,
    /// Its knobs (empty: defaults).
    pub knobs: String,
    /// Board size.
    pub n: usize,
    /// Starts run.
    pub starts: u64,
    /// Starts planned (more than `starts` when the time budget cut the point).
    pub planned: u64,
    /// Starts solved.
    pub solved: u64,
    /// The share solved with its Wilson interval (0..1).
    pub share: Spread,
    /// Mean steps of a solved start, with its 95 % interval.
    pub steps_solved: Option<Spread>,
    /// Mean steps of a failed start, with its 95 % interval.
    pub steps_failed: Option<Spread>,
    /// Median steps of a solved start.
    pub steps_solved_median: u64,
    /// Mean restarts of a solved start.
    pub restarts: f64,
    /// Median seconds of one start.
    pub seconds_median: f64,
}

/// Summarises one row.
pub fn point(r: &Row) -> Point {
    let (low, high) = wilson(r.solved as usize, r.starts as usize);
    let failed = r.starts - r.solved;
    Point {
        approach: r.approach.clone(),
        knobs: r.knobs.clone(),
        n: r.n,
        starts: r.starts,
        planned: r.planned,
        solved: r.solved,
        share: Spread::new(r.solved as f64 / r.starts.max(1) as f64, low, high),
        steps_solved: mean_interval(r.solved, r.solved_steps, r.solved_steps_sq),
        steps_failed: mean_interval(failed, r.failed_steps, r.failed_steps_sq),
        steps_solved_median: r.solved_steps_median,
        restarts: r.restarts as f64 / r.solved.max(1) as f64,
        seconds_median: r.nanos_median as f64 / 1e9,
    }
}

/// AIMA's expected cost of random restarts from one climb's figures: the
/// steps of a success plus (1 − p)/p times the steps of a failure, with a
/// range from the ends of p's interval and of the two means' intervals
/// (each end taken where it makes the cost lowest or highest). `None`
/// when the climb never succeeded.
pub fn restart_cost(climb: &Point) -> Option<Spread> {
    let ok = climb.steps_solved?;
    let fail = climb.steps_failed.unwrap_or_else(|| Spread::exact(0.0));
    let cost = |p: f64, ok: f64, fail: f64| ok + (1.0 - p) / p * fail;
    if climb.share.low <= 0.0 {
        return None;
    }
    Some(Spread::new(
        cost(climb.share.median, ok.median, fail.median),
        cost(climb.share.high, ok.low, fail.low),
        cost(climb.share.low, ok.high, fail.high),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::textbook::{Start, summarise};

    fn row(outcomes: &[(bool, u64)]) -> Row {
        let starts: Vec<Start> = outcomes
            .iter()
            .enumerate()
            .map(|(i, &(solved, steps))| Start {
                approach: "hill-climbing".into(),
                n: 8,
                seed: i as u64 + 1,
                solved,
                steps,
                restarts: None,
                nanos: 100,
            })
            .collect();
        summarise("hill-climbing", "", 8, starts.len() as u64, &starts)
    }

    #[test]
    fn means_and_intervals_come_from_the_exact_sums() {
        let p = point(&row(&[(true, 4), (true, 6), (false, 3), (false, 3)]));
        assert_eq!(p.share.median, 0.5);
        assert!(p.share.low < 0.5 && p.share.high > 0.5);
        let ok = p.steps_solved.unwrap();
        assert_eq!(ok.median, 5.0);
        // sd = √2, half = 1.96 · √2 / √2.
        assert!((ok.high - ok.median - 1.96).abs() < 1e-9);
        let fail = p.steps_failed.unwrap();
        assert_eq!((fail.low, fail.median, fail.high), (3.0, 3.0, 3.0));
    }

    #[test]
    fn the_restart_cost_is_the_books_formula_and_brackets_itself() {
        let p = point(&row(&[(true, 4), (false, 3), (false, 3), (false, 3)]));
        let c = restart_cost(&p).unwrap();
        // 4 + (0.75 / 0.25) · 3 = 13.
        assert!((c.median - 13.0).abs() < 1e-9);
        assert!(c.low <= c.median && c.median <= c.high);
        assert!(restart_cost(&point(&row(&[(false, 3)]))).is_none());
    }
}
