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

    /// The splitmix64 generator's published outputs (Vigna's reference
    /// `splitmix64.c`, state advanced by the golden gamma before each
    /// output): seed 0, and seed 1234567 (the values quoted with the
    /// algorithm, 6457827717110365317, 3203168211198807973,
    /// 9817491932198370423).
    const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;
    const PUBLISHED: [(u64, [u64; 3]); 2] = [
        (
            0,
            [
                0xe220_a839_7b1d_cdaf,
                0x6e78_9e6a_a1b9_65f4,
                0x06c4_5d18_8009_454f,
            ],
        ),
        (
            1_234_567,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423,
            ],
        ),
    ];

    #[test]
    fn an_integer_key_hashes_to_splitmix64s_published_outputs() {
        let build = BuildHasherDefault::<Mix>::default();
        for (seed, outputs) in PUBLISHED {
            for (k, want) in (1..).zip(outputs) {
                let state = seed.wrapping_add(GAMMA.wrapping_mul(k));
                assert_eq!(build.hash_one(state), want, "seed {seed}, output {k}");
            }
        }
    }

    #[test]
    fn a_u32_key_hashes_as_the_same_u64() {
        let build = BuildHasherDefault::<Mix>::default();
        for x in [0u32, 1, 7, 12345, u32::MAX] {
            assert_eq!(build.hash_one(x), build.hash_one(u64::from(x)), "{x}");
        }
        assert_ne!(build.hash_one(1u64), build.hash_one(2u64));
    }
}
