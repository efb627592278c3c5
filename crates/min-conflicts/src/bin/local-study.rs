//! `local-study SETTING N FIRST_SEED SEEDS [BREAKDOWN]`: the runs of issue
//! 16's local-search study in one process, for `cargo xtask measure`.
//!
//! Runs setting number SETTING of [`STUDY`] (0-based, in the report's
//! order) at n for the seeds `FIRST_SEED..FIRST_SEED + SEEDS`, and prints a
//! CSV header and one row per seed: the setting's name, n, the seed, then
//! the fields of [`StudyRecord`].
//! The first BREAKDOWN seeds (default 0) are also timed with
//! [`Clock::Breakdown`], which fills `nanos_picking` and `nanos_checks`;
//! the others leave them empty. Batching many seeds in one process keeps
//! 1 000 seeds at n = 8 to a fraction of a second, where one `queens`
//! process per seed would spend its time starting up.
//!
//! Bad arguments or a refused setting: one line on stderr, nothing on
//! standard output, exit status 2. `--help` explains the arguments, the
//! settings and the columns. A closed standard output ends the run quietly.

use std::io::{BufWriter, ErrorKind, Write};
use std::process::ExitCode;

use queens_min_conflicts::{Clock, STUDY, StudyRecord, study_run};

/// The CSV header, in the order of [`row`]'s fields.
const HEADER: &str = "setting,n,seed,solved,moves,iterations,restarts,full_checks,moves_unattacked,\
                      init_attacks,nanos,nanos_init,nanos_picking,nanos_checks";

/// What `--help` prints (the settings are listed after it).
const HELP: &str = concat!(
    "\
local-study SETTING N FIRST_SEED SEEDS [BREAKDOWN]
local-study -h | --help | -V | --version

Runs one setting of the min-conflicts study (the \"Extra stuff\" of Thomas
Pinella's Racket write-up, CSC 173, 2015) at N queens once per seed
FIRST_SEED .. FIRST_SEED + SEEDS - 1, in one process, and prints CSV on
standard output. The first BREAKDOWN runs (default 0) also time
finding the queen to move and the full checks of the board.

Columns:
  setting           the setting's name
  n, seed           the board size and the seed
  solved            true when the run found a board (checked) within its moves
  moves             queens moved (the steps `queens` counts)
  iterations        queens picked, moved or not
  restarts          fresh boards after the first
  full_checks       full O(n) checks of the board (stale cache only)
  moves_unattacked  moves of a queen nobody attacked (a stale cache's mistakes)
  init_attacks      attacking pairs the last first board left
  nanos             the whole run, ns
  nanos_init        building first boards, ns
  nanos_picking     finding the queen to move, ns (BREAKDOWN runs only)
  nanos_checks      the full checks, ns (BREAKDOWN runs only)
Exit status 1: the output could not be written; 2: bad arguments or a refused
run (one line on standard error, nothing on standard output).
",
    queens_core::exit_status_table!(),
    "

SETTING (0-based):"
);

/// One CSV row; the setting's name is quoted (it may hold a comma).
fn row(setting: &str, n: usize, seed: u64, r: &StudyRecord) -> String {
    let opt = |v: Option<u64>| v.map_or(String::new(), |v| v.to_string());
    format!(
        "\"{setting}\",{n},{seed},{},{},{},{},{},{},{},{},{},{},{}",
        r.solved,
        r.moves,
        r.iterations,
        r.restarts,
        r.full_checks,
        r.moves_unattacked,
        r.init_attacks,
        r.nanos_total,
        r.nanos_init,
        opt(r.nanos_picking),
        opt(r.nanos_checks),
    )
}

/// Parses one whole-number argument; the error names it.
fn number(args: &[String], i: usize, name: &str) -> Result<u64, String> {
    match args.get(i) {
        None => Err(format!("missing {name}")),
        Some(s) => s
            .parse()
            .map_err(|_| format!("{name} must be a whole number, not '{s}'")),
    }
}

fn run(args: &[String]) -> Result<(), Stop> {
    if args.len() < 4 || args.len() > 5 {
        return Err(Stop::Failed(format!(
            "usage: local-study SETTING N FIRST_SEED SEEDS [BREAKDOWN] (SETTING 0..{}; see --help)",
            STUDY.len() - 1
        )));
    }
    let index = number(args, 0, "SETTING")? as usize;
    let setting = STUDY
        .get(index)
        .ok_or_else(|| format!("SETTING must be 0..{}, not {index}", STUDY.len() - 1))?;
    let n = usize::try_from(number(args, 1, "N")?).map_err(|_| "N is too large".to_string())?;
    let first = number(args, 2, "FIRST_SEED")?;
    let seeds = number(args, 3, "SEEDS")?;
    let breakdown = if args.len() == 5 {
        number(args, 4, "BREAKDOWN")?
    } else {
        0
    };
    let last = first
        .checked_add(seeds)
        .ok_or("FIRST_SEED + SEEDS overflows")?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let write_err = |e: std::io::Error| match e.kind() {
        ErrorKind::BrokenPipe => Stop::Closed,
        _ => Stop::Io(format!("cannot write the output: {e}")),
    };
    // The header goes out with the first row, so a refused run prints nothing.
    let mut header = Some(HEADER);
    for seed in first..last {
        let clock = if seed - first < breakdown {
            Clock::Breakdown
        } else {
            Clock::Total
        };
        let record = study_run(n, seed, &setting.settings, setting.max_steps, clock)
            .map_err(|e| Stop::Failed(format!("{}: {e}", setting.name)))?;
        if let Some(h) = header.take() {
            writeln!(out, "{h}").map_err(write_err)?;
        }
        writeln!(out, "{}", row(setting.name, n, seed, &record)).map_err(write_err)?;
    }
    if let Some(h) = header {
        writeln!(out, "{h}").map_err(write_err)?;
    }
    out.flush().map_err(write_err)
}

/// Why a run ended early.
enum Stop {
    /// Bad arguments or a refused run (exit status 2).
    Failed(String),
    /// Output that cannot be written (exit status 1).
    Io(String),
    /// Standard output was closed: end quietly.
    Closed,
}

impl From<String> for Stop {
    fn from(e: String) -> Stop {
        Stop::Failed(e)
    }
}

impl From<&str> for Stop {
    fn from(e: &str) -> Stop {
        Stop::Failed(e.to_string())
    }
}

/// `--help`: [`HELP`], then the settings by number.
fn help() -> String {
    let mut text = format!("{HELP}\n");
    for (i, s) in STUDY.iter().enumerate() {
        text.push_str(&format!("  {i}  {}: {}\n", s.name, s.tests));
    }
    text
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let version = env!("CARGO_PKG_VERSION");
    if let Some(status) = queens_core::usage::help_or_version(&args, "local-study", version, help) {
        return ExitCode::from(status);
    }
    match run(&args) {
        Ok(()) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Err(Stop::Failed(e)) => {
            queens_core::say!("local-study: {e}");
            ExitCode::from(2)
        }
        Err(Stop::Io(e)) => {
            queens_core::say!("local-study: {e}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    /// The help names no issue of the project's tracker by number.
    #[test]
    fn its_help_names_no_issue() {
        let help = super::help();
        assert!(help.contains("Columns:"), "{help}");
        assert_eq!(queens_test_support::issue_named(&help), None);
    }
}
