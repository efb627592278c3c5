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
//! Bad arguments or a refused setting: one line on stderr, exit status 2.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use queens_min_conflicts::{Clock, STUDY, StudyRecord, study_run};

/// The CSV header, in the order of [`row`]'s fields.
const HEADER: &str = "setting,n,seed,solved,moves,iterations,restarts,full_checks,moves_unattacked,\
                      init_attacks,nanos,nanos_init,nanos_picking,nanos_checks";

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

fn run(args: &[String]) -> Result<(), String> {
    if args.len() < 4 || args.len() > 5 {
        return Err(format!(
            "usage: local-study SETTING N FIRST_SEED SEEDS [BREAKDOWN] (SETTING 0..{})",
            STUDY.len() - 1
        ));
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
    let write_err = |e: std::io::Error| format!("cannot write: {e}");
    writeln!(out, "{HEADER}").map_err(write_err)?;
    for seed in first..last {
        let clock = if seed - first < breakdown {
            Clock::Breakdown
        } else {
            Clock::Total
        };
        let record = study_run(n, seed, &setting.settings, setting.max_steps, clock)
            .map_err(|e| format!("{}: {e}", setting.name))?;
        writeln!(out, "{}", row(setting.name, n, seed, &record)).map_err(write_err)?;
    }
    out.flush().map_err(write_err)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("local-study: {e}");
            ExitCode::from(2)
        }
    }
}
