//! How solutions are printed (1-based, as every source document prints them).

use std::fmt::Write;

/// The output formats of the `queens` command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// `(2, 4, 1, 3)`: the column of the queen in rows 1..n (seed 001, Queens.py).
    #[default]
    Tuple,
    /// n rows of 0s and 1s, a 1 for each queen (seed 003's `print_board`, and the
    /// planes of seed 004's N×N×S array); the CLI puts a blank line between boards.
    Board,
    /// `[1-2,2-4,3-1,4-3]`: O'Keefe's keysorted Row-Col pairs (seed 002).
    Pairs,
    /// n rows of `Q` and `.`: the board as a person draws it (the [`Format::Board`]
    /// rows with a queen for each 1).
    Picture,
}

impl Format {
    /// Renders one solution (0-based columns) without a trailing newline.
    pub fn render(self, cols: &[u32]) -> String {
        match self {
            Format::Tuple => tuple(cols),
            Format::Board => board(cols),
            Format::Pairs => pairs(cols),
            Format::Picture => picture(cols),
        }
    }
}

/// `(2, 4, 1, 3)`; `(1)` for n = 1 and `()` for n = 0, as the seed's print loop gives.
pub fn tuple(cols: &[u32]) -> String {
    let mut s = String::with_capacity(2 + cols.len() * 4);
    s.push('(');
    for (i, c) in cols.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "{}", c + 1);
    }
    s.push(')');
    s
}

/// One line per row, `0`/`1` separated by spaces, each line ending in `\n`.
pub fn board(cols: &[u32]) -> String {
    grid(cols, '1', '0')
}

/// One line per row, `Q`/`.` separated by spaces, each line ending in `\n`.
pub fn picture(cols: &[u32]) -> String {
    grid(cols, 'Q', '.')
}

/// One line per row, `queen` on the queen's square and `empty` elsewhere,
/// separated by spaces.
fn grid(cols: &[u32], queen: char, empty: char) -> String {
    let n = cols.len();
    let mut s = String::with_capacity(n * 2 * n + 1);
    for &c in cols {
        for j in 0..n {
            if j > 0 {
                s.push(' ');
            }
            s.push(if j == c as usize { queen } else { empty });
        }
        s.push('\n');
    }
    s
}

/// `[1-2,2-4,3-1,4-3]`: (row, column) pairs sorted by row, as O'Keefe's
/// `keysort(Placement, DisplayForm), write(DisplayForm)` prints them.
pub fn pairs(cols: &[u32]) -> String {
    let mut s = String::with_capacity(2 + cols.len() * 6);
    s.push('[');
    for (row, c) in cols.iter().enumerate() {
        if row > 0 {
            s.push(',');
        }
        let _ = write!(s, "{}-{}", row + 1, c + 1);
    }
    s.push(']');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuple_matches_seed_001() {
        assert_eq!(tuple(&[1, 3, 0, 2]), "(2, 4, 1, 3)");
        assert_eq!(tuple(&[0]), "(1)");
        assert_eq!(tuple(&[]), "()");
    }

    #[test]
    fn pairs_match_seed_002() {
        assert_eq!(pairs(&[1, 3, 0, 2]), "[1-2,2-4,3-1,4-3]");
        assert_eq!(pairs(&[]), "[]");
    }

    #[test]
    fn board_has_one_row_per_queen() {
        assert_eq!(board(&[1, 3, 0, 2]), "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n");
        assert_eq!(Format::Board.render(&[0]), "1\n");
    }

    #[test]
    fn picture_draws_the_queens_of_seed_001s_first_board() {
        // Seed 001 draws (2, 4, 1, 3) with a Q in row 1 column 2, row 2
        // column 4, row 3 column 1, row 4 column 3.
        assert_eq!(
            Format::Picture.render(&[1, 3, 0, 2]),
            ". Q . .\n. . . Q\nQ . . .\n. . Q .\n"
        );
    }
}
