//! aima-python's `min_conflicts(csp, max_steps=100000)` (AIMA 3rd ed.
//! Fig. 6.8) beside our `min-conflicts-random`, seed by seed.
//!
//! A step is the same on both sides: one conflicted queen moved to a row
//! of fewest conflicts, ties at random, possibly its own row (aima draws
//! among the conflicted variables; ours draws a random column and skips an
//! unattacked queen, counting only the moves as steps). What differs:
//! ours restarts after n² iterations, aima never restarts; and aima's loop
//! tests for a solution before each move, so a solution made by the last
//! move of its budget is not seen (solved within K steps means at most
//! K − 1 moves; ours, at most K). Each aima seed runs once at our budget,
//! which also answers for 100 000 steps, since a budget changes nothing
//! before it is reached.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use super::python::{Ended, Env, run_limited};
use crate::data::aima_python::Row;
use crate::{Error, Result, bail};

/// aima's default `max_steps`.
pub const AIMA_BUDGET: u64 = 100_000;
/// The time limit of one aima seed (a failure at our budget of 10⁶ moves
/// takes a minute at n = 30 in Python).
const SEED_DEADLINE: Duration = Duration::from_secs(3);

/// The median of `xs` (none when empty).
fn median(mut xs: Vec<u64>) -> Option<f64> {
    xs.sort_unstable();
    let m = xs.len() / 2;
    match xs.len() {
        0 => None,
        len if len % 2 == 1 => Some(xs[m] as f64),
        _ => Some((xs[m - 1] + xs[m]) as f64 / 2.0),
    }
}

/// One aima seed: its status and moves.
#[derive(Debug, PartialEq, Eq)]
struct Seed {
    status: String,
    steps: u64,
}

/// The `min_conflicts` row at `n` over seeds 1..=`seeds`.
pub fn compare(
    env: &Env,
    driver: &Path,
    queens: &Path,
    n: u64,
    seeds: usize,
    blank: &Row,
) -> Result<Row> {
    let budget = queens_min_conflicts::default_budget(n as usize);
    let mut cmd = Command::new(&env.python);
    cmd.arg(driver).arg("min-conflicts").args([
        n.to_string(),
        "1".into(),
        seeds.to_string(),
        budget.to_string(),
        SEED_DEADLINE.as_secs().to_string(),
    ]);
    let guard = SEED_DEADLINE * (seeds as u32 + 1) + Duration::from_secs(60);
    let out = match run_limited(&mut cmd, guard)? {
        Ended::Exited(true, out, _) => out,
        Ended::Exited(false, _, err) => bail!("aima driver min_conflicts n = {n} failed: {err}"),
        Ended::Killed => bail!("aima driver min_conflicts n = {n} passed its deadline"),
    };
    let aima: Vec<Seed> = out
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line)
                .map_err(|e| Error(format!("aima driver printed '{line}': {e}")))?;
            Ok(Seed {
                status: v["status"].as_str().unwrap_or("").to_string(),
                steps: v["steps"].as_u64().unwrap_or(0),
            })
        })
        .collect::<Result<_>>()?;
    if aima.len() != seeds {
        bail!(
            "aima driver min_conflicts n = {n}: {} lines for {seeds} seeds",
            aima.len()
        );
    }
    let solved = |s: &&Seed, k: u64| s.status == "solved" && s.steps < k;
    let mut ours = Vec::new();
    for seed in 1..=seeds {
        let mut cmd = Command::new(queens);
        cmd.args([
            "--algo",
            "min-conflicts-random",
            "--first",
            "--json",
            "--seed",
        ])
        .args([seed.to_string(), n.to_string()]);
        match run_limited(&mut cmd, Duration::from_secs(60))? {
            Ended::Exited(true, out, _) => {
                let v: serde_json::Value = serde_json::from_str(&out)
                    .map_err(|e| Error(format!("queens --json printed no record ({e}): {out}")))?;
                ours.push(v["steps"].as_u64());
            }
            Ended::Exited(false, _, err) if err.contains("budget") => ours.push(None),
            Ended::Exited(false, _, err) => bail!("queens min-conflicts-random n = {n}: {err}"),
            Ended::Killed => bail!("queens min-conflicts-random n = {n} ran over a minute"),
        }
    }
    let count = |x: usize| Some(x as u32);
    let timeouts = aima.iter().filter(|s| s.status == "timeout").count();
    let row = Row {
        kind: "min_conflicts".into(),
        setting: "min_conflicts".into(),
        ours: "min-conflicts-random".into(),
        n: n as usize,
        aima_status: if timeouts > 0 { "timeout" } else { "ok" }.into(),
        ours_status: "ok".into(),
        agree: "unknown".into(),
        cause: "restarts".into(),
        seeds: count(seeds),
        aima_solved_default: count(aima.iter().filter(|s| solved(s, AIMA_BUDGET)).count()),
        aima_solved_ours_budget: count(aima.iter().filter(|s| solved(s, budget)).count()),
        aima_timeouts: count(timeouts),
        aima_median_steps: median(
            aima.iter()
                .filter(|s| solved(s, budget))
                .map(|s| s.steps)
                .collect(),
        ),
        ours_solved_default: count(ours.iter().flatten().filter(|&&s| s <= AIMA_BUDGET).count()),
        ours_solved_ours_budget: count(ours.iter().flatten().count()),
        ours_median_steps: median(ours.iter().flatten().copied().collect()),
        ..blank.clone()
    };
    eprintln!(
        "xtask: aima min_conflicts n = {n}: aima {}/{seeds} within 100 000 steps, ours {}/{seeds}",
        row.aima_solved_default.unwrap_or(0),
        row.ours_solved_default.unwrap_or(0)
    );
    Ok(row)
}

/// The min_conflicts part of the terminal table.
pub fn table(rows: &[Row]) -> String {
    let mut t = String::from(
        "\nmin_conflicts (aima, no restarts) vs min-conflicts-random (ours, restarts after n² \
         iterations): solved seeds and median moves of the solved.\n\n\
         | n | seeds | aima ≤ 100 000 | aima ≤ our budget | aima timed out | aima median | \
         ours ≤ 100 000 | ours ≤ our budget | ours median |\n|---|---|---|---|---|---|---|---|---|\n",
    );
    let num = |x: Option<u32>| x.map_or("-".into(), |x| x.to_string());
    let med = |x: Option<f64>| x.map_or("-".into(), |x| format!("{x:.0}"));
    for r in rows.iter().filter(|r| r.kind == "min_conflicts") {
        let _ = writeln!(
            t,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.n,
            num(r.seeds),
            num(r.aima_solved_default),
            num(r.aima_solved_ours_budget),
            num(r.aima_timeouts),
            med(r.aima_median_steps),
            num(r.ours_solved_default),
            num(r.ours_solved_ours_budget),
            med(r.ours_median_steps),
        );
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(vec![]), None);
        assert_eq!(median(vec![5, 1, 3]), Some(3.0));
        assert_eq!(median(vec![4, 1, 3, 2]), Some(2.5));
    }
}
