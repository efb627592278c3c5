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
//!   before every move, so a solution is returned as soon as it appears
//!   (with the exact cache; see "Checking" for the stale one).
//! - Its `max_conflicted_col` scans every column, which is why it found `maxi`
//!   slower than `nq-mc`; here the attacked queens are kept in buckets by
//!   conflict count and the most-conflicted one is found in O(1).
//! - Its "dynamic programming" attempt failed because a queen that becomes
//!   attacked when another moves went unrecorded. Here the set of attacked
//!   queens is exact after every move: each line's counter also holds the XOR
//!   of its queens' columns, which names a line's queen when it is alone, and
//!   the few lines with two or three queens list their members. The attempt
//!   itself is the knob `conflict-cache stale`.
//!
//! # Knobs
//!
//! Both approaches read four knobs from `Options::knobs` ([`KNOBS`]; `queens
//! --pick … --init … --restart-after … --conflict-cache …`), values spelled
//! as on the command line ([`Settings`]). A knob not given keeps the
//! approach's own value, so the two ids differ only in their default `pick`:
//!
//! | knob | values | `min-conflicts-random` | `min-conflicts-most-conflicted` |
//! |---|---|---|---|
//! | `pick` | `random-column`, `random-conflicted`, `most-conflicted`, `mix:P` (P in [0, 1]) | `random-column` | `mix:0.5` |
//! | `init` | `greedy`, `random` | `greedy` | `greedy` |
//! | `restart-after` | `K` (iterations, K ≥ 1), `n2`, `never` | `n2` | `n2` |
//! | `conflict-cache` | `exact`, `stale` | `exact` | `exact` |
//!
//! - `pick`: which queen an iteration takes ([`Pick`]). `random-column` is
//!   the write-up's `nq-mc`; `mix:0.5` its `nq-mc-maxi`; `most-conflicted`
//!   its first idea; `random-conflicted` is AIMA's (every iteration moves).
//!   `mix:0` and `mix:1` run exactly as `random-column` and `most-conflicted`.
//! - `init`: the write-up's greedy start, or a uniformly random board
//!   (up to [`RANDOM_INIT_MAX_N`]). A random board may crowd a line with
//!   any number of queens; the board's structures allow it (see `board.rs`).
//! - `restart-after`: iterations from a (re)start to the next restart.
//! - `conflict-cache`: the exact counts, or the write-up's stale vector.
//!
//! Every combination runs; a value out of range is refused with
//! [`Refusal::Unsupported`] naming the knob and its values, `--init random`
//! above [`RANDOM_INIT_MAX_N`] with [`Refusal::TooLarge`]. The move budget
//! (`--max-steps`) also bounds restarts, so that a tiny `K` cannot restart
//! forever without moving.
//!
//! # Checking
//!
//! With the exact cache the search knows its count of attacking pairs after
//! every move and stops the moment it is 0: no full check is ever made
//! (`full_checks` is 0). With the stale cache it cannot trust its counts, so
//! a board is accepted only after a **full check**, O(n), the write-up's
//! `good?` (every queen's conflicts read from its line counters): when the
//! cache shows no attacked queen, and at each restart, where the write-up
//! checks. The first never fails: of every attacking pair, the queen placed
//! last has its conflicts recorded (the pair has not changed since), so the
//! cache never hides every attack. What it does hide is the *other* queen
//! of a pair, which the search then never moves: it moves the recorded one
//! back and forth, and moves queens whose conflicts are gone
//! (`moves_unattacked`).
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
//! # What a run reports
//!
//! `Found::extra` carries, for every run:
//!
//! - `iterations`: turns of the write-up's loop (see above);
//! - `restarts`: fresh boards after the first;
//! - `init_nanos`: nanoseconds of wall time of all initialisations (the first
//!   board and every restart; with the stale cache, also filling it);
//! - `init_attacks`: attacking pairs left by the last initialisation;
//! - `full_scans`: O(n) column scans, moves and initialisations together;
//! - `moves`: queens moved (the steps, also in an uncounted run);
//! - `full_checks`: full O(n) checks of the board (see "Checking");
//! - `moves_unattacked`: moves of a queen that was not attacked (stale only).
//!
//! A counted run (a probe with `Probe::COUNTS`: `queens --json`'s second
//! run, `--trace`) also carries `pick_nanos`, nanoseconds spent finding the
//! queen to move (the iteration draws and the queen's choice, or the
//! decision to restart), and `check_nanos`, nanoseconds of the full checks.
//! They read the clock around every pick, which costs more than a pick, so
//! the timed run (`NoSteps`) reads no clock there and omits them: its
//! picking compiles to what it was before the knobs.
//!
//! # The study (issue 16)
//!
//! [`study_run`] makes one run in-process and returns a [`StudyRecord`];
//! [`STUDY`] lists the settings that test each claim of the write-up's
//! "Extra stuff", each with its move budget and what it tests.
//!
//! # Trace
//!
//! `queens --trace` ([`TRACE`]): `init` with the board after each
//! initialisation (entry i: the row of column i's queen), `move` (the step)
//! per move, `{"col":c,"from":r1,"to":r2,"conflicts":k,"pick":p}` with k
//! the queens attacking the moved queen on its new square and p `random`
//! (drawn among the attacked queens) or `most` (among the most attacked),
//! and `restart` (`"reason":"limit","after":K`, K the iterations of the
//! restart limit) before the `init` of a fresh start. n = 0, 2 and 3 are answered without a search
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
mod settings;
mod study;
#[cfg(test)]
mod tests;

use queens_core::{Event, Found, Info, Kind, LocalSearch, Options, Probe, Refusal, TraceInfo};

use crate::search::{Stats, Tuning};
pub use crate::settings::{Cache, Init, KNOBS, Pick, Restart, Settings};
pub use crate::study::{
    AIMA, AIMA_RANDOM_INIT, Clock, MAXI, MIX_NEVER, MOST_CONFLICTED_N2, MOST_CONFLICTED_NEVER,
    NQ_MC, STALE, STUDY, STUDY_MAX_STEPS, StudyRecord, StudySetting, study_run,
};

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

/// Largest n `--init random` accepts: a random board crowds its lines, and
/// the lists of crowded lines and attacked queens take about 130 bytes per
/// queen on top of the 28 (130 MB at 10⁶).
pub const RANDOM_INIT_MAX_N: usize = 1_000_000;

const RANDOM_INIT_REASON: &str = "with --init random: a random board crowds its lines, and the \
    lists of crowded lines and attacked queens take about 130 bytes per queen (130 MB at 10^6)";

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
    good_for: "one board of millions of queens, and the experiments of the Racket write-up (--pick, --init, --restart-after, --conflict-cache)",
    title: "Min-conflicts, random column",
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
    good_for: "the Racket write-up's \"maxi\" variant of min-conflicts and its knobs",
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

/// `min-conflicts-random`: picks a random column each iteration and moves
/// its queen only if it is attacked (the write-up's `nq-mc`).
#[derive(Clone, Copy, Debug, Default)]
pub struct MinConflictsRandom;

/// `min-conflicts-most-conflicted`: moves the most-conflicted queen half the
/// time, a random column otherwise (the write-up's `nq-mc-maxi`).
#[derive(Clone, Copy, Debug, Default)]
pub struct MinConflictsMostConflicted;

impl LocalSearch for MinConflictsRandom {
    fn info(&self) -> &'static Info {
        &RANDOM_INFO
    }
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }
    fn knobs(&self) -> &'static [&'static str] {
        &KNOBS
    }
    fn knob_values(
        &self,
        n: usize,
        opts: &Options,
    ) -> Result<Vec<(&'static str, String)>, Refusal> {
        knob_values(&RANDOM_INFO, Settings::RANDOM, n, opts)
    }
    fn find<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Result<Found, Refusal> {
        find(&RANDOM_INFO, Settings::RANDOM, n, opts, probe)
    }
}

impl LocalSearch for MinConflictsMostConflicted {
    fn info(&self) -> &'static Info {
        &MOST_CONFLICTED_INFO
    }
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }
    fn knobs(&self) -> &'static [&'static str] {
        &KNOBS
    }
    fn knob_values(
        &self,
        n: usize,
        opts: &Options,
    ) -> Result<Vec<(&'static str, String)>, Refusal> {
        knob_values(&MOST_CONFLICTED_INFO, Settings::MOST_CONFLICTED, n, opts)
    }
    fn find<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Result<Found, Refusal> {
        find(
            &MOST_CONFLICTED_INFO,
            Settings::MOST_CONFLICTED,
            n,
            opts,
            probe,
        )
    }
}

/// Both approaches' settings for a run: the four knobs of `opts` applied
/// to the approach's own settings, and the budget ([`budget`]).
fn knob_values(
    info: &'static Info,
    defaults: Settings,
    n: usize,
    opts: &Options,
) -> Result<Vec<(&'static str, String)>, Refusal> {
    let mut knobs = defaults.with_knobs(info.id, opts)?.knobs();
    knobs.push((Options::MAX_STEPS, budget(n, opts).to_string()));
    Ok(knobs)
}

/// The move budget of a run: `--max-steps`, else [`default_budget`].
fn budget(n: usize, opts: &Options) -> u64 {
    opts.max_steps.unwrap_or_else(|| default_budget(n))
}

/// Both approaches: the knobs of `opts` applied to the approach's own
/// settings, the trivial sizes answered at once, the search otherwise.
fn find<P: Probe>(
    info: &'static Info,
    defaults: Settings,
    n: usize,
    opts: &Options,
    probe: &mut P,
) -> Result<Found, Refusal> {
    let settings = defaults.with_knobs(info.id, opts)?;
    check(info, &settings, n)?;
    let trivial = |solution| Found {
        solution,
        extra: Stats::default().extra::<P>(),
    };
    match n {
        0 => Ok(trivial(Some(Vec::new()))),
        2 | 3 => Ok(trivial(None)),
        _ => {
            let budget = budget(n, opts);
            let tuning = Tuning::DEFAULT;
            search::run::<P, false>(info.id, n, opts.seed, budget, &settings, &tuning, probe).0
        }
    }
}

/// Refuses settings out of range and sizes beyond the limits (the
/// approach's, and [`RANDOM_INIT_MAX_N`] for a random initialisation).
fn check(info: &'static Info, settings: &Settings, n: usize) -> Result<(), Refusal> {
    let id = info.id;
    settings
        .validate()
        .map_err(|what| Refusal::Unsupported { id, what })?;
    queens_core::check_limit(info, n)?;
    if settings.init == Init::Random && n > RANDOM_INIT_MAX_N {
        return Err(Refusal::TooLarge {
            id,
            n,
            limit: RANDOM_INIT_MAX_N,
            reason: RANDOM_INIT_REASON.to_string(),
        });
    }
    Ok(())
}
