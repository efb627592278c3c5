//! The page's engine (the committed module, through `live.js`, under node)
//! packs a trace file as this crate packs a recorded trace, and refuses a
//! file that is not a whole trace in one line.

use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

use super::*;
use crate::data::traces;

/// Packs each file of `files` (path, name) with the engine's `pack`:
/// `{"ok": packed}` or `{"error": line}` each.
const DRIVER: &str = r#"
const fs = require('fs'), zlib = require('zlib');
const Live = require(process.env.QUEENS_LIVE);
const engine = Live.engine(zlib.gunzipSync(fs.readFileSync(process.env.QUEENS_MODULE)));
const files = JSON.parse(fs.readFileSync(process.env.QUEENS_FILES, 'utf8'));
const out = files.map(function (f) {
  try { return { ok: engine.pack(fs.readFileSync(f[0], 'utf8'), f[1]) }; }
  catch (e) { return { error: e.message }; }
});
fs.writeFileSync(process.env.QUEENS_OUT, JSON.stringify(out));
"#;

/// The traces embedded in a page, as JSON.
fn embedded(html: &str) -> Vec<Value> {
    let open = r#"<script type="application/json" id="trace-data">"#;
    let start = html.find(open).expect("the data element") + open.len();
    let len = html[start..].find("</script>").expect("its end");
    serde_json::from_str(&html[start..start + len]).expect("the data is JSON")
}

/// The engine's answers for `files`, or `None` when node is missing and
/// `QUEENS_SKIP_NODE=1` (outside CI) allows it.
fn engine_pack(files: &[(String, String)]) -> Option<Vec<Value>> {
    let has_node = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_node {
        let asked = std::env::var("QUEENS_SKIP_NODE").is_ok_and(|v| v == "1");
        assert!(
            asked && std::env::var_os("CI").is_none(),
            "`node` is not installed: install Node.js 18 or later to test the explorer's \
             engine, or set QUEENS_SKIP_NODE=1 to skip this test (not in CI)"
        );
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        fs::write(&path, text).unwrap();
        path
    };
    let driver = write("driver.js", DRIVER);
    let list = write("files.json", &serde_json::to_string(files).unwrap());
    let out = dir.path().join("out.json");
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/explore");
    let run = queens_test_support::output(
        Command::new("node")
            .arg(&driver)
            .env("QUEENS_LIVE", assets.join("live.js"))
            .env(
                "QUEENS_MODULE",
                crate::project_root().join(crate::wasm::MODULE),
            )
            .env("QUEENS_FILES", &list)
            .env("QUEENS_OUT", &out),
    );
    assert!(
        run.status.success(),
        "node: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    Some(serde_json::from_str(&fs::read_to_string(&out).unwrap()).unwrap())
}

#[test]
fn the_engine_packs_every_committed_trace_as_the_page_embeds_it() {
    let reports = crate::project_root().join("reports/data");
    let committed = embedded(&page(&reports, MAX_BYTES).unwrap());
    let all = traces::load(&reports).unwrap();
    let folder = reports.join(traces::FOLDER);
    let files: Vec<(String, String)> = all
        .iter()
        .map(|t| {
            let path = folder.join(&t.entry.file);
            (path.display().to_string(), t.entry.file.clone())
        })
        .collect();
    let Some(packed) = engine_pack(&files) else {
        return;
    };
    assert_eq!(packed.len(), committed.len());
    for ((trace, answer), theirs) in all.iter().zip(packed).zip(committed) {
        let file = &trace.entry.file;
        let Some(mut mine) = answer.get("ok").cloned() else {
            panic!("{file}: {answer}");
        };
        // A file says nothing of its seed and knobs: the index does.
        mine["seed"] = serde_json::json!(trace.entry.seed);
        mine["knobs"] = serde_json::json!(trace.entry.knobs);
        assert_eq!(mine, theirs, "{file}");
    }
}

#[test]
fn the_engine_refuses_a_file_that_is_not_a_whole_trace_in_one_line() {
    let reports = crate::project_root().join("reports/data");
    let folder = reports.join(traces::FOLDER);
    let whole = fs::read_to_string(folder.join("attack-board-4-count.jsonl")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        fs::write(&path, text).unwrap();
        (path.display().to_string(), name.to_string())
    };
    let cut: String = whole.lines().take(7).map(|l| format!("{l}\n")).collect();
    let files = [
        write("notes.txt", "Dear diary,\nthe queens were restless.\n"),
        write("cut.jsonl", &cut),
        write("png.jsonl", "\u{89}PNG\r\n\u{1a}\n"),
        write("empty.jsonl", ""),
        write("whole.jsonl", &whole),
    ];
    let Some(answers) = engine_pack(&files) else {
        return;
    };
    let error = |i: usize| {
        let line = answers[i]["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{}: {}", files[i].1, answers[i]))
            .to_string();
        assert!(!line.contains('\n'), "{line}");
        line
    };
    assert!(
        error(0).starts_with("not a trace written by queens --trace")
            && error(0).contains("notes.txt:1"),
        "{}",
        error(0)
    );
    assert_eq!(
        error(1),
        "cut.jsonl:7: the last line is not an `end` event (truncated trace?)"
    );
    assert!(error(2).starts_with("not a trace"), "{}", error(2));
    assert!(error(3).contains("empty trace"), "{}", error(3));
    assert_eq!(answers[4]["ok"]["solutions"], 2);
}

/// The page holds its engine and stays under 2 MB (issue 37's bound; the
/// module adds about 310 KB, gzip-compressed in base64).
#[test]
fn the_page_with_its_engine_stays_under_2_mb() {
    let reports = crate::project_root().join("reports/data");
    let html = page(&reports, MAX_BYTES).unwrap();
    assert!(html.contains(&format!("id=\"{ENGINE_ID}\" data-encoding=\"gzip\"")));
    assert!(html.contains("var QueensLive"));
    assert!(
        html.len() < 2 * 1024 * 1024,
        "explore.html takes {} bytes",
        html.len()
    );
}
