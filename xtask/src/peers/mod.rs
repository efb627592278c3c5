//! `cargo xtask peers`: the issues' speed and memory targets, measured side
//! by side with the C references in `../shared/peers` (`ref-c/ref.c`, a
//! mirror-symmetry counter; `mc-c/mc.c`, Sosic–Gu swap search), in one run
//! on one machine, as the issues ask.
//!
//! Each comparison runs our `queens` and the other program alternately,
//! `--runs` times each, so that a change in the machine's load falls on
//! both. A run's CPU time (user + system), wall time and peak memory come
//! from the kernel (`wait4`), and its output is checked (the right count, a
//! valid board) before it is accepted. The table gives the median and the
//! fastest run of each side and the ratio of the medians, judged against
//! the issue's target; `--quick` runs smaller sizes to check the setup and
//! judges nothing.

mod programs;
mod targets;

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub use self::programs::{build_references, run_once};
pub use self::targets::{Comparison, Target, comparisons, judge, median, min};
use crate::{Error, Result, bail};

/// The options of `cargo xtask peers`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerOptions {
    /// The peers folder (holds `ref-c/ref.c` and `mc-c/mc.c`).
    pub dir: PathBuf,
    /// Runs of each program per comparison.
    pub runs: usize,
    /// Small sizes: checks the setup, judges no target.
    pub quick: bool,
    /// Also write the table to this file.
    pub out: Option<PathBuf>,
}

impl PeerOptions {
    /// The default peers folder: `$QUEENS_PEERS`, else `../shared/peers`
    /// beside the workspace.
    pub fn default_dir() -> PathBuf {
        std::env::var_os("QUEENS_PEERS")
            .map(PathBuf::from)
            .unwrap_or_else(|| crate::project_root().join("../shared/peers"))
    }
}

/// One program run: its command line and a text its output must contain.
#[derive(Clone, Debug)]
pub struct Program {
    /// How the table names it.
    pub label: String,
    /// The executable and its arguments; `{seed}` becomes the run number.
    pub argv: Vec<OsString>,
    /// Text the output must contain for the run to count (the right answer).
    pub expect: String,
}

/// What the kernel says about one finished run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// User + system CPU seconds.
    pub cpu: f64,
    /// Wall-clock seconds.
    pub wall: f64,
    /// Peak resident memory in bytes.
    pub peak: u64,
}

/// One side's cells: median and fastest CPU (or wall) seconds, peak MB.
fn cells(samples: &[Sample], wall: bool) -> String {
    let xs: Vec<f64> = samples
        .iter()
        .map(|s| if wall { s.wall } else { s.cpu })
        .collect();
    let peak = samples.iter().map(|s| s.peak).max().unwrap_or(0);
    format!(
        "{:.3} s | {:.3} s | {:.0} MB",
        median(&xs),
        min(&xs),
        peak as f64 / 1e6
    )
}

/// Runs every comparison and prints (and writes, with `--out`) the table;
/// fails when a target is missed.
pub fn run(opts: &PeerOptions, queens: &Path) -> Result<()> {
    let build_dir = tempfile::tempdir()
        .map_err(|e| Error(format!("cannot make a folder for the C builds: {e}")))?;
    let (refc, mc) = build_references(&opts.dir, build_dir.path())?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let mut table = format!(
        "Side by side with the C references, {} runs each, alternating ({} cores, {}).\n\n\
         | issue | ours | median | fastest | peak | theirs | median | fastest | peak | result | met |\n\
         |---|---|---|---|---|---|---|---|---|---|---|\n",
        opts.runs,
        cores,
        if opts.quick {
            "quick sizes, no verdicts"
        } else {
            "the issues' sizes"
        },
    );
    let mut missed = Vec::new();
    for c in comparisons(queens, &refc, &mc, opts.quick) {
        if matches!(c.target, Some(Target::WallSpeedup(_))) && cores < 2 {
            eprintln!("xtask: skipping '{}': one core", c.ours.label);
            continue;
        }
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for run in 1..=opts.runs {
            eprintln!(
                "xtask: run {run}/{}: {} | {}",
                opts.runs, c.ours.label, c.theirs.label
            );
            ours.push(run_once(&c.ours, run)?);
            theirs.push(run_once(&c.theirs, run)?);
        }
        let wall = matches!(c.target, Some(Target::WallSpeedup(_)));
        let (result, met) = judge(c.target, !opts.quick, &ours, &theirs);
        let met_cell = match met {
            Some(true) => "yes",
            Some(false) => {
                missed.push(c.ours.label.clone());
                "**no**"
            }
            None => "",
        };
        let _ = writeln!(
            table,
            "| {} | {} | {} | {} | {} | {result} | {met_cell} |",
            c.issue,
            c.ours.label,
            cells(&ours, wall),
            c.theirs.label,
            cells(&theirs, wall),
        );
    }
    table.push_str(
        "\nTimes are CPU seconds (user + system) except for the threads line, which is wall time. \
         Peak is the largest resident memory of any run, as the kernel reports it for the child \
         (never below the few MB of the process that started it).\n",
    );
    print!("{table}");
    if let Some(out) = &opts.out {
        std::fs::write(out, &table)
            .map_err(|e| Error(format!("cannot write {}: {e}", out.display())))?;
        eprintln!("xtask: wrote {}", out.display());
    }
    if !missed.is_empty() {
        bail!("target missed: {}", missed.join("; "));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(cpu: f64, wall: f64, peak: u64) -> Sample {
        Sample { cpu, wall, peak }
    }

    #[test]
    fn median_and_min() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(min(&[3.0, 1.0, 2.0]), 1.0);
    }

    #[test]
    fn verdicts_follow_the_targets() {
        let ours = [
            sample(1.0, 1.0, 10),
            sample(1.2, 1.1, 20),
            sample(0.9, 0.9, 15),
        ];
        let theirs = [
            sample(3.0, 2.0, 5),
            sample(2.0, 2.2, 5),
            sample(2.5, 2.1, 5),
        ];
        // CPU medians 1.0 and 2.5: ×0.4.
        assert_eq!(
            judge(Some(Target::CpuRatio(0.40)), true, &ours, &theirs).1,
            Some(true)
        );
        assert_eq!(
            judge(Some(Target::CpuRatio(0.39)), true, &ours, &theirs).1,
            Some(false)
        );
        // Wall medians 1.0 and 2.1: 2.1× faster.
        assert_eq!(
            judge(Some(Target::WallSpeedup(2.0)), true, &ours, &theirs).1,
            Some(true)
        );
        assert_eq!(
            judge(Some(Target::WallSpeedup(2.2)), true, &ours, &theirs).1,
            Some(false)
        );
        let within =
            |secs, bytes| judge(Some(Target::Within { secs, bytes }), true, &ours, &theirs).1;
        assert_eq!(within(1.1, 21), Some(true));
        assert_eq!(within(1.0, 21), Some(false));
        assert_eq!(within(1.1, 20), Some(false));
        assert_eq!(judge(None, true, &ours, &theirs).1, None);
        // A quick run measures but does not judge.
        let (text, met) = judge(Some(Target::WallSpeedup(2.0)), false, &ours, &theirs);
        assert_eq!((text.contains("2.10× faster"), met), (true, None));
    }

    #[test]
    fn every_comparison_checks_its_output() {
        let p = Path::new("x");
        for quick in [false, true] {
            let list = comparisons(p, p, p, quick);
            assert!(list.len() >= 4);
            for c in &list {
                assert!(!c.ours.expect.is_empty() && !c.theirs.expect.is_empty());
                // Only the mirror counter and the join below n = 17 go unjudged.
                let informative = c.ours.label.contains("mirror")
                    || (c.ours.label.contains("half-join") && !c.ours.label.contains("n = 17"));
                assert_eq!(c.target.is_none(), informative, "{}", c.ours.label);
            }
        }
    }

    #[test]
    fn a_run_is_measured_and_its_output_checked() {
        let echo = |expect: &str| Program {
            label: "echo".into(),
            argv: vec!["echo".into(), "seed {seed}".into()],
            expect: expect.into(),
        };
        let s = run_once(&echo("seed 7"), 7).expect("echo runs");
        assert!(s.cpu >= 0.0 && s.wall > 0.0 && s.peak > 0);
        let err = run_once(&echo("seed 8"), 7).unwrap_err().0;
        assert!(err.contains("printed no 'seed 8'"), "{err}");
        let missing = Program {
            argv: vec!["/nonexistent/program".into()],
            ..echo("")
        };
        assert!(run_once(&missing, 1).unwrap_err().0.contains("cannot run"));
    }

    #[test]
    fn a_missing_peers_folder_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let err = build_references(Path::new("/nonexistent/peers"), dir.path()).unwrap_err();
        assert!(
            err.0.contains("ref-c/ref.c") && err.0.contains("--peers"),
            "{}",
            err.0
        );
    }
}
