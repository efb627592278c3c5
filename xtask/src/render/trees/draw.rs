//! What the tree pictures share: the bundled font at a size, text, the
//! title block, and writing one picture as an SVG and a PNG of the same
//! size and layout.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use crate::render::chart::Drawn;
pub(super) use crate::render::chart::{Picture as Paint, line_height, text, text_width, write};

/// Space around everything, in pixels.
pub(super) const MARGIN: i32 = 28;
/// The narrowest picture, in pixels.
pub(super) const MIN_WIDTH: i32 = 1600;
/// Font sizes, in plotters' units (the PNG's glyphs span the size; the
/// SVG's `font-size` is the size / 1.24, so 28 is 22.6 px there): the title's.
pub(super) const TITLE_PX: f64 = 46.0;
/// Panel labels.
pub(super) const LABEL_PX: f64 = 30.0;
/// The legend, the numbers in the squares and under the boxes: the smallest text.
pub(super) const TEXT_PX: f64 = 28.0;

/// Text, borders, queens.
pub(super) const INK: RGBColor = RGBColor(34, 34, 34);
/// The legend.
pub(super) const MUTED: RGBColor = RGBColor(90, 90, 90);
/// Okabe–Ito blue: the row searched next.
pub(super) const BLUE: RGBColor = RGBColor(0, 114, 178);
/// Okabe–Ito vermillion: dead ends, solutions among dots.
pub(super) const VERMILLION: RGBColor = RGBColor(213, 94, 0);
/// Okabe–Ito bluish green: solutions.
pub(super) const GREEN: RGBColor = RGBColor(0, 158, 115);

/// Splits a text into lines no wider than `max` pixels (at word breaks).
fn wrap(s: &str, px: f64, max: i32) -> Vec<String> {
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
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// A title over a legend, left-aligned (wide pictures are read from the left).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Heading {
    /// The title's lines.
    title: Vec<String>,
    /// The legend's lines.
    legend: Vec<String>,
}

impl Heading {
    /// The heading of a picture `width` wide.
    pub(super) fn new(title: &str, legend: &str, width: i32) -> Heading {
        let max = width.min(2400) - 2 * MARGIN;
        Heading {
            title: wrap(title, TITLE_PX, max),
            legend: wrap(legend, TEXT_PX, max),
        }
    }

    /// Where the content below it starts.
    pub(super) fn bottom(&self) -> i32 {
        MARGIN
            + self.title.len() as i32 * line_height(TITLE_PX)
            + 10
            + self.legend.len() as i32 * line_height(TEXT_PX)
            + 36
    }

    /// Draws it.
    pub(super) fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Drawn<DB> {
        let left = (HPos::Left, VPos::Top);
        let mut y = MARGIN;
        for line in &self.title {
            text(area, line, (MARGIN, y), TITLE_PX, RGBColor(0, 0, 0), left)?;
            y += line_height(TITLE_PX);
        }
        y += 10;
        for line in &self.legend {
            text(area, line, (MARGIN, y), TEXT_PX, MUTED, left)?;
            y += line_height(TEXT_PX);
        }
        Ok(())
    }
}
