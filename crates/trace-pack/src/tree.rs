//! A search tree rebuilt from a trace, and the attack counts of a box.
//!
//! A placement search's trace walks its tree: `place` goes down to a new
//! child, `remove` back up, `dead-end` and `solution` mark the node the
//! search stands on. Generate-and-test and the permutation filter only test
//! complete boards, so their tree is the implicit prefix tree of their
//! candidates; the list comprehension's is the prefix tree of its partial
//! lists (oldest column first).

use crate::trace::{Event, Mode, Trace};
use crate::{Result, bail};

/// One node: the root (no queen) or a queen placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The parent's index (`None` for the root).
    pub parent: Option<usize>,
    /// The children's indices, in the order the search made them.
    pub children: Vec<usize>,
    /// The queen this node placed, (row, column), 1-based.
    pub queen: Option<(u32, u32)>,
    /// Queens on the board.
    pub depth: usize,
    /// The search found no safe square in the next row here.
    pub dead_end: bool,
    /// A solution, with the boards it stands for (1, or 2, 4, 8 for the
    /// symmetry counters).
    pub solution: Option<u64>,
    /// What this box returns: the (weighted) solutions at or below it.
    pub returns: u64,
}

/// Whether the root, the empty board, counts as a node: the course's one
/// counting rule. Chapter 0 states it, and every count of nodes follows it
/// (the chapters, the tree pictures, the step-through page): a node is a
/// partial board reached by placing a queen.
pub const ROOT_IS_A_NODE: bool = false;

/// A search tree; node 0 is the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    /// Board size.
    pub n: usize,
    /// What the trace's events were.
    pub source: Source,
    /// The nodes, each after its parent (in the search's order).
    pub nodes: Vec<Node>,
}

/// Where a tree comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// `place` and `remove` events: the search's own tree.
    Placements,
    /// `candidate` events: the prefix tree of the boards tested.
    Candidates,
    /// `partial` events: the prefix tree of the partial lists kept.
    Partials,
}

impl Tree {
    /// Its nodes as the course counts them ([`ROOT_IS_A_NODE`]).
    pub fn node_count(&self) -> usize {
        self.nodes.len() - usize::from(!ROOT_IS_A_NODE)
    }

    /// A tree of one node, the root.
    fn root(n: usize, source: Source) -> Tree {
        Tree {
            n,
            source,
            nodes: vec![Node {
                parent: None,
                children: Vec::new(),
                queen: None,
                depth: 0,
                dead_end: false,
                solution: None,
                returns: 0,
            }],
        }
    }

    /// Adds a child to `parent` and returns its index.
    fn add(&mut self, parent: usize, queen: (u32, u32)) -> usize {
        let id = self.nodes.len();
        let depth = self.nodes[parent].depth + 1;
        self.nodes.push(Node {
            parent: Some(parent),
            children: Vec::new(),
            queen: Some(queen),
            depth,
            dead_end: false,
            solution: None,
            returns: 0,
        });
        self.nodes[parent].children.push(id);
        id
    }

    /// The child of `parent` that placed `queen`, made if needed.
    fn child(&mut self, parent: usize, queen: (u32, u32)) -> usize {
        let found = self.nodes[parent]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].queen == Some(queen));
        found.unwrap_or_else(|| self.add(parent, queen))
    }

    /// Rebuilds the tree of a trace, if its events make one (placements,
    /// candidates or partial lists); `None` for the local searches and
    /// half-join. A placement trace that does not nest is an error naming
    /// the trace file and the event.
    pub fn from_trace(trace: &Trace) -> Result<Option<Tree>> {
        let n = trace.entry.n;
        let body = trace.body();
        let at = |i: usize| format!("{}:{}", trace.entry.file, i + 2);
        let source = body.iter().find_map(|e| match e {
            Event::Place { .. } => Some(Source::Placements),
            Event::Candidate { .. } => Some(Source::Candidates),
            Event::Partial { .. } => Some(Source::Partials),
            _ => None,
        });
        let Some(source) = source else {
            return Ok(None);
        };
        let mut tree = Tree::root(n, source);
        match source {
            Source::Placements => {
                let mut stack = vec![0usize];
                for (i, e) in body.iter().enumerate() {
                    let top = *stack.last().expect("the root stays");
                    match *e {
                        Event::Place { row, col } => stack.push(tree.add(top, (row, col))),
                        Event::Remove { row, col } => {
                            if top == 0 || tree.nodes[top].queen != Some((row, col)) {
                                bail!(
                                    "{}: `remove` of ({row}, {col}), not the last queen placed",
                                    at(i)
                                );
                            }
                            stack.pop();
                        }
                        Event::DeadEnd { depth } => {
                            if depth != tree.nodes[top].depth {
                                bail!(
                                    "{}: `dead-end` at depth {depth}, the search is at depth {}",
                                    at(i),
                                    tree.nodes[top].depth
                                );
                            }
                            tree.nodes[top].dead_end = true;
                        }
                        Event::Solution { weight, .. } => {
                            tree.nodes[top].solution = Some(weight.unwrap_or(1));
                        }
                        // The board is cleared without `remove` events (mrv-tuned).
                        Event::Restart { .. } => stack.truncate(1),
                        _ => {}
                    }
                }
            }
            Source::Candidates => {
                for e in body {
                    if let Event::Candidate { cols, ok } = e {
                        let mut at = 0;
                        for (r, &c) in cols.iter().enumerate() {
                            at = tree.child(at, (r as u32 + 1, c));
                        }
                        if *ok {
                            tree.nodes[at].solution = Some(1);
                        }
                    }
                }
            }
            Source::Partials => {
                // The last partial list, and the last level started (the
                // strict reading builds level by level; the lazy one, depth
                // first, announces no level).
                let (mut last, mut level) = (0, None);
                for e in body {
                    match e {
                        Event::Partial { list } => {
                            let mut at = 0;
                            for (r, &c) in list.iter().rev().enumerate() {
                                at = tree.child(at, (r as u32 + 1, c));
                            }
                            if list.len() == n {
                                tree.nodes[at].solution = Some(1);
                            }
                            last = at;
                        }
                        Event::Level { depth } => level = Some(*depth),
                        _ => {}
                    }
                }
                // A partial list no one extends is a dead end once the search
                // has gone past it: at the end of a count; depth first, when
                // another list followed it; level by level, when the level
                // after its children's started.
                let complete = trace.entry.mode == Mode::Count;
                for (i, node) in tree.nodes.iter_mut().enumerate() {
                    let passed = complete
                        || match level {
                            Some(l) => node.depth + 2 <= l,
                            None => i != last,
                        };
                    node.dead_end = node.children.is_empty() && node.depth < n && passed;
                }
            }
        }
        tree.count_returns();
        Ok(Some(tree))
    }

    /// Fills in `returns`, children before parents.
    fn count_returns(&mut self) {
        for i in (0..self.nodes.len()).rev() {
            let below: u64 = self.nodes[i]
                .children
                .iter()
                .map(|&c| self.nodes[c].returns)
                .sum();
            self.nodes[i].returns = below + self.nodes[i].solution.unwrap_or(0);
        }
    }

    /// The queens on the board at a node, root first.
    pub fn queens(&self, node: usize) -> Vec<(u32, u32)> {
        let mut path = Vec::new();
        let mut at = Some(node);
        while let Some(i) = at {
            path.extend(self.nodes[i].queen);
            at = self.nodes[i].parent;
        }
        path.reverse();
        path
    }

    /// The root with only its `k`-th child's subtree (a tree too wide to
    /// project, cut by the first queen); the root returns that branch's
    /// solutions.
    pub fn branch(&self, k: usize) -> Option<Tree> {
        let top = *self.nodes[0].children.get(k)?;
        let mut out = Tree::root(self.n, self.source);
        let mut stack = vec![(top, 0)];
        while let Some((old, parent)) = stack.pop() {
            let node = &self.nodes[old];
            let new = out.add(parent, node.queen?);
            let copy = &mut out.nodes[new];
            copy.dead_end = node.dead_end;
            copy.solution = node.solution;
            copy.returns = node.returns;
            stack.extend(node.children.iter().rev().map(|&c| (c, new)));
        }
        out.nodes[0].returns = self.nodes[top].returns;
        Some(out)
    }

    /// Solution nodes.
    pub fn solutions(&self) -> usize {
        self.nodes.iter().filter(|n| n.solution.is_some()).count()
    }

    /// For each node, whether `other` has a node with the same queens placed
    /// in the same order (it visited that box too).
    pub fn visited_by(&self, other: &Tree) -> Vec<bool> {
        self.matches(other).iter().map(Option::is_some).collect()
    }

    /// The other tree's node that matches each visited node (see [`Tree::visited_by`]).
    pub fn matches(&self, other: &Tree) -> Vec<Option<usize>> {
        let mut matched = vec![None; self.nodes.len()];
        matched[0] = Some(0usize);
        for i in 1..self.nodes.len() {
            let node = &self.nodes[i];
            if let Some(p) = node.parent.and_then(|p| matched[p]) {
                matched[i] = other.nodes[p]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| other.nodes[c].queen == node.queen);
            }
        }
        matched
    }
}

/// Which queens a square's count includes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Queens in rows above only (Queens.py's table: the rows are filled top down).
    Above,
    /// Every placed queen, along columns and diagonals (a search that fills
    /// rows in any order).
    All,
}

/// The seed's table of a box, row by row (`[row - 1][col - 1]`): 1 for a
/// queen, 0 for a square no queen attacks, −k for a square k queens attack.
pub fn attacks(n: usize, queens: &[(u32, u32)], counting: Counting) -> Vec<Vec<i32>> {
    let mut board = vec![vec![0i32; n]; n];
    for (r, row) in board.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let (r, c) = (r as i64 + 1, c as i64 + 1);
            for &(qr, qc) in queens {
                let (qr, qc) = (i64::from(qr), i64::from(qc));
                let (dr, dc) = (r - qr, (c - qc).abs());
                if dr == 0 && dc == 0 {
                    *cell = 1;
                    break;
                }
                let line = dc == 0 || dr.abs() == dc;
                let counted = match counting {
                    Counting::Above => dr > 0,
                    Counting::All => dr != 0,
                };
                if line && counted {
                    *cell -= 1;
                }
            }
        }
    }
    board
}
