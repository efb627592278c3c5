//! Checking boards, and the 8 symmetries of the square.
//!
//! A board is the 0-based column of the queen in each row. A solution has one
//! queen per row (by construction), per column and per diagonal.

/// True when `cols` places `cols.len()` non-attacking queens on a board of
/// that size. O(n) time and memory, so it checks boards of 10⁸ queens too.
pub fn is_solution(cols: &[u32]) -> bool {
    let n = cols.len();
    // Bitsets, 5n bits in all: checking a board of 10⁸ queens costs 63 MB
    // beside the board's 400 MB, not another 500 MB of booleans.
    let mut column = Bits::new(n);
    let mut diag = Bits::new(2 * n); // row + col
    let mut anti = Bits::new(2 * n); // row - col + n
    for (row, &col) in cols.iter().enumerate() {
        let col = col as usize;
        if col >= n {
            return false;
        }
        if !column.insert(col) || !diag.insert(row + col) || !anti.insert(row + n - col) {
            return false;
        }
    }
    true
}

/// A fixed-size set of small integers, one bit each.
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Self {
        Bits(vec![0; len.div_ceil(64)])
    }

    /// Adds `i`; `false` if it was already there.
    fn insert(&mut self, i: usize) -> bool {
        let (word, bit) = (&mut self.0[i / 64], 1u64 << (i % 64));
        let fresh = *word & bit == 0;
        *word |= bit;
        fresh
    }
}

/// The 8 symmetries of the square (the dihedral group D4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// Quarter turn clockwise.
    Rotate90,
    /// Half turn.
    Rotate180,
    /// Quarter turn anticlockwise.
    Rotate270,
    /// Mirror left-right (column c becomes n-1-c).
    MirrorColumns,
    /// Mirror top-bottom (row r becomes n-1-r).
    MirrorRows,
    /// Reflect in the main diagonal (row and column swap).
    Transpose,
    /// Reflect in the anti-diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Maps square (row, col) of an n×n board to its image.
    pub fn map(self, n: u32, row: u32, col: u32) -> (u32, u32) {
        let m = n - 1;
        match self {
            Symmetry::Identity => (row, col),
            Symmetry::Rotate90 => (col, m - row),
            Symmetry::Rotate180 => (m - row, m - col),
            Symmetry::Rotate270 => (m - col, row),
            Symmetry::MirrorColumns => (row, m - col),
            Symmetry::MirrorRows => (m - row, col),
            Symmetry::Transpose => (col, row),
            Symmetry::AntiTranspose => (m - col, m - row),
        }
    }

    /// The image of a board with one queen per row and per column (a
    /// permutation, as every solution is). Panics if `cols` is not one.
    pub fn apply(self, cols: &[u32]) -> Vec<u32> {
        let n = cols.len() as u32;
        let mut image = vec![u32::MAX; cols.len()];
        for (row, &col) in cols.iter().enumerate() {
            let (r, c) = self.map(n, row as u32, col);
            assert!(
                image[r as usize] == u32::MAX,
                "Symmetry::apply needs one queen per column"
            );
            image[r as usize] = c;
        }
        image
    }
}

/// The lexicographically smallest of a solution's 8 images: two solutions are
/// the same fundamental solution (OEIS A002562) exactly when their canonical
/// forms are equal.
pub fn canonical(cols: &[u32]) -> Vec<u32> {
    Symmetry::ALL
        .iter()
        .map(|s| s.apply(cols))
        .min()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::known;
    use std::collections::BTreeSet;

    /// Every permutation of 0..n, by Heap's algorithm: an independent
    /// enumerator so these tests do not rely on any approach.
    fn permutations(n: usize) -> Vec<Vec<u32>> {
        fn heap(k: usize, a: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            if k <= 1 {
                out.push(a.clone());
                return;
            }
            for i in 0..k {
                heap(k - 1, a, out);
                let j = if k % 2 == 0 { i } else { 0 };
                a.swap(j, k - 1);
            }
        }
        let mut a: Vec<u32> = (0..n as u32).collect();
        let mut out = Vec::new();
        heap(n, &mut a, &mut out);
        out
    }

    fn solutions(n: usize) -> Vec<Vec<u32>> {
        permutations(n)
            .into_iter()
            .filter(|p| is_solution(p))
            .collect()
    }

    #[test]
    fn is_solution_counts_match_a000170_up_to_8() {
        for n in 1..=8 {
            assert_eq!(
                solutions(n).len() as u64,
                known::total(n).unwrap(),
                "n = {n}"
            );
        }
    }

    #[test]
    fn canonical_forms_count_a002562_up_to_8() {
        for n in 1..=8 {
            let classes: BTreeSet<_> = solutions(n).iter().map(|s| canonical(s)).collect();
            assert_eq!(
                classes.len() as u64,
                known::fundamental(n).unwrap(),
                "n = {n}"
            );
        }
    }

    #[test]
    fn rejects_attacks_and_bad_columns() {
        assert!(is_solution(&[]));
        assert!(is_solution(&[0]));
        assert!(is_solution(&[1, 3, 0, 2]));
        assert!(!is_solution(&[0, 1])); // diagonal
        assert!(!is_solution(&[0, 0])); // column
        assert!(!is_solution(&[1, 3, 0, 4])); // column out of range
        assert!(is_solution(&[2, 0, 3, 1, 4])); // seed 001's (3, 1, 4, 2, 5)
        assert!(!is_solution(&[0, 2, 4, 3, 1])); // (2,4) and (3,3) share a diagonal
        assert!(!is_solution(&[3, 1, 4, 0, 2])); // (0,3) and (3,0) share an anti-diagonal
    }

    #[test]
    fn symmetries_map_solutions_to_solutions_and_form_a_group() {
        for s in solutions(8) {
            let images: BTreeSet<_> = Symmetry::ALL.iter().map(|t| t.apply(&s)).collect();
            assert!(images.iter().all(|i| is_solution(i)));
            assert!(images.contains(&s));
            // Rotating four times is the identity; each mirror is an involution.
            let mut r = s.clone();
            for _ in 0..4 {
                r = Symmetry::Rotate90.apply(&r);
            }
            assert_eq!(r, s);
            for m in [
                Symmetry::MirrorColumns,
                Symmetry::MirrorRows,
                Symmetry::Transpose,
                Symmetry::AntiTranspose,
            ] {
                assert_eq!(m.apply(&m.apply(&s)), s);
            }
            assert_eq!(
                Symmetry::Rotate90.apply(&Symmetry::Rotate90.apply(&s)),
                Symmetry::Rotate180.apply(&s)
            );
        }
    }

    #[test]
    fn the_seed_4_queens_pair_are_mirror_images() {
        // seed 001: (2, 4, 1, 3) and (3, 1, 4, 2), 1-based.
        assert_eq!(
            Symmetry::MirrorColumns.apply(&[1, 3, 0, 2]),
            vec![2, 0, 3, 1]
        );
        assert_eq!(canonical(&[1, 3, 0, 2]), canonical(&[2, 0, 3, 1]));
    }
}
