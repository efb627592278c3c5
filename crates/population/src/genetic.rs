//! The genetic algorithm (AIMA 3rd ed. §4.1.4 Fig. 4.8, 4th ed. §4.1.4
//! Fig. 4.8; aima-python search.py `genetic_algorithm`, `select`,
//! `recombine`, `mutate`): each generation makes a whole new population,
//! each child from two parents drawn with probability proportional to
//! their fitness, cut at one random point and joined, then mutated with a
//! small probability.

use queens_complete_state::Board;
use queens_complete_state::below;
use queens_core::{Ending, Found, Probe, Refusal};
use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// What a run of the genetic algorithm is asked to do.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Genetic {
    /// The approach id, for the refusal.
    pub(crate) id: &'static str,
    /// Individuals per generation.
    pub(crate) population: usize,
    /// The probability that a child is mutated.
    pub(crate) mutation_rate: f64,
    /// Generations after which it gives up.
    pub(crate) budget: u64,
}

/// The pairs of n queens: the fitness of a solution (28 at n = 8).
pub fn max_fitness(n: usize) -> u64 {
    (n * n.saturating_sub(1) / 2) as u64
}

impl Genetic {
    /// Runs on an n×n board, n ≥ 4. `Found::extra`: `offspring`, the
    /// children made.
    pub(crate) fn run<P: Probe>(
        &self,
        n: usize,
        seed: u64,
        probe: &mut P,
    ) -> Result<Found, Refusal> {
        let size = self.population;
        let best_fitness = max_fitness(n);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        // Individual i is `genes[i * n..(i + 1) * n]`, the row of each column's queen.
        let mut genes: Vec<u32> = (0..size * n).map(|_| below(&mut rng, n) as u32).collect();
        let mut children = vec![0u32; size * n];
        let mut scratch = Board::new(&vec![0; n]);
        let mut fitness_of = |rows: &[u32]| {
            scratch.set_rows(rows);
            best_fitness - scratch.h()
        };
        let mut fitness: Vec<u64> = genes.chunks_exact(n).map(&mut fitness_of).collect();
        // cumulative[i]: the fitness of individuals 0..=i.
        let mut cumulative = vec![0u64; size];
        let (mut generations, mut offspring) = (0u64, 0u64);
        loop {
            if generations >= self.budget {
                // The fittest of the last generation: the trace's last `board`.
                let fittest = fitness.iter().max().copied().unwrap_or(0);
                return Err(Refusal::GaveUp {
                    id: self.id,
                    n,
                    steps: generations,
                    ending: Ending::Budget,
                    h: Some(best_fitness - fittest),
                    restarts: None,
                });
            }
            generations += 1;
            probe.step();
            let mut total = 0;
            for (c, f) in cumulative.iter_mut().zip(&fitness) {
                total += f;
                *c = total;
            }
            // A parent, with probability proportional to its fitness (all
            // alike when every fitness is 0).
            let select = |rng: &mut Xoshiro256PlusPlus| {
                if total == 0 {
                    return below(rng, size);
                }
                let point = ((u128::from(rng.next_u64()) * u128::from(total)) >> 64) as u64;
                cumulative.partition_point(|&c| c <= point)
            };
            for (child, f) in children.chunks_exact_mut(n).zip(fitness.iter_mut()) {
                let x = select(&mut rng);
                let y = select(&mut rng);
                // REPRODUCE: c from 1 to n, x's first c genes then y's.
                let cut = 1 + below(&mut rng, n);
                child[..cut].copy_from_slice(&genes[x * n..x * n + cut]);
                child[cut..].copy_from_slice(&genes[y * n + cut..(y + 1) * n]);
                if rng.random::<f64>() < self.mutation_rate {
                    child[below(&mut rng, n)] = below(&mut rng, n) as u32;
                }
                *f = fitness_of(child);
                offspring += 1;
            }
            std::mem::swap(&mut genes, &mut children);
            let best = (0..size)
                .max_by_key(|&i| (fitness[i], std::cmp::Reverse(i)))
                .expect("population ≥ 2");
            let rows = &genes[best * n..(best + 1) * n];
            if P::TRACES {
                probe.board(rows);
            }
            if fitness[best] == best_fitness {
                return Ok(Found {
                    solution: Some(rows.to_vec()),
                    extra: vec![("offspring", offspring)],
                });
            }
        }
    }
}
