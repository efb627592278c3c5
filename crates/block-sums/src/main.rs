//! `block-sums`: the matrices of seed 000 Part II (`000_7439845249fc9285.txt`),
//! the 4×4 arrangements of 0..15 whose 2×2 blocks all sum to 30, found by the
//! Visual Prolog program's backtracking (see the library docs).
//!
//! Bad input prints one `error:` line and the usage on stderr, nothing on
//! stdout, and exits with status 2.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Duration;

use clap::{ArgGroup, CommandFactory, FromArgMatches, Parser, ValueEnum};
use queens_block_sums::{
    Config, DEFAULT_BUDGET, Limits, Matrix, Outcome, Plan, SEED_SIZE, Symmetry, Tally, block_sum,
    cell_name, compare_one, count, count_timed, deadline_after, first, search, strategies,
};
use queens_core::{NoSteps, usage};

const AFTER_HELP: &str = "\
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
  A step is one number tried for one cell (one success of the seed's trynum).";

/// List, find or count the block-sum matrices of seed 000 Part II.
#[derive(Parser, Debug)]
#[command(
    name = "block-sums",
    version,
    about = "The n×n matrices of 0..n²−1 whose 2×2 blocks all sum to 2n²−2 (seed 000 Part II)",
    long_about = "The n×n matrices holding 0..n²−1 once each whose 2×2 blocks of adjacent cells \
                  all sum to 2n²−2 (30 for 4×4), found by the backtracking of the Visual Prolog \
                  program of seed 000 Part II: cells bound as A B E F C G I J K D H M N L O P, \
                  each block checked as its fourth cell is bound, with the seed's symmetry rules \
                  a[0][0] = 0, a[0][1] < a[1][0], a[0][1] < a[0][n-1], a[1][0] < a[n-1][0].\n\n\
                  Without a mode it lists the 159 canonical 4×4 matrices in the seed's order.",
    after_help = AFTER_HELP,
    group(ArgGroup::new("mode").args(["first", "count", "compare_orders"]).multiple(false)),
)]
struct Args {
    /// Side of the matrix: 4, 6 or 8 (even: the block sum is derived from the
    /// tiling by 2×2 blocks; at most 8: the numbers in use are a 64-bit set)
    #[arg(long, value_name = "N", default_value_t = SEED_SIZE, value_parser = parse_size,
          allow_negative_numbers = true)]
    size: usize,

    /// Print the first matrix in the seed's order and the steps it took
    #[arg(long)]
    first: bool,

    /// Count the matrices until the search finishes or --time-budget runs out
    #[arg(long)]
    count: bool,

    /// Compare search strategies (orders, where checks run, symmetry) at 4×4
    #[arg(long)]
    compare_orders: bool,

    /// One line per matrix: the n² numbers separated by single spaces
    #[arg(long, conflicts_with_all = ["json", "count", "compare_orders"])]
    compressed: bool,

    /// Print JSON lines (formats below)
    #[arg(long)]
    json: bool,

    #[arg(
        long,
        value_enum,
        conflicts_with = "compare_orders",
        help = "Symmetry rules: the seed's (default), full (also the row and column \
                  permutations of n ≥ 6), corner-zero (a[0][0] = 0 only), none"
    )]
    symmetry: Option<SymmetryArg>,

    /// Seconds after which --first or --count stops and reports how far it
    /// got (default 10)
    #[arg(long, value_name = "SECS", value_parser = parse_secs,
          allow_negative_numbers = true)]
    time_budget: Option<f64>,

    /// Step budget per strategy for --compare-orders (default 1000000000)
    #[arg(long, value_name = "STEPS", value_parser = parse_budget,
          allow_negative_numbers = true)]
    budget: Option<u64>,
}

/// The default --time-budget in seconds.
const DEFAULT_SECS: f64 = 10.0;

/// `--symmetry` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SymmetryArg {
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
    fn symmetry(self) -> Symmetry {
        match self {
            SymmetryArg::Seed => Symmetry::Seed,
            SymmetryArg::Full => Symmetry::Full,
            SymmetryArg::CornerZero => Symmetry::CornerZero,
            SymmetryArg::None => Symmetry::None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            SymmetryArg::Seed => "seed",
            SymmetryArg::Full => "full",
            SymmetryArg::CornerZero => "corner-zero",
            SymmetryArg::None => "none",
        }
    }
}

/// Parses --size: a whole number, even, 4..=8.
fn parse_size(s: &str) -> Result<usize, String> {
    let n: usize = s
        .parse()
        .map_err(|_| "the size must be a whole number: 4, 6 or 8".to_string())?;
    queens_block_sums::check_size(n).map_err(|e| e.to_string())?;
    Ok(n)
}

/// Parses --time-budget: a positive, finite number of seconds.
fn parse_secs(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x <= 1e9 => Ok(x),
        Ok(_) => Err("the time budget must be a number of seconds above 0".into()),
        Err(_) => Err("the time budget must be a number of seconds, such as 10 or 0.5".into()),
    }
}

/// Parses --budget: a whole number of steps, at least 1.
fn parse_budget(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("the step budget must be at least 1".into()),
        Ok(b) => Ok(b),
        Err(_) => Err("the step budget must be a whole number of steps, such as 1000000".into()),
    }
}

/// The command, with the strategies of --compare-orders listed in `--help`.
fn command() -> clap::Command {
    let mut long = format!("{AFTER_HELP}\n\nStrategies of --compare-orders (4×4):\n");
    for s in strategies() {
        long.push_str(&format!("  {:<18} {}\n", s.name, s.what));
    }
    Args::command().after_long_help(long)
}

/// Parses the command line; bad input ends the process with status 2.
fn parse() -> Args {
    let parsed = command()
        .try_get_matches()
        .and_then(|m| Args::from_arg_matches(&m));
    let args = match parsed {
        Ok(args) => args,
        Err(e) if !e.use_stderr() => e.exit(), // --help, --version
        Err(e) => usage_error(&usage::one_line(&e.render().to_string())),
    };
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

/// Reports bad input: one `error:` line and the usage on stderr, exit status 2.
fn usage_error(message: &str) -> ! {
    usage::exit_with_usage(message, command().render_usage())
}

fn main() -> ExitCode {
    let args = parse();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = if args.compare_orders {
        compare(&args, &mut out)
    } else if args.first {
        find_first(&args, &mut out)
    } else if args.count {
        count_within(&args, &mut out)
    } else {
        list(&args, &mut out)
    }
    .and_then(|()| out.flush());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}

/// The chosen symmetry rules (the seed's by default).
fn symmetry(args: &Args) -> SymmetryArg {
    args.symmetry.unwrap_or(SymmetryArg::Seed)
}

/// The configuration of the seed's search for these arguments.
fn config(args: &Args) -> Config {
    Config::seed(args.size, symmetry(args).symmetry())
}

/// The limits of --first and --count.
fn time_limits(args: &Args) -> (f64, Limits) {
    let secs = args.time_budget.unwrap_or(DEFAULT_SECS);
    let limits = Limits {
        max_steps: None,
        deadline: Some(deadline_after(Duration::from_secs_f64(secs))),
    };
    (secs, limits)
}

/// Default mode: every matrix (pretty or compressed), or the three counts.
fn list(args: &Args, out: &mut impl Write) -> io::Result<()> {
    if args.json {
        let n = args.size;
        let all = count_timed(Config::seed(n, Symmetry::None))
            .expect("size checked")
            .0;
        let corner = count_timed(Config::seed(n, Symmetry::CornerZero))
            .expect("size checked")
            .0;
        let canonical = count(Config::seed(n, Symmetry::Seed), Limits::NONE).expect("size checked");
        let (_, nanos) = count_timed(Config::seed(n, Symmetry::Seed)).expect("size checked");
        return writeln!(
            out,
            "{{\"all\":{all},\"corner_zero\":{corner},\"canonical\":{},\"steps\":{},\"nanos\":{nanos}}}",
            canonical.solutions, canonical.steps
        );
    }
    let plan = Plan::new(config(args)).expect("size checked");
    let n = args.size;
    let mut result = Ok(());
    let mut index = 0usize;
    search(&plan, &mut NoSteps, Limits::NONE, |cells| {
        let m = Matrix::new(n, cells.to_vec());
        result = if args.compressed {
            writeln!(out, "{}", m.compressed())
        } else if index == 0 {
            write!(out, "{}", m.pretty())
        } else {
            write!(out, "\n{}", m.pretty())
        };
        index += 1;
        if result.is_ok() {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    result
}

/// --first: the first matrix in the seed's order.
fn find_first(args: &Args, out: &mut impl Write) -> io::Result<()> {
    let (secs, limits) = time_limits(args);
    let (found, tally) = first(config(args), limits).expect("size checked");
    if args.json {
        let matrix = found.as_ref().map_or("null".to_string(), Matrix::json);
        return writeln!(
            out,
            "{{\"size\":{},\"block_sum\":{},\"symmetry\":\"{}\",\"found\":{},\"matrix\":{matrix},\
             \"steps\":{},\"nanos\":{},\"time_budget_secs\":{secs},\"reached\":{}}}",
            args.size,
            block_sum(args.size),
            symmetry(args).name(),
            found.is_some(),
            tally.steps,
            tally.nanos,
            json_list(if found.is_some() {
                &[]
            } else {
                &tally.run.reached
            })
        );
    }
    match found {
        Some(m) if args.compressed => writeln!(out, "{}", m.compressed()),
        Some(m) => {
            write!(out, "{}", m.pretty())?;
            writeln!(
                out,
                "\nfirst {0}×{0} matrix (block sum {1}, {2} rules) after {3} steps, {4}",
                args.size,
                block_sum(args.size),
                symmetry(args).name(),
                tally.steps,
                human_time(tally.nanos)
            )
        }
        None => writeln!(
            out,
            "no {0}×{0} matrix found within {secs} s ({1}; {2} steps{3})",
            args.size,
            ending(&tally),
            tally.steps,
            reached(args.size, &tally)
        ),
    }
}

/// --count: count until finished or out of time.
fn count_within(args: &Args, out: &mut impl Write) -> io::Result<()> {
    let (secs, limits) = time_limits(args);
    let tally = count(config(args), limits).expect("size checked");
    if args.json {
        return writeln!(
            out,
            "{{\"size\":{},\"block_sum\":{},\"symmetry\":\"{}\",\"solutions\":{},\"steps\":{},\
             \"nanos\":{},\"finished\":{},\"time_budget_secs\":{secs},\"reached\":{}}}",
            args.size,
            block_sum(args.size),
            symmetry(args).name(),
            tally.solutions,
            tally.steps,
            tally.nanos,
            tally.finished(),
            json_list(&tally.run.reached)
        );
    }
    let n = args.size;
    if tally.finished() {
        writeln!(
            out,
            "{n}×{n}, block sum {}, {} rules: {} matrices ({} steps, {})",
            block_sum(n),
            symmetry(args).name(),
            tally.solutions,
            tally.steps,
            human_time(tally.nanos)
        )
    } else {
        writeln!(
            out,
            "{n}×{n}, block sum {}, {} rules: at least {} matrices; not finished: {} after {} steps{}",
            block_sum(n),
            symmetry(args).name(),
            tally.solutions,
            ending(&tally),
            tally.steps,
            reached(n, &tally)
        )
    }
}

/// --compare-orders: one JSON line or table row per strategy.
fn compare(args: &Args, out: &mut impl Write) -> io::Result<()> {
    let budget = args.budget.unwrap_or(DEFAULT_BUDGET);
    if !args.json {
        writeln!(
            out,
            "{:<18} {:>13} {:>10} {:>8} {:>9}  what",
            "strategy", "steps", "time", "finished", "solutions"
        )?;
    }
    for s in strategies() {
        let c = compare_one(&s, budget);
        if args.json {
            writeln!(out, "{}", c.json())?;
        } else {
            writeln!(
                out,
                "{:<18} {:>13} {:>10} {:>8} {:>9}  {}",
                c.strategy,
                c.steps,
                human_time(c.nanos),
                if c.finished { "yes" } else { "no" },
                c.solutions,
                s.what
            )?;
        }
        out.flush()?;
    }
    if !args.json {
        writeln!(
            out,
            "4×4, step budget {budget} per strategy; a step is one number tried for one cell"
        )?;
    }
    Ok(())
}

/// A JSON array of numbers.
fn json_list(values: &[u8]) -> String {
    let items: Vec<String> = values.iter().map(u8::to_string).collect();
    format!("[{}]", items.join(","))
}

/// Why an unfinished search stopped.
fn ending(tally: &Tally) -> &'static str {
    match tally.run.outcome {
        Outcome::Finished => "finished",
        Outcome::Stopped => "stopped",
        Outcome::Budget => "the step budget ran out",
        Outcome::Deadline => "the time budget ran out",
    }
}

/// ", reached A=0 B=11 …": the first cells of the path where it stopped.
fn reached(n: usize, tally: &Tally) -> String {
    let plan = Plan::new(Config::seed(n, Symmetry::Seed)).expect("size checked");
    let shown: Vec<String> = plan
        .order()
        .iter()
        .zip(&tally.run.reached)
        .take(6)
        .map(|(&c, v)| format!("{}={v}", cell_name(n, c)))
        .collect();
    if shown.is_empty() {
        String::new()
    } else {
        format!(", reached {}", shown.join(" "))
    }
}

/// Nanoseconds as a short human figure.
fn human_time(nanos: u64) -> String {
    let x = nanos as f64;
    if x < 1e3 {
        format!("{nanos} ns")
    } else if x < 1e6 {
        format!("{:.1} µs", x / 1e3)
    } else if x < 1e9 {
        format!("{:.1} ms", x / 1e6)
    } else {
        format!("{:.2} s", x / 1e9)
    }
}
