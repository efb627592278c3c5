//! AIMA §6.4's improvements of MIN-CONFLICTS (Russell & Norvig, 3rd ed.
//! §6.4, 4th ed. §6.4), on the complete-state board every AIMA local search
//! here shares (`queens-complete-state`: one queen per column, a queen a
//! variable, its row the value, a constraint per pair of columns).
//!
//! # The approaches
//!
//! - `tabu-search` ([`TabuSearch`]): MIN-CONFLICTS with a tabu list. Each
//!   iteration picks a conflicted queen uniformly at random (as AIMA's
//!   MIN-CONFLICTS does) and moves it to the row of its column, other than
//!   its own, that minimises its conflicts among the rows not tabu (ties at
//!   random). Moving a queen off row r makes (queen, r) tabu for the next
//!   `--tenure K` iterations (default [`DEFAULT_TENURE`]), so it cannot
//!   step straight back. Aspiration: a tabu row is allowed when the move
//!   gives h (attacking pairs) below the lowest h seen in the run. When
//!   every other row is tabu and none aspires, the queen stays (the
//!   iteration is spent, the move's `to` is its `from`).
//! - `constraint-weighting` ([`ConstraintWeighting`]): the breakout method
//!   (Morris 1993; AIMA §6.4's constraint weighting). Each constraint (a
//!   pair of columns) has a weight, initially 1; the weighted cost is the
//!   total weight of the attacking pairs. A move is the (queen, row) of all
//!   n(n − 1) that lowers the weighted cost most (ties at random). At a
//!   local minimum (no move lowers it) every attacking pair's weight grows
//!   by 1 (a breakout) and the search goes on from the same board.
//!
//! # Steps and budget
//!
//! `tabu-search`: one **step** is one iteration (a queen picked and moved,
//! or kept when all its rows are tabu). `constraint-weighting`: one step is
//! one queen move; each breakout spends one unit of the budget too, so a
//! run cannot bump weights for ever without moving. `--max-steps` is the
//! budget (default [`DEFAULT_BUDGET`]); a run that spends it gives up.
//!
//! # Trace
//!
//! `init` with the first board (entry i: the row of column i's queen), then
//! one `move` per step, `{"col":c,"from":r1,"to":r2,"conflicts":k}`.
//! `tabu-search` adds `"tabu":k,"aspiration":a` (k tabu rows passed over, a
//! whether the row taken was tabu and allowed by aspiration);
//! `constraint-weighting` adds `"minima":b,"bumped":k` to a move made after
//! b local minima (breakouts) that raised k weights by one.
//!
//! # Seeds and board convention
//!
//! `Xoshiro256PlusPlus::seed_from_u64(seed)`: the first board is drawn as
//! annealing's (`queens_complete_state::Board::random`), every later draw
//! is [`queens_complete_state::below`]. Entry i of the board returned is the
//! row of column i's queen (read as the column of row i's queen, the mirror
//! image, also a solution).

mod tabu;
#[cfg(test)]
mod tests;
mod weighting;

use queens_complete_state::Board;
use queens_core::{
    Ending, Event, Found, Info, Kind, LocalSearch, Options, Probe, Refusal, TraceInfo,
};

pub use crate::tabu::{Tabu, tabu_search};
pub use crate::weighting::{Weighting, constraint_weighting};

/// The knob of `tabu-search`: `--tenure K`.
pub const TENURE: &str = "tenure";

/// The default tenure: 10 iterations. A queen picked again soon (at n = 8
/// two or three queens are usually conflicted) cannot undo its last move
/// for a few picks, which breaks min-conflicts' two-row oscillations, yet
/// with 7 other rows at n = 8 a queen rarely finds all of them tabu. 10 is
/// in the 7 to 20 range of short tabu lists Glover's tutorials report, not
/// tuned here.
pub const DEFAULT_TENURE: u32 = 10;

/// The largest tenure `--tenure` accepts.
pub const MAX_TENURE: u32 = 1_000_000;

/// The step budget when `--max-steps` is not given: 10⁷ steps (and, for
/// `constraint-weighting`, breakouts), far above what either spends at its
/// largest n.
pub const DEFAULT_BUDGET: u64 = 10_000_000;

/// Largest n of `tabu-search`: an iteration is O(n) (the conflicted queens
/// listed, one column's rows scanned) and a run takes about n iterations:
/// 3 s at n = 20 000 (seed 1, 12 327 iterations, other jobs running).
pub const TABU_MAX_N: usize = 10_000;

/// Largest n of `constraint-weighting`: a move looks at every row of every
/// conflicted queen, O(n²) at the start: 1 s at n = 1000 (seed 1, 530
/// moves).
pub const WEIGHTING_MAX_N: usize = 1000;

const ORDER: &str = "finds one board, chosen by --seed; entry i is the row of column i's \
    queen (read as the column of row i's queen, the mirror image, also a solution)";

/// The description of `tabu-search`.
pub static TABU_INFO: Info = Info {
    id: "tabu-search",
    title: "Tabu search on min-conflicts",
    source: "[AIMA] 3rd/4th ed. §6.4: tabu search as an improvement of MIN-CONFLICTS",
    good_for: "min-conflicts that may not undo a recent move (--tenure)",
    structure: "the complete-state board (queen counters per row and diagonal) and a queue \
        of the (queen, row) pairs left in the last K iterations",
    step_unit: "iterations (a random conflicted queen moved, or kept when all its rows are tabu)",
    order: ORDER,
    max_n: TABU_MAX_N,
    limit_reason: "time: an iteration lists the conflicted queens and scans one column, O(n), \
        and a run takes about n iterations",
    kind: Kind::FindOne,
    splits: false,
    counts_unique: false,
    quick_n: 1000,
    bench_count: &[],
    bench_first: &[8, 1000],
};

/// The description of `constraint-weighting`.
pub static WEIGHTING_INFO: Info = Info {
    id: "constraint-weighting",
    title: "Constraint weighting (breakout)",
    source: "[AIMA] 3rd/4th ed. §6.4: constraint weighting; Morris 1993, the breakout method",
    good_for: "min-conflicts that leaves local minima by weighting the pairs still attacking",
    structure: "the complete-state board and, per column, a hash map of the weights above 1 \
        of its pairs (only pairs raised at a breakout are stored)",
    step_unit: "queen moves",
    order: ORDER,
    max_n: WEIGHTING_MAX_N,
    limit_reason: "time: a move weighs every row of every conflicted queen, O(n^2) while many \
        queens are attacked; memory is a few entries per breakout, at most n(n - 1) of 8 bytes \
        plus the maps' overhead",
    kind: Kind::FindOne,
    splits: false,
    counts_unique: false,
    quick_n: 200,
    bench_count: &[],
    bench_first: &[8, 100],
};

/// How `tabu-search` traces.
pub static TABU_TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Move),
    count_max_n: 0,
    first_max_n: TABU_MAX_N,
    reason: "an init event of n queens and one move per iteration, about n iterations a run",
};

/// How `constraint-weighting` traces.
pub static WEIGHTING_TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Move),
    count_max_n: 0,
    first_max_n: WEIGHTING_MAX_N,
    reason: "an init event of n queens and one move per step, under n moves a run",
};

/// What a run did: the board reached, its steps, and the method's counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Run {
    /// Whether the board has no attacking pair.
    pub solved: bool,
    /// The board (entry c: the row of column c's queen).
    pub rows: Vec<u32>,
    /// Steps (see the crate docs).
    pub steps: u64,
    /// The method's own counts, as `queens --json` reports them in `extra`.
    pub extra: Vec<(&'static str, u64)>,
}

/// The answers without a search: n = 0 and 1 solved, 2 and 3 unsolvable.
fn trivial(n: usize, extra: Vec<(&'static str, u64)>) -> Option<Found> {
    match n {
        0 | 1 => Some(Found {
            solution: Some(vec![0; n]),
            extra,
        }),
        2 | 3 => Some(Found {
            solution: None,
            extra,
        }),
        _ => None,
    }
}

/// A run's answer: its board, or `GaveUp` with its steps and the h of the
/// board it spent its budget on.
fn answer(info: &Info, n: usize, run: Run) -> Result<Found, Refusal> {
    if !run.solved {
        return Err(Refusal::GaveUp {
            id: info.id,
            n,
            steps: run.steps,
            ending: Ending::Budget,
            h: Some(Board::new(&run.rows).h()),
            restarts: None,
        });
    }
    Ok(Found {
        solution: Some(run.rows),
        extra: run.extra,
    })
}

/// The step budget of a run: `--max-steps`, else [`DEFAULT_BUDGET`].
fn budget(opts: &Options) -> u64 {
    opts.max_steps.unwrap_or(DEFAULT_BUDGET)
}

/// `tabu-search`: min-conflicts with a tabu list of recent (queen, row) moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct TabuSearch;

/// The tenure of `opts` (`--tenure`), else [`DEFAULT_TENURE`]; a bad value
/// is refused in one line.
pub fn tenure_of(opts: &Options) -> Result<u32, Refusal> {
    match opts.knob(TENURE) {
        None => Ok(DEFAULT_TENURE),
        Some(v) => v
            .parse::<u32>()
            .ok()
            .filter(|&k| k <= MAX_TENURE)
            .ok_or(Refusal::Unsupported {
                id: TABU_INFO.id,
                what: "take --tenure K with K other than a whole number from 0 to 1 000 000 \
                       (iterations a (queen, row) left stays tabu)",
            }),
    }
}

impl LocalSearch for TabuSearch {
    fn info(&self) -> &'static Info {
        &TABU_INFO
    }
    fn knobs(&self) -> &'static [&'static str] {
        &[TENURE]
    }
    fn knob_values(
        &self,
        _n: usize,
        opts: &Options,
    ) -> Result<Vec<(&'static str, String)>, Refusal> {
        Ok(vec![
            (TENURE, tenure_of(opts)?.to_string()),
            (Options::MAX_STEPS, budget(opts).to_string()),
        ])
    }
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TABU_TRACE)
    }
    fn find<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Result<Found, Refusal> {
        let tenure = tenure_of(opts)?;
        queens_core::check_limit(&TABU_INFO, n)?;
        if let Some(found) = trivial(n, Tabu::default().extra()) {
            return Ok(found);
        }
        let budget = budget(opts);
        answer(
            &TABU_INFO,
            n,
            tabu_search(n, opts.seed, tenure, budget, probe),
        )
    }
}

/// `constraint-weighting`: Morris's breakout method.
#[derive(Clone, Copy, Debug, Default)]
pub struct ConstraintWeighting;

impl LocalSearch for ConstraintWeighting {
    fn info(&self) -> &'static Info {
        &WEIGHTING_INFO
    }
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&WEIGHTING_TRACE)
    }
    fn knob_values(
        &self,
        _n: usize,
        opts: &Options,
    ) -> Result<Vec<(&'static str, String)>, Refusal> {
        Ok(vec![(Options::MAX_STEPS, budget(opts).to_string())])
    }
    fn find<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Result<Found, Refusal> {
        queens_core::check_limit(&WEIGHTING_INFO, n)?;
        if let Some(found) = trivial(n, Weighting::default().extra()) {
            return Ok(found);
        }
        let budget = budget(opts);
        answer(
            &WEIGHTING_INFO,
            n,
            constraint_weighting(n, opts.seed, budget, probe),
        )
    }
}
