//! Lesson: two find-one approaches that are not local search. The tuned
//! least room to move still backtracks, but almost never needs to; the
//! explicit construction writes a board from a formula and searches nothing.

use super::{Ctx, Lesson, Table, find, line, time};
use crate::analysis::{self, Series};
use crate::data::Family;
use crate::figure::{Chart, Figure, LineChart, Unit};
use crate::format::{human_count, human_seconds, size};

/// The tuned search, the construction, and a local search to compare with.
const APPROACHES: [&str; 3] = ["mrv-tuned", "explicit", "min-conflicts-random"];

pub(super) fn lesson(ctx: &Ctx) -> Option<Lesson> {
    let series: Vec<&Series> = APPROACHES
        .iter()
        .filter_map(|id| find(&ctx.local, id))
        .collect();
    let (tuned, formula) = (find(&ctx.local, "mrv-tuned"), find(&ctx.local, "explicit"));
    if tuned.is_none() && formula.is_none() {
        return None;
    }
    let figures = vec![Figure {
        chart: Chart::Line(LineChart {
            name: "constructions_time",
            title: "A tuned least room to move and a formula, against local search".into(),
            x_desc: "n (board size = number of queens, log scale)".into(),
            y_desc: "time per run (median over random seeds; log scale)".into(),
            x_log: true,
            y_log: true,
            y_unit: Unit::Seconds,
            lines: series.iter().map(|s| line(s, &time)).collect(),
        }),
        caption: "Median time to one valid board over random seeds (the formula uses none: its \
                  runs differ only by noise). Log–log axes: the slope of a line is the power of n."
            .into(),
    }];
    let mut table = Table::new(&[
        "approach",
        "n",
        "steps",
        "steps per queen",
        "time",
        "time ∝ n^b from the row above",
    ]);
    for s in &series {
        let mut prev: Option<&analysis::Stat> = None;
        let last = s.last()?.n;
        let listed = |n: usize| {
            n == last
                || (n >= 100
                    && n.to_string()
                        .trim_start_matches('1')
                        .bytes()
                        .all(|b| b == b'0'))
        };
        for p in s.points.iter().filter(|p| listed(p.n)) {
            let e = prev
                .and_then(|q| analysis::exponent_between((q.n, q.median_ns), (p.n, p.median_ns)));
            table.row(vec![
                format!("`{}`", s.approach.id),
                size(p.n),
                super::steps_cell(p),
                p.steps
                    .map_or("–".into(), |v| format!("{:.2}", v / p.n as f64)),
                human_seconds(p.seconds()),
                e.map_or("–".into(), |e| format!("{e:.2}")),
            ]);
            prev = Some(p);
        }
    }
    let mut why = Vec::new();
    if let Some(t) = tuned {
        let p = t.last()?;
        let stop = ctx
            .data
            .stops
            .iter()
            .find(|x| x.family == Family::Local && x.approach == t.approach.id)
            .map_or(String::new(), |x| {
                format!(" It stopped at n = {} ({}).", size(p.n), x.reason)
            });
        why.push(format!(
            "`mrv-tuned` is O'Keefe's least room to move [O'Keefe 1984] with random tie-breaking, \
             columns tried from the middle out and restarts: still a backtracking search, not a \
             local one. With those choices it almost never backtracks: at n = {} it made {} \
             placements for {} queens. Each placement updates the remaining columns of every \
             unplaced row, so a board costs O(n²) time even without backtracking: {} at n = {}.{stop}",
            size(p.n),
            super::steps_cell(p),
            size(p.n),
            human_seconds(p.seconds()),
            size(p.n),
        ));
    }
    if let Some(f) = formula {
        let p = f.last()?;
        let a = f.points.iter().find(|q| q.n >= 1000).unwrap_or(p);
        let e = analysis::exponent_between((a.n, a.median_ns), (p.n, p.median_ns));
        why.push(format!(
            "`explicit` searches nothing: Hoffman, Loessi and Moore [Hoffman et al. 1969] gave \
             formulas that place the queens for any n ≥ 4, chosen by n mod 6 [Bernhardsson 1991]. \
             Its cost is writing the board: {} for {} queens, time ∝ n^{} from n = {} to n = {}. \
             Its steps are {}: there is no search to count.",
            human_seconds(p.seconds()),
            size(p.n),
            e.map_or("–".into(), |e| format!("{e:.2}")),
            size(a.n),
            size(p.n),
            super::steps_cell(p),
        ));
    }
    if let (Some(f), Some(t)) = (formula, tuned)
        && let Some(n) = super::largest_shared(&[f, t])
    {
        why.push(format!(
            "At n = {} the formula took {} and the tuned search {}: when a problem has a known \
             construction, no search beats writing the answer down ({} placements saved).",
            size(n),
            human_seconds(f.at(n)?.seconds()),
            human_seconds(t.at(n)?.seconds()),
            human_count(t.at(n)?.steps?),
        ));
    }
    Some(Lesson {
        title: "Not local search: a tuned least room to move, and a formula".into(),
        question: "How far do a well-ordered backtracking search and a construction get on one board?".into(),
        experiment: "Held fixed: the task, one valid board, on the same grid of n as the local \
                     searches. Changed: the method: least room to move with random ties, middle-out \
                     columns and restarts (`mrv-tuned`), or the n mod 6 construction (`explicit`); \
                     `min-conflicts-random` is drawn for comparison."
            .into(),
        figures,
        table,
        why,
        try_it: vec![
            "queens --algo mrv-tuned --json 10000".into(),
            "queens --algo explicit --json 1000000".into(),
        ],
        summary: None,
    })
}
