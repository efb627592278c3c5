//! The chapter's charts: row order's nodes to the first solution over
//! O'Keefe's order, and the lab's settings for a first solution and for
//! counting. A line is cut where a size between two of its points was not
//! measured, so no segment stands for sizes nobody ran.

use super::lab::{self, points};
use crate::figure::{Bar, BarChart, Chart, Figure, Line, LineChart, Reference, Unit};
use crate::format::{human_count, human_seconds};
use crate::lessons::{Ctx, N_AXIS};
use crate::measure::csp_grid::{Knob, SETTINGS};
use crate::style;

/// `line` with a break before each point that `joined(a, b)` says is not
/// joined to the point before it (the chart draws no segment there).
pub fn pieces(mut line: Line, joined: &dyn Fn(f64, f64) -> bool) -> Line {
    line.breaks = line
        .points
        .windows(2)
        .filter(|w| !joined(w[0].0, w[1].0))
        .map(|w| w[1].0)
        .collect();
    line
}

/// Row order's placements to the first solution divided by least room to
/// move's, at each n both reached, against parity (×1): the chapter's
/// comparison on its own, where chapter 4's chart shows each search's
/// placements.
pub fn ordering_first(ctx: &Ctx) -> Figure {
    let lines = match (ctx.first("bitmask"), ctx.first("mrv")) {
        (Some(row), Some(mrv)) => {
            let points = row
                .points
                .iter()
                .filter_map(|p| Some((p.n as f64, p.steps? / mrv.at(p.n)?.steps?)))
                .collect();
            let line = Line {
                label: "bitmask ÷ mrv".into(),
                points,
                ..Line::of(mrv.approach)
            };
            vec![pieces(line, &|a, b| b - a <= 1.0)]
        }
        _ => Vec::new(),
    };
    let mut chart = LineChart::by_n(
        "ordering_first",
        "First solution: row order's placements ÷ least room to move's",
        "bitmask's placements / mrv's (log scale)",
        Unit::Ratio,
        lines,
    );
    chart.references.push(Reference {
        y: 1.0,
        label: "equal ×1".into(),
    });
    Figure {
        chart: Chart::Line(chart),
    }
}

/// Settings sharing a line: names, the first's index, points, whiskers.
type Group<'s> = (Vec<&'s str>, usize, Vec<(f64, f64)>, Vec<(f64, f64, f64)>);

/// The lab's settings for a first solution: one line per distinct series
/// (settings with the same nodes at every size share a line and a label),
/// a point only where every run finished, whiskers over random seeds.
pub fn lab_first(ctx: &Ctx) -> Figure {
    let rows = &ctx.data.csp_grid;
    let mut grid: Vec<usize> = rows
        .iter()
        .filter(|r| r.mode == "first")
        .map(|r| r.n)
        .collect();
    grid.sort_unstable();
    grid.dedup();
    let mut groups: Vec<Group> = Vec::new();
    for (i, s) in SETTINGS.iter().enumerate() {
        let pts: Vec<lab::Point> = points(rows, s.name, "first")
            .into_iter()
            .filter(|p| p.complete())
            .collect();
        let xy: Vec<(f64, f64)> = pts
            .iter()
            .filter_map(|p| Some((p.n as f64, p.median_nodes()?.max(1.0))))
            .collect();
        let spread = pts
            .iter()
            .filter_map(|p| {
                let lo = p.nodes.iter().copied().reduce(f64::min)?;
                let hi = p.nodes.iter().copied().reduce(f64::max)?;
                (hi > lo).then_some((p.n as f64, lo.max(1.0), hi))
            })
            .collect();
        match groups
            .iter_mut()
            .find(|g| g.2 == xy && s.knob != Knob::None)
        {
            Some(g) => g.0.push(s.name),
            None => groups.push((vec![s.name], i, xy, spread)),
        }
    }
    let adjacent = |a: f64, b: f64| {
        let ia = grid.iter().position(|&n| n as f64 == a);
        let ib = grid.iter().position(|&n| n as f64 == b);
        matches!((ia, ib), (Some(x), Some(y)) if y == x + 1)
    };
    let lines = groups
        .into_iter()
        .filter(|g| !g.2.is_empty())
        .map(|(names, i, points, spread)| {
            pieces(
                Line {
                    label: names.join(" = "),
                    colour: style::colour(i).into(),
                    marker: style::marker(i),
                    dashed: SETTINGS[i].knob == Knob::Several,
                    points,
                    spread,
                    breaks: Vec::new(),
                },
                &adjacent,
            )
        })
        .collect();
    Figure {
        chart: Chart::Line(LineChart {
            references: Vec::new(),
            name: "lab_first",
            title: "Nodes to the first solution, one knob at a time".into(),
            x_desc: format!("{N_AXIS}, log scale"),
            y_desc: "queen placements (log scale)".into(),
            x_log: true,
            y_log: true,
            y_unit: Unit::Count,
            lines,
        }),
    }
}

/// Nodes to count every solution at `n`, one bar per setting and one for
/// O'Keefe's program; after each bar: nodes · median time.
pub fn lab_count(ctx: &Ctx, n: usize) -> Figure {
    let rows = &ctx.data.csp_grid;
    // One colour per setting, the same as in `lab_first`.
    let mut bars: Vec<Bar> = SETTINGS
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let p = lab::at(rows, s.name, "count", n)?;
            let (nodes, t) = (p.median_nodes()?, p.time()?);
            Some(Bar {
                label: s.name.into(),
                value: nodes,
                complete: p.complete(),
                note: format!("{} · {}", human_count(nodes), human_seconds(t.median / 1e9)),
                colour: Some(style::colour(i).into()),
            })
        })
        .collect();
    if let Some(p) = ctx.count("mrv").and_then(|s| s.at(n))
        && let Some(steps) = p.steps
    {
        bars.push(Bar {
            label: "O'Keefe's mrv".into(),
            value: steps,
            complete: true,
            note: format!("{} · {}", human_count(steps), human_seconds(p.seconds())),
            colour: ctx.data.approach("mrv").map(|a| a.colour.clone()),
        });
    }
    Figure {
        chart: Chart::Bar(BarChart {
            name: "lab_count",
            title: format!("Nodes to count every solution at n = {n}, one knob at a time"),
            x_desc: "queen placements (log scale)".into(),
            x_unit: Unit::Count,
            bars,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::style::Marker;

    #[test]
    fn a_line_breaks_at_a_gap_and_keeps_one_label() {
        let l = Line {
            label: "mrv".into(),
            colour: "#000000".into(),
            marker: Marker::Circle,
            dashed: false,
            points: vec![(30.0, 1.0), (31.0, 2.0), (32.0, 3.0), (50.0, 4.0)],
            spread: vec![(50.0, 3.0, 5.0)],
            breaks: Vec::new(),
        };
        let p = pieces(l, &|a, b| b - a <= 1.0);
        assert_eq!(p.breaks, [50.0]);
        assert_eq!((p.points.len(), p.label.as_str()), (4, "mrv"));
    }
}
