//! Bit helpers for boards held as `u32` masks (a bit per column or row),
//! shared by the bitboard counters.

/// The low `n` bits set: the columns (or rows) of an n-wide board, n ≤ 32.
#[inline(always)]
pub fn low_bits(n: usize) -> u32 {
    if n == 0 { 0 } else { u32::MAX >> (32 - n) }
}

/// The lowest set bit of `x` (0 when `x` is 0).
#[inline(always)]
pub fn lowest_bit(x: u32) -> u32 {
    x & x.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn low_bits_and_lowest_bit() {
        assert_eq!(low_bits(0), 0);
        assert_eq!(low_bits(3), 0b111);
        assert_eq!(low_bits(32), u32::MAX);
        assert_eq!(lowest_bit(0), 0);
        assert_eq!(lowest_bit(0b1011_0100), 0b100);
        assert_eq!(lowest_bit(1 << 31), 1 << 31);
    }
}
