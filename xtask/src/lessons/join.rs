//! Lesson: no tree at all. `half-join` builds the partial boards of the
//! east and west halves apart and counts the pairs that share no diagonal:
//! many cheap pair tests instead of fewer dear nodes. Where it pulls ahead
//! of the fastest tree search, and why.

use super::{Ctx, Lesson, Table, at_n, line, steps, time};
use crate::analysis::Series;
use crate::figure::{Chart, Figure, LineChart, Unit};
use crate::format::{human_count, human_seconds, ratio, size, times};

/// The join, and the tree search it is compared with.
const JOIN: &str = "half-join";
/// The fastest tree search.
const TREE: &str = "bitmask-symmetric";

/// One n both counted on one thread.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Board size.
    pub n: usize,
    /// Median seconds: the tree search, the join.
    pub seconds: (f64, f64),
    /// Steps: the tree's nodes, the join's pairs compared.
    pub steps: (f64, f64),
}

/// The shared points, and the smallest n from which the join was faster
/// at every larger shared n.
pub fn compare(ctx: &Ctx) -> Option<(Vec<Point>, Option<usize>)> {
    let (tree, join) = (ctx.count(TREE)?, ctx.count(JOIN)?);
    let points: Vec<Point> = join
        .points
        .iter()
        .filter_map(|j| {
            let t = tree.at(j.n)?;
            Some(Point {
                n: j.n,
                seconds: (t.seconds(), j.seconds()),
                steps: (t.steps?, j.steps?),
            })
        })
        .collect();
    let ahead_from = points
        .iter()
        .rposition(|p| p.seconds.1 >= p.seconds.0)
        .map_or(points.first().map(|p| p.n), |i| {
            points.get(i + 1).map(|p| p.n)
        });
    (!points.is_empty()).then_some((points, ahead_from))
}

pub(super) fn lesson(ctx: &Ctx) -> Option<Lesson> {
    let (points, ahead_from) = compare(ctx)?;
    let last = points.last()?;
    let pair: Vec<&Series> = [TREE, JOIN].iter().filter_map(|id| ctx.count(id)).collect();
    let figures = vec![
        Figure {
            chart: Chart::Line(LineChart::by_n(
                "join_time",
                "No tree at all: joining half boards against the symmetric tree search",
                "time per run, one thread (median; log scale)",
                Unit::Seconds,
                pair.iter().map(|s| line(s, &time)).collect(),
            )),
            caption: match ahead_from {
                Some(n) => format!(
                    "Time to count all solutions on one thread. From n = {n} on, the join is \
                     faster at every size both counted."
                ),
                None => "Time to count all solutions on one thread.".into(),
            },
        },
        Figure {
            chart: Chart::Line(LineChart::by_n(
                "join_steps",
                "Work units: pairs of half boards compared against tree nodes",
                "steps, each search's own unit (log scale)",
                Unit::Count,
                pair.iter().map(|s| line(s, &steps)).collect(),
            )),
            caption: "Pairs of half boards the join compared, against the placements of the tree \
                      search, for the same counts; the table gives the cost of each."
                .into(),
        },
    ];
    let mut table = Table::new(&[
        "n",
        "tree search time",
        "join time",
        "tree time / join time",
        "tree nodes",
        "pairs compared",
        "ns per node",
        "ns per pair",
    ]);
    for p in points.iter().filter(|p| p.n >= 8) {
        table.row(vec![
            size(p.n),
            human_seconds(p.seconds.0),
            human_seconds(p.seconds.1),
            ratio(p.seconds.0 / p.seconds.1),
            human_count(p.steps.0),
            human_count(p.steps.1),
            format!("{:.2}", p.seconds.0 * 1e9 / p.steps.0),
            format!("{:.3}", p.seconds.1 * 1e9 / p.steps.1),
        ]);
    }
    let per_node = last.seconds.0 / last.steps.0;
    let per_pair = last.seconds.1 / last.steps.1;
    let mut why = vec![format!(
        "A solution is an east half and a west half that fit together: no shared row, no shared \
         diagonal. `half-join`, in the spirit of Kluev's quadrant-join counter [Kluev], builds \
         every partial board of each half once, from tables of quarter boards, and then counts the \
         (east, west) pairs whose packed diagonal words AND to zero; for large sides it turns \
         blocks of 256 halves on their side, so that one AND of 256-bit masks tests 256 pairs at \
         once, and skips groups of halves that clash on their busiest diagonals. At {} it \
         compared {} pairs, {} the {} nodes of the symmetric tree search, but a pair costs a \
         fraction of a node: {} per pair against {} per node, {} cheaper. The many cheap steps win: {} on one \
         thread against {}.",
        at_n(last.n),
        human_count(last.steps.1),
        times(last.steps.1 / last.steps.0),
        human_count(last.steps.0),
        human_seconds(per_pair),
        human_seconds(per_node),
        times(per_node / per_pair),
        human_seconds(last.seconds.1),
        human_seconds(last.seconds.0),
    )];
    if let Some(n) = ahead_from {
        let before: Vec<String> = points
            .iter()
            .filter(|p| p.n < n && p.seconds.1 >= p.seconds.0)
            .map(|p| size(p.n))
            .collect();
        if !before.is_empty() {
            why.push(format!(
                "On small boards the join loses (n = {}): building its tables costs the same \
                 whatever the count, and there are too few pairs to pay for it. It is faster at \
                 every n from {n} measured here.",
                before.join(", ")
            ));
        }
    }
    Some(Lesson {
        title: "No tree at all: joining half boards".into(),
        question: "Can counting without a search tree beat the best tree search?".into(),
        experiment: format!(
            "Held fixed: the answer (every solution) and one thread. Changed: the method, a tree \
             walk with all eight symmetries (`{TREE}`) or a join of half boards (`{JOIN}`)."
        ),
        figures,
        table,
        why,
        try_it: vec![
            format!("queens --algo {JOIN} --threads 1 --json {}", last.n),
            format!("queens --algo {TREE} --threads 1 --json {}", last.n),
        ],
        summary: Some(format!(
            "Joining half boards instead of walking a tree counts every solution at {} {} faster than the best tree search on one thread: {} more steps, each {} cheaper.",
            at_n(last.n),
            times(last.seconds.0 / last.seconds.1),
            times(last.steps.1 / last.steps.0),
            times(per_node / per_pair),
        )),
    })
}
