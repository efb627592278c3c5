//! The command line of `cargo xtask`, parsed by clap.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::peers::{Peer, PeerOptions};
use crate::profile::Profile;

/// Project automation for queens-lab: measure the approaches, render the
/// report, compare with the reference programs.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Clone, Debug, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// Run the approaches and write raw data to DIR/data.
    Measure(MeasureArgs),
    /// Turn DIR/data into DIR/charts, the course (DIR/course/, DIR/REPORT.md, DIR/course.html), byte for byte reproducible.
    Render(RenderArgs),
    /// Measure, then render.
    Report(MeasureArgs),
    /// The speed targets, side by side with the peer programs: the C references of peers/ (needs a C compiler) and Kluev's counter fetched with git (needs g++), or a --peers folder.
    Peers(PeerArgs),
    /// Build queens and block-sums (cargo build, seconds after the xtask's own build), then
    /// write their man pages to DIR (default target/man).
    Man(crate::man::ManArgs),
    /// Measure the largest runs the course quotes, once each, into
    /// DIR/data/long_runs.csv (seconds to minutes each; `report` keeps them).
    LongRuns(LongRunsArgs),
    /// Trace small searches and draw their trees: DIR/data/traces and DIR/trees only
    /// (then `render` puts them in the course and the step-through page).
    Trees(RenderArgs),
    /// Build the explorer's engine (crates/explorer-wasm for wasm32-unknown-unknown, adding
    /// the target with rustup if needed) into xtask/assets/explore/explorer.wasm.gz, which
    /// explore.html embeds; `render` and `report` do it when the module is missing or stale.
    Wasm,
}

/// Options of `measure` and `report`.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct MeasureArgs {
    /// How far and how often to measure: smoke (small n, one sample; CI),
    /// standard (about 1½ minutes of timing on 2 cores, plus the studies
    /// whose code changed), full (larger budgets, local
    /// search to 10^7).
    #[arg(long, default_value = "standard", value_parser = parse_profile)]
    pub profile: Profile,
    /// Only these approaches (comma-separated ids; default: every registered one).
    #[arg(long, value_delimiter = ',', value_parser = parse_id)]
    pub algos: Option<Vec<String>>,
    /// Output folder.
    #[arg(long, default_value_os_t = default_out())]
    pub out: PathBuf,
    /// Measure every study again (nodes per depth, the csp lab, the
    /// local-search and textbook studies, the traces), even those whose
    /// code, plan and profile are unchanged since the folder's last run
    /// (which are otherwise kept, and the course says so).
    #[arg(long)]
    pub remeasure: bool,
}

/// Options of `long-runs`.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct LongRunsArgs {
    /// Only these runs (comma-separated): half-join-18 (one thread, about 5 s),
    /// half-join-18-2, half-join-19, half-join-20 (2 threads: 2 s, 15 s,
    /// 50 s), half-join-21 (8 min), half-join-22 (over an hour: 77 min did
    /// not finish it on a 2-core Intel Xeon), half-join-22-shards (the same
    /// count in 4 shards, one after another), swap-search-1e8 (15 s),
    /// swap-search-1e9 (3 min, 4.3 GB, its 9.9 GB board file written in a
    /// temporary folder, verified by check-board, then deleted). Default:
    /// every run.
    #[arg(long, value_delimiter = ',')]
    pub runs: Vec<String>,
    /// The folder holding data/.
    #[arg(long, default_value_os_t = default_out())]
    pub out: PathBuf,
}

/// Options of `render`.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct RenderArgs {
    /// The folder holding data/ (charts/, course/, REPORT.md and course.html are written beside it).
    #[arg(long, default_value_os_t = default_out())]
    pub out: PathBuf,
}

/// Options of `peers`.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct PeerArgs {
    /// A folder holding ref-c/ref.c, mc-c/mc.c and kluev-count (with its build.sh) to measure
    /// instead (default: $QUEENS_PEERS; without either, the C references of the repository's
    /// peers/ are built into target/peers/ and Kluev's counter is fetched there with git at a
    /// pinned commit; $QUEENS_KLUEV_GIT names a mirror of its repository).
    #[arg(long)]
    pub peers: Option<PathBuf>,
    /// Runs of each program per comparison, alternating (default: 5 for the C references'
    /// rows, 3 for half-join against Kluev's counter).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub runs: Option<u32>,
    /// Small sizes: checks the setup in seconds, judges no target.
    #[arg(long)]
    pub quick: bool,
    /// Only the rows against these peers (comma-separated): ref (the bitboard counters against
    /// the mirror-symmetry counter peers/ref-bitboard.c, or the folder's ref-c/ref.c, n = 16-17,
    /// and bitmask-symmetric on two threads against one), mc (swap-search against Sosič and
    /// Gu's QS4, peers/min-conflicts-qs4.c or the folder's mc-c/mc.c, 10^7 and 10^8 queens),
    /// kluev (half-join against Kluev's
    /// counter, n = 16-20), aima (aima-python's CSP searches from PyPI, n = 4-30, into
    /// reports/data/aima_python.csv; --runs is its min_conflicts seeds per n, default 100).
    #[arg(long, value_name = "PEER", value_delimiter = ',', value_parser = parse_peer)]
    pub only: Vec<Peer>,
    /// Only the rows at these board sizes n (comma-separated, e.g. 16,17; the mc rows' n is
    /// 10000000 and 100000000). Kluev's rows take minutes per run at n = 19 and 20.
    #[arg(
        long,
        value_name = "N",
        value_delimiter = ',',
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    pub sizes: Vec<u64>,
    /// Also write the table to FILE.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

impl From<PeerArgs> for PeerOptions {
    fn from(a: PeerArgs) -> PeerOptions {
        PeerOptions {
            dir: a.peers.or_else(PeerOptions::env_dir),
            runs: a.runs.map(|r| r as usize),
            quick: a.quick,
            only: a.only,
            sizes: a.sizes,
            out: a.out,
        }
    }
}

/// `reports/` in the workspace.
fn default_out() -> PathBuf {
    crate::project_root().join("reports")
}

fn parse_profile(s: &str) -> Result<Profile, String> {
    s.parse().map_err(|e: crate::Error| e.0)
}

fn parse_peer(s: &str) -> Result<Peer, String> {
    s.parse()
}

fn parse_id(s: &str) -> Result<String, String> {
    let id = s.trim();
    if id.is_empty() {
        Err("an empty approach id (write ids separated by single commas)".into())
    } else {
        Ok(id.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Command, String> {
        Cli::try_parse_from(std::iter::once("xtask").chain(s.split_whitespace()))
            .map(|c| c.command)
            .map_err(|e| e.to_string())
    }

    /// The help of the xtask and of each command names no issue of the
    /// project's tracker by number.
    #[test]
    fn the_help_names_no_issue() {
        use clap::CommandFactory;
        let mut top = Cli::command();
        let mut texts = vec![top.render_long_help().to_string()];
        for sub in top.get_subcommands_mut() {
            texts.push(sub.render_long_help().to_string());
        }
        assert!(texts.len() > 5, "{} help texts", texts.len());
        for text in &texts {
            if let Some(line) = queens_test_support::issue_named(text) {
                panic!("a help names an issue by number: {line}");
            }
        }
    }

    #[test]
    fn defaults_and_options() {
        let Command::Report(o) = parse("report").unwrap() else {
            panic!()
        };
        assert_eq!(o.profile, Profile::Standard);
        assert!(o.out.ends_with("reports"));
        let Command::Measure(o) =
            parse("measure --profile=smoke --algos bitmask,mrv --out /tmp/x").unwrap()
        else {
            panic!()
        };
        assert_eq!(
            (o.profile, o.out),
            (Profile::Smoke, PathBuf::from("/tmp/x"))
        );
        assert_eq!(o.algos.unwrap(), ["bitmask", "mrv"]);
        let Command::Trees(o) = parse("trees --out /tmp/t").unwrap() else {
            panic!()
        };
        assert_eq!(o.out, PathBuf::from("/tmp/t"));
    }

    #[test]
    fn bad_input_says_what_is_wrong() {
        let err = |s| parse(s).unwrap_err();
        assert!(err("report --profile quick").contains("unknown profile 'quick'"));
        assert!(err("report --out").contains("--out"));
        assert!(err("report --algos a,,b").contains("empty approach id"));
        assert!(err("report --fast").contains("--fast"));
        assert!(err("plot").contains("plot"));
        assert!(err("render --profile full").contains("--profile"));
        assert!(err("peers --runs 0").contains("--runs"));
        assert!(err("peers --runs=x").contains("--runs"));
        assert!(err("peers --profile smoke").contains("--profile"));
        assert!(err("peers --only ref,gpu").contains("unknown peer 'gpu'"));
        assert!(err("peers --sizes 16,x").contains("--sizes"));
        assert!(err("peers --sizes 0").contains("--sizes"));
    }

    #[test]
    fn peers_options() {
        let Command::Peers(a) = parse("peers --runs=3 --quick --peers /p --out t.md").unwrap()
        else {
            panic!()
        };
        assert_eq!(
            PeerOptions::from(a),
            PeerOptions {
                dir: Some(PathBuf::from("/p")),
                runs: Some(3),
                quick: true,
                only: vec![],
                sizes: vec![],
                out: Some(PathBuf::from("t.md"))
            }
        );
        let Command::Peers(a) = parse("peers").unwrap() else {
            panic!()
        };
        let o = PeerOptions::from(a);
        assert_eq!((o.runs, o.quick, o.out), (None, false, None));
        let Command::Peers(a) = parse("peers --only kluev,ref --sizes 19,20").unwrap() else {
            panic!()
        };
        let o = PeerOptions::from(a);
        assert_eq!(
            (o.only, o.sizes),
            (vec![Peer::Kluev, Peer::Ref], vec![19, 20])
        );
    }
}
