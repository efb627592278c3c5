//! One run: the human output (the seed's count line, listings, the first
//! board or its summary) and the `--json` line, and how a run that did not
//! complete ends ([`Failure::report`]).

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use queens_core::trace::TraceError;
use queens_core::{
    Approach, Ending, Format, Options, Outcome, Refusal, Steps, TraceFailure, TraceRun,
    is_solution, write_trace,
};

use crate::args::{Args, Mode};
use crate::cleanup;
use crate::depths::depth_lines;
use crate::destination::Destination;
use crate::help::usage_error;
use crate::output::{OutputError, PRINT_LIMIT, write_board};
use crate::progress::{Elapsed, Session};
use crate::record::{self, DEAD_ENDS_PER_DEPTH, Extra, NODES_PER_DEPTH, Record};
use crate::words;

/// Whether `--json`'s one line is out (by the run, or by an interruption):
/// held while it is written, so that it is written once.
static LINE: Mutex<bool> = Mutex::new(false);

/// Everything a run needs.
pub struct Run<'a> {
    /// The chosen approach.
    pub approach: &'static dyn Approach,
    /// The command line.
    pub args: &'a Args,
    /// Count or first.
    pub mode: Mode,
    /// The options the approach reads.
    pub opts: Options,
    /// `--output`, opened before the search.
    pub board: Option<Destination>,
    /// `--trace`, opened before the search.
    pub trace: Option<Destination>,
    /// The progress line and `--checkpoint` of a long count.
    pub session: Option<Session>,
    /// The time-so-far line of a long count without tasks, cleared once
    /// the count ends (before its line is printed).
    pub elapsed: Option<Elapsed>,
    /// A file that could not be written once the work was done: reported
    /// after the result is printed, never instead of it (status 1).
    pub late: Option<Failure>,
    /// Whether the trace of a search that gave up was written to its end:
    /// a complete record of the run, so it is kept.
    pub trace_kept: bool,
}

/// Why a run did not complete.
pub enum Failure {
    /// Bad input (status 2).
    Usage(String),
    /// A run this machine cannot finish (a count no counter finishes in
    /// reasonable time, a run needing more memory than the process may
    /// take), refused in one line (status 2).
    Infeasible(String),
    /// The approach refused or gave up.
    Refused(Refusal),
    /// Writing standard output failed.
    Io(io::Error),
    /// The trace failed.
    Trace(TraceError),
    /// A file option could not be written (status 1).
    File {
        /// `--output` or `--trace`.
        option: &'static str,
        /// The file as the user named it.
        path: String,
        /// What went wrong.
        error: io::Error,
    },
    /// The board found failed the checker (status 1).
    Invalid(String),
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

impl Failure {
    /// Prints the error (if any) and gives the exit status: 2 for bad
    /// input, 1 for a run without its answer, 0 for a closed standard
    /// output (or error): the reader stopped reading, and the run ends
    /// quietly.
    pub fn report(self) -> ExitCode {
        // A search that gave up has said so in its outcome line (or in
        // --json's line): an outcome of the method, not an error.
        if matches!(self, Failure::Refused(Refusal::GaveUp { .. })) {
            return ExitCode::from(1);
        }
        if let Some(message) = self.run_error() {
            // Standard error may be closed too: nothing more to say then.
            let _ = writeln!(io::stderr(), "error: {message}");
            return ExitCode::from(1);
        }
        match self {
            Failure::Usage(message) | Failure::Infeasible(message) => usage_error(&message),
            Failure::Refused(r) => usage_error(&r.to_string()),
            Failure::Trace(e) => usage_error(&e.to_string()),
            _ => ExitCode::SUCCESS,
        }
    }

    /// Why a run ended without its answer (exit status 1); `None` for bad
    /// input (status 2) and for a closed standard stream (status 0).
    pub fn run_error(&self) -> Option<String> {
        match self {
            Failure::Usage(_)
            | Failure::Infeasible(_)
            | Failure::Trace(TraceError::TooLong { .. }) => None,
            Failure::Refused(r @ Refusal::GaveUp { .. }) => gave_up_error(r),
            Failure::Refused(r @ Refusal::OutOfMemory { .. }) => {
                Some(format!("{r}{}", crate::room::advice()))
            }
            Failure::Refused(_) => None,
            Failure::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => None,
            Failure::Io(e) => Some(format!("cannot write the output: {e}")),
            Failure::Trace(e) => Some(e.to_string()),
            Failure::File {
                option,
                path,
                error,
            } => Some(format!(
                "cannot write the {option} file {path}: {error}; it is left as it was"
            )),
            Failure::Invalid(message) => Some(message.clone()),
        }
    }
}

impl Run<'_> {
    /// The run, then the trace put in place.
    /// A file that fails after the work is reported after the result.
    pub fn go(mut self) -> Result<(), Failure> {
        let ran = if self.args.json {
            self.json()
        } else {
            self.human()
        };
        if let Err(failure) = ran {
            // The trace of a search that gave up is the run whole, the one
            // a student replays: kept. (Nothing else is: no board.)
            if self.trace_kept && matches!(failure, Failure::Refused(Refusal::GaveUp { .. })) {
                if let Some(message) = self.commit_trace().err().and_then(|f| f.run_error()) {
                    let _ = writeln!(io::stderr(), "error: {message}");
                }
            }
            return Err(failure);
        }
        let traced = self.commit_trace();
        match (traced, self.late.take()) {
            (Err(trace), Some(late)) => {
                if let Some(message) = late.run_error() {
                    let _ = writeln!(io::stderr(), "error: {message}");
                }
                Err(trace)
            }
            (Err(failure), None) | (Ok(()), Some(failure)) => Err(failure),
            (Ok(()), None) => Ok(()),
        }
    }

    /// Puts the trace in place, if not done yet.
    fn commit_trace(&mut self) -> Result<(), Failure> {
        let Some(trace) = self.trace.take() else {
            return Ok(());
        };
        let path = trace.describe();
        trace.commit().map_err(|error| Failure::File {
            option: "--trace",
            path,
            error,
        })
    }

    /// A count: with a session, the one run it follows (or the answer of
    /// a complete checkpoint), its checkpoint saved; later runs unwatched.
    fn count(&mut self, steps: Steps) -> Result<Outcome, Failure> {
        let n = self.args.n();
        let Some(session) = self.session.take() else {
            let outcome = self.approach.count(n, &self.opts, steps);
            drop(self.elapsed.take());
            return Ok(outcome?);
        };
        if let Some(tally) = session.complete() {
            let path = self.args.checkpoint.as_deref().unwrap_or(Path::new("-"));
            queens_core::say!(
                "queens: the answer comes from --checkpoint {}, which holds every task of \
                 this count finished by an earlier run; nothing was counted (remove the file \
                 to count afresh)",
                path.display()
            );
            return Ok(Outcome {
                solutions: tally.solutions,
                unique: tally.unique,
                extra: vec![(FROM_CHECKPOINT, 1)],
                ..Outcome::default()
            });
        }
        let outcome = self.approach.count(n, &self.opts, steps);
        self.opts.watch = None;
        match session.finish() {
            Ok(()) => {}
            // The count is done: it is printed, and then the save failure.
            Err(failure @ Failure::File { .. }) if outcome.is_ok() => self.late = Some(failure),
            Err(failure) => return Err(failure),
        }
        Ok(outcome?)
    }

    /// Runs once with a [`Tracer`] writing to `--trace` as the probe, and
    /// writes the trace's last line: the one instrumented run of a traced
    /// `queens`.
    fn traced(&mut self, run: TraceRun<'_, '_>) -> Result<Outcome, Failure> {
        let Some(output) = &self.trace else {
            return Err(Failure::Usage("--trace: no trace file".into()));
        };
        let writer = BufWriter::with_capacity(1 << 16, output.writer()?);
        let traced = write_trace(
            self.approach,
            self.args.n(),
            &self.opts,
            run,
            Box::new(writer),
        );
        match traced {
            Ok((outcome, _)) => Ok(outcome),
            Err(TraceFailure::Refused(r)) => Err(r.into()),
            // Its end line says how it ended, and the trace is kept.
            Err(TraceFailure::GaveUp(r, _)) => {
                self.trace_kept = true;
                Err(r.into())
            }
            // A trace on standard output fails as standard output does.
            Err(TraceFailure::Trace(TraceError::Io(e))) if output.stream().is_some() => {
                Err(Failure::Io(e))
            }
            Err(TraceFailure::Trace(e)) => Err(Failure::Trace(e)),
        }
    }

    /// Puts the board in `--output`, if given: only a valid board. Says
    /// whether the board is a solution, when it was checked for the file.
    fn put_board(&mut self, cols: &[u32]) -> (Option<bool>, Result<Option<String>, Failure>) {
        let Some(destination) = self.board.take() else {
            return (None, Ok(None));
        };
        let path = destination.describe();
        let stream = destination.stream().is_some();
        let (valid, written) = write_board(destination, cols);
        let put = match written {
            Ok(()) => Ok(Some(path)),
            Err(OutputError::Invalid) => Err(Failure::Invalid(format!(
                "the board found is not a solution; --output {path} is left as it was"
            ))),
            // `--output -` fails as standard output does.
            Err(OutputError::Io(error)) if stream => Err(Failure::Io(error)),
            Err(OutputError::Io(error)) => Err(Failure::File {
                option: "--output",
                path,
                error,
            }),
        };
        (Some(valid), put)
    }

    /// The seed's output: optional listing, then the count line; or the
    /// first solution (a summary line for boards too large to print). With
    /// `--trace -`, this output goes to standard error.
    fn human(&mut self) -> Result<(), Failure> {
        let (approach, args, n) = (self.approach, self.args, self.args.n());
        let id = approach.info().id;
        let board_to_stdout = self.board.as_ref().is_some_and(Destination::is_stdout);
        let to_stderr = board_to_stdout || self.trace.as_ref().is_some_and(Destination::is_stdout);
        let mut out: BufWriter<Box<dyn Write>> = BufWriter::new(if to_stderr {
            Box::new(io::stderr().lock())
        } else {
            Box::new(io::stdout().lock())
        });
        let steps = if args.depths {
            Steps::Depths
        } else {
            Steps::Count
        };
        match self.mode {
            Mode::Count if args.verbose => {
                let mut written: io::Result<()> = Ok(());
                let mut visit = |cols: &[u32]| {
                    written = write_solution(&mut out, args.format(), cols);
                    match written {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(_) => ControlFlow::Break(()),
                    }
                };
                let start = Instant::now();
                let outcome = match self.trace {
                    Some(_) => self.traced(TraceRun::List(&mut visit))?,
                    None => approach.visit(n, &self.opts, &mut visit)?,
                };
                let note = args.note(id, start.elapsed());
                written?;
                let line = count_line(n, &outcome, &self.opts, args.unique);
                writeln!(out, "{line}{note}")?;
            }
            Mode::Count => {
                let start = Instant::now();
                let outcome = match self.trace {
                    Some(_) => self.traced(TraceRun::Count)?,
                    None if args.depths => self.count(Steps::Depths)?,
                    None => self.count(Steps::Skip)?,
                };
                let note = if outcome.extra.contains(&(FROM_CHECKPOINT, 1)) && args.time {
                    format!(" (from the checkpoint, {id})")
                } else {
                    args.note(id, start.elapsed())
                };
                let line = count_line(n, &outcome, &self.opts, args.unique);
                writeln!(out, "{line}{note}")?;
                write!(out, "{}", depth_lines(approach, &outcome))?;
            }
            Mode::First => {
                let start = Instant::now();
                let outcome = match self.trace {
                    Some(_) => self.traced(TraceRun::First),
                    None => approach.first(n, &self.opts, steps).map_err(Failure::from),
                };
                let outcome = match outcome {
                    // The method's own ending, said as an outcome (status 1).
                    Err(Failure::Refused(gave_up @ Refusal::GaveUp { .. })) => {
                        let note = args.note(id, start.elapsed());
                        let line = gave_up_line(approach, &self.opts, &gave_up);
                        writeln!(out, "{n}-Queens: {line}{note}")?;
                        out.flush()?;
                        return Err(Failure::Refused(gave_up));
                    }
                    outcome => outcome?,
                };
                let elapsed = start.elapsed();
                let (seconds, note) = (elapsed.as_secs_f64(), args.note(id, elapsed));
                let depths = depth_lines(approach, &outcome);
                let how = found_how(approach, outcome.steps.unwrap_or(0));
                let Some(cols) = &outcome.solution else {
                    let kept = match &self.board {
                        Some(d) if !d.is_stdout() => {
                            format!(" (--output {} is left as it was)", d.describe())
                        }
                        _ => String::new(),
                    };
                    write!(out, "{n}-Queens has no solution{kept}{note}\n{depths}")?;
                    return Ok(out.flush()?);
                };
                if self.board.is_none() && n <= PRINT_LIMIT {
                    write_solution(&mut out, args.format(), cols)?;
                    let what = match how {
                        Some(how) => format!("first solution found after {how}"),
                        None => "solution constructed without a search".into(),
                    };
                    write!(out, "{n}-Queens: {what}{note}\n{depths}")?;
                    return Ok(out.flush()?);
                }
                // Checked once: beside the writing of --output's file, if any.
                let (checked, put) = self.put_board(cols);
                let valid = if checked.unwrap_or_else(|| is_solution(cols)) {
                    "valid"
                } else {
                    "INVALID"
                };
                let how = match how {
                    Some(how) => format!("found after {how}"),
                    None => "constructed without a search".into(),
                };
                let summary = format!("{n}-Queens: {valid} board {how} in {seconds:.3} s");
                out.flush()?;
                let put = match put {
                    // The board found is not lost: printed here, whatever its
                    // size, and the file's failure reported after it.
                    Err(Failure::File {
                        option,
                        path,
                        error,
                    }) => {
                        self.late = Some(Failure::File {
                            option,
                            path: path.clone(),
                            error,
                        });
                        write_solution(&mut out, args.format(), cols)?;
                        write!(
                            out,
                            "{summary}; printed above, as --output {path} could not be \
                             written\n{depths}"
                        )?;
                        return Ok(out.flush()?);
                    }
                    put => put?,
                };
                match put {
                    // The board alone on stdout: the rest goes to stderr.
                    Some(_) if board_to_stdout => write!(out, "{summary}\n{depths}")?,
                    Some(path) => write!(out, "{summary}; board written to {path}\n{depths}")?,
                    None => write!(
                        out,
                        "{summary} (boards over {PRINT_LIMIT} queens are not printed: \
                         --output FILE writes it)\n{depths}"
                    )?,
                }
            }
        }
        out.flush()?;
        Ok(())
    }

    /// Exactly one JSON line, also for a run that ends without its answer
    /// (a search that gives up, a file that cannot be written: exit status
    /// 1): the line then holds what is known and `error` says why. Bad
    /// input (status 2) prints no line.
    fn json(&mut self) -> Result<(), Failure> {
        let start = Instant::now();
        // Interrupted, the run prints its line with what is known: the
        // run's settings, the time so far, the signal in error.
        let base = self.record(Outcome::default(), 0, None, None);
        cleanup::last_words(Box::new(move |reason| {
            let mut written = LINE.lock().unwrap_or_else(|e| e.into_inner());
            if *written {
                return;
            }
            let mut record = base.clone();
            record.nanos = start.elapsed().as_nanos();
            record.peak_bytes = record::peak_rss_bytes();
            record.error = Some(reason.to_string());
            let mut out = io::stdout().lock();
            let _ = serde_json::to_writer(&mut out, &record);
            let _ = writeln!(out);
            let _ = out.flush();
            *written = true;
        }));
        let (mut record, failure) = match self.measure() {
            Ok((outcome, nanos)) => {
                let (record, failure) = self.finish(outcome, nanos);
                (record, failure.or_else(|| self.late.take()))
            }
            Err(failure) if failure.run_error().is_some() => {
                let (steps, extra) = match &failure {
                    Failure::Refused(Refusal::GaveUp {
                        steps, h, restarts, ..
                    }) => {
                        let extra = [("h", *h), ("restarts", *restarts)];
                        let known = extra.into_iter().filter_map(|(k, v)| Some((k, v?)));
                        (Some(*steps), known.collect())
                    }
                    _ => (None, Vec::new()),
                };
                let outcome = Outcome {
                    steps,
                    extra,
                    ..Outcome::default()
                };
                let nanos = start.elapsed().as_nanos();
                (self.record(outcome, nanos, None, None), Some(failure))
            }
            Err(failure) => return Err(failure),
        };
        record.error = failure.as_ref().and_then(Failure::run_error);
        let mut written = LINE.lock().unwrap_or_else(|e| e.into_inner());
        if *written {
            // An interruption printed the line and is ending the run.
            drop(written);
            loop {
                std::thread::park();
            }
        }
        *written = true;
        let mut out = io::stdout().lock();
        serde_json::to_writer(&mut out, &record).map_err(io::Error::from)?;
        writeln!(out)?;
        failure.map_or(Ok(()), Err)
    }

    /// The runs of `--json`. The time is that of an uninstrumented run; the
    /// steps come from a second, instrumented run (skipped with
    /// `--no-steps`; with `--trace`, the traced run), whose board is the one
    /// reported (the same, by determinism; the first run's board is dropped
    /// before the second starts, so peak memory is one run's).
    fn measure(&mut self) -> Result<(Outcome, u128), Failure> {
        let (approach, args, n, mode) = (self.approach, self.args, self.args.n(), self.mode);
        let run = |this: &mut Self, steps: Steps| -> Result<(Outcome, u128), Failure> {
            let start = Instant::now();
            let outcome = match mode {
                Mode::Count => this.count(steps)?,
                Mode::First => approach.first(n, &this.opts, steps)?,
            };
            Ok((outcome, start.elapsed().as_nanos()))
        };
        let (mut outcome, nanos) = match run(self, Steps::Skip) {
            // A search that gave up is traced all the same: the trace of
            // the run, kept (the same run, by determinism).
            Err(Failure::Refused(Refusal::GaveUp { .. })) if self.trace.is_some() => {
                let traced = self.traced(TraceRun::First);
                return Err(traced.err().unwrap_or(Failure::Invalid(
                    "the traced run found a board the timed run did not".into(),
                )));
            }
            ran => ran?,
        };
        if self.trace.is_some() {
            let timed = outcome.solution.take().map(|cols| cols.len());
            let traced = self.traced(match mode {
                Mode::Count => TraceRun::Count,
                Mode::First => TraceRun::First,
            })?;
            debug_assert_eq!(traced.solutions, outcome.solutions);
            debug_assert_eq!(traced.solution.as_ref().map(Vec::len), timed);
            outcome.steps = traced.steps;
            outcome.solution = traced.solution;
        } else if !args.no_steps {
            let timed = outcome.solution.take().map(|cols| cols.len());
            // With --depths the instrumented run also counts the nodes per depth.
            let (counted, _) = run(
                self,
                if args.depths {
                    Steps::Depths
                } else {
                    Steps::Count
                },
            )?;
            debug_assert_eq!(counted.solutions, outcome.solutions);
            debug_assert_eq!(counted.solution.as_ref().map(Vec::len), timed);
            outcome.steps = counted.steps;
            outcome.solution = counted.solution;
            outcome.nodes_per_depth = counted.nodes_per_depth;
            outcome.dead_ends_per_depth = counted.dead_ends_per_depth;
            // Statistics only a counting run gathers (csp's pruned and
            // checks, min-conflicts' pick_nanos): added, the timed run's own
            // values kept.
            for (key, value) in counted.extra {
                if !outcome.extra.iter().any(|(k, _)| *k == key) {
                    outcome.extra.push((key, value));
                }
            }
        }
        Ok((outcome, nanos))
    }

    /// The record of a complete run, its board and trace put in place; a
    /// file that could not be written is the failure beside it.
    fn finish(&mut self, outcome: Outcome, nanos: u128) -> (Record, Option<Failure>) {
        // The search's peak, read before the check and the output add their own.
        let peak_bytes = record::peak_rss_bytes();
        // Checked once: beside the writing of --output's file, if any.
        let (valid, put) = match outcome.solution.as_deref() {
            Some(cols) => {
                let (checked, put) = self.put_board(cols);
                (
                    Some(checked.unwrap_or_else(|| is_solution(cols))),
                    Some(put),
                )
            }
            None => (None, None),
        };
        let (output, failure) = match put {
            Some(Ok(output)) => (output, None),
            Some(Err(failure)) => (None, Some(failure)),
            None => (None, None),
        };
        let failure = failure.or_else(|| self.commit_trace().err());
        // A board that --output could not take is in the line, whatever
        // its size: the result is never lost.
        let unsaved = matches!(
            failure,
            Some(Failure::File {
                option: "--output",
                ..
            })
        )
        .then(|| outcome.solution.clone())
        .flatten();
        let mut record = self.record(outcome, nanos, output, valid);
        record.peak_bytes = peak_bytes;
        if let Some(cols) = unsaved {
            record.solution = Some(cols.iter().map(|c| c + 1).collect());
        }
        (record, failure)
    }

    /// The `--json` record of `outcome`.
    fn record(
        &self,
        outcome: Outcome,
        nanos: u128,
        output: Option<String>,
        valid: Option<bool>,
    ) -> Record {
        let (approach, args, n, mode) = (self.approach, self.args, self.args.n(), self.mode);
        let info = approach.info();
        let shown = output.is_none() && (n <= PRINT_LIMIT || args.full_solution);
        Record {
            algo: info.id,
            n,
            mode: mode.name(),
            solutions: outcome.solutions,
            unique: outcome.unique,
            steps: outcome.steps,
            nanos,
            threads: (info.splits && mode == Mode::Count).then(|| threads_used(&self.opts)),
            shard: (!self.opts.shard.is_all()).then(|| self.opts.shard.to_string()),
            valid,
            solution: outcome
                .solution
                .filter(|_| shown)
                .map(|cols| cols.iter().map(|c| c + 1).collect()),
            output,
            seed: approach.uses_seed(&self.opts).then_some(self.opts.seed),
            // A knob value the approach refuses is bad input: the run
            // prints no line, so `ok()` drops nothing that is printed.
            knobs: approach
                .knob_values(n, &self.opts)
                .ok()
                .filter(|knobs| !knobs.is_empty())
                .map(|knobs| knobs.into_iter().collect()),
            peak_bytes: record::peak_rss_bytes(),
            extra: outcome
                .extra
                .into_iter()
                .map(|(key, value)| (key, Extra::Count(value)))
                .chain(
                    outcome
                        .nodes_per_depth
                        .map(|nodes| (NODES_PER_DEPTH, Extra::List(nodes))),
                )
                .chain(
                    outcome
                        .dead_ends_per_depth
                        .map(|dead| (DEAD_ENDS_PER_DEPTH, Extra::List(dead))),
                )
                .collect(),
            error: None,
        }
    }
}

/// The `--json` `extra` key of a count answered from a complete checkpoint
/// (value 1): its `nanos` are the time to read the answer, not to count.
pub const FROM_CHECKPOINT: &str = "from_checkpoint";

/// The outcome line of a search that gave up, after "N-Queens: ": how
/// it ended, the h it was left at, its steps and restarts, and what to try
/// (`hill-climbing stopped at a local minimum, h = 1 (1 attacking pair),
/// after 4 queen moves; no solution from seed 1 (try another --seed, or
/// --algo random-restart)`).
fn gave_up_line(approach: &dyn Approach, opts: &Options, gave_up: &Refusal) -> String {
    let Refusal::GaveUp {
        id,
        steps,
        ending,
        h,
        restarts,
        ..
    } = *gave_up
    else {
        return gave_up.to_string();
    };
    let mut line = format!("{id} {}", ending.what());
    if let Some(h) = h {
        let pairs = words::count(h, "attacking pair", "attacking pairs");
        line.push_str(&format!(", h = {h} ({pairs}),"));
    }
    line.push_str(&format!(
        " after {}",
        words::steps(steps, approach.info().step_unit)
    ));
    if let Some(r) = restarts {
        line.push_str(&format!(" and {}", words::count(r, "restart", "restarts")));
    }
    let whence = if approach.uses_seed(opts) {
        format!("no solution from seed {}", opts.seed)
    } else {
        "no solution".into()
    };
    let hint = match (ending, id) {
        (Ending::Budget, _) => "a larger --max-steps",
        (Ending::Cooled, _) => "a slower --schedule, with a smaller LAMBDA or a larger LIMIT",
        (Ending::Stalled, _) => "a wider --beam-width",
        (Ending::Plateau, "hill-climbing-sideways") => {
            "a larger --sideways, or --algo random-restart-sideways"
        }
        (_, "hill-climbing-sideways") => "--algo random-restart-sideways",
        _ => "--algo random-restart, which climbs again from fresh boards",
    };
    format!("{line}; {whence} (try another --seed, or {hint})")
}

/// `--json`'s `error` for a search that gave up: a short, stable phrase,
/// its ending's name first (`local minimum: h = 1 after 4 steps`).
fn gave_up_error(gave_up: &Refusal) -> Option<String> {
    let Refusal::GaveUp {
        steps,
        ending,
        h,
        restarts,
        ..
    } = *gave_up
    else {
        return None;
    };
    let mut error = ending.name().to_string();
    if let Some(h) = h {
        error.push_str(&format!(": h = {h}"));
    }
    error.push_str(&format!(" after {}", words::count(steps, "step", "steps")));
    if let Some(r) = restarts {
        error.push_str(&format!(", {}", words::count(r, "restart", "restarts")));
    }
    Some(error)
}

/// "found after K steps" in the approach's unit, or `None` for an
/// approach that takes no steps (it constructs its board).
fn found_how(approach: &dyn Approach, steps: u64) -> Option<String> {
    let searches = approach.trace_info().is_none_or(|t| t.step.is_some());
    searches.then(|| words::steps(steps, approach.info().step_unit))
}

/// The count line: all solutions, the fundamental ones with `--unique`, and
/// which shard the numbers are of.
/// The count line is Queens.py's (seed 001) byte for byte, `N-Queens has K
/// solutions` for every K, `2-Queens has 0 solutions` and `1-Queens has 1
/// solutions` included: a student checks their own program against it.
/// Only what the seed does not print (`--unique`, a shard) has wording of
/// its own.
fn count_line(n: usize, outcome: &Outcome, opts: &Options, unique: bool) -> String {
    let all = format!("{} solutions", outcome.solutions);
    let what = match outcome.unique.filter(|_| unique && outcome.solutions > 0) {
        Some(k) => format!(
            "{} ({} in all)",
            words::solutions(k, "fundamental solution"),
            outcome.solutions
        ),
        None => all,
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

/// The threads a splitting count ran on: `--threads`, else one per core.
fn threads_used(opts: &Options) -> usize {
    match opts.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t,
    }
}
