//! `half-join`: counts without walking one tree. The board is split into
//! its east and west halves; each half's partial solutions are built on
//! their own, and a full solution is a pair of halves, one from each side,
//! that hold no diagonal in common. This is the idea of the quarter-join
//! counters (E. Kluev, "N-Queens-Count-Sol"; the deepgreen NQueens pages
//! before it) in a plain form: each half is itself a join of two quadrant
//! tables, and the halves are joined by a scan of every pair, which the
//! compiler turns into vector instructions.
//!
//! **The split.** For even n = 2h, pick the set E of h rows whose queens
//! stand in the east half (columns h..n); the other h rows have theirs in
//! the west half. A half board is h queens, one on each of its rows, on
//! distinct columns of its half, attacking no other. Every column of a half
//! is then used, so an east half and a west half of the same E together
//! fill every row and column once; they form a solution exactly when no
//! diagonal holds a queen of each. For odd n = 2h + 1 the middle column
//! holds one queen, in some row m; the halves use the other rows and avoid
//! that queen's diagonals.
//!
//! **The quadrants.** Cut each half at row ⌈n/2⌉ into a top and a bottom
//! block. A slice of a block holds every partial placement of it on a
//! given set of its rows (queens on those rows, distinct columns, none
//! attacking), sorted by the columns used. The half boards on rows E are
//! then the pairs of a part of the top slice on E's top rows and a part of
//! the bottom slice on E's bottom rows whose columns are complementary and
//! whose diagonals are disjoint: a join, not a search. Only the h − 1
//! diagonals of each direction that cross the seam between the two blocks
//! can clash, so each part keeps those in a small word (`meet`), its
//! diagonals already packed for the final join (`word`: a half's word is
//! the OR of its parts'), and for odd n the middle rows whose queen it
//! attacks (`hits`). A task builds the four slices it needs when it starts
//! ([`quadrant`]: a walk over just those rows, a stable counting sort on
//! the columns), and each thread keeps its last six for the next task.
//!
//! **The join.** A half's diagonals, restricted to the ones the other half
//! can also reach (n − 1 of each direction for even n, n − 2 for odd),
//! pack into one word of at most 48 bits. A pair is compatible when the
//! AND of its two words is zero. Small orbits (a few hundred halves a
//! side) are scanned pair by pair; larger ones by the bit-sliced join of
//! [`sliced`]: the larger side is cut into blocks of 256 and turned on its
//! side, so one AND of 256-bit masks per 6 or 7 bits of a word tests 256 pairs,
//! and a sieve files both sides by a few of their most used diagonals and
//! skips the bins that clash on them.
//!
//! **Why it fell off a cliff at n = 18, and what grows.** Measured on this
//! project's 2-core AMD EPYC host (one thread, CPU seconds, under the load
//! of other builds; E. Kluev's program beside it): before, n = 16 0.45 s
//! (Kluev 0.36), n = 17 2.1–3.0 s (3.9–4.2), n = 18 75 s (9.3). Three
//! things grew at once from 17 to 18:
//! - the pairs: 1.57 · 10^10 at n = 17, 4.54 · 10^11 at n = 18 (× 29; 4.1
//!   · 10^9 at 16, 1.95 · 10^12 at 19). For odd n the middle queen takes a
//!   row and a column and rules out many halves: 443 × 717 halves per
//!   orbit on average at n = 17, 4 329 × 8 770 at n = 18, so the pairs per
//!   orbit grow × 120 while the orbits only fall from 54 779 to 12 283;
//! - the words: 2 × 17 = 34 bits at n = 18, past 32, so the plain scan
//!   ran on `u64`s, half as many pairs per instruction (0.11 → 0.34 ns per
//!   pair in the same loaded run);
//! - the sides: up to 17 506 words (140 KB) no longer fit the level 1
//!   cache, and each east word streamed the whole west side again.
//!
//! The join was 96 % of the time at n = 18 (building the halves 3 %). Now
//! a pair costs a few hundredths of a plain one: at n = 18 the sieve
//! compares 23 % of the pairs, 256 at a time (about 10 cycles per 256),
//! and the whole count takes about 4.5 s, the join 2.8 s of it, the halves
//! 1.0 s, the tables 0.25 s. Time per pair of the join (CPU ns per pair of
//! half boards, before the sieve): n = 16 0.024, n = 17 0.04 (small
//! orbits: filing and tables per block weigh more), n = 18 0.0063, n = 19
//! 0.013; Kluev's program: n = 18 9.3 s, n = 19 75 s (ours 45 s).
//! Reading the tables by byte offset and adding the popcounts of 31 items
//! per byte before widening them took the join at n = 18 from 3.5–3.8 s to
//! 2.5–2.6 s. At n = 20 a profile (one thread, 177 s) gave the join 83 %,
//! the halves 16 % (a tenth of it clearing and copying their growing
//! lists) and the tables 3 s; since then, six chunks of 6–7 bits instead of
//! seven (0.92× the join), a seventh sieve cut (0.92×), lists written
//! without clearing and tables built in place, on the count's threads
//! (memory 1.25 → 0.97 GB). Two threads, wall time, this host otherwise
//! idle: Q(20) in 61–69 s (CPU 120–135 s, 0.97 GB peak; the build before
//! these changes 81 s in the same hour); one thread 122 s. Beside Kluev's
//! program (`cargo xtask peers --sizes 20 --runs 1`): one thread 153 s CPU
//! against 424 s, two threads 66 s wall against 243 s.
//!
//! **Where odd n's time goes.** From an even n to the next odd one the
//! count takes × 10, from odd to even × 3.5 (two threads, wall: Q(18)
//! 1.5 s, Q(19) 15 s, Q(20) 52 s, Q(21) 482 s; one thread, CPU: n = 17
//! 1.11–1.12 s, 18 2.91–2.96 s, 19 26.9 s). Measured at n = 18 and 19
//! (one thread; orbit sizes and pairs counted by an instrumented build,
//! profiles by `perf record` of `--shard 1/10 19` and of 18):
//! - the orbits are small: 231 073 at n = 19 with 2 437 × 3 945 halves a
//!   side on average, against 12 283 of 4 329 × 8 770 at 18. The pairs
//!   grow × 4.3 (4.54 · 10^11 → 1.95 · 10^12), but the sieve, whose bins
//!   scale with the sides, cuts 3 or 4 bits instead of 4 or 5, so it
//!   compares 36 % of them instead of 23 % (× 6.9), and a block of 256
//!   patterns meets 690 items instead of 943 (× 9.1 blocks);
//! - the halves grow more than the pairs: a task builds its east halves
//!   for every middle row (6 550 on average, of which an orbit keeps 37 %)
//!   and each orbit its own west side, 1.23 · 10^9 halves at 19 against
//!   1.6 · 10^8 at 18 (× 7.7; per pair × 1.8).
//!
//! The profile is alike at both sizes (n = 19: the join 53 %, of which the
//! items' lookups about half, filing and keys a quarter, filling tables an
//! eighth; joining quadrants into halves 20 %, walking the slices 16 % and
//! sorting them 5 %; n = 18: 58, 17, 14 and 5 %): odd n does not pay for
//! one step more dearly, it does more of every step. Tried and dropped
//! (CPU seconds, `--shard 1/10 19`, one thread, alternating runs): a sieve
//! choosing its cut by an estimate of the join's cycles (blocks × fill +
//! items × lookups, bins from a sample) compared fewer pairs (28–31 %
//! instead of 36 %) but filled more blocks: 2.85–2.95 s against 2.71–2.74
//! s at every weighing of the two costs tried;
//! bins computed over the used cuts only and the bit census over set
//! bits only: 2.70–2.71 s against 2.70–2.71 s. Fixing also the middle
//! row's queen (its column c on the side that holds row h, the other
//! side sparing it), which E. Kluev's counter does for odd n ("Start2D"),
//! keeps 0.673, 0.649 and 0.636 of the pairs at n = 11, 13 and 15
//! (counted pair by pair), less than the sieve rules out already; what
//! makes it pay there is that with both middle queens fixed the
//! transposition of the board is a symmetry too (orbits of up to eight),
//! halving the sets joined again. Worked through for this crate's tasks
//! (not built): take as representatives the pairs (m, c) with m < h < c and
//! m ≤ n − 1 − c, one per orbit of the eight symmetries (weight 8, or 4
//! when c = n − 1 − m). Row h's queen then stands in the east half, a task
//! is a set E of east rows holding h (with its middle rows m < h), and an
//! orbit's east side keeps the halves whose row-h queen has a column
//! c ≤ n − 1 − m. The sets (m, E) joined stay as many as now (h · C(2h − 1,
//! h − 1) = 923 780 at n = 21, as the orbits of four give), the west sides
//! are built as often, and only the east side shrinks, to (h + 1) / 2h of
//! it on average: about half the pairs. With the join 53 % of the time and
//! half of that the items' lookups, it would take 15–25 % off odd n, not the
//! ×1.6 that Q(21) in five minutes needs; it waits for a split that also
//! shares the building of the halves.
//!
//! **Symmetry.** Reflecting the board left to right swaps the halves (E
//! becomes its complement); reflecting it top to bottom reverses the rows.
//! So the row sets (with the middle row m for odd n) fall into orbits of
//! up to four with equal counts, and only one set per orbit is joined,
//! weighed by the orbit's size. A listing sends each pair found and its
//! images in the other members of the orbit.
//!
//! The count splits into tasks, one per set of east rows (with the orbits
//! of every middle row that share it, so their east halves are built once),
//! for threads and shards; a `queens_core::Watch` hears each task finish
//! and can skip the tasks a checkpoint holds (`queens --checkpoint`).
//!
//! Steps: one per pair of half boards compared in the final join: the
//! product of the two sides' sizes, less the pairs the sieve rules out
//! without comparing them (pairs that share one of its cut diagonals; none
//! below a thousand halves a side, so up to n = 15). Building the halves
//! (the quadrant joins) is not counted.
//!
//! Nodes per depth: none. The count walks no search tree (it joins tables of
//! partial placements), so it calls no [`Probe::node`] hook, and a
//! `Steps::Depths` run (`queens --depths`) is refused ([`NO_TREE`]).
//!
//! Trace ([`TRACE`], `queens --trace`): one `pair` event per pair of half
//! boards compared (the step), with its task (1-based, in task order) and
//! whether the pair joins (`"ok"`), and for a pair that does, the
//! solutions it stands for (`"weight"`: 1 + the orbit's other members),
//! then the two half boards, `"east":[...]` and `"west":[...]`: for each
//! row, the 1-based column of that half's queen, 0 where the half has none
//! (for odd n the middle row is 0 in both: its queen stands in the middle
//! column); a pair that does not join has an east and a west queen on one
//! diagonal. The join compares every pair of an orbit before its boards are listed,
//! so a first-solution trace holds all the pairs of the orbits joined up to
//! the first solution. A traced count runs the tasks in order on one
//! thread (`queens_core::count_tasks`). Building the halves writes nothing.
//!
//! **Memory.** Until this version the four quadrant tables held every
//! partial placement of each block, built once per count, 32 bytes each:
//! for n = 2h, 4 · P(h, h) · 32 bytes, for n = 2h + 1, 2 · (P(h + 1, h) +
//! P(h, h)) · 32 ([`PLACEMENTS`]): 127 MB at n = 18, 251 MB at 19, 0.99 GB
//! at 20, 8.6 GB at 22, 81 GB at 24, so n stopped at 23. A task reads
//! only the slices of its own rows, so they are now built per task: a
//! count holds the task list (16 bytes a task) and, per thread, one
//! task's slices and half boards. Measured (peak resident memory of the
//! whole process, one thread, this project's host; E. Kluev's program 25
//! MB at 19): n = 16 7 MB (22 before), 17 11 MB (39), 18 7 MB (127), 19
//! 8 MB (251). A task of n = 24 holds about 200 MB, of 26 about 1.1 GB
//! (sampled). The time did not change: the tables' walk is now done per
//! task, about 20 times over in all, but over the task's rows only, and
//! for odd n the slice of the block with the middle queen's row is walked
//! without the cells that queen attacks (a slice of one orbit, about 40 %
//! smaller, which also spares the join those candidates). CPU seconds on
//! one thread, alternating runs of the two builds on the loaded host: n =
//! 17 1.50, 1.63 before, 1.77, 1.74 after; n = 18 3.86, 4.03, 3.05 before,
//! 3.90, 4.07, 3.72 after, and later 3.03, 3.09, 2.99, 3.00 before,
//! 3.17, 3.20, 3.10, 3.23 after (+6 % in the medians); n = 19 29.3, 29.1
//! before, 28.5, 28.3 after. Checkpointed (tasks spread over the list in
//! runs, `queens_core::count_tasks`), n = 18: 3.15, 3.41 before, 3.35,
//! 3.21 after.
//! [`bytes_needed`] states the memory per n, so that `queens` refuses a
//! count the memory it may take cannot hold before it starts.
//!
//! **Beyond one machine.** n goes to 27 (Q(27), 2016, is the published
//! record), but from 24 a count takes hundreds of core-hours and more
//! ([`ESTIMATES`], sampled by the `estimate` example), so `queens` runs it
//! only in shards (`--shard I/K`), each of bounded memory.

mod quadrant;
mod sliced;

use std::ops::ControlFlow;

use quadrant::{Block, Part};

use queens_core::bits::low_bits;
use queens_core::{
    Enumerate, Event, Info, Kind, Options, Probe, Refusal, Sink, Split, Tally, TraceInfo,
    count_tasks,
};

/// The largest n: 27, the published record (Q(27), 2016). Memory no longer
/// bounds it (a task holds its own slices and halves, [`bytes_needed`]);
/// beyond [`ONE_MACHINE_N`] time does, and such a count runs in shards.
pub const MAX_N: usize = 27;

/// The largest n counted on one machine: Q(23) takes about 18 core-hours
/// (sampled, [`ESTIMATES`]'s method), Q(24) about 500; from 24 on `queens`
/// asks for `--shard I/K`.
pub const ONE_MACHINE_N: usize = 23;

/// P(r, c) for the blocks of the quadrants: `PLACEMENTS[h]` holds
/// (P(h, h), P(h + 1, h)), the partial placements of an h × h and an
/// (h + 1) × h block (queens on some of its rows, distinct columns, none
/// attacking; a test counts them by walking the blocks). The tables of
/// every placement that this crate once built took 32 bytes for each:
/// 4 · P(h, h) · 32 bytes for n = 2h, 2 · (P(h + 1, h) + P(h, h)) · 32 for
/// n = 2h + 1 (251 MB at n = 19, 8.6 GB at 22, 81 GB at 24).
pub const PLACEMENTS: [(u64, u64); 12] = [
    (1, 1),
    (2, 3),
    (5, 9),
    (18, 37),
    (87, 185),
    (462, 1_039),
    (2_635, 6_335),
    (16_870, 42_807),
    (118_969, 316_395),
    (915_442, 2_524_999),
    (7_535_369, 21_637_115),
    (66_807_234, 198_770_307),
];

/// The tasks of a count at n ([`Split::tasks`]'s length; a test checks
/// them up to 20, the estimate example prints the rest).
pub const TASKS: [u64; MAX_N + 1] = [
    1, 1, 1, 2, 3, 6, 7, 20, 23, 70, 71, 252, 252, 924, 890, 3_432, 3_299, 12_870, 12_283, 48_620,
    46_508, 184_756, 176_870, 705_432, 677_294, 2_704_156, 2_602_198, 10_400_600,
];

/// The most memory one thread's task takes at n, in bytes: its slices and
/// its two sides of half boards (with the sliced join's blocks). Up to
/// n = 19, about twice the peak of a whole count on one thread (n = 18:
/// 7 MB, 19: 8 MB, the program's own 5 MB included); from 20 on, twice
/// the most any task of a seeded sample held (`cargo run --release -p
/// queens-half-join --example estimate`: 4.4 MB at 20 and 21, 26 MB at 22,
/// 32 MB at 23, 210 MB at 24, 260 MB at 25, 1.7 GB at 26; at 27, 1.3 times
/// 26's, as 25 is 24's), twice because
/// the sample may miss the largest task, and from 20 to 23 no less than
/// 64 MB (resident memory can run above what is allocated).
const TASK_BYTES: [u64; MAX_N + 1] = {
    const MB: u64 = 1 << 20;
    let mut t = [8 * MB; MAX_N + 1];
    t[18] = 16 * MB;
    t[19] = 16 * MB;
    t[20] = 64 * MB;
    t[21] = 64 * MB;
    t[22] = 64 * MB;
    t[23] = 80 * MB;
    t[24] = 420 * MB;
    t[25] = 520 * MB;
    t[26] = 3_400 * MB;
    t[27] = 4_400 * MB;
    t
};

/// A count too long for one machine, estimated from a sample of its tasks
/// (the estimate example: a seeded sample drawn uniformly without
/// replacement, each task timed alone on one thread in CPU time).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The board size.
    pub n: usize,
    /// Tasks sampled; 0 when no task was timed and the figure is
    /// extrapolated from the smaller sizes' (n = 27: × 16.7 per queen, the
    /// growth from 24 to 26, and 26's relative uncertainty).
    pub sample: usize,
    /// Core-hours of the whole count: the sample's mean time per task
    /// times the tasks.
    pub core_hours: f64,
    /// Twice the standard error of that mean, in core-hours.
    pub plus_minus: f64,
}

/// The sampled estimates for n = 24 … 27 (this project's 2-core AMD EPYC
/// host, shared and loaded; `cargo run --release -p queens-half-join
/// --example estimate -- 24 25 26 27`): 24 tasks at 24 and 25, 6 at 26 (a
/// task there takes 28 s to 8 min), none at 27 (a task there took more than
/// 5 CPU minutes; extrapolated). The task times are skewed (at 26: 28, 32,
/// 53, 184, 190 and 465 s), so the figures from few tasks are rough.
pub const ESTIMATES: [Estimate; 4] = [
    Estimate {
        n: 24,
        sample: 24,
        core_hours: 410.5,
        plus_minus: 123.9,
    },
    Estimate {
        n: 25,
        sample: 24,
        core_hours: 3494.1,
        plus_minus: 944.3,
    },
    Estimate {
        n: 26,
        sample: 6,
        core_hours: 114_720.0,
        plus_minus: 98_670.0,
    },
    Estimate {
        n: 27,
        sample: 0,
        core_hours: 1_916_000.0,
        plus_minus: 1_650_000.0,
    },
];

/// A count split into shards of about a day each ([`Estimate::day_split`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DaySplit {
    /// Shards K (at least 2).
    pub shards: u32,
    /// The memory of one shard on the threads asked for, in bytes
    /// ([`bytes_needed`]).
    pub bytes: u64,
}

impl Estimate {
    /// The split `queens` proposes when it refuses the whole count: shards
    /// of about a day each on `threads` threads, and each one's memory.
    pub fn day_split(&self, threads: usize) -> DaySplit {
        let threads = threads.max(1);
        let shards = (self.core_hours / (24.0 * threads as f64))
            .ceil()
            .clamp(2.0, f64::from(u32::MAX)) as u32;
        DaySplit {
            shards,
            bytes: bytes_needed(self.n, threads, shards),
        }
    }
}

/// The sampled estimate for n, if it is past [`ONE_MACHINE_N`].
pub fn estimate(n: usize) -> Option<Estimate> {
    ESTIMATES.iter().copied().find(|e| e.n == n)
}

/// The memory of a count at n on `threads` threads, for shard `shard` of
/// `shards`, in bytes: the task list (16 bytes a task, 166 MB at n = 27),
/// the shard's own tasks beside it (24 bytes each), and each thread's task
/// ([`TASK_BYTES`]). Nothing else grows with the board: no table of the
/// whole board is held.
pub fn bytes_needed(n: usize, threads: usize, shards: u32) -> u64 {
    let n = n.min(MAX_N);
    TASKS[n] * 16 + TASKS[n] * 24 / u64::from(shards.max(1)) + TASK_BYTES[n] * threads.max(1) as u64
}

/// The approach's description.
pub static INFO: Info = Info {
    id: "half-join",
    good_for: "the fastest count from 12 queens on, on threads, shards and checkpoints (the default for counts from 12 queens)",
    title: "Half boards joined on their diagonals",
    source: "[Kluev] quadrant-join counter, in half-board form",
    structure: "per set of east rows: the east and west half boards as packed diagonal words",
    step_unit: "pairs of half boards compared",
    order: "sets of east rows in increasing order (one per reflection orbit), then middle rows; pairs by east half, then west half; each board followed by its reflections",
    max_n: MAX_N,
    limit_reason: "Q(27) is the published record; from 24 on a count takes hundreds of core-hours and runs in shards (--shard I/K)",
    kind: Kind::Exhaustive,
    splits: true,
    counts_unique: false,
    quick_n: 13,
    bench_count: &[8, 10, 12, 14, 16],
    bench_first: &[],
};

/// How the join traces ([`Enumerate::trace_info`]).
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Pair),
    count_max_n: 13,
    first_max_n: 17,
    reason: "a trace writes a pair event per pair of half boards compared: a count compares \
             2 082 910 pairs at n = 13 and 47 306 540 at n = 14; a first-solution run \
             compares 1 223 624 at n = 17, 22 909 557 at n = 18 and 53 547 713 at n = 20",
};

/// The half-board join.
#[derive(Clone, Copy, Debug, Default)]
pub struct HalfJoin;

/// One piece of the count: the orbits whose representatives share one set
/// of east rows (one orbit for even n; for odd n, one per middle row), so
/// that the east halves are built once for all of them. Sixteen bytes: at
/// n = 27 the list holds millions of them.
#[derive(Clone, Copy, Debug)]
pub struct Task {
    /// The task's place in the task list (0-based).
    index: u32,
    /// The rows whose queens stand in the east half (bit per row).
    east: u32,
    /// Odd n: the middle rows of the orbits joined (bit per row); even n
    /// (and n < 2): bit 31 alone, for the one orbit without a middle row.
    middles: u32,
    /// The board size.
    n: u8,
}

/// [`Task::middles`] for the orbit without a middle row.
const NO_MIDDLE: u32 = 1 << 31;

impl Task {
    /// The task's orbits, in increasing order of middle row.
    fn orbits(&self, g: &Geometry) -> impl Iterator<Item = Orbit> + '_ {
        let g = *g;
        (0..32)
            .filter(move |&m| self.middles >> m & 1 == 1)
            .filter_map(move |m| {
                let middle = (m < 31).then_some(m as usize);
                if g.n < 2 {
                    return Some(Orbit {
                        middle: (g.n == 1).then_some(0),
                        east: 0,
                        images: [(false, false); 3],
                        others: 0,
                    });
                }
                orbit(&g, middle, self.east)
            })
    }
}

/// One orbit of row sets: a representative, joined, and the orbit's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Orbit {
    /// Odd n: the row of the middle column's queen; even n: none.
    middle: Option<usize>,
    /// The rows whose queens stand in the east half (bit per row).
    east: u32,
    /// Orbit members other than this one, as the reflections that reach
    /// them: (left-right, top-bottom).
    images: [(bool, bool); 3],
    /// How many of `images` are used: the orbit's size minus one.
    others: usize,
}

impl Orbit {
    /// Solutions this orbit stands for per pair found.
    fn weight(&self) -> u64 {
        1 + self.others as u64
    }
}

/// The geometry of board size n: its halves and how their diagonals pack.
#[derive(Clone, Copy, Debug)]
struct Geometry {
    n: usize,
    /// Columns per half.
    half: usize,
    /// First column of the east half.
    east: usize,
    /// Rows of the top blocks (the bottom ones have the rest).
    top: usize,
    /// Diagonals of each direction both halves can reach (the packed width).
    width: usize,
}

impl Geometry {
    fn new(n: usize) -> Geometry {
        let half = n / 2;
        let east = n - half;
        Geometry {
            n,
            half,
            east,
            top: n - half,
            width: (half + n).saturating_sub(east + 1),
        }
    }

    /// All rows.
    fn rows(&self) -> u32 {
        low_bits(self.n)
    }

    /// The rows of `orbit`'s west half: neither east nor the middle row.
    fn west_rows(&self, orbit: &Orbit) -> u32 {
        self.rows() & !orbit.east & !orbit.middle.map_or(0, |m| 1u32 << m)
    }

    /// `rows` reflected top to bottom.
    fn reverse(&self, rows: u32) -> u32 {
        if self.n == 0 {
            0
        } else {
            rows.reverse_bits() >> (32 - self.n)
        }
    }

    /// Packs a half's diagonals into one word: the `width` diagonals of each
    /// direction that both halves can reach, d1 in the low bits.
    #[inline(always)]
    fn pack(&self, d1: u64, d2: u64) -> u64 {
        let mask = (1u64 << self.width) - 1;
        (d1 >> self.east) & mask | ((d2 >> self.east) & mask) << self.width
    }
}

/// The four quadrant blocks of board size n (their slices are built per
/// task, [`quadrant`]): the top and bottom blocks of each half (for odd n the middle row belongs to the top blocks, and the
/// middle column to neither).
#[derive(Debug)]
struct Tables {
    g: Geometry,
    east_top: Block,
    east_bottom: Block,
    west_top: Block,
    west_bottom: Block,
}

impl Tables {
    fn new(n: usize) -> Tables {
        let g = Geometry::new(n);
        let describe = quadrant::Describe {
            seam: g.top,
            middle: (n % 2 == 1).then_some(g.half),
            g,
        };
        let block = |first_row, height, first_col| {
            Block::new(n, (first_row, height), (first_col, g.half), describe)
        };
        Tables {
            g,
            east_top: block(0, g.top, g.east),
            east_bottom: block(g.top, n - g.top, g.east),
            west_top: block(0, g.top, 0),
            west_bottom: block(g.top, n - g.top, 0),
        }
    }
}

/// The half boards of one side: their packed diagonals and, when a listing
/// needs them, their queens' columns (row by row, in increasing row order).
#[derive(Clone, Default)]
struct Halves {
    words: Vec<u64>,
    columns: Vec<u32>,
    /// Odd n, when asked for: the middle rows whose queen each half
    /// attacks (bit per row), to filter by a middle queen later.
    hits: Vec<u32>,
}

impl Halves {
    /// The halves that spare a queen in the middle column's row `m` (needs
    /// `hits`); each half board has `queens` queens.
    fn sparing(&self, m: usize, queens: usize) -> Halves {
        let mut out = Halves::default();
        if self.columns.is_empty() {
            // A count: no branch per half.
            let spares = self.hits.iter().map(|&hits| hits >> m & 1 == 0);
            push_kept(&mut out.words, self.words.iter().copied().zip(spares));
            return out;
        }
        for (i, &hits) in self.hits.iter().enumerate() {
            if hits >> m & 1 == 0 {
                out.words.push(self.words[i]);
                out.columns
                    .extend_from_slice(&self.columns[i * queens..(i + 1) * queens]);
            }
        }
        out
    }
}

/// Appends the values of `candidates` marked to keep, without a branch to
/// mispredict: each is written past the end of `out` and counted only if
/// kept. `out` grows by at most the candidates' number, reserved first.
fn push_kept<T: Copy>(out: &mut Vec<T>, candidates: impl ExactSizeIterator<Item = (T, bool)>) {
    out.reserve(candidates.len());
    let spare = out.spare_capacity_mut();
    let mut kept = 0;
    for (value, keep) in candidates {
        // `kept` is at most the candidates seen before this one, so within
        // the room reserved.
        spare[kept].write(value);
        kept += usize::from(keep);
    }
    // SAFETY: the first `kept` slots past the old end were written above,
    // and they lie within the capacity reserved.
    unsafe { out.set_len(out.len() + kept) };
}

/// The top parts of a half (in increasing order of columns) by runs on the
/// same columns, each with the bottom parts on the other columns of the
/// half (`all`): ranges into `upper` and `lower`. As the top runs' columns
/// increase, the bottom parts they want decrease: one walk down `lower`
/// serves them all.
fn runs<'a>(
    upper: &'a [Part],
    lower: &'a [Part],
    all: u32,
) -> impl Iterator<Item = (std::ops::Range<usize>, std::ops::Range<usize>)> + 'a {
    let (mut i, mut to) = (0, lower.len());
    std::iter::from_fn(move || {
        let cols = upper.get(i)?.cols;
        let run = upper[i].rest as usize;
        let want = all ^ cols;
        while to > 0 && lower[to - 1].cols > want {
            to -= 1;
        }
        let mut from = to;
        while from > 0 && lower[from - 1].cols == want {
            from -= 1;
        }
        i += run;
        Some((i - run..i, from..to))
    })
}

/// Every half board on `rows` whose blocks are `top` and `bottom`, sparing
/// the middle queens of the rows `spare` (odd n; bit per row): the pairs
/// of a top part and a bottom part on complementary columns that share no
/// diagonal. With `boards` it keeps their columns, with `hits` the middle
/// rows each attacks.
fn halves(
    g: &Geometry,
    (top, bottom): (&Block, &Block),
    rows: u32,
    spare: u32,
    (boards, hits): (bool, bool),
) -> Halves {
    let mut out = Halves::default();
    let all = (((1u64 << g.half) - 1) << top.first_col) as u32;
    // The block that would hold the middle queen's row has its slice
    // built without the cells that queen attacks (a slice of this orbit
    // alone, about 40 % smaller); the other block's, shared by the
    // orbits of the task, is filtered here by `hits`.
    let middle = (spare != 0).then(|| spare.trailing_zeros() as usize);
    let in_top = middle.is_some_and(|m| m < bottom.first_row);
    let (upper, lower) = (
        top.parts(rows, middle.filter(|_| in_top)),
        bottom.parts(rows, middle.filter(|_| !in_top)),
    );
    let (upper, lower) = (&upper[..], &lower[..]);
    if !boards {
        // A count: room for every candidate at once (no copying as the
        // list grows), each kept if it fits, without a branch (about 40 %
        // fit).
        let candidates: usize = runs(upper, lower, all)
            .map(|(run, matching)| run.len() * matching.len())
            .sum();
        out.words.reserve_exact(candidates);
        if hits {
            out.hits.reserve_exact(candidates);
        }
        for (run, matching) in runs(upper, lower, all) {
            for a in &upper[run] {
                if a.hits & spare != 0 {
                    continue;
                }
                let matching = &lower[matching.clone()];
                let fits = |b: &Part| a.meet & b.meet | b.hits & spare == 0;
                let words = matching.iter().map(|b| (a.word | b.word, fits(b)));
                push_kept(&mut out.words, words);
                if hits {
                    let hits = matching.iter().map(|b| (a.hits | b.hits, fits(b)));
                    push_kept(&mut out.hits, hits);
                }
            }
        }
        return out;
    }
    // A listing: keep each half's columns too.
    for (run, matching) in runs(upper, lower, all) {
        for a in &upper[run] {
            if a.hits & spare != 0 {
                continue;
            }
            for b in &lower[matching.clone()] {
                if a.meet & b.meet == 0 && b.hits & spare == 0 {
                    out.words.push(a.word | b.word);
                    if hits {
                        out.hits.push(a.hits | b.hits);
                    }
                    for (&Part { queens, cols, .. }, block) in [(a, top), (b, bottom)] {
                        let k = cols.count_ones();
                        out.columns.extend(
                            (0..k)
                                .map(|q| (queens >> (4 * q) & 15) as u32 + block.first_col as u32),
                        );
                    }
                }
            }
        }
    }
    out
}

/// Pairs (a, b) of `a` × `b` with no bit in common: compiled for AVX2 when
/// the CPU has it.
///
/// The scan is half the cost of a count (building the halves is the other
/// half), and it is a plain vector loop (AND, compare with zero, add), so
/// its speed is the vector width: with AVX2 eight `u32` words per
/// instruction instead of baseline x86-64's four. Measured on this
/// project's 2-core AMD EPYC host (one thread, median of 5 alternating
/// runs): n = 16 in 0.34 s with it against 0.48 s without, n = 17 in 1.72 s
/// against 2.36 s. Baseline x86-64 lacks AVX2, so it is enabled for this
/// one function and chosen at run time.
fn disjoint_pairs<T: Word>(a: &[T], b: &[T]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: `disjoint_pairs_avx2` needs nothing but the AVX2
        // instructions, and the CPU has just been checked to provide them.
        return unsafe { disjoint_pairs_avx2(a, b) };
    }
    disjoint_pairs_any(a, b)
}

/// [`disjoint_pairs_any`] compiled with AVX2 (see [`disjoint_pairs`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn disjoint_pairs_avx2<T: Word>(a: &[T], b: &[T]) -> u64 {
    disjoint_pairs_any(a, b)
}

/// The pair scan (any CPU): for each word of `a`, a branch-free count over
/// `b`, which the compiler vectorises.
#[inline(always)]
fn disjoint_pairs_any<T: Word>(a: &[T], b: &[T]) -> u64 {
    a.iter()
        .map(|&x| {
            let found: u32 = b.iter().map(|&y| u32::from(x & y == T::default())).sum();
            u64::from(found)
        })
        .sum()
}

/// Which scan counts the compatible pairs of an orbit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scan {
    /// The cheaper of the two for the sizes at hand.
    Auto,
    /// Every pair, word against word ([`disjoint_pairs`]) (tests choose
    /// it, to check the others against it).
    #[cfg_attr(not(test), allow(dead_code))]
    Plain,
    /// The bit-sliced join ([`sliced`]), 256 pairs at a time (tests
    /// choose it for orbits too small to pay).
    #[cfg_attr(not(test), allow(dead_code))]
    Sliced,
}

/// Pairs of `east` × `west` (words of `bits` bits) with no bit in common,
/// counted by `scan`: the pairs found, the pairs compared, and the sieve's
/// cut (the pairs compared are those that share no bit of it).
fn count_pairs(east: &[u64], west: &[u64], bits: usize, scan: Scan) -> Joined {
    // The larger side is filed in blocks, the smaller streams past them
    // (fewer blocks would fill fewer tables, but more lanes would be left
    // empty, and the sieve's bins want the larger side).
    let (items, patterns) = if east.len() >= west.len() {
        (west, east)
    } else {
        (east, west)
    };
    let sliced = match scan {
        Scan::Auto => sliced::sliced_pays(items.len(), patterns.len(), bits),
        Scan::Plain => false,
        Scan::Sliced => true,
    };
    if sliced {
        let cut = sliced::choose_cut(items, patterns, bits);
        let count = sliced::count_disjoint(items, patterns, bits, cut);
        return Joined {
            pairs: count.fits,
            compared: count.compared,
            cut,
        };
    }
    let pairs = if bits <= 32 {
        // Packed words fit in 32 bits: twice as many per vector instruction.
        let narrow = |w: &[u64]| w.iter().map(|&x| x as u32).collect::<Vec<u32>>();
        disjoint_pairs(&narrow(east), &narrow(west))
    } else {
        disjoint_pairs(east, west)
    };
    Joined {
        pairs,
        compared: (east.len() * west.len()) as u64,
        cut: 0,
    }
}

/// A packed word of diagonals: `u32` (n ≤ 17) or `u64`.
trait Word: Copy + Default + PartialEq + std::ops::BitAnd<Output = Self> {}

impl Word for u32 {}
impl Word for u64 {}

/// The join of one task: the pairs found (unweighted) and the work done.
struct Joined {
    pairs: u64,
    compared: u64,
    /// The diagonals the sieve cut on: a pair is compared when it shares
    /// none of them.
    cut: u64,
}

/// Joins each orbit of `task`: builds its two sides (with their columns
/// when `boards`), counts the compatible pairs, and hands both to `each`.
fn join_each(
    task: &Task,
    boards: bool,
    scan: Scan,
    mut each: impl FnMut(&Orbit, Joined, &Halves, &Halves) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let t = Tables::new(usize::from(task.n));
    let g = &t.g;
    if g.n < 2 {
        // The empty board, and the lone queen in the middle column: one
        // empty half on each side.
        let empty = Halves {
            words: vec![0],
            ..Halves::default()
        };
        let one = Joined {
            pairs: 1,
            compared: 1,
            cut: 0,
        };
        let orbit = task.orbits(g).next().expect("a task has an orbit");
        return each(&orbit, one, &empty, &empty);
    }
    let odd = g.n % 2 == 1;
    let east_blocks = (&t.east_top, &t.east_bottom);
    let east_all = halves(g, east_blocks, task.east, 0, (boards, odd));
    for orbit in task.orbits(g) {
        let orbit = &orbit;
        let spare = orbit.middle.map_or(0, |m| 1u32 << m);
        let filtered;
        let east = match orbit.middle {
            Some(m) => {
                filtered = east_all.sparing(m, g.half);
                &filtered
            }
            None => &east_all,
        };
        let west_blocks = (&t.west_top, &t.west_bottom);
        let west = halves(g, west_blocks, g.west_rows(orbit), spare, (boards, false));
        let joined = count_pairs(&east.words, &west.words, 2 * g.width, scan);
        each(orbit, joined, east, &west)?;
    }
    ControlFlow::Continue(())
}

/// The orbit of the row set (`middle`, `east`), if that set is its
/// representative: the smallest of its members in the order of
/// (middle row, east rows).
fn orbit(g: &Geometry, middle: Option<usize>, east: u32) -> Option<Orbit> {
    let n = g.n;
    let free = g.rows() & !middle.map_or(0, |m| 1u32 << m);
    let key = (middle, east);
    let west = free & !east;
    let flip = |m: Option<usize>| m.map(|m| n - 1 - m);
    let members = [
        ((true, false), (middle, west)),
        ((false, true), (flip(middle), g.reverse(east))),
        ((true, true), (flip(middle), g.reverse(west))),
    ];
    if members.iter().any(|(_, k)| *k < key) {
        return None;
    }
    let mut orbit = Orbit {
        middle,
        east,
        images: [(false, false); 3],
        others: 0,
    };
    let mut distinct = [key; 4];
    for (reflection, k) in &members {
        if !distinct[..=orbit.others].contains(k) {
            orbit.others += 1;
            distinct[orbit.others] = *k;
            orbit.images[orbit.others - 1] = *reflection;
        }
    }
    Some(orbit)
}

/// Every subset of `free` with `k` rows, in increasing order: Gosper's
/// hack over all k-row sets below `free`'s highest row, keeping those
/// inside `free`.
fn subsets(free: u32, k: usize) -> impl Iterator<Item = u32> {
    let rows = 32 - free.leading_zeros();
    std::iter::successors(Some((1u64 << k) - 1), |&set| {
        let low = set & set.wrapping_neg();
        let ripple = set + low;
        (low != 0).then(|| (((ripple ^ set) >> 2) / low) | ripple)
    })
    .take_while(move |&set| set >> rows == 0)
    .map(|set| set as u32)
    .filter(move |&set| set & !free == 0)
}

impl Split for HalfJoin {
    type Task = Task;

    fn tasks(&self, n: usize) -> Vec<Task> {
        let g = Geometry::new(n);
        if n < 2 {
            // The empty board and the lone queen: one trivial task each.
            return vec![Task {
                index: 0,
                east: 0,
                middles: NO_MIDDLE,
                n: n as u8,
            }];
        }
        // One task per set of east rows, in increasing order, with the
        // middle rows (odd n) whose orbit it represents.
        let mut out = Vec::with_capacity(TASKS.get(n).map_or(0, |&t| t as usize));
        for east in subsets(g.rows(), g.half) {
            let middles = if n % 2 == 0 {
                if orbit(&g, None, east).is_some() {
                    NO_MIDDLE
                } else {
                    0
                }
            } else {
                (0..n)
                    .filter(|&m| east >> m & 1 == 0 && orbit(&g, Some(m), east).is_some())
                    .fold(0, |set, m| set | 1 << m)
            };
            if middles != 0 {
                let index = out.len() as u32;
                out.push(Task {
                    index,
                    east,
                    middles,
                    n: n as u8,
                });
            }
        }
        out
    }

    fn count_task<P: Probe>(&self, _n: usize, task: &Task, probe: &mut P) -> Tally {
        let mut solutions = 0;
        let _ = join_each(task, P::TRACES, Scan::Auto, |orbit, joined, east, west| {
            trace_pairs(task, orbit, &joined, east, west, probe);
            probe.steps(joined.compared);
            solutions += joined.pairs * orbit.weight();
            ControlFlow::Continue(())
        });
        Tally {
            solutions,
            unique: None,
        }
    }
}

/// Why `half-join` has no nodes per depth ([`Enumerate::node_unit`]).
pub const NO_TREE: &str = "count nodes per depth: it walks no search tree (it joins tables of \
                           half boards on their diagonals)";

impl Enumerate for HalfJoin {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn node_unit(&self) -> Result<&'static str, Refusal> {
        Err(Refusal::Unsupported {
            id: INFO.id,
            what: NO_TREE,
        })
    }

    fn bytes_needed(&self, n: usize, opts: &Options) -> Option<u64> {
        let threads = match opts.threads {
            0 => std::thread::available_parallelism().map_or(1, |t| t.get()),
            t => t,
        };
        (n <= MAX_N).then(|| bytes_needed(n, threads, opts.shard.count))
    }

    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }

    fn search<P: Probe, S: Sink>(&self, n: usize, probe: &mut P, sink: &mut S) -> ControlFlow<()> {
        for task in self.tasks(n) {
            join_each(
                &task,
                S::NEEDS_BOARD || P::TRACES,
                Scan::Auto,
                |orbit, joined, east, west| {
                    trace_pairs(&task, orbit, &joined, east, west, probe);
                    probe.steps(joined.compared);
                    if S::NEEDS_BOARD {
                        emit_pairs(&Geometry::new(n), orbit, east, west, sink)
                    } else {
                        (0..joined.pairs * orbit.weight()).try_for_each(|_| sink.solution(&[]))
                    }
                },
            )?;
        }
        ControlFlow::Continue(())
    }

    fn watches_tasks(&self) -> bool {
        true
    }

    fn count<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Tally {
        let tally = count_tasks(self, n, opts, probe);
        // A count on this thread leaves its last slices cached here.
        Block::forget();
        tally
    }
}

/// For a tracing probe ([`Probe::TRACES`]): one `pair` event per pair of
/// `orbit`'s half boards the join compares (its steps), east half by east
/// half, each `ok` when the two share no diagonal, with the two halves (for
/// each row, the 1-based column of the half's queen, 0 where it has none;
/// odd n's middle row is in neither: its queen stands in the middle
/// column). A traced join builds its halves with their columns
/// ([`join_each`]'s `boards`).
#[inline(always)]
fn trace_pairs<P: Probe>(
    task: &Task,
    orbit: &Orbit,
    joined: &Joined,
    east: &Halves,
    west: &Halves,
    probe: &mut P,
) {
    if P::TRACES {
        let g = Geometry::new(usize::from(task.n));
        // Half i's columns on its rows, 1-based; 0 on the other rows.
        let board = |halves: &Halves, rows: u32, i: usize, out: &mut Vec<u32>| {
            out.clear();
            out.resize(g.n, 0);
            if let Some(cols) = halves.columns.get(i * g.half..(i + 1) * g.half) {
                let rows = (0..g.n).filter(|y| rows >> y & 1 == 1);
                for (y, &x) in rows.zip(cols) {
                    out[y] = x + 1;
                }
            }
        };
        let (mut e, mut w) = (Vec::new(), Vec::new());
        for (i, &a) in east.words.iter().enumerate() {
            board(east, orbit.east, i, &mut e);
            for (j, &b) in west.words.iter().enumerate() {
                if a & b & joined.cut == 0 {
                    board(west, g.west_rows(orbit), j, &mut w);
                    probe.pair(task.index as usize, a & b == 0, orbit.weight(), &e, &w);
                }
            }
        }
    }
}

/// Sends every compatible pair of `orbit` as a board, each followed by its
/// images in the orbit's other members.
fn emit_pairs<S: Sink>(
    g: &Geometry,
    orbit: &Orbit,
    east: &Halves,
    west: &Halves,
    sink: &mut S,
) -> ControlFlow<()> {
    let n = g.n;
    let west_rows = g.west_rows(orbit);
    let rows_of = |set: u32| (0..n).filter(move |y| set >> y & 1 == 1);
    let mut board = vec![0u32; n];
    if n == 1 {
        return sink.solution(&[0]);
    }
    for (i, &a) in east.words.iter().enumerate() {
        for (j, &b) in west.words.iter().enumerate() {
            if a & b != 0 {
                continue;
            }
            let ea = &east.columns[i * g.half..(i + 1) * g.half];
            let wb = &west.columns[j * g.half..(j + 1) * g.half];
            for (y, &x) in rows_of(orbit.east).zip(ea) {
                board[y] = x;
            }
            for (y, &x) in rows_of(west_rows).zip(wb) {
                board[y] = x;
            }
            if let Some(m) = orbit.middle {
                board[m] = g.half as u32;
            }
            sink.solution(&board)?;
            for &(left_right, top_bottom) in &orbit.images[..orbit.others] {
                let image: Vec<u32> = (0..n)
                    .map(|y| {
                        let x = board[if top_bottom { n - 1 - y } else { y }];
                        if left_right { (n - 1) as u32 - x } else { x }
                    })
                    .collect();
                sink.solution(&image)?;
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests;
