//! Bar charts: one horizontal bar per row on a log axis starting at 1, its
//! label at the left and its note after its end; unfinished bars are pale
//! and outlined.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::axis::{Axis, extent, spaced, ticks, usable};
use super::colour::{colour_of, lighter};
use super::text::{below_title, line_height, no_data, text, text_width, title, wrap};
use super::{
    AXIS, DESC_PX, Drawn, GRID, GRID_MINOR, INK, LABEL_PX, MARGIN, NOTE_PX, TICK_PX, WIDTH,
};
use crate::figure::BarChart;

/// Okabe–Ito blue: complete bars.
const BAR: RGBColor = RGBColor(0x00, 0x72, 0xB2);

/// Height of a bar: rows of this many pixels.
const BAR_ROW: i32 = 70;

/// Height of a bar chart: the title, a row per bar, the axis.
pub(super) fn bar_height(chart: &BarChart) -> i32 {
    let x_desc = wrap(&chart.x_desc, DESC_PX, WIDTH - 4 * MARGIN).len() as i32;
    below_title(&chart.title, WIDTH)
        + BAR_ROW * chart.bars.len().max(3) as i32
        + 12
        + line_height(TICK_PX)
        + 16
        + x_desc * line_height(DESC_PX)
        + MARGIN
}

/// Draws a bar chart (without presenting).
pub(super) fn paint_bars<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &BarChart,
) -> Drawn<DB> {
    let (w, h) = (WIDTH, bar_height(chart));
    root.fill(&WHITE)?;
    title(root, &chart.title, w)?;
    let top = below_title(&chart.title, w);
    let bottom = top + BAR_ROW * chart.bars.len().max(3) as i32;
    let Some((vmin, vmax)) = extent(
        chart
            .bars
            .iter()
            .map(|b| b.value)
            .filter(|&v| usable(v, true)),
    ) else {
        return no_data(root, (MARGIN, top, w - MARGIN, bottom));
    };
    let label_w = chart
        .bars
        .iter()
        .map(|b| text_width(LABEL_PX, &b.label))
        .max()
        .unwrap_or(0)
        .min(w * 2 / 5);
    let (left, right) = (MARGIN + label_w + 16, w - MARGIN);
    let width = f64::from(right - left);
    // Bars start at 1, the origin of a log axis, so that their lengths
    // compare (below 1, at the decade under the smallest); the axis ends far
    // enough right for every note to fit after its bar.
    let lo = if vmin >= 1.0 {
        1.0
    } else {
        10f64.powf((vmin / 2.0).log10().floor())
    };
    let decades = chart
        .bars
        .iter()
        .filter(|b| usable(b.value, true))
        .map(|b| {
            let room = f64::from(text_width(NOTE_PX, &b.note) + 30) / width;
            (b.value / lo).log10() / (1.0 - room).max(0.35)
        })
        .fold((vmax / lo).log10() * 1.03, f64::max);
    let hi = lo * 10f64.powf(decades);
    let xa = Axis {
        lo,
        hi,
        log: true,
        from: left,
        to: right,
    };
    let x_ticks = ticks(lo, hi, true, ((right - left) / 130) as usize, 0.0);
    for (values, style) in [
        (&x_ticks.minor, GRID_MINOR.stroke_width(1)),
        (&x_ticks.major, GRID.stroke_width(2)),
    ] {
        for &v in values {
            let x = xa.px(v);
            root.draw(&PathElement::new(vec![(x, top), (x, bottom)], style))?;
        }
    }
    let axis = AXIS.stroke_width(2);
    root.draw(&PathElement::new(
        vec![(left, top), (left, bottom), (right, bottom)],
        axis,
    ))?;
    let labels: Vec<String> = x_ticks
        .major
        .iter()
        .map(|&v| chart.x_unit.label(v))
        .collect();
    let spans: Vec<(i32, i32)> = x_ticks
        .major
        .iter()
        .zip(&labels)
        .map(|(&v, l)| {
            (
                xa.px(v) - text_width(TICK_PX, l) / 2,
                xa.px(v) + text_width(TICK_PX, l) / 2,
            )
        })
        .collect();
    for ((&v, l), keep) in x_ticks.major.iter().zip(&labels).zip(spaced(&spans, 24)) {
        let x = xa.px(v);
        root.draw(&PathElement::new(vec![(x, bottom), (x, bottom + 8)], axis))?;
        if keep {
            text(
                root,
                l,
                (x, bottom + 12),
                TICK_PX,
                INK,
                (HPos::Center, VPos::Top),
            )?;
        }
    }
    let x_desc = wrap(&chart.x_desc, DESC_PX, w - 4 * MARGIN);
    for (i, l) in x_desc.iter().enumerate() {
        let y = h - MARGIN - (x_desc.len() - 1 - i) as i32 * line_height(DESC_PX);
        text(
            root,
            l,
            ((left + right) / 2, y),
            DESC_PX,
            INK,
            (HPos::Center, VPos::Bottom),
        )?;
    }
    for (i, bar) in chart.bars.iter().enumerate() {
        let ink = bar.colour.as_deref().map_or(BAR, colour_of);
        let pale = lighter(ink, 0.7);
        let cy = top + BAR_ROW * i as i32 + BAR_ROW / 2;
        let half = BAR_ROW * 3 / 10;
        let end = if usable(bar.value, true) {
            xa.px(bar.value).max(left + 2)
        } else {
            left
        };
        if end > left {
            let area = [(left, cy - half), (end, cy + half)];
            if bar.complete {
                root.draw(&Rectangle::new(area, ink.filled()))?;
            } else {
                root.draw(&Rectangle::new(area, pale.filled()))?;
                root.draw(&Rectangle::new(area, ink.stroke_width(2)))?;
            }
        }
        text(
            root,
            &bar.label,
            (left - 14, cy),
            LABEL_PX,
            INK,
            (HPos::Right, VPos::Center),
        )?;
        text(
            root,
            &bar.note,
            (end + 14, cy),
            NOTE_PX,
            INK,
            (HPos::Left, VPos::Center),
        )?;
    }
    Ok(())
}
