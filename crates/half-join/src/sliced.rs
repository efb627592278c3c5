//! The bit-sliced join: how many pairs (item, pattern) of two lists of
//! packed diagonal words share no bit, 256 patterns at a time.
//!
//! A block of 256 patterns is turned on its side: for each bit `j` of the
//! words, one 256-bit mask says which patterns have bit `j` clear. The
//! patterns that fit an item are then the AND of the masks of the item's
//! set bits, and its count in the block is the popcount of that AND. To
//! spend one AND per group of bits rather than one per bit, the bits are cut
//! into K chunks of at most [`WIDEST`] bits, and each chunk gets a table of
//! the ANDs of every subset of its masks (up to 128 of them), so an item
//! costs one AND per chunk: 6 ANDs of 256 bits and a popcount for 256
//! pairs at n = 20 (38 bits), against 256 word ANDs and compares for the
//! plain scan.
//!
//! The tables of one block take 32 bytes per entry, 16 KB for 38 bits, so
//! they stay in the level 1 cache while every item streams past. Wider
//! chunks would save lookups per item but fill more entries per block and
//! leave that cache (8 bits: 32 KB at n = 20).

/// Bits per chunk at most: the widest chunk's table has 2^WIDEST entries.
pub(crate) const WIDEST: usize = 7;

/// Patterns per block (the lanes of one table entry).
pub(crate) const BLOCK: usize = 256;

/// The most chunks a word is cut into.
const MAX_CHUNKS: usize = 8;

/// The largest word the join takes, in bits.
pub(crate) const MAX_BITS: usize = MAX_CHUNKS * WIDEST;

/// 256 bits: one bit per pattern of a block.
type Lanes = [u64; 4];

/// What a join found: the pairs that share no bit, and the pairs it
/// compared (those its sieve did not rule out).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Count {
    pub fits: u64,
    pub compared: u64,
}

/// The most bits the sieve cuts (128 bins). Only the largest orbits, from
/// n = 20 on, have the patterns for more than 6 (n = 20, one thread,
/// alternating sampled runs: 7 cuts joined in 0.92× the time of 6, 8 no
/// faster than 7).
pub(crate) const MAX_CUTS: usize = 7;

/// Patterns per bin the sieve aims at: bins much smaller than a block
/// waste its lanes, larger ones rule out fewer pairs (at n = 18, one
/// thread: 2.85 s for the join with 320, 3.0 s with 640, 3.6 s with 1280,
/// 5.2 s without a sieve).
const BIN: usize = 320;

/// The smaller side from which the sieve pays: below it filing both sides
/// in bins costs more than the pairs it rules out (n = 17's orbits, a few
/// hundred halves a side, are joined faster without).
pub(crate) const SIEVE_FROM: usize = 1024;

/// The bits the sieve cuts for `items` × `patterns` (words of `bits`
/// bits): none if a side has fewer than [`SIEVE_FROM`] words, else as
/// many as keep the patterns' bins at about [`BIN`], at most
/// [`MAX_CUTS`], those with the largest product of the two sides' counts
/// (the bits on which most pairs clash).
pub(crate) fn choose_cut(items: &[u64], patterns: &[u64], bits: usize) -> u64 {
    let mut k = 0;
    if items.len().min(patterns.len()) < SIEVE_FROM {
        return 0;
    }
    while k < MAX_CUTS && patterns.len() >> (k + 1) >= BIN {
        k += 1;
    }
    if k == 0 || items.is_empty() {
        return 0;
    }
    // How often each bit is set, on a sample of each side (a few hundred
    // words tell the frequent bits as well as all of them).
    let counts = |words: &[u64]| {
        let mut c = [0u64; 64];
        for &w in words.iter().step_by((words.len() / 256).max(1)) {
            for (j, cj) in c.iter_mut().enumerate().take(bits) {
                *cj += w >> j & 1;
            }
        }
        c
    };
    let (ci, cp) = (counts(items), counts(patterns));
    let mut order: Vec<usize> = (0..bits).collect();
    order.sort_by_key(|&j| std::cmp::Reverse(ci[j] * cp[j]));
    order[..k.min(bits)].iter().map(|&j| 1u64 << j).sum()
}

/// The sieve's bins: a word's bin is its bits under the cut, packed low.
#[derive(Clone, Copy)]
struct Bins {
    /// The cut bits, lowest first; unused places name bit 63, which no
    /// word sets.
    at: [u32; MAX_CUTS],
}

impl Bins {
    fn new(cut: u64) -> Bins {
        let mut at = [63; MAX_CUTS];
        let mut rest = cut;
        for place in &mut at {
            if rest == 0 {
                break;
            }
            *place = rest.trailing_zeros();
            rest &= rest - 1;
        }
        Bins { at }
    }

    /// The bin of `word` (without a branch).
    #[inline(always)]
    fn of(&self, word: u64) -> usize {
        self.at
            .iter()
            .enumerate()
            .map(|(i, &j)| ((word >> j & 1) as usize) << i)
            .sum()
    }
}

/// Pairs (x, p) of `items` × `patterns` with `x & p == 0`; every word has
/// its bits below `bits` (at most [`MAX_BITS`]). Sieve: both sides are
/// filed in bins by their bits under `cut`, and only bins that share none
/// of those bits are compared.
pub(crate) fn count_disjoint(items: &[u64], patterns: &[u64], bits: usize, cut: u64) -> Count {
    assert!(
        bits <= MAX_BITS && cut.count_ones() as usize <= MAX_CUTS,
        "{bits} bits, cut {cut:#x}: the sliced join takes {MAX_BITS} bits and {MAX_CUTS} cuts"
    );
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")
    {
        // SAFETY: `count_avx2` needs nothing but the AVX2 and POPCNT
        // instructions, and the CPU has just been checked to provide them.
        return unsafe { count_avx2(items, patterns, bits, cut) };
    }
    count_any::<false>(items, patterns, bits, cut)
}

/// [`count_disjoint`] on the portable path whatever the CPU (the one a
/// machine without AVX2, or an ARM one, runs), for the tests to hold
/// against the AVX2 path on the same inputs; not compiled outside tests.
#[cfg(test)]
pub(crate) fn count_disjoint_portable(
    items: &[u64],
    patterns: &[u64],
    bits: usize,
    cut: u64,
) -> Count {
    count_any::<false>(items, patterns, bits, cut)
}

/// [`count_any`] compiled with AVX2 and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
fn count_avx2(items: &[u64], patterns: &[u64], bits: usize, cut: u64) -> Count {
    count_any::<true>(items, patterns, bits, cut)
}

/// Dispatches on the number of chunks, so each count's loops have a
/// constant length; `AVX2`: the CPU has AVX2 (checked by the caller).
#[inline(always)]
fn count_any<const AVX2: bool>(items: &[u64], patterns: &[u64], bits: usize, cut: u64) -> Count {
    match chunks_for(bits) {
        0 | 1 => count_chunks::<1, AVX2>(items, patterns, bits, cut),
        2 => count_chunks::<2, AVX2>(items, patterns, bits, cut),
        3 => count_chunks::<3, AVX2>(items, patterns, bits, cut),
        4 => count_chunks::<4, AVX2>(items, patterns, bits, cut),
        5 => count_chunks::<5, AVX2>(items, patterns, bits, cut),
        6 => count_chunks::<6, AVX2>(items, patterns, bits, cut),
        7 => count_chunks::<7, AVX2>(items, patterns, bits, cut),
        _ => count_chunks::<8, AVX2>(items, patterns, bits, cut),
    }
}

/// How many chunks a word of `bits` bits is cut into: chunks of 6 bits
/// up to 36 bits, then six chunks up to [`WIDEST`] bits each, then more.
/// Each chunk costs every item a lookup, and each entry of its table costs
/// every block an AND. Measured on this project's 2-core host (one thread,
/// alternating runs): at n = 20 (38 bits) six chunks of 6–7 bits joined in
/// 0.92× the time of seven of 5–6; at n = 18 (34 bits) five chunks of 6–7
/// bits took 1.07× the time of six of 5–6, as blocks there see fewer items
/// (about 940 per block against 3 200 at n = 20).
fn chunks_for(bits: usize) -> usize {
    bits.div_ceil(6).min(6).max(bits.div_ceil(WIDEST))
}

/// How a word's bits are cut into K chunks of nearly equal width (at most
/// [`WIDEST`]), and where each chunk's table starts when the K tables are
/// laid end to end.
#[derive(Clone, Copy, Debug)]
struct Chunks<const K: usize> {
    /// The chunk's lowest bit.
    shift: [usize; K],
    /// Its width in bits.
    width: [usize; K],
    /// Its table's first entry.
    first: [usize; K],
    /// Entries of all K tables.
    entries: usize,
}

impl<const K: usize> Chunks<K> {
    fn new(bits: usize) -> Chunks<K> {
        let width: [usize; K] = std::array::from_fn(|k| bits / K + usize::from(k < bits % K));
        let mut shift = [0; K];
        let mut first = [0; K];
        for k in 1..K {
            shift[k] = shift[k - 1] + width[k - 1];
            first[k] = first[k - 1] + (1 << width[k - 1]);
        }
        Chunks {
            shift,
            width,
            first,
            entries: first[K - 1] + (1 << width[K - 1]),
        }
    }

    /// `word`'s entry in each chunk's table, as byte offsets into the
    /// tables laid end to end (so a lookup needs no multiplication).
    #[inline(always)]
    fn key(&self, word: u64) -> [u16; K] {
        std::array::from_fn(|k| {
            let v = (word >> self.shift[k]) as usize & ((1 << self.width[k]) - 1);
            ((self.first[k] + v) * std::mem::size_of::<Lanes>()) as u16
        })
    }
}

/// `words` filed by bin (a counting sort): the words in bin order, as
/// `f(word)`, and where each bin starts (one more at the end).
#[inline(always)]
fn file<T: Copy>(words: &[u64], cut: u64, f: impl Fn(u64) -> T) -> (Vec<T>, Vec<usize>) {
    let bins = 1usize << cut.count_ones();
    let mut start = vec![0usize; bins + 1];
    let bins_of = Bins::new(cut);
    // Bins fit a byte (at most 2^MAX_CUTS of them).
    let which: Vec<u8> = words.iter().map(|&w| bins_of.of(w) as u8).collect();
    for &b in &which {
        start[usize::from(b) + 1] += 1;
    }
    for b in 0..bins {
        start[b + 1] += start[b];
    }
    let mut next = start.clone();
    // Every slot is written once below, so none is cleared first.
    let mut out = Vec::with_capacity(words.len());
    let slots = out.spare_capacity_mut();
    for (&w, &b) in words.iter().zip(&which) {
        let b = usize::from(b);
        slots[next[b]].write(f(w));
        next[b] += 1;
    }
    // SAFETY: bin b's words went to start[b]..start[b + 1], one slot each,
    // and those ranges cover 0..words.len(): every slot was written.
    unsafe { out.set_len(words.len()) };
    (out, start)
}

/// The join with words of `bits` bits in `K` chunks.
#[inline(always)]
fn count_chunks<const K: usize, const AVX2: bool>(
    items: &[u64],
    patterns: &[u64],
    bits: usize,
    cut: u64,
) -> Count {
    let chunks = Chunks::<K>::new(bits);
    // Each item as its chunks' entries, by bin.
    let (keys, item_start) = file(items, cut, |x| chunks.key(x));
    let (patterns, pattern_start) = file(patterns, cut, |p| p);
    let all = (1usize << cut.count_ones()) - 1;
    let mut tables = vec![[0u64; 4]; chunks.entries];
    let mut count = Count::default();
    for b in 0..=all {
        let pats = &patterns[pattern_start[b]..pattern_start[b + 1]];
        if pats.is_empty() {
            continue;
        }
        // The item bins that share no cut bit with b: the subsets of its
        // complement.
        let free = all & !b;
        let subsets = std::iter::successors(Some(free), |&a| (a != 0).then(|| (a - 1) & free));
        let fitting: u64 = subsets
            .clone()
            .map(|a| (item_start[a + 1] - item_start[a]) as u64)
            .sum();
        count.compared += fitting * pats.len() as u64;
        if fitting == 0 {
            continue;
        }
        for block in pats.chunks(BLOCK) {
            fill_tables(&mut tables, &chunks, block);
            for a in subsets.clone() {
                let keys = &keys[item_start[a]..item_start[a + 1]];
                count.fits += if AVX2 {
                    #[cfg(target_arch = "x86_64")]
                    // SAFETY: `AVX2` is true only when the CPU has AVX2
                    // (see `count_disjoint`).
                    unsafe {
                        count_block_avx2(&tables, keys)
                    }
                    #[cfg(not(target_arch = "x86_64"))]
                    count_block(&tables, keys)
                } else {
                    count_block(&tables, keys)
                };
            }
        }
    }
    count
}

/// The items' counts against one block's tables; each key holds the byte
/// offsets of its chunks' entries in the tables laid end to end.
#[inline(always)]
fn count_block<const K: usize>(tables: &[Lanes], keys: &[[u16; K]]) -> u64 {
    // SAFETY: see `entry`.
    let at = |offset: u16| -> Lanes { unsafe { entry(tables, offset).read() } };
    // Popcounts add up lane by lane; the lanes are added once per block.
    let mut sums = [0u64; 4];
    for key in keys {
        let mut acc = at(key[0]);
        for &offset in &key[1..] {
            let t = at(offset);
            for (a, b) in acc.iter_mut().zip(&t) {
                *a &= b;
            }
        }
        for (s, a) in sums.iter_mut().zip(&acc) {
            *s += u64::from(a.count_ones());
        }
    }
    sums.iter().sum()
}

/// The entry of the tables (laid end to end) at byte `offset`. Reading it
/// is sound only for offsets made by [`Chunks::key`] for these tables:
/// whole entries within them (checked in debug builds). Without the check
/// in the loop the join is about a fifth faster (n = 18, one thread:
/// 2.7–3.0 s against 3.3–3.6 s).
#[inline(always)]
fn entry(tables: &[Lanes], offset: u16) -> *const Lanes {
    let offset = usize::from(offset);
    debug_assert!(offset + std::mem::size_of::<Lanes>() <= std::mem::size_of_val(tables));
    tables
        .as_ptr()
        .cast::<u8>()
        .wrapping_add(offset)
        .cast::<Lanes>()
}

/// [`count_block`] in AVX2 instructions: the popcount of each item's 256
/// bits is done on nibbles by table lookup (`vpshufb`), and the per-byte
/// counts of up to 31 items are added before they are summed into 64-bit
/// lanes (a byte holds at most 8 per item), where the portable version
/// sums after every item.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn count_block_avx2<const K: usize>(tables: &[Lanes], keys: &[[u16; K]]) -> u64 {
    use std::arch::x86_64::*;
    // SAFETY: see `entry`; its 32 bytes are read unaligned.
    let at = |offset: u16| unsafe { _mm256_loadu_si256(entry(tables, offset).cast::<__m256i>()) };
    let bits = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let nibble = _mm256_set1_epi8(0x0f);
    let mut total = _mm256_setzero_si256();
    for group in keys.chunks(31) {
        let mut bytes = _mm256_setzero_si256();
        for key in group {
            let mut acc = at(key[0]);
            for &offset in &key[1..] {
                acc = _mm256_and_si256(acc, at(offset));
            }
            let low = _mm256_shuffle_epi8(bits, _mm256_and_si256(acc, nibble));
            let high =
                _mm256_shuffle_epi8(bits, _mm256_and_si256(_mm256_srli_epi16(acc, 4), nibble));
            bytes = _mm256_add_epi8(bytes, _mm256_add_epi8(low, high));
        }
        total = _mm256_add_epi64(total, _mm256_sad_epu8(bytes, _mm256_setzero_si256()));
    }
    let mut lanes = [0u64; 4];
    // SAFETY: `lanes` is 32 writable bytes.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), total) };
    lanes.iter().sum()
}

/// Fills each chunk's table for `block` (at most [`BLOCK`] patterns):
/// entry `v` of chunk `k` holds the patterns with none of the bits `v`
/// sets in chunk `k`; lanes past the block's end are clear everywhere.
#[inline(always)]
fn fill_tables<const K: usize>(tables: &mut [Lanes], chunks: &Chunks<K>, block: &[u64]) {
    // clear[j]: the patterns with bit j clear, 64 patterns at a time by
    // turning a 64 × 64 bit matrix on its side.
    let mut clear = [[0u64; 4]; 64];
    for (lane, group) in block.chunks(64).enumerate() {
        let mut m = [!0u64; 64];
        for (row, &p) in m.iter_mut().zip(group) {
            *row = !p;
        }
        transpose(&mut m);
        for (j, &row) in m.iter().enumerate() {
            clear[j][lane] = row;
        }
    }
    let mut valid = [0u64; 4];
    for (lane, word) in valid.iter_mut().enumerate() {
        let n = block.len().saturating_sub(64 * lane).min(64);
        *word = if n == 64 { !0 } else { (1u64 << n) - 1 };
    }
    for k in 0..K {
        let table = &mut tables[chunks.first[k]..][..1 << chunks.width[k]];
        let clear = &clear[chunks.shift[k]..];
        // A constant length for the usual widths, so the loop is unrolled.
        match table.len() {
            128 => fill_table(&mut table[..128], clear, valid),
            64 => fill_table(&mut table[..64], clear, valid),
            32 => fill_table(&mut table[..32], clear, valid),
            _ => fill_table(table, clear, valid),
        }
    }
}

/// Fills one chunk's table from the masks of its bits (`clear`, lowest
/// first): entry `v` is the AND of `valid` and the masks of `v`'s bits.
#[inline(always)]
fn fill_table(table: &mut [Lanes], clear: &[Lanes], valid: Lanes) {
    table[0] = valid;
    for v in 1..table.len() {
        let low = v.trailing_zeros() as usize;
        let mut entry = table[v & (v - 1)];
        for (a, b) in entry.iter_mut().zip(&clear[low]) {
            *a &= b;
        }
        table[v] = entry;
    }
}

/// Transposes the 64 × 64 bit matrix `m` (row `i` is `m[i]`, column `j`
/// its bit `j`): afterwards bit `j` of `m[i]` is what bit `i` of `m[j]`
/// was. Six rounds, each swapping the off-diagonal blocks of every square
/// of side 2·`w` in place: 32 × 32 blocks, then 16 × 16, down to single
/// bits.
#[inline(always)]
pub(crate) fn transpose(m: &mut [u64; 64]) {
    let mut w = 32;
    // The low `w` bits of every 2·`w`-bit group.
    let mut low = 0x0000_0000_ffff_ffffu64;
    while w != 0 {
        for square in m.chunks_exact_mut(2 * w) {
            // Rows i and i + w: i's high blocks trade with (i + w)'s low
            // ones (a loop over neighbouring rows, so it runs on vectors).
            let (upper, lower) = square.split_at_mut(w);
            for (a, b) in upper.iter_mut().zip(lower) {
                let t = (*a >> w ^ *b) & low;
                *a ^= t << w;
                *b ^= t;
            }
        }
        w >>= 1;
        low ^= low << w;
    }
}

/// Which join is cheaper for `items` × `patterns` words of `bits` bits,
/// in an estimate of cycles: the plain scan costs a tenth of a cycle per
/// pair (a fifth above 32 bits: half as many words per instruction); the
/// sliced join about 2 500 per block of patterns (turning it on its side,
/// filling its tables) and 10 per item and block. The scan wins below a
/// few hundred words a side.
pub(crate) fn sliced_pays(items: usize, patterns: usize, bits: usize) -> bool {
    let plain = (items * patterns) as u64 * if bits <= 32 { 1 } else { 2 };
    let sliced = patterns.div_ceil(BLOCK) as u64 * (25_000 + 100 * items as u64);
    sliced < plain
}
