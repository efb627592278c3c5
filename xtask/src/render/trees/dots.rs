//! Compact search trees at one n: a dot per node, one row per depth,
//! solutions marked, every panel at the same scale (a leaf takes the same
//! width everywhere), so the sizes of the trees compare at a glance. Panels
//! flow left to right and wrap, the largest first.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::draw::{
    Heading, INK, LABEL_PX, MARGIN, MIN_WIDTH, MUTED, Paint, TEXT_PX, VERMILLION, line_height,
    text, text_width,
};
use super::layout::{Layout, tidy};
use crate::analysis::tree::Tree;
use crate::render::chart::Drawn;

/// Vertical distance between depths, in pixels.
const ROW_H: i32 = 24;
/// The widest a leaf may get, in pixels.
const MAX_UNIT: f64 = 16.0;
/// Space between panels, across and down, in pixels.
const PANEL_GAP: i32 = 56;
/// From a panel's label to its root.
const LABEL_GAP: i32 = 18;

/// One tree, with its label.
#[derive(Clone, Debug)]
pub(super) struct Panel<'a> {
    /// Its label, above it: the approaches that walk it.
    pub(super) label: String,
    /// Under the label: its size.
    pub(super) note: String,
    /// The tree.
    pub(super) tree: &'a Tree,
}

/// The small multiples, laid out.
#[derive(Clone, Debug)]
pub(super) struct DotTrees<'a> {
    /// The panels, in reading order.
    panels: Vec<Panel<'a>>,
    /// Each panel's layout, in leaf units.
    layouts: Vec<Layout>,
    /// Each panel's top left corner.
    corners: Vec<(i32, i32)>,
    /// Title and legend.
    heading: Heading,
    /// Pixels per leaf.
    unit: f64,
    /// Picture size.
    size: (u32, u32),
}

impl<'a> DotTrees<'a> {
    /// Lays out the panels at one scale (the widest tree fills the width)
    /// and flows them into rows.
    pub(super) fn new(panels: Vec<Panel<'a>>, title: &str, legend: &str) -> DotTrees<'a> {
        let layouts: Vec<Layout> = panels.iter().map(|p| tidy(p.tree, 1.0, 0.0)).collect();
        let widest = layouts.iter().map(|l| l.width).fold(1.0, f64::max);
        let width = MIN_WIDTH;
        let unit = (f64::from(width - 2 * MARGIN) / widest).min(MAX_UNIT);
        let heading = Heading::new(title, legend, width);
        let (mut corners, mut x, mut y, mut row_h) = (Vec::new(), MARGIN, heading.bottom(), 0);
        for (panel, layout) in panels.iter().zip(&layouts) {
            let w = text_width(LABEL_PX, &panel.label)
                .max(text_width(TEXT_PX, &panel.note))
                .max((layout.width * unit).ceil() as i32);
            if x > MARGIN && x + w > width - MARGIN {
                (x, y, row_h) = (MARGIN, y + row_h + PANEL_GAP, 0);
            }
            corners.push((x, y));
            x += w + PANEL_GAP;
            row_h = row_h.max(panel_height(panel.tree));
        }
        let height = y + row_h + MARGIN;
        DotTrees {
            panels,
            layouts,
            corners,
            heading,
            unit,
            size: (width as u32, height as u32),
        }
    }
}

/// From a panel's top to its root.
fn label_height() -> i32 {
    line_height(LABEL_PX) + line_height(TEXT_PX) + LABEL_GAP
}

/// A panel's height: its label, its note and its depths.
fn panel_height(tree: &Tree) -> i32 {
    let depth = tree.nodes.iter().map(|n| n.depth).max().unwrap_or(0) as i32;
    label_height() + depth * ROW_H + 10
}

impl Paint for DotTrees<'_> {
    fn size(&self) -> (u32, u32) {
        self.size
    }

    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Drawn<DB> {
        root.fill(&WHITE)?;
        self.heading.draw(root)?;
        let radius = (self.unit * 0.35).clamp(1.5, 5.0).round() as i32;
        let edge = RGBColor(170, 170, 170);
        for ((panel, layout), &(x0, top)) in
            self.panels.iter().zip(&self.layouts).zip(&self.corners)
        {
            let left = (HPos::Left, VPos::Top);
            text(root, &panel.label, (x0, top), LABEL_PX, INK, left)?;
            let below = top + line_height(LABEL_PX);
            text(root, &panel.note, (x0, below), TEXT_PX, MUTED, left)?;
            let y0 = top + label_height();
            let at = |i: usize| {
                let x = f64::from(x0) + layout.x[i] * self.unit;
                (
                    x.round() as i32,
                    y0 + panel.tree.nodes[i].depth as i32 * ROW_H,
                )
            };
            for (i, node) in panel.tree.nodes.iter().enumerate() {
                for &c in &node.children {
                    root.draw(&PathElement::new(vec![at(i), at(c)], edge.stroke_width(1)))?;
                }
            }
            for (i, node) in panel.tree.nodes.iter().enumerate() {
                root.draw(&Circle::new(at(i), radius, INK.filled()))?;
                if node.solution.is_some() {
                    root.draw(&Circle::new(at(i), radius.max(3) + 4, VERMILLION.filled()))?;
                }
            }
        }
        Ok(())
    }
}
