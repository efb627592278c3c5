//! `generate-and-test`: the Prolog program of seed 000 §1
//! (`000_7439845249fc9285.txt`, Part I item 1, from a RIT course script),
//! generalised from 8 queens to n:
//!
//! ```text
//! col(1). col(2). ... col(8).
//! dif(A, B, ..., H) :- A =\= B, A =\= C, ..., A =\= H, B =\= C, ..., G =\= H.
//! queens(C1, ..., C8) :-
//!     col(C1), ..., col(C8),
//!     dif(C1, ..., C8),
//!     dif(1+C1, 2+C2, ..., 8+C8),
//!     dif(1-C1, 2-C2, ..., 8-C8).
//! ```
//!
//! Faithful to the seed: every row i gets a column Ci from 1..n, and all the
//! `col` goals come before any test, so every one of the n^n candidates is
//! generated, in the order Prolog's backtracking produces them: an odometer
//! with C1 the slowest digit and Cn the fastest. Only a complete candidate is
//! tested, by the seed's conjunction in the seed's order: [`dif`] over the
//! columns, then over the `i+Ci`, then over the `i−Ci`; each `dif` compares
//! the pairs in the seed's order (A with B..H, then B with C..H, ...) and
//! fails at the first equal pair, as the conjunction of `=\=` goals does, and
//! a failed `dif` skips the ones after it.
//!
//! Written as well as that character allows: the candidate is an array
//! `[i32; N]` with N a compile-time constant, one specialised copy per n ≤
//! [`MAX_N`], so the pair loops are fully unrolled, and backtracking into
//! the latest `col` goal with an alternative is the odometer's increment.
//!
//! **Steps:** one per complete candidate tested: n^n (8^8 = 16 777 216 at
//! n = 8).
//!
//! **Nodes per depth** ([`NODE_UNIT`]): the candidates seen as a tree, the
//! `col` goals as its levels: a node at depth d is a distinct prefix
//! (C1, ..., Cd) of the candidates generated; the root (depth 0) is the
//! empty prefix. They are counted as the odometer advances: the first
//! candidate brings one new prefix of every length, and a step that changes
//! digit k (1-based, the goal `col(Ck)` that backtracking gave a new answer)
//! brings new prefixes of lengths k..=n. Nothing is pruned: n^d nodes at
//! depth d, and depth n holds the steps.
//!
//! **Trace** ([`TRACE`], `queens --trace`): `candidate` (the step) per
//! complete candidate tested, `ok` when the three `dif` goals hold.
//!
//! **Order:** lexicographic (C1..Cn), as Prolog enumerates the solutions.
//!
//! **Limit:** n ≤ [`MAX_N`] = 9. All n^n candidates are generated and tested:
//! 9^9 ≈ 3.9 × 10⁸ takes a second or two, 10^10 would take about half a
//! minute and 11^11 ≈ 2.9 × 10¹¹ over ten minutes.

use std::ops::ControlFlow;

use queens_core::{Enumerate, Event, Info, Kind, Probe, Refusal, Sink, TraceInfo};

/// The largest n: every one of the n^n candidates is generated and tested.
pub const MAX_N: usize = 9;

/// The approach's description.
pub static INFO: Info = Info {
    id: "generate-and-test",
    good_for: "seeing why pruning matters: every one of the n^n candidates tested",
    title: "Prolog generate-and-test",
    source: "[Aiello] Part I.1: the Prolog program (from an RIT course script)",
    structure: "one column variable per row, enumerated like an odometer (the last row's column turns fastest); three dif \
                conjunctions tested on the complete candidate",
    step_unit: "complete candidates tested",
    order: "lexicographic: C1 slowest, Cn fastest, as Prolog backtracks",
    max_n: MAX_N,
    limit_reason: "all n^n candidates are generated and tested: 9^9 = 3.9e8, \
                   and each n multiplies them by more than n",
    kind: Kind::Exhaustive,
    splits: false,
    counts_unique: false,
    quick_n: 8,
    bench_count: &[8],
    bench_first: &[8, 9],
};

/// How the search traces ([`Enumerate::trace_info`]).
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Candidate),
    count_max_n: 7,
    first_max_n: 8,
    reason: "a trace writes a candidate event per candidate tested: a count tests all n^n of \
             them, 7^7 = 823 543 and 8^8 = 16 777 216; the first solution comes after \
             1 299 852 candidates at n = 8 and 12 645 941 at n = 9",
};

/// What a node at depth d is ([`Enumerate::node_unit`]).
pub const NODE_UNIT: &str = "a distinct prefix (C1, ..., Cd) of the candidates generated \
                             (unpruned: n^d of them)";

/// The seed's generate-and-test.
#[derive(Clone, Copy, Debug, Default)]
pub struct GenerateAndTest;

impl Enumerate for GenerateAndTest {
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
        match n {
            0 => generate_and_test::<0, P, S>(probe, sink),
            1 => generate_and_test::<1, P, S>(probe, sink),
            2 => generate_and_test::<2, P, S>(probe, sink),
            3 => generate_and_test::<3, P, S>(probe, sink),
            4 => generate_and_test::<4, P, S>(probe, sink),
            5 => generate_and_test::<5, P, S>(probe, sink),
            6 => generate_and_test::<6, P, S>(probe, sink),
            7 => generate_and_test::<7, P, S>(probe, sink),
            8 => generate_and_test::<8, P, S>(probe, sink),
            9 => generate_and_test::<9, P, S>(probe, sink),
            _ => panic!("generate-and-test handles n up to {MAX_N}, not {n} (check first)"),
        }
    }
}

/// Every candidate (C1, ..., CN), Ci in 1..=N, in odometer order; each is
/// tested complete by [`queens`], one step each, and the solutions go to
/// `sink` (0-based). Each candidate's new prefixes are the nodes it brings
/// (depths 0..=N for the first, k+1..=N after digit k (0-based) changed).
fn generate_and_test<const N: usize, P: Probe, S: Sink>(
    probe: &mut P,
    sink: &mut S,
) -> ControlFlow<()> {
    // The first answer of every `col(Ci)` goal.
    let mut cols = [1i32; N];
    let mut board = [0u32; N];
    // The prefixes of the first candidate, the root's included, are all new.
    let mut new_from = 0;
    loop {
        for depth in new_from..=N {
            probe.node(depth);
        }
        probe.step();
        let ok = queens(&cols);
        if P::TRACES {
            let zero_based: [u32; N] = std::array::from_fn(|i| cols[i] as u32 - 1);
            probe.candidate(&zero_based, ok);
        }
        if ok {
            if S::NEEDS_BOARD {
                for (out, &c) in board.iter_mut().zip(&cols) {
                    *out = c as u32 - 1;
                }
            }
            sink.solution(&board)?;
        }
        // The odometer: the timed path (`NoSteps`) runs the plain one, so
        // counting nodes costs it nothing (returning the digit changed, a
        // different loop, measured 25 % slower at n = 9).
        if P::COUNTS {
            match next_changed(&mut cols) {
                Some(k) => new_from = k + 1,
                None => return ControlFlow::Continue(()),
            }
        } else if !next_candidate(&mut cols) {
            return ControlFlow::Continue(());
        }
    }
}

/// Prolog's backtracking over the `col` goals: the latest goal with an
/// untried answer takes its next one, and every later goal starts again
/// from `col(1)`. False when no goal has an answer left.
#[inline(always)]
fn next_candidate<const N: usize>(cols: &mut [i32; N]) -> bool {
    for c in cols.iter_mut().rev() {
        if *c < N as i32 {
            *c += 1;
            return true;
        }
        *c = 1;
    }
    false
}

/// [`next_candidate`] for an instrumented run: the same step, returning the
/// (0-based) position of the digit that took its next answer (the prefixes
/// from that length on are new), `None` when no goal has an answer left.
#[inline(always)]
fn next_changed<const N: usize>(cols: &mut [i32; N]) -> Option<usize> {
    for (k, c) in cols.iter_mut().enumerate().rev() {
        if *c < N as i32 {
            *c += 1;
            return Some(k);
        }
        *c = 1;
    }
    None
}

/// The seed's `queens` body after the `col` goals: columns, then `i+Ci`, then
/// `i−Ci` (rows 1-based), all pairwise different; stops at the first failure.
#[inline(always)]
pub fn queens<const N: usize>(cols: &[i32; N]) -> bool {
    dif(cols)
        && dif::<N>(&std::array::from_fn(|i| (i as i32 + 1) + cols[i]))
        && dif::<N>(&std::array::from_fn(|i| (i as i32 + 1) - cols[i]))
}

/// The seed's `dif`: every pair different, compared in the seed's order
/// (the first value with each later one, then the second, ...), failing at
/// the first equal pair.
#[inline(always)]
pub fn dif<const N: usize>(values: &[i32; N]) -> bool {
    for i in 0..N {
        for j in i + 1..N {
            if values[i] == values[j] {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_bitmask::Bitmask;
    use queens_core::{FirstSolution, NoSteps, Refusal, is_solution};
    use std::collections::BTreeSet;

    #[test]
    fn steps_are_complete_candidates() {
        assert_eq!(GenerateAndTest.count_with_steps(8).1, 16_777_216);
        for n in 0..=7u32 {
            assert_eq!(
                GenerateAndTest.count_with_steps(n as usize).1,
                u64::from(n).pow(n),
                "n = {n}"
            );
        }
    }

    #[test]
    fn solutions_come_in_lexicographic_order() {
        for n in 4..=8 {
            let ours = GenerateAndTest.collect(n);
            assert!(ours.windows(2).all(|w| w[0] < w[1]), "n = {n}");
        }
        let mut first = FirstSolution(None);
        let _ = GenerateAndTest.search(9, &mut NoSteps, &mut first);
        assert_eq!(first.0, Bitmask.collect(9).into_iter().next());
    }

    /// n^d nodes at depth d, checked against a brute-force count: every
    /// candidate written out, and its distinct prefixes of each length.
    #[test]
    fn nodes_per_depth_are_the_distinct_prefixes_n_to_the_d() {
        for n in 0..=6 {
            let (_, depths) = GenerateAndTest.count_with_depths(n);
            let nodes = depths.nodes_per_depth(n);
            assert_eq!(nodes.len(), n + 1);
            let mut candidates: Vec<Vec<usize>> = vec![Vec::new()];
            for _ in 0..n {
                candidates = candidates
                    .iter()
                    .flat_map(|c| {
                        (0..n).map(move |x| {
                            let mut c = c.clone();
                            c.push(x);
                            c
                        })
                    })
                    .collect();
            }
            for (d, &count) in nodes.iter().enumerate() {
                let distinct: BTreeSet<&[usize]> = candidates.iter().map(|c| &c[..d]).collect();
                assert_eq!(count, distinct.len() as u64, "n = {n}, d = {d}");
                assert_eq!(count, (n as u64).pow(d as u32), "n = {n}, d = {d}");
            }
            assert_eq!(nodes[n], depths.steps, "n = {n}");
        }
        // n = 8 through the odometer alone.
        let (_, depths) = GenerateAndTest.count_with_depths(8);
        let want: Vec<u64> = (0..=8).map(|d| 8u64.pow(d)).collect();
        assert_eq!(depths.nodes, want);
    }

    #[test]
    fn candidates_come_in_odometer_order() {
        // Every candidate of n = 4, through the generator itself.
        let mut cols = [1i32; 4];
        let mut seen = vec![cols];
        while next_candidate(&mut cols) {
            seen.push(cols);
        }
        // The instrumented odometer takes the same steps, and names the digit.
        let mut cols = [1i32; 4];
        let mut again = vec![cols];
        let mut changed = Vec::new();
        while let Some(k) = next_changed(&mut cols) {
            again.push(cols);
            changed.push(k);
        }
        assert_eq!(again, seen);
        assert_eq!(&changed[..5], &[3, 3, 3, 2, 3]);
        assert_eq!(seen.len(), 256);
        assert!(seen.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(
            (seen[0], seen[1], seen[4]),
            ([1, 1, 1, 1], [1, 1, 1, 2], [1, 1, 2, 1])
        );
        assert_eq!(seen[255], [4, 4, 4, 4]);
    }

    #[test]
    fn the_test_is_the_seeds_conjunction() {
        // Every candidate of n = 5: the conjunction accepts exactly the
        // boards that is_solution accepts (columns 0-based there).
        let mut cols = [1i32; 5];
        loop {
            let board: Vec<u32> = cols.iter().map(|&c| c as u32 - 1).collect();
            assert_eq!(queens(&cols), is_solution(&board), "{cols:?}");
            if !next_candidate(&mut cols) {
                break;
            }
        }
        assert!(!dif(&[1, 2, 3, 1]));
        assert!(dif(&[4, 2, 3, 1]));
        assert!(dif::<0>(&[]));
    }

    #[test]
    fn refuses_beyond_the_limit() {
        assert!(GenerateAndTest.check(MAX_N).is_ok());
        let refusal = GenerateAndTest.check(MAX_N + 1).unwrap_err();
        assert!(matches!(refusal, Refusal::TooLarge { limit: MAX_N, .. }));
        let message = refusal.to_string();
        assert!(message.contains("up to 9, not 10"), "{message}");
        assert!(message.contains("n^n candidates"), "{message}");
    }
}
