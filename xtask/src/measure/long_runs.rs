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
    /// Shards K of a count split with `--shard I/K`, run one after another
    /// as a cluster's jobs would run side by side; their solutions added.
    pub shards: Option<u32>,
}

/// The runs, in the order the course quotes them.
pub const RUNS: [LongRun; 9] = [
    LongRun {
        name: "half-join-18",
        approach: "half-join",
        n: 18,
        threads: Some(1),
        about: "5 s",
        writes: false,
        shards: None,
    },
    LongRun {
        name: "half-join-18-2",
        approach: "half-join",
        n: 18,
        threads: Some(2),
        about: "3 s",
        writes: false,
        shards: None,
    },
    LongRun {
        name: "half-join-19",
        approach: "half-join",
        n: 19,
        threads: Some(2),
        about: "20 s",
        writes: false,
        shards: None,
    },
    LongRun {
        name: "half-join-20",
        approach: "half-join",
        n: 20,
        threads: Some(2),
        about: "70 s",
        writes: false,
        shards: None,
    },
    LongRun {
        name: "half-join-21",
        approach: "half-join",
        n: 21,
        threads: Some(2),
        about: "8 min, 30 MB",
        writes: false,
        shards: None,
    },
    LongRun {
        name: "half-join-22",
        approach: "half-join",
        n: 22,
        threads: Some(2),
        about: "over an hour, 100 MB",
        writes: false,
        shards: None,
    },
    LongRun {
        name: "half-join-22-shards",
        approach: "half-join",
        n: 22,
        threads: Some(2),
        about: "over an hour, in 4 shards",
        writes: false,
        shards: Some(4),
    },
    LongRun {
        name: "swap-search-1e8",
        approach: "swap-search",
        n: 100_000_000,
        threads: None,
        about: "15 s",
        writes: false,
        shards: None,
    },
    LongRun {
        name: "swap-search-1e9",
        approach: "swap-search",
        n: 1_000_000_000,
        threads: None,
        about: "3 min, 4.3 GB, and a 9.9 GB board file written and checked",
        writes: true,
        shards: None,
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
        let parts: Vec<Vec<String>> = match r.shards {
            None => vec![vec![r.n.to_string()]],
            Some(k) => (1..=k)
                .map(|i| vec!["--shard".into(), format!("{i}/{k}"), r.n.to_string()])
                .collect(),
        };
        eprintln!("xtask: long run {} (about {})", r.name, r.about);
        let mut records = Vec::new();
        let mut written = 0.0;
        for part in &parts {
            let args: Vec<String> = args.iter().chain(part).cloned().collect();
            eprintln!("xtask: queens {}", shown(&args, &board));
            let (stdout, seconds) = timed(queens, &args, &format!("long run {} failed", r.name))?;
            let record: Record = serde_json::from_slice(&stdout)
                .context(|| format!("long run {}: unreadable --json line", r.name))?;
            written += seconds;
            records.push(record);
        }
        let count = records[0].mode == "count";
        let solutions: u64 = records.iter().map(|x| x.solutions).sum();
        if count && known::A000170.get(r.n) != Some(&solutions) {
            bail!(
                "long run {}: {solutions} solutions, not OEIS A000170's",
                r.name
            );
        }
        let verified = if r.writes {
            Some(verify(&bins.check_board, &board, r)?)
        } else {
            None
        };
        // The board file (10 GB at 10⁹) goes at once.
        drop(folder);
        let shard_seconds: Vec<f64> = records.iter().map(|x| x.nanos as f64 / 1e9).collect();
        let meta = Meta::collect("long-runs", Default::default(), command.to_string());
        let row = Row {
            run: r.name.to_string(),
            approach: r.approach.to_string(),
            n: r.n,
            threads: r.threads,
            mode: if count { "count" } else { "local" }.to_string(),
            seconds: shard_seconds.iter().sum(),
            peak_bytes: records.iter().filter_map(|x| x.peak_bytes).max(),
            solutions: count.then_some(solutions),
            steps: records[0].steps.filter(|_| records.len() == 1),
            command: match r.shards {
                None => format!("queens {} {}", shown(&args, &board), r.n),
                Some(k) => format!(
                    "queens {} --shard I/{k} {} (I = 1 … {k})",
                    shown(&args, &board),
                    r.n
                ),
            },
            date: meta.date.clone(),
            machine: format!("{}, {} cores", meta.cpu_model, meta.cores),
            revision: format!(
                "{}{}",
                crate::data::meta::short_revision(&meta.git_revision),
                if meta.git_dirty { "+dirty" } else { "" }
            ),
            written_seconds: r.writes.then_some(written),
            verified_seconds: verified,
            shard_seconds: r.shards.map(|_| {
                let each: Vec<String> = shard_seconds.iter().map(|s| format!("{s:.3}")).collect();
                each.join(" ")
            }),
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
    let args = [board.display().to_string(), r.n.to_string()];
    let what = format!("long run {}: check-board rejects the board file", r.name);
    let (stdout, seconds) = timed(check_board, &args, &what)?;
    eprintln!(
        "xtask: {} ({seconds:.1} s)",
        String::from_utf8_lossy(&stdout).trim()
    );
    Ok(seconds)
}

/// Runs `program` with `args` to its end: its standard output and wall
/// seconds, or, when it fails, `failed` and its standard error.
fn timed(program: &Path, args: &[String], failed: &str) -> Result<(Vec<u8>, f64)> {
    let started = Instant::now();
    let out = Command::new(program)
        .args(args)
        .output()
        .context(|| format!("cannot run {}", program.display()))?;
    let seconds = started.elapsed().as_secs_f64();
    if !out.status.success() {
        bail!("{failed}: {}", String::from_utf8_lossy(&out.stderr).trim());
    }
    Ok((out.stdout, seconds))
}
