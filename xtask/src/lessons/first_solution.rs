//! Lesson: the first solution. A backtracking search stops at the first
//! solution in its order, and where that solution lies changes erratically
//! with n; a local search repairs a whole board and its cost grows smoothly.

use super::{Ctx, Lesson, Table, find, line, steps, time};
use crate::analysis::{self, Series};
use crate::data::Family;
use crate::figure::{Chart, Figure, Line, LineChart, MAX_LINES, Unit};
use crate::format::{human_seconds, ratio, size};

/// The dense part of the first-solution grid.
pub const DENSE_UP_TO: usize = 32;

/// The local searches proper (the tuned MRV and the formula have their own lesson).
pub const LOCAL: [&str; 3] = [
    "min-conflicts-random",
    "min-conflicts-most-conflicted",
    "swap-search",
];

/// The exhaustive searches with a search order of their own: of a group
/// that takes exactly the same steps, only the first is drawn, and the
/// splitting counters are left out (their first solution is the row-order
/// walk of `bitmask`, drawn once; [`splitters_note`] says how close).
fn distinct<'s, 'a>(first: &'s [Series<'a>]) -> (Vec<&'s Series<'a>>, Vec<Vec<String>>) {
    let groups = analysis::same_steps(first);
    let hidden: Vec<&String> = groups.iter().flat_map(|g| &g[1..]).collect();
    let shown = first
        .iter()
        .filter(|s| !hidden.contains(&&s.approach.id) && !s.approach.splits)
        .take(MAX_LINES)
        .collect();
    (shown, groups)
}

/// For each splitting counter: at how many of the sizes it shares with
/// `bitmask` it took the same steps to its first solution.
fn splitters_note(first: &[Series]) -> Option<String> {
    let base = first.iter().find(|s| s.approach.id == "bitmask")?;
    let parts: Vec<String> = first
        .iter()
        .filter(|s| s.approach.splits)
        .filter_map(|s| {
            let shared: Vec<bool> = s
                .points
                .iter()
                .filter_map(|p| Some(p.steps? == base.at(p.n)?.steps?))
                .collect();
            (!shared.is_empty()).then(|| {
                format!(
                    "`{}` took the same steps as `bitmask` at {} of the {} sizes both reached, and went on to n = {}",
                    s.approach.id,
                    shared.iter().filter(|&&same| same).count(),
                    shared.len(),
                    s.last().map_or(0, |p| p.n)
                )
            })
        })
        .collect();
    (!parts.is_empty()).then(|| format!(" Not drawn: {}.", parts.join("; ")))
}

/// "`id` 98 % at n = 13" for each approach: its first solution's steps over
/// its count's, at the largest n both were measured.
fn share_of_count(ctx: &Ctx, ids: &[String]) -> String {
    ids.iter()
        .filter_map(|code| {
            let id = code.trim_matches('`');
            let (first, count) = (ctx.first(id)?, ctx.count(id)?);
            let (n, share) =
                first.points.iter().rev().find_map(|p| {
                    Some((p.n, p.steps? / count.at(p.n)?.steps.filter(|&s| s > 0.0)?))
                })?;
            Some(format!(
                "{code} {} at n = {n}",
                crate::format::percent(share)
            ))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn lesson(ctx: &Ctx) -> Option<Lesson> {
    if ctx.first.is_empty() {
        return None;
    }
    let (shown, groups) = distinct(&ctx.first);
    let dense = |l: Line| Line {
        points: l
            .points
            .into_iter()
            .filter(|p| p.0 <= DENSE_UP_TO as f64)
            .collect(),
        spread: Vec::new(),
        breaks: Vec::new(),
        ..l
    };
    let mut figures = vec![Figure {
        chart: Chart::Line(LineChart {
            name: "first_exhaustive_steps",
            title: format!("Backtracking to the first solution, n ≤ {DENSE_UP_TO}"),
            x_desc: "n (board size = number of queens)".into(),
            y_desc: "steps to the first solution (log scale)".into(),
            x_log: false,
            y_log: true,
            y_unit: Unit::Count,
            lines: shown.iter().map(|s| dense(line(s, &steps))).collect(),
        }),
        caption: format!(
            "Steps each exhaustive search takes before its first solution, at every n measured up to \
             {DENSE_UP_TO}.{}{}",
            splitters_note(&ctx.first).unwrap_or_default(),
            if groups.is_empty() {
                String::new()
            } else {
                format!(
                    " Searches that take exactly the same steps at every n are drawn once: {}.",
                    groups
                        .iter()
                        .map(|g| g
                            .iter()
                            .map(|id| format!("`{id}`"))
                            .collect::<Vec<_>>()
                            .join(" = "))
                        .collect::<Vec<_>>()
                        .join("; ")
                )
            }
        ),
    }];
    let locals: Vec<&Series> = LOCAL.iter().filter_map(|id| find(&ctx.local, id)).collect();
    let mut contrast: Vec<Line> = locals.iter().map(|s| line(s, &time)).collect();
    if let Some(mrv) = ctx.first("mrv") {
        contrast.push(line(mrv, &time));
    }
    if !locals.is_empty() {
        figures.push(Figure {
            chart: Chart::Line(LineChart {
                name: "first_local_time",
                title: "Local search to a solution, against the best backtracking".into(),
                x_desc: "n (board size = number of queens, log scale)".into(),
                y_desc: "time per run (median; log scale)".into(),
                x_log: true,
                y_log: true,
                y_unit: Unit::Seconds,
                lines: contrast,
            }),
            caption: "Median time over random seeds for the local searches (whiskers: fastest and \
                      slowest random seed), median time of the timed runs for O'Keefe's least room to move. \
                      Log–log axes: a straight line is a power of n."
                .into(),
        });
    }
    let mut table = Table::new(&[
        "approach",
        "largest n",
        "time there",
        "steps there",
        "steps fell from n to n + 1",
        "largest rise",
        "why it went no further",
    ]);
    let stop = |family: Family, id: &str| {
        ctx.data
            .stops
            .iter()
            .find(|x| x.family == family && x.approach == id)
            .map_or("–".into(), |x| x.reason.clone())
    };
    for s in &ctx.first {
        let p = s.last()?;
        let irr = analysis::irregularity(&s.points, DENSE_UP_TO);
        table.row(vec![
            format!("`{}`", s.approach.id),
            size(p.n),
            human_seconds(p.seconds()),
            super::steps_cell(p),
            irr.map_or("–".into(), |(pairs, falls, _, _)| {
                format!("{falls} of {pairs}")
            }),
            irr.map_or("–".into(), |(_, _, rise, at)| {
                format!("{} (to n = {at})", ratio(rise))
            }),
            stop(Family::First, &s.approach.id),
        ]);
    }
    for s in &locals {
        let p = s.last()?;
        table.row(vec![
            format!("`{}` (median over seeds)", s.approach.id),
            size(p.n),
            human_seconds(p.seconds()),
            super::steps_cell(p),
            "–".into(),
            "–".into(),
            stop(Family::Local, &s.approach.id),
        ]);
    }
    let mut why = Vec::new();
    let erratic: Vec<(String, (usize, usize, f64, usize))> = ctx
        .first
        .iter()
        .filter_map(|s| {
            let irr =
                analysis::irregularity(&s.points, DENSE_UP_TO).filter(|i| i.0 >= 3 && i.1 > 0)?;
            Some((s.approach.id.clone(), irr))
        })
        .collect();
    if let Some((id, (pairs, falls, rise, at))) = erratic.first() {
        why.push(format!(
            "A backtracking search stops at the first solution in its own order, so its cost is the \
             part of the tree that lies before that solution, and where the first solution lies \
             changes from one n to the next. For `{id}` the steps fell at {falls} of {pairs} steps \
             from n to n + 1 and once rose {} (to n = {at}). {} of the {} exhaustive searches \
             measured behave this way.",
            ratio(*rise),
            erratic.len(),
            ctx.first.len(),
        ));
    }
    let monotone: Vec<String> = ctx
        .first
        .iter()
        .filter(|s| {
            analysis::irregularity(&s.points, DENSE_UP_TO).is_some_and(|i| i.0 >= 3 && i.1 == 0)
        })
        .map(|s| format!("`{}`", s.approach.id))
        .collect();
    if !monotone.is_empty() {
        why.push(format!(
            "{} never got cheaper from one n to the next: before their first solution can appear \
             they must build a whole part of their search (every level of partial lists but the \
             last, or candidates in a fixed order), and that part grows with n. Their first \
             solution's share of the steps of counting every solution: {}.",
            monotone.join(", "),
            share_of_count(ctx, &monotone)
        ));
    }
    if let (Some(s), Some(mrv)) = (locals.first(), ctx.first("mrv"))
        && let Some((a, b)) = super::local_search::scaling_span(s)
    {
        let e = analysis::exponent_between((a.n, a.median_ns), (b.n, b.median_ns));
        why.push(format!(
            "A local search starts from a complete board and repairs it, so it does not depend on \
             where a solution lies in any order: `{}` took {} at n = {} and {} at n = {} (time ∝ \
             n^{} between those two points, where the run's own cost, not its start-up, dominates). Least room to move, the best backtracking here, \
             reached n = {} in {}.",
            s.approach.id,
            human_seconds(a.seconds()),
            size(a.n),
            human_seconds(b.seconds()),
            size(b.n),
            e.map_or("–".into(), |e| format!("{e:.2}")),
            size(mrv.last()?.n),
            human_seconds(mrv.last()?.seconds()),
        ));
    }
    let reach = locals.iter().filter_map(|s| s.last()).max_by_key(|p| p.n);
    let summary = erratic.first().map(|(id, (pairs, falls, rise, _))| {
        format!(
            "The first solution of a backtracking search is erratic in n: `{id}`'s steps fell at {falls} of {pairs} steps from n to n + 1 and rose up to {}{}.",
            ratio(*rise),
            reach.map_or(String::new(), |p| format!(
                ", while local search found a board of {} queens in {}",
                size(p.n),
                human_seconds(p.seconds())
            ))
        )
    });
    Some(Lesson {
        title: "The first solution: backtracking against local search".into(),
        question: "How does the cost of finding one solution grow with n?".into(),
        experiment: format!(
            "Held fixed: the task, one valid board. Changed: the method. The exhaustive searches run \
             with `--first` at every n from 8 to {DENSE_UP_TO}, then 50, 100, …, until a measured run \
             exceeds the time budget or is stopped for taking far longer (no prediction: the \
             cost is erratic); the local searches run once per random seed on a 1-2-5 grid up \
             to a million queens."
        ),
        figures,
        table,
        why,
        try_it: vec![
            "queens --algo bitmask --first --json 21".into(),
            "queens --algo bitmask --first --json 22".into(),
            "queens --algo min-conflicts-random --seed 3 --json 1000000".into(),
        ],
        summary,
    })
}
