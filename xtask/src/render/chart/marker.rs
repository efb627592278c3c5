//! Markers (one shape per line, with a white halo) and solid or dashed
//! polylines.

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

use super::Drawn;
use crate::style::Marker;

/// Marker radius of a line chart, in pixels.
pub(super) const MARKER_R: i32 = 9;
/// Dash and gap of a dashed line, in pixels.
const DASH: (i32, i32) = (18, 11);

/// Draws a marker centred on `at`; `grow` pixels larger (for a white halo).
fn marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (x, y): (i32, i32),
    shape: Marker,
    colour: RGBColor,
    grow: i32,
) -> Drawn<DB> {
    let r = f64::from(MARKER_R + grow);
    let fill = colour.filled();
    let at = |dx: f64, dy: f64| (x + (dx * r).round() as i32, y + (dy * r).round() as i32);
    let polygon = |corners: &[(f64, f64)]| {
        Polygon::new(
            corners
                .iter()
                .map(|&(dx, dy)| at(dx, dy))
                .collect::<Vec<_>>(),
            fill,
        )
    };
    let stroke = colour.stroke_width(6 + 2 * grow as u32);
    match shape {
        Marker::Circle => area.draw(&Circle::new((x, y), MARKER_R + grow, fill)),
        Marker::Square => area.draw(&Rectangle::new([at(-0.85, -0.85), at(0.85, 0.85)], fill)),
        Marker::Triangle => area.draw(&polygon(&[(0.0, -1.25), (1.1, 0.66), (-1.1, 0.66)])),
        Marker::TriangleDown => area.draw(&polygon(&[(0.0, 1.25), (1.1, -0.66), (-1.1, -0.66)])),
        Marker::Diamond => area.draw(&polygon(&[
            (0.0, -1.2),
            (1.2, 0.0),
            (0.0, 1.2),
            (-1.2, 0.0),
        ])),
        Marker::Hexagon => {
            let corners: Vec<(f64, f64)> = (0..6)
                .map(|k| {
                    let a = std::f64::consts::PI / 3.0 * f64::from(k) - std::f64::consts::FRAC_PI_2;
                    (1.05 * a.cos(), 1.05 * a.sin())
                })
                .collect();
            area.draw(&polygon(&corners))
        }
        Marker::Cross => {
            area.draw(&PathElement::new(
                vec![at(-0.95, -0.95), at(0.95, 0.95)],
                stroke,
            ))?;
            area.draw(&PathElement::new(
                vec![at(-0.95, 0.95), at(0.95, -0.95)],
                stroke,
            ))
        }
        Marker::Plus => {
            area.draw(&PathElement::new(vec![at(-1.3, 0.0), at(1.3, 0.0)], stroke))?;
            area.draw(&PathElement::new(vec![at(0.0, -1.3), at(0.0, 1.3)], stroke))
        }
    }
}

/// A marker with a white halo, so that it stands out from the lines under it.
pub(super) fn marker_with_halo<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    at: (i32, i32),
    shape: Marker,
    colour: RGBColor,
) -> Drawn<DB> {
    marker(area, at, shape, RGBColor(255, 255, 255), 2)?;
    marker(area, at, shape, colour, 0)
}

/// A line through some pixels, solid or dashed.
pub(super) fn polyline<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    points: Vec<(i32, i32)>,
    style: ShapeStyle,
    dashed: bool,
) -> Drawn<DB> {
    if dashed {
        area.draw(&DashedPathElement::new(points, DASH.0, DASH.1, style))
    } else {
        area.draw(&PathElement::new(points, style))
    }
}
