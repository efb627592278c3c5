//! The search engine: one recursive backtracking search over rows whose
//! four knobs ([`Order`], [`Values`], [`Propagate`], [`Backtrack`](crate::Backtrack)) are
//! read at every node. The skeleton is seed 002's `place/2` (`002_9375fd6b83606ac6.txt`):
//! pick a row, try each of its columns, prune, recurse; the knobs generalise
//! its `least_room_to_move` and `prune`.
//!
//! Domains live in one table of `(n + 1) × n` sets: slot `d × n + r` is row
//! r's domain at depth d (d rows assigned). Propagation writes depth d + 1
//! from depth d, so backtracking restores nothing. With
//! [`Propagate::None`] nothing is written ahead: the domains of depth d are
//! computed at the node from the placed queens (only when a heuristic needs
//! them), and each candidate is tested against the placed queens.
//!
//! Conflict-directed backjumping (Prosser 1993, "Hybrid algorithms for the
//! constraint satisfaction problem"; AIMA 2nd ed. §5.2 "Intelligent
//! backtracking: looking backward", 3rd ed. §6.3.3): a row's conflict set
//! is a set of *positions* (the depth at which each placed row was
//! assigned, so the most recent is the largest), kept in a [`Bits`]. It
//! gathers the first placed queen that attacks each rejected column (no
//! look-ahead), or the positions that pruned the row's domain and, on a
//! wipe-out, those that pruned the emptied row (forward checking, Prosser's
//! FC-CBJ), and what the subtrees below send back. A [`Engine::visit`]
//! that runs out of columns returns its row's set; the caller at position
//! h = its largest member merges it (conf(h) ← conf(h) ∪ conf(x) − {h}),
//! every caller below h returns at once. A solution sends back every
//! position, so a count after a solution goes back chronologically and
//! skips nothing.

use std::collections::VecDeque;
use std::ops::ControlFlow;

use queens_core::{Probe, Sink};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::bits::Bits;
use crate::{Config, Order, Propagate, Stats, Values};

/// What a node sends back: `Break` when the search stops (the sink said so,
/// or the check budget is spent), else the conflict set of the row that ran
/// out of columns (positions; empty and unread when backtracking is
/// chronological).
pub(crate) type Back<const W: usize> = ControlFlow<(), Bits<W>>;

/// The state of one run on an n × n board, n ≥ 1, n ≤ 64 W. `JUMPS`:
/// whether a dead end jumps back ([`Backtrack::ConflictDirected`](crate::Backtrack::ConflictDirected)), a
/// constant so that chronological backtracking keeps no conflict sets.
pub(crate) struct Engine<'a, P, S, const W: usize, const JUMPS: bool> {
    /// The board's size.
    n: usize,
    /// The knobs.
    config: Config,
    /// Domains by depth: slot `d * n + r`.
    doms: Vec<Bits<W>>,
    /// The queens on the board, in placement order: (row, column).
    placed: Vec<(usize, usize)>,
    /// Whether each row holds a queen.
    is_placed: Vec<bool>,
    /// The 0-based column of each row's queen (complete at a solution).
    board: Vec<u32>,
    /// The candidate columns of each depth, in the order they are tried:
    /// slots `d * n ..`.
    values: Vec<u32>,
    /// Scratch: (score, column) pairs for [`Values::Lcv`].
    scored: Vec<(u32, u32)>,
    /// Scratch: the unplaced rows, for [`Propagate::Arc`].
    rows: Vec<usize>,
    /// AC-3's queue of arcs (i, j): revise row i's domain against row j's.
    queue: VecDeque<(usize, usize)>,
    /// Whether arc (i, j) is in the queue: slot `i * n + j`.
    queued: Vec<bool>,
    /// Columns closest to the centre first ([`Values::MiddleOut`]).
    middle_out: Vec<u32>,
    /// Random ties of [`Order::MrvRandom`].
    rng: Xoshiro256PlusPlus,
    /// Checks after which a counted search stops (read only when `P::COUNTS`).
    budget: u64,
    /// Whether the search stopped on the budget.
    pub(crate) over_budget: bool,
    /// Pruned values and checks, counted only when `P::COUNTS`.
    pub(crate) stats: Stats,
    /// Where steps and nodes go.
    probe: &'a mut P,
    /// Where solutions go.
    sink: &'a mut S,
}

impl<'a, P: Probe, S: Sink, const W: usize, const JUMPS: bool> Engine<'a, P, S, W, JUMPS> {
    /// A fresh search: every row's domain at depth 0 is every column.
    /// `budget` is read only when `P::COUNTS`. The caller sets `JUMPS`
    /// from [`Config::backtrack`]; [`Config::check`] refuses backjumping
    /// with MAC.
    pub(crate) fn new(
        n: usize,
        config: Config,
        probe: &'a mut P,
        sink: &'a mut S,
        budget: u64,
    ) -> Self {
        let mut doms = vec![Bits::EMPTY; (n + 1) * n];
        doms[..n].fill(Bits::full(n));
        let arc = config.propagate == Propagate::Arc;
        Engine {
            n,
            config,
            doms,
            placed: Vec::with_capacity(n),
            is_placed: vec![false; n],
            board: vec![0; n],
            values: vec![0; n * n],
            scored: Vec::with_capacity(n),
            rows: Vec::with_capacity(n),
            queue: VecDeque::new(),
            queued: if arc { vec![false; n * n] } else { Vec::new() },
            middle_out: crate::middle_out(n),
            rng: Xoshiro256PlusPlus::seed_from_u64(config.seed),
            budget,
            over_budget: false,
            stats: Stats::default(),
            probe,
            sink,
        }
    }

    /// The domain of row r at depth d.
    #[inline(always)]
    fn dom(&self, d: usize, r: usize) -> Bits<W> {
        self.doms[d * self.n + r]
    }

    /// The node with d rows assigned: a solution when d = n, else choose a
    /// row, order its candidates, and assign each in turn (the placement
    /// at position d). Sends back the row's conflict set (module docs).
    pub(crate) fn visit(&mut self, d: usize) -> Back<W> {
        let n = self.n;
        if d == n {
            self.probe.solution(None);
            let board: &[u32] = if S::NEEDS_BOARD { &self.board } else { &[] };
            self.sink.solution(board)?;
            // Every placed row took part: a jump past any would skip boards.
            return ControlFlow::Continue(Bits::full(n));
        }
        if P::COUNTS && self.stats.checks > self.budget {
            self.over_budget = true;
            return ControlFlow::Break(());
        }
        let none = self.config.propagate == Propagate::None;
        if none {
            self.compute_free(d);
        }
        let r = self.choose(d);
        let k = self.order_values(d, r);
        let free = self.dom(d, r);
        let mut conflicts = if JUMPS && !none {
            self.pruned_by(d, r)
        } else {
            Bits::EMPTY
        };
        for i in 0..k {
            let c = self.values[d * n + i] as usize;
            if none {
                let ruled_out = !free.has(c);
                if P::COUNTS || (JUMPS && ruled_out) {
                    // (r, c) tested against the placed queens in placement
                    // order, up to the first that attacks it.
                    let first = self.first_attacker(r, c);
                    if P::COUNTS {
                        self.stats.checks +=
                            first.map_or(self.placed.len() as u64, |k| k as u64 + 1);
                    }
                    if let (true, Some(k)) = (JUMPS, first) {
                        conflicts.insert(k);
                    }
                }
                if ruled_out {
                    continue;
                }
            }
            self.probe.step();
            self.probe.node(d + 1);
            self.probe.place(r, c);
            if S::NEEDS_BOARD {
                self.board[r] = c as u32;
            }
            self.is_placed[r] = true;
            self.placed.push((r, c));
            let alive = match self.config.propagate {
                Propagate::None => Ok(()),
                Propagate::Forward => self.forward(d, r, c),
                Propagate::Arc => self.forward(d, r, c).and_then(|()| self.arc(d + 1)),
            };
            let below = match alive {
                Ok(()) => self.visit(d + 1),
                // FC-CBJ: the rows that pruned the emptied row conflict with r.
                Err(Some(wiped)) if JUMPS => ControlFlow::Continue(self.pruned_by(d, wiped)),
                Err(_) => ControlFlow::Continue(Bits::EMPTY),
            };
            self.placed.pop();
            self.is_placed[r] = false;
            let below = below?;
            self.probe.remove(r, c);
            if JUMPS {
                if alive.is_ok() && !below.has(d) {
                    // No column of row r can mend the failure below: jump back.
                    return ControlFlow::Continue(below);
                }
                conflicts.union_with(below);
            }
        }
        if JUMPS {
            conflicts.remove(d);
        }
        ControlFlow::Continue(conflicts)
    }

    /// [`Backtrack::ConflictDirected`](crate::Backtrack::ConflictDirected) with a look-ahead: the positions
    /// below d whose assignment pruned row r's domain (its domain at depth
    /// k + 1 differs from that at depth k).
    fn pruned_by(&self, d: usize, r: usize) -> Bits<W> {
        let mut set = Bits::EMPTY;
        for k in 0..d {
            if self.dom(k, r) != self.dom(k + 1, r) {
                set.insert(k);
            }
        }
        set
    }

    /// [`Propagate::None`]: writes into depth d the domains a heuristic
    /// reads (every unplaced row for MRV or LCV, else the next row): the
    /// columns no placed queen attacks.
    fn compute_free(&mut self, d: usize) {
        let n = self.n;
        let every = self.config.order != Order::Row || self.config.values == Values::Lcv;
        for r in 0..n {
            if self.is_placed[r] || (!every && r != d) {
                continue;
            }
            let mut free = Bits::full(n);
            for &(r1, c1) in &self.placed {
                free.remove_attacked(c1, r.abs_diff(r1), n);
            }
            self.doms[d * n + r] = free;
        }
    }

    /// The position of the first placed queen, in placement order, that
    /// attacks (r, c) ([`Propagate::None`]).
    fn first_attacker(&self, r: usize, c: usize) -> Option<usize> {
        let attacks = |&(r1, c1): &(usize, usize)| c1 == c || c1.abs_diff(c) == r1.abs_diff(r);
        self.placed.iter().position(attacks)
    }

    /// The row to assign at depth d.
    fn choose(&mut self, d: usize) -> usize {
        if self.config.order == Order::Row {
            // Rows are assigned top to bottom, so rows 0..d hold queens.
            return d;
        }
        let mut best = usize::MAX;
        let mut least = u32::MAX;
        let mut ties = 0u32;
        for r in (0..self.n).filter(|&r| !self.is_placed[r]) {
            let len = self.dom(d, r).len();
            if len < least {
                (best, least, ties) = (r, len, 1);
            } else if len == least {
                ties += 1;
            }
        }
        // A row with no column fails whichever row is chosen: no draw, so
        // the random stream does not depend on how early a dead end is seen.
        if self.config.order == Order::MrvRandom && ties > 1 && least > 0 {
            let pick = self.rng.random_range(0..ties) as usize;
            best = (0..self.n)
                .filter(|&r| !self.is_placed[r] && self.dom(d, r).len() == least)
                .nth(pick)
                .unwrap_or(best);
        }
        if self.config.order == Order::MrvDegree && ties > 1 {
            // The most constraints on other unplaced rows, then the lowest row.
            let mut most = self.degree(best);
            for r in (best + 1..self.n).filter(|&r| !self.is_placed[r]) {
                if self.dom(d, r).len() == least && self.degree(r) > most {
                    (best, most) = (r, self.degree(r));
                }
            }
        }
        best
    }

    /// The degree heuristic's degree of row r (AIMA 2nd ed. §5.2, 3rd ed.
    /// §6.3.1): the number of unplaced rows that share a constraint with
    /// it. Any two rows of N-Queens share one (their queens may not share a
    /// column or a diagonal), so it is the number of the other unplaced
    /// rows, the same for every candidate: [`Order::MrvDegree`] breaks no
    /// tie that [`Order::Mrv`] does not, and walks its tree.
    fn degree(&self, r: usize) -> usize {
        let share_a_constraint = |r2: usize| r2 != r;
        (0..self.n)
            .filter(|&r2| !self.is_placed[r2] && share_a_constraint(r2))
            .count()
    }

    /// Writes row r's candidates at depth d, in the order they are tried,
    /// to `values[d * n ..]`; returns how many. The candidates are every
    /// column with [`Propagate::None`] (each is tested), else the domain.
    fn order_values(&mut self, d: usize, r: usize) -> usize {
        let n = self.n;
        let dom = self.dom(d, r);
        let every = self.config.propagate == Propagate::None;
        let candidate = |c: usize| every || dom.has(c);
        let start = d * n;
        let mut k = 0;
        match self.config.values {
            Values::Left => {
                for c in (0..n).filter(|&c| candidate(c)) {
                    self.values[start + k] = c as u32;
                    k += 1;
                }
            }
            Values::MiddleOut => {
                for i in 0..n {
                    let c = self.middle_out[i];
                    if candidate(c as usize) {
                        self.values[start + k] = c;
                        k += 1;
                    }
                }
            }
            Values::Lcv => {
                let mut scored = std::mem::take(&mut self.scored);
                scored.clear();
                for c in (0..n).filter(|&c| candidate(c)) {
                    scored.push((self.removals(d, r, c), c as u32));
                }
                // By score, ties left to right.
                scored.sort_unstable();
                for &(_, c) in &scored {
                    self.values[start + k] = c;
                    k += 1;
                }
                self.scored = scored;
            }
        }
        k
    }

    /// LCV's score of (r, c) at depth d: the values a queen there would
    /// remove from the other unplaced rows' domains.
    fn removals(&self, d: usize, r: usize, c: usize) -> u32 {
        (0..self.n)
            .filter(|&r2| r2 != r && !self.is_placed[r2])
            .map(|r2| self.dom(d, r2).count_attacked(c, r.abs_diff(r2), self.n))
            .sum()
    }

    /// Forward checking after (r, c) was placed at depth d: writes the
    /// unplaced rows' domains at depth d + 1 without the squares the queen
    /// attacks. Fails, naming the row, as soon as one is empty.
    fn forward(&mut self, d: usize, r: usize, c: usize) -> Result<(), Option<usize>> {
        let n = self.n;
        for r2 in 0..n {
            if self.is_placed[r2] {
                continue;
            }
            let mut dom = self.dom(d, r2);
            if P::COUNTS {
                // Each value of the row tested against the new queen.
                self.stats.checks += u64::from(dom.len());
            }
            let removed = dom.remove_attacked(c, r.abs_diff(r2), n);
            if P::COUNTS {
                self.stats.pruned += u64::from(removed);
            }
            self.doms[(d + 1) * n + r2] = dom;
            if removed > 0 && dom.is_empty() {
                return Err(Some(r2));
            }
        }
        Ok(())
    }

    /// Maintaining arc consistency at depth d, after forward checking: AC-3
    /// over every ordered pair of unplaced rows, in row order, FIFO. Fails
    /// as soon as a domain is empty.
    fn arc(&mut self, d: usize) -> Result<(), Option<usize>> {
        let n = self.n;
        self.rows.clear();
        self.rows.extend((0..n).filter(|&r| !self.is_placed[r]));
        for &i in &self.rows {
            for &j in &self.rows {
                if i != j {
                    self.queue.push_back((i, j));
                    self.queued[i * n + j] = true;
                }
            }
        }
        while let Some((i, j)) = self.queue.pop_front() {
            self.queued[i * n + j] = false;
            if !self.revise(d, i, j) {
                continue;
            }
            if self.dom(d, i).is_empty() {
                while let Some((a, b)) = self.queue.pop_front() {
                    self.queued[a * n + b] = false;
                }
                return Err(None);
            }
            for &k in &self.rows {
                if k != i && k != j && !self.queued[k * n + i] {
                    self.queue.push_back((k, i));
                    self.queued[k * n + i] = true;
                }
            }
        }
        Ok(())
    }

    /// AC-3's `revise`: removes from row i's domain each value with no
    /// compatible value in row j's. True if it removed any.
    ///
    /// A queen on column a of row i rules out at most three columns of row
    /// j (a, a ± |i − j|), so a domain of four or more columns supports
    /// every value: the uncounted path skips it. The counted path walks the
    /// values as AC-3 does, each tested against row j's columns in
    /// ascending order up to its first support.
    fn revise(&mut self, d: usize, i: usize, j: usize) -> bool {
        let dj = self.dom(d, j);
        let len_j = dj.len();
        if !P::COUNTS && len_j >= 4 {
            return false;
        }
        let gap = i.abs_diff(j);
        // The first support of any value is among row j's first four columns.
        let mut first = [usize::MAX; 4];
        for (slot, c) in first.iter_mut().zip(dj.iter()) {
            *slot = c;
        }
        let mut di = self.dom(d, i);
        let mut removed = 0u32;
        for a in self.dom(d, i).iter() {
            let compatible = |b: usize| b != a && b.abs_diff(a) != gap;
            let found = first
                .iter()
                .take(len_j as usize)
                .position(|&b| compatible(b));
            if P::COUNTS {
                self.stats.checks += found.map_or(u64::from(len_j), |k| k as u64 + 1);
            }
            if found.is_none() {
                removed += di.remove(a);
            }
        }
        if removed == 0 {
            return false;
        }
        if P::COUNTS {
            self.stats.pruned += u64::from(removed);
        }
        self.doms[d * self.n + i] = di;
        true
    }
}
