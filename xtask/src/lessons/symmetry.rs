//! Lesson: symmetry. A solution's mirror image is a solution, and so are its
//! rotations; a counter can search only one board of each pair (or class)
//! and multiply. The speed-up over the seed's counter has two separate
//! causes, which the lesson separates: fewer nodes (symmetry) and cheaper
//! nodes (the iterative walk over free squares).

use super::{Ctx, Lesson, Table, at_n, largest_shared, line, steps, time};
use crate::analysis::Series;
use crate::figure::{Chart, Figure, LineChart, Unit};
use crate::format::{human_count, human_seconds, percent, ratio, sig3, times};

/// The seed's counter, then the mirror-halved and the fully symmetric one.
const COUNTERS: [&str; 3] = ["bitmask", "bitmask-mirror", "bitmask-symmetric"];

/// One counter against the seed's, at the shared n.
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    /// Approach id.
    pub id: String,
    /// Median seconds (one thread).
    pub seconds: f64,
    /// Nodes (placements of its tree).
    pub nodes: f64,
    /// `bitmask`'s nodes / its nodes: what symmetry removes.
    pub fewer_nodes: f64,
    /// `bitmask`'s time / its time: the whole speed-up.
    pub speedup: f64,
    /// `bitmask`'s ns per node / its ns per node: what cheaper nodes give.
    pub cheaper_nodes: f64,
}

impl Split {
    /// The share of the speed-up (on a log scale) that fewer nodes explain.
    pub fn share_from_nodes(&self) -> f64 {
        self.fewer_nodes.ln() / self.speedup.ln()
    }
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
            Some(Split {
                id: s.approach.id.clone(),
                seconds: p.seconds(),
                nodes,
                fewer_nodes: base.steps? / nodes,
                speedup: base.median_ns / p.median_ns,
                cheaper_nodes: base.ns_per_step()? / p.ns_per_step()?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some((n, rows))
}

pub(super) fn lesson(ctx: &Ctx) -> Option<Lesson> {
    let (n, rows) = splits(ctx)?;
    let series: Vec<&Series> = COUNTERS.iter().filter_map(|id| ctx.count(id)).collect();
    let node_gaps: Vec<String> = rows
        .iter()
        .skip(1)
        .map(|r| format!("`{}` {}", r.id, ratio(r.fewer_nodes)))
        .collect();
    // The largest n at which a symmetric counter was still slower than the seed's.
    let slower_until: Vec<String> = series
        .iter()
        .skip(1)
        .filter_map(|s| {
            let n = s
                .points
                .iter()
                .filter(|p| series[0].at(p.n).is_some_and(|b| b.median_ns < p.median_ns))
                .map(|p| p.n)
                .max()?;
            Some(format!("`{}` up to n = {n}", s.approach.id))
        })
        .collect();
    let figures = vec![
        Figure {
            chart: Chart::Line(LineChart::by_n(
                "symmetry_nodes",
                "Symmetry: nodes each counter visits",
                "queen placements of its tree (log scale)",
                Unit::Count,
                series.iter().map(|s| line(s, &steps)).collect(),
            )),
            caption: format!(
                "Placements counted by each counter. The gap between the lines is what symmetry \
                 removes; at {} it is {}.",
                at_n(n),
                node_gaps.join(", ")
            ),
        },
        Figure {
            chart: Chart::Line(LineChart::by_n(
                "symmetry_time",
                "Symmetry: time to count all, one thread",
                "time per run (median; log scale)",
                Unit::Seconds,
                series.iter().map(|s| line(s, &time)).collect(),
            )),
            caption: format!(
                "Median time per run on one thread. Where the gaps in time are wider than the gaps \
                 in nodes, the nodes are cheaper too.{}",
                if slower_until.is_empty() {
                    String::new()
                } else {
                    format!(
                        " On the smallest boards a counter's fixed set-up (its task list) outweighs \
                         the search, and it was slower than `bitmask`: {}.",
                        slower_until.join(", ")
                    )
                }
            ),
        },
    ];
    let mut table = Table::new(&[
        "counter",
        "time (1 thread)",
        "nodes",
        "fewer nodes (symmetry)",
        "cheaper nodes (the walk)",
        "= faster in all",
    ]);
    for r in &rows {
        table.row(vec![
            format!("`{}`", r.id),
            human_seconds(r.seconds),
            human_count(r.nodes),
            ratio(r.fewer_nodes),
            ratio(r.cheaper_nodes),
            ratio(r.speedup),
        ]);
    }
    let mut why = vec![format!(
        "Every solution's mirror image is another solution, so `bitmask-mirror` [Somers] places the \
         first queen only in the left half of the first row and doubles the count (the middle \
         column of odd n is searched once, counted once). `bitmask-symmetric` [Takaken] goes \
         further: of the up to eight boards a rotation or reflection makes of a solution, it \
         searches only those that can be the smallest, and weighs each by the size of its class. \
         Both also walk the tree differently from Aiello's C program: an explicit stack instead \
         of recursion, and only the free squares of a row (the lowest set bit of a mask) instead \
         of testing every column. The time ratio is the product of the two effects, fewer nodes \
         × cheaper nodes, and the table at {} separates them.",
        at_n(n)
    )];
    for r in rows.iter().skip(1) {
        let from_nodes = r.share_from_nodes();
        let bigger = if from_nodes >= 0.5 {
            "fewer nodes explain more of it than cheaper nodes"
        } else {
            "cheaper nodes explain more of it than fewer nodes"
        };
        why.push(format!(
            "`{}` is {} faster: {} fewer nodes and {} cheaper nodes ({} against {} per node). On a \
             log scale {} of the speed-up comes from the smaller tree: {bigger}.",
            r.id,
            times(r.speedup),
            times(r.fewer_nodes),
            times(r.cheaper_nodes),
            human_seconds(r.seconds / r.nodes),
            human_seconds(rows[0].seconds / rows[0].nodes),
            percent(from_nodes),
        ));
    }
    let best = rows.last()?;
    Some(Lesson {
        title: "Symmetry: fewer nodes, and cheaper ones".into(),
        question: "How much of a symmetric counter's speed comes from the symmetry itself?".into(),
        experiment: "Held fixed: the row-by-row bitmask search and the answer (every solution). \
                     Changed: how much of the tree is searched (all of it; the mirror half; one \
                     board per symmetry class) and how it is walked (the source's recursion over \
                     every column, or an explicit stack over the free squares). One thread each."
            .into(),
        figures,
        table,
        why,
        try_it: vec![
            format!("queens --algo bitmask --json {n}"),
            format!("queens --algo bitmask-symmetric --threads 1 --unique --json {n}"),
        ],
        summary: Some(format!(
            "Symmetry cuts the tree {} (mirror) and {} (all eight symmetries) at {}, but `{}` is {} faster than `bitmask`, the source's program, because its nodes are also {} cheaper.",
            times(rows.get(1)?.fewer_nodes),
            times(best.fewer_nodes),
            at_n(n),
            best.id,
            times(best.speedup),
            sig3(best.cheaper_nodes) + " times",
        )),
    })
}
