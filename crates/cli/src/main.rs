//! `queens`: count, list or find N-Queens solutions with any registered approach.
//!
//! `queens N` prints `N-Queens has K solutions`; `queens -v N` first prints
//! every solution in the approach's discovery order, reproducing the Queens.py
//! assignment of seed 001 (`001_3e81ec1dea36990d.txt`). `--first` stops at the
//! first solution (the Racket write-up's backtracking, seed 003); `--json`
//! prints one machine-readable line that the report's xtask reads.
//! `--unique`, `--threads` and `--shard` steer the counters that split their
//! work; `--output` takes the board of a `--first` run; `--depths` counts the
//! nodes of the search tree at each depth; `--trace` writes the search event
//! by event (`queens_core::trace` describes the format).
//!
//! The steps, one module each: `args` (the options), `values` (how their
//! values read), `help` (the command, parsing, bad input), `applies` (which
//! options apply to which approach and run), `destination` and `cleanup`
//! (files replaced whole or not at all), `checkpoint` and `progress`
//! (`--checkpoint` and the progress line of a long count), `run` (the run
//! and its output),
//! `record` (the `--json` line), `room` (memory: a run too large for it
//! refused, a failed allocation reported), `tools` (completions, man page).
//!
//! Bad input prints one `error:` line on stderr, nothing on
//! stdout, and exits with status 2; a run that ends without its answer exits
//! with 1 (`help::EXIT_STATUS`).

mod applies;
mod args;
mod checkpoint;
mod cleanup;
mod depths;
mod destination;
mod help;
mod output;
mod progress;
mod record;
mod room;
mod run;
mod tools;
mod values;
mod words;

use std::path::Path;
use std::process::ExitCode;

use queens_approaches::REGISTRY;
use queens_core::{Approach, TraceMode};

use applies::Ctx;
use args::{Args, Mode};
use destination::Destination;
use help::Parsed;
use progress::{Elapsed, Session};
use run::{Failure, Run};

/// A failed allocation is reported (and `--json`'s line printed), not an
/// abort (`room.rs`).
#[global_allocator]
static ALLOCATOR: room::Reporting = room::Reporting;

fn main() -> ExitCode {
    let args = match help::parse() {
        Ok(Parsed::Run(args)) => args,
        Ok(Parsed::Tool(tool)) => return tools::run(tool),
        Err(status) => return status,
    };
    // Every file is dropped (a staged one removed) before the status is
    // reported: nothing exits the process from inside `run`.
    let result = run(&args);
    let complete = result.is_ok();
    let status = match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    };
    // A signal held past a complete count (`Session::finish`): its answer
    // is out, and the run ends as the signal would have.
    if let Some(signal) = cleanup::pending() {
        let _ = std::io::Write::flush(&mut std::io::stdout());
        if complete && let Some(file) = &args.checkpoint {
            queens_core::say!(
                "queens: interrupted after the count was complete: its answer is printed, and \
                 the --checkpoint file {} holds it",
                file.display()
            );
        }
        cleanup::interrupted(signal, None);
    }
    status
}

/// Checks the command line against the approach, opens the files, runs.
fn run(args: &Args) -> Result<(), Failure> {
    if let Some(refusal) = args::infeasible_count(args) {
        return Err(Failure::Infeasible(refusal));
    }
    let approach = REGISTRY
        .get(args.algo())
        .map_err(|e| Failure::Usage(e.to_string()))?;
    let mode = args.mode(approach.info().kind);
    approach
        .check(args.n())
        .map_err(|r| Failure::Usage(format!("{r}; {}", args::able(args.n(), mode))))?;
    let mut opts = args.options();
    let ctx = Ctx {
        approach,
        args,
        mode,
        opts: &opts,
    };
    applies::check(&ctx).map_err(Failure::Usage)?;
    check_trace(approach, args, mode).map_err(Failure::Usage)?;
    room::check(approach, args, mode, &opts).map_err(Failure::Infeasible)?;
    // Opened before the search, so a path that cannot be written is
    // refused at once.
    let open = |path: Option<&Path>, option| {
        path.map(|p| Destination::open(p, option))
            .transpose()
            .map_err(Failure::Usage)
    };
    let board = open(args.output.as_deref(), "--output")?;
    let trace = open(args.trace.as_deref(), "--trace")?;
    destination::apart(args, board.as_ref(), trace.as_ref()).map_err(Failure::Usage)?;
    let session = Session::start(args, approach, mode).map_err(Failure::Usage)?;
    opts.watch = session.as_ref().map(Session::watcher);
    let elapsed = session
        .is_none()
        .then(|| Elapsed::start(args, approach, mode))
        .flatten();
    Run {
        approach,
        args,
        mode,
        opts,
        board,
        trace,
        session,
        elapsed,
        late: None,
        trace_kept: false,
    }
    .go()
}

/// `--trace`: the sizes the approach traces.
fn check_trace(approach: &dyn Approach, args: &Args, mode: Mode) -> Result<(), String> {
    if args.trace.is_none() {
        return Ok(());
    }
    let id = approach.info().id;
    if let Some(trace) = approach.trace_info() {
        let mode = match mode {
            Mode::Count => TraceMode::Count,
            Mode::First => TraceMode::First,
        };
        trace
            .check(id, args.n(), mode)
            .map_err(|refusal| refusal.to_string())?;
    }
    Ok(())
}
