//! `min-conflicts`: the min-conflicts local search of seed 003
//! (`003_668d89524bd9bfb2.txt`, Thomas Pinella's write-up of his Racket
//! `nqueens.rkt`, CSC 173, 2015), as two approaches that find one solution:
//!
//! - [`MinConflictsRandom`] (`min-conflicts-random`, the write-up's `nq-mc`):
//!   one queen per column; greedy initialisation (each queen in turn goes to
//!   the row with the fewest conflicts with the queens already placed); then
//!   repeatedly pick a random column and, if its queen is attacked, move it to
//!   the row of its column with the fewest conflicts, ties broken at random;
//!   after n² iterations without a solution, start again from a fresh
//!   initialisation.
//! - [`MinConflictsMostConflicted`] (`min-conflicts-most-conflicted`, the
//!   write-up's `nq-mc-maxi`): the same, except that each iteration, with
//!   probability 1/2, moves the most-conflicted queen (ties at random)
//!   instead of trying a random column.
//!
//! Faithful in behaviour, not in the write-up's costs:
//!
//! - Its `num_conflicts` rescans the board, O(n) per square; here every row
//!   and diagonal keeps a counter, so a square's conflicts are three loads.
//! - It checks for a solution only every n² iterations, because its check is
//!   O(n²); here a running count of attacking pairs makes the check O(1), done
//!   before every move, so a solution is returned as soon as it appears.
//! - Its `max_conflicted_col` scans every column, which is why it found `maxi`
//!   slower than `nq-mc`; here the attacked queens are kept in buckets by
//!   conflict count and the most-conflicted one is found in O(1).
//! - Its "dynamic programming" attempt failed because a queen that becomes
//!   attacked when another moves went unrecorded. Here the set of attacked
//!   queens is exact after every move: each line's counter also holds the XOR
//!   of its queens' columns, which names a line's queen when it is alone, and
//!   the few lines with two or three queens list their members.
//!
//! # How a move stays cheap at n = 10⁷
//!
//! - **The queen.** The write-up's "random column, skipped unless its queen is
//!   attacked" is the same as a uniform choice among the attacked queens,
//!   which the buckets give in O(1) (`maxi`: the highest non-empty bucket).
//! - **The row: maintained candidates, exact choice.** A move goes to the row
//!   with the fewest conflicts, ties uniformly at random: the same
//!   distribution as scanning all n rows, usually without scanning. A row with
//!   no conflict has no queen, so the list of empty rows holds every
//!   candidate of the common case; rows drawn from it at random (or all of
//!   it, when short) find one free on both diagonals. When there is none, the
//!   fewest is at least one, and rows drawn from the whole column find one
//!   with exactly one conflict (near a solution, an occupied row with free
//!   diagonals is common). Each draw that succeeds is a uniform choice among
//!   the best rows. Only when [`ROW_SAMPLES`] draws fail is the column scanned
//!   in O(n) (the `full_scans` statistic: none, or a handful, per run at large
//!   n). Details in `Board::best_row`.
//!
//! # Initialisation: exact greedy up to n = 10,000, sampled above
//!
//! Up to [`EXACT_INIT_MAX_N`] queens, the write-up's greedy initialisation
//! exactly: each queen in turn takes a row with the fewest conflicts with the
//! queens already placed, ties broken uniformly at random (the write-up does
//! not say how it breaks ties; a fixed rule would start every restart from the
//! same board). The row is chosen as in a move, so this costs O(n) expected
//! rather than the O(n²) of scanning every column (a full scan happens only
//! when the draws fail).
//!
//! Above, a sampled greedy initialisation, O(n): the rows are shuffled into a
//! queue of free rows, and each queen looks at the next up to [`INIT_SAMPLES`]
//! rows of the queue and takes the first with no diagonal conflict, or else
//! the first with the fewest (the rows passed over go to the back of the
//! queue). The board starts as a permutation with a handful of diagonal
//! conflicts (about 10 attacking pairs at n = 10⁶), so a few dozen moves
//! finish it. At large n the initialisation is nearly all the run time and
//! all memory latency; reading candidates in queue order instead of drawing
//! each at random makes the queue reads sequential and lets the diagonal
//! words of four candidates be fetched at once, two to three times faster
//! than the exact greedy at n = 10⁶ and beyond. Should the best candidate
//! have three conflicts or more, the column is scanned, which keeps every
//! line at three queens or fewer.
//!
//! # Iterations, restarts and steps
//!
//! One **step** is one move: a queen chosen and put on its best row (which
//! may be the row it was on, as in the write-up). `--max-steps` bounds the
//! moves; without it the budget is [`default_budget`], after which the search
//! answers `GaveUp` instead of running on.
//!
//! An **iteration** is one turn of the write-up's loop, which draws a random
//! column and does nothing when its queen is not attacked. This search draws
//! among the attacked queens instead and never spends a turn for nothing, but
//! it counts the turns the write-up would have spent: with a fraction p of
//! the queens attacked, the turns up to the next move are geometric with
//! parameter p (1/2 + p/2 for `maxi`), drawn in O(1). The write-up's n² limit
//! applies to these iterations, so restarts happen as often as in the
//! write-up: at small n they are what makes every seed succeed (AIMA's
//! `min_conflicts`, which never restarts, fails about 8% of the time at
//! n = 8); at large n, n² is never reached. The draw uses floating-point
//! `ln`, so iteration counts are reproducible on one platform.
//!
//! `Found::extra` carries `iterations`, `restarts`, `init_nanos` (wall time
//! of all initialisations), `init_attacks` (attacking pairs left by the last
//! initialisation) and `full_scans` (O(n) column scans, moves and
//! initialisations together).
//!
//! # Trace
//!
//! `queens --trace` ([`TRACE`]): `init` with the board after each
//! initialisation (entry i: the row of column i's queen), `move` (the step)
//! per move, `{"col":c,"from":r1,"to":r2,"conflicts":k}` with k the queens
//! attacking the moved queen on its new square, and `restart` before the
//! `init` of a fresh start. n = 0, 2 and 3 are answered without a search
//! and write no event.
//!
//! # Seeds and board convention
//!
//! The generator is `Xoshiro256PlusPlus::seed_from_u64(seed)`: the same seed
//! gives the same board, moves, iterations and restarts. n = 2 and 3 have no
//! solution and are answered at once (`solution: None`); n = 0 gives the
//! empty board.
//!
//! The board is returned as the search holds it, one entry per column: entry
//! i is the row of the queen in column i. The project reads a board as the
//! column of the queen in row i; read that way this is the same board
//! mirrored in its main diagonal, also a solution, and returning it as it is
//! costs nothing. The write-up prints its vector the same way (its
//! `make_board` turns index i into row i).
//!
//! # Measured
//!
//! Indicative, on the project's 2-core machines while other jobs were
//! compiling (CPU time of the timed run, wall time about twice that):
//! n = 10⁴ in under 1 ms; 10⁶ in about 0.15 s; 10⁷ in about 2.2 s, with a
//! peak of 277 MB. Median moves: about 60 at 10⁴, 70 at 10⁶, 120 at 10⁷
//! (Minton et al. report about 50, independent of n). Nearly all the time
//! goes to the initialisation. The C reference `mc.c` (`mc` mode: the same
//! kind of initialisation, but O(n) per move) took 2.4 to 4 s at 10⁶ and 67
//! to 89 s at 10⁷ in the same session. `queens --algo min-conflicts-random
//! --json --seed S N` takes these figures (`nanos`: an uninstrumented run;
//! `steps`: a second, instrumented one; `peak_bytes`), CPU time under
//! `/usr/bin/time`.
//!
//! # Memory
//!
//! Memory is about 28 bytes per queen: the board and the row counters 4 bytes
//! each, the diagonal and anti-diagonal counters 8 each, the list of empty
//! rows 4 (it is the queue of free rows during the sampled initialisation);
//! about 280 MB at n = 10⁷. [`MAX_N`] is 10⁸ (about 2.8 GB).

mod board;
mod conflicted;
mod search;
#[cfg(test)]
mod tests;

use queens_core::{Event, Found, Info, Kind, LocalSearch, Options, Probe, Refusal, TraceInfo};

use crate::search::{Pick, Tuning};

/// Largest n accepted: about 28 bytes per queen, so 2.8 GB at 10⁸.
pub const MAX_N: usize = 100_000_000;

/// Up to this n the initialisation is the write-up's exact greedy (about a
/// millisecond at n = 10,000); above it, the sampled one, which is faster
/// once the board no longer fits in the caches.
pub const EXACT_INIT_MAX_N: usize = 10_000;

/// Rows each queen looks at in the sampled initialisation. About a quarter
/// to a half of the free rows are free of diagonal conflicts too, so 64
/// candidates almost never all fail (with 16, about 1% of the queens
/// started attacked at n = 10⁶).
pub const INIT_SAMPLES: usize = 64;

/// Rows a move draws at random, from the empty rows and then from the whole
/// column, before it looks at every candidate (see the crate docs).
pub const ROW_SAMPLES: usize = 64;

/// The move budget when `Options::max_steps` is `None`: 10⁶ + 100 n moves,
/// far beyond what any solvable size needs (a few hundred moves at n = 10⁶),
/// but finite.
pub fn default_budget(n: usize) -> u64 {
    1_000_000 + 100 * n as u64
}

const LIMIT_REASON: &str = "memory: about 28 bytes per queen (row of each column, \
    counters of rows and both diagonal families, list of empty rows), 2.8 GB at 10^8";

const STRUCTURE: &str = "one queen per column; per row and diagonal a counter that also \
    names its queen; attacked queens bucketed by conflict count; list of empty rows";

const ORDER: &str = "finds one board, chosen by --seed; entry i is the row of \
    column i's queen (the write-up's vector: the mirror image, also a solution)";

/// The description of `min-conflicts-random`.
pub static RANDOM_INFO: Info = Info {
    id: "min-conflicts-random",
    title: "Min-conflicts, random attacked queen",
    source: "[Pinella 2015] nqueens.rkt write-up: nq-mc",
    structure: STRUCTURE,
    step_unit: "queen moves",
    order: ORDER,
    max_n: MAX_N,
    limit_reason: LIMIT_REASON,
    kind: Kind::FindOne,
    splits: false,
    counts_unique: false,
    quick_n: 1_000_000,
    bench_count: &[],
    bench_first: &[1000, 100_000],
};

/// The description of `min-conflicts-most-conflicted`.
pub static MOST_CONFLICTED_INFO: Info = Info {
    id: "min-conflicts-most-conflicted",
    title: "Min-conflicts, most-conflicted queen half the time",
    source: "[Pinella 2015] nqueens.rkt write-up: nq-mc-maxi",
    structure: STRUCTURE,
    step_unit: "queen moves",
    order: ORDER,
    max_n: MAX_N,
    limit_reason: LIMIT_REASON,
    kind: Kind::FindOne,
    splits: false,
    counts_unique: false,
    quick_n: 1_000_000,
    bench_count: &[],
    bench_first: &[1000, 100_000],
};

/// How both approaches trace ([`LocalSearch::trace_info`]).
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Move),
    count_max_n: 0,
    first_max_n: TRACE_MAX_N,
    reason: "an init event holds the whole board and counts as n events: n = 9 000 000 \
             leaves a million events for the moves (a few hundred are needed at that size), \
             10 000 000 leaves none",
};

/// The largest n traced: the `init` board counts n events towards the bound.
pub const TRACE_MAX_N: usize = 9_000_000;

/// `min-conflicts-random`: moves a uniformly random attacked queen each step
/// (the write-up's `nq-mc`).
#[derive(Clone, Copy, Debug, Default)]
pub struct MinConflictsRandom;

/// `min-conflicts-most-conflicted`: moves the most-conflicted queen half the
/// time, a random one otherwise (the write-up's `nq-mc-maxi`).
#[derive(Clone, Copy, Debug, Default)]
pub struct MinConflictsMostConflicted;

impl LocalSearch for MinConflictsRandom {
    fn info(&self) -> &'static Info {
        &RANDOM_INFO
    }
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }
    fn find<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Result<Found, Refusal> {
        find(&RANDOM_INFO, Pick::Random, n, opts, probe)
    }
}

impl LocalSearch for MinConflictsMostConflicted {
    fn info(&self) -> &'static Info {
        &MOST_CONFLICTED_INFO
    }
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }
    fn find<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Result<Found, Refusal> {
        find(&MOST_CONFLICTED_INFO, Pick::MostConflicted, n, opts, probe)
    }
}

/// Both approaches: the trivial sizes at once, the search otherwise.
fn find<P: Probe>(
    info: &'static Info,
    pick: Pick,
    n: usize,
    opts: &Options,
    probe: &mut P,
) -> Result<Found, Refusal> {
    queens_core::check_limit(info, n)?;
    let trivial = |solution| Found {
        solution,
        extra: vec![
            ("iterations", 0),
            ("restarts", 0),
            ("init_nanos", 0),
            ("init_attacks", 0),
            ("full_scans", 0),
        ],
    };
    match n {
        0 => Ok(trivial(Some(Vec::new()))),
        2 | 3 => Ok(trivial(None)),
        _ => {
            let budget = opts.max_steps.unwrap_or_else(|| default_budget(n));
            let tuning = Tuning::DEFAULT;
            search::run::<P, false>(info.id, n, opts.seed, budget, pick, &tuning, probe).0
        }
    }
}
