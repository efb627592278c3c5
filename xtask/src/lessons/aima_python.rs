//! Chapter 6's comparison with aima-python, the textbook's own code
//! (`data/aima_python.csv`, written by `cargo xtask peers --only aima`):
//! per setting of its `backtracking_search`, the sizes where its nodes and
//! first board agree with the csp lab's, and the causes of the differences
//! found by its fix experiments; its `min_conflicts` against
//! `min-conflicts-random`.

use serde::Serialize;

use super::Ctx;
use crate::data::aima_python::Row;

/// How many sizes of one setting differ for one cause.
#[derive(Clone, Debug, Serialize)]
pub struct Cause {
    /// The cause's code (`restore`, `mac`, `lcv`, `blind`, `ties`, …).
    pub code: String,
    /// Sizes it played a part in.
    pub sizes: usize,
}

/// One setting of `backtracking_search`.
#[derive(Clone, Debug, Serialize)]
pub struct Setting {
    /// aima's setting, `VAR/VAL/INF`.
    pub setting: String,
    /// Our knobs, `ORDER/VALUES/PROPAGATE`.
    pub ours: String,
    /// Sizes of the study (each either compared, timed out or not run).
    pub sizes: usize,
    /// Sizes where both finished.
    pub compared: usize,
    /// The sizes where nodes and board agree.
    pub agree: Vec<usize>,
    /// The causes of the differences, most frequent first.
    pub causes: Vec<Cause>,
    /// Sizes where aima's run or ours did not finish in time.
    pub timed_out: usize,
    /// Larger sizes not run once the runs kept timing out.
    pub not_run: usize,
    /// Sizes compared whose difference has no cause because a run of
    /// aima with a fix did not finish in time.
    pub fix_timed_out: usize,
    /// Sizes a difference was left unexplained at.
    pub unexplained: usize,
}

/// `min_conflicts` against `min-conflicts-random`.
#[derive(Clone, Debug, Serialize)]
pub struct MinConflicts {
    /// Smallest n.
    pub from_n: usize,
    /// Largest n.
    pub to_n: usize,
    /// Seeds per n on each side.
    pub seeds: u32,
    /// aima's fewest solved within its 100 000 steps, and where.
    pub aima_worst: u32,
    /// The n of `aima_worst`.
    pub aima_worst_n: usize,
    /// Sizes at which aima solved every seed.
    pub aima_all: usize,
    /// Sizes compared.
    pub sizes: usize,
    /// aima's seeds not solved within its default 100 000 steps.
    pub aima_unsolved: u32,
    /// Of those, the ones our time limit per seed stopped before they
    /// solved or reached a step limit (cut short: the count solved is a
    /// lower bound).
    pub aima_timeouts: u32,
    /// Of those, the ones that ran past its 100 000 steps unsolved.
    pub aima_step_limit: u32,
    /// Whether ours solved every seed at every size.
    pub ours_all: bool,
}

/// The comparison.
#[derive(Clone, Debug, Serialize)]
pub struct AimaPython {
    /// The package (`aima 2024.9.28`).
    pub package: String,
    /// Python's version.
    pub python: String,
    /// The date of the run (day).
    pub date: String,
    /// The twelve settings (on the tables page, not in the chapter).
    #[serde(skip)]
    pub settings: Vec<Setting>,
    /// How many settings were compared.
    pub compared: usize,
    /// The largest n at which some setting agrees node by node.
    pub agree_max_n: Option<usize>,
    /// The settings that agree at some n.
    pub agreeing: usize,
    /// Every cause found, in alphabetical order (on the tables page, not
    /// in the chapter).
    #[serde(skip)]
    pub codes: Vec<String>,
    /// `min_conflicts`, if it ran (on the tables page, not in the chapter).
    #[serde(skip)]
    pub min_conflicts: Option<MinConflicts>,
}

fn setting(rows: &[&Row]) -> Setting {
    let first = rows[0];
    let mut causes: Vec<Cause> = Vec::new();
    for r in rows {
        if matches!(r.cause.as_str(), "same" | "timeout" | "unexplained") {
            continue;
        }
        for code in r.cause.split('+') {
            match causes.iter_mut().find(|c| c.code == code) {
                Some(c) => c.sizes += 1,
                None => causes.push(Cause {
                    code: code.into(),
                    sizes: 1,
                }),
            }
        }
    }
    causes.sort_by(|a, b| b.sizes.cmp(&a.sizes).then(a.code.cmp(&b.code)));
    let finished = |r: &&&Row| r.aima_status == "ok" && r.ours_status == "ok";
    let skipped = |r: &&&Row| r.aima_status == "skipped";
    Setting {
        setting: first.setting.clone(),
        ours: first.ours.clone(),
        sizes: rows.len(),
        compared: rows.iter().filter(finished).count(),
        agree: rows
            .iter()
            .filter(|r| r.agree == "yes")
            .map(|r| r.n)
            .collect(),
        causes,
        timed_out: rows.iter().filter(|r| !finished(r) && !skipped(r)).count(),
        not_run: rows.iter().filter(skipped).count(),
        fix_timed_out: rows
            .iter()
            .filter(|r| finished(r) && r.cause == "timeout")
            .count(),
        unexplained: rows.iter().filter(|r| r.cause == "unexplained").count(),
    }
}

fn min_conflicts(rows: &[&Row]) -> Option<MinConflicts> {
    let worst = rows.iter().min_by_key(|r| (r.aima_solved_default, r.n))?;
    let aima_unsolved: u32 = rows
        .iter()
        .map(|r| {
            r.seeds
                .unwrap_or(0)
                .saturating_sub(r.aima_solved_default.unwrap_or(0))
        })
        .sum();
    let aima_timeouts: u32 = rows.iter().filter_map(|r| r.aima_timeouts).sum();
    Some(MinConflicts {
        from_n: rows.iter().map(|r| r.n).min()?,
        to_n: rows.iter().map(|r| r.n).max()?,
        seeds: rows.iter().filter_map(|r| r.seeds).min()?,
        aima_worst: worst.aima_solved_default?,
        aima_worst_n: worst.n,
        aima_all: rows
            .iter()
            .filter(|r| r.aima_solved_default.is_some() && r.aima_solved_default == r.seeds)
            .count(),
        sizes: rows.len(),
        aima_unsolved,
        aima_timeouts,
        aima_step_limit: aima_unsolved.saturating_sub(aima_timeouts),
        ours_all: rows
            .iter()
            .all(|r| r.ours_solved_ours_budget.is_some() && r.ours_solved_ours_budget == r.seeds),
    })
}

/// The comparison, if the peer ran.
pub fn aima_python(ctx: &Ctx) -> Option<AimaPython> {
    let rows = &ctx.data.aima_python;
    let first = rows.first()?;
    let mut names: Vec<&str> = Vec::new();
    for r in rows.iter().filter(|r| r.kind == "backtracking") {
        if !names.contains(&r.setting.as_str()) {
            names.push(&r.setting);
        }
    }
    let settings: Vec<Setting> = names
        .iter()
        .map(|name| {
            let mine: Vec<&Row> = rows.iter().filter(|r| r.setting == *name).collect();
            setting(&mine)
        })
        .collect();
    let mut codes: Vec<String> = settings
        .iter()
        .flat_map(|s| s.causes.iter().map(|c| c.code.clone()))
        .collect();
    codes.sort();
    codes.dedup();
    let mc: Vec<&Row> = rows.iter().filter(|r| r.kind == "min_conflicts").collect();
    Some(AimaPython {
        compared: settings.len(),
        agree_max_n: settings.iter().flat_map(|s| s.agree.iter().copied()).max(),
        agreeing: settings.iter().filter(|s| !s.agree.is_empty()).count(),
        package: first.package.clone(),
        python: first.python.clone(),
        date: first.date.chars().take(10).collect(),
        settings,
        codes,
        min_conflicts: min_conflicts(&mc),
    })
}
