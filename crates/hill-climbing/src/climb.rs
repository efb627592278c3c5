//! The climbs themselves, and the in-process entry point of a study:
//! [`Climber::run`] makes one run (a climb, or climbs from fresh random
//! boards until one solves) with no allocation per move, and reuses its
//! buffers from one run to the next.

use queens_core::{Ending, NoSteps, Probe};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use queens_complete_state::Board;

/// The climbers' board: 16-bit counters, twice the successors per vector
/// instruction in a steepest scan (n up to 16 000).
type ClimbBoard = Board<u16>;

/// Which successor a climb moves to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Steepest ascent (AIMA Fig. 4.2): a best successor, ties at random.
    Steepest,
    /// First choice (AIMA §4.1.1, "stochastic hill climbing"): successors
    /// drawn at random, without replacement, until one is better.
    FirstChoice,
    /// Stochastic hill climbing (AIMA 3rd ed. §4.1.1): one of the uphill
    /// successors (those that lower h) at random, each with probability
    /// proportional to how much it lowers h (its −Δh over the sum of all
    /// of theirs).
    Stochastic,
}

/// What a run does: the rule, the sideways moves allowed, and whether a
/// stuck climb starts again from a fresh random board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// How a successor is chosen.
    pub rule: Rule,
    /// Consecutive sideways moves allowed (a best successor as good as the
    /// current board); the count starts again after each improving move.
    /// Only [`Rule::Steepest`] moves sideways.
    pub sideways: u32,
    /// Random-restart hill climbing: climb again from a fresh random board
    /// whenever a climb gets stuck, until a board is solved or the budget
    /// runs out.
    pub restarts: bool,
}

/// What one run did. A run of [`Climber::run`] with the same n, seed,
/// settings and budget always does the same, counted or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Climb {
    /// Whether the run ended on a board with no attacking pair.
    pub solved: bool,
    /// Queens moved, over all climbs: the steps.
    pub moves: u64,
    /// Those of the moves that left h unchanged.
    pub sideways_moves: u64,
    /// Fresh random boards after the first.
    pub restarts: u64,
    /// Successors generated ([`Rule::FirstChoice`]; 0 for steepest ascent
    /// and stochastic hill climbing, which look at all n(n − 1) per move).
    pub samples: u64,
    /// Attacking pairs left on the final board (0 when solved).
    pub h: u64,
    /// How a run without a solution ended: stuck (at a local minimum, or
    /// on a plateau it may not cross) or its budget spent; `None` when solved.
    pub ending: Option<Ending>,
}

/// Why a climb stopped.
enum Stop {
    Solved,
    Stuck,
    Budget,
}

/// One run's state, kept between runs so a study allocates nothing per
/// start: the board and the order first choice draws successors in.
#[derive(Clone, Debug, Default)]
pub struct Climber {
    board: ClimbBoard,
    /// A permutation of the n(n − 1) successor indices (first choice only).
    order: Vec<u32>,
}

impl Climber {
    /// A climber with empty buffers (they grow to the first n it runs).
    pub fn new() -> Self {
        Self::default()
    }

    /// The final board of the last run: entry c is the row of column c's
    /// queen (0-based).
    pub fn board(&self) -> &[u32] {
        self.board.rows()
    }

    /// One run at n ≥ 1 with seed `seed`: a uniformly random board, then
    /// climbs as `settings` say, until a board is solved, a climb gets stuck
    /// (without restarts) or `budget` is spent. Moves and restarts each
    /// spend one unit of the budget, so that restarts cannot go on forever
    /// at zero moves. Reports to `probe` one step and one `moved` per move,
    /// `init` per board drawn and `restart` before each fresh one.
    pub fn run<P: Probe>(
        &mut self,
        n: usize,
        seed: u64,
        settings: &Settings,
        budget: u64,
        probe: &mut P,
    ) -> Climb {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut out = Climb::default();
        if settings.rule == Rule::FirstChoice {
            // The same seed draws the same successors, whatever ran before.
            self.order.clear();
            self.order.extend(0..(n * n.saturating_sub(1)) as u32);
        }
        self.fresh_board(n, &mut rng);
        probe.init(self.board.rows());
        loop {
            match self.climb(settings, budget, &mut out, &mut rng, probe) {
                Stop::Solved => {
                    out.solved = true;
                    break;
                }
                Stop::Stuck if !settings.restarts => {
                    // Stuck: no successor lowers h, so the best is 0 (a
                    // plateau) or above (a local minimum).
                    let lowest = self.board.lowest_delta().unwrap_or(1);
                    out.ending = Some(if lowest > 0 {
                        Ending::LocalMinimum
                    } else {
                        Ending::Plateau
                    });
                    break;
                }
                Stop::Budget => {
                    out.ending = Some(Ending::Budget);
                    break;
                }
                Stop::Stuck if out.moves + out.restarts >= budget => {
                    out.ending = Some(Ending::Budget);
                    break;
                }
                Stop::Stuck => {
                    out.restarts += 1;
                    probe.restart(queens_core::Restart::Stuck);
                    self.fresh_board(n, &mut rng);
                    probe.init(self.board.rows());
                }
            }
        }
        out.h = self.board.h();
        out
    }

    /// A uniformly random board of n queens (each column's queen on a
    /// uniformly random row), in the buffers of the last.
    fn fresh_board(&mut self, n: usize, rng: &mut Xoshiro256PlusPlus) {
        self.board
            .refill(n, (0..n).map(|_| rng.random_range(0..n as u32)));
    }

    /// One climb from the current board.
    fn climb<P: Probe>(
        &mut self,
        settings: &Settings,
        budget: u64,
        out: &mut Climb,
        rng: &mut Xoshiro256PlusPlus,
        probe: &mut P,
    ) -> Stop {
        let mut sideways_run = 0;
        loop {
            if self.board.h() == 0 {
                return Stop::Solved;
            }
            if out.moves + out.restarts >= budget {
                return Stop::Budget;
            }
            let drawn = out.samples;
            let mut uphill = 0;
            let choice = match settings.rule {
                Rule::Steepest => self
                    .board
                    .steepest(rng)
                    .filter(|&(_, _, d)| d < 0 || (d == 0 && sideways_run < settings.sideways)),
                Rule::FirstChoice => self.first_better(rng, &mut out.samples),
                Rule::Stochastic => self.stochastic_uphill(rng, &mut uphill),
            };
            let Some((c, to, d)) = choice else {
                return Stop::Stuck;
            };
            if d == 0 {
                sideways_run += 1;
                out.sideways_moves += 1;
            } else {
                sideways_run = 0;
            }
            let from = self.board.rows()[c] as usize;
            self.board.move_queen(c, to);
            out.moves += 1;
            probe.step();
            if P::TRACES {
                match settings.rule {
                    Rule::FirstChoice => probe.why(queens_core::Why::Tried(out.samples - drawn)),
                    Rule::Stochastic => probe.why(queens_core::Why::Uphill {
                        moves: uphill,
                        delta: d,
                    }),
                    Rule::Steepest => {}
                }
                probe.moved(c, from, to, self.board.attackers(c));
            }
        }
    }

    /// First choice: successors in a random order (a Fisher–Yates shuffle
    /// drawn lazily over the permutation left by the last move, so each
    /// draw is uniform among those not yet drawn), until one lowers h.
    /// Successor i is the queen of column i / (n − 1) moved to the
    /// (i mod (n − 1))-th of the other rows. `None` once all n(n − 1) are
    /// drawn and none is better: a local minimum or a plateau.
    fn first_better(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        samples: &mut u64,
    ) -> Option<(usize, usize, i64)> {
        let n = self.board.n();
        let m = self.order.len();
        for i in 0..m {
            let j = rng.random_range(i..m);
            self.order.swap(i, j);
            let s = self.order[i] as usize;
            *samples += 1;
            let (c, k) = (s / (n - 1), s % (n - 1));
            let from = self.board.rows()[c] as usize;
            let to = if k < from { k } else { k + 1 };
            let d = self.board.delta(c, to);
            if d < 0 {
                return Some((c, to, d));
            }
        }
        None
    }
}

impl Climber {
    /// Stochastic hill climbing's choice: every successor is looked at
    /// (column by column, rows top down), and one of those that lower h is
    /// drawn with probability −Δh / Σ(−Δh) by one draw of a whole number
    /// below Σ(−Δh). `uphill` is set to how many lowered h. `None` when
    /// none does: a local minimum or a plateau.
    fn stochastic_uphill(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        uphill: &mut u64,
    ) -> Option<(usize, usize, i64)> {
        let board = &self.board;
        let n = board.n();
        let successors = || {
            (0..n).flat_map(move |c| {
                (0..n).filter_map(move |to| {
                    let d = board.delta(c, to);
                    (d < 0).then_some((c, to, d))
                })
            })
        };
        let (count, total) = successors().fold((0u64, 0u64), |(k, t), (_, _, d)| {
            (k + 1, t + d.unsigned_abs())
        });
        *uphill = count;
        if count == 0 {
            return None;
        }
        let mut x = rng.random_range(0..total);
        successors().find(|&(_, _, d)| {
            let w = d.unsigned_abs();
            x < w || {
                x -= w;
                false
            }
        })
    }
}

/// One uncounted run with fresh buffers (see [`Climber::run`]); a study of
/// many starts should keep one [`Climber`] instead.
pub fn climb(n: usize, seed: u64, settings: &Settings, budget: u64) -> Climb {
    Climber::new().run(n, seed, settings, budget, &mut NoSteps)
}
