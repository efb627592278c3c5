//! The explorer's engine: `queens --trace` run inside the page, and the
//! page's reading of trace files, compiled to WebAssembly
//! (`wasm32-unknown-unknown`, built by `cargo xtask wasm` with the `wasm`
//! profile, no wasm-bindgen: plain `extern "C"` exports, see [`ffi`]).
//!
//! - [`run`]: a traced run from its arguments (a small JSON object, see
//!   [`Args`]), checked as `queens` checks them and refused in the same
//!   one line; the trace is the bytes `queens --trace FILE` writes for the
//!   same arguments (both call [`queens_core::write_trace`]), packed as the
//!   page embeds a recorded trace ([`queens_trace_pack::embed`]).
//! - [`pack`]: a trace file's text, packed as `cargo xtask render` packs a
//!   recorded trace, or one line saying why it is not a trace.
//! - [`approaches`]: what the page may offer: every registered approach,
//!   its trace limits and knobs.
//!
//! Every approach whose trace `queens` writes ([`Approach::trace_info`] is
//! `Some`, all of the registry today) runs here but `string-regex`, whose
//! regex engine would add about 750 KB to a page that must stay under
//! 2 MB, for a trace that is `bitmask`'s placements event for event
//! ([`table::LEFT_OUT`]); [`approaches`] lists it with `"live": false` and
//! the reason, and [`run`] refuses it in one line. A run is single-threaded
//! (`Options::threads` = 1: no thread pool; a traced count follows its
//! tasks in order on one thread in `queens` too), seeded (nothing asks the
//! system for entropy) and timed by nothing (`queens_core::clock`).
//!
//! A page must not freeze: sizes beyond an approach's trace limits are
//! refused before the run ([`Refusal::TraceTooLong`], as `queens`), and a
//! run whose trace passes `max_events` events (default
//! [`DEFAULT_MAX_EVENTS`]) keeps no trace and says so in one line.

pub mod ffi;
pub mod table;

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use queens_core::trace::{MAX_EVENTS, TraceError};
use queens_core::{Approach, Kind, Options, TraceFailure, TraceMode, TraceRun, write_trace};
use queens_trace_pack::Made;
use queens_trace_pack::trace::{Entry, Mode};
use serde::{Deserialize, Serialize};

use crate::table::{LEFT_OUT, WithApproach, each, with_approach};

/// The events a trace made in the page holds unless the arguments say
/// otherwise (`max_events`): a few seconds of stepping data, tens of MB.
pub const DEFAULT_MAX_EVENTS: u64 = 1_000_000;

/// The arguments of one traced run, as the page sends them (JSON):
///
/// ```json
/// {"algo": "annealing", "n": 8, "mode": "first", "seed": 3,
///  "knobs": {"schedule": "exp:20:0.005:100"}}
/// ```
///
/// `algo` and `n` are required; `mode` is `count` (`queens N`), `first`
/// (`queens --first N`) or `list` (`queens -v N`), by default `count` for
/// an exhaustive approach and `first` for a find-one approach; `seed` is
/// `--seed`, `max_steps` `--max-steps`, `knobs` the knob options by name
/// without their dashes (`order`, `propagate`, `schedule`, `tenure`, ...),
/// each value as the command line takes it; `max_events` the page's cap
/// (1 to [`MAX_EVENTS`], default [`DEFAULT_MAX_EVENTS`]). Other fields are
/// refused.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// `--algo`.
    pub algo: String,
    /// N.
    pub n: usize,
    /// `count`, `first` or `list`.
    #[serde(default)]
    pub mode: Option<String>,
    /// `--seed`.
    #[serde(default)]
    pub seed: Option<u64>,
    /// `--max-steps`.
    #[serde(default)]
    pub max_steps: Option<u64>,
    /// The knobs, by name (`schedule`), as `--schedule` takes its value.
    #[serde(default)]
    pub knobs: BTreeMap<String, String>,
    /// The most events the trace may hold in the page.
    #[serde(default)]
    pub max_events: Option<u64>,
}

/// A run checked: what [`write_trace`] takes, and how to name it.
struct Checked {
    n: usize,
    mode: Mode,
    list: bool,
    opts: Options,
    /// The knobs as `queens` takes them (`--order mrv --propagate arc`).
    words: Option<String>,
    max_events: u64,
}

/// The arguments checked as `queens` checks them, in its order: the
/// approach, n against the approach's own limit, the run's mode, the
/// options that do not apply, then the trace limits.
fn check<A: Approach>(approach: &A, args: &Args) -> Result<Checked, String> {
    let info = approach.info();
    let id = info.id;
    approach.check(args.n).map_err(|r| r.to_string())?;
    let find_one = info.kind == Kind::FindOne;
    let (mode, list) = match args.mode.as_deref() {
        None if find_one => (Mode::First, false),
        None | Some("count") => (Mode::Count, false),
        Some("first") => (Mode::First, false),
        Some("list") => (Mode::Count, true),
        Some(other) => {
            return Err(format!(
                "mode must be count, first or list (queens N, --first, -v), not '{other}'"
            ));
        }
    };
    if find_one && mode == Mode::Count {
        return Err(format!(
            "mode {} does not apply to {id}: it finds one solution (mode first)",
            if list { "list" } else { "count" }
        ));
    }
    // The knobs in the approach's order, named as the approach names them.
    let mut knobs = Vec::new();
    for (name, value) in &args.knobs {
        let Some(&known) = approach.knobs().iter().find(|k| **k == name.as_str()) else {
            let takes = match approach.knobs() {
                [] => "it takes no knobs".to_string(),
                some => format!(
                    "it takes {}",
                    some.iter()
                        .map(|k| format!("--{k}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            return Err(format!("--{name} does not apply to {id}: {takes}"));
        };
        knobs.push((known, value.trim().to_string()));
    }
    let order = |k: &str| approach.knobs().iter().position(|a| *a == k);
    knobs.sort_by_key(|(k, _)| order(k));
    let words = (!knobs.is_empty()).then(|| {
        knobs
            .iter()
            .map(|(k, v)| format!("--{k} {v}"))
            .collect::<Vec<_>>()
            .join(" ")
    });
    let opts = Options {
        seed: args.seed.unwrap_or(Options::default().seed),
        max_steps: args.max_steps,
        threads: 1,
        knobs,
        ..Options::default()
    };
    if args.seed.is_some() && !approach.uses_seed(&opts) {
        return Err(format!(
            "--seed does not apply to {id}{}: it draws no random numbers",
            words
                .as_ref()
                .map(|w| format!(" with {w}"))
                .unwrap_or_default()
        ));
    }
    if args.max_steps.is_some() && !approach.uses_max_steps() {
        return Err(format!(
            "--max-steps does not apply to {id}: it has no step budget"
        ));
    }
    let max_events = args.max_events.unwrap_or(DEFAULT_MAX_EVENTS);
    if !(1..=MAX_EVENTS).contains(&max_events) {
        return Err(format!(
            "max_events must be from 1 to {MAX_EVENTS} (the most a trace holds), not {max_events}"
        ));
    }
    let trace_mode = match mode {
        Mode::Count => TraceMode::Count,
        Mode::First => TraceMode::First,
    };
    match approach.trace_info() {
        None => return Err(format!("{id} cannot write a trace (--trace)")),
        Some(trace) => trace
            .check(id, args.n, trace_mode)
            .map_err(|r| r.to_string())?,
    }
    Ok(Checked {
        n: args.n,
        mode,
        list,
        opts,
        words,
        max_events,
    })
}

/// A traced run made in the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Traced {
    /// The trace, as `queens --trace FILE` writes it.
    pub trace: Vec<u8>,
    /// The trace packed as the page embeds one ([`queens_trace_pack::embed`]).
    pub packed: String,
    /// Why the run ended without its answer (a local search that gave up),
    /// in one line; `None` for a run that answered. The trace is whole, its
    /// end line saying how the search ended.
    pub ended: Option<String>,
}

/// What the tracer's writer holds: the lines so far, and whether the
/// page's cap refused one.
#[derive(Default)]
struct Lines {
    bytes: Vec<u8>,
    lines: u64,
    over: bool,
}

/// The tracer's writer: keeps the trace, and refuses the event after the
/// first `cap` (the tracer then writes nothing more, and
/// [`write_trace`] fails). It counts one line per write: the tracer writes
/// each line whole, with one `write_all`, and the writer takes it whole.
#[derive(Clone)]
struct Capped {
    held: Arc<Mutex<Lines>>,
    cap: u64,
}

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        // The start line and the end line are not events.
        let event = held.lines > 0 && !buf.starts_with(b"{\"event\":\"end\"");
        if event && held.lines > self.cap {
            held.over = true;
            return Err(io::Error::other("the page's cap of events"));
        }
        held.lines += 1;
        held.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// One traced run from its arguments as JSON ([`Args`]); `Err` is the one
/// line that refuses them (or says why the trace was not kept).
pub fn run(args: &str) -> Result<Traced, String> {
    let args: Args = serde_json::from_str(args).map_err(|e| {
        let message = e.to_string();
        let message = message.split(" at line ").next().unwrap_or(&message);
        format!("the run's arguments: {message}")
    })?;
    run_args(&args)
}

/// One traced run from its arguments ([`run`]).
pub fn run_args(args: &Args) -> Result<Traced, String> {
    /// The run, with the approach's type.
    struct Runner<'a>(&'a Args);
    impl WithApproach for Runner<'_> {
        type Out = Result<Traced, String>;
        fn with<A: Approach>(self, approach: &'static A) -> Self::Out {
            run_with(approach, self.0)
        }
    }
    let id = args.algo.as_str();
    if let Some((_, why)) = LEFT_OUT.iter().find(|(left, _)| *left == id) {
        return Err(format!("{id} does not run in the page: {why}"));
    }
    with_approach(id, Runner(args)).unwrap_or_else(|| {
        let mut known: Vec<&str> = approaches().iter().map(|o| o.id).collect();
        known.retain(|k| LEFT_OUT.iter().all(|(left, _)| left != k));
        Err(format!(
            "unknown approach '{id}' (known: {})",
            known.join(", ")
        ))
    })
}

/// [`run_args`] with the approach found.
fn run_with<A: Approach>(approach: &A, args: &Args) -> Result<Traced, String> {
    let c = check(approach, args)?;
    let held = Arc::new(Mutex::new(Lines::default()));
    let out = Capped {
        held: held.clone(),
        cap: c.max_events,
    };
    let mut visit = |_: &[u32]| ControlFlow::Continue(());
    let run = match (c.mode, c.list) {
        (Mode::First, _) => TraceRun::First,
        (Mode::Count, false) => TraceRun::Count,
        (Mode::Count, true) => TraceRun::List(&mut visit),
    };
    let written = write_trace(approach, c.n, &c.opts, run, Box::new(out));
    let Lines { bytes, over, .. } =
        std::mem::take(&mut *held.lock().unwrap_or_else(|p| p.into_inner()));
    let id = approach.info().id;
    let ended = match written {
        Ok(_) => None,
        Err(TraceFailure::Trace(TraceError::Io(_))) if over => {
            return Err(format!(
                "{id} at n = {} wrote more than {} events, the most a trace made in the page \
                 holds, so its trace was not kept: try a smaller n{}",
                c.n,
                c.max_events,
                if c.mode == Mode::Count {
                    ", or mode first"
                } else {
                    ", or another seed"
                }
            ));
        }
        Err(TraceFailure::Trace(e)) => return Err(e.to_string()),
        // A whole trace whose end line says how the search ended.
        Err(TraceFailure::GaveUp(r, _)) => Some(r.to_string()),
        Err(TraceFailure::Refused(r)) => return Err(r.to_string()),
    };
    let made = Made {
        seed: approach.uses_seed(&c.opts).then_some(c.opts.seed),
        knobs: c.words.clone(),
    };
    let name = Entry::file_name(id, c.words.as_deref(), c.n, c.mode);
    let text = String::from_utf8_lossy(&bytes);
    let packed = queens_trace_pack::embed(&name, &text, &made).map_err(|e| e.0)?;
    // (A whole trace always packs; an error here is the packer's bug.)
    Ok(Traced {
        trace: bytes,
        packed,
        ended,
    })
}

/// The text of a trace file packed as the page embeds a recorded trace
/// (`name` is how errors call it, e.g. the file's name); `Err` is one line
/// saying why it is not a whole trace.
pub fn pack(name: &str, text: &str) -> Result<String, String> {
    queens_trace_pack::embed(name, text, &Made::default()).map_err(|e| e.0)
}

/// One approach as the page may offer it.
#[derive(Clone, Debug, Serialize)]
pub struct Offer {
    /// `--algo`.
    pub id: &'static str,
    /// Its title.
    pub title: &'static str,
    /// `exhaustive` or `find-one`.
    pub kind: &'static str,
    /// Whether it runs in the page.
    pub live: bool,
    /// Why it does not (`None` when it does).
    pub why: Option<&'static str>,
    /// The largest n it takes at all.
    pub max_n: usize,
    /// The largest n of a traced count (0: it cannot count).
    pub count_max_n: usize,
    /// The largest n of a traced first-solution run.
    pub first_max_n: usize,
    /// Why the trace limits are where they are.
    pub trace_reason: &'static str,
    /// The name of its step event (`None`: it takes no steps).
    pub step: Option<&'static str>,
    /// Its knobs, by name (`--` + name on the command line).
    pub knobs: &'static [&'static str],
    /// Whether a run with the default knobs draws random numbers (`--seed`).
    pub uses_seed: bool,
    /// Whether it has a step budget (`--max-steps`).
    pub uses_max_steps: bool,
}

/// Every registered approach as the page may offer it: those that run
/// here in registry order, then those left out ([`table::LEFT_OUT`]).
pub fn approaches() -> Vec<Offer> {
    /// One offer, with the approach's type.
    #[derive(Clone)]
    struct Offering;
    impl WithApproach for Offering {
        type Out = Offer;
        fn with<A: Approach>(self, a: &'static A) -> Offer {
            let info = a.info();
            let trace = a.trace_info();
            Offer {
                id: info.id,
                title: info.title,
                kind: match info.kind {
                    Kind::Exhaustive => "exhaustive",
                    Kind::FindOne => "find-one",
                },
                live: trace.is_some(),
                why: trace.is_none().then_some("it writes no trace"),
                max_n: info.max_n,
                count_max_n: trace.map_or(0, |t| t.count_max_n),
                first_max_n: trace.map_or(0, |t| t.first_max_n),
                trace_reason: trace.map_or("", |t| t.reason),
                step: trace.and_then(|t| t.step).map(|e| e.name()),
                knobs: a.knobs(),
                uses_seed: a.uses_seed(&Options::default()),
                uses_max_steps: a.uses_max_steps(),
            }
        }
    }
    let mut all = each(Offering);
    all.extend(LEFT_OUT.iter().map(|&(id, why)| Offer {
        id,
        title: "",
        kind: "exhaustive",
        live: false,
        why: Some(why),
        max_n: 0,
        count_max_n: 0,
        first_max_n: 0,
        trace_reason: "",
        step: None,
        knobs: &[],
        uses_seed: false,
        uses_max_steps: false,
    }));
    all
}
