//! The permutation packed: each row's column in the fewest bits that hold
//! n − 1 (30 at n = 10⁹), so that a billion queens fit in 4 GiB.
//!
//! The entries lie end to end in a vector of n `u32` words, of which only
//! the first bits·n / 32 (+ 1) are ever written during the search; the rest
//! are zero pages the kernel has not yet given (see
//! `queens_core::memory::try_zeroed`), so they cost no memory. When the
//! board is found, [`Packed::into_vec`] unpacks it in place, last entry
//! first, into one `u32` per row: entry i is read from bits i·bits onwards
//! and written to word i, which no entry below i reads.

/// A permutation of `0..len`, `bits` bits per entry.
#[derive(Debug)]
pub(crate) struct Packed {
    words: Vec<u32>,
    len: usize,
    bits: u32,
    mask: u64,
}

impl Packed {
    /// `len` zero entries of the fewest bits that hold `len − 1`, or `None`
    /// if the memory cannot be had.
    pub(crate) fn try_new(len: usize) -> Option<Packed> {
        let bits = (usize::BITS - len.saturating_sub(1).leading_zeros()).max(1);
        // Entry i reads words i·bits / 32 and the one after it.
        let used = (len * bits as usize).div_ceil(32) + 1;
        let words = queens_core::memory::try_zeroed::<u32>(len.max(used))?;
        Some(Packed {
            words,
            len,
            bits,
            mask: (1u64 << bits) - 1,
        })
    }

    /// Bytes this holds while packed: a 4-byte word per 32 bits of entries.
    pub(crate) fn packed_bytes(len: usize) -> u64 {
        let bits = (usize::BITS - len.saturating_sub(1).leading_zeros()).max(1);
        ((len * bits as usize).div_ceil(32) + 1) as u64 * 4
    }

    /// The word holding the start of entry `i` and its bit offset there.
    #[inline(always)]
    fn at(&self, i: usize) -> (usize, u32) {
        let bit = i * self.bits as usize;
        (bit / 32, (bit % 32) as u32)
    }

    /// Entry `i`.
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> u32 {
        debug_assert!(i < self.len);
        let (w, s) = self.at(i);
        let pair = u64::from(self.words[w]) | u64::from(self.words[w + 1]) << 32;
        (pair >> s & self.mask) as u32
    }

    /// Sets entry `i` to `v` (v < 2^bits).
    #[inline(always)]
    pub(crate) fn set(&mut self, i: usize, v: u32) {
        debug_assert!(i < self.len && u64::from(v) <= self.mask);
        let (w, s) = self.at(i);
        let pair = u64::from(self.words[w]) | u64::from(self.words[w + 1]) << 32;
        let pair = pair & !(self.mask << s) | u64::from(v) << s;
        self.words[w] = pair as u32;
        self.words[w + 1] = (pair >> 32) as u32;
    }

    /// Exchanges entries `i` and `j`.
    #[inline(always)]
    pub(crate) fn swap(&mut self, i: usize, j: usize) {
        let (a, b) = (self.get(i), self.get(j));
        self.set(i, b);
        self.set(j, a);
    }

    /// The words, to prefetch the one of an entry ([`Packed::word_of`]).
    #[inline(always)]
    pub(crate) fn words(&self) -> &[u32] {
        &self.words
    }

    /// The index in [`Packed::words`] of entry `i`'s first word.
    #[inline(always)]
    pub(crate) fn word_of(&self, i: usize) -> usize {
        self.at(i).0
    }

    /// The entries in order, decoded as a stream.
    pub(crate) fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.len).map(|i| self.get(i))
    }

    /// The entries unpacked, one `u32` each, in the same memory.
    pub(crate) fn into_vec(mut self) -> Vec<u32> {
        for i in (0..self.len).rev() {
            // Entries below i read words up to ⌊(bits·i − 1) / 32⌋ < i.
            let v = self.get(i);
            self.words[i] = v;
        }
        self.words.truncate(self.len);
        self.words
    }

    /// A copy unpacked (for a trace: n ≤ 9·10⁶).
    pub(crate) fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_unpack_in_place() {
        for len in [1, 2, 3, 5, 31, 32, 33, 64, 100, 1000, 1025, 4097] {
            let mut p = Packed::try_new(len).unwrap();
            // A permutation: i·k mod len for k coprime to len.
            let k = (1..len.max(2))
                .rev()
                .find(|k| gcd(*k, len) == 1)
                .unwrap_or(1);
            let want: Vec<u32> = (0..len).map(|i| (i * k % len) as u32).collect();
            for (i, &v) in want.iter().enumerate() {
                p.set(i, v);
            }
            if len > 1 {
                p.swap(0, len - 1);
                p.swap(0, len - 1);
            }
            assert_eq!(p.to_vec(), want, "len {len}");
            assert_eq!(p.into_vec(), want, "len {len}");
        }
    }

    fn gcd(a: usize, b: usize) -> usize {
        if b == 0 { a } else { gcd(b, a % b) }
    }

    #[test]
    fn a_billion_takes_thirty_bits() {
        assert_eq!(Packed::packed_bytes(1_000_000_000), 3_750_000_004);
        assert_eq!(Packed::packed_bytes(1 << 20), (20 << 20) / 8 + 4);
    }
}
