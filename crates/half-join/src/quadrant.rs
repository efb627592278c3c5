//! The quadrant slices: every partial placement of one block of the board
//! on a given set of its rows. A half board is then a join of two of them
//! (its top and bottom blocks, on complementary columns), not a search.
//!
//! A slice is built when a task asks for it, by a walk over just its rows,
//! and kept in a small cache of the thread's last few slices: consecutive
//! tasks share row sets (the bottom rows change slowest in the task order,
//! and for odd n one task's orbits share most of their west rows), and
//! no table of the whole block is ever held, so the memory is that of one
//! task's slices, not the whole board's.

use std::cell::RefCell;
use std::rc::Rc;

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
    /// (the slice is sorted by columns), so a join steps from run to run.
    pub rest: u32,
    /// Its diagonals in the window both halves reach, packed as the join
    /// packs them ([`crate::Geometry::pack`]), so a half's word is the OR
    /// of its two parts' words.
    pub word: u64,
    /// Its queens (for listings): their columns less the block's first
    /// column, four bits per queen, the block's rows in increasing order.
    pub queens: u64,
}

/// How a block's parts are described: the numbers [`Part`] needs beyond
/// the block's own.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Describe {
    /// The row where the top and bottom blocks of a half meet.
    pub seam: usize,
    /// Odd n: the middle column.
    pub middle: Option<usize>,
    /// The board's geometry, whose [`crate::Geometry::pack`] packs a
    /// part's word.
    pub g: crate::Geometry,
}

/// One block of the board: rows `first_row..first_row + height`, columns
/// `first_col..first_col + width` of an n×n board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Block {
    n: usize,
    /// First row of the block.
    pub first_row: usize,
    height: usize,
    /// First column of the block.
    pub first_col: usize,
    width: usize,
    /// The block's columns as bits.
    window: u64,
    describe: Describe,
}

/// A part while it is built: full diagonals, and its queens.
#[derive(Clone, Copy)]
struct Raw {
    cols: u32,
    d1: u64,
    d2: u64,
    queens: u64,
}

/// A slice: the parts on one set of rows, sorted by columns.
pub(crate) type Slice = Rc<Vec<Part>>;

/// Slices kept per thread: enough for one task's four (for odd n, the
/// west slices of its orbits' middle rows, which share their other rows)
/// and the next task's, which mostly shares its bottom rows.
const CACHED: usize = 6;

/// What names a slice: n, the block's first row and column, its rows and
/// the middle queen it spares.
type Key = (usize, usize, usize, u32, Option<usize>);

/// The thread's last slices, most recent last.
#[derive(Default)]
struct Cache {
    slices: Vec<(Key, Slice)>,
    /// Scratch for building: the parts in walk order, and the count of
    /// each column set (for the sort).
    walk: Vec<Part>,
    counts: Vec<u32>,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::default();
}

impl Block {
    pub fn new(
        n: usize,
        (first_row, height): (usize, usize),
        (first_col, width): (usize, usize),
        describe: Describe,
    ) -> Block {
        Block {
            n,
            first_row,
            height,
            first_col,
            width,
            window: ((1u64 << width) - 1) << first_col,
            describe,
        }
    }

    /// The parts on exactly the board rows `rows` ∩ this block, sorted by
    /// their columns (in walk order among equal columns), leaving out with
    /// `middle` (odd n) those that attack a queen on (middle, middle
    /// column): from the thread's cache, or built and cached.
    pub fn parts(&self, rows: u32, middle: Option<usize>) -> Slice {
        let rows = rows & (((1u64 << self.height) - 1) << self.first_row) as u32;
        let key = (self.n, self.first_row, self.first_col, rows, middle);
        CACHE.with_borrow_mut(|cache| {
            if let Some(i) = cache.slices.iter().position(|(k, _)| *k == key) {
                let hit = cache.slices.remove(i);
                let slice = Rc::clone(&hit.1);
                cache.slices.push(hit);
                return slice;
            }
            if cache.slices.len() == CACHED {
                cache.slices.remove(0);
            }
            let slice = Rc::new(self.build(rows, middle, cache));
            cache.slices.push((key, Rc::clone(&slice)));
            slice
        })
    }

    /// Drops the thread's cached slices (at the end of a count).
    pub fn forget() {
        CACHE.with_borrow_mut(|cache| *cache = Cache::default());
    }

    /// Walks the placements on `rows` (sparing the middle queen of row
    /// `middle`) and sorts them by columns (a stable counting sort on the
    /// block's column set).
    fn build(&self, rows: u32, middle: Option<usize>, cache: &mut Cache) -> Vec<Part> {
        let walk = &mut cache.walk;
        walk.clear();
        // The rows to fill, each with the columns it may use.
        let mut ys = [(0usize, 0u64); 32];
        let mut k = 0;
        for y in 0..self.n {
            if rows >> y & 1 == 1 {
                let mut open = self.window;
                if let (Some(m), Some(x)) = (middle, self.describe.middle) {
                    let d = y.abs_diff(m);
                    open &= !((1u64 << (x + d)) | (1u64 << x >> d.min(63)));
                }
                ys[k] = (y, open);
                k += 1;
            }
        }
        let empty = Raw {
            cols: 0,
            d1: 0,
            d2: 0,
            queens: 0,
        };
        self.place(&ys[..k], 0, empty, walk);
        let counts = &mut cache.counts;
        counts.clear();
        counts.resize((1 << self.width) + 1, 0);
        let key = |p: &Part| (p.cols >> self.first_col) as usize;
        for p in walk.iter() {
            counts[key(p) + 1] += 1;
        }
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        let mut out = Vec::with_capacity(walk.len());
        let spare = out.spare_capacity_mut();
        for p in walk.iter() {
            let at = &mut counts[key(p)];
            spare[*at as usize].write(*p);
            *at += 1;
        }
        // SAFETY: the counting sort wrote each of the walk's parts to its
        // own slot, and there are as many slots as parts.
        unsafe { out.set_len(walk.len()) };
        for i in (1..out.len()).rev() {
            if out[i - 1].cols == out[i].cols {
                out[i - 1].rest = out[i].rest + 1;
            }
        }
        walk.clear();
        out
    }

    /// Places a queen on each of `ys` in turn (each row with the columns
    /// open to it; k queens placed so far), filing each placement of
    /// them all.
    #[inline]
    fn place(&self, ys: &[(usize, u64)], k: usize, part: Raw, out: &mut Vec<Part>) {
        let Some((&(y, open), rest)) = ys.split_first() else {
            out.push(self.part(part));
            return;
        };
        let shift1 = self.n - 1 - y;
        let used = u64::from(part.cols);
        let mut free = open & !(used | part.d1 >> shift1 | part.d2 >> y);
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
            if rest.is_empty() {
                out.push(self.part(next));
            } else {
                self.place(rest, k + 1, next, out);
            }
        }
    }

    /// A placement as the join reads it.
    #[inline(always)]
    fn part(&self, raw: Raw) -> Part {
        let (n, d) = (self.n, &self.describe);
        // The seam's diagonals: cells (seam − 1, x) and (seam, x ± 1) for
        // the block's columns x.
        let wide = self.width.saturating_sub(1);
        let seam_mask = (1u64 << wide) - 1;
        let (seam1, seam2) = (self.first_col + n - d.seam, self.first_col + d.seam);
        let meet = (raw.d1 >> seam1 & seam_mask) | (raw.d2 >> seam2 & seam_mask) << wide;
        // A queen on (m, x) lies on d1 diagonal x + n − 1 − m and d2
        // diagonal x + m.
        let hits = d.middle.map_or(0, |x| {
            let rows = (1u64 << n) - 1;
            let d2 = (raw.d2 >> x & rows) as u32;
            let d1 = (raw.d1 >> x & rows) as u32;
            d2 | d1.reverse_bits() >> (32 - n)
        });
        let word = d.g.pack(raw.d1, raw.d2);
        Part {
            cols: raw.cols,
            meet: meet as u32,
            hits,
            word,
            queens: raw.queens,
            rest: 1,
        }
    }

    /// Every part of the block on every set of its rows (tests).
    #[cfg(test)]
    pub fn all_parts(&self) -> u64 {
        let all = ((1u64 << self.height) - 1) << self.first_row;
        (0..1u64 << self.height)
            .map(|s| {
                let rows = (s << self.first_row & all) as u32;
                let mut c = Cache::default();
                self.build(rows, None, &mut c).len() as u64
            })
            .sum()
    }
}
