//! The lines of a `queens --trace` file (JSON Lines, one event per line,
//! rows and columns 1-based), read and checked: the first line is a `start`
//! event, the last an `end` event. Errors name the file and the line.
//! The recorded traces' index entry ([`Entry`]) lives here too; reading
//! files is the caller's (xtask's `data::traces`).

use serde::{Deserialize, Serialize};

use crate::{Error, Result, bail};

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
        /// The east half board: for each row, the 1-based column of its
        /// queen, 0 where it has none (absent in traces written before the
        /// halves were).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        east: Option<Vec<u32>>,
        /// The west half board, as `east`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        west: Option<Vec<u32>>,
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
/// first and an `end` line last. Errors name the file (`name`) and the line.
pub fn parse(name: &str, text: &str) -> Result<Vec<Event>> {
    let mut events = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = || format!("{name}:{}", i + 1);
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
        bail!("{name}: empty trace (no `start` line)");
    }
    if !matches!(events.last(), Some(Event::End { .. })) {
        bail!(
            "{name}:{}: the last line is not an `end` event (truncated trace?)",
            events.len()
        );
    }
    Ok(events)
}
