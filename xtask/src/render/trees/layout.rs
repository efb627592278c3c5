//! A tidy tree layout (after Reingold and Tilford): depth fixes a node's
//! row; each subtree is drawn on its own, then its siblings are pushed to
//! the right just as far as their outlines (the leftmost and rightmost
//! extent at every depth) need to keep `gap` apart, and a parent is centred
//! over its first and last child. So subtrees never overlap, a small subtree
//! may tuck under a neighbour's dead end, and the same tree always gets the
//! same layout.

use crate::analysis::tree::Tree;

/// Where the nodes go along the x axis.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The centre of each node; the leftmost edge of any node is at 0.
    pub x: Vec<f64>,
    /// From the leftmost to the rightmost edge.
    pub width: f64,
}

/// Lays out `tree` with every node `width` wide and at least `gap` between
/// neighbours of the same depth.
pub fn tidy(tree: &Tree, width: f64, gap: f64) -> Layout {
    let count = tree.nodes.len();
    let half = width / 2.0;
    // Each subtree's outline, relative to its root's centre: (left, right) per depth.
    let mut outline: Vec<Vec<(f64, f64)>> = vec![Vec::new(); count];
    // Each node's centre relative to its parent's.
    let mut offset = vec![0.0; count];
    // Children come after their parent, so this visits children first.
    for v in (0..count).rev() {
        let children = &tree.nodes[v].children;
        let mut merged: Vec<(f64, f64)> = Vec::new();
        let mut shifts = Vec::with_capacity(children.len());
        for &c in children {
            let own = std::mem::take(&mut outline[c]);
            let shift = if shifts.is_empty() {
                0.0
            } else {
                merged
                    .iter()
                    .zip(&own)
                    .map(|(m, o)| m.1 - o.0 + gap)
                    .fold(f64::MIN, f64::max)
            };
            for (d, &(l, r)) in own.iter().enumerate() {
                match merged.get_mut(d) {
                    Some(m) => m.1 = r + shift,
                    None => merged.push((l + shift, r + shift)),
                }
            }
            shifts.push(shift);
        }
        let mid = match (shifts.first(), shifts.last()) {
            (Some(a), Some(b)) => (a + b) / 2.0,
            _ => 0.0,
        };
        for (&c, s) in children.iter().zip(&shifts) {
            offset[c] = s - mid;
        }
        let mut own = vec![(-half, half)];
        own.extend(merged.iter().map(|(l, r)| (l - mid, r - mid)));
        outline[v] = own;
    }
    let mut x = vec![0.0; count];
    for i in 1..count {
        let parent = tree.nodes[i].parent.expect("only the root has none");
        x[i] = x[parent] + offset[i];
    }
    let left = x.iter().fold(f64::MAX, |m, &v| m.min(v)) - half;
    let right = x.iter().fold(f64::MIN, |m, &v| m.max(v)) + half;
    for v in &mut x {
        *v -= left;
    }
    Layout {
        x,
        width: right - left,
    }
}

/// The closest two nodes of the same depth come: the least distance between
/// the centres of same-depth neighbours (infinite with no such pair).
pub fn closest(tree: &Tree, layout: &Layout) -> f64 {
    let mut by_depth: Vec<Vec<f64>> = Vec::new();
    for (node, &x) in tree.nodes.iter().zip(&layout.x) {
        if by_depth.len() <= node.depth {
            by_depth.resize(node.depth + 1, Vec::new());
        }
        by_depth[node.depth].push(x);
    }
    by_depth
        .iter_mut()
        .flat_map(|xs| {
            xs.sort_by(f64::total_cmp);
            xs.windows(2).map(|w| w[1] - w[0]).collect::<Vec<_>>()
        })
        .fold(f64::INFINITY, f64::min)
}
