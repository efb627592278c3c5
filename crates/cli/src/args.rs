//! Command-line arguments of `queens`, and the one way it reports bad input.

use clap::builder::PossibleValuesParser;
use clap::{CommandFactory, FromArgMatches, Parser, ValueEnum};
use queens_approaches::REGISTRY;
use queens_core::{Approach, Format, Kind, Shard, usage};

/// Count, list or find N-Queens solutions.
#[derive(Parser, Debug)]
#[command(
    name = "queens",
    version,
    about = "Count, list or find the solutions of the N-Queens problem",
    long_about = "Count, list or find the solutions of the N-Queens problem with any of \
                  queens-lab's approaches.\n\n\
                  `queens N` prints `N-Queens has K solutions`; `queens -v N` first prints \
                  every solution, one per line, in the order the approach discovers it \
                  (the output of the Queens.py assignment)."
)]
pub struct Args {
    /// Board size: the number of queens (a whole number, 0 or more)
    #[arg(value_name = "N", value_parser = parse_n, allow_negative_numbers = true)]
    pub n: usize,

    /// Print every solution first, in the approach's discovery order (see the list below)
    #[arg(short, long, conflicts_with_all = ["json", "first"])]
    pub verbose: bool,

    /// The approach to use [default: bitmask, or bitmask-symmetric with --unique]
    #[arg(long, value_name = "ID", value_parser = PossibleValuesParser::new(REGISTRY.ids()))]
    pub algo: Option<String>,

    /// Stop at the first solution and print it with its step count
    /// (always the case for approaches that only find one)
    #[arg(long)]
    pub first: bool,

    /// Count the fundamental solutions, distinct under rotation and reflection
    /// (OEIS A002562), besides all of them
    #[arg(long, conflicts_with_all = ["first", "verbose"])]
    pub unique: bool,

    /// Threads a splitting count runs on [default: all cores]
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,

    /// Count only shard I of K (1 <= I <= K) of a splitting count; the K
    /// shards add up to the whole count, so one count can be spread over machines
    #[arg(long, value_name = "I/K", conflicts_with_all = ["first", "verbose"])]
    pub shard: Option<Shard>,

    /// Write the board found, the 1-based column of each row one per line, to
    /// FILE (`-`: standard output) instead of printing it
    #[arg(long, value_name = "FILE", conflicts_with = "verbose")]
    pub output: Option<std::path::PathBuf>,

    /// How solutions print: (2, 4, 1, 3), 0/1 board rows, or [1-2,2-4,3-1,4-3]
    #[arg(long, value_enum, default_value_t = FormatArg::Tuple)]
    pub format: FormatArg,

    /// Print exactly one JSON line: algo, n, mode, solutions, steps, nanos,
    /// solution, seed, peak_bytes, extra
    #[arg(long)]
    pub json: bool,

    /// Count the search tree's nodes at each depth (exhaustive approaches)
    ///
    /// Depth 0 is the root; a node at depth d has d queens decided, in the
    /// approach's own tree (the first line printed says what a node is).
    /// Prints one line per depth, `depth d: k nodes`; with --json, adds
    /// extra.nodes_per_depth, an array of integers (index = depth). For a
    /// count or a --first run; not for local searches or half-join (which
    /// walks no tree), nor with -v or --no-steps.
    #[arg(long)]
    pub depths: bool,

    /// With --json: skip the second, instrumented run, so steps is null
    #[arg(long, requires = "json")]
    pub no_steps: bool,

    /// Write the search, one event per line (JSON Lines), to FILE (`-`: standard output)
    ///
    /// Rows and columns are 1-based. The first line is
    /// {"event":"start","algo":ID,"n":N,"mode":"count"|"first","step":E,"node":U}:
    /// E names the event that is one step of the approach (see "trace:" in the
    /// list below; null for explicit), U what a node of its tree is (null
    /// without a tree). The last line is {"event":"end","solutions":S,"steps":K},
    /// K the step events written: the steps --json reports for the same run.
    /// Between them:
    ///
    /// - placement searches (bitmask, bitmask-mirror, bitmask-symmetric,
    ///   attack-board, string-regex, mrv, mrv-tuned): {"event":"place","row":r,"col":c}
    ///   (the step), {"event":"remove","row":r,"col":c} when the queen is taken
    ///   back, {"event":"dead-end","depth":d} before the remove of a node at
    ///   depth d < n with no child, {"event":"solution","index":k} (k-th board
    ///   found; bitmask-mirror and bitmask-symmetric add "weight":w, the
    ///   solutions the board stands for, which add up to the count). mrv's rows
    ///   come in O'Keefe's order; mrv-tuned writes {"event":"restart"} when it
    ///   abandons an attempt (the board is cleared). A --first run ends at its
    ///   solution, the board standing.
    ///
    /// - generate-and-test, permutations: {"event":"candidate","cols":[...],"ok":b}
    ///   per complete candidate tested.
    ///
    /// - list-comprehension: {"event":"level","depth":d} before each level,
    ///   {"event":"partial","list":[c_d,...,c_1]} per partial list kept, newest
    ///   row first.
    ///
    /// - half-join: {"event":"pair","task":t,"ok":b} per pair of half boards
    ///   compared (t: the task, 1-based); a pair that joins adds "weight":w.
    ///
    /// - local searches: {"event":"init","board":[...]}, then per step
    ///   {"event":"move","col":c,"from":r1,"to":r2,"conflicts":k}
    ///   (min-conflicts-*: board[i] is the row of column i's queen; k queens
    ///   attack the moved queen on its new square) or {"event":"swap","rows":[a,b]}
    ///   (swap-search: board[i] is the column of row i's queen; rows a and b
    ///   exchange columns); {"event":"restart"} then a new init when the search
    ///   starts afresh. Replaying the last init's moves gives the final board.
    ///
    /// - explicit: {"event":"board","board":[...]}, no step.
    ///
    /// A trace holds at most 10 000 000 events (an init or board of n queens
    /// counting n): larger sizes are refused before the search. The search runs
    /// on one thread (refused with --threads T > 1 and --shard), counts, --first
    /// and -v alike (with -v the listing keeps standard output: give a FILE), and
    /// --json still prints its line. FILE is replaced only when the run
    /// succeeds; until then the trace goes to a temporary file beside it.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["depths", "no_steps"])]
    pub trace: Option<std::path::PathBuf>,

    /// Which row the csp lab fills next: the next in order, the one with the
    /// fewest safe columns (ties by row), or that with ties at random (--seed)
    #[arg(long, value_name = "ORDER", value_parser = ["row", "mrv", "mrv-random"], help_heading = "The csp lab (--algo csp)")]
    pub order: Option<String>,

    /// Which column the csp lab tries first: left to right, from the centre
    /// out, or the least-constraining (fewest values removed from unplaced rows)
    #[arg(long, value_name = "VALUES", value_parser = ["left", "middle-out", "lcv"], help_heading = "The csp lab (--algo csp)")]
    pub values: Option<String>,

    /// The csp lab's look-ahead after each assignment: none, forward checking
    /// (prune unplaced rows, fail on an empty one), or arc consistency (MAC)
    #[arg(long, value_name = "PROPAGATE", value_parser = ["none", "forward", "arc"], help_heading = "The csp lab (--algo csp)")]
    pub propagate: Option<String>,

    /// Seed of the random generator (local search)
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Step budget after which a local search reports failure (default: the approach's own)
    #[arg(long, value_name = "K")]
    pub max_steps: Option<u64>,
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
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Tuple => Format::Tuple,
            FormatArg::Board => Format::Board,
            FormatArg::Pairs => Format::Pairs,
        }
    }
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
    /// The csp knobs given on the command line, `(name, value)`.
    pub fn knobs(&self) -> Vec<(&'static str, String)> {
        [
            ("order", &self.order),
            ("values", &self.values),
            ("propagate", &self.propagate),
        ]
        .into_iter()
        .filter_map(|(k, v)| Some((k, v.clone()?)))
        .collect()
    }

    /// The approach id: `--algo`, else `bitmask-symmetric` for `--unique`,
    /// else `bitmask`.
    pub fn algo(&self) -> &str {
        match (&self.algo, self.unique) {
            (Some(id), _) => id,
            (None, true) => "bitmask-symmetric",
            (None, false) => "bitmask",
        }
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
        self.format.into()
    }
}

/// Parses N: a clear message for negative, non-numeric and oversized input.
fn parse_n(s: &str) -> Result<usize, String> {
    let digits = s.strip_prefix('+').unwrap_or(s);
    if s.starts_with('-') {
        return Err("N is a number of queens: it cannot be negative".into());
    }
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err("N must be a whole number of queens, such as 8".into());
    }
    digits
        .parse()
        .map_err(|_| format!("N is far too large (at most {})", usize::MAX))
}

/// The command with the list of approaches appended to `--help`.
fn command() -> clap::Command {
    let mut list = String::from("Approaches (--algo ID):\n");
    for a in REGISTRY.all() {
        let i = a.info();
        list.push_str(&format!(
            "  {:<31} {}; {}; n ≤ {}\n  {:<31} steps: {}; trace: {}; order: {}\n",
            i.id,
            i.title,
            i.source,
            i.max_n,
            "",
            i.step_unit,
            trace_summary(*a),
            i.order
        ));
    }
    Args::command().after_long_help(list).after_help(
        "Run `queens --help` for the list of approaches, their sources, limits and orders.",
    )
}

/// What `--trace` writes for an approach: its step event and the sizes it
/// traces.
fn trace_summary(approach: &dyn Approach) -> String {
    let Some(t) = approach.trace_info() else {
        return "none".into();
    };
    let step = match t.step {
        Some(event) => format!("a step is a \"{event}\" event"),
        None => "no step event".into(),
    };
    let sizes = match approach.info().kind {
        Kind::Exhaustive => format!(
            "counts up to n = {}, --first up to n = {}",
            t.count_max_n, t.first_max_n
        ),
        Kind::FindOne => format!("up to n = {}", t.first_max_n),
    };
    format!("{step} ({sizes})")
}

/// Parses the command line; on bad input prints one error line and the usage
/// and exits with 2 (help and version print normally).
pub fn parse() -> Args {
    let parsed = command()
        .try_get_matches()
        .and_then(|m| Args::from_arg_matches(&m));
    match parsed {
        Ok(args) => args,
        Err(e) if !e.use_stderr() => e.exit(), // --help, --version
        Err(e) => usage_error(&usage::one_line(&e.render().to_string())),
    }
}

/// Reports bad input: one `error:` line and the usage on stderr, exit status 2.
pub fn usage_error(message: &str) -> ! {
    usage::exit_with_usage(message, command().render_usage())
}
