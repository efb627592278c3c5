//! Why a node of the csp lab costs less with forward checking than with
//! no look-ahead (chapter 3's table of time per node), counted in
//! instructions, which repeat exactly from run to run: callgrind on the
//! uninstrumented count at n = 12, `queens` built by `cargo build -p
//! queens-cli` (the measuring profile), read with `callgrind_annotate
//! --inclusive=yes --auto=yes`: the program's total instructions, and the
//! visits as the count of `visit`'s first branch (`if d == n`). Measured
//! 2026-11-28 on the revision that added this file.

use serde::Serialize;

/// The command, with `P` the look-ahead.
pub const COMMAND: &str =
    "valgrind --tool=callgrind queens --algo csp --propagate P --json --no-steps 12";

/// The board size.
pub const N: usize = 12;

/// One look-ahead's count.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Counted {
    /// Placements (the course's nodes).
    pub nodes: u64,
    /// Calls of the search's `visit` (a node's child, where it chooses the
    /// next row and tries its columns).
    pub visits: u64,
    /// Instructions of the whole run.
    pub instructions: u64,
}

/// No look-ahead (`--propagate none`).
pub const NONE: Counted = Counted {
    nodes: 856_188,
    visits: 856_189,
    instructions: 724_349_649,
};

/// Forward checking (`--propagate forward`).
pub const FORWARD: Counted = Counted {
    nodes: 641_974,
    visits: 397_307,
    instructions: 299_789_291,
};

// Without look-ahead every placement visits its child; with forward
// checking at most every placement does.
const _: () = assert!(NONE.visits == NONE.nodes + 1 && FORWARD.visits <= FORWARD.nodes + 1);

/// The page's facts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PerNode {
    /// The command.
    pub command: &'static str,
    /// The board size.
    pub n: usize,
    /// No look-ahead.
    pub none: Counted,
    /// Its instructions per node.
    pub none_per_node: f64,
    /// Forward checking.
    pub forward: Counted,
    /// Its instructions per node.
    pub forward_per_node: f64,
    /// Its nodes that end in forward checking on an emptied row, with no
    /// visit.
    pub forward_wiped: u64,
}

/// The facts.
pub fn per_node() -> PerNode {
    let per = |c: Counted| c.instructions as f64 / c.nodes as f64;
    PerNode {
        command: COMMAND,
        n: N,
        none: NONE,
        none_per_node: per(NONE),
        forward: FORWARD,
        forward_per_node: per(FORWARD),
        // Every visit but the root's follows a placement that survived.
        forward_wiped: FORWARD.nodes + 1 - FORWARD.visits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::test_data::committed;

    /// The counted runs are the lab's committed counts: the same nodes at
    /// n = 12 as `csp_grid.csv`'s `default` and `forward` (a search's
    /// nodes do not depend on the machine).
    #[test]
    fn the_counted_runs_are_the_committed_ones() {
        let data = committed();
        for (setting, counted) in [("default", NONE), ("forward", FORWARD)] {
            let steps: Vec<u64> = data
                .csp_grid
                .iter()
                .filter(|r| r.setting == setting && r.mode == "count" && r.n == N)
                .filter_map(|r| r.steps)
                .collect();
            assert!(!steps.is_empty(), "{setting} at n = {N}");
            assert!(
                steps.iter().all(|&s| s == counted.nodes),
                "{setting}: {steps:?}"
            );
        }
        let p = per_node();
        assert!(p.forward_per_node < p.none_per_node);
    }
}
