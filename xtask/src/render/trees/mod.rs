//! Pictures of whole search trees, drawn from the traces in
//! `DIR/data/traces/` ([`crate::data::traces`]) into `DIR/trees/`:
//!
//! - the complete box trace of the Queens.py assignment (seed 001) for
//!   `attack-board` at n = 4 and 5: every call of `findSolutions` a small
//!   board with its queens and, in every other square, −k for the k queens
//!   above attacking it; an X under each dead end; under every box what it
//!   returns, the solutions below it;
//! - the same boxes for `mrv` at n = 5, whose rows come in the order least
//!   room to move picks (the row it tries next outlined, each open row's
//!   free squares beside it);
//! - `bitmask`'s full tree at n = 5 with the boxes `bitmask-symmetric`
//!   never opens greyed (a box is opened when the symmetric counter's trace
//!   places the same queens in the same order);
//! - the search trees of every exhaustive approach at n = 6 as dots, at one
//!   scale.
//!
//! Like `render`, a pure function of the traces: the same traces give the
//! same bytes. A picture whose traces are missing is left out.

mod boxes;
mod dots;
mod draw;
mod layout;
#[cfg(test)]
mod tests;

use std::fs;
use std::path::Path;

use self::boxes::{BoxTrace, Style};
use self::dots::{DotTrees, Panel};
use self::draw::{Paint, write};
pub use self::layout::{Layout, closest, tidy};
pub use crate::analysis::tree::{Counting, Node, Source, Tree, attacks};
use crate::data::traces::{Mode, Trace};
use crate::format::group_digits;
use crate::{Context, Result};

/// The pictures' folder, inside DIR.
pub const FOLDER: &str = "trees";

/// The board sizes of `attack-board`'s box traces.
pub const BOX_N: [usize; 2] = [4, 5];
/// The board size of `mrv`'s box trace.
pub const MRV_N: usize = 5;
/// The board size of the symmetric counter's box trace over `bitmask`'s.
pub const SYMMETRY_N: usize = 5;
/// The board size of the compact trees.
pub const DOTS_N: usize = 6;

/// One picture written: `<name>.svg` and `<name>.png` in the folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// File stem.
    pub name: String,
    /// Title (also the alt text).
    pub title: String,
    /// Width in pixels (SVG and PNG alike).
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The traces it draws, (approach id, n): the step-through page links
    /// the picture from theirs.
    pub drawn: Vec<(String, usize)>,
}

/// The traces of `approaches` at n, as [`Picture::drawn`] lists them.
fn drawn(approaches: &[&str], n: usize) -> Vec<(String, usize)> {
    approaches.iter().map(|a| (a.to_string(), n)).collect()
}

/// The counting trace of an approach at n.
fn find<'t>(traces: &'t [Trace], approach: &str, n: usize) -> Option<&'t Trace> {
    traces.iter().find(|t| {
        t.entry.approach == approach
            && t.entry.n == n
            && t.entry.mode == Mode::Count
            && t.entry.knobs.is_none()
    })
}

/// The tree of the counting trace of an approach at n, if there is one.
fn tree_of(traces: &[Trace], approach: &str, n: usize) -> Result<Option<Tree>> {
    match find(traces, approach, n) {
        Some(t) => Ok(Tree::from_trace(t)?),
        None => Ok(None),
    }
}

/// "returns k" under every box.
fn returns(tree: &Tree) -> Vec<String> {
    tree.nodes
        .iter()
        .map(|n| format!("returns {}", n.returns))
        .collect()
}

/// Draws every picture the traces allow into `out` (created if needed) and
/// returns them, in the order a report shows them.
pub fn render(traces: &[Trace], out: &Path) -> Result<Vec<Picture>> {
    // Text is measured for the layout: the font must be there first.
    crate::render::chart::register_font()?;
    fs::create_dir_all(out).context(|| format!("cannot create {}", out.display()))?;
    let mut pictures = Vec::new();
    for n in BOX_N {
        pictures.extend(attack_board(traces, n, out)?);
    }
    pictures.extend(attack_board_branches(traces, SPLIT_N, out)?);
    pictures.extend(mrv(traces, out)?);
    pictures.extend(symmetric(traces, out)?);
    pictures.extend(dot_trees(traces, out)?);
    Ok(pictures)
}

/// Writes a picture into `out` and describes it.
fn emit(
    out: &Path,
    name: String,
    title: String,
    picture: &impl Paint,
    drawn: Vec<(String, usize)>,
) -> Result<Picture> {
    write(out, &name, picture)?;
    let (width, height) = picture.size();
    Ok(Picture {
        name,
        title,
        width,
        height,
        drawn,
    })
}

/// The Queens.py box trace of `attack-board` at n.
fn attack_board(traces: &[Trace], n: usize, out: &Path) -> Result<Option<Picture>> {
    let Some(tree) = tree_of(traces, "attack-board", n)? else {
        return Ok(None);
    };
    let title =
        format!("The complete box trace of {n}-Queens (attack-board, the Queens.py assignment)");
    let legend = "Each box is one call of findSolutions: its queens, and in every other square \
                  −k for the k queens in the rows above that attack it. Blue outline: the row the \
                  box tries next, one child per safe square, left to right. Red outline and X: a \
                  dead end, no safe square in that row. Under each box: what it returns, the \
                  solutions below it.";
    let style = Style {
        counting: Counting::Above,
        room: false,
        visited: Vec::new(),
        labels: returns(&tree),
    };
    let picture = BoxTrace::new(&tree, style, &title, legend);
    let name = format!("box_trace_attack_board_{n}");
    emit(out, name, title, &picture, drawn(&["attack-board"], n)).map(Some)
}

/// The box trace too wide to project whole, drawn again one picture per
/// column of the first queen.
pub const SPLIT_N: usize = 5;

/// `attack-board`'s box trace at n, one picture per first queen's column
/// (`box_trace_attack_board_{n}_{column}`), each readable on a projector.
fn attack_board_branches(traces: &[Trace], n: usize, out: &Path) -> Result<Vec<Picture>> {
    let Some(tree) = tree_of(traces, "attack-board", n)? else {
        return Ok(Vec::new());
    };
    let legend = "Each box: its queens, and −k in every other square for the k queens above                   that attack it. Red outline and X: a dead end. Under each box: the solutions                   below it.";
    let mut pictures = Vec::new();
    for k in 0..tree.nodes[0].children.len() {
        let Some(branch) = tree.branch(k) else {
            continue;
        };
        let column = branch.nodes[1].queen.map_or(0, |q| q.1);
        let title = format!("{n}-Queens, first queen in column {column} (attack-board)");
        let style = Style {
            counting: Counting::Above,
            room: false,
            visited: Vec::new(),
            labels: returns(&branch),
        };
        let picture = BoxTrace::new(&branch, style, &title, legend);
        let name = format!("box_trace_attack_board_{n}_{column}");
        pictures.push(emit(
            out,
            name,
            title,
            &picture,
            drawn(&["attack-board"], n),
        )?);
    }
    Ok(pictures)
}

/// The box trace of `mrv` at [`MRV_N`], rows in O'Keefe's order.
fn mrv(traces: &[Trace], out: &Path) -> Result<Option<Picture>> {
    let Some(tree) = tree_of(traces, "mrv", MRV_N)? else {
        return Ok(None);
    };
    let title = format!(
        "Least room to move at n = {MRV_N} (mrv, O'Keefe's Queens.Pl): rows in the order it picks"
    );
    let legend = "Each box: the queens placed so far (grey: rows already filled); in every open \
                  row −k for the k queens attacking a square, and beside the row its free squares. \
                  Blue outline: the row with the least room, tried next (its columns right to \
                  left). Red outline and X: a row left with no free square, a dead end. Under each \
                  box: the solutions below it.";
    let style = Style {
        counting: Counting::All,
        room: true,
        visited: Vec::new(),
        labels: returns(&tree),
    };
    let picture = BoxTrace::new(&tree, style, &title, legend);
    let name = format!("box_trace_mrv_{MRV_N}");
    emit(out, name, title, &picture, drawn(&["mrv"], MRV_N)).map(Some)
}

/// `bitmask`'s box trace at [`SYMMETRY_N`], the boxes `bitmask-symmetric` never opens greyed.
fn symmetric(traces: &[Trace], out: &Path) -> Result<Option<Picture>> {
    let (Some(full), Some(sym)) = (
        tree_of(traces, "bitmask", SYMMETRY_N)?,
        tree_of(traces, "bitmask-symmetric", SYMMETRY_N)?,
    ) else {
        return Ok(None);
    };
    let matched = full.matches(&sym);
    let visited: Vec<bool> = matched.iter().map(Option::is_some).collect();
    // A box the symmetric counter opens but leaves before trying its next
    // row, where bitmask goes on: its bounds cut it short.
    let cut =
        |i: usize, s: usize| sym.nodes[s].children.is_empty() && !full.nodes[i].children.is_empty();
    let labels = matched
        .iter()
        .enumerate()
        .map(|(i, m)| match *m {
            Some(s) if cut(i, s) => format!("cut, returns {}", sym.nodes[s].returns),
            Some(s) => format!("returns {}", sym.nodes[s].returns),
            None => String::new(),
        })
        .collect();
    let cuts = matched
        .iter()
        .enumerate()
        .filter(|&(i, m)| m.is_some_and(|s| cut(i, s)))
        .count();
    let title = format!(
        "bitmask-symmetric at n = {SYMMETRY_N}, over bitmask's whole tree: the boxes it never \
         opens are grey"
    );
    let same = match tree_of(traces, "attack-board", SYMMETRY_N)? {
        Some(t) if shape(&t) == shape(&full) => " (the same as attack-board's)",
        _ => "",
    };
    // Complete boards the symmetric counter drops because a turn of them is the one kept.
    let dropped = sym
        .nodes
        .iter()
        .filter(|n| n.depth == SYMMETRY_N && n.solution.is_none())
        .count();
    let dropped = if dropped > 0 {
        "; a complete board one of whose turns is the one kept returns 0"
    } else {
        ""
    };
    let cuts = if cuts > 0 {
        " “cut”: a box its bounds close before it tries the next row, where bitmask goes on."
    } else {
        ""
    };
    let legend = format!(
        "The tree is bitmask's{same}. bitmask-symmetric (Takaken) opens only the coloured boxes, \
         and a board it keeps returns its weight, the 2, 4 or 8 boards its rotations and \
         reflections give{dropped}. Under each opened box: what it returns.{cuts}"
    );
    let style = Style {
        counting: Counting::Above,
        room: false,
        visited,
        labels,
    };
    let picture = BoxTrace::new(&full, style, &title, &legend);
    emit(
        out,
        format!("box_trace_symmetric_{SYMMETRY_N}"),
        title,
        &picture,
        drawn(&["bitmask", "bitmask-symmetric"], SYMMETRY_N),
    )
    .map(Some)
}

/// Every counting trace's tree at [`DOTS_N`] as dots, at one scale; the
/// approaches that walk the same tree share a panel (each at its default
/// settings: the csp lab's traces of other knobs are for the explorer).
fn dot_trees(traces: &[Trace], out: &Path) -> Result<Vec<Picture>> {
    let mut trees = Vec::new();
    for t in traces
        .iter()
        .filter(|t| t.entry.n == DOTS_N && t.entry.mode == Mode::Count && t.entry.knobs.is_none())
    {
        if let Some(tree) = Tree::from_trace(t)? {
            trees.push((t.entry.approach.as_str(), tree));
        }
    }
    // Largest tree first; equal sizes by id.
    trees.sort_by(|a, b| b.1.nodes.len().cmp(&a.1.nodes.len()).then(a.0.cmp(b.0)));
    let mut groups: Vec<(Vec<&str>, &Tree, Vec<Shape>)> = Vec::new();
    for (id, tree) in &trees {
        let shape = shape(tree);
        match groups.iter_mut().find(|g| g.2 == shape) {
            Some(g) => g.0.push(id),
            None => groups.push((vec![id], tree, shape)),
        }
    }
    if trees.is_empty() {
        return Ok(Vec::new());
    }
    let title =
        format!("The search trees at n = {DOTS_N}, one scale: a dot per node, a row per depth");
    let drawn_from = |source: Source| -> Vec<&str> {
        trees
            .iter()
            .filter(|(_, t)| t.source == source)
            .map(|(id, _)| *id)
            .collect()
    };
    let mut legend = "Red: a solution. A leaf takes the same width in every panel, so the widths \
                      compare; approaches that walk the same tree share a panel."
        .to_string();
    let candidates = drawn_from(Source::Candidates);
    if !candidates.is_empty() {
        legend += &format!(
            " Drawn as the prefix tree of the boards tested (only complete boards are): {}.",
            candidates.join(", ")
        );
    }
    let partials = drawn_from(Source::Partials);
    if !partials.is_empty() {
        legend += &format!(
            " Drawn as the prefix tree of the partial lists kept: {}.",
            partials.join(", ")
        );
    }
    let panels: Vec<Panel> = groups
        .iter()
        .map(|(ids, tree, _)| Panel {
            label: ids.join(", "),
            note: dot_note(tree),
            tree,
        })
        .collect();
    // The generators' trees set the one scale and leave the backtracking
    // trees a few pixels wide: they get a picture of their own, at theirs.
    let backtracking: Vec<Panel> = panels
        .iter()
        .filter(|p| p.tree.source == Source::Placements)
        .cloned()
        .collect();
    let picture = DotTrees::new(panels, &title, &legend);
    let ids: Vec<&str> = trees.iter().map(|(id, _)| *id).collect();
    let mut pictures = vec![emit(
        out,
        format!("search_trees_{DOTS_N}"),
        title,
        &picture,
        drawn(&ids, DOTS_N),
    )?];
    if !backtracking.is_empty() {
        let title = format!(
            "The backtracking trees at n = {DOTS_N}, one scale: a dot per node, a row per depth"
        );
        let legend = "Red: a solution. The trees of the searches that place one queen at a \
                      time, at a scale of their own; approaches that walk the same tree share \
                      a panel.";
        let ids = drawn_from(Source::Placements);
        let picture = DotTrees::new(backtracking, &title, legend);
        let name = format!("search_trees_{DOTS_N}_backtracking");
        pictures.push(emit(out, name, title, &picture, drawn(&ids, DOTS_N))?);
    }
    Ok(pictures)
}

/// A node as trees are compared: its queens, root first, whether it is a
/// dead end, and its solution weight.
type Shape = (Vec<(u32, u32)>, bool, Option<u64>);

/// A tree's nodes, sorted: equal for two trees of the same nodes whatever
/// order they were visited in.
fn shape(tree: &Tree) -> Vec<Shape> {
    let mut nodes: Vec<Shape> = (0..tree.nodes.len())
        .map(|i| {
            (
                tree.queens(i),
                tree.nodes[i].dead_end,
                tree.nodes[i].solution,
            )
        })
        .collect();
    nodes.sort();
    nodes
}

/// Under a dot panel's label: the tree's nodes and solutions (and their
/// weight when the boards found stand for more).
fn dot_note(tree: &Tree) -> String {
    let found = tree.solutions() as u64;
    let counted = tree.nodes[0].returns;
    let weighted = if counted != found {
        format!(", counted as {counted}")
    } else {
        String::new()
    };
    let s = if found == 1 { "" } else { "s" };
    format!(
        "{} nodes, {} solution{s} found{weighted}",
        group_digits(tree.node_count() as u64),
        group_digits(found)
    )
}
