//! The search loop of `mc.c`'s `solve_qs4`: initialise, then take attacked
//! queens one at a time and swap each with random partners until a swap
//! lowers the collisions; restart after too many queens taken without a
//! solution; stop at a solution or when the swap budget is spent.

use queens_core::clock::Instant;
use queens_core::{Found, Probe, Refusal};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::board::{Board, below};

/// The knobs of the search; [`Tuning::DEFAULT`] is what the approach uses.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tuning {
    /// The initialisation samples columns until n / `tail_div` are left
    /// unused (see `Board::init`). Changes the speed, not the distribution
    /// of the boards.
    pub(crate) tail_div: usize,
}

impl Tuning {
    /// The settings documented in the crate docs.
    pub(crate) const DEFAULT: Tuning = Tuning {
        tail_div: crate::TAIL_DIV,
    };
}

/// Statistics of one run, reported in `Found::extra`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Stats {
    /// Swaps kept (the steps).
    pub(crate) swaps: u64,
    /// Swaps tried, kept or undone.
    pub(crate) trials: u64,
    /// Fresh initialisations after the first.
    pub(crate) restarts: u64,
    /// Wall time of all initialisations, listing the attacked queens included.
    pub(crate) init_nanos: u64,
    /// Collisions left by the last initialisation.
    pub(crate) init_collisions: u64,
    /// Rows of the last initialisation whose 65 draws all failed.
    pub(crate) init_failed: u64,
    /// Columns drawn by the last initialisation for its first n − c rows.
    pub(crate) init_draws: u64,
    /// Times the list of attacked queens ran dry and was built again.
    pub(crate) rescans: u64,
}

impl Stats {
    /// The statistics as `Found::extra` carries them.
    pub(crate) fn extra(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("restarts", self.restarts),
            ("init_nanos", self.init_nanos),
            ("init_collisions", self.init_collisions),
            ("init_failed", self.init_failed),
            ("init_draws", self.init_draws),
            ("trials", self.trials),
            ("rescans", self.rescans),
        ]
    }
}

/// A fresh initialisation and the list of attacked queens it leaves; adds
/// its wall time to `init_nanos`.
fn initialise(
    board: &mut Board,
    attacked: &mut Vec<u32>,
    rng: &mut Xoshiro256PlusPlus,
    n: usize,
    tuning: &Tuning,
    stats: &mut Stats,
) {
    let start = Instant::now();
    let init = board.init(rng, crate::random_tail(n), tuning.tail_div);
    board.attacked_rows(attacked);
    stats.init_nanos += start.elapsed().as_nanos() as u64;
    stats.init_collisions = board.collisions();
    stats.init_failed = init.failed;
    stats.init_draws = init.draws;
}

/// Runs QS4 on an n×n board, n ≥ 1 (n = 2 and 3 never end: the caller
/// answers them). `CHECK` verifies the board after every kept swap (tests
/// only: O(n) each).
pub(crate) fn run<P: Probe, const CHECK: bool>(
    id: &'static str,
    n: usize,
    seed: u64,
    budget: u64,
    tuning: &Tuning,
    probe: &mut P,
) -> (Result<Found, Refusal>, Stats) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut stats = Stats::default();
    let mut board = match Board::try_new(n) {
        Ok(board) => board,
        Err(bytes) => return (Err(Refusal::OutOfMemory { id, n, bytes }), stats),
    };
    let mut attacked = Vec::new();
    initialise(&mut board, &mut attacked, &mut rng, n, tuning, &mut stats);
    if CHECK {
        board.check();
    }
    if P::TRACES {
        probe.init(&board.cols.to_vec());
    }
    let limit = crate::queens_per_attempt(n);
    let tries = crate::partners_per_queen(n);
    let mut taken = 0u64;
    loop {
        if board.collisions() == 0 {
            let found = Found {
                solution: Some(board.into_cols()),
                extra: stats.extra(),
            };
            return (Ok(found), stats);
        }
        if stats.swaps >= budget {
            let refusal = Refusal::GaveUp {
                id,
                n,
                steps: stats.swaps,
                ending: queens_core::Ending::Budget,
                h: Some(board.attacking_pairs()),
                restarts: Some(stats.restarts),
            };
            return (Err(refusal), stats);
        }
        if attacked.is_empty() {
            // Queens newly attacked by a swap of two others are not listed:
            // as in `mc.c`, list them all again.
            stats.rescans += 1;
            board.attacked_rows(&mut attacked);
        }
        let i = attacked.swap_remove(below(&mut rng, attacked.len())) as usize;
        if !board.attacked(i) {
            continue;
        }
        let mut tried = 0;
        for _ in 0..tries {
            let j = below(&mut rng, n);
            if j == i {
                continue;
            }
            stats.trials += 1;
            tried += 1;
            if board.try_swap(i, j) {
                stats.swaps += 1;
                probe.step();
                if P::TRACES {
                    probe.why(queens_core::Why::Tried(tried));
                }
                probe.swap(i, j);
                if CHECK {
                    board.check();
                }
                if board.attacked(i) {
                    attacked.push(i as u32);
                }
                // The list holds each row once (see the crate docs for why a
                // linear search is short).
                if board.attacked(j) && !attacked.contains(&(j as u32)) {
                    attacked.push(j as u32);
                }
                break;
            }
        }
        taken += 1;
        if taken > limit {
            taken = 0;
            stats.restarts += 1;
            initialise(&mut board, &mut attacked, &mut rng, n, tuning, &mut stats);
            if CHECK {
                board.check();
            }
            if P::TRACES {
                probe.restart(queens_core::Restart::Limit(limit + 1));
                probe.init(&board.cols.to_vec());
            }
        }
    }
}
