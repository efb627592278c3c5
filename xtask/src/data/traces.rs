//! `DIR/data/traces/`: step-by-step traces of small searches, written by
//! `queens --trace FILE` (JSON Lines, one event per line, rows and columns
//! 1-based) and listed in `index.json`. The box-trace pictures
//! (the `trees` module) and the step-through page read them.
//!
//! This module knows the files' shapes and checks them (the first line is a
//! `start` event that names the index entry's approach, n and mode, the last
//! is an `end` event, the index's event count is the file's); it computes
//! nothing. Errors name the file and the line.

use std::fs;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::{Context, Error, Result, bail};

/// The traces' folder, inside `DIR/data`.
pub const FOLDER: &str = "traces";
/// The index of the traces, inside [`FOLDER`].
pub const INDEX: &str = "index.json";

/// Whether a trace counts every solution or stops at the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Every solution (`queens N`).
    Count,
    /// Up to the first solution (`queens --first N`, and every local search).
    First,
}

impl Mode {
    /// The name used in the files: `count` or `first`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Count => "count",
            Mode::First => "first",
        }
    }
}

/// One entry of `index.json`: one trace file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Approach id.
    pub approach: String,
    /// Board size.
    pub n: usize,
    /// Count or first.
    pub mode: Mode,
    /// The local search's seed (null for the exhaustive searches).
    pub seed: Option<u64>,
    /// The knobs of the run as `queens` takes them (`--order mrv
    /// --propagate forward`), absent for an approach's default settings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knobs: Option<String>,
    /// The file's name, inside [`FOLDER`]: `<approach>-<n>-<mode>.jsonl`,
    /// the knobs' words after the approach when there are knobs.
    pub file: String,
    /// Lines (events) in the file, the `start` and `end` lines included.
    pub events: usize,
}

impl Entry {
    /// The conventional file name of a trace: `<approach>-<n>-<mode>.jsonl`,
    /// or `<approach>-<knob words>-<n>-<mode>.jsonl` with knobs
    /// (`csp-order-mrv-propagate-forward-6-count.jsonl`).
    pub fn file_name(approach: &str, knobs: Option<&str>, n: usize, mode: Mode) -> String {
        let words: Vec<&str> = knobs
            .unwrap_or("")
            .split_whitespace()
            .map(|w| w.trim_start_matches('-'))
            .collect();
        let mut stem = vec![approach];
        stem.extend(words);
        format!("{}-{n}-{}.jsonl", stem.join("-"), mode.name())
    }
}

/// One line of a trace.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// The first line: what ran.
    Start {
        /// Approach id.
        algo: String,
        /// Board size.
        n: usize,
        /// Count or first.
        mode: Mode,
        /// The name of the event that is one of the approach's steps (null:
        /// the approach takes none).
        #[serde(default)]
        step: Option<String>,
        /// What a node of the approach's tree is, in words (null: no tree).
        #[serde(default)]
        node: Option<String>,
    },
    /// The last line: the result.
    End {
        /// Solutions counted (the weighted sum for the symmetry counters) or found.
        solutions: u64,
        /// Steps, as `queens --json` counts them.
        steps: u64,
        /// How a local search that gave up ended (`"local minimum"`,
        /// `"plateau"`, `"stalled"`, `"cooled"`, `"budget spent"`); absent
        /// otherwise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ending: Option<String>,
        /// The attacking pairs of the board such a run ended on (absent
        /// otherwise, and for a search without a complete board).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        h: Option<u64>,
    },
    /// A queen placed (a node of a placement search's tree).
    Place {
        /// Row, 1-based.
        row: u32,
        /// Column, 1-based.
        col: u32,
    },
    /// The queen of the current node removed (the search returns to its parent).
    Remove {
        /// Row, 1-based.
        row: u32,
        /// Column, 1-based.
        col: u32,
    },
    /// The current node, at `depth` < n, has no safe square in its next row
    /// (sent before that node's `remove`).
    DeadEnd {
        /// Queens on the board.
        depth: usize,
    },
    /// The current node is a solution.
    Solution {
        /// Its number, in discovery order.
        index: u64,
        /// The boards it stands for (the symmetry counters: 2, 4 or 8); absent means 1.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weight: Option<u64>,
    },
    /// A complete assignment tested (generate-and-test, permutations).
    Candidate {
        /// The 1-based column of each row.
        cols: Vec<u32>,
        /// Whether it is a solution.
        ok: bool,
    },
    /// The list comprehension starts building the partial lists of this length.
    Level {
        /// Length of the lists built.
        depth: usize,
    },
    /// One partial list built (list comprehension).
    Partial {
        /// Its columns, newest first (the Haskell list's order).
        list: Vec<u32>,
    },
    /// Two half boards compared (half-join).
    Pair {
        /// The task (set of east rows), 1-based.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        task: Option<u64>,
        /// Whether they join into a solution.
        ok: bool,
        /// The solutions a joining pair stands for.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weight: Option<u64>,
    },
    /// A local search's starting board.
    Init {
        /// The 1-based column of each row (or row of each column, as the search keeps it).
        board: Vec<u32>,
    },
    /// A local search moves one queen.
    Move {
        /// The queen's line (the column the min-conflicts queen lives in).
        col: u32,
        /// Where it was, 1-based.
        from: u32,
        /// Where it goes, 1-based.
        to: u32,
        /// Conflicts on the board after the move.
        conflicts: u64,
        /// How min-conflicts drew the queen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pick: Option<Pick>,
        /// Successors drawn for this move (first-choice), this one included.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tried: Option<u64>,
        /// The row proposed, 1-based (annealing; `to` equals `from` when it
        /// was refused).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        proposed: Option<u32>,
        /// The temperature of the iteration (annealing).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        temperature: Option<f64>,
        /// The h-lowering successors the move was drawn among
        /// (stochastic-hill-climbing).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        uphill: Option<u64>,
        /// The change of h of the move drawn (stochastic-hill-climbing).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dh: Option<i64>,
        /// Tabu rows passed over (tabu-search).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tabu: Option<u64>,
        /// Whether the row taken was tabu, allowed by aspiration (tabu-search).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        aspiration: Option<bool>,
        /// Local minima met since the last move (constraint-weighting).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        minima: Option<u64>,
        /// Constraint weights those minima raised by one (constraint-weighting).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bumped: Option<u64>,
    },
    /// A local search swaps the queens of two rows.
    Swap {
        /// The two rows, 1-based.
        rows: [u32; 2],
        /// Partners tried for the first row's queen, the kept one included.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tried: Option<u64>,
    },
    /// A search starts again from a new board.
    Restart {
        /// Why (absent in traces written before reasons were).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<RestartReason>,
        /// The iterations, queens taken or placements of the attempt that
        /// reached its limit (`reason` is `limit`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<u64>,
    },
    /// A board written out whole (explicit construction).
    Board {
        /// The 1-based column of each row.
        board: Vec<u32>,
    },
}

/// How min-conflicts drew the queen it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pick {
    /// Among all attacked queens.
    Random,
    /// Among the most attacked queens.
    Most,
}

/// Why a search restarts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RestartReason {
    /// The attempt reached its limit (the event's `after`).
    Limit,
    /// A climb had no better successor it could take.
    Stuck,
}

/// One trace, read and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// Its entry in `index.json`.
    pub entry: Entry,
    /// Every line of the file, `start` first and `end` last.
    pub events: Vec<Event>,
}

impl Trace {
    /// The `end` line's solutions (counted, or found).
    pub fn solutions(&self) -> u64 {
        match self.events.last() {
            Some(Event::End { solutions, .. }) => *solutions,
            _ => 0,
        }
    }

    /// The `end` line's steps.
    pub fn steps(&self) -> u64 {
        match self.events.last() {
            Some(Event::End { steps, .. }) => *steps,
            _ => 0,
        }
    }

    /// The events between `start` and `end`.
    pub fn body(&self) -> &[Event] {
        let len = self.events.len();
        if len < 2 {
            &[]
        } else {
            &self.events[1..len - 1]
        }
    }
}

/// Parses the text of a trace file: one event per line, a `start` line
/// first and an `end` line last. Errors name `path` and the line.
pub fn parse(path: &Path, text: &str) -> Result<Vec<Event>> {
    let mut events = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = || format!("{}:{}", path.display(), i + 1);
        if line.trim().is_empty() {
            bail!("{}: empty line", at());
        }
        let event: Event = serde_json::from_str(line).map_err(|e| {
            let message = e.to_string();
            let message = message.split(" at line ").next().unwrap_or(&message);
            Error(format!("{}: {message}", at()))
        })?;
        let first = i == 0;
        match (&event, first) {
            (Event::Start { .. }, false) => bail!("{}: a second `start` line", at()),
            (Event::Start { .. }, true) => {}
            (_, true) => bail!("{}: the first line is not a `start` event", at()),
            _ => {}
        }
        if matches!(events.last(), Some(Event::End { .. })) {
            bail!("{}: a line after the `end` line", at());
        }
        events.push(event);
    }
    if events.is_empty() {
        bail!("{}: empty trace (no `start` line)", path.display());
    }
    if !matches!(events.last(), Some(Event::End { .. })) {
        bail!(
            "{}:{}: the last line is not an `end` event (truncated trace?)",
            path.display(),
            events.len()
        );
    }
    Ok(events)
}

/// Reads one trace file and checks it against its index entry.
pub fn read(folder: &Path, entry: &Entry) -> Result<Trace> {
    let path = folder.join(&entry.file);
    let text = fs::read_to_string(&path).context(|| format!("cannot read {}", path.display()))?;
    let events = parse(&path, &text)?;
    if let Some(Event::Start { algo, n, mode, .. }) = events.first()
        && (algo != &entry.approach || *n != entry.n || *mode != entry.mode)
    {
        bail!(
            "{}:1: the trace is of {algo} at n = {n} ({}), the index says {} at n = {} ({})",
            path.display(),
            mode.name(),
            entry.approach,
            entry.n,
            entry.mode.name()
        );
    }
    if events.len() != entry.events {
        bail!(
            "{}: {} events, {} in {INDEX} says {}",
            path.display(),
            events.len(),
            entry.file,
            entry.events
        );
    }
    Ok(Trace {
        entry: entry.clone(),
        events,
    })
}

/// Reads `dir/traces/index.json` and every trace it lists, in its order
/// (`dir` is `DIR/data`). No traces folder means no traces: an empty list.
pub fn load(dir: &Path) -> Result<Vec<Trace>> {
    let folder = dir.join(FOLDER);
    let index = folder.join(INDEX);
    if !index.exists() {
        return Ok(Vec::new());
    }
    let text = fs::read_to_string(&index).context(|| format!("cannot read {}", index.display()))?;
    let entries: Vec<Entry> = serde_json::from_str(&text).map_err(|e| {
        let message = e.to_string();
        let message = message.split(" at line ").next().unwrap_or(&message);
        Error(format!(
            "{}:{}:{}: {message}",
            index.display(),
            e.line(),
            e.column()
        ))
    })?;
    for (i, e) in entries.iter().enumerate() {
        if entries[..i].iter().any(|o| o.file == e.file) {
            bail!("{}: {} is listed twice", index.display(), e.file);
        }
    }
    entries.iter().map(|e| read(&folder, e)).collect()
}

/// Writes `index.json` (pretty JSON, a final newline) into `folder`.
pub fn save_index(folder: &Path, entries: &[Entry]) -> Result<()> {
    let path = folder.join(INDEX);
    let mut text = serde_json::to_string_pretty(entries)
        .context(|| format!("cannot encode {}", path.display()))?;
    text.push('\n');
    fs::write(&path, text).context(|| format!("cannot write {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRACE: &str = r#"{"event":"start","algo":"attack-board","n":4,"mode":"count","step":"place","node":"a queen placement"}
{"event":"place","row":1,"col":1}
{"event":"dead-end","depth":1}
{"event":"remove","row":1,"col":1}
{"event":"solution","index":1,"weight":8}
{"event":"candidate","cols":[2,4,1,3],"ok":true}
{"event":"level","depth":2}
{"event":"partial","list":[4,2]}
{"event":"pair","task":3,"ok":true,"weight":2}
{"event":"init","board":[1,2,3,4]}
{"event":"move","col":2,"from":2,"to":4,"conflicts":1}
{"event":"swap","rows":[1,3]}
{"event":"restart","reason":"limit","after":64}
{"event":"board","board":[2,4,1,3]}
{"event":"end","solutions":2,"steps":16}
"#;

    fn entry(events: usize) -> Entry {
        Entry {
            approach: "attack-board".into(),
            n: 4,
            mode: Mode::Count,
            seed: None,
            knobs: None,
            file: Entry::file_name("attack-board", None, 4, Mode::Count),
            events,
        }
    }

    #[test]
    fn every_event_parses_and_the_index_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join(FOLDER);
        fs::create_dir_all(&folder).unwrap();
        fs::write(folder.join("attack-board-4-count.jsonl"), TRACE).unwrap();
        save_index(&folder, &[entry(15)]).unwrap();
        let traces = load(dir.path()).unwrap();
        assert_eq!(traces.len(), 1);
        let t = &traces[0];
        assert_eq!((t.solutions(), t.steps(), t.body().len()), (2, 16, 13));
        assert_eq!(t.events[2], Event::DeadEnd { depth: 1 });
        assert_eq!(
            t.events[4],
            Event::Solution {
                index: 1,
                weight: Some(8)
            }
        );
        assert_eq!(
            t.events[12],
            Event::Restart {
                reason: Some(RestartReason::Limit),
                after: Some(64)
            }
        );
        // explicit takes no steps and has no tree: null for both.
        let start =
            r#"{"event":"start","algo":"explicit","n":8,"mode":"first","step":null,"node":null}"#;
        let end = r#"{"event":"end","solutions":1,"steps":0}"#;
        let events = parse(Path::new("e.jsonl"), &format!("{start}\n{end}\n")).unwrap();
        // A local search that gave up ends with how, and its h.
        let gave_up = r#"{"event":"end","solutions":0,"steps":2,"ending":"plateau","h":1}"#;
        let event: Event = serde_json::from_str(gave_up).unwrap();
        assert_eq!(
            event,
            Event::End {
                solutions: 0,
                steps: 2,
                ending: Some("plateau".into()),
                h: Some(1)
            }
        );
        assert_eq!(serde_json::to_string(&event).unwrap(), gave_up);
        assert!(matches!(
            &events[0],
            Event::Start {
                step: None,
                node: None,
                ..
            }
        ));
        // Each event writes back to the line it was read from.
        for (line, event) in TRACE.lines().zip(&t.events) {
            let again: Event =
                serde_json::from_str(&serde_json::to_string(event).unwrap()).unwrap();
            assert_eq!(&again, event, "{line}");
        }
    }

    #[test]
    fn errors_name_the_file_and_the_line() {
        let p = Path::new("t.jsonl");
        let bad = TRACE.replace(r#""event":"restart""#, r#""event":"jump""#);
        let e = parse(p, &bad).unwrap_err().0;
        assert!(e.starts_with("t.jsonl:13: unknown variant `jump`"), "{e}");
        let truncated: String = TRACE.lines().take(5).map(|l| format!("{l}\n")).collect();
        let e = parse(p, &truncated).unwrap_err().0;
        assert!(
            e.contains("t.jsonl:5: the last line is not an `end`"),
            "{e}"
        );
        let e = parse(p, &TRACE.replacen("\"row\":1", "\"row\":\"one\"", 1))
            .unwrap_err()
            .0;
        assert!(e.starts_with("t.jsonl:2: invalid type"), "{e}");
        let e = parse(p, "{\"event\":\"end\",\"solutions\":0,\"steps\":0}\n")
            .unwrap_err()
            .0;
        assert!(
            e.contains("t.jsonl:1: the first line is not a `start`"),
            "{e}"
        );
    }

    #[test]
    fn a_trace_must_match_its_index_entry() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join(FOLDER);
        fs::create_dir_all(&folder).unwrap();
        fs::write(folder.join("attack-board-4-count.jsonl"), TRACE).unwrap();
        save_index(&folder, &[entry(14)]).unwrap();
        let e = load(dir.path()).unwrap_err().0;
        assert!(e.contains("15 events") && e.contains("says 14"), "{e}");
        let mut wrong = entry(15);
        wrong.n = 5;
        save_index(&folder, &[wrong]).unwrap();
        let e = load(dir.path()).unwrap_err().0;
        assert!(
            e.contains(":1: the trace is of attack-board at n = 4"),
            "{e}"
        );
        assert!(load(&dir.path().join("nothing")).unwrap().is_empty());
    }
}
