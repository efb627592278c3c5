//! An independent oracle for the searches' step counts, solution counts and
//! first matrices: a plain recursive backtracker written from the seed's
//! text (`000_7439845249fc9285.txt`, Part II), sharing no code with
//! [`crate::search`] or [`crate::Plan`]. It binds the cells in an order
//! written out by hand, tries every number 0..n²−1 in ascending order for
//! each cell (one step per number tried, the crate's unit), and checks each
//! condition at the binding where the strategy places it: as soon as its
//! last cell is bound, at the end of the seed's `trynum` group holding that
//! cell, or on the complete matrix. Nothing is skipped, so its counts are
//! what the crate's shortcuts (forced cells, precomputed levels) must equal.

use std::ops::ControlFlow;

/// The seed's cells `ABCD / EFGH / IJKL / MNOP`, row-major.
fn letter(c: char) -> usize {
    (c as u8 - b'A') as usize
}

/// The seed's binding order, read off its clause: `trynum(A)`,
/// `trynum(B), trynum(E), trynum(F)`, `trynum(C), trynum(G)`, …
pub const SEED_ORDER: &str = "ABEFCGIJKDHMNLOP";

/// The seed's `trynum` groups: the checks of a clause run after its group.
pub const SEED_GROUPS: [&str; 10] = ["A", "BEF", "CG", "IJ", "K", "DH", "MN", "L", "O", "P"];

/// The 6×6 order of the crate docs' grid (each cell's place in the order).
pub const SIX_PLACES: [[usize; 6]; 6] = [
    [0, 1, 4, 9, 16, 25],
    [2, 3, 5, 10, 17, 26],
    [6, 7, 8, 13, 20, 29],
    [11, 12, 14, 15, 22, 31],
    [18, 19, 21, 23, 24, 33],
    [27, 28, 30, 32, 34, 35],
];

/// Where a kind of check runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// Right after its last cell is bound.
    Bound,
    /// After the seed's `trynum` group holding its last cell (n = 4 only).
    Group,
    /// On the complete matrix.
    End,
}

/// Which of the seed's starred rules hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// `a[0][0] = 0`, `a[0][1] < a[1][0]`, `a[0][1] < a[0][n−1]`,
    /// `a[1][0] < a[n−1][0]`.
    Seed,
    /// `a[0][0] = 0` only.
    CornerZero,
    /// None.
    None,
}

/// A search to reproduce: size, binding order and where each check runs.
#[derive(Clone, Debug)]
pub struct Case {
    pub n: usize,
    /// Cells (row-major indices) in binding order.
    pub order: Vec<usize>,
    pub distinct: At,
    pub rules_at: At,
    pub sums: At,
    pub rules: Rules,
}

impl Case {
    /// The seed's order at n = 4 (letters), or the documented grid at n = 6.
    pub fn blocks(n: usize) -> Case {
        let order = match n {
            4 => SEED_ORDER.chars().map(letter).collect(),
            6 => {
                let mut order = vec![0; 36];
                for (i, row) in SIX_PLACES.iter().enumerate() {
                    for (j, &place) in row.iter().enumerate() {
                        order[place] = 6 * i + j;
                    }
                }
                order
            }
            _ => panic!("the oracle knows the orders of n = 4 and n = 6"),
        };
        Case {
            n,
            order,
            distinct: At::Bound,
            rules_at: At::Bound,
            sums: At::Bound,
            rules: Rules::Seed,
        }
    }

    /// Row-major order, `A B C D E …`.
    pub fn row_major(n: usize) -> Case {
        Case {
            order: (0..n * n).collect(),
            ..Case::blocks(n)
        }
    }
}

/// One condition on the cells.
#[derive(Clone, Copy, Debug)]
enum Check {
    /// The cell's number is no other bound cell's.
    Distinct(usize),
    Zero(usize),
    Less(usize, usize),
    /// The four cells of a 2×2 block sum to the magic sum.
    Sum([usize; 4]),
}

/// What the oracle saw: steps (numbers tried), solutions, and the first
/// matrix (row-major) if it stopped there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    pub steps: u64,
    pub solutions: u64,
    pub finished: bool,
    pub first: Option<Vec<u32>>,
}

struct Walk {
    n2: usize,
    order: Vec<usize>,
    /// The checks run after binding place p.
    checks: Vec<Vec<Check>>,
    sum: u32,
    value: Vec<u32>,
    /// How many bound cells hold each number.
    holders: Vec<u32>,
    steps: u64,
    budget: u64,
    solutions: u64,
    stop_at_first: bool,
    first: Option<Vec<u32>>,
}

impl Walk {
    fn holds(&self, check: Check) -> bool {
        let v = |c: usize| self.value[c];
        match check {
            Check::Distinct(c) => self.holders[v(c) as usize] == 1,
            Check::Zero(c) => v(c) == 0,
            Check::Less(a, b) => v(a) < v(b),
            Check::Sum(cells) => cells.iter().map(|&c| v(c)).sum::<u32>() == self.sum,
        }
    }

    fn place(&mut self, p: usize) -> ControlFlow<()> {
        let cell = self.order[p];
        for x in 0..self.n2 as u32 {
            if self.steps == self.budget {
                return ControlFlow::Break(());
            }
            self.steps += 1;
            self.value[cell] = x;
            self.holders[x as usize] += 1;
            let ok = self.checks[p].iter().all(|&c| self.holds(c));
            let flow = if !ok {
                ControlFlow::Continue(())
            } else if p + 1 == self.n2 {
                self.solutions += 1;
                if self.stop_at_first {
                    self.first = Some(self.value.clone());
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            } else {
                self.place(p + 1)
            };
            self.holders[x as usize] -= 1;
            flow?;
        }
        ControlFlow::Continue(())
    }
}

/// Runs `case` until `budget` steps, or the first matrix if `first`.
pub fn run(case: &Case, budget: u64, first: bool) -> Seen {
    let n = case.n;
    let n2 = n * n;
    let mut place_of = vec![0; n2];
    for (p, &c) in case.order.iter().enumerate() {
        place_of[c] = p;
    }
    // The end of the `trynum` group of each place (the seed's groups, n = 4).
    let group_end = |p: usize| -> usize {
        let mut end = 0;
        for g in SEED_GROUPS {
            end += g.len();
            if p < end {
                return end - 1;
            }
        }
        unreachable!("place {p} beyond the seed's groups")
    };
    let mut checks = vec![Vec::new(); n2];
    let mut add = |at: At, cells: &[usize], check: Check| {
        let last = cells.iter().map(|&c| place_of[c]).max().unwrap();
        let p = match at {
            At::Bound => last,
            At::Group => {
                assert_eq!(n, 4, "the seed's groups are for 4×4");
                group_end(last)
            }
            At::End => n2 - 1,
        };
        checks[p].push(check);
    };
    for c in 0..n2 {
        add(case.distinct, &[c], Check::Distinct(c));
    }
    let cell = |i: usize, j: usize| i * n + j;
    if case.rules != Rules::None {
        add(case.rules_at, &[0], Check::Zero(0));
    }
    if case.rules == Rules::Seed {
        for (a, b) in [
            (cell(0, 1), cell(1, 0)),
            (cell(0, 1), cell(0, n - 1)),
            (cell(1, 0), cell(n - 1, 0)),
        ] {
            add(case.rules_at, &[a, b], Check::Less(a, b));
        }
    }
    for i in 0..n - 1 {
        for j in 0..n - 1 {
            let block = [
                cell(i, j),
                cell(i, j + 1),
                cell(i + 1, j),
                cell(i + 1, j + 1),
            ];
            add(case.sums, &block, Check::Sum(block));
        }
    }
    // 0..n²−1 sum to n²(n²−1)/2, shared by the n²/4 disjoint blocks.
    let total = (n2 * (n2 - 1) / 2) as u32;
    let mut walk = Walk {
        n2,
        order: case.order.clone(),
        checks,
        sum: total / (n2 as u32 / 4),
        value: vec![0; n2],
        holders: vec![0; n2],
        steps: 0,
        budget,
        solutions: 0,
        stop_at_first: first,
        first: None,
    };
    let finished = walk.place(0).is_continue();
    Seen {
        steps: walk.steps,
        solutions: walk.solutions,
        finished,
        first: walk.first,
    }
}
