//! Step probes: how a search reports its steps without paying for them when
//! nobody is counting.
//!
//! Every search is generic over a [`Probe`] and calls [`Probe::step`] once per
//! step (each approach documents its unit). Timed runs use [`NoSteps`], a
//! zero-sized type whose `step` is an empty inline function, so the compiler
//! removes every call: the timed path pays nothing. Instrumented runs use
//! [`StepCounter`].

/// Receives one call per search step. `Default + Send` lets a split count
/// give each task a fresh probe on its own thread.
pub trait Probe: Default + Send {
    /// Whether this probe records anything (lets a search skip bookkeeping
    /// that only exists to feed the probe; a compile-time constant).
    const COUNTS: bool;
    /// Records one step.
    fn step(&mut self);
    /// Records `k` steps at once.
    #[inline(always)]
    fn steps(&mut self, k: u64) {
        for _ in 0..k {
            self.step();
        }
    }
    /// The steps recorded so far (`None` for a probe that does not count).
    fn total(&self) -> Option<u64>;
}

/// The uninstrumented probe: zero-sized, every call compiles to nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoSteps;

impl Probe for NoSteps {
    const COUNTS: bool = false;
    #[inline(always)]
    fn step(&mut self) {}
    #[inline(always)]
    fn steps(&mut self, _k: u64) {}
    fn total(&self) -> Option<u64> {
        None
    }
}

/// The instrumented probe: counts steps in a `u64`.
#[derive(Clone, Copy, Debug, Default)]
pub struct StepCounter {
    /// Steps recorded so far.
    pub count: u64,
}

impl Probe for StepCounter {
    const COUNTS: bool = true;
    #[inline(always)]
    fn step(&mut self) {
        self.count += 1;
    }
    #[inline(always)]
    fn steps(&mut self, k: u64) {
        self.count += k;
    }
    fn total(&self) -> Option<u64> {
        Some(self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_steps_is_zero_sized_and_counts_nothing() {
        assert_eq!(std::mem::size_of::<NoSteps>(), 0);
        let mut p = NoSteps;
        p.step();
        p.steps(5);
        assert_eq!(p.total(), None);
    }

    #[test]
    fn step_counter_counts() {
        let mut p = StepCounter::default();
        p.step();
        p.steps(4);
        assert_eq!(p.total(), Some(5));
    }
}
