//! Lesson: seed 003's experiments reproduced (issue 16). Pinella's "Extra
//! stuff" tried four changes to min-conflicts and reported what happened;
//! here every setting runs on many seeds, and each of her claims is checked
//! against success rates with their 95 % intervals, the distribution of
//! moves, and where the time goes.

use queens_min_conflicts::{
    AIMA, AIMA_RANDOM_INIT, MAXI, MIX_NEVER, MOST_CONFLICTED_N2, MOST_CONFLICTED_NEVER, NQ_MC,
    STALE, STUDY, StudySetting,
};

use super::{Ctx, Lesson, Table, at_n};
use crate::analysis::local_study::{Point, solved_within, summarise};
use crate::figure::{Chart, Figure, Line, LineChart, Unit};
use crate::format::{group_digits, human_count, human_seconds, percent, sig3, times};
use crate::style;

/// The settings whose distributions are drawn (six, for a readable chart).
const DRAWN: [StudySetting; 6] = [NQ_MC, MAXI, MOST_CONFLICTED_NEVER, MIX_NEVER, STALE, AIMA];

/// "6.9 % (5.5–8.6 %)".
fn rate(p: &Point) -> String {
    let pct = |v: f64| format!("{} %", sig3(100.0 * v));
    format!(
        "{} ({}–{})",
        pct(p.solved as f64 / p.runs as f64),
        sig3(100.0 * p.interval.0),
        pct(p.interval.1)
    )
}

/// "6.9 % (95 % interval 5.5–8.6 %)": a share and its interval, for prose.
fn with_interval(share: f64, (lo, hi): (f64, f64)) -> String {
    let pct = |v: f64| sig3(100.0 * v);
    format!("{} % (95 % interval {}–{} %)", pct(share), pct(lo), pct(hi))
}

/// The runs solved, for prose: "6.9 % (95 % interval 5.5–8.6 %)".
fn share(p: &Point) -> String {
    with_interval(p.solved as f64 / p.runs as f64, p.interval)
}

/// "69 of 1 000 runs, 6.9 % (95 % interval 5.5–8.6 %)": the runs stuck.
fn stuck(p: &Point) -> String {
    let failed = p.runs - p.solved;
    format!(
        "{} of {} runs, {}",
        group_digits(failed as u64),
        group_digits(p.runs as u64),
        with_interval(
            failed as f64 / p.runs as f64,
            (1.0 - p.interval.1, 1.0 - p.interval.0)
        ),
    )
}

/// The line of a setting: `value` at each n, in the setting's own colour.
fn setting_line(s: &StudySetting, points: Vec<(f64, f64)>, spread: Vec<(f64, f64, f64)>) -> Line {
    let i = STUDY.iter().position(|t| t.name == s.name).unwrap_or(0);
    Line {
        label: s.name.into(),
        colour: style::colour(i).into(),
        marker: style::marker(i),
        dashed: false,
        points,
        spread,
        breaks: Vec::new(),
    }
}

pub(super) fn lesson(ctx: &Ctx) -> Option<Lesson> {
    let rows = &ctx.data.local_study;
    let points = summarise(rows);
    let at = |s: &StudySetting, n: usize| points.iter().find(|p| p.setting == s.name && p.n == n);
    let sizes: Vec<usize> = {
        let mut v: Vec<usize> = points.iter().map(|p| p.n).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let (&small, &large) = (sizes.first()?, sizes.last()?);
    let mid = sizes
        .iter()
        .copied()
        .find(|&n| n > small && n < large)
        .unwrap_or(small);
    let seeds = at(&NQ_MC, small)?.runs;

    // Success rates against n, with the intervals as whiskers.
    let success: Vec<Line> = STUDY
        .iter()
        .filter(|s| {
            points
                .iter()
                .any(|p| p.setting == s.name && p.solved < p.runs)
                || s.name == NQ_MC.name
        })
        .map(|s| {
            let mine: Vec<&Point> = points.iter().filter(|p| p.setting == s.name).collect();
            setting_line(
                s,
                mine.iter()
                    .map(|p| (p.n as f64, 100.0 * p.solved as f64 / p.runs as f64))
                    .collect(),
                mine.iter()
                    .map(|p| (p.n as f64, 100.0 * p.interval.0, 100.0 * p.interval.1))
                    .collect(),
            )
        })
        .collect();
    let mut figures = vec![Figure {
        chart: Chart::Line(LineChart {
            name: "study_success",
            title: "Min-conflicts settings: share of runs solved".into(),
            x_desc: "n (board size = number of queens, log scale)".into(),
            y_desc: "runs solved within the move budget (%)".into(),
            x_log: true,
            y_log: false,
            y_unit: Unit::Percent,
            lines: success,
        }),
        caption: format!(
            "{} seeds per setting at n = {} to {}, {} at n = {}; whiskers are Wilson's 95 % \
             intervals. Settings that solved every run at every n are left out, but for the \
             baseline `nq-mc`.",
            group_digits(seeds as u64),
            small,
            mid.max(small),
            at(&NQ_MC, large).map_or(0, |p| p.runs),
            group_digits(large as u64),
        ),
    }];
    // The distributions where the settings differ most: where runs get
    // stuck, and where the stale cache spreads out (the table has every n).
    let widest = sizes
        .iter()
        .rev()
        .copied()
        .find(|&n| n > small && n < large);
    for n in [Some(small), widest].into_iter().flatten() {
        let name = match n {
            8 => "study_moves_8",
            50 => "study_moves_50",
            _ => continue,
        };
        figures.push(Figure {
            chart: Chart::Line(LineChart {
                name,
                title: format!(
                    "Moves needed at {}: share of runs solved within m moves",
                    at_n(n)
                ),
                x_desc: "m = moves (log scale)".into(),
                y_desc: "runs solved within m moves (%)".into(),
                x_log: true,
                y_log: false,
                y_unit: Unit::Percent,
                lines: DRAWN
                    .iter()
                    .map(|s| setting_line(s, solved_within(rows, s.name, n), Vec::new()))
                    .filter(|l| !l.points.is_empty())
                    .collect(),
            }),
            caption: format!(
                "The distribution of moves over {} seeds at {}, read at 1, 2, 5, 10, … moves: a \
                 curve that stays low for long has a heavy tail, and one that ends below 100 % \
                 has runs that never finished.",
                group_digits(seeds as u64),
                at_n(n)
            ),
        });
    }

    let mut table = Table::new(&[
        "setting",
        "n",
        "solved (95 % interval)",
        "moves: median / 90 % / 99 % / most",
        "iterations per move",
        "restarts per run",
        "time: median",
        "per move, after the first board",
        "building boards",
        "picking the queen",
    ]);
    for p in &points {
        table.row(vec![
            format!("`{}`", p.setting),
            group_digits(p.n as u64),
            rate(p),
            p.moves.map_or("–".into(), |m| {
                m.iter()
                    .map(|&v| group_digits(v))
                    .collect::<Vec<_>>()
                    .join(" / ")
            }),
            p.iterations_per_move.map_or("–".into(), sig3),
            sig3(p.restarts),
            human_seconds(p.nanos / 1e9),
            p.ns_per_move.map_or("–".into(), |v| human_seconds(v / 1e9)),
            percent(p.init_share),
            p.picking_share.map_or("–".into(), percent),
        ]);
    }

    let mut why = vec![format!(
        "Min-conflicts [Pinella 2015] puts one queen in each column and repeatedly picks a queen \
         and moves it to the row of its column attacked by the fewest others. Her \"Extra \
         stuff\" changed one thing at a time and reported what happened; each setting here runs \
         on {} seeds per n with a budget of {} moves ({} for the two aima settings), and a run \
         that does not finish within it counts as stuck. An *iteration* picks a queen; a *move* \
         changes a queen's row. The time spent picking comes from a second, instrumented run of \
         the first {} seeds of each point, which reads the clock around every pick; that reading \
         (some 20–30 ns) is included, so the picking column is an upper bound.",
        group_digits(seeds as u64),
        group_digits(NQ_MC.max_steps),
        group_digits(AIMA.max_steps),
        group_digits(
            rows.iter()
                .filter(|r| r.setting == NQ_MC.name && r.n == small && r.nanos_picking.is_some())
                .count() as u64
        ),
    )];

    // Claim 1: always the most-conflicted queen gets stuck.
    if let (Some(a), Some(b)) = (
        at(&MOST_CONFLICTED_NEVER, small),
        at(&MOST_CONFLICTED_NEVER, mid),
    ) {
        let rescued = at(&MOST_CONFLICTED_N2, small);
        let verdict = if a.solved < a.runs && a.interval.1 < 1.0 {
            "The claim holds"
        } else {
            "The data does not show it"
        };
        why.push(format!(
            "**\"Fell into local mins quite often.\"** {verdict}: always moving the most-conflicted \
             queen, with no restart, was stuck in {} at {}, and {} at {}. At a local minimum no \
             move of the most-conflicted queen lowers the attacks, so the search goes round \
             without progress until its {} moves are spent. {}",
            stuck(a),
            at_n(small),
            stuck(b),
            at_n(mid),
            group_digits(MOST_CONFLICTED_NEVER.max_steps),
            rescued.map_or(String::new(), |r| format!(
                "With the write-up's restart after n² iterations the same pick solved {} of {} runs \
                 at {}, with {} restarts per run on average: the restart, not the pick, is what \
                 rescues it.",
                group_digits(r.solved as u64),
                group_digits(r.runs as u64),
                at_n(small),
                sig3(r.restarts)
            )),
        ));
    }

    // Claim 2: the 50/50 mix fixes it, but is slower.
    if let (Some(pure), Some(mix)) = (at(&MOST_CONFLICTED_NEVER, small), at(&MIX_NEVER, small)) {
        let (pure_fail, mix_fail) = (
            (1.0 - pure.interval.1, 1.0 - pure.interval.0),
            (1.0 - mix.interval.1, 1.0 - mix.interval.0),
        );
        let verdict = if mix.solved == mix.runs {
            "It did: no run was stuck."
        } else if mix_fail.1 < pure_fail.0 {
            "It helped, but did not remove it."
        } else {
            "Not measurably: the two intervals overlap."
        };
        let mut text = format!(
            "**\"Solved the local minimum problem.\"** Moving the most-conflicted queen half the \
             time and a random column otherwise, again with no restart, was stuck in {} at {}, \
             against {} for the pure pick. {verdict}{}",
            stuck(mix),
            at_n(small),
            stuck(pure),
            match (at(&MIX_NEVER, mid), at(&MOST_CONFLICTED_NEVER, mid)) {
                (Some(m), Some(p)) if mid != small => format!(
                    " At {} the mix was stuck in {}, the pure pick in {}.",
                    at_n(mid),
                    stuck(m),
                    stuck(p)
                ),
                _ => String::new(),
            },
        );
        if let (Some(m), Some(r)) = (at(&MAXI, large), at(&NQ_MC, large))
            && let (Some(mi), Some(ri), Some(mm), Some(rm)) = (
                m.ns_per_iteration,
                r.ns_per_iteration,
                m.iterations_per_move,
                r.iterations_per_move,
            )
        {
            text.push_str(&format!(
                " **\"Actually slower.\"** At {} an iteration of the mix cost {} against {} for \
                 the random column ({} of it picking the queen, against {}), but a random column \
                 mostly holds a queen nobody attacks, so nq-mc needs {} iterations per move where \
                 the mix needs {}: per move, {} against {}. The whole run took {} (mix) against \
                 {} (nq-mc): {}",
                at_n(large),
                human_seconds(mi / 1e9),
                human_seconds(ri / 1e9),
                m.picking_per_iteration
                    .map_or("–".into(), |v| human_seconds(v / 1e9)),
                r.picking_per_iteration
                    .map_or("–".into(), |v| human_seconds(v / 1e9)),
                sig3(rm),
                sig3(mm),
                m.ns_per_move.map_or("–".into(), |v| human_seconds(v / 1e9)),
                r.ns_per_move.map_or("–".into(), |v| human_seconds(v / 1e9)),
                human_seconds(m.nanos / 1e9),
                human_seconds(r.nanos / 1e9),
                if m.nanos > r.nanos * 1.05 {
                    "the claim holds here."
                } else {
                    "here the mix is not slower; Pinella's version found the most-conflicted \
                     queen by scanning every queen, where this one keeps the attacked queens in \
                     buckets by their conflicts."
                }
            ));
        }
        why.push(text);
    }

    // Claim 3: the stale cache misleads the search.
    if let (Some(st), Some(base)) = (at(&STALE, large), at(&NQ_MC, large)) {
        let small_st = at(&STALE, small);
        why.push(format!(
            "**The stale vector of conflicts.** Updating the cached count of the moved queen \
             only, as the write-up did, leaves the other queens' counts wrong, so the search \
             picks and moves queens that nobody attacks ({} such moves per run at {}), and each \
             time its counts say no queen is attacked the whole board must be checked ({} full \
             checks per run, where exact counts need none). It is safe, since a board is \
             accepted only after a full check, but it misleads: it solved {} of its runs at {}{}, \
             against {} for exact counts.",
            sig3(st.unattacked),
            at_n(large),
            sig3(st.full_checks),
            share(st),
            at_n(large),
            small_st.map_or(String::new(), |p| format!(
                " and {} at {}",
                share(p),
                at_n(small)
            )),
            share(base),
        ));
    }

    // Claim 4: checking only every n² iterations saves time.
    if let (Some(st), Some(base)) = (at(&STALE, large), at(&NQ_MC, large))
        && let (Some(check), Some(iter_per_move), Some(moves)) =
            (st.ns_per_check, base.iterations_per_move, base.moves)
    {
        let iterations = iter_per_move * moves[0] as f64;
        let added = iterations * check;
        why.push(format!(
            "**Checking every n² iterations.** A full check of {} queens cost {} here. nq-mc needs \
             about {} iterations at {} (median moves × iterations per move); checking after \
             each would add about {}, {} its whole median run of {}. {}",
            group_digits(large as u64),
            human_seconds(check / 1e9),
            human_count(iterations),
            at_n(large),
            human_seconds(added / 1e9),
            times(added / base.nanos),
            human_seconds(base.nanos / 1e9),
            "This search avoids the question: it keeps the number of attacking pairs up to \
             date with each move, so \"solved?\" is one comparison.",
        ));
    }

    // aima-python, as context.
    if let (Some(g), Some(r)) = (at(&AIMA, small), at(&AIMA_RANDOM_INIT, small)) {
        why.push(format!(
            "**aima-python's `min_conflicts`** (a random conflicted queen, no restart, {} steps) \
             was stuck in {} at {} from a uniformly random board, and {} from the greedy start: \
             a plain min-conflicts search without restarts fails some 8-queens runs, and a good \
             first board is worth {}.",
            group_digits(AIMA.max_steps),
            stuck(r),
            at_n(small),
            stuck(g),
            if r.interval.1 < g.interval.0 {
                "fewer failures"
            } else {
                "nothing measurable here (the intervals overlap)"
            }
        ));
    }

    // The tails.
    if let Some(p) = at(&NQ_MC, mid)
        && let Some(m) = p.moves
    {
        why.push(format!(
            "Medians hide the tails: at {} nq-mc's median run made {} moves, but one run in ten \
             made more than {} and one in a hundred more than {} (the most: {}).",
            at_n(mid),
            group_digits(m[0]),
            group_digits(m[1]),
            group_digits(m[2]),
            group_digits(m[3]),
        ));
    }

    let summary = at(&MOST_CONFLICTED_NEVER, small)
        .zip(at(&MIX_NEVER, small))
        .map(|(a, b)| {
            format!(
                "Over {} seeds at {}, always moving the most-conflicted queen without restarts got \
             stuck in {} % of runs and the 50/50 mix in {} %; the write-up's n² restarts rescue \
             both.",
                group_digits(a.runs as u64),
                at_n(small),
                sig3(100.0 * (a.runs - a.solved) as f64 / a.runs as f64),
                sig3(100.0 * (b.runs - b.solved) as f64 / b.runs as f64),
            )
        });
    Some(Lesson {
        title: "Seed 003's experiments: min-conflicts over many seeds".into(),
        question:
            "Which of Pinella's findings about min-conflicts hold when every setting runs on \
                   a thousand seeds?"
                .into(),
        experiment: format!(
            "Held fixed: min-conflicts (one queen per column, moved to its least-attacked row), \
             the seeds, and the move budget. Changed, one at a time from the write-up's `nq-mc` \
             (`min-conflicts-random`) or `maxi` (`min-conflicts-most-conflicted`): which queen is \
             picked (`--pick`), whether and when to restart (`--restart-after`), exact or stale \
             conflict counts (`--conflict-cache`), and the first board (`--init`). {} settings: \
             {}.",
            STUDY.len(),
            STUDY
                .iter()
                .map(|s| format!("`{}`", s.name))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        figures,
        table,
        why,
        try_it: vec![
            MOST_CONFLICTED_NEVER.command(small, 1),
            MIX_NEVER.command(small, 1),
        ],
        summary,
    })
}
