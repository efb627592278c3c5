//! Text on a chart: the bundled font at a size, measured widths, wrapped
//! lines, the title and the "no data" notice.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{Drawn, EMPTY_PX, FAMILY, MARGIN, MUTED, TITLE_PX};

/// The font at this size.
pub(in crate::render) fn font(px: f64) -> FontDesc<'static> {
    (FAMILY, px).into_font()
}

/// Width of a text in pixels (an estimate if the font is missing).
pub(in crate::render) fn text_width(px: f64, s: &str) -> i32 {
    font(px)
        .box_size(s)
        .map(|(w, _)| w as i32)
        .unwrap_or_else(|_| (s.chars().count() as f64 * px * 0.55) as i32)
}

/// Draws a text anchored at `at`.
pub(in crate::render) fn text<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    s: &str,
    at: (i32, i32),
    px: f64,
    colour: RGBColor,
    anchor: (HPos, VPos),
) -> Drawn<DB> {
    let style = TextStyle::from(font(px))
        .color(&colour)
        .pos(Pos::new(anchor.0, anchor.1));
    area.draw(&Text::new(s, at, style))
}

/// Splits a text into lines no wider than `max` pixels (at word breaks).
pub(super) fn wrap(s: &str, px: f64, max: i32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in s.split_whitespace() {
        let longer = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if !current.is_empty() && text_width(px, &longer) > max {
            lines.push(std::mem::replace(&mut current, word.to_string()));
        } else {
            current = longer;
        }
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(current);
    }
    lines
}

/// Height of one line of text at this size, with its leading.
pub(in crate::render) fn line_height(px: f64) -> i32 {
    (px * 1.15).round() as i32
}

/// The title's lines for a picture `width` wide.
fn title_lines(title: &str, width: i32) -> Vec<String> {
    wrap(title, TITLE_PX, width - 2 * MARGIN)
}

/// Where the content below the title starts.
pub(in crate::render) fn below_title(title: &str, width: i32) -> i32 {
    MARGIN + title_lines(title, width).len() as i32 * line_height(TITLE_PX) + 24
}

/// Draws the title, centred at the top (wrapped if too wide).
pub(in crate::render) fn title<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    width: i32,
) -> Drawn<DB> {
    for (i, line) in title_lines(title, width).iter().enumerate() {
        let y = MARGIN + i as i32 * line_height(TITLE_PX);
        text(
            area,
            line,
            (width / 2, y),
            TITLE_PX,
            RGBColor(0, 0, 0),
            (HPos::Center, VPos::Top),
        )?;
    }
    Ok(())
}

/// "no data", centred in the box.
pub(in crate::render) fn no_data<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (x0, y0, x1, y1): (i32, i32, i32, i32),
) -> Drawn<DB> {
    text(
        area,
        "no data",
        ((x0 + x1) / 2, (y0 + y1) / 2),
        EMPTY_PX,
        MUTED,
        (HPos::Center, VPos::Center),
    )
}
