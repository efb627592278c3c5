//! Chapter 1: how much of the tree each search visits. Generate-and-test
//! decides every row before it tests anything (nⁿ leaves), the permutation
//! filter builds the column rule into generation (n!), backtracking tests
//! each queen as it is placed and never extends a partial board with an
//! attack. Nodes per depth at one n, counted by the searches, show where
//! the pruning happens.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Chapter, Ctx};
use crate::data::ApproachMeta;
use crate::figure::{Chart, Figure, Line, LineChart, Unit};

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

/// One queen more: a search's nodes from n − 2 to n − 1 and from n − 1 to n.
#[derive(Clone, Debug, Serialize)]
pub struct Factor {
    /// Approach id.
    pub id: String,
    /// The first step's factor (nodes at n − 1 / nodes at n − 2).
    pub first: f64,
    /// The second's.
    pub second: f64,
}

/// The box trace of `attack-board` at n = 4, counted.
#[derive(Clone, Debug, Serialize)]
pub struct Boxes {
    /// Boxes below the empty board (its nodes).
    pub nodes: usize,
    /// Dead ends among them.
    pub dead_ends: usize,
    /// Solutions.
    pub solutions: usize,
}

/// What the chapter says.
#[derive(Clone, Debug, Serialize)]
pub struct TreeFacts {
    /// The board size of the per-depth counts.
    pub n: usize,
    /// Generate-and-test's nodes at depth n (= its steps, candidates tested).
    pub gt_complete: u64,
    /// Its nodes in all.
    pub gt_nodes: u64,
    /// The permutations' nodes at depth n (= n!, its steps).
    pub perm_complete: u64,
    /// `bitmask`'s nodes (= its steps, placements).
    pub bt_nodes: u64,
    /// gt_nodes / bt_nodes.
    pub fewer: f64,
    /// `bitmask`'s widest depth and its nodes there.
    pub widest_depth: usize,
    /// Its nodes at `widest_depth`.
    pub widest_nodes: u64,
    /// Solutions at n (`bitmask`'s nodes at depth n).
    pub solutions: u64,
    /// `bitmask`'s dead ends.
    pub dead: u64,
    /// Their share of its nodes.
    pub dead_share: f64,
    /// The depth with the most of them, and how many.
    pub dead_depth: usize,
    /// How many at `dead_depth`.
    pub dead_at_depth: u64,
    /// `mrv`'s dead ends, if measured.
    pub mrv_dead: Option<u64>,
    /// Whether `mrv` meets fewer dead ends than `bitmask`.
    pub mrv_fewer: bool,
    /// One queen more, at the largest n three searches share.
    pub factors: Vec<Factor>,
    /// The n of the factors' last step.
    pub factor_n: usize,
    /// The n = 4 box trace, if traced.
    pub boxes: Option<Boxes>,
}

fn sum(levels: &[u64]) -> u64 {
    levels[1..].iter().sum()
}

/// The facts, if the data hold nodes per depth for generate-and-test,
/// permutations and bitmask.
pub fn tree(ctx: &Ctx) -> Option<TreeFacts> {
    let d = depths(ctx)?;
    let n = d.n;
    let (gt, perm, bt) = (
        d.of("generate-and-test")?,
        d.of("permutations")?,
        d.of("bitmask")?,
    );
    let dead = d.dead_ends_of("bitmask")?;
    let dead_total: u64 = dead.iter().sum();
    let (dead_depth, &dead_at_depth) = dead.iter().enumerate().max_by_key(|(_, v)| **v)?;
    let (widest_depth, &widest_nodes) = bt.iter().enumerate().max_by_key(|(_, v)| **v)?;
    let mrv_dead = d.dead_ends_of("mrv").map(|v| v.iter().sum::<u64>());
    let ids = ["generate-and-test", "permutations", "bitmask"];
    let series: Vec<_> = ids.iter().filter_map(|id| ctx.count(id)).collect();
    let factor =
        |s: &crate::analysis::Series, n: usize| Some(s.at(n)?.steps? / s.at(n - 1)?.steps?);
    let top = super::largest_shared(&series).filter(|&t| t > 5 && series.len() == 3)?;
    let factors = series
        .iter()
        .filter_map(|s| {
            Some(Factor {
                id: s.approach.id.clone(),
                first: factor(s, top - 1)?,
                second: factor(s, top)?,
            })
        })
        .collect();
    let boxes = ctx
        .data
        .traces
        .iter()
        .find(|t| {
            t.entry.approach == "attack-board"
                && t.entry.n == 4
                && t.entry.mode == crate::data::traces::Mode::Count
        })
        .and_then(|t| crate::analysis::tree::Tree::from_trace(t).ok().flatten())
        .map(|t| Boxes {
            nodes: t.nodes.len() - 1,
            dead_ends: t.nodes.iter().filter(|n| n.dead_end).count(),
            solutions: t.solutions(),
        });
    Some(TreeFacts {
        n,
        gt_complete: gt[n],
        gt_nodes: sum(gt),
        perm_complete: perm[n],
        bt_nodes: sum(bt),
        fewer: sum(gt) as f64 / sum(bt) as f64,
        widest_depth,
        widest_nodes,
        solutions: bt[n],
        dead: dead_total,
        dead_share: dead_total as f64 / sum(bt) as f64,
        dead_depth,
        dead_at_depth,
        mrv_fewer: mrv_dead.is_some_and(|m| m < dead_total),
        mrv_dead,
        factors,
        factor_n: top,
        boxes,
    })
}

fn figures(d: &Depths) -> Vec<Figure> {
    vec![Figure {
        chart: Chart::Line(LineChart {
            references: Vec::new(),
            name: "tree_nodes_per_depth",
            title: format!("Nodes at each depth of the search tree, n = {}", d.n),
            x_desc: "depth (queens placed; 0 is the empty board)".into(),
            y_desc: "nodes at that depth (log scale)".into(),
            x_log: false,
            y_log: true,
            y_unit: Unit::Count,
            lines: d
                .trees
                .iter()
                .map(|(a, levels)| depth_line(a, levels))
                .collect(),
        }),
    }]
}

pub(super) fn chapter(ctx: &Ctx) -> Option<Chapter> {
    let facts = tree(ctx)?;
    Some(Chapter::new(&facts, figures(&depths(ctx)?)))
}

/// Variants for the branches the committed data do not take.
#[cfg(test)]
pub(super) fn flips(ctx: &Ctx) -> Vec<Chapter> {
    let Some(base) = tree(ctx) else {
        return Vec::new();
    };
    let figs = figures(&depths(ctx).expect("depths"));
    let mut a = base.clone();
    a.mrv_fewer = !a.mrv_fewer;
    a.boxes = None;
    let mut b = base;
    b.mrv_dead = None;
    b.mrv_fewer = false;
    vec![Chapter::new(&a, figs.clone()), Chapter::new(&b, figs)]
}

/// What the chapter's branches say (see [`super::Says`]).
#[cfg(test)]
pub(super) const SAYS: &[super::Says] = &[
    super::says!(
        "mrv meets fewer dead ends",
        |f| f["mrv_fewer"] == true && f["mrv_dead"].is_u64(),
        "`mrv` meets fewer,",
        "no fewer at this size"
    ),
    super::says!(
        "mrv meets no fewer",
        |f| f["mrv_fewer"] == false && f["mrv_dead"].is_u64(),
        "no fewer at this size",
        "`mrv` meets fewer,"
    ),
    super::says!(
        "/mrv_dead" == null,
        "paid for by all its completions",
        "`mrv` meets"
    ),
    super::says!(
        "/boxes" == null,
        "Compare with the box trace",
        "solutions, as in the box trace"
    ),
    super::says!(
        "boxes are counted",
        |f| f["boxes"].is_object(),
        "solutions, as in the box trace",
        "Compare with the box trace"
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::test_data::committed;

    #[test]
    fn nodes_per_depth_add_up_to_the_steps() {
        let data = committed();
        let ctx = Ctx::new(&data);
        let d = depths(&ctx).expect("reports/data holds depths.csv");
        for (a, levels) in &d.trees {
            assert_eq!(levels[0], 1, "{}: one root", a.id);
            if a.id == "generate-and-test" {
                for (depth, &v) in levels.iter().enumerate() {
                    assert_eq!(v, (d.n as u64).pow(depth as u32));
                }
            }
            if a.id == "permutations" {
                // Each node at depth d − 1 has n − d + 1 children.
                for depth in 1..=d.n {
                    assert_eq!(
                        levels[depth],
                        levels[depth - 1] * (d.n - depth + 1) as u64,
                        "permutations at depth {depth}"
                    );
                }
            }
        }
        // The searches whose steps are placements: their nodes are their steps.
        for id in ["bitmask", "mrv", "bitmask-mirror", "bitmask-symmetric"] {
            if let (Some(levels), Some(p)) = (d.of(id), ctx.count(id).and_then(|s| s.at(d.n))) {
                assert_eq!(sum(levels) as f64, p.steps.unwrap(), "{id}");
            }
        }
    }

    #[test]
    fn the_facts_are_the_depth_counts() {
        let data = committed();
        let ctx = Ctx::new(&data);
        let f = tree(&ctx).expect("tree facts");
        let rows = |id: &str| -> Vec<u64> {
            let mut v: Vec<(usize, u64)> = data
                .depths
                .iter()
                .filter(|r| r.approach == id && r.n == f.n)
                .map(|r| (r.depth, r.nodes))
                .collect();
            v.sort_unstable();
            v.into_iter().map(|x| x.1).collect()
        };
        let bt = rows("bitmask");
        assert_eq!(f.bt_nodes, bt[1..].iter().sum::<u64>());
        assert_eq!(f.solutions, queens_core::known::total(f.n).unwrap());
        assert_eq!(f.gt_complete, (f.n as u64).pow(f.n as u32));
        assert_eq!(f.perm_complete, (1..=f.n as u64).product::<u64>());
        // Steps of generate-and-test are its complete candidates, not its nodes.
        let gt_steps = ctx
            .count("generate-and-test")
            .unwrap()
            .at(f.n)
            .unwrap()
            .steps;
        assert_eq!(gt_steps, Some(f.gt_complete as f64));
        let dead: u64 = data
            .depths
            .iter()
            .filter(|r| r.approach == "bitmask" && r.n == f.n)
            .filter_map(|r| r.dead_ends)
            .sum();
        assert_eq!(f.dead, dead);
        let b = f.boxes.expect("the n = 4 trace");
        assert_eq!((b.nodes, b.solutions), (16, 2));
    }
}
