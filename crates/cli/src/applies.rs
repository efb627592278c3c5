//! One rule for options that do not apply: [`RULES`] says, for every option
//! that applies only to some approaches or runs, where it applies, and
//! [`check`] refuses the first one given where it does not, with one
//! message: `OPTION does not apply to HERE: it applies to WHERE`. HERE names
//! the approach (and the run); WHERE lists the approaches, computed from
//! their properties (`Info`, `Approach::knobs`, `uses_seed`, ...), never
//! from a list of ids.
//!
//! Options that apply everywhere (`--algo`, `--first`, `--json`) are not in
//! the table; a unit test checks that every other option is.

use std::path::Path;

use queens_approaches::REGISTRY;
use queens_core::{Approach, Kind, Options};

use crate::args::{Args, Mode};
use crate::output::PRINT_LIMIT;
use crate::values::KNOB_VALUES;

/// A run as the options see it.
pub struct Ctx<'a> {
    /// The chosen approach.
    pub approach: &'a dyn Approach,
    /// The command line.
    pub args: &'a Args,
    /// Count or first.
    pub mode: Mode,
    /// What the approach would read.
    pub opts: &'a Options,
}

/// Why an option does not apply: here, and where it does.
pub struct Misfit {
    here: String,
    applies_to: String,
}

/// Where an option applies.
#[derive(Clone, Copy, Debug)]
pub enum Scope {
    /// Counts by exhaustive approaches (-v).
    Listing,
    /// Counters of fundamental solutions.
    Unique,
    /// Counts by counters that split into tasks, untraced for --shard.
    Split { traced_ok: bool },
    /// Untraced counts by counters that can skip tasks counted before,
    /// with --json only without its second, instrumented run.
    Resume,
    /// Runs that draw random numbers.
    Seed,
    /// Searches with a step budget.
    Budget,
    /// Exhaustive searches that walk a tree, counting steps, not -v.
    Depths,
    /// Runs that find one board.
    Board,
    /// Boards printed as text.
    Format,
    /// --json runs that find one board, without --output.
    FullSolution,
    /// --json runs.
    Json,
    /// Runs that print text (not --json).
    Text,
    /// Approaches that write a trace.
    Trace,
    /// Approaches that read this knob.
    Knob(&'static str),
}

/// One row of the table: the option as typed, whether the command line
/// gives it, where it applies.
pub struct Rule {
    /// The option, e.g. `--seed`.
    pub option: &'static str,
    /// Whether the command line gives it.
    pub given: fn(&Args) -> bool,
    /// Where it applies.
    pub scope: Scope,
}

/// Every option that applies only somewhere, in the order they are checked.
pub const RULES: [Rule; 28] = [
    rule("--verbose", |a| a.verbose, Scope::Listing),
    rule("--unique", |a| a.unique, Scope::Unique),
    rule(
        "--threads",
        |a| a.threads.is_some(),
        Scope::Split { traced_ok: true },
    ),
    rule(
        "--shard",
        |a| a.shard.is_some(),
        Scope::Split { traced_ok: false },
    ),
    rule("--checkpoint", |a| a.checkpoint.is_some(), Scope::Resume),
    rule("--seed", |a| a.seed.is_some(), Scope::Seed),
    rule("--max-steps", |a| a.max_steps.is_some(), Scope::Budget),
    rule("--depths", |a| a.depths, Scope::Depths),
    rule("--output", |a| a.output.is_some(), Scope::Board),
    rule("--format", |a| a.format.is_some(), Scope::Format),
    rule("--full-solution", |a| a.full_solution, Scope::FullSolution),
    rule("--no-steps", |a| a.no_steps, Scope::Json),
    rule("--time", |a| a.time, Scope::Text),
    rule("--trace", |a| a.trace.is_some(), Scope::Trace),
    rule("--order", |a| a.order.is_some(), Scope::Knob("order")),
    rule("--values", |a| a.values.is_some(), Scope::Knob("values")),
    rule(
        "--propagate",
        |a| a.propagate.is_some(),
        Scope::Knob("propagate"),
    ),
    rule(
        "--backtrack",
        |a| a.backtrack.is_some(),
        Scope::Knob("backtrack"),
    ),
    rule("--pick", |a| a.pick.is_some(), Scope::Knob("pick")),
    rule("--init", |a| a.init.is_some(), Scope::Knob("init")),
    rule(
        "--restart-after",
        |a| a.restart_after.is_some(),
        Scope::Knob("restart-after"),
    ),
    rule(
        "--conflict-cache",
        |a| a.conflict_cache.is_some(),
        Scope::Knob("conflict-cache"),
    ),
    rule(
        "--sideways",
        |a| a.sideways.is_some(),
        Scope::Knob("sideways"),
    ),
    rule(
        "--schedule",
        |a| a.schedule.is_some(),
        Scope::Knob("schedule"),
    ),
    rule(
        "--beam-width",
        |a| a.beam_width.is_some(),
        Scope::Knob("beam-width"),
    ),
    rule(
        "--population",
        |a| a.population.is_some(),
        Scope::Knob("population"),
    ),
    rule(
        "--mutation-rate",
        |a| a.mutation_rate.is_some(),
        Scope::Knob("mutation-rate"),
    ),
    rule("--tenure", |a| a.tenure.is_some(), Scope::Knob("tenure")),
];

const fn rule(option: &'static str, given: fn(&Args) -> bool, scope: Scope) -> Rule {
    Rule {
        option,
        given,
        scope,
    }
}

/// The first option given that does not apply, as one message.
pub fn check(ctx: &Ctx) -> Result<(), String> {
    for rule in &RULES {
        if !(rule.given)(ctx.args) {
            continue;
        }
        if let Err(Misfit { here, applies_to }) = fits(rule.scope, ctx) {
            let option = if rule.option == "--verbose" {
                "-v"
            } else {
                rule.option
            };
            return Err(format!(
                "{option} does not apply to {here}: it applies to {applies_to}"
            ));
        }
    }
    Ok(())
}

/// Whether an option of this scope applies to the run.
fn fits(scope: Scope, ctx: &Ctx) -> Result<(), Misfit> {
    let (approach, args, info) = (ctx.approach, ctx.args, ctx.approach.info());
    let id = info.id;
    let misfit = |here: String, applies_to: String| Err(Misfit { here, applies_to });
    match scope {
        Scope::Listing if info.kind == Kind::FindOne => misfit(
            format!("{id}, which only finds one board"),
            format!(
                "the exhaustive approaches: {}",
                ids(|a| a.info().kind == Kind::Exhaustive)
            ),
        ),
        Scope::Unique if !info.counts_unique => misfit(
            id.into(),
            format!(
                "the counters of fundamental solutions: {}",
                ids(|a| a.info().counts_unique)
            ),
        ),
        Scope::Split { traced_ok } => {
            let splitting = ids(|a| a.info().splits);
            if !info.splits {
                misfit(
                    id.into(),
                    format!("the counters that split their work into tasks: {splitting}"),
                )
            } else if ctx.mode == Mode::First || args.verbose {
                let run = if args.verbose {
                    "-v's listing"
                } else {
                    "a --first run"
                };
                misfit(
                    format!("{run} of {id}, which searches on one thread"),
                    format!("counts (no --first, no -v) by {splitting}"),
                )
            } else if args.trace.is_some() && !(traced_ok && args.threads == Some(1)) {
                misfit(
                    format!(
                        "a traced count of {id}, which follows the tasks in order on one thread"
                    ),
                    format!(
                        "untraced counts by {splitting} (a traced run takes --threads 1 at most)"
                    ),
                )
            } else {
                Ok(())
            }
        }
        Scope::Resume => {
            let resuming = ids(|a| a.watches_tasks());
            let counts = format!("untraced counts (no --first, no -v) by {resuming}");
            if !approach.watches_tasks() {
                misfit(
                    id.into(),
                    format!("the counters that can resume their tasks: {resuming}"),
                )
            } else if ctx.mode == Mode::First || args.verbose || args.trace.is_some() {
                let run = if args.verbose {
                    "-v's listing"
                } else if ctx.mode == Mode::First {
                    "a --first run"
                } else {
                    "a traced count"
                };
                misfit(format!("{run} of {id}"), counts)
            } else if args.json && !args.no_steps {
                misfit(
                    format!(
                        "a --json count of {id} with steps, whose second, instrumented run \
                         would count every task again"
                    ),
                    format!("{counts}; with --json, add --no-steps"),
                )
            } else {
                Ok(())
            }
        }
        Scope::Seed if !approach.uses_seed(ctx.opts) => misfit(
            id.into(),
            format!("the runs that draw random numbers: {}", seed_users()),
        ),
        Scope::Budget if !approach.uses_max_steps() => misfit(
            id.into(),
            format!(
                "the searches with a step budget: {}",
                ids(|a| a.uses_max_steps())
            ),
        ),
        Scope::Depths => {
            let walks = ids(|a| a.info().kind == Kind::Exhaustive && a.node_unit().is_ok());
            let tree = format!("counts and --first runs of the searches that walk a tree: {walks}");
            if info.kind == Kind::FindOne || approach.node_unit().is_err() {
                misfit(format!("{id}, which walks no search tree"), tree)
            } else if args.verbose {
                misfit(format!("-v's listing by {id}"), tree)
            } else if args.no_steps {
                misfit(
                    "a run without steps (--no-steps): it counts the nodes in the instrumented run"
                        .into(),
                    tree,
                )
            } else {
                Ok(())
            }
        }
        Scope::Board if ctx.mode == Mode::Count => misfit(
            format!("a count by {id}"),
            "runs that find one board: add --first, or choose an approach that finds one".into(),
        ),
        Scope::Board if args.json && args.output.as_deref() == Some(Path::new("-")) => misfit(
            "--json's standard output (--output -)".into(),
            "a file with --json: give --output a file name".into(),
        ),
        Scope::Format => {
            let here = if args.json {
                Some("--json's line".to_string())
            } else if args.output.is_some() {
                Some("a board written by --output (one column per line)".into())
            } else if ctx.mode == Mode::Count && !args.verbose {
                Some(format!("a count by {id}, which prints no board"))
            } else if ctx.mode == Mode::First && args.n() > PRINT_LIMIT {
                Some(format!(
                    "a board of {} queens, which is not printed",
                    args.n()
                ))
            } else {
                None
            };
            match here {
                Some(here) => misfit(
                    here,
                    format!(
                        "boards printed as text: -v's listing, or the board of a --first run \
                         of up to {PRINT_LIMIT} queens"
                    ),
                ),
                None => Ok(()),
            }
        }
        Scope::FullSolution if !args.json || ctx.mode == Mode::Count || args.output.is_some() => {
            let here = if !args.json {
                format!("text output by {id}")
            } else if ctx.mode == Mode::Count {
                format!("a count by {id}")
            } else {
                "a board written by --output".into()
            };
            misfit(
                here,
                "--json runs that find one board, without --output".into(),
            )
        }
        Scope::Json if !args.json => misfit(
            format!("text output by {id}"),
            "--json runs (it skips their second, instrumented run)".into(),
        ),
        Scope::Text if args.json => misfit(
            "--json's line, which has the time as nanos and the approach as algo".into(),
            "runs that print text (no --json)".into(),
        ),
        Scope::Trace if approach.trace_info().is_none() => misfit(
            format!("{id}, which reports no trace events"),
            format!(
                "the approaches that trace: {}",
                ids(|a| a.trace_info().is_some())
            ),
        ),
        Scope::Knob(knob) if !approach.knobs().contains(&knob) => {
            let readers = ids(|a| a.knobs().contains(&knob));
            let readers = if readers.is_empty() {
                "no registered approach yet".to_string()
            } else {
                readers
            };
            misfit(id.into(), readers)
        }
        _ => Ok(()),
    }
}

/// The ids of the approaches with a property, in registry order.
fn ids(has: impl Fn(&dyn Approach) -> bool) -> String {
    let ids: Vec<&str> = REGISTRY
        .all()
        .iter()
        .filter(|a| has(**a))
        .map(|a| a.info().id)
        .collect();
    ids.join(", ")
}

/// The approaches that draw random numbers with their default knobs, then
/// those that do with one knob set, named with it ("csp with --order
/// mrv-random").
fn seed_users() -> String {
    let mut users = Vec::new();
    for a in REGISTRY.all() {
        let id = a.info().id;
        if a.uses_seed(&Options::default()) {
            users.push(id.to_string());
            continue;
        }
        for (knob, values) in KNOB_VALUES {
            if !a.knobs().contains(&knob) {
                continue;
            }
            for value in values {
                let opts = Options {
                    knobs: vec![(knob, value.to_string())],
                    ..Options::default()
                };
                if a.uses_seed(&opts) {
                    users.push(format!("{id} with --{knob} {value}"));
                }
            }
        }
    }
    users.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::help::command;

    /// Options that apply to every approach and run.
    const EVERYWHERE: [&str; 5] = ["--algo", "--first", "--json", "--help", "--version"];

    #[test]
    fn every_option_is_in_the_table_or_applies_everywhere() {
        let cmd = command();
        for arg in cmd.get_arguments() {
            let Some(long) = arg.get_long() else {
                continue; // N
            };
            let long = format!("--{long}");
            assert!(
                RULES.iter().any(|r| r.option == long) || EVERYWHERE.contains(&long.as_str()),
                "{long} is neither in applies::RULES nor said to apply everywhere"
            );
        }
        for rule in &RULES {
            assert!(
                cmd.get_arguments().any(|a| a
                    .get_long()
                    .is_some_and(|l| format!("--{l}") == rule.option)),
                "{} is in the table but not an option",
                rule.option
            );
        }
    }

    #[test]
    fn the_seed_applies_where_random_numbers_are_drawn() {
        let users = seed_users();
        assert!(users.contains("min-conflicts-random"), "{users}");
        assert!(users.contains("csp with --order mrv-random"), "{users}");
        assert!(!users.contains("explicit"), "{users}");
        assert!(!users.split(", ").any(|u| u == "bitmask"), "{users}");
    }
}
