//! The box trace of the Queens.py assignment (seed 001), drawn whole: every
//! box a small board with its queens and, in every other square, the
//! negative number of queens attacking it; the row the search tries next
//! outlined; under each box what it returns (the solutions below it), and
//! an X under each dead end. Boxes are laid out by [`super::layout::tidy`].
//! Boxes of a tree another search never visits can be greyed.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::draw::{
    BLUE, GREEN, Heading, INK, MARGIN, MIN_WIDTH, MUTED, Paint, TEXT_PX, VERMILLION, text,
};
use super::layout::{Layout, tidy};
use crate::analysis::tree::{Counting, Tree, attacks};
use crate::render::chart::Drawn;

/// Space between the boxes of one depth, in pixels.
const GAP: f64 = 44.0;
/// From a board's lower edge to the edges towards its children: the label.
const LABEL_H: i32 = 48;
/// From there to the next depth's boards (room for the X of a dead end).
const V_GAP: i32 = 96;
/// Width of the column of free squares beside a board (searches that pick their row).
const ROOM_W: i32 = 44;

/// One box-trace picture, laid out.
#[derive(Clone, Debug)]
pub(super) struct BoxTrace<'a> {
    /// The tree.
    tree: &'a Tree,
    /// Which queens a square's number counts.
    counting: Counting,
    /// Whether to show each open row's free squares beside the board.
    room: bool,
    /// Boxes drawn in full (the others greyed).
    visited: Vec<bool>,
    /// The text under each box.
    labels: Vec<String>,
    /// Title and legend.
    heading: Heading,
    /// The boxes' centres.
    layout: Layout,
    /// A square's side, in pixels.
    cell: i32,
    /// Picture size.
    size: (u32, u32),
}

/// What a box trace shows besides its tree.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Style {
    /// Which queens a square's number counts.
    pub(super) counting: Counting,
    /// Whether to show each open row's free squares beside the board.
    pub(super) room: bool,
    /// Boxes drawn in full (the others greyed); empty for all.
    pub(super) visited: Vec<bool>,
    /// The text under each box.
    pub(super) labels: Vec<String>,
}

/// A square's side for boards of n squares: large enough for "−2" in the
/// smallest text.
fn cell_for(n: usize) -> i32 {
    match n {
        0..=4 => 54,
        5 => 48,
        6 => 44,
        _ => 40,
    }
}

impl<'a> BoxTrace<'a> {
    /// Lays out a box trace of `tree`.
    pub(super) fn new(tree: &'a Tree, style: Style, title: &str, legend: &str) -> BoxTrace<'a> {
        let cell = cell_for(tree.n);
        let box_w = cell * tree.n as i32 + if style.room { ROOM_W } else { 0 };
        let layout = tidy(tree, f64::from(box_w), GAP);
        let width = (layout.width.ceil() as i32 + 2 * MARGIN).max(MIN_WIDTH);
        let heading = Heading::new(title, legend, width);
        let depth = tree.nodes.iter().map(|n| n.depth).max().unwrap_or(0) as i32;
        let level = cell * tree.n as i32 + LABEL_H + V_GAP;
        let height = heading.bottom() + depth * level + cell * tree.n as i32 + LABEL_H + V_GAP;
        let visited = if style.visited.len() == tree.nodes.len() {
            style.visited
        } else {
            vec![true; tree.nodes.len()]
        };
        BoxTrace {
            tree,
            counting: style.counting,
            room: style.room,
            visited,
            labels: style.labels,
            heading,
            layout,
            cell,
            size: (width as u32, height as u32),
        }
    }

    /// A box's width (board and room column).
    fn box_w(&self) -> i32 {
        self.cell * self.tree.n as i32 + if self.room { ROOM_W } else { 0 }
    }

    /// The top left corner of a node's board.
    pub(super) fn corner(&self, node: usize) -> (i32, i32) {
        let offset = (self.size.0 as f64 - self.layout.width) / 2.0;
        let x = offset + self.layout.x[node] - f64::from(self.box_w()) / 2.0;
        let level = self.cell * self.tree.n as i32 + LABEL_H + V_GAP;
        let y = self.heading.bottom() + self.tree.nodes[node].depth as i32 * level;
        (x.round() as i32, y)
    }

    /// Every box as (left, top, right, bottom), label and X included.
    #[cfg(test)]
    pub(super) fn rects(&self) -> Vec<(i32, i32, i32, i32)> {
        let h = self.cell * self.tree.n as i32 + LABEL_H + V_GAP / 2;
        (0..self.tree.nodes.len())
            .map(|i| {
                let (x, y) = self.corner(i);
                (x, y, x + self.box_w(), y + h)
            })
            .collect()
    }

    /// The rows to outline at a node: the row its (drawn in full) children's
    /// queens go in (blue), or at a dead end the row(s) left without a safe
    /// square (vermillion); none at a solution or a box cut short.
    fn outlined(&self, node: usize, table: &[Vec<i32>]) -> (Vec<usize>, RGBColor) {
        let nd = &self.tree.nodes[node];
        if let Some(&(row, _)) = nd
            .children
            .iter()
            .find(|&&c| self.visited[c])
            .and_then(|&c| self.tree.nodes[c].queen.as_ref())
        {
            return (vec![row as usize - 1], BLUE);
        }
        if !nd.dead_end {
            return (Vec::new(), BLUE);
        }
        let rows = match self.counting {
            Counting::Above => vec![nd.depth],
            Counting::All => (0..self.tree.n)
                .filter(|&r| table[r].iter().all(|&v| v < 0))
                .collect(),
        };
        (rows, VERMILLION)
    }

    /// Draws one box: board, numbers, outline, room column, label and X.
    fn draw_box<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        node: usize,
    ) -> Drawn<DB> {
        let (n, cell) = (self.tree.n, self.cell);
        let full = self.visited[node];
        let nd = &self.tree.nodes[node];
        let queens = self.tree.queens(node);
        let table = attacks(n, &queens, self.counting);
        let placed: Vec<bool> = (1..=n as u32)
            .map(|r| queens.iter().any(|q| q.0 == r))
            .collect();
        let (x0, y0) = self.corner(node);
        let side = cell * n as i32;
        let ink = if full { INK } else { RGBColor(185, 185, 185) };
        for (r, row) in table.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                let (x, y) = (x0 + c as i32 * cell, y0 + r as i32 * cell);
                let done = self.counting == Counting::All && placed[r];
                let fill = square(v, (r + c) % 2 == 1, done, full);
                root.draw(&Rectangle::new(
                    [(x, y), (x + cell, y + cell)],
                    fill.filled(),
                ))?;
                if v == 1 {
                    let centre = (x + cell / 2, y + cell / 2);
                    root.draw(&Circle::new(centre, cell * 17 / 50, ink.filled()))?;
                } else if v < 0 && !done {
                    let centre = (x + cell / 2, y + cell / 2);
                    text(
                        root,
                        &format!("−{}", -v),
                        centre,
                        TEXT_PX,
                        ink,
                        (HPos::Center, VPos::Center),
                    )?;
                }
            }
        }
        let border = if nd.solution.is_some() && full {
            GREEN.stroke_width(5)
        } else {
            ink.stroke_width(2)
        };
        root.draw(&Rectangle::new([(x0, y0), (x0 + side, y0 + side)], border))?;
        let (rows, colour) = if full {
            self.outlined(node, &table)
        } else {
            (Vec::new(), BLUE)
        };
        for &r in &rows {
            let y = y0 + r as i32 * cell;
            root.draw(&Rectangle::new(
                [(x0 - 3, y - 2), (x0 + side + 3, y + cell + 2)],
                colour.stroke_width(4),
            ))?;
        }
        if self.room {
            for (r, row) in table.iter().enumerate().filter(|(r, _)| !placed[*r]) {
                let free = row.iter().filter(|&&v| v == 0).count();
                let colour = if !full {
                    ink
                } else if rows.contains(&r) {
                    colour
                } else {
                    MUTED
                };
                let at = (x0 + side + ROOM_W / 2 + 2, y0 + r as i32 * cell + cell / 2);
                text(
                    root,
                    &free.to_string(),
                    at,
                    TEXT_PX,
                    colour,
                    (HPos::Center, VPos::Center),
                )?;
            }
        }
        let cx = x0 + side / 2;
        let label = &self.labels[node];
        if !label.is_empty() {
            text(
                root,
                label,
                (cx, y0 + side + 8),
                TEXT_PX,
                ink,
                (HPos::Center, VPos::Top),
            )?;
        }
        if nd.dead_end {
            let (cy, s) = (y0 + side + LABEL_H + 28, 17);
            let colour = if full {
                VERMILLION
            } else {
                RGBColor(235, 200, 180)
            };
            for (a, b) in [
                ((cx - s, cy - s), (cx + s, cy + s)),
                ((cx - s, cy + s), (cx + s, cy - s)),
            ] {
                root.draw(&PathElement::new(vec![a, b], colour.stroke_width(6)))?;
            }
        }
        Ok(())
    }
}

/// The colour of a square: a queen's or a free one's chessboard tone, or
/// a red that deepens with the number of queens attacking it; pale grey in
/// a row already decided by a search that picks its rows, paler when greyed.
fn square(v: i32, dark: bool, done: bool, full: bool) -> RGBColor {
    let colour = if done {
        RGBColor(222, 222, 222)
    } else {
        match v {
            -1 => RGBColor(247, 206, 190),
            -2 => RGBColor(238, 164, 140),
            v if v <= -3 => RGBColor(226, 126, 98),
            _ if dark => RGBColor(232, 220, 200),
            _ => RGBColor(250, 245, 236),
        }
    };
    if full {
        colour
    } else {
        // Three quarters of the way to white.
        let pale = |c: u8| 255 - (255 - c) / 4;
        RGBColor(pale(colour.0), pale(colour.1), pale(colour.2))
    }
}

impl Paint for BoxTrace<'_> {
    fn size(&self) -> (u32, u32) {
        self.size
    }

    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Drawn<DB> {
        root.fill(&WHITE)?;
        self.heading.draw(root)?;
        let side = self.cell * self.tree.n as i32;
        // Edges first, under the boxes: from below a box's label to the child's top.
        for (i, node) in self.tree.nodes.iter().enumerate() {
            let (px, py) = self.corner(i);
            let from = (px + side / 2, py + side + LABEL_H);
            for &c in &node.children {
                let (cx, cy) = self.corner(c);
                let colour = if self.visited[c] {
                    RGBColor(110, 110, 110)
                } else {
                    RGBColor(215, 215, 215)
                };
                root.draw(&PathElement::new(
                    vec![from, (cx + side / 2, cy - 4)],
                    colour.stroke_width(3),
                ))?;
            }
        }
        for i in 0..self.tree.nodes.len() {
            self.draw_box(root, i)?;
        }
        Ok(())
    }
}
