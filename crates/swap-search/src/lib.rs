//! `swap-search`: Sosic and Gu's QS4 (R. Sosic and J. Gu, 1991: the
//! swap-based local search behind "3,000,000 Queens in Less Than One
//! Minute", SIGART Bulletin 2(2)), in the shape of the project's C peer
//! `shared/peers/mc-c/mc.c` (`qs4` mode), the program it is measured against.
//!
//! # The algorithm
//!
//! The board is a permutation: one queen per row and per column, so only
//! diagonals can clash. Each diagonal and anti-diagonal has a queen counter;
//! the **collisions** are the sum over diagonals of (queens − 1) for every
//! occupied one.
//!
//! 1. **Initialisation.** Row by row, the first n − c rows take a random
//!    unused column whose two diagonals are still free, drawing up to 65
//!    times (`mc.c`'s bound) and taking the last draw anyway; the last c rows
//!    take a random unused column. c is [`random_tail`]`(n)`, as in `mc.c`
//!    (n for n ≤ 10, then 30, 50, 80, and 100 above 10⁵). Most queens start
//!    unattacked: about 120 collisions are left at n = 10⁷.
//! 2. **Swaps.** Take a queen at random from the list of attacked queens
//!    (built by scanning the board) and try up to [`partners_per_queen`]
//!    random partners: exchange the two queens' columns and keep the
//!    exchange if it lowers the collisions, else undo it. A kept swap lists
//!    both queens again if they are still attacked. When the list runs dry
//!    while collisions remain (a swap can attack a third queen, which is not
//!    listed), the board is scanned again.
//! 3. **Restarts.** After [`queens_per_attempt`] queens taken without a
//!    solution, initialise afresh.
//!
//! Faithful to `mc.c` in what is drawn and decided: the initialisation
//! gives boards from `mc.c`'s distribution (a test compares the collisions it
//! leaves with a line-by-line transliteration of `init_qs4`), the search
//! picks, tries, keeps, lists and restarts as `solve_qs4` does. Faster in how
//! memory is held and read (details in `board.rs`):
//!
//! - a diagonal's count is one bit, plus a small map for the few diagonals
//!   holding two queens or more, instead of a byte: the counters of n = 10⁷
//!   fit in the cache;
//! - the initialisation draws unused columns by sampling a bit array of used
//!   ones until three quarters are used, then from the list of unused ones
//!   as `mc.c` does, and in both phases draws ahead and prefetches what the
//!   tests will read (the crate's one `unsafe`, the prefetch instruction);
//! - a scan for attacked queens streams through the board with a filter of
//!   the crowded diagonals instead of reading two counters per row;
//! - the permutation is packed, each column in the fewest bits that hold
//!   n − 1 (30 at n = 10⁹, see `packed.rs`), and unpacked in place into a
//!   `u32` per row once the board is found; the large arrays are asked to
//!   be transparent huge pages (`queens_core::memory::try_zeroed`), and the
//!   initialisation's bit per column is given back to the kernel as it is
//!   last read.
//!
//! # Steps, budget and statistics
//!
//! One **step** is one kept swap (tried swaps that are undone are not
//! steps; they are the `trials` statistic). `Options::max_steps` bounds the
//! kept swaps; without it the budget is [`default_budget`], after which the
//! search answers `GaveUp`. Each kept swap lowers the collisions, so an
//! attempt keeps at most as many swaps as its initialisation left
//! collisions; the restarts are what makes small n (where the start is
//! often hopeless) succeed.
//!
//! `Found::extra` carries `restarts`, `init_nanos` (wall time of all
//! initialisations, the first scan for attacked queens included),
//! `init_collisions`, `init_failed` (rows of the first n − c whose 65 draws
//! all failed) and `init_draws` (draws for those rows) of the last
//! initialisation, `trials` (swaps tried) and `rescans` (scans after the
//! first, when the list of attacked queens ran dry).
//!
//! # Trace
//!
//! `queens --trace` ([`TRACE`]): `init` with the board after each
//! initialisation (entry i: the column of row i's queen, as the search
//! holds it and returns it), `swap` (the step) per kept swap,
//! `{"rows":[a,b],"tried":t}`: rows a and b exchange their columns, after
//! t partners tried for row a's queen (tried swaps that are undone write
//! nothing), and `restart` (`"reason":"limit","after":K`, K the queens
//! taken) before the `init` of a fresh start. n = 0, 2 and 3 are answered without a search and write no event.
//!
//! # Seeds and board convention
//!
//! The generator is `Xoshiro256PlusPlus::seed_from_u64(seed)`, and each draw
//! is one 64-bit output scaled to its range (`board::below`): the same seed
//! gives the same board, steps and statistics, counted or not. The board is
//! returned as the column of the queen in each row, unpacked in the
//! memory the search held it in, without a copy. n = 2 and 3 have no solution and are answered at once
//! (`solution: None`); n = 0 gives the empty board.
//!
//! # Memory and limit
//!
//! At n = 10⁹ about 4.25 bytes per queen at the peak, the end of an
//! initialisation: the packed permutation 3.75 (30 bits; 27 at 10⁸), one bit
//! per diagonal and per anti-diagonal (2n − 1 each) 0.5, while the bit per
//! column of the initialisation (0.125) is given back as the permutation's
//! tail is written from it. The board found is then unpacked in place,
//! 4 bytes per queen, the diagonals' bits gone. So 10⁹ queens fit in 4 GiB
//! (4.25·10⁹ bytes), not in 4·10⁹ bytes: no representation could, since a
//! permutation of 10⁹ needs log₂(10⁹!) bits, 3.56·10⁹ bytes, before the
//! diagonals' 0.5·10⁹. The list of attacked queens holds each at most once
//! and stays short: an attempt starts with the queens on crowded diagonals,
//! at most twice the collisions, and each kept swap lowers the collisions
//! and adds at most two; so it is searched linearly. [`MAX_N`] is 10⁹;
//! diagonal indices stay below 2n − 1 < 2³².
//!
//! # Measured
//!
//! On the project's 2-core machine (AMD EPYC, 32 MiB L3, main memory about
//! 230 ns away, other jobs running), one uninstrumented solve per seed
//! (`queens --algo swap-search --json --no-steps --seed S N` reproduces
//! them: `nanos`, `peak_bytes`) beside `mc.c` built with `gcc -O2 -march=native -DCNT=uint8_t`, run in turn,
//! median (min) wall time of one solve over the seeds shown:
//!
//! | n | seeds | `swap-search` | `mc.c qs4` | peak memory, ours / `mc.c` |
//! |---|---|---|---|---|
//! | 10⁷ | 1–5 | 0.65 s (0.64 s) | 2.19 s (1.73 s) | 46 MB / 135 MB |
//! | 10⁸ | 1–3 / 1–2 | 15.2 s (13.8 s) | 30.4 s (30.0 s) | 443 MB / 1336 MB |
//!
//! Nearly all of it is the initialisation; the swaps take milliseconds
//! (about 120 kept at 10⁷, 400 at 10⁸). Our peak is read before the board is
//! checked; `mc.c`'s includes its check's 5 bytes per queen.
//!
//! At 10⁹ (`cargo xtask long-runs`, issue 38): 355 s and 4.63·10⁹ bytes
//! before the permutation was packed; packed, the peak is 4.26·10⁹ bytes
//! (3.97 GiB, `VmHWM`), under 4 GiB. Transparent huge pages, the scout and
//! the packing left the processor time at 10⁸ within the noise of a loaded
//! machine (user time, alternating runs: 25.0 and 22.4 s before, 23.2 and
//! 23.5 s with huge pages and packing, 25.1 and 23.6 s with the scout too);
//! at 3·10⁸ huge pages alone took 77.7 s against 86.9 s (one run each).
//!
//! Recorded on the 2-core Intel Xeon host (300 MiB of shared L3) with
//! nothing else running, one run each: the search 275 s (of which the
//! initialisation 273.5 s: 3.06·10⁹ draws for the first n − c rows, about
//! 89 ns each), and in a second run, with `--output`, 280 s; that whole
//! `queens` run with the check and the 9.9 GB file took 347 s, and `check-board` verified the file in 191 s. With the branch-free
//! prefetch choices (see `board.rs`): 284 s, 355 s and 184 s, the same
//! within the spread of single runs on this shared host. At 10⁸ on that
//! host the sampling phase (three quarters of the rows) took 14.2 s and the
//! tail 8.9 s; from 10⁸ to 10⁹ the time grows × 11.4 there, against × 22
//! on the AMD EPYC host (32 MiB of L3), where main memory's latency sets
//! it. So the 3 minutes of issue 38 are not reached: the search alone
//! takes 280 s, and the check and the file add about 70 s.

mod board;
mod packed;
mod search;
#[cfg(test)]
mod tests;

use queens_core::{Event, Found, Info, Kind, LocalSearch, Options, Probe, Refusal, TraceInfo};

use crate::search::Tuning;

/// Largest n accepted: about 4.25 bytes per queen at 10⁹ (3.96 GiB).
pub const MAX_N: usize = 1_000_000_000;

/// The initialisation samples unused columns until n / `TAIL_DIV` are left,
/// then draws from the list of those (see `board.rs`). Near the switch a
/// quarter of the draws meet an unused column; measured at n = 10⁷ and
/// 3·10⁷, dividing by 2 to 8 changes the time by under 20%, 4 being best.
pub const TAIL_DIV: usize = 4;

/// The rows the initialisation places on a random unused column without
/// looking at the diagonals (Sosic and Gu's c), by n as in `mc.c`: all of
/// them up to n = 10, then 30, 50 (n ≤ 10⁴), 80 (n ≤ 10⁵) and 100.
pub fn random_tail(n: usize) -> usize {
    let c = match n {
        0..=10 => n,
        11..=100 => 30,
        101..=10_000 => 50,
        10_001..=100_000 => 80,
        _ => 100,
    };
    c.min(n)
}

/// Attacked queens an attempt takes before it restarts: 4n + 100, as in
/// `mc.c`.
pub fn queens_per_attempt(n: usize) -> u64 {
    4 * n as u64 + 100
}

/// Partners tried for one attacked queen: 2n below n = 500, else 1000, as
/// in `mc.c`.
pub fn partners_per_queen(n: usize) -> usize {
    if n < 500 { 2 * n } else { 1000 }
}

/// The swap budget when `Options::max_steps` is `None`: 10⁶ + 100 n kept
/// swaps, far beyond what any solvable size needs (a few hundred at
/// n = 10⁷), but finite.
pub fn default_budget(n: usize) -> u64 {
    1_000_000 + 100 * n as u64
}

/// The swap budget of a run: `--max-steps`, else [`default_budget`].
fn budget(n: usize, opts: &Options) -> u64 {
    opts.max_steps.unwrap_or_else(|| default_budget(n))
}

/// The memory of a run at n, the larger of two moments, with 8 MB for the
/// rest (the list of attacked queens, the map of crowded diagonals): the
/// end of an initialisation (the packed permutation, see `packed.rs`, a
/// bit per diagonal of both families and, at worst, the bit per column
/// not yet given back), and the check of the board found (one `u32` per
/// row, unpacked, and the checker's 5 bits per queen). 4.63 GB at 10⁹,
/// the second.
pub fn bytes_needed(n: usize) -> u64 {
    let n64 = n as u64;
    let search = packed::Packed::packed_bytes(n) + n64 / 2 + n64 / 8;
    let check = 4 * n64 + n64 * 5 / 8;
    search.max(check) + (8 << 20)
}

/// The description of `swap-search`.
pub static INFO: Info = Info {
    id: "swap-search",
    good_for: "the largest boards: one board of up to 10^9 queens by swaps",
    title: "QS4 swap search (Sosic & Gu 1991)",
    source: "[Sosic & Gu 1991] QS4, as in our C reference min-conflicts-qs4.c",
    structure: "permutation (column per row); one bit per diagonal and anti-diagonal, \
        crowded diagonals counted in a small map; short list of attacked queens",
    step_unit: "kept swaps",
    order: "finds one board, chosen by --seed; entry i is the column of row i's queen",
    max_n: MAX_N,
    limit_reason: "memory: about 4.3 bytes per queen (a column per row in 30 bits, a bit \
        per diagonal of both families), 4.25 GB at 10^9",
    kind: Kind::FindOne,
    splits: false,
    counts_unique: false,
    quick_n: 1_000_000,
    bench_count: &[],
    bench_first: &[1000, 100_000, 1_000_000],
};

/// How `swap-search` traces ([`LocalSearch::trace_info`]).
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Swap),
    count_max_n: 0,
    first_max_n: TRACE_MAX_N,
    reason: "an init event holds the whole board and counts as n events: n = 9 000 000 \
             leaves a million events for the swaps (a few hundred are kept at that size), \
             10 000 000 leaves none",
};

/// The largest n traced: the `init` board counts n events towards the bound.
pub const TRACE_MAX_N: usize = 9_000_000;

/// `swap-search`: QS4, a permutation repaired by collision-lowering swaps.
#[derive(Clone, Copy, Debug, Default)]
pub struct SwapSearch;

impl LocalSearch for SwapSearch {
    fn info(&self) -> &'static Info {
        &INFO
    }
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }
    fn knob_values(
        &self,
        n: usize,
        opts: &Options,
    ) -> Result<Vec<(&'static str, String)>, Refusal> {
        Ok(vec![(Options::MAX_STEPS, budget(n, opts).to_string())])
    }
    fn bytes_needed(&self, n: usize, _opts: &Options) -> Option<u64> {
        Some(bytes_needed(n))
    }
    fn find<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Result<Found, Refusal> {
        queens_core::check_limit(&INFO, n)?;
        let trivial = |solution| Found {
            solution,
            extra: search::Stats::default().extra(),
        };
        match n {
            0 => Ok(trivial(Some(Vec::new()))),
            2 | 3 => Ok(trivial(None)),
            _ => {
                let budget = budget(n, opts);
                search::run::<P, false>(INFO.id, n, opts.seed, budget, &Tuning::DEFAULT, probe).0
            }
        }
    }
}
