//! A set of queens bucketed by conflict count: the exact set of attacked
//! queens the board keeps, and the stale cache of `--conflict-cache stale`.
//!
//! The search picks from this set: uniformly over all of it, or from its
//! highest non-empty bucket. A greedy run never gives a queen more than six
//! conflicts (two others on each of its three lines, see [`crate::board`]),
//! so both picks look at a handful of buckets; a random initialisation can
//! crowd lines further, and the buckets grow as needed. Membership of the
//! exact set is kept exact by the board, which calls [`Conflicted::set`] for
//! every queen whose count changes.
//!
//! Where each member sits is kept in a hash map rather than an array of n
//! slots: at large n only a few hundred queens are attacked at any time, so the
//! memory follows the set, not the board.

use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

pub(crate) use queens_core::hash::Map;

/// Queens in buckets by conflict count (bucket 0 is never used).
#[derive(Clone, Debug, Default)]
pub(crate) struct Conflicted {
    /// `buckets[v]`: the queens with exactly `v` conflicts, in no order (as
    /// many buckets as the highest count seen needs).
    buckets: Vec<Vec<u32>>,
    /// For each member: its conflict count (high 32 bits) and its index in
    /// that bucket (low 32 bits).
    slot: Map<u32, u64>,
}

impl Conflicted {
    /// Empties the set (a restart).
    pub(crate) fn clear(&mut self) {
        for b in &mut self.buckets {
            b.clear();
        }
        self.slot.clear();
    }

    /// How many queens are in the set.
    pub(crate) fn len(&self) -> usize {
        self.slot.len()
    }

    /// The conflict count recorded for `queen` (0 when it is not a member).
    pub(crate) fn get(&self, queen: u32) -> u32 {
        self.slot.get(&queen).map_or(0, |&s| (s >> 32) as u32)
    }

    /// Records that `queen` now has `conflicts` conflicts: moves it to that
    /// bucket, or out of the set when `conflicts` is 0.
    pub(crate) fn set(&mut self, queen: u32, conflicts: u32) {
        let old = self.slot.get(&queen).copied();
        if let Some(s) = old {
            if (s >> 32) as u32 == conflicts {
                return;
            }
            // Take it out of its bucket; the last member fills the hole.
            let bucket = &mut self.buckets[(s >> 32) as usize];
            let index = s as u32 as usize;
            bucket.swap_remove(index);
            if let Some(&moved) = bucket.get(index) {
                let m = self
                    .slot
                    .get_mut(&moved)
                    .expect("bucket members have slots");
                *m = (*m & !u64::from(u32::MAX)) | index as u64;
            }
        }
        if conflicts == 0 {
            if old.is_some() {
                self.slot.remove(&queen);
            }
        } else {
            let v = conflicts as usize;
            if v >= self.buckets.len() {
                self.buckets.resize(v + 1, Vec::new());
            }
            let bucket = &mut self.buckets[v];
            self.slot
                .insert(queen, (u64::from(conflicts) << 32) | bucket.len() as u64);
            bucket.push(queen);
        }
    }

    /// A member chosen uniformly at random. The set must not be empty.
    pub(crate) fn random(&self, rng: &mut Xoshiro256PlusPlus) -> u32 {
        let mut i = rng.random_range(0..self.len());
        for bucket in self.buckets.iter().skip(1) {
            if i < bucket.len() {
                return bucket[i];
            }
            i -= bucket.len();
        }
        unreachable!("the buckets hold exactly len() queens")
    }

    /// A member with the most conflicts, ties broken uniformly at random. The
    /// set must not be empty.
    pub(crate) fn most(&self, rng: &mut Xoshiro256PlusPlus) -> u32 {
        let bucket = self
            .buckets
            .iter()
            .skip(1)
            .rev()
            .find(|b| !b.is_empty())
            .expect("the set is not empty");
        bucket[rng.random_range(0..bucket.len())]
    }

    /// Every member with its recorded count (for the invariant checks).
    pub(crate) fn members(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.buckets
            .iter()
            .enumerate()
            .flat_map(|(v, b)| b.iter().map(move |&q| (q, v as u32)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn set_moves_between_buckets_and_keeps_slots_right() {
        let mut s = Conflicted::default();
        s.set(7, 1);
        s.set(3, 1);
        s.set(9, 2);
        assert_eq!(s.len(), 3);
        s.set(7, 3); // 3 fills 7's hole in bucket 1
        assert_eq!((s.get(7), s.get(3), s.get(9)), (3, 1, 2));
        s.set(3, 0);
        s.set(3, 0); // removing a non-member is a no-op
        assert_eq!(s.len(), 2);
        let mut members: Vec<_> = s.members().collect();
        members.sort();
        assert_eq!(members, [(7, 3), (9, 2)]);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        assert_eq!(s.most(&mut rng), 7);
        for _ in 0..20 {
            assert!([7, 9].contains(&s.random(&mut rng)));
        }
        // Counts beyond six (a random initialisation) grow the buckets.
        s.set(4, 40);
        s.set(5, 9);
        assert_eq!((s.get(4), s.most(&mut rng)), (40, 4));
        s.set(4, 0);
        assert_eq!(s.most(&mut rng), 5);
        s.clear();
        assert_eq!(s.len(), 0);
    }

    #[test]
    fn random_is_uniform_over_all_buckets() {
        let mut s = Conflicted::default();
        for q in 0..6u32 {
            s.set(q, q % 3 + 1);
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        let mut hits = [0u32; 6];
        for _ in 0..60_000 {
            hits[s.random(&mut rng) as usize] += 1;
        }
        for h in hits {
            assert!((9_000..11_000).contains(&h), "{hits:?}");
        }
    }
}
