//! Man pages of queens-lab's commands (`queens man`, `block-sums man`):
//! clap_mangen renders the title, name, description and options from the
//! command that makes `--help`; this module adds what it lacks. A SYNOPSIS
//! that names every option's value (clap_mangen's shows `[--size]` for
//! `--size N`), text made safe for roff, and the page in ASCII, since groff
//! warns about (and may drop) any other byte: `×` becomes `\[u00D7]`.

/// SYNOPSIS: `name` with every option and its value, `positional` after
/// them, then one line per entry of `then` (each already in roff).
pub fn synopsis(cmd: &clap::Command, positional: &str, then: &[String]) -> String {
    let mut line = format!("\\fB{}\\fR", roff(cmd.get_name()));
    for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
        let flag = match (arg.get_short(), arg.get_long()) {
            (Some(short), Some(long)) => format!("\\fB\\-{short}\\fR|\\fB\\-\\-{}\\fR", roff(long)),
            (None, Some(long)) => format!("\\fB\\-\\-{}\\fR", roff(long)),
            _ => continue, // positionals come after the options
        };
        let value = arg
            .get_action()
            .takes_values()
            .then(|| arg.get_value_names().and_then(|names| names.first()))
            .flatten()
            .map(|name| format!(" \\fI{}\\fR", roff(name)))
            .unwrap_or_default();
        line.push_str(&format!(" [{flag}{value}]"));
    }
    if !positional.is_empty() {
        line.push_str(&format!(" \\fI{}\\fR", roff(positional)));
    }
    let mut text = format!(".SH SYNOPSIS\n{line}\n");
    for usage in then {
        text.push_str(&format!(".br\n{usage}\n"));
    }
    text
}

/// Text made safe for roff: backslashes and hyphens escaped, a line that
/// starts with a dot or a quote protected.
pub fn roff(text: &str) -> String {
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

/// A rendered page in ASCII: every other character as groff's `\[uXXXX]`
/// escape, which groff prints as that character on a terminal that has it.
pub fn ascii(page: &str) -> String {
    let mut out = String::with_capacity(page.len());
    for c in page.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&format!("\\[u{:04X}]", u32::from(c)));
        }
    }
    out
}

/// A sentence that opens a section begins with a capital letter (a text
/// shared with `--help`, where it followed a label, may not).
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_synopsis_names_each_option_s_value() {
        let cmd = clap::Command::new("block-sums")
            .arg(clap::Arg::new("size").long("size").value_name("N"))
            .arg(
                clap::Arg::new("json")
                    .long("json")
                    .action(clap::ArgAction::SetTrue),
            );
        let text = synopsis(&cmd, "", &["\\fBblock\\-sums man\\fR".into()]);
        assert_eq!(
            text,
            ".SH SYNOPSIS\n\\fBblock\\-sums\\fR [\\fB\\-\\-size\\fR \\fIN\\fR] [\\fB\\-\\-json\\fR]\n\
             .br\n\\fBblock\\-sums man\\fR\n"
        );
    }

    #[test]
    fn a_page_is_made_ascii_with_groff_escapes() {
        assert_eq!(ascii("n×n ≤ 2 ok"), "n\\[u00D7]n \\[u2264] 2 ok");
        assert!(ascii("Pinella 2015 – Sosič").is_ascii());
        assert_eq!(roff(".x-y\\"), "\\&.x\\-y\\e");
        assert_eq!(capitalised("every board"), "Every board");
        assert_eq!(capitalised(""), "");
    }
}
