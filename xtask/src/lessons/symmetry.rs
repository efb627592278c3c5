//! Chapter: symmetry. A solution's mirror image is a solution, and so are
//! its rotations; a counter can search only one board of each pair (or
//! class) and multiply. The speed-up over the seed's counter has two
//! separate causes, which the chapter separates: fewer nodes (symmetry) and
//! cheaper nodes (the iterative walk over free squares).

use serde::Serialize;

use super::{Chapter, Ctx, largest_shared, line, steps, time};
use crate::analysis::{Judged, Series, Verdict};
use crate::figure::{Chart, Figure, LineChart, Unit};

/// The seed's counter, then the mirror-halved and the fully symmetric one.
const COUNTERS: [&str; 3] = ["bitmask", "bitmask-mirror", "bitmask-symmetric"];

/// One counter against the seed's, at the shared n.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Split {
    /// Approach id.
    pub id: String,
    /// Median seconds (one thread).
    pub seconds: f64,
    /// Nodes (placements of its tree).
    pub nodes: f64,
    /// Median ns per node.
    pub ns_per_node: f64,
    /// `bitmask`'s nodes / its nodes: what symmetry removes.
    pub fewer_nodes: f64,
    /// `bitmask`'s time / its time: the whole speed-up.
    pub speedup: f64,
    /// `bitmask`'s ns per node / its ns per node: what cheaper nodes give.
    pub cheaper_nodes: f64,
    /// Its ns per node against `bitmask`'s, by the rank test.
    pub per_node: Judged,
    /// The share of the speed-up (on a log scale) that fewer nodes explain.
    pub share_from_nodes: f64,
    /// The largest n at which it was slower than `bitmask` beyond the spread.
    pub slower_until: Option<usize>,
}

/// What the chapter says.
#[derive(Clone, Debug, Serialize)]
pub struct Symmetry {
    /// The largest n all counted on one thread.
    pub n: usize,
    /// The seed's counter first, then the symmetric ones.
    pub rows: Vec<Split>,
}

/// The three counters at the largest n all counted on one thread.
pub fn splits(ctx: &Ctx) -> Option<(usize, Vec<Split>)> {
    let series: Vec<&Series> = COUNTERS.iter().filter_map(|id| ctx.count(id)).collect();
    if series.len() < 2 || series[0].approach.id != COUNTERS[0] {
        return None;
    }
    let n = largest_shared(&series)?;
    let base = series[0].at(n)?;
    let rows = series
        .iter()
        .map(|s| {
            let p = s.at(n)?;
            let nodes = p.steps?;
            let fewer_nodes = base.steps? / nodes;
            let speedup = base.median_ns / p.median_ns;
            let slower_until = s
                .points
                .iter()
                .filter(|q| {
                    series[0]
                        .at(q.n)
                        .is_some_and(|b| q.time_against(b) == Verdict::Higher)
                })
                .map(|q| q.n)
                .max();
            Some(Split {
                id: s.approach.id.clone(),
                seconds: p.seconds(),
                nodes,
                ns_per_node: p.ns_per_step()?,
                fewer_nodes,
                speedup,
                cheaper_nodes: base.ns_per_step()? / p.ns_per_step()?,
                per_node: Judged::times(&p.ns_per_step_samples()?, &base.ns_per_step_samples()?),
                share_from_nodes: fewer_nodes.ln() / speedup.ln(),
                slower_until,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some((n, rows))
}

fn figures(ctx: &Ctx) -> Vec<Figure> {
    let series: Vec<&Series> = COUNTERS.iter().filter_map(|id| ctx.count(id)).collect();
    vec![
        Figure {
            chart: Chart::Line(LineChart::by_n(
                "symmetry_nodes",
                "Symmetry: nodes each counter visits",
                "queen placements of its tree (log scale)",
                Unit::Count,
                series.iter().map(|s| line(s, &steps)).collect(),
            )),
        },
        Figure {
            chart: Chart::Line(LineChart::by_n(
                "symmetry_time",
                "Symmetry: time to count all, one thread",
                "time per run (median; log scale)",
                Unit::Seconds,
                series.iter().map(|s| line(s, &time)).collect(),
            )),
        },
    ]
}

/// The facts, if the seed's counter and a symmetric one were measured.
pub fn symmetry(ctx: &Ctx) -> Option<Symmetry> {
    let (n, rows) = splits(ctx)?;
    Some(Symmetry { n, rows })
}

pub(super) fn chapter(ctx: &Ctx) -> Option<Chapter> {
    Some(Chapter::new(&symmetry(ctx)?, figures(ctx)))
}

/// Variants for the branches the committed data do not take.
#[cfg(test)]
pub(super) fn flips(ctx: &Ctx) -> Vec<Chapter> {
    let Some(base) = symmetry(ctx) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (v, share, until) in [
        (Verdict::Lower, 0.8, None),
        (Verdict::Higher, 0.3, Some(5)),
        (Verdict::WithinNoise, 0.5, None),
        (Verdict::TooFew, 0.5, None),
    ] {
        let mut f = base.clone();
        for r in f.rows.iter_mut().skip(1) {
            r.per_node.is = v;
            r.share_from_nodes = share;
            r.slower_until = until;
        }
        out.push(Chapter::new(&f, figures(ctx)));
    }
    out
}

/// What the chapter's branches say (see [`super::Says`]).
#[cfg(test)]
pub(super) const SAYS: &[super::Says] = &[
    super::says!(
        "every node cheaper",
        |f| rows(f, |r| r["per_node"]["is"] == "lower"),
        "each node costs less (",
        "each node costs more"
    ),
    super::says!(
        "every node dearer",
        |f| rows(f, |r| r["per_node"]["is"] == "higher"),
        "each node costs more (",
        "each node costs less"
    ),
    super::says!(
        "every node within noise",
        |f| rows(f, |r| r["per_node"]["is"] == "within_noise"),
        "the cost per node is within noise",
        "each node costs"
    ),
    super::says!(
        "every node too few runs",
        |f| rows(f, |r| r["per_node"]["is"] == "too_few"),
        "too few runs to compare the cost per node",
        "each node costs"
    ),
    super::says!(
        "fewer nodes explain most",
        |f| rows(f, |r| r["share_from_nodes"].as_f64() >= Some(0.5)),
        "fewer nodes explain more of it",
        "cheaper nodes explain more"
    ),
    super::says!(
        "cheaper nodes explain most",
        |f| rows(f, |r| r["share_from_nodes"].as_f64() < Some(0.5)),
        "cheaper nodes explain more of it",
        "fewer nodes explain more"
    ),
    super::says!(
        "never slower",
        |f| rows(f, |r| r["slower_until"].is_null()),
        "It was never slower than",
        "fixed set-up outweighs"
    ),
    super::says!(
        "slower on small boards",
        |f| rows(f, |r| r["slower_until"].is_u64()),
        "its fixed set-up outweighs the search",
        "never slower"
    ),
];

/// Whether every row after the first has `p`.
#[cfg(test)]
fn rows(f: &serde_json::Value, p: fn(&serde_json::Value) -> bool) -> bool {
    let rows = f["rows"].as_array().map_or(&[][..], |r| &r[1..]);
    rows.iter().all(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Dataset;
    use crate::lessons::test_data::raw_count;

    #[test]
    fn symmetry_ratios_are_the_ratios_of_the_step_counts_and_times() {
        let data = Dataset::load(&crate::project_root().join("reports/data")).unwrap();
        let f = symmetry(&Ctx::new(&data)).expect("symmetry data");
        let (base_ns, base_steps) = {
            let r = raw_count(&data, "bitmask", f.n);
            (r.median, r.steps)
        };
        for r in &f.rows {
            let (ns, steps) = {
                let x = raw_count(&data, &r.id, f.n);
                (x.median, x.steps)
            };
            assert_eq!(r.nodes, steps);
            assert!((r.fewer_nodes - base_steps / steps).abs() < 1e-9);
            assert!((r.speedup - base_ns / ns).abs() < 1e-9);
            // The product of the two effects is the whole speed-up.
            assert!((r.fewer_nodes * r.cheaper_nodes - r.speedup).abs() < 1e-6 * r.speedup);
        }
        // Mirroring halves the tree, up to the middle column of odd n.
        let mirror = f.rows.iter().find(|r| r.id == "bitmask-mirror").unwrap();
        assert!(
            (1.8..=2.0).contains(&mirror.fewer_nodes),
            "{}",
            mirror.fewer_nodes
        );
    }
}
