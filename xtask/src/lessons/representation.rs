//! Chapter 2: the same search tree in different data structures. The four
//! ports of the row-by-row backtracking search build exactly the same
//! nodes, so their time ratio is the price of one node in each
//! representation, judged against the spread of the samples.

use serde::Serialize;

use super::{Chapter, Ctx, largest_decidable, largest_shared, line, sizes_up_to, time};
use crate::analysis::{self, Judged, Series, Verdict};
use crate::figure::{Chart, Figure, LineChart, Unit};

/// The approaches compared, cheapest representation first.
const IDS: [&str; 4] = [
    "bitmask",
    "attack-board",
    "list-comprehension",
    "string-regex",
];

/// One representation at the chapter's n.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// Approach id.
    pub id: String,
    /// Median ns per node.
    pub ns: f64,
    /// Fastest sample's ns per node.
    pub ns_low: f64,
    /// Slowest sample's ns per node.
    pub ns_high: f64,
    /// Median ns per node over `bitmask`'s.
    pub rel: f64,
    /// Its ns per node against the previous row's (the next cheaper
    /// representation), by the rank test; `None` for the first.
    pub against_previous: Option<Judged>,
}

/// What the chapter says.
#[derive(Clone, Debug, Serialize)]
pub struct Costs {
    /// The n compared (the largest all share).
    pub n: usize,
    /// The nodes every one of them built there (the same number).
    pub nodes: f64,
    /// Samples per point, the fewest of the four.
    pub samples: usize,
    /// The representations, cheapest first.
    pub rows: Vec<Row>,
}

/// The facts at the largest shared n whose runs are enough for the rank
/// test between every two neighbours (the largest shared n if none is);
/// `None` unless the four counted the same nodes there.
pub fn costs(ctx: &Ctx) -> Option<Costs> {
    let series: Vec<&Series> = IDS.iter().filter_map(|id| ctx.count(id)).collect();
    if series.len() != IDS.len() {
        return None;
    }
    let shared = largest_shared(&series)?;
    let n = largest_decidable(&sizes_up_to(series[0], shared), |n| {
        costs_at(&series, n).is_some_and(|c| {
            c.rows
                .iter()
                .all(|r| r.against_previous.is_none_or(|j| j.is != Verdict::TooFew))
        })
    })?;
    costs_at(&series, n)
}

/// The facts at `n`, `None` unless the four counted the same nodes there.
fn costs_at(series: &[&Series], n: usize) -> Option<Costs> {
    let nodes = series[0].at(n)?.steps?;
    if !series
        .iter()
        .all(|s| s.at(n).and_then(|p| p.steps) == Some(nodes))
    {
        return None;
    }
    let base = series[0].at(n)?.median_ns / nodes;
    let mut rows: Vec<Row> = Vec::new();
    let mut previous: Option<Vec<f64>> = None;
    let mut samples = usize::MAX;
    for s in series {
        let p = s.at(n)?;
        let spread = p.ns_per_step_spread()?;
        let per_node = p.ns_per_step_samples()?;
        samples = samples.min(p.ok);
        rows.push(Row {
            id: s.approach.id.clone(),
            ns: spread.median,
            ns_low: spread.low,
            ns_high: spread.high,
            rel: spread.median / base,
            against_previous: previous.as_ref().map(|b| Judged::times(&per_node, b)),
        });
        previous = Some(per_node);
    }
    Some(Costs {
        n,
        nodes,
        samples,
        rows,
    })
}

fn figures(ctx: &Ctx) -> Vec<Figure> {
    let series: Vec<&Series> = IDS.iter().filter_map(|id| ctx.count(id)).collect();
    let per_node = |p: &analysis::Stat| {
        let s = p
            .ns_per_step_spread()
            .filter(|_| p.median_ns >= analysis::FIT_FLOOR_NS)?;
        Some((s.median, s.low, s.high))
    };
    vec![
        Figure {
            chart: Chart::Line(LineChart::by_n(
                "representation_time",
                "Same tree, four representations: time to count all",
                "time per run (median; log scale)",
                Unit::Seconds,
                series.iter().map(|s| line(s, &time)).collect(),
            )),
        },
        Figure {
            chart: Chart::Line(LineChart::by_n(
                "representation_cost_per_step",
                "What one node costs in each representation",
                "time per node placed (median; log scale)",
                Unit::Nanos,
                series.iter().map(|s| line(s, &per_node)).collect(),
            )),
        },
    ]
}

pub(super) fn chapter(ctx: &Ctx) -> Option<Chapter> {
    let facts = costs(ctx)?;
    Some(Chapter::new(&facts, figures(ctx)))
}

/// Variants for the branches the committed data do not take.
#[cfg(test)]
pub(super) fn flips(ctx: &Ctx) -> Vec<Chapter> {
    use crate::analysis::Verdict;
    let Some(base) = costs(ctx) else {
        return Vec::new();
    };
    [
        Verdict::Lower,
        Verdict::Higher,
        Verdict::WithinNoise,
        Verdict::TooFew,
    ]
    .into_iter()
    .map(|v| {
        let mut f = base.clone();
        for r in f.rows.iter_mut().skip(1) {
            if let Some(j) = &mut r.against_previous {
                j.is = v;
            }
        }
        Chapter::new(&f, figures(ctx))
    })
    .collect()
}

/// What the chapter's branches say (see [`super::Says`]).
#[cfg(test)]
pub(super) const SAYS: &[super::Says] = &[
    super::says!(
        "every row dearer than the one before",
        |f| later(f, "higher"),
        "is dearer per node than",
        "is cheaper per node than"
    ),
    super::says!(
        "every row cheaper than the one before",
        |f| later(f, "lower"),
        "is cheaper per node than",
        "are within noise"
    ),
    super::says!(
        "every row within noise of the one before",
        |f| later(f, "within_noise"),
        "are within noise",
        "is dearer per node than"
    ),
    super::says!(
        "/rows/1/against_previous/is" == "within_noise",
        "the data do not tell the two apart",
        "the difference is a finding"
    ),
    super::says!(
        "/rows/1/against_previous/is" == "too_few",
        "too few runs to tell",
        "the difference is a finding"
    ),
    super::says!(
        "the second row apart from the first",
        |f| matches!(
            f["rows"][1]["against_previous"]["is"].as_str(),
            Some("lower" | "higher")
        ),
        "the difference is a finding",
        "do not tell the two apart"
    ),
];

/// Whether every row after the first compares with the one before as `v`.
#[cfg(test)]
fn later(f: &serde_json::Value, v: &str) -> bool {
    let rows = f["rows"].as_array().map_or(&[][..], |r| &r[1..]);
    rows.iter().all(|r| r["against_previous"]["is"] == v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Verdict;
    use crate::lessons::test_data::{Raw, committed, raw_count};

    #[test]
    fn representations_compare_equal_trees_and_verdicts_follow_the_samples() {
        let data = committed();
        let c = costs(&Ctx::new(&data)).expect("representation data");
        let (bitmask_ns, steps) = {
            let r = raw_count(&data, "bitmask", c.n);
            (r.median, r.steps)
        };
        assert_eq!(c.nodes, steps);
        let mut prev: Option<Vec<f64>> = None;
        for r in &c.rows {
            let Raw {
                fastest: lo,
                median: med,
                slowest: hi,
                steps: s,
            } = raw_count(&data, &r.id, c.n);
            assert_eq!(s, steps, "{} counts other nodes", r.id);
            assert!((r.ns - med / steps).abs() < 1e-9);
            assert!((r.rel - med / bitmask_ns).abs() < 1e-9);
            let runs: Vec<f64> = data
                .samples
                .iter()
                .filter(|x| x.family == crate::data::Family::Count && x.approach == r.id)
                .filter(|x| x.n == c.n && x.status == crate::data::Status::Ok)
                .filter_map(|x| x.nanos)
                .map(|t| t as f64 / steps)
                .collect();
            let _ = (lo, hi);
            if let Some(before) = &prev {
                let (p, _) = crate::analysis::mann_whitney(&runs, before);
                let j = r.against_previous.expect("a row after the first");
                assert_eq!(j.sizes, [runs.len(), before.len()]);
                // Too few runs: even two samples wholly apart could not
                // reach the test's level, whatever the times.
                let apart: Vec<f64> = (0..runs.len()).map(|i| i as f64).collect();
                let beyond: Vec<f64> = (0..before.len()).map(|i| 1e9 + i as f64).collect();
                let best = crate::analysis::mann_whitney(&apart, &beyond).0;
                assert_eq!(
                    j == Verdict::TooFew,
                    best >= crate::analysis::LEVEL,
                    "{}: {} and {} runs",
                    r.id,
                    runs.len(),
                    before.len()
                );
                if j != Verdict::TooFew {
                    assert_eq!(j.p, p, "{}", r.id);
                }
                if p >= crate::analysis::LEVEL {
                    assert!(j != Verdict::Lower && j != Verdict::Higher, "{}", r.id);
                }
            } else {
                assert!(r.against_previous.is_none());
            }
            prev = Some(runs);
        }
    }
}
