//! Chapter: the introduction. The puzzle, the board, what a solution, a
//! node and a step are, the known solution counts (OEIS A000170 and
//! A002562) and the solved boards of the data. No experiment of its own.

use serde::Serialize;

use super::{Chapter, Ctx};
use crate::analysis::tree::ROOT_IS_A_NODE;
use queens_core::known;

/// One line of the table of known counts. The template prints the counts
/// as they are: the number filters go through `f64`, which would round
/// Q(27)'s fundamental count (above 2⁵³).
#[derive(Clone, Debug, Serialize)]
pub struct Known {
    /// Board size.
    pub n: usize,
    /// All solutions, OEIS A000170.
    pub all: u64,
    /// Fundamental solutions (one per symmetry class), OEIS A002562.
    pub fundamental: u64,
}

/// A solved board of the data, placed with `figure(name)`.
#[derive(Clone, Debug, Serialize)]
pub struct Solved {
    /// The figure's name (`board_8`), as render names the boards it draws.
    pub name: String,
    /// Its size.
    pub n: usize,
    /// The approach that found it.
    pub approach: String,
    /// Its random seed, for a local search.
    pub seed: Option<u64>,
}

/// What a step is for one approach.
#[derive(Clone, Debug, Serialize)]
pub struct Unit {
    /// Approach id.
    pub id: String,
    /// What it counts as a step.
    pub unit: String,
}

/// What the introduction says.
#[derive(Clone, Debug, Serialize)]
pub struct Introduction {
    /// n = 1..=27.
    pub known: Vec<Known>,
    /// The largest n with a known count.
    pub largest_known: usize,
    /// The boards of the data.
    pub boards: Vec<Solved>,
    /// Nodes of the row-by-row tree at n = 8 by the course's rule
    /// (`bitmask`'s steps, one per queen placed, and the root if it
    /// counts), if measured.
    pub nodes_8: Option<u64>,
    /// The step unit of a few approaches, to show that it differs.
    pub units: Vec<Unit>,
    /// Whether the root counts as a node: the course's one rule
    /// ([`crate::analysis::tree::ROOT_IS_A_NODE`]).
    pub root_is_a_node: bool,
}

/// The approaches whose step units the chapter lists.
const UNIT_EXAMPLES: [&str; 4] = [
    "bitmask",
    "generate-and-test",
    "min-conflicts-random",
    "half-join",
];

/// The facts.
pub fn introduction(ctx: &Ctx) -> Introduction {
    let known = (1..known::A000170.len())
        .filter_map(|n| {
            Some(Known {
                n,
                all: known::total(n)?,
                fundamental: known::fundamental(n)?,
            })
        })
        .collect::<Vec<_>>();
    let boards = ctx
        .data
        .boards
        .iter()
        .map(|b| Solved {
            name: format!("board_{}", b.cols.len()),
            n: b.cols.len(),
            approach: b.approach.clone(),
            seed: b.seed,
        })
        .collect();
    let nodes_8 = ctx
        .count("bitmask")
        .and_then(|s| s.at(8))
        .and_then(|p| p.steps)
        .map(|s| s as u64 + u64::from(ROOT_IS_A_NODE));
    let units = UNIT_EXAMPLES
        .iter()
        .filter_map(|id| {
            let a = ctx.data.approach(id)?;
            Some(Unit {
                id: a.id.clone(),
                unit: a.step_unit.clone(),
            })
        })
        .collect();
    Introduction {
        largest_known: known.last().map_or(0, |k| k.n),
        known,
        boards,
        nodes_8,
        units,
        root_is_a_node: ROOT_IS_A_NODE,
    }
}

pub(super) fn chapter(ctx: &Ctx) -> Option<Chapter> {
    Some(Chapter::new(&introduction(ctx), Vec::new()))
}

/// Variants for the branches the committed data do not take.
#[cfg(test)]
pub(super) fn flips(ctx: &Ctx) -> Vec<Chapter> {
    let mut f = introduction(ctx);
    f.nodes_8 = None;
    for b in &mut f.boards {
        b.seed = Some(7);
    }
    let mut g = introduction(ctx);
    g.root_is_a_node = !g.root_is_a_node;
    vec![Chapter::new(&f, Vec::new()), Chapter::new(&g, Vec::new())]
}

/// What the chapter's branches say (see [`super::Says`]).
#[cfg(test)]
pub(super) const SAYS: &[super::Says] = &[
    super::says!(
        "/nodes_8" == null,
        "has one node per queen placed",
        "at n = 8 has"
    ),
    super::says!(
        "nodes_8 is a number",
        |f| f["nodes_8"].is_u64(),
        "at n = 8 has",
        "has one node per queen placed"
    ),
    super::says!(
        "/root_is_a_node" == false,
        "root is not counted",
        "root is counted too"
    ),
    super::says!(
        "/root_is_a_node" == true,
        "root is counted too",
        "root is not counted"
    ),
    super::says!(
        "a board has no seed",
        |f| boards(f).any(|b| b["seed"].is_null()),
        "(the first solution it finds)",
        ""
    ),
    super::says!(
        "every board has seed 7",
        |f| boards(f).all(|b| b["seed"] == 7),
        "found by `",
        "(the first solution it finds)"
    ),
    super::says!(
        "a board has a seed",
        |f| boards(f).any(|b| b["seed"].is_u64()),
        "with random seed",
        ""
    ),
];

/// The boards of the facts.
#[cfg(test)]
fn boards(f: &serde_json::Value) -> impl Iterator<Item = &serde_json::Value> {
    f["boards"].as_array().into_iter().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::test_data::committed;

    #[test]
    fn the_table_is_oeis() {
        let data = committed();
        let f = introduction(&Ctx::new(&data));
        assert_eq!(f.known.len(), 27);
        assert_eq!(f.known[7].all, 92);
        assert_eq!(f.known[7].fundamental, 12);
        for k in &f.known {
            // A class has at most 8 boards and at least one.
            assert!(k.fundamental <= k.all && k.all <= 8 * k.fundamental);
        }
    }
}
