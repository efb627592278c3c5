//! Chapter: the tuned least room to move (`mrv-tuned`) and the formula
//! (`explicit`). The tuned search still backtracks but almost never needs
//! to; the construction writes a board from a formula and searches nothing.

use serde::Serialize;

use super::{Chapter, Ctx, find, line, predicted_stop, time};
use crate::analysis::{self, Judged, Series};
use crate::data::Family;
use crate::figure::{Chart, Figure, LineChart, Unit};

/// The tuned search, the construction, and a local search to compare with.
const APPROACHES: [&str; 3] = ["mrv-tuned", "explicit", "min-conflicts-random"];

/// The approaches of the table (the local search is only drawn).
const TABLE: usize = 2;

/// One measured size of one approach.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// Approach id.
    pub id: String,
    /// Board size.
    pub n: usize,
    /// Median queen placements (none for the formula, which searches
    /// nothing: its runs count 0).
    pub steps: Option<f64>,
    /// Median seconds.
    pub seconds: f64,
    /// b of time ∝ n^b between the row above and this one (same approach).
    pub growth: Option<f64>,
}

/// The prediction that stopped the tuned search.
#[derive(Clone, Debug, Serialize)]
pub struct Budget {
    /// The size not run.
    pub next_n: usize,
    /// Its predicted seconds, from the last two measured sizes.
    pub predicted_s: f64,
    /// The budget per run, seconds.
    pub limit_s: f64,
}

/// What the chapter says.
#[derive(Clone, Debug, Serialize)]
pub struct Constructions {
    /// The largest n O'Keefe's plain least room to move reached for a
    /// first solution (chapter 3).
    pub plain_n: usize,
    /// The table, tuned search and formula: every power of ten from 100
    /// and the last size.
    pub rows: Vec<Row>,
    /// The tuned search's largest n measured.
    pub tuned_n: usize,
    /// Its median placements there.
    pub tuned_steps: f64,
    /// Its median seconds there (measured).
    pub tuned_s: f64,
    /// Why it was not run further, if a prediction stopped it.
    pub budget: Option<Budget>,
    /// The formula's largest n.
    pub formula_n: usize,
    /// Its median seconds there.
    pub formula_s: f64,
    /// The formula's time at `tuned_n`.
    pub formula_at_tuned: f64,
    /// The formula's time at `tuned_n` against the tuned search's.
    pub formula_vs_tuned: Judged,
    /// Exercise 7.1: the tuned search's time as n doubles, at the largest
    /// measured pair n, 2n.
    pub doubling: Option<Doubling>,
}

/// The tuned search's median time at n and at 2n.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Doubling {
    /// The smaller n.
    pub from: usize,
    /// 2n.
    pub to: usize,
    /// Time at 2n over time at n.
    pub ratio: f64,
    /// The power of n that ratio is: log₂ ratio.
    pub power: f64,
}

/// The largest n with both n and 2n measured, and the time's growth.
pub fn doubling(s: &Series) -> Option<Doubling> {
    s.points.iter().rev().find_map(|p| {
        let q = s.at(2 * p.n)?;
        let ratio = q.median_ns / p.median_ns;
        Some(Doubling {
            from: p.n,
            to: q.n,
            ratio,
            power: ratio.log2(),
        })
    })
}

fn listed(n: usize, last: usize) -> bool {
    n == last
        || (n >= 100
            && n.to_string()
                .trim_start_matches('1')
                .bytes()
                .all(|b| b == b'0'))
}

/// The facts, if both approaches were measured.
pub fn constructions(ctx: &Ctx) -> Option<Constructions> {
    let series: Vec<&Series> = APPROACHES[..TABLE]
        .iter()
        .filter_map(|id| find(&ctx.local, id))
        .collect();
    let (tuned, formula) = (ctx.local("mrv-tuned")?, ctx.local("explicit")?);
    let mut rows = Vec::new();
    for s in &series {
        let last = s.last()?.n;
        let mut prev: Option<&analysis::Stat> = None;
        for p in s.points.iter().filter(|p| listed(p.n, last)) {
            rows.push(Row {
                id: s.approach.id.clone(),
                n: p.n,
                steps: p.steps.filter(|&s| s > 0.0),
                seconds: p.seconds(),
                growth: prev.and_then(|q| {
                    analysis::exponent_between((q.n, q.median_ns), (p.n, p.median_ns))
                }),
            });
            prev = Some(p);
        }
    }
    let t = tuned.last()?;
    let budget = predicted_stop(ctx, Family::Local, "mrv-tuned").and_then(|p| {
        let limit_s = ctx
            .data
            .meta
            .profile
            .parse::<crate::profile::Profile>()
            .ok()
            .map(|p| p.settings().run_limit.as_secs_f64())?;
        Some(Budget {
            next_n: p.n,
            predicted_s: p.seconds,
            limit_s,
        })
    });
    let f = formula.last()?;
    let fa = formula.at(t.n)?;
    Some(Constructions {
        plain_n: ctx.first("mrv")?.last()?.n,
        rows,
        tuned_n: t.n,
        tuned_steps: t.steps?,
        tuned_s: t.seconds(),
        budget,
        formula_n: f.n,
        formula_s: f.seconds(),
        formula_at_tuned: fa.seconds(),
        formula_vs_tuned: fa.time_against(t),
        doubling: doubling(tuned),
    })
}

fn figures(ctx: &Ctx) -> Vec<Figure> {
    let series: Vec<&Series> = APPROACHES
        .iter()
        .filter_map(|id| find(&ctx.local, id))
        .collect();
    vec![Figure {
        chart: Chart::Line(LineChart {
            references: Vec::new(),
            name: "constructions_time",
            title: "A tuned least room to move and a formula, against local search".into(),
            x_desc: "n (board size = number of queens, log scale)".into(),
            y_desc: "time per run (median over random seeds; log scale)".into(),
            x_log: true,
            y_log: true,
            y_unit: Unit::Seconds,
            lines: series.iter().map(|s| line(s, &time)).collect(),
        }),
    }]
}

pub(super) fn chapter(ctx: &Ctx) -> Option<Chapter> {
    Some(Chapter::new(&constructions(ctx)?, figures(ctx)))
}

/// Variants for the branches the committed data do not take.
#[cfg(test)]
pub(super) fn flips(ctx: &Ctx) -> Vec<Chapter> {
    let Some(base) = constructions(ctx) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    use crate::analysis::Verdict;
    for v in [
        Verdict::Lower,
        Verdict::Higher,
        Verdict::WithinNoise,
        Verdict::TooFew,
    ] {
        let mut f = base.clone();
        f.formula_vs_tuned.is = v;
        if let Some(d) = &mut f.doubling {
            // Below, about and above n², whatever the data measured.
            d.power = match v {
                Verdict::Lower => 1.5,
                Verdict::Higher => 2.5,
                _ => 2.0,
            };
        }
        if v == Verdict::TooFew {
            f.doubling = None;
        }
        f.budget = None;
        out.push(Chapter::new(&f, figures(ctx)));
    }
    out
}

/// What the chapter's branches say (see [`super::Says`]).
#[cfg(test)]
pub(super) const SAYS: &[super::Says] = &[
    super::says!(
        "/budget" == null,
        "That is the largest size measured.",
        "*predicted*"
    ),
    super::says!(
        "a budget stopped it",
        |f| f["budget"].is_object(),
        "a prediction, not a measurement",
        "That is the largest size measured."
    ),
    super::says!(
        "/formula_vs_tuned/is" == "lower",
        "writing the answer down beats any search",
        "the search was faster"
    ),
    super::says!(
        "/formula_vs_tuned/is" == "higher",
        "here the search was faster.",
        "writing the answer down"
    ),
    super::says!(
        "/formula_vs_tuned/is" == "within_noise",
        "within noise of each other",
        "writing the answer down"
    ),
    super::says!(
        "no doubling measured",
        |f| f["doubling"].is_null(),
        "",
        "By how much does the time grow when n doubles"
    ),
    super::says!(
        "the doubling below n²",
        |f| f["doubling"]["power"].as_f64().is_some_and(|p| p < 1.9),
        "below the n² that n placements",
        "about n²"
    ),
    super::says!(
        "the doubling about n²",
        |f| f["doubling"]["power"]
            .as_f64()
            .is_some_and(|p| (1.9..=2.1).contains(&p)),
        "about n²: n placements",
        "below the n²"
    ),
    super::says!(
        "/formula_vs_tuned/is" == "too_few",
        "too few runs to tell.",
        "writing the answer down"
    ),
    super::says!(
        "a row has no steps",
        |f| f["rows"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|r| r["steps"].is_null()),
        "| – |",
        ""
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Exercise 7.1: the doubling recomputed from the raw samples.
    #[test]
    fn the_doubling_is_the_ratio_of_the_raw_medians() {
        let data = crate::lessons::test_data::committed();
        let f = constructions(&Ctx::new(&data)).expect("facts");
        let d = f.doubling.expect("a doubling");
        let median = |n: usize| -> f64 {
            let mut v: Vec<u64> = data
                .samples
                .iter()
                .filter(|s| s.approach == "mrv-tuned" && s.n == n)
                .filter(|s| s.status == crate::data::Status::Ok)
                .filter_map(|s| s.nanos)
                .collect();
            v.sort_unstable();
            let m = v.len() / 2;
            if v.len() % 2 == 1 {
                v[m] as f64
            } else {
                (v[m - 1] + v[m]) as f64 / 2.0
            }
        };
        assert_eq!(d.to, 2 * d.from);
        let ratio = median(d.to) / median(d.from);
        assert!((d.ratio - ratio).abs() < 1e-12);
        assert!((2f64.powf(d.power) - ratio).abs() < 1e-9);
    }
    use crate::measure::growth::{Model, predict};

    #[test]
    fn the_prediction_is_the_one_that_stopped_the_run_and_is_labelled_as_such() {
        let dir = crate::project_root().join("reports/data");
        let data = crate::data::Dataset::load(&dir).unwrap_or_else(|e| panic!("{e}"));
        let c = constructions(&Ctx::new(&data)).expect("constructions data");
        let b = c.budget.expect("mrv-tuned stopped on its time budget");
        let stop = data
            .stops
            .iter()
            .find(|x| x.approach == "mrv-tuned")
            .unwrap();
        // Recomputed from the last two measured sizes, the prediction is
        // the one the stop reason quotes.
        let ctx = Ctx::new(&data);
        let pts: Vec<(usize, f64)> = ctx
            .local("mrv-tuned")
            .unwrap()
            .points
            .iter()
            .map(|p| (p.n, p.seconds()))
            .collect();
        let again = predict(Model::Power, &pts, b.next_n).expect("a prediction");
        assert_eq!(
            crate::format::human_seconds(again),
            crate::format::human_seconds(b.predicted_s),
            "{}",
            stop.reason
        );
        assert!(b.next_n > c.tuned_n && b.predicted_s > c.tuned_s);
        // One growth rate per pair of neighbouring rows, agreeing with them.
        for w in c.rows.windows(2) {
            if w[0].id == w[1].id {
                let g = w[1].growth.expect("growth");
                let want =
                    (w[1].seconds / w[0].seconds).ln() / (w[1].n as f64 / w[0].n as f64).ln();
                assert!((g - want).abs() < 1e-9);
            }
        }
    }
}
