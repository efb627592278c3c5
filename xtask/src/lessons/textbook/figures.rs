//! The chapter's charts: the share of starts solved (a table, as most
//! shares sit at or near 100 %) and the queen moves of a solved start.

use super::points;
use crate::analysis::Spread;
use crate::analysis::textbook::Point;
use crate::data::ApproachMeta;
use crate::figure::{Chart, Figure, Line, LineChart, Share, ShareGrid, ShareRow, Unit};
use crate::lessons::Ctx;

/// The methods in the study's order (the rows at n = 8 come first), each
/// with its knobs, its registry entry and its points below a million.
fn methods<'c>(ctx: &'c Ctx) -> Vec<(&'c ApproachMeta, Vec<Point>)> {
    let all = points(ctx);
    all.iter()
        .filter(|p| p.n == 8)
        .filter_map(|first| {
            let meta = ctx.data.approach(&first.approach)?;
            let pts = all
                .iter()
                .filter(|p| p.approach == first.approach && p.knobs == first.knobs)
                .filter(|p| p.n < 1_000_000 && p.starts > 0)
                .cloned()
                .collect();
            Some((meta, pts))
        })
        .collect()
}

/// Whether a method always solves (it restarts until it does).
fn always_solves(id: &str) -> bool {
    id.starts_with("random-restart")
}

/// The share of starts solved, a row per method that can fail (the
/// restarting ones cannot), a column per n: a table, as most shares sit
/// at or near 100 %, where lines would hide one another.
fn solved(ctx: &Ctx) -> ShareGrid {
    let rows: Vec<(&ApproachMeta, Vec<Point>)> = methods(ctx)
        .into_iter()
        .filter(|(m, _)| !always_solves(&m.id))
        .collect();
    let mut columns: Vec<usize> = rows
        .iter()
        .flat_map(|(_, p)| p.iter().map(|p| p.n))
        .collect();
    columns.sort_unstable();
    columns.dedup();
    let pct = |v: f64| 100.0 * v;
    ShareGrid {
        name: "textbook_solved",
        title: "Share of random starts solved".into(),
        x_desc: "n (board size)".into(),
        rows: rows
            .iter()
            .map(|(meta, pts)| ShareRow {
                label: meta.id.clone(),
                cells: columns
                    .iter()
                    .map(|&n| {
                        let p = pts.iter().find(|p| p.n == n)?;
                        Some(Share {
                            percent: pct(p.share.median),
                            low: pct(p.share.low),
                            high: pct(p.share.high),
                        })
                    })
                    .collect(),
            })
            .collect(),
        columns,
    }
}

/// The unit of [`moves`]: steps that move one queen.
const MOVES: &str = "queen moves";

/// Queen moves of a solved start, a line per method that counts queen
/// moves and solves at several sizes (annealing's proposals and beam's
/// generations are other units), with the 95 % interval of the mean.
fn moves(ctx: &Ctx) -> LineChart {
    let lines: Vec<Line> = methods(ctx)
        .into_iter()
        .filter(|(m, _)| m.step_unit.starts_with(MOVES))
        .filter(|(m, _)| !m.id.starts_with("hill-climbing") && m.id != "first-choice")
        .map(|(meta, pts)| {
            let solved: Vec<(f64, Spread)> = pts
                .iter()
                .filter_map(|p| Some((p.n as f64, p.steps_solved?)))
                .collect();
            Line {
                points: solved.iter().map(|(n, s)| (*n, s.median)).collect(),
                spread: solved.iter().map(|(n, s)| (*n, s.low, s.high)).collect(),
                ..Line::of(meta)
            }
        })
        .filter(|l| l.points.len() > 1)
        .take(crate::figure::MAX_LINES)
        .collect();
    LineChart {
        name: "textbook_steps",
        title: "Queen moves of a solved start (mean)".into(),
        x_desc: "n (board size, log scale)".into(),
        y_desc: "queen moves (log scale)".into(),
        x_log: true,
        y_log: true,
        y_unit: Unit::Count,
        lines,
        references: Vec::new(),
    }
}

pub(super) fn figures(ctx: &Ctx) -> Vec<Figure> {
    vec![
        Figure {
            chart: Chart::Shares(solved(ctx)),
        },
        Figure {
            chart: Chart::Line(moves(ctx)),
        },
    ]
}
