//! The command line of `cargo xtask`, parsed by hand (rust-analyzer style).

use std::path::PathBuf;

use crate::peers::PeerOptions;
use crate::profile::Profile;
use crate::{Result, bail};

/// The usage text.
pub const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  measure   run the approaches and write raw data to DIR/data
  render    turn DIR/data into DIR/charts and DIR/REPORT.md (byte for byte reproducible)
  report    measure, then render
  peers     the issues' targets, side by side with the C references (ref.c, mc.c; needs gcc)

options:
  --profile smoke|standard|full   how far and how often to measure (default: standard)
                                  smoke: small n, one sample (CI); standard: under 3 minutes;
                                  full: larger budgets, local search to 10^7
  --algos ID,ID,...               only these approaches (default: every registered one)
  --out DIR                       output folder (default: reports/ in the workspace)

options of peers:
  --peers DIR     the peers folder (default: $QUEENS_PEERS, else ../shared/peers)
  --runs R        runs of each program per comparison, alternating (default: 5)
  --quick         small sizes: checks the setup in seconds, judges no target
  --out FILE      also write the table to FILE
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
    /// `peers`: the targets against the C references.
    Peers(PeerOptions),
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
    if command == "peers" {
        return parse_peers(rest);
    }
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
        let mut value = || value_of(flag, inline.as_deref(), &mut rest);
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

/// The value of option `flag`: after `=`, else the next argument.
fn value_of(
    flag: &str,
    inline: Option<&str>,
    rest: &mut std::slice::Iter<'_, String>,
) -> Result<String> {
    match inline.map(str::to_string).or_else(|| rest.next().cloned()) {
        Some(v) if !v.is_empty() => Ok(v),
        _ => bail!("{flag} needs a value"),
    }
}

/// Parses the options of `peers`.
fn parse_peers(args: &[String]) -> Result<Command> {
    let mut opts = PeerOptions {
        dir: PeerOptions::default_dir(),
        runs: 5,
        quick: false,
        out: None,
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (arg.as_str(), None),
        };
        match flag {
            "-h" | "--help" => return Ok(Command::Help),
            "--peers" => opts.dir = PathBuf::from(value_of(flag, inline, &mut rest)?),
            "--runs" => {
                let v = value_of(flag, inline, &mut rest)?;
                opts.runs = match v.parse() {
                    Ok(r) if r >= 1 => r,
                    _ => bail!("--runs takes a whole number of at least 1, not '{v}'"),
                };
            }
            "--quick" => opts.quick = true,
            "--out" => opts.out = Some(PathBuf::from(value_of(flag, inline, &mut rest)?)),
            other => bail!("unknown option '{other}' for peers"),
        }
    }
    Ok(Command::Peers(opts))
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
        assert!(err("peers --runs 0").contains("at least 1, not '0'"));
        assert!(err("peers --runs=x").contains("not 'x'"));
        assert!(err("peers --peers").contains("--peers needs a value"));
        assert!(err("peers --profile smoke").contains("unknown option '--profile' for peers"));
    }

    #[test]
    fn peers_options() {
        let Command::Peers(o) =
            parse(&args("peers --runs=3 --quick --peers /p --out t.md")).unwrap()
        else {
            panic!()
        };
        assert_eq!(
            o,
            PeerOptions {
                dir: PathBuf::from("/p"),
                runs: 3,
                quick: true,
                out: Some(PathBuf::from("t.md"))
            }
        );
        let Command::Peers(o) = parse(&args("peers")).unwrap() else {
            panic!()
        };
        assert_eq!((o.runs, o.quick, o.out), (5, false, None));
    }
}
