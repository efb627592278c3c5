//! Chapter: ordering, one knob at a time. O'Keefe's least room to move
//! (`mrv`) against row order (`bitmask`), then the constraint-search lab
//! (`csp`) with its variable order, value order and look-ahead changed one
//! at a time, and a worked example at n = 4 traced from the lab itself.

mod figures;
mod lab;
mod trace;

use serde::Serialize;

use super::{Chapter, Ctx};
use crate::analysis::{Judged, median_f64};
use crate::data::Family;
use crate::measure::csp_grid::SETTINGS;
use lab::{Reach, at, reach};
use trace::{Domain, Worked};

/// One change of order, row order against least room to move, counting
/// every solution at one n.
#[derive(Clone, Debug, Serialize)]
pub struct Change {
    /// Nodes of row order over nodes of least room to move.
    pub nodes_ratio: f64,
    /// Median seconds, row order.
    pub row_s: f64,
    /// Median seconds, least room to move.
    pub mrv_s: f64,
    /// Least room to move's time against row order's, by the rank test.
    pub time: Judged,
    /// ns per node, row order.
    pub row_ns: f64,
    /// ns per node, least room to move.
    pub mrv_ns: f64,
    /// Least room to move's cost per node against row order's.
    pub per_node: Judged,
}

impl Change {
    fn of(row: (f64, Vec<f64>), mrv: (f64, Vec<f64>)) -> Change {
        let (row_t, mrv_t) = (median_f64(row.1.clone()), median_f64(mrv.1.clone()));
        let per = |p: &(f64, Vec<f64>)| -> Vec<f64> { p.1.iter().map(|t| t / p.0).collect() };
        Change {
            nodes_ratio: row.0 / mrv.0,
            row_s: row_t / 1e9,
            mrv_s: mrv_t / 1e9,
            time: Judged::times(&mrv.1, &row.1),
            row_ns: row_t / row.0,
            mrv_ns: mrv_t / mrv.0,
            per_node: Judged::times(&per(&mrv), &per(&row)),
        }
    }
}

/// One setting of the lab.
#[derive(Clone, Debug, Serialize)]
pub struct Setting {
    /// Its name.
    pub name: String,
    /// Nodes to count every solution at the lab's n.
    pub nodes: f64,
    /// ns per node.
    pub ns: f64,
    /// How far it got for a first solution.
    pub first: Reach,
}

/// Two settings compared at every point both finished.
#[derive(Clone, Debug, Serialize)]
pub struct Same {
    /// Points (count and first solution) both finished.
    pub sizes: usize,
    /// Of those, the points with equal nodes.
    pub equal: usize,
}

/// What the chapter says.
#[derive(Clone, Debug, Serialize)]
pub struct Ordering {
    /// O'Keefe's program against `bitmask`, at the lab's n.
    pub okeefe: Change,
    /// The lab's `mrv` knob against its default, at the same n.
    pub knob: Change,
    /// First solution, O'Keefe against row order: sizes both measured.
    pub first_shared: usize,
    /// Of those, the sizes where least room to move placed fewer queens.
    pub first_fewer: usize,
    /// Largest n row order found a first solution at.
    pub row_reach: usize,
    /// Largest n O'Keefe's program found one at.
    pub mrv_reach: usize,
    /// Its grid ended there (it did not fail).
    pub mrv_grid_end: bool,
    /// The lab's counting n and its solutions.
    pub count_n: usize,
    /// Solutions at `count_n`.
    pub solutions: u64,
    /// The lab's first-solution time limit, seconds.
    pub limit_s: f64,
    /// Runs per point.
    pub runs: usize,
    /// Every setting.
    pub settings: Vec<Setting>,
    /// The default walks `bitmask`'s tree at `count_n`.
    pub default_is_bitmask: bool,
    /// ns per node of `bitmask` at `count_n`.
    pub bitmask_ns: f64,
    /// `mrv` against `mrv + forward`.
    pub mrv_vs_forward: Same,
    /// The value orders place the default's nodes at every counting n.
    pub values_same: bool,
    /// Forward checking's time against the default's, counting.
    pub forward_time: Judged,
    /// Arc consistency's time against forward checking's, counting.
    pub arc_time: Judged,
    /// The last combination reached its n without undoing a placement.
    pub no_backtrack: bool,
    /// Nodes of O'Keefe's program counting at `count_n`, over the lab's
    /// `mrv + forward`.
    pub okeefe_over_lab: f64,
    /// The worked example.
    pub worked: Worked,
    /// The paper exercise: domains after a queen in row 1, column 3.
    pub paper: Vec<Domain>,
    /// The row least room to move fills next there.
    pub paper_next: usize,
}

/// Nodes and the runs' times, ns.
fn series_point(ctx: &Ctx, id: &str, n: usize) -> Option<(f64, Vec<f64>)> {
    let p = ctx.count(id)?.at(n)?;
    Some((p.steps?, p.nanos.clone()))
}

/// Nodes and the finished runs' times, ns.
fn lab_point(ctx: &Ctx, name: &str, n: usize) -> Option<(f64, Vec<f64>)> {
    let p = at(&ctx.data.csp_grid, name, "count", n)?;
    p.time()?;
    Some((p.median_nodes()?, p.nanos.clone()))
}

/// The facts, if both orders and the lab were measured.
pub fn ordering(ctx: &Ctx) -> Option<Ordering> {
    let rows = &ctx.data.csp_grid;
    let n = lab::count_n(rows)?;
    let okeefe_mrv = series_point(ctx, "mrv", n)?;
    let okeefe = Change::of(series_point(ctx, "bitmask", n)?, okeefe_mrv.clone());
    let knob = Change::of(lab_point(ctx, "default", n)?, lab_point(ctx, "mrv", n)?);
    let (fr, fm) = (ctx.first("bitmask")?, ctx.first("mrv")?);
    let shared: Vec<(f64, f64)> = fr
        .points
        .iter()
        .filter_map(|p| Some((p.steps?, fm.at(p.n)?.steps?)))
        .collect();
    let mut settings = Vec::new();
    for s in &SETTINGS {
        let (nodes, t) = lab_point(ctx, s.name, n)?;
        settings.push(Setting {
            name: s.name.into(),
            nodes,
            ns: median_f64(t.clone()) / nodes,
            first: reach(rows, s.name)?,
        });
    }
    let mut sizes = 0;
    let mut equal = 0;
    for mode in ["count", "first"] {
        for p in lab::points(rows, "mrv", mode) {
            if let Some(q) = at(rows, "mrv + forward", mode, p.n)
                && p.complete()
                && q.complete()
            {
                sizes += 1;
                equal += usize::from(p.nodes == q.nodes);
            }
        }
    }
    let counting: Vec<usize> = lab::points(rows, "default", "count")
        .iter()
        .map(|p| p.n)
        .collect();
    let values_same = counting.iter().all(|&m| {
        let d = at(rows, "default", "count", m).and_then(|p| p.median_nodes());
        ["middle-out", "lcv"]
            .iter()
            .all(|v| at(rows, v, "count", m).and_then(|p| p.median_nodes()) == d)
    });
    let time = |name: &str| lab_point(ctx, name, n).map(|p| p.1);
    let last = settings.last()?;
    let stop = |id: &str| {
        ctx.data
            .stops
            .iter()
            .find(|s| s.family == Family::First && s.approach == id)
    };
    let paper = trace::domains(trace::N, &[(0, 2)]);
    let timeout = ctx
        .data
        .meta
        .profile
        .parse()
        .map(|p| crate::measure::csp_grid::plan(p).timeout.as_secs_f64())
        .ok()?;
    Some(Ordering {
        okeefe_over_lab: okeefe_mrv.0 / lab_point(ctx, "mrv + forward", n)?.0,
        okeefe,
        knob,
        first_shared: shared.len(),
        first_fewer: shared.iter().filter(|(r, m)| m < r).count(),
        row_reach: fr.last()?.n,
        mrv_reach: fm.last()?.n,
        mrv_grid_end: stop("mrv").is_some_and(|s| s.reason.starts_with("profile:")),
        count_n: n,
        solutions: queens_core::known::total(n)?,
        limit_s: timeout,
        runs: at(rows, "default", "count", n)?.runs,
        default_is_bitmask: series_point(ctx, "bitmask", n)?.0 == settings[0].nodes,
        bitmask_ns: ctx.count("bitmask")?.at(n)?.ns_per_step()?,
        mrv_vs_forward: Same { sizes, equal },
        values_same,
        forward_time: Judged::times(&time("forward")?, &time("default")?),
        arc_time: Judged::times(&time("arc")?, &time("forward")?),
        no_backtrack: last.first.nodes <= last.first.n as f64,
        worked: trace::worked()?,
        paper_next: trace::least_room(&paper)?,
        paper,
        settings,
    })
}

pub(super) fn chapter(ctx: &Ctx) -> Option<Chapter> {
    let facts = ordering(ctx)?;
    Some(Chapter::new(&facts, all_figures(ctx, facts.count_n)))
}

fn all_figures(ctx: &Ctx, n: usize) -> Vec<crate::figure::Figure> {
    vec![
        figures::ordering_first(ctx),
        figures::lab_first(ctx),
        figures::lab_count(ctx, n),
    ]
}

/// Variants for the branches the committed data do not take.
#[cfg(test)]
pub(super) fn flips(ctx: &Ctx) -> Vec<Chapter> {
    use crate::analysis::Verdict;
    let Some(base) = ordering(ctx) else {
        return Vec::new();
    };
    let figs = all_figures(ctx, base.count_n);
    let mut out = Vec::new();
    for (i, v) in [
        Verdict::Lower,
        Verdict::Higher,
        Verdict::WithinNoise,
        Verdict::TooFew,
    ]
    .into_iter()
    .enumerate()
    {
        let mut f = base.clone();
        for c in [&mut f.okeefe, &mut f.knob] {
            c.time.is = v;
            c.per_node.is = v;
        }
        f.forward_time.is = v;
        f.arc_time.is = v;
        let flip = i == 0;
        if flip {
            f.mrv_vs_forward.equal = f.mrv_vs_forward.sizes - 1;
            f.values_same = !f.values_same;
            f.default_is_bitmask = !f.default_is_bitmask;
            f.mrv_grid_end = !f.mrv_grid_end;
            f.no_backtrack = !f.no_backtrack;
            for s in &mut f.settings {
                s.first.stop = None;
            }
        }
        out.push(Chapter::new(&f, figs.clone()));
    }
    out
}

#[cfg(test)]
mod tests;

/// What the chapter's branches say (see [`super::Says`]).
#[cfg(test)]
pub(super) const SAYS: &[super::Says] = &[
    super::says!(
        "/mrv_grid_end" == true,
        ", the last size asked for",
        ", where it stopped"
    ),
    super::says!(
        "/mrv_grid_end" == false,
        ", where it stopped",
        ", the last size asked for"
    ),
    super::says!(
        "/default_is_bitmask" == true,
        "walks exactly `bitmask`'s tree",
        "does not walk"
    ),
    super::says!(
        "/default_is_bitmask" == false,
        "does not walk `bitmask`'s tree (a bug to report)",
        "walks exactly"
    ),
    super::says!(
        "mrv and forward equal everywhere",
        |f| f["mrv_vs_forward"]["equal"] == f["mrv_vs_forward"]["sizes"],
        "forward checking saves no node",
        "which contradicts this"
    ),
    super::says!(
        "mrv and forward differ somewhere",
        |f| f["mrv_vs_forward"]["equal"] != f["mrv_vs_forward"]["sizes"],
        "which contradicts this: a bug to report",
        "placed the same queens at all"
    ),
    super::says!(
        "/values_same" == true,
        "placed the default's nodes at every n",
        "a bug to report"
    ),
    super::says!(
        "/values_same" == false,
        "placed other nodes than the default",
        "placed the default's nodes"
    ),
    super::says!(
        "/arc_time/is" == "lower",
        "the extra pruning paid for itself",
        "cost more than"
    ),
    super::says!(
        "/arc_time/is" == "higher",
        "the extra pruning cost more",
        "paid for itself"
    ),
    super::says!(
        "/arc_time/is" == "within_noise",
        "against forward checking was within noise",
        "paid for itself"
    ),
    super::says!(
        "/forward_time/is" == "lower",
        "its time was lower",
        "its time was higher"
    ),
    super::says!(
        "/forward_time/is" == "higher",
        "its time was higher",
        "its time was lower"
    ),
    super::says!(
        "/forward_time/is" == "within_noise",
        "its time was within noise",
        "its time was higher"
    ),
    super::says!(
        "/forward_time/is" == "too_few",
        "its time was not told apart (",
        "its time was higher"
    ),
    super::says!(
        "/arc_time/is" == "too_few",
        "against forward checking was not told apart (",
        "paid for itself"
    ),
    super::says!("/no_backtrack" == true, ", without undoing one", ""),
    super::says!(
        "/no_backtrack" == false,
        "placements.",
        ", without undoing one"
    ),
    super::says!(
        "a setting finished every size",
        |f| f["settings"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|s| s["first"]["stop"].is_null()),
        "every size finished",
        ""
    ),
];
