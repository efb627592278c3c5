//! `queens list`, `queens completions SHELL` and `queens man`: the list
//! from the registry, the others generated from the same clap command as
//! `--help` (clap_complete, clap_mangen), so they cannot disagree with it.
//! `cargo xtask man` writes the man page to a file.

use std::io::{self, Write};
use std::process::ExitCode;

use crate::args::Tool;
use queens_approaches::REGISTRY;

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
fn man_page(text: &mut Vec<u8>) -> io::Result<()> {
    let cmd = command();
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(text)?;
    man.render_name_section(text)?;
    text.extend_from_slice(synopsis(&cmd).as_bytes());
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
    let boards = BOARDS.strip_prefix("Boards: ").unwrap_or(BOARDS);
    let status = EXIT_STATUS
        .strip_prefix("Exit status:\n")
        .unwrap_or(EXIT_STATUS);
    own.push_str(&format!(
        ".SH BOARDS\n{}\n.SH \"EXIT STATUS\"\n.nf\n{}\n.fi\n",
        roff(boards),
        roff(status)
    ));
    text.extend_from_slice(own.as_bytes());
    man.render_version_section(text)
}

/// SYNOPSIS: `queens` with every option and its value, then the commands.
fn synopsis(cmd: &clap::Command) -> String {
    let mut line = String::from("\\fBqueens\\fR");
    for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
        let value = arg
            .get_value_names()
            .and_then(|names| names.first())
            .map(|name| format!(" \\fI{}\\fR", roff(name)));
        let flag = match (arg.get_short(), arg.get_long()) {
            (Some(short), Some(long)) => format!("\\fB\\-{short}\\fR|\\fB\\-\\-{}\\fR", roff(long)),
            (None, Some(long)) => format!("\\fB\\-\\-{}\\fR", roff(long)),
            _ => continue, // N, after the options
        };
        let takes_value = arg.get_action().takes_values();
        line.push_str(&format!(
            " [{flag}{}]",
            if takes_value {
                value.unwrap_or_default()
            } else {
                String::new()
            }
        ));
    }
    line.push_str(" \\fIN\\fR");
    let mut text = format!(".SH SYNOPSIS\n{line}\n");
    for sub in cmd.get_subcommands() {
        text.push_str(&format!(".br\n{}\n", usage_of(sub)));
    }
    text
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

/// Text made safe for roff: backslashes and hyphens escaped, a line that
/// starts with a dot or a quote protected.
fn roff(text: &str) -> String {
    text.lines()
        .map(|line| {
            let line = line.replace('\\', "\\e").replace('-', "\\-");
            if line.starts_with('.') || line.starts_with('\'') {
                format!("\\&{line}")
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}
