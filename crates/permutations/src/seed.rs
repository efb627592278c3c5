//! `permutations`: the seed's program holding what MATLAB holds (the crate
//! docs give the program, the order, the steps and the nodes, shared with
//! `permutations-streaming`).
//!
//! The seed's lines, one step each ([`Arrays`]):
//!
//! 1. `cols=perms(rows)`: every permutation of 1..N as a row of an N!×N
//!    matrix, in `perms`' order ([`Arrays::perms`]), stored column-major as
//!    MATLAB stores it, the values 1..N as doubles.
//! 2. `M=zeros(N,N,S); M(linearInd) = 1`: the N×N×S stack of 0/1 boards,
//!    plane k holding a 1 in row r, column `cols(k,r)` ([`Arrays::place_queens`]).
//!    The seed reaches those cells through `linearInd`, an N×S array of
//!    their linear indexes built with `sub2ind` and three `repmat`s; here
//!    each cell is written directly, so `linearInd` and its temporaries are
//!    not held (MATLAB's own peak is higher by at least 8·N·N! bytes).
//! 3. `dv=arrayfun(...)`: for each board, the largest sum of its diagonals
//!    `diag(M(:,:,k),x)` and of the diagonals of `rot90(M(:,:,k))` (the
//!    board's anti-diagonals), x = −(N−2)..N−2, one double per board
//!    ([`Arrays::diagonal_sums`]): O(N²) per board, read from the plane, as
//!    the seed does (`rot90` is not copied: its diagonal x is the board's
//!    anti-diagonal r + c = N − 1 + x, 0-based). One step per board.
//! 4. `M(:,:,dv>1)=[]`: the boards with a diagonal sum above 1 are deleted;
//!    the others keep their order ([`Arrays::delete_unsafe`]). MATLAB copies
//!    the kept planes into a new array; here they move down in place and the
//!    stack is shrunk, which holds no more than MATLAB does.
//!
//! The solutions are then read off the kept planes, in order: the column of
//! the 1 in each row.
//!
//! **Memory.** Every element is a double, 8 bytes ([`ELEMENT_BYTES`]), as
//! in MATLAB, where `1:N`, `perms` of it and `zeros` are all of class
//! double: the seed's `whos` shows `M` at 8x8x40320 taking 20 643 840 bytes,
//! 8 per cell. Held together at the peak (after `dv`, before the deletion):
//! `cols` (N!·N), `M` (N!·N²) and `dv` (N!), so 8·N!·(N²+N+1) bytes
//! ([`seed_bytes`]): 22.5 MiB at n = 8, 252 MiB at n = 9, 3.0 GiB at
//! n = 10, 39.6 GiB at n = 11. Every byte is written, so every page is
//! resident: the process's peak is that plus the program itself.
//!
//! **First solution.** The seed has no early stop: `dv` is computed for
//! every board before any is deleted, and its first solution is the first
//! plane left. A first-solution run does the same, so it tests all n!
//! boards and holds the same memory as a count.
//!
//! **Trace** ([`TRACE`], `queens --trace`): `candidate` (the step) per board
//! tested while `dv` is computed, its columns read from `cols`, `ok` when it
//! is kept; a first-solution run writes all n! of them too.
//!
//! **Limit:** n ≤ [`MAX_N`] = 10: the arrays must fit the [`MEMORY_BUDGET`]
//! of 8 GiB (a third of the project's 24 GiB machines); n = 10 takes 3.0
//! GiB, n = 11 would take 39.6 GiB. [`Enumerate::check`] refuses larger n
//! with the formula's value for the n asked.

use std::ops::ControlFlow;

use queens_core::{Enumerate, Event, Info, Kind, Options, Probe, Refusal, Sink, TraceInfo};

use crate::generate::{Test, generate};
use crate::{NODE_UNIT, factorial};

/// The largest n whose arrays ([`seed_bytes`]) fit the [`MEMORY_BUDGET`]
/// (a test checks both sides).
pub const MAX_N: usize = 10;

/// The memory the arrays may take: 8 GiB, a third of the 24 GiB the
/// project's machines have, so a run leaves room for everything else.
pub const MEMORY_BUDGET: u64 = 8 << 30;

/// The size of every element: MATLAB's double.
pub const ELEMENT_BYTES: usize = size_of::<f64>();

/// The approach's description.
pub static INFO: Info = Info {
    id: "permutations",
    good_for: "seeing brute force over all n! permutations, with MATLAB's memory",
    title: "MATLAB perms filter",
    source: "[Eddins 2017] uu tii's MATLAB perms filter",
    structure: "perms(1:N) as an N!×N matrix, the N×N×N! stack of 0/1 boards and dv, one per \
                board, all doubles (8 bytes) as in MATLAB: 8·N!·(N²+N+1) bytes",
    step_unit: "permutations tested",
    order: "reverse lexicographic, as MATLAB's perms(1:N) lists them",
    max_n: MAX_N,
    limit_reason: "the seed's arrays take 8·N!·(N²+N+1) bytes in doubles: 3.0 GiB at n = 10, \
                   39.6 GiB at n = 11, over the 8 GiB budget",
    kind: Kind::Exhaustive,
    splits: false,
    counts_unique: false,
    quick_n: 9,
    bench_count: &[8, 9],
    // A first solution builds and tests every board, as a count does: the
    // same run, so it is not benchmarked.
    bench_first: &[],
};

/// How the search traces ([`Enumerate::trace_info`]).
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Candidate),
    count_max_n: MAX_N,
    first_max_n: MAX_N,
    reason: "a trace writes a candidate event per board tested, all n! of them in a count and \
             in a first-solution run alike: 10! = 3 628 800 at n = 10, the largest n whose \
             arrays fit the memory budget",
};

/// The seed's `perms` filter, holding the seed's arrays.
#[derive(Clone, Copy, Debug, Default)]
pub struct Permutations;

/// The bytes the seed's arrays take at their peak for a board of n:
/// `cols` (n!·n), `M` (n!·n²) and `dv` (n!) doubles, 8·n!·(n²+n+1). A float,
/// since it is also the reason given for sizes far past the limit.
pub fn seed_bytes(n: usize) -> f64 {
    let n_factorial: f64 = (1..=n).map(|k| k as f64).product();
    ELEMENT_BYTES as f64 * n_factorial * (n * n + n + 1) as f64
}

/// The seed's arrays for a board of n (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq)]
pub struct Arrays {
    n: usize,
    /// S = n!, the rows of `perms`.
    s: usize,
    /// `cols = perms(1:N)`: S×N, column-major: `cols(k, r)` (0-based) at
    /// `k + r·S`, holding 1..=N.
    cols: Vec<f64>,
    /// `M`: N×N×planes, column-major: `M(r, c, k)` (0-based) at
    /// `r + c·N + k·N²`.
    boards: Vec<f64>,
    /// `dv`: the largest diagonal sum of each of the S boards.
    dv: Vec<f64>,
    /// The planes `M` holds: S, then the kept ones.
    planes: usize,
}

/// Writes each permutation the generator hands over as the next row of
/// `cols`, and reports its prefixes as the nodes.
struct Rows<'a, P> {
    cols: &'a mut [f64],
    s: usize,
    k: usize,
    probe: &'a mut P,
}

impl<P: Probe> Test for Rows<'_, P> {
    #[inline(always)]
    fn test(&mut self, perm: &[u32], _surplus: u32) -> ControlFlow<()> {
        for (r, &c) in perm.iter().enumerate() {
            self.cols[self.k + r * self.s] = f64::from(c + 1);
        }
        self.k += 1;
        ControlFlow::Continue(())
    }
    #[inline(always)]
    fn prefix(&mut self, depth: usize) {
        self.probe.node(depth);
    }
}

impl Arrays {
    /// `cols=perms(rows)`: the S×N matrix of every permutation of 1..N in
    /// `perms`' order, each prefix a node of the probe; `M` and `dv` not
    /// allocated yet. Panics if n > [`MAX_N`] (checked before any search).
    pub fn perms<P: Probe>(n: usize, probe: &mut P) -> Arrays {
        assert!(n <= MAX_N, "the seed's arrays are built up to n = {MAX_N}");
        let s = factorial(n) as usize;
        let mut cols = vec![0.0; s * n];
        let mut rows = Rows {
            cols: &mut cols,
            s,
            k: 0,
            probe,
        };
        let _ = generate(n, &mut rows);
        debug_assert_eq!(rows.k, s);
        Arrays {
            n,
            s,
            cols,
            boards: Vec::new(),
            dv: Vec::new(),
            planes: 0,
        }
    }

    /// `M=zeros(N,N,S); M(linearInd) = 1`: plane k gets a 1 in row r,
    /// column `cols(k, r)`.
    pub fn place_queens(&mut self) {
        let (n, s) = (self.n, self.s);
        let mut boards = vec![0.0; n * n * s];
        for (k, plane) in boards.chunks_exact_mut((n * n).max(1)).enumerate().take(s) {
            for r in 0..n {
                let c = self.cols[k + r * s] as usize - 1;
                plane[r + c * n] = 1.0;
            }
        }
        self.boards = boards;
        self.planes = s;
    }

    /// `dv=arrayfun(...)`: the largest diagonal sum of each board, one step
    /// (and, tracing, one `candidate` event) per board.
    pub fn diagonal_sums<P: Probe>(&mut self, probe: &mut P) {
        let (n, s) = (self.n, self.s);
        let mut dv = vec![0.0; s];
        let mut perm = vec![0u32; n];
        for (k, d) in dv.iter_mut().enumerate() {
            *d = max_diagonal_sum(self.plane(k), n);
            probe.step();
            if P::TRACES {
                self.perms_row(k, &mut perm);
                probe.candidate(&perm, *d <= 1.0);
            }
        }
        self.dv = dv;
    }

    /// `M(:,:,dv>1)=[]`: deletes the boards with a diagonal sum above 1;
    /// the kept ones keep their order.
    pub fn delete_unsafe(&mut self) {
        let size = self.n * self.n;
        let mut kept = 0;
        for k in 0..self.planes {
            if self.dv[k] <= 1.0 {
                if kept != k {
                    self.boards
                        .copy_within(k * size..(k + 1) * size, kept * size);
                }
                kept += 1;
            }
        }
        self.boards.truncate(kept * size);
        self.boards.shrink_to_fit();
        self.planes = kept;
    }

    /// The planes `M` holds (S before [`Arrays::delete_unsafe`]).
    pub fn planes(&self) -> usize {
        self.planes
    }

    /// Plane k of `M`, `M(:,:,k)`: N×N, column-major.
    pub fn plane(&self, k: usize) -> &[f64] {
        let size = self.n * self.n;
        &self.boards[k * size..(k + 1) * size]
    }

    /// `dv`, one value per board of `perms`.
    pub fn dv(&self) -> &[f64] {
        &self.dv
    }

    /// Row k of `perms`, 0-based columns, into `out` (n long).
    pub fn perms_row(&self, k: usize, out: &mut [u32]) {
        for (r, c) in out.iter_mut().enumerate() {
            *c = self.cols[k + r * self.s] as u32 - 1;
        }
    }

    /// The board of plane k, 0-based column per row: the column of the 1 in
    /// each row.
    pub fn board(&self, k: usize, out: &mut [u32]) {
        let (n, plane) = (self.n, self.plane(k));
        for (r, c) in out.iter_mut().enumerate() {
            *c = (0..n).position(|c| plane[r + c * n] == 1.0).unwrap() as u32;
        }
    }

    /// The bytes of the three arrays as allocated: 8 per element of `cols`,
    /// `M` and `dv` ([`seed_bytes`] at the peak, after `dv` is computed).
    pub fn allocated(&self) -> usize {
        ELEMENT_BYTES * (self.cols.capacity() + self.boards.capacity() + self.dv.capacity())
    }

    /// The bytes of `M` as allocated (the seed's `whos M`).
    pub fn boards_allocated(&self) -> usize {
        ELEMENT_BYTES * self.boards.capacity()
    }
}

/// The seed's `max([sum(diag(A,x)) for x = -T:T, sum(diag(rot90(A),x)) for
/// x = -T:T])` of one N×N plane `a` (column-major), T = N − 2: the largest
/// sum over the diagonals and anti-diagonals of at least two squares; 0 for
/// N < 2, which has none.
fn max_diagonal_sum(a: &[f64], n: usize) -> f64 {
    let t = n as isize - 2;
    let mut best: f64 = 0.0;
    for x in -t..=t {
        // diag(A, x): A(r, r + x), r and r + x on the board.
        let rows = (-x).max(0) as usize..(n as isize - x.max(0)) as usize;
        let mut sum = 0.0;
        for r in rows.clone() {
            sum += a[r + (r as isize + x) as usize * n];
        }
        best = best.max(sum);
        // diag(rot90(A), x): rot90(A)(i, j) = A(j, N − 1 − i), so its
        // diagonal x is A(i + x, N − 1 − i), the anti-diagonal r + c = N − 1 + x.
        let mut sum = 0.0;
        for i in rows {
            sum += a[(i as isize + x) as usize + (n - 1 - i) * n];
        }
        best = best.max(sum);
    }
    best
}

/// `bytes` as "3.0 GiB", "22.5 MiB", ...; sizes past the exbibytes in
/// powers of ten.
fn human_bytes(bytes: f64) -> String {
    const UNITS: [&str; 7] = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if !bytes.is_finite() {
        return format!("more than {:.1e} bytes", f64::MAX);
    }
    let mut value = bytes;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    match unit {
        0 => format!("{value:.0} bytes"),
        _ if value >= 1024.0 => format!("{bytes:.1e} bytes"),
        _ => format!("{value:.1} {}", UNITS[unit]),
    }
}

impl Enumerate for Permutations {
    fn info(&self) -> &'static Info {
        &INFO
    }

    /// Refuses n > [`MAX_N`], giving the arrays' size for that n.
    fn check(&self, n: usize) -> Result<(), Refusal> {
        if n <= MAX_N {
            return Ok(());
        }
        Err(Refusal::TooLarge {
            id: INFO.id,
            n,
            limit: MAX_N,
            reason: format!(
                "the seed's arrays, perms(1:N) (N!×N), the N×N×N! stack of boards and dv (N!), \
                 take 8·N!·(N²+N+1) bytes in doubles, {} for n = {n}, over the {} budget",
                human_bytes(seed_bytes(n)),
                human_bytes(MEMORY_BUDGET as f64),
            ),
        })
    }

    fn node_unit(&self) -> Result<&'static str, Refusal> {
        Ok(NODE_UNIT)
    }

    /// The seed's arrays ([`seed_bytes`]), and 1 MB for the rest.
    fn bytes_needed(&self, n: usize, _opts: &Options) -> Option<u64> {
        (n <= MAX_N).then(|| seed_bytes(n) as u64 + (1 << 20))
    }

    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }

    fn search<P: Probe, S: Sink>(&self, n: usize, probe: &mut P, sink: &mut S) -> ControlFlow<()> {
        let mut arrays = Arrays::perms(n, probe);
        arrays.place_queens();
        arrays.diagonal_sums(probe);
        arrays.delete_unsafe();
        let mut board = vec![0u32; n];
        for k in 0..arrays.planes() {
            if S::NEEDS_BOARD {
                arrays.board(k, &mut board);
            }
            sink.solution(&board)?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PermutationsStreaming;
    use queens_core::{NoSteps, StepCounter, known};

    fn arrays(n: usize) -> Arrays {
        let mut arrays = Arrays::perms(n, &mut NoSteps);
        arrays.place_queens();
        arrays.diagonal_sums(&mut NoSteps);
        arrays
    }

    /// The memory formula against the allocations: at the peak, the three
    /// arrays hold exactly 8·n!·(n²+n+1) bytes; at n = 8, `M` is the seed's
    /// `whos` before and after the deletion.
    #[test]
    fn the_arrays_allocate_what_the_memory_formula_says() {
        for n in 0..=8 {
            let mut a = arrays(n);
            assert_eq!(a.allocated() as f64, seed_bytes(n), "n = {n}");
            let f = factorial(n) as usize;
            assert_eq!(a.allocated(), 8 * f * (n * n + n + 1), "n = {n}");
            a.delete_unsafe();
            let kept = known::total(n).unwrap() as usize;
            assert_eq!(a.planes(), kept, "n = {n}");
            assert_eq!(a.boards_allocated(), 8 * n * n * kept, "n = {n}");
        }
        // The seed's `whos M`: 8x8x40320, 20643840 bytes, double; then 8x8x92,
        // 47104 bytes.
        let mut eight = arrays(8);
        assert_eq!(eight.boards_allocated(), 20_643_840);
        eight.delete_unsafe();
        assert_eq!(eight.boards_allocated(), 47_104);
        assert_eq!(seed_bytes(8), 23_546_880.0);
    }

    #[test]
    fn the_seeds_board_45_before_and_after_the_filter() {
        let mut a = arrays(8);
        // M(:,:,45) before the filter: queens in columns 8 7 6 4 1 3 5 2,
        // four on the main anti-diagonal, dv(45) = 4.
        let mut row = [0; 8];
        a.perms_row(44, &mut row);
        assert_eq!(row, [7, 6, 5, 3, 0, 2, 4, 1]);
        a.board(44, &mut row);
        assert_eq!(row, [7, 6, 5, 3, 0, 2, 4, 1]);
        assert_eq!(a.dv()[44], 4.0);
        // M(:,:,45) after it: 5 1 8 4 2 7 3 6.
        a.delete_unsafe();
        a.board(44, &mut row);
        assert_eq!(row, [4, 0, 7, 3, 1, 6, 2, 5]);
        assert_eq!(Permutations.collect(8)[44], row);
    }

    #[test]
    fn the_same_solutions_in_the_same_order_as_the_streaming_filter() {
        for n in 0..=9 {
            assert_eq!(
                Permutations.collect(n),
                PermutationsStreaming.collect(n),
                "n = {n}"
            );
        }
    }

    #[test]
    fn dv_is_the_largest_diagonal_sum() {
        // The streaming filter's surplus test and dv <= 1 keep the same boards
        // (the generator's tests compare the surplus with a direct count).
        for n in 0..=7 {
            let a = arrays(n);
            let mut perm = vec![0; n];
            for k in 0..factorial(n) as usize {
                a.perms_row(k, &mut perm);
                let mut diag = vec![0.0; 2 * n];
                let mut anti = vec![0.0; 2 * n];
                for (r, &c) in perm.iter().enumerate() {
                    diag[r + n - c as usize] += 1.0;
                    anti[r + c as usize] += 1.0;
                }
                let want = diag.into_iter().chain(anti).fold(0.0, f64::max);
                // Length-1 diagonals hold one queen at most: the seed skips them.
                assert_eq!(a.dv()[k], if n < 2 { 0.0 } else { want }, "{perm:?}");
            }
        }
    }

    /// Steps: every board tested, in a first-solution run too; nodes: the
    /// prefixes of `perms`' rows.
    #[test]
    fn every_board_is_tested_even_for_the_first_solution() {
        for n in 0..=8 {
            assert_eq!(Permutations.count_with_steps(n).1, factorial(n), "n = {n}");
            let mut probe = StepCounter::default();
            let first = Permutations.first(n, &mut probe);
            assert_eq!(probe.count, factorial(n), "n = {n}");
            assert_eq!(first, PermutationsStreaming.collect(n).into_iter().next());
            let (_, depths) = Permutations.count_with_depths(n);
            let want: Vec<u64> = (0..=n).map(|d| factorial(n) / factorial(n - d)).collect();
            assert_eq!(depths.nodes_per_depth(n), want, "n = {n}");
        }
    }

    #[test]
    fn the_budget_admits_max_n_and_not_one_more() {
        assert!(seed_bytes(MAX_N) < MEMORY_BUDGET as f64);
        assert!(seed_bytes(MAX_N + 1) > MEMORY_BUDGET as f64);
        assert_eq!(INFO.max_n, MAX_N);
        assert_eq!(human_bytes(seed_bytes(10)), "3.0 GiB");
        assert_eq!(human_bytes(seed_bytes(11)), "39.6 GiB");
    }

    #[test]
    fn refuses_beyond_the_limit_with_the_arrays_size() {
        assert!(Permutations.check(MAX_N).is_ok());
        for (n, size) in [
            (11, "39.6 GiB"),
            (13, "8.3 TiB"),
            (30, "e36 bytes"),
            (1000, "more than"),
        ] {
            let refusal = Permutations.check(n).unwrap_err();
            assert!(matches!(refusal, Refusal::TooLarge { limit: MAX_N, .. }));
            let message = refusal.to_string();
            assert!(message.contains(&format!("up to 10, not {n}")), "{message}");
            assert!(message.contains(size), "{message}");
            assert!(message.contains("over the 8.0 GiB budget"), "{message}");
        }
    }
}
