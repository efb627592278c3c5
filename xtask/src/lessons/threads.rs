//! Lesson: threads. The splitting counters cut their count into tasks and
//! run them on every core. The speed-up approaches the number of cores on
//! large boards; on small ones the fixed cost of starting threads shows.

use super::{Ctx, Lesson, N_AXIS, Table, at_n};
use crate::analysis::{FIT_FLOOR_NS, Series};
use crate::figure::{Chart, Figure, Line, LineChart, Unit};
use crate::format::{human_seconds, percent, ratio, size, times};

/// Speed-up of each n both runs measured: (n, one thread / every core).
pub fn speedups(one: &Series, all: &Series) -> Vec<(usize, f64)> {
    all.points
        .iter()
        .filter_map(|p| Some((p.n, one.at(p.n)?.median_ns / p.median_ns)))
        .collect()
}

pub(super) fn lesson(ctx: &Ctx) -> Option<Lesson> {
    let cores = ctx.data.meta.cores.max(1);
    let pairs: Vec<(&Series, &Series)> = ctx
        .parallel
        .iter()
        .filter_map(|p| Some((ctx.count(&p.approach.id)?, p)))
        .collect();
    if pairs.is_empty() || cores < 2 {
        return None;
    }
    let lines: Vec<Line> = pairs
        .iter()
        .map(|(one, all)| Line {
            points: speedups(one, all)
                .into_iter()
                .map(|(n, s)| (n as f64, s))
                .collect(),
            ..Line::of(all.approach)
        })
        .collect();
    let figures = vec![Figure {
        chart: Chart::Line(LineChart {
            name: "threads_speedup",
            title: format!("Speed-up on {cores} cores over one thread"),
            x_desc: N_AXIS.into(),
            y_desc: format!("one-thread time / {cores}-thread time"),
            x_log: false,
            y_log: false,
            y_unit: Unit::Ratio,
            lines,
        }),
        caption: format!(
            "The same count on one thread and on {cores}: {cores} would be perfect, 1 no gain, \
             below 1 a loss. Medians of each run's timed samples."
        ),
    }];
    let mut table = Table::new(&[
        "counter",
        "n",
        "one thread",
        &format!("{cores} threads"),
        "speed-up",
        "of the ideal",
    ]);
    // Same work on any number of threads: compare the steps where both were counted.
    let (mut shared, mut equal) = (0, 0);
    for (one, all) in &pairs {
        for p in &all.points {
            if let (Some(a), Some(b)) = (p.steps, one.at(p.n).and_then(|q| q.steps)) {
                shared += 1;
                equal += usize::from(a == b);
            }
        }
    }
    let mut why = vec![format!(
        "A splitting counter cuts its tree into tasks, the placements of its first rows, and hands \
         them to the cores one at a time. The work does not change: every count was checked \
         against OEIS A000170, and the steps on {cores} threads equalled those on one at {equal} \
         of the {shared} sizes both counted. What changes is the time: starting the threads and \
         handing out the tasks costs a fixed amount, worth paying only when the search is much \
         longer."
    )];
    let mut best: Option<(String, usize, f64)> = None;
    for (one, all) in &pairs {
        let s = speedups(one, all);
        let timed: Vec<&(usize, f64)> = s
            .iter()
            .filter(|(n, _)| one.at(*n).is_some_and(|p| p.median_ns >= FIT_FLOOR_NS))
            .collect();
        for &&(n, sp) in timed.iter().rev().take(1).chain(timed.iter().take(1)) {
            table.row(vec![
                format!("`{}`", one.approach.id),
                size(n),
                human_seconds(one.at(n)?.seconds()),
                human_seconds(all.at(n)?.seconds()),
                ratio(sp),
                percent(sp / cores as f64),
            ]);
        }
        let &(n, sp) = *timed.last()?;
        if best.as_ref().is_none_or(|b| sp > b.2) {
            best = Some((one.approach.id.clone(), n, sp));
        }
        let losses: Vec<usize> = s
            .iter()
            .filter(|(_, sp)| *sp < 1.0)
            .map(|(n, _)| *n)
            .collect();
        why.push(match losses.iter().max() {
            Some(&worst) => format!(
                "`{}` reached {} ({} of the ideal) at {}, but was slower on {cores} threads than \
                 on one at {} of its {} sizes, up to n = {worst}, where one thread took only {}.",
                one.approach.id,
                times(sp),
                percent(sp / cores as f64),
                at_n(n),
                losses.len(),
                s.len(),
                human_seconds(one.at(worst)?.seconds()),
            ),
            None => format!(
                "`{}` reached {} ({} of the ideal) at {} and was never slower than on one thread.",
                one.approach.id,
                times(sp),
                percent(sp / cores as f64),
                at_n(n),
            ),
        });
    }
    let (id, n, _) = best?;
    Some(Lesson {
        title: "Threads: the speed-up and its fixed cost".into(),
        question: format!("What do {cores} cores buy a counter, and from which n?"),
        experiment: format!(
            "Held fixed: the counter, n and the answer. Changed: one thread or {cores} (one per core)."
        ),
        figures,
        table,
        why,
        try_it: vec![
            format!("queens --algo {id} --threads 1 --json {n}"),
            format!("queens --algo {id} --threads {cores} --json {n}"),
        ],
        // The summary names five or six findings; this lesson's are in its section.
        summary: None,
    })
}
