//! The course's charts, built from the committed data, checked for what a
//! projector needs: one unit per chart, a ratio drawn against its reference,
//! shares that are shares, every method of a study shown, and no line
//! across sizes that were not measured.

use super::test_data::committed;
use super::{Ctx, PLAN};
use crate::figure::{Chart, LineChart, Unit};

/// Every chart of every chapter.
fn charts(ctx: &Ctx) -> Vec<Chart> {
    PLAN.iter()
        .filter_map(|p| (p.build)(ctx))
        .flat_map(|c| c.figures)
        .map(|f| f.chart)
        .collect()
}

/// A line chart by name.
fn line_chart(ctx: &Ctx, name: &str) -> LineChart {
    charts(ctx)
        .into_iter()
        .find_map(|c| match c {
            Chart::Line(l) if l.name == name => Some(l),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no line chart {name}"))
}

/// The kind of step a unit counts: its first two words ("queen placements",
/// "queen moves", "iterations (a", "generations (all").
fn kind(unit: &str) -> String {
    unit.split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_chart_of_steps_counts_one_kind_of_step() {
    let data = committed();
    let ctx = Ctx::new(&data);
    let kinds: Vec<String> = data.approaches.iter().map(|a| kind(&a.step_unit)).collect();
    let mut checked = 0;
    for c in charts(&ctx) {
        let Chart::Line(c) = c else { continue };
        // An axis that names a kind of step ("queen moves (log scale)"):
        // every approach drawn counts that kind.
        let Some(axis) = kinds.iter().find(|k| c.y_desc.starts_with(k.as_str())) else {
            continue;
        };
        checked += 1;
        for l in &c.lines {
            if let Some(a) = data.approach(&l.label) {
                assert_eq!(&kind(&a.step_unit), axis, "{}: {}", c.name, l.label);
            }
        }
    }
    assert!(checked >= 2, "first_exhaustive_steps and textbook_steps");
    // The textbook's steps: queen moves, no proposals, no generations.
    let steps = line_chart(&ctx, "textbook_steps");
    assert!(!steps.lines.is_empty());
    for l in &steps.lines {
        assert!(!["annealing", "beam", "genetic"].contains(&l.label.as_str()));
    }
}

#[test]
fn a_ratio_is_drawn_against_its_reference() {
    let data = committed();
    let ctx = Ctx::new(&data);
    let ratios: Vec<LineChart> = charts(&ctx)
        .into_iter()
        .filter_map(|c| match c {
            Chart::Line(l) if l.y_unit == Unit::Ratio => Some(l),
            _ => None,
        })
        .collect();
    assert!(!ratios.is_empty());
    for c in &ratios {
        assert!(
            c.references.iter().any(|r| r.y == 1.0),
            "{}: no ×1 line",
            c.name
        );
    }
    // The speed-up: the ideal is the number of cores, drawn and named so.
    let threads = PLAN
        .iter()
        .find(|p| p.file == "11-threads")
        .and_then(|p| (p.build)(&ctx))
        .expect("threads chapter");
    let cores = threads.facts["cores"].as_f64().expect("cores");
    let speedup = line_chart(&ctx, "threads_speedup");
    let ideal = speedup.references.iter().find(|r| r.y == cores);
    assert!(
        ideal.is_some_and(|r| r.label.contains("ideal")),
        "{:?}",
        speedup.references
    );
}

#[test]
fn shares_are_shares_and_every_method_that_can_fail_is_a_row() {
    let data = committed();
    let ctx = Ctx::new(&data);
    let mut grids = 0;
    for c in charts(&ctx) {
        let Chart::Shares(g) = c else { continue };
        grids += 1;
        for r in &g.rows {
            assert_eq!(r.cells.len(), g.columns.len(), "{}: {}", g.name, r.label);
            for s in r.cells.iter().flatten() {
                // Up to rounding of the interval's ends.
                let e = 1e-9;
                assert!(
                    -e <= s.low
                        && s.low <= s.percent + e
                        && s.percent <= s.high + e
                        && s.high <= 100.0 + e,
                    "{}: {} {s:?}",
                    g.name,
                    r.label
                );
            }
        }
        if g.name == "textbook_solved" {
            // Every method the study ran, but those that restart until solved.
            let mut ran: Vec<&str> = data
                .textbook
                .iter()
                .filter(|r| r.starts > 0 && !r.approach.starts_with("random-restart"))
                .map(|r| r.approach.as_str())
                .collect();
            ran.dedup();
            let rows: Vec<&str> = g.rows.iter().map(|r| r.label.as_str()).collect();
            assert_eq!(rows, ran);
        }
    }
    assert_eq!(grids, 2, "textbook_solved and study_success");
}

#[test]
fn ordering_first_is_the_ratio_at_the_sizes_both_ran_and_no_further() {
    let data = committed();
    let ctx = Ctx::new(&data);
    let c = line_chart(&ctx, "ordering_first");
    let o = PLAN
        .iter()
        .find(|p| p.file == "03-ordering")
        .and_then(|p| (p.build)(&ctx))
        .expect("ordering chapter")
        .facts;
    let [line] = &c.lines[..] else {
        panic!("one line: {:?}", c.lines)
    };
    let shared = o["first_shared"].as_u64().unwrap() as usize;
    let fewer = o["first_fewer"].as_u64().unwrap() as usize;
    assert_eq!(line.points.len(), shared);
    assert_eq!(line.points.iter().filter(|p| p.1 > 1.0).count(), fewer);
    // No segment across a size that was not measured.
    for w in line.points.windows(2) {
        assert!(
            w[1].0 - w[0].0 <= 1.0 || line.breaks.contains(&w[1].0),
            "{w:?}"
        );
    }
}

#[test]
fn on_an_axis_of_every_n_a_line_breaks_where_sizes_were_skipped() {
    let data = committed();
    let ctx = Ctx::new(&data);
    for c in charts(&ctx) {
        let Chart::Line(c) = c else { continue };
        if c.x_log || !c.x_desc.starts_with("n ") {
            continue;
        }
        for l in &c.lines {
            for w in l.points.windows(2) {
                assert!(
                    w[1].0 - w[0].0 <= 1.0 || l.breaks.contains(&w[1].0),
                    "{}: {} joins n = {} to n = {}",
                    c.name,
                    l.label,
                    w[0].0,
                    w[1].0
                );
            }
        }
    }
}
