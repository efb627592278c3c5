//! `queens list`, `queens man`, `queens completions`, the usage line and
//! the did-you-mean of a mistyped command, end to end.

use queens_approaches::REGISTRY;

mod harness;
mod queens_cmd;
use queens_cmd::{queens, stdout};

/// Status 2, nothing on stdout, and the first stderr line.
fn refused(args: &[&str]) -> String {
    let out = queens(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("Usage: queens [OPTIONS] <N>\n       queens list | man | completions <SHELL>"),
        "{err}"
    );
    err.lines().next().unwrap().to_string()
}

#[test]
fn list_says_what_each_approach_is_good_for_its_source_and_limits() {
    let list = stdout(&["list"]);
    for a in REGISTRY.all() {
        let i = a.info();
        let entry = list
            .split("\n\n")
            .find(|e| e.starts_with(&format!("{}: ", i.id)))
            .unwrap_or_else(|| panic!("queens list lacks {}", i.id));
        let flat = entry.split_whitespace().collect::<Vec<_>>().join(" ");
        for needle in [
            format!("good for: {}", i.good_for),
            format!("source: {}", i.source),
            format!("limits: n ≤ {} ({})", i.max_n, i.limit_reason),
        ] {
            let needle = needle.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(flat.contains(&needle), "{}: {needle}", i.id);
        }
        assert!(
            !i.good_for.is_empty(),
            "{} says nothing it is good for",
            i.id
        );
    }
    for line in list.lines() {
        assert!(line.chars().count() <= 79, "{line}");
    }
    assert!(!list.contains("seed 0"), "the documents are sources");
}

#[test]
fn the_help_opens_with_which_approach_to_use() {
    let help = stdout(&["--help"]);
    let top: String = help.lines().take(12).collect::<Vec<_>>().join(" ");
    for needle in ["Which approach?", "half-join", "queens list"] {
        assert!(top.contains(needle), "{needle}: {top}");
    }
}

#[test]
fn a_mistyped_command_gets_a_did_you_mean() {
    assert_eq!(
        refused(&["compleions", "bash"]),
        "error: unknown command 'compleions': did you mean 'completions'? \
         (the commands: list, completions, man)"
    );
    assert!(refused(&["help"]).contains("did you mean `queens --help`"));
    assert!(refused(&["lsit"]).contains("did you mean 'list'?"));
}

#[test]
fn a_negative_shard_says_what_is_wrong_without_a_double_dash() {
    let line = refused(&["--shard", "-1/2", "8"]);
    assert!(line.contains("--shard"), "{line}");
    assert!(!line.contains("-- -1"), "{line}");
}

#[test]
fn bash_completion_offers_the_values_of_pick_and_restart_after() {
    let script = stdout(&["completions", "bash"]);
    for (option, values) in [
        (
            "--pick",
            "random-column random-conflicted most-conflicted mix:0.5",
        ),
        ("--restart-after", "n2 never"),
    ] {
        let case = script
            .split(&format!("{option})"))
            .nth(1)
            .unwrap_or_else(|| panic!("no case for {option}"));
        let reply = case.lines().nth(1).unwrap();
        assert!(
            reply.contains(&format!("compgen -W \"{values}\"")),
            "{option}: {reply}"
        );
    }
}

#[test]
fn the_man_page_shows_values_and_cites_no_missing_page() {
    let page = stdout(&["man"]);
    let synopsis = page
        .split(".SH SYNOPSIS\n")
        .nth(1)
        .unwrap()
        .split(".SH")
        .next()
        .unwrap();
    for needle in [
        r"[\fB\-\-algo\fR \fIID\fR]",
        r"[\fB\-\-shard\fR \fII/K\fR]",
        r"\fBqueens completions\fR \fISHELL\fR",
    ] {
        assert!(synopsis.contains(needle), "{needle}: {synopsis}");
    }
    assert!(!page.contains("queens\\-completions(1)"));
    assert!(!page.contains("queens\\-man(1)"));
    assert!(!page.contains("queens\\-list(1)"));
    for a in REGISTRY.all() {
        let id = a.info().id.replace('-', "\\-");
        assert!(
            page.contains(&format!(".TP\n\\fB{id}\\fR\n")),
            "no entry for {id}"
        );
    }
    assert!(page.contains(".SH \"EXIT STATUS\""));
}
