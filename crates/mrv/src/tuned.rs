//! `mrv-tuned`: O'Keefe's "least room to move" made to scale, beside the
//! faithful [`crate::Mrv`].
//!
//! The idea of seed 002 stays: the unplaced rows form a table, the row with
//! the fewest remaining columns is placed next, the squares the new queen
//! attacks are pruned from every other row, and a row left with no column
//! fails the branch at once. Three things change, each a standard remedy for
//! the heavy tail that makes O'Keefe's exact order take minutes at n = 129 or
//! 1000 (see the [crate docs](crate)):
//! - **ties are broken at random** (uniformly among the rows with fewest
//!   columns, seeded by `--seed`) instead of by table position;
//! - **columns are tried middle-out** (closest to the centre first) instead of
//!   right to left: central columns block the fewest squares of other rows
//!   near the board's edges, where rows run out of room;
//! - **restarts**: an attempt that has made [`attempt_cap`] placements
//!   without a board is abandoned and the search starts again with fresh
//!   random ties. An attempt that runs out of branches is a complete search,
//!   so it proves there is no board; n = 2 and 3, which have none, are
//!   answered at once, whatever the budget.
//!
//! In a scan of every n from 4 to 300 and every 7th n up to 3000 (seed 1),
//! the worst case needed 13 746 placements (n = 2729); n = 1000 takes about
//! 1000. It finds one board, so it is a find-one approach and cannot count.
//!
//! **Steps:** queen placements, over all attempts.
//!
//! **Trace** ([`TUNED_TRACE`], `queens --trace`): `place` (the step),
//! `remove`, `solution` as in [`crate::Mrv`]; `restart`
//! (`"reason":"limit","after":k`, k its placements) when an attempt is
//! abandoned (its queens are cleared without `remove` events).
//!
//! **Limit:** [`TUNED_MAX_N`]: each placement updates every unplaced row, so a
//! board costs O(n²) time (n = 10 000 takes half a second, 20 000 about 2 s).

use queens_core::{Event, Found, Info, Kind, LocalSearch, Options, Probe, Refusal, TraceInfo};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::Lines;

/// The largest n accepted by `mrv-tuned`.
pub const TUNED_MAX_N: usize = 20_000;

/// The description of `mrv-tuned`.
pub static TUNED_INFO: Info = Info {
    id: "mrv-tuned",
    good_for: "one board of up to 20 000 queens by backtracking",
    title: "Least room to move, tuned: random ties, middle-out, restarts",
    source: "[O'Keefe 1984] Queens.Pl, tuned",
    structure: "line bitsets with per-row counters of remaining columns; \
                the unplaced rows as a table permuted in place",
    step_unit: "queen placements (all attempts)",
    order: "finds one board, chosen by --seed: the row with fewest remaining columns \
            first (random among equals), its columns from the centre outwards",
    max_n: TUNED_MAX_N,
    limit_reason: "each placement updates every unplaced row, so a board costs \
                   O(n^2) time",
    kind: Kind::FindOne,
    splits: false,
    counts_unique: false,
    quick_n: 2000,
    bench_count: &[],
    bench_first: &[100, 1000, 10_000],
};

/// How `mrv-tuned` traces ([`LocalSearch::trace_info`]).
pub static TUNED_TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Place),
    count_max_n: 0,
    first_max_n: TUNED_MAX_N,
    reason: "a board takes a few placements per row (13 746 at most in a scan of n up to \
             3000), at most three events each, far under the bound at every n it accepts",
};

/// Placements an attempt may make before the search restarts: a few per
/// row, since a good attempt barely backtracks.
pub fn attempt_cap(n: usize) -> u64 {
    4 * n as u64 + 100
}

/// The default budget of placements over all attempts (`--max-steps`
/// overrides it): a thousand attempts.
pub fn default_budget(n: usize) -> u64 {
    1000 * attempt_cap(n)
}

/// The placement budget of a run: `--max-steps`, else [`default_budget`].
fn budget(n: usize, opts: &Options) -> u64 {
    opts.max_steps.unwrap_or_else(|| default_budget(n))
}

/// Least room to move with random ties, middle-out columns and restarts.
#[derive(Clone, Copy, Debug, Default)]
pub struct MrvTuned;

impl LocalSearch for MrvTuned {
    fn info(&self) -> &'static Info {
        &TUNED_INFO
    }

    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TUNED_TRACE)
    }

    fn knob_values(
        &self,
        n: usize,
        opts: &Options,
    ) -> Result<Vec<(&'static str, String)>, Refusal> {
        Ok(vec![(Options::MAX_STEPS, budget(n, opts).to_string())])
    }

    fn find<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Result<Found, Refusal> {
        queens_core::check_limit(&TUNED_INFO, n)?;
        // No board exists: answered at once, whatever the budget, as the
        // other find-one approaches do.
        if matches!(n, 2 | 3) {
            return Ok(Found {
                solution: None,
                extra: vec![("restarts", 0)],
            });
        }
        let budget = budget(n, opts);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(opts.seed);
        let mut search = Search::new(n);
        let mut spent = 0;
        let mut restarts = 0;
        loop {
            let cap = attempt_cap(n).min(budget - spent);
            let (end, used) = search.attempt(cap, &mut rng, probe);
            spent += used;
            let found = |solution| Found {
                solution,
                extra: vec![("restarts", restarts)],
            };
            match end {
                End::Board => return Ok(found(Some(search.board))),
                End::NoBoard => return Ok(found(None)),
                End::Capped if spent >= budget => {
                    return Err(Refusal::GaveUp {
                        id: TUNED_INFO.id,
                        n,
                        steps: spent,
                        ending: queens_core::Ending::Budget,
                        // A placement search: its board is never complete.
                        h: None,
                        restarts: Some(restarts),
                    });
                }
                End::Capped => {
                    restarts += 1;
                    probe.restart(queens_core::Restart::Limit(used));
                }
            }
        }
    }
}

/// How an attempt ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// A board is in [`Search::board`].
    Board,
    /// Every branch failed: there is no board.
    NoBoard,
    /// The attempt used its cap of placements.
    Capped,
}

/// One level of the explicit stack.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// Where the chosen row stood in `order` before it was swapped to the
    /// level's slot (to undo the swap).
    from: u32,
    /// Index into [`Search::middle_out`] of the next column to try.
    next: u32,
    /// The column of this level's queen, while it is on the board.
    placed: Option<u32>,
}

/// The search state, reused by every attempt.
struct Search {
    n: usize,
    lines: Lines,
    /// Remaining columns of each row.
    len: Vec<u32>,
    /// Rows; `order[d..]` are the unplaced ones at depth d.
    order: Vec<u32>,
    /// Columns, closest to the centre first.
    middle_out: Vec<u32>,
    /// Column of each placed row (0-based).
    board: Vec<u32>,
    stack: Vec<Frame>,
}

impl Search {
    fn new(n: usize) -> Self {
        let centre = |c: &u32| (2 * i64::from(*c) - (n as i64 - 1)).unsigned_abs();
        let mut middle_out: Vec<u32> = (0..n as u32).collect();
        middle_out.sort_by_key(centre);
        Search {
            n,
            lines: Lines::new(n),
            len: vec![n as u32; n],
            order: (0..n as u32).collect(),
            middle_out,
            board: vec![0; n],
            stack: Vec::with_capacity(n),
        }
    }

    /// Moves a row with the fewest remaining columns (uniformly at random
    /// among equals) to `order[d]` and pushes its frame.
    fn choose(&mut self, d: usize, rng: &mut Xoshiro256PlusPlus) {
        let mut best = d;
        let mut ties = 1u32;
        for i in d + 1..self.n {
            let (li, lb) = (
                self.len[self.order[i] as usize],
                self.len[self.order[best] as usize],
            );
            if li < lb {
                best = i;
                ties = 1;
            } else if li == lb {
                // Reservoir sampling: the k-th equal replaces the best with probability 1/k.
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = i;
                }
            }
        }
        self.order.swap(d, best);
        self.stack.push(Frame {
            from: best as u32,
            next: 0,
            placed: None,
        });
    }

    /// One complete search from the empty board, abandoned after `cap`
    /// placements; returns how it ended and the placements it made.
    fn attempt<P: Probe>(
        &mut self,
        cap: u64,
        rng: &mut Xoshiro256PlusPlus,
        probe: &mut P,
    ) -> (End, u64) {
        let n = self.n;
        if n == 0 {
            probe.solution(None);
            return (End::Board, 0);
        }
        self.lines = Lines::new(n);
        self.len.fill(n as u32);
        self.stack.clear();
        let mut placements = 0;
        self.choose(0, rng);
        while let Some(&Frame { from, next, placed }) = self.stack.last() {
            let d = self.stack.len() - 1;
            let r1 = self.order[d] as usize;
            if let Some(c) = placed {
                // Take the queen back: free its lines, give back what was pruned.
                probe.remove(r1, c as usize);
                self.lines.toggle(r1, c as usize);
                for &r2 in &self.order[d + 1..] {
                    self.len[r2 as usize] += self.lines.attacked_free(r2 as usize, r1, c as usize);
                }
            }
            let lines = &self.lines;
            let found = self.middle_out[next as usize..]
                .iter()
                .position(|&c| lines.free(r1, c as usize));
            let Some(skip) = found else {
                self.order.swap(d, from as usize);
                self.stack.pop();
                continue;
            };
            if placements == cap {
                return (End::Capped, placements);
            }
            let at = next as usize + skip;
            let c = self.middle_out[at] as usize;
            let top = self.stack.last_mut().expect("the frame just read");
            top.next = at as u32 + 1;
            top.placed = Some(c as u32);
            placements += 1;
            probe.step();
            probe.place(r1, c);
            self.board[r1] = c as u32;
            let mut dead = false;
            for &r2 in &self.order[d + 1..] {
                let l = &mut self.len[r2 as usize];
                *l -= self.lines.attacked_free(r2 as usize, r1, c);
                dead |= *l == 0;
            }
            self.lines.toggle(r1, c);
            if d + 1 == n {
                probe.solution(None);
                return (End::Board, placements);
            }
            if !dead {
                self.choose(d + 1, rng);
            }
        }
        (End::NoBoard, placements)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::{NoSteps, StepCounter, is_solution, known};

    fn find(n: usize, seed: u64) -> Result<Found, Refusal> {
        let opts = Options {
            seed,
            ..Options::default()
        };
        MrvTuned.find(n, &opts, &mut NoSteps)
    }

    #[test]
    fn boards_are_valid_and_exist_exactly_when_known() {
        for n in 0..=120 {
            for seed in 1..=3 {
                let found = find(n, seed).unwrap();
                match found.solution {
                    Some(cols) => {
                        assert_eq!(cols.len(), n);
                        assert!(is_solution(&cols), "n = {n}, seed {seed}");
                    }
                    None => assert!(!known::solvable(n), "n = {n}: no board?"),
                }
            }
        }
    }

    #[test]
    fn scales_to_the_sizes_the_faithful_order_cannot_reach() {
        // 129, 200 and 1000 take the faithful order minutes.
        for n in [129, 200, 1000, 2729] {
            let mut probe = StepCounter::default();
            let found = MrvTuned.find(n, &Options::default(), &mut probe).unwrap();
            assert!(is_solution(&found.solution.unwrap()), "n = {n}");
            assert!(
                probe.count < 20 * n as u64,
                "n = {n}: {} placements",
                probe.count
            );
        }
    }

    #[test]
    fn same_seed_same_board_and_steps_and_counting_changes_nothing() {
        for n in [8, 50, 300] {
            let opts = Options {
                seed: 7,
                ..Options::default()
            };
            let mut a = StepCounter::default();
            let mut b = StepCounter::default();
            let first = MrvTuned.find(n, &opts, &mut a).unwrap();
            let again = MrvTuned.find(n, &opts, &mut b).unwrap();
            assert_eq!(first, again);
            assert_eq!(a.count, b.count);
            assert_eq!(MrvTuned.find(n, &opts, &mut NoSteps).unwrap(), first);
        }
        let boards: std::collections::BTreeSet<_> = (1..=10)
            .map(|seed| find(60, seed).unwrap().solution)
            .collect();
        assert!(boards.len() > 1, "the seed should change the board");
    }

    #[test]
    fn a_tiny_budget_gives_up_and_an_empty_tree_is_no_board() {
        let opts = Options {
            max_steps: Some(5),
            ..Options::default()
        };
        let err = MrvTuned.find(500, &opts, &mut NoSteps).unwrap_err();
        assert!(matches!(err, Refusal::GaveUp { steps: 5, .. }), "{err}");
        for budget in [0, 5] {
            let opts = Options {
                max_steps: Some(budget),
                ..Options::default()
            };
            for n in [2, 3] {
                let mut probe = StepCounter::default();
                assert_eq!(MrvTuned.find(n, &opts, &mut probe).unwrap().solution, None);
                assert_eq!(probe.count, 0, "n = {n}: answered without a search");
            }
        }
    }

    #[test]
    fn columns_are_tried_from_the_centre_outwards() {
        assert_eq!(Search::new(5).middle_out, [2, 1, 3, 0, 4]);
        assert_eq!(Search::new(4).middle_out, [1, 2, 0, 3]);
    }
}
