//! `starts ID N FIRST_SEED SEEDS [MAX_STEPS] [KNOB=VALUE]...`: many random
//! starts of one find-one approach, in one process, for the textbook study
//! of `cargo xtask measure` (issue 26: "over at least 10 000 random 8-queens
//! starts per method").
//!
//! Runs the registered approach ID at n for the seeds `FIRST_SEED ..
//! FIRST_SEED + SEEDS`, each with its steps counted (`Steps::Count`), and
//! prints a CSV header and one row per seed (see [`HEADER`]). A start that
//! gives up (`Refusal::GaveUp`) is a row with `solved` false and the steps it
//! spent; any other refusal stops the run. A board that does not verify is
//! a bug: the run stops with exit status 1. Batching the seeds in one
//! process keeps 10 000 starts at n = 8 to well under a second for most
//! methods, where one `queens` process per start would spend its time
//! starting up.
//!
//! Bad arguments: one line on stderr, exit status 2; `--help` explains the
//! arguments and columns. A closed standard output ends the run quietly.

use std::io::{BufWriter, ErrorKind, Write};
use std::process::ExitCode;
use std::time::Instant;

use queens_approaches::REGISTRY;
use queens_core::{Approach, Kind, Options, Refusal, Steps, is_solution};

/// The CSV header: the approach id, n, the seed, whether the start found a
/// board, the steps it spent (the approach's own unit, see `queens --help`),
/// its restarts (empty when the approach reports none, or gave up), and the
/// wall time of the counted run in nanoseconds.
const HEADER: &str = "approach,n,seed,solved,steps,restarts,nanos";

/// What `--help` prints.
const HELP: &str = concat!(
    "\
starts ID N FIRST_SEED SEEDS [MAX_STEPS] [KNOB=VALUE]...
starts -h | --help | -V | --version

Runs the find-one approach ID (see `queens --help`) at N queens once per
seed FIRST_SEED .. FIRST_SEED + SEEDS - 1, counting its steps, and prints CSV:
  approach  the approach id
  n         the number of queens
  seed      the seed of the start
  solved    true when the start found a board (checked), false when it gave up
  steps     the steps it spent, in the approach's own unit
  restarts  the restarts it made (empty when it reports none, or gave up)
  nanos     the wall time of the run, steps counted, in nanoseconds
MAX_STEPS is the step budget of each start (default: the approach's own);
KNOB=VALUE sets one of the approach's knobs, e.g. pick=random-conflicted.
Exit status 1: an approach returned a board that does not verify, or the
output could not be written; 2: bad arguments or a refused run.
",
    queens_core::exit_status_table!()
);

/// Why a run stopped early.
enum Stop {
    /// Bad arguments or a refused run (exit 2).
    Usage(String),
    /// A board that does not verify, or output that cannot be written
    /// (exit 1).
    Bug(String),
    /// Standard output was closed: end quietly.
    Closed,
}

/// Parses one whole-number argument; the error names it.
fn number(s: &str, name: &str) -> Result<u64, Stop> {
    s.trim()
        .parse()
        .map_err(|_| Stop::Usage(format!("{name} must be a whole number, not '{s}'")))
}

/// A `KNOB=VALUE` argument, checked against the knobs the approach reads.
fn knob(approach: &dyn Approach, arg: &str) -> Result<(&'static str, String), Stop> {
    let id = approach.info().id;
    let (name, value) = arg
        .split_once('=')
        .ok_or_else(|| Stop::Usage(format!("'{arg}' is not KNOB=VALUE")))?;
    let known = approach.knobs();
    let name = known.iter().find(|k| **k == name).ok_or_else(|| {
        Stop::Usage(format!(
            "{id} has no knob '{name}' (it has: {})",
            if known.is_empty() {
                "none".to_string()
            } else {
                known.join(", ")
            }
        ))
    })?;
    Ok((name, value.to_string()))
}

fn run(args: &[String]) -> Result<(), Stop> {
    if args.len() < 4 {
        return Err(Stop::Usage(
            "usage: starts ID N FIRST_SEED SEEDS [MAX_STEPS] [KNOB=VALUE]... (see --help)".into(),
        ));
    }
    let approach = REGISTRY
        .get(&args[0])
        .map_err(|e| Stop::Usage(e.to_string()))?;
    let id = approach.info().id;
    if approach.info().kind != Kind::FindOne {
        return Err(Stop::Usage(format!(
            "{id} enumerates every board; starts runs find-one approaches"
        )));
    }
    let n = usize::try_from(number(&args[1], "N")?)
        .map_err(|_| Stop::Usage("N is too large".into()))?;
    let first = number(&args[2], "FIRST_SEED")?;
    let seeds = number(&args[3], "SEEDS")?;
    first
        .checked_add(seeds)
        .ok_or_else(|| Stop::Usage("FIRST_SEED + SEEDS overflows".into()))?;
    let mut rest = &args[4..];
    let mut max_steps = None;
    if let Some(s) = rest.first().filter(|s| !s.contains('=')) {
        max_steps = Some(number(s, "MAX_STEPS")?);
        rest = &rest[1..];
    }
    let knobs = rest
        .iter()
        .map(|a| knob(approach, a))
        .collect::<Result<Vec<_>, _>>()?;
    approach.check(n).map_err(|e| Stop::Usage(e.to_string()))?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let write = |out: &mut BufWriter<_>, line: &str| {
        writeln!(out, "{line}").map_err(|e| match e.kind() {
            ErrorKind::BrokenPipe => Stop::Closed,
            _ => Stop::Bug(format!("cannot write the output: {e}")),
        })
    };
    write(&mut out, HEADER)?;
    for seed in first..first + seeds {
        let opts = Options {
            seed,
            max_steps,
            knobs: knobs.clone(),
            ..Options::default()
        };
        let clock = Instant::now();
        let result = approach.first(n, &opts, Steps::Count);
        let nanos = clock.elapsed().as_nanos();
        let line = match result {
            Ok(outcome) => {
                let board = outcome.solution.as_deref().unwrap_or_default();
                if outcome.solutions == 1 && !(board.len() == n && is_solution(board)) {
                    return Err(Stop::Bug(format!(
                        "{id} returned a board that is not a solution (n = {n}, seed {seed})"
                    )));
                }
                let restarts = outcome
                    .extra
                    .iter()
                    .find(|(k, _)| *k == "restarts")
                    .map_or(String::new(), |(_, v)| v.to_string());
                let steps = outcome.steps.unwrap_or_default();
                format!(
                    "{id},{n},{seed},{},{steps},{restarts},{nanos}",
                    outcome.solutions == 1
                )
            }
            Err(Refusal::GaveUp { steps, .. }) => format!("{id},{n},{seed},false,{steps},,{nanos}"),
            Err(e) => return Err(Stop::Usage(e.to_string())),
        };
        write(&mut out, &line)?;
    }
    out.flush().map_err(|e| match e.kind() {
        ErrorKind::BrokenPipe => Stop::Closed,
        _ => Stop::Bug(format!("cannot write the output: {e}")),
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let version = env!("CARGO_PKG_VERSION");
    if let Some(status) =
        queens_core::usage::help_or_version(&args, "starts", version, || format!("{HELP}\n"))
    {
        return ExitCode::from(status);
    }
    match run(&args) {
        Ok(()) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Err(Stop::Usage(e)) => {
            queens_core::say!("starts: {e}");
            ExitCode::from(2)
        }
        Err(Stop::Bug(e)) => {
            queens_core::say!("starts: {e}");
            ExitCode::from(1)
        }
    }
}
