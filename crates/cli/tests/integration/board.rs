//! A board checker written apart from `queens_core::is_solution`, so a test
//! checks the board itself rather than the program's own verdict
//! (`"valid": true`).

use std::collections::HashSet;

/// Whether `cols` (the 0-based column of the queen in each row) places n
/// queens on an n×n board, no two on one column or diagonal.
pub fn no_two_attack(cols: &[u32]) -> bool {
    let n = cols.len() as i64;
    let (mut columns, mut downs, mut ups) = (HashSet::new(), HashSet::new(), HashSet::new());
    cols.iter().enumerate().all(|(row, &c)| {
        let (r, c) = (row as i64, i64::from(c));
        c < n && columns.insert(c) && downs.insert(r - c) && ups.insert(r + c)
    })
}

/// The board of a `--json` record: its 1-based `solution`, 0-based.
pub fn of_json(v: &serde_json::Value) -> Vec<u32> {
    v["solution"]
        .as_array()
        .expect("a solution")
        .iter()
        .map(|c| c.as_u64().unwrap() as u32 - 1)
        .collect()
}

/// The board in a `--output` file (1-based columns, one per line), 0-based.
pub fn read_output(path: &std::path::Path) -> Vec<u32> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| l.parse::<u32>().unwrap() - 1)
        .collect()
}

#[test]
fn the_checker_can_fail() {
    assert!(no_two_attack(&[1, 3, 0, 2]));
    assert!(no_two_attack(&[]));
    assert!(!no_two_attack(&[0, 2, 1, 3]), "a diagonal");
    assert!(!no_two_attack(&[1, 3, 0, 1]), "a column");
    assert!(!no_two_attack(&[1, 3, 0, 4]), "off the board");
    assert!(!no_two_attack(&[3, 1, 2, 0]), "a diagonal, the other way");
}
