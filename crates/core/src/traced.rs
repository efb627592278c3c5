//! One traced run, written: the `start` line, the approach's run with a
//! [`Tracer`] as its probe, the `end` line. `queens --trace` and the
//! explorer's WebAssembly engine (crates/explorer-wasm) both call
//! [`write_trace`], so the two write the same bytes for the same arguments.

use std::fmt;
use std::io::Write;

use crate::approach::{Approach, Options, Outcome, Refusal, TraceRun};
use crate::trace::{Start, Summary, TraceError, Tracer};

/// Why [`write_trace`] did not write a whole trace.
#[derive(Debug)]
pub enum TraceFailure {
    /// The approach refused the run (it writes no trace, the size is beyond
    /// its trace limits or its own, a knob is wrong): the `start` line and
    /// the events before it are written, no `end` line.
    Refused(Refusal),
    /// A local search ended without a solution ([`Refusal::GaveUp`]): the
    /// trace is whole, its `end` line saying how the run ended and its h.
    GaveUp(Refusal, Summary),
    /// Writing failed, or the run passed the bound of events a trace holds.
    Trace(TraceError),
}

impl fmt::Display for TraceFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceFailure::Refused(r) | TraceFailure::GaveUp(r, _) => r.fmt(f),
            TraceFailure::Trace(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for TraceFailure {}

impl From<Refusal> for TraceFailure {
    fn from(r: Refusal) -> Self {
        TraceFailure::Refused(r)
    }
}

/// Runs `approach` once at `n` with a [`Tracer`] writing to `out` as the
/// probe (see [`crate::trace`]): a count, a first-solution run or a
/// listing, as `run` says. Writes the `start` line, the events and the
/// `end` line, and flushes `out`. The outcome's steps are the tracer's.
///
/// Approaches without [`Approach::trace_info`] are refused before anything
/// is written. Generic, so that a caller holding a concrete approach (the
/// WebAssembly engine) links only the traced run, not every method of a
/// `dyn Approach`'s vtable; `queens` passes its `&dyn Approach`.
pub fn write_trace<A: Approach + ?Sized>(
    approach: &A,
    n: usize,
    opts: &Options,
    run: TraceRun<'_, '_>,
    out: Box<dyn Write + Send>,
) -> Result<(Outcome, Summary), TraceFailure> {
    let info = approach.info();
    let trace = approach.trace_info().ok_or(Refusal::Unsupported {
        id: info.id,
        what: "write a trace (--trace)",
    })?;
    let start = Start {
        algo: info.id,
        n,
        mode: run.mode(),
        step: trace.step,
        node: approach.node_unit().ok(),
    };
    let mut tracer = Tracer::new(out, &start);
    match approach.trace(n, opts, run, &mut tracer) {
        Ok(outcome) => {
            let summary = tracer
                .finish(outcome.solutions)
                .map_err(TraceFailure::Trace)?;
            Ok((outcome, summary))
        }
        // The run is the method's own ending: its trace is whole.
        Err(refusal @ Refusal::GaveUp { ending, h, .. }) => {
            let summary = tracer
                .finish_gave_up(ending, h)
                .map_err(TraceFailure::Trace)?;
            Err(TraceFailure::GaveUp(refusal, summary))
        }
        Err(refusal) => Err(refusal.into()),
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::*;
    use crate::approach::{Enumerate, Exhaustive, Info, Kind, Sink, check_limit};
    use crate::probe::Probe;
    use crate::trace::tests::Shared;
    use crate::trace::{Event, TraceInfo};

    static INFO: Info = Info {
        id: "toy",
        title: "",
        source: "",
        structure: "",
        step_unit: "queen placement",
        order: "",
        max_n: 8,
        limit_reason: "a toy",
        good_for: "",
        kind: Kind::Exhaustive,
        splits: false,
        counts_unique: false,
        quick_n: 8,
        bench_count: &[],
        bench_first: &[],
    };

    static TRACE: TraceInfo = TraceInfo {
        step: Some(Event::Place),
        count_max_n: 3,
        first_max_n: 3,
        reason: "a toy's reason",
    };

    /// Places one queen per row in column 0: a "solution" at every n.
    struct Toy;

    impl Enumerate for Toy {
        fn info(&self) -> &'static Info {
            &INFO
        }
        fn check(&self, n: usize) -> Result<(), Refusal> {
            check_limit(&INFO, n)
        }
        fn search<P: Probe, S: Sink>(&self, n: usize, p: &mut P, s: &mut S) -> ControlFlow<()> {
            for row in 0..n {
                p.step();
                p.place(row, 0);
            }
            p.solution(None);
            s.solution(&vec![0; n])
        }
        fn node_unit(&self) -> Result<&'static str, Refusal> {
            Ok("a queen")
        }
        fn trace_info(&self) -> Option<&'static TraceInfo> {
            Some(&TRACE)
        }
    }

    #[test]
    fn a_trace_is_written_whole_with_its_start_and_end() {
        let out = Shared::default();
        let (outcome, summary) = write_trace(
            &Exhaustive(Toy),
            2,
            &Options::default(),
            TraceRun::Count,
            Box::new(out.clone()),
        )
        .unwrap();
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        assert_eq!(
            text,
            "{\"event\":\"start\",\"algo\":\"toy\",\"n\":2,\"mode\":\"count\",\"step\":\"place\",\"node\":\"a queen\"}\n\
             {\"event\":\"place\",\"row\":1,\"col\":1}\n\
             {\"event\":\"place\",\"row\":2,\"col\":1}\n\
             {\"event\":\"solution\",\"index\":1}\n\
             {\"event\":\"end\",\"solutions\":1,\"steps\":2}\n"
        );
        assert_eq!((outcome.solutions, outcome.steps), (1, Some(2)));
        assert_eq!((summary.lines, summary.steps), (5, 2));
    }

    #[test]
    fn a_size_beyond_the_trace_limit_is_refused_with_the_refusal() {
        let out = Shared::default();
        let err = write_trace(
            &Exhaustive(Toy),
            4,
            &Options::default(),
            TraceRun::First,
            Box::new(out.clone()),
        )
        .unwrap_err();
        assert!(
            matches!(
                err,
                TraceFailure::Refused(Refusal::TraceTooLong { n: 4, limit: 3, .. })
            ),
            "{err}"
        );
        assert!(err.to_string().contains("a toy's reason"), "{err}");
    }
}
