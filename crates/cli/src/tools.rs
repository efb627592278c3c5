//! `queens list`, `queens completions SHELL` and `queens man`: the list
//! from the registry, the others generated from the same clap command as
//! `--help` (clap_complete, clap_mangen), so they cannot disagree with it.
//! `cargo xtask man` writes the man page to a file.

use std::io::{self, Write};
use std::process::ExitCode;

use crate::args::Tool;
use crate::help::{approach_list, command};

/// Prints what the tool makes on standard output.
pub fn run(tool: Tool) -> ExitCode {
    // Made in memory first: clap_complete panics on a failed write (a
    // closed pipe), and a failure is reported as any other here.
    let mut text = Vec::new();
    let made = match tool {
        Tool::Completions { shell } => {
            clap_complete::generate(shell, &mut command(), "queens", &mut text);
            Ok(())
        }
        Tool::Man => clap_mangen::Man::new(command()).render(&mut text),
        Tool::List => {
            text = approach_list().into_bytes();
            Ok(())
        }
    };
    let mut out = io::stdout().lock();
    let written = made.and_then(|()| out.write_all(&text).and_then(|()| out.flush()));
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}
