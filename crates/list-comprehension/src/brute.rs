//! Brute force over the row-by-row tree, for the tests: an oracle written
//! apart from both readings of the comprehension (rows top down, columns
//! left to right, a queen checked against every queen above it).

/// Whether a queen in column `c` of the next row attacks none of `rows`.
fn fits(rows: &[usize], c: usize) -> bool {
    let d = rows.len();
    rows.iter()
        .enumerate()
        .all(|(i, &ci)| ci != c && d - i != ci.abs_diff(c))
}

/// The safe placements of the first k rows, k = 0..=n.
pub fn widths(n: usize) -> Vec<u64> {
    fn walk(n: usize, rows: &mut Vec<usize>, out: &mut [u64]) {
        out[rows.len()] += 1;
        if rows.len() == n {
            return;
        }
        for c in 0..n {
            if fits(rows, c) {
                rows.push(c);
                walk(n, rows, out);
                rows.pop();
            }
        }
    }
    let mut out = vec![0; n + 1];
    walk(n, &mut Vec::new(), &mut out);
    out
}

/// The safe partial placements (of 1..=n rows) met depth first, in
/// lexicographic order, up to and including the first full board; `None`
/// when there is none.
pub fn placements_to_first(n: usize) -> Option<u64> {
    fn walk(n: usize, rows: &mut Vec<usize>, met: &mut u64) -> bool {
        if rows.len() == n {
            return true;
        }
        for c in 0..n {
            if fits(rows, c) {
                *met += 1;
                rows.push(c);
                if walk(n, rows, met) {
                    return true;
                }
                rows.pop();
            }
        }
        false
    }
    let mut met = 0;
    walk(n, &mut Vec::new(), &mut met).then_some(met)
}
