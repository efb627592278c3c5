//! `DIR/explore.html`: one self-contained page that steps through the
//! traces of `DIR/data/traces` (see [`crate::data::traces`]), forward, back
//! or playing, with the board as the seed's box trace draws it.
//!
//! The page is a template (`xtask/assets/explore/page.html`) with its style
//! and scripts inlined and every trace embedded as JSON ([`pack`]): no
//! network, no external file, so it works from a `file://` URL. The bytes
//! are a pure function of the traces (index order, no clock), and a page
//! over [`MAX_BYTES`] is refused.
//!
//! The page is scriptable through its URL hash, for tests and for slides:
//! `explore.html#algo=attack-board&n=4&solution=2` opens the trace and jumps
//! to the event of its 2nd solution (also `event=K`, `step=K`, `dead-end=K`,
//! `mode=`, `seed=`, `knobs=`; `selftest=1` replays every trace and checks it
//! against its `end` line, and each panel against the trace). A setting it
//! does not hold is named in `#notice` and replaced by the nearest one it
//! holds (`data-jump="adjusted"`). It shows its state in the DOM: `#explorer`'s
//! `data-` attributes (`data-ready`, `data-algo`, `data-n`, `data-event`,
//! `data-events`, `data-steps`, `data-dead-ends`, `data-solutions`,
//! `data-cols`, `data-finished`, `data-panels`, ...), the board as text in
//! `<pre id="board-state">`, the panels in `<section class="panel"
//! data-panel="id">` ([`SCRIPTS`]' `panels.js` holds their registry), and
//! uncaught script errors in `#page-errors` (`data-count`). What each
//! approach is comes from [`about`]. Beside the board, the search tree so
//! far (`tree.js`, a panel, with the counts of [`tree`] to check it against);
//! `#compare=bitmask,mrv&n=8` steps two approaches side by side
//! (`compare.js`, `by=node` or `by=event`, `at=K` lock-steps taken).
//!
//! The page also holds its engine: the WebAssembly module of
//! crates/explorer-wasm ([`crate::wasm`]), gzip-compressed in base64 in
//! `<script type="application/wasm-base64" id="queens-wasm">`, and its glue
//! `live.js` (`QueensLive.run(args)`, `QueensLive.pack(text)`), which runs
//! `queens --trace` in a worker and packs trace files as [`pack`] does.

pub mod about;
pub mod pack;
pub mod tree;

#[cfg(test)]
mod live_tests;
#[cfg(test)]
mod tests;

use std::fs;
use std::path::Path;

// One trace as the page embeds it: packed, with its tree's facts
// (`queens_trace_pack::embed` makes the same object of a live run).
use queens_trace_pack::Embedded;

use self::tree::Drawing;
use crate::data::traces;
use crate::{Context, Result, bail};

/// The page's file name, inside DIR.
pub const PAGE: &str = "explore.html";

/// The largest page written (5 MiB): above it [`write_page`] refuses.
pub const MAX_BYTES: usize = 5 * 1024 * 1024;

/// The template; its [`MARKERS`] are replaced by the style, the data and the scripts.
const TEMPLATE: &str = include_str!("../../assets/explore/page.html");
/// The page's style sheet.
const STYLE: &str = include_str!("../../assets/explore/explore.css");

/// The style of the tree and of the side-by-side view.
const TREE_STYLE: &str = include_str!("../../assets/explore/tree.css");

/// Decodes the traces and replays their events (`QueensModel`); the page
/// gets it after the table of operations ([`model_script`]).
const MODEL: &str = include_str!("../../assets/explore/model.js");
/// The panels beside the board and their registry (`QueensPanels`).
const PANELS: &str = include_str!("../../assets/explore/panels.js");
/// The local searches' panel: why each move, swap and restart (`QueensLocal`).
const LOCAL: &str = include_str!("../../assets/explore/local.js");
/// The constraint lab's panel: the domains of the rows.
const LAB: &str = include_str!("../../assets/explore/lab.js");

/// The glue of the page's engine (`QueensLive`: live runs and the
/// reader's trace files, in a worker), over the module of [`crate::wasm`].
pub const LIVE: &str = include_str!("../../assets/explore/live.js");

/// The id of the `<script type="application/wasm-base64">` element that
/// holds the engine, gzip-compressed, in base64 (`live.js` reads it).
pub const ENGINE_ID: &str = "queens-wasm";

/// The page's scripts after the model, in the order they run, each in its
/// own `<script>`: a script may use the globals of the ones before it.
const SCRIPTS: [(&str, &str); 8] = [
    // Draws one state: board, counters, path (QueensDraw).
    ("draw.js", include_str!("../../assets/explore/draw.js")),
    ("panels.js", PANELS),
    ("local.js", LOCAL),
    ("lab.js", LAB),
    // The search tree so far, beside the board (a panel, QueensTree).
    ("tree.js", include_str!("../../assets/explore/tree.js")),
    // Two approaches side by side, stepped in lock-step (QueensCompare).
    (
        "compare.js",
        include_str!("../../assets/explore/compare.js"),
    ),
    // The engine's glue (QueensLive), for the controls.
    ("live.js", LIVE),
    // The controls, the keys, the URL hash and the selftest.
    ("view.js", include_str!("../../assets/explore/view.js")),
];

/// The template's markers, in the order they appear.
const MARKERS: [&str; 4] = [
    "/*@STYLE@*/",
    "/*@DATA@*/",
    "/*@ABOUT@*/",
    "<!--@SCRIPTS@-->",
];

/// The model's script as the page holds it: the table of operations
/// ([`pack::ops_script`]) and `model.js`.
pub fn model_script() -> String {
    pack::ops_script() + MODEL
}

/// Writes `out_file`, the step-through page of every trace listed in
/// `data_dir/traces/index.json` (`data_dir` is `DIR/data`), linking the tree
/// `pictures` already drawn beside it (those whose SVG is there). Without traces the page says how to
/// record them. Refuses a page over [`MAX_BYTES`], naming the largest traces.
/// `chapters`: the stems of the course chapters rendered beside it (the
/// page links only to those; empty: not known, every link kept).
pub fn write_page(
    data_dir: &Path,
    out_file: &Path,
    pictures: &[Drawing],
    chapters: &[&str],
) -> Result<()> {
    let dir = out_file.parent().unwrap_or(Path::new(""));
    let html = page_linking(data_dir, pictures, dir, chapters, MAX_BYTES)?;
    if let Some(parent) = out_file.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent).context(|| format!("cannot create {}", parent.display()))?;
    }
    fs::write(out_file, html).context(|| format!("cannot write {}", out_file.display()))
}

/// The page's text without links to pictures, refused when longer than `max_bytes`.
#[cfg(test)]
fn page(data_dir: &Path, max_bytes: usize) -> Result<String> {
    page_linking(data_dir, &[], Path::new(""), &[], max_bytes)
}

/// The page's text, linking those of `pictures` found in `dir` (the page's
/// folder), refused when longer than `max_bytes`.
fn page_linking(
    data_dir: &Path,
    pictures: &[Drawing],
    dir: &Path,
    chapters: &[&str],
    max_bytes: usize,
) -> Result<String> {
    let traces = traces::load(data_dir)?;
    let mut parts = Vec::with_capacity(traces.len());
    for trace in &traces {
        let in_folder = |e: &dyn std::fmt::Display| {
            crate::Error(format!("{}/{}/{e}", data_dir.display(), traces::FOLDER))
        };
        let packed = pack::pack(trace).map_err(|e| in_folder(&e))?;
        let tree = tree::facts(trace, pictures, dir).map_err(|e| in_folder(&e))?;
        let json = serde_json::to_string(&Embedded { packed, tree })
            .context(|| format!("cannot encode the trace {}", trace.entry.file))?;
        parts.push((trace.entry.file.as_str(), json));
    }
    let data = format!(
        "[{}]",
        parts
            .iter()
            .map(|(_, j)| j.as_str())
            .collect::<Vec<_>>()
            .join(",\n")
    );
    // Inside a <script> element no "</script" may appear; '<' only occurs in
    // JSON strings, where \u003c means the same.
    let data = data.replace('<', "\\u003c");
    let about = about::json()?.replace('<', "\\u003c");
    let style = [STYLE, TREE_STYLE].join("\n");
    let model = model_script();
    let engine = crate::wasm::module(&crate::project_root())?;
    let mut scripts = format!(
        "<script type=\"application/wasm-base64\" id=\"{ENGINE_ID}\" \
         data-encoding=\"gzip\">\n{}\n</script>\n",
        base64(&engine)
    );
    if !chapters.is_empty() {
        // The chapters the course beside the page has (a smoke profile's
        // course leaves out those its data lack): view.js links only to them.
        let list =
            serde_json::to_string(chapters).context(|| "cannot encode the chapters".into())?;
        scripts.push_str(&format!(
            "<script>\nvar QUEENS_CHAPTERS = {list};\n</script>\n"
        ));
    }
    scripts.extend(
        std::iter::once(("model.js", model.as_str()))
            .chain(SCRIPTS)
            .map(|(name, text)| format!("<script>\n/* {name} */\n{text}</script>\n")),
    );
    let html = fill(TEMPLATE, &[&style, &data, &about, &scripts])?;
    if html.len() > max_bytes {
        parts.sort_by_key(|(file, json)| (std::cmp::Reverse(json.len()), *file));
        let largest: Vec<String> = parts
            .iter()
            .take(5)
            .map(|(file, json)| format!("{file} ({})", megabytes(json.len())))
            .collect();
        bail!(
            "{PAGE} would take {}, over its bound of {}: the largest traces are {}; \
             record fewer events for them or leave them out of {}/{}/{}",
            megabytes(html.len()),
            megabytes(max_bytes),
            largest.join(", "),
            data_dir.display(),
            traces::FOLDER,
            traces::INDEX
        );
    }
    Ok(html)
}

/// `bytes` in base64 (RFC 4648, with padding), on one line.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let v = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(v >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// A size in MB with two decimals (1 MB = 2^20 bytes).
fn megabytes(bytes: usize) -> String {
    format!("{:.2} MB", bytes as f64 / (1024.0 * 1024.0))
}

/// The template with each of [`MARKERS`] replaced by its value, in one pass
/// (an inserted value is never searched for markers).
fn fill(template: &str, values: &[&str; MARKERS.len()]) -> Result<String> {
    let mut out =
        String::with_capacity(template.len() + values.iter().map(|v| v.len()).sum::<usize>());
    let mut rest = template;
    for (marker, value) in MARKERS.iter().zip(values) {
        let Some(at) = rest.find(marker) else {
            bail!("the page template lacks the marker {marker} (or has it out of order)");
        };
        out.push_str(&rest[..at]);
        out.push_str(value);
        rest = &rest[at + marker.len()..];
    }
    out.push_str(rest);
    Ok(out)
}
