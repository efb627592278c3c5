//! The worked example: least room to move with forward checking at n = 4,
//! traced in-process from the `csp` approach itself (`queens --algo csp
//! --order mrv --propagate forward --trace - 4`): a box for each placement
//! up to the first solution, whose empty domains and next row are
//! recomputed from the board, and the totals of the whole count.

use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};

use queens_core::trace::{Start, TraceMode, Tracer};
use queens_core::{Options, TraceRun};
use serde::Serialize;

use crate::data::traces::{Event, parse};

/// The worked example's board size.
pub const N: usize = 4;

/// One unplaced row after a placement.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Domain {
    /// Row, 1-based.
    pub row: usize,
    /// Its columns no placed queen attacks, 1-based.
    pub cols: Vec<usize>,
}

/// One box of the trace: the board after a placement.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// Queens on the board.
    pub depth: usize,
    /// The queen just placed: row, 1-based.
    pub row: usize,
    /// Its column, 1-based.
    pub col: usize,
    /// The board, row by row: 1 a queen, 0 a square no queen attacks, −k a
    /// square k queens attack (as in seed 001's box trace); nothing for the
    /// other squares of a row that holds a queen.
    pub board: Vec<Vec<Option<i64>>>,
    /// Some unplaced row has no column left: forward checking fails here.
    pub dead: bool,
    /// Every queen is placed.
    pub solution: bool,
    /// The row least room to move fills next (fewest columns, lowest row on
    /// ties), when the search goes on from here.
    pub next: Option<usize>,
}

/// The worked example.
#[derive(Clone, Debug, Serialize)]
pub struct Worked {
    /// Board size.
    pub n: usize,
    /// Placements of the whole count (nodes below the root), as
    /// `queens --json` counts them.
    pub nodes: u64,
    /// Solutions of the whole count.
    pub solutions: u64,
    /// Placements of the whole count that forward checking refuted at once.
    pub dead: usize,
    /// The placements of the count up to its first solution, in the
    /// search's order, laid out side by side, [`PER_BAND`] to a band, each
    /// band a block of text lines (the chapter prints them in a code block).
    pub bands: Vec<String>,
}

/// Boxes side by side in one band of the worked example.
pub const PER_BAND: usize = 4;

/// One box as lines of equal width: `k: (row, col)`, the board (`Q` a
/// queen, `.` a free square, `-k` a square k queens attack), and what
/// follows: `-> row r` next, `X` a row has no free square, `solution`.
fn box_lines(s: &Step) -> Vec<String> {
    let mut lines = vec![format!("{}: ({}, {})", s.depth, s.row, s.col)];
    for (i, r) in s.board.iter().enumerate() {
        let cells: String = r
            .iter()
            .map(|v| match v {
                None => "   ".to_string(),
                Some(1) => "  Q".to_string(),
                Some(0) => "  .".to_string(),
                Some(k) => format!("{k:>3}"),
            })
            .collect();
        lines.push(format!("{:>2}{cells}", i + 1));
    }
    lines.push(match (s.solution, s.dead, s.next) {
        (true, _, _) => "solution".to_string(),
        (_, true, _) => "X".to_string(),
        (_, _, Some(r)) => format!("-> row {r}"),
        _ => String::new(),
    });
    lines
}

/// The boxes, [`PER_BAND`] to a band, columns padded to the widest line.
fn bands(steps: Vec<Step>) -> Vec<String> {
    steps
        .chunks(PER_BAND)
        .map(|chunk| {
            let boxes: Vec<Vec<String>> = chunk.iter().map(box_lines).collect();
            let width = boxes
                .iter()
                .flatten()
                .map(|l| l.chars().count())
                .max()
                .unwrap_or(0);
            let height = boxes.iter().map(Vec::len).max().unwrap_or(0);
            (0..height)
                .map(|i| {
                    let line: Vec<String> = boxes
                        .iter()
                        .map(|b| format!("{:<width$}", b.get(i).map_or("", String::as_str)))
                        .collect();
                    line.join("   ").trim_end().to_string()
                })
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect()
}

/// A writer the tracer can own while we keep its bytes.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("trace buffer").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The board after placing `queens` (row, col), 0-based: 1, 0 or −k.
pub fn attacked(n: usize, queens: &[(usize, usize)]) -> Vec<Vec<i64>> {
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    if queens.contains(&(r, c)) {
                        return 1;
                    }
                    let k = queens
                        .iter()
                        .filter(|&&(r1, c1)| c1 == c || c1.abs_diff(c) == r1.abs_diff(r))
                        .count();
                    -(k as i64)
                })
                .collect()
        })
        .collect()
}

/// The board as drawn: a row with a queen shows only the queen.
pub fn board(n: usize, queens: &[(usize, usize)]) -> Vec<Vec<Option<i64>>> {
    attacked(n, queens)
        .into_iter()
        .enumerate()
        .map(|(r, row)| {
            let placed = queens.iter().any(|q| q.0 == r);
            row.into_iter()
                .map(|v| (!placed || v == 1).then_some(v))
                .collect()
        })
        .collect()
}

/// The domains of the unplaced rows after placing `queens` (0-based), 1-based.
pub fn domains(n: usize, queens: &[(usize, usize)]) -> Vec<Domain> {
    let b = attacked(n, queens);
    (0..n)
        .filter(|r| !queens.iter().any(|q| q.0 == *r))
        .map(|r| Domain {
            row: r + 1,
            cols: (0..n).filter(|&c| b[r][c] == 0).map(|c| c + 1).collect(),
        })
        .collect()
}

/// The row least room to move picks: fewest columns, lowest row on ties.
pub fn least_room(domains: &[Domain]) -> Option<usize> {
    domains
        .iter()
        .min_by_key(|d| (d.cols.len(), d.row))
        .map(|d| d.row)
}

/// Traces the count at n = [`N`] and builds a box for every placement:
/// the boxes, the nodes and the solutions of the whole count.
fn boxes() -> Option<(Vec<Step>, u64, u64)> {
    let csp = queens_approaches::REGISTRY.get("csp").ok()?;
    let opts = Options {
        knobs: vec![("order", "mrv".into()), ("propagate", "forward".into())],
        ..Options::default()
    };
    let buf = Shared::default();
    let info = csp.trace_info()?;
    let mut tracer = Tracer::new(
        Box::new(buf.clone()),
        &Start {
            algo: "csp",
            n: N,
            mode: TraceMode::Count,
            step: info.step,
            node: None,
        },
    );
    let outcome = csp.trace(N, &opts, TraceRun::Count, &mut tracer).ok()?;
    tracer.finish(outcome.solutions).ok()?;
    let text = String::from_utf8(buf.0.lock().ok()?.clone()).ok()?;
    let events = parse(Path::new("csp-4-count"), &text).ok()?;
    let mut queens: Vec<(usize, usize)> = Vec::new();
    let mut steps = Vec::new();
    for e in &events {
        match e {
            Event::Place { row, col } => {
                queens.push((*row as usize - 1, *col as usize - 1));
                let doms = domains(N, &queens);
                let dead = doms.iter().any(|d| d.cols.is_empty());
                let solution = queens.len() == N;
                steps.push(Step {
                    depth: queens.len(),
                    row: *row as usize,
                    col: *col as usize,
                    board: board(N, &queens),
                    next: if dead || solution {
                        None
                    } else {
                        least_room(&doms)
                    },
                    dead,
                    solution,
                });
            }
            Event::Remove { .. } => {
                queens.pop();
            }
            _ => {}
        }
    }
    Some((steps, outcome.steps?, outcome.solutions))
}

/// The worked example: the whole count's totals, and its boxes up to the
/// first solution.
pub fn worked() -> Option<Worked> {
    let (steps, nodes, solutions) = boxes()?;
    let dead = steps.iter().filter(|s| s.dead).count();
    Some(Worked {
        n: N,
        nodes,
        solutions,
        dead,
        bands: bands(to_first(steps)?),
    })
}

/// The steps up to the first solution.
fn to_first(mut steps: Vec<Step>) -> Option<Vec<Step>> {
    let first = steps.iter().position(|s| s.solution)?;
    steps.truncate(first + 1);
    Some(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bands_show_every_box_in_order_with_its_outcome() {
        let w = worked().expect("csp traces n = 4");
        let steps = to_first(boxes().expect("csp traces n = 4").0).expect("a solution");
        assert_eq!(w.bands.len(), steps.len().div_ceil(PER_BAND));
        let text = w.bands.join("\n");
        // Each box's label, in the search's order.
        let mut at = 0;
        for s in &steps {
            let label = format!("{}: ({}, {})", s.depth, s.row, s.col);
            at += text[at..].find(&label).unwrap_or_else(|| panic!("{label}"));
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let dead = steps.iter().filter(|s| s.dead).count();
        assert_eq!(words.iter().filter(|w| **w == "X").count(), dead);
        assert_eq!(words.iter().filter(|w| **w == "solution").count(), 1);
        assert_eq!(words.last(), Some(&"solution"));
        // Boxes side by side: no line wider than a code block's 80 columns.
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    }

    #[test]
    fn the_trace_is_the_csp_run_and_each_next_row_is_the_one_placed_next() {
        let (steps, nodes, solutions) = boxes().expect("csp traces n = 4");
        // One box per node the csp crate counted, and the two solutions.
        assert_eq!(steps.len() as u64, nodes);
        assert_eq!(solutions, 2);
        assert_eq!(steps.iter().filter(|s| s.solution).count(), 2);
        // The worked example stops at the first solution, with the totals
        // of the whole count.
        let w = worked().expect("worked example");
        let shown = to_first(steps.clone()).expect("a solution");
        assert_eq!(shown[..], steps[..shown.len()]);
        assert!(shown.last().is_some_and(|s| s.solution));
        assert_eq!(shown.iter().filter(|s| s.solution).count(), 1);
        assert_eq!((w.nodes, w.solutions), (nodes, solutions));
        assert_eq!(w.dead, steps.iter().filter(|s| s.dead).count());
        // The paper exercise goes on from there: row 1, column 3, after
        // which exactly one row has one column, the one filled next.
        let after = &steps[shown.len()];
        assert_eq!((after.depth, after.row, after.col), (1, 1, 3));
        let doms = domains(N, &[(0, 2)]);
        assert_eq!(after.next, least_room(&doms));
        let ones: Vec<usize> = doms
            .iter()
            .filter(|d| d.cols.len() == 1)
            .map(|d| d.row)
            .collect();
        assert_eq!(ones, [after.next.unwrap()]);
        for pair in steps.windows(2) {
            if let Some(next) = pair[0].next {
                assert_eq!(pair[1].row, next, "{:?}", pair[0]);
                assert_eq!(pair[1].depth, pair[0].depth + 1);
            }
        }
        // A dead box has no child: the next box is shallower or a sibling.
        for pair in steps.windows(2) {
            if pair[0].dead {
                assert!(pair[1].depth <= pair[0].depth);
            }
        }
    }

    #[test]
    fn domains_are_the_unattacked_squares() {
        let d = domains(4, &[(0, 1)]);
        assert_eq!(
            d[0],
            Domain {
                row: 2,
                cols: vec![4]
            }
        );
        assert_eq!(d[1].cols, vec![1, 3]);
        assert_eq!(d[2].cols, vec![1, 3, 4]);
        assert_eq!(least_room(&d), Some(2));
    }
}
