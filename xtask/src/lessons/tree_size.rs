//! Lesson: how much of the tree each search visits. Generate-and-test
//! decides every row before it tests anything (nⁿ leaves), the permutation
//! filter builds the column rule into generation (n!), backtracking tests
//! each queen as it is placed and never extends a partial board with an
//! attack. Nodes per depth at one n, counted by the searches, show where
//! the pruning happens.

use std::collections::BTreeMap;

use super::{Ctx, Lesson, Table};
use crate::data::ApproachMeta;
use crate::figure::{Chart, Figure, Line, LineChart, Unit};
use crate::format::{group_digits, human_count, ratio, times};

/// The searches compared, the least pruning first.
const SEARCHES: [&str; 6] = [
    "generate-and-test",
    "permutations",
    "bitmask",
    "mrv",
    "bitmask-mirror",
    "bitmask-symmetric",
];

/// Nodes per depth of each search at one n, in [`SEARCHES`] order.
#[derive(Clone, Debug, PartialEq)]
pub struct Depths<'a> {
    /// The board size.
    pub n: usize,
    /// (approach, nodes at depth 0..=n).
    pub trees: Vec<(&'a ApproachMeta, Vec<u64>)>,
    /// (approach id, dead ends at depth 0..=n), for the searches that
    /// report them, in [`SEARCHES`] order.
    pub dead_ends: Vec<(&'a str, Vec<u64>)>,
}

impl Depths<'_> {
    /// The nodes of a search at every depth, if it was measured.
    pub fn of(&self, id: &str) -> Option<&[u64]> {
        self.trees
            .iter()
            .find(|(a, _)| a.id == id)
            .map(|(_, v)| v.as_slice())
    }

    /// The dead ends of a search at every depth, if it reported them.
    pub fn dead_ends_of(&self, id: &str) -> Option<&[u64]> {
        self.dead_ends
            .iter()
            .find(|(a, _)| *a == id)
            .map(|(_, v)| v.as_slice())
    }
}

/// (depth, nodes, dead ends) of each approach, by board size.
type ByN<'d> = BTreeMap<usize, BTreeMap<&'d str, Vec<(usize, u64, Option<u64>)>>>;

/// The nodes per depth in the data, at the n most searches were counted at.
pub fn depths<'a>(ctx: &Ctx<'a>) -> Option<Depths<'a>> {
    let mut by_n: ByN = BTreeMap::new();
    for d in &ctx.data.depths {
        by_n.entry(d.n)
            .or_default()
            .entry(&d.approach)
            .or_default()
            .push((d.depth, d.nodes, d.dead_ends));
    }
    let (&n, trees) = by_n.iter().max_by_key(|(_, t)| t.len())?;
    let mut dead_ends = Vec::new();
    let trees: Vec<_> = SEARCHES
        .iter()
        .filter_map(|id| {
            let meta = ctx.data.approach(id)?;
            let mut levels = trees.get(id)?.clone();
            levels.sort_unstable();
            if let Some(dead) = levels.iter().map(|l| l.2).collect::<Option<Vec<u64>>>() {
                dead_ends.push((meta.id.as_str(), dead));
            }
            Some((meta, levels.into_iter().map(|l| l.1).collect()))
        })
        .collect();
    (trees.len() >= 2).then_some(Depths {
        n,
        trees,
        dead_ends,
    })
}

/// Each search's nodes per depth at the largest n it was counted at
/// (`queens --depths` at its quick n), in [`SEARCHES`] order.
pub fn largest<'a>(ctx: &Ctx<'a>) -> Vec<(&'a ApproachMeta, usize, Vec<u64>)> {
    SEARCHES
        .iter()
        .filter_map(|id| {
            let n = ctx
                .data
                .depths
                .iter()
                .filter(|d| d.approach == *id)
                .map(|d| d.n)
                .max()?;
            let mut levels: Vec<(usize, u64)> = ctx
                .data
                .depths
                .iter()
                .filter(|d| d.approach == *id && d.n == n)
                .map(|d| (d.depth, d.nodes))
                .collect();
            levels.sort_unstable();
            Some((
                ctx.data.approach(id)?,
                n,
                levels.into_iter().map(|(_, v)| v).collect(),
            ))
        })
        .collect()
}

/// An approach's nodes against depth (levels with no node left out: log axis).
fn depth_line(a: &ApproachMeta, levels: &[u64]) -> Line {
    Line {
        points: levels
            .iter()
            .enumerate()
            .filter(|(_, v)| **v > 0)
            .map(|(depth, &v)| (depth as f64, v as f64))
            .collect(),
        ..Line::of(a)
    }
}

pub(super) fn lesson(ctx: &Ctx) -> Option<Lesson> {
    let d = depths(ctx)?;
    let n = d.n;
    let depth_lines: Vec<Line> = d
        .trees
        .iter()
        .map(|(a, levels)| depth_line(a, levels))
        .collect();
    let big = largest(ctx);
    let big_lines: Vec<Line> = big
        .iter()
        .filter(|(_, m, _)| *m > n)
        .map(|(a, m, levels)| Line {
            label: format!("{} (n = {m})", a.id),
            ..depth_line(a, levels)
        })
        .collect();
    let mut figures = vec![Figure {
        chart: Chart::Line(LineChart {
            name: "tree_nodes_per_depth",
            title: format!("Nodes at each depth of the search tree, n = {n}"),
            x_desc: "depth (rows decided; 0 is the empty board)".into(),
            y_desc: "nodes at that depth (log scale)".into(),
            x_log: false,
            y_log: true,
            y_unit: Unit::Count,
            lines: depth_lines,
        }),
        caption: format!(
            "Each search counted the nodes it entered at each depth, at n = {n} (`queens --depths`). \
             Generate-and-test has {n} times as many nodes at each depth as at the one above, the \
             permutations n − d times, and the backtracking searches' levels shrink again once the \
             diagonals leave few safe squares."
        ),
    }];
    if big_lines.len() >= 2 {
        figures.push(Figure {
            chart: Chart::Line(LineChart {
                name: "tree_nodes_per_depth_large",
                title: "Nodes at each depth, at the largest n each search counts quickly".into(),
                x_desc: "depth (rows decided; 0 is the empty board)".into(),
                y_desc: "nodes at that depth (log scale)".into(),
                x_log: false,
                y_log: true,
                y_unit: Unit::Count,
                lines: big_lines,
            }),
            caption: format!(
                "The same count at the largest n each search finishes in well under a second \
                 (its n in the label). Where each tree is widest: {}.",
                big.iter()
                    .filter(|(_, m, _)| *m > n)
                    .filter_map(|(a, m, levels)| {
                        let (depth, _) = levels.iter().enumerate().max_by_key(|(_, v)| **v)?;
                        Some(format!("`{}` at depth {depth} of {m}", a.id))
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        });
    }
    let mut header = vec!["depth".to_string()];
    header.extend(d.trees.iter().map(|(a, _)| format!("`{}`", a.id)));
    let mut table = Table {
        header,
        rows: Vec::new(),
    };
    for depth in 0..=n {
        let mut row = vec![depth.to_string()];
        row.extend(d.trees.iter().map(|(_, levels)| {
            levels
                .get(depth)
                .map_or("–".into(), |&v| human_count(v as f64))
        }));
        table.row(row);
    }
    let mut total = vec!["all depths".to_string()];
    total.extend(
        d.trees
            .iter()
            .map(|(_, levels)| human_count(levels.iter().sum::<u64>() as f64)),
    );
    table.row(total);
    let mut dead = vec!["dead ends, all depths".to_string()];
    dead.extend(d.trees.iter().map(|(a, _)| {
        d.dead_ends_of(&a.id)
            .map_or("–".into(), |v| human_count(v.iter().sum::<u64>() as f64))
    }));
    table.row(dead);

    let mut why = Vec::new();
    let sum = |id: &str| d.of(id).map(|v| v.iter().sum::<u64>() as f64);
    if let (Some(gt), Some(bt)) = (d.of("generate-and-test"), d.of("bitmask")) {
        let widest = bt
            .iter()
            .enumerate()
            .max_by_key(|(_, v)| **v)
            .map(|(depth, v)| (depth, *v))?;
        why.push(format!(
            "Generate-and-test [Aiello] gives every row a column before it tests anything, so its \
             tree is complete: {} nodes at depth {n}, every one a candidate board that is built and \
             then rejected or kept. Backtracking tests each queen as it is placed and never extends \
             a partial board that already has an attack, so its levels stop growing: its widest \
             level is depth {} with {} nodes, and only {} nodes reach depth {n} (the solutions). In \
             all it enters {} nodes against {}: {} fewer.",
            human_count(gt[n] as f64),
            widest.0,
            group_digits(widest.1),
            group_digits(bt[n]),
            human_count(sum("bitmask")?),
            human_count(sum("generate-and-test")?),
            times(sum("generate-and-test")? / sum("bitmask")?),
        ));
    }
    if let (Some(p), Some(gt)) = (d.of("permutations"), d.of("generate-and-test")) {
        why.push(format!(
            "The permutation filter [Eddins 2017] sits between them: generating permutations builds \
             \"one queen per column\" into the tree (n − d columns are left at depth d), so {} \
             boards reach depth {n} instead of {}, but the diagonals are still tested only on \
             complete boards.",
            human_count(p[n] as f64),
            human_count(gt[n] as f64),
        ));
    }
    if let Some(sentence) = dead_end_sentence(&d) {
        why.push(sentence);
    }
    // The factor per queen of each search, from each n to the next, at the
    // largest n all three counted.
    let ids = ["generate-and-test", "permutations", "bitmask"];
    let series: Vec<_> = ids.iter().filter_map(|id| ctx.count(id)).collect();
    let factor =
        |s: &crate::analysis::Series, n: usize| Some(s.at(n)?.steps? / s.at(n - 1)?.steps?);
    if series.len() == ids.len()
        && let Some(top) = super::largest_shared(&series)
        && top > 5
    {
        let cells: Vec<String> = series
            .iter()
            .filter_map(|s| {
                Some(format!(
                    "`{}` {} then {}",
                    s.approach.id,
                    ratio(factor(s, top - 1)?),
                    ratio(factor(s, top)?)
                ))
            })
            .collect();
        why.push(format!(
            "So no single \"growth per queen\" describes the first two: one queen more multiplies \
             nⁿ by about e·(n + 1) and n! by n + 1, a factor that itself grows with n. Measured, \
             from n = {} to {} and from {} to {}: {}.",
            top - 2,
            top - 1,
            top - 1,
            top,
            cells.join("; ")
        ));
    }
    let summary = match (sum("generate-and-test"), sum("bitmask")) {
        (Some(gt), Some(bt)) => Some(format!(
            "Testing each queen as it is placed prunes the tree: at n = {n} backtracking enters {} nodes where generate-and-test builds {}, {} fewer.",
            human_count(bt),
            human_count(gt),
            times(gt / bt)
        )),
        _ => None,
    };
    Some(Lesson {
        title: "How much of the tree is searched".into(),
        question: "How much work does testing early save, level by level?".into(),
        experiment: format!(
            "Held fixed: the board size (n = {n} for the nodes per depth) and the answer (every solution). \
             Changed: when the rules are tested: only on complete boards (`generate-and-test`), with \
             the column rule built into generation (`permutations`), or as each queen is placed \
             (`bitmask`; `mrv` also changes the order of the rows, `bitmask-mirror` and \
             `bitmask-symmetric` also cut symmetric subtrees). Each search counted its own nodes per \
             depth."
        ),
        figures,
        table,
        why,
        try_it: vec![
            format!("queens --algo generate-and-test --depths {n}"),
            format!("queens --algo bitmask --depths {n}"),
        ],
        summary,
    })
}

/// Where the work of backtracking goes: its dead ends against its nodes,
/// and the complete trees' lack of them.
fn dead_end_sentence(d: &Depths<'_>) -> Option<String> {
    let n = d.n;
    let nodes = d.of("bitmask")?;
    let dead = d.dead_ends_of("bitmask")?;
    let below: u64 = nodes[1..].iter().sum();
    let total: u64 = dead.iter().sum();
    let (deepest, _) = dead.iter().enumerate().max_by_key(|(_, v)| **v)?;
    let complete: Vec<String> = ["generate-and-test", "permutations"]
        .iter()
        .filter(|id| {
            d.dead_ends_of(id)
                .is_some_and(|v| v.iter().all(|&k| k == 0))
        })
        .map(|id| format!("`{id}`"))
        .collect();
    let mut text = format!(
        "Backtracking still enters many nodes that lead nowhere: of `bitmask`'s {} nodes below \
         the root at n = {n}, {} ({}) are dead ends, partial boards with no safe square in the \
         next row, the most of them with {deepest} queens placed ({}). Only {} of its nodes are \
         complete boards.",
        group_digits(below),
        group_digits(total),
        crate::format::percent(total as f64 / below as f64),
        group_digits(dead[deepest]),
        group_digits(nodes[n]),
    );
    if let Some(mrv) = d.dead_ends_of("mrv") {
        let m: u64 = mrv.iter().sum();
        let why = if m < total {
            "fewer, because choosing the row with the fewest safe squares next finds a row \
             with none as soon as there is one, before more queens are placed above it"
        } else {
            "no fewer: choosing the row with the fewest safe squares does not help here"
        };
        text.push_str(&format!(" `mrv` meets {}, {why}.", group_digits(m)));
    }
    if !complete.is_empty() {
        text.push_str(&format!(
            " {} meet none: they never stop before a full board, so every rejected partial board \
             is paid for by all its completions.",
            complete.join(" and ")
        ));
    }
    Some(text)
}
