//! queens-trace-pack: what the explorer's page reads of a `queens --trace`
//! file, in one place for `cargo xtask` (the recorded traces embedded in
//! `explore.html`) and the page's WebAssembly engine (live runs and the
//! reader's own files, crates/explorer-wasm): [`trace`] parses and checks
//! the JSON Lines, [`pack`] encodes the events as the page's small
//! integers, [`tree`] rebuilds a search tree, and [`embed`] gives the one
//! JSON object per trace the page holds. No file access: the callers read.

#![warn(missing_docs)]

pub mod pack;
pub mod trace;
pub mod tree;

use std::fmt;

use serde::Serialize;

use crate::trace::{Entry, Event, Trace};

/// An error for people: one line that names the file and line at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// Results of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Returns an [`Error`] built from a format string.
macro_rules! bail {
    ($($arg:tt)*) => {
        return Err($crate::Error(format!($($arg)*)))
    };
}
pub(crate) use bail;

/// A trace's tree as the pictures count it (`None` in [`Embedded`] when
/// the trace makes no tree).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TreeFacts {
    /// Nodes, counted by the course's rule ([`tree::ROOT_IS_A_NODE`]).
    pub nodes: usize,
    /// That rule, which the page's tally and selftest follow.
    pub root_is_a_node: bool,
    /// Nodes marked as dead ends.
    pub dead_ends: usize,
    /// Nodes that are solutions.
    pub solutions: usize,
    /// The committed pictures that draw this trace's approach at its n
    /// (xtask links them; none for a trace made in the page).
    pub pictures: Vec<Link>,
}

/// A picture of `DIR/trees`, addressed from `DIR/explore.html`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Link {
    /// Relative address of the SVG.
    pub href: String,
    /// The picture's title.
    pub title: String,
}

/// One trace as the page embeds it: packed, with its tree's facts.
#[derive(Clone, Debug, Serialize)]
pub struct Embedded {
    /// The description and the events.
    #[serde(flatten)]
    pub packed: pack::Packed,
    /// `None` when the trace makes no tree.
    pub tree: Option<TreeFacts>,
}

/// The facts of `trace`'s tree without pictures (`None` when its events
/// make no tree: the local searches, half-join).
pub fn tree_facts(trace: &Trace) -> Result<Option<TreeFacts>> {
    let Some(tree) = tree::Tree::from_trace(trace)? else {
        return Ok(None);
    };
    Ok(Some(TreeFacts {
        nodes: tree.node_count(),
        root_is_a_node: tree::ROOT_IS_A_NODE,
        dead_ends: tree.nodes.iter().filter(|n| n.dead_end).count(),
        solutions: tree.solutions(),
        pictures: Vec::new(),
    }))
}

/// What a trace made outside the recordings says of itself beyond its
/// lines: its seed and knobs, when the caller knows them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Made {
    /// The seed of the run (`None`: the approach draws no random numbers,
    /// or the caller does not know it).
    pub seed: Option<u64>,
    /// The knobs as `queens` takes them (`--order mrv --propagate arc`).
    pub knobs: Option<String>,
}

/// The text of a trace file (`name` is how errors call it) as the page
/// embeds it: parsed, checked, packed, its tree's facts, as JSON. A text
/// that is not a trace, or a truncated one, is refused in one line that
/// names the line at fault.
pub fn embed(name: &str, text: &str, made: &Made) -> Result<String> {
    let events = trace::parse(name, text).map_err(|e| {
        let first = text.lines().next().unwrap_or("");
        let start =
            serde_json::from_str::<Event>(first).is_ok_and(|e| matches!(e, Event::Start { .. }));
        let line = if start {
            e.0
        } else {
            format!(
                "not a trace written by queens --trace (whose first line is a start event): {}",
                e.0
            )
        };
        Error(one_line(&line))
    })?;
    let Some(Event::Start { algo, n, mode, .. }) = events.first() else {
        bail!("{name}:1: the first line is not a `start` event");
    };
    let trace = Trace {
        entry: Entry {
            approach: algo.clone(),
            n: *n,
            mode: *mode,
            seed: made.seed,
            knobs: made.knobs.clone(),
            file: name.to_string(),
            events: events.len(),
        },
        events,
    };
    let packed = pack::pack(&trace).map_err(|e| Error(one_line(&e.0)))?;
    let tree = tree_facts(&trace).map_err(|e| Error(one_line(&e.0)))?;
    serde_json::to_string(&Embedded { packed, tree }).map_err(|e| Error(e.to_string()))
}

/// `text` on one line (a message the page shows in one line).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
