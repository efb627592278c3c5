//! Random restarts: the book's formula for their cost against ours, and
//! plain restarts against restarts with sideways moves as n grows.

use serde::Serialize;

use super::{AtEight, BOOK_RESTARTS};
use crate::analysis::textbook::{Point, restart_cost};
use crate::analysis::{Spread, Verdict};

/// Random restarts: the cost the book's formula predicts from our climbs,
/// against the cost measured.
#[derive(Clone, Debug, Serialize)]
pub struct Restarts {
    /// The restarting method.
    pub method: String,
    /// The climb it repeats.
    pub climb: String,
    /// Climbs per solution the formula expects, 1/p.
    pub climbs: f64,
    /// The formula's cost in steps, with its range.
    pub predicted: f64,
    /// Lower end.
    pub predicted_low: f64,
    /// Upper end.
    pub predicted_high: f64,
    /// The measured mean steps, with its 95 % interval.
    pub measured: f64,
    /// Lower end.
    pub measured_low: f64,
    /// Upper end.
    pub measured_high: f64,
    /// Measured against predicted.
    pub verdict: Verdict,
    /// The book's figure.
    pub book: f64,
    /// Measured against the book's figure.
    pub vs_book: Verdict,
    /// Whether every figure the book works it out from (the climb's share
    /// and steps) agrees with ours.
    pub book_inputs_agree: bool,
}

/// Plain restarts against restarts with sideways moves at one n: mean steps
/// per solved start (each a solution, failed climbs included).
#[derive(Clone, Debug, Serialize)]
pub struct RestartVsSideways {
    /// n.
    pub n: usize,
    /// Plain random restarts' mean steps.
    pub restarts: f64,
    /// Random restarts with sideways moves' mean steps.
    pub sideways: f64,
    /// Plain restarts against sideways (95 % intervals apart or not).
    pub verdict: Verdict,
}

/// The restart costs the book works out, against our formula and runs.
pub(super) fn restarts(all: &[Point], eight: &[AtEight]) -> Vec<Restarts> {
    let at8 = |id: &str| all.iter().find(|p| p.n == 8 && p.approach == id);
    BOOK_RESTARTS
        .iter()
        .filter_map(|&(method, climb, book)| {
            let predicted = restart_cost(at8(climb)?)?;
            let measured = at8(method)?.steps_solved?;
            Some(Restarts {
                method: method.into(),
                climb: climb.into(),
                climbs: 1.0 / at8(climb)?.share.median,
                predicted: predicted.median,
                predicted_low: predicted.low,
                predicted_high: predicted.high,
                measured: measured.median,
                measured_low: measured.low,
                measured_high: measured.high,
                verdict: Verdict::of(measured, predicted),
                book,
                vs_book: Verdict::of(measured, Spread::rounded(book)),
                book_inputs_agree: eight.iter().filter(|e| e.method == climb).all(|e| {
                    [
                        e.solved_vs_book,
                        e.steps_solved_vs_book,
                        e.steps_failed_vs_book,
                    ]
                    .iter()
                    .all(|v| v.is_none_or(|v| v == Verdict::WithinNoise))
                }),
            })
        })
        .collect()
}

/// Plain restarts against restarts with sideways moves at every n both ran.
pub(super) fn restart_vs_sideways(all: &[Point]) -> Vec<RestartVsSideways> {
    let mut out: Vec<RestartVsSideways> = all
        .iter()
        .filter(|p| p.approach == "random-restart")
        .filter_map(|p| {
            let plain = p.steps_solved?;
            let sideways = all
                .iter()
                .find(|q| q.n == p.n && q.approach == "random-restart-sideways")?
                .steps_solved?;
            Some(RestartVsSideways {
                n: p.n,
                restarts: plain.median,
                sideways: sideways.median,
                verdict: Verdict::of(plain, sideways),
            })
        })
        .collect();
    out.sort_by_key(|r| r.n);
    out
}
