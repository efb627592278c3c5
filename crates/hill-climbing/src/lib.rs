//! The hill-climbing family of Russell & Norvig, *Artificial Intelligence: A
//! Modern Approach* (AIMA), 3rd ed. §4.1.1 and 4th ed. §4.1.1, on the book's
//! complete-state formulation of n-queens, as six approaches that find one
//! board.
//!
//! # The formulation (AIMA §4.1.1)
//!
//! A state is a complete board: one queen per column. A successor moves one
//! queen to another square of its own column, so every state has n(n − 1)
//! successors (56 at n = 8). The heuristic cost h is the number of pairs of
//! queens that attack each other, directly or indirectly (a queen between
//! them does not matter): a goal has h = 0. Every run starts from a uniformly
//! random board, each column's queen on a uniformly random row, drawn from
//! `--seed`.
//!
//! # The approaches
//!
//! - `hill-climbing` ([`HILL_CLIMBING`]): steepest ascent, AIMA Fig. 4.2
//!   (`HILL-CLIMBING`; aima-python `search.py`, `hill_climbing`): move to a
//!   best successor (lowest h), "if there is more than one best successor,
//!   choose at random" (uniformly among all of them); stop when no successor
//!   is better. Stopped at h = 0 it has solved the board; otherwise it is at
//!   a local minimum or on a plateau and gives up (`GaveUp`). The book: 14 %
//!   of random 8-queens boards solved, in 4 steps on average, 3 when stuck.
//! - `hill-climbing-sideways` ([`HILL_CLIMBING_SIDEWAYS`]): the same, but
//!   when the best successor is as good as the current board it moves there
//!   (a sideways move, to cross a shoulder), up to `--sideways K`
//!   consecutive sideways moves (default [`DEFAULT_SIDEWAYS`], the book's
//!   100); the count starts again after each improving move. It gives up at
//!   a strict local minimum or when the limit is reached. The book: 94 %
//!   solved, 21 steps on success, 64 on failure.
//! - `random-restart` ([`RANDOM_RESTART`]) and `random-restart-sideways`
//!   ([`RANDOM_RESTART_SIDEWAYS`]): random-restart hill climbing, "a series
//!   of hill-climbing searches from randomly generated initial states, until
//!   a goal is found", each climb as `hill-climbing` or as
//!   `hill-climbing-sideways`. They give up only when the budget runs out.
//! - `first-choice` ([`FIRST_CHOICE`]): first-choice (stochastic) hill
//!   climbing, AIMA §4.1.1: "generating successors randomly until one is
//!   generated that is better than the current state". Successors are drawn
//!   without replacement (a random order of the n(n − 1)), so a board none of
//!   whose successors is better is known to be stuck once all are drawn: it
//!   gives up there.
//! - `stochastic-hill-climbing` ([`STOCHASTIC_HILL_CLIMBING`]): stochastic
//!   hill climbing, AIMA 3rd ed. §4.1.1: "chooses at random from among the
//!   uphill moves; the probability of selection can vary with the steepness
//!   of the uphill move". Our rule: every successor that lowers h is a
//!   candidate, drawn with probability proportional to the decrease of h it
//!   makes (−Δh over the sum over candidates). With no candidate it is at a
//!   local minimum or on a plateau and gives up, as `hill-climbing` does.
//!
//! # Steps, budget and statistics
//!
//! One **step** is one move, a queen put on another square of its column
//! (sideways moves included), summed over all climbs of a run: the book's
//! "steps"; each id's unit says which of these it makes ("queen moves",
//! "(sideways ones included)", "(over all restarts)"). `--max-steps` is the
//! budget of moves; each restart spends one unit too, so that restarts
//! cannot go on for ever without moving. Without it the budget is
//! [`default_budget`].
//!
//! A run without a solution says how it ended (`Refusal::GaveUp`'s
//! `Ending`, with the h it was left at and, for the random-restart ids, the
//! restarts): a climb that stops is at a local minimum when every successor
//! raises h, on a plateau when the best keeps it (a climber that may not,
//! or may no longer, move sideways; [`Board::lowest_delta`] tells them
//! apart once it has stopped); the random-restart ids end only by their
//! budget. `Found::extra` carries `restarts`
//! (the random-restart ids), `samples` (successors generated, `first-choice`)
//! and `sideways_moves` (the ids that move sideways).
//!
//! # Cost
//!
//! Every row and both diagonal families keep a queen counter, so h is kept
//! up to date and any successor's change of h is three counter reads. A
//! steepest step looks at all n(n − 1) successors, O(n²): each column's
//! scan is a sum of three slices of counters, which the compiler
//! vectorises. A first-choice step draws successors until one is better.
//! Nothing is allocated per move; [`Climber`] keeps its buffers from one run
//! to the next for studies ([`Climber::run`], [`climb`]).
//!
//! # Trace
//!
//! `queens --trace` ([`TRACE`]): `init` with the starting board (entry i:
//! the row of column i's queen, as the search holds it and returns it),
//! `move` (the step) per move, `{"col":c,"from":r1,"to":r2,"conflicts":k}`
//! with k the queens attacking the moved queen on its new square
//! (`first-choice` adds `"tried":t`, the successors it drew for the move;
//! `stochastic-hill-climbing` adds `"uphill":k,"dh":d`, the k successors that
//! lowered h and the change d of the one drawn),
//! and `restart` (`"reason":"stuck"`) before the `init` of each fresh board. A sideways move is a
//! `move` like any other (h is the same after it); a climb that gets stuck
//! writes nothing but the `restart` that follows it. n = 0, 2 and 3 are
//! answered without a search and write no event.
//!
//! # Seeds and board convention
//!
//! The generator is `Xoshiro256PlusPlus::seed_from_u64(seed)`: the same seed
//! gives the same boards, moves and restarts, counted or not. The board is
//! returned as the search holds it, one entry per column: entry i is the
//! row of the queen in column i, the mirror image in the main diagonal of the
//! project's reading (row i's column), which is also a solution.

mod climb;
#[cfg(test)]
mod tests;

use queens_complete_state::Count;
use queens_core::{
    Ending, Event, Found, Info, Kind, LocalSearch, Options, Probe, Refusal, TraceInfo,
};

pub use crate::climb::{Climb, Climber, Rule, Settings, climb};
pub use queens_complete_state::Board;

/// The knob of the sideways ids: `--sideways K`.
pub const SIDEWAYS: &str = "sideways";

/// Consecutive sideways moves allowed by default: the book's 100.
pub const DEFAULT_SIDEWAYS: u32 = 100;

/// The most sideways moves `--sideways` accepts.
pub const MAX_SIDEWAYS: u32 = 1_000_000;

/// The move budget when `Options::max_steps` is `None`: 10⁷ moves and
/// restarts, several times what `random-restart` spends at its limit
/// n = 200 (seed 1: 11 204 restarts of about 100 moves each, 20 s; 550
/// restarts and 15 000 moves on average at n = 64). The other ids never come near it:
/// one climb takes about n/2 moves (500 at n = 1000), sideways moves add
/// at most 100 per improvement.
pub fn default_budget(_n: usize) -> u64 {
    10_000_000
}

/// The move budget of a run: `--max-steps`, else [`default_budget`].
fn budget(n: usize, opts: &Options) -> u64 {
    opts.max_steps.unwrap_or_else(|| default_budget(n))
}

/// Steepest ascent, stopping where no successor is better.
pub const STEEPEST: Settings = Settings {
    rule: Rule::Steepest,
    sideways: 0,
    restarts: false,
};

/// Steepest ascent with up to 100 consecutive sideways moves.
pub const STEEPEST_SIDEWAYS: Settings = Settings {
    sideways: DEFAULT_SIDEWAYS,
    ..STEEPEST
};

/// Random-restart steepest ascent.
pub const RESTARTS: Settings = Settings {
    restarts: true,
    ..STEEPEST
};

/// Random-restart steepest ascent with sideways moves.
pub const RESTARTS_SIDEWAYS: Settings = Settings {
    restarts: true,
    ..STEEPEST_SIDEWAYS
};

/// First-choice hill climbing.
pub const FIRST: Settings = Settings {
    rule: Rule::FirstChoice,
    ..STEEPEST
};

/// Stochastic hill climbing.
pub const STOCHASTIC: Settings = Settings {
    rule: Rule::Stochastic,
    ..STEEPEST
};

/// Largest n of the steepest ids: a step is O(n²) and a climb takes about
/// n/2 steps, so a climb is O(n³): 0.2 s at n = 1000, 4 s at 2000 and 17 s
/// at 4000 (measured with `examples/book.rs`, other jobs running).
pub const MAX_N: usize = 4000;

const _: () = assert!(MAX_N <= <u16 as Count>::MAX_N && FIRST_CHOICE_MAX_N <= MAX_N);

const STEEPEST_LIMIT: &str = "time: a steepest step looks at all n(n - 1) successors and a \
    climb takes about n/2 steps, O(n^3) in all";

/// Largest n of `random-restart`: one climb solves less and less often as
/// n grows (14 % at n = 8, 3 % at 16, under 0.5 % at 64), so the climbs
/// needed grow about as n² (1 300 at n = 100, 11 000 at 200) and the run
/// as n⁵.
pub const RESTART_MAX_N: usize = 200;

const RESTART_LIMIT: &str = "time: a climb without sideways moves solves less often as n \
    grows, so the climbs needed grow about as n^2, and each climb is O(n^3)";

const STRUCTURE: &str = "one queen per column; queen counters per row, diagonal and \
    anti-diagonal, so h and every successor's change of h are O(1)";

const ORDER: &str = "finds one board, chosen by --seed; entry i is the row of column i's \
    queen (the book's formulation: the mirror image, also a solution)";

const fn info(
    id: &'static str,
    title: &'static str,
    source: &'static str,
    good_for: &'static str,
) -> Info {
    Info {
        id,
        title,
        source,
        good_for,
        structure: STRUCTURE,
        step_unit: "queen moves",
        order: ORDER,
        max_n: MAX_N,
        limit_reason: STEEPEST_LIMIT,
        kind: Kind::FindOne,
        splits: false,
        counts_unique: false,
        quick_n: 500,
        bench_count: &[],
        bench_first: &[8, 100],
    }
}

/// The description of `hill-climbing`.
pub static HILL_CLIMBING_INFO: Info = info(
    "hill-climbing",
    "Steepest-ascent hill climbing",
    "[AIMA] 3rd/4th ed. §4.1.1, Fig. 4.2 HILL-CLIMBING",
    "the textbook's steepest ascent, and how often it gets stuck",
);

/// The description of `hill-climbing-sideways`.
pub static HILL_CLIMBING_SIDEWAYS_INFO: Info = Info {
    step_unit: "queen moves (sideways ones included)",
    ..info(
        "hill-climbing-sideways",
        "Steepest-ascent hill climbing with sideways moves",
        "[AIMA] 3rd/4th ed. §4.1.1: sideways moves, limit 100",
        "the textbook's steepest ascent with sideways moves (--sideways)",
    )
};

/// The description of `random-restart`.
pub static RANDOM_RESTART_INFO: Info = Info {
    max_n: RESTART_MAX_N,
    limit_reason: RESTART_LIMIT,
    quick_n: 64,
    bench_first: &[8, 32],
    step_unit: "queen moves (over all restarts)",
    ..info(
        "random-restart",
        "Random-restart hill climbing",
        "[AIMA] 3rd/4th ed. §4.1.1: random-restart hill climbing",
        "the textbook's random restarts: a climb again from a fresh board until one solves",
    )
};

/// The description of `random-restart-sideways`.
pub static RANDOM_RESTART_SIDEWAYS_INFO: Info = Info {
    step_unit: "queen moves (sideways ones included, over all restarts)",
    ..info(
        "random-restart-sideways",
        "Random-restart hill climbing with sideways moves",
        "[AIMA] 3rd/4th ed. §4.1.1: random restarts of climbs with sideways moves",
        "random restarts of climbs with sideways moves, up to thousands of queens",
    )
};

/// Largest n of `first-choice`: its order of successors takes 4 n(n − 1)
/// bytes.
pub const FIRST_CHOICE_MAX_N: usize = 2000;

/// The description of `first-choice`.
pub static FIRST_CHOICE_INFO: Info = Info {
    structure: "the steepest ids' board, and the n(n - 1) successor indices in the random \
        order they are drawn in (a lazy Fisher-Yates shuffle)",
    max_n: FIRST_CHOICE_MAX_N,
    limit_reason: "memory and time: the order of successors takes 4 n(n - 1) bytes (16 MB at \
        2000), and a stuck board is known only after all n(n - 1) are drawn",
    ..info(
        "first-choice",
        "First-choice (stochastic) hill climbing",
        "[AIMA] 3rd/4th ed. §4.1.1: first-choice hill climbing",
        "the textbook's first-choice climbing: successors drawn at random until one is better",
    )
};

/// Largest n of `stochastic-hill-climbing`: a step computes every
/// successor's change of h one by one (twice, to draw by weight), O(n²)
/// without the steepest scan's vector sums, and a climb takes more steps
/// than steepest ascent's, as a drawn move lowers h less: 5 s at n = 1000
/// (seed 1, 782 moves, other jobs running).
pub const STOCHASTIC_MAX_N: usize = 500;

/// The description of `stochastic-hill-climbing`.
pub static STOCHASTIC_HILL_CLIMBING_INFO: Info = Info {
    max_n: STOCHASTIC_MAX_N,
    limit_reason: "time: a step computes all n(n - 1) successors' change of h one by one \
        (twice, to draw one by weight), and a climb takes more steps than steepest ascent",
    ..info(
        "stochastic-hill-climbing",
        "Stochastic hill climbing",
        "[AIMA] 3rd ed. §4.1.1: stochastic hill climbing",
        "the textbook's stochastic climbing: an uphill move drawn with probability \
         proportional to how much it lowers h",
    )
};

/// How every id traces ([`LocalSearch::trace_info`]).
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Move),
    count_max_n: 0,
    first_max_n: MAX_N,
    reason: "an init event holds the whole board and counts as n events; a climb takes \
             about n/2 moves, so a run stays far under the bound at every n accepted \
             (random-restart, up to 200, makes about 5 000 climbs there)",
};

/// One id of the family: its description and what its runs do.
#[derive(Clone, Copy, Debug)]
pub struct HillClimbing {
    /// Its description.
    pub info: &'static Info,
    /// Its settings, before `--sideways`.
    pub settings: Settings,
}

/// `hill-climbing`: steepest ascent, gives up where no successor is better.
pub const HILL_CLIMBING: HillClimbing = HillClimbing {
    info: &HILL_CLIMBING_INFO,
    settings: STEEPEST,
};

/// `hill-climbing-sideways`: steepest ascent with sideways moves.
pub const HILL_CLIMBING_SIDEWAYS: HillClimbing = HillClimbing {
    info: &HILL_CLIMBING_SIDEWAYS_INFO,
    settings: STEEPEST_SIDEWAYS,
};

/// `random-restart`: climbs of `hill-climbing` from fresh boards until one solves.
pub const RANDOM_RESTART: HillClimbing = HillClimbing {
    info: &RANDOM_RESTART_INFO,
    settings: RESTARTS,
};

/// `random-restart-sideways`: climbs of `hill-climbing-sideways` from fresh
/// boards until one solves.
pub const RANDOM_RESTART_SIDEWAYS: HillClimbing = HillClimbing {
    info: &RANDOM_RESTART_SIDEWAYS_INFO,
    settings: RESTARTS_SIDEWAYS,
};

/// `first-choice`: random successors until a better one, gives up when none is.
pub const FIRST_CHOICE: HillClimbing = HillClimbing {
    info: &FIRST_CHOICE_INFO,
    settings: FIRST,
};

const BAD_SIDEWAYS: &str = "take --sideways K with K other than a whole number from 0 to \
    1 000 000 (consecutive sideways moves)";

/// `stochastic-hill-climbing`: an h-lowering successor drawn by its
/// decrease of h, gives up where none lowers h.
pub const STOCHASTIC_HILL_CLIMBING: HillClimbing = HillClimbing {
    info: &STOCHASTIC_HILL_CLIMBING_INFO,
    settings: STOCHASTIC,
};

impl HillClimbing {
    /// Whether the id moves sideways, and so reads `--sideways`.
    fn moves_sideways(&self) -> bool {
        self.settings.rule == Rule::Steepest && self.settings.sideways > 0
    }

    /// Its settings with the knobs of `opts` applied.
    pub fn settings(&self, opts: &Options) -> Result<Settings, Refusal> {
        let mut settings = self.settings;
        if let Some(k) = opts.knob(SIDEWAYS).filter(|_| self.moves_sideways()) {
            settings.sideways = k.parse::<u32>().ok().filter(|&k| k <= MAX_SIDEWAYS).ok_or(
                Refusal::Unsupported {
                    id: self.info.id,
                    what: BAD_SIDEWAYS,
                },
            )?;
        }
        Ok(settings)
    }
}

impl LocalSearch for HillClimbing {
    fn info(&self) -> &'static Info {
        self.info
    }
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }
    fn knobs(&self) -> &'static [&'static str] {
        if self.moves_sideways() {
            &[SIDEWAYS]
        } else {
            &[]
        }
    }
    fn knob_values(
        &self,
        n: usize,
        opts: &Options,
    ) -> Result<Vec<(&'static str, String)>, Refusal> {
        let settings = self.settings(opts)?;
        let sideways = self
            .moves_sideways()
            .then(|| (SIDEWAYS, settings.sideways.to_string()));
        let budget = (Options::MAX_STEPS, budget(n, opts).to_string());
        Ok(sideways.into_iter().chain([budget]).collect())
    }
    fn find<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Result<Found, Refusal> {
        let settings = self.settings(opts)?;
        queens_core::check_limit(self.info, n)?;
        if matches!(n, 0 | 2 | 3) {
            return Ok(Found {
                solution: (n == 0).then(Vec::new),
                extra: self.extra(&Climb::default()),
            });
        }
        let budget = budget(n, opts);
        let mut climber = Climber::new();
        let run = climber.run(n, opts.seed, &settings, budget, probe);
        if !run.solved {
            return Err(Refusal::GaveUp {
                id: self.info.id,
                n,
                steps: run.moves,
                ending: run.ending.unwrap_or(Ending::Budget),
                h: Some(run.h),
                restarts: self.settings.restarts.then_some(run.restarts),
            });
        }
        Ok(Found {
            solution: Some(climber.board().to_vec()),
            extra: self.extra(&run),
        })
    }
}

impl HillClimbing {
    /// The statistics `queens --json` reports under `extra`.
    fn extra(&self, run: &Climb) -> Vec<(&'static str, u64)> {
        let mut extra = Vec::new();
        if self.settings.restarts {
            extra.push(("restarts", run.restarts));
        }
        if self.settings.rule == Rule::FirstChoice {
            extra.push(("samples", run.samples));
        }
        if self.moves_sideways() {
            extra.push(("sideways_moves", run.sideways_moves));
        }
        extra
    }
}
