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
    /// The parts from this one to the end of its run on the same columns
    /// (the table is sorted by columns), so a join steps from run to run.
    pub rest: u32,
    /// Its diagonals in the window both halves reach, packed as the join
    /// packs them ([`crate::Geometry::pack`]), so a half's word is the OR
    /// of its two parts' words.
    pub word: u64,
    /// Its queens (for listings): their columns less the block's first
    /// column, four bits per queen, the block's rows in increasing order.
    pub queens: u64,
}

/// How a table's parts are described: the numbers [`Part`] needs beyond
/// the block's own.
pub(crate) struct Describe<'a> {
    /// The row where the top and bottom blocks of a half meet.
    pub seam: usize,
    /// Odd n: the middle column.
    pub middle: Option<usize>,
    /// Packs full diagonals (d1: x − y + n − 1, d2: x + y) into a word.
    pub pack: &'a (dyn Fn(u64, u64) -> u64 + Sync),
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

/// A part while the table is built: full diagonals, and its queens.
#[derive(Clone, Copy)]
struct Raw {
    cols: u32,
    d1: u64,
    d2: u64,
    queens: u64,
}

impl Raw {
    /// No queen yet.
    const EMPTY: Raw = Raw {
        cols: 0,
        d1: 0,
        d2: 0,
        queens: 0,
    };
}

impl Quadrant {
    /// Every partial placement of rows `first_row..first_row + height` and
    /// columns `first_col..first_col + width` of an n×n board.
    ///
    /// The placements are walked twice, once to count each row subset's
    /// and once to describe each in its place, so the table is built where
    /// it stays: building it takes no memory beyond it.
    pub fn new(
        n: usize,
        (first_row, height): (usize, usize),
        (first_col, width): (usize, usize),
        describe: &Describe,
    ) -> Self {
        let block = Block {
            n,
            first_row,
            height,
            first_col,
            window: ((1u64 << width) - 1) << first_col,
        };
        let mut start = vec![0usize; (1 << height) + 1];
        block.walk(&mut |subset, _| start[subset + 1] += 1);
        for s in 1..start.len() {
            start[s] += start[s - 1];
        }
        // The seam's diagonals: cells (seam − 1, x) and (seam, x ± 1) for
        // the block's columns x.
        let seam_mask = (1u64 << width.saturating_sub(1)) - 1;
        let (seam1, seam2) = (first_col + n - describe.seam, first_col + describe.seam);
        let part = |raw: Raw| {
            let meet = (raw.d1 >> seam1 & seam_mask)
                | (raw.d2 >> seam2 & seam_mask) << width.saturating_sub(1);
            let hits = describe.middle.map_or(0, |x| {
                (0..n)
                    .filter(|&m| raw.d1 >> (x + n - 1 - m) & 1 | raw.d2 >> (x + m) & 1 != 0)
                    .fold(0u32, |h, m| h | 1 << m)
            });
            Part {
                cols: raw.cols,
                meet: meet as u32,
                hits,
                word: (describe.pack)(raw.d1, raw.d2),
                queens: raw.queens,
                rest: 1,
            }
        };
        let total = start[start.len() - 1];
        let mut parts = vec![part(Raw::EMPTY); total];
        let mut next = start.clone();
        block.walk(&mut |subset, raw| {
            parts[next[subset]] = part(raw);
            next[subset] += 1;
        });
        for group in start.windows(2) {
            let group = &mut parts[group[0]..group[1]];
            group.sort_by_key(|p| p.cols);
            for i in (1..group.len()).rev() {
                if group[i - 1].cols == group[i].cols {
                    group[i - 1].rest = group[i].rest + 1;
                }
            }
        }
        Quadrant {
            first_row,
            first_col,
            start,
            parts,
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
    /// their columns.
    pub fn parts(&self, rows: u32) -> &[Part] {
        &self.parts[self.range(rows)]
    }

    /// Every part of the table, and the bytes the table holds.
    #[cfg(test)]
    pub fn size(&self) -> (usize, usize) {
        let bytes =
            self.parts.capacity() * size_of::<Part>() + self.start.capacity() * size_of::<usize>();
        (self.parts.len(), bytes)
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
    /// Hands every partial placement of the block to `file`, with its row
    /// subset (bit i: the block's row i holds a queen), in a fixed order.
    fn walk(&self, file: &mut impl FnMut(usize, Raw)) {
        self.place(0, 0, 0, Raw::EMPTY, file);
    }

    /// Decides rows `i..height` of the block (each empty or holding a
    /// queen) below the partial placement `part` on row subset `subset`
    /// with `k` queens, filing every result.
    fn place(
        &self,
        i: usize,
        subset: usize,
        k: usize,
        part: Raw,
        file: &mut impl FnMut(usize, Raw),
    ) {
        if i == self.height {
            file(subset, part);
            return;
        }
        // Row i left empty.
        self.place(i + 1, subset, k, part, file);
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
            self.place(i + 1, subset | 1 << i, k + 1, next, file);
        }
    }
}
