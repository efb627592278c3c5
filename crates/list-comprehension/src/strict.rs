//! `list-comprehension-strict`: the seed's comprehension read strictly,
//! what it costs in a strict language (the crate docs give the program, the
//! order, the steps and the nodes, shared with the lazy reading).
//!
//! `queens k` is built from *all* of `queens (k-1)`: each level is
//! materialised before the next is built ([`Level`]), which is what the
//! report compares this reading for: its memory grows with the widest level
//! of partial lists, not with n, and its first solution is known only once
//! every level but the last is built (nearly the whole cost of a count).
//! GHC does not run the program this way: [`crate::lazy`] is the same
//! comprehension as GHC evaluates it.
//!
//! Written as well as that character allows: a level is one flat `Vec<u8>`
//! holding its lists back to back, k bytes per list of length k (columns
//! 1..=n, newest row first, exactly the seed's lists), and the previous level
//! is dropped as soon as the next one is complete. The last level, `queens n`,
//! is not stored: its lists go to the [`Sink`] as the comprehension produces
//! them, as the peer's `length` or `mapM_ print` consumes them.
//!
//! **Steps:** one per partial list kept (see the crate docs): 2056 at n = 8,
//! 35 538 at n = 10, the lazy reading's count for a count.
//!
//! **Trace** ([`TRACE`], `queens --trace`): `level` before each level is
//! built (depth 1..=n, the last one streamed), `partial` (the step) per list
//! kept, as the seed's list: newest row first, columns 1-based.
//!
//! **Limit:** n ≤ [`MAX_N`] = 16. Every level is in memory together with the
//! one being built; at n = 16 the widest pair of levels holds about 6 GiB,
//! at n = 17 about 44 GiB, over the [`MEMORY_BUDGET`] of 8 GiB (a third of
//! the project's 24 GiB machines). [`Enumerate::check`] refuses larger n with
//! the estimate for the n asked ([`estimated_peak_bytes`]).

use std::ops::ControlFlow;

use queens_core::{Enumerate, Event, Info, Kind, Options, Probe, Refusal, Sink, TraceInfo};

use crate::{NODE_UNIT, safe};

/// The largest n accepted: the largest whose estimated peak memory
/// ([`estimated_peak_bytes`]) fits the [`MEMORY_BUDGET`] (a test checks both sides).
pub const MAX_N: usize = 16;

/// The memory the partial lists may take: 8 GiB, a third of the 24 GiB the
/// project's machines have, so a run leaves room for everything else.
pub const MEMORY_BUDGET: u64 = 8 << 30;

/// The largest n [`estimated_peak_bytes`] estimates directly (its random
/// probes keep the three occupancy masks in a `u64`, 2n − 1 bits).
pub const ESTIMATE_MAX_N: usize = 32;

/// The approach's description.
pub static INFO: Info = Info {
    id: "list-comprehension-strict",
    good_for: "seeing what laziness saves: every level of partial lists kept at once",
    title: "Haskell list comprehension, read strictly",
    source: "[Aiello] Part I.2: the Haskell program (from the c2 wiki), each level built whole \
             as a strict language would",
    structure: "one flat byte vector per level: every partial list of k queens, \
                k bytes each, newest row first",
    step_unit: "partial lists kept",
    order: "newest row first, as the source prints them (each line is the mirror of the \
            row-order board); lists in lexicographic order of rows 1..n",
    max_n: MAX_N,
    limit_reason: "every level of partial lists is held in memory with the next: about \
                   6 GiB at n = 16, about 44 GiB at n = 17, over the 8 GiB budget",
    kind: Kind::Exhaustive,
    splits: false,
    counts_unique: false,
    quick_n: 12,
    bench_count: &[8, 10, 12],
    // The first solution is known only once every level up to n - 1 has been
    // built: nearly the whole cost of counting, so it is not benchmarked.
    bench_first: &[],
};

/// How the search traces ([`Enumerate::trace_info`]).
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Partial),
    count_max_n: 13,
    first_max_n: 13,
    reason: "a trace writes a partial event per list kept, the nodes of the row-by-row \
             tree, and a level event per level: a count writes 4 674 902 events at n = 13 \
             and 27 358 566 at n = 14; a first-solution run builds every level but the last \
             before its first board, 4 601 191 events at n = 13 and 26 992 971 at n = 14",
};

/// The seed's list comprehension, read strictly: level by level.
#[derive(Clone, Copy, Debug, Default)]
pub struct ListComprehensionStrict;

/// One level of the comprehension, `queens k`, materialised: every list of k
/// queens in rows 1..k that no two attack, in the seed's order, each as the
/// seed's list (newest row first, columns 1..=n) stored back to back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// k, the length of every list.
    list_len: usize,
    /// The number of lists.
    count: usize,
    /// The lists, `list_len` bytes each.
    bytes: Vec<u8>,
}

impl Level {
    /// `queens 0 = [[]]`: one list, the empty one.
    pub fn root() -> Self {
        Level {
            list_len: 0,
            count: 1,
            bytes: Vec::new(),
        }
    }

    /// k: the number of queens in each list.
    pub fn list_len(&self) -> usize {
        self.list_len
    }

    /// The number of lists.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The bytes the lists occupy (one per queen).
    pub fn bytes(&self) -> usize {
        self.bytes.len()
    }

    /// The bytes allocated for the lists: [`Level::bytes`] and the room the
    /// vector's growth reserved beyond them (never touched, so never
    /// resident on Linux).
    pub fn allocated(&self) -> usize {
        self.bytes.capacity()
    }

    /// The lists, in the seed's order.
    pub fn lists(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        let k = self.list_len;
        (0..self.count).map(move |i| &self.bytes[i * k..(i + 1) * k])
    }

    /// `queens (k+1)` on an n×n board, built from all of this level (one
    /// step per list kept).
    pub fn next<P: Probe>(&self, n: usize, probe: &mut P) -> Level {
        let mut next = Level {
            list_len: self.list_len + 1,
            count: 0,
            bytes: Vec::new(),
        };
        let _ = comprehension(n, self, probe, |x, y| {
            next.bytes.push(x);
            next.bytes.extend_from_slice(y);
            next.count += 1;
            ControlFlow::Continue(())
        });
        next
    }
}

/// `[ x : y | y <- prev, x <- [1..n], safe x y 1]`: passes each kept `x` and
/// `y` to `keep` (which builds the list `x : y`), one step and one node of
/// the next level's depth each; stops when `keep` breaks.
#[inline]
fn comprehension<P: Probe>(
    n: usize,
    prev: &Level,
    probe: &mut P,
    mut keep: impl FnMut(u8, &[u8]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let depth = prev.list_len + 1;
    for y in prev.lists() {
        for x in 1..=n as u8 {
            if safe(x, y, 1) {
                probe.step();
                // Level by level, not depth first: the nodes are recorded
                // as a batch of one, so a depth counter does not read dead
                // ends into their order (a list's children come a level later).
                probe.nodes(depth, 1);
                probe.partial(x, y);
                keep(x, y)?;
            }
        }
    }
    ControlFlow::Continue(())
}

impl Enumerate for ListComprehensionStrict {
    fn info(&self) -> &'static Info {
        &INFO
    }

    /// Refuses n > [`MAX_N`], giving the estimated peak memory for that n.
    fn check(&self, n: usize) -> Result<(), Refusal> {
        if n <= MAX_N {
            return Ok(());
        }
        let reason = if n <= ESTIMATE_MAX_N {
            format!(
                "every level of partial lists is held in memory with the next, which for \
                 n = {n} would take about {} at the widest levels (estimated), over the {} \
                 budget",
                human_bytes(estimated_peak_bytes(n)),
                human_bytes(MEMORY_BUDGET as f64),
            )
        } else {
            format!(
                "every level of partial lists is held in memory with the next, which already \
                 for n = {ESTIMATE_MAX_N} would take about {} at the widest levels \
                 (estimated), over the {} budget",
                human_bytes(estimated_peak_bytes(ESTIMATE_MAX_N)),
                human_bytes(MEMORY_BUDGET as f64),
            )
        };
        Err(Refusal::TooLarge {
            id: INFO.id,
            n,
            limit: MAX_N,
            reason,
        })
    }

    fn node_unit(&self) -> Result<&'static str, Refusal> {
        Ok(NODE_UNIT)
    }

    /// Twice [`estimated_peak_bytes`]: a level's vector grows by doubling,
    /// so it may hold up to twice its lists' bytes (untouched, but
    /// counted by an address-space limit), and 1 MB for the rest.
    fn bytes_needed(&self, n: usize, _opts: &Options) -> Option<u64> {
        (n <= MAX_N).then(|| 2 * estimated_peak_bytes(n) as u64 + (1 << 20))
    }

    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }

    fn search<P: Probe, S: Sink>(&self, n: usize, probe: &mut P, sink: &mut S) -> ControlFlow<()> {
        // `queens 0 = [[]]`: the root, its one empty list.
        probe.node(0);
        if n == 0 {
            // queens 0 = [[]]: one solution, the empty board.
            return sink.solution(&[]);
        }
        let mut level = Level::root();
        for depth in 1..n {
            probe.level(depth);
            level = level.next(n, probe);
        }
        probe.level(n);
        // `queens n`, streamed to the sink: each list as the seed prints it,
        // newest row first, 0-based.
        let mut list = vec![0u32; n];
        comprehension(n, &level, probe, |x, y| {
            if S::NEEDS_BOARD {
                list[0] = u32::from(x) - 1;
                for (out, &c) in list[1..].iter_mut().zip(y) {
                    *out = u32::from(c) - 1;
                }
            }
            sink.solution(&list)
        })
    }
}

/// The estimated number of partial lists at each level k = 0..=n (index k),
/// by Knuth's random-path estimator (D. E. Knuth, "Estimating the efficiency
/// of backtrack programs", Math. Comp. 29, 1975): walk down the row-by-row
/// tree, choosing a child uniformly at random; the product of the numbers of
/// children met on the way to depth k is an unbiased estimate of the number of
/// nodes at depth k. Averaged over [`ESTIMATE_PROBES`] walks from a fixed seed,
/// so the estimate is the same on every run. Checked against the exact
/// widths (counted by a full walk of the tree): the resulting
/// [`estimated_peak_bytes`] is within 1.1 % of the true peak for n = 12..16.
/// Panics if n > [`ESTIMATE_MAX_N`].
pub fn estimated_widths(n: usize) -> Vec<f64> {
    assert!(
        n <= ESTIMATE_MAX_N,
        "the estimator handles n up to {ESTIMATE_MAX_N}"
    );
    let mut widths = vec![0.0; n + 1];
    if n == 0 {
        widths[0] = 1.0;
        return widths;
    }
    let all = u64::MAX >> (64 - n);
    let mut rng = SplitMix64(0x5EED_0000_0000_0000);
    for _ in 0..ESTIMATE_PROBES {
        let (mut cols, mut diag, mut anti) = (0u64, 0u64, 0u64);
        let mut weight = 1.0;
        widths[0] += 1.0;
        for width in &mut widths[1..] {
            let free = all & !(cols | diag | anti);
            let choices = free.count_ones();
            if choices == 0 {
                break;
            }
            weight *= f64::from(choices);
            *width += weight;
            let bit = nth_set_bit(free, rng.below(choices));
            cols |= bit;
            diag = (diag | bit) << 1;
            anti = (anti | bit) >> 1;
        }
    }
    for width in &mut widths {
        *width /= ESTIMATE_PROBES as f64;
    }
    widths
}

/// The number of random walks [`estimated_widths`] averages.
pub const ESTIMATE_PROBES: u32 = 20_000;

/// The estimated peak memory of the lists, in bytes: the largest, over the
/// levels k = 1..n−1 that are stored, of level k−1 (k−1 bytes per list) plus
/// level k (k bytes per list), the two that are alive while level k is built
/// ([`estimated_widths`] gives the counts). Vector growth reserves up to twice
/// a level's bytes, but on Linux the untouched part is never resident, so
/// the resident peak follows the bytes written.
pub fn estimated_peak_bytes(n: usize) -> f64 {
    let widths = estimated_widths(n);
    (1..n)
        .map(|k| widths[k - 1] * (k - 1) as f64 + widths[k] * k as f64)
        .fold(0.0, f64::max)
}

/// The exact peak memory of the lists, in bytes, from the exact widths of
/// the levels (`widths[k]`: the lists of k queens, e.g. the nodes per depth
/// of a count): the formula of [`estimated_peak_bytes`], max over k = 1..n−1
/// of `widths[k−1]·(k−1) + widths[k]·k`.
pub fn peak_bytes(widths: &[u64]) -> u64 {
    let n = widths.len().saturating_sub(1);
    (1..n)
        .map(|k| widths[k - 1] * (k as u64 - 1) + widths[k] * k as u64)
        .max()
        .unwrap_or(0)
}

/// `bytes` as "6.0 GiB", "3.4 MiB", ...
fn human_bytes(bytes: f64) -> String {
    const UNITS: [&str; 7] = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut value = bytes;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{value:.0} bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// The set bit of `mask` with index `k` among its set bits (0 = lowest).
fn nth_set_bit(mut mask: u64, k: u32) -> u64 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny fixed generator, enough
/// for the estimator's random walks, and the same on every platform.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in 0..bound (bound > 0; the tiny modulo bias is irrelevant here).
    fn below(&mut self, bound: u32) -> u32 {
        (self.next_u64() % u64::from(bound)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_bitmask::Bitmask;
    use queens_core::{Counter, FirstSolution, NoSteps, StepCounter, Symmetry, is_solution, known};
    use std::collections::BTreeSet;

    #[test]
    fn steps_are_partial_lists_kept() {
        assert_eq!(ListComprehensionStrict.count_with_steps(8).1, 2056);
        assert_eq!(ListComprehensionStrict.count_with_steps(10).1, 35538);
        // The same tree as bitmask's, node for node.
        for n in 0..=9 {
            let mut p = StepCounter::default();
            let _ = Bitmask.search(n, &mut p, &mut Counter(0));
            assert_eq!(
                ListComprehensionStrict.count_with_steps(n).1,
                p.count,
                "n = {n}"
            );
        }
    }

    #[test]
    fn nodes_per_depth_are_the_levels_widths() {
        for n in 0..=10 {
            let (solutions, depths) = ListComprehensionStrict.count_with_depths(n);
            assert_eq!(depths.below_root(), depths.steps, "n = {n}");
            let nodes = depths.nodes_per_depth(n);
            assert_eq!(nodes[n], solutions, "n = {n}");
            let mut level = Level::root();
            for (k, &width) in nodes.iter().enumerate().take(n) {
                assert_eq!(level.count() as u64, width, "n = {n}, level {k}");
                level = level.next(n, &mut NoSteps);
            }
        }
    }

    #[test]
    fn every_list_is_a_board_that_solves() {
        for n in 0..=10 {
            let all = ListComprehensionStrict.collect(n);
            assert_eq!(all.len() as u64, known::total(n).unwrap(), "n = {n}");
            assert!(
                all.iter().all(|l| l.len() == n && is_solution(l)),
                "n = {n}"
            );
        }
    }

    #[test]
    fn solution_set_equals_bitmask_and_lists_are_its_mirrors() {
        for n in 0..=10 {
            let ours = ListComprehensionStrict.collect(n);
            let theirs = Bitmask.collect(n);
            let ours_set: BTreeSet<_> = ours.iter().cloned().collect();
            let theirs_set: BTreeSet<_> = theirs.iter().cloned().collect();
            assert_eq!(ours_set.len(), ours.len(), "n = {n}: duplicates");
            assert_eq!(ours_set, theirs_set, "n = {n}");
            // Each list read as a board is the top-bottom mirror of a
            // row-order solution: the board drawn as 0/1 rows and turned
            // upside down is one of bitmask's, and it is what MirrorRows
            // gives. Lists that are their own mirror prove nothing, so
            // there must be others (from n = 4 on, every one).
            let mut asymmetric = 0;
            for l in &ours {
                let mut grid: Vec<Vec<bool>> = l
                    .iter()
                    .map(|&c| (0..n as u32).map(|j| j == c).collect())
                    .collect();
                grid.reverse();
                let mirrored: Vec<u32> = grid
                    .iter()
                    .map(|row| row.iter().position(|&q| q).unwrap() as u32)
                    .collect();
                assert_eq!(Symmetry::MirrorRows.apply(l), mirrored, "{l:?}");
                assert!(theirs_set.contains(&mirrored), "{l:?}");
                asymmetric += usize::from(mirrored != *l);
            }
            if n >= 4 {
                assert_eq!(asymmetric, ours.len(), "n = {n}");
            }
        }
    }

    #[test]
    fn lists_reversed_are_in_lexicographic_order() {
        for n in 4..=10 {
            let reversed: Vec<Vec<u32>> = ListComprehensionStrict
                .collect(n)
                .into_iter()
                .map(|mut l| {
                    l.reverse();
                    l
                })
                .collect();
            assert!(reversed.windows(2).all(|w| w[0] < w[1]), "n = {n}");
            // ... and that is bitmask's sequence, solution for solution.
            assert_eq!(reversed, Bitmask.collect(n), "n = {n}");
        }
    }

    #[test]
    fn first_is_the_first_list() {
        for n in [1, 4, 5, 8] {
            let mut first = FirstSolution(None);
            let _ = ListComprehensionStrict.search(n, &mut NoSteps, &mut first);
            assert_eq!(
                first.0.as_ref(),
                ListComprehensionStrict.collect(n).first(),
                "n = {n}"
            );
        }
        let mut first = FirstSolution(None);
        let _ = ListComprehensionStrict.search(3, &mut NoSteps, &mut first);
        assert_eq!(first.0, None);
    }

    #[test]
    fn levels_hold_the_seed_lists() {
        // queens 2 on a 4×4 board: lists [x, y] with |x - y| > 1, ordered by
        // the older row y first, then x.
        let n = 4;
        let one = Level::root().next(n, &mut NoSteps);
        assert_eq!(
            one.lists().map(<[u8]>::to_vec).collect::<Vec<_>>(),
            [[1], [2], [3], [4]]
        );
        let two = one.next(n, &mut NoSteps);
        let mut expected = Vec::new();
        for y in 1..=4u8 {
            for x in 1..=4u8 {
                if x.abs_diff(y) > 1 {
                    expected.push(vec![x, y]);
                }
            }
        }
        assert_eq!(
            two.lists().map(<[u8]>::to_vec).collect::<Vec<_>>(),
            expected
        );
        assert_eq!((two.list_len(), two.count(), two.bytes()), (2, 6, 12));
    }

    /// The memory formula against the allocations the levels make: each
    /// level holds k bytes per list, and the peak is the widest pair of
    /// consecutive levels alive together.
    #[test]
    fn levels_allocate_what_the_memory_formula_says() {
        for n in 1..=11 {
            let widths = ListComprehensionStrict
                .count_with_depths(n)
                .1
                .nodes_per_depth(n);
            let (mut level, mut peak, mut reserved) = (Level::root(), 0, 0);
            for (k, &width) in widths.iter().enumerate().take(n).skip(1) {
                let next = level.next(n, &mut NoSteps);
                assert_eq!(next.bytes() as u64, width * k as u64, "n = {n}, k = {k}");
                assert!(next.allocated() >= next.bytes(), "n = {n}, k = {k}");
                // Growth by doubling: at most twice the bytes written.
                assert!(
                    next.allocated() <= 2 * next.bytes().max(4),
                    "n = {n}, k = {k}"
                );
                peak = peak.max(level.bytes() + next.bytes());
                reserved = reserved.max(level.allocated() + next.allocated());
                level = next;
            }
            assert_eq!(peak as u64, peak_bytes(&widths), "n = {n}");
            assert!(reserved as u64 <= 2 * peak_bytes(&widths) + 8, "n = {n}");
        }
        // The estimate the limit rests on is within 1.1 % of the exact peak.
        let widths = ListComprehensionStrict
            .count_with_depths(12)
            .1
            .nodes_per_depth(12);
        let estimate = estimated_peak_bytes(12);
        let exact = peak_bytes(&widths) as f64;
        assert!(
            (estimate - exact).abs() <= 0.011 * exact,
            "{estimate} vs {exact}"
        );
    }

    #[test]
    fn the_estimator_follows_the_true_widths() {
        for n in [8, 10, 12] {
            let estimate = estimated_widths(n);
            let mut level = Level::root();
            for (k, &e) in estimate.iter().enumerate().take(n) {
                let exact = level.count() as f64;
                assert!(
                    (e - exact).abs() <= 0.1 * exact + 1.0,
                    "n = {n}, k = {k}: {e} vs {exact}"
                );
                level = level.next(n, &mut NoSteps);
            }
        }
    }

    #[test]
    fn the_budget_admits_max_n_and_not_one_more() {
        assert!(estimated_peak_bytes(MAX_N) < MEMORY_BUDGET as f64);
        assert!(estimated_peak_bytes(MAX_N + 1) > MEMORY_BUDGET as f64);
        assert_eq!(INFO.max_n, MAX_N);
    }

    #[test]
    fn refuses_beyond_the_limit_with_the_estimate() {
        assert!(ListComprehensionStrict.check(MAX_N).is_ok());
        for n in [MAX_N + 1, ESTIMATE_MAX_N + 1, 1000] {
            let refusal = ListComprehensionStrict.check(n).unwrap_err();
            let Refusal::TooLarge {
                id,
                limit,
                ref reason,
                ..
            } = refusal
            else {
                panic!("expected TooLarge, got {refusal:?}");
            };
            assert_eq!((id, limit), ("list-comprehension-strict", MAX_N));
            assert!(
                reason.contains("GiB")
                    || reason.contains("TiB")
                    || reason.contains("PiB")
                    || reason.contains("EiB"),
                "{reason}"
            );
            assert!(reason.contains("8.0 GiB budget"), "{reason}");
            let message = refusal.to_string();
            assert!(
                message.contains(&format!("up to {MAX_N}, not {n}")),
                "{message}"
            );
        }
    }

    #[test]
    fn human_bytes_picks_a_unit() {
        assert_eq!(human_bytes(512.0), "512 bytes");
        assert_eq!(human_bytes(6.0 * (1u64 << 30) as f64), "6.0 GiB");
    }
}
