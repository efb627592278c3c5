//! Tabu search on MIN-CONFLICTS (AIMA §6.4): see the crate docs for the rule.

use std::collections::VecDeque;

use queens_complete_state::{Board, below};
use queens_core::{Probe, Why};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::Run;

/// What a tabu run counts besides its steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tabu {
    /// Tabu rows passed over, summed over all iterations.
    pub skipped: u64,
    /// Moves to a tabu row allowed by aspiration.
    pub aspirations: u64,
    /// Iterations in which the queen stayed, every other row tabu.
    pub stays: u64,
}

impl Tabu {
    /// The counts `queens --json` reports under `extra`.
    pub fn extra(self) -> Vec<(&'static str, u64)> {
        vec![
            ("tabu_skipped", self.skipped),
            ("aspirations", self.aspirations),
            ("stays", self.stays),
        ]
    }
}

/// A (queen, row) the queen left, tabu up to and including iteration `until`.
#[derive(Clone, Copy, Debug)]
struct Left {
    col: u32,
    row: u32,
    until: u64,
}

/// One run at n ≥ 4: a random board, then iterations (numbered from 1) until
/// h = 0 or `budget` iterations are spent. A move at iteration s off row r
/// makes (queen, r) tabu for iterations s + 1 to s + `tenure`.
pub fn tabu_search<P: Probe>(n: usize, seed: u64, tenure: u32, budget: u64, probe: &mut P) -> Run {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut board = Board::random(n, &mut rng);
    if P::TRACES {
        probe.init(board.rows());
    }
    let mut left: VecDeque<Left> = VecDeque::new();
    let mut conflicted: Vec<u32> = Vec::with_capacity(n);
    let mut tabu_rows: Vec<u32> = Vec::new();
    let mut stats = Tabu::default();
    let mut lowest_h = board.h();
    let mut iteration = 0u64;
    while board.h() > 0 && iteration < budget {
        iteration += 1;
        conflicted.clear();
        conflicted.extend((0..n as u32).filter(|&c| board.attackers(c as usize) > 0));
        let col = conflicted[below(&mut rng, conflicted.len())] as usize;
        while left.front().is_some_and(|l| l.until < iteration) {
            left.pop_front();
        }
        tabu_rows.clear();
        tabu_rows.extend(left.iter().filter(|l| l.col as usize == col).map(|l| l.row));
        let from = board.rows()[col] as usize;
        let (mut best, mut ties, mut skipped) = (None::<(u32, usize, bool)>, 0u64, 0u32);
        for to in (0..n).filter(|&t| t != from) {
            let tabu = tabu_rows.contains(&(to as u32));
            let aspires = tabu && board.h() as i64 + board.delta(col, to) < lowest_h as i64;
            if tabu && !aspires {
                skipped += 1;
                continue;
            }
            let k = board.conflicts_at(col, to);
            match best {
                Some((b, _, _)) if k > b => {}
                Some((b, _, _)) if k == b => {
                    ties += 1;
                    if below(&mut rng, ties as usize) == 0 {
                        best = Some((k, to, tabu));
                    }
                }
                _ => {
                    ties = 1;
                    best = Some((k, to, tabu));
                }
            }
        }
        let (to, aspiration) = match best {
            Some((_, to, tabu)) => {
                board.move_queen(col, to);
                left.push_back(Left {
                    col: col as u32,
                    row: from as u32,
                    until: iteration + u64::from(tenure),
                });
                lowest_h = lowest_h.min(board.h());
                (to, tabu)
            }
            None => {
                stats.stays += 1;
                (from, false)
            }
        };
        stats.skipped += u64::from(skipped);
        stats.aspirations += u64::from(aspiration);
        probe.step();
        if P::TRACES {
            probe.why(Why::Tabu {
                skipped,
                aspiration,
            });
            probe.moved(col, from, to, board.attackers(col));
        }
    }
    Run {
        solved: board.h() == 0,
        rows: board.into_rows(),
        steps: iteration,
        extra: stats.extra(),
    }
}
