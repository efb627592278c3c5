//! Lesson: constraint order in a second backtracking problem (Aiello's
//! Part II): the 4×4 matrices of 0..15 whose 2×2 blocks all sum to 30.
//! When each check runs, and in which order the cells are filled, decide
//! how many numbers are tried; the symmetry rules decide which problem is
//! solved at all.

use super::{Ctx, Lesson, Table};
use crate::analysis::block_sums::{Summary, summarise};
use crate::figure::{Bar, BarChart, Chart, Figure, Unit};
use crate::format::{group_digits, human_count, human_seconds, ratio, times};

/// Each strategy of `block-sums --compare-orders`, in one line.
const STRATEGIES: [(&str, &str); 8] = [
    (
        "seed-order",
        "the source's cell order (each 2×2 block completed as soon as possible), every check as soon as its cells are filled",
    ),
    (
        "seed-clauses",
        "the source's cell order, each check where the Visual Prolog clause has it (after a group of cells)",
    ),
    (
        "row-major",
        "cells row by row, every check as soon as its cells are filled",
    ),
    (
        "deferred-distinct",
        "the source's order, \"all numbers different\" checked only on the complete matrix",
    ),
    (
        "deferred-sums",
        "the source's order, distinctness as filled, block sums only on the complete matrix",
    ),
    (
        "generate-and-test",
        "every check only on the complete matrix",
    ),
    (
        "corner-zero-only",
        "`seed-order` keeping only the symmetry rule a[0][0] = 0",
    ),
    ("no-symmetry", "`seed-order` without any symmetry rule"),
];

/// One line saying what a strategy does.
fn what(strategy: &str) -> &'static str {
    STRATEGIES
        .iter()
        .find(|(name, _)| *name == strategy)
        .map_or("(not described)", |(_, w)| w)
}

/// The strategies that solve the seed's problem (its symmetry rules), and
/// those that solve a larger one.
pub fn split(summaries: &[Summary]) -> Option<(&Summary, Vec<&Summary>, Vec<&Summary>)> {
    let seed = summaries.first()?;
    let same = |s: &&Summary| !s.finished || s.solutions == seed.solutions;
    let (a, b): (Vec<&Summary>, Vec<&Summary>) = summaries.iter().partition(same);
    Some((seed, a, b))
}

/// The two readings of the source's remark that with the uniqueness checks
/// moved first its program "does not finish in a reasonable amount of time".
fn readings(same: &[&Summary], seed: &Summary) -> String {
    let find = |name: &str| same.iter().find(|s| s.strategy == name);
    match (find("deferred-sums"), find("deferred-distinct")) {
        (Some(sums), Some(distinct)) if !sums.finished && distinct.finished => format!(
            " The source reports that with its uniqueness checks moved first its program \
             \"does not finish in a reasonable amount of time\"; of the two readings of that \
             remark, `deferred-sums` did not finish here and `deferred-distinct` did, at {} the \
             steps.",
            times(distinct.steps / seed.steps)
        ),
        _ => String::new(),
    }
}

pub(super) fn lesson(ctx: &Ctx) -> Option<Lesson> {
    let summaries = summarise(&ctx.data.block_sums);
    let (seed, same, other) = split(&summaries)?;
    let bars = same
        .iter()
        .map(|s| Bar {
            label: s.strategy.clone(),
            value: s.steps,
            complete: s.finished,
            note: if s.finished {
                format!(
                    "{} · {}",
                    human_count(s.steps),
                    human_seconds(s.nanos.0 / 1e9)
                )
            } else {
                format!("stopped at the budget of {}", human_count(s.budget as f64))
            },
        })
        .collect();
    let figures = vec![Figure {
        chart: Chart::Bar(BarChart {
            name: "block_sums_orders",
            title: format!(
                "Block sums: numbers tried to find the {} canonical matrices",
                seed.solutions
            ),
            x_desc: "steps = numbers tried in a cell (log scale)".into(),
            x_unit: Unit::Count,
            bars,
        }),
        caption: format!(
            "Each strategy solves the same problem (the source's symmetry rules, {} matrices); the \
             first is the source's. Pale bars stopped at the step budget of {} without finishing. \
             Median of {} runs.",
            seed.solutions,
            human_count(seed.budget as f64),
            seed.samples
        ),
    }];
    let mut table = Table::new(&[
        "strategy",
        "what it does",
        "matrices found",
        "steps",
        "× `seed-order`",
        "time",
    ]);
    for s in same.iter().chain(&other) {
        table.row(vec![
            format!("`{}`", s.strategy),
            what(&s.strategy).to_string(),
            if s.finished {
                group_digits(s.solutions)
            } else {
                "– (did not finish)".into()
            },
            format!(
                "{}{}",
                if s.finished { "" } else { "≥ " },
                human_count(s.steps)
            ),
            format!(
                "{}{}",
                if s.finished { "" } else { "> " },
                ratio(s.steps / seed.steps)
            ),
            human_seconds(s.nanos.0 / 1e9),
        ]);
    }
    let finished: Vec<&&Summary> = same.iter().filter(|s| s.finished).collect();
    let best = finished.iter().min_by(|a, b| a.steps.total_cmp(&b.steps))?;
    let worst = finished.iter().max_by(|a, b| a.steps.total_cmp(&b.steps))?;
    let mut why = vec![format!(
        "The problem: fill a 4×4 matrix with 0..15, each once, so that every 2×2 block of adjacent \
         cells sums to 30 (the numbers sum to 120 and four disjoint blocks tile the matrix, so each \
         block must hold a quarter). The source fills the cells so that a block is complete as \
         early as possible and checks it at once [Aiello]. Among the strategies that finish, `{}` \
         tries the fewest numbers ({}) and `{}` the most ({}, {} as many): a check that runs late \
         lets every wrong partial matrix below it be built before it is rejected.",
        best.strategy,
        human_count(best.steps),
        worst.strategy,
        human_count(worst.steps),
        times(worst.steps / best.steps),
    )];
    let unfinished: Vec<String> = same
        .iter()
        .filter(|s| !s.finished)
        .map(|s| format!("`{}`", s.strategy))
        .collect();
    if !unfinished.is_empty() {
        why.push(format!(
            "{} did not finish within {} steps, more than {} `seed-order`'s: checking the sums \
             only on complete matrices leaves the search to walk through the arrangements of the \
             numbers.{}",
            unfinished.join(" and "),
            human_count(seed.budget as f64),
            times(seed.budget as f64 / seed.steps),
            readings(&same, seed),
        ));
    }
    let count = |name: &str| {
        other
            .iter()
            .find(|s| s.strategy == name && s.finished)
            .map(|s| s.solutions)
    };
    if let (Some(corner), Some(all)) = (count("corner-zero-only"), count("no-symmetry"))
        && corner % seed.solutions == 0
        && all % corner == 0
    {
        why.push(format!(
            "The symmetry rules choose which problem is solved. Without them there are {} \
             matrices, {} = {} × {} × {}: every solution stays a solution when its rows and \
             columns are shifted cyclically (the source's wrap-around argument), and the {} \
             shifts of a 4×4 matrix bring its 0 to the corner; the rule a[0][0] = 0 keeps one of \
             them ({} matrices). The other three rules then pick one of the {} symmetries of the \
             square around that corner, leaving the {} canonical ones. So `corner-zero-only` and \
             `no-symmetry` are compared with the others only in the table: they answer a \
             different question, and need {} and {} the steps.",
            group_digits(all),
            group_digits(all),
            all / corner,
            corner / seed.solutions,
            seed.solutions,
            all / corner,
            group_digits(corner),
            corner / seed.solutions,
            seed.solutions,
            times(
                other
                    .iter()
                    .find(|s| s.strategy == "corner-zero-only")?
                    .steps
                    / seed.steps
            ),
            times(other.iter().find(|s| s.strategy == "no-symmetry")?.steps / seed.steps),
        ));
    }
    Some(Lesson {
        title: "Constraint order: the block-sums problem".into(),
        question:
            "In a second backtracking problem, how much does the order of cells and checks matter?"
                .into(),
        experiment: "Held fixed: the problem of Aiello's Part II with its symmetry rules, and the \
                     numbers tried in ascending order. Changed: the order the cells are filled in \
                     and when each check (distinct numbers, block sums, symmetry rules) runs. \
                     A step is one number tried in one cell."
            .into(),
        figures,
        table,
        why,
        try_it: vec!["cargo run --release -p queens-block-sums -- --compare-orders".into()],
        // The summary names five or six findings; this lesson's are in its section.
        summary: None,
    })
}
