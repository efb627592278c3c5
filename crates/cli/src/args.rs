//! Command-line arguments of `queens`, and the one way it reports bad input.

use clap::builder::PossibleValuesParser;
use clap::{CommandFactory, FromArgMatches, Parser, ValueEnum};
use queens_approaches::REGISTRY;
use queens_core::{Format, Kind, Shard, usage};

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
            "  {:<31} {}; {}; n ≤ {}\n  {:<31} steps: {}; order: {}\n",
            i.id, i.title, i.source, i.max_n, "", i.step_unit, i.order
        ));
    }
    Args::command().after_long_help(list).after_help(
        "Run `queens --help` for the list of approaches, their sources, limits and orders.",
    )
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
