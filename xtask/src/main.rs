//! `cargo xtask`: project automation (the rust-analyzer pattern).
//!
//! The measuring and rendering of `reports/` arrives with the report issue;
//! until then every subcommand says so and fails instead of pretending.

use std::process::ExitCode;

const USAGE: &str =
    "usage: cargo xtask <measure|render|report> [--profile smoke|standard|full] [--out DIR]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("measure" | "render" | "report") => {
            eprintln!(
                "xtask: '{}' is not implemented yet (see the report issue)",
                args[0]
            );
            ExitCode::from(2)
        }
        Some("-h" | "--help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("xtask: unknown command '{other}'\n{USAGE}");
            ExitCode::from(2)
        }
        None => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
