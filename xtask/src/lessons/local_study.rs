//! The second half of chapter 5: seed 003's experiments (Pinella's "Extra
//! stuff") rerun on many seeds. Every claim is a comparison of two shares
//! of runs stuck, decided by Fisher's exact test at the 5 % level, or of
//! moves, decided by the ranges of the runs; the 95 % intervals are
//! Wilson's.

use serde::Serialize;

use queens_min_conflicts::{
    AIMA, AIMA_RANDOM_INIT, MIX_NEVER, MOST_CONFLICTED_N2, MOST_CONFLICTED_NEVER, NQ_MC, STALE,
    STUDY, StudySetting,
};

use super::Ctx;
use crate::analysis::local_study::{Point, fisher, solved_within, summarise, wilson};
use crate::analysis::{Judged, Verdict};
use crate::data::local_study::Row;
use crate::figure::{Chart, Figure, Line, LineChart, Share, ShareGrid, ShareRow, Unit};
use crate::style;

/// aima-python's own default for `min_conflicts` (`max_steps=100000`).
pub const AIMA_PYTHON_DEFAULT: u64 = 100_000;

/// The level of the tests.
pub const LEVEL: f64 = 0.05;

/// Runs stuck (not solved within the move budget).
#[derive(Clone, Debug, Serialize)]
pub struct Stuck {
    /// Runs stuck.
    pub stuck: usize,
    /// Runs.
    pub runs: usize,
    /// `stuck / runs`.
    pub share: f64,
}

fn stuck(p: &Point) -> Stuck {
    let stuck = p.runs - p.solved;
    Stuck {
        stuck,
        runs: p.runs,
        share: stuck as f64 / p.runs as f64,
    }
}

/// Two shares of runs stuck compared by Fisher's exact test.
#[derive(Clone, Debug, Serialize)]
pub struct Compare {
    /// The first setting.
    pub a: Stuck,
    /// The second.
    pub b: Stuck,
    /// The test's p-value.
    pub p: f64,
    /// `a` against `b`: lower or higher only when p < 5 %.
    pub verdict: Verdict,
}

fn compare(a: &Point, b: &Point) -> Compare {
    let (a, b) = (stuck(a), stuck(b));
    let p = fisher(a.stuck, a.runs, b.stuck, b.runs);
    let verdict = if p >= LEVEL {
        Verdict::WithinNoise
    } else if a.share < b.share {
        Verdict::Lower
    } else {
        Verdict::Higher
    };
    Compare { a, b, p, verdict }
}

/// Two shares' difference against its standard error under "no
/// difference" (the pooled share): the exercise's two-standard-error rule.
#[derive(Clone, Debug, Serialize)]
pub struct StandardError {
    /// The pooled share p = (k₁ + k₂) / (m₁ + m₂).
    pub pooled: f64,
    /// √(p(1 − p)(1/m₁ + 1/m₂)).
    pub se: f64,
    /// The first share minus the second.
    pub difference: f64,
    /// The difference in standard errors.
    pub z: f64,
}

/// The pooled standard error of `a`'s share minus `b`'s.
pub fn standard_error(a: Stuck, b: Stuck) -> StandardError {
    let pooled = (a.stuck + b.stuck) as f64 / (a.runs + b.runs) as f64;
    let se = (pooled * (1.0 - pooled) * (1.0 / a.runs as f64 + 1.0 / b.runs as f64)).sqrt();
    let difference = a.share - b.share;
    StandardError {
        pooled,
        se,
        difference,
        z: difference / se,
    }
}

/// Moves of the solved runs of aima-python's search, from a greedy and a
/// random first board, at one n.
#[derive(Clone, Debug, Serialize)]
pub struct StartMoves {
    /// Board size.
    pub n: usize,
    /// Median moves from the greedy start.
    pub greedy: f64,
    /// Median moves from a random board.
    pub random: f64,
    /// Greedy against random, by the ranges (fewest..most) of the runs.
    pub verdict: Judged,
}

/// The whole-run time of the 50/50 mix against nq-mc.
#[derive(Clone, Debug, Serialize)]
pub struct Slower {
    /// Board size.
    pub n: usize,
    /// Median seconds of a whole run, the mix.
    pub mix_s: f64,
    /// The same, nq-mc.
    pub random_s: f64,
    /// The mix against nq-mc, by the ranges of the runs' times.
    pub verdict: Judged,
}

/// The moves of nq-mc's solved runs at one n: median and most.
#[derive(Clone, Debug, Serialize)]
pub struct Tails {
    /// Board size.
    pub n: usize,
    /// Median.
    pub median: u64,
    /// Most.
    pub most: u64,
}

/// What the study says.
#[derive(Clone, Debug, Serialize)]
pub struct Study {
    /// Seeds per setting at the small sizes.
    pub seeds: usize,
    /// The smallest n.
    pub small: usize,
    /// The largest n.
    pub large: usize,
    /// Seeds per setting there.
    pub large_runs: usize,
    /// The move budget.
    pub budget: u64,
    /// Our cut-off for the aima settings.
    pub aima_budget: u64,
    /// aima-python's own default.
    pub aima_default: u64,
    /// Always the most-conflicted queen, no restart, against the same with
    /// restarts after n² iterations, at the small n.
    pub restart: Compare,
    /// Restarts per run of the latter.
    pub restarts_per_run: f64,
    /// The 50/50 mix, no restart, against the pure pick, at the small n.
    pub mix: Compare,
    /// Exercise 5.2: the mix's difference in standard errors.
    pub mix_se: StandardError,
    /// "Actually slower", at the large n.
    pub slower: Slower,
    /// The stale cache against exact counts, at the large n.
    pub stale: Compare,
    /// Moves of unattacked queens per stale run there.
    pub stale_unattacked: f64,
    /// aima from a random board against the greedy start, at the small n.
    pub aima: Compare,
    /// aima's moves from either start, at the small and the large n.
    pub aima_moves: Vec<StartMoves>,
    /// nq-mc's tails at the middle n.
    pub tails: Tails,
}

fn rows<'r>(all: &'r [Row], s: &StudySetting, n: usize) -> Vec<&'r Row> {
    all.iter()
        .filter(|r| r.setting == s.name && r.n == n)
        .collect()
}

fn nonempty(v: Vec<f64>) -> Option<Vec<f64>> {
    (!v.is_empty()).then_some(v)
}

/// The moves of the solved runs.
fn moves(all: &[Row], s: &StudySetting, n: usize) -> Option<Vec<f64>> {
    nonempty(
        rows(all, s, n)
            .iter()
            .filter(|r| r.solved)
            .map(|r| r.moves as f64)
            .collect(),
    )
}

/// The times of the runs, ns.
fn times(all: &[Row], s: &StudySetting, n: usize) -> Option<Vec<f64>> {
    nonempty(rows(all, s, n).iter().map(|r| r.nanos as f64).collect())
}

/// The study's facts, if it ran.
pub fn study(ctx: &Ctx) -> Option<Study> {
    let all = &ctx.data.local_study;
    let points = summarise(all);
    let at = |s: &StudySetting, n: usize| points.iter().find(|p| p.setting == s.name && p.n == n);
    let mut sizes: Vec<usize> = points.iter().map(|p| p.n).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let (&small, &large) = (sizes.first()?, sizes.last()?);
    let mid = sizes
        .iter()
        .copied()
        .find(|&n| n > small && n < large)
        .unwrap_or(small);
    let (mix_l, nq_l) = (at(&queens_min_conflicts::MAXI, large)?, at(&NQ_MC, large)?);
    let (mix_t, nq_t) = (
        times(all, &queens_min_conflicts::MAXI, large)?,
        times(all, &NQ_MC, large)?,
    );
    let stale = at(&STALE, large)?;
    let aima_moves = [small, large]
        .iter()
        .filter_map(|&n| {
            let (g, r) = (moves(all, &AIMA, n)?, moves(all, &AIMA_RANDOM_INIT, n)?);
            let verdict = Judged::counts(&g, &r);
            Some(StartMoves {
                n,
                greedy: verdict.medians[0],
                random: verdict.medians[1],
                verdict,
            })
        })
        .collect();
    let tails = at(&NQ_MC, mid)?.moves?;
    Some(Study {
        seeds: at(&NQ_MC, small)?.runs,
        small,
        large,
        large_runs: nq_l.runs,
        budget: NQ_MC.max_steps,
        aima_budget: AIMA.max_steps,
        aima_default: AIMA_PYTHON_DEFAULT,
        restart: compare(
            at(&MOST_CONFLICTED_NEVER, small)?,
            at(&MOST_CONFLICTED_N2, small)?,
        ),
        restarts_per_run: at(&MOST_CONFLICTED_N2, small)?.restarts,
        mix: compare(at(&MIX_NEVER, small)?, at(&MOST_CONFLICTED_NEVER, small)?),
        mix_se: {
            let (a, b) = (at(&MIX_NEVER, small)?, at(&MOST_CONFLICTED_NEVER, small)?);
            standard_error(stuck(a), stuck(b))
        },
        slower: Slower {
            n: large,
            mix_s: mix_l.nanos / 1e9,
            random_s: nq_l.nanos / 1e9,
            verdict: Judged::times(&mix_t, &nq_t),
        },
        stale: compare(stale, nq_l),
        stale_unattacked: stale.unattacked,
        aima: compare(at(&AIMA_RANDOM_INIT, small)?, at(&AIMA, small)?),
        aima_moves,
        tails: Tails {
            n: mid,
            median: tails[0],
            most: tails[3],
        },
    })
}

/// A setting's colour and marker, chosen for contrast (no blue beside sky
/// blue, no orange beside vermillion in one chart).
fn look(s: &StudySetting) -> (usize, usize) {
    const COLOUR: [usize; 8] = [0, 1, 3, 2, 4, 6, 7, 14];
    let i = STUDY.iter().position(|t| t.name == s.name).unwrap_or(0);
    (COLOUR[i], i)
}

fn setting_line(s: &StudySetting, points: Vec<(f64, f64)>, spread: Vec<(f64, f64, f64)>) -> Line {
    let (c, m) = look(s);
    Line {
        label: s.name.into(),
        colour: style::colour(c).into(),
        marker: style::marker(m),
        dashed: false,
        points,
        spread,
        breaks: Vec::new(),
    }
}

/// `study_success` (a table: a row per setting, a column per n, as the
/// shares crowd at 100 %) and `study_moves_8` (four settings, distinct
/// colours).
pub fn figures(ctx: &Ctx) -> Vec<Figure> {
    let all = &ctx.data.local_study;
    let points = summarise(all);
    let mut columns: Vec<usize> = points.iter().map(|p| p.n).collect();
    columns.sort_unstable();
    columns.dedup();
    let rows = STUDY
        .iter()
        .filter(|s| points.iter().any(|p| p.setting == s.name))
        .map(|s| ShareRow {
            label: s.name.into(),
            cells: columns
                .iter()
                .map(|&n| {
                    let p = points.iter().find(|p| p.setting == s.name && p.n == n)?;
                    let (lo, hi) = wilson(p.solved, p.runs);
                    Some(Share {
                        percent: 100.0 * p.solved as f64 / p.runs as f64,
                        low: 100.0 * lo,
                        high: 100.0 * hi,
                    })
                })
                .collect(),
        })
        .collect();
    let small = points.iter().map(|p| p.n).min().unwrap_or(8);
    vec![
        Figure {
            chart: Chart::Shares(ShareGrid {
                name: "study_success",
                title: "Share of runs solved, with 95 % intervals".into(),
                x_desc: "n (board size)".into(),
                columns,
                rows,
            }),
        },
        Figure {
            chart: Chart::Line(LineChart {
                references: Vec::new(),
                name: "study_moves_8",
                title: format!("Moves needed at n = {small}"),
                x_desc: "m = moves (log scale)".into(),
                y_desc: "runs solved within m moves (%)".into(),
                x_log: true,
                y_log: false,
                y_unit: Unit::Percent,
                lines: [NQ_MC, MOST_CONFLICTED_NEVER, MIX_NEVER, STALE]
                    .iter()
                    .map(|s| setting_line(s, solved_within(all, s.name, small), Vec::new()))
                    .filter(|l| !l.points.is_empty())
                    .collect(),
            }),
        },
    ]
}

#[cfg(test)]
mod standard_error_tests {
    use super::*;

    /// Exercise 5.2 by hand: 54 and 69 of 1 000; p = 123/2 000 = 0.0615,
    /// se = √(0.0615 · 0.9385 · 0.002) = 0.010 744, difference −0.015,
    /// z = −1.396.
    #[test]
    fn the_pooled_standard_error_by_hand() {
        let e = standard_error(
            Stuck {
                stuck: 54,
                runs: 1000,
                share: 0.054,
            },
            Stuck {
                stuck: 69,
                runs: 1000,
                share: 0.069,
            },
        );
        assert!((e.pooled - 0.0615).abs() < 1e-12);
        assert!((e.se - 0.010_744).abs() < 1e-6);
        assert!((e.difference + 0.015).abs() < 1e-12);
        assert!((e.z + 1.396).abs() < 1e-3);
    }
}
