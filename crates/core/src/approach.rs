//! The one abstraction every approach implements, and the adapters that turn
//! a generic search into a dynamically dispatched, registrable [`Approach`].
//!
//! Two generic traits carry the speed: [`Enumerate`] for searches that can list
//! every solution, [`LocalSearch`] for searches that only find one. Their
//! methods are generic over the [`Probe`], so each search is compiled twice,
//! once counting steps and once not. [`Exhaustive`] and [`Local`] wrap them
//! into the object-safe [`Approach`] the registry, the CLI, the benches and the
//! xtask use; the choice between the two compiled copies is made once, at the
//! top, never inside the search.

use std::fmt;
use std::ops::ControlFlow;

use crate::probe::{DepthCounter, NoSteps, Probe, StepCounter};
use crate::split::{Shard, Tally, Watcher};
use crate::trace::{MAX_EVENTS, TraceInfo, TraceMode, Tracer};

/// Whether an approach enumerates every solution or only finds one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Can count all solutions, list them in its own order, and stop at the first.
    Exhaustive,
    /// Finds one solution (local search, constructions); cannot count.
    FindOne,
}

/// What a user, the report and the benches need to know about an approach.
#[derive(Clone, Copy, Debug)]
pub struct Info {
    /// Stable identifier used by `queens --algo`, the benches and the report.
    pub id: &'static str,
    /// Short human title, e.g. "C bitmask recursion".
    pub title: &'static str,
    /// The source it is faithful to, by the key of the README's references,
    /// e.g. "[Aiello] Part I.3: the C program".
    pub source: &'static str,
    /// The data structure the search works on.
    pub structure: &'static str,
    /// What one step is.
    pub step_unit: &'static str,
    /// The order solutions are discovered in (shown in `--help`).
    pub order: &'static str,
    /// Largest n the approach accepts.
    pub max_n: usize,
    /// Why the limit is where it is.
    pub limit_reason: &'static str,
    /// What a student would choose it for, in a phrase (`queens list`).
    pub good_for: &'static str,
    /// Exhaustive or find-one.
    pub kind: Kind,
    /// Whether a count splits into tasks, so `threads` and `shard` apply
    /// (see [`crate::split`]).
    pub splits: bool,
    /// Whether a count also yields the fundamental solutions ([`Outcome::unique`]).
    pub counts_unique: bool,
    /// Largest n that runs in well under a second (cross-check tests and the
    /// smoke profile go up to it).
    pub quick_n: usize,
    /// Sizes the criterion benches count all solutions at (empty for find-one).
    pub bench_count: &'static [usize],
    /// Sizes the criterion benches find the first solution at.
    pub bench_first: &'static [usize],
}

/// Whether a run counts its steps. Chosen once per run, outside the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Steps {
    /// Uninstrumented: the probe is [`NoSteps`]; use for timing.
    #[default]
    Skip,
    /// Instrumented: the probe is [`StepCounter`].
    Count,
    /// Instrumented, and the nodes of the search tree counted at each depth:
    /// the probe is [`DepthCounter`], and [`Outcome::nodes_per_depth`] holds
    /// the counts. Only for approaches whose [`Approach::node_unit`] is `Ok`.
    Depths,
}

/// Run-time options that some approaches use (the rest ignore them).
#[derive(Clone, Debug)]
pub struct Options {
    /// Seed of the random generator (local search).
    pub seed: u64,
    /// Step budget after which a local search gives up (`None`: the approach's default).
    pub max_steps: Option<u64>,
    /// Threads a splitting count runs on (0: one per core; see [`Info::splits`]).
    pub threads: usize,
    /// The share of a splitting count to run ([`Shard::ALL`]: all of it).
    pub shard: Shard,
    /// Named settings of approaches that have them, `(name, value)`, e.g.
    /// `("order", "mrv")` for `csp`; each approach reads its own and the
    /// CLI refuses knobs an approach does not have.
    pub knobs: Vec<(&'static str, String)>,
    /// Follows a splitting count task by task and may skip tasks counted
    /// before (`queens --checkpoint`); read by the approaches whose
    /// [`Approach::watches_tasks`] is true.
    pub watch: Option<Watcher>,
}

impl Options {
    /// The name [`Approach::knob_values`] gives the step budget (the
    /// option `--max-steps`).
    pub const MAX_STEPS: &'static str = "max-steps";

    /// The value given for a knob, if any.
    pub fn knob(&self, name: &str) -> Option<&str> {
        self.knobs
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            seed: 1,
            max_steps: None,
            threads: 0,
            shard: Shard::ALL,
            knobs: Vec::new(),
            watch: None,
        }
    }
}

/// The result of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found: the full count, or 0/1 for a first-solution run.
    pub solutions: u64,
    /// Fundamental solutions of a count, for approaches that find them.
    pub unique: Option<u64>,
    /// Steps, when the run counted them.
    pub steps: Option<u64>,
    /// The solution found by a first-solution run (0-based column per row).
    pub solution: Option<Vec<u32>>,
    /// Further approach-specific statistics (e.g. restarts of a local search).
    pub extra: Vec<(&'static str, u64)>,
    /// With [`Steps::Depths`]: the nodes the search entered at each depth
    /// `0..=n` (index = depth; 1 at depth 0, the root), else `None`. What a
    /// node is: [`Approach::node_unit`].
    pub nodes_per_depth: Option<Vec<u64>>,
    /// With [`Steps::Depths`]: the dead ends among those nodes at each depth
    /// `0..=n`, nodes above depth n with no child
    /// ([`DepthCounter::dead_ends_per_depth`]); `None` otherwise, and for a
    /// search that records its nodes in bulk or over several tasks.
    pub dead_ends_per_depth: Option<Vec<u64>>,
}

/// Why an approach declined or failed to answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// n is beyond what the approach can handle.
    TooLarge {
        /// Approach id.
        id: &'static str,
        /// The n asked for.
        n: usize,
        /// The largest n accepted.
        limit: usize,
        /// Why (growth, memory estimate, representation).
        reason: String,
    },
    /// The approach cannot do this kind of run (e.g. count with local search).
    Unsupported {
        /// Approach id.
        id: &'static str,
        /// What was asked for.
        what: &'static str,
    },
    /// `--trace` at a size whose trace would pass [`MAX_EVENTS`] events.
    TraceTooLong {
        /// Approach id.
        id: &'static str,
        /// The n asked for.
        n: usize,
        /// Count or first.
        mode: TraceMode,
        /// The largest n traced in that mode.
        limit: usize,
        /// How many events the sizes beyond the limit would write.
        reason: &'static str,
    },
    /// A local search ended without a solution, as its method may: stuck at
    /// a local minimum or on a plateau, stalled, cooled, or its step budget
    /// spent ([`Ending`]). An outcome of the method, not a fault.
    GaveUp {
        /// Approach id.
        id: &'static str,
        /// The n asked for.
        n: usize,
        /// Steps spent.
        steps: u64,
        /// How it ended.
        ending: Ending,
        /// Attacking pairs on the board it ended with (for a population,
        /// its best board); `None` for a search that holds no complete board.
        h: Option<u64>,
        /// Fresh starts after the first, for a search that restarts.
        restarts: Option<u64>,
    },
    /// An allocation the run needs failed: reported, not an abort (see
    /// [`crate::memory`]).
    OutOfMemory {
        /// Approach id.
        id: &'static str,
        /// The n asked for.
        n: usize,
        /// The bytes asked for.
        bytes: u64,
    },
}

/// How a local search that found no solution ended ([`Refusal::GaveUp`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Stuck at a local minimum: every successor raises h (a hill climb's
    /// textbook end).
    LocalMinimum,
    /// Stuck on a plateau: no successor lowers h, some keep it, and the
    /// method may not move sideways (or has spent its sideways moves).
    Plateau,
    /// Local beam search: no lower h in its last generations (its patience).
    Stalled,
    /// Simulated annealing: the schedule's temperature reached 0.
    Cooled,
    /// The step budget (`--max-steps`, or the approach's default) ran out.
    Budget,
}

impl Ending {
    /// A short, stable name: `--json`'s `error` and the trace's `end` line
    /// begin with it.
    pub fn name(self) -> &'static str {
        match self {
            Ending::LocalMinimum => "local minimum",
            Ending::Plateau => "plateau",
            Ending::Stalled => "stalled",
            Ending::Cooled => "cooled",
            Ending::Budget => "budget spent",
        }
    }

    /// What the search did, as a sentence's verb phrase.
    pub fn what(self) -> &'static str {
        match self {
            Ending::LocalMinimum => "stopped at a local minimum",
            Ending::Plateau => "stopped on a plateau",
            Ending::Stalled => "stalled (no lower h in its last generations)",
            Ending::Cooled => "cooled to T = 0 (the schedule's last iteration)",
            Ending::Budget => "spent its step budget",
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::TooLarge {
                id,
                n,
                limit,
                reason,
            } => write!(f, "{id} handles n up to {limit}, not {n}: {reason}"),
            Refusal::Unsupported { id, what } => write!(f, "{id} cannot {what}"),
            Refusal::TraceTooLong {
                id,
                n,
                mode,
                limit,
                reason,
            } => {
                let run = match mode {
                    TraceMode::Count => "counts",
                    TraceMode::First => "first-solution runs",
                };
                write!(
                    f,
                    "--trace writes at most {MAX_EVENTS} events, and {id} at n = {n} would \
                     write more: {reason}; it traces {run} up to n = {limit}"
                )
            }
            Refusal::GaveUp {
                id,
                n,
                steps,
                ending,
                h,
                restarts,
            } => {
                write!(
                    f,
                    "{id} found no solution for n = {n}: it {}",
                    ending.what()
                )?;
                if let Some(h) = h {
                    write!(f, ", h = {h},")?;
                }
                let s = |k: u64| if k == 1 { "" } else { "s" };
                write!(f, " after {steps} step{}", s(*steps))?;
                match restarts {
                    Some(r) => write!(f, " and {r} restart{}", s(*r)),
                    None => Ok(()),
                }
            }
            Refusal::OutOfMemory { id, n, bytes } => write!(
                f,
                "out of memory: {id} could not allocate {} for n = {n}",
                crate::memory::bytes(*bytes)
            ),
        }
    }
}

impl std::error::Error for Refusal {}

/// Refuses `n` when it exceeds `info.max_n`; the default size check.
pub fn check_limit(info: &Info, n: usize) -> Result<(), Refusal> {
    if n > info.max_n {
        Err(Refusal::TooLarge {
            id: info.id,
            n,
            limit: info.max_n,
            reason: info.limit_reason.to_string(),
        })
    } else {
        Ok(())
    }
}

/// A solution visitor for the object-safe interface: return `Break` to stop.
pub type Visit<'a> = dyn FnMut(&[u32]) -> ControlFlow<()> + 'a;

/// The object-safe face of every approach, as the registry holds it.
pub trait Approach: Sync {
    /// Static description.
    fn info(&self) -> &'static Info;
    /// Refuses sizes the approach cannot handle, with the limit and reason.
    fn check(&self, n: usize) -> Result<(), Refusal> {
        check_limit(self.info(), n)
    }
    /// The memory a run at `n` takes at most, in bytes, for an approach
    /// whose memory grows enough to matter (`None`, the default: a few
    /// MB at most). The CLI compares it with what the process may use
    /// ([`crate::memory::Room`]) before the run starts.
    fn bytes_needed(&self, _n: usize, _opts: &Options) -> Option<u64> {
        None
    }
    /// Counts all solutions.
    fn count(&self, n: usize, opts: &Options, steps: Steps) -> Result<Outcome, Refusal>;
    /// Passes every solution to `visit` in discovery order (steps are counted).
    fn visit(&self, n: usize, opts: &Options, visit: &mut Visit<'_>) -> Result<Outcome, Refusal>;
    /// Finds one solution (the first in discovery order, for exhaustive searches).
    fn first(&self, n: usize, opts: &Options, steps: Steps) -> Result<Outcome, Refusal>;
    /// What a node at depth d of the search tree is (the unit of
    /// [`Outcome::nodes_per_depth`]), or why the approach has no tree whose
    /// nodes [`Steps::Depths`] could count.
    fn node_unit(&self) -> Result<&'static str, Refusal>;
    /// The names of the [`Options::knobs`] this approach reads (default:
    /// none). The CLI refuses a knob the chosen approach does not list.
    fn knobs(&self) -> &'static [&'static str] {
        &[]
    }
    /// The settings that shape a run with `opts` at size `n`, as `queens
    /// --json` records them (`knobs`): each of [`Approach::knobs`] with the
    /// value the run uses, its default when none is given, and `max-steps`,
    /// the step budget, where the run has one; each value spelled as the
    /// command line takes it, so that passing them back reproduces the run.
    /// Parsed by the approach's own code; a value it refuses is refused
    /// here too. Default: none.
    fn knob_values(
        &self,
        _n: usize,
        _opts: &Options,
    ) -> Result<Vec<(&'static str, String)>, Refusal> {
        Ok(Vec::new())
    }
    /// Whether a run with these options draws random numbers, so that
    /// [`Options::seed`] changes it (default: no). The CLI refuses `--seed`
    /// where this is false and reports the seed as `null`.
    fn uses_seed(&self, _opts: &Options) -> bool {
        false
    }
    /// Whether a run gives up after [`Options::max_steps`] steps (default:
    /// no). The CLI refuses `--max-steps` where this is false.
    fn uses_max_steps(&self) -> bool {
        false
    }
    /// Whether a count reports its tasks to [`Options::watch`] and skips
    /// those it says were counted (default: no). The CLI refuses
    /// `--checkpoint` where this is false.
    fn watches_tasks(&self) -> bool {
        false
    }
    /// How the approach traces (`queens --trace`): its step event and the
    /// sizes it traces; `None` for an approach that writes no trace.
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        None
    }
    /// Runs once with `tracer` as the probe (see [`crate::trace`]): a count,
    /// a first-solution run or a listing, as `run` says. The outcome's
    /// steps are the tracer's. Refuses sizes beyond [`TraceInfo`]'s limits
    /// ([`Refusal::TraceTooLong`]) and approaches that do not trace.
    fn trace(
        &self,
        _n: usize,
        _opts: &Options,
        _run: TraceRun<'_, '_>,
        _tracer: &mut Tracer,
    ) -> Result<Outcome, Refusal> {
        Err(Refusal::Unsupported {
            id: self.info().id,
            what: NO_TRACE,
        })
    }
}

/// Why an approach without [`TraceInfo`] refuses `--trace`.
const NO_TRACE: &str = "write a trace (--trace): it reports no trace events";

/// What a traced run does ([`Approach::trace`]).
pub enum TraceRun<'a, 'b> {
    /// Counts every solution.
    Count,
    /// Stops at the first solution (every run of a find-one approach).
    First,
    /// Passes every solution to the visitor, in discovery order (a count).
    List(&'a mut Visit<'b>),
}

impl TraceRun<'_, '_> {
    /// The trace's mode: a listing is a count.
    pub fn mode(&self) -> TraceMode {
        match self {
            TraceRun::Count | TraceRun::List(_) => TraceMode::Count,
            TraceRun::First => TraceMode::First,
        }
    }
}

/// Where an exhaustive search sends its solutions.
///
/// `NEEDS_BOARD` is a compile-time constant: a search may skip maintaining the
/// board (and pass an empty slice) when it is `false`, so counting pays only
/// for what counting needs.
pub trait Sink {
    /// Whether [`Sink::solution`] reads the board it is given.
    const NEEDS_BOARD: bool;
    /// Receives one solution (0-based column per row, or `&[]` when
    /// `NEEDS_BOARD` is false); return `Break` to stop the search.
    fn solution(&mut self, cols: &[u32]) -> ControlFlow<()>;
}

/// Counts solutions; never reads a board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counter(pub u64);

impl Sink for Counter {
    const NEEDS_BOARD: bool = false;
    #[inline(always)]
    fn solution(&mut self, _cols: &[u32]) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
}

/// Ignores every solution: for searches that count inside the walk itself
/// (e.g. weighting boards by their symmetry) and need no sink.
#[derive(Clone, Copy, Debug, Default)]
pub struct Discard;

impl Sink for Discard {
    const NEEDS_BOARD: bool = false;
    #[inline(always)]
    fn solution(&mut self, _cols: &[u32]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// Keeps the first solution and stops the search.
#[derive(Clone, Debug, Default)]
pub struct FirstSolution(pub Option<Vec<u32>>);

impl Sink for FirstSolution {
    const NEEDS_BOARD: bool = true;
    fn solution(&mut self, cols: &[u32]) -> ControlFlow<()> {
        self.0 = Some(cols.to_vec());
        ControlFlow::Break(())
    }
}

/// Passes every solution to a closure.
pub struct Visitor<F>(pub F);

impl<F: FnMut(&[u32]) -> ControlFlow<()>> Sink for Visitor<F> {
    const NEEDS_BOARD: bool = true;
    #[inline]
    fn solution(&mut self, cols: &[u32]) -> ControlFlow<()> {
        (self.0)(cols)
    }
}

/// A search that can walk all solutions: the generic, fast interface.
pub trait Enumerate: Sync {
    /// Static description.
    fn info(&self) -> &'static Info;
    /// Refuses sizes the approach cannot handle (default: `info().max_n`).
    fn check(&self, n: usize) -> Result<(), Refusal> {
        check_limit(self.info(), n)
    }
    /// The memory a run at `n` takes at most ([`Approach::bytes_needed`];
    /// default: `None`, a few MB at most).
    fn bytes_needed(&self, _n: usize, _opts: &Options) -> Option<u64> {
        None
    }
    /// Walks the search in the approach's own order, sending each solution to
    /// `sink`; returns `Break` when the sink stopped it. Called only with an
    /// `n` that passed [`Enumerate::check`].
    fn search<P: Probe, S: Sink>(&self, n: usize, probe: &mut P, sink: &mut S) -> ControlFlow<()>;
    /// What a node at depth d of the search's tree is: the search calls
    /// [`Probe::node`] once for each node it enters, depth 0 being the root
    /// (entered once). `Err` (an [`Refusal::Unsupported`]) for a search that
    /// walks no tree and calls no hook; [`Steps::Depths`] is then refused.
    fn node_unit(&self) -> Result<&'static str, Refusal>;
    /// How the search traces ([`Approach::trace_info`]); `None` (the
    /// default) for a search that reports no trace events.
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        None
    }
    /// Whether [`Enumerate::count`] honours [`Options::watch`]
    /// ([`Approach::watches_tasks`]; default: no).
    fn watches_tasks(&self) -> bool {
        false
    }
    /// Counts all solutions. Counters that split their work override this
    /// with [`crate::count_split`], which honours `opts.threads` and
    /// `opts.shard`, or [`crate::count_tasks`], which also honours `opts.watch`.
    fn count<P: Probe>(&self, n: usize, _opts: &Options, probe: &mut P) -> Tally {
        let mut counter = Counter(0);
        let _ = self.search(n, probe, &mut counter);
        Tally {
            solutions: counter.0,
            unique: None,
        }
    }
    /// Finds the first solution in discovery order, if there is one.
    fn first<P: Probe>(&self, n: usize, probe: &mut P) -> Option<Vec<u32>> {
        let mut first = FirstSolution(None);
        let _ = self.search(n, probe, &mut first);
        first.0
    }
    /// Every solution in discovery order, collected (for tests and small n).
    fn collect(&self, n: usize) -> Vec<Vec<u32>> {
        let mut all = Vec::new();
        let _ = self.search(
            n,
            &mut NoSteps,
            &mut Visitor(|cols: &[u32]| {
                all.push(cols.to_vec());
                ControlFlow::Continue(())
            }),
        );
        all
    }
    /// Solutions and steps of one full, instrumented walk (for tests).
    fn count_with_steps(&self, n: usize) -> (u64, u64) {
        let mut probe = StepCounter::default();
        let mut counter = Counter(0);
        let _ = self.search(n, &mut probe, &mut counter);
        (counter.0, probe.count)
    }
    /// Solutions and the [`DepthCounter`] of one full walk, on one thread
    /// through [`Enumerate::search`] (for tests).
    fn count_with_depths(&self, n: usize) -> (u64, DepthCounter) {
        let mut probe = DepthCounter::default();
        let mut counter = Counter(0);
        let _ = self.search(n, &mut probe, &mut counter);
        (counter.0, probe)
    }
}

/// Adapts an [`Enumerate`] search to [`Approach`].
pub struct Exhaustive<S>(pub S);

impl<S: Enumerate> Approach for Exhaustive<S> {
    fn info(&self) -> &'static Info {
        self.0.info()
    }
    fn check(&self, n: usize) -> Result<(), Refusal> {
        self.0.check(n)
    }
    fn bytes_needed(&self, n: usize, opts: &Options) -> Option<u64> {
        self.0.bytes_needed(n, opts)
    }
    fn node_unit(&self) -> Result<&'static str, Refusal> {
        self.0.node_unit()
    }
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        self.0.trace_info()
    }
    fn watches_tasks(&self) -> bool {
        self.0.watches_tasks()
    }
    /// A traced count of a splitting counter runs on one thread, its tasks
    /// in order, into `tracer` (whatever `opts.threads`; see
    /// [`crate::count_split`]).
    fn trace(
        &self,
        n: usize,
        opts: &Options,
        run: TraceRun<'_, '_>,
        tracer: &mut Tracer,
    ) -> Result<Outcome, Refusal> {
        self.0.check(n)?;
        let info = self.0.info();
        let trace = self.0.trace_info().ok_or(Refusal::Unsupported {
            id: info.id,
            what: NO_TRACE,
        })?;
        trace.check(info.id, n, run.mode())?;
        let outcome = match run {
            TraceRun::Count => {
                let tally = self.0.count(n, opts, tracer);
                Outcome {
                    solutions: tally.solutions,
                    unique: tally.unique,
                    ..Outcome::default()
                }
            }
            TraceRun::First => {
                let solution = self.0.first(n, tracer);
                Outcome {
                    solutions: u64::from(solution.is_some()),
                    solution,
                    ..Outcome::default()
                }
            }
            TraceRun::List(visit) => {
                let mut solutions = 0;
                let _ = self.0.search(
                    n,
                    tracer,
                    &mut Visitor(|cols: &[u32]| {
                        solutions += 1;
                        visit(cols)
                    }),
                );
                Outcome {
                    solutions,
                    ..Outcome::default()
                }
            }
        };
        Ok(Outcome {
            steps: tracer.total(),
            ..outcome
        })
    }
    /// With [`Steps::Depths`], a count that splits into tasks gives each task
    /// a fresh [`DepthCounter`] and merges them ([`Probe::merge`]), so the
    /// nodes per depth do not depend on the threads, and shards add up.
    fn count(&self, n: usize, opts: &Options, steps: Steps) -> Result<Outcome, Refusal> {
        self.0.check(n)?;
        let (tally, steps, depths) = match steps {
            Steps::Skip => (self.0.count(n, opts, &mut NoSteps), None, None),
            Steps::Count => {
                let mut probe = StepCounter::default();
                (self.0.count(n, opts, &mut probe), probe.total(), None)
            }
            Steps::Depths => {
                self.0.node_unit()?;
                let mut probe = DepthCounter::default();
                let tally = self.0.count(n, opts, &mut probe);
                (tally, probe.total(), Some(probe))
            }
        };
        Ok(Outcome {
            solutions: tally.solutions,
            unique: tally.unique,
            steps,
            nodes_per_depth: depths.as_ref().map(|d| d.nodes_per_depth(n)),
            dead_ends_per_depth: depths.and_then(|d| d.dead_ends_per_depth(n)),
            ..Outcome::default()
        })
    }
    fn visit(&self, n: usize, _opts: &Options, visit: &mut Visit<'_>) -> Result<Outcome, Refusal> {
        self.0.check(n)?;
        let mut probe = StepCounter::default();
        let mut solutions = 0;
        let _ = self.0.search(
            n,
            &mut probe,
            &mut Visitor(|cols: &[u32]| {
                solutions += 1;
                visit(cols)
            }),
        );
        Ok(Outcome {
            solutions,
            steps: probe.total(),
            ..Outcome::default()
        })
    }
    fn first(&self, n: usize, _opts: &Options, steps: Steps) -> Result<Outcome, Refusal> {
        self.0.check(n)?;
        let (solution, steps, depths) = match steps {
            Steps::Skip => (self.0.first(n, &mut NoSteps), None, None),
            Steps::Count => {
                let mut probe = StepCounter::default();
                (self.0.first(n, &mut probe), probe.total(), None)
            }
            Steps::Depths => {
                self.0.node_unit()?;
                let mut probe = DepthCounter::default();
                let solution = self.0.first(n, &mut probe);
                (solution, probe.total(), Some(probe))
            }
        };
        Ok(Outcome {
            solutions: u64::from(solution.is_some()),
            steps,
            solution,
            nodes_per_depth: depths.as_ref().map(|d| d.nodes_per_depth(n)),
            dead_ends_per_depth: depths.and_then(|d| d.dead_ends_per_depth(n)),
            ..Outcome::default()
        })
    }
}

/// What a local search returns besides its steps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// The board (0-based column per row), or `None` for n with no solution.
    pub solution: Option<Vec<u32>>,
    /// Approach-specific statistics (restarts, iterations, init nanos, ...).
    pub extra: Vec<(&'static str, u64)>,
}

/// A search that finds one solution: the generic, fast interface.
pub trait LocalSearch: Sync {
    /// Static description.
    fn info(&self) -> &'static Info;
    /// Refuses sizes the approach cannot handle (default: `info().max_n`).
    fn check(&self, n: usize) -> Result<(), Refusal> {
        check_limit(self.info(), n)
    }
    /// The memory a run at `n` takes at most ([`Approach::bytes_needed`];
    /// default: `None`, a few MB at most).
    fn bytes_needed(&self, _n: usize, _opts: &Options) -> Option<u64> {
        None
    }
    /// The names of the [`Options::knobs`] this approach reads (default:
    /// none). The CLI refuses a knob the chosen approach does not list.
    fn knobs(&self) -> &'static [&'static str] {
        &[]
    }
    /// The settings that shape a run ([`Approach::knob_values`]: the
    /// knobs' values and `max-steps`, defaults filled in; default: none).
    fn knob_values(
        &self,
        _n: usize,
        _opts: &Options,
    ) -> Result<Vec<(&'static str, String)>, Refusal> {
        Ok(Vec::new())
    }
    /// Whether a run draws random numbers ([`Approach::uses_seed`]; default:
    /// yes, a local search does; a construction such as `explicit` says no).
    fn uses_seed(&self, _opts: &Options) -> bool {
        true
    }
    /// Whether a run gives up after [`Options::max_steps`] steps
    /// ([`Approach::uses_max_steps`]; default: yes, as a local search does).
    fn uses_max_steps(&self) -> bool {
        true
    }
    /// Finds one solution; `Err(GaveUp)` when the step budget runs out.
    fn find<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Result<Found, Refusal>;
    /// How the search traces ([`Approach::trace_info`]); `None` (the
    /// default) for a search that reports no trace events.
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        None
    }
}

/// Why a local search has no nodes per depth.
const NO_TREE: &str = "count nodes per depth: it is a local search, which walks no tree";

/// Adapts a [`LocalSearch`] to [`Approach`].
pub struct Local<S>(pub S);

impl<S: LocalSearch> Local<S> {
    fn unsupported(&self, what: &'static str) -> Refusal {
        Refusal::Unsupported {
            id: self.0.info().id,
            what,
        }
    }
}

impl<S: LocalSearch> Approach for Local<S> {
    fn info(&self) -> &'static Info {
        self.0.info()
    }
    fn check(&self, n: usize) -> Result<(), Refusal> {
        self.0.check(n)
    }
    fn bytes_needed(&self, n: usize, opts: &Options) -> Option<u64> {
        self.0.bytes_needed(n, opts)
    }
    fn count(&self, _n: usize, _opts: &Options, _steps: Steps) -> Result<Outcome, Refusal> {
        Err(self
            .unsupported("count all solutions: it is a local search that finds one (use --first)"))
    }
    fn visit(&self, _n: usize, _o: &Options, _v: &mut Visit<'_>) -> Result<Outcome, Refusal> {
        Err(self
            .unsupported("list all solutions: it is a local search that finds one (use --first)"))
    }
    fn node_unit(&self) -> Result<&'static str, Refusal> {
        Err(self.unsupported(NO_TREE))
    }
    fn knobs(&self) -> &'static [&'static str] {
        self.0.knobs()
    }
    fn knob_values(
        &self,
        n: usize,
        opts: &Options,
    ) -> Result<Vec<(&'static str, String)>, Refusal> {
        self.0.knob_values(n, opts)
    }
    fn uses_seed(&self, opts: &Options) -> bool {
        self.0.uses_seed(opts)
    }
    fn uses_max_steps(&self) -> bool {
        self.0.uses_max_steps()
    }
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        self.0.trace_info()
    }
    fn trace(
        &self,
        n: usize,
        opts: &Options,
        run: TraceRun<'_, '_>,
        tracer: &mut Tracer,
    ) -> Result<Outcome, Refusal> {
        self.0.check(n)?;
        let trace = self.0.trace_info().ok_or(self.unsupported(NO_TRACE))?;
        match run {
            TraceRun::First => {}
            TraceRun::Count => return self.count(n, opts, Steps::Skip),
            TraceRun::List(visit) => return self.visit(n, opts, visit),
        }
        trace.check(self.0.info().id, n, TraceMode::First)?;
        let found = self.0.find(n, opts, tracer)?;
        Ok(Outcome {
            solutions: u64::from(found.solution.is_some()),
            steps: tracer.total(),
            solution: found.solution,
            extra: found.extra,
            ..Outcome::default()
        })
    }
    fn first(&self, n: usize, opts: &Options, steps: Steps) -> Result<Outcome, Refusal> {
        self.0.check(n)?;
        let (found, steps) = match steps {
            Steps::Skip => (self.0.find(n, opts, &mut NoSteps)?, None),
            Steps::Count => {
                let mut probe = StepCounter::default();
                let found = self.0.find(n, opts, &mut probe)?;
                (found, probe.total())
            }
            Steps::Depths => return Err(self.unsupported(NO_TREE)),
        };
        Ok(Outcome {
            solutions: u64::from(found.solution.is_some()),
            steps,
            solution: found.solution,
            extra: found.extra,
            ..Outcome::default()
        })
    }
}
