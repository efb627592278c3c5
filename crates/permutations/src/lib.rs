//! The MATLAB `eightqueens` of seed 004 (`004_340799f9c11bb406.txt`, uu
//! tii's File Exchange submission as shown on Steve Eddins' MathWorks blog),
//! generalised from 8 to n, in two forms:
//!
//! ```text
//! N=8; T=N-2; rows=1:N;
//! cols=perms(rows);                       % every permutation of 1:N, one per row
//! S=size(cols,1);
//! M=zeros(N,N,S);                         % S boards of N×N doubles
//! linearInd = sub2ind(size(M), repmat(rows',1,S), cols', repmat(1:S,N,1));
//! M(linearInd) = 1;                       % plane k: row r has its queen in column cols(k,r)
//! dv=arrayfun(@(k)max([arrayfun(@(x)sum(diag(M(:,:,k),x)),-T:T),arrayfun(@(x)sum(diag(rot90(M(:,:,k)),x)),-T:T)]),1:S);
//! M(:,:,dv>1)=[];                         % keep the boards whose diagonal sums are all <= 1
//! ```
//!
//! - [`Permutations`] (`permutations`, [`seed`]): the program as it runs in
//!   MATLAB, holding what it holds: `perms(1:N)` as an N!×N matrix, the
//!   N×N×N! stack of boards and `dv`, all in doubles, 8·N!·(N²+N+1) bytes
//!   ([`seed::seed_bytes`]): 22 MiB at n = 8, 3.0 GiB at n = 10. Its memory
//!   wall is the lesson, and its limit.
//! - [`PermutationsStreaming`] (`permutations-streaming`, [`streaming`]): the
//!   same permutations, the same order, the same test, one permutation at a
//!   time in O(n) memory.
//!
//! Faithful to the seed, both: every permutation of the columns is
//! generated, each is a board with one queen per row and per column, and
//! each is kept exactly when no diagonal or anti-diagonal holds more than
//! one queen (the seed's "maximum diagonal sum ≤ 1"; the seed sums the
//! diagonals at offsets −(N−2)..N−2 only, since the two corner squares'
//! diagonals of length 1 cannot hold two queens). Nothing is pruned: a
//! permutation whose first rows already share a diagonal is still completed
//! and tested, so a count tests n! permutations.
//!
//! **Order** (both): `perms`' order. MATLAB documents `perms(v)` as "all
//! permutations of the elements of vector v in reverse lexicographic order":
//! first row `N, N-1, ..., 1`, last row `1, 2, ..., N`; row k of `perms` is
//! the column of the queen in each row of board k. The seed's own output
//! confirms it: before filtering, its board 45 at N = 8 has its queens in
//! columns 8 7 6 4 1 3 5 2, which is row 45 in reverse lexicographic order
//! (rows 1–24 start 8 7 6 5, rows 25–48 start 8 7 6 4, and so on), and after
//! filtering its board 45 is 5 1 8 4 2 7 3 6, the 45th solution in that
//! order (tests check both). The first solution at n = 8 is 8 4 1 3 6 2 7 5,
//! the mirror of the lexicographically first. The CLI's `--format board`
//! prints each solution as an n×n 0/1 plane, like a plane `M(:,:,k)` of the
//! seed's N×N×S result.
//!
//! **Steps** (both): one per permutation tested, n! for a count (40 320 at
//! n = 8). A first-solution run of `permutations` tests all n! as well (the
//! seed computes `dv` for every board before it deletes any); the streaming
//! one stops at the first permutation kept.
//!
//! **Nodes per depth** (both, [`NODE_UNIT`]): a node at depth d is a prefix
//! of d rows of the permutation being generated, counted when the generator
//! places its row d (the last two rows, done in one go, count theirs too);
//! the root (depth 0) is the empty prefix. Nothing is pruned, so depth d
//! holds n!/(n−d)! nodes, and depth n the n! permutations.

mod generate;
pub mod seed;
pub mod streaming;

pub use seed::Permutations;
pub use streaming::PermutationsStreaming;

/// What a node at depth d is ([`queens_core::Enumerate::node_unit`]), in both forms.
pub const NODE_UNIT: &str = "a prefix of d rows of the permutation being generated (unpruned: \
                             n!/(n-d)! of them)";

/// n!, for n ≤ 20.
pub(crate) fn factorial(n: usize) -> u64 {
    (1..=n as u64).product()
}
