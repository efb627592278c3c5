//! A fast hasher for the small integer keys of the local searches' maps
//! (queens, line numbers, diagonals).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The splitmix64 finaliser over the key's bits. The keys are not
/// adversarial, so SipHash's cost buys nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u32(&mut self, x: u32) {
        self.0 = self.0.rotate_left(32) ^ u64::from(x);
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = self.0.rotate_left(32) ^ x;
    }
}

/// A `HashMap` with the [`Mix`] hasher.
pub type Map<K, V> = HashMap<K, V, BuildHasherDefault<Mix>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn one_integer_key_hashes_as_the_finaliser_of_its_value() {
        let build = BuildHasherDefault::<Mix>::default();
        let finalised = |v: u64| Mix(v).finish();
        assert_eq!(build.hash_one(12345u64), finalised(12345));
        assert_eq!(build.hash_one(7u32), finalised(7));
        assert_ne!(build.hash_one(1u64), build.hash_one(2u64));
    }
}
