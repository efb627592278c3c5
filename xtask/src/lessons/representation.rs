//! Lesson: the same search tree in different data structures. The four
//! ports of the row-by-row backtracking search visit exactly the same nodes,
//! so their time ratio is the price of one step in each representation.

use super::{Ctx, Lesson, Table, at_n, largest_shared, line, time};
use crate::analysis::{self, Series};
use crate::figure::{Chart, Figure, LineChart, Unit};
use crate::format::{human_count, human_seconds, ratio, sig3};

/// The approaches compared, fastest representation first, each with what
/// one of its steps costs and why.
const STEP_COST: [(&str, &str, &str); 4] = [
    (
        "bitmask",
        "O(1)",
        "three machine words (columns and both diagonals) are ORed into the row's blocked columns; a placement is three shifts and ORs",
    ),
    (
        "attack-board",
        "O(n)",
        "placing a queen decrements every square it attacks in the rows below (up to three per row), removing it adds them back, and the next row's n cells are read to find the safe ones",
    ),
    (
        "list-comprehension",
        "O(n) per candidate",
        "`safe x y 1` walks back through the whole partial list for each of the n candidate columns, and every list kept is a fresh copy",
    ),
    (
        "string-regex",
        "O(n) per candidate, with regex overhead",
        "each of the n candidate characters is matched by a column regex, then a diagonal regex runs over up to n earlier queens",
    ),
];

/// What the lesson computes: per approach, at the largest n all share,
/// its median time, its cost per step and that cost against `bitmask`'s.
#[derive(Clone, Debug, PartialEq)]
pub struct Costs {
    /// The n compared.
    pub n: usize,
    /// The steps every one of them counted there (the same number).
    pub steps: f64,
    /// (id, median seconds, ns per step, ns per step / bitmask's).
    pub rows: Vec<(String, f64, f64, f64)>,
}

/// The cost per step of each representation at the largest n all share,
/// `None` unless at least two of them counted the same steps there.
pub fn costs(ctx: &Ctx) -> Option<Costs> {
    let series: Vec<&Series> = STEP_COST
        .iter()
        .filter_map(|(id, _, _)| ctx.count(id))
        .collect();
    let n = largest_shared(&series)?;
    let steps = series[0].at(n)?.steps?;
    let same = series
        .iter()
        .all(|s| s.at(n).and_then(|p| p.steps) == Some(steps));
    if series.len() < 2 || !same {
        return None;
    }
    let base = series[0].at(n)?.median_ns / steps;
    let rows = series
        .iter()
        .map(|s| {
            let p = s.at(n).expect("shared n");
            let per_step = p.median_ns / steps;
            (
                s.approach.id.clone(),
                p.seconds(),
                per_step,
                per_step / base,
            )
        })
        .collect();
    Some(Costs { n, steps, rows })
}

pub(super) fn lesson(ctx: &Ctx) -> Option<Lesson> {
    let c = costs(ctx)?;
    let series: Vec<&Series> = c.rows.iter().filter_map(|r| ctx.count(&r.0)).collect();
    let per_step = |p: &analysis::Stat| {
        let v = p
            .ns_per_step()
            .filter(|_| p.median_ns >= analysis::FIT_FLOOR_NS)?;
        Some((v, v, v))
    };
    let figures = vec![
        Figure {
            chart: Chart::Line(LineChart::by_n(
"representation_time",
"Same tree, four representations: time to count all",
"time per run (median; log scale)",
Unit::Seconds,
series.iter().map(|s| line(s, &time)).collect(),
)),
            caption: "Median time per run; whiskers span the fastest to the slowest sample. The \
                      trees are the same, so on this log axis the vertical gap between two lines is \
                      what one representation costs against the other."
                .into(),
        },
        Figure {
            chart: Chart::Line(LineChart::by_n(
"representation_cost_per_step",
"What one step costs in each representation",
"median time / steps (log scale)",
Unit::Nanos,
series.iter().map(|s| line(s, &per_step)).collect(),
)),
            caption: "Time divided by steps, for runs of at least 10 µs: the price of one placement. \
                      Where a line falls at small n, a run's fixed costs (allocating the board, \
                      compiling regexes) are being spread over more and more steps."
                .into(),
        },
    ];
    let mut table = Table::new(&[
        "approach",
        "one step costs",
        "because",
        "steps",
        "time",
        "ns per step",
        "× `bitmask`'s step",
    ]);
    for (id, secs, ns, rel) in &c.rows {
        let (_, big_o, because) = STEP_COST.iter().find(|r| r.0 == id)?;
        table.row(vec![
            format!("`{id}`"),
            big_o.to_string(),
            because.to_string(),
            human_count(c.steps),
            human_seconds(*secs),
            sig3(*ns),
            ratio(*rel),
        ]);
    }
    let dearest = c.rows.iter().max_by(|a, b| a.3.total_cmp(&b.3))?;
    let mut why = vec![format!(
        "All {} searches place queens row by row, left to right, and test each square against the \
         queens above: at {} each of them counted the same {} placements. So the ratio of their \
         times is the ratio of what one placement costs. A step of `bitmask` is a few word \
         operations, whatever n is; a step of the others touches O(n) memory or characters. The \
         dearest, `{}`, pays {} per step against {} for `bitmask`: {}.",
        c.rows.len(),
        at_n(c.n),
        human_count(c.steps),
        dearest.0,
        human_seconds(dearest.2 / 1e9),
        human_seconds(c.rows[0].2 / 1e9),
        ratio(dearest.3),
    )];
    // Does the cost per step grow with n, as the big-O column says it should?
    let mut changes = Vec::new();
    for s in &series {
        let usable: Vec<_> = s
            .points
            .iter()
            .filter(|p| p.median_ns >= 1e6)
            .filter_map(|p| Some((p.n, p.ns_per_step()?)))
            .collect();
        if let (Some(a), Some(b)) = (usable.first(), usable.last())
            && b.0 > a.0
        {
            changes.push((s.approach.id.clone(), b.1 / a.1, a.0, b.0));
        }
    }
    if !changes.is_empty() {
        let list: Vec<String> = changes
            .iter()
            .map(|(id, r, a, b)| format!("`{id}` {} (n = {a} → {b})", ratio(*r)))
            .collect();
        let outgrew: Vec<String> = changes
            .iter()
            .filter(|(_, r, a, b)| *r >= *b as f64 / *a as f64)
            .map(|(id, ..)| format!("`{id}`"))
            .collect();
        why.push(if outgrew.is_empty() {
            format!(
                "Over the runs of at least 1 ms, the cost per step changed by {}, less than n grew. \
                 These boards are small: an O(n) loop over at most {} squares is short, so the \
                 constant part of a step (a call, a branch, a cache line) weighs as much as the part \
                 that grows with n; the big-O column says how the representations would scale, \
                 further than these sizes can show.",
                list.join(", "),
                c.n
            )
        } else {
            format!(
                "Over the runs of at least 1 ms, the cost per step changed by {}: for {} it grew at \
                 least as fast as n, as a step that touches O(n) cells must.",
                list.join(", "),
                outgrew.join(" and ")
            )
        });
    }
    Some(Lesson {
        title: "Representation: one search tree, four data structures".into(),
        question: "When two programs search exactly the same tree, how much does the data structure alone change the time?".into(),
        experiment: format!(
            "Held fixed: the search (rows in order, columns left to right, the same {} nodes at {}). \
             Changed: how the board is kept: three bitmasks [Aiello] (`bitmask`), the attack-count table of \
             Queens.py [Queens.py] (`attack-board`), Haskell lists [Aiello] (`list-comprehension`) and Perl's \
             string with regex tests [Aiello] (`string-regex`). Each counts all solutions.",
            human_count(c.steps),
            at_n(c.n)
        ),
        figures,
        table,
        why,
        try_it: vec![
            format!("queens --algo bitmask --json {}", c.n),
            format!("queens --algo attack-board --json {}", c.n),
        ],
        summary: Some(format!(
            "The data structure alone changes the time ×{} for the very same search tree: at {} a placement costs {} with bitmasks and {} with `{}`.",
            sig3(dearest.3),
            at_n(c.n),
            human_seconds(c.rows[0].2 / 1e9),
            human_seconds(dearest.2 / 1e9),
            dearest.0
        )),
    })
}
