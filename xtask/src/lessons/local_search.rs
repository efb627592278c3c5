//! Lesson: local search. Min-conflicts and QS4 repair a complete board one
//! move at a time. How many moves that takes, what the time is spent on,
//! and the random against most-conflicted ("maxi") trade-off of Pinella's
//! experiments, with the counters that show it.

use super::{Ctx, Lesson, Table, find, line};
use crate::analysis::{self, Series, Stat, median_f64};
use crate::data::{Family, Sample};
use crate::figure::{Chart, Figure, Line, LineChart, Unit};
use crate::format::{group_digits, human_count, human_seconds, percent, size, times};

/// The local searches, in registry order.
const SEARCHES: [&str; 3] = super::first_solution::LOCAL;

/// The accepted runs of an approach at one n.
fn runs<'a>(ctx: &'a Ctx, id: &str, n: usize) -> Vec<&'a Sample> {
    ctx.data
        .samples
        .iter()
        .filter(|s| s.family == Family::Local && s.approach == id && s.n == n && s.nanos.is_some())
        .collect()
}

/// The median of an `extra` statistic over an approach's runs at n.
pub fn median_extra(ctx: &Ctx, id: &str, n: usize, key: &str) -> Option<f64> {
    let v: Vec<f64> = runs(ctx, id, n)
        .iter()
        .filter_map(|s| Some(s.extra(key)? as f64))
        .collect();
    (!v.is_empty()).then(|| median_f64(v))
}

/// The median share of a run's time spent building its initial board.
pub fn init_share(ctx: &Ctx, id: &str, n: usize) -> Option<f64> {
    let v: Vec<f64> = runs(ctx, id, n)
        .iter()
        .filter_map(|s| Some(s.extra("init_nanos")? as f64 / s.nanos? as f64))
        .collect();
    (!v.is_empty()).then(|| median_f64(v))
}

/// The two points a scaling exponent is quoted between: the first whose
/// median time is at least ten times the series' smallest (where the
/// per-run cost, not the fixed cost, dominates) and the last.
pub(super) fn scaling_span(series: &Series) -> Option<(Stat, Stat)> {
    let least = series
        .points
        .iter()
        .map(|p| p.median_ns)
        .fold(f64::INFINITY, f64::min);
    let a = series.points.iter().find(|p| p.median_ns >= 10.0 * least)?;
    let b = series.last()?;
    (b.n > a.n).then(|| (a.clone(), b.clone()))
}

/// Median iterations (picks of a queen) per n.
fn iterations<'c>(ctx: &'c Ctx<'c>, id: &'c str) -> impl Fn(&Stat) -> Option<(f64, f64, f64)> + 'c {
    move |p: &Stat| {
        let v = median_extra(ctx, id, p.n, "iterations")?;
        Some((v, v, v))
    }
}

pub(super) fn lesson(ctx: &Ctx) -> Option<Lesson> {
    let series: Vec<&Series> = SEARCHES
        .iter()
        .filter_map(|id| find(&ctx.local, id))
        .collect();
    if series.is_empty() {
        return None;
    }
    let moves = |p: &Stat| {
        let s = p.steps.filter(|&s| s > 0.0)?;
        Some((
            s,
            p.steps_min.map_or(s, |v| (v as f64).max(1.0)),
            p.steps_max.map_or(s, |v| v as f64),
        ))
    };
    let picks: Vec<Line> = ["min-conflicts-random", "min-conflicts-most-conflicted"]
        .iter()
        .filter_map(|id| Some(line(find(&ctx.local, id)?, &iterations(ctx, id))))
        .collect();
    let mut figures = vec![Figure {
        chart: Chart::Line(LineChart {
            name: "local_moves",
            title: "Local search: moves to a solution".into(),
            x_desc: "n (board size = number of queens, log scale)".into(),
            y_desc: "moves (median over random seeds; log scale)".into(),
            x_log: true,
            y_log: true,
            y_unit: Unit::Count,
            lines: series.iter().map(|s| line(s, &moves)).collect(),
        }),
        caption:
            "Moves (kept swaps for `swap-search`) until no queen is attacked: the median over \
                  random seeds, whiskers from the fewest to the most."
                .into(),
    }];
    if picks.len() == 2 {
        figures.push(Figure {
            chart: Chart::Line(LineChart {
                name: "local_iterations",
                title: "Picking a random queen or the most conflicted one: iterations".into(),
                x_desc: "n (board size = number of queens, log scale)".into(),
                y_desc: "iterations = queens picked (median; log scale)".into(),
                x_log: true,
                y_log: true,
                y_unit: Unit::Count,
                lines: picks,
            }),
            caption: "An iteration picks one queen; it moves only if it is attacked. Picking at \
                      random mostly finds queens that are not attacked."
                .into(),
        });
    }
    let mut table = Table::new(&[
        "approach",
        "n",
        "runs solved",
        "moves: median (fewest–most)",
        "iterations or trials: median",
        "restarts: all runs",
        "time: median",
        "building the first board",
    ]);
    for s in &series {
        let last = s.last()?.n;
        for p in s
            .points
            .iter()
            .filter(|p| [8, 1000].contains(&p.n) || p.n == last)
        {
            let id = s.approach.id.as_str();
            let second = median_extra(ctx, id, p.n, "iterations")
                .map(|v| format!("{} iterations", human_count(v)))
                .or_else(|| {
                    median_extra(ctx, id, p.n, "trials")
                        .map(|v| format!("{} trials", human_count(v)))
                });
            let restarts: u64 = runs(ctx, id, p.n)
                .iter()
                .filter_map(|x| x.extra("restarts"))
                .sum();
            table.row(vec![
                format!("`{id}`"),
                size(p.n),
                format!("{} of {}", p.ok, p.ok + p.failed),
                format!(
                    "{} ({}–{})",
                    super::steps_cell(p),
                    p.steps_min.map_or("–".into(), group_digits),
                    p.steps_max.map_or("–".into(), group_digits)
                ),
                second.unwrap_or_else(|| "–".into()),
                group_digits(restarts),
                human_seconds(p.seconds()),
                init_share(ctx, id, p.n).map_or("–".into(), percent),
            ]);
        }
    }
    let mut why = vec![
        "Min-conflicts [Pinella 2015] keeps one queen per column and, at each \
        iteration, picks a queen and moves it to the square of its column attacked by the fewest \
        others; QS4 [Sosic & Gu 1991] keeps a permutation and swaps two queens' rows when that \
        lowers the number of attacks. An *iteration* is one pick; a *move* changes a queen's \
        square (a random pick of a queen that nobody attacks is an iteration without a move); a \
        *restart* throws the board away after n² iterations without a solution, as the source \
        does."
            .to_string(),
    ];
    if let Some(s) = series.first()
        && let Some(p) = s.last()
        && let Some(share) = init_share(ctx, &s.approach.id, p.n)
    {
        let attacks = median_extra(ctx, &s.approach.id, p.n, "init_attacks");
        why.push(format!(
            "The time goes into the first board, not the repairs. The greedy start puts each queen \
             on a least-attacked square as it goes, which leaves {} attacking pairs among {} \
             queens (median over random seeds); repairing them takes {} moves, and building the \
             board took {} of the time at n = {}.",
            attacks.map_or("–".into(), human_count),
            size(p.n),
            super::steps_cell(p),
            percent(share),
            size(p.n),
        ));
        if let Some((a, b)) = scaling_span(s) {
            let e = analysis::exponent_between((a.n, a.median_ns), (b.n, b.median_ns));
            why.push(format!(
                "From n = {} to n = {} the median time went from {} to {}, time ∝ n^{} between \
                 those two points (where the run's own cost, not its start-up, dominates), while \
                 the median moves went from {} to {}.",
                size(a.n),
                size(b.n),
                human_seconds(a.seconds()),
                human_seconds(b.seconds()),
                e.map_or("–".into(), |e| format!("{e:.2}")),
                super::steps_cell(&a),
                super::steps_cell(&b),
            ));
        }
    }
    let (random, maxi) = (
        find(&ctx.local, "min-conflicts-random"),
        find(&ctx.local, "min-conflicts-most-conflicted"),
    );
    let mut summary = None;
    if let (Some(r), Some(m)) = (random, maxi)
        && let Some(n) = super::largest_shared(&[r, m])
    {
        let (ir, im) = (
            median_extra(ctx, "min-conflicts-random", n, "iterations")?,
            median_extra(ctx, "min-conflicts-most-conflicted", n, "iterations")?,
        );
        let (tr, tm) = (r.at(n)?.median_ns, m.at(n)?.median_ns);
        why.push(format!(
            "Pinella's \"maxi\" experiment, moving the most conflicted queen half the time and a \
             random column otherwise, is `min-conflicts-most-conflicted`. At n = {} it needed {} \
             iterations against {} for the random pick, {} fewer: a random column almost always \
             holds a queen nobody attacks, so most random picks do nothing. Pinella found maxi \
             slower because finding the most conflicted queen meant scanning every queen; here the \
             attacked queens are kept in buckets by their number of conflicts, so finding it is \
             one lookup. The two took {} (maxi) and {} (random): nearly all of it, {} and {}, \
             went into the first board, which the choice of queen does not touch.",
            size(n),
            human_count(im),
            human_count(ir),
            times(ir / im),
            human_seconds(tm / 1e9),
            human_seconds(tr / 1e9),
            init_share(ctx, "min-conflicts-most-conflicted", n).map_or("–".into(), percent),
            init_share(ctx, "min-conflicts-random", n).map_or("–".into(), percent),
        ));
        summary = Some(format!(
            "Local search spends its time building the first board: at n = {} min-conflicts needs about {} moves, but picking a random queen takes {} iterations where picking the most conflicted takes {}.",
            size(n),
            super::steps_cell(r.at(n)?),
            human_count(ir),
            human_count(im)
        ));
    }
    if let Some(q) = find(&ctx.local, "swap-search")
        && let Some(p) = q.last()
        && let Some(trials) = median_extra(ctx, "swap-search", p.n, "trials")
    {
        why.push(format!(
            "`swap-search` counts kept swaps as its steps; its second counter, trials, counts the \
             swaps it tried: {} tried for {} kept at n = {}, and building its first board took {} \
             of the time.",
            human_count(trials),
            super::steps_cell(p),
            size(p.n),
            init_share(ctx, "swap-search", p.n).map_or("–".into(), percent),
        ));
    }
    Some(Lesson {
        title: "Local search: moves, iterations and the first board".into(),
        question: "Where does a local search spend its time, and what does choosing the queen to move change?".into(),
        experiment: "Held fixed: the task (one valid board) and, per n, the random seeds. Changed: \
                     how the queen to repair is chosen (a random column; the most conflicted queen \
                     half the time) and the kind of repair (a move within a column, or QS4's swap \
                     of two rows). Each run reports its moves, iterations, restarts and the time \
                     spent on its first board."
            .into(),
        figures,
        table,
        why,
        try_it: vec![
            "queens --algo min-conflicts-random --seed 4 --json 1000000".into(),
            "queens --algo min-conflicts-most-conflicted --seed 4 --json 1000000".into(),
        ],
        summary,
    })
}
