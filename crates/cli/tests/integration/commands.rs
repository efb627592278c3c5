//! `queens list`, `queens man`, `queens completions`, the usage line and
//! the did-you-mean of a mistyped command, end to end.

use queens_approaches::REGISTRY;

use crate::queens_cmd::{queens, stdout};

/// Status 2, nothing on stdout, and the first stderr line.
fn refused(args: &[&str]) -> String {
    let out = queens(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "not one line: {err}");
    err.lines().next().unwrap().to_string()
}

/// Every approach `queens list` must show, in its order, with its largest
/// n: written here by hand (from each crate's stated reason), not read from
/// the `Info` the list prints.
const LISTED: [(&str, u64); 29] = [
    ("bitmask", 32),
    ("bitmask-mirror", 32),
    ("bitmask-symmetric", 32),
    ("half-join", 27),
    ("attack-board", 64),
    ("list-comprehension", 255),
    ("list-comprehension-strict", 16),
    ("permutations", 10),
    ("permutations-streaming", 13),
    ("mrv", 84),
    ("mrv-tuned", 20000),
    ("generate-and-test", 9),
    ("string-regex", 79),
    ("min-conflicts-random", 100_000_000),
    ("min-conflicts-most-conflicted", 100_000_000),
    ("swap-search", 1_000_000_000),
    ("hill-climbing", 4000),
    ("hill-climbing-sideways", 4000),
    ("random-restart", 200),
    ("random-restart-sideways", 4000),
    ("first-choice", 2000),
    ("stochastic-hill-climbing", 500),
    ("annealing", 1_000_000),
    ("beam", 1000),
    ("genetic", 1000),
    ("tabu-search", 10_000),
    ("constraint-weighting", 1000),
    ("explicit", 1_000_000_000),
    ("csp", 256),
];

/// Three entries whole, as a reader should see them (whitespace aside).
const ENTRIES: [&str; 3] = [
    "bitmask: C bitmask recursion good for: counting up to about 11 queens, and \
     listing or finding boards in the plain order of the sources (the default for -v, \
     --first and counts below 12 queens) source: [Aiello] Part I.3: the C program \
     (from the c2 wiki) runs: counts, lists (-v) and finds a first board limits: \
     n ≤ 32 (the 2n-1 diagonals of each direction are bits of a 64-bit mask)",
    "half-join: Half boards joined on their diagonals good for: the fastest count \
     from 12 queens on, on threads, shards and checkpoints (the default for counts \
     from 12 queens) source: [Kluev] quadrant-join counter, in half-board form runs: \
     counts, lists (-v) and finds a first board limits: n ≤ 27 (Q(27) is the \
     published record; from 24 on a count takes hundreds of core-hours and runs in \
     shards (--shard I/K))",
    "explicit: Explicit construction by n mod 6 good for: one board of any size up \
     to 10^9 at once, with no search (a formula by n mod 6) source: [Hoffman et al. \
     1969], as restated by [Bernhardsson 1991] runs: finds one board limits: n ≤ \
     1000000000 (memory: the board alone, 4 bytes per queen, 4 GB at 10^9)",
];

#[test]
fn list_says_what_each_approach_is_good_for_its_source_and_limits() {
    let list = stdout(&["list"]);
    let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let entries: Vec<&str> = list.split("\n\n").skip(1).collect();
    let ids: Vec<&str> = entries
        .iter()
        .map(|e| e.split(':').next().unwrap())
        .collect();
    let want: Vec<&str> = LISTED.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, want);
    for ((id, max_n), entry) in LISTED.iter().zip(&entries) {
        let flat = flat(entry);
        for needle in ["good for: ", "source: ", "runs: "] {
            let field = flat.split(needle).nth(1).unwrap_or_default();
            assert!(field.len() > 10, "{id}: {needle}: {flat}");
        }
        assert!(
            flat.contains(&format!(" limits: n ≤ {max_n} (")),
            "{id}: {flat}"
        );
    }
    for entry in ENTRIES {
        let id = entry.split(':').next().unwrap();
        let shown = entries.iter().find(|e| e.starts_with(&format!("{id}: ")));
        assert_eq!(shown.map(|e| flat(e)), Some(flat(entry)), "{id}");
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
    // Every section opens with a capital; the page is ASCII (groff warns
    // about any other byte), its × and ≤ written as groff escapes.
    assert!(page.contains(".SH BOARDS\nEvery board prints"), "{page}");
    assert!(page.is_ascii());
    assert!(page.contains("\\[u00D7]") || page.contains("\\[u2264]"));
}
