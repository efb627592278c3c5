//! Help = README: the README's option list for `queens` names exactly the
//! options of `queens --help`, its `--json` field list is the help's and the
//! line's own, and both state the exit status and the extra commands.

use crate::harness;

use std::collections::BTreeSet;
use std::process::Command;

fn queens(args: &[&str]) -> String {
    let out = harness::output(Command::new(env!("CARGO_BIN_EXE_queens")).args(args));
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

fn readme() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    std::fs::read_to_string(path).unwrap()
}

/// The text from `heading` to the next heading of its level or above.
fn section<'a>(text: &'a str, heading: &str) -> &'a str {
    let start = text
        .find(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("README has no {heading:?}"));
    let level = heading.split(' ').next().unwrap();
    let body = &text[start + heading.len() + 2..];
    let end = body
        .lines()
        .scan(0, |at, line| {
            let here = *at;
            *at += line.len() + 1;
            Some((here, line))
        })
        .find(|(_, line)| {
            line.starts_with('#') && line.split(' ').next().unwrap().len() <= level.len()
        })
        .map_or(body.len(), |(at, _)| at);
    &body[..end]
}

/// Every `--long-option` named in a text.
fn long_options(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (i, _) in text.match_indices("--") {
        let name: String = text[i + 2..]
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '-')
            .collect();
        let before = text[..i].chars().next_back();
        if !name.is_empty() && !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-') {
            found.insert(format!("--{}", name.trim_end_matches('-')));
        }
    }
    found
}

/// The options `queens -h` lists, from its option lines.
fn help_options() -> BTreeSet<String> {
    queens(&["-h"])
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            t.starts_with('-') && l.len() - t.len() <= 6
        })
        .filter_map(|l| {
            let l = l.trim_start();
            let l = l
                .strip_prefix("-v, ")
                .or(l.strip_prefix("-h, "))
                .unwrap_or(l);
            let l = l.strip_prefix("-V, ").unwrap_or(l);
            long_options(l.split(' ').next()?).into_iter().next()
        })
        .collect()
}

#[test]
fn the_readme_lists_exactly_the_options_of_the_help() {
    let help = help_options();
    assert!(help.len() > 20, "{help:?}");
    let text = readme();
    let listed = long_options(section(&text, "### Options"));
    assert_eq!(listed, help, "README's ### Options against queens -h");
    let commands = section(&text, "### Exit status, files, completions");
    for needle in ["queens completions bash", "queens man", "cargo xtask man"] {
        assert!(commands.contains(needle), "README lacks {needle}");
    }
    let help = queens(&["--help"]);
    for needle in ["completions", "man"] {
        assert!(
            help.contains(&format!("\n  {needle} ")),
            "--help lacks {needle}"
        );
    }
}

#[test]
fn the_json_fields_are_listed_once_and_agree() {
    let help = queens(&["--help"]);
    let from_help: Vec<String> = help
        .split("Fields, in order")
        .nth(1)
        .unwrap()
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("            ") && l.contains(": "))
        .map(|l| l.trim().split(':').next().unwrap().to_string())
        .collect();
    let text = readme();
    let from_readme: Vec<String> = section(&text, "### The `--json` line")
        .lines()
        .filter_map(|l| l.strip_prefix("- `"))
        .map(|l| l.split('`').next().unwrap().to_string())
        .collect();
    assert_eq!(from_readme, from_help);
    let line = queens(&["--json", "4"]);
    let mut keys: Vec<String> = Vec::new();
    let record: serde_json::Value = serde_json::from_str(&line).unwrap();
    keys.extend(record.as_object().unwrap().keys().cloned());
    let mut sorted = from_help.clone();
    sorted.sort();
    keys.sort();
    assert_eq!(keys, sorted);
    assert_eq!(from_help.len(), 17);
}

#[test]
fn exit_status_is_in_the_help_and_the_readme() {
    let short = queens(&["-h"]);
    let text = readme();
    let commands = section(&text, "### Exit status, files, completions");
    for code in ["0", "1", "2"] {
        assert!(
            short.contains(&format!("\n  {code}  ")),
            "-h lacks exit status {code}"
        );
        assert!(
            commands.contains(&format!("Exit status {code}:"))
                || commands.contains(&format!("; {code}:")),
            "README lacks exit status {code}"
        );
    }
}

/// What a user reads (the help, short and long, each command's help, the
/// list of approaches) names no issue of the project's tracker by number:
/// a comparison is named by what it compares.
#[test]
fn the_help_names_no_issue() {
    queens_test_support::help_names_no_issue(env!("CARGO_BIN_EXE_queens"));
    for args in [
        &["-h"][..],
        &["list"],
        &["list", "--help"],
        &["man", "--help"],
        &["completions", "--help"],
    ] {
        let text = queens(args);
        if let Some(line) = queens_test_support::issue_named(&text) {
            panic!("queens {args:?} names an issue by number: {line}");
        }
    }
}
