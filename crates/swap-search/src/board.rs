//! The board of QS4 and the two things done to it: the initialisation and
//! the trial swap.
//!
//! The board is a permutation, `cols[r]` the column of the queen in row `r`,
//! so rows and columns never clash and only the diagonals are counted: the
//! diagonal `r + c` and the anti-diagonal `r + n − 1 − c`, 2n − 1 of each.
//! The collisions are the sum over diagonals of (queens on it − 1) for every
//! occupied one, as in the peer `mc.c`; a solution has none.
//!
//! # Counters: one bit per diagonal, the crowded ones apart
//!
//! `mc.c` keeps a counter per diagonal (a byte with `-DCNT=uint8_t`). Here a
//! diagonal's count is split in two: one bit, set when it holds a queen, and,
//! for the few diagonals holding two or more, the queens beyond the first in
//! a small hash map (`extra`). The count is the bit plus the extra; the
//! collisions are the sum of the extras. No count can overflow, and the
//! question the initialisation asks millions of times, "are both diagonals
//! of this square free?", is two bit tests.
//!
//! The initialisation is all memory latency (main memory is about 230 ns
//! away on the project's machine): every draw tests two random diagonals.
//! With a byte per diagonal the two arrays are 20 MB each at n = 10⁷, beyond
//! the caches; with a bit, 2.5 MB each, and they stay in the last-level
//! cache. Measured at n = 10⁷ with everything else below unchanged: byte
//! counters 1.7–2.1 s, bits 0.7 s.
//!
//! # The initialisation: `mc.c`'s draws, read ahead
//!
//! `mc.c` places row after row on a column drawn uniformly among the unused
//! ones, drawing again (64 times at most) while one of its diagonals is
//! occupied; the last c rows take their first draw. It draws a position in
//! the unused tail of its permutation, so each draw is a random read of the
//! permutation (a cache miss) before the diagonals can be read (two more),
//! and it waits for each in turn. Here every draw is also a uniform draw
//! among the unused columns, and a row takes the first of its draws with
//! free diagonals (the 65th in any case), so the board has `mc.c`'s
//! distribution; only the reading is arranged differently, in two phases:
//!
//! 1. **Sampling** ([`Board::init_sampled`]), while more than n / `tail_div`
//!    columns are unused: draw any column and draw again while a bit array
//!    of used columns (n bits) says it is used. Every test is then a bit in
//!    an array of n or 2n bits. Columns are drawn [`SAMPLES`] draws before
//!    they are tested, and their bits prefetched meanwhile.
//! 2. **The tail** ([`Board::init_tail`]): when rejections would cost too
//!    much, the unused columns are written in order into `cols[r..]` and
//!    `mc.c`'s own scheme takes over, a position j ≥ r drawn and swapped
//!    in. A row's first `ahead` candidates are drawn [`LEAD`] rows before it
//!    is placed; their columns are prefetched then, and their diagonal bits
//!    [`MID`] rows before. A row whose `ahead` candidates are all occupied
//!    draws on, four at a time, reading all four before testing any.
//!    `ahead` follows the draws rows have needed lately (see
//!    [`Board::ahead_for`]).
//!
//! The tests made only to choose what to prefetch (is a column drawn ahead
//! still unused?) select the address without a branch: a used column
//! prefetches the words of diagonal 0, which are cached. Their outcome is a
//! coin toss late in the sampling, so as branches they were mispredicted
//! about half the time. Counted by `valgrind --tool=callgrind
//! --branch-sim=yes` on `queens --algo swap-search --json --no-steps
//! 1000000` (the whole search, the same board): 5.87 million mispredicted
//! branches before, 2.98 million after, for 13 % more instructions (796
//! million before, 898 million after). On the 2-core Intel Xeon host at
//! n = 3·10⁷, the sampling phase took 2.2–3.6 s (median 2.9 s, 15 runs)
//! against 3.0–4.2 s (median 3.4 s, 11 runs), faster in 10 of 11 runs
//! alternated with the old build.
//!
//! Draws made ahead and not needed are discarded. The generator's output is
//! consumed differently from a draw-and-test loop, so a seed gives another
//! board than `mc.c`'s (which uses another generator anyway), from the same
//! distribution.

use queens_core::hash::Map;

use crate::packed::Packed;

use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Rows between drawing a row's candidates (and fetching their columns)
/// and placing it.
pub(crate) const LEAD: usize = 16;

/// Rows between fetching a row's diagonal bits and placing it.
pub(crate) const MID: usize = 8;

/// Columns the sampling initialisation draws ahead of their use.
const SAMPLES: usize = 32;

/// Draws the scout of the sampling initialisation makes ahead of the
/// generator (see [`Board::init_sampled`]).
const SCOUT: usize = 128;

/// Slots of the ring of rows drawn ahead (a power of two above [`LEAD`]).
const RING: usize = 32;

/// Rows between two updates of how many candidates to draw ahead.
const ADAPT_ROWS: u64 = 16;

/// The most candidates drawn ahead for one row.
pub(crate) const MAX_AHEAD: usize = 12;

/// Draws per row of the initialisation: the first and up to 64 retries, as
/// in `mc.c`; the last draw is taken whether its diagonals are free or not.
pub(crate) const DRAWS: usize = 65;

/// A uniform draw from `0..bound` (bound ≥ 1): the high half of the 128-bit
/// product of a 64-bit draw and the bound (Lemire's multiply-shift, without
/// the rejection step: the bias is below bound / 2⁶⁴, under 10⁻¹⁰ for every
/// n accepted). One generator call per draw, so runs are reproducible.
#[inline(always)]
pub(crate) fn below(rng: &mut Xoshiro256PlusPlus, bound: usize) -> usize {
    ((u128::from(rng.next_u64()) * bound as u128) >> 64) as usize
}

/// The key of a diagonal in [`Board::extra`]: its index, shifted, and its
/// family in the low bit ([`DIAG`] or [`ANTI`]).
type Key = u64;

/// Family bit of a diagonal `r + c`.
const DIAG: u64 = 0;
/// Family bit of an anti-diagonal `r + n − 1 − c`.
const ANTI: u64 = 1;

/// Asks the processor to start loading the cache line of `slice[i]`, so
/// that a read of it some rows later hits the cache.
///
/// This is the crate's one `unsafe`, and it was measured to be needed: a
/// plain load cannot run this far ahead, because it holds its place in the
/// processor's reorder window until the data arrives, and with memory 230 ns
/// away (measured on the project's machine) the window fills after a few
/// rows. At n = 10⁷, reading ahead with plain loads (16 rows' candidates
/// read, then the rows placed) took 2.0–2.3 s, hardly better than `mc.c`'s
/// 2.1–2.9 s in the same session; the same scheme with prefetches took
/// 0.8 s.
#[inline(always)]
fn prefetch<T>(slice: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let p = slice.as_ptr().wrapping_add(i).cast::<i8>();
        // SAFETY: a prefetch is a hint that reads nothing into the program
        // and cannot fault, whatever the address (here one inside `slice`
        // for every i the callers pass). `_mm_prefetch` is `unsafe` only
        // because it needs the `sse` target feature, which every x86_64
        // processor has.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(p) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (slice, i);
}

/// Whether bit `i` of `bits` is set.
#[inline(always)]
fn test(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 != 0
}

/// All ones when bit `i` of `bits` is clear, else zero: a test that
/// selects without a branch to mispredict.
#[inline(always)]
fn unused_mask(bits: &[u64], i: usize) -> usize {
    usize::from(test(bits, i)).wrapping_sub(1)
}

/// Sets bit `i` of `bits`.
#[inline(always)]
fn set(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

/// What one initialisation did, for `Found::extra`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct InitStats {
    /// Rows among the first n − c whose 65 draws all met an occupied
    /// diagonal, so that the last draw was taken anyway.
    pub(crate) failed: u64,
    /// Columns drawn for rows that had to find a free one (the first n − c),
    /// up to and including the one taken; `mc.c` makes exactly these draws.
    pub(crate) draws: u64,
}

/// The search state. See the module docs.
#[derive(Debug)]
pub(crate) struct Board {
    n: usize,
    /// `cols.get(r)`: the column of the queen in row `r`, packed (see
    /// `packed.rs`); always a permutation.
    pub(crate) cols: Packed,
    /// One bit per diagonal `r + c`: set when it holds a queen.
    diag: Vec<u64>,
    /// One bit per anti-diagonal `r + n − 1 − c`: set when it holds a queen.
    anti: Vec<u64>,
    /// Queens beyond the first on every diagonal holding two or more (only
    /// those diagonals are keys).
    extra: Map<Key, u32>,
    /// Sum of the extras.
    collisions: u64,
}

/// Words of the bit array of used columns read between two releases of
/// their pages (2 MiB).
const RELEASE_WORDS: usize = 1 << 18;

/// Below this n the attacked queens are listed by looking every row's
/// diagonals up; above it a filter in L1 screens them first.
const FILTER_MIN_N: usize = 1 << 12;

/// Bits of the filter of crowded diagonals (8 KiB, in L1).
const FILTER_BITS: usize = 1 << 16;

impl Board {
    /// An n×n board, n ≥ 1, to be filled by [`Board::init`] before anything
    /// else is asked of it.
    #[cfg(test)]
    pub(crate) fn new(n: usize) -> Board {
        Board::try_new(n).unwrap_or_else(|e| panic!("a board of {n} queens: {e}"))
    }

    /// [`Board::new`], or the bytes that could not be allocated: the
    /// board's arrays are the run's memory (4.25 bytes per queen at 10⁹), and a
    /// failure is reported, not an abort.
    pub(crate) fn try_new(n: usize) -> Result<Board, u64> {
        assert!(n >= 1, "n = {n}");
        let words = (2 * n - 1).div_ceil(64);
        let bytes = Packed::packed_bytes(n) + (2 * words * size_of::<u64>()) as u64;
        let filled = |len| queens_core::memory::try_zeroed::<u64>(len).ok_or(bytes);
        Ok(Board {
            n,
            cols: Packed::try_new(n).ok_or(bytes)?,
            diag: filled(words)?,
            anti: filled(words)?,
            extra: Map::default(),
            collisions: 0,
        })
    }

    /// Collisions of the current board.
    #[inline]
    pub(crate) fn collisions(&self) -> u64 {
        self.collisions
    }

    /// Pairs of queens attacking each other (h): a diagonal of k queens
    /// holds k(k − 1)/2 of them, and only the crowded ones hold any.
    pub(crate) fn attacking_pairs(&self) -> u64 {
        self.extra
            .values()
            .map(|&e| u64::from(e) * (u64::from(e) + 1) / 2)
            .sum()
    }

    /// The board, given up without copying.
    pub(crate) fn into_cols(self) -> Vec<u32> {
        // The diagonals' bits go before the board is unpacked (fields left
        // in a pattern's `..` would live to the end of the function).
        let Board {
            cols,
            diag,
            anti,
            extra,
            ..
        } = self;
        drop((diag, anti, extra));
        cols.into_vec()
    }

    /// The keys of row `r`'s diagonal and anti-diagonal.
    #[inline(always)]
    fn keys(&self, r: usize) -> [Key; 2] {
        let c = self.cols.get(r) as usize;
        [
            ((r + c) as u64) << 1 | DIAG,
            ((r + self.n - 1 - c) as u64) << 1 | ANTI,
        ]
    }

    /// Whether the queen of row `r` shares a diagonal with another.
    #[inline]
    pub(crate) fn attacked(&self, r: usize) -> bool {
        !self.extra.is_empty() && self.keys(r).iter().any(|k| self.extra.contains_key(k))
    }

    /// Whether square (`r`, `c`) has both diagonals free.
    #[inline(always)]
    fn free(&self, r: usize, c: usize) -> bool {
        !test(&self.diag, r + c) & !test(&self.anti, r + self.n - 1 - c)
    }

    /// Adds a queen to a diagonal (by key).
    #[inline]
    fn add(&mut self, key: Key) {
        let i = (key >> 1) as usize;
        let bits = if key & 1 == DIAG {
            &mut self.diag
        } else {
            &mut self.anti
        };
        let (word, bit) = (&mut bits[i / 64], 1u64 << (i % 64));
        if *word & bit == 0 {
            *word |= bit;
        } else {
            *self.extra.entry(key).or_insert(0) += 1;
            self.collisions += 1;
        }
    }

    /// Takes a queen off a diagonal (by key) that holds one.
    #[inline]
    fn remove(&mut self, key: Key) {
        if let Some(e) = self.extra.get_mut(&key) {
            *e -= 1;
            if *e == 0 {
                self.extra.remove(&key);
            }
            self.collisions -= 1;
        } else {
            let i = (key >> 1) as usize;
            let bits = if key & 1 == DIAG {
                &mut self.diag
            } else {
                &mut self.anti
            };
            bits[i / 64] &= !(1u64 << (i % 64));
        }
    }

    /// Puts the queen of row `r` on its diagonals.
    #[inline]
    fn put(&mut self, r: usize) {
        for key in self.keys(r) {
            self.add(key);
        }
    }

    /// Takes the queen of row `r` off its diagonals (its column stays).
    #[inline]
    fn lift(&mut self, r: usize) {
        for key in self.keys(r) {
            self.remove(key);
        }
    }

    /// `mc.c`'s initialisation (`init_qs4`): the first n − `random_tail`
    /// rows on a random unused column with both diagonals free (65 draws at
    /// most, the last taken anyway), the rest on a random unused column.
    /// Rows are placed by sampling (see [`Board::init_sampled`]) until only
    /// n / `tail_div` columns are left unused, then from the list of those
    /// (see [`Board::init_tail`]).
    pub(crate) fn init(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        random_tail: usize,
        tail_div: usize,
    ) -> InitStats {
        let n = self.n;
        self.diag.fill(0);
        self.anti.fill(0);
        self.extra.clear();
        self.collisions = 0;
        let mut stats = InitStats::default();
        let m = n.saturating_sub(random_tail);
        let sampled = m.min(n - n / tail_div.max(1));
        let words = n.div_ceil(64);
        let mut used =
            queens_core::memory::try_zeroed::<u64>(words).unwrap_or_else(|| vec![0; words]);
        self.init_sampled(rng, sampled, &mut used, &mut stats);
        // The unused columns, in order, become the rest of the permutation.
        // `used` is given back to the kernel as it is read: at n = 10⁹ its
        // 125 MB would otherwise lift the peak, reached here, above 4 GiB.
        let mut r = sampled;
        for (chunk, words) in used.chunks_mut(RELEASE_WORDS).enumerate() {
            for (k, &word) in words.iter().enumerate() {
                let w = chunk * RELEASE_WORDS + k;
                let mut free = !word;
                while free != 0 {
                    let c = w * 64 + free.trailing_zeros() as usize;
                    if c >= n {
                        break;
                    }
                    self.cols.set(r, c as u32);
                    r += 1;
                    free &= free - 1;
                }
            }
            queens_core::memory::release_pages(words);
        }
        debug_assert_eq!(r, n);
        drop(used);
        self.init_tail(rng, sampled, m, &mut stats);
        stats
    }

    /// Rows `0..rows` (all among the first n − c): each draws unused columns
    /// until one has both diagonals free, 65 at most. An unused column is
    /// drawn by drawing any column until `used` says it is unused, which is
    /// a uniform draw among the unused ones, the same as `mc.c`'s draw of a
    /// position in the unused tail of its permutation. Every test is a bit in
    /// an array of n or 2n bits (2.5 MB at n = 10⁷, in the cache), where
    /// `mc.c` reads its permutation at a random place (a cache miss) before
    /// it can test anything. Drawing used columns again costs more as they
    /// grow: that is why the last n / `tail_div` rows go to
    /// [`Board::init_tail`].
    fn init_sampled(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        rows: usize,
        used: &mut [u64],
        stats: &mut InitStats,
    ) {
        let n = self.n;
        // The next SAMPLES columns drawn, in draw order from `head`. A column
        // is drawn SAMPLES draws before it is tested: its `used` word is
        // prefetched at once; halfway, a used column is marked SKIP (used
        // bits are only ever set, so it would be rejected anyway) and an
        // unused one has its diagonal words prefetched, for the row current
        // then (a few rows before the one that tests it, nearly always the
        // same word).
        const SKIP: usize = usize::MAX;
        let mut ring = [0usize; SAMPLES];
        for slot in &mut ring {
            *slot = below(rng, n);
            prefetch(used, *slot / 64);
        }
        let mut head = 0;
        // The scout: a copy of the generator, SCOUT draws ahead of `rng`, so
        // `far` holds the columns `rng` will draw next, in draw order from
        // `fhead`. It draws nothing the search uses (every column still
        // comes from `rng`), so a seed gives the same board: it only reads
        // memory earlier. A column's `used` word is prefetched when the
        // scout draws it; halfway to `rng`, an unused one has its diagonal
        // words prefetched for the row it will likely be tested at (the rows
        // per draw so far tell).
        let mut scout = rng.clone();
        let mut far = [0usize; SCOUT];
        for slot in &mut far {
            *slot = below(&mut scout, n);
            prefetch(used, *slot / 64);
        }
        let mut fhead = 0;
        let mut taken = 0usize; // draws taken from `ring` so far
        let last = 2 * n - 2;
        for r in 0..rows {
            // The scout's columns are tested about this many rows later
            // (SAMPLES + SCOUT / 2 draws, at the draws per row so far): a
            // division once a row, not once a draw.
            let ahead = (SAMPLES + SCOUT / 2) * r / taken.max(1);
            let mut draws = 0;
            let (c, free) = loop {
                // The next unused column drawn.
                let c = loop {
                    let c = ring[head];
                    let next = below(rng, n);
                    debug_assert_eq!(next, far[fhead]);
                    let x = below(&mut scout, n);
                    far[fhead] = x;
                    prefetch(used, x / 64);
                    let half = (fhead + SCOUT / 2) % SCOUT;
                    let y = far[half];
                    // Tested SAMPLES + SCOUT / 2 draws from now. Without a
                    // branch: a used column's words are those of diagonal
                    // 0 instead (cached, so the prefetch costs nothing).
                    let keep = unused_mask(used, y);
                    prefetch(&self.diag, ((r + ahead + y).min(last) & keep) / 64);
                    prefetch(&self.anti, ((r + ahead + n - 1 - y).min(last) & keep) / 64);
                    fhead = (fhead + 1) % SCOUT;
                    taken += 1;
                    ring[head] = next;
                    prefetch(used, next / 64);
                    let mid = (head + SAMPLES / 2) % SAMPLES;
                    let m = ring[mid];
                    let keep = unused_mask(used, m);
                    // SKIP is all ones: a used column becomes SKIP.
                    ring[mid] = m | !keep;
                    prefetch(&self.diag, ((r + m) & keep) / 64);
                    prefetch(&self.anti, ((r + n - 1 - m) & keep) / 64);
                    head = (head + 1) % SAMPLES;
                    if c != SKIP && !test(used, c) {
                        break c;
                    }
                };
                draws += 1;
                if self.free(r, c) {
                    break (c, true);
                }
                if draws == DRAWS {
                    stats.failed += 1;
                    break (c, false);
                }
            };
            stats.draws += draws as u64;
            used[c / 64] |= 1 << (c % 64);
            self.cols.set(r, c as u32);
            if free {
                set(&mut self.diag, r + c);
                set(&mut self.anti, r + n - 1 - c);
            } else {
                self.put(r);
            }
        }
    }

    /// Rows `start..n`, whose unused columns are `cols[start..]`: as `mc.c`
    /// places every row, by drawing a position j ≥ r in the permutation and
    /// swapping, the first m rows retrying for free diagonals, the rest
    /// taking their first draw. Memory is read ahead with prefetches, as the
    /// module docs explain.
    fn init_tail(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        start: usize,
        m: usize,
        stats: &mut InitStats,
    ) {
        let n = self.n;
        // Candidates of the rows drawn but not yet placed, by row mod RING.
        let mut ring = [[0usize; MAX_AHEAD]; RING];
        let mut drawn = [0usize; RING];
        // Draws the rows needed lately, smoothed, and what they imply.
        let mut need = 1.0f64;
        let mut ahead = 1;
        let (mut rows, mut draws) = (0u64, 0u64);
        for t in start..n + LEAD {
            // Row t: draw its candidates and start fetching their columns.
            if t < n {
                let want = if t < m { ahead } else { 1 };
                let slots = &mut ring[t % RING];
                for slot in &mut slots[..want] {
                    let j = t + below(rng, n - t);
                    *slot = j;
                    prefetch(self.cols.words(), self.cols.word_of(j));
                }
                drawn[t % RING] = want;
            }
            // Row t − (LEAD − MID): its columns have arrived; fetch the bits.
            if let Some(g) = t.checked_sub(LEAD - MID).filter(|&g| g >= start && g < n) {
                for &j in &ring[g % RING][..drawn[g % RING]] {
                    let c = self.cols.get(j) as usize;
                    prefetch(&self.diag, (g + c) / 64);
                    prefetch(&self.anti, (g + n - 1 - c) / 64);
                }
            }
            // Row t − LEAD: place it.
            let Some(r) = t.checked_sub(LEAD).filter(|&r| r >= start) else {
                continue;
            };
            let slots = &ring[r % RING][..drawn[r % RING]];
            if r >= m {
                self.place(r, slots[0]);
                continue;
            }
            let used = match slots
                .iter()
                .position(|&j| self.free(r, self.cols.get(j) as usize))
            {
                Some(k) => {
                    self.place(r, slots[k]);
                    k + 1
                }
                None => self.place_after(r, slots.len(), rng, stats),
            };
            rows += 1;
            draws += used as u64;
            if rows == ADAPT_ROWS {
                stats.draws += draws;
                need = 0.75 * need + 0.25 * (draws as f64 / rows as f64);
                ahead = Self::ahead_for(need);
                (rows, draws) = (0, 0);
            }
        }
        stats.draws += draws;
    }

    /// Candidates to draw ahead per row when rows have needed `need` draws on
    /// average: 1 + 5 ln(`need`), rounded, at most [`MAX_AHEAD`]; computed
    /// as one plus the number of thresholds e^((k − 1.5) / 5) reached, so
    /// that it is the same on every platform. (From a cost model and
    /// measurement: a candidate drawn ahead costs one more random read in
    /// flight, about 12 ns of memory throughput; a row left with no free
    /// candidate waits about 300 ns for the next four.)
    #[inline]
    pub(crate) fn ahead_for(need: f64) -> usize {
        const THRESHOLDS: [f64; MAX_AHEAD - 1] = [
            1.10517, 1.34986, 1.64872, 2.01375, 2.45960, 3.00417, 3.66930, 4.48169, 5.47395,
            6.68589, 8.16617,
        ];
        1 + THRESHOLDS.iter().filter(|&&t| need >= t).count()
    }

    /// Row `r` takes the column at position `j` (j ≥ r) of the permutation.
    #[inline(always)]
    fn place(&mut self, r: usize, j: usize) {
        self.cols.swap(r, j);
        self.put(r);
    }

    /// Row `r`'s first `drawn` candidates were all occupied: draws on, four
    /// at a time (reading all four before testing any), until a free one or
    /// the 65th draw, which is taken anyway. Returns the draws the row made.
    fn place_after(
        &mut self,
        r: usize,
        mut drawn: usize,
        rng: &mut Xoshiro256PlusPlus,
        stats: &mut InitStats,
    ) -> usize {
        let n = self.n;
        loop {
            let batch = (DRAWS - drawn).min(4);
            let mut js = [0usize; 4];
            let mut free = [false; 4];
            for (j, f) in js.iter_mut().zip(&mut free).take(batch) {
                *j = r + below(rng, n - r);
                *f = self.free(r, self.cols.get(*j) as usize);
            }
            if let Some(k) = free[..batch].iter().position(|&f| f) {
                self.place(r, js[k]);
                return drawn + k + 1;
            }
            drawn += batch;
            if drawn == DRAWS {
                stats.failed += 1;
                self.place(r, js[batch - 1]);
                return DRAWS;
            }
        }
    }

    /// `mc.c`'s trial swap: exchanges the columns of rows `i` and `j`
    /// (i ≠ j) and keeps the exchange if it lowers the collisions; otherwise
    /// undoes it. Says whether it was kept.
    pub(crate) fn try_swap(&mut self, i: usize, j: usize) -> bool {
        let before = self.collisions;
        self.lift(i);
        self.lift(j);
        self.cols.swap(i, j);
        self.put(i);
        self.put(j);
        if self.collisions < before {
            return true;
        }
        self.lift(i);
        self.lift(j);
        self.cols.swap(i, j);
        self.put(i);
        self.put(j);
        false
    }

    /// Lists every attacked queen's row, in row order, into `out` (emptied
    /// first), as `mc.c`'s scan does. Above [`FILTER_MIN_N`] a row's
    /// diagonals are looked up only when a filter of the crowded diagonals
    /// (8 KiB, in L1) says one of them may be crowded: the scan streams
    /// through `cols` and touches nothing else.
    pub(crate) fn attacked_rows(&self, out: &mut Vec<u32>) {
        out.clear();
        if self.extra.is_empty() {
            return;
        }
        let n = self.n;
        if n < FILTER_MIN_N {
            out.extend((0..n as u32).filter(|&r| self.attacked(r as usize)));
            return;
        }
        let mask = FILTER_BITS - 1;
        let slot = |key: Key| (key as usize).wrapping_mul(0x9e37_79b9) >> 7 & mask;
        let mut filter = vec![0u64; FILTER_BITS / 64];
        for &key in self.extra.keys() {
            let s = slot(key);
            filter[s / 64] |= 1 << (s % 64);
        }
        for (r, c) in self.cols.iter().enumerate() {
            let c = c as usize;
            let keys = [
                ((r + c) as u64) << 1 | DIAG,
                ((r + n - 1 - c) as u64) << 1 | ANTI,
            ];
            let maybe = keys.map(|k| test(&filter, slot(k)));
            if (maybe[0] || maybe[1]) && keys.iter().any(|k| self.extra.contains_key(k)) {
                out.push(r as u32);
            }
        }
    }

    /// Recomputes the counts and collisions from `cols` and panics on any
    /// difference; also checks that `cols` is a permutation (O(n); tests).
    pub(crate) fn check(&self) {
        let n = self.n;
        let mut seen = vec![false; n];
        let mut diag = vec![0u32; 2 * n - 1];
        let mut anti = vec![0u32; 2 * n - 1];
        for (r, c) in self.cols.iter().enumerate() {
            let c = c as usize;
            assert!(!std::mem::replace(&mut seen[c], true), "column {c} twice");
            diag[r + c] += 1;
            anti[r + n - 1 - c] += 1;
        }
        let mut collisions = 0;
        for (family, counts, bits) in [(DIAG, &diag, &self.diag), (ANTI, &anti, &self.anti)] {
            for (i, &k) in counts.iter().enumerate() {
                let key = (i as u64) << 1 | family;
                assert_eq!(test(bits, i), k > 0, "bit of diagonal {key}");
                let extra = self.extra.get(&key).copied().unwrap_or(0);
                assert_eq!(extra, k.saturating_sub(1), "extra of diagonal {key}");
                collisions += u64::from(extra);
            }
            assert!(bits.iter().enumerate().all(|(w, &word)| {
                // No bit set beyond the 2n − 1 diagonals.
                (w * 64..w * 64 + 64)
                    .filter(|&i| i >= 2 * n - 1)
                    .all(|i| word >> (i % 64) & 1 == 0)
            }));
        }
        assert!(self.extra.values().all(|&e| e > 0), "zero extras kept");
        assert_eq!(collisions, self.collisions, "collisions");
    }
}
