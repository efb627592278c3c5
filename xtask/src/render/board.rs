//! A solved board: a chessboard in wood tones with a crown for each queen
//! (paler squares and plain discs on large boards, so that the queens stand
//! out), 1600 px wide, under a large title.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::chart::{Drawn, INK, MARGIN, WIDTH, below_title, no_data, title};
use crate::figure::BoardPicture;

/// Size of a board picture, in pixels: the board is square under the title.
pub(crate) const SIZE: (u32, u32) = (WIDTH as u32, 1700);

/// Cells at least this many pixels wide get wood tones and crowns.
const CROWN_CELL: i32 = 60;

/// Draws a solved board (1-based column per row); columns outside the board
/// are left out.
pub(crate) fn draw_board<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    board: &BoardPicture,
) -> Drawn<DB> {
    let (w, h) = (SIZE.0 as i32, SIZE.1 as i32);
    root.fill(&WHITE)?;
    title(root, &board.title, w)?;
    let top = below_title(&board.title, w);
    let n = board.cols.len() as i32;
    if n == 0 {
        return no_data(root, (MARGIN, top, w - MARGIN, h - MARGIN));
    }
    let side = (w - 2 * 2 * MARGIN).min(h - top - 2 * MARGIN);
    let cell = (side / n).max(1);
    let (ox, oy) = ((w - cell * n) / 2, top + (h - MARGIN - top - cell * n) / 2);
    // Wood tones for a chessboard; paler ones for large boards, so the queens stand out.
    let crowns = cell >= CROWN_CELL;
    let (light, dark) = if crowns {
        (RGBColor(240, 217, 181), RGBColor(181, 136, 99))
    } else {
        (RGBColor(250, 245, 236), RGBColor(228, 216, 198))
    };
    // The light colour once, then the dark squares (half the shapes in the SVG).
    let whole = [(ox, oy), (ox + cell * n, oy + cell * n)];
    root.draw(&Rectangle::new(whole, light.filled()))?;
    for r in 0..n {
        for c in (0..n).filter(|c| (r + c) % 2 == 1) {
            let (x, y) = (ox + c * cell, oy + r * cell);
            root.draw(&Rectangle::new(
                [(x, y), (x + cell, y + cell)],
                dark.filled(),
            ))?;
        }
    }
    root.draw(&Rectangle::new(whole, INK.stroke_width(3)))?;
    let queen = RGBColor(20, 20, 20);
    for (r, &c) in board.cols.iter().enumerate() {
        if c == 0 || c as i32 > n {
            continue;
        }
        let (x, y) = (ox + (c as i32 - 1) * cell, oy + r as i32 * cell);
        if crowns {
            // A crown: five points over a band, a jewel on each outer point.
            let s = |fx: f64, fy: f64| {
                (
                    x + (fx * f64::from(cell)) as i32,
                    y + (fy * f64::from(cell)) as i32,
                )
            };
            let crown = vec![
                s(0.2, 0.78),
                s(0.14, 0.34),
                s(0.33, 0.55),
                s(0.4, 0.24),
                s(0.5, 0.5),
                s(0.6, 0.24),
                s(0.67, 0.55),
                s(0.86, 0.34),
                s(0.8, 0.78),
            ];
            root.draw(&Polygon::new(crown, queen.filled()))?;
            root.draw(&Rectangle::new([s(0.2, 0.8), s(0.8, 0.88)], queen.filled()))?;
            for (fx, fy) in [(0.14, 0.3), (0.4, 0.2), (0.6, 0.2), (0.86, 0.3)] {
                root.draw(&Circle::new(s(fx, fy), (cell / 16).max(2), queen.filled()))?;
            }
        } else {
            let centre = (x + cell / 2, y + cell / 2);
            root.draw(&Circle::new(centre, (cell * 2 / 5).max(1), queen.filled()))?;
        }
    }
    Ok(())
}
