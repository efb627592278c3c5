//! Local beam search (AIMA 3rd and 4th ed. §4.1.3): k random boards; each
//! generation makes every successor of every board (a queen moved to
//! another row of its column), stops at the first goal among them, and
//! else keeps the k best successors of the whole list, ties at random.

use queens_complete_state::Board;
use queens_core::{Ending, Found, Probe, Refusal};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A successor kept as a candidate: its h, a random key that breaks ties,
/// and the move that makes it from board `state`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Candidate {
    h: u64,
    key: u64,
    state: u32,
    col: u32,
    row: u32,
}

/// What a run of local beam search is asked to do.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Beam {
    /// The approach id, for the refusal.
    pub(crate) id: &'static str,
    /// The boards kept (k).
    pub(crate) width: usize,
    /// Generations in a row without a new lowest h after which it gives up.
    pub(crate) patience: u64,
    /// Generations after which it gives up.
    pub(crate) budget: u64,
}

impl Beam {
    /// Runs on an n×n board, n ≥ 4. `Found::extra`: `states`, the
    /// successors generated.
    pub(crate) fn run<P: Probe>(
        &self,
        n: usize,
        seed: u64,
        probe: &mut P,
    ) -> Result<Found, Refusal> {
        let k = self.width;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut states: Vec<Board> = (0..k).map(|_| Board::random(n, &mut rng)).collect();
        let mut next = states.clone();
        let mut kept: Vec<Candidate> = Vec::with_capacity(2 * k);
        let mut best_ever = states.iter().map(Board::h).min().unwrap_or(0);
        let (mut generations, mut stalled, mut generated) = (0u64, 0u64, 0u64);
        let extra = |generated| vec![("states", generated)];
        loop {
            if generations >= self.budget || stalled >= self.patience {
                return Err(Refusal::GaveUp {
                    id: self.id,
                    n,
                    steps: generations,
                    ending: if generations >= self.budget {
                        Ending::Budget
                    } else {
                        Ending::Stalled
                    },
                    // The best board of the last generation: the trace's last `board`.
                    h: states.iter().map(Board::h).min(),
                    restarts: None,
                });
            }
            generations += 1;
            probe.step();
            kept.clear();
            // The worst candidate still kept once `kept` was cut to k.
            let mut worst: Option<Candidate> = None;
            for (s, board) in states.iter().enumerate() {
                for col in 0..n {
                    let from = board.rows()[col] as usize;
                    for row in (0..n).filter(|&r| r != from) {
                        generated += 1;
                        let h = board.h().checked_add_signed(board.delta(col, row)).unwrap();
                        if h == 0 {
                            let mut goal = board.clone();
                            goal.move_queen(col, row);
                            if P::TRACES {
                                probe.board(goal.rows());
                            }
                            return Ok(Found {
                                solution: Some(goal.into_rows()),
                                extra: extra(generated),
                            });
                        }
                        if worst.is_some_and(|w| h > w.h) {
                            continue;
                        }
                        let c = Candidate {
                            h,
                            key: rng.next_u64(),
                            state: s as u32,
                            col: col as u32,
                            row: row as u32,
                        };
                        if worst.is_some_and(|w| c > w) {
                            continue;
                        }
                        kept.push(c);
                        if kept.len() == 2 * k {
                            kept.select_nth_unstable(k - 1);
                            kept.truncate(k);
                            worst = kept.iter().max().copied();
                        }
                    }
                }
            }
            if kept.len() > k {
                kept.select_nth_unstable(k - 1);
                kept.truncate(k);
            }
            // k boards of n ≥ 2 queens have k·n(n − 1) ≥ k successors.
            debug_assert_eq!(kept.len(), k);
            for (slot, c) in next.iter_mut().zip(&kept) {
                slot.copy_from(&states[c.state as usize]);
                slot.move_queen(c.col as usize, c.row as usize);
            }
            std::mem::swap(&mut states, &mut next);
            let best = states.iter().min_by_key(|b| b.h()).expect("k ≥ 1 boards");
            if P::TRACES {
                probe.board(best.rows());
            }
            if best.h() < best_ever {
                best_ever = best.h();
                stalled = 0;
            } else {
                stalled += 1;
            }
        }
    }
}
