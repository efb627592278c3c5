//! The study of the write-up's "Extra stuff" (issue 16): one run in-process
//! per seed and setting ([`study_run`]), and the settings that reproduce or
//! refute each of its claims ([`STUDY`]).
//!
//! A run here is the run `queens --algo min-conflicts-random` makes with
//! the same knobs, seed and `--max-steps`: the same moves, iterations,
//! restarts and board. It costs no process, so a thousand seeds of a
//! setting at n = 50 take well under a second.

use std::time::Instant;

use queens_core::{NoSteps, Refusal, StepCounter, is_solution};

use crate::search::{self, Stats, Tuning};
use crate::settings::{Cache, Init, Pick, Restart, Settings};
use crate::{RANDOM_INFO, check};

/// What one run of the study records. Counts are whole numbers of events;
/// times are nanoseconds of wall time (`std::time::Instant`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StudyRecord {
    /// Whether the run returned a board within its budget (the board was
    /// verified with `queens_core::is_solution`).
    pub solved: bool,
    /// Queens moved (the steps `queens` counts; a move may put the queen
    /// back on its own row).
    pub moves: u64,
    /// Iterations of the write-up's loop: each picks a column, and with
    /// `random-column` (or the random half of `mix:P`) it does nothing when
    /// the queen there is not attacked; with `random-conflicted` every
    /// iteration is a move. Restart limits count these.
    pub iterations: u64,
    /// Fresh boards after the first.
    pub restarts: u64,
    /// Full O(n) checks of the board (the write-up's `good?`); 0 with the
    /// exact cache, whose count of attacking pairs is checked in O(1)
    /// before every move instead.
    pub full_checks: u64,
    /// Moves of a queen that was not attacked: a stale cache sent the
    /// search to it (0 with the exact cache).
    pub moves_unattacked: u64,
    /// Attacking pairs the last initialisation left.
    pub init_attacks: u64,
    /// The whole run, without instrumentation (the time `queens --json`
    /// reports as `nanos`).
    pub nanos_total: u64,
    /// All initialisations of that run (first board and restarts), also
    /// filling the stale cache when there is one.
    pub nanos_init: u64,
    /// With [`Clock::Breakdown`]: finding the queen to move, summed over
    /// the run: the draws of the iterations up to each move and the choice
    /// of its queen (or the decision to restart). Measured in a second,
    /// instrumented run of the same seed (the same moves), which reads the
    /// clock before and after each pick, so it includes the cost of one
    /// clock reading per move (about 20–30 ns on x86-64 Linux, more than
    /// most picks themselves). `None` with [`Clock::Total`].
    pub nanos_picking: Option<u64>,
    /// With [`Clock::Breakdown`]: the full checks, summed, measured like
    /// `nanos_picking`; `None` with [`Clock::Total`].
    pub nanos_checks: Option<u64>,
}

/// What [`study_run`] times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// One uninstrumented run: `nanos_total` and `nanos_init`.
    Total,
    /// That run and a second, instrumented one of the same seed, which
    /// also times picking and checking (`nanos_picking`, `nanos_checks`):
    /// twice the time.
    Breakdown,
}

/// One run of the search at n with `settings`, seed `seed` and a budget of
/// `max_steps` moves (and restarts), in-process; see [`StudyRecord`] for
/// what is recorded. With [`Clock::Breakdown`] the run is made twice: once
/// uninstrumented for the times, once instrumented for the time spent
/// picking and checking.
///
/// Refuses what `queens` refuses: settings out of range, n above
/// [`crate::MAX_N`], `--init random` above [`crate::RANDOM_INIT_MAX_N`].
/// n = 0 is solved and n = 2, 3 are not, without a run.
///
/// # Panics
///
/// If a returned board is not a solution (a bug, never seen).
pub fn study_run(
    n: usize,
    seed: u64,
    settings: &Settings,
    max_steps: u64,
    clock: Clock,
) -> Result<StudyRecord, Refusal> {
    check(&RANDOM_INFO, settings, n)?;
    if matches!(n, 0 | 2 | 3) {
        return Ok(StudyRecord {
            solved: n == 0,
            ..StudyRecord::default()
        });
    }
    let id = RANDOM_INFO.id;
    let tuning = Tuning::DEFAULT;
    let start = Instant::now();
    let (found, timed) =
        search::run::<_, false>(id, n, seed, max_steps, settings, &tuning, &mut NoSteps);
    let nanos_total = start.elapsed().as_nanos() as u64;
    let solved = match found {
        Ok(found) => {
            let board = found.solution.expect("n > 3 has a solution");
            assert!(
                board.len() == n && is_solution(&board),
                "{settings} n = {n} seed {seed}: not a solution"
            );
            true
        }
        Err(_) => false,
    };
    let counted = (clock == Clock::Breakdown).then(|| {
        let mut probe = StepCounter::default();
        let (_, counted) =
            search::run::<_, false>(id, n, seed, max_steps, settings, &tuning, &mut probe);
        let same = |s: &Stats| (s.moves, s.iterations, s.restarts, s.full_checks);
        debug_assert_eq!(
            same(&timed),
            same(&counted),
            "{settings} n = {n} seed {seed}"
        );
        counted
    });
    Ok(StudyRecord {
        solved,
        moves: timed.moves,
        iterations: timed.iterations,
        restarts: timed.restarts,
        full_checks: timed.full_checks,
        moves_unattacked: timed.moves_unattacked,
        init_attacks: timed.init_attacks,
        nanos_total,
        nanos_init: timed.init_nanos,
        nanos_picking: counted.map(|c| c.pick_nanos),
        nanos_checks: counted.map(|c| c.check_nanos),
    })
}

/// One setting of the study: knobs, a move budget, and what it tests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StudySetting {
    /// A short label for charts and tables.
    pub name: &'static str,
    /// The four knobs.
    pub settings: Settings,
    /// The move budget (`--max-steps`).
    pub max_steps: u64,
    /// What the setting tests, in one sentence.
    pub tests: &'static str,
}

impl StudySetting {
    /// The `queens` command that makes the run of seed `seed` at n.
    pub fn command(&self, n: usize, seed: u64) -> String {
        format!(
            "queens --algo {} {} --max-steps {} --seed {seed} --first {n}",
            RANDOM_INFO.id,
            self.settings.args(),
            self.max_steps
        )
    }
}

/// The move budget of the study's settings but [`AIMA`]'s: issue 16's
/// bound for the pure most-conflicted pick, far above what any run that is
/// not stuck needs at n ≤ 1000 (a few hundred moves at most).
pub const STUDY_MAX_STEPS: u64 = 10_000;

/// The write-up's `nq-mc`, as `min-conflicts-random` runs it: a random
/// column, moved when attacked; greedy start; a fresh start after n²
/// iterations; exact counts. The baseline of every comparison.
pub const NQ_MC: StudySetting = StudySetting {
    name: "nq-mc",
    settings: Settings::RANDOM,
    max_steps: STUDY_MAX_STEPS,
    tests: "the write-up's nq-mc as registered (min-conflicts-random): the baseline",
};

/// The write-up's `nq-mc-maxi`, as `min-conflicts-most-conflicted` runs it:
/// the most-conflicted queen half the time, else a random column. Against
/// [`NQ_MC`] it tests the claim that the mix "was actually slower",
/// because finding the most-conflicted queen is expensive: time per
/// iteration and per move, and the picking time.
pub const MAXI: StudySetting = StudySetting {
    name: "maxi (mix:0.5)",
    settings: Settings::MOST_CONFLICTED,
    max_steps: STUDY_MAX_STEPS,
    tests: "the write-up's nq-mc-maxi (min-conflicts-most-conflicted): does the 50/50 mix \
            cost more per iteration and per move than nq-mc?",
};

/// Always the most-conflicted queen, never a restart, 10 000 moves: the
/// claim that this "fell into local mins quite often". Without restarts a
/// run that is stuck stays stuck, so its failure rate is how often it gets
/// stuck (issue 16's `--pick most-conflicted --restart-after never
/// --max-steps 10000`).
pub const MOST_CONFLICTED_NEVER: StudySetting = StudySetting {
    name: "most-conflicted, no restart",
    settings: Settings {
        pick: Pick::MostConflicted,
        restart: Restart::Never,
        ..Settings::RANDOM
    },
    max_steps: STUDY_MAX_STEPS,
    tests: "does always moving the most-conflicted queen get stuck (no restart to rescue it)?",
};

/// [`MOST_CONFLICTED_NEVER`] with half the picks a random column instead:
/// the claim that the 50/50 mix "solved the local minimum problem".
pub const MIX_NEVER: StudySetting = StudySetting {
    name: "mix:0.5, no restart",
    settings: Settings {
        restart: Restart::Never,
        ..Settings::MOST_CONFLICTED
    },
    max_steps: STUDY_MAX_STEPS,
    tests: "does the 50/50 mix escape where the pure most-conflicted pick gets stuck?",
};

/// Always the most-conflicted queen, with the write-up's restart after n²
/// iterations: whether its own restarts would have rescued the pure pick,
/// turning local minima into restarts and time rather than failures.
pub const MOST_CONFLICTED_N2: StudySetting = StudySetting {
    name: "most-conflicted, n² restarts",
    settings: Settings {
        pick: Pick::MostConflicted,
        ..Settings::RANDOM
    },
    max_steps: STUDY_MAX_STEPS,
    tests: "do the write-up's n² restarts rescue the pure most-conflicted pick, and at what cost?",
};

/// [`NQ_MC`] with the write-up's stale vector of conflicts: the claim that
/// it fails because a move changes other queens' counts unrecorded. Shows
/// how: moves of queens that are not attacked (`moves_unattacked`), full
/// checks that fail (the cache said solved: `full_checks` minus one per
/// solved run), restarts and success rate against [`NQ_MC`]. Its full
/// checks are the write-up's `good?`, counted and timed, so
/// `nanos_checks / full_checks` prices the check the write-up avoided
/// making every iteration ("checking every n² iterations saves time").
pub const STALE: StudySetting = StudySetting {
    name: "stale cache",
    settings: Settings {
        cache: Cache::Stale,
        ..Settings::RANDOM
    },
    max_steps: STUDY_MAX_STEPS,
    tests: "does the stale conflict cache mislead the search (unattacked queens moved, \
            failed checks), and what does a full check cost?",
};

/// aima-python's `min_conflicts` as its code reads: a greedy start
/// (`min_conflicts_value` on the partial assignment), a random conflicted
/// variable each step, no restart; bounded at 1 000 steps. Context: a plain
/// min-conflicts search without restarts fails some 8-queens runs.
pub const AIMA: StudySetting = StudySetting {
    name: "aima (greedy start)",
    settings: Settings {
        pick: Pick::RandomConflicted,
        restart: Restart::Never,
        ..Settings::RANDOM
    },
    max_steps: 1_000,
    tests: "aima-python's min_conflicts (greedy start, random conflicted queen, no restart, \
            1 000 steps): how often does it fail?",
};

/// [`AIMA`] from a uniformly random board, as issue 16 describes it: what
/// the greedy start is worth.
pub const AIMA_RANDOM_INIT: StudySetting = StudySetting {
    name: "aima (random start)",
    settings: Settings {
        init: Init::Random,
        ..AIMA.settings
    },
    max_steps: 1_000,
    tests: "the same from a uniformly random board: what is the greedy start worth?",
};

/// The study's settings, in the order the report shows them.
pub const STUDY: [StudySetting; 8] = [
    NQ_MC,
    MAXI,
    MOST_CONFLICTED_NEVER,
    MIX_NEVER,
    MOST_CONFLICTED_N2,
    STALE,
    AIMA,
    AIMA_RANDOM_INIT,
];
