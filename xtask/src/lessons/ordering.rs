//! Lesson: variable ordering. The same backtracking with the rows taken in
//! order (`bitmask`) or O'Keefe's "least room to move" (`mrv`): which row is
//! filled next changes how many nodes it takes to find the first solution
//! and to count them all, and what each node costs.

use super::{Ctx, Lesson, Table, at_n, line, steps};
use crate::analysis::Series;
use crate::figure::{Chart, Figure, LineChart, Unit};
use crate::format::{human_count, human_seconds, size, times};

/// Row order first, then least room to move.
const ORDERS: [&str; 2] = ["bitmask", "mrv"];

/// What the lesson computes: node and time ratios, row order over MRV.
#[derive(Clone, Debug, PartialEq)]
pub struct Ordering {
    /// Largest n both counted all solutions at.
    pub count_n: usize,
    /// Nodes to count all: row order / MRV.
    pub count_nodes: f64,
    /// Time to count all: row order / MRV.
    pub count_time: f64,
    /// ns per node, row order and MRV.
    pub ns_per_node: (f64, f64),
    /// First solution: sizes both measured, and at how many MRV needed fewer nodes.
    pub first_shared: usize,
    /// Of those, the sizes where MRV needed fewer nodes.
    pub first_fewer: usize,
    /// Largest n each reached for a first solution.
    pub first_reach: (usize, usize),
}

/// The comparison, if both orders were measured counting.
pub fn ordering(ctx: &Ctx) -> Option<Ordering> {
    let (row, mrv) = (ctx.count(ORDERS[0])?, ctx.count(ORDERS[1])?);
    let n = super::largest_shared(&[row, mrv])?;
    let (a, b) = (row.at(n)?, mrv.at(n)?);
    let (fr, fm) = (ctx.first(ORDERS[0])?, ctx.first(ORDERS[1])?);
    let shared: Vec<(f64, f64)> = fr
        .points
        .iter()
        .filter_map(|p| Some((p.steps?, fm.at(p.n)?.steps?)))
        .collect();
    Some(Ordering {
        count_n: n,
        count_nodes: a.steps? / b.steps?,
        count_time: a.median_ns / b.median_ns,
        ns_per_node: (a.ns_per_step()?, b.ns_per_step()?),
        first_shared: shared.len(),
        first_fewer: shared.iter().filter(|(r, m)| m < r).count(),
        first_reach: (fr.last()?.n, fm.last()?.n),
    })
}

pub(super) fn lesson(ctx: &Ctx) -> Option<Lesson> {
    let o = ordering(ctx)?;
    let first: Vec<&Series> = ORDERS.iter().filter_map(|id| ctx.first(id)).collect();
    let count: Vec<&Series> = ORDERS.iter().filter_map(|id| ctx.count(id)).collect();
    let figures = vec![
        Figure {
            chart: Chart::Line(LineChart::by_n(
                "ordering_first",
                "Nodes to the first solution: row order against least room to move",
                "queen placements (log scale)",
                Unit::Count,
                first.iter().map(|s| line(s, &steps)).collect(),
            )),
            caption: format!(
                "Placements until the first solution, at every n measured: row order up to n = {}, \
                 least room to move up to n = {}.",
                size(o.first_reach.0),
                size(o.first_reach.1)
            ),
        },
        Figure {
            chart: Chart::Line(LineChart::by_n(
                "ordering_count",
                "Nodes to count all solutions: row order against least room to move",
                "queen placements (log scale)",
                Unit::Count,
                count.iter().map(|s| line(s, &steps)).collect(),
            )),
            caption: format!(
                "Placements to count every solution; at {} least room to move needs {} fewer.",
                at_n(o.count_n),
                times(o.count_nodes)
            ),
        },
    ];
    let mut table = Table::new(&[
        "n",
        "first solution: row order",
        "first solution: least room to move",
        "all solutions: row order",
        "all solutions: least room to move",
    ]);
    let (fr, fm) = (first.first()?, first.get(1)?);
    let (cr, cm) = (count.first()?, count.get(1)?);
    let cell = |s: &Series, n| {
        s.at(n)
            .and_then(|p| p.steps)
            .map_or("–".into(), human_count)
    };
    for n in [8, 10, 12, 14, 16, 20, 22, 25, 30, 40, 50] {
        if fm.at(n).is_some() || cm.at(n).is_some() {
            table.row(vec![
                size(n),
                cell(fr, n),
                cell(fm, n),
                cell(cr, n),
                cell(cm, n),
            ]);
        }
    }
    let why = vec![
        format!(
            "Least room to move [O'Keefe 1984] fills next the row with the fewest safe columns. A \
             row with one column left is filled at once, and a row with none fails at once, so a \
             dead end is found near the top of the tree, where cutting it removes the most below. \
             To count every solution at {} it placed {} fewer queens than row order.",
            at_n(o.count_n),
            times(o.count_nodes),
        ),
        format!(
            "Each of its nodes costs more: choosing the row looks at every unplaced row, and \
             placing a queen prunes the columns of every unplaced row, O(n) work per node where \
             row order does O(1). Here a node cost {} against {}, so the time to count all fell \
             {} where the nodes fell {}.",
            human_seconds(o.ns_per_node.1 / 1e9),
            human_seconds(o.ns_per_node.0 / 1e9),
            times(o.count_time),
            times(o.count_nodes)
        ),
        format!(
            "For the first solution the order matters far more: of the {} sizes both searches were \
             measured at, least room to move needed fewer placements at {}. Row order stopped at \
             n = {}, least room to move at n = {} (see the first-solution lesson for where each \
             stops and why).",
            o.first_shared,
            o.first_fewer,
            size(o.first_reach.0),
            size(o.first_reach.1)
        ),
    ];
    Some(Lesson {
        title: "Variable ordering: which row next".into(),
        question: "Does choosing the most constrained row first pay for the work of choosing it?".into(),
        experiment: "Held fixed: backtracking one queen per row with the same rules, counted in \
                     placements. Changed: the next row, taken in order (`bitmask`) or the one with \
                     the fewest safe columns left, O'Keefe's least room to move (`mrv`, faithful to \
                     his Prolog program's order)."
            .into(),
        figures,
        table,
        why,
        try_it: vec![
            "queens --algo bitmask --first --json 22".into(),
            "queens --algo mrv --first --json 22".into(),
        ],
        summary: Some(if o.ns_per_node.1 > o.ns_per_node.0 {
            format!(
                "Filling the most constrained row first (O'Keefe's least room to move) places {} fewer queens to count every solution at {}; each of its nodes costs {} as much, so the time falls only {}.",
                times(o.count_nodes),
                at_n(o.count_n),
                times(o.ns_per_node.1 / o.ns_per_node.0),
                times(o.count_time),
            )
        } else {
            format!(
                "Filling the most constrained row first (O'Keefe's least room to move) places {} fewer queens to count every solution at {}, and its time falls {}.",
                times(o.count_nodes),
                at_n(o.count_n),
                times(o.count_time),
            )
        }),
    })
}
