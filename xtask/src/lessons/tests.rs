//! The lessons' claims, recomputed from the raw samples of the committed
//! `reports/data` by other means, and found in the lessons' text.

use super::*;
use crate::data::{Sample, Status};

/// The committed data (the report's own).
fn committed() -> Dataset {
    let dir = crate::project_root().join("reports/data");
    Dataset::load(&dir).unwrap_or_else(|e| panic!("{e}"))
}

/// Median nanos and the steps of a point, straight from the samples.
fn raw(data: &Dataset, family: Family, id: &str, n: usize) -> (f64, f64) {
    let ok: Vec<&Sample> = data
        .samples
        .iter()
        .filter(|s| s.family == family && s.approach == id && s.n == n && s.status == Status::Ok)
        .collect();
    assert!(!ok.is_empty(), "no samples for {id} at n = {n}");
    let mut nanos: Vec<u64> = ok.iter().filter_map(|s| s.nanos).collect();
    nanos.sort_unstable();
    let m = nanos.len() / 2;
    let median = if nanos.len() % 2 == 1 {
        nanos[m] as f64
    } else {
        (nanos[m - 1] + nanos[m]) as f64 / 2.0
    };
    (median, ok[0].steps.expect("steps") as f64)
}

/// The whole text of a lesson.
fn text(lesson: &Lesson) -> String {
    let mut t = vec![
        lesson.title.clone(),
        lesson.question.clone(),
        lesson.experiment.clone(),
    ];
    t.extend(lesson.figures.iter().map(|f| f.caption.clone()));
    t.extend(lesson.table.rows.iter().flatten().cloned());
    t.extend(lesson.why.iter().cloned());
    t.extend(lesson.summary.iter().cloned());
    t.join("\n")
}

fn lesson(data: &Dataset, title_starts: &str) -> Lesson {
    all(data)
        .into_iter()
        .find(|l| l.title.starts_with(title_starts))
        .unwrap_or_else(|| panic!("no lesson '{title_starts}'"))
}

#[test]
fn ordering_counts_the_same_steps_the_data_holds() {
    let data = committed();
    let o = ordering::ordering(&Ctx::new(&data)).expect("ordering data");
    let (a_ns, a) = raw(&data, Family::Count, "bitmask", o.count_n);
    let (b_ns, b) = raw(&data, Family::Count, "mrv", o.count_n);
    assert!((o.count_nodes - a / b).abs() < 1e-9);
    assert!((o.count_time - a_ns / b_ns).abs() < 1e-9);
    assert!(o.first_fewer <= o.first_shared);
    let t = text(&lesson(&data, "Variable ordering"));
    assert!(t.contains(&crate::format::times(a / b)), "{t}");
}

#[test]
fn every_lesson_is_complete_and_its_charts_are_readable() {
    let data = committed();
    let lessons = all(&data);
    // The lessons left here shrink as they become chapters of the course.
    assert!(!lessons.is_empty());
    let summaries = lessons.iter().filter(|l| l.summary.is_some()).count();
    assert!(summaries <= 8, "{summaries} summary lines");
    for l in &lessons {
        assert!(
            !l.question.is_empty() && !l.experiment.is_empty(),
            "{}",
            l.title
        );
        assert!(!l.figures.is_empty() && l.figures.len() <= 3, "{}", l.title);
        assert!(!l.table.rows.is_empty(), "{}: no table", l.title);
        assert!(!l.why.is_empty(), "{}: no why", l.title);
        for f in &l.figures {
            assert!(!f.chart.is_empty(), "{}: empty chart", f.chart.name());
            if let crate::figure::Chart::Line(c) = &f.chart {
                assert!(c.lines.len() <= crate::figure::MAX_LINES, "{}", c.name);
                // No zero or negative value on a log axis.
                for line in &c.lines {
                    assert!(
                        !c.y_log || line.points.iter().all(|p| p.1 > 0.0),
                        "{}: {} has a value ≤ 0 on a log axis",
                        c.name,
                        line.label
                    );
                }
            }
        }
    }
}

#[test]
fn constraint_lab_says_what_the_grid_counted() {
    let data = committed();
    let l = lesson(&data, "One knob at a time");
    let t = text(&l);
    let nodes = |setting: &str, n: usize| {
        data.csp_grid
            .iter()
            .find(|r| r.setting == setting && r.mode == "count" && r.n == n)
            .and_then(|r| r.steps)
    };
    // The largest n every setting counted at.
    let n = data
        .csp_grid
        .iter()
        .filter(|r| r.mode == "count")
        .map(|r| r.n)
        .filter(|&n| {
            crate::measure::csp_grid::SETTINGS.iter().all(|s| {
                data.csp_grid.iter().any(|r| {
                    r.setting == s.name && r.mode == "count" && r.n == n && r.nanos.is_some()
                })
            })
        })
        .max()
        .expect("a count every setting finished");
    let (_, bitmask) = raw(&data, Family::Count, "bitmask", n);
    let default = nodes("default", n).expect("default counted");
    // The default's claim to walk bitmask's tree is made only when it does.
    assert_eq!(
        t.contains("walks exactly `bitmask`'s tree"),
        default as f64 == bitmask,
        "{t}"
    );
    // A value order cannot change the count's tree, and the text says so
    // only when the data agrees.
    let same = ["middle-out", "lcv"]
        .iter()
        .all(|s| nodes(s, n) == Some(default));
    assert_eq!(t.contains("cannot change the tree"), same, "{t}");
    assert!(t.contains(&crate::format::human_count(default as f64)));
}
