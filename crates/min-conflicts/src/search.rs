//! The search loop: initialise, move conflicted queens, restart after n²
//! iterations, stop at a solution or when the move budget is spent.

use std::time::Instant;

use queens_core::{Found, Probe, Refusal};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::board::{Board, Scans};

/// Which queen a move takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pick {
    /// The write-up's `nq-mc`: a random column, moved if its queen is attacked.
    Random,
    /// The write-up's `nq-mc-maxi`: half the time the most-conflicted queen,
    /// half the time a random column as in [`Pick::Random`].
    MostConflicted,
}

/// The knobs of the search; [`Tuning::DEFAULT`] is what the approaches use.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tuning {
    /// The exact greedy initialisation up to this n, the sampled one above.
    pub(crate) exact_init_max_n: usize,
    /// Candidate rows per queen in the sampled initialisation.
    pub(crate) init_samples: usize,
    /// Rows drawn in step 2 of a move before falling back to a full scan.
    pub(crate) row_samples: usize,
}

impl Tuning {
    /// The settings documented in the crate docs.
    pub(crate) const DEFAULT: Tuning = Tuning {
        exact_init_max_n: crate::EXACT_INIT_MAX_N,
        init_samples: crate::INIT_SAMPLES,
        row_samples: crate::ROW_SAMPLES,
    };
}

/// Statistics of one run, reported in `Found::extra`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Stats {
    pub(crate) moves: u64,
    pub(crate) iterations: u64,
    pub(crate) restarts: u64,
    pub(crate) init_nanos: u64,
    pub(crate) init_attacks: u64,
    pub(crate) scans: Scans,
}

impl Stats {
    fn extra(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("iterations", self.iterations),
            ("restarts", self.restarts),
            ("init_nanos", self.init_nanos),
            ("init_attacks", self.init_attacks),
            ("full_scans", self.scans.full),
        ]
    }
}

/// The number of iterations of the write-up's loop up to and including the
/// next one that moves a queen, when each moves with probability `p`:
/// geometric on 1, 2, 3, ...
pub(crate) fn iterations_until_move(rng: &mut Xoshiro256PlusPlus, p: f64) -> u64 {
    if p >= 1.0 {
        return 1;
    }
    let u = 1.0 - rng.random::<f64>(); // in (0, 1]
    // `as` saturates: a probability of 1e-300 cannot overflow.
    1 + (u.ln() / (-p).ln_1p()).floor() as u64
}

/// A fresh initialisation (exact or sampled by n); adds its wall time to
/// `init_nanos` and records the attacks it leaves.
fn initialise(board: &mut Board, rng: &mut Xoshiro256PlusPlus, t: &Tuning, stats: &mut Stats) {
    let start = Instant::now();
    if board.queens.len() <= t.exact_init_max_n {
        board.init_greedy(rng, t.row_samples, &mut stats.scans);
    } else {
        board.init_sampled(rng, t.init_samples, &mut stats.scans);
    }
    stats.init_nanos += start.elapsed().as_nanos() as u64;
    stats.init_attacks = board.attacks();
}

/// Runs the search on an n×n board, n ≥ 1. `CHECK` verifies every invariant
/// after every move (tests only: O(n) per move).
pub(crate) fn run<P: Probe, const CHECK: bool>(
    id: &'static str,
    n: usize,
    seed: u64,
    budget: u64,
    pick: Pick,
    tuning: &Tuning,
    probe: &mut P,
) -> (Result<Found, Refusal>, Stats) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut stats = Stats::default();
    let mut board = Board::new(n);
    initialise(&mut board, &mut rng, tuning, &mut stats);
    if P::TRACES {
        probe.init(&board.queens);
    }
    let n_squared = (n as u64) * (n as u64);
    let mut since_restart = 0u64;
    loop {
        if CHECK {
            board.check();
        }
        if board.attacks() == 0 {
            let found = Found {
                solution: Some(board.into_queens()),
                extra: stats.extra(),
            };
            return (Ok(found), stats);
        }
        if stats.moves >= budget {
            let refusal = Refusal::GaveUp {
                id,
                n,
                steps: stats.moves,
            };
            return (Err(refusal), stats);
        }
        // Fraction of columns whose queen is attacked: the chance that the
        // write-up's random column gives a move.
        let p = board.conflicted.len() as f64 / n as f64;
        let (iterations, most) = match pick {
            Pick::Random => (iterations_until_move(&mut rng, p), false),
            Pick::MostConflicted => {
                // Each iteration moves the most-conflicted queen with
                // probability 1/2 and a random attacked one with p/2.
                let g = iterations_until_move(&mut rng, 0.5 + 0.5 * p);
                (g, rng.random::<f64>() * (1.0 + p) < 1.0)
            }
        };
        if since_restart.saturating_add(iterations) > n_squared {
            // n² iterations without a solution: the write-up starts afresh.
            stats.iterations += n_squared - since_restart;
            stats.restarts += 1;
            since_restart = 0;
            board.clear();
            initialise(&mut board, &mut rng, tuning, &mut stats);
            if P::TRACES {
                probe.restart();
                probe.init(&board.queens);
            }
            continue;
        }
        since_restart += iterations;
        stats.iterations += iterations;
        let queen = if most {
            board.conflicted.most(&mut rng)
        } else {
            board.conflicted.random(&mut rng)
        } as usize;
        let from = if P::TRACES {
            board.queens[queen] as usize
        } else {
            0
        };
        board.lift(queen);
        let row = board.best_row(queen, &mut rng, tuning.row_samples, &mut stats.scans);
        board.place(queen, row);
        stats.moves += 1;
        probe.step();
        if P::TRACES {
            probe.moved(queen, from, row, board.conflicts_of(queen));
        }
    }
}
