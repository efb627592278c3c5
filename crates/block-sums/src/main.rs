//! `block-sums`: the matrices of seed 000 Part II (`000_7439845249fc9285.txt`),
//! the 4×4 arrangements of 0..15 whose 2×2 blocks all sum to 30, found by the
//! Visual Prolog program's backtracking (see the library docs).
//!
//! Bad input prints one `error:` line on stderr, nothing on
//! stdout, and exits with status 2; `--first` or `--count` that runs out of
//! time prints how far it got and exits with status 1, as `queens` does when
//! a search gives up.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Duration;

mod command;

use queens_block_sums::{
    Config, DEFAULT_BUDGET, Limits, Matrix, Outcome, Plan, Symmetry, Tally, block_sum, cell_name,
    compare_one, count, count_timed, deadline_after, first, search, strategies,
};
use queens_core::NoSteps;

use command::{Args, DEFAULT_SECS, SECONDS, SymmetryArg, generate, parse, plural};

/// How a search ended: with its answer, or out of time (status 1).
enum Ended {
    Done,
    OutOfTime(String),
}

fn main() -> ExitCode {
    let args = parse();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = match args.tool {
        Some(tool) => generate(tool, &mut out).map(|()| Ended::Done),
        None if args.compare_orders => compare(&args, &mut out).map(|()| Ended::Done),
        None if args.first => find_first(&args, &mut out),
        None if args.count => count_within(&args, &mut out),
        None => list(&args, &mut out).map(|()| Ended::Done),
    };
    match result.and_then(|ended| out.flush().map(|()| ended)) {
        Ok(Ended::Done) => ExitCode::SUCCESS,
        Ok(Ended::OutOfTime(what)) => {
            queens_core::say!("error: {what}");
            ExitCode::from(1)
        }
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            queens_core::say!("error: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}

/// The stderr line of a search that ran out of time.
fn out_of_time(args: &Args, secs: f64, tally: &Tally) -> Ended {
    Ended::OutOfTime(format!(
        "the time budget of {secs} s ran out after {} ({}×{} matrices); give a larger --time-budget (at most {} seconds)",
        plural(tally.steps, "step", "steps"),
        args.size,
        args.size,
        SECONDS.max
    ))
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
fn find_first(args: &Args, out: &mut impl Write) -> io::Result<Ended> {
    let (secs, limits) = time_limits(args);
    let (found, tally) = first(config(args), limits).expect("size checked");
    let ended = if found.is_none() && tally.run.outcome == Outcome::Deadline {
        out_of_time(args, secs, &tally)
    } else {
        Ended::Done
    };
    if args.json {
        let matrix = found.as_ref().map_or("null".to_string(), Matrix::json);
        writeln!(
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
        )?;
        return Ok(ended);
    }
    match found {
        Some(m) if args.compressed => writeln!(out, "{}", m.compressed())?,
        Some(m) => {
            write!(out, "{}", m.pretty())?;
            writeln!(
                out,
                "\nfirst {0}×{0} matrix (block sum {1}, {2}) after {3}, {4}",
                args.size,
                block_sum(args.size),
                symmetry(args).rules(),
                plural(tally.steps, "step", "steps"),
                human_time(tally.nanos)
            )?
        }
        None => writeln!(
            out,
            "no {0}×{0} matrix found within {secs} s ({1}; {2}{3})",
            args.size,
            ending(&tally),
            plural(tally.steps, "step", "steps"),
            reached(args.size, &tally)
        )?,
    }
    Ok(ended)
}

/// --count: count until finished or out of time.
fn count_within(args: &Args, out: &mut impl Write) -> io::Result<Ended> {
    let (secs, limits) = time_limits(args);
    let tally = count(config(args), limits).expect("size checked");
    let ended = if tally.finished() {
        Ended::Done
    } else {
        out_of_time(args, secs, &tally)
    };
    if args.json {
        writeln!(
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
        )?;
        return Ok(ended);
    }
    let n = args.size;
    if tally.finished() {
        writeln!(
            out,
            "{n}×{n}, block sum {}, {}: {} ({}, {})",
            block_sum(n),
            symmetry(args).rules(),
            plural(tally.solutions, "matrix", "matrices"),
            plural(tally.steps, "step", "steps"),
            human_time(tally.nanos)
        )?;
    } else {
        writeln!(
            out,
            "{n}×{n}, block sum {}, {}: at least {}; not finished: {} after {}{}",
            block_sum(n),
            symmetry(args).rules(),
            plural(tally.solutions, "matrix", "matrices"),
            ending(&tally),
            plural(tally.steps, "step", "steps"),
            reached(n, &tally)
        )?;
    }
    Ok(ended)
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
