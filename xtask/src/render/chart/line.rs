//! Line charts: each line in its own colour and marker, whiskers for the
//! spread, reference lines to read them against, and direct labels at the
//! right end (no legend: a label beside its line is read at once).

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontTransform;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::{Axis, extent, grid, padded, spaced, ticks, usable};
use super::colour::{colour_of, legible};
use super::labels::{Slot, place};
use super::marker::{MARKER_R, marker_with_halo, polyline};
use super::text::{below_title, font, line_height, no_data, text, text_width, title, wrap};
use super::{AXIS, DESC_PX, Drawn, INK, LABEL_PX, MARGIN, TICK_PX, WIDTH};
use crate::figure::{Line, LineChart, Unit, count_label};

/// Size of a line chart, in pixels.
pub(super) const LINE_SIZE: (u32, u32) = (WIDTH as u32, 1000);
/// Line width of a line chart, in pixels.
pub(super) const LINE_WIDTH: u32 = 5;
/// Line width of a whisker, in pixels.
pub(super) const WHISKER_WIDTH: u32 = 4;
/// Half the width of a whisker's end caps, in pixels.
const CAP: i32 = 8;
/// Line width of a reference line, in pixels.
const REFERENCE_WIDTH: u32 = 3;

/// A line's drawable part: its usable points (by x) and whiskers.
struct Drawable<'a> {
    /// The line as the chart gives it.
    line: &'a Line,
    /// Its colour.
    colour: RGBColor,
    /// Its usable points, by x.
    points: Vec<(f64, f64)>,
    /// Its usable whiskers: (x, low, high).
    spread: Vec<(f64, f64, f64)>,
}

/// The lines of a chart that have a usable point, with their usable parts.
fn drawable(chart: &LineChart) -> Vec<Drawable<'_>> {
    let (xl, yl) = (chart.x_log, chart.y_log);
    chart
        .lines
        .iter()
        .map(|line| {
            let mut points: Vec<(f64, f64)> = line
                .points
                .iter()
                .copied()
                .filter(|&(x, y)| usable(x, xl) && usable(y, yl))
                .collect();
            points.sort_by(|a, b| a.0.total_cmp(&b.0));
            let spread = line
                .spread
                .iter()
                .copied()
                .filter(|&(x, lo, hi)| usable(x, xl) && usable(lo, yl) && usable(hi, yl))
                .collect();
            Drawable {
                line,
                colour: colour_of(&line.colour),
                points,
                spread,
            }
        })
        .filter(|d| !d.points.is_empty())
        .collect()
}

/// The pixel rectangle of the plot: left, top, right, bottom.
pub(super) type Frame = (i32, i32, i32, i32);

/// Draws a line chart (without presenting).
pub(super) fn paint_lines<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &LineChart,
) -> Drawn<DB> {
    let (w, h) = (LINE_SIZE.0 as i32, LINE_SIZE.1 as i32);
    root.fill(&WHITE)?;
    title(root, &chart.title, w)?;
    let top = below_title(&chart.title, w);
    let lines = drawable(chart);
    let xs = lines.iter().flat_map(|d| {
        d.points
            .iter()
            .map(|p| p.0)
            .chain(d.spread.iter().map(|s| s.0))
    });
    let references: Vec<_> = chart
        .references
        .iter()
        .filter(|r| usable(r.y, chart.y_log))
        .collect();
    let ys = lines
        .iter()
        .flat_map(|d| {
            d.points
                .iter()
                .map(|p| p.1)
                .chain(d.spread.iter().flat_map(|s| [s.1, s.2]))
        })
        .chain(references.iter().map(|r| r.y));
    let (Some(xr), Some(yr)) = (extent(xs), extent(ys)) else {
        return no_data(root, (MARGIN, top, w - MARGIN, h - MARGIN));
    };

    // Room for the direct labels on the right, the axis texts at the left and bottom.
    let label_w = lines
        .iter()
        .map(|d| d.line.label.as_str())
        .chain(references.iter().map(|r| r.label.as_str()))
        .map(|l| text_width(LABEL_PX, l))
        .max()
        .unwrap_or(0);
    let right = w - MARGIN - (MARKER_R + 18 + label_w).min(w * 2 / 5);
    let x_desc = wrap(&chart.x_desc, DESC_PX, right - MARGIN * 4);
    let bottom =
        h - MARGIN - x_desc.len() as i32 * line_height(DESC_PX) - 16 - line_height(TICK_PX) - 12;
    let y_desc = wrap(&chart.y_desc, DESC_PX, bottom - top + 40);
    let (x0, x1) = padded(xr, chart.x_log, 0.03, 1.03);
    let (y0, y1) = padded(yr, chart.y_log, 0.05, 1.04);
    let y_step = if chart.y_unit == Unit::Count {
        1.0
    } else {
        0.0
    };
    let y_ticks = ticks(y0, y1, chart.y_log, ((bottom - top) / 90) as usize, y_step);
    let y_labels: Vec<String> = y_ticks
        .major
        .iter()
        .map(|&v| chart.y_unit.label(v))
        .collect();
    let y_label_w = y_labels
        .iter()
        .map(|l| text_width(TICK_PX, l))
        .max()
        .unwrap_or(0);
    let left = MARGIN + y_desc.len() as i32 * line_height(DESC_PX) + 14 + y_label_w + 14;
    let xa = Axis {
        lo: x0,
        hi: x1,
        log: chart.x_log,
        from: left,
        to: right,
    };
    let ya = Axis {
        lo: y0,
        hi: y1,
        log: chart.y_log,
        from: bottom,
        to: top,
    };
    let x_ticks = ticks(x0, x1, chart.x_log, ((right - left) / 100) as usize, 1.0);
    let x_labels: Vec<String> = x_ticks.major.iter().map(|&v| count_label(v)).collect();
    let frame = (left, top, right, bottom);

    // Grid, axes, tick labels, axis descriptions.
    grid(root, frame, &xa, &ya, &x_ticks, &y_ticks)?;
    let x_spans: Vec<(i32, i32)> = x_ticks
        .major
        .iter()
        .zip(&x_labels)
        .map(|(&v, l)| {
            let (c, half) = (xa.px(v), text_width(TICK_PX, l) / 2);
            (c - half, c + half)
        })
        .collect();
    for ((&v, l), keep) in x_ticks
        .major
        .iter()
        .zip(&x_labels)
        .zip(spaced(&x_spans, 24))
    {
        if keep {
            let at = (xa.px(v), bottom + 14);
            text(root, l, at, TICK_PX, INK, (HPos::Center, VPos::Top))?;
        }
    }
    let y_spans: Vec<(i32, i32)> = y_ticks
        .major
        .iter()
        .map(|&v| (ya.px(v) - TICK_PX as i32 / 2, ya.px(v) + TICK_PX as i32 / 2))
        .collect();
    for ((&v, l), keep) in y_ticks
        .major
        .iter()
        .zip(&y_labels)
        .zip(spaced(&y_spans, 10))
    {
        if keep {
            let at = (left - 14, ya.px(v));
            text(root, l, at, TICK_PX, INK, (HPos::Right, VPos::Center))?;
        }
    }
    for (i, l) in x_desc.iter().enumerate() {
        let y = h - MARGIN - (x_desc.len() - 1 - i) as i32 * line_height(DESC_PX);
        let at = ((left + right) / 2, y);
        text(root, l, at, DESC_PX, INK, (HPos::Center, VPos::Bottom))?;
    }
    let rotated = TextStyle::from(font(DESC_PX).transform(FontTransform::Rotate270))
        .color(&INK)
        .pos(Pos::new(HPos::Center, VPos::Center));
    for (i, l) in y_desc.iter().enumerate() {
        let x = MARGIN + line_height(DESC_PX) / 2 + i as i32 * line_height(DESC_PX);
        root.draw(&Text::new(
            l.as_str(),
            (x, (top + bottom) / 2),
            rotated.clone(),
        ))?;
    }

    // Reference lines under everything, whiskers under the lines, lines
    // under the markers.
    for r in &references {
        let y = ya.px(r.y);
        polyline(
            root,
            vec![(left, y), (right, y)],
            AXIS.stroke_width(REFERENCE_WIDTH),
            true,
        )?;
    }
    let at = |(x, y): (f64, f64)| (xa.px(x), ya.px(y));
    for d in &lines {
        let ink = legible(d.colour).stroke_width(WHISKER_WIDTH);
        for &(x, lo, hi) in &d.spread {
            let ((px, top), (_, bottom)) = (at((x, hi)), at((x, lo)));
            root.draw(&PathElement::new(vec![(px, top), (px, bottom)], ink))?;
            for y in [top, bottom] {
                root.draw(&PathElement::new(vec![(px - CAP, y), (px + CAP, y)], ink))?;
            }
        }
    }
    for d in &lines {
        // One polyline per piece: a break starts a new one.
        let mut pieces: Vec<Vec<(i32, i32)>> = vec![Vec::new()];
        for &p in &d.points {
            if d.line.breaks.contains(&p.0) {
                pieces.push(Vec::new());
            }
            pieces.last_mut().expect("one piece").push(at(p));
        }
        for pixels in pieces.into_iter().filter(|p| p.len() > 1) {
            polyline(
                root,
                pixels,
                d.colour.stroke_width(LINE_WIDTH),
                d.line.dashed,
            )?;
        }
    }
    for d in &lines {
        for &p in &d.points {
            marker_with_halo(root, at(p), d.line.marker, d.colour)?;
        }
    }

    // Direct labels at the right end of each line and reference line.
    let gap = f64::from(line_height(LABEL_PX)) - 2.0;
    // Each label: its text, colour, the end it belongs to, where it starts.
    let labelled: Vec<(&str, RGBColor, (i32, i32), i32)> = lines
        .iter()
        .map(|d| {
            let end = at(d.points[d.points.len() - 1]);
            let start = end.0 + MARKER_R + 16;
            (d.line.label.as_str(), legible(d.colour), end, start)
        })
        .chain(references.iter().map(|r| {
            let end = (right, ya.px(r.y));
            (r.label.as_str(), AXIS, end, right + 16)
        }))
        .collect();
    let slots: Vec<Slot> = labelled
        .iter()
        .map(|&(label, _, end, x)| Slot {
            x,
            width: text_width(LABEL_PX, label),
            target: f64::from(end.1),
        })
        .collect();
    let (lo, hi) = (f64::from(top) + gap / 2.0, f64::from(bottom) - gap / 2.0);
    let ys = place(&slots, gap, lo, hi);
    for ((&(label, colour, end, x), slot), &y) in labelled.iter().zip(&slots).zip(&ys) {
        let y = y.round() as i32;
        let half = gap as i32 / 2;
        let area = [(x - 5, y - half), (x + slot.width + 5, y + half)];
        root.draw(&Rectangle::new(area, WHITE.mix(0.8).filled()))?;
        if (y - end.1).abs() > 3 {
            let leader = vec![(end.0 + MARKER_R + 3, end.1), (x - 4, y)];
            root.draw(&PathElement::new(leader, colour.stroke_width(2)))?;
        }
        text(
            root,
            label,
            (x, y),
            LABEL_PX,
            colour,
            (HPos::Left, VPos::Center),
        )?;
    }
    Ok(())
}
