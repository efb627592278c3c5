//! All drawing: line charts on log axes and solved boards, each written as
//! SVG and as a PNG copy, with the bundled DejaVu Sans font. One colour and
//! marker per approach, fixed by its registry position, in every chart.

use std::path::Path;

use plotters::coord::CoordTranslate;
use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, Ranged, ValueFormatter};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::{Error, Result};

/// The bundled font (DejaVu Sans; its licence is `assets/DejaVuSans-COPYRIGHT`).
static FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");

/// The font family name the charts use.
const FAMILY: &str = "sans-serif";

/// Chart size in pixels.
const SIZE: (u32, u32) = (1000, 600);

/// Width of the legend column.
const LEGEND_WIDTH: u32 = 250;

/// Registers the bundled font with plotters (idempotent).
pub fn register_font() -> Result<()> {
    plotters::style::register_font(FAMILY, FontStyle::Normal, FONT)
        .map_err(|_| Error("the bundled font assets/DejaVuSans.ttf is not a valid font".into()))
}

/// Ten colours with good contrast on white (Matplotlib's tab10, reordered).
/// How many colours there are before they repeat (with the next marker).
pub const PALETTE_LEN: usize = PALETTE.len();

const PALETTE: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(23, 190, 207),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
];

/// The colour of the approach at this registry position.
pub fn colour(index: usize) -> RGBColor {
    PALETTE[index % PALETTE.len()]
}

/// The colour as `#rrggbb` (for the report's legend).
pub fn colour_hex(index: usize) -> String {
    let RGBColor(r, g, b) = colour(index);
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The marker of the approach at this registry position (circle, square,
/// triangle, diamond), so that colour is not the only cue.
pub fn marker_name(index: usize) -> &'static str {
    ["circle", "square", "triangle", "diamond"][(index / PALETTE.len() + index) % 4]
}

/// How an axis labels its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Board sizes and counts: 8, 1 000, 10⁴.
    Count,
    /// Seconds: 1 µs, 10 ms, 1 s.
    Seconds,
    /// Bytes: 1 MB, 10 GB.
    Bytes,
    /// Nanoseconds: 1 ns, 100 ns, 1 µs.
    Nanos,
}

impl Unit {
    /// A tick label.
    pub fn label(self, v: f64) -> String {
        match self {
            Unit::Count => count_label(v),
            Unit::Seconds => crate::report::human_seconds(v),
            Unit::Bytes => crate::report::human_bytes(v),
            Unit::Nanos => crate::report::human_seconds(v / 1e9),
        }
    }
}

/// 8, 1 000, 10⁴, 10⁵, ... (powers of ten from 10⁴ as superscripts).
fn count_label(v: f64) -> String {
    let k = v.log10().round();
    if v >= 1e4 && (v / 10f64.powf(k) - 1.0).abs() < 1e-9 {
        const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
        let digits: String = (k as u32)
            .to_string()
            .chars()
            .map(|c| SUP[c as usize - '0' as usize])
            .collect();
        format!("10{digits}")
    } else {
        crate::report::group_digits(v.round() as u64)
    }
}

/// One line: an approach's medians, with the spread of its samples.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Legend text.
    pub label: String,
    /// Registry position (colour and marker).
    pub index: usize,
    /// (x, median) points.
    pub points: Vec<(f64, f64)>,
    /// (x, lowest, highest) whiskers; empty for none.
    pub spread: Vec<(f64, f64, f64)>,
    /// A second, smaller legend line (e.g. "same steps as bitmask").
    pub note: Option<String>,
}

/// A chart of lines against n, the y axis logarithmic.
#[derive(Clone, Debug, PartialEq)]
pub struct LineChart {
    /// File stem: `charts/<name>.svg` and `.png`.
    pub name: &'static str,
    /// Title above the chart.
    pub title: String,
    /// x axis description, with its unit.
    pub x_desc: String,
    /// y axis description, with its unit.
    pub y_desc: String,
    /// Whether the x axis is logarithmic too.
    pub x_log: bool,
    /// Labels of the y axis.
    pub y_unit: Unit,
    /// The lines, in registry order.
    pub lines: Vec<Line>,
}

/// Draws a line chart as `dir/<name>.svg` and `dir/<name>.png`.
pub fn line_chart(dir: &Path, chart: &LineChart) -> Result<()> {
    let svg = dir.join(format!("{}.svg", chart.name));
    let png = dir.join(format!("{}.png", chart.name));
    draw_lines(SVGBackend::new(&svg, SIZE).into_drawing_area(), chart)
        .map_err(|e| fail(&svg, e))?;
    draw_lines(BitMapBackend::new(&png, SIZE).into_drawing_area(), chart)
        .map_err(|e| fail(&png, e))?;
    Ok(())
}

/// A drawing error, naming the file.
fn fail(path: &Path, e: String) -> Error {
    Error(format!("cannot draw {}: {e}", path.display()))
}

/// The smallest and largest value on a chart.
fn bounds(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values
        .filter(|v| v.is_finite() && *v > 0.0)
        .fold(None, |acc, v| match acc {
            None => Some((v, v)),
            Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
        })
}

fn draw_lines<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    chart: &LineChart,
) -> std::result::Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(e)?;
    let root = root
        .titled(&chart.title, (FAMILY, 24).into_font().color(&BLACK))
        .map_err(e)?;
    let (plot, legend) = root.split_horizontally(SIZE.0 - LEGEND_WIDTH);
    draw_legend(&legend, &chart.lines).map_err(e)?;
    let xs = chart
        .lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.0));
    let ys = chart.lines.iter().flat_map(|l| {
        l.points
            .iter()
            .map(|p| p.1)
            .chain(l.spread.iter().flat_map(|s| [s.1, s.2]))
    });
    let (Some((x0, x1)), Some((y0, y1))) = (bounds(xs), bounds(ys)) else {
        plot.draw(&Text::new("no data", (40, 40), (FAMILY, 20).into_font()))
            .map_err(e)?;
        return root.present().map_err(e);
    };
    // Whole decades on y, so that every label is a power of ten.
    let (d0, d1) = (
        y0.log10().floor(),
        y1.log10().ceil().max(y0.log10().floor() + 1.0),
    );
    // A little room around the decades, so that both end labels are drawn.
    let y_range = (10f64.powf(d0) / 1.08..10f64.powf(d1) * 1.08).log_scale();
    let y_labels = (d1 - d0) as usize + 1;
    if chart.x_log {
        let x = (x0 / 1.3..x1 * 1.3).log_scale();
        plot_lines(&plot, chart, x, y_range, y_labels).map_err(e)?;
    } else {
        plot_lines(&plot, chart, x0 - 0.5..x1 + 0.5, y_range, y_labels).map_err(e)?;
    }
    root.present().map_err(e)
}

fn plot_lines<DB, X, Y>(
    area: &DrawingArea<DB, Shift>,
    chart: &LineChart,
    x: X,
    y: Y,
    y_labels: usize,
) -> std::result::Result<(), DrawingAreaErrorKind<DB::ErrorType>>
where
    DB: DrawingBackend,
    X: AsRangedCoord<Value = f64>,
    X::CoordDescType: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: AsRangedCoord<Value = f64>,
    Y::CoordDescType: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let mut ctx = ChartBuilder::on(area)
        .margin(12)
        .x_label_area_size(55)
        .y_label_area_size(85)
        .build_cartesian_2d(x, y)?;
    let x_fmt = |v: &f64| count_label(*v);
    let y_fmt = |v: &f64| chart.y_unit.label(*v);
    ctx.configure_mesh()
        .x_desc(chart.x_desc.as_str())
        .y_desc(chart.y_desc.as_str())
        .x_label_formatter(&x_fmt)
        .y_label_formatter(&y_fmt)
        .y_labels(y_labels)
        .x_labels(if chart.x_log { 8 } else { 14 })
        .label_style((FAMILY, 14))
        .axis_desc_style((FAMILY, 16))
        .light_line_style(RGBColor(235, 235, 235))
        .bold_line_style(RGBColor(200, 200, 200))
        .draw()?;
    for line in &chart.lines {
        let c = colour(line.index);
        ctx.draw_series(line.spread.iter().map(|&(x, lo, hi)| {
            PathElement::new(vec![(x, lo), (x, hi)], c.mix(0.55).stroke_width(2))
        }))?;
        ctx.draw_series(LineSeries::new(
            line.points.iter().copied(),
            c.stroke_width(2),
        ))?;
        for &p in &line.points {
            marker(ctx.plotting_area(), p, line.index)?;
        }
    }
    Ok(())
}

/// Draws an approach's marker centred on `at` (in the area's coordinates).
fn marker<DB: DrawingBackend, CT: CoordTranslate>(
    area: &DrawingArea<DB, CT>,
    at: CT::From,
    index: usize,
) -> std::result::Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let style = colour(index).filled();
    let at = EmptyElement::at(at);
    match marker_name(index) {
        "circle" => area.draw(&(at + Circle::new((0, 0), 5, style))),
        "square" => area.draw(&(at + Rectangle::new([(-4, -4), (4, 4)], style))),
        "triangle" => area.draw(&(at + Polygon::new(vec![(0, -6), (6, 5), (-6, 5)], style))),
        _ => area.draw(&(at + Polygon::new(vec![(0, -6), (6, 0), (0, 6), (-6, 0)], style))),
    }
}

/// The legend column: one entry per line, in registry order.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    lines: &[Line],
) -> std::result::Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let font = TextStyle::from((FAMILY, 15).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
    let small = (FAMILY, 12)
        .into_font()
        .color(&RGBColor(90, 90, 90))
        .pos(Pos::new(HPos::Left, VPos::Center));
    let mut y = 40;
    for line in lines {
        let c = colour(line.index);
        area.draw(&PathElement::new(vec![(8, y), (44, y)], c.stroke_width(2)))?;
        marker(area, (26, y), line.index)?;
        area.draw(&Text::new(line.label.clone(), (52, y), font.clone()))?;
        if let Some(note) = &line.note {
            y += 16;
            area.draw(&Text::new(note.clone(), (52, y), small.clone()))?;
        }
        y += 28;
    }
    Ok(())
}

/// One horizontal bar.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// Name at the left.
    pub label: String,
    /// Length (log scale).
    pub value: f64,
    /// Solid when true; pale when the run hit a limit.
    pub complete: bool,
    /// Text after the bar's end.
    pub note: String,
}

/// Horizontal bars on a logarithmic axis, first bar on top.
#[derive(Clone, Debug, PartialEq)]
pub struct BarChart {
    /// File stem.
    pub name: &'static str,
    /// Title.
    pub title: String,
    /// x axis description, with its unit.
    pub x_desc: String,
    /// Labels of the x axis.
    pub x_unit: Unit,
    /// The bars.
    pub bars: Vec<Bar>,
}

/// Draws a bar chart as `dir/<name>.svg` and `dir/<name>.png`.
pub fn bar_chart(dir: &Path, chart: &BarChart) -> Result<()> {
    let svg = dir.join(format!("{}.svg", chart.name));
    let png = dir.join(format!("{}.png", chart.name));
    let size = (SIZE.0, 140 + 48 * chart.bars.len() as u32);
    draw_bars(SVGBackend::new(&svg, size).into_drawing_area(), chart).map_err(|e| fail(&svg, e))?;
    draw_bars(BitMapBackend::new(&png, size).into_drawing_area(), chart)
        .map_err(|e| fail(&png, e))?;
    Ok(())
}

fn draw_bars<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    chart: &BarChart,
) -> std::result::Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(e)?;
    let area = root
        .titled(&chart.title, (FAMILY, 24).into_font().color(&BLACK))
        .map_err(e)?;
    let Some((lo, hi)) = bounds(chart.bars.iter().map(|b| b.value)) else {
        return root.present().map_err(e);
    };
    // Two decades of room on the right for the notes.
    let (d0, d1) = (lo.log10().floor(), hi.log10().ceil() + 2.0);
    let k = chart.bars.len() as f64;
    let mut ctx = ChartBuilder::on(&area)
        .margin(12)
        .x_label_area_size(55)
        .y_label_area_size(170)
        .build_cartesian_2d((10f64.powf(d0)..10f64.powf(d1)).log_scale(), 0f64..k)
        .map_err(e)?;
    let x_fmt = |v: &f64| chart.x_unit.label(*v);
    ctx.configure_mesh()
        .disable_y_mesh()
        .y_label_formatter(&|_| String::new())
        .x_desc(chart.x_desc.as_str())
        .x_label_formatter(&x_fmt)
        .x_labels((d1 - d0) as usize + 1)
        .label_style((FAMILY, 14))
        .axis_desc_style((FAMILY, 16))
        .light_line_style(RGBColor(235, 235, 235))
        .bold_line_style(RGBColor(200, 200, 200))
        .draw()
        .map_err(e)?;
    let base = 10f64.powf(d0);
    let right = TextStyle::from((FAMILY, 14).into_font()).pos(Pos::new(HPos::Right, VPos::Center));
    let left = TextStyle::from((FAMILY, 14).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
    for (i, bar) in chart.bars.iter().enumerate() {
        let (top, bottom) = (k - i as f64 - 0.2, k - i as f64 - 0.8);
        let fill = if bar.complete {
            colour(0).filled()
        } else {
            colour(0).mix(0.3).filled()
        };
        ctx.draw_series(std::iter::once(Rectangle::new(
            [(base, bottom), (bar.value, top)],
            fill,
        )))
        .map_err(e)?;
        let mid = k - i as f64 - 0.5;
        let (x, y) = ctx.backend_coord(&(base, mid));
        root.draw(&Text::new(bar.label.clone(), (x - 10, y), right.clone()))
            .map_err(e)?;
        let (x, y) = ctx.backend_coord(&(bar.value, mid));
        root.draw(&Text::new(bar.note.clone(), (x + 8, y), left.clone()))
            .map_err(e)?;
    }
    root.present().map_err(e)
}

/// Draws a solved board (1-based column per row) as `dir/<name>.svg` and `.png`.
pub fn board(dir: &Path, name: &str, title: &str, cols: &[u32]) -> Result<()> {
    let svg = dir.join(format!("{name}.svg"));
    let png = dir.join(format!("{name}.png"));
    let size = (640, 700);
    draw_board(SVGBackend::new(&svg, size).into_drawing_area(), title, cols)
        .map_err(|e| fail(&svg, e))?;
    draw_board(
        BitMapBackend::new(&png, size).into_drawing_area(),
        title,
        cols,
    )
    .map_err(|e| fail(&png, e))?;
    Ok(())
}

fn draw_board<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    title: &str,
    cols: &[u32],
) -> std::result::Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(e)?;
    let area = root
        .titled(title, (FAMILY, 20).into_font().color(&BLACK))
        .map_err(e)?;
    let n = cols.len().max(1) as i32;
    let (w, h) = area.dim_in_pixel();
    let cell = ((w.min(h) as i32 - 40) / n).max(1);
    let (ox, oy) = ((w as i32 - cell * n) / 2, (h as i32 - cell * n) / 2);
    // Wood tones for a chessboard; paler ones for large boards, so the queens stand out.
    let (light, dark) = if cell >= 24 {
        (RGBColor(240, 217, 181), RGBColor(181, 136, 99))
    } else {
        (RGBColor(250, 245, 236), RGBColor(228, 216, 198))
    };
    // The light colour once, then the dark squares (half the shapes in the SVG).
    let board = [(ox, oy), (ox + cell * n, oy + cell * n)];
    area.draw(&Rectangle::new(board, light.filled()))
        .map_err(e)?;
    for r in 0..n {
        for c in (0..n).filter(|c| (r + c) % 2 == 1) {
            let (x, y) = (ox + c * cell, oy + r * cell);
            area.draw(&Rectangle::new(
                [(x, y), (x + cell, y + cell)],
                dark.filled(),
            ))
            .map_err(e)?;
        }
    }
    area.draw(&Rectangle::new(
        [(ox, oy), (ox + cell * n, oy + cell * n)],
        BLACK.stroke_width(1),
    ))
    .map_err(e)?;
    let queen = RGBColor(20, 20, 20);
    for (r, &c) in cols.iter().enumerate() {
        let (x, y) = (ox + (c as i32 - 1) * cell, oy + r as i32 * cell);
        if cell >= 24 {
            // A crown: five points over a band.
            let s =
                |fx: f64, fy: f64| (x + (fx * cell as f64) as i32, y + (fy * cell as f64) as i32);
            let crown = vec![
                s(0.2, 0.78),
                s(0.14, 0.34),
                s(0.33, 0.55),
                s(0.4, 0.24),
                s(0.5, 0.5),
                s(0.6, 0.24),
                s(0.67, 0.55),
                s(0.86, 0.34),
                s(0.8, 0.78),
            ];
            area.draw(&Polygon::new(crown, queen.filled())).map_err(e)?;
            area.draw(&Rectangle::new([s(0.2, 0.8), s(0.8, 0.88)], queen.filled()))
                .map_err(e)?;
            for (fx, fy) in [(0.14, 0.3), (0.4, 0.2), (0.6, 0.2), (0.86, 0.3)] {
                area.draw(&Circle::new(
                    s(fx, fy),
                    (cell / 16).max(2) as u32,
                    queen.filled(),
                ))
                .map_err(e)?;
            }
        } else {
            let centre = (x + cell / 2, y + cell / 2);
            area.draw(&Circle::new(
                centre,
                (cell * 2 / 5).max(1) as u32,
                queen.filled(),
            ))
            .map_err(e)?;
        }
    }
    root.present().map_err(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_read_well() {
        assert_eq!(count_label(8.0), "8");
        assert_eq!(count_label(1000.0), "1 000");
        assert_eq!(count_label(1e6), "10⁶");
        assert_eq!(Unit::Seconds.label(1e-3), "1 ms");
        assert_eq!(Unit::Bytes.label(1e9), "1 GB");
        assert_eq!(Unit::Nanos.label(10.0), "10 ns");
    }

    #[test]
    fn colours_are_fixed_by_registry_position() {
        assert_eq!(colour_hex(0), "#1f77b4");
        assert_eq!(colour(3), colour(13));
        assert_ne!(marker_name(3), marker_name(13));
    }
}
