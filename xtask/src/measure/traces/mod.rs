//! Step-by-step traces of small searches for the box-trace pictures and the
//! step-through page: `queens --algo ID --trace - [--first] [--seed 1] N`
//! for a fixed list of runs ([`plan`]), read from its standard output (where
//! `--trace -` puts the trace, the summary going to standard error) and
//! written to `DIR/data/traces/<id>-<n>-<mode>.jsonl` with an `index.json`
//! ([`crate::data::traces`]).
//!
//! A trace grows with the tree, so the list is cut by a byte budget rather
//! than by hand: a run whose trace passes [`MAX_TRACE_BYTES`] is stopped
//! and left out (reading its output as it comes, so a huge trace costs a
//! fraction of a second), as is a size `queens` itself refuses to trace,
//! and any trace that would take the folder past [`MAX_TOTAL_BYTES`]. What
//! was left out, and why, is printed.

use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use queens_approaches::REGISTRY;
use queens_core::{Info, Kind, known};

use crate::data::traces::{self, Entry, Event, Mode};
use crate::{Context, Result, bail, format};

/// The largest trace kept, in bytes (annealing at n = 16, seed 1, takes 468 kB).
pub const MAX_TRACE_BYTES: u64 = 500_000;
/// The most the traces folder may hold, in bytes.
pub const MAX_TOTAL_BYTES: u64 = 5_000_000;
/// A run still going after this long is stopped and left out.
pub const TIMEOUT: Duration = Duration::from_secs(30);

/// Exhaustive approaches not traced with the others: half-join walks no
/// tree (it is traced at [`HALF_JOIN_N`]), and the csp lab's default knobs
/// walk exactly `bitmask`'s tree (a test), so its trace would repeat
/// bitmask's: it is traced at the settings of [`CSP`] instead.
const NO_TREE: [&str; 2] = ["half-join", "csp"];
/// The csp lab's settings traced, counting at n = 6 and first at n = 8: least
/// room to move with forward checking (O'Keefe's), row order with MAC.
const CSP: [&str; 2] = ["--order mrv --propagate forward", "--propagate arc"];
/// half-join's pairs, counting (630 lines at n = 8, 2 million at n = 13).
const HALF_JOIN_N: [usize; 2] = [6, 8];
/// Find-one searches traced at one size for their restarts, with [`SEED`]:
/// `mrv-tuned` restarts 3 times at n = 24 (`queens --algo mrv-tuned
/// --json --seed 1 24`), and at none of n = 8, 16, 32, 64.
const RESTARTS: [(&str, usize); 1] = [("mrv-tuned", 24)];
/// The local searches traced, from [`SEED`] on: a run that gives up (a
/// climb stuck at a local minimum) is taken again with the next seed, up to
/// [`SEEDS`] seeds; each is traced only up to its `quick_n`.
const LOCAL: [&str; 14] = [
    "min-conflicts-random",
    "min-conflicts-most-conflicted",
    "swap-search",
    "hill-climbing",
    "hill-climbing-sideways",
    "random-restart",
    "random-restart-sideways",
    "first-choice",
    "stochastic-hill-climbing",
    "annealing",
    "beam",
    "genetic",
    "tabu-search",
    "constraint-weighting",
];
/// Seeds a local search is tried with before its trace is left out.
const SEEDS: u64 = 20;
/// What `queens` says when it refuses a trace that would pass its bound
/// on events (`Refusal::TraceTooLong`).
const REFUSED: &str = "--trace writes at most";
/// The local searches' seed.
const SEED: u64 = 1;
/// Board sizes of the counting traces.
const COUNT_N: [usize; 3] = [4, 5, 6];
/// Board sizes of the first-solution traces.
const FIRST_N: [usize; 4] = [7, 8, 9, 10];
/// Board sizes of the local searches' traces.
const LOCAL_N: [usize; 4] = [8, 16, 32, 64];

/// One trace to take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Approach id.
    pub approach: &'static str,
    /// Board size.
    pub n: usize,
    /// Count or first.
    pub mode: Mode,
    /// The seed of a local search.
    pub seed: Option<u64>,
    /// The knobs, as `queens` takes them (the csp lab's settings).
    pub knobs: Option<&'static str>,
}

impl Run {
    /// The trace's file name.
    pub fn file(&self) -> String {
        Entry::file_name(self.approach, self.knobs, self.n, self.mode)
    }

    /// The arguments of `queens`, the trace going to standard output.
    fn args(&self) -> Vec<String> {
        let mut args = vec![
            "--algo".to_string(),
            self.approach.to_string(),
            "--trace".to_string(),
            "-".to_string(),
        ];
        if self.mode == Mode::First && self.seed.is_none() {
            args.push("--first".into());
        }
        if let Some(seed) = self.seed {
            args.extend(["--seed".to_string(), seed.to_string()]);
        }
        args.extend(
            self.knobs
                .unwrap_or("")
                .split_whitespace()
                .map(String::from),
        );
        args.push(self.n.to_string());
        args
    }

    /// `<approach> [knobs] at n = <n> (<mode>)`, for messages.
    fn what(&self) -> String {
        let knobs = self.knobs.map_or(String::new(), |k| format!(" {k}"));
        format!(
            "{}{knobs} at n = {} ({})",
            self.approach,
            self.n,
            self.mode.name()
        )
    }
}

/// The traces to take, most wanted first (the budget cuts the tail): every
/// exhaustive approach that walks a tree, counting at n = 4..6; the same
/// finding a first solution at n = 7..10 (up to the approach's largest n);
/// the local searches at n = 8, 16, 32 and 64 (up to their `quick_n`) from
/// seed 1; the csp lab's [`CSP`] settings, half-join's pairs and the
/// [`RESTARTS`].
pub fn plan() -> Vec<Run> {
    let exhaustive: Vec<&'static Info> = REGISTRY
        .all()
        .iter()
        .map(|a| a.info())
        .filter(|i| i.kind == Kind::Exhaustive && !NO_TREE.contains(&i.id))
        .collect();
    let mut runs = Vec::new();
    for (sizes, mode) in [(&COUNT_N[..], Mode::Count), (&FIRST_N[..], Mode::First)] {
        for info in &exhaustive {
            // Sizes the approach refuses outright are not asked for.
            for &n in sizes.iter().filter(|&&n| n <= info.max_n) {
                runs.push(Run {
                    approach: info.id,
                    n,
                    mode,
                    seed: None,
                    knobs: None,
                });
            }
        }
    }
    for approach in LOCAL {
        let Ok(a) = REGISTRY.get(approach) else {
            continue;
        };
        let quick = a.info().quick_n.max(LOCAL_N[0]);
        for n in LOCAL_N.into_iter().filter(|&n| n <= quick) {
            runs.push(Run {
                approach,
                n,
                mode: Mode::First,
                seed: Some(SEED),
                knobs: None,
            });
        }
    }
    let run = |approach, n, mode, seed, knobs| Run {
        approach,
        n,
        mode,
        seed,
        knobs,
    };
    for knobs in CSP {
        runs.push(run("csp", 6, Mode::Count, None, Some(knobs)));
        runs.push(run("csp", 8, Mode::First, None, Some(knobs)));
    }
    for n in HALF_JOIN_N {
        runs.push(run("half-join", n, Mode::Count, None, None));
    }
    for (approach, n) in RESTARTS {
        runs.push(run(approach, n, Mode::First, Some(SEED), None));
    }
    runs
}

/// How one run ended.
enum Outcome {
    /// Finished: the trace.
    Done(Vec<u8>),
    /// Left out, for this reason.
    Skipped(String),
    /// Left out: its trace passed [`MAX_TRACE_BYTES`] (the reason).
    Outgrown(String),
    /// A local search gave up (status 1): worth another seed.
    GaveUp,
}

/// Takes every trace of [`plan`] with the `queens` binary at `queens` and
/// writes them, with `index.json`, into `dir/traces/` (`dir` is `DIR/data`;
/// an old traces folder there is replaced). Prints which traces were left
/// out and why; fails, naming the command, when `queens` fails or writes a
/// trace that does not check.
pub fn collect(queens: &Path, dir: &Path) -> Result<()> {
    let folder = dir.join(traces::FOLDER);
    if folder.exists() {
        fs::remove_dir_all(&folder).context(|| format!("cannot remove {}", folder.display()))?;
    }
    fs::create_dir_all(&folder).context(|| format!("cannot create {}", folder.display()))?;
    let (mut entries, mut skipped, mut total) = (Vec::new(), Vec::new(), 0u64);
    // (approach, mode, knobs, n) of each trace that outgrew its budget: the
    // same search on a larger board writes no fewer events, so it is not
    // run (permutations at n = 10 builds its whole stack first: 14 s).
    let mut outgrown: Vec<(&str, Mode, Option<&str>, usize)> = Vec::new();
    for mut run in plan() {
        if let Some(&(.., at)) = outgrown
            .iter()
            .find(|o| (o.0, o.1, o.2) == (run.approach, run.mode, run.knobs) && o.3 < run.n)
        {
            skipped.push(format!(
                "{}: its trace at n = {at} already passed {}",
                run.what(),
                format::human_bytes(MAX_TRACE_BYTES as f64)
            ));
            continue;
        }
        let mut outcome = take(queens, &run)?;
        while matches!(outcome, Outcome::GaveUp) && run.seed < Some(SEED + SEEDS - 1) {
            run.seed = run.seed.map(|s| s + 1);
            outcome = take(queens, &run)?;
        }
        let text = match outcome {
            Outcome::Done(text) if total + text.len() as u64 > MAX_TOTAL_BYTES => {
                skipped.push(format!(
                    "{}: its {} would take the folder past {}",
                    run.what(),
                    format::human_bytes(text.len() as f64),
                    format::human_bytes(MAX_TOTAL_BYTES as f64)
                ));
                continue;
            }
            Outcome::Done(text) => text,
            Outcome::Skipped(why) => {
                skipped.push(format!("{}: {why}", run.what()));
                continue;
            }
            Outcome::Outgrown(why) => {
                outgrown.push((run.approach, run.mode, run.knobs, run.n));
                skipped.push(format!("{}: {why}", run.what()));
                continue;
            }
            Outcome::GaveUp => {
                skipped.push(format!(
                    "{}: gave up with each of {SEEDS} seeds",
                    run.what()
                ));
                continue;
            }
        };
        let file = folder.join(run.file());
        entries.push(check(queens, &run, &file, &text)?);
        fs::write(&file, &text).context(|| format!("cannot write {}", file.display()))?;
        total += text.len() as u64;
    }
    traces::save_index(&folder, &entries)?;
    eprintln!(
        "xtask: {} traces ({}) in {}",
        entries.len(),
        format::human_bytes(total as f64),
        folder.display()
    );
    for s in &skipped {
        eprintln!("xtask: trace left out: {s}");
    }
    Ok(())
}

/// The traces of a `report`: kept from the previous run when their
/// fingerprint is unchanged ([`super::kept`]), else collected and timed;
/// `meta` records which.
pub fn collect_or_keep(
    keeper: &super::kept::Keeper,
    queens: &Path,
    dir: &Path,
    meta: &mut crate::data::meta::Meta,
) -> Result<()> {
    use super::kept::{Study, copy_folder};
    let fingerprint = keeper.fingerprint(Study::Traces)?;
    if let Some((kept, from)) = keeper.kept(Study::Traces, &fingerprint) {
        copy_folder(&from.join(traces::FOLDER), &dir.join(traces::FOLDER))?;
        eprintln!(
            "xtask: traces kept: measured {} at {}, their code unchanged",
            kept.date,
            crate::data::meta::short_revision(&kept.git_revision)
        );
        meta.studies.push(kept);
        return Ok(());
    }
    let start = Instant::now();
    collect(queens, dir)?;
    let count = traces::load(dir)?.len();
    meta.time_spent.push(crate::data::meta::TimeSpent {
        family: Study::Traces.name().into(),
        approach: "all".into(),
        points: count,
        processes: count,
        seconds: (start.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
    });
    let now = meta.measured_now(Study::Traces.name(), fingerprint);
    meta.studies.push(now);
    Ok(())
}

/// `queens` with its arguments, as a command line for messages.
fn command_line(queens: &Path, args: &[String]) -> String {
    format!("{} {}", queens.display(), args.join(" "))
}

/// Runs one trace and returns it, stopping the run when its trace passes
/// [`MAX_TRACE_BYTES`] or the run passes [`TIMEOUT`].
fn take(queens: &Path, run: &Run) -> Result<Outcome> {
    let args = run.args();
    let shown = command_line(queens, &args);
    let mut child = Command::new(queens)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context(|| format!("cannot start `{shown}`"))?;
    let mut stderr = child.stderr.take().expect("piped");
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    // The trace, read as it comes; the reader gives up past the budget.
    let mut stdout = child.stdout.take().expect("piped");
    let read = Arc::new(AtomicU64::new(0));
    let seen = Arc::clone(&read);
    let out_reader = std::thread::spawn(move || {
        let (mut text, mut chunk) = (Vec::new(), vec![0u8; 1 << 16]);
        while let Ok(k) = stdout.read(&mut chunk) {
            if k == 0 {
                break;
            }
            text.extend_from_slice(&chunk[..k]);
            seen.store(text.len() as u64, Ordering::Relaxed);
            if text.len() as u64 > MAX_TRACE_BYTES {
                break;
            }
        }
        text
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child
            .try_wait()
            .context(|| format!("cannot wait for `{shown}`"))?
        {
            break Some(status);
        }
        if read.load(Ordering::Relaxed) > MAX_TRACE_BYTES || start.elapsed() > TIMEOUT {
            stop(&mut child);
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let text = out_reader.join().unwrap_or_default();
    let err = err_reader.join().unwrap_or_default();
    // Past the budget the reader closes the pipe, which may end the run itself.
    if text.len() as u64 > MAX_TRACE_BYTES {
        return Ok(Outcome::Outgrown(format!(
            "its trace passed {} after {}, so it was stopped",
            format::human_bytes(MAX_TRACE_BYTES as f64),
            format::human_seconds(start.elapsed().as_secs_f64())
        )));
    }
    let Some(status) = status else {
        return Ok(Outcome::Skipped(format!(
            "still running after {}, so it was stopped",
            format::human_seconds(TIMEOUT.as_secs_f64())
        )));
    };
    if !status.success() {
        let first = err
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .trim();
        // A local search that gives up (status 1) may solve with another seed.
        if status.code() == Some(1) && run.seed.is_some() {
            return Ok(Outcome::GaveUp);
        }
        // `queens` refuses (status 2) a trace it knows would pass its own bound.
        if status.code() == Some(2) && first.contains(REFUSED) {
            let why = first.strip_prefix("error: ").unwrap_or(first);
            return Ok(Outcome::Skipped(format!("queens refuses it: {why}")));
        }
        bail!("`{shown}` failed ({status}): {first}");
    }
    Ok(Outcome::Done(text))
}

/// Kills a child this module started, and reaps it.
fn stop(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}

/// Checks a finished trace (to be written to `file`): it parses, its
/// `start` line names the run, and a count finds the known number of
/// solutions (a first-solution run finds one).
fn check(queens: &Path, run: &Run, file: &Path, text: &[u8]) -> Result<Entry> {
    let shown = || command_line(queens, &run.args());
    let text = std::str::from_utf8(text).map_err(|e| {
        crate::Error(format!(
            "`{}` wrote a trace that is not UTF-8: {e}",
            shown()
        ))
    })?;
    let events =
        traces::parse(file, text).map_err(|e| crate::Error(format!("`{}`: {e}", shown())))?;
    let Some(Event::Start { algo, n, mode, .. }) = events.first() else {
        unreachable!("parse checks the start line");
    };
    if algo != run.approach || *n != run.n || *mode != run.mode {
        bail!(
            "`{}` wrote a trace of {algo} at n = {n} ({})",
            shown(),
            mode.name()
        );
    }
    let solutions = match events.last() {
        Some(Event::End { solutions, .. }) => *solutions,
        _ => unreachable!("parse checks the end line"),
    };
    let expected = match run.mode {
        Mode::Count => known::total(run.n),
        Mode::First => Some(u64::from(known::solvable(run.n))),
    };
    if Some(solutions) != expected {
        bail!(
            "`{}`: the trace ends with {solutions} solutions, {} expected",
            shown(),
            expected.map_or("none".to_string(), |e| e.to_string())
        );
    }
    Ok(Entry {
        approach: run.approach.to_string(),
        n: run.n,
        mode: run.mode,
        seed: run.seed,
        knobs: run.knobs.map(String::from),
        file: run.file(),
        events: events.len(),
    })
}

#[cfg(test)]
mod tests;
