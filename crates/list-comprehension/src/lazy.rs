//! `list-comprehension`: the seed's comprehension as GHC runs it, lazily
//! (the crate docs give the program, the order, the steps and the nodes,
//! shared with the strict reading).
//!
//! GHC evaluates `queens n = [x : y | y <- queens (n-1), x <- [1..n], safe
//! x y 1]` on demand: whoever consumes `queens n` (`length`, `head`,
//! `mapM_ print`) asks for one list at a time; to give it, `queens n` needs
//! one `y` from `queens (n-1)`, which asks `queens (n-2)` for one, and so
//! on down to `queens 0 = [[]]`. Each comprehension is a generator that
//! remembers where it is (its current `y` and the next `x` to try), and the
//! n of them form a chain: [`Stream`] is that chain, written out.
//!
//! - **Stage k** (`queens k`, k = 1..=n) holds its current `y` (a list of
//!   k − 1 queens, the one stage k − 1 gave last) and the next column `x` to
//!   try. Asked for a list, it tries `x`, `x + 1`, ... against `y` with
//!   [`safe`]; the first that passes gives the list `x : y`. When its
//!   columns run out it asks stage k − 1 for the next `y` and starts again
//!   at `x = 1`; when stage k − 1 has none left, stage k has none either.
//! - **Stage 0** (`queens 0 = [[]]`) gives its one empty list, then nothing.
//! - **Shared tails.** `x : y` does not copy `y`: in GHC it is one new cons
//!   cell pointing at `y`'s. Here every stage's current list lives in one
//!   n-byte buffer: stage k's list is the last k bytes, `[x_k, x_(k-1),
//!   ..., x_1]` (newest row first, the seed's list), so stage k + 1's list
//!   is stage k's with one byte in front. A stage writes its byte only when
//!   the stage above asks for its next list, when the old one is no longer
//!   needed, as the garbage collector would have found.
//!
//! Asking stage n for its next list until it has none is the whole search.
//! The lists come in the comprehension's order (the strict reading's, a test
//! checks it), and *when* each is built is depth first: a list is built, then
//! everything above it that extends it, then the next one. So a count holds
//! 3n bytes of state whatever n ([`stream_bytes`]), and a first-solution run
//! stops after building the lists on the way to its board, `bitmask`'s
//! placements (`head (queens n)`: nothing after the first list is demanded).
//!
//! A stage is not a Rust [`Iterator`]: its lists share their tails in one
//! buffer, so it lends each list until it is asked for the next one
//! ([`Stream::next`]), which `Iterator` cannot express.
//!
//! **Steps:** one per partial list built (a list `x : y` for which `safe`
//! held, one cons cell in GHC), at every stage: a count builds the same lists
//! as the strict reading (2056 at n = 8), a first-solution run only those on
//! the way to its board (113 at n = 8, 261 at n = 12).
//!
//! **Trace** ([`TRACE`], `queens --trace`): `partial` (the step) per list
//! built, `{"event":"partial","list":[c_k,...,c_1]}`, newest row first,
//! columns 1-based, in the order the lists are built: depth first, each list
//! followed by the lists that extend it. There are no levels, so no `level`
//! events: a list of k queens follows the last list of k − 1 queens written,
//! which is its tail.
//!
//! **Limit:** n ≤ [`MAX_N`] = 255, the largest column a byte holds (the
//! trace's and the buffer's columns are bytes). Memory is no limit (3n bytes
//! and n stack frames of the chain); a count is bounded by time, since the
//! row-by-row tree grows about sixfold per queen around n = 14.

use std::ops::ControlFlow;

use queens_core::{Enumerate, Event, Info, Kind, Probe, Refusal, Sink, TraceInfo};

use crate::{NODE_UNIT, safe};

/// The largest n: a column is a byte, 1..=255.
pub const MAX_N: usize = u8::MAX as usize;

/// The approach's description.
pub static INFO: Info = Info {
    id: "list-comprehension",
    good_for: "seeing lazy evaluation: the Haskell program in little memory",
    title: "Haskell list comprehension (lazy, as GHC runs it)",
    source: "[Aiello] Part I.2: the Haskell program (from the c2 wiki), evaluated lazily as GHC \
             does",
    structure: "a chain of n generators, one per comprehension queens k, each pulling the next \
                partial list from the one below; the current lists share their tails in one \
                n-byte buffer, newest row first",
    step_unit: "partial lists built",
    order: "newest row first, as the source prints them (each line is the mirror of the \
            row-order board); lists in lexicographic order of rows 1..n",
    max_n: MAX_N,
    limit_reason: "a column is a byte (1 to 255); memory stays at 3n bytes, and a count is \
                   bounded by time: the row-by-row tree grows about sixfold per queen",
    kind: Kind::Exhaustive,
    splits: false,
    counts_unique: false,
    quick_n: 12,
    bench_count: &[8, 10, 12],
    bench_first: &[8, 12, 20],
};

/// How the search traces ([`Enumerate::trace_info`]).
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Partial),
    count_max_n: 13,
    first_max_n: 29,
    reason: "a trace writes a partial event per list built, the nodes of the row-by-row tree: \
             a count writes 4 674 889 events at n = 13 and 27 358 552 at n = 14; a \
             first-solution run builds only the lists on the way to its first board, \
             bitmask's placements: 3 006 298 events at n = 28, 1 532 239 at n = 29 and \
             56 429 619 at n = 30, and that number grows erratically beyond",
};

/// The seed's list comprehension, evaluated lazily as GHC does.
#[derive(Clone, Copy, Debug, Default)]
pub struct ListComprehension;

/// The bytes [`Stream`] holds for a board of n: one list cell per row (u8)
/// and one next column per stage (u16, since n + 1 must fit): 3n.
pub const fn stream_bytes(n: usize) -> usize {
    n * size_of::<u8>() + n * size_of::<u16>()
}

/// The chain of n generators of `queens n` (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Stream {
    n: usize,
    /// The current lists: stage k's is `cells[n - k..]`, newest row first,
    /// columns 1..=n.
    cells: Vec<u8>,
    /// `next[k - 1]`: the next column stage k tries against its current `y`;
    /// past n when it has to ask stage k − 1 for a new `y` (at the start, too).
    next: Vec<u16>,
    /// Whether stage 0, `queens 0 = [[]]`, has given its one list.
    root_given: bool,
}

impl Stream {
    /// `queens n` on an n×n board, nothing evaluated yet. Panics if
    /// n > [`MAX_N`].
    pub fn new(n: usize) -> Stream {
        assert!(n <= MAX_N, "a column is a byte: n up to {MAX_N}");
        Stream {
            n,
            cells: vec![0; n],
            next: vec![n as u16 + 1; n],
            root_given: false,
        }
    }

    /// The bytes the chain allocated ([`stream_bytes`]).
    pub fn allocated(&self) -> usize {
        self.cells.capacity() * size_of::<u8>() + self.next.capacity() * size_of::<u16>()
    }

    /// The next list of `queens n`, newest row first, columns 1..=n; `None`
    /// once there are no more. The list is lent until the next call: the
    /// stages below keep their lists in the same buffer.
    pub fn next<P: Probe>(&mut self, probe: &mut P) -> Option<&[u8]> {
        self.pull(self.n, probe).then_some(&self.cells[..])
    }

    /// Asks stage k for its next list; false when it has none left. Each
    /// list built is one step and one node at depth k; the root (stage 0's
    /// empty list) is the node at depth 0.
    fn pull<P: Probe>(&mut self, k: usize, probe: &mut P) -> bool {
        if k == 0 {
            if self.root_given {
                return false;
            }
            self.root_given = true;
            probe.node(0);
            return true;
        }
        let n = self.n;
        loop {
            let x = self.next[k - 1];
            if usize::from(x) > n {
                // `y <- queens (k-1)`: the next y, or the end of queens k.
                if !self.pull(k - 1, probe) {
                    return false;
                }
                self.next[k - 1] = 1;
                continue;
            }
            self.next[k - 1] = x + 1;
            let x = x as u8;
            let y = &self.cells[n - k + 1..];
            if safe(x, y, 1) {
                probe.step();
                probe.node(k);
                probe.partial(x, y);
                self.cells[n - k] = x;
                return true;
            }
        }
    }
}

impl Enumerate for ListComprehension {
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
        let mut queens = Stream::new(n);
        // Each list as the seed prints it, newest row first, 0-based.
        let mut list = vec![0u32; n];
        while let Some(cells) = queens.next(probe) {
            if S::NEEDS_BOARD {
                for (out, &c) in list.iter_mut().zip(cells) {
                    *out = u32::from(c) - 1;
                }
            }
            sink.solution(&list)?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_bitmask::Bitmask;
    use queens_core::{
        Counter, FirstSolution, NoSteps, Options, StepCounter, Tracer, is_solution, known,
    };

    #[test]
    fn steps_and_nodes_are_the_row_by_row_trees() {
        assert_eq!(ListComprehension.count_with_steps(8), (92, 2056));
        for n in 0..=10 {
            let mut p = StepCounter::default();
            let _ = Bitmask.search(n, &mut p, &mut Counter(0));
            let (solutions, depths) = ListComprehension.count_with_depths(n);
            assert_eq!(solutions, known::total(n).unwrap(), "n = {n}");
            assert_eq!(depths.steps, p.count, "n = {n}");
            assert_eq!(depths.below_root(), depths.steps, "n = {n}");
            assert_eq!(depths.nodes_per_depth(n)[0], 1, "n = {n}");
            assert_eq!(depths.nodes_per_depth(n)[n], solutions, "n = {n}");
        }
    }

    /// Depth first: the first solution costs bitmask's placements on the way.
    #[test]
    fn the_first_solution_costs_bitmasks_placements() {
        for n in (0..=20).chain([25, 29]) {
            let (mut ours, mut theirs) = (StepCounter::default(), StepCounter::default());
            let mine = ListComprehension.first(n, &mut ours);
            let reference = Bitmask.first(n, &mut theirs);
            assert_eq!(ours.count, theirs.count, "n = {n}");
            // Newest row first: the mirror of bitmask's row-order board.
            let mirrored = reference.map(|mut b| {
                b.reverse();
                b
            });
            assert_eq!(mine, mirrored, "n = {n}");
        }
        // Brute force over the row-by-row tree, and the docs' figure.
        let mut eight = StepCounter::default();
        let _ = ListComprehension.first(8, &mut eight);
        assert_eq!(Some(eight.count), crate::brute::placements_to_first(8));
        assert_eq!(eight.count, 113);
    }

    #[test]
    fn lists_reversed_are_bitmasks_sequence() {
        for n in 0..=10 {
            let lists = ListComprehension.collect(n);
            assert!(lists.iter().all(|l| is_solution(l)), "n = {n}");
            let reversed: Vec<Vec<u32>> = lists
                .into_iter()
                .map(|mut l| {
                    l.reverse();
                    l
                })
                .collect();
            assert_eq!(reversed, Bitmask.collect(n), "n = {n}");
        }
    }

    #[test]
    fn the_stream_gives_the_seed_lists_then_stops() {
        // queens 4: [3,1,4,2] and [2,4,1,3], as GHC prints them.
        let mut queens = Stream::new(4);
        assert_eq!(queens.next(&mut NoSteps), Some(&[3, 1, 4, 2][..]));
        assert_eq!(queens.next(&mut NoSteps), Some(&[2, 4, 1, 3][..]));
        assert_eq!(queens.next(&mut NoSteps), None);
        assert_eq!(queens.next(&mut NoSteps), None, "exhausted stays exhausted");
        // queens 0 = [[]]; queens 1 = [[1]]; queens 3 = [].
        let mut zero = Stream::new(0);
        assert_eq!(zero.next(&mut NoSteps), Some(&[][..]));
        assert_eq!(zero.next(&mut NoSteps), None);
        let mut one = Stream::new(1);
        assert_eq!(one.next(&mut NoSteps), Some(&[1][..]));
        assert_eq!(one.next(&mut NoSteps), None);
        assert_eq!(Stream::new(3).next(&mut NoSteps), None);
    }

    /// The memory formula against the allocation: 3n bytes, whatever the
    /// count, at every n up to the limit.
    #[test]
    fn the_stream_allocates_what_the_memory_formula_says() {
        for n in [0, 1, 8, 12, 100, MAX_N] {
            assert_eq!(Stream::new(n).allocated(), stream_bytes(n), "n = {n}");
            assert_eq!(stream_bytes(n), 3 * n);
        }
        // It does not grow while the lists stream through it.
        let mut queens = Stream::new(10);
        while queens.next(&mut NoSteps).is_some() {}
        assert_eq!(queens.allocated(), 30);
    }

    #[test]
    fn the_limit_is_the_largest_column_a_byte_holds() {
        // Not searched here: the first board of 255 queens is far down the
        // tree. The stream is built and refuses nothing.
        assert_eq!(Stream::new(MAX_N).allocated(), 3 * 255);
        assert_eq!(ListComprehension.check(MAX_N), Ok(()));
        let refusal = ListComprehension.check(MAX_N + 1).unwrap_err();
        assert!(
            refusal.to_string().contains("up to 255, not 256"),
            "{refusal}"
        );
    }

    /// The `partial` events, depth first: each list's tail is the last list
    /// one shorter written before it, and the lists of n queens are the
    /// solutions in order.
    #[test]
    fn the_trace_writes_each_list_after_its_tail() {
        for n in 1..=8 {
            let buffer = queens_test_support::SharedBuffer::default();
            let start = queens_core::trace::Start {
                algo: INFO.id,
                n,
                mode: queens_core::TraceMode::Count,
                step: TRACE.step,
                node: Some(NODE_UNIT),
            };
            let mut tracer = Tracer::new(Box::new(buffer.clone()), &start);
            let tally = ListComprehension.count(n, &Options::default(), &mut tracer);
            let summary = tracer.finish(tally.solutions).unwrap();
            let text = buffer.text();
            let mut last: Vec<Vec<u64>> = vec![Vec::new(); n + 1];
            let mut full = Vec::new();
            let lines: Vec<&str> = text.lines().collect();
            for line in &lines[1..lines.len() - 1] {
                let list = parse_partial(line);
                let k = list.len();
                assert!((1..=n).contains(&k), "{line}");
                assert_eq!(list[1..], last[k - 1][..], "n = {n}: {line}");
                if k == n {
                    full.push(list.iter().map(|&c| c as u32 - 1).collect::<Vec<_>>());
                }
                last[k] = list;
            }
            assert_eq!(full, ListComprehension.collect(n), "n = {n}");
            assert_eq!(summary.steps, ListComprehension.count_with_steps(n).1);
            assert_eq!(summary.lines, summary.steps + 2, "only partial events");
        }
    }

    /// The columns of a `{"event":"partial","list":[...]}` line.
    fn parse_partial(line: &str) -> Vec<u64> {
        let body = line
            .strip_prefix("{\"event\":\"partial\",\"list\":[")
            .and_then(|rest| rest.strip_suffix("]}"))
            .unwrap_or_else(|| panic!("not a partial event: {line}"));
        body.split(',').map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn first_stops_at_the_head() {
        let mut first = FirstSolution(None);
        let _ = ListComprehension.search(8, &mut NoSteps, &mut first);
        assert_eq!(first.0, ListComprehension.collect(8).into_iter().next());
    }
}
