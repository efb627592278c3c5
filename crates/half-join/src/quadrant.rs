//! The quadrant tables: every partial placement of one block of the board,
//! filed by the rows it uses. A half board is then a join of two of them
//! (its top and bottom blocks, on complementary columns), not a search.

/// Queens on some rows of a block: columns distinct, no two attacking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Part {
    /// Columns used (bits of the board's columns).
    pub cols: u32,
    /// Diagonals used, numbered on the whole board: x − y + n − 1.
    pub d1: u64,
    /// Anti-diagonals used, numbered on the whole board: x + y.
    pub d2: u64,
    /// The queens' columns less the block's first column, four bits per
    /// queen, the block's rows in increasing order (for listings).
    pub queens: u64,
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
}

impl Quadrant {
    /// Every partial placement of rows `first_row..first_row + height` and
    /// columns `first_col..first_col + width` of an n×n board.
    pub fn new(n: usize, first_row: usize, height: usize, first_col: usize, width: usize) -> Self {
        let mut groups: Vec<Vec<Part>> = vec![Vec::new(); 1 << height];
        let block = Block {
            n,
            first_row,
            height,
            first_col,
            window: ((1u64 << width) - 1) << first_col,
        };
        let empty = Part {
            cols: 0,
            d1: 0,
            d2: 0,
            queens: 0,
        };
        block.place(0, 0, 0, empty, &mut groups);
        let mut start = Vec::with_capacity(groups.len() + 1);
        let mut parts = Vec::with_capacity(groups.iter().map(Vec::len).sum());
        for mut group in groups {
            group.sort_by_key(|p| p.cols);
            start.push(parts.len());
            parts.extend(group);
        }
        start.push(parts.len());
        Quadrant {
            first_row,
            first_col,
            start,
            parts,
        }
    }

    /// The parts on exactly the board rows `rows` ∩ this block, sorted by
    /// their columns.
    pub fn parts(&self, rows: u32) -> &[Part] {
        let mask = self.start.len() - 2; // 2^height − 1
        let subset = (rows >> self.first_row) as usize & mask;
        &self.parts[self.start[subset]..self.start[subset + 1]]
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
    fn place(&self, i: usize, subset: usize, k: usize, part: Part, groups: &mut [Vec<Part>]) {
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
            let next = Part {
                cols: part.cols | bit as u32,
                d1: part.d1 | bit << shift1,
                d2: part.d2 | bit << y,
                queens: part.queens | ((x - self.first_col) as u64) << (4 * k),
            };
            self.place(i + 1, subset | 1 << i, k + 1, next, groups);
        }
    }
}
