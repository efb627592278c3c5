//! The course's terms: a word a student may not know is explained where it
//! is first read, in reading order (the index, then the chapters by
//! number; the teacher's answer key aside). Explained means one of: the
//! paragraph (or table) links to the glossary; the word is set as a
//! definition (`*word*` or `**word**`); a gloss follows it in parentheses
//! (`word (…)`); or it names, in parentheses, what was just described
//! (`… (word)`, `… (Linux's word)`).

use std::path::Path;

/// The terms the course uses that a student may not know.
const TERMS: &[&str] = &[
    "ref-bitboard.c",
    "registry",
    "profile",
    "cargo xtask",
    "VmHWM",
    "Fisher's exact test",
    "Mann–Whitney",
    "CBJ",
    "chronological",
    "nq-mc",
    "maxi",
    "LIMIT",
    "odometer",
    "criterion",
    "forward checking",
    "least room to move",
    "MRV",
    "min-conflicts",
    "QS4",
];

/// The pages in reading order, as (name, text without HTML comments).
fn pages(root: &Path) -> Vec<(String, String)> {
    let mut files = vec![root.join("REPORT.md")];
    let mut chapters: Vec<_> = std::fs::read_dir(root.join("course"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "md")
                && p.file_name()
                    .and_then(|f| f.to_str())
                    .is_some_and(|f| f.starts_with(|c: char| c.is_ascii_digit()))
        })
        .collect();
    chapters.sort();
    files.append(&mut chapters);
    files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            (f.display().to_string(), without_comments(&text))
        })
        .collect()
}

fn without_comments(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("<!--") {
        out.push_str(&rest[..i]);
        rest = rest[i..].split_once("-->").map_or("", |(_, r)| r);
    }
    out.push_str(rest);
    out
}

/// Where `term` stands as a word in `text` (not inside a longer word); a
/// lowercase term also as the start of a sentence ("Min-conflicts").
fn find_word(text: &str, term: &str) -> Option<usize> {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    let folded;
    let text = if term.chars().all(|c| !c.is_uppercase()) {
        folded = text.to_ascii_lowercase();
        folded.as_str()
    } else {
        text
    };
    text.match_indices(term).map(|(i, _)| i).find(|&i| {
        !text[..i].chars().next_back().is_some_and(word)
            && !text[i + term.len()..].chars().next().is_some_and(word)
    })
}

/// Whether the occurrence of `term` at `at` in `block` is explained.
fn explained(block: &str, at: usize, term: &str) -> bool {
    let before = &block[..at];
    let after = &block[at + term.len()..];
    let glossary = block.contains("16-glossary.md");
    let defined = (before.ends_with('*') && after.starts_with('*'))
        || (before.ends_with("*`") && after.starts_with("`*"));
    // A term inside a code span (`cargo xtask report`) is glossed after
    // the span.
    let in_code = before.matches('`').count() % 2 == 1;
    let after_code = if in_code {
        after.split_once('`').map_or(after, |(_, rest)| rest)
    } else {
        after
    };
    let glossed = after_code.starts_with(" (");
    // Inside parentheses opened shortly before: the name of what the
    // words before the parenthesis describe.
    let named = before
        .rfind('(')
        .is_some_and(|p| !before[p..].contains(')') && at - p <= 24);
    glossary || defined || glossed || named
}

/// The first unexplained use of each term, as "term: page: paragraph".
fn unexplained(pages: &[(String, String)]) -> Vec<String> {
    let mut out = Vec::new();
    for term in TERMS {
        let first = pages.iter().find_map(|(name, text)| {
            text.split("\n\n")
                .map(|b| b.split_whitespace().collect::<Vec<_>>().join(" "))
                .find_map(|b| Some((name, find_word(&b, term)?, b)))
        });
        match first {
            None => {}
            Some((name, at, block)) if !explained(&block, at, term) => {
                let end = block.floor_char_boundary(160);
                out.push(format!("{term}: {name}: {}", &block[..end]));
            }
            Some(_) => {}
        }
    }
    out
}

#[test]
fn every_term_is_explained_where_it_is_first_read() {
    let bad = unexplained(&pages(&crate::project_root().join("reports")));
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn an_unexplained_term_is_found_and_each_way_of_explaining_passes() {
    let page = |t: &str| vec![("p".to_string(), t.to_string())];
    let bad = unexplained(&page(
        "We ran ref-bitboard.c beside ours.\n\nref-bitboard.c (a C counter).",
    ));
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert!(
        bad[0].starts_with("ref-bitboard.c: p: We ran ref-bitboard.c"),
        "{bad:?}"
    );
    for ok in [
        "We ran `ref-bitboard.c` (a C counter) beside ours.",
        "We ran *ref-bitboard.c* beside ours.",
        "A mirror-symmetry counter in C (ref-bitboard.c) ran beside ours.",
        "We ran ref-bitboard.c, see the [glossary](16-glossary.md).",
    ] {
        let bad = unexplained(&page(ok));
        assert!(
            !bad.iter().any(|b| b.starts_with("ref-bitboard.c")),
            "{ok}: {bad:?}"
        );
    }
    // A term inside a longer word is not the term.
    assert_eq!(find_word("maximal maxi", "maxi"), Some(8));
}
