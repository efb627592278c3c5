//! A row's domain: a set of columns as `W` 64-bit words, bit c of word
//! c / 64 for column c. Seed 002 (`002_9375fd6b83606ac6.txt`) keeps each
//! row's `PossibleColumns` as a list; here it is a fixed-size bitset, so a
//! domain is copied, pruned and counted in a few word operations.

/// A set of columns `0..64 * W`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bits<const W: usize>(pub(crate) [u64; W]);

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub(crate) const EMPTY: Self = Bits([0; W]);

    /// Columns `0..n` (n ≤ 64 W).
    pub(crate) fn full(n: usize) -> Self {
        let mut s = Self::EMPTY;
        for c in 0..n {
            s.insert(c);
        }
        s
    }

    /// Whether column c is in the set.
    #[inline(always)]
    pub(crate) fn has(&self, c: usize) -> bool {
        self.0[c >> 6] >> (c & 63) & 1 != 0
    }

    /// Adds column c.
    #[inline(always)]
    pub(crate) fn insert(&mut self, c: usize) {
        self.0[c >> 6] |= 1 << (c & 63);
    }

    /// Removes column c; returns 1 if it was in the set, else 0.
    #[inline(always)]
    pub(crate) fn remove(&mut self, c: usize) -> u32 {
        let word = &mut self.0[c >> 6];
        let bit = 1u64 << (c & 63);
        let had = u32::from(*word & bit != 0);
        *word &= !bit;
        had
    }

    /// Removes the squares that a queen on column c attacks in a row `d`
    /// rows away (d ≥ 1): columns c, c + d and c − d, those on a board of n
    /// columns (the seed's `forbidden/4`). Returns how many were in the set.
    #[inline(always)]
    pub(crate) fn remove_attacked(&mut self, c: usize, d: usize, n: usize) -> u32 {
        let mut removed = self.remove(c);
        if c + d < n {
            removed += self.remove(c + d);
        }
        if c >= d {
            removed += self.remove(c - d);
        }
        removed
    }

    /// How many of the squares a queen on column c attacks `d` rows away
    /// are in the set (what [`Bits::remove_attacked`] would remove).
    #[inline(always)]
    pub(crate) fn count_attacked(&self, c: usize, d: usize, n: usize) -> u32 {
        let mut copy = *self;
        copy.remove_attacked(c, d, n)
    }

    /// Adds every member of `other`.
    #[inline(always)]
    pub(crate) fn union_with(&mut self, other: Self) {
        for (w, o) in self.0.iter_mut().zip(other.0) {
            *w |= o;
        }
    }

    /// The number of columns in the set.
    #[inline(always)]
    pub(crate) fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The columns in ascending order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let c = w.trailing_zeros() as usize;
                    w &= w - 1;
                    64 * i + c
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_of_several_words_hold_every_column() {
        let mut s = Bits::<4>::full(200);
        assert_eq!(s.len(), 200);
        assert!(s.has(199) && !s.has(200));
        assert_eq!(s.remove(130), 1);
        assert_eq!(s.remove(130), 0);
        assert_eq!(
            s.iter().filter(|&c| c >= 128).take(3).collect::<Vec<_>>(),
            [128, 129, 131]
        );
        assert_eq!(s.len(), 199);
    }

    #[test]
    fn a_queen_attacks_at_most_three_squares_of_another_row() {
        let n = 8;
        let mut s = Bits::<1>::full(n);
        // Column 2, three rows away: columns 2, 5 and none to the left (-1).
        assert_eq!(s.count_attacked(2, 3, n), 2);
        assert_eq!(s.remove_attacked(2, 3, n), 2);
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 1, 3, 4, 6, 7]);
        // Column 4, one row away: 4, 5 (gone), 3.
        assert_eq!(s.remove_attacked(4, 1, n), 2);
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 1, 6, 7]);
        assert!(!s.is_empty() && Bits::<2>::EMPTY.is_empty());
    }
}
