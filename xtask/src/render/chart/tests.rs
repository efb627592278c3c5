//! Tests of the chart drawing: sizes, fonts, determinism, empty charts,
//! label nudging, axis ticks, reference lines, contrast and share tables.

use plotters::prelude::{RGBColor, WHITE};

use super::axis::{linear_ticks, padded, ticks};
use super::colour::{PROJECTED, colour_of, contrast, legible};
use super::grid::{ink_on, interval, percent, shade, share};
use super::labels::nudge;
use super::{FAMILY, draw, register_font};
use crate::figure::{
    Bar, BarChart, BoardPicture, Chart, Line, LineChart, Reference, Share, ShareGrid, ShareRow,
    Unit,
};
use crate::style::{self, Marker};

fn line_chart() -> LineChart {
    let a: Vec<(f64, f64)> = (4..=14)
        .map(|n| (n as f64, 1e-6 * 3f64.powi(n - 4)))
        .collect();
    let b: Vec<(f64, f64)> = (4..=12)
        .map(|n| (n as f64, 2e-6 * 2.5f64.powi(n - 4)))
        .collect();
    LineChart {
        references: Vec::new(),
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

fn share_grid() -> ShareGrid {
    let s = |percent, low, high| Some(Share { percent, low, high });
    ShareGrid {
        name: "shares",
        title: "Share of random starts solved".into(),
        x_desc: "n (board size)".into(),
        columns: vec![8, 16, 1000],
        rows: vec![
            ShareRow {
                label: "beam".into(),
                cells: vec![s(99.96, 99.9, 99.98), s(100.0, 99.6, 100.0), None],
            },
            ShareRow {
                label: "hill-climbing".into(),
                cells: vec![s(14.1, 13.5, 14.8), s(0.0, 0.0, 1.9), None],
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

/// Every text an SVG writes, trimmed.
fn texts(svg: &[u8]) -> Vec<String> {
    let svg = String::from_utf8_lossy(svg);
    svg.split("<text")
        .skip(1)
        .filter_map(|t| Some(t[t.find('>')? + 1..t.find("</text>")?].trim().to_string()))
        .collect()
}

/// How many times an SVG writes this text.
fn times(svg: &[u8], s: &str) -> usize {
    texts(svg).iter().filter(|t| *t == s).count()
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
        Chart::Shares(share_grid()),
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
    let mut shares = share_grid();
    shares.rows.clear();
    for chart in [
        Chart::Line(lines),
        Chart::Bar(bars),
        Chart::Shares(shares),
        Chart::Board(b),
    ] {
        let (svg, png) = drawn(&chart);
        assert!(String::from_utf8_lossy(&svg).contains("no data"));
        assert!(png_size(&png).0 >= 1600);
    }
}

#[test]
fn many_lines_are_labelled_once_each_and_get_no_legend() {
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
    // Each label once, at the line's end: direct labels, no legend box
    // to cover the lines.
    for i in 0..8 {
        assert_eq!(times(&svg, &format!("approach-{i}")), 1, "{i}");
    }
}

#[test]
fn a_reference_line_is_drawn_labelled_and_inside_the_axis() {
    let mut chart = line_chart();
    chart.name = "referenced";
    // Far above the data: the axis must reach it.
    chart.references.push(Reference {
        y: 10.0,
        label: "ideal ×2".into(),
    });
    let (svg, _) = drawn(&Chart::Line(chart.clone()));
    assert_eq!(times(&svg, "ideal ×2"), 1);
    // The axis reaches it: a tick at 10 s.
    assert_eq!(
        times(&svg, "10 s"),
        1,
        "the axis does not reach the reference"
    );
    // Without it, neither.
    chart.references.clear();
    let (bare, _) = drawn(&Chart::Line(chart));
    assert_eq!(times(&bare, "ideal ×2") + times(&bare, "10 s"), 0);
}

#[test]
fn whiskers_and_labels_read_when_projected() {
    // Every colour of the palette, and the palest greys and yellows.
    let colours = (0..style::DISTINCT)
        .map(|i| colour_of(style::colour(i)))
        .chain([RGBColor(0xDD, 0xCC, 0x77), RGBColor(250, 250, 250)]);
    for c in colours {
        let l = legible(c);
        assert!(contrast(l, WHITE) >= PROJECTED, "{c:?} → {l:?}");
    }
    // A dark colour is kept as it is.
    let blue = colour_of("#0072B2");
    assert_eq!(legible(blue), blue);
    // WCAG's published extremes: black on white 21 : 1, equal colours 1 : 1.
    assert!((contrast(RGBColor(0, 0, 0), WHITE) - 21.0).abs() < 1e-9);
    assert!((contrast(blue, blue) - 1.0).abs() < 1e-9);
    // The whiskers are drawn in the legible colour, not a pale mix.
    let (svg, _) = drawn(&Chart::Line(line_chart()));
    let svg = String::from_utf8_lossy(&svg);
    assert!(
        svg.contains("stroke=\"#0072B2\" stroke-width=\"4\""),
        "no whisker"
    );
}

#[test]
fn share_tables_write_every_share_and_read_on_every_shade() {
    let g = share_grid();
    let (svg, _) = drawn(&Chart::Shares(g.clone()));
    for s in g.rows.iter().flat_map(|r| r.cells.iter().flatten()) {
        assert!(times(&svg, &share(s)) >= 1, "{}", share(s));
        assert!(times(&svg, &interval(s)) >= 1, "{}", interval(s));
    }
    assert_eq!(times(&svg, "—"), 2, "the sizes not measured");
    for r in &g.rows {
        assert_eq!(times(&svg, &r.label), 1);
    }
    // A share short of 100 % never reads 100 %, one above 0 never 0.
    assert_eq!(percent(99.96), "99.96");
    assert_eq!(percent(100.0), "100");
    assert_eq!(percent(94.33), "94.3");
    assert_eq!(percent(0.0353), "0.04");
    assert_eq!(percent(0.0), "0");
    assert_eq!(percent(68.0), "68");
    // Its text reads on every shade, and fewer solved is darker.
    for k in 0..=100 {
        let fill = shade(f64::from(k));
        assert!(contrast(ink_on(fill), fill) >= PROJECTED, "{k} %");
    }
    assert!(contrast(shade(0.0), WHITE) > contrast(shade(90.0), WHITE));
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
