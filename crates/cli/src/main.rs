//! `queens`: count, list or find N-Queens solutions with any registered approach.
//!
//! `queens N` prints `N-Queens has K solutions`; `queens -v N` first prints
//! every solution in the approach's discovery order, reproducing the Queens.py
//! assignment of seed 001 (`001_3e81ec1dea36990d.txt`). `--first` stops at the
//! first solution (the Racket write-up's backtracking, seed 003); `--json`
//! prints one machine-readable line that the report's xtask reads.
//! `--unique`, `--threads` and `--shard` steer the counters that split their
//! work; `--output` takes the board of a large `--first` run; `--depths`
//! counts the nodes of the search tree at each depth; `--trace` writes the
//! search event by event (`queens_core::trace` describes the format,
//! `trace.rs` where it goes).
//!
//! Bad input prints one `error:` line and the usage on stderr, nothing on
//! stdout, and exits with status 2.

mod args;
mod depths;
mod output;
mod record;
mod trace;

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

use queens_approaches::REGISTRY;
use queens_core::trace::{Start, TraceError};
use queens_core::{
    Approach, Format, Info, Kind, Options, Outcome, Refusal, Steps, TraceMode, TraceRun, Tracer,
    is_solution,
};

use args::{Args, Mode};
use depths::depth_lines;
use output::{BoardOutput, PRINT_LIMIT};
use record::{Extra, NODES_PER_DEPTH, Record};
use trace::TraceOutput;

fn main() -> ExitCode {
    let args = args::parse();
    let approach = REGISTRY
        .get(args.algo())
        .unwrap_or_else(|e| args::usage_error(&e.to_string()));
    if let Err(refusal) = approach.check(args.n) {
        args::usage_error(&refusal.to_string());
    }
    let mode = args.mode(approach.info().kind);
    if let Err(message) = check_combination(approach, &args, mode) {
        args::usage_error(&message);
    }
    let opts = Options {
        seed: args.seed,
        max_steps: args.max_steps,
        threads: args.threads.map_or(0, usize::from),
        shard: args.shard.unwrap_or_default(),
        knobs: args.knobs(),
    };
    // Created before the search, so a bad path is refused at once.
    let mut board_output = args.output.as_deref().map(|path| {
        BoardOutput::create(path).unwrap_or_else(|message| args::usage_error(&message))
    });
    // The trace's temporary file, created before the search too.
    let trace_output = args.trace.as_deref().map(|path| {
        TraceOutput::create(path).unwrap_or_else(|message| args::usage_error(&message))
    });
    let result = if args.json {
        run_json(
            approach,
            &args,
            mode,
            &opts,
            board_output.as_mut(),
            trace_output.as_ref(),
        )
    } else {
        run_human(
            approach,
            &args,
            mode,
            &opts,
            board_output.as_mut(),
            trace_output.as_ref(),
        )
    };
    // The trace replaces its file only when the run succeeded.
    let result = result.and_then(|()| match trace_output {
        Some(output) => output.keep().map_err(|e| Failure::Trace(TraceError::Io(e))),
        None => Ok(()),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Refused(r @ Refusal::GaveUp { .. })) => {
            eprintln!("error: {r}");
            ExitCode::from(1)
        }
        Err(Failure::Refused(r)) => args::usage_error(&r.to_string()),
        Err(Failure::Trace(e @ TraceError::TooLong { .. })) => args::usage_error(&e.to_string()),
        Err(Failure::Trace(TraceError::Io(e))) if e.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(Failure::Trace(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}

/// Options that do not fit the approach or the mode, as one message.
fn check_combination(approach: &dyn Approach, args: &Args, mode: Mode) -> Result<(), String> {
    let info = approach.info();
    let id = info.id;
    let those = |has: fn(&Info) -> bool| {
        let ids: Vec<&str> = REGISTRY
            .all()
            .iter()
            .map(|a| a.info())
            .filter(|i| has(i))
            .map(|i| i.id)
            .collect();
        ids.join(", ")
    };
    if let Some((knob, _)) = args
        .knobs()
        .into_iter()
        .find(|(k, _)| !approach.knobs().contains(k))
    {
        return Err(format!(
            "--{knob} is a knob of the constraint-search lab: it applies to --algo csp, not to {id}"
        ));
    }
    if args.verbose && mode == Mode::First {
        return Err(format!(
            "-v lists all solutions, but {id} only finds one: drop -v"
        ));
    }
    if args.depths {
        if info.kind == Kind::FindOne {
            return Err(format!(
                "--depths applies to exhaustive searches; {id} is a local search"
            ));
        }
        if let Err(refusal) = approach.node_unit() {
            return Err(format!("--depths: {refusal}"));
        }
        if args.no_steps {
            return Err(
                "--depths counts the nodes in the instrumented run, which --no-steps skips: \
                 drop one of them"
                    .into(),
            );
        }
        if args.verbose {
            return Err(
                "--depths counts the nodes of a count or a --first run, not of -v's listing: \
                 drop -v"
                    .into(),
            );
        }
    }
    if let Some(path) = &args.trace {
        let Some(trace) = approach.trace_info() else {
            return Err(format!("--trace: {id} writes no trace"));
        };
        trace
            .check(id, args.n, trace_mode(mode))
            .map_err(|refusal| refusal.to_string())?;
        if args.threads.is_some_and(|t| t > 1) || args.shard.is_some() {
            return Err(
                "--trace follows the search on one thread, its tasks in order: drop --shard, \
                 and --threads or give it 1"
                    .into(),
            );
        }
        if path.as_path() == std::path::Path::new("-") {
            let other = if args.verbose {
                Some("-v lists the solutions")
            } else if args.json {
                Some("--json prints its line")
            } else if args.output.as_deref() == Some(std::path::Path::new("-")) {
                Some("--output - writes the board")
            } else {
                None
            };
            if let Some(other) = other {
                return Err(format!(
                    "{other} on standard output, so the trace cannot go there too: give \
                     --trace a file name"
                ));
            }
        }
    }
    if args.threads.is_some() || args.shard.is_some() {
        if !info.splits {
            return Err(format!(
                "{id} does not split its count into tasks: --threads and --shard apply to {}",
                those(|i| i.splits)
            ));
        }
        if mode == Mode::First || args.verbose {
            return Err(
                "--threads and --shard apply to counting; --first and -v search on one thread"
                    .into(),
            );
        }
    }
    if args.unique && !info.counts_unique {
        return Err(format!(
            "{id} does not count fundamental solutions: --unique needs --algo {}",
            those(|i| i.counts_unique)
        ));
    }
    if args.output.is_some() && mode == Mode::Count {
        return Err("--output takes the board of a --first run: add --first".into());
    }
    if args.json && args.output.as_deref() == Some(std::path::Path::new("-")) {
        return Err("--json prints to standard output: give --output a file name".into());
    }
    Ok(())
}

/// Why a run did not complete.
enum Failure {
    Refused(Refusal),
    Io(io::Error),
    Trace(TraceError),
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

/// The trace's mode for a run's mode (a `-v` listing is a count).
fn trace_mode(mode: Mode) -> TraceMode {
    match mode {
        Mode::Count => TraceMode::Count,
        Mode::First => TraceMode::First,
    }
}

/// Runs once with a [`Tracer`] writing to `output` as the probe, and writes
/// the trace's last line: the one instrumented run of a traced `queens`.
fn run_traced(
    approach: &dyn Approach,
    args: &Args,
    opts: &Options,
    output: &TraceOutput,
    run: TraceRun<'_, '_>,
) -> Result<Outcome, Failure> {
    let info = approach.info();
    let trace = approach.trace_info().ok_or(Refusal::Unsupported {
        id: info.id,
        what: "write a trace (--trace)",
    })?;
    let start = Start {
        algo: info.id,
        n: args.n,
        mode: run.mode(),
        step: trace.step,
        node: approach.node_unit().ok(),
    };
    let mut tracer = Tracer::new(output.writer()?, &start);
    let outcome = approach.trace(args.n, opts, run, &mut tracer)?;
    tracer.finish(outcome.solutions).map_err(Failure::Trace)?;
    Ok(outcome)
}

/// The seed's output: optional listing, then the count line; or the first
/// solution (a summary line for boards too large to print). With `--trace`,
/// the run is the traced one; when the trace goes to standard output, this
/// output goes to standard error.
fn run_human(
    approach: &dyn Approach,
    args: &Args,
    mode: Mode,
    opts: &Options,
    board_output: Option<&mut BoardOutput>,
    trace: Option<&TraceOutput>,
) -> Result<(), Failure> {
    let n = args.n;
    let mut out: BufWriter<Box<dyn Write>> = BufWriter::new(match trace {
        Some(t) if t.is_stdout() => Box::new(io::stderr().lock()),
        _ => Box::new(io::stdout().lock()),
    });
    match mode {
        Mode::Count if args.verbose => {
            let mut written: io::Result<()> = Ok(());
            let mut visit = |cols: &[u32]| {
                written = write_solution(&mut out, args.format(), cols);
                if written.is_ok() {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            };
            let outcome = match trace {
                Some(t) => run_traced(approach, args, opts, t, TraceRun::List(&mut visit))?,
                None => approach.visit(n, opts, &mut visit)?,
            };
            written?;
            writeln!(out, "{}", count_line(n, &outcome, opts, args.unique))?;
        }
        Mode::Count => {
            let steps = if args.depths {
                Steps::Depths
            } else {
                Steps::Skip
            };
            let outcome = match trace {
                Some(t) => run_traced(approach, args, opts, t, TraceRun::Count)?,
                None => approach.count(n, opts, steps)?,
            };
            writeln!(out, "{}", count_line(n, &outcome, opts, args.unique))?;
            write!(out, "{}", depth_lines(approach, &outcome))?;
        }
        Mode::First => {
            let start = Instant::now();
            let steps = if args.depths {
                Steps::Depths
            } else {
                Steps::Count
            };
            let outcome = match trace {
                Some(t) => run_traced(approach, args, opts, t, TraceRun::First)?,
                None => approach.first(n, opts, steps)?,
            };
            let depths = depth_lines(approach, &outcome);
            let seconds = start.elapsed().as_secs_f64();
            let steps = outcome.steps.unwrap_or(0);
            let unit = approach.info().step_unit;
            match (&outcome.solution, board_output) {
                (None, _) => write!(out, "{n}-Queens has no solution\n{depths}")?,
                (Some(cols), None) if n <= PRINT_LIMIT => {
                    write_solution(&mut out, args.format(), cols)?;
                    writeln!(out, "{n}-Queens: first solution found after {steps} {unit}")?;
                    write!(out, "{depths}")?;
                }
                (Some(cols), destination) => {
                    let valid = if is_solution(cols) {
                        "valid"
                    } else {
                        "INVALID"
                    };
                    let summary = format!(
                        "{n}-Queens: {valid} board found after {steps} {unit} in {seconds:.3} s"
                    );
                    match destination {
                        // The board alone on stdout: the rest goes to stderr.
                        Some(BoardOutput::Stdout) => {
                            out.flush()?;
                            BoardOutput::Stdout.write(cols)?;
                            eprint!("{summary}\n{depths}");
                        }
                        Some(file) => {
                            file.write(cols)?;
                            writeln!(out, "{summary}; board written to {}", file.describe())?;
                            write!(out, "{depths}")?;
                        }
                        None => write!(
                            out,
                            "{summary} (boards over {PRINT_LIMIT} queens are not printed: \
                             --output FILE writes it)\n{depths}"
                        )?,
                    }
                }
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// The count line: all solutions, the fundamental ones with `--unique`, and
/// which shard the numbers are of.
fn count_line(n: usize, outcome: &Outcome, opts: &Options, unique: bool) -> String {
    let all = outcome.solutions;
    let what = match outcome.unique.filter(|_| unique) {
        Some(unique) => format!("{unique} fundamental solutions ({all} in all)"),
        None => format!("{all} solutions"),
    };
    if opts.shard.is_all() {
        format!("{n}-Queens has {what}")
    } else {
        format!(
            "{n}-Queens, shard {}: {what} (the {} shards add up to the count)",
            opts.shard, opts.shard.count
        )
    }
}

/// One solution in the chosen format, on its own line(s). A board's rows end
/// in a newline already, so boards come out separated by a blank line.
fn write_solution(out: &mut impl Write, format: Format, cols: &[u32]) -> io::Result<()> {
    writeln!(out, "{}", format.render(cols))
}

/// Exactly one JSON line. The time is that of an uninstrumented run; the steps
/// come from a second, instrumented run (skipped with `--no-steps`; with
/// `--trace`, the traced run), whose board is the one reported (the same, by
/// determinism; the first run's board is dropped before the second starts,
/// so peak memory is one run's).
fn run_json(
    approach: &dyn Approach,
    args: &Args,
    mode: Mode,
    opts: &Options,
    board_output: Option<&mut BoardOutput>,
    trace: Option<&TraceOutput>,
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
    if let Some(t) = trace {
        let timed = outcome.solution.take().map(|cols| cols.len());
        let run = match mode {
            Mode::Count => TraceRun::Count,
            Mode::First => TraceRun::First,
        };
        let traced = run_traced(approach, args, opts, t, run)?;
        debug_assert_eq!(traced.solutions, outcome.solutions);
        debug_assert_eq!(traced.solution.as_ref().map(Vec::len), timed);
        outcome.steps = traced.steps;
        outcome.solution = traced.solution;
    } else if !args.no_steps {
        let timed = outcome.solution.take().map(|cols| cols.len());
        // With --depths the instrumented run also counts the nodes per depth.
        let instrumented = if args.depths {
            Steps::Depths
        } else {
            Steps::Count
        };
        let (counted, _) = run(instrumented)?;
        debug_assert_eq!(counted.solutions, outcome.solutions);
        debug_assert_eq!(counted.solution.as_ref().map(Vec::len), timed);
        outcome.steps = counted.steps;
        outcome.solution = counted.solution;
        outcome.nodes_per_depth = counted.nodes_per_depth;
        // Statistics only a counting run gathers (csp's pruned and checks).
        if outcome.extra.is_empty() {
            outcome.extra = counted.extra;
        }
    }
    let info = approach.info();
    // The search's peak, read before the check and the output add their own.
    let peak_bytes = record::peak_rss_bytes();
    let valid = outcome.solution.as_deref().map(is_solution);
    let output = match (board_output, &outcome.solution) {
        (Some(destination), Some(cols)) => {
            destination.write(cols)?;
            Some(destination.describe())
        }
        _ => None,
    };
    let record = Record {
        algo: info.id,
        n: args.n,
        mode: mode.name(),
        solutions: outcome.solutions,
        unique: outcome.unique,
        steps: outcome.steps,
        nanos,
        threads: (info.splits && mode == Mode::Count).then(|| threads_used(opts)),
        shard: (!opts.shard.is_all()).then(|| opts.shard.to_string()),
        valid,
        solution: match output {
            Some(_) => None,
            None => outcome
                .solution
                .map(|cols| cols.iter().map(|c| c + 1).collect()),
        },
        output,
        seed: (info.kind == Kind::FindOne).then_some(args.seed),
        peak_bytes,
        extra: outcome
            .extra
            .into_iter()
            .map(|(key, value)| (key, Extra::Count(value)))
            .chain(
                outcome
                    .nodes_per_depth
                    .map(|nodes| (NODES_PER_DEPTH, Extra::List(nodes))),
            )
            .collect(),
    };
    let mut out = io::stdout().lock();
    serde_json::to_writer(&mut out, &record).map_err(io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

/// The threads a splitting count ran on: `--threads`, else one per core.
fn threads_used(opts: &Options) -> usize {
    match opts.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t,
    }
}
