//! The facts of the course: one module per chapter. A chapter module
//! computes a typed, serialisable set of facts and the figures from the
//! data, and no sentences: the text is the chapter's template in
//! `xtask/course/` (rendered by the course module of `render`). Lessons only read the
//! data (through [`crate::analysis`]); they never draw or write files.
//!
//! A chapter with no data (e.g. a run narrowed by `--algos`) returns `None`
//! and is left out of the course; the index says so.

mod aima_python;
mod algorithms;
mod block_sums;
#[cfg(test)]
mod chart_tests;
pub mod classroom;
mod constructions;
mod csp_book;
mod first_solution;
mod introduction;
mod join;
mod local_search;
mod local_study;
mod memory;
mod ordering;
mod reference;
mod representation;
mod reproduce;
mod symmetry;
#[cfg(test)]
pub(crate) mod test_data;
mod textbook;
mod threads;
mod tree_size;
pub mod truth;

pub use truth::measured;

use serde::Serialize;

use crate::analysis::{self, Series, Stat};
use crate::data::{Dataset, Family};
use crate::figure::{Figure, Line};

/// Where a chapter sits in the course.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// Before the core: the puzzle, the words, how to read a chart.
    Introduction,
    /// The handout: at most half an hour of reading.
    Core,
    /// How the fast programs are made fast.
    Engineering,
    /// Tables and pages to look things up in.
    Reference,
}

/// One chapter's data: the facts its template reads and the figures it shows.
#[derive(Clone, Debug)]
pub struct Chapter {
    /// The facts, serialised from the chapter module's typed struct.
    pub facts: serde_json::Value,
    /// The charts the template places with `figure("name")`.
    pub figures: Vec<Figure>,
}

impl Chapter {
    /// A chapter from its typed facts.
    pub fn new<F: Serialize>(facts: &F, figures: Vec<Figure>) -> Chapter {
        Chapter {
            facts: serde_json::to_value(facts).expect("facts serialise"),
            figures,
        }
    }
}

/// A chapter of the course: its template and the function computing its data.
pub struct Plan {
    /// The template's file stem in `xtask/course/`, also the output's:
    /// its number orders the course.
    pub file: &'static str,
    /// Where it sits.
    pub part: Part,
    /// Its facts and figures, or `None` when the data lack what it needs.
    pub build: fn(&Ctx) -> Option<Chapter>,
    /// Variants of its facts built from `ctx` that take every branch of
    /// its template the data do not (the template tests render them all).
    #[cfg(test)]
    pub flips: fn(&Ctx) -> Vec<Chapter>,
    /// What its branches say, fact by fact: the template tests check every
    /// statement that holds on the committed data and on each flip.
    #[cfg(test)]
    pub says: &'static [Says],
}

/// What a chapter's text says when a fact has a value: a short phrase the
/// branch taken holds, and one of another branch that it must not hold.
/// The phrases are the oracle of a branch's meaning, kept short so that a
/// teacher rewording a sentence keeps them (or edits one line here).
#[cfg(test)]
pub struct Says {
    /// The fact and its value, as a failure names them.
    pub fact: &'static str,
    /// Whether the chapter's facts have that value.
    pub when: fn(&serde_json::Value) -> bool,
    /// A phrase the text then holds (whitespace runs count as one space;
    /// for a branch that writes nothing, a phrase beside it).
    pub says: &'static str,
    /// A phrase of another branch the text then lacks ("": none).
    pub not: &'static str,
}

/// A [`Says`]: `says!("/json/pointer" == value, "phrase", "not phrase")`
/// for a fact equal to a JSON value, or `says!("name", |facts| …, …)`.
#[cfg(test)]
macro_rules! says {
    ($pointer:literal == $value:tt, $says:literal, $not:literal) => {
        $crate::lessons::Says {
            fact: concat!($pointer, " == ", stringify!($value)),
            when: |f| f.pointer($pointer) == Some(&serde_json::json!($value)),
            says: $says,
            not: $not,
        }
    };
    ($fact:literal, $when:expr, $says:literal, $not:literal) => {
        $crate::lessons::Says {
            fact: $fact,
            when: $when,
            says: $says,
            not: $not,
        }
    };
}
#[cfg(test)]
pub(crate) use says;

/// A [`Plan`] entry: file stem, part, the function computing its data,
/// and (tests only) the one building its fixtures and what it says.
macro_rules! plan {
    ($file:literal, $part:ident, $build:path, $flips:path, $says:path) => {
        Plan {
            file: $file,
            part: Part::$part,
            build: $build,
            #[cfg(test)]
            flips: $flips,
            #[cfg(test)]
            says: $says,
        }
    };
}

/// The course, in order.
#[rustfmt::skip]
pub const PLAN: &[Plan] = &[
    plan!("00-introduction", Introduction, introduction::chapter, introduction::flips, introduction::SAYS),
    plan!("01-tree", Core, tree_size::chapter, tree_size::flips, tree_size::SAYS),
    plan!("02-representation", Engineering, representation::chapter, representation::flips, representation::SAYS),
    plan!("03-ordering", Core, ordering::chapter, ordering::flips, ordering::SAYS),
    plan!("04-first-solution", Core, first_solution::chapter, first_solution::flips, first_solution::SAYS),
    plan!("05-local-search", Core, local_search::chapter, local_search::flips, local_search::SAYS),
    plan!("06-textbook", Core, textbook::chapter, textbook::flips, textbook::SAYS),
    plan!("07-constructions", Engineering, constructions::chapter, constructions::flips, constructions::SAYS),
    plan!("08-memory", Engineering, memory::chapter, memory::flips, memory::SAYS),
    plan!("09-symmetry", Engineering, symmetry::chapter, symmetry::flips, symmetry::SAYS),
    plan!("10-join", Engineering, join::chapter, join::flips, join::SAYS),
    plan!("11-threads", Engineering, threads::chapter, threads::flips, threads::SAYS),
    plan!("12-block-sums", Engineering, block_sums::chapter, block_sums::flips, block_sums::SAYS),
    plan!("13-approaches", Reference, reference::approaches_page, reference::approaches_flips, reference::APPROACHES_SAYS),
    plan!("14-benchmarks", Reference, reference::benchmarks_page, reference::benchmarks_flips, reference::BENCHMARKS_SAYS),
    plan!("15-reproduce", Reference, reproduce::reproduce_page, reproduce::reproduce_flips, reproduce::REPRODUCE_SAYS),
    plan!("16-glossary", Reference, reference::words_page, reference::no_flips, reference::NO_SAYS),
    plan!("17-textbook-tables", Reference, textbook::tables_page, textbook::tables_flips, textbook::TABLES_SAYS),
    plan!("18-references", Reference, reference::words_page, reference::no_flips, reference::NO_SAYS),
    plan!("19-algorithms", Reference, algorithms::chapter, algorithms::flips, algorithms::SAYS),
];

/// Every chapter of [`PLAN`] with its data, or `None` where the data lack it.
pub fn chapters(data: &Dataset) -> Vec<(&'static Plan, Option<Chapter>)> {
    let ctx = Ctx::new(data);
    PLAN.iter().map(|p| (p, (p.build)(&ctx))).collect()
}

/// The data every lesson reads, summarised once.
pub struct Ctx<'a> {
    /// The raw data.
    pub data: &'a Dataset,
    /// Counting all solutions (one thread for the splitting counters).
    pub count: Vec<Series<'a>>,
    /// The exhaustive searches' first solution.
    pub first: Vec<Series<'a>>,
    /// The find-one approaches, one run per seed.
    pub local: Vec<Series<'a>>,
    /// The splitting counters on every core.
    pub parallel: Vec<Series<'a>>,
}

impl<'a> Ctx<'a> {
    /// Summarises the data.
    pub fn new(data: &'a Dataset) -> Ctx<'a> {
        Ctx {
            data,
            count: analysis::series(data, Family::Count),
            first: analysis::series(data, Family::First),
            local: analysis::series(data, Family::Local),
            parallel: analysis::series(data, Family::Parallel),
        }
    }

    /// The count series of an approach.
    pub fn count(&self, id: &str) -> Option<&Series<'a>> {
        find(&self.count, id)
    }

    /// The first-solution series of an exhaustive approach.
    pub fn first(&self, id: &str) -> Option<&Series<'a>> {
        find(&self.first, id)
    }

    /// The series of a find-one approach.
    pub fn local(&self, id: &str) -> Option<&Series<'a>> {
        find(&self.local, id)
    }

    /// The every-core count series of a splitting counter.
    pub fn parallel(&self, id: &str) -> Option<&Series<'a>> {
        find(&self.parallel, id)
    }
}

/// The series of an approach in a list.
pub fn find<'s, 'a>(series: &'s [Series<'a>], id: &str) -> Option<&'s Series<'a>> {
    series.iter().find(|s| s.approach.id == id)
}

// ------------------------------------------------------------ shared helpers

/// What a line reads from a point: (median, lowest, highest), or nothing.
pub type Value<'v> = &'v dyn Fn(&Stat) -> Option<(f64, f64, f64)>;

/// The line of a series: its medians with the spread of its samples.
pub fn line(series: &Series, value: Value) -> Line {
    let mut pts: Vec<(f64, (f64, f64, f64))> = Vec::new();
    // A point left out between two kept ones breaks the line there: no
    // segment is drawn across a size whose value is not shown.
    let mut breaks = Vec::new();
    let mut skipped = false;
    for p in &series.points {
        match value(p) {
            Some(v) => {
                if skipped && !pts.is_empty() {
                    breaks.push(p.n as f64);
                }
                skipped = false;
                pts.push((p.n as f64, v));
            }
            None => skipped = true,
        }
    }
    Line {
        breaks,
        points: pts.iter().map(|&(x, (m, _, _))| (x, m)).collect(),
        spread: pts
            .iter()
            .filter(|(_, (_, lo, hi))| hi > lo)
            .map(|&(x, (_, lo, hi))| (x, lo, hi))
            .collect(),
        ..Line::of(series.approach)
    }
}

/// Median time in seconds, with the fastest and slowest sample.
pub fn time(p: &Stat) -> Option<(f64, f64, f64)> {
    Some((p.seconds(), p.min_ns as f64 / 1e9, p.max_ns as f64 / 1e9))
}

/// Median steps, with the fewest and most (over seeds, for local search).
pub fn steps(p: &Stat) -> Option<(f64, f64, f64)> {
    let s = p.steps?;
    Some((
        s,
        p.steps_min.map_or(s, |v| v as f64),
        p.steps_max.map_or(s, |v| v as f64),
    ))
}

pub use crate::figure::N_AXIS;

/// The prediction that stopped a series, as its stop in `stops.csv` gives
/// it: measuring predicts the next n from the last two measured ones and
/// stops when the prediction is over the budget.
#[derive(Clone, Debug, Serialize)]
pub struct Predicted {
    /// The largest n measured.
    pub last_n: usize,
    /// The n predicted and not run.
    pub n: usize,
    /// Predicted seconds per run.
    pub seconds: f64,
}

/// The prediction that stopped `id` in `family`, read from its stop reason
/// ("time budget: n = 20 000 predicted to take 4.26 s per run (budget 2 s)");
/// `None` when something else stopped it.
pub fn predicted_stop(ctx: &Ctx, family: Family, id: &str) -> Option<Predicted> {
    let stop = ctx
        .data
        .stops
        .iter()
        .find(|s| s.family == family && s.approach == id)?;
    parse_prediction(&stop.reason, stop.last_n?)
}

fn parse_prediction(reason: &str, last_n: usize) -> Option<Predicted> {
    let rest = reason.strip_prefix("time budget: n = ")?;
    let (n, rest) = rest.split_once(" predicted to take ")?;
    let (value, rest) = rest.split_once(' ')?;
    let scale = match rest.split_whitespace().next()? {
        "ns" => 1e-9,
        "µs" => 1e-6,
        "ms" => 1e-3,
        "s" => 1.0,
        _ => return None,
    };
    Some(Predicted {
        last_n,
        n: n.chars()
            .filter(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .ok()?,
        seconds: value.parse::<f64>().ok()? * scale,
    })
}

/// A long run of `cargo xtask long-runs`, as a chapter quotes it.
#[derive(Clone, Debug, Serialize)]
pub struct LongRun {
    /// Board size.
    pub n: usize,
    /// Threads of a split count.
    pub threads: Option<usize>,
    /// Seconds of the search.
    pub seconds: f64,
    /// Peak memory, bytes.
    pub peak: Option<f64>,
    /// The exact command.
    pub command: String,
    /// UTC date.
    pub date: String,
    /// CPU model and cores.
    pub machine: String,
    /// Wall seconds of the whole run when its board was written to a file
    /// (search, check and file), else none. Chapter 4 says it; not a fact
    /// of the pages that list the runs.
    #[serde(skip)]
    pub written: Option<f64>,
    /// Wall seconds `check-board` took to verify that file, else none (as
    /// `written`).
    #[serde(skip)]
    pub verified: Option<f64>,
    /// A count split into shards run one after another: each shard's
    /// seconds (`seconds` is their sum); empty for a whole run.
    pub shards: Vec<f64>,
}

/// The recorded long runs of an approach, in the order they were listed.
pub fn long_runs(ctx: &Ctx, approach: &str) -> Vec<LongRun> {
    ctx.data
        .long_runs
        .iter()
        .filter(|r| r.approach == approach)
        .map(|r| LongRun {
            n: r.n,
            threads: r.threads,
            seconds: r.seconds,
            peak: r.peak_bytes.map(|b| b as f64),
            command: r.command.clone(),
            date: r.date.clone(),
            machine: r.machine.clone(),
            written: r.written_seconds,
            verified: r.verified_seconds,
            shards: r
                .shard_seconds
                .iter()
                .flat_map(|s| s.split_whitespace())
                .filter_map(|x| x.parse().ok())
                .collect(),
        })
        .collect()
}

/// The largest n at which every series in `series` has a point.
pub fn largest_shared(series: &[&Series]) -> Option<usize> {
    let (first, rest) = series.split_first()?;
    first
        .points
        .iter()
        .rev()
        .map(|p| p.n)
        .find(|&n| rest.iter().all(|s| s.at(n).is_some()))
}

/// Where a chapter compares: the largest of `sizes` (ascending) at which
/// `decides` (the runs there are enough for the rank test), else the
/// largest of them.
pub fn largest_decidable(sizes: &[usize], decides: impl Fn(usize) -> bool) -> Option<usize> {
    let mut from_top = sizes.iter().rev().copied();
    from_top.clone().find(|&n| decides(n)).or(from_top.next())
}

/// The sizes of `series` up to `n`, ascending.
pub fn sizes_up_to(series: &Series, n: usize) -> Vec<usize> {
    series
        .points
        .iter()
        .map(|p| p.n)
        .filter(|&m| m <= n)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comparison_takes_the_largest_decidable_size_else_the_largest() {
        assert_eq!(largest_decidable(&[4, 6, 8], |n| n < 8), Some(6));
        assert_eq!(largest_decidable(&[4, 6, 8], |_| false), Some(8));
        assert_eq!(largest_decidable(&[], |_| true), None);
    }

    #[test]
    fn a_budget_stop_gives_its_prediction_and_another_stop_none() {
        let p = parse_prediction(
            "time budget: n = 20 000 predicted to take 4.26 s per run (budget 2 s)",
            10_000,
        )
        .unwrap();
        assert_eq!((p.last_n, p.n, p.seconds), (10_000, 20_000, 4.26));
        let p = parse_prediction("time budget: n = 18 predicted to take 931 ms per run", 17);
        assert!((p.unwrap().seconds - 0.931).abs() < 1e-12);
        assert!(parse_prediction("profile: largest n of the grid is 50", 50).is_none());
    }
}
