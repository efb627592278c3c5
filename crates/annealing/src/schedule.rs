//! The cooling schedule (the knob `schedule`, `queens --schedule`):
//! aima-python's `exp_schedule(k, lam, limit)` (search.py), the temperature
//! T(t) = k·e^(−λt) for t < limit and 0 from `limit` on, written
//! `exp:K:LAMBDA:LIMIT`.

use std::fmt;

/// The knob's name, as `Options::knobs` and the CLI spell it.
pub const KNOB: &str = "schedule";

/// The largest K accepted.
pub const MAX_K: f64 = 1e6;
/// The largest λ accepted: e^(−λ) = e^(−100) cools to nothing in one step.
pub const MAX_LAMBDA: f64 = 100.0;
/// The largest LIMIT accepted: 10¹⁰ iterations take a few minutes.
pub const MAX_LIMIT: u64 = 10_000_000_000;

/// What `--schedule` accepts, completing "--schedule must be …".
pub const FORM: &str = "exp:K:LAMBDA:LIMIT, the temperature K·e^(−LAMBDA·t) for t < LIMIT \
    and 0 after, with K from 0 to 1000000 (not 0), LAMBDA from 0 to 100 (not 0) and LIMIT a \
    whole number of iterations from 1 to 10000000000, such as exp:20:0.005:100";

/// aima-python's `exp_schedule(k, lam, limit)`: T(t) = k·e^(−λt) for
/// t < limit, else 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// The starting temperature.
    pub k: f64,
    /// The rate of cooling per iteration.
    pub lambda: f64,
    /// The iteration from which T is 0 (the search stops there).
    pub limit: u64,
}

impl Schedule {
    /// aima-python's default, `exp_schedule()`: k = 20, λ = 0.005,
    /// limit = 100. Too hot and too short for 8-queens: it solves about
    /// one board in a hundred (crate docs, "Measured").
    pub const AIMA: Schedule = Schedule {
        k: 20.0,
        lambda: 0.005,
        limit: 100,
    };

    /// The default of `annealing`, chosen by measurement (crate docs,
    /// "Measured"): k = 0.5, so an uphill move of one pair is first taken
    /// with probability e^(−2) ≈ 0.14; λ = 0.0002, cooling 25 times slower
    /// than aima-python's; limit = 50 000, by which T has fallen to about
    /// 2·10⁻⁵. It solved every one of 5000 seeds at n = 6 and at n = 8.
    pub const DEFAULT: Schedule = Schedule {
        k: 0.5,
        lambda: 0.0002,
        limit: 50_000,
    };

    /// The temperature at iteration t (0 from `limit` on; it may also
    /// reach 0 earlier when k·e^(−λt) underflows).
    #[inline]
    pub fn temperature(&self, t: u64) -> f64 {
        if t < self.limit {
            self.k * (-self.lambda * t as f64).exp()
        } else {
            0.0
        }
    }

    /// Whether every value is in range: 0 < K ≤ [`MAX_K`],
    /// 0 < λ ≤ [`MAX_LAMBDA`], 1 ≤ LIMIT ≤ [`MAX_LIMIT`].
    pub fn in_range(&self) -> bool {
        self.k > 0.0
            && self.k <= MAX_K
            && self.lambda > 0.0
            && self.lambda <= MAX_LAMBDA
            && (1..=MAX_LIMIT).contains(&self.limit)
    }

    /// Reads `exp:K:LAMBDA:LIMIT` (plain decimals, LIMIT digits only);
    /// `None` when the form or a value is out of range.
    pub fn parse(s: &str) -> Option<Schedule> {
        let mut parts = s.strip_prefix("exp:")?.split(':');
        let decimal = |p: &str| {
            let plain = !p.is_empty()
                && p.bytes()
                    .all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b));
            p.parse::<f64>().ok().filter(|x| plain && x.is_finite())
        };
        let k = decimal(parts.next()?)?;
        let lambda = decimal(parts.next()?)?;
        let limit = parts.next()?;
        if limit.is_empty() || !limit.bytes().all(|b| b.is_ascii_digit()) || parts.next().is_some()
        {
            return None;
        }
        let schedule = Schedule {
            k,
            lambda,
            limit: limit.parse().ok()?,
        };
        schedule.in_range().then_some(schedule)
    }
}

impl fmt::Display for Schedule {
    /// `exp:K:LAMBDA:LIMIT`, which [`Schedule::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "exp:{}:{}:{}", self.k, self.lambda, self.limit)
    }
}
