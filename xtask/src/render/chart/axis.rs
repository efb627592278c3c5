//! Axes: value ranges mapped onto pixels, padded extents, the ticks of
//! linear and log axes, which tick labels to keep, and the grid.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::line::Frame;
use super::{AXIS, Drawn, GRID, GRID_MINOR};

/// One axis: a value range mapped onto a pixel range.
#[derive(Clone, Copy, Debug)]
pub(super) struct Axis {
    /// The smallest value shown.
    pub(super) lo: f64,
    /// The largest value shown.
    pub(super) hi: f64,
    /// Whether the axis is logarithmic.
    pub(super) log: bool,
    /// Pixel of `lo`.
    pub(super) from: i32,
    /// Pixel of `hi`.
    pub(super) to: i32,
}

impl Axis {
    /// A value on the axis's scale: its logarithm on a log axis.
    fn t(&self, v: f64) -> f64 {
        if self.log { v.log10() } else { v }
    }

    /// The pixel of a value.
    pub(super) fn px(&self, v: f64) -> i32 {
        let (a, b) = (self.t(self.lo), self.t(self.hi));
        let share = if b > a {
            (self.t(v) - a) / (b - a)
        } else {
            0.5
        };
        (f64::from(self.from) + share * f64::from(self.to - self.from)).round() as i32
    }
}

/// Whether a value can be drawn on a (log) axis.
pub(super) fn usable(v: f64, log: bool) -> bool {
    v.is_finite() && (!log || v > 0.0)
}

/// The smallest and largest of some values.
pub(super) fn extent(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values.fold(None, |acc, v| match acc {
        None => Some((v, v)),
        Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
    })
}

/// The data's extent, padded: by `share` of the span on a linear axis, by
/// the factor (hi / lo)^share, at least `min_factor`, on a log axis.
pub(super) fn padded((lo, hi): (f64, f64), log: bool, share: f64, min_factor: f64) -> (f64, f64) {
    if log {
        let f = if hi > lo * 1.001 {
            (hi / lo).powf(share).max(min_factor)
        } else {
            2.0
        };
        (lo / f, hi * f)
    } else if hi > lo {
        let pad = (hi - lo) * share;
        (lo - pad, hi + pad)
    } else {
        let pad = (lo.abs() * 0.1).max(1.0);
        (lo - pad, hi + pad)
    }
}

/// Where an axis has grid lines: labelled (major) and light (minor) ones.
#[derive(Debug, Default)]
pub(super) struct Ticks {
    /// Labelled ticks, with darker grid lines.
    pub(super) major: Vec<f64>,
    /// Unlabelled ticks, with light grid lines.
    pub(super) minor: Vec<f64>,
}

/// The ticks of an axis over [lo, hi], at most about `max` labelled ones,
/// never closer than `min_step` on a linear axis. There is always at least
/// one labelled tick.
pub(super) fn ticks(lo: f64, hi: f64, log: bool, max: usize, min_step: f64) -> Ticks {
    let max = max.max(2);
    if !log {
        return Ticks {
            major: linear_ticks(lo, hi, max, min_step),
            minor: Vec::new(),
        };
    }
    let inside = |v: &f64| *v >= lo * (1.0 - 1e-9) && *v <= hi * (1.0 + 1e-9);
    let (d0, d1) = (lo.log10().ceil() as i32, hi.log10().floor() as i32);
    let decades: Vec<i32> = (d0..=d1).collect();
    let mantissas = |set: &[f64]| -> Vec<f64> {
        (d0 - 1..=d1)
            .flat_map(|d| set.iter().map(move |m| m * 10f64.powi(d)))
            .filter(inside)
            .collect()
    };
    // Whole decades, every `step`-th one if there are many.
    let whole_decades = || {
        let step = decades.len().div_ceil(max) as i32;
        let mut major: Vec<i32> = decades
            .iter()
            .copied()
            .filter(|d| d.rem_euclid(step) == 0)
            .collect();
        if major.len() < 2 {
            major = decades.iter().copied().step_by(step as usize).collect();
        }
        let minor = if step == 1 {
            mantissas(&[2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0])
        } else {
            decades
                .iter()
                .filter(|d| !major.contains(d))
                .map(|&d| 10f64.powi(d))
                .collect()
        };
        Ticks {
            major: major.into_iter().map(|d| 10f64.powi(d)).collect(),
            minor,
        }
    };
    if decades.len() >= 3 {
        return whole_decades();
    }
    // Fewer: 1-2-5, else every digit, else the two decades, else round steps.
    let all: [f64; 9] = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0];
    for set in [&[1.0, 2.0, 5.0][..], &all[..]] {
        let major = mantissas(set);
        if major.len() >= 3 && major.len() <= max {
            let minor = mantissas(&all)
                .into_iter()
                .filter(|v| !major.contains(v))
                .collect();
            return Ticks { major, minor };
        }
    }
    if decades.len() == 2 {
        return whole_decades();
    }
    Ticks {
        major: linear_ticks(lo, hi, max.min(5), 0.0),
        minor: Vec::new(),
    }
}

/// Multiples of a round step (1, 2 or 5 × 10^k) over [lo, hi], at most `max`.
pub(super) fn linear_ticks(lo: f64, hi: f64, max: usize, min_step: f64) -> Vec<f64> {
    let raw = ((hi - lo) / max as f64).max(f64::MIN_POSITIVE);
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * magnitude);
    let step = if step < min_step {
        // Round the minimum up to 1, 2 or 5 × 10^k as well.
        let m = 10f64.powf(min_step.log10().floor());
        [1.0, 2.0, 5.0, 10.0]
            .iter()
            .map(|k| k * m)
            .find(|s| *s >= min_step * (1.0 - 1e-9))
            .unwrap_or(min_step)
    } else {
        step
    };
    let (k0, k1) = ((lo / step).ceil() as i64, (hi / step).floor() as i64);
    let mut out: Vec<f64> = (k0..=k1).map(|k| k as f64 * step + 0.0).collect();
    if out.is_empty() {
        // A range narrower than the minimum step: its middle.
        out.push((lo + hi) / 2.0);
    }
    out
}

/// Which of some labels to keep so that none overlap: `spans` are each
/// label's (start, end) in pixels along the axis, in any order.
pub(super) fn spaced(spans: &[(i32, i32)], gap: i32) -> Vec<bool> {
    let mut order: Vec<usize> = (0..spans.len()).collect();
    order.sort_by_key(|&i| (spans[i].0, i));
    let mut keep = vec![false; spans.len()];
    let mut end = i32::MIN;
    for i in order {
        if end == i32::MIN || spans[i].0 >= end + gap {
            keep[i] = true;
            end = spans[i].1;
        }
    }
    keep
}

/// Light grid lines at the ticks, and the two axes.
pub(super) fn grid<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    (left, top, right, bottom): Frame,
    xa: &Axis,
    ya: &Axis,
    x_ticks: &Ticks,
    y_ticks: &Ticks,
) -> Drawn<DB> {
    for (values, style) in [
        (&x_ticks.minor, GRID_MINOR.stroke_width(1)),
        (&x_ticks.major, GRID.stroke_width(2)),
    ] {
        for &v in values {
            let x = xa.px(v);
            root.draw(&PathElement::new(vec![(x, top), (x, bottom)], style))?;
        }
    }
    for (values, style) in [
        (&y_ticks.minor, GRID_MINOR.stroke_width(1)),
        (&y_ticks.major, GRID.stroke_width(2)),
    ] {
        for &v in values {
            let y = ya.px(v);
            root.draw(&PathElement::new(vec![(left, y), (right, y)], style))?;
        }
    }
    let axis = AXIS.stroke_width(2);
    root.draw(&PathElement::new(
        vec![(left, top), (left, bottom), (right, bottom)],
        axis,
    ))?;
    for &v in &x_ticks.major {
        let x = xa.px(v);
        root.draw(&PathElement::new(vec![(x, bottom), (x, bottom + 8)], axis))?;
    }
    for &v in &y_ticks.major {
        let y = ya.px(v);
        root.draw(&PathElement::new(vec![(left - 8, y), (left, y)], axis))?;
    }
    Ok(())
}
