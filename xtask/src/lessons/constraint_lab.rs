//! Lesson: the constraint-search lab, one knob at a time (issue 15). The
//! same backtracking over rows (`queens --algo csp`) with its variable
//! order, value order or look-ahead changed alone from the default, which
//! walks `bitmask`'s tree: what each buys in nodes, what it costs per node,
//! for counting every solution and for finding the first. O'Keefe's `mrv`
//! and `mrv-tuned` are placed in the grid by their own steps.

use super::{Ctx, Lesson, Table, at_n};
use crate::analysis::csp_grid::{Cell, cell, summarise};
use crate::figure::{Bar, BarChart, Chart, Figure, Line, LineChart, Unit};
use crate::format::{human_count, human_seconds, percent, times};
use crate::measure::csp_grid::{Knob, SETTINGS, Setting, plan};
use crate::style;

/// The settings drawn against n (six lines a projector can show; the
/// table has them all).
const DRAWN: [&str; 6] = [
    "default",
    "mrv",
    "middle-out",
    "lcv",
    "arc",
    "mrv + middle-out + forward",
];

/// What the lesson reads off the grid.
struct Grid {
    cells: Vec<Cell>,
    /// The largest n at which every setting counted all solutions.
    count_n: usize,
}

impl Grid {
    fn count(&self, name: &str) -> Option<&Cell> {
        cell(&self.cells, name, "count", self.count_n)
    }

    /// The first-solution cells of a setting that finished, by n.
    fn firsts(&self, name: &str) -> Vec<&Cell> {
        self.cells
            .iter()
            .filter(|c| c.setting == name && c.mode == "first" && c.nanos.is_some())
            .collect()
    }

    /// The largest n a setting found a first solution at, and whether it
    /// was stopped by a timeout after it.
    fn reach(&self, name: &str) -> (Option<&Cell>, bool) {
        let timed_out = self
            .cells
            .iter()
            .any(|c| c.setting == name && c.mode == "first" && c.timed_out);
        (self.firsts(name).last().copied(), timed_out)
    }

    /// "n = 64 (1 622 nodes, 3 ms)", and "; n = 128 timed out" after it.
    fn reach_words(&self, name: &str) -> String {
        match self.reach(name) {
            (Some(c), _) => format!(
                "{} ({} nodes, {})",
                at_n(c.n),
                human_count(c.nodes.unwrap_or(f64::NAN)),
                human_seconds(c.nanos.unwrap_or(f64::NAN) / 1e9)
            ),
            (None, _) => "no size".into(),
        }
    }
}

/// The row of a knob setting in prose: "`mrv` (variable order)".
fn named(s: &Setting) -> String {
    let knob = match s.knob {
        Knob::None => "the default",
        Knob::Order => "variable order",
        Knob::Values => "value order",
        Knob::Propagate => "look-ahead",
        Knob::Several => "combined",
    };
    format!("`{}` ({knob})", s.name)
}

/// Nodes and time of a setting against the default, counting all.
fn against_default(g: &Grid, name: &str) -> Option<(f64, f64, f64)> {
    let (d, c) = (g.count("default")?, g.count(name)?);
    Some((
        d.nodes? / c.nodes?,
        d.nanos? / c.nanos?,
        c.ns_per_node()? / d.ns_per_node()?,
    ))
}

/// For a ratio old / new: "2.05 times fewer" or "1.3 times more" (with
/// `less` for an uncountable noun such as time), "about as many" (or `as
/// much`) within 5 %.
fn change(ratio: f64, fewer: &str) -> String {
    if (0.95..=1.05).contains(&ratio) {
        let same = if fewer == "fewer" { "many" } else { "much" };
        format!("about as {same}")
    } else if ratio >= 1.0 {
        format!("{} {fewer}", times(ratio))
    } else {
        format!("{} more", times(1.0 / ratio))
    }
}

/// For a ratio of costs per node, new / old: "2.26 times as much", "1.2
/// times less", "about as much".
fn cost(ratio: f64) -> String {
    if (0.95..=1.05).contains(&ratio) {
        "about as much".into()
    } else if ratio > 1.0 {
        format!("{} as much", times(ratio))
    } else {
        format!("{} less", times(1.0 / ratio))
    }
}

/// Consistency checks per node of a cell, "53.0".
fn checks_per_node(c: &Cell) -> String {
    c.checks
        .zip(c.nodes)
        .map_or("–".into(), |(k, n)| format!("{:.1}", k / n.max(1.0)))
}

pub(super) fn lesson(ctx: &Ctx) -> Option<Lesson> {
    let cells = summarise(&ctx.data.csp_grid);
    let count_n = cells
        .iter()
        .filter(|c| c.mode == "count" && c.nanos.is_some())
        .map(|c| c.n)
        .filter(|&n| {
            SETTINGS
                .iter()
                .all(|s| cell(&cells, s.name, "count", n).is_some_and(|c| c.nanos.is_some()))
        })
        .max()?;
    let g = Grid { cells, count_n };
    let sizes = |mode: &str| {
        let mut v: Vec<usize> = g
            .cells
            .iter()
            .filter(|c| c.mode == mode)
            .map(|c| c.n)
            .collect();
        v.sort_unstable();
        v.dedup();
        v.iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let default = g.count("default")?;
    let mut bars: Vec<Bar> = SETTINGS
        .iter()
        .filter_map(|s| {
            let c = g.count(s.name)?;
            Some(Bar {
                label: s.name.into(),
                value: c.nodes?,
                complete: true,
                note: format!(
                    "{} · {}",
                    human_count(c.nodes?),
                    human_seconds(c.nanos? / 1e9)
                ),
            })
        })
        .collect();
    let okeefe = ctx
        .count("mrv")
        .and_then(|s| s.at(count_n))
        .and_then(|p| Some((p.steps?, p.median_ns)));
    if let Some((steps, ns)) = okeefe {
        bars.push(Bar {
            label: "O'Keefe's mrv".into(),
            value: steps,
            complete: true,
            note: format!("{} · {}", human_count(steps), human_seconds(ns / 1e9)),
        });
    }
    let lines: Vec<Line> = SETTINGS
        .iter()
        .enumerate()
        .filter(|(_, s)| DRAWN.contains(&s.name))
        .map(|(i, s)| Line {
            label: s.name.into(),
            colour: style::colour(i).into(),
            marker: style::marker(i),
            dashed: s.knob == Knob::Several,
            points: g
                .firsts(s.name)
                .iter()
                .filter_map(|c| Some((c.n as f64, c.nodes?.max(1.0))))
                .collect(),
            spread: Vec::new(),
            breaks: Vec::new(),
        })
        .collect();
    let figures = vec![
        Figure {
            chart: Chart::Bar(BarChart {
                name: "lab_count",
                title: format!(
                    "Nodes to count every solution at {}, one knob at a time",
                    at_n(count_n)
                ),
                x_desc: "queen placements (log scale)".into(),
                x_unit: Unit::Count,
                bars,
            }),
            caption: format!(
                "The same count ({} solutions) with one knob changed from the default; the last \
                 bars combine knobs, and O'Keefe's own program is placed by its steps. After each \
                 bar: nodes · median time.",
                queens_core::known::total(count_n).map_or("all".into(), |t| human_count(t as f64))
            ),
        },
        Figure {
            chart: Chart::Line(LineChart {
                name: "lab_first",
                title: "Nodes to the first solution, one knob at a time".into(),
                x_desc: "n (board size = number of queens, log scale)".into(),
                y_desc: "queen placements (log scale)".into(),
                x_log: true,
                y_log: true,
                y_unit: Unit::Count,
                lines,
            }),
            caption: "Each line stops at the last n it finished within the grid's time limit; \
                      the dashed line combines knobs. Six of the settings; the table below has \
                      every one."
                .into(),
        },
    ];
    let mut table = Table::new(&[
        "setting",
        "knob changed",
        &format!("count {}: nodes", at_n(count_n)),
        "time",
        "per node",
        "values pruned per node",
        "first solution: largest n",
    ]);
    for s in &SETTINGS {
        let Some(c) = g.count(s.name) else { continue };
        table.row(vec![
            format!("`{}`", s.name),
            named(s)
                .split_once(" (")
                .map_or("", |(_, k)| k.trim_end_matches(')'))
                .into(),
            c.nodes.map_or("–".into(), human_count),
            c.nanos.map_or("–".into(), |v| human_seconds(v / 1e9)),
            c.ns_per_node()
                .map_or("–".into(), |v| human_seconds(v / 1e9)),
            match (c.pruned, c.nodes) {
                (Some(p), Some(n)) if p > 0.0 => format!("{:.1}", p / n),
                _ => "0".into(),
            },
            g.reach_words(s.name),
        ]);
    }
    let mut why = Vec::new();
    // The default is bitmask's tree.
    let bitmask = ctx.count("bitmask").and_then(|s| s.at(count_n));
    if let (Some(b), Some(nodes), Some(ns)) = (bitmask, default.nodes, default.ns_per_node()) {
        let same = b.steps == Some(nodes);
        why.push(format!(
            "The default (rows top to bottom, columns left to right, no look-ahead) {} `bitmask`'s \
             tree: {} nodes at {} against bitmask's {}. Each of its nodes costs {} against \
             bitmask's {}: the lab keeps a bitset of the free columns of every unplaced row at \
             every depth, so that any knob can read it. That bookkeeping is the price of the \
             knobs, which is why the grid compares nodes first and time second.",
            if same {
                "walks exactly"
            } else {
                "does not walk"
            },
            human_count(nodes),
            at_n(count_n),
            b.steps.map_or("–".into(), human_count),
            human_seconds(ns / 1e9),
            b.ns_per_step()
                .map_or("–".into(), |v| human_seconds(v / 1e9)),
        ));
    }
    // Variable order.
    if let Some((nodes, time, cost_ratio)) = against_default(&g, "mrv") {
        why.push(format!(
            "**Variable order.** `mrv` fills next the row with the fewest free columns, so a row \
             with one column is filled at once and a row with none fails at once, high in the \
             tree. Counting every solution it places {} nodes, and each node costs {} (it looks \
             at every unplaced row to choose), so it takes {} time. For the first \
             solution{}: rows in order reached {}, `mrv` {}, and `mrv-random`, which breaks ties \
             at random, {}.",
            change(nodes, "fewer"),
            cost(cost_ratio),
            change(time, "less"),
            match (g.reach("default").0, g.reach("mrv").0) {
                (Some(d), Some(m)) if m.n > d.n => " it is the knob that matters",
                (Some(d), Some(m)) if m.n == d.n && m.nodes < d.nodes => " it needs fewer nodes",
                _ => "",
            },
            g.reach_words("default"),
            g.reach_words("mrv"),
            g.reach_words("mrv-random"),
        ));
    }
    // Value order.
    let same_nodes: Vec<&str> = SETTINGS
        .iter()
        .filter(|s| s.knob == Knob::Values)
        .filter(|s| g.count(s.name).and_then(|c| c.nodes) == default.nodes)
        .map(|s| s.name)
        .collect();
    if let (Some(lcv), Some(mid)) = (g.count("lcv"), g.count("middle-out")) {
        let all_same = same_nodes.len() == 2;
        why.push(format!(
            "**Value order.** {} Only the first solution moves: `middle-out` (centre columns \
             first, which block the fewest squares of the rows near the edges) reached {}, `lcv` \
             (the column that removes the fewest values from the unplaced rows) {}. `lcv` pays \
             for its choice at every node: {} per node against {} for `middle-out`, because it \
             counts, for every free column, the values that column would remove.",
            if all_same {
                format!(
                    "Counting every solution, the order of the values cannot change the tree: every \
                     column of every row is tried in the end, and `middle-out` and `lcv` place \
                     exactly the default's {} nodes.",
                    default.nodes.map_or("–".into(), human_count)
                )
            } else {
                format!(
                    "Counting every solution, `middle-out` placed {} and `lcv` {} nodes against \
                     the default's {}.",
                    mid.nodes.map_or("–".into(), human_count),
                    lcv.nodes.map_or("–".into(), human_count),
                    default.nodes.map_or("–".into(), human_count)
                )
            },
            g.reach_words("middle-out"),
            g.reach_words("lcv"),
            lcv.ns_per_node().map_or("–".into(), |v| human_seconds(v / 1e9)),
            mid.ns_per_node().map_or("–".into(), |v| human_seconds(v / 1e9)),
        ));
    }
    // Look-ahead.
    if let (Some(f), Some(a), Some(fc), Some(ac)) = (
        against_default(&g, "forward"),
        against_default(&g, "arc"),
        g.count("forward"),
        g.count("arc"),
    ) {
        why.push(format!(
            "**Look-ahead.** Forward checking removes the new queen's squares from every unplaced \
             row and backtracks as soon as a row has none: {} nodes, each costing {}, {} time. \
             Its candidates need no test, since a domain holds only columns no queen attacks; \
             the checks move to the pruning ({} consistency checks per node against the \
             default's {}, which tests each candidate against the placed queens). Maintaining \
             arc consistency also removes a column from a row when no column of some other row \
             is compatible with it ({} values pruned per node against {}): {} nodes, each \
             costing {} ({} checks per node), so it takes {} time. {}",
            change(f.0, "fewer"),
            cost(f.2),
            change(f.1, "less"),
            checks_per_node(fc),
            checks_per_node(default),
            ac.pruned
                .zip(ac.nodes)
                .map_or("–".into(), |(p, n)| format!("{:.1}", p / n)),
            fc.pruned
                .zip(fc.nodes)
                .map_or("–".into(), |(p, n)| format!("{:.1}", p / n)),
            change(a.0, "fewer"),
            cost(a.2),
            checks_per_node(ac),
            change(a.1, "less"),
            if a.1 < f.1 {
                "At this n the extra pruning costs more time than the nodes it saves: forward \
                 checking is the better buy."
            } else {
                "At this n the extra pruning saves more than it costs."
            },
        ));
    }
    // Combinations.
    let combined: Vec<String> = SETTINGS
        .iter()
        .filter(|s| s.knob == Knob::Several)
        .filter_map(|s| {
            let (c, _) = g.reach(s.name);
            let c = c?;
            let nodes = c.nodes?;
            let backtrack = if nodes <= c.n as f64 {
                "without undoing a single placement".to_string()
            } else {
                format!("{:.1} placements per queen", nodes / c.n as f64)
            };
            Some(format!(
                "`{}` reached {} in {} nodes, {backtrack}",
                s.name,
                at_n(c.n),
                human_count(nodes)
            ))
        })
        .collect();
    if !combined.is_empty() {
        let singles: Vec<&Setting> = SETTINGS
            .iter()
            .filter(|s| matches!(s.knob, Knob::Order | Knob::Values | Knob::Propagate))
            .collect();
        let over = singles.iter().filter(|s| g.reach(s.name).1).count();
        why.push(format!(
            "**Together.** The knobs fix different things, so they add up: {}. Alone, {} of the \
             {} single changes ran past the grid's time limit of {} at some n.",
            combined.join("; "),
            over,
            singles.len(),
            ctx.data
                .meta
                .profile
                .parse()
                .map_or("–".into(), |p| human_seconds(
                    plan(p).timeout.as_secs_f64()
                )),
        ));
    }
    // O'Keefe's programs in the grid.
    if let (Some((steps, _)), Some(mf)) = (okeefe, g.count("mrv + forward")) {
        let tuned = ctx
            .local("mrv-tuned")
            .and_then(|s| s.points.iter().rev().find(|p| p.steps.is_some()))
            .and_then(|p| Some((p.n, p.steps?)));
        why.push(format!(
            "**O'Keefe in the grid.** His program (`mrv`) prunes the columns of every other row \
             after each placement and fails on a row with none: it is `mrv + forward`, with ties \
             broken by table position and columns tried right to left. It placed {} queens to \
             count {}, the lab's `mrv + forward` {}: {}. It took {} where the lab took {}{}. `mrv-tuned` adds random ties, \
             middle-out columns and restarts, the lab's last row plus restarts{}.",
            human_count(steps),
            at_n(count_n),
            mf.nodes.map_or("–".into(), human_count),
            mf.nodes.map_or("–".into(), |m| match steps / m {
                1.0 => "the same tree".to_string(),
                r if r < 1.0 => format!("{} fewer, from the order of ties", percent(1.0 - r)),
                r => format!("{} more, from the order of ties", percent(r - 1.0)),
            }),
            okeefe.map_or("–".into(), |(_, ns)| human_seconds(ns / 1e9)),
            mf.nanos.map_or("–".into(), |v| human_seconds(v / 1e9)),
            match (okeefe, mf.nanos) {
                (Some((_, ns)), Some(lab)) if ns < lab => {
                    ": a program written for one strategy consults no knobs and keeps no domains \
                     it does not need"
                }
                _ => "",
            },
            tuned.map_or(String::new(), |(n, s)| format!(
                ": a median of {} placements for one board at {}",
                human_count(s),
                at_n(n)
            )),
        ));
    }
    Some(Lesson {
        title: "One knob at a time: order, values, look-ahead".into(),
        question: "What does each classic constraint-search technique buy in nodes, and what does \
                   it cost per node?"
            .into(),
        experiment: format!(
            "Held fixed: one backtracking search over rows (`queens --algo csp`), one \
                     step per queen placed. Changed, one at a time from the default (rows in \
                     order, columns left to right, no look-ahead, `bitmask`'s tree): the variable \
                     order (`--order mrv`, `mrv-random`), the value order (`--values middle-out`, \
                     `lcv`) and the look-ahead (`--propagate forward`, `arc`); then two \
                     combinations. Counted at n = {}, and a first solution at n = {} until a run \
                     passes the grid's time limit.",
            sizes("count"),
            sizes("first")
        ),
        figures,
        table,
        why,
        try_it: vec![
            format!("queens --algo csp --propagate arc --json {count_n}"),
            "queens --algo csp --order mrv --values middle-out --propagate forward --first 200"
                .into(),
        ],
        // The summary's line on ordering is the previous lesson's.
        summary: None,
    })
}
