//! Shares as a shaded table: a row per method, a column per n, each cell
//! its share in large text on a shade of the share unsolved, the 95 %
//! interval under it; a size not measured is a dash on white.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::colour::contrast;
use super::text::{below_title, line_height, no_data, text, text_width, title, wrap};
use super::{DESC_PX, Drawn, GRID, INK, LABEL_PX, MARGIN, MUTED, NOTE_PX, WIDTH};
use crate::figure::{Share, ShareGrid};
use crate::format::group_digits;

/// Height of a row of cells, in pixels.
const ROW: i32 = 92;
/// The share, in a cell.
const SHARE_PX: f64 = 34.0;
/// The unsolved end of the shade: Okabe–Ito vermillion.
const UNSOLVED: RGBColor = RGBColor(0xD5, 0x5E, 0x00);
/// The solved end of the shade: a light grey, so a cell shows on white.
const SOLVED: RGBColor = RGBColor(0xF2, 0xF2, 0xF2);

/// What a cell says under the share: its interval.
pub(super) fn interval(s: &Share) -> String {
    format!("{}–{}", percent(s.low), percent(s.high))
}

/// The share as written in a cell.
pub(super) fn share(s: &Share) -> String {
    format!("{} %", percent(s.percent))
}

/// A percentage with one decimal, more where rounding would make one short
/// of 100 read as 100, or one above 0 read as 0; no trailing zeros.
pub(super) fn percent(p: f64) -> String {
    let fits = |t: &String| {
        let v: f64 = t.parse().unwrap_or(p);
        let to_100 = p < 100.0 && v >= 100.0;
        let to_0 = p > 0.0 && v <= 0.0;
        !(to_100 || to_0)
    };
    let text = (1..=4)
        .map(|d| format!("{p:.d$}"))
        .find(fits)
        .unwrap_or_else(|| format!("{p:.4}"));
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The note under the table.
const KEY: &str =
    "Darker: more runs unsolved. Under each share, its 95 % interval; — not measured.";

/// The fill of a cell: light when all runs were solved, vermillion when
/// none were (by the square root of the share unsolved, so that a few
/// failures already show).
pub(super) fn shade(percent: f64) -> RGBColor {
    let t = (1.0 - percent / 100.0).clamp(0.0, 1.0).sqrt();
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
    RGBColor(
        mix(SOLVED.0, UNSOLVED.0),
        mix(SOLVED.1, UNSOLVED.1),
        mix(SOLVED.2, UNSOLVED.2),
    )
}

/// The ink on a fill: dark text, or white where dark text would not read.
pub(super) fn ink_on(fill: RGBColor) -> RGBColor {
    if contrast(INK, fill) >= contrast(WHITE, fill) {
        INK
    } else {
        WHITE
    }
}

/// Height of the picture: title, heading row, a row per method, the key.
pub(super) fn grid_height(chart: &ShareGrid) -> i32 {
    below_title(&chart.title, WIDTH)
        + ROW
        + ROW * chart.rows.len().max(1) as i32
        + 20
        + key_lines().len() as i32 * line_height(NOTE_PX)
        + MARGIN
}

/// The key, wrapped to the picture's width.
fn key_lines() -> Vec<String> {
    wrap(KEY, NOTE_PX, WIDTH - 2 * MARGIN)
}

/// Draws the table (without presenting).
pub(super) fn paint_grid<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &ShareGrid,
) -> Drawn<DB> {
    let (w, h) = (WIDTH, grid_height(chart));
    root.fill(&WHITE)?;
    title(root, &chart.title, w)?;
    let top = below_title(&chart.title, w);
    if chart.rows.is_empty() || chart.columns.is_empty() {
        return no_data(root, (MARGIN, top, w - MARGIN, h - MARGIN));
    }
    let label_w = chart
        .rows
        .iter()
        .map(|r| text_width(LABEL_PX, &r.label))
        .chain([text_width(DESC_PX, &chart.x_desc)])
        .max()
        .unwrap_or(0);
    let left = MARGIN + label_w + 20;
    let cell_w = (w - MARGIN - left) / chart.columns.len() as i32;
    let centre = |j: usize| left + cell_w * j as i32 + cell_w / 2;
    // The heading: what the columns are, then each n.
    let head = top + ROW / 2;
    text(
        root,
        &chart.x_desc,
        (MARGIN, head),
        DESC_PX,
        INK,
        (HPos::Left, VPos::Center),
    )?;
    for (j, &n) in chart.columns.iter().enumerate() {
        let at = (centre(j), head);
        let s = group_digits(n as u64);
        text(root, &s, at, DESC_PX, INK, (HPos::Center, VPos::Center))?;
    }
    for (i, row) in chart.rows.iter().enumerate() {
        let y0 = top + ROW * (i as i32 + 1);
        let mid = y0 + ROW / 2;
        text(
            root,
            &row.label,
            (MARGIN, mid),
            LABEL_PX,
            INK,
            (HPos::Left, VPos::Center),
        )?;
        for (j, cell) in row.cells.iter().enumerate().take(chart.columns.len()) {
            let x0 = left + cell_w * j as i32;
            let area = [(x0 + 3, y0 + 3), (x0 + cell_w - 3, y0 + ROW - 3)];
            let Some(s) = cell else {
                root.draw(&Rectangle::new(area, GRID.stroke_width(2)))?;
                let at = (centre(j), mid);
                text(root, "—", at, SHARE_PX, MUTED, (HPos::Center, VPos::Center))?;
                continue;
            };
            let fill = shade(s.percent);
            root.draw(&Rectangle::new(area, fill.filled()))?;
            let ink = ink_on(fill);
            let upper = (centre(j), y0 + ROW * 2 / 5);
            text(
                root,
                &share(s),
                upper,
                SHARE_PX,
                ink,
                (HPos::Center, VPos::Center),
            )?;
            let lower = (centre(j), y0 + ROW * 4 / 5);
            text(
                root,
                &interval(s),
                lower,
                NOTE_PX,
                ink,
                (HPos::Center, VPos::Center),
            )?;
        }
    }
    let key_top = top + ROW * (chart.rows.len() as i32 + 1) + 20;
    for (i, l) in key_lines().iter().enumerate() {
        let at = (MARGIN, key_top + i as i32 * line_height(NOTE_PX));
        text(root, l, at, NOTE_PX, INK, (HPos::Left, VPos::Top))?;
    }
    Ok(())
}
