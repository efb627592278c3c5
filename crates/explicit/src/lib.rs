//! `explicit`: one N-Queens solution for every n ≥ 4 written down by formula,
//! without any search. Pauls (1874) first showed that every n ≥ 4 has a
//! solution; the formulas here are Hoffman, Loessi and Moore's ("Construction
//! for the solutions of the m queens problem", Mathematics Magazine 42, 1969)
//! as restated by Bernhardsson ("Explicit solutions to the N-queens problem
//! for all N", SIGART Bulletin 2(2), 1991). In 1-based rows and columns, for
//! even m:
//!
//! - **A**, when m mod 6 ≠ 2: row i has its queen in column 2i, and row
//!   m/2 + i in column 2i − 1 (i = 1 … m/2): the even columns, then the odd.
//! - **B**, when m mod 6 ≠ 0: row i has its queen in column
//!   1 + ((2(i − 1) + m/2 − 1) mod m), and row m + 1 − i in column
//!   m − ((2(i − 1) + m/2 − 1) mod m) (i = 1 … m/2).
//!
//! So n is placed by n mod 6: 0 and 4 by A; 2 by B; an odd n by the formula
//! for m = n − 1 (A for n mod 6 = 1 or 5, B for 3) plus a queen in the last
//! corner, whose row, column and both diagonals the m×m solution leaves free
//! (neither formula puts a queen on the main diagonal).
//!
//! # Steps and limit
//!
//! There is no search, so a run has **0 steps**; its cost is writing the n
//! columns, O(n): 0.17 s and a peak of 383 MB at n = 10⁸ on the project's
//! machine (reproduce with `queens --algo explicit --json N`), most of it the operating system
//! providing fresh memory. n = 0 and 1 have their trivial
//! boards; n = 2 and 3 have no solution and are answered with
//! `solution: None`. The board is 4 bytes per queen and is the only memory
//! used: [`MAX_N`] is 10⁹ (4 GB); the u32 columns would allow up to 2³².
//! The seed is ignored: the board is the same every time.
//!
//! # Trace
//!
//! `queens --trace` ([`TRACE`]): one `board` event, the board written, and
//! no step.

#[cfg(test)]
mod tests;

use queens_core::{Found, Info, Kind, LocalSearch, Options, Probe, Refusal, TraceInfo};

/// Largest n accepted: 4 bytes per queen, 4 GB at 10⁹.
pub const MAX_N: usize = 1_000_000_000;

/// The description of `explicit`.
pub static INFO: Info = Info {
    id: "explicit",
    good_for: "one board of any size up to 10^9 at once, with no search (a formula by n mod 6)",
    title: "Explicit construction by n mod 6",
    source: "[Hoffman et al. 1969], as restated by [Bernhardsson 1991]",
    structure: "the board itself, written row by row from a formula chosen by n mod 6",
    step_unit: "steps (always 0: no search)",
    order: "one fixed board per n (the seed is ignored); entry i is the column of row i's queen",
    max_n: MAX_N,
    limit_reason: "memory: the board alone, 4 bytes per queen, 4 GB at 10^9",
    kind: Kind::FindOne,
    splits: false,
    counts_unique: false,
    quick_n: 10_000_000,
    bench_count: &[],
    bench_first: &[1000, 1_000_000],
};

/// How `explicit` traces ([`LocalSearch::trace_info`]): one `board` event
/// (the column of each row's queen; none for n = 2 and 3), no step.
pub static TRACE: TraceInfo = TraceInfo {
    step: None,
    count_max_n: 0,
    first_max_n: 10_000_000,
    reason: "the board event holds the whole board and counts as n events",
};

/// `explicit`: the closed-form construction; never searches.
#[derive(Clone, Copy, Debug, Default)]
pub struct Explicit;

impl LocalSearch for Explicit {
    fn info(&self) -> &'static Info {
        &INFO
    }
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }
    /// A formula: no random numbers, no steps to bound.
    fn uses_seed(&self, _opts: &Options) -> bool {
        false
    }
    fn uses_max_steps(&self) -> bool {
        false
    }
    /// The board (4 bytes per queen) and its check (5 bits per queen), and
    /// 1 MB for the rest.
    fn bytes_needed(&self, n: usize, _opts: &Options) -> Option<u64> {
        Some(n as u64 * 37 / 8 + (1 << 20))
    }
    fn find<P: Probe>(&self, n: usize, _opts: &Options, probe: &mut P) -> Result<Found, Refusal> {
        queens_core::check_limit(&INFO, n)?;
        let solution = construct(n);
        if let (true, Some(cols)) = (P::TRACES, &solution) {
            probe.board(cols);
        }
        Ok(Found {
            solution,
            extra: Vec::new(),
        })
    }
}

/// The board for n (0-based column per row), or `None` for n = 2 and 3,
/// which have no solution. O(n) time, and no memory beyond the board.
pub fn construct(n: usize) -> Option<Vec<u32>> {
    if n == 2 || n == 3 {
        return None;
    }
    let mut cols = Vec::with_capacity(n);
    // The even part m, placed by formula; an odd n adds the corner queen.
    let m = n - n % 2;
    if m % 6 == 2 {
        formula_b(m, &mut cols);
    } else {
        formula_a(m, &mut cols);
    }
    if n % 2 == 1 {
        cols.push(m as u32);
    }
    Some(cols)
}

/// Formula A for even m (m mod 6 ≠ 2), 0-based: rows 0 … m/2 − 1 take
/// columns 1, 3, 5, …; the rest take 0, 2, 4, ….
fn formula_a(m: usize, cols: &mut Vec<u32>) {
    let h = (m / 2) as u32;
    cols.extend((0..h).map(|r| 2 * r + 1));
    cols.extend((0..h).map(|r| 2 * r));
}

/// Formula B for even m (m mod 6 ≠ 0), 0-based: row r < m/2 takes column
/// x(r) = (2r + m/2 − 1) mod m, and row m − 1 − r takes column m − 1 − x(r).
fn formula_b(m: usize, cols: &mut Vec<u32>) {
    let (m, h) = (m as u32, (m / 2) as u32);
    // 2r + h − 1 < 3h ≤ 2m, so the mod is at most one subtraction.
    let x = move |r: u32| {
        let v = 2 * r + h - 1;
        if v >= m { v - m } else { v }
    };
    cols.extend((0..h).map(x));
    // Rows h … m − 1 are rows m − 1 − r for r = h − 1 down to 0.
    cols.extend((0..h).rev().map(move |r| m - 1 - x(r)));
}
