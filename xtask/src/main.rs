//! `cargo xtask`: project automation (the rust-analyzer pattern).
//!
//! `measure` runs the approaches and writes `DIR/data`; `render` turns that
//! data into `DIR/charts` and the course (`DIR/course/`, `DIR/REPORT.md`); `report` does both; `peers`
//! measures the issues' targets against the C references; `trees` traces
//! small searches and draws their trees alone. See
//! `cargo xtask --help`.

use std::process::ExitCode;

use clap::Parser;
use xtask::cli::{Cli, Command, MeasureArgs};
use xtask::data::Dataset;
use xtask::measure::{self, build};
use xtask::stage::Stage;
use xtask::{Result, peers, render};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The command line as typed, for `meta.json`.
fn command_line() -> String {
    let quoted: Vec<String> = std::env::args()
        .skip(1)
        .map(|a| {
            if a.is_empty()
                || a.chars()
                    .any(|c| !(c.is_ascii_alphanumeric() || "-_./=,:+".contains(c)))
            {
                format!("'{}'", a.replace('\'', r"'\''"))
            } else {
                a
            }
        })
        .collect();
    format!("cargo xtask {}", quoted.join(" "))
}

fn run(command: Command) -> Result<()> {
    match command {
        Command::Peers(args) => {
            let bins = build::build(build::Build::Release, &[])?;
            peers::run(&args.into(), &bins.queens)
        }
        Command::Wasm => xtask::wasm::build(&xtask::project_root()),
        Command::Render(args) => {
            xtask::wasm::ensure(&xtask::project_root())?;
            let data_dir = args.out.join("data");
            if !data_dir.is_dir() {
                return Err(xtask::Error(format!(
                    "{} holds no data to render: run `cargo xtask measure` (or `report`) with the same --out first",
                    data_dir.display()
                )));
            }
            let data = Dataset::load(&data_dir)?;
            let stage = Stage::new(&args.out)?;
            render::render(&data, &data_dir, stage.path())?;
            stage.commit(&render::OUTPUTS)?;
            eprintln!(
                "xtask: rendered {} from {}",
                args.out.join(render::REPORT).display(),
                data_dir.display()
            );
            Ok(())
        }
        Command::Trees(args) => {
            let bins = build::build(build::Build::Dev, &[])?;
            let stage = Stage::new(&args.out)?;
            let data_dir = stage.path().join("data");
            measure::traces::collect(&bins.queens, &data_dir)?;
            let traces = xtask::data::traces::load(&data_dir)?;
            let folder = render::trees::FOLDER;
            let pictures = render::trees::render(&traces, &stage.path().join(folder))?;
            let kept = format!("data/{}", xtask::data::traces::FOLDER);
            stage.commit(&[kept.as_str(), folder])?;
            eprintln!(
                "xtask: drew {} pictures from {} traces into {} (`cargo xtask render` shows them in the report)",
                pictures.len(),
                traces.len(),
                args.out.join(folder).display()
            );
            Ok(())
        }
        Command::Man(args) => xtask::man::run(&args),
        Command::LongRuns(args) => {
            let data_dir = args.out.join("data");
            std::fs::create_dir_all(&data_dir)
                .map_err(|e| xtask::Error(format!("cannot create {}: {e}", data_dir.display())))?;
            let bins = build::build(build::Build::Release, &[])?;
            measure::long_runs::run(&bins, &data_dir, &args.runs, &command_line())?;
            eprintln!(
                "xtask: recorded in {} (`cargo xtask render` puts them in the course)",
                data_dir.join(xtask::data::long_runs::FILE).display()
            );
            Ok(())
        }
        Command::Measure(args) => measure_and_maybe_render(args, false),
        Command::Report(args) => measure_and_maybe_render(args, true),
    }
}

/// `measure`, and with `report` also `render`, committing all at once.
fn measure_and_maybe_render(args: MeasureArgs, report: bool) -> Result<()> {
    if report {
        xtask::wasm::ensure(&xtask::project_root())?;
    }
    let approaches = build::select(args.algos.as_deref())?;
    let stage = Stage::new(&args.out)?;
    // The block-sums comparison belongs to a full run, not to a run narrowed
    // by --algos; the local-search study comes with min-conflicts, the
    // textbook study with any of its methods.
    let mut extras = Vec::new();
    if args.algos.is_none() && measure::block_sums::available() {
        extras.push(build::Extra::BlockSums);
    }
    if approaches
        .iter()
        .any(|a| a.info().id == measure::local_study::APPROACH)
    {
        extras.push(build::Extra::LocalStudy);
    }
    if approaches.iter().any(|a| {
        measure::textbook::METHODS
            .iter()
            .any(|(id, _)| *id == a.info().id)
    }) {
        extras.push(build::Extra::Starts);
    }
    if approaches
        .iter()
        .any(|a| a.info().id == measure::csp_grid::APPROACH)
    {
        extras.push(build::Extra::ChecksTable);
    }
    let ids: Vec<&str> = approaches.iter().map(|a| a.info().id).collect();
    let keeper =
        measure::kept::Keeper::new(&args.out.join("data"), args.profile, &ids, args.remeasure)?;
    // A study kept from the previous run needs no binary.
    let unkept: Vec<build::Extra> = extras
        .iter()
        .copied()
        .filter(|e| !keeper.keeps(e.study()))
        .collect();
    let bins = build::build(build::Build::Dev, &unkept)?;
    let mut data = measure::measure(
        &bins,
        args.profile,
        &approaches,
        command_line(),
        keeper.clone(),
        &extras,
    )?;
    let data_dir = stage.path().join("data");
    if args.algos.is_none() {
        // The step-by-step traces of small searches, for the page and the pictures.
        measure::traces::collect_or_keep(&keeper, &bins.queens, &data_dir, &mut data.meta)?;
    }
    data.save(&data_dir)?;
    // The long runs (`cargo xtask long-runs`) and the aima-python peer
    // (`cargo xtask peers --only aima`) are measured apart: keep them.
    for file in [xtask::data::long_runs::FILE, xtask::data::aima_python::FILE] {
        let old = args.out.join("data").join(file);
        if old.is_file() {
            std::fs::copy(&old, data_dir.join(file))
                .map_err(|e| xtask::Error(format!("cannot keep {}: {e}", old.display())))?;
        }
    }
    measure::print_time_spent(&data.meta, args.profile);
    if report {
        // Render what was written, exactly as `render` will read it later.
        // If that fails (a template error, say), the measurements are still
        // kept: minutes of measuring are not lost to a typo.
        let data = Dataset::load(&data_dir)?;
        if let Err(e) = render::render(&data, &data_dir, stage.path()) {
            stage.commit(&["data"])?;
            return Err(xtask::Error(format!(
                "{e}; the measurements are saved in {}; the course there is still the previous one: \
                 fix the error and run `cargo xtask render`",
                args.out.join("data").display()
            )));
        }
        let mut entries = vec!["data"];
        entries.extend(render::OUTPUTS);
        stage.commit(&entries)?;
        eprintln!("xtask: wrote {}", args.out.join(render::REPORT).display());
    } else {
        stage.commit(&["data"])?;
        eprintln!(
            "xtask: wrote {} (run `cargo xtask render` for the charts and report)",
            args.out.join("data").display()
        );
    }
    Ok(())
}
