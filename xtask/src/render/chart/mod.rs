//! Drawing the charts, for slides and projectors: line charts, bar charts
//! and (in `render/board.rs`) solved boards, each written as an SVG and a PNG
//! of the same size and layout, at least 1600 px wide, with the bundled
//! DejaVu Sans font and no text smaller than 28 px (22.6 px as the SVG's
//! `font-size`, which plotters writes as the size / 1.24).
//!
//! Line charts follow Claus Wilke's advice: each line in its own colour and
//! marker, labelled directly at its right end (the labels nudged apart so
//! that they never overlap), axes that start where the data does, a light
//! grey grid and no legend. Whiskers and labels are never paler than 3 : 1
//! against white. Shares that crowd at 100 % are drawn as a shaded table
//! (`grid.rs`). Everything is a pure function of the chart: the same chart
//! gives the same bytes.

mod axis;
mod bar;
mod colour;
mod grid;
mod labels;
mod line;
mod marker;
#[cfg(test)]
mod tests;
mod text;

pub(in crate::render) use text::{line_height, text, text_width};

use std::path::Path;
use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::prelude::*;

pub(super) use self::text::{below_title, no_data, title};
use crate::figure::{BarChart, BoardPicture, Chart, LineChart, ShareGrid};
use crate::{Error, Result};

/// The bundled font (DejaVu Sans; its licence is `assets/DejaVuSans-COPYRIGHT`).
static FONT: &[u8] = include_bytes!("../../../assets/DejaVuSans.ttf");

/// The font family name the charts use.
pub(super) const FAMILY: &str = "sans-serif";

/// Width of every chart, in pixels.
pub(super) const WIDTH: i32 = 1600;
/// Space around everything, in pixels.
pub(super) const MARGIN: i32 = 28;

/// Font sizes, in plotters' units: the PNG's glyphs span the size from
/// descender to ascender; the SVG's `font-size` is the size / 1.24.
/// This one is the title's.
pub(super) const TITLE_PX: f64 = 46.0;
/// Axis descriptions.
const DESC_PX: f64 = 33.0;
/// Tick labels.
const TICK_PX: f64 = 30.0;
/// Direct labels, legend entries and bar labels.
const LABEL_PX: f64 = 30.0;
/// Notes after the bars.
const NOTE_PX: f64 = 28.0;
/// "no data".
const EMPTY_PX: f64 = 40.0;

/// Text, axes, grid: this one is the text's.
pub(super) const INK: RGBColor = RGBColor(34, 34, 34);
/// Muted text ("no data").
const MUTED: RGBColor = RGBColor(110, 110, 110);
/// The axes and their ticks.
const AXIS: RGBColor = RGBColor(90, 90, 90);
/// Grid lines at labelled ticks, and the legend box's border.
const GRID: RGBColor = RGBColor(215, 215, 215);
/// Grid lines at unlabelled ticks.
const GRID_MINOR: RGBColor = RGBColor(236, 236, 236);

/// What drawing on a backend returns.
pub(crate) type Drawn<DB> =
    std::result::Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// Registers the bundled font with plotters (idempotent).
pub fn register_font() -> Result<()> {
    static DONE: OnceLock<bool> = OnceLock::new();
    let ok = *DONE
        .get_or_init(|| plotters::style::register_font(FAMILY, FontStyle::Normal, FONT).is_ok());
    if ok {
        Ok(())
    } else {
        Err(Error(
            "the bundled font assets/DejaVuSans.ttf is not a valid font".into(),
        ))
    }
}

/// Draws a chart as `dir/<name>.svg` and `dir/<name>.png`.
pub fn draw(dir: &Path, chart: &Chart) -> Result<()> {
    register_font()?;
    match chart {
        Chart::Line(c) => write(dir, c.name, c),
        Chart::Bar(c) => write(dir, c.name, c),
        Chart::Shares(c) => write(dir, c.name, c),
        Chart::Board(b) => write(dir, &b.name, b),
    }
}

/// Something drawn the same way on both backends.
pub(in crate::render) trait Picture {
    /// Size in pixels.
    fn size(&self) -> (u32, u32);
    /// Draws it (without presenting).
    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Drawn<DB>;
}

impl Picture for LineChart {
    fn size(&self) -> (u32, u32) {
        line::LINE_SIZE
    }
    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Drawn<DB> {
        line::paint_lines(root, self)
    }
}

impl Picture for BarChart {
    fn size(&self) -> (u32, u32) {
        (WIDTH as u32, bar::bar_height(self) as u32)
    }
    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Drawn<DB> {
        bar::paint_bars(root, self)
    }
}

impl Picture for ShareGrid {
    fn size(&self) -> (u32, u32) {
        (WIDTH as u32, grid::grid_height(self) as u32)
    }
    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Drawn<DB> {
        grid::paint_grid(root, self)
    }
}

impl Picture for BoardPicture {
    fn size(&self) -> (u32, u32) {
        super::board::SIZE
    }
    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Drawn<DB> {
        super::board::draw_board(root, self)
    }
}

/// Writes the SVG, then the PNG.
pub(in crate::render) fn write(dir: &Path, name: &str, picture: &impl Picture) -> Result<()> {
    let size = picture.size();
    let svg = dir.join(format!("{name}.svg"));
    let root = SVGBackend::new(&svg, size).into_drawing_area();
    picture
        .paint(&root)
        .and_then(|()| root.present())
        .map_err(|e| fail(&svg, e.to_string()))?;
    drop(root);
    let png = dir.join(format!("{name}.png"));
    let root = BitMapBackend::new(&png, size).into_drawing_area();
    picture
        .paint(&root)
        .and_then(|()| root.present())
        .map_err(|e| fail(&png, e.to_string()))
}

/// A drawing error, naming the file.
fn fail(path: &Path, e: String) -> Error {
    Error(format!("cannot draw {}: {e}", path.display()))
}
