//! `checks-table`: the csp lab beside AIMA's comparison of backtracking
//! algorithms (2nd ed., 2003, §5.2, Figure 5.5, from Bacchus and van Run
//! 1995, "Dynamic variable ordering in CSPs"). Its n-Queens row is, for
//! each algorithm, the consistency checks to solve every n-Queens problem
//! for n = 2 to 50, the median over five runs, and "> 40 000K" where a run
//! passed the allotted 40 million checks: BT > 40 000K, BT+MRV 13 500K,
//! FC > 40 000K, FC+MRV 817K (min-conflicts 4K is a local search, not
//! here).
//!
//! For each setting, run (seed) and n, one [`Csp::first_within`] searches
//! for the first board with columns left to right and counts its checks
//! (each one test of one (row, column) pair against another; the crate
//! docs say where each look-ahead spends them) and its placements. The
//! budget is the book's: per run, summed over n. Once a run's total passes
//! it, its search stops and its remaining sizes are skipped. The CSV holds
//! every (setting, n, run), so the book's figure is recomputed exactly: sum
//! `checks` over n for each (setting, seed); a run whose sum passes the
//! budget is "> budget" (its search stopped: a `budget` row, or the last
//! nodes of a solved n passed it; its later sizes are `skipped`); the
//! figure is the median of those totals over the seeds, an over-budget run
//! above every other (one run for a setting without random ties). The
//! book's unsolvable n = 2 and 3 count as solved once the search finishes
//! (`none`), their checks included.
//! `--summary` prints that table on stderr.
//!
//! Bad arguments: one line on stderr, exit status 2. A closed stdout ends
//! the run quietly (status 0).

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use queens_core::is_solution;
use queens_core::usage::Whole;
use queens_csp::{Backtrack, Config, Csp, End, MAX_N, Order, Propagate, Values};

/// One column of the table: a config whose order may break ties at random.
struct Setting {
    /// The book's name, or the same pattern for ours.
    name: &'static str,
    /// The config (seed set per run).
    config: Config,
    /// The book's figure for it, in thousands of checks (`None`: not in the book).
    book: Option<&'static str>,
}

/// A setting with columns left to right.
const fn setting(
    name: &'static str,
    order: Order,
    propagate: Propagate,
    backtrack: Backtrack,
    book: Option<&'static str>,
) -> Setting {
    Setting {
        name,
        config: Config::new(order, Values::Left, propagate).with_backtrack(backtrack),
        book,
    }
}

/// The book's four settings, the same with conflict-directed backjumping,
/// and MAC with MRV. The book does not say how its MRV breaks ties, so each
/// MRV setting but MAC's runs both ways: at random (`mrv-random`, five
/// runs, the book's name) and to the lowest row (`mrv`, one run: no seed
/// changes it; the name ends in `-lowest`).
const SETTINGS: [Setting; 13] = {
    use Backtrack::{Chronological as Chrono, ConflictDirected as Cbj};
    use Order::{Mrv as Low, MrvRandom as Mrv, Row};
    use Propagate::{Arc, Forward as Fc, None as Bt};
    [
        setting("BT", Row, Bt, Chrono, Some("> 40 000K")),
        setting("BT+MRV", Mrv, Bt, Chrono, Some("13 500K")),
        setting("BT+MRV-lowest", Low, Bt, Chrono, Some("13 500K")),
        setting("FC", Row, Fc, Chrono, Some("> 40 000K")),
        setting("FC+MRV", Mrv, Fc, Chrono, Some("817K")),
        setting("FC+MRV-lowest", Low, Fc, Chrono, Some("817K")),
        setting("CBJ", Row, Bt, Cbj, None),
        setting("CBJ+MRV", Mrv, Bt, Cbj, None),
        setting("CBJ+MRV-lowest", Low, Bt, Cbj, None),
        setting("FC-CBJ", Row, Fc, Cbj, None),
        setting("FC-CBJ+MRV", Mrv, Fc, Cbj, None),
        setting("FC-CBJ+MRV-lowest", Low, Fc, Cbj, None),
        setting("MAC+MRV", Mrv, Arc, Chrono, None),
    ]
};

const HELP: &str = concat!(
    "\
checks-table: the consistency checks of the csp lab's settings beside AIMA 2nd ed.
Figure 5.5 (n-Queens, n = 2 to 50, median of 5 runs, 40 000K checks allotted).

usage: checks-table [--from N] [--to N] [--runs K] [--budget C] [--only NAMES] [--summary]

  --from N       smallest n (default 2)
  --to N         largest n (default 50, at most 256)
  --runs K       runs (seeds 1..=K) of a setting whose MRV breaks ties at random
                 (default 5); a setting without random ties runs once
  --budget C     checks allotted to one run summed over n (default 40000000, the
                 book's 40 000K); once a run's total passes it, its search stops
                 and its remaining sizes are skipped
  --only NAMES   comma-separated settings (default all): BT, BT+MRV,
                 BT+MRV-lowest, FC, FC+MRV, FC+MRV-lowest, CBJ, CBJ+MRV,
                 CBJ+MRV-lowest, FC-CBJ, FC-CBJ+MRV, FC-CBJ+MRV-lowest, MAC+MRV
                 (BT: rows in order, no look-ahead; FC: forward checking; MAC:
                 arc consistency; +MRV: fewest remaining columns, ties at random;
                 -lowest: the same MRV, ties to the lowest row, one run;
                 CBJ: conflict-directed backjumping; columns always left to right)
  --summary      also print on stderr, per setting, the median over runs of the
                 total checks over n (exact), beside the book's figure when n
                 runs over the book's 2 to 50
  -h, --help     this help
  -V, --version  the version

CSV on stdout, one row per (setting, n, run):
  setting        the name above
  order, values, propagate, backtrack
                 the setting's knobs, as `queens --algo csp` spells them
  n              the board size
  seed           the run's seed; empty for a setting without random ties
  solved         yes: the first board found (and verified); none: the search
                 finished without a board (n = 2, 3 have none), which counts as
                 solved, as in the book; budget: stopped once the run's total
                 passed the budget; skipped: not run, the total had passed it
  checks         consistency checks of this n (empty when skipped)
  placements     queen placements (search nodes) of this n (empty when skipped)

The book's figure for a setting: sum checks over n per seed (a run whose sum
passes the budget is over it; its later sizes say skipped), then the median over
seeds, a run over the budget above every other.
Bad arguments: one line on stderr, exit status 2; output that cannot be
written: exit status 1.
",
    queens_core::exit_status_table!(),
    "\n"
);

/// The arguments.
struct Args {
    from: usize,
    to: usize,
    runs: u64,
    budget: u64,
    only: Vec<&'static Setting>,
    summary: bool,
}

/// Reads the arguments (`--help` and `--version` are answered before).
fn parse(args: &[String]) -> Result<Args, String> {
    let mut parsed = Args {
        from: BOOK_FROM,
        to: BOOK_TO,
        runs: 5,
        budget: 40_000_000,
        only: SETTINGS.iter().collect(),
        summary: false,
    };
    let size =
        |name| Whole::new(name, 0, MAX_N as u64, "50").why_max("the csp lab's largest board");
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || {
            it.next()
                .ok_or_else(|| format!("{arg} needs a value (see --help)"))
        };
        match arg.as_str() {
            "--summary" => parsed.summary = true,
            "--from" => parsed.from = size("--from").parse(value()?)? as usize,
            "--to" => parsed.to = size("--to").parse(value()?)? as usize,
            "--runs" => parsed.runs = Whole::new("--runs", 1, 1000, "5").parse(value()?)?,
            "--budget" => {
                parsed.budget = Whole::new("--budget", 0, u64::MAX, "40000000").parse(value()?)?
            }
            "--only" => {
                parsed.only = value()?
                    .split(',')
                    .map(|name| {
                        SETTINGS
                            .iter()
                            .find(|s| s.name == name.trim())
                            .ok_or_else(|| format!("no setting '{name}' (see --help)"))
                    })
                    .collect::<Result<_, _>>()?;
            }
            other => return Err(format!("unknown argument '{other}' (see --help)")),
        }
    }
    if parsed.from > parsed.to {
        return Err(format!(
            "--from {} is larger than --to {}",
            parsed.from, parsed.to
        ));
    }
    Ok(parsed)
}

/// The seeds of a setting's runs: `None` alone when it has no random ties.
fn seeds(setting: &Setting, runs: u64) -> Vec<Option<u64>> {
    if setting.config.order == Order::MrvRandom {
        (1..=runs).map(Some).collect()
    } else {
        vec![None]
    }
}

/// One run's total over n: `None` when it passed the budget.
type Total = Option<u64>;

/// Writes the rows of one run of a setting; returns its total.
fn run(out: &mut impl Write, args: &Args, s: &Setting, seed: Option<u64>) -> io::Result<Total> {
    let config = s.config.with_seed(seed.unwrap_or(1));
    let csp = Csp::new(config);
    let knobs = format!(
        "{},{},{},{},{}",
        s.name,
        config.order.name(),
        config.values.name(),
        config.propagate.name(),
        config.backtrack.name()
    );
    let seed = seed.map_or(String::new(), |s| s.to_string());
    let mut total: Total = Some(0);
    for n in args.from..=args.to {
        let Some(spent) = total else {
            writeln!(out, "{knobs},{n},{seed},skipped,,")?;
            continue;
        };
        let run = csp
            .first_within(n, args.budget - spent)
            .map_err(|e| io::Error::other(e.to_string()))?;
        let solved = match &run.end {
            End::Solved(board) if is_solution(board) => "yes",
            End::Solved(board) => {
                return Err(io::Error::other(format!(
                    "{} at n = {n} found a wrong board {board:?}",
                    s.name
                )));
            }
            End::Unsolvable => "none",
            End::OverBudget => "budget",
        };
        writeln!(
            out,
            "{knobs},{n},{seed},{solved},{},{}",
            run.checks, run.placements
        )?;
        // A search is stopped on the budget at a node's entry, so a run can
        // also pass it on its last nodes and still find its board.
        let now = spent + run.checks;
        total = (run.end != End::OverBudget && now <= args.budget).then_some(now);
    }
    Ok(total)
}

/// The median of the runs' totals, a total over the budget above all
/// others; with an even number, the mean of the middle two.
fn median(totals: &mut [Total]) -> Total {
    totals.sort_by_key(|t| t.unwrap_or(u64::MAX));
    let k = totals.len();
    let (a, b) = (totals[(k - 1) / 2]?, totals[k / 2]?);
    Some((a + b) / 2)
}

/// In thousands of checks, as the book prints them.
/// A count of checks with its digits grouped by three (`817 008`): exact,
/// since a narrow range of n totals a few hundred checks, which rounding to
/// thousands would print as 0K.
fn grouped(checks: u64) -> String {
    let digits = checks.to_string();
    let mut text = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            text.push(' ');
        }
        text.push(d);
    }
    text
}

/// The book's figures are totals over n = 2 to 50: beside a total over
/// other sizes they would compare unlike things.
fn book_range(args: &Args) -> bool {
    (args.from, args.to) == (BOOK_FROM, BOOK_TO)
}

/// The sizes AIMA 2nd ed. Figure 5.5 sums its checks over.
const BOOK_FROM: usize = 2;
const BOOK_TO: usize = 50;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let version = env!("CARGO_PKG_VERSION");
    let help = || HELP.to_string();
    if let Some(status) = queens_core::usage::help_or_version(&argv, "checks-table", version, help)
    {
        return ExitCode::from(status);
    }
    let args = match parse(&argv) {
        Ok(args) => args,
        Err(e) => {
            queens_core::say!("checks-table: {e}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut lines = Vec::new();
    let result = (|| -> io::Result<()> {
        writeln!(
            out,
            "setting,order,values,propagate,backtrack,n,seed,solved,checks,placements"
        )?;
        for s in &args.only {
            let mut totals = Vec::new();
            for seed in seeds(s, args.runs) {
                totals.push(run(&mut out, &args, s, seed)?);
            }
            let runs = totals.len();
            let figure = median(&mut totals).map_or(
                format!("> {} (over the budget)", grouped(args.budget)),
                grouped,
            );
            let book = if book_range(&args) {
                format!(" {} |", s.book.unwrap_or(""))
            } else {
                String::new()
            };
            lines.push(format!("| {} | {runs} | {figure} |{book}", s.name));
        }
        out.flush()
    })();
    match result {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Err(e) => {
            queens_core::say!("checks-table: cannot write the output: {e}");
            return ExitCode::from(1);
        }
    }
    if args.summary {
        queens_core::say!(
            "n = {}..{}, budget {} checks per run; {:.1} s",
            args.from,
            args.to,
            args.budget,
            started.elapsed().as_secs_f64()
        );
        if book_range(&args) {
            queens_core::say!("| setting | runs | median total checks | AIMA 2nd ed. Fig. 5.5 |");
            queens_core::say!("|---|---:|---:|---:|");
        } else {
            queens_core::say!(
                "(AIMA 2nd ed. Fig. 5.5's figures are totals over n = {BOOK_FROM}..{BOOK_TO}: \
                 not set beside a total over n = {}..{})",
                args.from,
                args.to
            );
            queens_core::say!("| setting | runs | median total checks |");
            queens_core::say!("|---|---:|---:|");
        }
        for line in lines {
            queens_core::say!("{line}");
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    #[test]
    fn checks_are_grouped_by_three_digits() {
        assert_eq!(super::grouped(0), "0");
        assert_eq!(super::grouped(417), "417");
        assert_eq!(super::grouped(817_008), "817 008");
        assert_eq!(super::grouped(40_000_000), "40 000 000");
    }

    /// The help names no issue of the project's tracker by number.
    #[test]
    fn its_help_names_no_issue() {
        assert!(super::HELP.contains("usage: checks-table"));
        assert_eq!(queens_test_support::issue_named(super::HELP), None);
    }

    /// Each MRV setting but MAC's runs with both tie rules: the one whose
    /// name ends in `-lowest` is its twin with ties to the lowest row, the
    /// same look-ahead, backtracking and book figure.
    #[test]
    fn every_random_tie_setting_has_its_lowest_row_twin() {
        use super::SETTINGS;
        const LOWEST: &str = "-lowest";
        use queens_csp::{Order, Propagate};
        let mut twins = 0;
        for s in &SETTINGS {
            let lowest = s.name.ends_with(LOWEST);
            assert_eq!(lowest, s.config.order == Order::Mrv, "{}", s.name);
            if s.config.order != Order::MrvRandom || s.config.propagate == Propagate::Arc {
                continue;
            }
            let name = format!("{}{LOWEST}", s.name);
            let twin = SETTINGS.iter().find(|t| t.name == name).expect(&name);
            assert_eq!(twin.config.propagate, s.config.propagate);
            assert_eq!(twin.config.backtrack, s.config.backtrack);
            assert_eq!(twin.config.values, s.config.values);
            assert_eq!(twin.book, s.book);
            twins += 1;
        }
        assert_eq!(twins, 4);
    }
}
