//! Chapter: the first solution. A backtracking search stops at the first
//! solution in its order, and where that solution lies changes erratically
//! with n; a local search repairs a whole board and its cost grows smoothly.
//! The facts: how irregular the placements to the first solution are, how
//! far every kind of backtracking got (the csp lab's settings and the tuned
//! least room to move included), and the local searches' growth between two
//! named points.

use serde::Serialize;

use super::{Ctx, N_AXIS, find, line, steps, time};
use crate::analysis::{self, Series, Stat};
use crate::data::{Family, Status};
use crate::figure::{Chart, Figure, Line, LineChart, MAX_LINES, Unit};

/// The dense part of the first-solution grid.
pub const DENSE_UP_TO: usize = 32;

/// The local searches proper (the tuned MRV and the formula have their own chapter).
pub const LOCAL: [&str; 3] = [
    "min-conflicts-random",
    "min-conflicts-most-conflicted",
    "swap-search",
];

/// The local searches drawn against backtracking (few lines: one min-conflicts).
const DRAWN_LOCAL: [&str; 2] = ["min-conflicts-random", "swap-search"];

/// Whether a search counts queen placements (the unit of the steps chart).
fn places_queens(s: &Series) -> bool {
    s.approach.step_unit.starts_with("queen placements")
}

/// Why a search went no further.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stop {
    /// The grid of sizes ends there: no failure.
    GridEnd,
    /// A run at the next size was killed at the timeout.
    Timeout,
    /// The next size was predicted to exceed the time budget.
    Budget,
    /// A hard limit of the program (memory, word size).
    Limit,
}

impl Stop {
    fn of(reason: &str) -> Stop {
        if reason.starts_with("profile") {
            Stop::GridEnd
        } else if reason.starts_with("timeout") {
            Stop::Timeout
        } else if reason.starts_with("time budget") {
            Stop::Budget
        } else {
            Stop::Limit
        }
    }
}

/// Where a backtracking search came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// The first-solution grid of the ported programs.
    Grid,
    /// A setting of the constraint-search lab (`csp`).
    Lab,
    /// `mrv-tuned`, run over random seeds.
    Tuned,
}

/// How far a backtracking search got: the largest n where every run found a board.
#[derive(Clone, Debug, Serialize)]
pub struct Reach {
    /// Approach id or lab setting.
    pub id: String,
    /// Where it was measured.
    pub origin: Origin,
    /// The largest n where every run succeeded.
    pub n: usize,
    /// Median seconds there.
    pub seconds: f64,
    /// Why it went no further.
    pub stop: Stop,
}

/// The irregularity of one search's placements from n to n + 1.
#[derive(Clone, Debug, Serialize)]
pub struct Erratic {
    /// Approach id.
    pub id: String,
    /// Consecutive pairs of sizes compared.
    pub pairs: usize,
    /// Pairs where the placements fell.
    pub falls: usize,
    /// The largest rise, as a factor.
    pub rise: f64,
    /// The n it rose to.
    pub rise_to: usize,
    /// The longest stretch of sizes over which the placements zigzag.
    pub zigzag: Option<Zigzag>,
}

/// A stretch of consecutive sizes over which the placements fell at every
/// step to an n of one parity and rose at every step to the other.
#[derive(Clone, Debug, Serialize)]
pub struct Zigzag {
    /// `"odd"` or `"even"`: the parity of the n they fell to.
    pub falls_to: &'static str,
    /// The first n of the stretch.
    pub from: usize,
    /// The last n of the stretch.
    pub to: usize,
}

/// The longest zigzag of the placements up to `up_to`, if it spans at
/// least four steps.
pub fn zigzag(points: &[Stat], up_to: usize) -> Option<Zigzag> {
    let dense = analysis::steps_up_to(points, up_to);
    let mut best: Option<Zigzag> = None;
    for (parity, falls_to) in [(1, "odd"), (0, "even")] {
        let mut start: Option<usize> = None;
        for w in dense.windows(2) {
            let ((a, before), (b, after)) = (w[0], w[1]);
            let fits = b == a + 1 && (after < before) == (b % 2 == parity) && after != before;
            if !fits {
                start = None;
                continue;
            }
            let from = *start.get_or_insert(a);
            if best.as_ref().is_none_or(|z| b - from > z.to - z.from) {
                best = Some(Zigzag {
                    falls_to,
                    from,
                    to: b,
                });
            }
        }
    }
    best.filter(|z| z.to - z.from >= 4)
}

/// A local search's reach.
#[derive(Clone, Debug, Serialize)]
pub struct Local {
    /// Approach id.
    pub id: String,
    /// Largest n.
    pub n: usize,
    /// Median seconds there, over its random seeds.
    pub seconds: f64,
    /// Runs there.
    pub runs: usize,
    /// Runs that failed there.
    pub failed: usize,
}

/// Time ∝ n^b between two named points.
#[derive(Clone, Debug, Serialize)]
pub struct Growth {
    /// Approach id.
    pub id: String,
    /// The first point: the first n whose median time is at least ten
    /// times the series' smallest.
    pub from_n: usize,
    /// Its median seconds.
    pub from_s: f64,
    /// The last point.
    pub to_n: usize,
    /// Its median seconds.
    pub to_s: f64,
    /// ln(to_s / from_s) / ln(to_n / from_n).
    pub exponent: f64,
}

/// What the chapter says.
#[derive(Clone, Debug, Serialize)]
pub struct FirstSolution {
    /// The dense grid ends here.
    pub dense_up_to: usize,
    /// The placement searches drawn.
    pub drawn: usize,
    /// The first placement search whose placements fell somewhere.
    pub erratic: Erratic,
    /// How many placement searches fell somewhere.
    pub erratic_count: usize,
    /// Groups of searches with the same placements at every n (drawn once).
    pub same_steps: Vec<Vec<String>>,
    /// How far each kind of backtracking got, furthest first.
    pub reaches: Vec<Reach>,
    /// The local searches.
    pub local: Vec<Local>,
    /// The growth of the first local search's time.
    pub growth: Growth,
    /// The swap search's recorded long runs (larger n, measured once each;
    /// their commands, machine and dates are on the benchmark page).
    pub long_runs: Vec<LongBoard>,
    /// The largest board a local search found, on the grid or in a long run.
    pub largest_board: usize,
}

/// One recorded long run of a local search.
#[derive(Clone, Debug, Serialize)]
pub struct LongBoard {
    /// Board size.
    pub n: usize,
    /// Seconds of the search.
    pub seconds: f64,
    /// Peak memory, bytes.
    pub peak: Option<f64>,
    /// Wall seconds of the whole run when its board was written to a file
    /// (search, check and file), else none.
    pub written: Option<f64>,
    /// Wall seconds `check-board` took to verify that file, else none.
    pub verified: Option<f64>,
}

/// The two points a growth exponent is quoted between: the first whose
/// median time is at least ten times the series' smallest (where the
/// per-run cost, not the fixed cost, dominates) and the last. Every chapter
/// quotes a local search's growth this one way.
pub fn scaling_span(series: &Series) -> Option<(Stat, Stat)> {
    let least = series
        .points
        .iter()
        .map(|p| p.median_ns)
        .fold(f64::INFINITY, f64::min);
    let a = series.points.iter().find(|p| p.median_ns >= 10.0 * least)?;
    let b = series.last()?;
    (b.n > a.n).then(|| (a.clone(), b.clone()))
}

/// The growth of a series between its [`scaling_span`] points.
pub fn growth(series: &Series) -> Option<Growth> {
    let (a, b) = scaling_span(series)?;
    Some(Growth {
        id: series.approach.id.clone(),
        from_n: a.n,
        from_s: a.seconds(),
        to_n: b.n,
        to_s: b.seconds(),
        exponent: analysis::exponent_between((a.n, a.median_ns), (b.n, b.median_ns))?,
    })
}

fn stop(ctx: &Ctx, family: Family, id: &str) -> Stop {
    ctx.data
        .stops
        .iter()
        .find(|x| x.family == family && x.approach == id)
        .map_or(Stop::Limit, |x| Stop::of(&x.reason))
}

/// The csp lab's furthest first-solution setting: the largest n where every
/// sample finished (a size with a timed-out sample is not reached).
fn lab_reach(ctx: &Ctx) -> Option<Reach> {
    let rows: Vec<_> = ctx
        .data
        .csp_grid
        .iter()
        .filter(|r| r.mode == "first")
        .collect();
    let mut settings: Vec<&str> = rows.iter().map(|r| r.setting.as_str()).collect();
    settings.dedup();
    settings.sort_unstable();
    settings.dedup();
    let grid_end = rows.iter().map(|r| r.n).max()?;
    settings
        .iter()
        .filter_map(|&s| {
            let mine: Vec<_> = rows.iter().filter(|r| r.setting == s).collect();
            let mut sizes: Vec<usize> = mine.iter().map(|r| r.n).collect();
            sizes.sort_unstable();
            sizes.dedup();
            let all_ok = |n: usize| {
                mine.iter()
                    .filter(|r| r.n == n)
                    .all(|r| r.status == Status::Ok)
            };
            let n = sizes.iter().copied().take_while(|&n| all_ok(n)).last()?;
            let nanos: Vec<f64> = mine
                .iter()
                .filter(|r| r.n == n)
                .filter_map(|r| Some(r.nanos? as f64))
                .collect();
            Some(Reach {
                id: s.to_string(),
                origin: Origin::Lab,
                n,
                seconds: analysis::median_f64(nanos) / 1e9,
                stop: if n == grid_end {
                    Stop::GridEnd
                } else {
                    Stop::Timeout
                },
            })
        })
        .max_by(|a, b| a.n.cmp(&b.n).then(b.seconds.total_cmp(&a.seconds)))
}

fn reach_of(ctx: &Ctx, s: &Series, family: Family, origin: Origin) -> Option<Reach> {
    let p = s.points.iter().rev().find(|p| p.failed == 0)?;
    Some(Reach {
        id: s.approach.id.clone(),
        origin,
        n: p.n,
        seconds: p.seconds(),
        stop: if p.n == s.last()?.n {
            stop(ctx, family, &s.approach.id)
        } else {
            Stop::Timeout
        },
    })
}

/// The exhaustive placement searches drawn: of a group that takes exactly
/// the same placements, only the one measured at the most sizes (the first
/// of those), so the group's line runs as far as any of them went.
fn drawn<'s, 'a>(first: &'s [Series<'a>]) -> Vec<&'s Series<'a>> {
    let sizes = |id: &String| {
        first
            .iter()
            .find(|s| &s.approach.id == id)
            .map_or(0, |s| s.points.iter().filter(|p| p.steps.is_some()).count())
    };
    let groups = analysis::same_steps(first);
    let hidden: Vec<&String> = groups
        .iter()
        .flat_map(|g| {
            let kept = g.iter().rev().max_by_key(|id| sizes(id));
            g.iter().filter(move |id| Some(*id) != kept)
        })
        .collect();
    first
        .iter()
        .filter(|s| places_queens(s) && !hidden.contains(&&s.approach.id))
        .take(MAX_LINES)
        .collect()
}

/// Dashes each line that retraces an earlier one (the same value at most
/// of the sizes they share), so that both stay visible.
fn dash_retraced(lines: &mut [Line]) {
    for k in 1..lines.len() {
        let (earlier, rest) = lines.split_at_mut(k);
        let line = &mut rest[0];
        line.dashed = earlier.iter().any(|e| {
            let same: Vec<bool> = line
                .points
                .iter()
                .filter_map(|p| e.points.iter().find(|q| q.0 == p.0).map(|q| q.1 == p.1))
                .collect();
            2 * same.iter().filter(|&&b| b).count() > same.len()
        });
    }
}

/// The facts, if the exhaustive and local searches were measured.
pub fn facts(ctx: &Ctx) -> Option<FirstSolution> {
    let shown = drawn(&ctx.first);
    let placements: Vec<&Series> = ctx.first.iter().filter(|s| places_queens(s)).collect();
    let erratic: Vec<Erratic> = placements
        .iter()
        .filter_map(|s| {
            let (pairs, falls, rise, rise_to) = analysis::irregularity(&s.points, DENSE_UP_TO)?;
            (pairs >= 3 && falls > 0).then(|| Erratic {
                id: s.approach.id.clone(),
                pairs,
                falls,
                rise,
                rise_to,
                zigzag: zigzag(&s.points, DENSE_UP_TO),
            })
        })
        .collect();
    let mut reaches: Vec<Reach> = Vec::new();
    if let Some(r) = ctx
        .first
        .iter()
        .filter_map(|s| reach_of(ctx, s, Family::First, Origin::Grid))
        .max_by(|a, b| a.n.cmp(&b.n).then(b.seconds.total_cmp(&a.seconds)))
    {
        reaches.push(r);
    }
    reaches.extend(lab_reach(ctx));
    if let Some(t) = ctx.local("mrv-tuned") {
        reaches.extend(reach_of(ctx, t, Family::Local, Origin::Tuned));
    }
    reaches.sort_by(|a, b| b.n.cmp(&a.n).then(a.seconds.total_cmp(&b.seconds)));
    let local: Vec<Local> = LOCAL
        .iter()
        .filter_map(|id| {
            let s = find(&ctx.local, id)?;
            let p = s.last()?;
            Some(Local {
                id: id.to_string(),
                n: p.n,
                seconds: p.seconds(),
                runs: p.ok + p.failed,
                failed: p.failed,
            })
        })
        .collect();
    Some(FirstSolution {
        dense_up_to: DENSE_UP_TO,
        drawn: shown.len(),
        erratic_count: erratic.len(),
        erratic: erratic.into_iter().next()?,
        same_steps: analysis::same_steps(&ctx.first),
        reaches,
        growth: growth(find(&ctx.local, LOCAL[0])?)?,
        largest_board: local
            .iter()
            .map(|l| l.n)
            .chain(super::long_runs(ctx, "swap-search").iter().map(|r| r.n))
            .max()?,
        long_runs: super::long_runs(ctx, "swap-search")
            .into_iter()
            .map(|r| LongBoard {
                n: r.n,
                seconds: r.seconds,
                peak: r.peak,
                written: r.written,
                verified: r.verified,
            })
            .collect(),
        local,
    })
}

fn figures(ctx: &Ctx) -> Vec<Figure> {
    let dense = |l: Line| Line {
        points: l
            .points
            .into_iter()
            .filter(|p| p.0 <= DENSE_UP_TO as f64)
            .collect(),
        spread: Vec::new(),
        ..l
    };
    let mut contrast: Vec<Line> = DRAWN_LOCAL
        .iter()
        .filter_map(|id| Some(line(find(&ctx.local, id)?, &time)))
        .collect();
    contrast.extend(ctx.local("mrv-tuned").map(|s| line(s, &time)));
    contrast.extend(ctx.first("mrv").map(|s| line(s, &time)));
    // Medians only: the whiskers of four series on a log–log chart clutter it.
    for l in &mut contrast {
        l.spread.clear();
    }
    let mut exhaustive: Vec<Line> = drawn(&ctx.first)
        .iter()
        .map(|s| dense(line(s, &steps)))
        .collect();
    dash_retraced(&mut exhaustive);
    vec![
        Figure {
            chart: Chart::Line(LineChart {
                references: Vec::new(),
                name: "first_exhaustive_steps",
                title: format!("Queen placements to the first solution, n ≤ {DENSE_UP_TO}"),
                x_desc: N_AXIS.into(),
                y_desc: "queen placements (log scale)".into(),
                x_log: false,
                y_log: true,
                y_unit: Unit::Count,
                lines: exhaustive,
            }),
        },
        Figure {
            chart: Chart::Line(LineChart {
                references: Vec::new(),
                name: "first_local_time",
                title: "Time to one solution: local search and backtracking".into(),
                x_desc: "n (board size = number of queens, log scale)".into(),
                y_desc: "median time (log scale)".into(),
                x_log: true,
                y_log: true,
                y_unit: Unit::Seconds,
                lines: contrast,
            }),
        },
    ]
}

pub(super) fn chapter(ctx: &Ctx) -> Option<super::Chapter> {
    Some(super::Chapter::new(&facts(ctx)?, figures(ctx)))
}

#[cfg(test)]
mod tests;

// The fixtures of the course tests: the flips and what the branches say.
#[cfg(test)]
mod fixtures;
#[cfg(test)]
pub(super) use fixtures::{SAYS, flips};
