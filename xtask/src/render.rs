//! `cargo xtask render`: `DIR/data` → `DIR/charts` and `DIR/REPORT.md`, a
//! pure function of the data (no clock, no hash-map order: the same data
//! gives the same bytes).

use std::fs;
use std::path::Path;

use crate::analysis::{self, Series};
use crate::charts::{self, Line, LineChart, Unit};
use crate::data::{Dataset, Family};
use crate::report::{self, Figure};
use crate::{Context, Result};

/// The folder of the charts, inside DIR.
pub const CHARTS: &str = "charts";
/// The report, inside DIR.
pub const REPORT: &str = "REPORT.md";
/// What `render` writes into DIR.
pub const OUTPUTS: [&str; 2] = [CHARTS, REPORT];

/// The largest n of the close-up on the first solution (the dense part of the grid).
pub const SMALL_N: usize = 32;

/// What a chart reads from a point: (median, lowest, highest), or nothing.
type Value<'a> = &'a dyn Fn(&analysis::Stat) -> Option<(f64, f64, f64)>;

/// One line per series: medians with the sample spread as whiskers.
fn lines(
    series: &[Series],
    value: impl Fn(&analysis::Stat) -> Option<(f64, f64, f64)>,
) -> Vec<Line> {
    series
        .iter()
        .map(|s| {
            let pts: Vec<(f64, (f64, f64, f64))> = s
                .points
                .iter()
                .filter_map(|p| Some((p.n as f64, value(p)?)))
                .collect();
            Line {
                label: s.approach.id.clone(),
                index: s.approach.index,
                points: pts.iter().map(|&(x, (m, _, _))| (x, m)).collect(),
                note: None,
                spread: pts
                    .iter()
                    .filter(|(_, (_, lo, hi))| hi > lo)
                    .map(|&(x, (_, lo, hi))| (x, lo, hi))
                    .collect(),
            }
        })
        .filter(|l| !l.points.is_empty())
        .collect()
}

/// The line charts, built from the data (charts without any line are left out).
pub fn line_charts(data: &Dataset) -> Vec<LineChart> {
    let count = analysis::series(data, Family::Count);
    let first = analysis::series(data, Family::First);
    let local = analysis::series(data, Family::Local);
    let time =
        |p: &analysis::Stat| Some((p.seconds(), p.min_ns as f64 / 1e9, p.max_ns as f64 / 1e9));
    let n_desc = "n (board size = number of queens)".to_string();
    let mut first_and_local = lines(&first, time);
    first_and_local.extend(lines(&local, time));
    let strategies = strategy_lines(data, &count, time, |p| p.steps.map(|s| (s, s, s)));
    let charts = vec![
        LineChart {
            name: "count_time",
            title: "Time to count all solutions".into(),
            x_desc: n_desc.clone(),
            y_desc: "time per run (median; log scale)".into(),
            x_log: false,
            y_unit: Unit::Seconds,
            lines: lines(&count, time),
        },
        LineChart {
            name: "count_steps",
            title: "Steps to count all solutions (each approach's own unit)".into(),
            x_desc: n_desc.clone(),
            y_desc: "steps (log scale)".into(),
            x_log: false,
            y_unit: Unit::Count,
            lines: {
                // Approaches that count the very same steps draw on top of each other: say so.
                let mut lines = lines(&count, |p| p.steps.map(|s| (s, s, s)));
                for group in analysis::same_steps(&count) {
                    for line in lines.iter_mut().filter(|l| group[1..].contains(&l.label)) {
                        line.note = Some(format!("same steps as {}", group[0]));
                    }
                }
                lines
            },
        },
        LineChart {
            name: "count_ns_per_step",
            title: "What one step costs: nanoseconds per step, counting all".into(),
            x_desc: n_desc.clone(),
            y_desc: "time per step (median time / steps; log scale)".into(),
            x_log: false,
            y_unit: Unit::Nanos,
            lines: lines(&count, |p| {
                let v = p
                    .ns_per_step()
                    .filter(|_| p.median_ns >= analysis::FIT_FLOOR_NS)?;
                Some((v, v, v))
            }),
        },
        LineChart {
            name: "count_memory",
            title: "Peak memory while counting all solutions".into(),
            x_desc: n_desc.clone(),
            y_desc: "peak resident memory of the process (log scale)".into(),
            x_log: false,
            y_unit: Unit::Bytes,
            lines: lines(&count, |p| {
                p.peak_bytes.map(|b| (b as f64, b as f64, b as f64))
            }),
        },
        LineChart {
            name: "strategies_time",
            title: "Counting strategies: less of the tree, or no tree".into(),
            x_desc: n_desc.clone(),
            y_desc: "time per run (median; log scale)".into(),
            x_log: false,
            y_unit: Unit::Seconds,
            lines: strategies.0,
        },
        LineChart {
            name: "strategies_nodes",
            title: "Counting strategies: nodes each one visits".into(),
            x_desc: n_desc.clone(),
            y_desc: "queen placements (log scale)".into(),
            x_log: false,
            y_unit: Unit::Count,
            lines: strategies.1,
        },
        LineChart {
            name: "first_time",
            title: "Time to the first solution: backtracking vs local search".into(),
            x_desc: format!("{n_desc}, log scale"),
            y_desc: "time per run (median; log scale)".into(),
            x_log: true,
            y_unit: Unit::Seconds,
            lines: first_and_local.clone(),
        },
        LineChart {
            name: "first_time_small",
            title: format!("Time to the first solution, small boards (n ≤ {SMALL_N})"),
            x_desc: n_desc.clone(),
            y_desc: "time per run (median; log scale)".into(),
            x_log: false,
            y_unit: Unit::Seconds,
            lines: first_and_local
                .into_iter()
                .map(|mut l| {
                    l.points.retain(|p| p.0 <= SMALL_N as f64);
                    l.spread.retain(|p| p.0 <= SMALL_N as f64);
                    l
                })
                .filter(|l| !l.points.is_empty())
                .collect(),
        },
        LineChart {
            name: "local_moves",
            title: "Local search: moves to a solution (spread over seeds)".into(),
            x_desc: format!("{n_desc}, log scale"),
            y_desc: "moves (median over seeds; log scale)".into(),
            x_log: true,
            y_unit: Unit::Count,
            lines: lines(&local, |p| {
                Some((p.steps?, p.steps_min? as f64, p.steps_max? as f64))
            }),
        },
    ];
    charts.into_iter().filter(|c| !c.lines.is_empty()).collect()
}

/// The counters compared in the strategies charts: the faithful one and the
/// two that use the board's symmetry.
pub const STRATEGIES: [&str; 3] = ["bitmask", "bitmask-mirror", "bitmask-symmetric"];

/// Counters that join partial boards instead of walking a tree: on the
/// strategies time chart, not on the nodes chart (their steps are not
/// nodes), and not measured for a first solution (they have none to find
/// early).
pub const JOINS: [&str; 1] = ["half-join"];

/// Lines of the strategies charts, (time, nodes): each counter's one-thread
/// count and, for those that split their work, its count on every core
/// (same colour, next marker).
fn strategy_lines(
    data: &Dataset,
    count: &[Series],
    time: impl Fn(&analysis::Stat) -> Option<(f64, f64, f64)> + Copy,
    nodes: impl Fn(&analysis::Stat) -> Option<(f64, f64, f64)> + Copy,
) -> (Vec<Line>, Vec<Line>) {
    let parallel = analysis::series(data, Family::Parallel);
    let pick = |series: &[Series], value: Value, joins: bool| {
        lines(series, value)
            .into_iter()
            .filter(|l| {
                let id = l.label.as_str();
                STRATEGIES.contains(&id) || (joins && JOINS.contains(&id))
            })
            .collect::<Vec<Line>>()
    };
    let label_one = |mut l: Line| {
        if parallel.iter().any(|p| p.approach.id == l.label) {
            l.label = format!("{}, 1 thread", l.label);
        }
        l
    };
    let label_all = |mut l: Line| {
        l.label = format!("{}, {} threads", l.label, data.meta.cores);
        l.index += charts::PALETTE_LEN;
        l
    };
    let mut time_lines: Vec<Line> = pick(count, &time, true)
        .into_iter()
        .map(label_one)
        .collect();
    time_lines.extend(pick(&parallel, &time, true).into_iter().map(label_all));
    let node_lines = pick(count, &nodes, false)
        .into_iter()
        .map(label_one)
        .collect();
    (time_lines, node_lines)
}

/// The block-sums order comparison: steps per strategy (None without data).
pub fn block_sums_chart(data: &Dataset) -> Option<charts::BarChart> {
    let summaries = crate::block_sums::summarise(&data.block_sums);
    if summaries.is_empty() {
        return None;
    }
    let bars = summaries
        .iter()
        .map(|s| charts::Bar {
            label: s.strategy.clone(),
            value: s.steps,
            complete: s.finished,
            note: if s.finished {
                format!(
                    "{} · {} · {} matrices",
                    report::human_count(s.steps),
                    report::human_seconds(s.nanos.0 / 1e9),
                    s.solutions
                )
            } else {
                format!(
                    "unfinished at the budget of {} steps · {}",
                    report::human_count(s.budget as f64),
                    report::human_seconds(s.nanos.0 / 1e9)
                )
            },
        })
        .collect();
    Some(charts::BarChart {
        name: "block_sums_orders",
        title: "Block sums (seed 000 Part II): steps per search strategy".into(),
        x_desc: "steps (numbers tried for a cell; log scale)".into(),
        x_unit: Unit::Count,
        bars,
    })
}

/// Renders `data` into `out` (charts/ and REPORT.md).
pub fn render(data: &Dataset, out: &Path) -> Result<()> {
    charts::register_font()?;
    let dir = out.join(CHARTS);
    fs::create_dir_all(&dir).context(|| format!("cannot create {}", dir.display()))?;
    let line_charts = line_charts(data);
    for chart in &line_charts {
        charts::line_chart(&dir, chart)?;
    }
    let mut figures: Vec<Figure> = line_charts
        .iter()
        .map(|c| Figure {
            chart: Some(c),
            name: c.name.to_string(),
            alt: c.title.clone(),
        })
        .collect();
    for b in &data.boards {
        let size = b.cols.len();
        let name = format!("board_{size}");
        let listing = if size <= 12 {
            let cols: Vec<String> = b.cols.iter().map(u32::to_string).collect();
            format!(": ({})", cols.join(", "))
        } else {
            String::new()
        };
        let title = format!("A solution for n = {size} ({}){listing}", b.approach);
        charts::board(&dir, &name, &title, &b.cols)?;
        figures.push(Figure {
            chart: None,
            name,
            alt: format!("A solved {size}×{size} board"),
        });
    }
    if let Some(chart) = block_sums_chart(data) {
        charts::bar_chart(&dir, &chart)?;
        figures.push(Figure {
            chart: None,
            name: chart.name.to_string(),
            alt: chart.title.clone(),
        });
    }
    let md = report::markdown(data, &figures);
    let path = out.join(REPORT);
    fs::write(&path, md).context(|| format!("cannot write {}", path.display()))
}

/// Every file under `dir`, relative path → bytes, sorted (for comparisons).
pub fn snapshot(dir: &Path) -> Result<std::collections::BTreeMap<String, Vec<u8>>> {
    let mut out = std::collections::BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).context(|| format!("cannot read {}", d.display()))? {
            let path = e.context(|| format!("cannot read {}", d.display()))?.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path
                    .strip_prefix(dir)
                    .expect("inside")
                    .to_string_lossy()
                    .replace('\\', "/");
                out.insert(
                    rel,
                    fs::read(&path).context(|| format!("cannot read {}", path.display()))?,
                );
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::tests::sample_dataset;

    #[test]
    fn rendering_twice_gives_the_same_bytes() {
        let data = sample_dataset();
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        render(&data, a.path()).unwrap();
        render(&data, b.path()).unwrap();
        let (sa, sb) = (snapshot(a.path()).unwrap(), snapshot(b.path()).unwrap());
        assert_eq!(sa.keys().collect::<Vec<_>>(), sb.keys().collect::<Vec<_>>());
        assert!(sa == sb, "render is not deterministic");
        for name in [
            "REPORT.md",
            "charts/count_time.svg",
            "charts/count_time.png",
            "charts/first_time.svg",
            "charts/local_moves.png",
            "charts/board_8.svg",
        ] {
            assert!(sa.contains_key(name), "{name} missing: {:?}", sa.keys());
        }
    }

    #[test]
    fn the_report_states_computed_findings() {
        let data = sample_dataset();
        let dir = tempfile::tempdir().unwrap();
        render(&data, dir.path()).unwrap();
        let md = fs::read_to_string(dir.path().join(REPORT)).unwrap();
        assert!(md.starts_with(report::GENERATED), "{}", &md[..80]);
        assert!(md.contains("`fast` takes ×4"), "growth per queen missing");
        assert!(
            md.contains("`slow` ×3 as long (n = 8)"),
            "speed ratio missing"
        );
        assert!(md.contains("![Time to count all solutions](charts/count_time.svg)"));
        assert!(md.contains("cargo xtask report"));
        assert!(md.contains("time budget: n = 9"), "stop reasons missing");
    }
}
