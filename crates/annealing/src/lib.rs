//! `annealing`: simulated annealing as Russell and Norvig give it (AIMA 3rd
//! ed. §4.1.2 and 4th ed. §4.1.2, Figure 4.5, SIMULATED-ANNEALING), on
//! their complete-state 8-queens formulation (§4.1.1), with aima-python's
//! schedule (search.py, `exp_schedule` and `simulated_annealing`).
//!
//! # The algorithm
//!
//! The board holds one queen per column; a successor moves one queen to
//! another row of its column, and h counts the pairs of queens attacking
//! each other ([`Board`]). The first board puts every queen on a uniformly
//! random row. Then, for t = 0, 1, 2, …:
//!
//! 1. T = schedule(t); if T = 0 the search stops: solved if h = 0, else it
//!    gives up ([`Refusal::GaveUp`] with its steps, `Ending::Cooled` and the
//!    h it was left at; `Ending::Budget` when `--max-steps` stops it first).
//! 2. A uniformly random successor: a random column, a random other row.
//! 3. ΔE = h(current) − h(successor); the successor is taken if ΔE > 0,
//!    else with probability e^(ΔE/T). (ΔE = 0 gives e⁰ = 1: a sideways move
//!    is always taken, without a draw.)
//!
//! The search stops as soon as h = 0 (the book's loop would go on until
//! T = 0; an 8-queens solution is what is sought, so it stops there, as
//! the book's hill climbers do at a goal). The schedule is
//! [`Schedule`], aima-python's `exp_schedule(k, lam, limit)`: T(t) =
//! k·e^(−λt) for t < limit, else 0; `queens --schedule exp:K:LAMBDA:LIMIT`
//! sets it, and its default is [`Schedule::DEFAULT`].
//!
//! # Steps, budget and statistics
//!
//! One **step** is one iteration: a successor proposed, taken or not. The
//! schedule's LIMIT bounds the iterations; `Options::max_steps` bounds them
//! further. `Found::extra` carries `accepted` (successors taken: the moves
//! made) and `uphill` (those among them that raised h).
//!
//! # Trace
//!
//! `queens --trace` ([`TRACE`]): `init` with the first board (entry i: the
//! row of column i's queen, as the search holds it and returns it), then
//! one `move` per step, `{"col":c,"from":r1,"to":r2,"conflicts":k}`, k the
//! queens attacking the queen on its square after the step. A rejected
//! proposal leaves the queen where it stands and is written with
//! `to = from`; each `move` carries `"proposed":r,"temperature":T`, the row
//! proposed and the temperature, so that a reader can tell a refused uphill
//! proposal and its probability. Every step is one `move` event (the project's trace
//! contract: the step events are the steps) and the moves replay to the
//! final board. n = 0 to 3 are answered without a search and write nothing.
//!
//! # In-process runs
//!
//! `Local(Annealing).first(n, &opts, Steps::Count)` (queens-core) is the
//! run `queens --algo annealing --first --seed S N` makes: `Ok` with the
//! board, the steps and the statistics, or `Err(Refusal::GaveUp { steps,
//! .. })`. The seed is `Options::seed`, the schedule the knob `schedule`
//! in `Options::knobs` (the string `exp:K:LAMBDA:LIMIT`).
//!
//! # Seeds and board convention
//!
//! The generator is `Xoshiro256PlusPlus::seed_from_u64(seed)`; draws of a
//! range are one 64-bit output scaled to it ([`queens_complete_state::below`]), and a
//! probability is a uniform `f64` in [0, 1). The same seed gives the same
//! run, counted or not. The board returned is the row of each column's
//! queen, which read as the column of each row's queen is a solution too
//! (its mirror image in the diagonal).
//!
//! # Measured
//!
//! With the `starts` binary of crates/approaches (`starts annealing 8 1
//! 1000 schedule=exp:K:LAMBDA:LIMIT`, seeds 1 to 1000): at n = 8
//! aima-python's `exp_schedule()` (exp:20:0.005:100) solved 2 boards in
//! 1000 (100 iterations, nearly all at T > 12: a random walk); its k and λ
//! with a limit of 10 000 solved 97.4%, the rest frozen in a local minimum
//! once T ≈ 0. The default, exp:0.5:0.0002:50000, solved all of 5000 seeds
//! at n = 6 and at n = 8 (mean 838 iterations at n = 8) and 99.8% at
//! n = 16; over seeds 1 to 1000 it solved 999 at n = 32, 982 at 40, 914 at
//! 48, 705 at 64, 443 at 80 and 212 at 100 (the others cooled to T = 0 with
//! attacking pairs left: `Ending::Cooled`); exp:0.5:0.000002:100000000
//! solved n = 1000 (seed 1) in 12 million iterations.

pub mod schedule;
#[cfg(test)]
mod tests;

use queens_complete_state::below;
use queens_core::{
    Ending, Event, Found, Info, Kind, LocalSearch, Options, Probe, Refusal, TraceInfo,
};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

pub use crate::schedule::Schedule;
pub use queens_complete_state::Board;

/// Largest n accepted: see [`INFO`]'s `limit_reason`.
pub const MAX_N: usize = 1_000_000;

/// The description of `annealing`.
pub static INFO: Info = Info {
    id: "annealing",
    good_for: "the textbook's simulated annealing and its cooling schedule (--schedule)",
    title: "Simulated annealing (AIMA Fig. 4.5)",
    source: "[AIMA] §4.1.2 Fig. 4.5 SIMULATED-ANNEALING; aima-python search.py \
        simulated_annealing, exp_schedule",
    structure: "one queen per column (row of each column's queen); queens counted per row, \
        diagonal and anti-diagonal, so h and its change are O(1)",
    step_unit: "iterations (a random successor proposed, taken or not)",
    order: "finds one board, chosen by --seed; entry i is the row of column i's queen \
        (read as the column of row i's queen, the mirror image, also a solution)",
    max_n: MAX_N,
    limit_reason: "time: the default schedule's 50 000 iterations solve 999 or all of \
        seeds 1 to 1000 at n = 8, 16, 24 and 32, 91% at 48, 71% at 64 and 21% at 100, \
        and give up on larger boards; a slower one, with LAMBDA (the decay) smaller and LIMIT (the last \
        iteration) larger in `--schedule exp:K:LAMBDA:LIMIT`, solves larger ones, and a \
        million queens would need more iterations than the largest LIMIT (ten billion) \
        allows",
    kind: Kind::FindOne,
    splits: false,
    counts_unique: false,
    quick_n: 32,
    bench_count: &[],
    bench_first: &[8],
};

/// How `annealing` traces ([`LocalSearch::trace_info`]).
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Move),
    count_max_n: 0,
    first_max_n: MAX_N,
    reason: "an init event of n queens and one move per iteration: the default schedule's \
             50 000 iterations and a board of 10^6 queens stay within the bound",
};

/// `annealing`: simulated annealing with aima-python's exponential schedule.
#[derive(Clone, Copy, Debug, Default)]
pub struct Annealing;

impl LocalSearch for Annealing {
    fn info(&self) -> &'static Info {
        &INFO
    }
    fn knobs(&self) -> &'static [&'static str] {
        &[schedule::KNOB]
    }
    /// The schedule, and `max-steps` only when given: without it the
    /// schedule's LIMIT alone ends the run.
    fn knob_values(
        &self,
        _n: usize,
        opts: &Options,
    ) -> Result<Vec<(&'static str, String)>, Refusal> {
        let schedule = (schedule::KNOB, schedule_of(opts)?.to_string());
        let budget = opts.max_steps.map(|k| (Options::MAX_STEPS, k.to_string()));
        Ok([schedule].into_iter().chain(budget).collect())
    }
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }
    fn find<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Result<Found, Refusal> {
        let schedule = schedule_of(opts)?;
        queens_core::check_limit(&INFO, n)?;
        let trivial = |solution| Found {
            solution,
            extra: Stats::default().extra(),
        };
        match n {
            0 => Ok(trivial(Some(Vec::new()))),
            1 => Ok(trivial(Some(vec![0]))),
            2 | 3 => Ok(trivial(None)),
            _ => anneal(n, opts.seed, &schedule, opts.max_steps, probe),
        }
    }
}

/// The schedule of `opts` (the knob `schedule`), else [`Schedule::DEFAULT`];
/// a bad value is refused naming the form.
pub fn schedule_of(opts: &Options) -> Result<Schedule, Refusal> {
    match opts.knob(schedule::KNOB) {
        None => Ok(Schedule::DEFAULT),
        Some(v) => Schedule::parse(v).ok_or(Refusal::Unsupported {
            id: INFO.id,
            what: "take a --schedule other than exp:K:LAMBDA:LIMIT with 0 < K <= 1000000, \
                   0 < LAMBDA <= 100 and 1 <= LIMIT <= 10000000000",
        }),
    }
}

/// What a run counts besides its steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Stats {
    /// Successors taken.
    accepted: u64,
    /// Successors taken that raised h.
    uphill: u64,
}

impl Stats {
    fn extra(self) -> Vec<(&'static str, u64)> {
        vec![("accepted", self.accepted), ("uphill", self.uphill)]
    }
}

/// Figure 4.5 on an n×n board, n ≥ 4, with at most `max_steps` iterations.
fn anneal<P: Probe>(
    n: usize,
    seed: u64,
    schedule: &Schedule,
    max_steps: Option<u64>,
    probe: &mut P,
) -> Result<Found, Refusal> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut board = Board::random(n, &mut rng);
    if P::TRACES {
        probe.init(board.rows());
    }
    let budget = max_steps.unwrap_or(u64::MAX);
    let mut stats = Stats::default();
    let mut t = 0u64;
    while board.h() > 0 {
        let temperature = schedule.temperature(t);
        if temperature == 0.0 || t >= budget {
            return Err(Refusal::GaveUp {
                id: INFO.id,
                n,
                steps: t,
                ending: if t >= budget {
                    Ending::Budget
                } else {
                    Ending::Cooled
                },
                h: Some(board.h()),
                restarts: None,
            });
        }
        t += 1;
        probe.step();
        let col = below(&mut rng, n);
        let from = board.rows()[col] as usize;
        let mut to = below(&mut rng, n - 1);
        if to >= from {
            to += 1;
        }
        // ΔE = h(current) − h(next) = −(change of h).
        let delta_e = -board.delta(col, to);
        let take = delta_e >= 0 || rng.random::<f64>() < (delta_e as f64 / temperature).exp();
        if take {
            stats.accepted += 1;
            stats.uphill += u64::from(delta_e < 0);
            board.move_queen(col, to);
        }
        if P::TRACES {
            probe.why(queens_core::Why::Proposed {
                row: to,
                temperature,
            });
            let at = if take { to } else { from };
            probe.moved(col, from, at, board.attackers(col));
        }
    }
    Ok(Found {
        solution: Some(board.into_rows()),
        extra: stats.extra(),
    })
}
