//! The one list of approaches. The CLI, the benches and the xtask read it;
//! nothing else names approaches by hand. Registry order is the order of
//! `--help`, of the benches and of the report's colours.

use queens_core::{Approach, Exhaustive, Local, Registry};

static BITMASK: Exhaustive<queens_bitmask::Bitmask> = Exhaustive(queens_bitmask::Bitmask);
static BITMASK_MIRROR: Exhaustive<queens_bitmask_mirror::BitmaskMirror> =
    Exhaustive(queens_bitmask_mirror::BitmaskMirror);
static BITMASK_SYMMETRIC: Exhaustive<queens_bitmask_symmetric::BitmaskSymmetric> =
    Exhaustive(queens_bitmask_symmetric::BitmaskSymmetric);
static HALF_JOIN: Exhaustive<queens_half_join::HalfJoin> = Exhaustive(queens_half_join::HalfJoin);
static ATTACK_BOARD: Exhaustive<queens_attack_board::AttackBoard> =
    Exhaustive(queens_attack_board::AttackBoard);
static LIST_COMPREHENSION: Exhaustive<queens_list_comprehension::ListComprehension> =
    Exhaustive(queens_list_comprehension::ListComprehension);
static LIST_COMPREHENSION_STRICT: Exhaustive<queens_list_comprehension::ListComprehensionStrict> =
    Exhaustive(queens_list_comprehension::ListComprehensionStrict);
static PERMUTATIONS: Exhaustive<queens_permutations::Permutations> =
    Exhaustive(queens_permutations::Permutations);
static PERMUTATIONS_STREAMING: Exhaustive<queens_permutations::PermutationsStreaming> =
    Exhaustive(queens_permutations::PermutationsStreaming);
static MRV: Exhaustive<queens_mrv::Mrv> = Exhaustive(queens_mrv::Mrv);
static MRV_TUNED: Local<queens_mrv::MrvTuned> = Local(queens_mrv::MrvTuned);
static GENERATE_AND_TEST: Exhaustive<queens_generate_and_test::GenerateAndTest> =
    Exhaustive(queens_generate_and_test::GenerateAndTest);
static STRING_REGEX: Exhaustive<queens_string_regex::StringRegex> =
    Exhaustive(queens_string_regex::StringRegex);
static MIN_CONFLICTS_RANDOM: Local<queens_min_conflicts::MinConflictsRandom> =
    Local(queens_min_conflicts::MinConflictsRandom);
static MIN_CONFLICTS_MOST_CONFLICTED: Local<queens_min_conflicts::MinConflictsMostConflicted> =
    Local(queens_min_conflicts::MinConflictsMostConflicted);
static SWAP_SEARCH: Local<queens_swap_search::SwapSearch> = Local(queens_swap_search::SwapSearch);
static HILL_CLIMBING: Local<queens_hill_climbing::HillClimbing> =
    Local(queens_hill_climbing::HILL_CLIMBING);
static HILL_CLIMBING_SIDEWAYS: Local<queens_hill_climbing::HillClimbing> =
    Local(queens_hill_climbing::HILL_CLIMBING_SIDEWAYS);
static RANDOM_RESTART: Local<queens_hill_climbing::HillClimbing> =
    Local(queens_hill_climbing::RANDOM_RESTART);
static RANDOM_RESTART_SIDEWAYS: Local<queens_hill_climbing::HillClimbing> =
    Local(queens_hill_climbing::RANDOM_RESTART_SIDEWAYS);
static FIRST_CHOICE: Local<queens_hill_climbing::HillClimbing> =
    Local(queens_hill_climbing::FIRST_CHOICE);
static STOCHASTIC_HILL_CLIMBING: Local<queens_hill_climbing::HillClimbing> =
    Local(queens_hill_climbing::STOCHASTIC_HILL_CLIMBING);
static ANNEALING: Local<queens_annealing::Annealing> = Local(queens_annealing::Annealing);
static BEAM: Local<queens_population::Beam> = Local(queens_population::Beam);
static GENETIC: Local<queens_population::GeneticAlgorithm> =
    Local(queens_population::GeneticAlgorithm);
static TABU_SEARCH: Local<queens_csp_local::TabuSearch> = Local(queens_csp_local::TabuSearch);
static CONSTRAINT_WEIGHTING: Local<queens_csp_local::ConstraintWeighting> =
    Local(queens_csp_local::ConstraintWeighting);
static EXPLICIT: Local<queens_explicit::Explicit> = Local(queens_explicit::Explicit);
static CSP: queens_csp::CspApproach =
    queens_csp::CspApproach(queens_csp::Csp::new(queens_csp::Config::DEFAULT));

/// Every approach, by id.
pub static REGISTRY: Registry = Registry::new(&[
    &BITMASK as &dyn Approach,
    &BITMASK_MIRROR,
    &BITMASK_SYMMETRIC,
    &HALF_JOIN,
    &ATTACK_BOARD,
    &LIST_COMPREHENSION,
    &LIST_COMPREHENSION_STRICT,
    &PERMUTATIONS,
    &PERMUTATIONS_STREAMING,
    &MRV,
    &MRV_TUNED,
    &GENERATE_AND_TEST,
    &STRING_REGEX,
    &MIN_CONFLICTS_RANDOM,
    &MIN_CONFLICTS_MOST_CONFLICTED,
    &SWAP_SEARCH,
    &HILL_CLIMBING,
    &HILL_CLIMBING_SIDEWAYS,
    &RANDOM_RESTART,
    &RANDOM_RESTART_SIDEWAYS,
    &FIRST_CHOICE,
    &STOCHASTIC_HILL_CLIMBING,
    &ANNEALING,
    &BEAM,
    &GENETIC,
    &TABU_SEARCH,
    &CONSTRAINT_WEIGHTING,
    &EXPLICIT,
    &CSP,
]);

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn ids_are_unique_and_well_formed() {
        let ids = REGISTRY.ids();
        assert_eq!(ids.iter().collect::<BTreeSet<_>>().len(), ids.len());
        for id in ids {
            assert!(
                id.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{id}"
            );
            assert_eq!(REGISTRY.get(id).unwrap().info().id, id);
        }
        assert!(REGISTRY.get("no-such").is_err());
    }
}
