//! Chapter: constraint order in a second backtracking problem (Aiello's
//! Part II): the 4×4 matrices of 0..15 whose 2×2 blocks all sum to 30.
//! When each check runs, and in which order the cells are filled, decide
//! how many numbers are tried; the symmetry rules decide which problem is
//! solved at all.

use serde::Serialize;

use super::{Chapter, Ctx};
use crate::analysis::Judged;
use crate::analysis::block_sums::{Summary, summarise};
use crate::figure::{Bar, BarChart, Chart, Figure, Unit};
use crate::format::{human_count, human_seconds};

/// One strategy of `block-sums --compare-orders`.
#[derive(Clone, Debug, Serialize)]
pub struct Strategy {
    /// Its name (the template says what it does).
    pub name: String,
    /// Median numbers tried (at least this many when unfinished).
    pub steps: f64,
    /// Median seconds.
    pub seconds: f64,
    /// Whether every run finished within the budget.
    pub finished: bool,
    /// Matrices found.
    pub solutions: u64,
    /// Its steps over `seed-order`'s.
    pub vs_seed: f64,
}

/// How the symmetry rules divide the matrices.
#[derive(Clone, Debug, Serialize)]
pub struct Classes {
    /// Matrices without any rule.
    pub all: u64,
    /// With a[0][0] = 0 only.
    pub corner: u64,
    /// `all / corner`: the cyclic shifts.
    pub shifts: u64,
    /// `corner / canonical`: the symmetries of the square.
    pub symmetries: u64,
    /// Steps of `corner-zero-only` over `seed-order`'s.
    pub corner_steps: f64,
    /// Steps of `no-symmetry` over `seed-order`'s.
    pub all_steps: f64,
}

/// What the chapter says.
#[derive(Clone, Debug, Serialize)]
pub struct BlockSums {
    /// The canonical matrices (the source's problem).
    pub canonical: u64,
    /// The step budget per strategy.
    pub budget: f64,
    /// Runs per strategy.
    pub samples: usize,
    /// The strategies solving the source's problem, the source's first.
    pub same: Vec<Strategy>,
    /// The strategies solving a larger problem (fewer symmetry rules).
    pub other: Vec<Strategy>,
    /// Among the finished ones of `same`: the one with the fewest steps.
    pub best_name: String,
    /// Its steps.
    pub best_steps: f64,
    /// The one with the most steps.
    pub worst_name: String,
    /// Its steps.
    pub worst_steps: f64,
    /// Its steps over `seed-order`'s.
    pub worst_vs_seed: f64,
    /// The names in `same` that did not finish.
    pub unfinished: Vec<String>,
    /// The budget over `seed-order`'s steps.
    pub budget_ratio: f64,
    /// `seed-clauses` (the clause order as written) against `seed-order`
    /// (each check as soon as its cells are filled), times compared.
    pub clauses_time: Option<Judged>,
    /// `deferred-sums` did not finish and `deferred-distinct` did.
    pub sums_decide: bool,
    /// The cyclic shifts and square symmetries, when they factor exactly.
    pub classes: Option<Classes>,
}

fn strategy(s: &Summary, seed: &Summary) -> Strategy {
    Strategy {
        name: s.strategy.clone(),
        steps: s.steps,
        seconds: s.nanos.0 / 1e9,
        finished: s.finished,
        solutions: s.solutions,
        vs_seed: s.steps / seed.steps,
    }
}

/// The facts, if `block-sums --compare-orders` was recorded.
pub fn block_sums(ctx: &Ctx) -> Option<BlockSums> {
    let summaries = summarise(&ctx.data.block_sums);
    let seed = summaries.first()?;
    let same_problem = |s: &&Summary| !s.finished || s.solutions == seed.solutions;
    let (same, other): (Vec<&Summary>, Vec<&Summary>) = summaries.iter().partition(same_problem);
    let find = |name: &str| summaries.iter().find(|s| s.strategy == name);
    let finished = same.iter().filter(|s| s.finished);
    let best = finished
        .clone()
        .min_by(|a, b| a.steps.total_cmp(&b.steps))?;
    let worst = finished.max_by(|a, b| a.steps.total_cmp(&b.steps))?;
    let solved = |name: &str| find(name).filter(|s| s.finished);
    let classes = match (solved("corner-zero-only"), solved("no-symmetry")) {
        (Some(c), Some(a))
            if c.solutions % seed.solutions == 0 && a.solutions % c.solutions == 0 =>
        {
            Some(Classes {
                all: a.solutions,
                corner: c.solutions,
                shifts: a.solutions / c.solutions,
                symmetries: c.solutions / seed.solutions,
                corner_steps: c.steps / seed.steps,
                all_steps: a.steps / seed.steps,
            })
        }
        _ => None,
    };
    Some(BlockSums {
        canonical: seed.solutions,
        budget: seed.budget as f64,
        samples: seed.samples,
        same: same.iter().map(|s| strategy(s, seed)).collect(),
        other: other.iter().map(|s| strategy(s, seed)).collect(),
        best_name: best.strategy.clone(),
        best_steps: best.steps,
        worst_name: worst.strategy.clone(),
        worst_steps: worst.steps,
        worst_vs_seed: worst.steps / seed.steps,
        unfinished: same
            .iter()
            .filter(|s| !s.finished)
            .map(|s| s.strategy.clone())
            .collect(),
        budget_ratio: seed.budget as f64 / seed.steps,
        clauses_time: find("seed-clauses").map(|c| Judged::times(&c.runs, &seed.runs)),
        sums_decide: matches!(
            (find("deferred-sums"), find("deferred-distinct")),
            (Some(s), Some(d)) if !s.finished && d.finished
        ),
        classes,
    })
}

fn figures(ctx: &Ctx) -> Vec<Figure> {
    let summaries = summarise(&ctx.data.block_sums);
    let Some(seed) = summaries.first() else {
        return Vec::new();
    };
    let bars = summaries
        .iter()
        .filter(|s| !s.finished || s.solutions == seed.solutions)
        .map(|s| Bar {
            label: s.strategy.clone(),
            value: s.steps,
            complete: s.finished,
            note: if s.finished {
                format!(
                    "{} · {}",
                    human_count(s.steps),
                    human_seconds(s.nanos.0 / 1e9)
                )
            } else {
                format!("stopped at {}", human_count(s.budget as f64))
            },
            colour: None,
        })
        .collect();
    vec![Figure {
        chart: Chart::Bar(BarChart {
            name: "block_sums_orders",
            title: format!(
                "Block sums: numbers tried to find the {} canonical matrices",
                seed.solutions
            ),
            x_desc: "numbers tried in a cell (log scale)".into(),
            x_unit: Unit::Count,
            bars,
        }),
    }]
}

pub(super) fn chapter(ctx: &Ctx) -> Option<Chapter> {
    Some(Chapter::new(&block_sums(ctx)?, figures(ctx)))
}

/// Variants for the branches the committed data do not take.
#[cfg(test)]
pub(super) fn flips(ctx: &Ctx) -> Vec<Chapter> {
    let Some(base) = block_sums(ctx) else {
        return Vec::new();
    };
    use crate::analysis::Verdict;
    let mut out = Vec::new();
    for v in [
        Verdict::Lower,
        Verdict::Higher,
        Verdict::WithinNoise,
        Verdict::TooFew,
    ] {
        let mut f = base.clone();
        if let Some(j) = &mut f.clauses_time {
            j.is = v;
        }
        out.push(Chapter::new(&f, figures(ctx)));
    }
    let mut f = base.clone();
    f.clauses_time = None;
    f.sums_decide = !f.sums_decide;
    f.classes = None;
    f.unfinished.clear();
    for s in &mut f.same {
        s.finished = true;
    }
    if let Some(s) = f.other.first_mut() {
        s.name = "a-strategy-the-text-does-not-know".into();
    }
    out.push(Chapter::new(&f, figures(ctx)));
    out
}

/// What the chapter's branches say (see [`super::Says`]).
#[cfg(test)]
pub(super) const SAYS: &[super::Says] = &[
    super::says!(
        "/clauses_time" == null,
        "`seed-order`).",
        "The clause exactly as written"
    ),
    super::says!(
        "/clauses_time/is" == "higher",
        "was slower than `seed-order` (",
        "faster than `seed-order`"
    ),
    super::says!(
        "/clauses_time/is" == "lower",
        "faster than `seed-order` (",
        "was slower than"
    ),
    super::says!(
        "/clauses_time/is" == "within_noise",
        "its time is within noise of `seed-order`'s",
        "faster than `seed-order` ("
    ),
    super::says!(
        "/clauses_time/is" == "too_few",
        "too few runs to compare its time with `seed-order`'s",
        "faster than `seed-order` ("
    ),
    super::says!(
        "/unfinished" == [],
        "Among the strategies that finish",
        "did not finish within"
    ),
    super::says!(
        "strategies unfinished",
        |f| f["unfinished"].as_array().is_some_and(|a| !a.is_empty()),
        "did not finish within",
        ""
    ),
    super::says!(
        "/sums_decide" == true,
        "the one that defers the block sums (`deferred-sums`) did not finish",
        "do not single one out"
    ),
    super::says!(
        "/sums_decide" == false,
        "these data do not single one out",
        "did not finish here"
    ),
    super::says!(
        "/classes" == null,
        "this run has no complete count without them",
        "Without them there are"
    ),
    super::says!(
        "classes counted",
        |f| f["classes"].is_object(),
        "Without them there are",
        "no complete count without them"
    ),
    super::says!(
        "a strategy the text does not describe",
        |f| f["other"][0]["name"] == "a-strategy-the-text-does-not-know",
        "(not described)",
        ""
    ),
    super::says!(
        "a strategy did not finish",
        |f| f["same"]
            .as_array()
            .into_iter()
            .chain(f["other"].as_array())
            .flatten()
            .any(|s| s["finished"] == false),
        "| did not finish |",
        ""
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Dataset;

    #[test]
    fn block_sums_counts_factor_into_shifts_symmetries_and_canonical_matrices() {
        let data = Dataset::load(&crate::project_root().join("reports/data")).unwrap();
        let f = block_sums(&Ctx::new(&data)).expect("block-sums data");
        let solutions = |name: &str| {
            data.block_sums
                .iter()
                .find(|r| r.strategy == name && r.finished)
                .map(|r| r.solutions)
                .expect(name)
        };
        let (all, corner, canonical) = (
            solutions("no-symmetry"),
            solutions("corner-zero-only"),
            solutions("seed-order"),
        );
        assert_eq!(all, 16 * 8 * canonical);
        assert_eq!(corner, 8 * canonical);
        let c = f.classes.expect("the classes factor");
        assert_eq!((c.shifts, c.symmetries, f.canonical), (16, 8, canonical));
        // The source's order tries the fewest numbers of all that finish.
        assert_eq!(f.best_name, "seed-order");
        assert!(
            f.same
                .iter()
                .all(|s| !s.finished || s.steps >= f.best_steps)
        );
    }
}
