//! The clap command with its appendices (the approaches, how boards read,
//! the `--json` fields, the exit status), parsing, and the one way `queens`
//! reports bad input.

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};
use queens_approaches::REGISTRY;
use queens_core::{Approach, Kind, usage};

use crate::args::{Args, Tool};
use crate::record;

/// The exit status, as `--help` and README state it.
pub const EXIT_STATUS: &str = "\
Exit status:
  0  done; also when N has no solution (\"3-Queens has 0 solutions\", as
     Queens.py prints it; with --first \"3-Queens has no solution\"), and
     when standard output is closed (a reader such as `head` stopped
     reading): the run then ends quietly, its unfinished files left as they were
  1  no answer, or not all of it kept: a local search ended without a
     solution, as its method may (stuck at a local minimum or on a plateau,
     stalled, cooled, or its step budget, --max-steps, spent: an outcome,
     said in one line on stdout with the h it was left at, not an error;
     its --trace is kept), the board found failed the checker, or a file
     could not be written once the work was done (the result is printed
     first, then the error), or memory ran out (an allocation failed:
     reported, never an abort); --json still prints its line, which says
     why in error
  2  bad input, refused before any search: one error: line on stderr,
     nothing on stdout (also a path of --output, --trace or --checkpoint
     that cannot be written, a --checkpoint file that is damaged or belongs
     to other arguments, a count no approach can finish here, and a run
     that needs more memory than this process may take: ulimit -v, the
     memory cgroup's limit, the memory available; the line gives both
     figures)
A run interrupted by Ctrl-C, SIGTERM or SIGHUP ends by that signal (130, 143
or 129 in most shells), its --checkpoint saved first and --json's line
printed with what is known and the signal in error; a --checkpoint count
whose every task had finished when the signal came prints its answer first.
Every queens-lab command (block-sums, starts, local-study, checks-table) uses
these codes; a message that standard error cannot take (closed, full) is
lost, never the status.";

/// How every board prints, whatever the approach.
pub const BOARDS: &str = "\
Boards: every board prints as the column of the queen in each row, rows in
order (--format tuple and pairs, --output, --json's solution). min-conflicts-*
hold one queen per column; the board they print is the one they found read that
way, i.e. mirrored in its main diagonal (also a solution). Their traces keep the
search's own view (board[i] is the row of column i's queen).";

/// The command, with the list of approaches, the `--json` fields and the
/// exit status in `--help`.
pub fn command() -> clap::Command {
    let mut list = String::from("Approaches (--algo ID):\n");
    for a in REGISTRY.all() {
        let (what, how) = approach_entry(*a);
        list.push_str(&format!(
            "  {:<31} {what}\n  {:<31} {how}\n",
            a.info().id,
            ""
        ));
    }
    list.push_str(&format!("\n{BOARDS}\n\n{EXIT_STATUS}\n"));
    Args::command()
        .override_usage("queens [OPTIONS] <N>\n       queens list | man | completions <SHELL>")
        .mut_arg("json", |a| a.long_help(record::fields_help()))
        .after_long_help(list)
        .after_help(format!(
            "{EXIT_STATUS}\n\nRun `queens --help` for the list of approaches, their sources, \
             limits and orders, and the --json fields."
        ))
}

/// `queens list`: each approach with its title, what it is good for, its
/// source and its limits, from the registry, wrapped for an 80-column
/// terminal.
pub fn approach_list() -> String {
    let mut text = wrap(
        "The approaches (queens --algo ID). Sources are cited by the keys of the \
         References in README.md; `queens --help` adds each one's steps, trace and \
         order of discovery.",
        "",
        "",
    );
    for a in REGISTRY.all() {
        let i = a.info();
        let runs = match i.kind {
            Kind::Exhaustive => "counts, lists (-v) and finds a first board",
            Kind::FindOne => "finds one board",
        };
        text.push('\n');
        text.push_str(&wrap(&format!("{}: {}", i.id, i.title), "", "    "));
        for (label, value) in [
            ("good for", i.good_for.to_string()),
            ("source", i.source.to_string()),
            ("runs", runs.to_string()),
            ("limits", format!("n ≤ {} ({})", i.max_n, i.limit_reason)),
        ] {
            text.push_str(&wrap(&format!("{label}: {value}"), "    ", "        "));
        }
    }
    text
}

/// `text` folded at spaces into lines of at most 79 characters: the first
/// starts with `indent`, the others with `hang`.
pub fn wrap(text: &str, indent: &str, hang: &str) -> String {
    const WIDTH: usize = 79;
    let (mut out, mut line, mut start) = (String::new(), indent.to_string(), indent.len());
    for word in text.split_whitespace() {
        let used = line.chars().count();
        if used > start && used + 1 + word.chars().count() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            (line, start) = (hang.to_string(), hang.len());
        } else if used > start {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// An approach in `--help` and the man page: what it is (title, source,
/// limit) and how it runs (steps, trace, order).
pub fn approach_entry(approach: &dyn Approach) -> (String, String) {
    let i = approach.info();
    (
        format!("{}; {}; n ≤ {}", i.title, i.source, i.max_n),
        format!(
            "steps: {}; trace: {}; order: {}",
            i.step_unit,
            trace_summary(approach),
            i.order
        ),
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

/// What the command line asks for.
pub enum Parsed {
    /// A run.
    Run(Box<Args>),
    /// Completions or the man page.
    Tool(Tool),
}

/// Parses the command line; on bad input prints one error line and
/// returns status 2 (help and version print and exit normally).
pub fn parse() -> Result<Parsed, ExitCode> {
    if let Some(word) = std::env::args().nth(1)
        && let Some(message) = not_a_command(&word)
    {
        return Err(usage_error(&message));
    }
    let matches = match command().try_get_matches() {
        Ok(m) => m,
        Err(e) if !e.use_stderr() => printed(e), // --help, --version
        Err(e) => return Err(usage_error(&clap_message(&e))),
    };
    if let Some((tool, _)) = matches.subcommand() {
        let given = matches.ids().find(|id| {
            matches.value_source(id.as_str()) == Some(clap::parser::ValueSource::CommandLine)
        });
        if let Some(id) = given {
            return Err(usage_error(&format!(
                "`queens {tool}` takes no N and no options: drop {}",
                if id.as_str() == "n" {
                    "N".to_string()
                } else {
                    format!("--{}", id.as_str().replace('_', "-"))
                }
            )));
        }
    }
    match Args::from_arg_matches(&matches) {
        Ok(Args {
            command: Some(tool),
            ..
        }) => Ok(Parsed::Tool(tool)),
        Ok(args) => Ok(Parsed::Run(Box::new(args))),
        Err(e) if !e.use_stderr() => printed(e), // --help, --version
        Err(e) => Err(usage_error(&clap_message(&e))),
    }
}

/// `--help` or `--version` printed, and the process ended by the exit
/// status table: 1 when standard output cannot take it (clap would say
/// nothing and exit 0).
fn printed(e: clap::Error) -> ! {
    if queens_core::usage::stdout_is_terminal() {
        e.exit()
    }
    std::process::exit(i32::from(queens_core::usage::print_text(
        &e.render().to_string(),
    )))
}

/// Why a first argument that is a word, neither a number nor an option,
/// is no command, with the command it may have meant (`queens help`:
/// `--help`). `None` for a command, a number or an option.
pub fn not_a_command(word: &str) -> Option<String> {
    let looks_like_a_word = word.chars().next().is_some_and(|c| c.is_alphabetic())
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
    let cmd = command();
    let names: Vec<&str> = cmd.get_subcommands().map(|c| c.get_name()).collect();
    if !looks_like_a_word || names.contains(&word) {
        return None;
    }
    let listed = names.join(", ");
    if word == "help" {
        return Some(
            "`queens help` is not a command: did you mean `queens --help` (or `queens -h`)?"
                .to_string(),
        );
    }
    let near = names
        .iter()
        .map(|name| (distance(word, name), *name))
        .filter(|(d, name)| *d <= name.len().div_ceil(3))
        .min();
    Some(match near {
        Some((_, name)) => {
            format!("unknown command '{word}': did you mean '{name}'? (the commands: {listed})")
        }
        None => format!(
            "'{word}' is neither a whole number of queens nor a command ({listed}): give N, \
             such as 8"
        ),
    })
}

/// The edit distance of two words: insertions, deletions, substitutions.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// A clap error as one line. Our value parsers' messages name their option
/// and say what is wrong, so they stand alone; clap's own errors are folded
/// by `usage::one_line` (its suggestions become "did you mean").
pub fn clap_message(e: &clap::Error) -> String {
    match (e.kind(), std::error::Error::source(e)) {
        (clap::error::ErrorKind::ValueValidation, Some(source)) => source.to_string(),
        _ => usage::parse_error(&e.render().to_string(), "queens"),
    }
}

/// Reports bad input: one `error:` line on stderr; the caller returns the
/// status, 2, once its files are dropped.
pub fn usage_error(message: &str) -> ExitCode {
    usage::print_error(message);
    ExitCode::from(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mistyped_command_gets_a_did_you_mean() {
        assert_eq!(distance("compleions", "completions"), 1);
        assert_eq!(distance("", "man"), 3);
        assert_eq!(distance("lst", "list"), 1);
        let said = |w| not_a_command(w).unwrap_or_default();
        assert!(said("compleions").contains("did you mean 'completions'?"));
        assert!(said("lits").contains("did you mean 'list'?"));
        assert!(said("help").contains("did you mean `queens --help`"));
        assert!(said("eight").starts_with("'eight' is neither a whole number of queens"));
        for fine in [
            "list",
            "man",
            "completions",
            "8",
            "-v",
            "--algo",
            "+8",
            " 8",
        ] {
            assert_eq!(not_a_command(fine), None, "{fine}");
        }
    }

    #[test]
    fn the_usage_names_every_command() {
        let usage = command().render_usage().to_string();
        for sub in command().get_subcommands() {
            assert!(usage.contains(sub.get_name()), "{usage}");
        }
        assert!(!usage.contains("[OPTIONS] [N] <COMMAND>"), "{usage}");
    }
}
