//! Where QS4's (`swap-search`'s) median time falls as n grows, and what
//! its runs did there: chapter 5's bump.

use serde::Serialize;

use super::{extra, extra_runs, init_share, runs};
use crate::analysis::median_f64;
use crate::lessons::Ctx;

/// QS4's time falling as n grows: the slowest n that some larger n beat,
/// against the next n measured (medians over its seeds).
#[derive(Clone, Debug, Serialize)]
pub struct Bump {
    /// The slow n.
    pub n: usize,
    /// Its median seconds.
    pub seconds: f64,
    /// Its median swaps tried.
    pub trials: f64,
    /// Its median share of the time spent building boards.
    pub init_share: f64,
    /// Its median nanoseconds per swap tried.
    pub ns_per_trial: f64,
    /// Its runs, and those that restarted at least once.
    pub runs: usize,
    /// Runs that restarted.
    pub restarted: usize,
    /// The most swaps an attempt tries before it restarts there: its
    /// queens taken (`queens_per_attempt`) times the partners each is
    /// tried with (`partners_per_queen`), from the crate.
    pub attempt_trials: u64,
    /// The next n measured.
    pub next_n: usize,
    /// Its median seconds.
    pub next_seconds: f64,
    /// Its median swaps tried.
    pub next_trials: f64,
    /// Its median nanoseconds per swap tried.
    pub next_ns_per_trial: f64,
    /// Its runs.
    pub next_runs: usize,
    /// Its runs that restarted.
    pub next_restarted: usize,
}

/// The median nanoseconds per swap tried of QS4's runs at n.
fn ns_per_trial(ctx: &Ctx, n: usize) -> Option<f64> {
    let v: Vec<f64> = runs(ctx, SWAP, n)
        .iter()
        .filter_map(|s| {
            let trials = s.extra("trials").filter(|&t| t > 0)?;
            Some(s.nanos? as f64 / trials as f64)
        })
        .collect();
    (!v.is_empty()).then(|| median_f64(v))
}

/// QS4's id.
const SWAP: &str = "swap-search";

/// Where QS4's median time falls as n grows (see [`Bump`]).
pub(super) fn bump(ctx: &Ctx, q: &crate::analysis::Series) -> Option<Bump> {
    let pts = &q.points;
    let i = (0..pts.len())
        .filter(|&i| pts[i + 1..].iter().any(|p| p.seconds() < pts[i].seconds()))
        .max_by(|&a, &b| pts[a].seconds().total_cmp(&pts[b].seconds()))?;
    let (p, next) = (&pts[i], pts.get(i + 1)?);
    let median = |n: usize, key: &str| extra(ctx, SWAP, n, key).map(|s| s.median);
    let restarts = |n: usize| extra_runs(ctx, SWAP, n, "restarts");
    let (here, there) = (restarts(p.n)?, restarts(next.n)?);
    let attempt = queens_swap_search::queens_per_attempt(p.n)
        * queens_swap_search::partners_per_queen(p.n) as u64;
    Some(Bump {
        n: p.n,
        seconds: p.seconds(),
        trials: median(p.n, "trials")?,
        init_share: init_share(ctx, SWAP, p.n)?,
        ns_per_trial: ns_per_trial(ctx, p.n)?,
        runs: here.len(),
        restarted: here.iter().filter(|&&r| r > 0.0).count(),
        attempt_trials: attempt,
        next_n: next.n,
        next_seconds: next.seconds(),
        next_trials: median(next.n, "trials")?,
        next_ns_per_trial: ns_per_trial(ctx, next.n)?,
        next_runs: there.len(),
        next_restarted: there.iter().filter(|&&r| r > 0.0).count(),
    })
}
