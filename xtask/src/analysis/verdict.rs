//! A comparison of two measured quantities that says "within noise" when
//! the difference does not exceed the run-to-run spread. The rule is the
//! simplest honest one: each quantity comes with the range its repeated
//! samples spanned (fastest to slowest); when the two ranges overlap, the
//! difference is not shown by the data.

use serde::Serialize;

/// How the first quantity compares with the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Lower, and its whole range lies below the other's.
    Lower,
    /// Higher, and its whole range lies above the other's.
    Higher,
    /// The ranges overlap: the data do not tell them apart.
    WithinNoise,
}

/// The range a quantity's repeated samples spanned, with its median.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Spread {
    /// The median.
    pub median: f64,
    /// The lowest sample.
    pub low: f64,
    /// The highest sample.
    pub high: f64,
}

impl Spread {
    /// A spread from its median and extremes (sorted, so `low <= high`).
    pub fn new(median: f64, low: f64, high: f64) -> Spread {
        Spread {
            median,
            low: low.min(high),
            high: high.max(low),
        }
    }

    /// An exact quantity (a count of steps): no spread.
    pub fn exact(value: f64) -> Spread {
        Spread::new(value, value, value)
    }

    /// Every bound divided by `d` (time per node from time and nodes).
    pub fn per(self, d: f64) -> Spread {
        Spread::new(self.median / d, self.low / d, self.high / d)
    }

    /// The widest relative spread, `(high − low) / median`.
    pub fn relative(&self) -> f64 {
        (self.high - self.low) / self.median
    }
}

impl Verdict {
    /// `a` against `b`: lower or higher only when the ranges do not overlap.
    pub fn of(a: Spread, b: Spread) -> Verdict {
        if a.high < b.low {
            Verdict::Lower
        } else if a.low > b.high {
            Verdict::Higher
        } else {
            Verdict::WithinNoise
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_ranges_are_within_noise() {
        let a = Spread::new(10.0, 9.0, 11.0);
        assert_eq!(
            Verdict::of(a, Spread::new(12.0, 11.5, 13.0)),
            Verdict::Lower
        );
        assert_eq!(Verdict::of(a, Spread::new(8.0, 7.0, 8.5)), Verdict::Higher);
        assert_eq!(
            Verdict::of(a, Spread::new(11.5, 10.5, 12.0)),
            Verdict::WithinNoise
        );
        assert_eq!(
            Verdict::of(Spread::exact(3.0), Spread::exact(3.0)),
            Verdict::WithinNoise
        );
        assert_eq!(Spread::new(1.0, 3.0, 0.5).low, 0.5);
    }
}
