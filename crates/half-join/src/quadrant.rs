//! The quadrant tables: every partial placement of one block of the board,
//! filed by the rows it uses. A half board is then a join of two of them
//! (its top and bottom blocks, on complementary columns), not a search.

/// Queens on some rows of a block: columns distinct, no two attacking;
/// its diagonals as the join reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Part {
    /// Columns used (bits of the board's columns).
    pub cols: u32,
    /// Its diagonals that cross the row where the half's top and bottom
    /// blocks meet (the only ones a part of the other block can share):
    /// h − 1 of each direction, d1 in the low bits.
    pub meet: u32,
    /// Odd n: the rows m for which it attacks a queen on (m, middle
    /// column), bit per row; even n: none.
    pub hits: u32,
    /// Its diagonals in the window both halves reach, packed as the join
    /// packs them ([`crate::Geometry::pack`]), so a half's word is the OR
    /// of its two parts' words.
    pub word: u64,
}

/// How a table's parts are described: the numbers [`Part`] needs beyond
/// the block's own.
pub(crate) struct Describe<'a> {
    /// The row where the top and bottom blocks of a half meet.
    pub seam: usize,
    /// Odd n: the middle column.
    pub middle: Option<usize>,
    /// Packs full diagonals (d1: x − y + n − 1, d2: x + y) into a word.
    pub pack: &'a dyn Fn(u64, u64) -> u64,
}

/// The partial placements of one block, grouped by row subset, each group
/// sorted by the columns it uses.
#[derive(Debug)]
pub(crate) struct Quadrant {
    /// First row of the block.
    pub first_row: usize,
    /// First column of the block.
    pub first_col: usize,
    /// Where each row subset's parts start in `parts` (one more at the end).
    start: Vec<usize>,
    parts: Vec<Part>,
    /// Each part's queens (for listings): their columns less the block's
    /// first column, four bits per queen, the block's rows in increasing
    /// order.
    queens: Vec<u64>,
}

/// A part while the table is built: full diagonals, and its queens.
#[derive(Clone, Copy)]
struct Raw {
    cols: u32,
    d1: u64,
    d2: u64,
    queens: u64,
}

impl Quadrant {
    /// Every partial placement of rows `first_row..first_row + height` and
    /// columns `first_col..first_col + width` of an n×n board.
    pub fn new(
        n: usize,
        (first_row, height): (usize, usize),
        (first_col, width): (usize, usize),
        describe: &Describe,
    ) -> Self {
        let mut groups: Vec<Vec<Raw>> = vec![Vec::new(); 1 << height];
        let block = Block {
            n,
            first_row,
            height,
            first_col,
            window: ((1u64 << width) - 1) << first_col,
        };
        let empty = Raw {
            cols: 0,
            d1: 0,
            d2: 0,
            queens: 0,
        };
        block.place(0, 0, 0, empty, &mut groups);
        let total = groups.iter().map(Vec::len).sum();
        let mut start = Vec::with_capacity(groups.len() + 1);
        let mut parts = Vec::with_capacity(total);
        let mut queens = Vec::with_capacity(total);
        // The seam's diagonals: cells (seam − 1, x) and (seam, x ± 1) for
        // the block's columns x.
        let seam_mask = (1u64 << width.saturating_sub(1)) - 1;
        let (seam1, seam2) = (first_col + n - describe.seam, first_col + describe.seam);
        for mut group in groups {
            group.sort_by_key(|p| p.cols);
            start.push(parts.len());
            for raw in group {
                let meet = (raw.d1 >> seam1 & seam_mask)
                    | (raw.d2 >> seam2 & seam_mask) << width.saturating_sub(1);
                let hits = describe.middle.map_or(0, |x| {
                    (0..n)
                        .filter(|&m| raw.d1 >> (x + n - 1 - m) & 1 | raw.d2 >> (x + m) & 1 != 0)
                        .fold(0u32, |h, m| h | 1 << m)
                });
                parts.push(Part {
                    cols: raw.cols,
                    meet: meet as u32,
                    hits,
                    word: (describe.pack)(raw.d1, raw.d2),
                });
                queens.push(raw.queens);
            }
        }
        start.push(parts.len());
        Quadrant {
            first_row,
            first_col,
            start,
            parts,
            queens,
        }
    }

    /// The range of `parts` on exactly the board rows `rows` ∩ this block,
    /// sorted by their columns.
    fn range(&self, rows: u32) -> std::ops::Range<usize> {
        let mask = self.start.len() - 2; // 2^height − 1
        let subset = (rows >> self.first_row) as usize & mask;
        self.start[subset]..self.start[subset + 1]
    }

    /// The parts on exactly the board rows `rows` ∩ this block, sorted by
    /// their columns, and their queens.
    pub fn parts(&self, rows: u32) -> (&[Part], &[u64]) {
        let r = self.range(rows);
        (&self.parts[r.clone()], &self.queens[r])
    }
}

/// The geometry of a block while its table is built.
struct Block {
    n: usize,
    first_row: usize,
    height: usize,
    first_col: usize,
    /// The block's columns as bits.
    window: u64,
}

impl Block {
    /// Decides rows `i..height` of the block (each empty or holding a
    /// queen) below the partial placement `part` on row subset `subset`
    /// with `k` queens, filing every result.
    fn place(&self, i: usize, subset: usize, k: usize, part: Raw, groups: &mut [Vec<Raw>]) {
        if i == self.height {
            groups[subset].push(part);
            return;
        }
        // Row i left empty.
        self.place(i + 1, subset, k, part, groups);
        // Row i with a queen.
        let y = self.first_row + i;
        let shift1 = self.n - 1 - y;
        let used = u64::from(part.cols);
        let mut free = self.window & !(used | part.d1 >> shift1 | part.d2 >> y);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let x = bit.trailing_zeros() as usize;
            let next = Raw {
                cols: part.cols | bit as u32,
                d1: part.d1 | bit << shift1,
                d2: part.d2 | bit << y,
                queens: part.queens | ((x - self.first_col) as u64) << (4 * k),
            };
            self.place(i + 1, subset | 1 << i, k + 1, next, groups);
        }
    }
}
