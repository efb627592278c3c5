//! `cargo xtask`: project automation (the rust-analyzer pattern).
//!
//! `measure` runs the approaches and writes `DIR/data`; `render` turns that
//! data into `DIR/charts` and `DIR/REPORT.md`; `report` does both; `peers`
//! measures the issues' targets against the C references. See
//! `cargo xtask --help`.

use std::process::ExitCode;

use xtask::cli::{self, Command};
use xtask::data::Dataset;
use xtask::stage::Stage;
use xtask::{Result, measure, peers, render};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = match cli::parse(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("xtask: {e}\n\n{}", cli::USAGE);
            return ExitCode::from(2);
        }
    };
    match run(command, &args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The command line as typed, for `meta.json`.
fn command_line(args: &[String]) -> String {
    let quoted: Vec<String> = args
        .iter()
        .map(|a| {
            if a.is_empty()
                || a.chars()
                    .any(|c| !(c.is_ascii_alphanumeric() || "-_./=,:+".contains(c)))
            {
                format!("'{}'", a.replace('\'', r"'\''"))
            } else {
                a.clone()
            }
        })
        .collect();
    format!("cargo xtask {}", quoted.join(" "))
}

fn run(command: Command, args: &[String]) -> Result<()> {
    match command {
        Command::Help => {
            print!("{}", cli::USAGE);
            Ok(())
        }
        Command::Peers(opts) => {
            let bins = measure::build(false)?;
            peers::run(&opts, &bins.queens)
        }
        Command::Render(opts) => {
            let data_dir = opts.out.join("data");
            if !data_dir.is_dir() {
                return Err(xtask::Error(format!(
                    "{} holds no data to render: run `cargo xtask measure` (or `report`) with the same --out first",
                    data_dir.display()
                )));
            }
            let data = Dataset::load(&data_dir)?;
            let stage = Stage::new(&opts.out)?;
            render::render(&data, stage.path())?;
            stage.commit(&render::OUTPUTS)?;
            eprintln!(
                "xtask: rendered {} from {}",
                opts.out.join(render::REPORT).display(),
                data_dir.display()
            );
            Ok(())
        }
        Command::Measure(opts) | Command::Report(opts) => {
            let report = matches!(command_kind(args), Some("report"));
            let approaches = measure::select(opts.algos.as_deref())?;
            let stage = Stage::new(&opts.out)?;
            // The block-sums comparison belongs to a full run, not to a run narrowed by --algos.
            let bins = measure::build(opts.algos.is_none())?;
            let data = measure::measure(&bins, opts.profile, &approaches, command_line(args))?;
            let data_dir = stage.path().join("data");
            data.save(&data_dir)?;
            measure::print_time_spent(&data.meta);
            if report {
                // Render what was written, exactly as `render` will read it later.
                let data = Dataset::load(&data_dir)?;
                render::render(&data, stage.path())?;
                stage.commit(&["data", render::CHARTS, render::REPORT])?;
                eprintln!("xtask: wrote {}", opts.out.join(render::REPORT).display());
            } else {
                stage.commit(&["data"])?;
                eprintln!(
                    "xtask: wrote {} (run `cargo xtask render` for the charts and report)",
                    opts.out.join("data").display()
                );
            }
            Ok(())
        }
    }
}

/// The command word.
fn command_kind(args: &[String]) -> Option<&str> {
    args.first().map(String::as_str)
}
