//! `queens list`, `queens completions SHELL` and `queens man`: the list
//! from the registry, the others generated from the same clap command as
//! `--help` (clap_complete, clap_mangen), so they cannot disagree with it.
//! `cargo xtask man` writes the man page to a file.

use std::io::{self, Write};
use std::process::ExitCode;

use crate::args::Tool;
use queens_approaches::REGISTRY;
use queens_core::man::{self, roff};

use crate::help::{BOARDS, EXIT_STATUS, approach_entry, approach_list, command};

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
        Tool::Man => man_page(&mut text),
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
            queens_core::say!("error: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}

/// The man page: clap_mangen's title, name, description and options (from
/// the command that makes `--help`), with sections of our own: a SYNOPSIS
/// that shows every option's value, the COMMANDS (which have no pages of
/// their own), the APPROACHES one entry each, BOARDS and EXIT STATUS.
fn man_page_unescaped(text: &mut Vec<u8>) -> io::Result<()> {
    let cmd = command();
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(text)?;
    man.render_name_section(text)?;
    let commands: Vec<String> = cmd.get_subcommands().map(usage_of).collect();
    text.extend_from_slice(man::synopsis(&cmd, "N", &commands).as_bytes());
    man.render_description_section(text)?;
    man.render_options_section(text)?;
    let mut own = String::from(".SH COMMANDS\n");
    for sub in cmd.get_subcommands() {
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        own.push_str(&format!(".TP\n{}\n{}\n", usage_of(sub), roff(&about)));
    }
    own.push_str(".SH APPROACHES\n");
    for a in REGISTRY.all() {
        let (what, how) = approach_entry(*a);
        own.push_str(&format!(
            ".TP\n\\fB{}\\fR\n{}\n.br\n{}\n",
            roff(a.info().id),
            roff(&what),
            roff(&how)
        ));
    }
    let boards = man::capitalised(BOARDS.strip_prefix("Boards: ").unwrap_or(BOARDS));
    let status = EXIT_STATUS
        .strip_prefix("Exit status:\n")
        .unwrap_or(EXIT_STATUS);
    own.push_str(&format!(
        ".SH BOARDS\n{}\n.SH \"EXIT STATUS\"\n.nf\n{}\n.fi\n",
        roff(&boards),
        roff(status)
    ));
    text.extend_from_slice(own.as_bytes());
    man.render_version_section(text)
}

/// The man page in ASCII (groff warns about any other byte).
fn man_page(text: &mut Vec<u8>) -> io::Result<()> {
    let mut page = Vec::new();
    man_page_unescaped(&mut page)?;
    text.extend_from_slice(man::ascii(&String::from_utf8_lossy(&page)).as_bytes());
    Ok(())
}

/// `queens NAME VALUE...` of a command, in roff.
fn usage_of(sub: &clap::Command) -> String {
    let mut usage = format!("\\fBqueens {}\\fR", roff(sub.get_name()));
    for arg in sub.get_positionals() {
        usage.push_str(&format!(
            " \\fI{}\\fR",
            roff(&arg.get_id().as_str().to_uppercase())
        ));
    }
    usage
}
