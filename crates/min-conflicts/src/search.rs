//! The search loop: initialise, move queens, restart after the set number of
//! iterations, stop at a solution or when the move budget is spent.

use queens_core::clock::Instant;
use queens_core::{Found, Probe, Refusal};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::board::{Board, Scans};
use crate::conflicted::Conflicted;
use crate::settings::{Cache, Init, Settings};

/// The knobs of the implementation (not of the write-up's search);
/// [`Tuning::DEFAULT`] is what the approaches use.
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

/// Statistics of one run, reported in `Found::extra` (see the crate docs,
/// "What a run reports", for the units).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Stats {
    pub(crate) moves: u64,
    pub(crate) iterations: u64,
    pub(crate) restarts: u64,
    pub(crate) full_checks: u64,
    pub(crate) moves_unattacked: u64,
    pub(crate) init_nanos: u64,
    pub(crate) init_attacks: u64,
    /// Only measured when the probe counts ([`Probe::COUNTS`]).
    pub(crate) pick_nanos: u64,
    /// Only measured when the probe counts ([`Probe::COUNTS`]).
    pub(crate) check_nanos: u64,
    pub(crate) scans: Scans,
}

impl Stats {
    /// The `extra` of a run with probe `P`: the clock readings of picking
    /// and checking only when `P` counts (they are not taken otherwise).
    pub(crate) fn extra<P: Probe>(&self) -> Vec<(&'static str, u64)> {
        let mut extra = vec![
            ("iterations", self.iterations),
            ("restarts", self.restarts),
            ("init_nanos", self.init_nanos),
            ("init_attacks", self.init_attacks),
            ("full_scans", self.scans.full),
            ("moves", self.moves),
            ("full_checks", self.full_checks),
            ("moves_unattacked", self.moves_unattacked),
        ];
        if P::COUNTS {
            extra.push(("pick_nanos", self.pick_nanos));
            extra.push(("check_nanos", self.check_nanos));
        }
        extra
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

/// The state of one run besides the board.
struct Run<'a, P> {
    rng: Xoshiro256PlusPlus,
    stats: Stats,
    settings: &'a Settings,
    tuning: &'a Tuning,
    probe: &'a mut P,
    /// The stale cache (`--conflict-cache stale`): each queen's conflicts
    /// as last recorded, the queens recorded as unattacked left out.
    stale: Conflicted,
}

impl<P: Probe> Run<'_, P> {
    /// A fresh initialisation (as `init` says; exact or sampled greedy by
    /// n); adds its wall time to `init_nanos` and records the attacks it
    /// leaves. With `STALE`, fills the stale cache exactly.
    fn initialise<const STALE: bool>(&mut self, board: &mut Board) {
        let start = Instant::now();
        match self.settings.init {
            Init::Greedy if board.queens.len() <= self.tuning.exact_init_max_n => board
                .init_greedy(
                    &mut self.rng,
                    self.tuning.row_samples,
                    &mut self.stats.scans,
                ),
            Init::Greedy => board.init_sampled(
                &mut self.rng,
                self.tuning.init_samples,
                &mut self.stats.scans,
            ),
            Init::Random => board.init_random(&mut self.rng),
        }
        if STALE {
            self.stale.clear();
            for (q, v) in board.conflicted.members() {
                self.stale.set(q, v);
            }
        }
        self.stats.init_nanos += start.elapsed().as_nanos() as u64;
        self.stats.init_attacks = board.attacks();
        if P::TRACES {
            self.probe.init(&board.queens);
        }
    }

    /// Throws the board away and initialises afresh, after `limit`
    /// iterations.
    fn restart<const STALE: bool>(&mut self, board: &mut Board, limit: u64) {
        self.stats.restarts += 1;
        board.clear();
        if P::TRACES {
            self.probe.restart(queens_core::Restart::Limit(limit));
        }
        self.initialise::<STALE>(board);
    }

    /// The write-up's `good?` ([`Board::full_check`]), counted and, when
    /// the probe counts, timed.
    fn full_check(&mut self, board: &Board) -> bool {
        let start = P::COUNTS.then(Instant::now);
        self.stats.full_checks += 1;
        let ok = board.full_check();
        if let Some(start) = start {
            self.stats.check_nanos += start.elapsed().as_nanos() as u64;
        }
        ok
    }
}

/// Runs the search on an n×n board, n ≥ 1, with settings already checked.
/// `CHECK` verifies every invariant after every move (tests only: O(n) per
/// move).
pub(crate) fn run<P: Probe, const CHECK: bool>(
    id: &'static str,
    n: usize,
    seed: u64,
    budget: u64,
    settings: &Settings,
    tuning: &Tuning,
    probe: &mut P,
) -> (Result<Found, Refusal>, Stats) {
    match settings.cache {
        Cache::Exact => run_with::<P, CHECK, false>(id, n, seed, budget, settings, tuning, probe),
        Cache::Stale => run_with::<P, CHECK, true>(id, n, seed, budget, settings, tuning, probe),
    }
}

/// [`run`] with the cache chosen at compile time: `STALE` picks by the stale
/// cache and accepts a board only after a full check.
fn run_with<P: Probe, const CHECK: bool, const STALE: bool>(
    id: &'static str,
    n: usize,
    seed: u64,
    budget: u64,
    settings: &Settings,
    tuning: &Tuning,
    probe: &mut P,
) -> (Result<Found, Refusal>, Stats) {
    let mut run = Run {
        rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        stats: Stats::default(),
        settings,
        tuning,
        probe,
        stale: Conflicted::default(),
    };
    let mut board = Board::new(n);
    run.initialise::<STALE>(&mut board);
    let limit = settings.restart.limit(n);
    let most_probability = settings.pick.most_probability();
    let mut since_restart = 0u64;
    // Stale: whether the board changed since the last full check.
    let mut unchecked = true;
    // Only the budget ends a run without a board (the stale cache's empty
    // set never hides an attack: see below).
    let gave_up = |stats: Stats, h: u64| {
        let refusal = Refusal::GaveUp {
            id,
            n,
            steps: stats.moves,
            ending: queens_core::Ending::Budget,
            h: Some(h),
            restarts: Some(stats.restarts),
        };
        (Err(refusal), stats)
    };
    loop {
        if CHECK {
            board.check();
            if STALE {
                board.check_stale(&run.stale);
            }
        }
        let solved = if STALE {
            // The cache shows no attacked queen: the search believes it is
            // done, and only a full check may say so. (It is right: the
            // queen that came last to an attacking pair has its conflicts
            // recorded, so the cache never hides every attack; see
            // `Board::check_stale`. Were it wrong, the board would not be
            // returned, and nothing in the cache would move: the run would
            // give up at the budget check below.)
            run.stale.len() == 0 && std::mem::take(&mut unchecked) && run.full_check(&board)
        } else {
            board.attacks() == 0
        };
        if solved {
            let found = Found {
                solution: Some(board.into_queens()),
                extra: run.stats.extra::<P>(),
            };
            return (Ok(found), run.stats);
        }
        if run.stats.moves >= budget || (STALE && run.stale.len() == 0) {
            return gave_up(run.stats, board.attacks());
        }
        let start = P::COUNTS.then(Instant::now);
        let set = if STALE { &run.stale } else { &board.conflicted };
        let (iterations, most) = match most_probability {
            // Every iteration moves a random attacked queen.
            None => (1, false),
            // A random column: it moves with probability p, the fraction of
            // queens attacked, so the iterations up to a move are geometric.
            Some(0.0) => {
                let p = set.len() as f64 / n as f64;
                (iterations_until_move(&mut run.rng, p), false)
            }
            Some(1.0) => (1, true),
            // Each iteration moves the most-conflicted queen with
            // probability m and a random attacked one with (1 - m) p.
            Some(m) => {
                let p = set.len() as f64 / n as f64;
                let q = m + (1.0 - m) * p;
                let g = iterations_until_move(&mut run.rng, q);
                (g, run.rng.random::<f64>() * q < m)
            }
        };
        if since_restart.saturating_add(iterations) > limit {
            // The restart limit comes first: the write-up checks the board
            // and starts afresh.
            run.stats.iterations += limit - since_restart;
            if let Some(start) = start {
                run.stats.pick_nanos += start.elapsed().as_nanos() as u64;
            }
            if STALE && std::mem::take(&mut unchecked) && run.full_check(&board) {
                let found = Found {
                    solution: Some(board.into_queens()),
                    extra: run.stats.extra::<P>(),
                };
                return (Ok(found), run.stats);
            }
            if run.stats.restarts >= budget {
                return gave_up(run.stats, board.attacks());
            }
            since_restart = 0;
            run.restart::<STALE>(&mut board, limit);
            unchecked = true;
            continue;
        }
        since_restart += iterations;
        run.stats.iterations += iterations;
        let queen = if most {
            set.most(&mut run.rng)
        } else {
            set.random(&mut run.rng)
        } as usize;
        if let Some(start) = start {
            run.stats.pick_nanos += start.elapsed().as_nanos() as u64;
        }
        if STALE && board.conflicts_of(queen) == 0 {
            run.stats.moves_unattacked += 1;
        }
        let from = if P::TRACES {
            board.queens[queen] as usize
        } else {
            0
        };
        board.lift(queen);
        let row = board.best_row(
            queen,
            &mut run.rng,
            tuning.row_samples,
            &mut run.stats.scans,
        );
        board.place(queen, row);
        if STALE {
            // The write-up's vector: only the moved queen's entry is updated.
            run.stale.set(queen as u32, board.conflicts_of(queen));
            unchecked = true;
        }
        run.stats.moves += 1;
        run.probe.step();
        if P::TRACES {
            run.probe.why(queens_core::Why::Picked { most });
            run.probe.moved(queen, from, row, board.conflicts_of(queen));
        }
    }
}
