//! Chapter: threads. The splitting counters cut their count into tasks and
//! run them on every core. The speed-up approaches the number of cores on
//! large boards; on small ones the fixed cost of starting threads shows.

use serde::Serialize;

use super::{Chapter, Ctx, N_AXIS};
use crate::analysis::{FIT_FLOOR_NS, Judged, Series, Verdict};
use crate::figure::{Chart, Figure, Line, LineChart, Reference, Unit};
use crate::format;

/// Speed-up of each n both runs measured: (n, one thread / every core).
pub fn speedups(one: &Series, all: &Series) -> Vec<(usize, f64)> {
    all.points
        .iter()
        .filter_map(|p| Some((p.n, one.at(p.n)?.median_ns / p.median_ns)))
        .collect()
}

/// One size of one counter, on one thread and on every core.
#[derive(Clone, Debug, Serialize)]
pub struct Point {
    /// Board size.
    pub n: usize,
    /// Median seconds on one thread.
    pub one: f64,
    /// Median seconds on every core.
    pub all: f64,
    /// `one / all`.
    pub speedup: f64,
    /// The speed-up over the number of cores.
    pub of_ideal: f64,
}

/// A size where every core was slower than one thread (rank test).
#[derive(Clone, Debug, Serialize)]
pub struct Loss {
    /// Board size.
    pub n: usize,
    /// Median seconds on one thread.
    pub one: f64,
}

/// One counter's speed-ups.
#[derive(Clone, Debug, Serialize)]
pub struct Counter {
    /// Approach id.
    pub id: String,
    /// Its largest n with a run of at least 10 µs and runs enough on both
    /// sides for the rank test to decide (the largest such n if none has).
    pub largest: Point,
    /// At the largest n, every core's time against the ideal (one thread's
    /// over the cores), by the rank test: `lower` is faster than the ideal
    /// allows.
    pub against_ideal: Judged,
    /// Its smallest such n.
    pub smallest: Point,
    /// Sizes counted both ways.
    pub sizes: usize,
    /// Sizes where every core was slower than one thread (rank test).
    pub losses: usize,
    /// The largest such size, with one thread's time there.
    pub last_loss: Option<Loss>,
}

/// What the chapter says.
#[derive(Clone, Debug, Serialize)]
pub struct Threads {
    /// Cores of the machine.
    pub cores: usize,
    /// Sizes where both runs counted steps, and where the steps were equal.
    pub steps_shared: usize,
    /// Of those, the sizes with equal steps.
    pub steps_equal: usize,
    /// Each splitting counter.
    pub counters: Vec<Counter>,
    /// The counter and n of the best speed-up, for the exercise.
    pub best_id: String,
    /// Its n.
    pub best_n: usize,
    /// Exercise 11.2, computed.
    pub paper: Paper,
}

/// Exercise 11.2: a count of `one_ms` on one thread, `threads` threads
/// started for `overhead_ms`, the work dividing perfectly.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Paper {
    /// One thread's time, ms.
    pub one_ms: f64,
    /// Starting the threads and handing out the tasks, ms.
    pub overhead_ms: f64,
    /// Threads.
    pub threads: usize,
    /// The time on `threads` threads, ms: one / threads + overhead.
    pub many_ms: f64,
    /// one / many.
    pub speedup: f64,
    /// The one-thread time above which the speed-up exceeds 1, ms:
    /// t / k + o < t ⇔ t > o · k / (k − 1).
    pub break_even_ms: f64,
}

/// The exercise's answer for `threads` threads.
pub fn paper(one_ms: f64, overhead_ms: f64, threads: usize) -> Paper {
    let k = threads as f64;
    let many_ms = one_ms / k + overhead_ms;
    Paper {
        one_ms,
        overhead_ms,
        threads,
        many_ms,
        speedup: one_ms / many_ms,
        break_even_ms: overhead_ms * k / (k - 1.0),
    }
}

fn point(one: &Series, all: &Series, n: usize, cores: usize) -> Option<Point> {
    let (a, b) = (one.at(n)?, all.at(n)?);
    let speedup = a.median_ns / b.median_ns;
    Some(Point {
        n,
        one: a.seconds(),
        all: b.seconds(),
        speedup,
        of_ideal: speedup / cores as f64,
    })
}

/// Every core's time at n against the ideal.
fn against_ideal(one: &Series, all: &Series, n: usize, cores: usize) -> Option<Judged> {
    let (a, b) = (one.at(n)?, all.at(n)?);
    let ideal: Vec<f64> = a.nanos.iter().map(|t| t / cores as f64).collect();
    Some(Judged::times(&b.nanos, &ideal))
}

/// The facts, if some counter ran on one thread and on every core.
pub fn threads(ctx: &Ctx) -> Option<Threads> {
    let cores = ctx.data.meta.cores.max(1);
    let pairs: Vec<(&Series, &Series)> = ctx
        .parallel
        .iter()
        .filter_map(|p| Some((ctx.count(&p.approach.id)?, p)))
        .collect();
    if pairs.is_empty() || cores < 2 {
        return None;
    }
    let (mut steps_shared, mut steps_equal) = (0, 0);
    let mut counters = Vec::new();
    for (one, all) in &pairs {
        for p in &all.points {
            if let (Some(a), Some(b)) = (p.steps, one.at(p.n).and_then(|q| q.steps)) {
                steps_shared += 1;
                steps_equal += usize::from(a == b);
            }
        }
        let timed: Vec<usize> = all
            .points
            .iter()
            .map(|p| p.n)
            .filter(|&n| one.at(n).is_some_and(|p| p.median_ns >= FIT_FLOOR_NS))
            .collect();
        let losses: Vec<usize> = all
            .points
            .iter()
            .filter(|p| {
                one.at(p.n)
                    .is_some_and(|q| p.time_against(q) == Verdict::Higher)
            })
            .map(|p| p.n)
            .collect();
        // The largest size whose runs are enough for a verdict (the largest
        // timed one when none is).
        let largest = super::largest_decidable(&timed, |n| {
            against_ideal(one, all, n, cores).is_some_and(|j| j.is != Verdict::TooFew)
        })?;
        counters.push(Counter {
            id: one.approach.id.clone(),
            largest: point(one, all, largest, cores)?,
            against_ideal: against_ideal(one, all, largest, cores)?,
            smallest: point(one, all, *timed.first()?, cores)?,
            sizes: speedups(one, all).len(),
            losses: losses.len(),
            last_loss: losses.last().and_then(|&n| {
                Some(Loss {
                    n,
                    one: one.at(n)?.seconds(),
                })
            }),
        });
    }
    let best = counters
        .iter()
        .max_by(|a, b| a.largest.speedup.total_cmp(&b.largest.speedup))?;
    Some(Threads {
        paper: paper(100.0, 0.3, cores),
        cores,
        steps_shared,
        steps_equal,
        best_id: best.id.clone(),
        best_n: best.largest.n,
        counters,
    })
}

fn figures(ctx: &Ctx, cores: usize) -> Vec<Figure> {
    let lines: Vec<Line> = ctx
        .parallel
        .iter()
        .filter_map(|all| {
            let one = ctx.count(&all.approach.id)?;
            Some(Line {
                points: speedups(one, all)
                    .into_iter()
                    .map(|(n, s)| (n as f64, s))
                    .collect(),
                ..Line::of(all.approach)
            })
        })
        .collect();
    vec![Figure {
        chart: Chart::Line(LineChart {
            name: "threads_speedup",
            title: format!("Speed-up on {cores} cores over one thread"),
            x_desc: N_AXIS.into(),
            y_desc: format!("one-thread time / {cores}-thread time"),
            x_log: false,
            y_log: false,
            y_unit: Unit::Ratio,
            lines,
            references: vec![
                Reference {
                    y: cores as f64,
                    label: format!("ideal {}", format::ratio(cores as f64)),
                },
                Reference {
                    y: 1.0,
                    label: "no gain ×1".into(),
                },
            ],
        }),
    }]
}

pub(super) fn chapter(ctx: &Ctx) -> Option<Chapter> {
    let facts = threads(ctx)?;
    Some(Chapter::new(&facts, figures(ctx, facts.cores)))
}

/// Variants for the branches the committed data do not take.
#[cfg(test)]
pub(super) fn flips(ctx: &Ctx) -> Vec<Chapter> {
    let Some(base) = threads(ctx) else {
        return Vec::new();
    };
    let figures = figures(ctx, base.cores);
    let mut out = Vec::new();
    for verdict in [
        Verdict::Lower,
        Verdict::Higher,
        Verdict::WithinNoise,
        Verdict::TooFew,
    ] {
        let mut f = base.clone();
        f.steps_equal = f.steps_shared - 1;
        for c in &mut f.counters {
            c.against_ideal.is = verdict;
            c.losses = 0;
            c.last_loss = None;
        }
        out.push(Chapter::new(&f, figures.clone()));
    }
    let mut f = base.clone();
    for c in &mut f.counters {
        c.last_loss = Some(Loss {
            n: c.smallest.n,
            one: c.smallest.one,
        });
        c.losses = 1;
    }
    out.push(Chapter::new(&f, figures));
    out
}

/// What the chapter's branches say (see [`super::Says`]).
#[cfg(test)]
pub(super) const SAYS: &[super::Says] = &[
    super::says!(
        "the nodes equal at every size",
        |f| f["steps_equal"] == f["steps_shared"],
        "equalled those on one thread at all",
        "a bug to report"
    ),
    super::says!(
        "the nodes differ at a size",
        |f| f["steps_equal"] != f["steps_shared"],
        "the split lost or repeated work: a bug to report",
        "at all"
    ),
    super::says!(
        "every counter above the ideal",
        |f| counters(f, |c| c["against_ideal"]["is"] == "lower"),
        "| above it (",
        "Short of the ideal:"
    ),
    super::says!(
        "every counter short of the ideal",
        |f| counters(f, |c| c["against_ideal"]["is"] == "higher"),
        "Short of the ideal: the tasks",
        "Above the ideal is"
    ),
    super::says!(
        "every counter at the ideal",
        |f| counters(f, |c| c["against_ideal"]["is"] == "within_noise"),
        "| within noise (",
        "Short of the ideal:"
    ),
    super::says!(
        "every counter too few runs to judge against the ideal",
        |f| counters(f, |c| c["against_ideal"]["is"] == "too_few"),
        "Too few runs: no test could decide",
        "Short of the ideal:"
    ),
    super::says!(
        "no counter ever slower",
        |f| counters(f, |c| c["last_loss"].is_null()),
        "never.",
        "on one thread)."
    ),
    super::says!(
        "every counter slower at a size",
        |f| counters(f, |c| c["last_loss"].is_object()),
        "on one thread).",
        "` never"
    ),
];

/// Whether every counter has `p`.
#[cfg(test)]
fn counters(f: &serde_json::Value, p: fn(&serde_json::Value) -> bool) -> bool {
    f["counters"].as_array().into_iter().flatten().all(p)
}

#[cfg(test)]
mod paper_tests {
    /// Exercise 11.2 by hand: 100 ms, 0.3 ms, 2 threads: 50.3 ms,
    /// 100 / 50.3 = 1.988…, break-even 0.6 ms.
    #[test]
    fn the_paper_exercise_by_hand() {
        let p = super::paper(100.0, 0.3, 2);
        assert!((p.many_ms - 50.3).abs() < 1e-12);
        assert!((p.speedup - 1.988_07).abs() < 1e-5);
        assert!((p.break_even_ms - 0.6).abs() < 1e-12);
        // At the break-even the two times are equal.
        let q = super::paper(p.break_even_ms, 0.3, 2);
        assert!((q.speedup - 1.0).abs() < 1e-12);
    }
}
