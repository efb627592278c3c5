//! Tests of the chart drawing: sizes, fonts, determinism, empty charts,
//! label nudging and axis ticks.

use super::axis::{linear_ticks, padded, ticks};
use super::labels::nudge;
use super::{FAMILY, draw, register_font};
use crate::figure::{Bar, BarChart, BoardPicture, Chart, Line, LineChart, Unit};
use crate::style::{self, Marker};

fn line_chart() -> LineChart {
    let a: Vec<(f64, f64)> = (4..=14)
        .map(|n| (n as f64, 1e-6 * 3f64.powi(n - 4)))
        .collect();
    let b: Vec<(f64, f64)> = (4..=12)
        .map(|n| (n as f64, 2e-6 * 2.5f64.powi(n - 4)))
        .collect();
    LineChart {
        name: "lines",
        title: "Time to count all solutions".into(),
        x_desc: "n (board size = number of queens)".into(),
        y_desc: "time per run (median; log scale)".into(),
        x_log: false,
        y_log: true,
        y_unit: Unit::Seconds,
        lines: vec![
            Line {
                label: "bitmask".into(),
                colour: "#0072B2".into(),
                marker: Marker::Circle,
                dashed: false,
                spread: a.iter().map(|&(x, y)| (x, y * 0.8, y * 1.3)).collect(),
                points: a,
                breaks: vec![3.0],
            },
            Line {
                label: "bitmask (every core)".into(),
                colour: "#E69F00".into(),
                marker: Marker::Square,
                dashed: true,
                points: b,
                spread: Vec::new(),
                breaks: Vec::new(),
            },
        ],
    }
}

fn bar_chart() -> BarChart {
    BarChart {
        name: "bars",
        title: "Block sums: orders compared".into(),
        x_desc: "time (log scale)".into(),
        x_unit: Unit::Seconds,
        bars: vec![
            Bar {
                label: "rows first".into(),
                value: 2e-3,
                complete: true,
                note: "2 ms".into(),
                colour: None,
            },
            Bar {
                label: "columns first".into(),
                value: 40.0,
                complete: false,
                note: "stopped after 40 s".into(),
                colour: Some("#D55E00".into()),
            },
        ],
    }
}

fn board() -> BoardPicture {
    BoardPicture {
        name: "board_8".into(),
        title: "A solution for n = 8 (bitmask): (1, 5, 8, 6, 3, 7, 2, 4)".into(),
        cols: vec![1, 5, 8, 6, 3, 7, 2, 4],
    }
}

/// The bytes of `<name>.svg` and `<name>.png` after drawing into a fresh folder.
fn drawn(chart: &Chart) -> (Vec<u8>, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    draw(dir.path(), chart).unwrap();
    let read =
        |ext: &str| std::fs::read(dir.path().join(format!("{}.{ext}", chart.name()))).unwrap();
    (read("svg"), read("png"))
}

/// Width and height from the PNG header.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[1..4], b"PNG");
    let be = |r: std::ops::Range<usize>| u32::from_be_bytes(png[r].try_into().unwrap());
    (be(16..20), be(20..24))
}

/// Every `font-size` in an SVG (plotters writes plotters' size / 1.24).
fn font_sizes(svg: &[u8]) -> Vec<f64> {
    let svg = String::from_utf8_lossy(svg);
    svg.split("font-size=\"")
        .skip(1)
        .map(|s| s[..s.find('"').unwrap()].parse().unwrap())
        .collect()
}

#[test]
fn charts_are_written_large_and_deterministically() {
    let charts = [
        Chart::Line(line_chart()),
        Chart::Bar(bar_chart()),
        Chart::Board(board()),
    ];
    for chart in &charts {
        let (svg, png) = drawn(chart);
        assert!(!svg.is_empty() && !png.is_empty(), "{}", chart.name());
        let (w, h) = png_size(&png);
        assert!(w >= 1600, "{} is {w} px wide", chart.name());
        assert!(h >= 400, "{} is {h} px high", chart.name());
        let sizes = font_sizes(&svg);
        assert!(!sizes.is_empty());
        assert!(
            sizes.iter().all(|&s| s >= 22.0),
            "{}: {sizes:?}",
            chart.name()
        );
        assert!(svg.windows(7).any(|w| w == b"<svg wi"), "{}", chart.name());
        assert_eq!(drawn(chart), (svg, png), "{} differs", chart.name());
    }
}

#[test]
fn empty_charts_say_no_data() {
    let mut lines = line_chart();
    lines.lines.iter_mut().for_each(|l| l.points.clear());
    let mut bars = bar_chart();
    bars.bars.clear();
    let mut b = board();
    b.cols.clear();
    for chart in [Chart::Line(lines), Chart::Bar(bars), Chart::Board(b)] {
        let (svg, png) = drawn(&chart);
        assert!(String::from_utf8_lossy(&svg).contains("no data"));
        assert!(png_size(&png).0 >= 1600);
    }
}

#[test]
fn many_lines_get_a_legend_and_labels_stay_apart() {
    let mut chart = line_chart();
    let base = chart.lines[0].clone();
    chart.lines = (0..8)
        .map(|i| Line {
            label: format!("approach-{i}"),
            colour: style::colour(i).to_string(),
            marker: style::marker(i),
            dashed: i % 3 == 2,
            // Nearly the same last point: the labels must be nudged.
            points: base
                .points
                .iter()
                .map(|&(x, y)| (x, y * (1.0 + 0.01 * i as f64)))
                .collect(),
            spread: Vec::new(),
            breaks: Vec::new(),
        })
        .collect();
    let (svg, png) = drawn(&Chart::Line(chart));
    assert!(png_size(&png).0 >= 1600);
    // Each label twice: at the line's end and in the legend box.
    let svg = String::from_utf8_lossy(&svg);
    assert_eq!(svg.matches("approach-3").count(), 2);
}

#[test]
fn nudged_labels_keep_their_gap_and_order() {
    let gap = 30.0;
    let cases: [&[f64]; 5] = [
        &[100.0, 101.0, 102.0, 300.0, 299.5, 50.0],
        &[500.0; 6],
        &[0.0, 10.0, 20.0, 990.0, 995.0, 1000.0],
        &[400.0, 200.0, 410.0, 205.0, 420.0, 800.0, 790.0],
        &[],
    ];
    for targets in cases {
        let ys = nudge(targets, gap, 15.0, 985.0);
        assert_eq!(ys.len(), targets.len());
        let mut sorted = ys.clone();
        sorted.sort_by(f64::total_cmp);
        for w in sorted.windows(2) {
            assert!(w[1] - w[0] >= gap - 1e-9, "{targets:?} → {ys:?}");
        }
        for (i, j) in (0..targets.len()).flat_map(|i| (0..targets.len()).map(move |j| (i, j))) {
            if targets[i] < targets[j] {
                assert!(ys[i] <= ys[j], "order lost: {targets:?} → {ys:?}");
            }
        }
        assert!(ys.iter().all(|&y| (15.0..=985.0).contains(&y)), "{ys:?}");
    }
    // Labels far apart stay where they are; a pair in conflict moves symmetrically.
    assert_eq!(nudge(&[100.0, 500.0], gap, 0.0, 1000.0), vec![100.0, 500.0]);
    assert_eq!(nudge(&[500.0, 510.0], gap, 0.0, 1000.0), vec![490.0, 520.0]);
    // More labels than fit: the gap wins over the bounds.
    let ys = nudge(&[50.0; 5], gap, 0.0, 60.0);
    assert!(ys.windows(2).all(|w| w[1] - w[0] >= gap - 1e-9), "{ys:?}");
}

#[test]
fn log_axes_fit_the_data_and_always_have_a_label() {
    // Many decades: the axis is not rounded out to whole decades.
    let (lo, hi) = padded((3e-6, 2.0), true, 0.05, 1.04);
    assert!(lo > 1e-6 && hi < 10.0, "{lo} {hi}");
    let t = ticks(lo, hi, true, 8, 0.0);
    assert!(t.major.len() >= 3 && t.major.iter().all(|v| (lo..=hi).contains(v)));
    // Less than a decade: still labelled ticks inside the range.
    for (a, b) in [(2.5e-3, 4.5e-3), (3.1, 3.9), (0.12, 0.9), (7.0, 13.0)] {
        let (lo, hi) = padded((a, b), true, 0.05, 1.04);
        let t = ticks(lo, hi, true, 8, 0.0);
        assert!(!t.major.is_empty(), "{a}..{b}");
        assert!(
            t.major.iter().all(|v| (lo..=hi).contains(v)),
            "{a}..{b}: {t:?}"
        );
    }
    // Two decades with too many 1-2-5 ticks: the decades.
    assert_eq!(ticks(1.1, 900.0, true, 4, 0.0).major, vec![10.0, 100.0]);
    assert_eq!(
        ticks(8.0, 120.0, true, 8, 0.0).major,
        vec![10.0, 20.0, 50.0, 100.0]
    );
    // Linear counts step by whole numbers.
    assert_eq!(
        linear_ticks(3.7, 8.3, 20, 1.0),
        vec![4.0, 5.0, 6.0, 7.0, 8.0]
    );
}

#[test]
fn the_font_registers_twice_and_draws_the_text() {
    register_font().unwrap();
    register_font().unwrap();
    let (svg, png) = drawn(&Chart::Board(board()));
    let svg = String::from_utf8(svg).unwrap();
    assert!(svg.contains(&format!("font-family=\"{FAMILY}\"")), "{svg}");
    assert!(svg.contains(&board().title), "{svg}");
    // The PNG is drawn with the registered font: without the title the
    // picture is another one.
    let untitled = BoardPicture {
        title: String::new(),
        ..board()
    };
    let (bare_svg, bare_png) = drawn(&Chart::Board(untitled));
    assert!(!String::from_utf8(bare_svg).unwrap().contains("A solution"));
    assert_ne!(png, bare_png, "the title left no pixel");
}
