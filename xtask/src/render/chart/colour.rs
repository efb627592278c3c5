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

/// A lighter mix of a colour (whiskers, leaders, unfinished bars).
pub(super) fn lighter(c: RGBColor, t: f64) -> RGBColor {
    towards(c, RGBColor(255, 255, 255), t)
}

/// The colour for text in a line's colour: pale colours a little darker,
/// so that their labels still read on white.
pub(super) fn label_colour(c: RGBColor) -> RGBColor {
    let l = 0.2126 * f64::from(c.0) + 0.7152 * f64::from(c.1) + 0.0722 * f64::from(c.2);
    if l > 150.0 {
        towards(c, RGBColor(0, 0, 0), 0.3)
    } else {
        c
    }
}
