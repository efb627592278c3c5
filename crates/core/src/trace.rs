//! `queens --trace`: a search written out event by event, as JSON Lines.
//!
//! [`Tracer`] is a [`Probe`]: a search reports its events through the
//! probe's hooks ([`Probe::place`], [`Probe::remove`], [`Probe::candidate`],
//! ...), which every other probe ignores (empty inline functions, so the
//! timed path pays nothing), and the tracer writes one line per event. The
//! choice is made once, at the top ([`crate::Approach::trace`]), never inside
//! a search.
//!
//! # The format
//!
//! One JSON object per line. Rows and columns are 1-based. The first line
//! says what ran, the last what came of it:
//!
//! ```text
//! {"event":"start","algo":"attack-board","n":4,"mode":"count","step":"place","node":"a queen placed on ..."}
//! ...
//! {"event":"end","solutions":2,"steps":16}
//! ```
//!
//! - `start`: `algo` (approach id), `n`, `mode` (`"count"`, or `"first"` for
//!   a run that stops at its first solution and for every find-one
//!   approach; a `-v` listing is a count), `step` (the name of the event
//!   that is one step of the approach, `null` for `explicit`, which takes
//!   none), `node` (what a node of the approach's tree is, its
//!   `node_unit`, or `null` for approaches without one).
//! - `end`: `solutions` (the run's answer: the count, the weighted count for
//!   the symmetry counters, or 0/1 for a first-solution run) and `steps`
//!   (the number of step events written, which is the `steps` that
//!   `queens --json` reports for the same run). A local search that gave
//!   up ([`Refusal::GaveUp`]; its trace is kept) adds `"ending"` (how:
//!   `"local minimum"`, `"plateau"`, `"stalled"`, `"cooled"` or `"budget
//!   spent"`, [`Ending::name`]) and `"h"` (the attacking pairs of the board
//!   the trace ends on; null for `mrv-tuned`, whose board is never
//!   complete).
//!
//! Between them, by approach family:
//!
//! - **Placement searches** (`bitmask`, `bitmask-mirror`,
//!   `bitmask-symmetric`, `attack-board`, `string-regex`, `mrv`,
//!   `mrv-tuned`): `{"event":"place","row":r,"col":c}` (the step) when a
//!   queen is placed; `{"event":"remove","row":r,"col":c}` when it is taken
//!   back; `{"event":"dead-end","depth":d}` just before the `remove` of a
//!   node at depth d < n (d queens on the board) that had no child, i.e. no
//!   safe square in its next row (`mrv`: a row left with no column);
//!   `{"event":"solution","index":k}` when the board is a solution (k: the
//!   solutions found so far, 1-based). `bitmask-mirror` and
//!   `bitmask-symmetric` add `"weight":w`, the solutions that board stands
//!   for (2 for the mirror; 2, 4 or 8 for the symmetries): the indexes count
//!   the boards the walk keeps, the weights add up to the count. A complete
//!   board that `bitmask-symmetric` drops (a turn of it is the one kept) is
//!   placed and removed without a `solution` event. `mrv` places rows in
//!   O'Keefe's order, so `row` is the row least room to move chose. A run
//!   that stops at its first solution writes nothing after that
//!   `solution`: the board is left standing. `mrv-tuned` writes
//!   `{"event":"restart","reason":"limit","after":k}` when it abandons an
//!   attempt after k placements: the board is cleared
//!   (no `remove` events for it) and the search starts again from the empty
//!   board.
//! - `generate-and-test`, `permutations` and `permutations-streaming`:
//!   `{"event":"candidate","cols":[c1,...,cn],"ok":b}` per complete
//!   candidate tested (the step), `ok` when it is a solution.
//! - `list-comprehension` (lazy): `{"event":"partial","list":[c_k,...,c_1]}`
//!   per partial list built (the step), depth first, newest row first; no
//!   levels.
//! - `list-comprehension-strict`: `{"event":"level","depth":d}` before level d
//!   (the lists of d queens) is built, then
//!   `{"event":"partial","list":[c_d,...,c_1]}` per partial list kept (the
//!   step), newest row first as the Haskell program's lists are.
//! - `half-join`: `{"event":"pair","task":t,"ok":b}` per pair of half boards
//!   compared in the final join (the step); `t` is the 1-based task (set of
//!   east rows) in task order; a pair that joins into a solution has
//!   `"ok":true,"weight":w`, w the solutions it stands for through the
//!   reflections of its row sets (the weights add up to the count). Each
//!   pair then carries its two half boards, `"east":[e_1,...,e_n]` and
//!   `"west":[w_1,...,w_n]`: for row i, the 1-based column of that half's
//!   queen, 0 where the half has none (the other half's rows; for odd n
//!   also the middle row, whose queen stands in the middle column
//!   (n + 1) / 2 in every pair). `ok` is false when an east queen and a
//!   west queen share a diagonal.
//! - **Local searches**: `{"event":"init","board":[...]}` first, then per
//!   step `{"event":"move","col":c,"from":r1,"to":r2,"conflicts":k}`
//!   (`min-conflicts-*`: the queen of column c moves from row r1 to row r2,
//!   and k is the number of queens attacking it once it stands there; r2
//!   may equal r1, as in the write-up) or `{"event":"swap","rows":[a,b]}`
//!   (`swap-search`: the queens of rows a and b exchange their columns);
//!   `{"event":"restart","reason":…}` and a new `init` when the search
//!   starts afresh. The hill climbers (`hill-climbing`,
//!   `hill-climbing-sideways`, `random-restart`, `random-restart-sideways`,
//!   `first-choice`) write `move` as `min-conflicts-*` do, r2 never equal to
//!   r1 (a sideways move is a `move` too), and `restart` after each climb
//!   that got stuck. `annealing` writes one `move` per iteration, r2 = r1
//!   when the proposal was refused.
//!   `tabu-search` and `constraint-weighting` write `move` too (tabu
//!   search: r2 = r1 when every row of the queen is tabu).
//!   For `min-conflicts-*`, the hill climbers, `annealing`, `tabu-search`
//!   and `constraint-weighting` `board[i]` is the row of the queen in
//!   column i + 1, as the search holds it; for `swap-search` it is the
//!   column of the queen in row i + 1. Replaying the moves or swaps from
//!   the last `init` gives the final board, as `queens --json` reports it
//!   (`solution`), or, for a run that gave up, the board whose h the `end`
//!   line gives.
//! - `beam` and `genetic`: no `init` and no moves, but one
//!   `{"event":"board","board":[...]}` per generation (the step), the best
//!   board of that generation (lowest h, the first of equals; `beam`: the
//!   goal when it found one), `board[i]` the row of column i + 1's queen;
//!   the last `board` is the board returned, or, for a run that gave up,
//!   the board whose h the `end` line gives.
//!
//!   A `move` or `swap` carries what decided it when the board does not
//!   say it ([`Why`]; the board determines the rest, such as the conflicts
//!   of every square, so a reader recomputes those): `"pick":"random"` or
//!   `"pick":"most"` (`min-conflicts-*`: the queen was drawn among all
//!   attacked queens, or among the most attacked), `"tried":t`
//!   (`first-choice`: successors drawn for this move, itself included;
//!   `swap-search`: partners tried for this queen, the kept one included),
//!   `"proposed":r,"temperature":T` (`annealing`: the row proposed, 1-based,
//!   and the temperature of the iteration, a JSON number to five
//!   significant digits), `"uphill":k,"dh":d` (`stochastic-hill-climbing`:
//!   the move drawn among k h-lowering successors, its change of h d),
//!   `"tabu":k,"aspiration":a` (`tabu-search`: k tabu rows passed over, a
//!   whether the row taken was tabu), `"minima":b,"bumped":k`
//!   (`constraint-weighting`, on a move after local minima: b minima met
//!   since the last move, k weights raised). A `restart`
//!   carries its reason ([`Restart`]): `"reason":"limit","after":k` (the
//!   attempt reached its limit: k iterations for `min-conflicts-*`, k
//!   queens taken for `swap-search`, k placements for `mrv-tuned`) or
//!   `"reason":"stuck"` (a climb with no better successor it may take: a
//!   local minimum, a plateau, or its sideways moves spent).
//! - `explicit`: `{"event":"board","board":[...]}`, the column of the queen
//!   in each row; no step (the same event as `beam`'s and `genetic`'s).
//!
//! # Size
//!
//! A trace holds at most [`MAX_EVENTS`] events between its `start` and
//! `end` lines, an `init` or `board` event of n queens counting as n. Each
//! approach says up to which n it traces ([`TraceInfo`], estimated from
//! its step counts) and larger sizes are refused before the search; a run
//! that passes the bound all the same (a local search with an unlucky seed)
//! stops writing, and [`Tracer::finish`] reports it.

use std::fmt;
use std::io::{self, Write};

use crate::approach::{Ending, Refusal};
use crate::probe::Probe;

/// The most events a trace holds (an `init` or `board` event of n queens
/// counting as n).
pub const MAX_EVENTS: u64 = 10_000_000;

/// The events of a trace between its `start` and `end` lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A queen placed.
    Place,
    /// A queen taken back.
    Remove,
    /// A node with no child, before its `remove`.
    DeadEnd,
    /// A solution on the board.
    Solution,
    /// A complete candidate tested.
    Candidate,
    /// The list comprehension starts a level.
    Level,
    /// A partial list kept.
    Partial,
    /// Two half boards compared.
    Pair,
    /// A local search's starting board.
    Init,
    /// A local search moves a queen.
    Move,
    /// A local search swaps two queens.
    Swap,
    /// A search starts afresh.
    Restart,
    /// A board written whole.
    Board,
}

impl Event {
    /// Every event, in the order of [`Event::index`].
    pub const ALL: [Event; 13] = [
        Event::Place,
        Event::Remove,
        Event::DeadEnd,
        Event::Solution,
        Event::Candidate,
        Event::Level,
        Event::Partial,
        Event::Pair,
        Event::Init,
        Event::Move,
        Event::Swap,
        Event::Restart,
        Event::Board,
    ];

    /// The `"event"` field of its lines.
    pub fn name(self) -> &'static str {
        match self {
            Event::Place => "place",
            Event::Remove => "remove",
            Event::DeadEnd => "dead-end",
            Event::Solution => "solution",
            Event::Candidate => "candidate",
            Event::Level => "level",
            Event::Partial => "partial",
            Event::Pair => "pair",
            Event::Init => "init",
            Event::Move => "move",
            Event::Swap => "swap",
            Event::Restart => "restart",
            Event::Board => "board",
        }
    }

    /// Its position in [`Event::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What decided a local search's next move or swap, when the board does not
/// say it (see the [module docs](self)): the random choices and numbers a
/// reader of the trace cannot recompute.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Why {
    /// `min-conflicts-*`: the queen was drawn among the most attacked queens
    /// (`most`), or among all attacked queens.
    Picked {
        /// Drawn among the most attacked.
        most: bool,
    },
    /// `first-choice`: successors drawn for this move; `swap-search`:
    /// partners tried for this queen (the kept one included in both).
    Tried(u64),
    /// `annealing`: the row proposed (0-based) and the temperature.
    Proposed {
        /// The row proposed for the queen, 0-based.
        row: usize,
        /// The temperature T of the iteration.
        temperature: f64,
    },
    /// `stochastic-hill-climbing`: the uphill (h-lowering) successors the
    /// move was drawn among, and the change of h it made.
    Uphill {
        /// Successors that lower h.
        moves: u64,
        /// The chosen one's change of h (negative).
        delta: i64,
    },
    /// `tabu-search`: rows of the queen's column passed over as tabu, and
    /// whether the row taken was tabu but allowed by aspiration (it gives
    /// the lowest h seen).
    Tabu {
        /// Tabu rows not taken.
        skipped: u32,
        /// The row taken was tabu.
        aspiration: bool,
    },
    /// `constraint-weighting`: the local minima met since the last move
    /// (each a breakout) and the constraint weights they raised by one.
    Breakout {
        /// Local minima met.
        minima: u64,
        /// Weight increments (one per violated pair per minimum).
        bumped: u64,
    },
}

/// Why a search starts afresh (the `restart` event's `reason`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restart {
    /// The attempt reached its limit: this many iterations
    /// (`min-conflicts-*`), queens taken (`swap-search`) or placements
    /// (`mrv-tuned`) since it began.
    Limit(u64),
    /// A climb is stuck: no successor it may take is better (a local
    /// minimum, or a plateau where it may not, or may no longer, move
    /// sideways).
    Stuck,
}

/// Whether a traced run counts (or lists) every solution or stops at the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceMode {
    /// A count, or a `-v` listing.
    Count,
    /// A first-solution run (every find-one approach's run).
    First,
}

impl TraceMode {
    /// The `mode` of the `start` line.
    pub fn name(self) -> &'static str {
        match self {
            TraceMode::Count => "count",
            TraceMode::First => "first",
        }
    }
}

/// How an approach traces: its step event, and the sizes whose traces stay
/// within [`MAX_EVENTS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceInfo {
    /// The event that is one step (`None`: the approach takes no steps).
    pub step: Option<Event>,
    /// The largest n a traced count (or listing) accepts; 0 for find-one
    /// approaches, which cannot count.
    pub count_max_n: usize,
    /// The largest n a traced first-solution run accepts.
    pub first_max_n: usize,
    /// Why the limits are where they are: how many events the sizes beyond
    /// them would write.
    pub reason: &'static str,
}

impl TraceInfo {
    /// The largest n traced in `mode`.
    pub fn max_n(&self, mode: TraceMode) -> usize {
        match mode {
            TraceMode::Count => self.count_max_n,
            TraceMode::First => self.first_max_n,
        }
    }

    /// Refuses a trace of approach `id` at `n` in `mode` that would pass
    /// [`MAX_EVENTS`] ([`Refusal::TraceTooLong`]).
    pub fn check(&self, id: &'static str, n: usize, mode: TraceMode) -> Result<(), Refusal> {
        let limit = self.max_n(mode);
        if n <= limit {
            Ok(())
        } else {
            Err(Refusal::TraceTooLong {
                id,
                n,
                mode,
                limit,
                reason: self.reason,
            })
        }
    }
}

/// What the `start` line says.
#[derive(Clone, Copy, Debug)]
pub struct Start<'a> {
    /// Approach id.
    pub algo: &'a str,
    /// Board size.
    pub n: usize,
    /// Count or first.
    pub mode: TraceMode,
    /// The step event (`None`: no steps).
    pub step: Option<Event>,
    /// What a node is (`None`: no tree).
    pub node: Option<&'a str>,
}

/// Why a trace could not be completed.
#[derive(Debug)]
pub enum TraceError {
    /// Writing failed.
    Io(io::Error),
    /// The run passed [`MAX_EVENTS`]; the rest was not written.
    TooLong {
        /// Events the run produced (boards counting their queens).
        events: u64,
    },
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceError::Io(e) => write!(f, "cannot write the trace: {e}"),
            TraceError::TooLong { events } => write!(
                f,
                "the trace reached {events} events, over the bound of {MAX_EVENTS} a trace may \
                 hold, so it was not kept"
            ),
        }
    }
}

impl std::error::Error for TraceError {}

/// What a finished trace holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Lines written, `start` and `end` included.
    pub lines: u64,
    /// Step events written (the `end` line's `steps`).
    pub steps: u64,
}

/// The tracing probe: writes each event as a JSON line (see the [module
/// docs](self)), and counts the events by kind and the steps the search
/// reports through [`Probe::step`]. A tracer without a writer
/// ([`Tracer::counting`], [`Tracer::default`]) only counts.
///
/// It derives `dead-end` itself: a `remove` that follows its own `place`,
/// with fewer than n queens on the board, closes a node that had no child.
pub struct Tracer {
    out: Option<Box<dyn Write + Send>>,
    n: usize,
    step: Option<Event>,
    /// Events by kind ([`Event::index`]).
    counts: [u64; 13],
    /// Events so far, boards counting their queens.
    size: u64,
    /// Set once `size` passed [`MAX_EVENTS`]: nothing more is written.
    full: bool,
    error: Option<io::Error>,
    /// Queens on the board (placement searches).
    depth: usize,
    /// Whether the last event was a `place`.
    after_place: bool,
    solutions: u64,
    /// Steps reported through [`Probe::step`].
    probe_steps: u64,
    /// The line being written.
    line: Vec<u8>,
    /// What the next `move` or `swap` line carries ([`Probe::why`]).
    why: Option<Why>,
}

impl Default for Tracer {
    /// A tracer that counts events, writes none, for a board of size 0.
    fn default() -> Self {
        Tracer::counting(0, None)
    }
}

impl fmt::Debug for Tracer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tracer")
            .field("writes", &self.out.is_some())
            .field("n", &self.n)
            .field("counts", &self.counts)
            .field("probe_steps", &self.probe_steps)
            .finish_non_exhaustive()
    }
}

impl Tracer {
    /// A tracer writing to `out`; writes the `start` line at once.
    pub fn new(out: Box<dyn Write + Send>, start: &Start<'_>) -> Tracer {
        let mut tracer = Tracer::counting(start.n, start.step);
        tracer.out = Some(out);
        let line = &mut tracer.line;
        line.extend_from_slice(b"{\"event\":\"start\",\"algo\":");
        json_string(line, start.algo);
        let _ = write!(
            line,
            ",\"n\":{},\"mode\":\"{}\",\"step\":",
            start.n,
            start.mode.name()
        );
        match start.step {
            Some(step) => json_string(line, step.name()),
            None => line.extend_from_slice(b"null"),
        }
        line.extend_from_slice(b",\"node\":");
        match start.node {
            Some(node) => json_string(line, node),
            None => line.extend_from_slice(b"null"),
        }
        line.extend_from_slice(b"}\n");
        tracer.flush_line();
        tracer
    }

    /// A tracer that writes nothing and counts the events of a run at `n`
    /// whose step event is `step` (to measure a trace's size).
    pub fn counting(n: usize, step: Option<Event>) -> Tracer {
        Tracer {
            out: None,
            n,
            step,
            counts: [0; 13],
            size: 0,
            full: false,
            error: None,
            depth: 0,
            after_place: false,
            solutions: 0,
            probe_steps: 0,
            line: Vec::with_capacity(256),
            why: None,
        }
    }

    /// Events of `kind` so far.
    pub fn count(&self, kind: Event) -> u64 {
        self.counts[kind.index()]
    }

    /// Events so far (between `start` and `end`).
    pub fn events(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Events so far, an `init` or `board` event of n queens counting as n:
    /// what [`MAX_EVENTS`] bounds.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Step events so far.
    pub fn step_events(&self) -> u64 {
        self.step.map_or(0, |s| self.count(s))
    }

    /// Writes the `end` line (`solutions`: the run's answer) and flushes.
    /// Fails when a write failed or the run passed [`MAX_EVENTS`].
    pub fn finish(self, solutions: u64) -> Result<Summary, TraceError> {
        self.end(solutions, None)
    }

    /// Writes the `end` line of a local search that gave up
    /// ([`Refusal::GaveUp`]): no solution, and `"ending"` (its
    /// [`Ending::name`]) and `"h"` (null without a board) saying how it
    /// ended. Fails as [`Tracer::finish`] does.
    pub fn finish_gave_up(self, ending: Ending, h: Option<u64>) -> Result<Summary, TraceError> {
        self.end(0, Some((ending, h)))
    }

    fn end(
        mut self,
        solutions: u64,
        gave_up: Option<(Ending, Option<u64>)>,
    ) -> Result<Summary, TraceError> {
        if self.full {
            return Err(TraceError::TooLong { events: self.size });
        }
        let steps = self.step_events();
        let _ = write!(
            self.line,
            "{{\"event\":\"end\",\"solutions\":{solutions},\"steps\":{steps}"
        );
        if let Some((ending, h)) = gave_up {
            let _ = write!(self.line, ",\"ending\":\"{}\",\"h\":", ending.name());
            let _ = match h {
                Some(h) => write!(self.line, "{h}"),
                None => write!(self.line, "null"),
            };
        }
        self.line.extend_from_slice(b"}\n");
        self.flush_line();
        if let (Some(out), None) = (self.out.as_mut(), &self.error) {
            if let Err(e) = out.flush() {
                self.error = Some(e);
            }
        }
        if let Some(e) = self.error {
            return Err(TraceError::Io(e));
        }
        Ok(Summary {
            lines: self.events() + 2,
            steps,
        })
    }

    /// Writes `self.line` (if there is a writer and no write failed) and
    /// clears it.
    fn flush_line(&mut self) {
        if let (Some(out), None) = (self.out.as_mut(), &self.error) {
            if let Err(e) = out.write_all(&self.line) {
                self.error = Some(e);
            }
        }
        self.line.clear();
    }

    /// Counts one event of `kind` weighing `weight` and, when it is to be
    /// written, writes `{"event":"<kind>"` + what `fields` appends + `}`.
    #[inline]
    fn emit(&mut self, kind: Event, weight: u64, fields: impl FnOnce(&mut Vec<u8>)) {
        self.counts[kind.index()] += 1;
        self.size += weight;
        if self.size > MAX_EVENTS {
            self.full = true;
        }
        if self.out.is_none() || self.full || self.error.is_some() {
            return;
        }
        self.line.extend_from_slice(b"{\"event\":\"");
        self.line.extend_from_slice(kind.name().as_bytes());
        self.line.push(b'"');
        fields(&mut self.line);
        self.line.extend_from_slice(b"}\n");
        self.flush_line();
    }
}

/// Appends the fields of `why` (1-based rows).
fn why_fields(out: &mut Vec<u8>, why: Option<Why>) {
    let _ = match why {
        None => Ok(()),
        Some(Why::Picked { most }) => {
            write!(
                out,
                ",\"pick\":\"{}\"",
                if most { "most" } else { "random" }
            )
        }
        Some(Why::Tried(k)) => write!(out, ",\"tried\":{k}"),
        // Five significant digits, a JSON number (`5.0000e-1`): enough to
        // say how likely an uphill move was.
        Some(Why::Proposed { row, temperature }) => write!(
            out,
            ",\"proposed\":{},\"temperature\":{temperature:.4e}",
            row + 1
        ),
        Some(Why::Uphill { moves, delta }) => write!(out, ",\"uphill\":{moves},\"dh\":{delta}"),
        Some(Why::Tabu {
            skipped,
            aspiration,
        }) => write!(out, ",\"tabu\":{skipped},\"aspiration\":{aspiration}"),
        Some(Why::Breakout { minima, bumped }) => {
            write!(out, ",\"minima\":{minima},\"bumped\":{bumped}")
        }
    };
}

/// Appends `s` as a JSON string.
fn json_string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    for c in s.chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\n' => out.extend_from_slice(b"\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => {
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out.push(b'"');
}

/// Appends `,"<key>":[v + 1, ...]`.
fn one_based_list(out: &mut Vec<u8>, key: &str, values: impl IntoIterator<Item = u64>) {
    let _ = write!(out, ",\"{key}\":[");
    for (i, v) in values.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let _ = write!(out, "{}", v + 1);
    }
    out.push(b']');
}

impl Probe for Tracer {
    const COUNTS: bool = true;
    const TRACES: bool = true;

    #[inline]
    fn step(&mut self) {
        self.probe_steps += 1;
    }
    #[inline]
    fn steps(&mut self, k: u64) {
        self.probe_steps += k;
    }
    fn total(&self) -> Option<u64> {
        Some(self.probe_steps)
    }
    /// Adds `other`'s steps and event counts (its lines cannot be merged:
    /// a traced count runs its tasks in order into one tracer instead,
    /// see [`crate::count_split`]).
    fn merge(&mut self, other: Self) {
        self.probe_steps += other.probe_steps;
        for (a, b) in self.counts.iter_mut().zip(other.counts) {
            *a += b;
        }
        self.size += other.size;
        self.full |= other.full || self.size > MAX_EVENTS;
    }

    fn place(&mut self, row: usize, col: usize) {
        self.depth += 1;
        self.after_place = true;
        self.emit(Event::Place, 1, |out| {
            let _ = write!(out, ",\"row\":{},\"col\":{}", row + 1, col + 1);
        });
    }

    fn remove(&mut self, row: usize, col: usize) {
        if self.after_place && self.depth < self.n {
            let depth = self.depth;
            self.emit(Event::DeadEnd, 1, |out| {
                let _ = write!(out, ",\"depth\":{depth}");
            });
        }
        self.after_place = false;
        self.depth = self.depth.saturating_sub(1);
        self.emit(Event::Remove, 1, |out| {
            let _ = write!(out, ",\"row\":{},\"col\":{}", row + 1, col + 1);
        });
    }

    fn solution(&mut self, weight: Option<u64>) {
        self.after_place = false;
        self.solutions += 1;
        let index = self.solutions;
        self.emit(Event::Solution, 1, |out| {
            let _ = write!(out, ",\"index\":{index}");
            if let Some(w) = weight {
                let _ = write!(out, ",\"weight\":{w}");
            }
        });
    }

    fn candidate(&mut self, cols: &[u32], ok: bool) {
        self.emit(Event::Candidate, 1, |out| {
            one_based_list(out, "cols", cols.iter().map(|&c| u64::from(c)));
            let _ = write!(out, ",\"ok\":{ok}");
        });
    }

    fn level(&mut self, depth: usize) {
        self.emit(Event::Level, 1, |out| {
            let _ = write!(out, ",\"depth\":{depth}");
        });
    }

    fn partial(&mut self, newest: u8, rest: &[u8]) {
        self.emit(Event::Partial, 1, |out| {
            // The list's columns are 1-based already.
            let list = std::iter::once(newest).chain(rest.iter().copied());
            one_based_list(out, "list", list.map(|c| u64::from(c) - 1));
        });
    }

    fn pair(&mut self, task: usize, ok: bool, weight: u64, east: &[u32], west: &[u32]) {
        self.emit(Event::Pair, 1, |out| {
            let _ = write!(out, ",\"task\":{},\"ok\":{ok}", task + 1);
            if ok {
                let _ = write!(out, ",\"weight\":{weight}");
            }
            // Already 1-based, 0 for a row the half leaves empty.
            for (key, half) in [("east", east), ("west", west)] {
                let _ = write!(out, ",\"{key}\":[");
                for (i, c) in half.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    let _ = write!(out, "{c}");
                }
                out.push(b']');
            }
        });
    }

    fn init(&mut self, board: &[u32]) {
        self.emit(Event::Init, board.len().max(1) as u64, |out| {
            one_based_list(out, "board", board.iter().map(|&c| u64::from(c)));
        });
    }

    fn why(&mut self, why: Why) {
        self.why = Some(why);
    }

    fn moved(&mut self, col: usize, from: usize, to: usize, conflicts: u32) {
        let why = self.why.take();
        self.emit(Event::Move, 1, |out| {
            let _ = write!(
                out,
                ",\"col\":{},\"from\":{},\"to\":{},\"conflicts\":{conflicts}",
                col + 1,
                from + 1,
                to + 1
            );
            why_fields(out, why);
        });
    }

    fn swap(&mut self, a: usize, b: usize) {
        let why = self.why.take();
        self.emit(Event::Swap, 1, |out| {
            let _ = write!(out, ",\"rows\":[{},{}]", a + 1, b + 1);
            why_fields(out, why);
        });
    }

    fn restart(&mut self, reason: Restart) {
        self.depth = 0;
        self.after_place = false;
        self.why = None;
        self.emit(Event::Restart, 1, |out| {
            let _ = match reason {
                Restart::Limit(k) => write!(out, ",\"reason\":\"limit\",\"after\":{k}"),
                Restart::Stuck => write!(out, ",\"reason\":\"stuck\""),
            };
        });
    }

    fn board(&mut self, board: &[u32]) {
        self.emit(Event::Board, board.len().max(1) as u64, |out| {
            one_based_list(out, "board", board.iter().map(|&c| u64::from(c)));
        });
    }
}

/// The trace limits of the row-by-row placement tree that `bitmask`,
/// `attack-board` and `string-regex` all walk: the same events, so the
/// same bounds (measured on `bitmask`).
pub static ROW_BY_ROW: TraceInfo = TraceInfo {
    step: Some(Event::Place),
    count_max_n: 12,
    first_max_n: 29,
    reason: "a trace writes a place and a remove event per queen placement, and a dead-end \
             per node without a child: a count writes 2 027 106 events at n = 12 and \
             11 066 430 at n = 13; a first-solution run writes 7 086 179 at n = 28, \
             3 624 737 at n = 29 and 133 134 264 at n = 30, and the first solution's \
             placements grow erratically beyond",
};

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A writer whose bytes the test can read afterwards (also
    /// `traced.rs`'s tests').
    #[derive(Clone, Default)]
    pub(crate) struct Shared(pub(crate) Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    fn start(n: usize, step: Option<Event>, node: Option<&str>) -> Start<'_> {
        Start {
            algo: "x",
            n,
            mode: TraceMode::Count,
            step,
            node,
        }
    }

    #[test]
    fn writes_every_event_in_its_shape() {
        let out = Shared::default();
        let mut t = Tracer::new(
            Box::new(out.clone()),
            &start(3, Some(Event::Place), Some("a \"node\"\\")),
        );
        t.step();
        t.place(0, 1);
        t.remove(0, 1);
        t.place(2, 0);
        t.solution(Some(8));
        t.solution(None);
        t.candidate(&[0, 2, 1], false);
        t.level(2);
        t.partial(3, &[1]);
        t.pair(0, true, 4, &[0, 3, 0], &[1, 0, 0]);
        t.pair(1, false, 4, &[], &[]);
        t.init(&[1, 0]);
        t.moved(0, 1, 2, 3);
        t.why(Why::Picked { most: true });
        t.moved(0, 2, 2, 1);
        t.why(Why::Proposed {
            row: 3,
            temperature: 0.25,
        });
        t.moved(1, 0, 0, 2);
        t.why(Why::Uphill {
            moves: 7,
            delta: -2,
        });
        t.moved(1, 1, 0, 0);
        t.why(Why::Tabu {
            skipped: 3,
            aspiration: true,
        });
        t.moved(1, 0, 2, 0);
        t.why(Why::Breakout {
            minima: 2,
            bumped: 9,
        });
        t.moved(1, 2, 1, 0);
        t.why(Why::Tried(5));
        t.swap(4, 7);
        t.swap(1, 2);
        t.restart(Restart::Limit(16));
        t.restart(Restart::Stuck);
        t.board(&[]);
        let summary = t.finish(5).unwrap();
        assert_eq!(summary.steps, 2);
        let want = [
            r#"{"event":"start","algo":"x","n":3,"mode":"count","step":"place","node":"a \"node\"\\"}"#,
            r#"{"event":"place","row":1,"col":2}"#,
            r#"{"event":"dead-end","depth":1}"#,
            r#"{"event":"remove","row":1,"col":2}"#,
            r#"{"event":"place","row":3,"col":1}"#,
            r#"{"event":"solution","index":1,"weight":8}"#,
            r#"{"event":"solution","index":2}"#,
            r#"{"event":"candidate","cols":[1,3,2],"ok":false}"#,
            r#"{"event":"level","depth":2}"#,
            r#"{"event":"partial","list":[3,1]}"#,
            r#"{"event":"pair","task":1,"ok":true,"weight":4,"east":[0,3,0],"west":[1,0,0]}"#,
            r#"{"event":"pair","task":2,"ok":false,"east":[],"west":[]}"#,
            r#"{"event":"init","board":[2,1]}"#,
            r#"{"event":"move","col":1,"from":2,"to":3,"conflicts":3}"#,
            r#"{"event":"move","col":1,"from":3,"to":3,"conflicts":1,"pick":"most"}"#,
            r#"{"event":"move","col":2,"from":1,"to":1,"conflicts":2,"proposed":4,"temperature":2.5000e-1}"#,
            r#"{"event":"move","col":2,"from":2,"to":1,"conflicts":0,"uphill":7,"dh":-2}"#,
            r#"{"event":"move","col":2,"from":1,"to":3,"conflicts":0,"tabu":3,"aspiration":true}"#,
            r#"{"event":"move","col":2,"from":3,"to":2,"conflicts":0,"minima":2,"bumped":9}"#,
            r#"{"event":"swap","rows":[5,8],"tried":5}"#,
            r#"{"event":"swap","rows":[2,3]}"#,
            r#"{"event":"restart","reason":"limit","after":16}"#,
            r#"{"event":"restart","reason":"stuck"}"#,
            r#"{"event":"board","board":[]}"#,
            r#"{"event":"end","solutions":5,"steps":2}"#,
        ];
        assert_eq!(out.text(), want.join("\n") + "\n");
        assert_eq!(summary.lines, want.len() as u64);
    }

    #[test]
    fn a_search_that_gave_up_ends_with_its_ending_and_h() {
        for (ending, h, tail) in [
            (
                Ending::LocalMinimum,
                Some(1),
                r#""ending":"local minimum","h":1}"#,
            ),
            (Ending::Budget, None, r#""ending":"budget spent","h":null}"#),
        ] {
            let out = Shared::default();
            let mut t = Tracer::new(Box::new(out.clone()), &start(4, Some(Event::Move), None));
            t.step();
            t.moved(0, 1, 2, 0);
            assert_eq!(t.finish_gave_up(ending, h).unwrap().steps, 1);
            let text = out.text();
            let last = text.lines().last().unwrap();
            assert_eq!(
                last,
                format!(r#"{{"event":"end","solutions":0,"steps":1,{tail}"#)
            );
        }
    }

    #[test]
    fn no_step_and_no_node_are_null() {
        let out = Shared::default();
        let t = Tracer::new(Box::new(out.clone()), &start(1, None, None));
        assert_eq!(t.finish(1).unwrap().steps, 0);
        assert_eq!(
            out.text(),
            "{\"event\":\"start\",\"algo\":\"x\",\"n\":1,\"mode\":\"count\",\"step\":null,\
             \"node\":null}\n{\"event\":\"end\",\"solutions\":1,\"steps\":0}\n"
        );
    }

    #[test]
    fn a_dead_end_is_a_remove_right_after_its_place_below_depth_n() {
        let mut t = Tracer::counting(2, Some(Event::Place));
        t.place(0, 0);
        t.remove(0, 0); // depth 1 < 2, no child: a dead end
        t.place(0, 1);
        t.place(1, 0);
        t.remove(1, 0); // depth 2 = n: a complete board, not a dead end
        t.remove(0, 1); // had a child
        t.place(0, 0);
        t.restart(Restart::Limit(3)); // the board is cleared
        t.place(0, 0);
        t.remove(0, 0); // a dead end again
        assert_eq!(t.count(Event::DeadEnd), 2);
        assert_eq!(t.step_events(), 5);
        assert_eq!(t.count(Event::Remove), 4);
        assert_eq!(t.events(), 5 + 4 + 2 + 1);
    }

    #[test]
    fn a_trace_past_the_bound_stops_writing_and_fails() {
        let out = Shared::default();
        let mut t = Tracer::new(Box::new(out.clone()), &start(4, Some(Event::Swap), None));
        t.init(&vec![0; (MAX_EVENTS - 1) as usize]);
        t.swap(0, 1);
        let written = out.text().len();
        t.swap(1, 2);
        assert_eq!(out.text().len(), written, "nothing written past the bound");
        assert_eq!(t.size(), MAX_EVENTS + 1);
        match t.finish(1) {
            Err(TraceError::TooLong { events }) => assert_eq!(events, MAX_EVENTS + 1),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_failed_write_is_reported_at_the_end() {
        struct Broken;
        impl Write for Broken {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::other("disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut t = Tracer::new(Box::new(Broken), &start(4, Some(Event::Place), None));
        t.place(0, 0);
        let e = t.finish(0).unwrap_err();
        assert!(e.to_string().contains("disk full"), "{e}");
    }

    #[test]
    fn limits_refuse_larger_sizes_by_mode() {
        let info = TraceInfo {
            step: Some(Event::Place),
            count_max_n: 12,
            first_max_n: 29,
            reason: "why",
        };
        assert!(info.check("x", 12, TraceMode::Count).is_ok());
        assert!(info.check("x", 29, TraceMode::First).is_ok());
        let e = info.check("x", 13, TraceMode::Count).unwrap_err();
        assert!(
            matches!(e, Refusal::TraceTooLong { limit: 12, .. }),
            "{e:?}"
        );
        let text = e.to_string();
        assert!(text.contains("10000000") && text.contains("why"), "{text}");
        assert!(info.check("x", 30, TraceMode::First).is_err());
    }
}
