//! `block-sums`: the second backtracking problem of seed 000
//! (`000_7439845249fc9285.txt`, Part II, "Problem 1 chosen"), solved there in
//! Visual Prolog: enumerate the 4×4 matrices holding the numbers 0..15 once
//! each in which every 2×2 block of adjacent cells has the same sum.
//!
//! # The magic block sum
//!
//! It is derived, not given (the seed's closing section): the numbers
//! 0..n²−1 sum to n²(n²−1)/2, and for even n the matrix is tiled by n²/4
//! disjoint 2×2 blocks that must share that total equally, so every block sums
//! to 2(n²−1) = 2n² − 2: 30 for n = 4, 70 for n = 6 ([`block_sum`]). The
//! derivation needs the tiling, hence even n.
//!
//! # The order
//!
//! The seed names the cells row-major `A`..`P`
//! (`ABCD / EFGH / IJKL / MNOP`) and binds them (`trynum(X)`, the numbers
//! 0..15 in ascending order) as
//! `A B E F C G I J K D H M N L O P`: "the smallest set of connected elements
//! that create a new, complete 2x2 submatrix", so each block's sum is checked
//! as soon as its fourth cell is bound ([`Order::Blocks`]). For general even n
//! the blocks are visited in growing squares, as the seed does for n = 4: the
//! top-left block, then for each shell k = 1..n−2 the block (0, k) at the top,
//! the block (k, 0) at the left, then (1, k), (k, 1), (2, k), (k, 2), …,
//! (k, k). Each block binds its cells that are not bound yet, row-major within
//! the block: the first block 4 cells, the blocks of the top row and the left
//! column 2 each, every other block 1 (its bottom-right cell), and each block
//! is complete when its last cell is bound. For n = 4 this is the seed's
//! order exactly; for n = 6 each cell's place in the order
//! ([`binding_order`]) is:
//!
//! ```text
//!  0  1  4  9 16 25
//!  2  3  5 10 17 26
//!  6  7  8 13 20 29
//! 11 12 14 15 22 31
//! 18 19 21 23 24 33
//! 27 28 30 32 34 35
//! ```
//!
//! [`Order::RowMajor`] binds `A B C D E F …` instead, for comparison.
//!
//! # The checks and where they run
//!
//! Three kinds of check, each placed by [`When`] ([`Checks`]):
//! distinctness (a cell's number differs from every other cell's), the
//! symmetry rules, and block sums. [`When::Bound`] runs a check right after
//! the last of its cells is bound (the issue's reading of the seed: each block
//! sum as its fourth cell is bound, distinctness as each cell is bound).
//! [`When::Clause`] runs it where the Visual Prolog clause has it: after the
//! group of `trynum` calls that completes a block (`trynum(B), trynum(E),
//! trynum(F)`, then `A <> B, …, B < E, …, A + B + E + F = 30`).
//! [`When::Complete`] runs it only once all n² cells are bound.
//!
//! The seed reports that with the uniqueness checks "done first rather than as
//! new elements are added" its program "does not finish in a reasonable amount
//! of time". The words admit two models, both measured ([`strategies`]):
//! `deferred-distinct` keeps the seed's order and its sum and symmetry checks
//! where they are but runs every distinctness check only on the complete
//! matrix (a set of the n² numbers; the matrix fails if any number repeats);
//! `deferred-sums` keeps distinctness as cells are bound but checks the block
//! sums on the complete matrix (uniqueness first, sums last: the search walks
//! the permutations). `generate-and-test` defers all three.
//!
//! # Symmetry breaking
//!
//! The seed's starred rules ([`Symmetry::Seed`]): `a[0][0] = 0`,
//! `a[0][1] < a[1][0]`, `a[0][1] < a[0][n−1]`, `a[1][0] < a[n−1][0]`. They are
//! sound because every solution is a solution on the torus too (the seed's
//! wrap-around proof: [`Matrix::torus_blocks_sum_to`]): the n² cyclic shifts
//! move 0 to the corner, and the 8 symmetries of the square around that corner
//! (transpose, i → −i, j → −j, all mod n) move the smallest of its four torus
//! neighbours to `a[0][1]` and order the other pair. For n = 4 that leaves
//! 159 of the 1272 corner-zero matrices (1272 = 8 × 159) and of all 20352
//! (20352 = 16 × 1272; not 8 × 1272: the shifts are symmetries too).
//! From n = 6 on, more symmetries exist (any permutation of the rows that
//! keeps even rows even and odd rows odd, or swaps the two classes, and the
//! same for columns): [`Symmetry::Full`] breaks those too; for n = 4 it is
//! exactly the seed's rules.
//!
//! # What the searches find
//!
//! 4×4, the seed's order and checks: 159 matrices with the seed's rules,
//! 1272 with `a[0][0] = 0` only, 20352 with none; the first two and the last
//! two of the 159 are the seed's appendix. The tests expand the 159 under the
//! 8 corner symmetries to exactly the 1272 and under all 128 torus symmetries
//! to exactly the 20352, and check the wrap-around blocks of all 20352.
//! The complement x → 15 − x is a further symmetry the seed's rules keep:
//! for 111 of the 159 it is already a torus symmetry, the other 48 pair up.
//!
//! The comparison ([`compare_orders`], steps are exact): `seed-order` 269232
//! steps, `row-major` 726144, `seed-clauses` 911648, `deferred-distinct`
//! 7559008 (it finishes: with the block sums still checked as blocks
//! complete, only 6 of the 16 cells are free, so deferring distinctness costs
//! 28× the steps, not the seed's "does not finish"), `deferred-sums` and
//! `generate-and-test` stop at any budget tried (walking the permutations of
//! 15 numbers, or 16¹⁶ fillings); `corner-zero-only` 1203664 and
//! `no-symmetry` 23639568 show what the seed's rules save (4.5× and 88×).
//!
//! 6×6 (block sum 70): the first matrix in the seed's order takes
//! 129924702 steps with the seed's rules (30643794 with [`Symmetry::Full`]);
//! the whole search under [`Symmetry::Full`] finds 4252 matrices in
//! 4441484700 steps (seconds), under the seed's rules 153072 = 36 × 4252
//! (a minute or two). By the same symmetry arguments (8 corner symmetries,
//! 36 shifts) there are 36 × 8 × 153072 = 44084736 in all; not counted.
//!
//! # Steps
//!
//! One step is one value tried for one cell: the analogue of one success of
//! the seed's `trynum(X)`, counted whether or not the checks that follow
//! accept it. Every cell tries all n² numbers in ascending order (the seed's
//! `trynum` facts), even a cell whose value a block sum determines, so the
//! 4×4 search is the seed's. The search is generic over a
//! [`queens_core::Probe`]; [`queens_core::NoSteps`] makes timed runs pay
//! nothing. A step budget or a deadline ([`Limits`]) needs a counting probe.
//! A cell completing a block has one number that can pass its sum; the search
//! checks only that one and counts the others as tried without checking them,
//! so the steps, the solutions and where a budget stops are exactly those of
//! trying every number (a test compares the two).
//!
//! # The command
//!
//! `block-sums` lists the 159 matrices (pretty: n rows, columns left-aligned
//! five wide, a blank line between matrices; `--compressed`: one line of n²
//! numbers); `--symmetry corner-zero|none|full` changes the rules. Each
//! `--json` form is one line per record:
//!
//! - listing (4×4): `{"all":20352,"corner_zero":1272,"canonical":159,
//!   "steps":269232,"nanos":T}`: the three counts; steps of the seed's search
//!   with its rules, nanos of the same search timed without counting steps.
//! - `--first [--size N] [--time-budget SECS]`: `{"size":6,"block_sum":70,
//!   "symmetry":"seed","found":true,"matrix":[[0,5,6,11,12,17],…],
//!   "steps":129924702,"nanos":T,"time_budget_secs":10,"reached":[]}`
//!   (`matrix` null when the time ran out first).
//! - `--count [--size N] [--time-budget SECS]`: `{"size":6,"block_sum":70,
//!   "symmetry":"seed","solutions":K,"steps":S,"nanos":T,"finished":false,
//!   "time_budget_secs":10,"reached":[0,15,35,…]}`; `reached` is, when the
//!   search stopped early, the numbers bound on its current path in binding
//!   order (the first ones say how far through the tree it got).
//! - `--compare-orders [--budget STEPS]`: one line per [`strategies`] entry,
//!   [`Comparison::json`]: `{"strategy":"seed-order","steps":269232,
//!   "nanos":T,"finished":true,"solutions":159,"budget":1000000000}`; nanos
//!   is the wall time of the step-counting run (a budget needs the counter).
//!
//! The time budget defaults to 10 s, the step budget to [`DEFAULT_BUDGET`].
//! Sizes: even, 4..=8 ([`check_size`]).

use std::fmt;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use queens_core::{NoSteps, Probe, StepCounter};

pub mod symmetry;

/// The seed's size: 4×4, the numbers 0..15, blocks summing to 30.
pub const SEED_SIZE: usize = 4;

/// The smallest supported size: for n = 2 the seed's rule
/// `a[0][1] < a[0][n−1]` compares a cell with itself.
pub const MIN_SIZE: usize = 4;

/// The largest supported size: the numbers 0..n²−1 in use are one `u64` set.
pub const MAX_SIZE: usize = 8;

/// The most cells a matrix can have (n = [`MAX_SIZE`]).
pub const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// The default step budget of [`compare_orders`]: ample for every strategy
/// that finishes (the slowest, `no-symmetry`, needs 23.6 million steps), a
/// few seconds each for those that cannot.
pub const DEFAULT_BUDGET: u64 = 1_000_000_000;

/// The sum of the numbers 0..n²−1: n²(n²−1)/2 (120 for n = 4).
pub fn total_sum(n: usize) -> u64 {
    let cells = (n * n) as u64;
    cells * cells.saturating_sub(1) / 2
}

/// The number of disjoint 2×2 blocks that tile an n×n matrix (n even): n²/4.
pub fn disjoint_blocks(n: usize) -> u64 {
    (n * n / 4) as u64
}

/// The magic block sum for even n, derived as the seed does:
/// [`total_sum`] / [`disjoint_blocks`] = 2n² − 2 (30 for n = 4).
pub fn block_sum(n: usize) -> u32 {
    (total_sum(n) / disjoint_blocks(n)) as u32
}

/// Why a size is not supported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeError {
    /// n is odd: no tiling by disjoint 2×2 blocks, so no derived block sum.
    Odd(usize),
    /// n < [`MIN_SIZE`].
    TooSmall(usize),
    /// n > [`MAX_SIZE`].
    TooLarge(usize),
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizeError::Odd(n) => write!(
                f,
                "size {n} is odd: the block sum 2n²−2 is derived from the n²/4 disjoint 2×2 \
                 blocks that tile the matrix, so n must be even"
            ),
            SizeError::TooSmall(n) => write!(
                f,
                "size {n} is too small: it must be at least {MIN_SIZE} (for n = 2 the seed's \
                 rule a[0][1] < a[0][n-1] compares a cell with itself)"
            ),
            SizeError::TooLarge(n) => write!(
                f,
                "size {n} is too large: it must be at most {MAX_SIZE} (the numbers 0..n²−1 in \
                 use are kept in one 64-bit set)"
            ),
        }
    }
}

impl std::error::Error for SizeError {}

/// Accepts the even sizes [`MIN_SIZE`]..=[`MAX_SIZE`] (4, 6 and 8).
pub fn check_size(n: usize) -> Result<(), SizeError> {
    if n % 2 == 1 {
        Err(SizeError::Odd(n))
    } else if n < MIN_SIZE {
        Err(SizeError::TooSmall(n))
    } else if n > MAX_SIZE {
        Err(SizeError::TooLarge(n))
    } else {
        Ok(())
    }
}

/// An n×n matrix of numbers, row-major: a solution, or a candidate.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Matrix {
    n: usize,
    cells: Vec<u8>,
}

impl Matrix {
    /// The matrix with side `n` and the row-major `cells`.
    ///
    /// # Panics
    /// If `cells.len() != n * n`.
    pub fn new(n: usize, cells: Vec<u8>) -> Matrix {
        assert_eq!(cells.len(), n * n, "an {n}×{n} matrix has {} cells", n * n);
        Matrix { n, cells }
    }

    /// The side n.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The number in row `i`, column `j`.
    pub fn get(&self, i: usize, j: usize) -> u8 {
        self.cells[i * self.n + j]
    }

    /// The sum of the 2×2 block whose top-left cell is (i, j), the indices
    /// taken mod n, so blocks at the last row or column wrap around (the torus).
    pub fn block_at(&self, i: usize, j: usize) -> u32 {
        let n = self.n;
        let (i1, j1) = ((i + 1) % n, (j + 1) % n);
        [(i, j), (i, j1), (i1, j), (i1, j1)]
            .iter()
            .map(|&(r, c)| u32::from(self.get(r % n, c % n)))
            .sum()
    }

    /// Whether the cells are the numbers 0..n²−1, each once.
    pub fn is_permutation(&self) -> bool {
        let mut seen = vec![false; self.cells.len()];
        self.cells.iter().all(|&v| {
            let v = usize::from(v);
            v < seen.len() && !std::mem::replace(&mut seen[v], true)
        })
    }

    /// Whether this is a solution: the numbers 0..n²−1 once each, and every
    /// block of adjacent cells (not wrapping) summing to [`block_sum`].
    pub fn is_solution(&self) -> bool {
        let n = self.n;
        n % 2 == 0
            && n >= 2
            && self.is_permutation()
            && (0..n - 1).all(|i| (0..n - 1).all(|j| self.block_at(i, j) == block_sum(n)))
    }

    /// Whether all n² blocks of the torus, the wrapping ones included, sum to
    /// `sum`: the seed's wrap-around claim, checked rather than assumed.
    pub fn torus_blocks_sum_to(&self, sum: u32) -> bool {
        (0..self.n).all(|i| (0..self.n).all(|j| self.block_at(i, j) == sum))
    }

    /// The seed's compressed form: the n² numbers row-major, separated by
    /// single spaces (`0 3 4 7 12 15 8 11 1 2 5 6 13 14 9 10`).
    pub fn compressed(&self) -> String {
        let words: Vec<String> = self.cells.iter().map(u8::to_string).collect();
        words.join(" ")
    }

    /// The seed's pretty form: n lines, the numbers left-aligned in columns
    /// five characters wide (as the seed's appendix prints them), no trailing
    /// spaces, each line ending in `\n`.
    pub fn pretty(&self) -> String {
        let mut out = String::new();
        for row in self.cells.chunks(self.n) {
            let mut line = String::new();
            for (j, v) in row.iter().enumerate() {
                if j + 1 < row.len() {
                    line.push_str(&format!("{v:<5}"));
                } else {
                    line.push_str(&v.to_string());
                }
            }
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    /// The rows as a JSON array of arrays (`[[0,3,4,7],…]`).
    pub fn json(&self) -> String {
        let rows: Vec<String> = self
            .cells
            .chunks(self.n)
            .map(|r| {
                format!(
                    "[{}]",
                    r.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
                )
            })
            .collect();
        format!("[{}]", rows.join(","))
    }
}

impl fmt::Display for Matrix {
    /// The pretty form ([`Matrix::pretty`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.pretty())
    }
}

/// The order in which the search binds the cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The seed's: block by block in growing squares, each block's unbound
    /// cells row-major (`A B E F C G I J K D H M N L O P` for n = 4).
    Blocks,
    /// Row-major: `A B C D E F … P`.
    RowMajor,
}

/// The top-left cells (i, j) of the n−1 × n−1 blocks of adjacent cells in the
/// seed's order: (0,0), then per shell k the top (0,k), the left (k,0), then
/// (1,k), (k,1), …, (k−1,k), (k,k−1), and (k,k).
pub fn block_order(n: usize) -> Vec<(usize, usize)> {
    let mut blocks = Vec::new();
    if n < 2 {
        return blocks;
    }
    blocks.push((0, 0));
    for k in 1..n - 1 {
        blocks.push((0, k));
        blocks.push((k, 0));
        for i in 1..k {
            blocks.push((i, k));
            blocks.push((k, i));
        }
        blocks.push((k, k));
    }
    blocks
}

/// The cells (row-major indices i·n + j) in the order `order` binds them.
pub fn binding_order(n: usize, order: Order) -> Vec<usize> {
    match order {
        Order::RowMajor => (0..n * n).collect(),
        Order::Blocks => {
            let mut bound = vec![false; n * n];
            let mut cells = Vec::with_capacity(n * n);
            for (i, j) in block_order(n) {
                for c in [
                    i * n + j,
                    i * n + j + 1,
                    (i + 1) * n + j,
                    (i + 1) * n + j + 1,
                ] {
                    if !std::mem::replace(&mut bound[c], true) {
                        cells.push(c);
                    }
                }
            }
            cells
        }
    }
}

/// The seed's name of a cell: `A`..`P` for n = 4, `(i,j)` otherwise.
pub fn cell_name(n: usize, cell: usize) -> String {
    if n == SEED_SIZE {
        char::from(b'A' + cell as u8).to_string()
    } else {
        format!("({},{})", cell / n, cell % n)
    }
}

/// One symmetry-breaking rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// The cell holds this number (`a[0][0] = 0`).
    Fixed {
        /// The cell, row-major.
        cell: usize,
        /// Its number.
        value: u8,
    },
    /// The number in `lo` is less than the number in `hi`.
    Less {
        /// The smaller cell, row-major.
        lo: usize,
        /// The larger cell, row-major.
        hi: usize,
    },
}

impl Constraint {
    /// The cells the rule reads.
    pub fn cells(&self) -> Vec<usize> {
        match *self {
            Constraint::Fixed { cell, .. } => vec![cell],
            Constraint::Less { lo, hi } => vec![lo, hi],
        }
    }

    /// Whether a complete matrix obeys the rule.
    pub fn holds(&self, m: &Matrix) -> bool {
        match *self {
            Constraint::Fixed { cell, value } => m.cells[cell] == value,
            Constraint::Less { lo, hi } => m.cells[lo] < m.cells[hi],
        }
    }
}

/// How much symmetry the search breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// None: every solution (20352 for n = 4).
    None,
    /// Only `a[0][0] = 0` (1272 for n = 4).
    CornerZero,
    /// The seed's starred rules: `a[0][0] = 0`, `a[0][1] < a[1][0]`,
    /// `a[0][1] < a[0][n−1]`, `a[1][0] < a[n−1][0]` (159 for n = 4).
    Seed,
    /// All the symmetries of the torus rows and columns: `a[0][0] = 0`,
    /// `a[0][1] < a[1][0]`, and along the first row the odd columns
    /// increasing (`a[0][1] < a[0][3] < …`) and the even ones from column 2
    /// (`a[0][2] < a[0][4] < …`), the same down the first column. Any
    /// permutation of the rows that keeps the even rows together and the odd
    /// rows together maps solutions to solutions (a block's two rows always
    /// have opposite parity), and so for columns; for n = 4 these are the
    /// seed's rules, for n = 6 they divide the seed's count by 36.
    Full,
}

impl Symmetry {
    /// The rules for side n, in the seed's order.
    pub fn constraints(self, n: usize) -> Vec<Constraint> {
        let at = |i: usize, j: usize| i * n + j;
        let corner = Constraint::Fixed { cell: 0, value: 0 };
        let less = |lo, hi| Constraint::Less { lo, hi };
        match self {
            Symmetry::None => vec![],
            Symmetry::CornerZero => vec![corner],
            Symmetry::Seed => vec![
                corner,
                less(at(0, 1), at(1, 0)),
                less(at(0, 1), at(0, n - 1)),
                less(at(1, 0), at(n - 1, 0)),
            ],
            Symmetry::Full => {
                let mut rules = vec![corner, less(at(0, 1), at(1, 0))];
                for start in [1, 2] {
                    let mut k = start;
                    while k + 2 < n {
                        rules.push(less(at(0, k), at(0, k + 2)));
                        rules.push(less(at(k, 0), at(k + 2, 0)));
                        k += 2;
                    }
                }
                rules
            }
        }
    }
}

/// Where the search runs a kind of check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// Right after the last of its cells is bound.
    Bound,
    /// Where the seed's Visual Prolog clause has it: after the group of
    /// `trynum` calls that ends with the first cell, or completes a block, or
    /// is the last cell.
    Clause,
    /// Once every cell is bound.
    Complete,
}

/// Where each kind of check runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checks {
    /// The pairwise distinctness of the numbers.
    pub distinct: When,
    /// The symmetry-breaking rules.
    pub symmetry: When,
    /// The block sums.
    pub sums: When,
}

impl Checks {
    /// Every check as soon as its cells are bound: the issue's reading of the seed.
    pub const EAGER: Checks = Checks {
        distinct: When::Bound,
        symmetry: When::Bound,
        sums: When::Bound,
    };
    /// Every check where the seed's Visual Prolog clause has it.
    pub const CLAUSE: Checks = Checks {
        distinct: When::Clause,
        symmetry: When::Clause,
        sums: When::Clause,
    };
}

/// What to search: the size, the order, where checks run, the symmetry rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The side n (even, [`MIN_SIZE`]..=[`MAX_SIZE`]).
    pub n: usize,
    /// The binding order.
    pub order: Order,
    /// Where the checks run.
    pub checks: Checks,
    /// The symmetry-breaking rules.
    pub symmetry: Symmetry,
}

impl Config {
    /// The seed's search for side n: its order, checks as cells are bound,
    /// and the given symmetry rules.
    pub fn seed(n: usize, symmetry: Symmetry) -> Config {
        Config {
            n,
            order: Order::Blocks,
            checks: Checks::EAGER,
            symmetry,
        }
    }
}

/// The checks that run after one binding.
#[derive(Clone, Debug, Default)]
struct Level {
    /// The cell bound at this depth.
    cell: usize,
    /// Cells whose numbers join the set of distinct numbers here.
    distinct: Vec<usize>,
    /// Fixed-value rules due here.
    fixed: Vec<(usize, u8)>,
    /// Less-than rules due here.
    less: Vec<(usize, usize)>,
    /// Blocks (their four cells) whose sums are due here.
    blocks: Vec<[usize; 4]>,
    /// The other three cells of a due block that contains this level's cell:
    /// that block's sum leaves one candidate number, so the others need not
    /// be tried one by one (they are still counted as tried).
    forced: Option<[usize; 3]>,
}

/// A [`Config`] compiled into the checks due after each binding.
#[derive(Clone, Debug)]
pub struct Plan {
    config: Config,
    sum: u32,
    order: Vec<usize>,
    levels: Vec<Level>,
}

impl Plan {
    /// Compiles a configuration; fails for an unsupported size.
    pub fn new(config: Config) -> Result<Plan, SizeError> {
        let n = config.n;
        check_size(n)?;
        let order = binding_order(n, config.order);
        let cells = n * n;
        let mut position = vec![0; cells];
        for (p, &c) in order.iter().enumerate() {
            position[c] = p;
        }
        let blocks: Vec<[usize; 4]> = (0..n - 1)
            .flat_map(|i| (0..n - 1).map(move |j| (i, j)))
            .map(|(i, j)| {
                [
                    i * n + j,
                    i * n + j + 1,
                    (i + 1) * n + j,
                    (i + 1) * n + j + 1,
                ]
            })
            .collect();
        // Clause groups end at the first cell, at each block's completion, at the end.
        let mut group_end = vec![false; cells];
        group_end[0] = true;
        group_end[cells - 1] = true;
        for b in &blocks {
            group_end[b.iter().map(|&c| position[c]).max().unwrap_or(0)] = true;
        }
        let place = |earliest: usize, when: When| match when {
            When::Bound => earliest,
            When::Complete => cells - 1,
            When::Clause => (earliest..cells)
                .find(|&p| group_end[p])
                .unwrap_or(cells - 1),
        };
        let mut levels: Vec<Level> = order
            .iter()
            .map(|&cell| Level {
                cell,
                ..Level::default()
            })
            .collect();
        for (p, &c) in order.iter().enumerate() {
            levels[place(p, config.checks.distinct)].distinct.push(c);
        }
        for rule in config.symmetry.constraints(n) {
            let earliest = rule.cells().iter().map(|&c| position[c]).max().unwrap_or(0);
            let level = &mut levels[place(earliest, config.checks.symmetry)];
            match rule {
                Constraint::Fixed { cell, value } => level.fixed.push((cell, value)),
                Constraint::Less { lo, hi } => level.less.push((lo, hi)),
            }
        }
        for b in blocks {
            let earliest = b.iter().map(|&c| position[c]).max().unwrap_or(0);
            levels[place(earliest, config.checks.sums)].blocks.push(b);
        }
        for level in &mut levels {
            if let Some(b) = level.blocks.iter().find(|b| b.contains(&level.cell)) {
                let mut others = [0; 3];
                for (slot, &c) in others
                    .iter_mut()
                    .zip(b.iter().filter(|&&c| c != level.cell))
                {
                    *slot = c;
                }
                level.forced = Some(others);
            }
        }
        Ok(Plan {
            config,
            sum: block_sum(n),
            order,
            levels,
        })
    }

    /// The configuration compiled.
    pub fn config(&self) -> Config {
        self.config
    }

    /// The block sum every block must reach.
    pub fn sum(&self) -> u32 {
        self.sum
    }

    /// The binding order (row-major cell indices).
    pub fn order(&self) -> &[usize] {
        &self.order
    }
}

/// When a search must stop early. Both limits need a counting probe: a probe
/// that does not count (such as [`NoSteps`]) ignores them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Stop before step `max_steps + 1`: at most this many steps.
    pub max_steps: Option<u64>,
    /// Stop once this instant has passed (the clock is read about once per
    /// 65536 steps).
    pub deadline: Option<Instant>,
}

impl Limits {
    /// No limits.
    pub const NONE: Limits = Limits {
        max_steps: None,
        deadline: None,
    };
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The whole tree was searched.
    Finished,
    /// The visitor asked to stop (e.g. after the first solution).
    Stopped,
    /// The step budget ran out.
    Budget,
    /// The deadline passed.
    Deadline,
}

/// What a search reports besides its solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// How it ended.
    pub outcome: Outcome,
    /// When it stopped early: the numbers of the cells bound above the level
    /// where it stopped, in binding order (how far the search got); empty
    /// when it finished.
    pub reached: Vec<u8>,
}

/// Searches `plan`'s tree depth first, trying the numbers 0..n²−1 in
/// ascending order for each cell in the plan's binding order, and calls
/// `visit` with each solution (row-major cells) in that discovery order.
/// `probe` gets one step per value tried.
pub fn search<P: Probe, F: FnMut(&[u8]) -> ControlFlow<()>>(
    plan: &Plan,
    probe: &mut P,
    limits: Limits,
    mut visit: F,
) -> Run {
    let mut grid = [0u8; MAX_CELLS];
    let mut state = State {
        plan,
        probe,
        limits,
        visit: &mut visit,
        grid: &mut grid,
    };
    match state.descend(0, 0) {
        ControlFlow::Continue(()) => Run {
            outcome: Outcome::Finished,
            reached: Vec::new(),
        },
        ControlFlow::Break((outcome, depth)) => Run {
            outcome,
            reached: plan.order[..depth].iter().map(|&c| grid[c]).collect(),
        },
    }
}

/// The search's working state.
struct State<'a, P, F> {
    plan: &'a Plan,
    probe: &'a mut P,
    limits: Limits,
    visit: &'a mut F,
    grid: &'a mut [u8; MAX_CELLS],
}

impl<P: Probe, F: FnMut(&[u8]) -> ControlFlow<()>> State<'_, P, F> {
    /// Binds the cell at `depth` to each number in turn; `used` is the set of
    /// numbers whose distinctness has been checked so far.
    fn descend(&mut self, depth: usize, used: u64) -> ControlFlow<(Outcome, usize)> {
        let plan = self.plan;
        let level = &plan.levels[depth];
        let numbers = plan.levels.len() as u8;
        if let Some(others) = level.forced {
            // A due block holds this cell, so only S − (its other three) can
            // pass. The values are still tried in order and counted (the
            // seed's trynum tries them all), but only that one is checked.
            let rest: u32 = others.iter().map(|&c| u32::from(self.grid[c])).sum();
            let candidate = plan
                .sum
                .checked_sub(rest)
                .filter(|&v| v < u32::from(numbers))
                .map(|v| v as u8);
            let through = candidate.map_or(numbers, |v| v + 1);
            self.tried(depth, through)?;
            if let Some(v) = candidate {
                self.bind(depth, used, v)?;
                self.tried(depth, numbers - through)?;
            }
            return ControlFlow::Continue(());
        }
        for v in 0..numbers {
            self.tick(depth)?;
            self.bind(depth, used, v)?;
        }
        ControlFlow::Continue(())
    }

    /// One step, unless a limit stops the search first.
    #[inline(always)]
    fn tick(&mut self, depth: usize) -> ControlFlow<(Outcome, usize)> {
        if P::COUNTS {
            if let Some(t) = self.probe.total() {
                if self.limits.max_steps.is_some_and(|max| t >= max) {
                    return ControlFlow::Break((Outcome::Budget, depth));
                }
                if t & 0xFFFF == 0 && self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
                    return ControlFlow::Break((Outcome::Deadline, depth));
                }
            }
        }
        self.probe.step();
        ControlFlow::Continue(())
    }

    /// `k` steps for values that need no check: at once when the budget
    /// allows them all (the clock read if they cross a multiple of 65536),
    /// else one at a time, so a budget stops at exactly the same step.
    #[inline(always)]
    fn tried(&mut self, depth: usize, k: u8) -> ControlFlow<(Outcome, usize)> {
        let k = u64::from(k);
        if P::COUNTS {
            if let Some(t) = self.probe.total() {
                if self.limits.max_steps.is_some_and(|max| t + k > max) {
                    for _ in 0..k {
                        self.tick(depth)?;
                    }
                    return ControlFlow::Continue(());
                }
                if (t >> 16) != ((t + k) >> 16)
                    && self.limits.deadline.is_some_and(|d| Instant::now() >= d)
                {
                    return ControlFlow::Break((Outcome::Deadline, depth));
                }
            }
        }
        self.probe.steps(k);
        ControlFlow::Continue(())
    }

    /// Binds the cell at `depth` to `v` (a step already counted), runs the
    /// checks due there and, if they pass, reports a solution or goes deeper.
    #[inline(always)]
    fn bind(&mut self, depth: usize, used: u64, v: u8) -> ControlFlow<(Outcome, usize)> {
        let plan = self.plan;
        let level = &plan.levels[depth];
        self.grid[level.cell] = v;
        let mut set = used;
        for &c in &level.distinct {
            let bit = 1u64 << self.grid[c];
            if set & bit != 0 {
                return ControlFlow::Continue(());
            }
            set |= bit;
        }
        for &(c, value) in &level.fixed {
            if self.grid[c] != value {
                return ControlFlow::Continue(());
            }
        }
        for &(lo, hi) in &level.less {
            if self.grid[lo] >= self.grid[hi] {
                return ControlFlow::Continue(());
            }
        }
        for b in &level.blocks {
            let s: u32 = b.iter().map(|&c| u32::from(self.grid[c])).sum();
            if s != plan.sum {
                return ControlFlow::Continue(());
            }
        }
        if depth + 1 == plan.levels.len() {
            if (self.visit)(&self.grid[..plan.levels.len()]).is_break() {
                return ControlFlow::Break((Outcome::Stopped, depth));
            }
            ControlFlow::Continue(())
        } else {
            self.descend(depth + 1, set)
        }
    }
}

/// A counting run: solutions, steps, wall time, and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Solutions found.
    pub solutions: u64,
    /// Steps taken (values tried).
    pub steps: u64,
    /// Wall time of the run in nanoseconds.
    pub nanos: u64,
    /// How it ended, and how far it got.
    pub run: Run,
}

impl Tally {
    /// Whether the whole tree was searched.
    pub fn finished(&self) -> bool {
        self.run.outcome == Outcome::Finished
    }
}

/// Counts the solutions of `config` with a step counter, within `limits`.
pub fn count(config: Config, limits: Limits) -> Result<Tally, SizeError> {
    let plan = Plan::new(config)?;
    let mut probe = StepCounter::default();
    let mut solutions = 0u64;
    let start = Instant::now();
    let run = search(&plan, &mut probe, limits, |_| {
        solutions += 1;
        ControlFlow::Continue(())
    });
    let nanos = elapsed_nanos(start);
    Ok(Tally {
        solutions,
        steps: probe.count,
        nanos,
        run,
    })
}

/// Counts the solutions of `config` without counting steps and returns the
/// count and the wall time in nanoseconds: the timed run.
pub fn count_timed(config: Config) -> Result<(u64, u64), SizeError> {
    let plan = Plan::new(config)?;
    let mut solutions = 0u64;
    let start = Instant::now();
    search(&plan, &mut NoSteps, Limits::NONE, |_| {
        solutions += 1;
        ControlFlow::Continue(())
    });
    Ok((solutions, elapsed_nanos(start)))
}

/// Every solution of `config`, in discovery order.
pub fn solutions(config: Config) -> Result<Vec<Matrix>, SizeError> {
    let plan = Plan::new(config)?;
    let n = config.n;
    let mut found = Vec::new();
    search(&plan, &mut NoSteps, Limits::NONE, |cells| {
        found.push(Matrix::new(n, cells.to_vec()));
        ControlFlow::Continue(())
    });
    Ok(found)
}

/// The first solution of `config` in discovery order (if one is found within
/// `limits`), with the steps and time it took.
pub fn first(config: Config, limits: Limits) -> Result<(Option<Matrix>, Tally), SizeError> {
    let plan = Plan::new(config)?;
    let n = config.n;
    let mut probe = StepCounter::default();
    let mut found = None;
    let start = Instant::now();
    let run = search(&plan, &mut probe, limits, |cells| {
        found = Some(Matrix::new(n, cells.to_vec()));
        ControlFlow::Break(())
    });
    let nanos = elapsed_nanos(start);
    let tally = Tally {
        solutions: u64::from(found.is_some()),
        steps: probe.count,
        nanos,
        run,
    };
    Ok((found, tally))
}

/// Nanoseconds since `start`, saturating.
fn elapsed_nanos(start: Instant) -> u64 {
    u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// The deadline `budget` from now (saturating far in the future).
pub fn deadline_after(budget: Duration) -> Instant {
    let now = Instant::now();
    now.checked_add(budget)
        .unwrap_or_else(|| now + Duration::from_secs(86_400 * 365))
}

/// One search strategy of the order comparison (always n = 4).
#[derive(Clone, Copy, Debug)]
pub struct Strategy {
    /// Its name in the JSON and the table.
    pub name: &'static str,
    /// One line: what it does.
    pub what: &'static str,
    /// The search it runs.
    pub config: Config,
}

/// The strategies `--compare-orders` measures, the seed's first. All use the
/// seed's symmetry rules except the last two, which show what they save.
pub fn strategies() -> Vec<Strategy> {
    let n = SEED_SIZE;
    let with = |order, checks, symmetry| Config {
        n,
        order,
        checks,
        symmetry,
    };
    let seed = Symmetry::Seed;
    vec![
        Strategy {
            name: "seed-order",
            what: "seed's block order, every check as soon as its cells are bound",
            config: with(Order::Blocks, Checks::EAGER, seed),
        },
        Strategy {
            name: "seed-clauses",
            what: "seed's block order, checks where the Visual Prolog clause has them",
            config: with(Order::Blocks, Checks::CLAUSE, seed),
        },
        Strategy {
            name: "row-major",
            what: "row-major order, every check as soon as its cells are bound",
            config: with(Order::RowMajor, Checks::EAGER, seed),
        },
        Strategy {
            name: "deferred-distinct",
            what: "seed's block order, distinctness checked on the complete matrix",
            config: with(
                Order::Blocks,
                Checks {
                    distinct: When::Complete,
                    ..Checks::EAGER
                },
                seed,
            ),
        },
        Strategy {
            name: "deferred-sums",
            what: "seed's block order, distinctness as bound, sums on the complete matrix",
            config: with(
                Order::Blocks,
                Checks {
                    sums: When::Complete,
                    ..Checks::EAGER
                },
                seed,
            ),
        },
        Strategy {
            name: "generate-and-test",
            what: "every check on the complete matrix",
            config: with(
                Order::Blocks,
                Checks {
                    distinct: When::Complete,
                    symmetry: When::Complete,
                    sums: When::Complete,
                },
                seed,
            ),
        },
        Strategy {
            name: "corner-zero-only",
            what: "seed-order with only the rule a[0][0] = 0",
            config: with(Order::Blocks, Checks::EAGER, Symmetry::CornerZero),
        },
        Strategy {
            name: "no-symmetry",
            what: "seed-order without symmetry rules",
            config: with(Order::Blocks, Checks::EAGER, Symmetry::None),
        },
    ]
}

/// One strategy's result in the order comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The strategy's name.
    pub strategy: &'static str,
    /// Steps taken (values tried), at most the budget.
    pub steps: u64,
    /// Wall time of the (step-counting) run in nanoseconds.
    pub nanos: u64,
    /// Whether it searched its whole tree within the budget.
    pub finished: bool,
    /// Solutions found (all of them when finished).
    pub solutions: u64,
    /// The step budget it ran under.
    pub budget: u64,
}

impl Comparison {
    /// One JSON line: `{"strategy":"seed-order","steps":…,"nanos":…,
    /// "finished":true,"solutions":159,"budget":…}`.
    pub fn json(&self) -> String {
        format!(
            "{{\"strategy\":\"{}\",\"steps\":{},\"nanos\":{},\"finished\":{},\"solutions\":{},\"budget\":{}}}",
            self.strategy, self.steps, self.nanos, self.finished, self.solutions, self.budget
        )
    }
}

/// Runs every [`strategies`] entry with a step counter under `budget` steps.
pub fn compare_orders(budget: u64) -> Vec<Comparison> {
    strategies()
        .into_iter()
        .map(|s| compare_one(&s, budget))
        .collect()
}

/// Runs one strategy with a step counter under `budget` steps.
pub fn compare_one(strategy: &Strategy, budget: u64) -> Comparison {
    let limits = Limits {
        max_steps: Some(budget),
        deadline: None,
    };
    let tally = count(strategy.config, limits).expect("the comparison runs at n = 4");
    Comparison {
        strategy: strategy.name,
        steps: tally.steps,
        nanos: tally.nanos,
        finished: tally.finished(),
        solutions: tally.solutions,
        budget,
    }
}

#[cfg(test)]
mod oracle;
#[cfg(test)]
mod tests;
