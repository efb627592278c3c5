//! The population methods of AIMA's chapter 4 on its complete-state
//! n-queens formulation (3rd and 4th ed. §4.1.1: one queen per column, a
//! successor moves one queen within its column, h = the pairs of queens
//! attacking each other), two registered approaches:
//!
//! - `beam` ([`Beam`], AIMA §4.1.3, local beam search): k random boards;
//!   each generation makes all the successors of all k boards; if one is a
//!   goal the search stops, else it keeps the k best of the complete list
//!   (ties at random: each successor draws a random key) and repeats. It
//!   gives up when the lowest h seen has not fallen for [`PATIENCE`]
//!   generations in a row, or after `--max-steps` generations
//!   ([`BEAM_BUDGET`] by default). Knob `beam-width` (k, 1 to
//!   [`MAX_BEAM_WIDTH`], default [`DEFAULT_BEAM_WIDTH`]).
//! - `genetic` ([`GeneticAlgorithm`], AIMA §4.1.4, Fig. 4.6 and Fig. 4.8;
//!   aima-python search.py `genetic_algorithm`): a population of random
//!   boards; fitness = the non-attacking pairs, n(n − 1)/2 − h (28 for an
//!   8-queens solution); each generation replaces the population by as
//!   many children, each from two parents drawn with probability
//!   proportional to fitness (aima-python's `select`; a parent may be drawn
//!   twice), cut at a uniformly random point c from 1 to n and joined (the
//!   first c queens of one, the rest of the other: Fig. 4.8's REPRODUCE),
//!   then with probability `mutation-rate` one random queen put on a random
//!   row (aima-python's `mutate`: any row, its own included). It stops when
//!   a generation holds a solution (checked after the whole generation, as
//!   Fig. 4.8's "until some individual is fit enough") and gives up after
//!   `--max-steps` generations, by default aima-python's `ngen` = 1000.
//!   Knobs `population` (2 to [`MAX_POPULATION`], default
//!   [`DEFAULT_POPULATION`]) and `mutation-rate` (0 to 1, default
//!   aima-python's `pmut` = 0.1).
//!
//! Neither checks its first boards for a goal: both books' loops look only
//! at what a generation makes. n = 0 to 3 are answered without a search.
//!
//! # Steps, statistics, trace
//!
//! One **step** is one generation. `Found::extra`: `states` (beam: the
//! successors generated, the goal included) and `offspring` (genetic: the
//! children made). `queens --trace` writes one `board` event per
//! generation (the step), the best board of that generation (lowest h,
//! the first of equals; beam: the goal when it found one), so the last
//! `board` is the board returned.
//!
//! # In-process runs
//!
//! `Local(Beam).first(n, &opts, Steps::Count)` and
//! `Local(GeneticAlgorithm).first(…)` (queens-core) make the run `queens
//! --algo beam|genetic --first --seed S N` makes, with the knobs as
//! `Options::knobs` strings.
//!
//! # Measured (the defaults)
//!
//! With the `starts` binary of crates/approaches (`starts beam 8 1 1000
//! beam-width=K`, `starts genetic 8 1 1000 population=N`), seeds 1 to 1000:
//!
//! - `beam` at n = 8 solved 96.5% with k = 1 (a hill climber that must
//!   move), 99.8% with k = 5, 99.9% with k = 10 (4.3 generations on
//!   average) and 100% from k = 20. k = 10 is the default: it solves n = 6
//!   and n = 8 in all but one seed in a thousand at a tenth of k = 100's
//!   cost, and reaches n = 256 in about a second.
//! - `genetic` at n = 8 solved 7.9% with a population of 10, 85.4% with
//!   100, 98.7% with 500 and 99.8% with 1000 (62.6 generations on average);
//!   at n = 6 (4 solutions) 77% with 100 and all with 1000. 1000 is the
//!   default: the smallest population tried that solves 8-queens reliably
//!   within aima-python's 1000 generations.
//!
//! # Boards
//!
//! The board type, its O(1) change of h and the random draws come from
//! `queens-complete-state` ([`queens_complete_state::Board`]). Entry i of a board
//! returned is the row of column i's queen; read as the column of row i's
//! queen it is a solution too (the mirror image in the diagonal).

mod beam;
mod genetic;
#[cfg(test)]
mod tests;

use queens_core::{Event, Found, Info, Kind, LocalSearch, Options, Probe, Refusal, TraceInfo};

pub use crate::genetic::max_fitness;

/// Default k of `beam`.
pub const DEFAULT_BEAM_WIDTH: usize = 10;
/// Largest k of `beam`.
pub const MAX_BEAM_WIDTH: usize = 10_000;
/// Generations without a new lowest h after which `beam` gives up.
pub const PATIENCE: u64 = 100;
/// `beam`'s generations when `--max-steps` is not given.
pub const BEAM_BUDGET: u64 = 100_000;

/// Default population of `genetic`.
pub const DEFAULT_POPULATION: usize = 1000;
/// Smallest population (two parents).
pub const MIN_POPULATION: usize = 2;
/// Largest population of `genetic`.
pub const MAX_POPULATION: usize = 100_000;
/// aima-python's `pmut`.
pub const DEFAULT_MUTATION_RATE: f64 = 0.1;
/// aima-python's `ngen`: `genetic`'s generations when `--max-steps` is not given.
pub const GENETIC_BUDGET: u64 = 1000;

/// The knob names, as `Options::knobs` and the CLI spell them.
pub const BEAM_WIDTH: &str = "beam-width";
/// The knob of `genetic`'s population size.
pub const POPULATION: &str = "population";
/// The knob of `genetic`'s mutation probability.
pub const MUTATION_RATE: &str = "mutation-rate";

/// Largest n `beam` accepts.
pub const BEAM_MAX_N: usize = 1000;
/// Largest n `genetic` accepts.
pub const GENETIC_MAX_N: usize = 1000;

/// The description of `beam`.
pub static BEAM_INFO: Info = Info {
    id: "beam",
    good_for: "the textbook's local beam search (--beam-width)",
    title: "Local beam search (AIMA §4.1.3)",
    source: "[AIMA] §4.1.3 local beam search",
    structure: "k boards of one queen per column, queens counted per row and diagonal; \
        the k best successors kept by a bounded selection",
    step_unit: "generations (all successors of the k boards made, the k best kept)",
    order: "finds one board, chosen by --seed; entry i is the row of column i's queen",
    max_n: BEAM_MAX_N,
    limit_reason: "time: a generation makes k·n·(n − 1) successors (10^7 at n = 1000 with \
        k = 10) and a run takes about as many generations as its first boards have \
        attacking pairs",
    kind: Kind::FindOne,
    splits: false,
    counts_unique: false,
    quick_n: 128,
    bench_count: &[],
    bench_first: &[8],
};

/// The description of `genetic`.
pub static GENETIC_INFO: Info = Info {
    id: "genetic",
    good_for: "the textbook's genetic algorithm (--population, --mutation-rate)",
    title: "Genetic algorithm (AIMA Fig. 4.8)",
    source: "[AIMA] §4.1.4 Fig. 4.6, 4.8 GENETIC-ALGORITHM; aima-python search.py \
        genetic_algorithm",
    structure: "a population of boards, one queen per column, as strings of rows; \
        cumulative fitness for proportional selection",
    step_unit: "generations (a whole new population made)",
    order: "finds one board, chosen by --seed; entry i is the row of column i's queen",
    max_n: GENETIC_MAX_N,
    limit_reason: "time and hope: a generation costs population·n (10^6 at n = 1000 with the \
        default 1000 boards), and with 1000 generations it solved no board of 12 queens \
        or more among the seeds tried",
    kind: Kind::FindOne,
    splits: false,
    counts_unique: false,
    quick_n: 8,
    bench_count: &[],
    bench_first: &[8],
};

/// How `beam` and `genetic` trace.
pub static TRACE: TraceInfo = TraceInfo {
    step: Some(Event::Board),
    count_max_n: 0,
    first_max_n: TRACE_MAX_N,
    reason: "a board event of n queens per generation counts as n events: the default \
             1000 generations of `genetic` at n = 1000 write 10^6",
};

/// The largest n traced.
pub const TRACE_MAX_N: usize = 1000;

/// `beam`: local beam search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Beam;

/// `genetic`: the genetic algorithm.
#[derive(Clone, Copy, Debug, Default)]
pub struct GeneticAlgorithm;

/// A whole-number knob in `min..=max`, else `default`.
fn whole(
    id: &'static str,
    opts: &Options,
    name: &str,
    (min, max, default): (usize, usize, usize),
    what: &'static str,
) -> Result<usize, Refusal> {
    match opts.knob(name) {
        None => Ok(default),
        Some(v) => v
            .parse::<usize>()
            .ok()
            .filter(|k| (min..=max).contains(k))
            .ok_or(Refusal::Unsupported { id, what }),
    }
}

/// The beam width of a `beam` run (`--beam-width`, else [`DEFAULT_BEAM_WIDTH`]).
fn beam_width(opts: &Options) -> Result<usize, Refusal> {
    whole(
        BEAM_INFO.id,
        opts,
        BEAM_WIDTH,
        (1, MAX_BEAM_WIDTH, DEFAULT_BEAM_WIDTH),
        "take a --beam-width other than a whole number from 1 to 10000",
    )
}

/// The step budget of a `beam` run (`--max-steps`, else [`BEAM_BUDGET`]).
fn beam_budget(opts: &Options) -> u64 {
    opts.max_steps.unwrap_or(BEAM_BUDGET)
}

/// The population of a `genetic` run (`--population`, else [`DEFAULT_POPULATION`]).
fn population(opts: &Options) -> Result<usize, Refusal> {
    whole(
        GENETIC_INFO.id,
        opts,
        POPULATION,
        (MIN_POPULATION, MAX_POPULATION, DEFAULT_POPULATION),
        "take a --population other than a whole number from 2 to 100000",
    )
}

/// The mutation rate of a `genetic` run (`--mutation-rate`, else
/// [`DEFAULT_MUTATION_RATE`]).
fn mutation_rate(opts: &Options) -> Result<f64, Refusal> {
    match opts.knob(MUTATION_RATE) {
        None => Ok(DEFAULT_MUTATION_RATE),
        Some(v) => v
            .parse::<f64>()
            .ok()
            .filter(|p| (0.0..=1.0).contains(p))
            .ok_or(Refusal::Unsupported {
                id: GENETIC_INFO.id,
                what: "take a --mutation-rate other than a probability from 0 to 1",
            }),
    }
}

/// The step budget of a `genetic` run (`--max-steps`, else [`GENETIC_BUDGET`]).
fn genetic_budget(opts: &Options) -> u64 {
    opts.max_steps.unwrap_or(GENETIC_BUDGET)
}

/// The answers of n = 0 to 3, found without a search.
fn trivial(n: usize, extra: &'static str) -> Option<Found> {
    let solution = match n {
        0 => Some(Vec::new()),
        1 => Some(vec![0]),
        2 | 3 => None,
        _ => return None,
    };
    Some(Found {
        solution,
        extra: vec![(extra, 0)],
    })
}

impl LocalSearch for Beam {
    fn info(&self) -> &'static Info {
        &BEAM_INFO
    }
    fn knobs(&self) -> &'static [&'static str] {
        &[BEAM_WIDTH]
    }
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }
    fn knob_values(
        &self,
        _n: usize,
        opts: &Options,
    ) -> Result<Vec<(&'static str, String)>, Refusal> {
        Ok(vec![
            (BEAM_WIDTH, beam_width(opts)?.to_string()),
            (Options::MAX_STEPS, beam_budget(opts).to_string()),
        ])
    }
    fn find<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Result<Found, Refusal> {
        let width = beam_width(opts)?;
        queens_core::check_limit(&BEAM_INFO, n)?;
        if let Some(found) = trivial(n, "states") {
            return Ok(found);
        }
        let beam = beam::Beam {
            id: BEAM_INFO.id,
            width,
            patience: PATIENCE,
            budget: beam_budget(opts),
        };
        beam.run(n, opts.seed, probe)
    }
}

impl LocalSearch for GeneticAlgorithm {
    fn info(&self) -> &'static Info {
        &GENETIC_INFO
    }
    fn knobs(&self) -> &'static [&'static str] {
        &[POPULATION, MUTATION_RATE]
    }
    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }
    fn knob_values(
        &self,
        _n: usize,
        opts: &Options,
    ) -> Result<Vec<(&'static str, String)>, Refusal> {
        Ok(vec![
            (POPULATION, population(opts)?.to_string()),
            (MUTATION_RATE, mutation_rate(opts)?.to_string()),
            (Options::MAX_STEPS, genetic_budget(opts).to_string()),
        ])
    }
    fn find<P: Probe>(&self, n: usize, opts: &Options, probe: &mut P) -> Result<Found, Refusal> {
        let id = GENETIC_INFO.id;
        let population = population(opts)?;
        let mutation_rate = mutation_rate(opts)?;
        queens_core::check_limit(&GENETIC_INFO, n)?;
        if let Some(found) = trivial(n, "offspring") {
            return Ok(found);
        }
        let genetic = genetic::Genetic {
            id,
            population,
            mutation_rate,
            budget: genetic_budget(opts),
        };
        genetic.run(n, opts.seed, probe)
    }
}
