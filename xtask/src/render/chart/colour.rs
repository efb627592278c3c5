//! Colours: a line's colour from its hex code, and the lighter or darker
//! mixes drawn from it.

use plotters::prelude::*;

use crate::style;

/// `#RRGGBB` as a colour.
pub(super) fn colour_of(hex: &str) -> RGBColor {
    let (r, g, b) = style::rgb(hex);
    RGBColor(r, g, b)
}

/// `a` moved a share `t` of the way towards `b`.
fn towards(a: RGBColor, b: RGBColor, t: f64) -> RGBColor {
    let mix = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * t).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// A lighter mix of a colour (unfinished bars).
pub(super) fn lighter(c: RGBColor, t: f64) -> RGBColor {
    towards(c, RGBColor(255, 255, 255), t)
}

/// The contrast a mark needs on white to be seen projected: WCAG's 3 : 1
/// for large text and for the parts of a graphic one must see.
pub(super) const PROJECTED: f64 = 3.0;

/// WCAG's contrast ratio of two colours, 1 (none) to 21.
pub(super) fn contrast(a: RGBColor, b: RGBColor) -> f64 {
    let lum = |c: RGBColor| {
        let lin = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.040_45 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
    };
    let (x, y) = (lum(a), lum(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// A line's colour for its label, whiskers and leader: the colour itself,
/// or, if it is too pale to see projected on white, the least darker mix
/// of it that is not.
pub(super) fn legible(c: RGBColor) -> RGBColor {
    (0..=20)
        .map(|k| towards(c, RGBColor(0, 0, 0), f64::from(k) / 20.0))
        .find(|&d| contrast(d, WHITE) >= PROJECTED)
        .unwrap_or(RGBColor(0, 0, 0))
}
