//! How queens-lab's commands report bad input: one `error:` line, then the
//! usage, on stderr, and exit status 2. Shared by `queens` and `block-sums`.

use std::fmt::Display;

/// A rendered clap error without its usage and tips, folded onto one line.
pub fn one_line(rendered: &str) -> String {
    let message = rendered
        .split("\n\n")
        .next()
        .unwrap_or(rendered)
        .trim_start_matches("error: ");
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Prints `error: {message}` and the usage on stderr and exits with status 2.
pub fn exit_with_usage(message: &str, usage: impl Display) -> ! {
    eprintln!("error: {message}\n\n{usage}\n\nFor more information, try '--help'.");
    std::process::exit(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_keeps_the_message_and_drops_usage_and_tips() {
        let rendered = "error: the following required arguments were not provided:\n  <N>\n\n\
                        Usage: queens <N>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(rendered),
            "the following required arguments were not provided: <N>"
        );
    }
}
