//! `permutations-streaming`: the seed's filter made to stream (the crate
//! docs give the program, the order, the steps and the nodes, shared with
//! `permutations`, which holds the seed's arrays).
//!
//! Two changes of representation, both invisible in the answer, the order
//! and the steps:
//!
//! - **Streaming.** The seed materialises `perms` (n!×n) and the boards
//!   (n×n×n! doubles: 20.6 MB at n = 8, 552 GB at n = 12; see
//!   [`crate::seed`]). Here the permutations are generated depth-first in
//!   the same reverse-lexicographic order (at each row the unused columns are
//!   tried from the largest down), one at a time, so memory is O(n).
//! - **Incremental diagonal sums.** The seed sums every diagonal of each
//!   complete board: O(n²) per board. Here the diagonal occupancy of the
//!   prefix is kept as the permutation is built: two bitmasks (which
//!   diagonals and anti-diagonals hold a queen) and the *surplus*, the number
//!   of times a queen landed on an already occupied diagonal of either
//!   direction, i.e. the sum over all diagonals of (sum − 1) where the sum is
//!   positive. A complete board's maximum diagonal sum is at most 1 exactly
//!   when its surplus is 0, so each permutation's test is O(1) and is still
//!   made on the complete board, never on a prefix. The last two rows, where
//!   only two columns are left, are done in one go: both orders of the pair,
//!   larger first, each tested.
//!
//! A first-solution run stops at the first permutation kept (the seed has no
//! such run: it filters every board before it keeps any, as `permutations`
//! does).
//!
//! **Trace** ([`TRACE`], `queens --trace`): `candidate` (the step) per
//! permutation tested, `ok` when it is kept.
//!
//! **Limit:** n ≤ [`MAX_N`] = 13. All n! permutations are generated and
//! tested: 13! ≈ 6.2 × 10⁹ takes tens of seconds, 14! ≈ 8.7 × 10¹⁰ would take
//! many minutes, and each further n multiplies that by n.

use std::ops::ControlFlow;

use queens_core::{Enumerate, Event, Info, Kind, Probe, Refusal, Sink, TraceInfo};

use crate::NODE_UNIT;
use crate::generate::{Test, generate};

/// The largest n: every one of the n! permutations is generated and tested.
pub const MAX_N: usize = 13;

/// The approach's description.
pub static INFO: Info = Info {
    id: "permutations-streaming",
    good_for: "brute force over all n! permutations, one at a time",
    title: "MATLAB perms filter, streamed",
    source: "[Eddins 2017] uu tii's MATLAB perms filter, one permutation at a time",
    structure: "the permutation being generated, with bitmasks of the occupied diagonals \
                and a count of surplus queens on them",
    step_unit: "permutations tested",
    order: "reverse lexicographic, as MATLAB's perms(1:N) lists them",
    max_n: MAX_N,
    limit_reason: "all n! permutations are generated and tested: 13! = 6.2e9, \
                   14! = 8.7e10, fourteen times as many",
    kind: Kind::Exhaustive,
    splits: false,
    counts_unique: false,
    quick_n: 11,
    bench_count: &[8, 10, 12],
    bench_first: &[8, 12],
};

/// How the search traces ([`Enumerate::trace_info`]).
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Candidate),
    count_max_n: 10,
    first_max_n: 12,
    reason: "a trace writes a candidate event per permutation tested: a count tests all n! \
             of them, 10! = 3 628 800 and 11! = 39 916 800; the first solution comes after \
             4 545 700 permutations at n = 12 and 47 369 404 at n = 13",
};

/// The seed's `perms` filter, streamed.
#[derive(Clone, Copy, Debug, Default)]
pub struct PermutationsStreaming;

impl Enumerate for PermutationsStreaming {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn node_unit(&self) -> Result<&'static str, Refusal> {
        Ok(NODE_UNIT)
    }

    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }

    fn search<P: Probe, S: Sink>(&self, n: usize, probe: &mut P, sink: &mut S) -> ControlFlow<()> {
        generate(n, &mut Filter { probe, sink })
    }
}

/// The seed's filter: one step per permutation; keeps those whose largest
/// diagonal sum is at most 1, which is exactly when no queen landed on an
/// occupied diagonal (surplus 0).
struct Filter<'a, P, S> {
    probe: &'a mut P,
    sink: &'a mut S,
}

impl<P: Probe, S: Sink> Test for Filter<'_, P, S> {
    #[inline(always)]
    fn test(&mut self, perm: &[u32], surplus: u32) -> ControlFlow<()> {
        self.probe.step();
        self.probe.candidate(perm, surplus == 0);
        if surplus == 0 {
            self.sink.solution(perm)
        } else {
            ControlFlow::Continue(())
        }
    }
    #[inline(always)]
    fn prefix(&mut self, depth: usize) {
        self.probe.node(depth);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::factorial;
    use queens_bitmask::Bitmask;
    use queens_core::{FirstSolution, NoSteps, Refusal};

    #[test]
    fn steps_are_permutations_tested() {
        assert_eq!(PermutationsStreaming.count_with_steps(8).1, 40320);
        for n in 0..=9 {
            assert_eq!(
                PermutationsStreaming.count_with_steps(n).1,
                factorial(n),
                "n = {n}"
            );
        }
    }

    #[test]
    fn nodes_per_depth_are_the_prefixes_n_factorial_over_n_minus_d_factorial() {
        for n in 0..=9 {
            let (_, depths) = PermutationsStreaming.count_with_depths(n);
            let want: Vec<u64> = (0..=n).map(|d| factorial(n) / factorial(n - d)).collect();
            assert_eq!(depths.nodes_per_depth(n), want, "n = {n}");
            assert_eq!(depths.nodes_per_depth(n)[n], depths.steps, "n = {n}");
        }
    }

    #[test]
    fn solutions_come_in_reverse_lexicographic_order() {
        for n in 4..=10 {
            let ours = PermutationsStreaming.collect(n);
            assert!(ours.windows(2).all(|w| w[0] > w[1]), "n = {n}");
        }
        // The first solution is the last in lexicographic order.
        for n in [4, 8, 10] {
            let mut first = FirstSolution(None);
            let _ = PermutationsStreaming.search(n, &mut NoSteps, &mut first);
            assert_eq!(first.0, Bitmask.collect(n).pop(), "n = {n}");
        }
    }

    #[test]
    fn refuses_beyond_the_limit() {
        assert!(PermutationsStreaming.check(MAX_N).is_ok());
        let refusal = PermutationsStreaming.check(MAX_N + 1).unwrap_err();
        assert!(matches!(refusal, Refusal::TooLarge { limit: MAX_N, .. }));
        let message = refusal.to_string();
        assert!(message.contains("up to 13, not 14"), "{message}");
        assert!(message.contains("n! permutations"), "{message}");
    }
}
