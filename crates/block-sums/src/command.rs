//! The command line of `block-sums`: its options, how their values read
//! (through `queens_core::usage`, as `queens` does), `--help`, the shell
//! completions and the man page.

use std::io::{self, Write};

use clap::{ArgGroup, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;
use queens_block_sums::{
    MAX_SIZE, MIN_SIZE, SEED_SIZE, SizeError, Symmetry, check_size, strategies,
};
use queens_core::man;
use queens_core::usage::{self, Decimal, Whole};

pub(crate) const AFTER_HELP: &str = "\
Modes (at most one; without one, every matrix is listed, --size 4 only):
  --first            the first matrix in the seed's order
  --count            count the matrices, within --time-budget
  --compare-orders   steps and time per search strategy, within --budget

JSON (--json), one line each:
  listing:          {\"all\":20352,\"corner_zero\":1272,\"canonical\":159,\"steps\":S,\"nanos\":T}
                    (steps: the seed's search with its rules; nanos: the same search
                    timed without counting steps)
  --first:          {\"size\":6,\"block_sum\":70,\"symmetry\":\"seed\",\"found\":true,
                    \"matrix\":[[0,5,…],…],\"steps\":S,\"nanos\":T,
                    \"time_budget_secs\":10,\"reached\":[]}   (matrix null if not found)
  --count:          {\"size\":6,\"block_sum\":70,\"symmetry\":\"seed\",\"solutions\":K,
                    \"steps\":S,\"nanos\":T,\"finished\":false,\"time_budget_secs\":10,
                    \"reached\":[0,11,…]}
  --compare-orders: one line per strategy: {\"strategy\":\"seed-order\",\"steps\":S,
                    \"nanos\":T,\"finished\":true,\"solutions\":159,\"budget\":B}
  reached: when a search stopped early, the numbers bound so far in binding order.
  A step is one number tried for one cell (one success of the seed's trynum).

Exit status:
  0  done (--compare-orders also when a strategy used up its --budget: that is
     the comparison)
  1  --first or --count ran out of --time-budget: how far it got is printed
     (finished:false in --json) and one error: line goes to stderr
  1  also: the output could not be written
  2  bad input, refused before any search: one error: line on stderr,
     nothing on stdout
As every queens-lab command (queens --help: Exit status): 0 also when standard
output is closed by its reader, 130, 143 or 129 when ended by Ctrl-C, SIGTERM
or SIGHUP, and a message that standard error cannot take is lost, never the
status.";

/// List, find or count the block-sum matrices of seed 000 Part II.
#[derive(Parser, Debug)]
#[command(
    name = "block-sums",
    version,
    about = "The n×n matrices of 0..n²−1 whose 2×2 blocks all sum to 2n²−2 (Michael Aiello's CS 637 project, Part II)",
    long_about = "The n×n matrices holding 0..n²−1 once each whose 2×2 blocks of adjacent cells \
                  all sum to 2n²−2 (30 for 4×4), found by the backtracking of the Visual Prolog \
                  program of Michael Aiello's CS 637 backtracking project, Part II: cells bound as A B E F C G I J K D H M N L O P, \
                  each block checked as its fourth cell is bound, with the program's symmetry rules \
                  a[0][0] = 0, a[0][1] < a[1][0], a[0][1] < a[0][n-1], a[1][0] < a[n-1][0].\n\n\
                  Without a mode it lists the 159 canonical 4×4 matrices in the program's order.",
    after_help = AFTER_HELP,
    group(ArgGroup::new("mode").args(["first", "count", "compare_orders"]).multiple(false)),
    args_conflicts_with_subcommands = true,
    disable_help_subcommand = true
)]
pub(crate) struct Args {
    /// Shell completions or the man page, instead of a search
    #[command(subcommand)]
    pub(crate) tool: Option<Tool>,

    /// Side of the matrix: 4, 6 or 8 (even: the block sum is derived from the
    /// tiling by 2×2 blocks; at most 8: the numbers in use are a 64-bit set)
    #[arg(long, value_name = "N", default_value_t = SEED_SIZE, value_parser = parse_size,
          allow_negative_numbers = true)]
    pub(crate) size: usize,

    /// Print the first matrix in the seed's order and the steps it took
    #[arg(long)]
    pub(crate) first: bool,

    /// Count the matrices until the search finishes or --time-budget runs out
    #[arg(long)]
    pub(crate) count: bool,

    /// Compare search strategies (orders, where checks run, symmetry) at 4×4
    #[arg(long)]
    pub(crate) compare_orders: bool,

    /// One line per matrix: the n² numbers separated by single spaces
    #[arg(long, conflicts_with_all = ["json", "count", "compare_orders"])]
    pub(crate) compressed: bool,

    /// Print JSON lines (formats below)
    #[arg(long)]
    pub(crate) json: bool,

    #[arg(
        long,
        value_enum,
        conflicts_with = "compare_orders",
        help = "Symmetry rules: the seed's (default), full (also the row and column \
                  permutations of n ≥ 6), corner-zero (a[0][0] = 0 only), none"
    )]
    pub(crate) symmetry: Option<SymmetryArg>,

    /// Seconds after which --first or --count stops, reports how far it got
    /// and exits with status 1 (0.001 to 1000000000; default 10)
    #[arg(long, value_name = "SECS", value_parser = parse_secs,
          allow_negative_numbers = true)]
    pub(crate) time_budget: Option<f64>,

    /// Step budget per strategy for --compare-orders (at least 1; default 1000000000)
    #[arg(long, value_name = "STEPS", value_parser = parse_budget,
          allow_negative_numbers = true)]
    pub(crate) budget: Option<u64>,
}

/// What `block-sums` does besides a search.
#[derive(Subcommand, Debug)]
pub(crate) enum Tool {
    /// Print a completion script for SHELL
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: Shell,
    },
    /// Print the man page (roff); `cargo xtask man` writes it to a file
    Man,
}

/// The default --time-budget in seconds.
pub(crate) const DEFAULT_SECS: f64 = 10.0;

/// The --time-budget accepted, in seconds.
pub(crate) const SECONDS: Decimal = Decimal {
    name: "--time-budget",
    min: 0.001,
    max: 1e9,
    unit: "seconds",
    example: "10 or 0.5",
};

/// `--symmetry` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum SymmetryArg {
    /// The seed's starred rules
    Seed,
    /// The seed's rules plus the row and column permutations of n ≥ 6
    Full,
    #[value(help = "Only a[0][0] = 0")]
    CornerZero,
    /// No symmetry breaking
    None,
}

impl SymmetryArg {
    pub(crate) fn symmetry(self) -> Symmetry {
        match self {
            SymmetryArg::Seed => Symmetry::Seed,
            SymmetryArg::Full => Symmetry::Full,
            SymmetryArg::CornerZero => Symmetry::CornerZero,
            SymmetryArg::None => Symmetry::None,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            SymmetryArg::Seed => "seed",
            SymmetryArg::Full => "full",
            SymmetryArg::CornerZero => "corner-zero",
            SymmetryArg::None => "none",
        }
    }

    /// The rules as a sentence says them.
    pub(crate) fn rules(self) -> &'static str {
        match self {
            SymmetryArg::Seed => "the seed's rules",
            SymmetryArg::Full => "full rules",
            SymmetryArg::CornerZero => "the corner-zero rule",
            SymmetryArg::None => "no symmetry rules",
        }
    }
}

/// Parses --size: a whole number, even, 4..=8.
pub(crate) fn parse_size(s: &str) -> Result<usize, String> {
    let n = Whole::new("--size", 0, MAX_SIZE as u64, "6")
        .why_max("the numbers 0..n²−1 in use are kept in one 64-bit set")
        .parse(s)? as usize;
    match check_size(n) {
        Ok(()) => Ok(n),
        // The library's reason speaks of n = 2; other small sizes get the list.
        Err(SizeError::TooSmall(n)) if n != 2 => Err(format!(
            "size {n} is too small: it must be 4, 6 or 8 (at least {MIN_SIZE})"
        )),
        Err(e) => Err(e.to_string()),
    }
}

/// Parses --time-budget: seconds, 0.001 to 10⁹.
pub(crate) fn parse_secs(s: &str) -> Result<f64, String> {
    SECONDS.parse(s)
}

/// Parses --budget: a whole number of steps, at least 1.
pub(crate) fn parse_budget(s: &str) -> Result<u64, String> {
    Whole::new("--budget", 1, u64::MAX, "1000000").parse(s)
}

/// `k` and the noun that fits it ("1 step", "2 steps").
pub(crate) fn plural(k: u64, one: &str, many: &str) -> String {
    format!("{k} {}", if k == 1 { one } else { many })
}

/// The command, with the strategies of --compare-orders listed in `--help`.
pub(crate) fn command() -> clap::Command {
    let mut long = format!("{AFTER_HELP}\n\nStrategies of --compare-orders (4×4):\n");
    for s in strategies() {
        long.push_str(&format!("  {:<18} {}\n", s.name, s.what));
    }
    Args::command().after_long_help(long)
}

/// Parses the command line; bad input ends the process with status 2.
pub(crate) fn parse() -> Args {
    let parsed = command()
        .try_get_matches()
        .and_then(|m| Args::from_arg_matches(&m));
    let args = match parsed {
        Ok(args) => args,
        Err(e) if !e.use_stderr() => {
            // --help, --version: by the exit status table, 1 when standard
            // output cannot take it (clap would say nothing and exit 0).
            if queens_core::usage::stdout_is_terminal() {
                e.exit()
            }
            std::process::exit(i32::from(queens_core::usage::print_text(
                &e.render().to_string(),
            )))
        }
        // Our value parsers' messages stand alone; clap's own are folded.
        Err(e) => match (e.kind(), std::error::Error::source(&e)) {
            (clap::error::ErrorKind::ValueValidation, Some(source)) => {
                usage_error(&source.to_string())
            }
            _ => usage_error(&usage::parse_error(&e.render().to_string(), "block-sums")),
        },
    };
    if args.tool.is_some() {
        return args;
    }
    if args.time_budget.is_some() && !(args.first || args.count) {
        usage_error("--time-budget applies to --first and --count only");
    }
    if args.budget.is_some() && !args.compare_orders {
        usage_error(
            "--budget applies to --compare-orders only (--first and --count take --time-budget)",
        );
    }
    if args.size != SEED_SIZE && !(args.first || args.count) {
        let what = if args.compare_orders {
            "--compare-orders runs at --size 4 only"
        } else {
            "listing every matrix is offered for --size 4 only; use --first or --count"
        };
        usage_error(what);
    }
    if args.json && args.symmetry.is_some() && !(args.first || args.count) {
        usage_error(
            "the listing's --json prints the counts under every symmetry rule: drop --symmetry",
        );
    }
    args
}

/// Reports bad input: one `error:` line on stderr, exit status 2.
pub(crate) fn usage_error(message: &str) -> ! {
    usage::exit_with_error(message)
}

/// `completions SHELL` and `man`, from the same command as `--help`.
pub(crate) fn generate(tool: Tool, out: &mut impl Write) -> io::Result<()> {
    // Made in memory first: clap_complete panics on a failed write.
    let mut text = Vec::new();
    match tool {
        Tool::Completions { shell } => {
            clap_complete::generate(shell, &mut command(), "block-sums", &mut text);
        }
        Tool::Man => {
            // clap_mangen's page with a SYNOPSIS that names each option's
            // value, in ASCII (groff warns about any other byte).
            let cmd = command();
            let man = clap_mangen::Man::new(cmd.clone());
            let mut page = Vec::new();
            man.render_title(&mut page)?;
            man.render_name_section(&mut page)?;
            let commands: Vec<String> = cmd
                .get_subcommands()
                .map(|sub| format!("\\fBblock\\-sums {}\\fR", man::roff(sub.get_name())))
                .collect();
            page.extend_from_slice(man::synopsis(&cmd, "", &commands).as_bytes());
            man.render_description_section(&mut page)?;
            man.render_options_section(&mut page)?;
            man.render_subcommands_section(&mut page)?;
            man.render_extra_section(&mut page)?;
            man.render_version_section(&mut page)?;
            text = man::ascii(&String::from_utf8_lossy(&page)).into_bytes();
        }
    }
    out.write_all(&text)
}
