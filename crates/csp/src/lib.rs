//! `csp`: a constraint-search lab. O'Keefe's `Queens.Pl` (seed file
//! `002_9375fd6b83606ac6.txt`) places "the queen with the fewest possible
//! columns" first and prunes the other rows' columns after each placement;
//! this crate generalises it into AIMA's backtracking search with four
//! independent knobs, so that each idea can be switched on alone and its
//! effect on the tree measured. The variables are the rows, a row's values
//! are its columns, and two rows are compatible when their queens share no
//! column and no diagonal.
//!
//! **The knobs** ([`Config`]):
//! - [`Order`], the next row: [`Order::Row`] the next row top to bottom;
//!   [`Order::Mrv`] the unplaced row with the fewest remaining columns
//!   (O'Keefe's least room to move), ties by the lowest row;
//!   [`Order::MrvRandom`] the same, ties uniformly at random (one draw of a
//!   Xoshiro256++ stream seeded by [`Config::seed`] at each node with a tie;
//!   no draw when the fewest is zero, since that node fails whichever row
//!   is chosen); [`Order::MrvDegree`] the same, ties by the degree
//!   heuristic (AIMA 2nd ed. §5.2, 3rd ed. §6.3.1: the most constraints on
//!   other unassigned variables), then by the lowest row. Every two rows of
//!   N-Queens share a constraint, so every unplaced row has the same
//!   degree: the tie-breaker never decides and the tree is [`Order::Mrv`]'s
//!   (a test compares them up to n = 12).
//! - [`Values`], the order of the row's columns: [`Values::Left`] left to
//!   right; [`Values::MiddleOut`] by distance from the centre, |2c − (n − 1)|,
//!   the left one first on ties: n = 8 gives columns 3, 4, 2, 5, 1, 6, 0, 7
//!   (0-based; for even n the two central columns, left then right, then
//!   outwards alternately left and right), n = 5 gives 2, 1, 3, 0, 4;
//!   [`Values::Lcv`] least-constraining value: by the number of values a
//!   queen there would remove from the other unplaced rows' domains, ties
//!   left to right.
//! - [`Propagate`], the look-ahead after an assignment: [`Propagate::None`]
//!   none: every column of the row, in the value order, is tested against
//!   the placed queens, as `bitmask` does; [`Propagate::Forward`] forward
//!   checking: the unplaced rows' domains lose the squares the new queen
//!   attacks, and the branch fails as soon as one is empty (O'Keefe's
//!   `prune`); [`Propagate::Arc`] maintaining arc consistency: after forward
//!   checking, AC-3 over every ordered pair of unplaced rows removes each
//!   value of a row that has no compatible value in another row, until no
//!   value goes or a domain is empty (failure).
//! - [`Backtrack`], where a row with no column left sends the search:
//!   [`Backtrack::Chronological`] to the row placed just before;
//!   [`Backtrack::ConflictDirected`] conflict-directed backjumping (Prosser
//!   1993; AIMA 2nd ed. §5.2 "Intelligent backtracking: looking backward",
//!   3rd ed. §6.3.3): each row keeps a conflict set, the placed rows that
//!   ruled out one of its columns (the first placed queen that attacks it,
//!   in placement order, with no look-ahead; the rows whose forward checking
//!   pruned its domain, and on a wipe-out those that pruned the emptied
//!   row, with forward checking: Prosser's FC-CBJ); a dead row jumps back to
//!   the most recent row of its set, which takes the rest of the set into
//!   its own. A solution puts every placed row in the set, so counting all
//!   solutions skips none. With the orders that depend only on the board
//!   (`row`, `mrv`, `mrv-degree`) the jumps cut solution-free subtrees of
//!   the chronological tree: the same boards in the same order, never more
//!   placements (tested up to n = 10). With `mrv-random` the random stream
//!   follows the nodes, so the trees part: the same boards, but in 110 of
//!   2 400 runs tried (n ≤ 10, 20 seeds, count and first) more placements.
//!   Not with MAC ([`Config::check`] refuses it): AC-3's removals are not
//!   recorded with the assignments that caused them.
//!
//! With no look-ahead the heuristics read the domains the placed queens
//! leave (the columns of each unplaced row that no placed queen attacks),
//! which are exactly the domains forward checking keeps. So with either
//! MRV the trees of `None` and `Forward` are the same (a dead row is chosen
//! at once and fails with no child); only the checks differ.
//!
//! **Steps:** one per assignment, i.e. per queen placed, the nodes of the
//! tree below its root: the default config (`row`, `left`, `none`) walks
//! `bitmask`'s tree, 2056 steps at n = 8. An assignment is counted when it
//! is made, before propagation, so a placement that forward checking or
//! MAC refutes at once is still a node (a leaf).
//!
//! **Nodes per depth** ([`NODE_UNIT`]): a node at depth d is an assignment
//! of a d-th row, whichever rows the order chose; the root is the empty
//! board. Depths 1..=n add up to the steps.
//!
//! **Statistics** ([`Stats`], counted only when the probe counts, so the
//! timed path pays nothing): `pruned` is the number of domain values that
//! propagation removed (forward checking and AC-3; 0 with no look-ahead).
//! `checks` counts consistency checks, each one test of one (row, column)
//! pair against one other (row, column) pair:
//! - no look-ahead: each candidate (r, c) is tested against the placed
//!   queens in placement order up to the first that attacks it, so it
//!   costs the index of that queen (1-based), or the number of placed
//!   queens when none does;
//! - forward checking: each value of each unplaced row is tested against
//!   the new queen, one check each (the candidates themselves need none:
//!   a domain holds only columns no placed queen attacks);
//! - MAC: forward checking's checks, plus, in each `revise(i, j)` of AC-3,
//!   each value of row i tested against row j's values in ascending order
//!   up to the first compatible one (all of them when none is).
//!
//! The heuristics' own work (MRV's domain sizes, the degrees, LCV's
//! scores) and backjumping's bookkeeping are not counted. [`Csp::run`] returns the statistics; [`CspApproach`] puts them
//! in `Outcome::extra` as `pruned` and `checks` (so `queens --algo csp
//! --json` reports both).
//!
//! **A check budget** ([`Csp::first_within`]): the counted search for the
//! first board stops once its checks pass a budget, as Bacchus and van
//! Run's runs behind AIMA 2nd ed. Figure 5.5 did; the uncounted path reads
//! no budget. The `checks-table` binary (src/bin/checks-table.rs) runs the
//! book's comparison, n = 2 to 50, five seeds where MRV breaks ties at
//! random and one run where it breaks them to the lowest row (the book
//! does not say which), 40 million checks per run. Measured (the whole
//! table takes 1.1 s of CPU), median total checks over n beside the book's:
//! BT > 40 000K (passes the budget at n = 22; book > 40 000K), BT+MRV
//! 1 732K, lowest row 12 683K (book 13 500K), FC > 40 000K (at n = 27;
//! book > 40 000K), FC+MRV 479K, lowest row 817K (book 817K; ours 817 008
//! checks); with backjumping CBJ > 40 000K (n = 22), CBJ+MRV 1 659K,
//! lowest row 12 248K, FC-CBJ > 40 000K (n = 27), FC-CBJ+MRV 477K, lowest
//! row 812K; MAC+MRV 13 537K (fewest placements, most checks: AC-3 tests
//! every pair of unplaced rows).
//!
//! **Representation:** a domain is a bitset of `W` 64-bit words, W = 1, 2
//! or 4 chosen by n; the domains of every depth are kept, (n + 1) × n sets,
//! so propagation writes the next depth and backtracking undoes nothing.
//!
//! **Limit:** [`MAX_N`] = 256, set by the representation (four words per
//! domain). The search is exhaustive, so its time depends on the knobs.
//! Measured for the first board (release build, one uncounted run, on a
//! busy two-core machine, so times are rough; steps are exact):
//! - `mrv`, `middle-out`, `forward`: every n from 4 to 256 within 0.1 s;
//!   n = 200 in 200 placements (no backtracking), a few milliseconds; the
//!   most placements are 101 310 (n = 120) and 78 193 (n = 45);
//! - `mrv`, `left`, `forward`: every n up to 87 within 0.2 s, but n = 88
//!   takes more than 5 s, and so do 90 of the 169 sizes from 88 to 256;
//!   n = 200 comes after 639 950 placements, 0.7 to 0.9 s (a heavy tail, as
//!   in O'Keefe's own order, see crates/mrv);
//! - rows in order with columns left to right follow `bitmask`'s blow-up
//!   (n = 30: more than 3 s with any look-ahead).
//!
//! Counting every solution takes under 0.15 s at n = 11 for each of the 27
//! configs, up to 0.7 s at n = 12 (`row`, `lcv`, `none`).

use std::ops::ControlFlow;

use queens_core::{
    Enumerate, FirstSolution, Info, Kind, Probe, Refusal, Sink, StepCounter, TraceInfo, check_limit,
};

mod approach;
mod bits;
mod search;
#[cfg(test)]
mod tests;

pub use approach::CspApproach;
use search::Engine;

/// The largest n: a domain is at most four 64-bit words.
pub const MAX_N: usize = 256;

/// The approach's description (one for every [`Config`]).
pub static INFO: Info = Info {
    id: "csp",
    good_for: "a constraint course's knobs, one at a time (--order, --values, --propagate, --backtrack)",
    title: "Constraint search lab: variable order, value order, propagation, backjumping",
    source: "[O'Keefe 1984] generalised: AIMA's backtracking with MRV, the degree \
             heuristic, LCV, forward checking, MAC and conflict-directed backjumping \
             [Prosser 1993]",
    structure: "one column bitset (domain) per unplaced row and depth; \
                AC-3 queue of row pairs for MAC; a conflict set (bitset of \
                positions) per row for backjumping",
    step_unit: "queen placements (assignments)",
    order: "set by the config: rows top to bottom or fewest remaining columns first \
            (ties by lowest row, at random, or by degree), columns left to right, middle-out or \
            least-constraining first; the default (row, left, none) is bitmask's order",
    max_n: MAX_N,
    limit_reason: "a domain is a bitset of at most four 64-bit words; time depends on \
                   the knobs: with mrv, middle-out and forward checking a first board \
                   needs few backtracks at every size, with mrv, left and forward checking \
                   some sizes above 87 need very many",
    kind: Kind::Exhaustive,
    splits: false,
    counts_unique: false,
    quick_n: 11,
    bench_count: &[8, 10],
    // Rows in order, columns left to right: n = 30 takes seconds.
    bench_first: &[20],
};

/// What a node at depth d is ([`Enumerate::node_unit`]).
pub const NODE_UNIT: &str = "an assignment of the d-th row, in the config's order \
                             (d queens placed, in whichever rows the order chose)";

/// Which row is assigned next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// The next row, top to bottom.
    Row,
    /// Fewest remaining columns first (MRV), ties by the lowest row.
    Mrv,
    /// Fewest remaining columns first, ties at random ([`Config::seed`]).
    MrvRandom,
    /// Fewest remaining columns first, ties by the degree heuristic (the
    /// most constraints on other unplaced rows), then by the lowest row.
    MrvDegree,
}

/// In which order a row's columns are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Values {
    /// Left to right.
    Left,
    /// By distance from the centre, the left one first on ties.
    MiddleOut,
    /// Least-constraining value first, ties left to right.
    Lcv,
}

/// What an assignment propagates to the unplaced rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Propagate {
    /// Nothing: candidates are tested against the placed queens.
    None,
    /// Forward checking.
    Forward,
    /// Forward checking, then arc consistency (AC-3).
    Arc,
}

/// Where the search goes back to when a row runs out of columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backtrack {
    /// To the row placed just before (chronological backtracking).
    Chronological,
    /// To the most recent row in the dead row's conflict set (CBJ).
    ConflictDirected,
}

impl Order {
    /// Every variable order.
    pub const ALL: [Order; 4] = [Order::Row, Order::Mrv, Order::MrvRandom, Order::MrvDegree];
    /// A short name: `row`, `mrv`, `mrv-random`, `mrv-degree`.
    pub fn name(self) -> &'static str {
        match self {
            Order::Row => "row",
            Order::Mrv => "mrv",
            Order::MrvRandom => "mrv-random",
            Order::MrvDegree => "mrv-degree",
        }
    }
}

impl Values {
    /// Every value order.
    pub const ALL: [Values; 3] = [Values::Left, Values::MiddleOut, Values::Lcv];
    /// A short name: `left`, `middle-out`, `lcv`.
    pub fn name(self) -> &'static str {
        match self {
            Values::Left => "left",
            Values::MiddleOut => "middle-out",
            Values::Lcv => "lcv",
        }
    }
}

impl Propagate {
    /// Every propagation.
    pub const ALL: [Propagate; 3] = [Propagate::None, Propagate::Forward, Propagate::Arc];
    /// A short name: `none`, `forward`, `arc`.
    pub fn name(self) -> &'static str {
        match self {
            Propagate::None => "none",
            Propagate::Forward => "forward",
            Propagate::Arc => "arc",
        }
    }
}

impl Backtrack {
    /// Both ways back.
    pub const ALL: [Backtrack; 2] = [Backtrack::Chronological, Backtrack::ConflictDirected];
    /// A short name: `chronological`, `conflict-directed`.
    pub fn name(self) -> &'static str {
        match self {
            Backtrack::Chronological => "chronological",
            Backtrack::ConflictDirected => "conflict-directed",
        }
    }
}

/// The four knobs, and the seed of [`Order::MrvRandom`]'s ties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Which row next.
    pub order: Order,
    /// Which column first.
    pub values: Values,
    /// What an assignment propagates.
    pub propagate: Propagate,
    /// Where a dead end goes back to.
    pub backtrack: Backtrack,
    /// Seed of the random ties (read only by [`Order::MrvRandom`]).
    pub seed: u64,
}

impl Config {
    /// `row`, `left`, `none`: `bitmask`'s tree; seed 1.
    pub const DEFAULT: Config = Config::new(Order::Row, Values::Left, Propagate::None);

    /// A config with chronological backtracking and seed 1.
    pub const fn new(order: Order, values: Values, propagate: Propagate) -> Self {
        Config {
            order,
            values,
            propagate,
            backtrack: Backtrack::Chronological,
            seed: 1,
        }
    }

    /// The same config with another way back.
    pub const fn with_backtrack(self, backtrack: Backtrack) -> Self {
        Config { backtrack, ..self }
    }

    /// Refuses the one combination the engine does not implement:
    /// conflict-directed backjumping with MAC.
    pub fn check(&self) -> Result<(), Refusal> {
        if self.backtrack == Backtrack::ConflictDirected && self.propagate == Propagate::Arc {
            return Err(Refusal::Unsupported {
                id: "csp",
                what: "combine --backtrack conflict-directed with --propagate arc: AC-3's \
                       removals are not recorded with the assignments that caused them, \
                       so the rows' conflict sets would be wrong",
            });
        }
        Ok(())
    }

    /// The same config with another seed.
    pub const fn with_seed(self, seed: u64) -> Self {
        Config { seed, ..self }
    }

    /// All 36 combinations of order, values and propagation (chronological,
    /// seed 1), order outermost, propagation innermost.
    pub fn all() -> impl Iterator<Item = Config> {
        Order::ALL.into_iter().flat_map(|o| {
            Values::ALL.into_iter().flat_map(move |v| {
                Propagate::ALL
                    .into_iter()
                    .map(move |p| Config::new(o, v, p))
            })
        })
    }

    /// `order/values/propagate`, e.g. `mrv/left/forward`, with
    /// `/conflict-directed` after it when the config backjumps.
    pub fn label(&self) -> String {
        let jumps = match self.backtrack {
            Backtrack::Chronological => "",
            Backtrack::ConflictDirected => "/conflict-directed",
        };
        format!(
            "{}/{}/{}{jumps}",
            self.order.name(),
            self.values.name(),
            self.propagate.name()
        )
    }
}

impl Default for Config {
    fn default() -> Self {
        Config::DEFAULT
    }
}

/// What propagation did in one run (see the crate docs for the exact
/// definitions); zero unless the probe counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Domain values removed by forward checking and AC-3.
    pub pruned: u64,
    /// Consistency checks: tests of one (row, column) pair against another.
    pub checks: u64,
}

impl Stats {
    /// The statistics as `Outcome::extra` carries them.
    pub fn extra(&self) -> Vec<(&'static str, u64)> {
        vec![("pruned", self.pruned), ("checks", self.checks)]
    }
}

/// The backtracking search with its knobs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Csp {
    /// The knobs.
    pub config: Config,
}

impl Csp {
    /// The search with these knobs.
    pub const fn new(config: Config) -> Self {
        Csp { config }
    }

    /// Walks the search like [`Enumerate::search`] and also returns its
    /// [`Stats`] (zero when `P::COUNTS` is false). Refuses n > [`MAX_N`]
    /// and a config that [`Config::check`] refuses.
    pub fn run<P: Probe, S: Sink>(
        &self,
        n: usize,
        probe: &mut P,
        sink: &mut S,
    ) -> Result<(ControlFlow<()>, Stats), Refusal> {
        Enumerate::check(self, n)?;
        let (flow, stats, _) = self.walk(n, probe, sink, u64::MAX);
        Ok((flow, stats))
    }

    /// Searches for the first board, counting placements and checks, and
    /// stops once more than `budget` checks are spent (the limit of
    /// Bacchus and van Run's runs, AIMA 2nd ed. §5.2, Figure 5.5). The
    /// budget is read at each node entered, so a stopped run has spent a
    /// little more than `budget` (one node's checks). The uncounted path
    /// ([`Enumerate::search`]) never reads a budget.
    pub fn first_within(&self, n: usize, budget: u64) -> Result<Budgeted, Refusal> {
        Enumerate::check(self, n)?;
        let mut probe = StepCounter::default();
        let mut first = FirstSolution(None);
        let (_, stats, over) = self.walk(n, &mut probe, &mut first, budget);
        let end = match (first.0, over) {
            (Some(board), _) => End::Solved(board),
            (None, true) => End::OverBudget,
            (None, false) => End::Unsolvable,
        };
        Ok(Budgeted {
            end,
            checks: stats.checks,
            placements: probe.count,
        })
    }

    /// The search on an n that passed the check: the flow, the statistics,
    /// and whether it stopped on the check budget (read only when
    /// `P::COUNTS`).
    fn walk<P: Probe, S: Sink>(
        &self,
        n: usize,
        probe: &mut P,
        sink: &mut S,
        budget: u64,
    ) -> (ControlFlow<()>, Stats, bool) {
        probe.node(0);
        match n {
            0 => {
                // One solution, the empty board.
                probe.solution(None);
                (sink.solution(&[]), Stats::default(), false)
            }
            1..=64 => self.engine::<P, S, 1>(n, probe, sink, budget),
            65..=128 => self.engine::<P, S, 2>(n, probe, sink, budget),
            _ => self.engine::<P, S, 4>(n, probe, sink, budget),
        }
    }

    /// Runs the engine with domains of `W` words.
    fn engine<P: Probe, S: Sink, const W: usize>(
        &self,
        n: usize,
        probe: &mut P,
        sink: &mut S,
        budget: u64,
    ) -> (ControlFlow<()>, Stats, bool) {
        // Config::check refuses backjumping with MAC: it never jumps with it.
        if self.config.backtrack == Backtrack::ConflictDirected
            && self.config.propagate != Propagate::Arc
        {
            let mut engine = Engine::<P, S, W, true>::new(n, self.config, probe, sink, budget);
            let flow = engine.visit(0).map_continue(|_| ());
            (flow, engine.stats, engine.over_budget)
        } else {
            let mut engine = Engine::<P, S, W, false>::new(n, self.config, probe, sink, budget);
            let flow = engine.visit(0).map_continue(|_| ());
            (flow, engine.stats, engine.over_budget)
        }
    }
}

/// How a budgeted search for the first board ended ([`Csp::first_within`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The first board, in the search's order.
    Solved(Vec<u32>),
    /// The search finished without a board: n has none (n = 2, 3).
    Unsolvable,
    /// Stopped once the checks passed the budget.
    OverBudget,
}

/// One budgeted search ([`Csp::first_within`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budgeted {
    /// How it ended.
    pub end: End,
    /// Consistency checks spent (see the crate docs).
    pub checks: u64,
    /// Queen placements (the steps).
    pub placements: u64,
}

impl Enumerate for Csp {
    fn info(&self) -> &'static Info {
        &INFO
    }

    /// The size limit, and [`Config::check`].
    fn check(&self, n: usize) -> Result<(), Refusal> {
        self.config.check()?;
        check_limit(&INFO, n)
    }

    fn node_unit(&self) -> Result<&'static str, Refusal> {
        Ok(NODE_UNIT)
    }

    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }

    fn search<P: Probe, S: Sink>(&self, n: usize, probe: &mut P, sink: &mut S) -> ControlFlow<()> {
        self.walk(n, probe, sink, u64::MAX).0
    }
}

/// The trace limits: those of the row-by-row tree, which the default knobs
/// walk. Other knobs walk smaller trees (look-ahead prunes, MRV fails
/// early) or reach a first solution by another path; the tracer's own
/// bound on events stops any trace that would still pass it.
pub use queens_core::trace::ROW_BY_ROW as TRACE;

/// The columns `0..n` closest to the centre first, the left one first on
/// ties (as `mrv-tuned` in crates/mrv/src/tuned.rs orders them).
pub(crate) fn middle_out(n: usize) -> Vec<u32> {
    let mut cols: Vec<u32> = (0..n as u32).collect();
    cols.sort_by_key(|&c| (2 * i64::from(c) - (n as i64 - 1)).unsigned_abs());
    cols
}
