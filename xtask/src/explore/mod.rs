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
//! `mode=`, `seed=`, `knobs=`; `selftest=1` replays every trace, checks it
//! against its `end` line and runs each panel's own check of it). It shows its state in the DOM: `#explorer`'s `data-`
//! attributes (`data-ready`, `data-algo`, `data-n`, `data-event`,
//! `data-events`, `data-steps`, `data-dead-ends`, `data-solutions`,
//! `data-cols`, ...), the board as text in `<pre id="board-state">`, and
//! uncaught script errors in `#page-errors` (`data-count`).

pub mod pack;

#[cfg(test)]
mod tests;

use std::fs;
use std::path::Path;

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
/// The script that decodes the traces and replays their events.
const MODEL: &str = include_str!("../../assets/explore/model.js");
/// The script that draws one state: board, counters, path.
const DRAW: &str = include_str!("../../assets/explore/draw.js");
/// The panel registry (`QueensPanels`): the panels beside the board.
const PANELS: &str = include_str!("../../assets/explore/panels.js");
/// The local searches' panel: why each move, swap and restart.
const LOCAL: &str = include_str!("../../assets/explore/local.js");
/// The constraint lab's panel: the domains of the rows.
const LAB: &str = include_str!("../../assets/explore/lab.js");
/// The script that handles the controls, the URL hash and the selftest.
const VIEW: &str = include_str!("../../assets/explore/view.js");

/// The template's markers, in the order they appear.
const MARKERS: [&str; 8] = [
    "/*@STYLE@*/",
    "/*@DATA@*/",
    "/*@MODEL@*/",
    "/*@DRAW@*/",
    "/*@PANELS@*/",
    "/*@LOCAL@*/",
    "/*@LAB@*/",
    "/*@VIEW@*/",
];

/// The model's script as the page holds it: the table of operations
/// ([`pack::ops_script`]) and `model.js`.
pub fn model_script() -> String {
    pack::ops_script() + MODEL
}

/// Writes `out_file`, the step-through page of every trace listed in
/// `data_dir/traces/index.json` (`data_dir` is `DIR/data`). Without traces
/// the page says how to record them. Refuses a page over [`MAX_BYTES`],
/// naming the largest traces.
pub fn write_page(data_dir: &Path, out_file: &Path) -> Result<()> {
    let html = page(data_dir, MAX_BYTES)?;
    if let Some(parent) = out_file.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent).context(|| format!("cannot create {}", parent.display()))?;
    }
    fs::write(out_file, html).context(|| format!("cannot write {}", out_file.display()))
}

/// The page's text, refused when longer than `max_bytes`.
fn page(data_dir: &Path, max_bytes: usize) -> Result<String> {
    let traces = traces::load(data_dir)?;
    let mut parts = Vec::with_capacity(traces.len());
    for trace in &traces {
        let packed = pack::pack(trace)
            .map_err(|e| crate::Error(format!("{}/{}/{e}", data_dir.display(), traces::FOLDER)))?;
        let json = serde_json::to_string(&packed)
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
    let model = model_script();
    let html = fill(
        TEMPLATE,
        &[STYLE, &data, &model, DRAW, PANELS, LOCAL, LAB, VIEW],
    )?;
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
