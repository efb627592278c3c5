//! How queens-lab's commands read numbers and report bad input: one `error:`
//! line on stderr, and exit status 2. Shared by `queens`
//! and `block-sums`, so that every number option of both reads the same way
//! ([`Whole`], [`Decimal`]) and says what is wrong in plain words.

use std::io::{self, IsTerminal, Write};

/// The exit status of every queens-lab command (`queens`, `block-sums`,
/// `starts`, `local-study`, `checks-table`), as their help and the README
/// state it: one table, a literal so that a `HELP` can `concat!` it.
#[macro_export]
macro_rules! exit_status_table {
    () => {
        "Exit status (every queens-lab command: queens, block-sums, starts, local-study,
checks-table):
  0    done; also when standard output is closed (a reader such as `head`
       stopped reading): the command then ends quietly
  1    no answer, or not all of it kept: a search gave up or ran out of its
       budget, a board failed the checker, or the output or a file could not
       be written (a result already found is printed first)
  2    bad input, refused before any work: an error line on stderr, nothing
       on stdout
  129, 130, 143  ended by SIGHUP, SIGINT or SIGTERM (as most shells show it)
A message that standard error cannot take (closed, full) is lost, never the
status: no command panics over it."
    };
}

/// `eprintln!` that never panics: a standard error that cannot be written
/// (closed, a full disk) loses the line, never the exit status.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::usage::say_line(::std::format_args!($($arg)*))
    };
}

/// Writes `line` and a newline on stderr, ignoring a failure ([`say!`]).
pub fn say_line(line: std::fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(line).and_then(|()| err.write_all(b"\n"));
}

/// Prints `text` (a help) on stdout; the exit status by the table: 0, also
/// when the reader closed the pipe; 1 with an error line when it cannot be
/// written.
pub fn print_text(text: &str) -> u8 {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            say!("error: cannot write the output: {e}");
            1
        }
    }
}

/// `-h`/`--help` or `-V`/`--version` among a hand-parsed command's
/// arguments: prints the help (made only when asked) or `{name} {version}`
/// and gives the exit status ([`print_text`]); `None` otherwise.
pub fn help_or_version(
    args: &[String],
    name: &str,
    version: &str,
    help: impl FnOnce() -> String,
) -> Option<u8> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        Some(print_text(&help()))
    } else if args.iter().any(|a| a == "--version" || a == "-V") {
        Some(print_text(&format!("{name} {version}\n")))
    } else {
        None
    }
}

/// Whether standard output is a terminal (where clap prints its help in
/// colour, and a write does not fail for want of space).
pub fn stdout_is_terminal() -> bool {
    io::stdout().is_terminal()
}

/// A rendered clap error without its usage, folded onto one line. A tip
/// naming a similar value or argument becomes "did you mean 'X'?"; other
/// tips are kept in parentheses.
pub fn one_line(rendered: &str) -> String {
    let mut paragraphs = rendered.split("\n\n");
    let first = paragraphs.next().unwrap_or(rendered);
    let mut message = words(first.trim_start().trim_start_matches("error: "));
    for line in paragraphs.flat_map(str::lines) {
        let Some(tip) = line.trim().strip_prefix("tip: ") else {
            continue;
        };
        let similar = [
            "a similar value exists: ",
            "a similar argument exists: ",
            "a similar subcommand exists: ",
            "some similar values exist: ",
            "some similar arguments exist: ",
        ]
        .iter()
        .find_map(|p| tip.strip_prefix(p));
        match similar {
            Some(names) => message.push_str(&format!(": did you mean {}?", words(names))),
            None => message.push_str(&format!(" (tip: {})", words(tip))),
        }
    }
    message
}

/// `s` with every run of white space made one space.
fn words(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Prints the one line of bad input, `error: {message}`, on stderr, without
/// ending the process (so that destructors still run). No usage block
/// follows: the line says what is wrong, and `-h` is one option away.
pub fn print_error(message: &str) {
    say!("error: {message}");
}

/// Prints the one `error:` line of bad input and exits with status 2.
pub fn exit_with_error(message: &str) -> ! {
    print_error(message);
    std::process::exit(2)
}

/// A clap parse error (an unknown option, a missing argument) as one line
/// ([`one_line`]) that points to `{command} -h`, since it is about the
/// command's shape rather than one value.
pub fn parse_error(rendered: &str, command: &str) -> String {
    format!("{} (see '{command} -h')", one_line(rendered))
}

/// A whole-number option: its name in messages, its bounds, an example.
/// Spaces around the number and a leading `+` are accepted; anything else
/// that is not a run of digits is refused with the example.
#[derive(Clone, Debug)]
pub struct Whole {
    /// How messages name the value, e.g. `--seed` or `N`.
    pub name: &'static str,
    /// The smallest value accepted.
    pub min: u64,
    /// The largest value accepted.
    pub max: u64,
    /// Why the largest value is what it is (appended to the message), or "".
    pub why_max: String,
    /// A value to show as an example, e.g. "8".
    pub example: &'static str,
}

impl Whole {
    /// A whole number from `min` to `max`, with no reason given for the bounds.
    pub fn new(name: &'static str, min: u64, max: u64, example: &'static str) -> Whole {
        Whole {
            name,
            min,
            max,
            why_max: String::new(),
            example,
        }
    }

    /// The same, with the reason for the upper bound.
    pub fn why_max(self, why: impl Into<String>) -> Whole {
        Whole {
            why_max: why.into(),
            ..self
        }
    }

    /// Parses `s`, or says in one sentence what is wrong with it.
    pub fn parse(&self, s: &str) -> Result<u64, String> {
        let name = self.name;
        let t = s.trim();
        let digits = t.strip_prefix('+').unwrap_or(t);
        let negative = t
            .strip_prefix('-')
            .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()));
        if negative {
            return Err(format!("{name} cannot be negative (got {t})"));
        }
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "{name} must be a whole number, such as {}, not '{s}'",
                self.example
            ));
        }
        let too_large = || {
            let why = if self.why_max.is_empty() {
                String::new()
            } else {
                format!(": {}", self.why_max)
            };
            format!("{name} is too large: at most {}{why}", self.max)
        };
        let value: u64 = digits.parse().map_err(|_| too_large())?;
        if value > self.max {
            return Err(too_large());
        }
        if value < self.min {
            return Err(format!("{name} must be at least {}, not {value}", self.min));
        }
        Ok(value)
    }
}

/// A decimal option (seconds, a probability): finite, within bounds.
#[derive(Clone, Copy, Debug)]
pub struct Decimal {
    /// How messages name the value.
    pub name: &'static str,
    /// The smallest value accepted.
    pub min: f64,
    /// The largest value accepted.
    pub max: f64,
    /// What the number counts, e.g. "seconds" (or "" for a plain number).
    pub unit: &'static str,
    /// A value to show as an example.
    pub example: &'static str,
}

impl Decimal {
    /// Parses `s`, or says in one sentence what is wrong with it (and the
    /// bounds, when it is out of them).
    pub fn parse(&self, s: &str) -> Result<f64, String> {
        let Decimal { name, min, max, .. } = *self;
        let (unit, of_unit) = if self.unit.is_empty() {
            (String::new(), String::new())
        } else {
            (format!(" {}", self.unit), format!(" of {}", self.unit))
        };
        let t = s.trim();
        let plain = !t.is_empty()
            && t.bytes()
                .all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b));
        match t.parse::<f64>() {
            Ok(x) if plain && x.is_finite() && (min..=max).contains(&x) => Ok(x),
            Ok(x) if plain && x.is_finite() => {
                Err(format!("{name} must be from {min} to {max}{unit}, not {t}"))
            }
            _ => Err(format!(
                "{name} must be a number{of_unit}, such as {}, not '{s}'",
                self.example
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_keeps_the_message_and_drops_usage() {
        let rendered = "error: the following required arguments were not provided:\n  <N>\n\n\
                        Usage: queens <N>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(rendered),
            "the following required arguments were not provided: <N>"
        );
    }

    #[test]
    fn one_line_turns_a_suggestion_into_a_question() {
        let rendered = "error: invalid value 'bitmas' for '--algo <ID>'\n  \
                        [possible values: bitmask, mrv]\n\n  \
                        tip: a similar value exists: 'bitmask'\n\n\
                        Usage: queens [OPTIONS] <N>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(rendered),
            "invalid value 'bitmas' for '--algo <ID>' [possible values: bitmask, mrv]: \
             did you mean 'bitmask'?"
        );
        let other = "error: unexpected argument '-3' found\n\n  \
                     tip: to pass '-3' as a value, use '-- -3'\n\nUsage: x\n";
        assert_eq!(
            one_line(other),
            "unexpected argument '-3' found (tip: to pass '-3' as a value, use '-- -3')"
        );
    }

    #[test]
    fn whole_numbers_say_what_is_wrong() {
        let seed = Whole::new("--seed", 0, u64::MAX, "7");
        assert_eq!(seed.parse("7"), Ok(7));
        assert_eq!(seed.parse(" +7 "), Ok(7));
        assert_eq!(seed.parse("18446744073709551615"), Ok(u64::MAX));
        let err = |w: &Whole, s| w.parse(s).unwrap_err();
        assert_eq!(err(&seed, "-3"), "--seed cannot be negative (got -3)");
        assert_eq!(
            err(&seed, "x"),
            "--seed must be a whole number, such as 7, not 'x'"
        );
        assert!(err(&seed, "4.5").contains("whole number"));
        assert!(err(&seed, "").contains("whole number"));
        assert!(err(&seed, "-").contains("whole number"));
        assert_eq!(
            err(&seed, "18446744073709551616"),
            "--seed is too large: at most 18446744073709551615"
        );
        let threads = Whole::new("--threads", 1, 8, "4").why_max("4 × the 2 cores");
        assert_eq!(
            err(&threads, "9"),
            "--threads is too large: at most 8: 4 × the 2 cores"
        );
        assert_eq!(err(&threads, "0"), "--threads must be at least 1, not 0");
    }

    #[test]
    fn decimals_state_their_bounds() {
        let secs = Decimal {
            name: "--time-budget",
            min: 0.001,
            max: 1e9,
            unit: "seconds",
            example: "0.5",
        };
        assert_eq!(secs.parse("0.5"), Ok(0.5));
        assert_eq!(secs.parse(" 1e3 "), Ok(1000.0));
        assert_eq!(
            secs.parse("1e10").unwrap_err(),
            "--time-budget must be from 0.001 to 1000000000 seconds, not 1e10"
        );
        assert!(secs.parse("1e-300").unwrap_err().contains("from 0.001"));
        for bad in ["x", "inf", "NaN", "", "1e999"] {
            assert!(
                secs.parse(bad).unwrap_err().contains("such as 0.5"),
                "{bad}"
            );
        }
    }
}
