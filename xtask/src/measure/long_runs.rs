//! `cargo xtask long-runs`: the largest runs the course quotes, measured
//! once each (they take seconds to minutes) and kept in
//! `DIR/data/long_runs.csv` with their command, machine, date and revision.
//! Each finished run is written at once, so an interrupted session keeps
//! what it measured; a run measured again replaces its row.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use queens_core::known;

use super::build::Binaries;
use super::runner::Record;
use crate::data::long_runs::{FILE, Row};
use crate::data::meta::Meta;
use crate::{Context, Result, bail};

/// One long run: `queens --algo APPROACH [--threads T] N`.
pub struct LongRun {
    /// Its name, for `--runs`.
    pub name: &'static str,
    /// Approach id.
    pub approach: &'static str,
    /// Board size.
    pub n: usize,
    /// Threads of a split count.
    pub threads: Option<usize>,
    /// About how long it takes on 2 cores, for the help text.
    pub about: &'static str,
    /// Whether the board found is written with `--output` (to a file in a
    /// temporary folder, deleted after) and verified by `check-board`.
    pub writes: bool,
}

/// The runs, in the order the course quotes them.
pub const RUNS: [LongRun; 8] = [
    LongRun {
        name: "half-join-18",
        approach: "half-join",
        n: 18,
        threads: Some(1),
        about: "5 s",
        writes: false,
    },
    LongRun {
        name: "half-join-18-2",
        approach: "half-join",
        n: 18,
        threads: Some(2),
        about: "3 s",
        writes: false,
    },
    LongRun {
        name: "half-join-19",
        approach: "half-join",
        n: 19,
        threads: Some(2),
        about: "20 s",
        writes: false,
    },
    LongRun {
        name: "half-join-20",
        approach: "half-join",
        n: 20,
        threads: Some(2),
        about: "70 s",
        writes: false,
    },
    LongRun {
        name: "half-join-21",
        approach: "half-join",
        n: 21,
        threads: Some(2),
        about: "8 min, 30 MB",
        writes: false,
    },
    LongRun {
        name: "half-join-22",
        approach: "half-join",
        n: 22,
        threads: Some(2),
        about: "30 min, 60 MB",
        writes: false,
    },
    LongRun {
        name: "swap-search-1e8",
        approach: "swap-search",
        n: 100_000_000,
        threads: None,
        about: "15 s",
        writes: false,
    },
    LongRun {
        name: "swap-search-1e9",
        approach: "swap-search",
        n: 1_000_000_000,
        threads: None,
        about: "3 min, 4.3 GB, and a 9.9 GB board file written and checked",
        writes: true,
    },
];

/// Runs `names` (every run if empty) with `queens` and records them in
/// `data_dir`; a board written is verified with `check-board`.
pub fn run(bins: &Binaries, data_dir: &Path, names: &[String], command: &str) -> Result<()> {
    let queens = bins.queens.as_path();
    for name in names {
        if !RUNS.iter().any(|r| r.name == name) {
            let known: Vec<&str> = RUNS.iter().map(|r| r.name).collect();
            bail!(
                "no long run named '{name}': the runs are {}",
                known.join(", ")
            );
        }
    }
    let path = data_dir.join(FILE);
    let mut rows: Vec<Row> = if path.exists() {
        crate::data::read_csv(&path)?
    } else {
        Vec::new()
    };
    for r in RUNS
        .iter()
        .filter(|r| names.is_empty() || names.iter().any(|n| n == r.name))
    {
        let mut args = vec![
            "--algo".to_string(),
            r.approach.to_string(),
            "--json".into(),
            // No second, instrumented run: its steps are not needed, and
            // it would double a run of minutes.
            "--no-steps".into(),
        ];
        if let Some(t) = r.threads {
            args.extend(["--threads".into(), t.to_string()]);
        }
        let folder = tempfile::tempdir().context(|| "cannot make a temporary folder".into())?;
        let board = folder.path().join("board.txt");
        if r.writes {
            args.extend(["--output".into(), board.display().to_string()]);
        }
        args.push(r.n.to_string());
        eprintln!(
            "xtask: long run {} (about {}): queens {}",
            r.name,
            r.about,
            shown(&args, &board)
        );
        let started = Instant::now();
        let out = Command::new(queens)
            .args(&args)
            .output()
            .context(|| format!("cannot run {}", queens.display()))?;
        let written = started.elapsed().as_secs_f64();
        if !out.status.success() {
            bail!(
                "long run {} failed: {}",
                r.name,
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        let record: Record = serde_json::from_slice(&out.stdout)
            .context(|| format!("long run {}: unreadable --json line", r.name))?;
        let count = record.mode == "count";
        if count && known::A000170.get(r.n) != Some(&record.solutions) {
            bail!(
                "long run {}: {} solutions, not OEIS A000170's",
                r.name,
                record.solutions
            );
        }
        let verified = if r.writes {
            Some(verify(&bins.check_board, &board, r)?)
        } else {
            None
        };
        // The board file (10 GB at 10⁹) goes at once.
        drop(folder);
        let meta = Meta::collect("long-runs", Default::default(), command.to_string());
        let row = Row {
            run: r.name.to_string(),
            approach: r.approach.to_string(),
            n: r.n,
            threads: r.threads,
            mode: if count { "count" } else { "local" }.to_string(),
            seconds: record.nanos as f64 / 1e9,
            peak_bytes: record.peak_bytes,
            solutions: count.then_some(record.solutions),
            steps: record.steps,
            command: format!("queens {}", shown(&args, &board)),
            date: meta.date.clone(),
            machine: format!("{}, {} cores", meta.cpu_model, meta.cores),
            revision: format!(
                "{}{}",
                crate::data::meta::short_revision(&meta.git_revision),
                if meta.git_dirty { "+dirty" } else { "" }
            ),
            written_seconds: r.writes.then_some(written),
            verified_seconds: verified,
        };
        eprintln!("xtask: {}: {:.1} s", r.name, row.seconds);
        rows.retain(|x| x.run != row.run);
        rows.push(row);
        rows.sort_by_key(|x| RUNS.iter().position(|r| r.name == x.run));
        let staged = data_dir.join(format!(".{FILE}.part"));
        crate::data::write_csv(&staged, &rows)?;
        std::fs::rename(&staged, &path).context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// The arguments as recorded: the temporary board file named `BOARD`.
fn shown(args: &[String], board: &Path) -> String {
    let board = board.display().to_string();
    let args: Vec<&str> = args
        .iter()
        .map(|a| if *a == board { "BOARD" } else { a.as_str() })
        .collect();
    args.join(" ")
}

/// Runs `check-board` on the board file of run `r`: its wall seconds, or
/// the checker's error line.
fn verify(check_board: &Path, board: &Path, r: &LongRun) -> Result<f64> {
    eprintln!("xtask: check-board {} {}", board.display(), r.n);
    let started = Instant::now();
    let out = Command::new(check_board)
        .arg(board)
        .arg(r.n.to_string())
        .output()
        .context(|| format!("cannot run {}", check_board.display()))?;
    let seconds = started.elapsed().as_secs_f64();
    if !out.status.success() {
        bail!(
            "long run {}: check-board rejects the board file: {}",
            r.name,
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    eprintln!(
        "xtask: {} ({seconds:.1} s)",
        String::from_utf8_lossy(&out.stdout).trim()
    );
    Ok(seconds)
}
