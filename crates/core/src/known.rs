//! The known answers, as published in the OEIS, so every count can be checked.
//!
//! Source: OEIS A000170, "Number of ways of placing n nonattacking queens on an
//! n X n board" (a(0) = 1, the empty board; a(27) computed by the Q27 project
//! in 2016), and OEIS A002562, "Number of ways of placing n nonattacking queens
//! on an n X n board, up to rotations and reflections" (from n = 1).

/// OEIS A000170, n = 0..=27: all solutions.
pub const A000170: [u64; 28] = [
    1,
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
    4_968_057_848,
    39_029_188_884,
    314_666_222_712,
    2_691_008_701_644,
    24_233_937_684_440,
    227_514_171_973_736,
    2_207_893_435_808_352,
    22_317_699_616_364_044,
    234_907_967_154_122_528,
];

/// OEIS A002562, n = 1..=27 (index 0 is n = 1): fundamental solutions, one per
/// class of solutions related by the 8 symmetries of the board.
pub const A002562: [u64; 27] = [
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1_787,
    9_233,
    45_752,
    285_053,
    1_846_955,
    11_977_939,
    83_263_591,
    621_012_754,
    4_878_666_808,
    39_333_324_973,
    336_376_244_042,
    3_029_242_658_210,
    28_439_272_956_934,
    275_986_683_743_434,
    2_789_712_466_510_289,
    29_363_495_934_315_694,
];

/// The number of solutions for n, if known (n ≤ 27).
pub fn total(n: usize) -> Option<u64> {
    A000170.get(n).copied()
}

/// The number of fundamental solutions for n, if known (1 ≤ n ≤ 27; n = 0
/// has one, the empty board).
pub fn fundamental(n: usize) -> Option<u64> {
    if n == 0 {
        Some(1)
    } else {
        A002562.get(n - 1).copied()
    }
}

/// Whether some solution exists for n (every n except 2 and 3).
pub fn solvable(n: usize) -> bool {
    n != 2 && n != 3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_001_lists_the_start_of_a000170() {
        // seed 001: "(1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, ...)"
        let seed = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];
        assert_eq!(&A000170[..seed.len()], &seed);
    }

    #[test]
    fn fundamental_solutions_lie_between_a_eighth_and_all() {
        for n in 1..=27 {
            let (t, f) = (total(n).unwrap(), fundamental(n).unwrap());
            assert!(f * 8 >= t && f <= t, "n = {n}");
            assert_eq!(solvable(n), t > 0, "n = {n}");
        }
        assert_eq!(total(28), None);
    }
}
