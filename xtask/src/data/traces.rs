//! `DIR/data/traces/`: step-by-step traces of small searches, written by
//! `queens --trace FILE` (JSON Lines, one event per line, rows and columns
//! 1-based) and listed in `index.json`. The box-trace pictures
//! (the `trees` module) and the step-through page read them.
//!
//! This module reads the files and checks them against the index (the
//! `start` line names the index entry's approach, n and mode, the index's
//! event count is the file's); the lines' shapes and their parsing are
//! `queens_trace_pack::trace`'s, shared with the explorer's WebAssembly
//! engine. It computes nothing. Errors name the file and the line.

use std::fs;
use std::path::Path;

use crate::{Context, Error, Result, bail};

/// The traces' folder, inside `DIR/data`.
pub const FOLDER: &str = "traces";
/// The index of the traces, inside [`FOLDER`].
pub const INDEX: &str = "index.json";

pub use queens_trace_pack::trace::{Entry, Event, Mode, Pick, RestartReason, Trace};

/// Parses the text of a trace file ([`queens_trace_pack::trace::parse`]).
/// Errors name `path` and the line.
pub fn parse(path: &Path, text: &str) -> Result<Vec<Event>> {
    Ok(queens_trace_pack::trace::parse(
        &path.display().to_string(),
        text,
    )?)
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
        let events = parse(Path::new("e.jsonl"), &format!("{start}\n{end}\n")).unwrap();
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
