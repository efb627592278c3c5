//! The approaches the engine runs, as their concrete types: the
//! registry's list (`queens_approaches::REGISTRY`, same statics, same order)
//! without `string-regex`, reached through [`with_approach`] instead of a
//! `dyn Approach`. A `dyn Approach` links every method of every approach
//! (count, first, visit with each probe), three times the traced runs
//! alone; and `string-regex`'s regex engine (regex, aho-corasick and
//! Unicode tables) would add about 750 KB to a page that must stay under
//! 2 MB, for a trace that is `bitmask`'s tree event for event (the same
//! placements, `ROW_BY_ROW`). A test checks this list against the registry.

use queens_core::{Approach, Exhaustive, Local};

/// What is done with one approach, whatever its type.
pub trait WithApproach {
    /// The result.
    type Out;
    /// Does it with `approach`.
    fn with<A: Approach>(self, approach: &'static A) -> Self::Out;
}

/// The registered approaches the engine leaves out, and why.
pub const LEFT_OUT: [(&str, &str); 1] = [(
    "string-regex",
    "its regex engine would add about 750 KB to the page (which must stay under 2 MB); its \
     trace is bitmask's placements event for event",
)];

macro_rules! table {
    ($($name:ident: $ty:ty = $value:expr;)*) => {
        $(static $name: $ty = $value;)*

        /// Does `w` with the approach `id`; `None` when the engine has no
        /// approach of that id.
        pub fn with_approach<W: WithApproach>(id: &str, w: W) -> Option<W::Out> {
            $(if Approach::info(&$name).id == id {
                return Some(w.with(&$name));
            })*
            None
        }

        /// Does `w` with every approach, in registry order.
        pub fn each<W: WithApproach + Clone>(w: W) -> Vec<W::Out> {
            vec![$(w.clone().with(&$name)),*]
        }
    };
}

table! {
    BITMASK: Exhaustive<queens_bitmask::Bitmask> = Exhaustive(queens_bitmask::Bitmask);
    BITMASK_MIRROR: Exhaustive<queens_bitmask_mirror::BitmaskMirror> =
        Exhaustive(queens_bitmask_mirror::BitmaskMirror);
    BITMASK_SYMMETRIC: Exhaustive<queens_bitmask_symmetric::BitmaskSymmetric> =
        Exhaustive(queens_bitmask_symmetric::BitmaskSymmetric);
    HALF_JOIN: Exhaustive<queens_half_join::HalfJoin> = Exhaustive(queens_half_join::HalfJoin);
    ATTACK_BOARD: Exhaustive<queens_attack_board::AttackBoard> =
        Exhaustive(queens_attack_board::AttackBoard);
    LIST_COMPREHENSION: Exhaustive<queens_list_comprehension::ListComprehension> =
        Exhaustive(queens_list_comprehension::ListComprehension);
    LIST_COMPREHENSION_STRICT: Exhaustive<queens_list_comprehension::ListComprehensionStrict> =
        Exhaustive(queens_list_comprehension::ListComprehensionStrict);
    PERMUTATIONS: Exhaustive<queens_permutations::Permutations> =
        Exhaustive(queens_permutations::Permutations);
    PERMUTATIONS_STREAMING: Exhaustive<queens_permutations::PermutationsStreaming> =
        Exhaustive(queens_permutations::PermutationsStreaming);
    MRV: Exhaustive<queens_mrv::Mrv> = Exhaustive(queens_mrv::Mrv);
    MRV_TUNED: Local<queens_mrv::MrvTuned> = Local(queens_mrv::MrvTuned);
    GENERATE_AND_TEST: Exhaustive<queens_generate_and_test::GenerateAndTest> =
        Exhaustive(queens_generate_and_test::GenerateAndTest);
    MIN_CONFLICTS_RANDOM: Local<queens_min_conflicts::MinConflictsRandom> =
        Local(queens_min_conflicts::MinConflictsRandom);
    MIN_CONFLICTS_MOST_CONFLICTED: Local<queens_min_conflicts::MinConflictsMostConflicted> =
        Local(queens_min_conflicts::MinConflictsMostConflicted);
    SWAP_SEARCH: Local<queens_swap_search::SwapSearch> = Local(queens_swap_search::SwapSearch);
    HILL_CLIMBING: Local<queens_hill_climbing::HillClimbing> =
        Local(queens_hill_climbing::HILL_CLIMBING);
    HILL_CLIMBING_SIDEWAYS: Local<queens_hill_climbing::HillClimbing> =
        Local(queens_hill_climbing::HILL_CLIMBING_SIDEWAYS);
    RANDOM_RESTART: Local<queens_hill_climbing::HillClimbing> =
        Local(queens_hill_climbing::RANDOM_RESTART);
    RANDOM_RESTART_SIDEWAYS: Local<queens_hill_climbing::HillClimbing> =
        Local(queens_hill_climbing::RANDOM_RESTART_SIDEWAYS);
    FIRST_CHOICE: Local<queens_hill_climbing::HillClimbing> =
        Local(queens_hill_climbing::FIRST_CHOICE);
    STOCHASTIC_HILL_CLIMBING: Local<queens_hill_climbing::HillClimbing> =
        Local(queens_hill_climbing::STOCHASTIC_HILL_CLIMBING);
    ANNEALING: Local<queens_annealing::Annealing> = Local(queens_annealing::Annealing);
    BEAM: Local<queens_population::Beam> = Local(queens_population::Beam);
    GENETIC: Local<queens_population::GeneticAlgorithm> =
        Local(queens_population::GeneticAlgorithm);
    TABU_SEARCH: Local<queens_csp_local::TabuSearch> = Local(queens_csp_local::TabuSearch);
    CONSTRAINT_WEIGHTING: Local<queens_csp_local::ConstraintWeighting> =
        Local(queens_csp_local::ConstraintWeighting);
    EXPLICIT: Local<queens_explicit::Explicit> = Local(queens_explicit::Explicit);
    CSP: queens_csp::CspApproach =
        queens_csp::CspApproach(queens_csp::Csp::new(queens_csp::Config::DEFAULT));
}
