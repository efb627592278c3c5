//! [`CspApproach`]: the registrable face of [`Csp`], as
//! `queens_core::Exhaustive` is for other searches, with the search's
//! [`crate::Stats`] in `Outcome::extra` (the way `Found::extra` carries a
//! local search's statistics, e.g. crates/min-conflicts/src/search.rs).

use std::ops::ControlFlow;

use queens_core::{
    Approach, Counter, DepthCounter, Enumerate, Exhaustive, FirstSolution, Info, NoSteps, Options,
    Outcome, Probe, Refusal, Sink, StepCounter, Steps, TraceInfo, TraceRun, Tracer, Visit, Visitor,
};

use crate::{Backtrack, Csp, Order, Propagate, Values};

/// [`Csp`] as an [`Approach`]. Runs with [`Steps::Count`] or
/// [`Steps::Depths`] (and [`Approach::visit`], which counts steps) put
/// `pruned` and `checks` in [`Outcome::extra`]; an uncounted run
/// ([`Steps::Skip`]) leaves `extra` empty, since it counts nothing.
/// The knobs `order`, `values`, `propagate` and `backtrack` of [`Options::knobs`] and
/// [`Options::seed`] override the registered config for one run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CspApproach(pub Csp);

/// The result of one run of the search, whatever the probe.
struct Run<S> {
    /// The sink, with what it gathered.
    sink: S,
    /// The steps, when the probe counted them.
    steps: Option<u64>,
    /// The depth counter, with [`Steps::Depths`].
    depths: Option<DepthCounter>,
    /// `pruned` and `checks`, when the probe counted them.
    extra: Vec<(&'static str, u64)>,
}

impl CspApproach {
    /// The search with the run's knobs and seed applied to the registered
    /// config; refuses a combination [`crate::Config::check`] refuses.
    pub fn configured(&self, opts: &Options) -> Result<Csp, Refusal> {
        let mut config = self.0.config.with_seed(opts.seed);
        // The CLI offers only known values; a caller passing others is refused.
        let bad = |what: &'static str| Refusal::Unsupported { id: "csp", what };
        if let Some(v) = opts.knob("order") {
            config.order = Order::ALL
                .into_iter()
                .find(|o| o.name() == v)
                .ok_or_else(|| bad("an --order other than row, mrv, mrv-random, mrv-degree"))?;
        }
        if let Some(v) = opts.knob("values") {
            config.values = Values::ALL
                .into_iter()
                .find(|o| o.name() == v)
                .ok_or_else(|| bad("a --values other than left, middle-out, lcv"))?;
        }
        if let Some(v) = opts.knob("propagate") {
            config.propagate = Propagate::ALL
                .into_iter()
                .find(|o| o.name() == v)
                .ok_or_else(|| bad("a --propagate other than none, forward, arc"))?;
        }
        if let Some(v) = opts.knob("backtrack") {
            config.backtrack = Backtrack::ALL
                .into_iter()
                .find(|o| o.name() == v)
                .ok_or_else(|| bad("a --backtrack other than chronological, conflict-directed"))?;
        }
        config.check()?;
        Ok(Csp::new(config))
    }

    /// Runs the search into `sink` with the probe `steps` asks for.
    fn run<S: Sink>(
        &self,
        n: usize,
        opts: &Options,
        steps: Steps,
        mut sink: S,
    ) -> Result<Run<S>, Refusal> {
        let csp = self.configured(opts)?;
        fn go<P: Probe, S: Sink>(
            csp: &Csp,
            n: usize,
            probe: &mut P,
            sink: &mut S,
        ) -> Result<Vec<(&'static str, u64)>, Refusal> {
            let (_, stats) = csp.run(n, probe, sink)?;
            Ok(if P::COUNTS { stats.extra() } else { Vec::new() })
        }
        let (steps, depths, extra) = match steps {
            Steps::Skip => (None, None, go(&csp, n, &mut NoSteps, &mut sink)?),
            Steps::Count => {
                let mut probe = StepCounter::default();
                let extra = go(&csp, n, &mut probe, &mut sink)?;
                (probe.total(), None, extra)
            }
            Steps::Depths => {
                let mut probe = DepthCounter::default();
                let extra = go(&csp, n, &mut probe, &mut sink)?;
                (probe.total(), Some(probe), extra)
            }
        };
        Ok(Run {
            sink,
            steps,
            depths,
            extra,
        })
    }
}

impl Approach for CspApproach {
    fn info(&self) -> &'static Info {
        Enumerate::info(&self.0)
    }

    fn check(&self, n: usize) -> Result<(), Refusal> {
        Enumerate::check(&self.0, n)
    }

    fn node_unit(&self) -> Result<&'static str, Refusal> {
        Enumerate::node_unit(&self.0)
    }

    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Enumerate::trace_info(&self.0)
    }

    /// Traces the search with the run's knobs (its statistics are not
    /// gathered: the tracer is the probe).
    fn trace(
        &self,
        n: usize,
        opts: &Options,
        run: TraceRun<'_, '_>,
        tracer: &mut Tracer,
    ) -> Result<Outcome, Refusal> {
        Exhaustive(self.configured(opts)?).trace(n, opts, run, tracer)
    }

    fn knobs(&self) -> &'static [&'static str] {
        &["order", "values", "propagate", "backtrack"]
    }

    /// The config [`CspApproach::configured`] runs: the registered one
    /// with the run's knobs applied.
    fn knob_values(
        &self,
        _n: usize,
        opts: &Options,
    ) -> Result<Vec<(&'static str, String)>, Refusal> {
        let config = self.configured(opts)?.config;
        Ok(vec![
            ("order", config.order.name().to_string()),
            ("values", config.values.name().to_string()),
            ("propagate", config.propagate.name().to_string()),
            ("backtrack", config.backtrack.name().to_string()),
        ])
    }

    /// Only [`Order::MrvRandom`] breaks ties at random.
    fn uses_seed(&self, opts: &Options) -> bool {
        self.configured(opts)
            .is_ok_and(|csp| csp.config.order == Order::MrvRandom)
    }

    fn count(&self, n: usize, opts: &Options, steps: Steps) -> Result<Outcome, Refusal> {
        let run = self.run(n, opts, steps, Counter(0))?;
        Ok(Outcome {
            solutions: run.sink.0,
            steps: run.steps,
            nodes_per_depth: run.depths.as_ref().map(|d| d.nodes_per_depth(n)),
            dead_ends_per_depth: run.depths.and_then(|d| d.dead_ends_per_depth(n)),
            extra: run.extra,
            ..Outcome::default()
        })
    }

    fn visit(&self, n: usize, opts: &Options, visit: &mut Visit<'_>) -> Result<Outcome, Refusal> {
        let mut solutions = 0;
        let sink = Visitor(|cols: &[u32]| -> ControlFlow<()> {
            solutions += 1;
            visit(cols)
        });
        let Run { steps, extra, .. } = self.run(n, opts, Steps::Count, sink)?;
        Ok(Outcome {
            solutions,
            steps,
            extra,
            ..Outcome::default()
        })
    }

    fn first(&self, n: usize, opts: &Options, steps: Steps) -> Result<Outcome, Refusal> {
        let run = self.run(n, opts, steps, FirstSolution(None))?;
        let solution = run.sink.0;
        Ok(Outcome {
            solutions: u64::from(solution.is_some()),
            steps: run.steps,
            solution,
            nodes_per_depth: run.depths.as_ref().map(|d| d.nodes_per_depth(n)),
            dead_ends_per_depth: run.depths.and_then(|d| d.dead_ends_per_depth(n)),
            extra: run.extra,
            ..Outcome::default()
        })
    }
}
