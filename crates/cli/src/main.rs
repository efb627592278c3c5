//! `queens`: count, list or find N-Queens solutions with any registered approach.
//!
//! `queens N` prints `N-Queens has K solutions`; `queens -v N` first prints
//! every solution in the approach's discovery order, reproducing the Queens.py
//! assignment of seed 001 (`001_3e81ec1dea36990d.txt`). `--first` stops at the
//! first solution (the Racket write-up's backtracking, seed 003); `--json`
//! prints one machine-readable line that the report's xtask reads.
//!
//! Bad input prints one `error:` line and the usage on stderr, nothing on
//! stdout, and exits with status 2.

mod args;
mod record;

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

use queens_approaches::REGISTRY;
use queens_core::{Approach, Format, Kind, Options, Outcome, Refusal, Steps};

use args::{Args, Mode};
use record::Record;

fn main() -> ExitCode {
    let args = args::parse();
    let approach = REGISTRY
        .get(&args.algo)
        .unwrap_or_else(|e| args::usage_error(&e.to_string()));
    if let Err(refusal) = approach.check(args.n) {
        args::usage_error(&refusal.to_string());
    }
    let mode = args.mode(approach.info().kind);
    if args.verbose && mode == Mode::First {
        args::usage_error(&format!(
            "-v lists all solutions, but {} only finds one: drop -v",
            approach.info().id
        ));
    }
    let opts = Options {
        seed: args.seed,
        max_steps: args.max_steps,
        ..Options::default()
    };
    let result = if args.json {
        run_json(approach, &args, mode, &opts)
    } else {
        run_human(approach, &args, mode, &opts)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Refused(r @ Refusal::GaveUp { .. })) => {
            eprintln!("error: {r}");
            ExitCode::from(1)
        }
        Err(Failure::Refused(r)) => args::usage_error(&r.to_string()),
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}

/// Why a run did not complete.
enum Failure {
    Refused(Refusal),
    Io(io::Error),
}

impl From<Refusal> for Failure {
    fn from(r: Refusal) -> Self {
        Failure::Refused(r)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// The seed's output: optional listing, then the count line; or the first solution.
fn run_human(
    approach: &dyn Approach,
    args: &Args,
    mode: Mode,
    opts: &Options,
) -> Result<(), Failure> {
    let n = args.n;
    let mut out = BufWriter::new(io::stdout().lock());
    match mode {
        Mode::Count if args.verbose => {
            let mut written: io::Result<()> = Ok(());
            let outcome = approach.visit(n, opts, &mut |cols| {
                written = write_solution(&mut out, args.format(), cols);
                if written.is_ok() {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            })?;
            written?;
            writeln!(out, "{n}-Queens has {} solutions", outcome.solutions)?;
        }
        Mode::Count => {
            let outcome = approach.count(n, opts, Steps::Skip)?;
            writeln!(out, "{n}-Queens has {} solutions", outcome.solutions)?;
        }
        Mode::First => {
            let outcome = approach.first(n, opts, Steps::Count)?;
            match &outcome.solution {
                Some(cols) => {
                    write_solution(&mut out, args.format(), cols)?;
                    let steps = outcome.steps.unwrap_or(0);
                    writeln!(
                        out,
                        "{n}-Queens: first solution found after {steps} {}",
                        approach.info().step_unit
                    )?;
                }
                None => writeln!(out, "{n}-Queens has no solution")?,
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// One solution in the chosen format, on its own line(s). A board's rows end
/// in a newline already, so boards come out separated by a blank line.
fn write_solution(out: &mut impl Write, format: Format, cols: &[u32]) -> io::Result<()> {
    writeln!(out, "{}", format.render(cols))
}

/// Exactly one JSON line. The time is that of an uninstrumented run; the steps
/// come from a second, instrumented run (skipped with `--no-steps`).
fn run_json(
    approach: &dyn Approach,
    args: &Args,
    mode: Mode,
    opts: &Options,
) -> Result<(), Failure> {
    let run = |steps: Steps| -> Result<(Outcome, u128), Refusal> {
        let start = Instant::now();
        let outcome = match mode {
            Mode::Count => approach.count(args.n, opts, steps)?,
            Mode::First => approach.first(args.n, opts, steps)?,
        };
        Ok((outcome, start.elapsed().as_nanos()))
    };
    let (mut outcome, nanos) = run(Steps::Skip)?;
    if !args.no_steps {
        let (counted, _) = run(Steps::Count)?;
        debug_assert_eq!(counted.solution, outcome.solution);
        outcome.steps = counted.steps;
    }
    let info = approach.info();
    let record = Record {
        algo: info.id,
        n: args.n,
        mode: mode.name(),
        solutions: outcome.solutions,
        steps: outcome.steps,
        nanos,
        solution: outcome
            .solution
            .map(|cols| cols.iter().map(|c| c + 1).collect()),
        seed: (info.kind == Kind::FindOne).then_some(args.seed),
        peak_bytes: record::peak_rss_bytes(),
        extra: outcome.extra.into_iter().collect(),
    };
    let mut out = io::stdout().lock();
    serde_json::to_writer(&mut out, &record).map_err(io::Error::from)?;
    writeln!(out)?;
    Ok(())
}
