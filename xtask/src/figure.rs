//! What a chart shows, as plain data: the lessons build these, `render`
//! draws them. Nothing here knows plotters.

use crate::data::ApproachMeta;
use crate::format;
use crate::style::{self, Marker};

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
    /// A plain ratio: ×1, ×2.
    Ratio,
    /// Percentages given as 0..100: 5 %, 50 %.
    Percent,
}

impl Unit {
    /// A tick label.
    pub fn label(self, v: f64) -> String {
        match self {
            Unit::Count => count_label(v),
            Unit::Seconds => format::human_seconds(v),
            Unit::Bytes => format::human_bytes(v),
            Unit::Nanos => format::human_seconds(v / 1e9),
            Unit::Ratio => format::ratio(v),
            Unit::Percent => format!("{} %", format::sig3(v)),
        }
    }
}

/// 8, 1 000, 10⁴, 10⁵, ... (powers of ten from 10⁴ as superscripts).
pub fn count_label(v: f64) -> String {
    let k = v.log10().round();
    if v >= 1e4 && (v / 10f64.powf(k) - 1.0).abs() < 1e-9 {
        format!("10{}", format::superscript(k as i32))
    } else if v >= 1e7 {
        format::human_count(v)
    } else {
        format::group_digits(v.round() as u64)
    }
}

/// One line of a chart: a series of medians, with the spread of its samples.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Its label, written at the line's end and in the legend.
    pub label: String,
    /// `#RRGGBB`.
    pub colour: String,
    /// Its marker.
    pub marker: Marker,
    /// Dashed (a second series of the same approach, e.g. on every core,
    /// or a line that retraces another, so that both show).
    pub dashed: bool,
    /// (x, median) points.
    pub points: Vec<(f64, f64)>,
    /// (x, lowest, highest) whiskers; empty for none.
    pub spread: Vec<(f64, f64, f64)>,
    /// The x of each point that starts a new piece of the line: no segment
    /// is drawn to it from the point before, because sizes between the two
    /// were not measured.
    pub breaks: Vec<f64>,
}

impl Line {
    /// An approach's line, in its own colour and marker, labelled by its id.
    pub fn of(approach: &ApproachMeta) -> Line {
        Line {
            label: approach.id.clone(),
            colour: approach.colour.clone(),
            marker: approach
                .marker
                .parse()
                .unwrap_or_else(|_| style::marker(approach.index)),
            dashed: false,
            points: Vec::new(),
            spread: Vec::new(),
            breaks: Vec::new(),
        }
    }

    /// The line with a break before every point more than `step` after the
    /// one before it (`1.0` on a chart against n where every n was tried).
    pub fn broken_at_jumps(mut self, step: f64) -> Line {
        let mut xs: Vec<f64> = self.points.iter().map(|p| p.0).collect();
        xs.sort_by(f64::total_cmp);
        self.breaks = xs
            .windows(2)
            .filter(|w| w[1] - w[0] > step)
            .map(|w| w[1])
            .collect();
        self
    }
}

/// A line chart against n.
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
    /// Whether the x axis is logarithmic.
    pub x_log: bool,
    /// Whether the y axis is logarithmic.
    pub y_log: bool,
    /// Labels of the y axis.
    pub y_unit: Unit,
    /// The lines (at most [`MAX_LINES`]).
    pub lines: Vec<Line>,
    /// Values the reader compares the lines with, drawn across the chart.
    pub references: Vec<Reference>,
}

/// A horizontal line at a value a chart is read against (the ideal
/// speed-up, parity), labelled at its right end like a line.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    /// Its value on the y axis.
    pub y: f64,
    /// Its label, e.g. "ideal ×2".
    pub label: String,
}

/// The x axis of charts against the board size.
pub const N_AXIS: &str = "n (board size = number of queens)";

impl LineChart {
    /// A chart against n on a linear axis, with a logarithmic y axis.
    pub fn by_n(
        name: &'static str,
        title: impl Into<String>,
        y_desc: impl Into<String>,
        y_unit: Unit,
        lines: Vec<Line>,
    ) -> LineChart {
        LineChart {
            name,
            title: title.into(),
            x_desc: N_AXIS.into(),
            y_desc: y_desc.into(),
            x_log: false,
            y_log: true,
            y_unit,
            lines,
            references: Vec::new(),
        }
    }
}

/// The most lines a chart may carry before it stops being readable.
pub const MAX_LINES: usize = 8;

/// One horizontal bar.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// Name at the left.
    pub label: String,
    /// Length.
    pub value: f64,
    /// Solid when true; pale when the run hit a limit before finishing.
    pub complete: bool,
    /// Text after the bar's end.
    pub note: String,
    /// `#RRGGBB`, for bars that stand for different things (a setting
    /// each); `None` for bars of one kind, in the chart's one blue.
    pub colour: Option<String>,
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

/// One share with its interval, in percent (0..100).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Share {
    /// The share.
    pub percent: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// One row of a [`ShareGrid`]: a method or setting.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareRow {
    /// Its name, at the left.
    pub label: String,
    /// One cell per column; `None` where that size was not measured.
    pub cells: Vec<Option<Share>>,
}

/// Shares solved as a table drawn large: a row per method, a column per
/// n, each cell its share written out on a shade of the share unsolved,
/// its interval under it. For shares that crowd at 100 %, where lines and
/// points would hide one another.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareGrid {
    /// File stem.
    pub name: &'static str,
    /// Title.
    pub title: String,
    /// What the columns are, e.g. "n (board size)".
    pub x_desc: String,
    /// The column headings' values (board sizes).
    pub columns: Vec<usize>,
    /// The rows, first on top.
    pub rows: Vec<ShareRow>,
}

/// A solved board.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardPicture {
    /// File stem.
    pub name: String,
    /// Title.
    pub title: String,
    /// The column (1-based) of the queen in each row.
    pub cols: Vec<u32>,
}

/// Anything drawn into `charts/`.
#[derive(Clone, Debug, PartialEq)]
pub enum Chart {
    /// Lines against n.
    Line(LineChart),
    /// Horizontal bars.
    Bar(BarChart),
    /// Shares in a table.
    Shares(ShareGrid),
    /// A board.
    Board(BoardPicture),
}

impl Chart {
    /// File stem in `charts/`.
    pub fn name(&self) -> &str {
        match self {
            Chart::Line(c) => c.name,
            Chart::Bar(c) => c.name,
            Chart::Shares(c) => c.name,
            Chart::Board(b) => &b.name,
        }
    }

    /// Title (also the alt text).
    pub fn title(&self) -> &str {
        match self {
            Chart::Line(c) => &c.title,
            Chart::Bar(c) => &c.title,
            Chart::Shares(c) => &c.title,
            Chart::Board(b) => &b.title,
        }
    }

    /// Whether there is anything to draw.
    pub fn is_empty(&self) -> bool {
        match self {
            Chart::Line(c) => c.lines.iter().all(|l| l.points.is_empty()),
            Chart::Bar(c) => c.bars.is_empty(),
            Chart::Shares(c) => c.rows.iter().all(|r| r.cells.iter().all(Option::is_none)),
            Chart::Board(b) => b.cols.is_empty(),
        }
    }
}

/// A chart a chapter shows (its caption is in the chapter's template).
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// The chart.
    pub chart: Chart,
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
        assert_eq!(Unit::Ratio.label(2.0), "×2");
        assert_eq!(Unit::Percent.label(50.0), "50 %");
    }
}
