//! The parameters of chapter 6's methods, read from the crates' constants
//! (never typed into a template), so the course states what the study ran:
//! the `starts` binary runs each method with `queens`' defaults
//! (`measure::textbook::METHODS` passes none of these knobs, nor a step
//! limit).

use serde::Serialize;

/// Each method's parameters as the textbook study ran them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Params {
    /// Consecutive sideways moves allowed (`--sideways`): the book's.
    pub sideways: u32,
    /// Moves (and restarts) a hill-climbing run may spend before it gives up.
    pub climb_budget: u64,
    /// Successors first-choice may draw for one move at n = 8: all of
    /// them, n(n − 1), without replacement.
    pub first_choice_draws: usize,
    /// Annealing's schedule, `exp:K:LAMBDA:LIMIT`.
    pub schedule: String,
    /// aima-python's `exp_schedule()` in the same form.
    pub aima_schedule: String,
    /// Beam width k.
    pub beam_width: usize,
    /// Generations without a lower h after which beam search gives up.
    pub beam_patience: u64,
    /// Beam search's generations at most.
    pub beam_generations: u64,
    /// The genetic algorithm's population.
    pub population: usize,
    /// Its mutation rate (aima-python's `pmut`).
    pub mutation_rate: f64,
    /// Its generations at most (aima-python's `ngen`).
    pub generations: u64,
    /// Min-conflicts' move limit: this plus `min_conflicts_per_queen` · n.
    pub min_conflicts_base: u64,
    /// Moves added per queen.
    pub min_conflicts_per_queen: u64,
    /// Tabu search's tenure: iterations a left (queen, row) stays tabu.
    pub tenure: u32,
    /// Steps of tabu search and constraint weighting (a breakout is one) per run.
    pub csp_local_budget: u64,
}

/// The parameters, from the crates.
pub fn params() -> Params {
    let mc = queens_min_conflicts::default_budget;
    Params {
        sideways: queens_hill_climbing::DEFAULT_SIDEWAYS,
        climb_budget: queens_hill_climbing::default_budget(8),
        first_choice_draws: 8 * 7,
        schedule: queens_annealing::Schedule::DEFAULT.to_string(),
        aima_schedule: queens_annealing::Schedule::AIMA.to_string(),
        beam_width: queens_population::DEFAULT_BEAM_WIDTH,
        beam_patience: queens_population::PATIENCE,
        beam_generations: queens_population::BEAM_BUDGET,
        population: queens_population::DEFAULT_POPULATION,
        mutation_rate: queens_population::DEFAULT_MUTATION_RATE,
        generations: queens_population::GENETIC_BUDGET,
        min_conflicts_base: mc(0),
        min_conflicts_per_queen: mc(1) - mc(0),
        tenure: queens_csp_local::DEFAULT_TENURE,
        csp_local_budget: queens_csp_local::DEFAULT_BUDGET,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::textbook::METHODS;

    /// The study runs every method with these defaults: no knob that sets
    /// one of them, and the `starts` binary is given no step limit.
    #[test]
    fn the_study_runs_the_stated_parameters() {
        for (id, knobs) in METHODS {
            for knob in [
                "sideways",
                "schedule",
                "beam-width",
                "population",
                "mutation-rate",
                "tenure",
            ] {
                assert!(!knobs.contains(knob), "{id} sets {knob}: {knobs}");
            }
        }
        let p = params();
        // The stated schedules read back as the crate's.
        let read = |s: &str| queens_annealing::Schedule::parse(s).map(|s| s.to_string());
        assert_eq!(
            read(&p.schedule),
            Some(queens_annealing::Schedule::DEFAULT.to_string())
        );
        assert_eq!(
            read(&p.aima_schedule),
            Some(queens_annealing::Schedule::AIMA.to_string())
        );
        // The min-conflicts limit is linear in n, as the text writes it.
        for n in [8, 1000, 1_000_000] {
            assert_eq!(
                queens_min_conflicts::default_budget(n),
                p.min_conflicts_base + p.min_conflicts_per_queen * n as u64
            );
        }
        // The climbers' limit does not depend on n, as the text writes it.
        assert_eq!(queens_hill_climbing::default_budget(1000), p.climb_budget);
        // First-choice can draw every successor of an 8-queens board.
        assert_eq!(p.first_choice_draws, 8 * (8 - 1));
    }
}
