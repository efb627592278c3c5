//! Reference page 19, the textbook's algorithms line by line: the facts of
//! its worked examples, computed by our own crates (AIMA 3rd ed. Fig. 4.3's
//! 8-queens state and its successors, a local minimum our steepest climber
//! stops at, the incremental formulation's size beside chapter 1's tree,
//! and min-conflicts' moves as n grows, the density argument's evidence).
//! The pseudocode is prose: the template holds it, `code_links` in the
//! course's tests checks that every item it links to exists.

use queens_annealing::Board;
use queens_hill_climbing::{Climber, Rule, Settings};
use serde::Serialize;

use super::{Chapter, Ctx};
use crate::analysis::textbook::point;
use crate::analysis::{Spread, Verdict};

/// The state AIMA 3rd ed. Fig. 4.3(a) draws, as public programs transcribe
/// it: the row of each column's queen, 1-based from the bottom. Its h is
/// computed, never typed: the test checks it is the book's 17.
pub const FIGURE_4_3: [u32; 8] = [5, 6, 7, 4, 5, 6, 7, 6];

/// AIMA §3.2.1's count of the improved formulation's states at n = 8 (a
/// queen in the leftmost empty column, on a square no queen attacks).
pub const BOOK_STATES: u64 = 2057;

/// AIMA §3.2.1's rounded count of the incremental formulation's sequences.
pub const BOOK_SEQUENCES: f64 = 1.8e14;

/// The board size of the book's examples.
pub const BOOK_N: u64 = 8;

/// Seeds tried for a steepest climb that stops at h = 1.
pub const SEEDS: u64 = 1000;

/// The min-conflicts setting the book states (a random attacked queen).
const MIN_CONFLICTS: (&str, &str) = ("min-conflicts-random", "pick=random-conflicted");

/// One square of a drawn board: a queen, or the h of moving its column's
/// queen there.
#[derive(Clone, Debug, Serialize)]
pub struct Square {
    /// Whether the column's queen stands here.
    pub queen: bool,
    /// h after moving the column's queen here (the board's h on a queen).
    pub h: u64,
}

/// A complete-state board with the h of each of its n(n − 1) successors.
#[derive(Clone, Debug, Serialize)]
pub struct Successors {
    /// Board size.
    pub n: usize,
    /// The row of each column's queen, 1-based from the bottom.
    pub rows: Vec<u32>,
    /// Its attacking pairs.
    pub h: u64,
    /// The squares, top row first, columns left to right.
    pub grid: Vec<Vec<Square>>,
    /// The lowest h of a successor.
    pub best: u64,
    /// How many successors have it.
    pub best_count: usize,
}

/// The successors of `rows` (0-based), each h from our board's `delta`.
pub fn successors(rows: &[u32]) -> Successors {
    let n = rows.len();
    let board = Board::new(rows);
    let h = board.h();
    let grid: Vec<Vec<Square>> = (0..n)
        .rev()
        .map(|r| {
            (0..n)
                .map(|c| {
                    let queen = rows[c] as usize == r;
                    let d = if queen { 0 } else { board.delta(c, r) };
                    Square {
                        queen,
                        h: h.checked_add_signed(d).expect("h stays ≥ 0"),
                    }
                })
                .collect()
        })
        .collect();
    let moves = || grid.iter().flatten().filter(|s| !s.queen).map(|s| s.h);
    let best = moves().min().unwrap_or(h);
    Successors {
        n,
        rows: rows.iter().map(|r| r + 1).collect(),
        h,
        best,
        best_count: moves().filter(|&m| m == best).count(),
        grid,
    }
}

/// A local minimum our steepest climber stops at.
#[derive(Clone, Debug, Serialize)]
pub struct Minimum {
    /// The seed of the start.
    pub seed: u64,
    /// Moves made before it stopped.
    pub moves: u64,
    /// Where it stopped.
    pub board: Successors,
}

/// Steepest ascent (no sideways move, no restart), as `queens --algo
/// hill-climbing` runs it.
pub const STEEPEST: Settings = Settings {
    rule: Rule::Steepest,
    sideways: 0,
    restarts: false,
};

/// The first seed below [`SEEDS`] whose steepest climb at n = 8 stops at
/// h = 1.
pub fn minimum() -> Option<Minimum> {
    let mut climber = Climber::new();
    (0..SEEDS).find_map(|seed| {
        let run = climber.run(8, seed, &STEEPEST, u64::MAX, &mut queens_core::NoSteps);
        (run.h == 1).then(|| Minimum {
            seed,
            moves: run.moves,
            board: successors(climber.board()),
        })
    })
}

/// How our count of chapter 1's tree compares with the book's 2 057.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Agree {
    /// The same number.
    Same,
    /// One apart: the empty board, a state to the book and not a node to us.
    Root,
    /// Otherwise apart.
    Apart,
}

/// AIMA §3.2.1's two formulations beside chapter 1's node count.
#[derive(Clone, Debug, Serialize)]
pub struct Formulation {
    /// Chapter 1's nodes of the backtracking tree (every solution) at n = 8.
    pub nodes: u64,
    /// Whether our node count includes the empty board.
    pub root_counted: bool,
    /// How it compares with the book's states.
    pub agree: Agree,
}

/// Min-conflicts at one n of the textbook study.
#[derive(Clone, Debug, Serialize)]
pub struct Moves {
    /// Board size.
    pub n: usize,
    /// Starts run.
    pub starts: u64,
    /// Starts solved.
    pub solved: u64,
    /// Mean moves of a solved start.
    pub mean: f64,
    /// Its 95 % interval.
    pub low: f64,
    /// Its 95 % interval.
    pub high: f64,
    /// Median moves of a solved start.
    pub median: u64,
}

/// Min-conflicts' moves as n grows.
#[derive(Clone, Debug, Serialize)]
pub struct Density {
    /// Every n measured, ascending.
    pub points: Vec<Moves>,
    /// Whether every start at every n solved.
    pub all_solved: bool,
    /// The largest n against the one below it.
    pub last_vs_prev: Verdict,
    /// The largest n against the smallest.
    pub last_vs_first: Verdict,
}

/// The page's facts.
#[derive(Clone, Debug, Serialize)]
pub struct Algorithms {
    /// Fig. 4.3(a)'s state and its successors.
    pub figure: Successors,
    /// The seeds tried for a local minimum.
    pub seeds: u64,
    /// A local minimum with h = 1, if a seed gave one.
    pub minimum: Option<Minimum>,
    /// The squares of the 8 × 8 board, the first factor of `sequences`.
    pub squares: u64,
    /// The last factor, the squares left for the last queen.
    pub squares_last: u64,
    /// The incremental formulation's sequences at n = 8, 64·63·…·57.
    pub sequences: f64,
    /// The book's rounding of it.
    pub book_sequences: f64,
    /// The book's states of the improved formulation.
    pub book_states: u64,
    /// Chapter 1's count beside the book's, when chapter 1 counted n = 8.
    pub formulation: Option<Formulation>,
    /// Min-conflicts' moves against n, if the textbook study ran.
    pub density: Option<Density>,
}

/// The incremental formulation's sequences: n queens placed one by one on
/// any empty square of the n × n board, n²·(n² − 1)·…·(n² − n + 1).
pub fn sequences(n: u64) -> f64 {
    (n * n - n + 1..=n * n).map(|k| k as f64).product()
}

fn formulation(ctx: &Ctx) -> Option<Formulation> {
    let tree = super::tree_size::tree(ctx).filter(|t| t.n == 8)?;
    let root_counted = crate::analysis::tree::ROOT_IS_A_NODE;
    Some(Formulation {
        nodes: tree.bt_nodes,
        root_counted,
        agree: if tree.bt_nodes == BOOK_STATES {
            Agree::Same
        } else if !root_counted && tree.bt_nodes + 1 == BOOK_STATES {
            Agree::Root
        } else {
            Agree::Apart
        },
    })
}

fn density(ctx: &Ctx) -> Option<Density> {
    let mut points: Vec<(Moves, Spread)> = ctx
        .data
        .textbook
        .iter()
        .filter(|r| (r.approach.as_str(), r.knobs.as_str()) == MIN_CONFLICTS)
        .map(point)
        .filter_map(|p| {
            let s = p.steps_solved?;
            Some((
                Moves {
                    n: p.n,
                    starts: p.starts,
                    solved: p.solved,
                    mean: s.median,
                    low: s.low,
                    high: s.high,
                    median: p.steps_solved_median,
                },
                s,
            ))
        })
        .collect();
    points.sort_by_key(|(m, _)| m.n);
    let [first, .., prev, last] = points.as_slice() else {
        return None;
    };
    Some(Density {
        all_solved: points.iter().all(|(m, _)| m.solved == m.starts),
        last_vs_prev: Verdict::of(last.1, prev.1),
        last_vs_first: Verdict::of(last.1, first.1),
        points: points.into_iter().map(|(m, _)| m).collect(),
    })
}

fn algorithms(ctx: &Ctx) -> Algorithms {
    Algorithms {
        figure: successors(&FIGURE_4_3.map(|r| r - 1)),
        seeds: SEEDS,
        minimum: minimum(),
        squares: BOOK_N * BOOK_N,
        squares_last: BOOK_N * BOOK_N - BOOK_N + 1,
        sequences: sequences(BOOK_N),
        book_sequences: BOOK_SEQUENCES,
        book_states: BOOK_STATES,
        formulation: formulation(ctx),
        density: density(ctx),
    }
}

pub(super) fn chapter(ctx: &Ctx) -> Option<Chapter> {
    Some(Chapter::new(&algorithms(ctx), Vec::new()))
}

/// The page's variants: no minimum found, each agreement with the book,
/// no chapter 1 count, and each verdict of the moves (or none measured).
#[cfg(test)]
pub(super) fn flips(ctx: &Ctx) -> Vec<Chapter> {
    let base = algorithms(ctx);
    let mut out = Vec::new();
    let verdicts = [Verdict::Higher, Verdict::Lower, Verdict::WithinNoise];
    for (k, agree) in [Agree::Same, Agree::Root, Agree::Apart]
        .into_iter()
        .enumerate()
    {
        let mut f = base.clone();
        f.formulation = Some(Formulation {
            nodes: BOOK_STATES - u64::from(agree != Agree::Same),
            root_counted: agree == Agree::Apart,
            agree,
        });
        if let Some(d) = &mut f.density {
            d.last_vs_prev = verdicts[k];
            d.last_vs_first = verdicts[(k + 1) % 3];
            d.all_solved = k != 1;
        }
        out.push(Chapter::new(&f, Vec::new()));
    }
    let mut none = base;
    none.minimum = None;
    none.formulation = None;
    none.density = None;
    out.push(Chapter::new(&none, Vec::new()));
    out
}

/// What the page says (see [`super::Says`]).
#[cfg(test)]
pub(super) const SAYS: &[super::Says] = &[
    super::says!(
        "/minimum" == null,
        "none of the first",
        "stopped at h = 1 after"
    ),
    super::says!(
        "minimum found",
        |f| f["minimum"].is_object(),
        "stopped at h = 1 after",
        "none of the first"
    ),
    super::says!("/formulation" == null, "did not count n = 8", ""),
    super::says!(
        "/formulation/agree" == "same",
        "the same number",
        "one apart"
    ),
    super::says!(
        "/formulation/agree" == "root",
        "one apart: the empty board",
        "differ by more"
    ),
    super::says!(
        "/formulation/agree" == "apart",
        "they differ by more",
        "the same number"
    ),
    super::says!(
        "/density" == null,
        "was not run",
        "the moves of a solved start"
    ),
    super::says!(
        "/density/last_vs_prev" == "within_noise",
        "within noise of those at",
        ""
    ),
    super::says!("/density/last_vs_prev" == "higher", "more than at", ""),
    super::says!("/density/last_vs_prev" == "lower", "fewer than at", ""),
    super::says!(
        "/density/all_solved" == true,
        "In these runs every start solved",
        "not every start"
    ),
    super::says!("/density/all_solved" == false, "not every start solved", ""),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Attacking pairs by counting every pair: shares nothing with `Board`.
    fn pairs(rows: &[u32]) -> u64 {
        let mut h = 0;
        for i in 0..rows.len() {
            for j in i + 1..rows.len() {
                let (a, b) = (rows[i] as i64, rows[j] as i64);
                h += u64::from(a == b || (a - b).abs() == (j - i) as i64);
            }
        }
        h
    }

    /// Every square's h recomputed from scratch by moving the queen and
    /// counting pairs again.
    fn check_grid(s: &Successors) {
        let rows: Vec<u32> = s.rows.iter().map(|r| r - 1).collect();
        let n = rows.len();
        assert_eq!(s.grid.len(), n);
        let mut moves = 0;
        for (top, line) in s.grid.iter().enumerate() {
            let r = (n - 1 - top) as u32;
            for (c, sq) in line.iter().enumerate() {
                assert_eq!(sq.queen, rows[c] == r, "queen at column {c}, row {r}");
                let mut moved = rows.clone();
                moved[c] = r;
                assert_eq!(sq.h, pairs(&moved), "column {c} to row {r}");
                moves += usize::from(!sq.queen);
            }
        }
        assert_eq!(moves, n * (n - 1));
    }

    #[test]
    fn the_figures_state_has_h_17_and_each_successor_its_own_pair_count() {
        let s = successors(&FIGURE_4_3.map(|r| r - 1));
        assert_eq!(s.h, 17);
        assert_eq!(s.h, pairs(&FIGURE_4_3));
        check_grid(&s);
        // The book's caption: the best successors have h = 12.
        assert_eq!(s.best, 12);
        assert!(s.best_count > 0);
    }

    #[test]
    fn the_climbers_stop_is_a_local_minimum_with_h_1() {
        let m = minimum().expect("a seed below SEEDS stops at h = 1");
        let rows: Vec<u32> = m.board.rows.iter().map(|r| r - 1).collect();
        assert_eq!(pairs(&rows), 1);
        check_grid(&m.board);
        assert!(
            m.board.grid.iter().flatten().all(|sq| sq.h >= 1),
            "no successor is lower"
        );
        // The same seed stops there again, and no earlier seed does.
        let mut climber = Climber::new();
        let again = climber.run(8, m.seed, &STEEPEST, u64::MAX, &mut queens_core::NoSteps);
        assert_eq!((again.h, again.moves, again.solved), (1, m.moves, false));
        assert_eq!(climber.board(), rows.as_slice());
        for seed in 0..m.seed {
            let run = climber.run(8, seed, &STEEPEST, u64::MAX, &mut queens_core::NoSteps);
            assert_ne!(run.h, 1, "seed {seed}");
        }
    }

    #[test]
    fn the_incremental_formulation_is_64_down_to_57_and_rounds_to_the_books() {
        let by_hand: u128 = (57..=64u128).product();
        assert_eq!(sequences(8), by_hand as f64);
        assert_eq!((sequences(8) / 1e13).round() / 10.0, BOOK_SEQUENCES / 1e14);
    }

    #[test]
    fn the_books_2057_is_every_partial_placement_with_the_empty_one() {
        // Every set of k queens in the first k columns, none attacking,
        // counted by brute force over every row choice (k = 0 included).
        let n = 8u32;
        let mut states = 0;
        for k in 0..=n {
            for code in 0..n.pow(k) {
                let rows: Vec<u32> = (0..k).map(|i| code / n.pow(i) % n).collect();
                states += u64::from(pairs(&rows) == 0);
            }
        }
        assert_eq!(states, BOOK_STATES);
    }

    #[test]
    fn density_compares_the_largest_n_with_the_one_below_and_the_smallest() {
        let data = crate::lessons::test_data::committed();
        let ctx = Ctx::new(&data);
        let Some(d) = density(&ctx) else {
            return;
        };
        assert!(d.points.windows(2).all(|w| w[0].n < w[1].n));
        let last = d.points.last().unwrap();
        assert!(last.low <= last.mean && last.mean <= last.high);
        let f = formulation(&ctx).expect("chapter 1 counts n = 8");
        assert_eq!(f.agree, Agree::Root, "the committed tree has 2 056 nodes");
    }
}
