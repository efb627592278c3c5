//! One trace, packed for the explorer's page: its description and
//! its events as one flat array of small integers (an operation code, then
//! that operation's arguments), about a sixth of the JSON Lines' size.
//!
//! Runs of rejected candidates that follow the approach's own enumeration
//! order (generate-and-test's odometer, `perms`' reverse lexicographic
//! order) are stored as a count: the page regenerates each candidate from
//! the one before, exactly as [`odometer_next`] and [`lex_prev`] do here,
//! and a candidate is folded into a run only when it *is* that successor.
//!
//! [`OPS`] is the one table of the operations and their arguments: the page
//! gets it as `QUEENS_OPS` ([`ops_script`]), so the page's decoder and
//! this packer cannot disagree.

use serde::Serialize;

use crate::trace::{Event, Pick, RestartReason, Trace};
use crate::{Error, Result, bail};

/// `place r c`: a queen placed on row r, column c (1-based).
pub const PLACE: u64 = 0;
/// `remove r c`: that queen removed.
pub const REMOVE: u64 = 1;
/// `dead-end d`: the node with d queens has no child.
pub const DEAD_END: u64 = 2;
/// `solution k w`: the k-th solution, standing for w boards (0: not given).
pub const SOLUTION: u64 = 3;
/// `candidate ok c1..cn`: a complete assignment tested (ok is 0 or 1).
pub const CANDIDATE: u64 = 4;
/// `run k`: k rejected candidates, each the odometer successor of the one before.
pub const RUN_ODOMETER: u64 = 5;
/// `run k`: k rejected candidates, each the lexicographic predecessor of the one before.
pub const RUN_PERMS: u64 = 6;
/// `level d`: the list comprehension starts the lists of length d.
pub const LEVEL: u64 = 7;
/// `partial len c_newest..c_oldest`: one partial list kept.
pub const PARTIAL: u64 = 8;
/// `init b1..bn`: a local search's starting board.
pub const INIT: u64 = 9;
/// `move c from to conflicts`: the queen of line c moves.
pub const MOVE: u64 = 10;
/// `swap a b`: the queens of rows a and b exchange columns.
pub const SWAP: u64 = 11;
/// `restart why after`: a search starts again (a local search's new `init`
/// follows); why is 0 (not given), [`LIMIT`] (the attempt reached its limit
/// of `after` iterations, queens taken or placements) or [`STUCK`] (a climb
/// with no better successor it may take; after is 0).
pub const RESTART: u64 = 12;
/// `pair ok w t`: two half boards of task t compared (0: not given); a join
/// stands for w solutions (0: not given).
pub const PAIR: u64 = 13;
/// `pair ok w t e1..en w1..wn`: [`PAIR`] with its two half boards, for
/// each row the column of the east half's queen (0: none), then the west's.
pub const PAIR_HALVES: u64 = 22;
/// `board c1..cn`: a board written out whole.
pub const BOARD: u64 = 14;
/// `move c from to conflicts pick`: a min-conflicts move, its queen drawn
/// among all attacked queens (pick 0) or among the most attacked (1).
pub const MOVE_PICKED: u64 = 15;
/// `move c from to conflicts tried`: a first-choice move found after
/// `tried` successors drawn.
pub const MOVE_TRIED: u64 = 16;
/// `move c from to conflicts proposed nanokelvin`: an annealing iteration
/// that proposed row `proposed` at temperature T = nanokelvin × 10⁻⁹
/// (to = from: refused).
pub const MOVE_PROPOSED: u64 = 17;
/// `swap a b tried`: a swap kept after `tried` partners tried.
pub const SWAP_TRIED: u64 = 18;
/// `move c from to conflicts uphill fall`: a stochastic hill-climbing move
/// drawn among `uphill` h-lowering successors, lowering h by `fall`.
pub const MOVE_UPHILL: u64 = 19;
/// `move c from to conflicts skipped aspiration`: a tabu-search iteration
/// that passed over `skipped` tabu rows; aspiration 1: the row taken was
/// tabu, allowed as it gives the lowest h seen (to = from: all rows tabu).
pub const MOVE_TABU: u64 = 20;
/// `move c from to conflicts minima bumped`: a constraint-weighting move
/// after `minima` local minima that raised `bumped` weights by one.
pub const MOVE_BREAKOUT: u64 = 21;

/// [`RESTART`]'s reason: the attempt reached its limit.
pub const LIMIT: u64 = 1;
/// [`RESTART`]'s reason: a climb is stuck.
pub const STUCK: u64 = 2;

/// How many arguments follow an operation's code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Args {
    /// This many.
    Fixed(usize),
    /// n (a board).
    N,
    /// 1 + n (a flag, then a board).
    OnePlusN,
    /// 1 + the first argument (a length, then a list that long).
    Counted,
    /// 3 + 2n (three numbers, then two boards).
    ThreePlusTwoN,
}

/// One operation of the packed format.
#[derive(Clone, Copy, Debug)]
pub struct Op {
    /// Its code, its index in [`OPS`].
    pub code: u64,
    /// Its name in the page's script (`QueensModel.OP.<name>`).
    pub name: &'static str,
    /// Its arguments.
    pub args: Args,
}

/// Every operation, by code: the table the page decodes with.
pub const OPS: [Op; 23] = [
    op(PLACE, "PLACE", Args::Fixed(2)),
    op(REMOVE, "REMOVE", Args::Fixed(2)),
    op(DEAD_END, "DEAD_END", Args::Fixed(1)),
    op(SOLUTION, "SOLUTION", Args::Fixed(2)),
    op(CANDIDATE, "CANDIDATE", Args::OnePlusN),
    op(RUN_ODOMETER, "RUN_ODOMETER", Args::Fixed(1)),
    op(RUN_PERMS, "RUN_PERMS", Args::Fixed(1)),
    op(LEVEL, "LEVEL", Args::Fixed(1)),
    op(PARTIAL, "PARTIAL", Args::Counted),
    op(INIT, "INIT", Args::N),
    op(MOVE, "MOVE", Args::Fixed(4)),
    op(SWAP, "SWAP", Args::Fixed(2)),
    op(RESTART, "RESTART", Args::Fixed(2)),
    op(PAIR, "PAIR", Args::Fixed(3)),
    op(BOARD, "BOARD", Args::N),
    op(MOVE_PICKED, "MOVE_PICKED", Args::Fixed(5)),
    op(MOVE_TRIED, "MOVE_TRIED", Args::Fixed(5)),
    op(MOVE_PROPOSED, "MOVE_PROPOSED", Args::Fixed(6)),
    op(SWAP_TRIED, "SWAP_TRIED", Args::Fixed(3)),
    op(MOVE_UPHILL, "MOVE_UPHILL", Args::Fixed(6)),
    op(MOVE_TABU, "MOVE_TABU", Args::Fixed(6)),
    op(MOVE_BREAKOUT, "MOVE_BREAKOUT", Args::Fixed(6)),
    op(PAIR_HALVES, "PAIR_HALVES", Args::ThreePlusTwoN),
];

/// Two fields that come together (a move's decision and its number): both
/// or neither.
fn both<A, B>(a_name: &str, a: Option<A>, b_name: &str, b: Option<B>) -> Result<Option<(A, B)>> {
    match (a, b) {
        (Some(a), Some(b)) => Ok(Some((a, b))),
        (None, None) => Ok(None),
        _ => bail!("a move carries {a_name} and {b_name} together or neither"),
    }
}

const fn op(code: u64, name: &'static str, args: Args) -> Op {
    Op { code, name, args }
}

/// The arguments after the operation code at `ops[at]` in a trace of size
/// n; `None` for an unknown code.
pub fn arg_count(ops: &[u64], at: usize, n: usize) -> Option<usize> {
    let op = OPS.get(usize::try_from(ops[at]).ok()?)?;
    Some(match op.args {
        Args::Fixed(k) => k,
        Args::N => n,
        Args::OnePlusN => 1 + n,
        Args::Counted => 1 + usize::try_from(*ops.get(at + 1)?).ok()?,
        Args::ThreePlusTwoN => 3 + 2 * n,
    })
}

/// `var QUEENS_OPS = [...];`: [`OPS`] for the page's model, one entry per
/// code, `{"name": ..., "args": k}` with k a number or `"n"`, `"1+n"`,
/// `"1+count"`, `"3+2n"`.
pub fn ops_script() -> String {
    let entries: Vec<String> = OPS
        .iter()
        .map(|op| {
            let args = match op.args {
                Args::Fixed(k) => k.to_string(),
                Args::N => "\"n\"".into(),
                Args::OnePlusN => "\"1+n\"".into(),
                Args::Counted => "\"1+count\"".into(),
                Args::ThreePlusTwoN => "\"3+2n\"".into(),
            };
            format!("{{\"name\":\"{}\",\"args\":{args}}}", op.name)
        })
        .collect();
    format!("var QUEENS_OPS = [{}];\n", entries.join(","))
}

/// A temperature in units of 10⁻⁹ (the page's integers), rounded.
pub fn nanokelvin(temperature: f64) -> u64 {
    (temperature * 1e9).round() as u64
}

/// A trace as the page reads it (field names are the page's).
#[derive(Clone, Debug, Serialize)]
pub struct Packed {
    /// Approach id.
    pub algo: String,
    /// Board size.
    pub n: usize,
    /// `count` or `first`.
    pub mode: &'static str,
    /// The local search's seed.
    pub seed: Option<u64>,
    /// The knobs of the run (`--order mrv --propagate forward`), if not
    /// the approach's defaults.
    pub knobs: Option<String>,
    /// The name of the event that is one step (none: the approach takes none).
    pub step: Option<String>,
    /// What a node is, in words (none: no tree).
    pub node: Option<String>,
    /// The `end` line's solutions.
    pub solutions: u64,
    /// The `end` line's steps.
    pub steps: u64,
    /// Events between `start` and `end`, runs counted one per candidate.
    pub events: u64,
    /// The events, encoded (see the operation codes of this module).
    pub ops: Vec<u64>,
}

/// The odometer's next assignment (the last row is the fastest digit,
/// columns 1..=n), or `None` after the last.
pub fn odometer_next(cols: &[u64], n: u64) -> Option<Vec<u64>> {
    let mut next = cols.to_vec();
    for i in (0..next.len()).rev() {
        if next[i] < n {
            next[i] += 1;
            return Some(next);
        }
        next[i] = 1;
    }
    None
}

/// The previous permutation in lexicographic order (the next one in
/// `perms`' reverse lexicographic order), or `None` before the first.
pub fn lex_prev(cols: &[u64]) -> Option<Vec<u64>> {
    let len = cols.len();
    let i = (0..len.saturating_sub(1))
        .rev()
        .find(|&i| cols[i] > cols[i + 1])?;
    let j = (i + 1..len).rev().find(|&j| cols[j] < cols[i])?;
    let mut prev = cols.to_vec();
    prev.swap(i, j);
    prev[i + 1..].reverse();
    Some(prev)
}

/// Packs the events of one trace, checking that every row, column and
/// board fits the trace's n (errors name the file and line).
pub fn pack(trace: &Trace) -> Result<Packed> {
    let entry = &trace.entry;
    let n = entry.n;
    let (step, node) = match trace.events.first() {
        Some(Event::Start { step, node, .. }) => (step.clone(), node.clone()),
        _ => (None, None),
    };
    let mut p = Packer {
        n: n as u64,
        ops: Vec::new(),
        prev: None,
        run: None,
    };
    for (i, event) in trace.body().iter().enumerate() {
        // Line numbers are 1-based and the body starts on line 2.
        p.event(event)
            .map_err(|what| Error(format!("{}:{}: {what}", entry.file, i + 2)))?;
    }
    Ok(Packed {
        algo: entry.approach.clone(),
        n,
        mode: entry.mode.name(),
        seed: entry.seed,
        knobs: entry.knobs.clone(),
        step,
        node,
        solutions: trace.solutions(),
        steps: trace.steps(),
        events: trace.body().len() as u64,
        ops: p.ops,
    })
}

/// The packing state: the operations so far and the open run of candidates.
struct Packer {
    n: u64,
    ops: Vec<u64>,
    /// The last candidate, which the next one may follow.
    prev: Option<Vec<u64>>,
    /// The open run: its code and the index of its count in `ops`.
    run: Option<(u64, usize)>,
}

impl Packer {
    /// A value that must lie in `lo..=n`.
    fn fit(&self, what: &str, v: u64, lo: u64) -> Result<u64> {
        if v < lo || v > self.n {
            bail!("{what} {v} outside {lo}..={}", self.n);
        }
        Ok(v)
    }

    /// A list of squares: `len` values in 1..=n (any length when `len` is None).
    fn line(&self, what: &str, list: &[u32], len: Option<usize>) -> Result<Vec<u64>> {
        if let Some(len) = len
            && list.len() != len
        {
            bail!("{what} holds {} values, not n = {len}", list.len());
        }
        if list.len() as u64 > self.n {
            bail!(
                "{what} holds {} values, more than n = {}",
                list.len(),
                self.n
            );
        }
        list.iter().map(|&v| self.fit(what, v.into(), 1)).collect()
    }

    fn push(&mut self, code: u64, args: &[u64]) {
        self.ops.push(code);
        self.ops.extend_from_slice(args);
    }

    fn event(&mut self, event: &Event) -> Result<()> {
        if !matches!(event, Event::Candidate { .. }) {
            self.run = None;
        }
        let n = self.n as usize;
        match event {
            Event::Start { .. } | Event::End { .. } => {
                bail!("a `start` or `end` line inside the trace")
            }
            Event::Place { row, col } | Event::Remove { row, col } => {
                let code = if matches!(event, Event::Place { .. }) {
                    PLACE
                } else {
                    REMOVE
                };
                let r = self.fit("row", (*row).into(), 1)?;
                let c = self.fit("column", (*col).into(), 1)?;
                self.push(code, &[r, c]);
            }
            Event::DeadEnd { depth } => {
                let d = self.fit("depth", *depth as u64, 0)?;
                self.push(DEAD_END, &[d]);
            }
            Event::Solution { index, weight } => {
                self.push(SOLUTION, &[*index, weight.unwrap_or(0)]);
            }
            Event::Candidate { cols, ok } => {
                let cols = self.line("candidate", cols, Some(n))?;
                self.candidate(cols, *ok);
            }
            Event::Level { depth } => {
                let d = self.fit("level", *depth as u64, 0)?;
                self.push(LEVEL, &[d]);
            }
            Event::Partial { list } => {
                let list = self.line("partial list", list, None)?;
                self.push(PARTIAL, &[list.len() as u64]);
                self.ops.extend(list);
            }
            Event::Pair {
                ok,
                weight,
                task,
                east,
                west,
            } => {
                let (w, t) = (weight.unwrap_or(0), task.unwrap_or(0));
                match (east, west) {
                    (None, None) => self.push(PAIR, &[u64::from(*ok), w, t]),
                    (Some(east), Some(west)) => {
                        let mut args = vec![u64::from(*ok), w, t];
                        for (what, half) in [("east half", east), ("west half", west)] {
                            if half.len() != n {
                                bail!("the {what} holds {} values, not n = {n}", half.len());
                            }
                            for &c in half {
                                args.push(self.fit(what, c.into(), 0)?);
                            }
                        }
                        self.push(PAIR_HALVES, &args);
                    }
                    _ => bail!("a pair carries its east and west halves together or neither"),
                }
            }
            Event::Init { board } | Event::Board { board } => {
                let code = if matches!(event, Event::Init { .. }) {
                    INIT
                } else {
                    BOARD
                };
                let board = self.line("board", board, Some(n))?;
                self.push(code, &board);
            }
            Event::Move {
                col,
                from,
                to,
                conflicts,
                pick,
                tried,
                proposed,
                temperature,
                uphill,
                dh,
                tabu,
                aspiration,
                minima,
                bumped,
            } => {
                let c = self.fit("column", (*col).into(), 1)?;
                let f = self.fit("row", (*from).into(), 1)?;
                let t = self.fit("row", (*to).into(), 1)?;
                let args = [c, f, t, *conflicts];
                let proposed = both("proposed", *proposed, "temperature", *temperature)?;
                let uphill = both("uphill", *uphill, "dh", *dh)?;
                let tabu = both("tabu", *tabu, "aspiration", *aspiration)?;
                let breakout = both("minima", *minima, "bumped", *bumped)?;
                let decisions = [
                    pick.is_some(),
                    tried.is_some(),
                    proposed.is_some(),
                    uphill.is_some(),
                    tabu.is_some(),
                    breakout.is_some(),
                ];
                if decisions.iter().filter(|&&d| d).count() > 1 {
                    bail!(
                        "a move carries one decision at most: pick, tried, proposed with \
                         temperature, uphill with dh, tabu with aspiration, or minima with bumped"
                    );
                }
                if let Some(pick) = pick {
                    self.push(MOVE_PICKED, &args);
                    self.ops.push(u64::from(*pick == Pick::Most));
                } else if let Some(tried) = tried {
                    self.push(MOVE_TRIED, &args);
                    self.ops.push(*tried);
                } else if let Some((row, temperature)) = proposed {
                    let row = self.fit("proposed row", row.into(), 1)?;
                    if !(temperature.is_finite() && temperature >= 0.0) {
                        bail!("temperature {temperature} is not a number >= 0");
                    }
                    self.push(MOVE_PROPOSED, &args);
                    self.ops.extend([row, nanokelvin(temperature)]);
                } else if let Some((k, dh)) = uphill {
                    if dh >= 0 || k == 0 {
                        bail!("a stochastic climb's move lowers h (dh {dh}, {k} uphill moves)");
                    }
                    self.push(MOVE_UPHILL, &args);
                    self.ops.extend([k, dh.unsigned_abs()]);
                } else if let Some((skipped, aspiration)) = tabu {
                    self.push(MOVE_TABU, &args);
                    self.ops.extend([skipped, u64::from(aspiration)]);
                } else if let Some((minima, bumped)) = breakout {
                    self.push(MOVE_BREAKOUT, &args);
                    self.ops.extend([minima, bumped]);
                } else {
                    self.push(MOVE, &args);
                }
            }
            Event::Swap {
                rows: [a, b],
                tried,
            } => {
                let a = self.fit("row", (*a).into(), 1)?;
                let b = self.fit("row", (*b).into(), 1)?;
                match tried {
                    None => self.push(SWAP, &[a, b]),
                    Some(k) => self.push(SWAP_TRIED, &[a, b, *k]),
                }
            }
            Event::Restart { reason, after } => {
                let why = match reason {
                    None => 0,
                    Some(RestartReason::Limit) => LIMIT,
                    Some(RestartReason::Stuck) => STUCK,
                };
                self.push(RESTART, &[why, after.unwrap_or(0)]);
            }
        }
        Ok(())
    }

    /// A candidate: folded into a run when it is rejected and follows the
    /// previous one in either enumeration order, written out otherwise.
    fn candidate(&mut self, cols: Vec<u64>, ok: bool) {
        let follows = match &self.prev {
            Some(prev) if !ok => {
                if odometer_next(prev, self.n).as_deref() == Some(&cols[..]) {
                    Some(RUN_ODOMETER)
                } else if lex_prev(prev).as_deref() == Some(&cols[..]) {
                    Some(RUN_PERMS)
                } else {
                    None
                }
            }
            _ => None,
        };
        match (follows, self.run) {
            (Some(code), Some((open, at))) if code == open => self.ops[at] += 1,
            (Some(code), _) => {
                self.push(code, &[1]);
                self.run = Some((code, self.ops.len() - 1));
            }
            (None, _) => {
                self.push(CANDIDATE, &[u64::from(ok)]);
                self.ops.extend_from_slice(&cols);
                self.run = None;
            }
        }
        self.prev = Some(cols);
    }
}
