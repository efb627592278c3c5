//! The answer key quotes no figure the facts do not hold: every number of
//! a computed answer is a fact of its chapter as some number filter writes
//! it, a number a filter wrote in that render (arithmetic on the facts in
//! the template), or a parameter its exercise names; 0 and 1 are not
//! figures. An answer worked by hand (a paper exercise whose answer no data
//! decide) is marked `answer("by hand")` in its template, says so in the
//! key, and is left out.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use regex::Regex;

use super::tests::every_chapter;
use super::*;
use crate::format;
use crate::lessons::Ctx;
use crate::lessons::test_data::committed;

/// A figure as the course writes one: digits grouped by spaces, a decimal
/// part (`20 000`, `1.59`, `94.2`).
static FIGURE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\d{1,3}(?:[  \u{202f}]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?").expect("a pattern")
});

/// Code spans, link targets and HTML comments: quoted syntax, not figures.
static NOT_PROSE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"`[^`]*`|\]\([^)]*\)|<!--.*?-->|\[chapter \d+\]|Exercise \d+\.\d+")
        .expect("a pattern")
});

/// The figures of a text, as written.
fn figures_of(text: &str) -> BTreeSet<String> {
    let prose = NOT_PROSE.replace_all(text, " ");
    FIGURE
        .find_iter(&prose)
        .map(|m| m.as_str().replace(['\u{a0}', '\u{202f}'], " "))
        .collect()
}

/// Every way a template can write a number of the facts: each number
/// filter, and the number itself.
fn written(v: f64) -> Vec<String> {
    let mut out = vec![
        format::human_count(v),
        format::human_seconds(v),
        format::human_seconds(v / 1e9),
        format::times(v),
        format::ratio(v),
        format::percent(v),
        format::human_bytes(v),
        format::sig3(v),
        v.to_string(),
    ];
    if v >= 0.0 && v.fract() == 0.0 {
        out.push(format::group_digits(v as u64));
    }
    out
}

/// The figures the facts hold, as the filters write them.
fn fact_figures(facts: &serde_json::Value) -> BTreeSet<String> {
    fn walk(v: &serde_json::Value, out: &mut BTreeSet<String>) {
        match v {
            serde_json::Value::Number(x) => {
                for w in written(x.as_f64().unwrap_or(0.0)) {
                    out.extend(figures_of(&w));
                }
            }
            serde_json::Value::String(s) => out.extend(figures_of(s)),
            serde_json::Value::Array(items) => items.iter().for_each(|i| walk(i, out)),
            serde_json::Value::Object(map) => map.values().for_each(|i| walk(i, out)),
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    walk(facts, &mut out);
    out
}

/// The figures of each computed answer of `r` that neither its chapter's
/// facts, nor the numbers its render's filters `wrote`, nor its exercise
/// hold.
fn stray(r: &Rendered, facts: &serde_json::Value, wrote: &BTreeSet<String>) -> Vec<String> {
    let mut known = fact_figures(facts);
    for w in wrote {
        known.extend(figures_of(w));
    }
    known.extend(["0".to_string(), "1".to_string()]);
    r.exercises
        .iter()
        .filter(|e| !e.by_hand)
        .flat_map(|e| {
            let given = figures_of(&e.text);
            figures_of(&e.answer)
                .into_iter()
                .filter(|f| !known.contains(f) && !given.contains(f))
                .map(|f| format!("{} answer {}: {f}", r.file, e.number))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn every_figure_of_a_computed_answer_is_a_fact() {
    let data = committed();
    let ctx = Ctx::new(&data);
    let (templates, course, chapters) = every_chapter(&data, &ctx);
    let mut problems = Vec::new();
    let mut computed = 0;
    for (plan, base) in &chapters {
        let mut variants = vec![base.clone()];
        variants.extend((plan.flips)(&ctx));
        for c in &variants {
            course.recorder.written.lock().unwrap().clear();
            let r = course
                .chapter(&templates, plan, c)
                .unwrap_or_else(|e| panic!("{e}"));
            let wrote = course.recorder.written.lock().unwrap().clone();
            computed += r.exercises.iter().filter(|e| !e.by_hand).count();
            problems.extend(stray(&r, &c.facts, &wrote));
        }
    }
    problems.sort();
    problems.dedup();
    assert!(computed > 0, "no computed answer was checked");
    assert!(
        problems.is_empty(),
        "figures no fact holds (compute them, or mark a paper answer `answer(\"by hand\")`):\n{}",
        problems.join("\n")
    );
}

#[test]
fn a_figure_typed_into_an_answer_is_stray() {
    let facts = serde_json::json!({ "nodes": 2056.0, "share": 0.31, "t": 0.751 });
    let wrote = BTreeSet::from(["×3.2".to_string()]);
    let exercise = |answer: &str| Exercise {
        number: "1.1".into(),
        kind: "run".into(),
        grade: "core".into(),
        text: "Run `queens 8` at n = 8.".into(),
        answer: answer.into(),
        by_hand: false,
        rubric: false,
    };
    let r = |answer: &str| Rendered {
        file: "01-x".into(),
        part: Part::Core,
        title: String::new(),
        take_home: None,
        reading: Default::default(),
        minutes: 0.0,
        text: String::new(),
        exercises: vec![exercise(answer)],
    };
    let ok = r("2 056 nodes (31 %) at n = 8 in 751 ms, ×3.2; `queens 12`, 1 and 0.");
    assert!(
        stray(&ok, &facts, &wrote).is_empty(),
        "{:?}",
        stray(&ok, &facts, &wrote)
    );
    let typed = r("about four times: 2 056 nodes, 3.4 against 17.");
    assert_eq!(
        stray(&typed, &facts, &wrote),
        ["01-x answer 1.1: 17", "01-x answer 1.1: 3.4"]
    );
    let mut by_hand = r("Five calls, 100 times.");
    by_hand.exercises[0].by_hand = true;
    assert!(stray(&by_hand, &facts, &wrote).is_empty());
}
