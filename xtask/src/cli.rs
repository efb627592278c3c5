//! The command line of `cargo xtask`, parsed by hand (rust-analyzer style).

use std::path::PathBuf;

use crate::profile::Profile;
use crate::{Result, bail};

/// The usage text.
pub const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  measure   run the approaches and write raw data to DIR/data
  render    turn DIR/data into DIR/charts and DIR/REPORT.md (byte for byte reproducible)
  report    measure, then render

options:
  --profile smoke|standard|full   how far and how often to measure (default: standard)
                                  smoke: small n, one sample (CI); standard: under 3 minutes;
                                  full: larger budgets, local search to 10^7
  --algos ID,ID,...               only these approaches (default: every registered one)
  --out DIR                       output folder (default: reports/ in the workspace)
";

/// What to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `measure`: write DIR/data.
    Measure(Options),
    /// `render`: write DIR/charts and DIR/REPORT.md from DIR/data.
    Render(Options),
    /// `report`: both.
    Report(Options),
    /// `-h`, `--help`.
    Help,
}

/// The options every command shares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `--profile`.
    pub profile: Profile,
    /// `--algos`, if given.
    pub algos: Option<Vec<String>>,
    /// `--out`.
    pub out: PathBuf,
}

/// Parses the arguments after `cargo xtask`.
pub fn parse(args: &[String]) -> Result<Command> {
    let Some((command, rest)) = args.split_first() else {
        bail!("no command given");
    };
    let mut opts = Options {
        profile: Profile::Standard,
        algos: None,
        out: crate::project_root().join("reports"),
    };
    let (mut profile_given, mut rest) = (false, rest.iter());
    while let Some(arg) = rest.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || match inline.clone().or_else(|| rest.next().cloned()) {
            Some(v) if !v.is_empty() => Ok(v),
            _ => Err(crate::Error(format!("{flag} needs a value"))),
        };
        match flag {
            "-h" | "--help" => return Ok(Command::Help),
            "--profile" => {
                opts.profile = value()?.parse()?;
                profile_given = true;
            }
            "--algos" => {
                let ids: Vec<String> = value()?.split(',').map(|s| s.trim().to_string()).collect();
                if ids.iter().any(String::is_empty) {
                    bail!(
                        "--algos takes a comma-separated list of approach ids, with no empty one"
                    );
                }
                opts.algos = Some(ids);
            }
            "--out" => opts.out = PathBuf::from(value()?),
            other => bail!("unknown option '{other}'"),
        }
    }
    match command.as_str() {
        "measure" => Ok(Command::Measure(opts)),
        "report" => Ok(Command::Report(opts)),
        "render" if profile_given || opts.algos.is_some() => {
            bail!(
                "render draws whatever DIR/data holds: --profile and --algos belong to measure and report"
            )
        }
        "render" => Ok(Command::Render(opts)),
        "-h" | "--help" | "help" => Ok(Command::Help),
        other => bail!("unknown command '{other}'"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn defaults_and_options() {
        let Command::Report(o) = parse(&args("report")).unwrap() else {
            panic!()
        };
        assert_eq!(o.profile, Profile::Standard);
        assert!(o.out.ends_with("reports"));
        let Command::Measure(o) = parse(&args(
            "measure --profile=smoke --algos bitmask,mrv --out /tmp/x",
        ))
        .unwrap() else {
            panic!()
        };
        assert_eq!(
            (o.profile, o.out),
            (Profile::Smoke, PathBuf::from("/tmp/x"))
        );
        assert_eq!(o.algos.unwrap(), ["bitmask", "mrv"]);
        assert_eq!(parse(&args("render --help")).unwrap(), Command::Help);
    }

    #[test]
    fn bad_input_says_what_is_wrong() {
        let err = |s| parse(&args(s)).unwrap_err().0;
        assert!(err("report --profile quick").contains("unknown profile 'quick'"));
        assert!(err("report --out").contains("--out needs a value"));
        assert!(err("report --algos a,,b").contains("no empty one"));
        assert!(err("report --fast").contains("unknown option '--fast'"));
        assert!(err("plot").contains("unknown command 'plot'"));
        assert!(err("render --profile full").contains("belong to measure"));
        assert!(err("").contains("no command"));
    }
}
