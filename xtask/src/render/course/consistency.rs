//! One truth per fact, across pages: every rendered page of the course (and
//! the step-through page) is read back for the facts that several pages
//! state, by a small set of named patterns, and two pages that state
//! different values for the same fact are a failure.
//!
//! The facts (see [`crate::lessons::truth`] for where each is computed):
//! - `machine`: the kind of this run's machine (vendor and family);
//! - `measured <id>`: whether this run measured an approach;
//! - `largest n <id> <family>`: the largest n an approach reached in a
//!   family or study;
//! - `run at <id> n = N`: whether an approach ran at a size (a time quoted
//!   at N says it did, "not run at n = N" that it did not);
//! - `time <id> n = N`: the time of a find-one approach at a size, equal
//!   when within [`TIME_FACTOR`] (one run or a median of many, from the
//!   `local` family or a study: the same quantity, measured apart);
//! - `root is a node`: how nodes are counted.
//!
//! Tables are read by their header (the approach's column, `n` or
//! `largest n`, `family`, a time column), prose by its sentences: a
//! statement belongs to the last approach named (`` `id` ``) before it in
//! its paragraph or table row.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use regex::Regex;

use crate::lessons::truth;

/// Two times of the same approach and n agree when within this factor:
/// separate measurements of a find-one search differ by their seeds, but
/// not by an order of magnitude.
pub const TIME_FACTOR: f64 = 3.0;

/// What the reader needs to know of the approaches: their ids, and which
/// find one board (whose time at n is one quantity).
pub struct Known {
    /// Every approach id.
    pub ids: BTreeSet<String>,
    /// The find-one approaches.
    pub find_one: BTreeSet<String>,
}

/// A value a page states for a fact.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    /// A name or a yes/no.
    Word(String),
    /// A size.
    Size(usize),
    /// Seconds.
    Seconds(f64),
}

impl Value {
    fn agrees(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Seconds(a), Value::Seconds(b)) => {
                a.max(*b) <= a.min(*b) * TIME_FACTOR && a.min(*b) > 0.0 || a == b
            }
            _ => self == other,
        }
    }

    fn yes(b: bool) -> Value {
        Value::Word(if b { "yes" } else { "no" }.into())
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Value::Word(w) => write!(f, "{w}"),
            Value::Size(n) => write!(f, "{n}"),
            Value::Seconds(s) => write!(f, "{}", crate::format::human_seconds(*s)),
        }
    }
}

/// One statement: the page, the fact, the value, and the words stating it.
#[derive(Clone, Debug)]
struct Claim {
    page: String,
    fact: String,
    value: Value,
    quote: String,
}

/// A number with its digits grouped by spaces (`20 000`).
const NUMBER: &str = r"\d{1,3}(?:[  \u{202f}]\d{3})+|\d+";

/// A time as the course writes it (`751 ms`, `1.59 s`, `0.2 s`).
const TIME: &str = r"(?P<t>\d+(?:\.\d+)?) ?(?P<unit>ns|µs|ms|s)\b";

fn re(s: &str) -> Regex {
    Regex::new(s).expect("a valid pattern")
}

static TIME_AT: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"{TIME} (?:per run |per start )?at (?:n = )?(?P<n>{NUMBER})"
    ))
});
/// A table cell that is a size, or a time.
static SIZE_CELL: LazyLock<Regex> = LazyLock::new(|| re(&format!("^(?:{NUMBER})$")));
static TIME_CELL: LazyLock<Regex> = LazyLock::new(|| re(&format!("^{TIME}$")));
static NOT_RUN_AT: LazyLock<Regex> =
    LazyLock::new(|| re(&format!(r"not run at n = (?P<n>{NUMBER})")));
static REACH: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?P<family>count|first|local|textbook study|csp lab|csp book) n = (?:{NUMBER})–(?P<n>{NUMBER})"
    ))
});
static MACHINE: LazyLock<[Regex; 3]> = LazyLock::new(|| {
    [
        // Chapter 15's table.
        re(r"\| machine \| (?P<m>[^,|]+)"),
        // The index.
        re(r"(?s)Measured with (?:the \[)?profile.*? on\s+(?P<m>[^(\n]+?) \(\d+ cores\)"),
        // A machine said to be of the same kind as this run's.
        re(r"machine of the same kind \(\d+-core (?P<m>[^,)]+)"),
    ]
});
static ROOT: LazyLock<[(Regex, bool); 4]> = LazyLock::new(|| {
    [
        (re(r"root\s+is\s+not\s+counted"), false),
        (re(r"root\s+is\s+counted"), true),
        // The step-through page's tree facts.
        (re(r#""root_is_a_node":\s*(?P<b>true|false)"#), false),
        // "76 nodes for 75 placements": the count beside what it counts.
        (
            re(&format!(
                r"(?P<a>{NUMBER}) nodes(?: for| of| from)? (?P<p>{NUMBER}) (?:placements|queens placed)"
            )),
            false,
        ),
    ]
});

fn number(s: &str) -> usize {
    s.chars()
        .filter(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .expect("digits")
}

fn seconds(t: &str, unit: &str) -> f64 {
    let v: f64 = t.parse().expect("a decimal");
    v * match unit {
        "ns" => 1e-9,
        "µs" => 1e-6,
        "ms" => 1e-3,
        _ => 1.0,
    }
}

/// The approach ids named in `text` (`` `id` ``), with their positions.
fn named<'a>(text: &'a str, known: &'a Known) -> impl Iterator<Item = (usize, &'a str)> + 'a {
    text.match_indices('`')
        .step_by(2)
        .filter_map(move |(at, _)| {
            let rest = &text[at + 1..];
            let end = rest.find('`')?;
            let id = &rest[..end];
            known.ids.contains(id).then_some((at, id))
        })
}

/// The last approach named before `at` in `text`.
fn owner<'a>(text: &'a str, at: usize, known: &'a Known) -> Option<&'a str> {
    named(text, known)
        .take_while(|(p, _)| *p < at)
        .last()
        .map(|(_, id)| id)
}

/// The cells of a table row.
fn cells(line: &str) -> Vec<&str> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(str::trim).collect()
}

/// Reads one page.
fn read(page: &str, text: &str, known: &Known, out: &mut Vec<Claim>) {
    let mut claim = |fact: String, value: Value, quote: &str| {
        out.push(Claim {
            page: page.to_string(),
            fact,
            value,
            quote: quote.chars().take(120).collect(),
        })
    };
    for r in MACHINE.iter() {
        for c in r.captures_iter(text) {
            let m = truth::kind(c["m"].trim());
            claim("machine".into(), Value::Word(m), &c[0]);
        }
    }
    for (r, yes) in ROOT.iter() {
        for c in r.captures_iter(text) {
            let counted = match (c.name("b"), c.name("a"), c.name("p")) {
                (Some(b), _, _) => b.as_str() == "true",
                (_, Some(a), Some(p)) => number(a.as_str()) == number(p.as_str()) + 1,
                _ => *yes,
            };
            claim("root is a node".into(), Value::yes(counted), &c[0]);
        }
    }
    // Paragraphs and table rows (a table's first row without an approach
    // is its header): a statement belongs to the last approach named
    // before it there.
    for block in text.split("\n\n") {
        let mut header: Option<Vec<String>> = None;
        for line in block.lines().filter(|l| l.trim_start().starts_with('|')) {
            let row = cells(line);
            if row.iter().all(|c| c.chars().all(|ch| "-: ".contains(ch))) {
                continue;
            }
            let is_header = named(line, known).next().is_none()
                && !row.iter().any(|c| c.contains("not measured"));
            if is_header && header.is_none() {
                header = Some(row.iter().map(|c| c.to_string()).collect());
                continue;
            }
            if let Some(h) = &header {
                table_row(h, &row, known, &mut claim);
            }
        }
        for piece in block
            .lines()
            .filter(|l| l.trim_start().starts_with('|'))
            .map(str::to_string)
            .chain(std::iter::once(
                block
                    .lines()
                    .filter(|l| !l.trim_start().starts_with('|'))
                    .collect::<Vec<_>>()
                    .join(" "),
            ))
        {
            prose(&piece, known, &mut claim);
        }
    }
}

/// The statements of a paragraph or a table row read as words.
fn prose(text: &str, known: &Known, claim: &mut impl FnMut(String, Value, &str)) {
    for c in TIME_AT.captures_iter(text) {
        let Some(id) = owner(text, c.get(0).unwrap().start(), known) else {
            continue;
        };
        let n = number(&c["n"]);
        claim(format!("run at {id} n = {n}"), Value::yes(true), &c[0]);
        if known.find_one.contains(id) {
            let s = seconds(&c["t"], &c["unit"]);
            claim(format!("time {id} n = {n}"), Value::Seconds(s), &c[0]);
        }
    }
    for c in NOT_RUN_AT.captures_iter(text) {
        if let Some(id) = owner(text, c.get(0).unwrap().start(), known) {
            let n = number(&c["n"]);
            claim(format!("run at {id} n = {n}"), Value::yes(false), &c[0]);
        }
    }
    for c in REACH.captures_iter(text) {
        if let Some(id) = owner(text, c.get(0).unwrap().start(), known) {
            let fact = format!("largest n {id} {}", &c["family"]);
            claim(fact, Value::Size(number(&c["n"])), &c[0]);
            claim(format!("measured {id}"), Value::yes(true), &c[0]);
        }
    }
    if text.contains("not measured in this run")
        && let Some(id) = owner(text, text.find("not measured").unwrap(), known)
    {
        claim(format!("measured {id}"), Value::yes(false), text);
    }
}

/// The columns the course's tables name their facts by.
const APPROACH_COLUMNS: [&str; 5] = ["approach", "method", "search", "counter", "program"];
const N_COLUMNS: [&str; 2] = ["n", "largest n"];
const TIME_COLUMNS: [&str; 3] = ["time", "median time", "per start"];

/// The statements of a table row, by its header.
fn table_row(
    header: &[String],
    row: &[&str],
    known: &Known,
    claim: &mut impl FnMut(String, Value, &str),
) {
    let col = |names: &[&str]| header.iter().position(|h| names.contains(&h.as_str()));
    let Some(id) = col(&APPROACH_COLUMNS)
        .and_then(|i| row.get(i))
        .and_then(|cell| named(cell, known).next().map(|(_, id)| id))
    else {
        return;
    };
    let quote = row.join(" | ");
    let n = col(&N_COLUMNS)
        .and_then(|i| row.get(i))
        .filter(|c| SIZE_CELL.is_match(c))
        .map(|c| number(c));
    let time = col(&TIME_COLUMNS)
        .and_then(|i| row.get(i))
        .and_then(|c| TIME_CELL.captures(c))
        .map(|c| seconds(&c["t"], &c["unit"]));
    if time.is_some() {
        claim(format!("measured {id}"), Value::yes(true), &quote);
    }
    let (Some(n), Some(t)) = (n, time) else {
        return;
    };
    claim(format!("run at {id} n = {n}"), Value::yes(true), &quote);
    if known.find_one.contains(id) {
        claim(format!("time {id} n = {n}"), Value::Seconds(t), &quote);
    }
    let family = col(&["family"]).and_then(|i| row.get(i));
    if let (Some(family), Some(_)) = (family, col(&["largest n"])) {
        claim(format!("largest n {id} {family}"), Value::Size(n), &quote);
    }
}

/// Every statement of every page.
fn claims(pages: &BTreeMap<String, String>, known: &Known) -> Vec<Claim> {
    let mut out = Vec::new();
    for (page, text) in pages {
        read(page, text, known, &mut out);
    }
    out
}

/// The facts the pages state, each with the pages that state it.
pub fn stated(
    pages: &BTreeMap<String, String>,
    known: &Known,
) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for c in claims(pages, known) {
        out.entry(c.fact).or_default().insert(c.page);
    }
    out
}

/// Every fact two pages state differently: one line per disagreement,
/// naming the fact, both pages and their words.
pub fn contradictions(pages: &BTreeMap<String, String>, known: &Known) -> Vec<String> {
    let claims = claims(pages, known);
    let mut by_fact: BTreeMap<&str, Vec<&Claim>> = BTreeMap::new();
    for c in &claims {
        by_fact.entry(&c.fact).or_default().push(c);
    }
    let mut out = Vec::new();
    for (fact, list) in by_fact {
        let first = list[0];
        if let Some(other) = list.iter().find(|c| !c.value.agrees(&first.value)) {
            out.push(format!(
                "{fact}: {} says {} (\"{}\"), {} says {} (\"{}\")",
                first.page, first.value, first.quote, other.page, other.value, other.quote
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> Known {
        Known {
            ids: ["mrv-tuned", "random-restart", "bitmask"]
                .map(String::from)
                .into(),
            find_one: ["mrv-tuned", "random-restart"].map(String::from).into(),
        }
    }

    fn pages(list: &[(&str, &str)]) -> BTreeMap<String, String> {
        list.iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect()
    }

    #[test]
    fn each_pattern_reads_its_fact() {
        let mut c = Vec::new();
        let text = "`mrv-tuned` took 751 ms at n = 10 000. It was not run at n = 20 000.\n\n\
                    | approach | limit | measured |\n|---|---|---|\n\
                    | `random-restart`: x | 0.2 s at n = 64 | textbook study n = 8–64 |\n\n\
                    The root is not counted.\n\n| machine | AMD EPYC, 2 cores |";
        read("p", text, &known(), &mut c);
        let facts: BTreeSet<String> = c
            .iter()
            .map(|c| format!("{} = {}", c.fact, c.value))
            .collect();
        for want in [
            "time mrv-tuned n = 10000 = 751 ms",
            "run at mrv-tuned n = 20000 = no",
            "run at mrv-tuned n = 10000 = yes",
            "time random-restart n = 64 = 200 ms",
            "largest n random-restart textbook study = 64",
            "measured random-restart = yes",
            "root is a node = no",
            "machine = AMD EPYC",
        ] {
            assert!(facts.contains(want), "{want} not in {facts:?}");
        }
    }

    #[test]
    fn agreeing_pages_pass_and_times_agree_within_the_factor() {
        let p = pages(&[
            ("a", "`mrv-tuned` took 751 ms at n = 10 000."),
            ("b", "`mrv-tuned` needs 1.2 s at 10 000."),
        ]);
        assert!(contradictions(&p, &known()).is_empty());
        let p = pages(&[
            ("a", "`mrv-tuned` took 751 ms at n = 10 000."),
            ("b", "`mrv-tuned` needs 3 s at 10 000."),
        ]);
        assert_eq!(contradictions(&p, &known()).len(), 1);
    }
}
