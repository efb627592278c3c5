//! `--depths` in human output: the nodes of the search tree at each depth,
//! one line per depth.

use queens_core::{Approach, Outcome};

/// What a node is, then one line per depth, `depth d: k nodes` (and `, j
/// dead ends` when the search reports them), the numbers aligned and grouped
/// by thousands; empty when the run counted no nodes.
pub fn depth_lines(approach: &dyn Approach, outcome: &Outcome) -> String {
    let Some(nodes) = &outcome.nodes_per_depth else {
        return String::new();
    };
    let unit = approach.node_unit().unwrap_or("a node");
    let mut text = format!("A node at depth d is {unit}.\n");
    if outcome.dead_ends_per_depth.is_some() {
        text.push_str("A dead end is a node above depth n with no child.\n");
    }
    let counts: Vec<String> = nodes.iter().map(|&k| grouped(k)).collect();
    let depth_width = nodes.len().saturating_sub(1).to_string().len();
    let width = counts.iter().map(String::len).max().unwrap_or(0);
    for (depth, (count, &k)) in counts.iter().zip(nodes).enumerate() {
        let noun = if k == 1 { "node" } else { "nodes" };
        text.push_str(&format!(
            "depth {depth:>depth_width$}: {count:>width$} {noun}"
        ));
        if let Some(&dead) = outcome
            .dead_ends_per_depth
            .as_ref()
            .and_then(|d| d.get(depth))
        {
            let noun = if dead == 1 { "dead end" } else { "dead ends" };
            text.push_str(&format!(", {} {noun}", grouped(dead)));
        }
        text.push('\n');
    }
    text
}

/// `k` with its digits grouped by thousands, a space between groups:
/// `1 141 190 302`.
pub fn grouped(k: u64) -> String {
    let digits = k.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(' ');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1234), "1 234");
        assert_eq!(grouped(123_456), "123 456");
        assert_eq!(grouped(1_141_190_302), "1 141 190 302");
        assert_eq!(grouped(u64::MAX), "18 446 744 073 709 551 615");
    }
}
