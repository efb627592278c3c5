//! Command-line arguments of `queens`: what each option means. How an
//! option's value is read is in `values.rs`; where an option applies, in
//! `applies.rs`; the help's appendices, in `help.rs`.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use clap_complete::Shell;
use queens_core::{Format, Kind, Options, Shard};

use crate::{values, words};

/// Count, list or find N-Queens solutions.
#[derive(Parser, Debug)]
#[command(
    name = "queens",
    version,
    about = "Count, list or find the solutions of the N-Queens problem",
    long_about = "Count, list or find the solutions of the N-Queens problem with any of \
                  queens-lab's approaches.\n\n\
                  Which approach? To count, `queens N` takes the fastest counter for N \
                  (bitmask below 12 queens, half-join from 12 to 23) and --unique the counter \
                  of fundamental solutions. From 24 queens no counter finishes here \
                  (half-join, the fastest, would take hundreds of core-hours for Q(24), \
                  estimated from a sample of its tasks): `queens N` refuses in one line with the estimate and the way to \
                  split the count over a cluster (--shard, --checkpoint); half-join counts \
                  24 to 27 only in shards, other --algo ID counts anyway. A size beyond an approach names the \
                  approaches that can. To watch a search, -v and --first follow the sources' \
                  plain order (bitmask); --algo attack-board is the Queens.py assignment, \
                  and --trace writes any search event by event. For one board \
                  of many queens: explicit (a formula, any size at once), swap-search or \
                  min-conflicts-random (searches, millions of queens). `queens list` says \
                  what each approach is good for, its source and its limits.\n\n\
                  `queens N` prints `N-Queens has K solutions`, Queens.py's line byte for \
                  byte for every K (`3-Queens has 0 solutions`, `1-Queens has 1 solutions`); \
                  `--first` says `3-Queens has no solution`. `queens -v N` first prints \
                  every solution, one per line, in the order the chosen approach discovers \
                  them (with bitmask and attack-board: rows top to bottom, columns left to \
                  right, the order of the Queens.py assignment's samples).",
    subcommand_negates_reqs = true,
    disable_help_subcommand = true
)]
pub struct Args {
    /// The list of approaches, shell completions or the man page, instead of a run
    #[command(subcommand)]
    pub command: Option<Tool>,

    /// Board size: the number of queens (a whole number, 0 or more)
    #[arg(value_name = "N", required = true, value_parser = values::n, allow_negative_numbers = true)]
    pub n: Option<usize>,

    /// Print every solution first, in the approach's discovery order (see the list below)
    #[arg(short, long, conflicts_with_all = ["json", "first"])]
    pub verbose: bool,

    /// The approach to use [default: the fastest counter for N (bitmask below
    /// 12 queens, half-join from 12 to 23; from 24 a plain count is refused
    /// with its estimate), bitmask with -v, --first, --depths or --trace,
    /// bitmask-symmetric with --unique]
    #[arg(long, value_name = "ID", value_parser = clap::builder::PossibleValuesParser::new(
        queens_approaches::REGISTRY.ids()))]
    pub algo: Option<String>,

    /// Stop at the first solution and print it with its step count
    /// (always the case for approaches that only find one)
    #[arg(long)]
    pub first: bool,

    /// How boards print as text: (2, 4, 1, 3), 0/1 board rows, Q/. picture rows,
    /// or [1-2,2-4,3-1,4-3] [default: tuple]
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,

    /// Print one JSON line instead of text (its fields: --help)
    #[arg(long)]
    pub json: bool,

    /// Add the time and the approach to the last line of text, e.g.
    /// `8-Queens has 92 solutions (0.05 ms, bitmask)`
    ///
    /// The time is the search's (with -v, the listing's too), measured once,
    /// without the instrumented rerun that counts steps; --json has it as nanos.
    #[arg(long)]
    pub time: bool,

    /// With --json: print the board found at any size (solution is null above 1000 queens)
    #[arg(long)]
    pub full_solution: bool,

    /// With --json: skip the second, instrumented run, so steps is null
    #[arg(long)]
    pub no_steps: bool,

    /// Write the board found, the 1-based column of each row one per line, to
    /// FILE (`-`: standard output) instead of printing it
    ///
    /// FILE is replaced only when a valid board is complete: the board goes to
    /// a temporary file beside it, renamed over FILE at the end. A run that
    /// gives up, finds no board or is interrupted leaves FILE (or the file a
    /// symbolic link points to) as it was, and nothing beside it. A device or
    /// pipe (/dev/null, a terminal) is written directly, never replaced or
    /// removed; the file or pipe standard output goes to (/dev/stdout under
    /// `> FILE`, or FILE itself) is written through standard output, as `-`.
    /// A path that cannot be written (or a file in a folder that cannot be
    /// written) is refused before the search.
    #[arg(long, value_name = "FILE", conflicts_with = "verbose")]
    pub output: Option<PathBuf>,

    /// Count the search tree's nodes at each depth (exhaustive approaches)
    ///
    /// Depth 0 is the root; a node at depth d has d queens decided, in the
    /// approach's own tree (the first line printed says what a node is).
    /// Prints one line per depth, `depth d: k nodes, j dead ends` (a dead end:
    /// a node above depth n with no child); with --json, adds
    /// extra.nodes_per_depth and extra.dead_ends_per_depth, arrays of integers
    /// (index = depth). The split counters (bitmask-mirror, bitmask-symmetric)
    /// count their bottom rows in bulk and report no dead ends. For a count or
    /// a --first run; not for local searches or half-join (which walks no
    /// tree), nor with -v or --no-steps.
    #[arg(long)]
    pub depths: bool,

    /// Write the search, one event per line (JSON Lines), to FILE (`-`: standard output)
    ///
    /// Rows and columns are 1-based. The first line is
    /// {"event":"start","algo":ID,"n":N,"mode":"count"|"first","step":E,"node":U}:
    /// E names the event that is one step of the approach (see "trace:" in the
    /// list below; null for explicit), U what a node of its tree is (null
    /// without a tree). The last line is {"event":"end","solutions":S,"steps":K},
    /// K the step events written: the steps --json reports for the same run; a
    /// local search that gave up adds "ending":HOW,"h":H (HOW "local minimum",
    /// "plateau", "stalled", "cooled" or "budget spent", as --json's error
    /// begins; H the attacking pairs of the board the trace ends on, null for
    /// mrv-tuned). Between them:
    ///
    /// - placement searches (bitmask, bitmask-mirror, bitmask-symmetric,
    ///   attack-board, string-regex, mrv, mrv-tuned): {"event":"place","row":r,"col":c}
    ///   (the step), {"event":"remove","row":r,"col":c} when the queen is taken
    ///   back, {"event":"dead-end","depth":d} before the remove of a node at
    ///   depth d < n with no child, {"event":"solution","index":k} (k-th board
    ///   found; bitmask-mirror and bitmask-symmetric add "weight":w, the
    ///   solutions the board stands for, which add up to the count). mrv's rows
    ///   come in O'Keefe's order; mrv-tuned writes
    ///   {"event":"restart","reason":"limit","after":k} when it abandons an
    ///   attempt after k placements (the board is cleared). A --first run ends
    ///   at its solution, the board standing.
    ///
    /// - generate-and-test, permutations, permutations-streaming:
    ///   {"event":"candidate","cols":[...],"ok":b} per complete candidate tested
    ///   (permutations tests all n! boards, in a --first run too).
    ///
    /// - list-comprehension (lazy, as GHC runs it):
    ///   {"event":"partial","list":[c_k,...,c_1]} per partial list built, newest
    ///   row first, depth first: each list followed by the lists that extend it.
    ///
    /// - list-comprehension-strict: {"event":"level","depth":d} before each
    ///   level, {"event":"partial","list":[c_d,...,c_1]} per partial list kept,
    ///   newest row first.
    ///
    /// - half-join: {"event":"pair","task":t,"ok":b,"east":[...],"west":[...]}
    ///   per pair of half boards compared (t: the task, 1-based); a pair that
    ///   joins adds "weight":w before the halves. east[i], west[i]: the column
    ///   of that half's queen in row i + 1, 0 where the half has none (odd n:
    ///   the middle row is 0 in both, its queen in the middle column).
    ///
    /// - local searches with moves (min-conflicts-*, the hill climbers,
    ///   annealing, tabu-search, constraint-weighting):
    ///   {"event":"init","board":[...]} (the search's own view: board[i] is the
    ///   row of column i's queen), then per step
    ///   {"event":"move","col":c,"from":r1,"to":r2,"conflicts":k}, k the queens
    ///   attacking the moved queen on its new square (r2 = r1: the queen stays,
    ///   as min-conflicts may, annealing when it refuses the proposal, tabu
    ///   search when every row is tabu). A move carries what decided it when
    ///   the board does not say: "pick":"random"|"most" (min-conflicts-*: the
    ///   queen drawn among all attacked queens or among the most attacked),
    ///   "tried":t (first-choice: successors drawn for this move, itself
    ///   included), "uphill":u,"dh":d (stochastic-hill-climbing: drawn among u
    ///   successors that lower h, its change of h d), "proposed":r,
    ///   "temperature":T (annealing: the row proposed, T the iteration's
    ///   temperature, five significant digits), "tabu":t,"aspiration":a
    ///   (tabu-search: t tabu rows passed over, a whether the row taken was
    ///   tabu), "minima":b,"bumped":w (constraint-weighting: b local minima met
    ///   since the last move, w weights they raised).
    ///
    /// - swap-search: the same init (board[i] is the column of row i's queen),
    ///   then per step {"event":"swap","rows":[a,b],"tried":t}: rows a and b
    ///   exchange columns, after t partners tried for row a's queen.
    ///
    /// - restarts: {"event":"restart","reason":"limit","after":k}
    ///   (min-conflicts-*: after k iterations; swap-search: k queens taken) or
    ///   {"event":"restart","reason":"stuck"} (random-restart*: a climb that got
    ///   stuck), then a new init. Replaying the last init's moves or swaps
    ///   gives the final board (for a run that gave up, the board whose h the
    ///   end line gives).
    ///
    /// - beam and genetic: {"event":"board","board":[...]} per generation (the
    ///   step), the generation's best board (board[i] the row of column i's
    ///   queen); the last one is the board returned (or, for a run that gave
    ///   up, the board whose h the end line gives).
    ///
    /// - explicit: {"event":"board","board":[...]}, no step.
    ///
    /// A trace holds at most 10 000 000 events (an init or board of n queens
    /// counting n): larger sizes are refused before the search. The search runs
    /// on one thread (refused with --threads T > 1 and --shard), counts, --first
    /// and -v alike (with -v the listing keeps standard output: give a FILE), and
    /// --json still prints its line. FILE is replaced only when the run
    /// succeeds, by the rule of --output, or when a local search gives up: its
    /// trace is the whole run, ending as it ended.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["depths", "no_steps"])]
    pub trace: Option<PathBuf>,

    /// Count the fundamental solutions, distinct under rotation and reflection
    /// (OEIS A002562), besides all of them
    #[arg(long, conflicts_with_all = ["first", "verbose"], help_heading = "Counting")]
    pub unique: bool,

    /// Threads a splitting count runs on [default: the CPUs this process may
    /// use (its affinity mask and cgroup quota), at most SLURM_CPUS_PER_TASK
    /// when set; at most 4 per core and 1024 in all]; the count is the same on
    /// any number
    #[arg(long, value_name = "T", value_parser = values::threads, help_heading = "Counting")]
    pub threads: Option<usize>,

    /// Count only shard I of K (1 <= I <= K) of a splitting count; the K
    /// shards add up to the whole count, so one count can be spread over machines
    #[arg(long, value_name = "I/K", value_parser = values::shard, allow_hyphen_values = true,
          conflicts_with_all = ["first", "verbose"], help_heading = "Counting")]
    pub shard: Option<Shard>,

    /// Keep the finished tasks of a splitting count in FILE, and resume from it
    ///
    /// FILE (JSON) records each finished task and its solutions, for the
    /// arguments that decide the tasks (approach, N, --shard, knobs; not
    /// --threads). It is replaced whole every few seconds, at the end, and when
    /// the run is interrupted (Ctrl-C, SIGTERM, SIGHUP; the run then ends by
    /// that signal, and prints its answer first if every task had finished,
    /// FILE then complete). A rerun with the same
    /// FILE and arguments skips the finished tasks and gives the same count;
    /// once the count is complete FILE is kept, marked complete, and a rerun
    /// prints its answer at once. A FILE written for other arguments, or one
    /// that is not a sound checkpoint, is refused (status 2) and left as it is.
    /// For counts by bitmask-mirror, bitmask-symmetric and half-join (with
    /// --json, add --no-steps). Such a count that runs for more than a second
    /// shows its progress (tasks done, rate, time left) on standard error when
    /// that is a terminal, with or without FILE; never with --json.
    #[arg(long, value_name = "FILE", help_heading = "Counting")]
    pub checkpoint: Option<PathBuf>,

    /// Seed of the random generator, for approaches that draw random numbers [default: 1]
    #[arg(long, value_name = "S", value_parser = values::seed, help_heading = "Seeds and budgets")]
    pub seed: Option<u64>,

    /// Step budget after which a search with one gives up ("spent its step
    /// budget", exit status 1) [default: the approach's own]
    #[arg(long, value_name = "K", value_parser = values::max_steps, help_heading = "Seeds and budgets")]
    pub max_steps: Option<u64>,

    /// Which row the csp lab fills next: the next in order, the one with the
    /// fewest safe columns (ties by row), that with ties at random (--seed), or
    /// with ties by the degree heuristic (in N-Queens every row constrains
    /// every other, so mrv-degree walks mrv's tree)
    #[arg(long, value_name = "ORDER", value_parser = values::ORDERS, help_heading = CSP)]
    pub order: Option<String>,

    /// Which column the csp lab tries first: left to right, from the centre
    /// out, or the least-constraining (fewest values removed from unplaced rows)
    #[arg(long, value_name = "VALUES", value_parser = values::VALUES, help_heading = CSP)]
    pub values: Option<String>,

    /// The csp lab's look-ahead after each assignment: none, forward checking
    /// (prune unplaced rows, fail on an empty one), or arc consistency (MAC)
    #[arg(long, value_name = "PROPAGATE", value_parser = values::PROPAGATIONS, help_heading = CSP)]
    pub propagate: Option<String>,

    /// Where the csp lab goes back to from a row with no column left: the row
    /// placed just before (chronological), or the latest row in its conflict
    /// set (conflict-directed backjumping; not with --propagate arc)
    #[arg(long, value_name = "BACKTRACK", value_parser = values::BACKTRACKS, help_heading = CSP)]
    pub backtrack: Option<String>,

    /// Which queen moves: a random column's, a random attacked one, the most
    /// attacked one, or mix:P, the most attacked with probability P (0 to 1)
    #[arg(long, value_name = "PICK", help_heading = LOCAL_KNOBS, hide_possible_values = true,
          value_parser = values::Offered { parse: values::pick, offers: &values::PICK_OFFERS })]
    pub pick: Option<String>,

    /// The first board: greedy (each queen on a least-attacked row) or random
    #[arg(long, value_name = "INIT", value_parser = values::INITS, help_heading = LOCAL_KNOBS)]
    pub init: Option<String>,

    /// Start afresh after K iterations without a solution, after n² (n2), or never
    #[arg(long, value_name = "K|n2|never", help_heading = LOCAL_KNOBS, hide_possible_values = true,
          value_parser = values::Offered { parse: values::restart_after, offers: &values::RESTART_OFFERS })]
    pub restart_after: Option<String>,

    /// Conflict counts kept exact after every move, or stale (refreshed less often)
    #[arg(long, value_name = "CACHE", value_parser = values::CONFLICT_CACHES,
          help_heading = LOCAL_KNOBS)]
    pub conflict_cache: Option<String>,

    /// Consecutive sideways moves (to a successor as good as the board) a climb
    /// may make, 0 to 1 000 000 [default: 100, the book's]
    #[arg(long, value_name = "K", value_parser = values::sideways, help_heading = HILL_KNOBS)]
    pub sideways: Option<String>,
    /// Simulated annealing's cooling schedule, aima-python's exp_schedule:
    /// exp:K:LAMBDA:LIMIT, T = K·e^(−LAMBDA·t) for t < LIMIT, then 0 (the search
    /// stops); 0 < K ≤ 1000000, 0 < LAMBDA ≤ 100, 1 ≤ LIMIT ≤ 10000000000
    /// [default: exp:0.5:0.0002:50000; aima-python's own is exp:20:0.005:100]
    #[arg(long, value_name = "exp:K:LAMBDA:LIMIT", value_parser = values::schedule,
          help_heading = TEXTBOOK_KNOBS)]
    pub schedule: Option<String>,

    /// Local beam search's k, the boards kept each generation (1 to 10000) [default: 10]
    #[arg(long, value_name = "K", value_parser = values::beam_width, help_heading = TEXTBOOK_KNOBS)]
    pub beam_width: Option<String>,

    /// The genetic algorithm's boards per generation (2 to 100000) [default: 1000]
    #[arg(long, value_name = "N", value_parser = values::population, help_heading = TEXTBOOK_KNOBS)]
    pub population: Option<String>,

    /// Tabu search's tenure: iterations a (queen, row) the queen left stays
    /// tabu, 0 to 1 000 000 [default: 10]
    #[arg(long, value_name = "K", value_parser = values::tenure, help_heading = CSP_LOCAL_KNOBS)]
    pub tenure: Option<String>,

    /// The genetic algorithm's probability that a child is mutated (0 to 1)
    /// [default: 0.1, aima-python's pmut]
    #[arg(long, value_name = "P", value_parser = values::mutation_rate,
          help_heading = TEXTBOOK_KNOBS)]
    pub mutation_rate: Option<String>,
}

/// The seed's counter (Queens.py's search, seed 001, in the C bitmask of
/// seed 000): `queens N` without `--algo` below [`FAST_FROM`], and always
/// with -v, --first, --depths or --trace.
pub const SEED_COUNTER: &str = "bitmask";
/// The fastest counter of the workspace from [`FAST_FROM`] queens on.
pub const FAST_COUNTER: &str = "half-join";
/// The size from which a plain count goes to [`FAST_COUNTER`]. The rule,
/// from the committed measurements (`reports/data/samples.csv`, medians of
/// counts on this project's 2-core hosts): below 12 queens `bitmask` answers
/// in under a hundredth of a second, which nobody notices at a prompt (2.8
/// ms at 11 on the AMD EPYC host, 6.2 ms on the slower Intel Xeon); from 12 on
/// `half-join` is the fastest counter measured (1.4 ms against `bitmask`'s
/// 23 ms at 12; 0.26 s at 16, where issue 28 timed `bitmask` at 25.6 s). A
/// test checks the rule against the committed measurements.
pub const FAST_FROM: usize = 12;

/// The counter of a count by `queens N` without `--algo` or `--unique`:
/// [`FAST_COUNTER`] for a plain count from [`FAST_FROM`] queens up to its
/// limit, or whenever it asks for threads, a shard or a checkpoint (so those
/// options never meet the seed's counter, which cannot split); else
/// [`SEED_COUNTER`].
pub fn default_counter(n: usize, plain: bool, splits: bool) -> &'static str {
    let fits = queens_approaches::REGISTRY
        .get(FAST_COUNTER)
        .is_ok_and(|a| n <= a.info().max_n);
    if plain && fits && (n >= FAST_FROM || splits) {
        FAST_COUNTER
    } else {
        SEED_COUNTER
    }
}

/// How much longer each queen more makes a count past the last size
/// [`FAST_COUNTER`]'s sampled estimates reach (27): a lower bound, as the
/// solutions alone grow about ×8–9 per queen there and the sampled
/// core-hours grew ×8.5 from 24 to 25 and ×33 from 25 to 26.
const GROWTH_PER_QUEEN: f64 = 10.0;

/// A plain count `queens N` (no `--algo`, no `--unique`) that no counter can
/// finish on this machine: from the first size [`FAST_COUNTER`] cannot hold
/// in memory (24), where even its pace would take a week on two cores and
/// every counter that fits is slower still. The refusal, one line: the
/// estimate, and what to do instead. `None` for every other run.
pub fn infeasible_count(args: &Args) -> Option<String> {
    let fast = queens_approaches::REGISTRY.get(FAST_COUNTER).ok()?.info();
    let n = args.n();
    if let Some(refusal) = shards_only(args) {
        return Some(refusal);
    }
    let sharded = args.shard.is_some_and(|s| s.count > 1) && n <= fast.max_n;
    if args.algo.is_some() || args.unique || !args.plain_count() || n <= ONE_MACHINE || sharded {
        return None;
    }
    let counters = |split: bool| {
        queens_approaches::REGISTRY
            .all()
            .iter()
            .map(|a| a.info())
            .filter(|i| i.kind == Kind::Exhaustive && i.max_n >= n && (i.splits || !split))
            .map(|i| (i.id, i.max_n))
            .collect::<Vec<_>>()
    };
    if counters(false).is_empty() {
        return Some(able(n, Mode::Count));
    }
    let threads = args.threads.unwrap_or_else(values::default_threads).max(1);
    let last = queens_half_join::ESTIMATES[queens_half_join::ESTIMATES.len() - 1];
    let (estimate, pace) = match queens_half_join::estimate(n) {
        Some(e) => (
            format!(
                "about {}",
                words::long_duration(e.core_hours * 3600.0 / threads as f64)
            ),
            format!("about {:.0} core-hours, {}", e.core_hours, basis(&e)),
        ),
        None => {
            let exponent = i32::try_from(n - last.n).unwrap_or(i32::MAX);
            let hours = last.core_hours * GROWTH_PER_QUEEN.powi(exponent);
            (
                format!(
                    "at least {}",
                    words::long_duration(hours * 3600.0 / threads as f64)
                ),
                format!(
                    "Q({}) in about {:.0} core-hours ({}), and each queen more takes at least \
                     ×{GROWTH_PER_QUEEN:.0}",
                    last.n,
                    last.core_hours,
                    basis(&last)
                ),
            )
        }
    };
    let cores = if threads == 1 { "thread" } else { "threads" };
    let instead = match counters(true)[..] {
        [] => format!(
            "no counter that splits goes that far, so no cluster finishes it either: {} \
             (with --first), or give --algo ID to count here anyway",
            able(n, Mode::First)
        ),
        ref split => format!(
            "split the count over a cluster with --shard I/K and --checkpoint FILE (--algo \
             {}, n up to {}; see the README, \"Spreading one count over many machines\"), or \
             give --algo ID to count here anyway",
            split.iter().map(|s| s.0).collect::<Vec<_>>().join(" or "),
            split.iter().map(|s| s.1).min().unwrap_or_default()
        ),
    };
    Some(format!(
        "counting {n} queens would take {estimate} on {threads} {cores} ({FAST_COUNTER}, the \
         fastest counter: {pace}; it counts up to {ONE_MACHINE} on one machine, and the \
         counters that go further are slower): {instead}",
    ))
}

/// The largest count [`FAST_COUNTER`] runs on one machine; past it, up to
/// its limit, only in shards ([`shards_only`]).
const ONE_MACHINE: usize = queens_half_join::ONE_MACHINE_N;

/// A count by [`FAST_COUNTER`] (asked for by `--algo`) past [`ONE_MACHINE`]
/// without `--shard I/K` (K > 1): refused with the core-hours sampled for
/// it and the shard recipe. `None` for every other run.
pub fn shards_only(args: &Args) -> Option<String> {
    let n = args.n();
    let whole = args.shard.is_none_or(|s| s.count <= 1);
    if args.algo.as_deref() != Some(FAST_COUNTER) || !args.plain_count() || !whole {
        return None;
    }
    let e = queens_half_join::estimate(n)?;
    let threads = args.threads.unwrap_or_else(values::default_threads).max(1);
    let cores = if threads == 1 { "thread" } else { "threads" };
    let split = e.day_split(threads);
    Some(format!(
        "{FAST_COUNTER} counts {n} queens in about {:.0} core-hours ({}), {} on \
         {threads} {cores}: more than one machine should take, so it runs only in shards. \
         Split it with --shard I/K over K jobs, e.g. K = {} of about a day each on \
         {threads} {cores} (each shard needs about {} of memory), with --checkpoint FILE and \
         --json --no-steps, and add their solutions (see the README, \"Spreading one count \
         over many machines\")",
        e.core_hours,
        basis(&e),
        words::long_duration(e.core_hours * 3600.0 / threads as f64),
        split.shards,
        queens_core::memory::bytes(split.bytes),
    ))
}

/// What a sampled estimate rests on: "± P, from K of its T tasks timed
/// alone", or its extrapolation.
fn basis(e: &queens_half_join::Estimate) -> String {
    let tasks = queens_half_join::TASKS[e.n];
    let from = match e.sample {
        0 => format!("extrapolated from the samples of smaller boards; {tasks} tasks"),
        k => format!("from {k} of its {tasks} tasks timed alone"),
    };
    format!("± {:.0}, {from}", e.plus_minus)
}

/// The approaches that handle `n` for what the run asked (a count, or one
/// board), for the message of an approach whose limit is below `n`.
pub fn able(n: usize, mode: Mode) -> String {
    let ids = |kind: Option<Kind>| {
        queens_approaches::REGISTRY
            .all()
            .iter()
            .filter(|a| a.info().max_n >= n && kind.is_none_or(|k| a.info().kind == k))
            .map(|a| a.info().id)
            .collect::<Vec<_>>()
    };
    let counters = ids(Some(Kind::Exhaustive));
    let any = ids(None);
    let one = if any.is_empty() {
        format!("no approach finds a board of {n} queens")
    } else {
        format!("for one board of {n} queens: {}", any.join(", "))
    };
    match mode {
        Mode::Count if counters.is_empty() => {
            let most = queens_approaches::REGISTRY
                .all()
                .iter()
                .filter(|a| a.info().kind == Kind::Exhaustive)
                .map(|a| a.info().max_n)
                .max()
                .unwrap_or_default();
            format!(
                "no approach counts {n} queens (the counters stop at {most}); {one} (with --first)"
            )
        }
        Mode::Count => {
            let fast = queens_approaches::REGISTRY
                .get(FAST_COUNTER)
                .map_or(0, |a| a.info().max_n);
            let note = if n > fast {
                " (none finishes such a count on one machine: see `queens N` without --algo)"
            } else {
                ""
            };
            format!(
                "the counters that take {n} queens: {}{note}",
                counters.join(", ")
            )
        }
        Mode::First => one,
    }
}

/// The heading of the csp lab's knobs.
const CSP: &str = "The csp lab (--algo csp)";
/// The heading of the min-conflicts searches' knobs.
const LOCAL_KNOBS: &str = "Local-search knobs (min-conflicts-*)";
/// The heading of the hill climbers' knob.
const HILL_KNOBS: &str = "Hill climbing (hill-climbing-sideways, random-restart-sideways)";
/// The heading of the textbook local searches' knobs.
const TEXTBOOK_KNOBS: &str = "AIMA's local searches (--algo annealing, beam, genetic)";

/// The heading of AIMA §6.4's min-conflicts improvements' knob.
const CSP_LOCAL_KNOBS: &str = "Tabu search (--algo tabu-search)";

/// What `queens` does besides a run.
#[derive(Subcommand, Debug)]
pub enum Tool {
    /// List the approaches: what each is good for, its source and its limits
    List,
    /// Print a completion script for SHELL, e.g. `queens completions bash > /etc/bash_completion.d/queens`
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: Shell,
    },
    /// Print the man page (roff): `queens man | man -l -`; `cargo xtask man` writes it to a file
    Man,
}

/// `--format` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// (2, 4, 1, 3): the column of the queen in each row (Queens.py)
    Tuple,
    /// n rows of 0s and 1s, a blank line after each board (Pinella's Racket, the MATLAB blog)
    Board,
    /// [1-2,2-4,3-1,4-3]: O'Keefe's Row-Col pairs (Queens.Pl)
    Pairs,
    /// n rows of Q and . (the 0/1 rows drawn), a blank line after each board
    Picture,
}

/// Whether a run counts all solutions or stops at the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Count (and with -v list) every solution.
    Count,
    /// Find one solution.
    First,
}

impl Mode {
    /// The name used in the JSON record.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Count => "count",
            Mode::First => "first",
        }
    }
}

impl Args {
    /// N (present whenever there is no subcommand).
    pub fn n(&self) -> usize {
        self.n.unwrap_or_default()
    }

    /// The knobs given on the command line, `(name, value)`.
    pub fn knobs(&self) -> Vec<(&'static str, String)> {
        self.knob_flags()
            .into_iter()
            .filter_map(|(k, v)| Some((k, v.clone()?)))
            .collect()
    }

    /// Every knob option, given or not.
    pub fn knob_flags(&self) -> [(&'static str, &Option<String>); 14] {
        [
            ("order", &self.order),
            ("values", &self.values),
            ("propagate", &self.propagate),
            ("backtrack", &self.backtrack),
            ("pick", &self.pick),
            ("init", &self.init),
            ("restart-after", &self.restart_after),
            ("conflict-cache", &self.conflict_cache),
            ("sideways", &self.sideways),
            ("schedule", &self.schedule),
            ("beam-width", &self.beam_width),
            ("population", &self.population),
            ("mutation-rate", &self.mutation_rate),
            ("tenure", &self.tenure),
        ]
    }

    /// The options an approach reads.
    pub fn options(&self) -> Options {
        Options {
            seed: self.seed.unwrap_or(Options::default().seed),
            max_steps: self.max_steps,
            threads: self.threads.unwrap_or_else(values::default_threads),
            shard: self.shard.unwrap_or_default(),
            knobs: self.knobs(),
            watch: None,
        }
    }

    /// The approach id: `--algo`, else `bitmask-symmetric` for `--unique`,
    /// else [`default_counter`].
    pub fn algo(&self) -> &str {
        match (&self.algo, self.unique) {
            (Some(id), _) => id,
            (None, true) => "bitmask-symmetric",
            (None, false) => {
                let splits =
                    self.threads.is_some() || self.shard.is_some() || self.checkpoint.is_some();
                default_counter(self.n(), self.plain_count(), splits)
            }
        }
    }

    /// Whether `queens` chose the approach for its speed, not the seed's
    /// `bitmask`: the count line then names it.
    pub fn chosen_for_speed(&self) -> bool {
        self.algo.is_none() && !self.unique && self.algo() != SEED_COUNTER
    }

    /// What ends the last line of text: ` (0.05 ms, bitmask)` with --time,
    /// ` (half-join)` when `queens` chose the approach for its speed, else
    /// nothing (the seed's line as it is).
    pub fn note(&self, id: &str, elapsed: Duration) -> String {
        match (self.time, self.chosen_for_speed()) {
            (true, _) => format!(" ({}, {id})", words::duration(elapsed)),
            (false, true) => format!(" ({id})"),
            (false, false) => String::new(),
        }
    }

    /// A count that only needs the number (no -v, --first, --depths or
    /// --trace, which follow the seed's search): any counter will do.
    pub fn plain_count(&self) -> bool {
        !(self.verbose || self.first || self.depths || self.trace.is_some())
    }

    /// `--first`, or an approach that can only find one solution.
    pub fn mode(&self, kind: Kind) -> Mode {
        if self.first || kind == Kind::FindOne {
            Mode::First
        } else {
            Mode::Count
        }
    }

    /// The chosen output format.
    pub fn format(&self) -> Format {
        match self.format.unwrap_or(FormatArg::Tuple) {
            FormatArg::Tuple => Format::Tuple,
            FormatArg::Board => Format::Board,
            FormatArg::Pairs => Format::Pairs,
            FormatArg::Picture => Format::Picture,
        }
    }
}
