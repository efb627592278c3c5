//! `cargo xtask peers`: the speed and memory targets, measured side by side
//! with peer programs in one run on one machine: a mirror-symmetry bitboard
//! counter and Sosič–Gu QS4 swap search, our own C in the repository's
//! `peers/` (built into `target/peers/`), and Kluev's quadrant-join
//! counter, fetched with git at a pinned commit into `target/peers/kluev/`.
//! A folder given with `--peers DIR` or `QUEENS_PEERS` (holding
//! `ref-c/ref.c`, `mc-c/mc.c` and `kluev-count`) is used instead. A peer
//! that cannot be had is named in one line and its rows left out.
//! `--only` and `--sizes` choose the rows, as the largest counts take
//! minutes per run.
//!
//! Each comparison runs our `queens` and the other program alternately,
//! `--runs` times each, so that a change in the machine's load falls on
//! both. A run's CPU time (user + system), wall time and peak memory come
//! from the kernel (`wait4`), and its output is checked (the right count, a
//! valid board) before it is accepted. The table gives the median and the
//! fastest run of each side and the ratio of the medians, judged against
//! the comparison's target; `--quick` runs smaller sizes to check the setup and
//! judges nothing.

pub mod aima;
mod kluev;
mod programs;
mod targets;

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub use self::kluev::REPOSITORY as KLUEV_REPOSITORY;
pub use self::programs::{build_references, c_compiler, run_once};
pub use self::targets::{Comparison, Peer, Target, comparisons, judge, median, min};
use crate::{Error, Result, bail};

/// The options of `cargo xtask peers`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerOptions {
    /// A peers folder (holds `ref-c/ref.c`, `mc-c/mc.c`, `kluev-count`) to
    /// use instead of `peers/` and the fetched kluev-count.
    pub dir: Option<PathBuf>,
    /// Runs of each program per comparison (default: each comparison's own).
    pub runs: Option<usize>,
    /// Small sizes: checks the setup, judges no target.
    pub quick: bool,
    /// Only the rows against these peers (empty: every row).
    pub only: Vec<Peer>,
    /// Only the rows at these board sizes n (empty: every row).
    pub sizes: Vec<u64>,
    /// Also write the table to this file.
    pub out: Option<PathBuf>,
}

impl PeerOptions {
    /// The peers folder of the environment, `$QUEENS_PEERS`, if set.
    pub fn env_dir() -> Option<PathBuf> {
        std::env::var_os("QUEENS_PEERS")
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
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

impl Program {
    /// Whether `output` shows the right answer.
    pub fn accepts(&self, output: &str) -> bool {
        output.contains(&self.expect)
    }
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

/// The rows against the peers in `only` at the sizes in `sizes` (empty:
/// all), in table order; fails when a size matches none of those rows.
pub fn select(rows: Vec<Comparison>, only: &[Peer], sizes: &[u64]) -> Result<Vec<Comparison>> {
    let rows: Vec<Comparison> = rows
        .into_iter()
        .filter(|c| only.is_empty() || only.contains(&c.peer))
        .collect();
    if let Some(n) = sizes.iter().find(|&&n| rows.iter().all(|c| c.n != n)) {
        let have: BTreeSet<u64> = rows.iter().map(|c| c.n).collect();
        let have: Vec<String> = have.iter().map(u64::to_string).collect();
        bail!(
            "no row at n = {n} (the rows chosen have n = {})",
            have.join(", ")
        );
    }
    Ok(rows
        .into_iter()
        .filter(|c| sizes.is_empty() || sizes.contains(&c.n))
        .collect())
}

/// Runs `program` once with a progress line on stderr, so that a count of
/// minutes is not silent.
fn run_logged(program: &Program, seed: usize, step: &str) -> Result<Sample> {
    eprint!("xtask: {step} {} ... ", program.label);
    let sample = run_once(program, seed);
    match &sample {
        Ok(s) => eprintln!(
            "{:.2} s CPU, {:.2} s wall, {:.0} MB",
            s.cpu,
            s.wall,
            s.peak as f64 / 1e6
        ),
        Err(_) => eprintln!("failed"),
    }
    sample
}

/// Runs every comparison chosen and the aima peer when chosen, and prints
/// (and writes, with `--out`) the tables; fails when a target is missed.
pub fn run(opts: &PeerOptions, queens: &Path) -> Result<()> {
    let aima = opts.only.is_empty() || opts.only.contains(&Peer::Aima);
    let timed: Vec<Peer> = opts
        .only
        .iter()
        .copied()
        .filter(|&p| p != Peer::Aima)
        .collect();
    let mut table = String::new();
    let mut missed = Ok(());
    if !aima || !timed.is_empty() || opts.only.is_empty() {
        // With the aima peer, a size of its own range need not be a timed row's.
        let timed_rows = comparisons(Path::new(""), Path::new(""), opts.quick);
        let sizes: Vec<u64> = opts
            .sizes
            .iter()
            .copied()
            .filter(|n| !aima || timed_rows.iter().any(|c| c.n == *n) || !aima::SIZES.contains(n))
            .collect();
        if sizes.is_empty() == opts.sizes.is_empty() {
            let (text, result) = run_timed(opts, &timed, &sizes, queens)?;
            table.push_str(&text);
            missed = result;
        }
    }
    if aima {
        let options = aima::AimaOptions {
            sizes: opts
                .sizes
                .iter()
                .copied()
                .filter(|n| aima::SIZES.contains(n))
                .collect(),
            quick: opts.quick,
            seeds: opts.runs,
            data_dir: crate::project_root().join("reports/data"),
        };
        if timed.is_empty() && !opts.only.is_empty() {
            aima::check_sizes(&opts.sizes)?;
        }
        if let Some(text) = aima::run(queens, &options)? {
            print!("{text}");
            table.push_str(&text);
        }
    }
    if let Some(out) = &opts.out {
        std::fs::write(out, &table)
            .map_err(|e| Error(format!("cannot write {}: {e}", out.display())))?;
        eprintln!("xtask: wrote {}", out.display());
    }
    missed
}

/// The timed comparisons against `only` (empty: all) at `sizes`: their
/// table, and whether every target was met.
fn run_timed(
    opts: &PeerOptions,
    only: &[Peer],
    sizes: &[u64],
    queens: &Path,
) -> Result<(String, Result<()>)> {
    let build_dir = tempfile::tempdir()
        .map_err(|e| Error(format!("cannot make a folder for the C builds: {e}")))?;
    // The repository's references and the fetched checkout stay in
    // target/peers/ (beside the `queens` built for the run); a folder's
    // programs are built apart.
    let target_peers = queens
        .parent()
        .and_then(Path::parent)
        .map_or_else(|| crate::project_root().join("target"), Path::to_path_buf)
        .join("peers");
    let built = match &opts.dir {
        Some(_) => build_dir.path(),
        None => target_peers.as_path(),
    };
    let mut rows = select(comparisons(queens, built, opts.quick), only, sizes)?;
    if let Some(dir) = &opts.dir {
        programs::check_folder(dir)?;
    }
    let mut missing = Vec::new();
    if rows.iter().any(|c| c.peer != Peer::Kluev) {
        let references = match &opts.dir {
            Some(dir) => build_references(dir, built),
            None => programs::build_repository_references(built),
        };
        if let Err(e) = references {
            missing.push(format!(
                "ref, mc: not built ({e}); leave them out with --only kluev"
            ));
            rows.retain(|c| c.peer == Peer::Kluev);
        } else if opts.dir.is_some() {
            for c in &mut rows {
                c.theirs.label = programs::name_folder_programs(&c.theirs.label);
            }
        }
    }
    let kluev_sizes: BTreeSet<u64> = rows
        .iter()
        .filter(|c| c.peer == Peer::Kluev)
        .map(|c| c.n)
        .collect();
    let checkout = target_peers.join("kluev");
    for n in kluev_sizes {
        let kluev = match &opts.dir {
            Some(dir) => kluev::build(dir, built, n),
            None => {
                kluev::fetch(&checkout).and_then(|()| kluev::build_checkout(&checkout, built, n))
            }
        };
        if let Err(e) = kluev {
            let line = if e.0.starts_with("kluev-count:") {
                e.0
            } else {
                format!("kluev-count: not built ({e}); leave it out with --only ref,mc")
            };
            missing.push(line);
            rows.retain(|c| c.peer != Peer::Kluev);
            break;
        }
    }
    for line in &missing {
        eprintln!("xtask: {line}");
    }
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let mut table = format!(
        "Side by side with the peer programs, alternating runs ({} cores, {}).\n\n\
         | n | runs | ours | median | fastest | peak | theirs | median | fastest | peak | result | met |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|\n",
        cores,
        if opts.quick {
            "quick sizes, no verdicts"
        } else {
            "the judged sizes"
        },
    );
    let mut missed = Vec::new();
    for (row, c) in rows.iter().enumerate() {
        if c.wall && cores < 2 {
            eprintln!("xtask: skipping '{}': one core", c.ours.label);
            continue;
        }
        let runs = opts.runs.unwrap_or(c.runs);
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for run in 1..=runs {
            let step = format!("[row {}/{}, run {run}/{runs}]", row + 1, rows.len());
            ours.push(run_logged(&c.ours, run, &step)?);
            theirs.push(run_logged(&c.theirs, run, &step)?);
        }
        let (result, met) = judge(c.target, c.wall, !opts.quick, &ours, &theirs);
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
            "| {} | {runs} | {} | {} | {} | {} | {result} | {met_cell} |",
            c.n,
            c.ours.label,
            cells(&ours, c.wall),
            c.theirs.label,
            cells(&theirs, c.wall),
        );
    }
    table.push_str(
        "\nTimes are CPU seconds (user + system) except on the lines of two threads, which are \
         wall time. \
         Peak is the largest resident memory of any run, as the kernel reports it for the child \
         (never below the few MB of the process that started it).\n",
    );
    for line in &missing {
        let _ = writeln!(table, "\nNot measured: {line}");
    }
    print!("{table}");
    let met = if missed.is_empty() {
        Ok(())
    } else {
        Err(Error(format!("target missed: {}", missed.join("; "))))
    };
    Ok((table, met))
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
            judge(Some(Target::CpuRatio(0.40)), false, true, &ours, &theirs).1,
            Some(true)
        );
        assert_eq!(
            judge(Some(Target::CpuRatio(0.39)), false, true, &ours, &theirs).1,
            Some(false)
        );
        // Wall medians 1.0 and 2.1: 2.1× faster.
        assert_eq!(
            judge(Some(Target::WallSpeedup(2.0)), true, true, &ours, &theirs).1,
            Some(true)
        );
        assert_eq!(
            judge(Some(Target::WallSpeedup(2.2)), true, true, &ours, &theirs).1,
            Some(false)
        );
        let within = |secs, bytes| {
            judge(
                Some(Target::Within { secs, bytes }),
                false,
                true,
                &ours,
                &theirs,
            )
            .1
        };
        assert_eq!(within(1.1, 21), Some(true));
        assert_eq!(within(1.0, 21), Some(false));
        assert_eq!(within(1.1, 20), Some(false));
        // Wall medians 1.0 and 2.1: ×0.476.
        let ratio = |max| judge(Some(Target::WallRatio(max)), true, true, &ours, &theirs);
        assert_eq!(
            ratio(0.48),
            ("wall ×0.476 (target ≤ ×0.48)".into(), Some(true))
        );
        assert_eq!(ratio(0.47).1, Some(false));
        assert_eq!(
            judge(None, false, true, &ours, &theirs),
            ("CPU ×0.400".into(), None)
        );
        assert_eq!(judge(None, true, true, &ours, &theirs).0, "wall ×0.476");
        // A quick run measures but does not judge.
        let (text, met) = judge(Some(Target::WallSpeedup(2.0)), true, false, &ours, &theirs);
        assert_eq!((text.contains("2.10× faster"), met), (true, None));
    }

    #[test]
    fn every_comparison_checks_its_output() {
        let p = Path::new("x");
        for quick in [false, true] {
            let list = comparisons(p, p, quick);
            assert!(list.len() >= 4);
            for c in &list {
                assert!(!c.ours.expect.is_empty() && !c.theirs.expect.is_empty());
                // Unjudged: the mirror counter, the join against ref-bitboard.c below
                // n = 17 and against kluev-count below 18.
                let informative = c.ours.label.contains("mirror")
                    || (c.peer == Peer::Ref && c.ours.label.contains("half-join") && c.n != 17)
                    || (c.peer == Peer::Kluev && c.n < 18);
                assert_eq!(c.target.is_none(), informative, "{}", c.ours.label);
                // Wall time exactly on the lines of several threads.
                assert_eq!(
                    c.wall,
                    c.ours.label.contains("2 threads"),
                    "{}",
                    c.ours.label
                );
            }
        }
    }

    #[test]
    fn only_and_sizes_choose_the_rows() {
        let p = Path::new("x");
        let pick = |only: &[Peer], sizes: &[u64]| {
            select(comparisons(p, p, false), only, sizes)
                .map(|rows| rows.iter().map(|c| (c.peer, c.n)).collect::<BTreeSet<_>>())
        };
        let all = pick(&[], &[]).unwrap();
        // Every timed peer has rows; the aima peer has none (it is not timed).
        assert!(
            Peer::ALL
                .iter()
                .all(|&peer| (peer == Peer::Aima) != all.iter().any(|&(q, _)| q == peer))
        );
        let kluev = pick(&[Peer::Kluev], &[19, 20]).unwrap();
        assert_eq!(
            kluev.into_iter().collect::<Vec<_>>(),
            [(Peer::Kluev, 19), (Peer::Kluev, 20)]
        );
        let seventeen = pick(&[], &[17]).unwrap();
        assert_eq!(
            seventeen.into_iter().collect::<Vec<_>>(),
            [(Peer::Ref, 17), (Peer::Kluev, 17)]
        );
        let mc = pick(&[Peer::Mc], &[]).unwrap();
        assert!(
            mc.iter()
                .all(|&(peer, n)| peer == Peer::Mc && n >= 10_000_000)
        );
        let err = pick(&[Peer::Ref], &[19]).unwrap_err().0;
        assert!(
            err.contains("no row at n = 19") && err.contains("16, 17"),
            "{err}"
        );
        let quick = select(comparisons(p, p, true), &[Peer::Kluev], &[]).unwrap();
        assert!(quick.iter().all(|c| c.n == 16) && quick.len() == 2);
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
