//! `cargo xtask peers --only aima`: aima-python, the code of Russell &
//! Norvig's *Artificial Intelligence: A Modern Approach* (MIT), installed
//! from PyPI (`python::PACKAGES`) into `target/aima-python` and driven by
//! our `driver.py`, side by side with `queens`:
//!
//! - `backtracking_search` (AIMA 3rd ed. Fig. 6.5) on `NQueensCSP(n)` in
//!   its twelve settings against `queens --algo csp --first` with the
//!   matching knobs (`cause::Setting`): nodes (`nassigns`, our steps) and
//!   first boards, and why they differ (`cause::cause`);
//! - `min_conflicts` (Fig. 6.8) against `min-conflicts-random` (`mc`).
//!
//! The rows go to `reports/data/aima_python.csv` (staged: nothing is
//! written on failure). Without python3, or when pip cannot install the
//! package, the peer says so in one line and is skipped.

mod cause;
mod mc;
mod python;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use self::cause::{Outcome, Setting};
use self::python::{Ended, Env, run_limited};
use crate::data::aima_python::{FILE, Row};
use crate::data::meta::Meta;
use crate::stage::Stage;
use crate::{Error, Result, bail};

/// The sizes of a full run; `--quick` takes 4..=8.
pub const SIZES: std::ops::RangeInclusive<u64> = 4..=30;
/// The largest size of `--quick`.
const QUICK_MAX: u64 = 8;
/// The time limit of one backtracking run, either side.
const DEADLINE: Duration = Duration::from_secs(10);
/// A setting stops after this many sizes in a row with a timeout.
const STOP_AFTER: usize = 2;
/// aima's `random.seed` for the backtracking runs.
const SEED: u64 = 1;

/// What the aima peer runs.
#[derive(Clone, Debug)]
pub struct AimaOptions {
    /// Board sizes (empty: all of `SIZES`, or 4..=8 with `quick`).
    pub sizes: Vec<u64>,
    /// Small sizes, few seeds.
    pub quick: bool,
    /// min_conflicts seeds per n (`--runs`).
    pub seeds: Option<usize>,
    /// Where the CSV goes (`reports/data`).
    pub data_dir: PathBuf,
}

/// The driver script, ours.
fn driver() -> PathBuf {
    crate::project_root().join("xtask/src/peers/aima/driver.py")
}

/// Fails when a size is outside `SIZES`.
pub fn check_sizes(sizes: &[u64]) -> Result<()> {
    if let Some(n) = sizes.iter().find(|n| !SIZES.contains(n)) {
        bail!("the aima peer runs n = 4 to 30, not {n}");
    }
    Ok(())
}

/// Runs the peer; returns its table, or `None` when it was skipped.
pub fn run(queens: &Path, opts: &AimaOptions) -> Result<Option<String>> {
    check_sizes(&opts.sizes)?;
    let venv = crate::project_root().join("target/aima-python");
    let env = match python::prepare("python3", &venv, &python::PACKAGES)? {
        Ok(env) => env,
        Err(reason) => {
            eprintln!("xtask: aima peer skipped: {reason}");
            return Ok(None);
        }
    };
    let start = Instant::now();
    let sizes: Vec<u64> = if !opts.sizes.is_empty() {
        opts.sizes.clone()
    } else if opts.quick {
        (*SIZES.start()..=QUICK_MAX).collect()
    } else {
        SIZES.collect()
    };
    let meta = Meta::collect("peers", Default::default(), String::new());
    let blank = Row {
        kind: "backtracking".into(),
        setting: String::new(),
        ours: String::new(),
        n: 0,
        aima_status: String::new(),
        aima_nodes: None,
        aima_board: None,
        ours_status: String::new(),
        ours_nodes: None,
        ours_board: None,
        fixed_nodes: None,
        agree: "unknown".into(),
        cause: String::new(),
        seed: SEED,
        seeds: None,
        aima_solved_default: None,
        aima_solved_ours_budget: None,
        aima_timeouts: None,
        aima_median_steps: None,
        ours_solved_default: None,
        ours_solved_ours_budget: None,
        ours_median_steps: None,
        package: format!("aima {}", python::AIMA_VERSION),
        python: env.version.clone(),
        date: meta.date.clone(),
        machine: format!("{}, {} cores", meta.cpu_model, meta.cores),
    };
    let mut rows = Vec::new();
    for setting in Setting::all() {
        let mut timeouts = 0;
        for &n in &sizes {
            let mut row = Row {
                setting: setting.name(),
                ours: setting.our_knobs().join("/"),
                n: n as usize,
                ..blank.clone()
            };
            if timeouts >= STOP_AFTER {
                (row.aima_status, row.ours_status, row.cause) =
                    ("skipped".into(), "skipped".into(), "timeout".into());
                rows.push(row);
                continue;
            }
            compare(&env, queens, &setting, n, &mut row)?;
            eprintln!(
                "xtask: aima {} n = {n}: {} vs {} nodes, {}",
                row.setting,
                cell(row.aima_nodes, &row.aima_status),
                cell(row.ours_nodes, &row.ours_status),
                row.cause
            );
            timeouts = if row.cause == "timeout" {
                timeouts + 1
            } else {
                0
            };
            rows.push(row);
        }
    }
    let seeds = opts.seeds.unwrap_or(if opts.quick { 5 } else { 100 });
    for &n in &sizes {
        rows.push(mc::compare(&env, &driver(), queens, n, seeds, &blank)?);
    }
    let stage = Stage::new(&opts.data_dir)?;
    crate::data::write_csv(&stage.path().join(FILE), &rows)?;
    stage.commit(&[FILE])?;
    eprintln!("xtask: wrote {}", opts.data_dir.join(FILE).display());
    Ok(Some(table(&rows, start.elapsed())))
}

/// A nodes cell: the number, or the status.
fn cell(nodes: Option<u64>, status: &str) -> String {
    nodes.map_or(status.to_string(), |x| x.to_string())
}

/// A board as the CSV writes it: 1-based, space-separated.
fn board_text(board: &[u32]) -> String {
    board
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Fills `row` with both sides' runs and the cause.
fn compare(env: &Env, queens: &Path, setting: &Setting, n: u64, row: &mut Row) -> Result<()> {
    let knobs = setting.our_knobs();
    let mut cmd = Command::new(queens);
    cmd.args(["--algo", "csp", "--first", "--json", "--order", knobs[0]])
        .args([
            "--values",
            knobs[1],
            "--propagate",
            knobs[2],
            &n.to_string(),
        ]);
    let ours: Outcome = match run_limited(&mut cmd, DEADLINE)? {
        Ended::Killed => None,
        Ended::Exited(true, out, _) => {
            let v: serde_json::Value = serde_json::from_str(&out)
                .map_err(|e| Error(format!("queens --json printed no record ({e}): {out}")))?;
            let steps = v["steps"].as_u64();
            let board: Option<Vec<u32>> = v["solution"].as_array().map(|a| {
                a.iter()
                    .filter_map(|c| c.as_u64().map(|c| c as u32))
                    .collect()
            });
            steps.zip(board)
        }
        Ended::Exited(false, _, err) => bail!("queens csp {} n = {n} failed: {err}", row.ours),
    };
    row.ours_status = if ours.is_some() { "ok" } else { "timeout" }.into();
    if let Some((steps, board)) = &ours {
        (row.ours_nodes, row.ours_board) = (Some(*steps), Some(board_text(board)));
    }
    let sets: Vec<String> = setting
        .fix_sets()
        .iter()
        .map(|s| {
            let names: Vec<&str> = s.iter().map(|f| f.name()).collect();
            if names.is_empty() {
                "-".to_string()
            } else {
                names.join(",")
            }
        })
        .collect();
    // aima as installed first; the fixes only when it differs.
    let mut runs = aima_runs(env, setting, n, &sets[..1])?;
    row.aima_status = if runs[0].is_some() { "ok" } else { "timeout" }.into();
    if let Some((nodes, board)) = &runs[0] {
        (row.aima_nodes, row.aima_board) = (Some(*nodes), Some(board_text(board)));
    }
    if runs[0].is_some() && ours.is_some() && runs[0] != ours {
        runs.extend(aima_runs(env, setting, n, &sets[1..])?);
        row.fixed_nodes = runs[1].as_ref().map(|r| r.0);
    }
    row.cause = cause::cause(setting, &runs, &ours);
    row.agree = match row.cause.as_str() {
        "same" => "yes",
        "timeout" => "unknown",
        _ => "no",
    }
    .into();
    Ok(())
}

/// aima's runs of `setting` at `n`, one per fix set (`None`: timed out);
/// boards 1-based, as ours.
fn aima_runs(env: &Env, setting: &Setting, n: u64, sets: &[String]) -> Result<Vec<Outcome>> {
    let mut cmd = Command::new(&env.python);
    cmd.arg(driver())
        .arg("backtrack")
        .args(setting.driver_args())
        .args([
            n.to_string(),
            SEED.to_string(),
            DEADLINE.as_secs().to_string(),
        ])
        .args(sets);
    // The driver stops each run at the deadline itself; this is a guard.
    let guard = DEADLINE * (sets.len() as u32 + 1) + Duration::from_secs(30);
    let out = match run_limited(&mut cmd, guard)? {
        Ended::Exited(true, out, _) => out,
        Ended::Exited(false, _, err) => {
            bail!("aima driver {} n = {n} failed: {err}", setting.name())
        }
        Ended::Killed => bail!("aima driver {} n = {n} passed its deadline", setting.name()),
    };
    let runs: Vec<Outcome> = out
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line)
                .map_err(|e| Error(format!("aima driver printed '{line}': {e}")))?;
            let board = v["board"].as_array().map(|a| {
                a.iter()
                    .filter_map(|c| c.as_u64().map(|c| c as u32 + 1))
                    .collect::<Vec<_>>()
            });
            Ok(v["nodes"].as_u64().zip(board))
        })
        .collect::<Result<_>>()?;
    if runs.len() != sets.len() {
        bail!(
            "aima driver {} n = {n}: {} lines for {} runs",
            setting.name(),
            runs.len(),
            sets.len()
        );
    }
    Ok(runs)
}

/// The terminal table: per setting, where both sides agree and why not;
/// then min_conflicts per n.
pub fn table(rows: &[Row], took: Duration) -> String {
    let mut t = String::from(
        "\naima-python (PyPI aima) beside queens: backtracking_search on NQueensCSP(n) \
         vs queens --algo csp --first.\n\n| aima setting | our knobs | agree at n | cause: n |\n|---|---|---|---|\n",
    );
    for setting in Setting::all() {
        let name = setting.name();
        let mine: Vec<&Row> = rows.iter().filter(|r| r.setting == name).collect();
        let Some(first) = mine.first() else { continue };
        let agree: Vec<String> = mine
            .iter()
            .filter(|r| r.agree == "yes")
            .map(|r| r.n.to_string())
            .collect();
        let mut causes: Vec<(String, Vec<usize>)> = Vec::new();
        for r in mine.iter().filter(|r| r.agree != "yes") {
            match causes.iter_mut().find(|(c, _)| *c == r.cause) {
                Some((_, ns)) => ns.push(r.n),
                None => causes.push((r.cause.clone(), vec![r.n])),
            }
        }
        let causes: Vec<String> = causes
            .iter()
            .map(|(c, ns)| format!("{c}: {}", spans(ns)))
            .collect();
        let agree = spans(
            &agree
                .iter()
                .filter_map(|s| s.parse().ok())
                .collect::<Vec<_>>(),
        );
        let _ = writeln!(
            t,
            "| {name} | {} | {agree} | {} |",
            first.ours,
            causes.join("; ")
        );
    }
    t.push_str(&mc::table(rows));
    let _ = writeln!(t, "\nThe aima peer took {:.0} s.", took.as_secs_f64());
    t
}

/// Sizes as ranges: `4-8, 10`.
fn spans(ns: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < ns.len() {
        let mut j = i;
        while j + 1 < ns.len() && ns[j + 1] == ns[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            ns[i].to_string()
        } else {
            format!("{}-{}", ns[i], ns[j])
        });
        i = j + 1;
    }
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_spans() {
        assert_eq!(spans(&[4, 5, 6, 8, 10, 11]), "4-6, 8, 10-11");
        assert_eq!(spans(&[]), "none");
        assert!(check_sizes(&[4, 30]).is_ok());
        assert!(check_sizes(&[31]).unwrap_err().0.contains("not 31"));
    }
}
