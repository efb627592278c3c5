//! The page from the hand-made traces of `fixtures/` (the 4-Queens search of
//! the seed's box trace, two local searches at n = 8) and from generated
//! candidate traces: deterministic, complete, bounded, self-contained.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::pack::{self, lex_prev, odometer_next};
use super::*;
use crate::data::traces::{Entry, Mode, save_index};

/// `DIR/data` of the hand-made traces.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/explore/fixtures")
}

/// The traces embedded in a page, as JSON.
fn embedded(html: &str) -> Vec<Value> {
    let open = r#"<script type="application/json" id="trace-data">"#;
    let start = html.find(open).expect("the data element") + open.len();
    let len = html[start..].find("</script>").expect("its end");
    serde_json::from_str(&html[start..start + len]).expect("the data is JSON")
}

/// Writes a trace of `body` lines into `data/traces` and returns its entry.
fn write_trace(
    data: &Path,
    algo: &str,
    n: usize,
    step: &str,
    body: &[String],
    end: (u64, u64),
) -> Entry {
    let folder = data.join(traces::FOLDER);
    fs::create_dir_all(&folder).unwrap();
    let file = Entry::file_name(algo, None, n, Mode::Count);
    let mut text = format!(
        r#"{{"event":"start","algo":"{algo}","n":{n},"mode":"count","step":"{step}","node":"x"}}"#
    );
    text.push('\n');
    for line in body {
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(&format!(
        r#"{{"event":"end","solutions":{},"steps":{}}}"#,
        end.0, end.1
    ));
    text.push('\n');
    fs::write(folder.join(&file), text).unwrap();
    Entry {
        approach: algo.into(),
        n,
        mode: Mode::Count,
        seed: None,
        knobs: None,
        file,
        events: body.len() + 2,
    }
}

fn is_solution(cols: &[u64]) -> bool {
    (0..cols.len()).all(|i| {
        (i + 1..cols.len())
            .all(|j| cols[i] != cols[j] && cols[i].abs_diff(cols[j]) != (j - i) as u64)
    })
}

fn candidate_line(cols: &[u64]) -> String {
    let list: Vec<String> = cols.iter().map(u64::to_string).collect();
    format!(
        r#"{{"event":"candidate","cols":[{}],"ok":{}}}"#,
        list.join(","),
        is_solution(cols)
    )
}

/// Every assignment of columns 1..=n to n rows in odometer order, by
/// counting k = 0, 1, … n^n − 1 in base n (most significant digit first,
/// digit d as column d + 1): an oracle that shares no code with
/// [`odometer_next`].
fn odometer_order(n: u64) -> Vec<Vec<u64>> {
    (0..n.pow(n as u32))
        .map(|k| {
            (0..n as u32)
                .rev()
                .map(|place| k / n.pow(place) % n + 1)
                .collect()
        })
        .collect()
}

/// Every permutation of 1..=n in `perms`' order: the assignments with n
/// different columns, sorted, then reversed (an oracle that shares no code
/// with [`lex_prev`]).
fn perms_order(n: u64) -> Vec<Vec<u64>> {
    let mut all: Vec<Vec<u64>> = odometer_order(n)
        .into_iter()
        .filter(|c| (1..=n).all(|v| c.contains(&v)))
        .collect();
    all.sort();
    all.reverse();
    all
}

/// Expands the candidates of packed operations, runs included: a run of k
/// stands for the k candidates that follow the last one in `order`.
fn candidates(ops: &[u64], n: usize, order: &[Vec<u64>]) -> Vec<Vec<u64>> {
    let (mut out, mut at): (Vec<Vec<u64>>, usize) = (Vec::new(), 0);
    while at < ops.len() {
        match ops[at] {
            pack::CANDIDATE => {
                out.push(ops[at + 2..at + 2 + n].to_vec());
                at += 2 + n;
            }
            pack::RUN_ODOMETER | pack::RUN_PERMS => {
                let last = out.last().unwrap();
                let i = order.iter().position(|c| c == last).unwrap();
                let k = ops[at + 1] as usize;
                out.extend_from_slice(&order[i + 1..i + 1 + k]);
                at += 2;
            }
            other => panic!("operation {other} in a candidate trace"),
        }
    }
    out
}

#[test]
fn the_page_is_deterministic_and_embeds_every_trace() {
    let html = page(&fixtures(), MAX_BYTES).unwrap();
    assert_eq!(html, page(&fixtures(), MAX_BYTES).unwrap());
    let index = traces::load(&fixtures()).unwrap();
    let shown = embedded(&html);
    assert_eq!(shown.len(), index.len());
    for (t, p) in index.iter().zip(&shown) {
        assert_eq!(p["algo"], t.entry.approach.as_str());
        assert_eq!(p["n"], t.entry.n);
        assert_eq!(p["mode"], t.entry.mode.name());
        assert_eq!(p["seed"], serde_json::to_value(t.entry.seed).unwrap());
        assert_eq!(p["events"], t.entry.events - 2, "{}", t.entry.file);
        assert_eq!(
            (p["solutions"].as_u64(), p["steps"].as_u64()),
            (Some(t.solutions()), Some(t.steps()))
        );
    }
    // The seed's 4-Queens search: 16 placements, 16 removals, 4 dead ends, 2 solutions.
    let ops: Vec<u64> = serde_json::from_value(shown[0]["ops"].clone()).unwrap();
    assert_eq!(&ops[..6], &[pack::PLACE, 1, 1, pack::PLACE, 2, 3]);
    assert_eq!(ops.len(), 16 * 3 * 2 + 4 * 2 + 2 * 3);
}

#[test]
fn the_page_is_self_contained() {
    let html = page(&fixtures(), MAX_BYTES).unwrap();
    for external in [
        "http://", "https://", "src=", "<link", "@import", "url(", "/*@",
    ] {
        assert!(!html.contains(external), "the page holds {external:?}");
    }
    for needed in [
        r#"id="page-errors""#,
        r#"id="board-state""#,
        r#"aria-live="polite""#,
        r#"data-ready="0""#,
    ] {
        assert!(html.contains(needed), "the page lacks {needed}");
    }
    for marker in MARKERS {
        assert_eq!(
            TEMPLATE.matches(marker).count(),
            1,
            "{marker} in the template"
        );
    }
}

#[test]
fn a_page_over_the_bound_is_refused_and_names_the_largest_trace() {
    let e = page(&fixtures(), 10_000).unwrap_err().0;
    assert!(e.contains("over its bound of 0.01 MB"), "{e}");
    assert!(
        e.contains("the largest traces are tabu-search-8-first.jsonl ("),
        "{e}"
    );
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("reports").join(PAGE);
    write_page(&fixtures(), &file, &[], &[]).unwrap();
    let bytes = fs::read(&file).unwrap();
    assert!(bytes.len() < MAX_BYTES);
    assert_eq!(bytes, page(&fixtures(), MAX_BYTES).unwrap().into_bytes());
}

#[test]
fn candidates_in_enumeration_order_pack_into_runs() {
    let dir = tempfile::tempdir().unwrap();
    // generate-and-test at n = 4: the odometer over all 4^4 assignments;
    // permutations at n = 5: perms' reverse lexicographic order.
    let (odometer, perms) = (odometer_order(4), perms_order(5));
    assert_eq!((odometer.len(), perms.len()), (256, 120));
    assert_eq!(
        (&odometer[1], &perms[1]),
        (&vec![1, 1, 1, 2], &vec![5, 4, 3, 1, 2]),
        "hand values"
    );
    let lines = |all: &[Vec<u64>]| all.iter().map(|c| candidate_line(c)).collect::<Vec<_>>();
    let sols = |all: &[Vec<u64>]| all.iter().filter(|c| is_solution(c)).count() as u64;
    let entries = [
        write_trace(
            dir.path(),
            "generate-and-test",
            4,
            "candidate",
            &lines(&odometer),
            (sols(&odometer), 256),
        ),
        write_trace(
            dir.path(),
            "permutations",
            5,
            "candidate",
            &lines(&perms),
            (sols(&perms), 120),
        ),
    ];
    save_index(&dir.path().join(traces::FOLDER), &entries).unwrap();
    let shown = embedded(&page(dir.path(), MAX_BYTES).unwrap());
    for (p, (all, n)) in shown.iter().zip([(&odometer, 4), (&perms, 5)]) {
        let ops: Vec<u64> = serde_json::from_value(p["ops"].clone()).unwrap();
        assert_eq!(&candidates(&ops, n, all), all, "{}", p["algo"]);
        // A solution is written out, the rejected ones between are counted.
        assert!(
            ops.len() < 20 * (sols(all) as usize + 1),
            "{}: {} operations",
            p["algo"],
            ops.len()
        );
        assert_eq!(p["events"], all.len());
    }
}

#[test]
fn errors_name_the_trace_and_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let entry = write_trace(
        dir.path(),
        "attack-board",
        4,
        "place",
        &[
            r#"{"event":"place","row":1,"col":2}"#.into(),
            r#"{"event":"place","row":5,"col":1}"#.into(),
        ],
        (0, 2),
    );
    save_index(&dir.path().join(traces::FOLDER), &[entry]).unwrap();
    let e = page(dir.path(), MAX_BYTES).unwrap_err().0;
    assert!(
        e.ends_with("traces/attack-board-4-count.jsonl:3: row 5 outside 1..=4"),
        "{e}"
    );
}

#[test]
fn a_pair_without_both_whole_halves_is_refused() {
    for (pair, why) in [
        (
            r#"{"event":"pair","task":1,"ok":false,"east":[0,3,0,4]}"#,
            "a pair carries its east and west halves together or neither",
        ),
        (
            r#"{"event":"pair","task":1,"ok":false,"east":[0,3,0],"west":[1,0,2,0]}"#,
            "the east half holds 3 values, not n = 4",
        ),
        (
            r#"{"event":"pair","task":1,"ok":false,"east":[0,3,0,4],"west":[1,0,5,0]}"#,
            "west half 5 outside 0..=4",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let entry = write_trace(dir.path(), "half-join", 4, "pair", &[pair.into()], (0, 1));
        save_index(&dir.path().join(traces::FOLDER), &[entry]).unwrap();
        let e = page(dir.path(), MAX_BYTES).unwrap_err().0;
        assert!(e.ends_with(why), "{e}");
    }
}

#[test]
fn without_traces_the_page_says_how_to_record_them() {
    let dir = tempfile::tempdir().unwrap();
    let html = page(dir.path(), MAX_BYTES).unwrap();
    assert!(embedded(&html).is_empty());
    assert!(html.contains("No traces were recorded"));
}

/// `odometer_next` and `lex_prev` step through the orders the oracles
/// list, from first to last, and end there; plus hand values.
#[test]
fn the_enumeration_orders_match_the_sources() {
    assert_eq!(odometer_next(&[1, 3], 3), Some(vec![2, 1]));
    assert_eq!(odometer_next(&[3, 3], 3), None);
    assert_eq!(lex_prev(&[1, 3, 2]), Some(vec![1, 2, 3]));
    assert_eq!(lex_prev(&[2, 1, 3]), Some(vec![1, 3, 2]));
    assert_eq!(lex_prev(&[1, 2, 3]), None);
    for n in 1..=5 {
        let order = odometer_order(n);
        for pair in order.windows(2) {
            assert_eq!(odometer_next(&pair[0], n).as_ref(), Some(&pair[1]));
        }
        assert_eq!(odometer_next(order.last().unwrap(), n), None, "n = {n}");
        let order = perms_order(n);
        for pair in order.windows(2) {
            assert_eq!(lex_prev(&pair[0]).as_ref(), Some(&pair[1]));
        }
        assert_eq!(lex_prev(order.last().unwrap()), None, "n = {n}");
    }
    // perms' first solution at n = 8, as the permutations crate documents it.
    let mut p = vec![8u64, 7, 6, 5, 4, 3, 2, 1];
    while !is_solution(&p) {
        p = lex_prev(&p).unwrap();
    }
    assert_eq!(p, [8, 4, 1, 3, 6, 2, 7, 5]);
}

/// A trace holding one event of every kind, packed for the page, with
/// the operation codes it packs into.
fn every_event_kind() -> (Value, Vec<u64>) {
    let body: Vec<String> = [
        r#"{"event":"place","row":1,"col":2}"#,
        r#"{"event":"dead-end","depth":1}"#,
        r#"{"event":"remove","row":1,"col":2}"#,
        r#"{"event":"solution","index":1,"weight":8}"#,
        r#"{"event":"candidate","cols":[2,4,1,3],"ok":true}"#,
        r#"{"event":"candidate","cols":[2,4,1,4],"ok":false}"#,
        r#"{"event":"candidate","cols":[2,4,2,1],"ok":false}"#,
        r#"{"event":"candidate","cols":[4,3,2,1],"ok":false}"#,
        r#"{"event":"candidate","cols":[4,3,1,2],"ok":false}"#,
        r#"{"event":"level","depth":2}"#,
        r#"{"event":"partial","list":[4,2]}"#,
        r#"{"event":"pair","task":3,"ok":true,"weight":2}"#,
        r#"{"event":"pair","task":3,"ok":false,"east":[0,3,0,4],"west":[1,0,2,0]}"#,
        r#"{"event":"init","board":[1,2,3,4]}"#,
        r#"{"event":"move","col":2,"from":2,"to":4,"conflicts":1}"#,
        r#"{"event":"move","col":2,"from":4,"to":4,"conflicts":1,"pick":"most"}"#,
        r#"{"event":"move","col":2,"from":4,"to":3,"conflicts":1,"tried":7}"#,
        r#"{"event":"move","col":1,"from":1,"to":1,"conflicts":1,"proposed":2,"temperature":2.5e-1}"#,
        r#"{"event":"move","col":1,"from":1,"to":2,"conflicts":1,"uphill":3,"dh":-1}"#,
        r#"{"event":"move","col":1,"from":2,"to":3,"conflicts":1,"tabu":2,"aspiration":true}"#,
        r#"{"event":"move","col":1,"from":3,"to":1,"conflicts":1,"minima":2,"bumped":5}"#,
        r#"{"event":"swap","rows":[1,3]}"#,
        r#"{"event":"swap","rows":[1,3],"tried":2}"#,
        r#"{"event":"restart","reason":"limit","after":16}"#,
        r#"{"event":"restart","reason":"stuck"}"#,
        r#"{"event":"restart"}"#,
        r#"{"event":"board","board":[2,4,1,3]}"#,
    ]
    .map(String::from)
    .to_vec();
    let dir = tempfile::tempdir().unwrap();
    let entry = write_trace(dir.path(), "attack-board", 4, "place", &body, (2, 1));
    save_index(&dir.path().join(traces::FOLDER), &[entry]).unwrap();
    let shown = embedded(&page(dir.path(), MAX_BYTES).unwrap());
    assert_eq!(shown[0]["events"], body.len());
    let ops: Vec<u64> = serde_json::from_value(shown[0]["ops"].clone()).unwrap();
    // One code per event: a run stands for as many candidates as it counts.
    let (mut at, mut codes) = (0, Vec::new());
    while at < ops.len() {
        let code = ops[at];
        let times = match code {
            pack::RUN_ODOMETER | pack::RUN_PERMS => ops[at + 1] as usize,
            _ => 1,
        };
        codes.extend(std::iter::repeat_n(code, times));
        at += 1 + pack::arg_count(&ops, at, 4).expect("a known code");
    }
    assert_eq!(at, ops.len());
    assert_eq!(codes.len(), body.len());
    let mut once = codes.clone();
    once.sort_unstable();
    once.dedup();
    let all: Vec<u64> = pack::OPS.iter().map(|op| op.code).collect();
    assert_eq!(once, all, "every operation is used");
    (shown[0].clone(), codes)
}

#[test]
fn every_event_kind_packs_into_the_operations_the_page_reads() {
    let (_, codes) = every_event_kind();
    assert_eq!(
        codes,
        [
            0, 2, 1, 3, 4, 5, 5, 4, 6, 7, 8, 13, 22, 9, 10, 15, 16, 17, 19, 20, 21, 11, 18, 12, 12,
            12, 14
        ]
    );
}

#[test]
fn the_table_of_operations_is_indexed_by_code() {
    for (i, op) in pack::OPS.iter().enumerate() {
        assert_eq!(op.code, i as u64, "{}", op.name);
    }
    assert_eq!(pack::arg_count(&[99], 0, 4), None);
    assert_eq!(pack::arg_count(&[pack::PARTIAL, 3, 1, 2, 3], 0, 8), Some(4));
    assert_eq!(pack::arg_count(&[pack::CANDIDATE], 0, 8), Some(9));
    assert_eq!(pack::arg_count(&[pack::PAIR_HALVES], 0, 8), Some(19));
    let script = pack::ops_script();
    assert!(
        script.starts_with(r#"var QUEENS_OPS = [{"name":"PLACE","args":2},"#),
        "{script}"
    );
    assert!(script.contains(r#"{"name":"PARTIAL","args":"1+count"}"#));
    assert_eq!(pack::nanokelvin(0.25), 250_000_000);
}

mod browser;
