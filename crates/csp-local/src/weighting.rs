//! Constraint weighting, Morris's breakout method (AIMA §6.4): see the
//! crate docs for the rule.
//!
//! A pair's weight is 1 plus what breakouts added; only the additions are
//! stored, per column in a hash map from the other column to its extra
//! weight (both ends hold it), so a board with few breakouts costs little
//! memory at any n. A queen's weighted cost on a row is its conflicts there
//! (three counter reads, every pair at weight 1) plus the extra weights of
//! its stored partners that attack that square.

use queens_complete_state::{Board, below};
use queens_core::hash::Map;
use queens_core::{Probe, Why};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::Run;

/// What a weighting run counts besides its moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Weighting {
    /// Local minima met, each a breakout.
    pub breakouts: u64,
    /// Weight increments, one per attacking pair per breakout.
    pub bumps: u64,
    /// Pairs whose weight is above 1 at the end (stored entries / 2).
    pub weighted_pairs: u64,
}

impl Weighting {
    /// The counts `queens --json` reports under `extra`.
    pub fn extra(self) -> Vec<(&'static str, u64)> {
        vec![
            ("breakouts", self.breakouts),
            ("bumps", self.bumps),
            ("weighted_pairs", self.weighted_pairs),
        ]
    }
}

/// Whether queens (row `r`, column `c`) and (row `s`, column `o`), c ≠ o,
/// attack each other.
#[inline]
fn attack(r: usize, c: usize, s: usize, o: usize) -> bool {
    r == s || r.abs_diff(s) == c.abs_diff(o)
}

/// The weights above 1: per column, the other column → its extra weight.
#[derive(Clone, Debug)]
pub(crate) struct Weights {
    extra: Vec<Map<u32, u32>>,
}

impl Weights {
    pub(crate) fn new(n: usize) -> Weights {
        Weights {
            extra: vec![Map::default(); n],
        }
    }

    /// The weight of the pair of columns a ≠ b.
    #[cfg(test)]
    pub(crate) fn of(&self, a: usize, b: usize) -> u64 {
        1 + u64::from(self.extra[a].get(&(b as u32)).copied().unwrap_or(0))
    }

    /// Raises the weight of the pair a ≠ b by one.
    pub(crate) fn bump(&mut self, a: usize, b: usize) {
        *self.extra[a].entry(b as u32).or_insert(0) += 1;
        *self.extra[b].entry(a as u32).or_insert(0) += 1;
    }

    /// Pairs stored.
    fn pairs(&self) -> u64 {
        self.extra.iter().map(|m| m.len() as u64).sum::<u64>() / 2
    }

    /// Fills `cost[t]` with the weighted cost of column `col`'s queen on
    /// row t (the total weight of the pairs it would violate there), and
    /// returns its cost where it stands.
    fn column_costs(&self, board: &Board, col: usize, cost: &mut [u64]) -> u64 {
        let (n, rows) = (board.n(), board.rows());
        for (t, slot) in cost.iter_mut().enumerate() {
            *slot = u64::from(board.conflicts_at(col, t));
        }
        let here = rows[col] as usize;
        let mut now = u64::from(board.attackers(col));
        for (&o, &w) in &self.extra[col] {
            let (o, w) = (o as usize, u64::from(w));
            let s = rows[o] as usize;
            let gap = col.abs_diff(o);
            // The rows of this column that o's queen attacks: its row and
            // the two diagonals (three distinct rows, as gap > 0).
            cost[s] += w;
            if let Some(t) = s.checked_sub(gap) {
                cost[t] += w;
            }
            if s + gap < n {
                cost[s + gap] += w;
            }
            if attack(here, col, s, o) {
                now += w;
            }
        }
        now
    }
}

/// One run at n ≥ 4: a random board, then the best weighted move each
/// step, a breakout at each local minimum, until h = 0 or moves plus
/// breakouts reach `budget`.
pub fn constraint_weighting<P: Probe>(n: usize, seed: u64, budget: u64, probe: &mut P) -> Run {
    constraint_weighting_with(n, seed, budget, probe, |_, _| {})
}

/// [`constraint_weighting`], calling `at_minimum(board, weights)` at each
/// local minimum before the weights grow (for tests).
pub(crate) fn constraint_weighting_with<P: Probe>(
    n: usize,
    seed: u64,
    budget: u64,
    probe: &mut P,
    mut at_minimum: impl FnMut(&Board, &Weights),
) -> Run {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut board = Board::random(n, &mut rng);
    if P::TRACES {
        probe.init(board.rows());
    }
    let mut weights = Weights::new(n);
    let mut cost = vec![0u64; n];
    let mut stats = Weighting::default();
    let (mut moves, mut minima, mut bumped) = (0u64, 0u64, 0u64);
    while board.h() > 0 && moves + stats.breakouts < budget {
        // A queen attacked by none has cost 0 and cannot lower it, so only
        // attacked queens are weighed.
        let mut best: Option<(i64, usize, usize)> = None;
        let mut ties = 0usize;
        for col in (0..n).filter(|&c| board.attackers(c) > 0) {
            let now = weights.column_costs(&board, col, &mut cost) as i64;
            let from = board.rows()[col] as usize;
            for (to, &c) in cost.iter().enumerate().filter(|&(t, _)| t != from) {
                let d = c as i64 - now;
                match best {
                    Some((b, _, _)) if d > b => {}
                    Some((b, _, _)) if d == b => {
                        ties += 1;
                        if below(&mut rng, ties) == 0 {
                            best = Some((d, col, to));
                        }
                    }
                    _ => {
                        ties = 1;
                        best = Some((d, col, to));
                    }
                }
            }
        }
        match best {
            Some((d, col, to)) if d < 0 => {
                let from = board.rows()[col] as usize;
                board.move_queen(col, to);
                moves += 1;
                probe.step();
                if P::TRACES {
                    if minima > 0 {
                        probe.why(Why::Breakout { minima, bumped });
                    }
                    probe.moved(col, from, to, board.attackers(col));
                }
                (minima, bumped) = (0, 0);
            }
            _ => {
                at_minimum(&board, &weights);
                let rows = board.rows();
                let mut raised = 0;
                for a in (0..n).filter(|&c| board.attackers(c) > 0) {
                    for b in a + 1..n {
                        if attack(rows[a] as usize, a, rows[b] as usize, b) {
                            weights.bump(a, b);
                            raised += 1;
                        }
                    }
                }
                stats.breakouts += 1;
                stats.bumps += raised;
                minima += 1;
                bumped += raised;
            }
        }
    }
    stats.weighted_pairs = weights.pairs();
    Run {
        solved: board.h() == 0,
        rows: board.into_rows(),
        steps: moves,
        extra: stats.extra(),
    }
}
