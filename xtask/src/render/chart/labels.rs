//! Direct labels at the lines' right ends, nudged apart so that they never
//! overlap, and the legend box of charts with many lines.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::axis::Axis;
use super::colour::label_colour;
use super::line::{Drawable, Frame, LINE_WIDTH};
use super::marker::{marker_with_halo, polyline};
use super::text::{line_height, text, text_width};
use super::{Drawn, GRID, LABEL_PX};

/// Centres for labels wanted at `targets` (pixels, any order), at least
/// `gap` apart, kept inside [lo, hi] when they fit, each as close to its
/// target as the others allow: touching labels form a block centred on
/// their targets' mean. The result is in the order of `targets`, and labels
/// keep their order.
pub(crate) fn nudge(targets: &[f64], gap: f64, lo: f64, hi: f64) -> Vec<f64> {
    let mut order: Vec<usize> = (0..targets.len()).collect();
    order.sort_by(|&a, &b| targets[a].total_cmp(&targets[b]).then(a.cmp(&b)));
    // A block of labels order[start..start + len], its first at `first`.
    struct Block {
        start: usize,
        len: usize,
        // Sum over its labels of (target − offset within the block).
        sum: f64,
    }
    let first = |b: &Block| {
        let want = b.sum / b.len as f64;
        let last_fits = hi - (b.len - 1) as f64 * gap;
        want.min(last_fits).max(lo)
    };
    let mut blocks: Vec<Block> = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        blocks.push(Block {
            start: k,
            len: 1,
            sum: targets[i],
        });
        while let [.., a, b] = &blocks[..] {
            if first(a) + a.len as f64 * gap <= first(b) + 1e-9 {
                break;
            }
            let (start, len) = (a.start, a.len + b.len);
            let sum = a.sum + b.sum - (b.start - a.start) as f64 * gap * b.len as f64;
            blocks.truncate(blocks.len() - 2);
            blocks.push(Block { start, len, sum });
        }
    }
    let mut out = vec![0.0; targets.len()];
    for b in &blocks {
        let y = first(b);
        for k in 0..b.len {
            out[order[b.start + k]] = y + k as f64 * gap;
        }
    }
    out
}

/// A direct label: its text starts at `x`, is `width` wide, and wants its
/// centre at `target`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot {
    /// Where the text starts, in pixels.
    pub(super) x: i32,
    /// The text's width, in pixels.
    pub(super) width: i32,
    /// The wanted vertical centre, in pixels.
    pub(super) target: f64,
}

/// Vertical centres of labels, none overlapping: labels whose boxes would
/// collide are nudged apart together (see [`nudge`]), until none collide.
pub(super) fn place(slots: &[Slot], gap: f64, lo: f64, hi: f64) -> Vec<f64> {
    let n = slots.len();
    let mut group: Vec<usize> = (0..n).collect();
    let side_by_side =
        |a: &Slot, b: &Slot| a.x - 8 < b.x + b.width + 8 && b.x - 8 < a.x + a.width + 8;
    loop {
        let mut ys = vec![0.0; n];
        let mut ids: Vec<usize> = group.clone();
        ids.sort_unstable();
        ids.dedup();
        for g in ids {
            let members: Vec<usize> = (0..n).filter(|&i| group[i] == g).collect();
            let targets: Vec<f64> = members.iter().map(|&i| slots[i].target).collect();
            for (&i, y) in members.iter().zip(nudge(&targets, gap, lo, hi)) {
                ys[i] = y;
            }
        }
        let mut merged = false;
        for i in 0..n {
            for j in i + 1..n {
                if group[i] != group[j]
                    && side_by_side(&slots[i], &slots[j])
                    && (ys[i] - ys[j]).abs() < gap - 1e-6
                {
                    let (keep, gone) = (group[i].min(group[j]), group[i].max(group[j]));
                    for g in group.iter_mut().filter(|g| **g == gone) {
                        *g = keep;
                    }
                    merged = true;
                }
            }
        }
        if !merged {
            return ys;
        }
    }
}

/// A compact legend box (marker and label per line) where it hides the
/// least of the lines and labels: the plot's upper-left corner unless more
/// lies there than in another corner or the middle of a side.
pub(super) fn legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    (left, top, right, bottom): Frame,
    lines: &[Drawable<'_>],
    xa: &Axis,
    ya: &Axis,
    labels: &[Frame],
) -> Drawn<DB> {
    let row = line_height(LABEL_PX) + 6;
    let sample = 56;
    let label_w = lines
        .iter()
        .map(|d| text_width(LABEL_PX, &d.line.label))
        .max()
        .unwrap_or(0);
    let (bw, bh) = (
        14 + sample + 14 + label_w + 16,
        12 + row * lines.len() as i32 + 12,
    );
    let inset = 14;
    let xs = [left + inset, (left + right - bw) / 2, right - inset - bw];
    let ys = [top + inset, (top + bottom - bh) / 2, bottom - inset - bh];
    let spots: Vec<(i32, i32)> = ys
        .iter()
        .flat_map(|&y| xs.iter().map(move |&x| (x, y)))
        .collect();
    // How much each spot would hide: samples along the lines, label boxes.
    let mut samples = Vec::new();
    for d in lines {
        for pair in d.points.windows(2) {
            let (a, b) = (
                (xa.px(pair[0].0), ya.px(pair[0].1)),
                (xa.px(pair[1].0), ya.px(pair[1].1)),
            );
            let steps = ((b.0 - a.0).abs().max((b.1 - a.1).abs()) / 8).max(1);
            for s in 0..=steps {
                let t = f64::from(s) / f64::from(steps);
                samples.push((
                    a.0 + (f64::from(b.0 - a.0) * t) as i32,
                    a.1 + (f64::from(b.1 - a.1) * t) as i32,
                ));
            }
        }
        samples.extend(d.points.iter().map(|&(x, y)| (xa.px(x), ya.px(y))));
    }
    let hidden = |&(x, y): &(i32, i32)| {
        let inside = |&(px, py): &(i32, i32)| px >= x && px <= x + bw && py >= y && py <= y + bh;
        let overlaps = |&(x0, y0, x1, y1): &Frame| x0 < x + bw && x1 > x && y0 < y + bh && y1 > y;
        samples.iter().filter(|p| inside(p)).count()
            + 50 * labels.iter().filter(|&l| overlaps(l)).count()
    };
    let (x, y) = spots
        .iter()
        .enumerate()
        .min_by_key(|&(i, spot)| (hidden(spot), i))
        .map_or(spots[0], |(_, &spot)| spot);
    root.draw(&Rectangle::new(
        [(x, y), (x + bw, y + bh)],
        WHITE.mix(0.92).filled(),
    ))?;
    root.draw(&Rectangle::new(
        [(x, y), (x + bw, y + bh)],
        GRID.stroke_width(2),
    ))?;
    for (i, d) in lines.iter().enumerate() {
        let cy = y + 12 + row * i as i32 + row / 2;
        let (sx, ex) = (x + 14, x + 14 + sample);
        polyline(
            root,
            vec![(sx, cy), (ex, cy)],
            d.colour.stroke_width(LINE_WIDTH),
            d.line.dashed,
        )?;
        marker_with_halo(root, ((sx + ex) / 2, cy), d.line.marker, d.colour)?;
        let colour = label_colour(d.colour);
        text(
            root,
            &d.line.label,
            (ex + 14, cy),
            LABEL_PX,
            colour,
            (HPos::Left, VPos::Center),
        )?;
    }
    Ok(())
}
