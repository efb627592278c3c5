//! Binomial arithmetic for the tests of seeded success rates: how many of
//! `s` fixed starts a find-one approach must solve so that a correct
//! build fails with a chance below [`FALSE_FAILURE`] and a build whose rate
//! fell to [`DROP`] of the measured one fails with a chance of at least
//! [`POWER`].
//!
//! The seeds are fixed, so a test's verdict is deterministic; these
//! chances are over the random draws the seeds give, which any change to
//! the code's use of randomness deals afresh.

/// The largest accepted chance that a build as good as measured fails.
pub const FALSE_FAILURE: f64 = 1e-6;
/// The drop a rate test must catch: to this share of the measured rate.
pub const DROP: f64 = 0.8;
/// The least accepted chance of catching that drop.
pub const POWER: f64 = 0.95;

/// P(X < t) for X ~ Binomial(s, p): the chance that `s` starts of a
/// method whose success rate is `p` solve fewer than `t`.
pub fn below(s: u64, t: u64, p: f64) -> f64 {
    if p >= 1.0 {
        return if t > s { 1.0 } else { 0.0 };
    }
    if p <= 0.0 {
        return if t > 0 { 1.0 } else { 0.0 };
    }
    let (lp, lq) = (p.ln(), (1.0 - p).ln());
    let (mut ln_choose, mut sum) = (0.0, 0.0);
    for k in 0..t.min(s + 1) {
        if k > 0 {
            ln_choose += ((s - k + 1) as f64).ln() - (k as f64).ln();
        }
        sum += (ln_choose + k as f64 * lp + (s - k) as f64 * lq).exp();
    }
    sum.min(1.0)
}

/// The one-sided 95 % lower bound (Clopper–Pearson) of a rate measured as
/// `k` successes in `m` starts: the false-failure chance is taken at this
/// rate, not at `k / m`, so that the measurement's own luck is allowed for.
pub fn lowest_rate(k: u64, m: u64) -> f64 {
    let (mut lo, mut hi) = (0.0, k as f64 / m as f64);
    for _ in 0..60 {
        let mid = (lo + hi) / 2.0;
        if 1.0 - below(m, k, mid) < 0.05 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The pass mark of a rate test and what it is worth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Threshold {
    /// Starts that must be solved.
    pub at_least: u64,
    /// The chance that a build as good as measured solves fewer.
    pub false_failure: f64,
    /// The chance that a build whose rate fell to [`DROP`] of the measured
    /// one solves fewer (and fails).
    pub power: f64,
}

/// The highest pass mark for `seeds` starts of a method measured to solve
/// `solved` of `of` whose false-failure chance stays below
/// [`FALSE_FAILURE`], with its power against a drop to [`DROP`].
pub fn threshold(solved: u64, of: u64, seeds: u64) -> Threshold {
    let low = lowest_rate(solved, of);
    let mut t = 0;
    while t < seeds && below(seeds, t + 1, low) < FALSE_FAILURE {
        t += 1;
    }
    Threshold {
        at_least: t,
        false_failure: below(seeds, t, low),
        power: below(seeds, t, DROP * solved as f64 / of as f64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hand values: 2 fair coins give fewer than 1 head a quarter of the
    /// time, fewer than 2 three quarters; 10 coins fewer than 10 heads
    /// 1 − 2⁻¹⁰ of the time; all of m = 20 000 solved bounds the rate
    /// below by 0.05^(1/m).
    #[test]
    fn the_binomial_tail_and_the_bound_match_hand_values() {
        assert!((below(2, 1, 0.5) - 0.25).abs() < 1e-12);
        assert!((below(2, 2, 0.5) - 0.75).abs() < 1e-12);
        assert!((below(10, 10, 0.5) - (1.0 - 0.5f64.powi(10))).abs() < 1e-12);
        assert_eq!((below(5, 6, 1.0), below(5, 5, 1.0)), (1.0, 0.0));
        let bound = 0.05f64.powf(1.0 / 20_000.0);
        assert!((lowest_rate(20_000, 20_000) - bound).abs() < 1e-9);
        // 15 of 20 at a rate of 0.8: P(X < 15) = 1 − P(X ≥ 15) ≈ 0.196,
        // the "still passes 80 % of the time".
        assert!((below(20, 15, 0.8) - 0.1958).abs() < 1e-3);
    }

    /// A pass mark one higher would break the false-failure bound.
    #[test]
    fn the_threshold_is_the_highest_within_the_false_failure_bound() {
        let t = threshold(20_000, 20_000, 100);
        assert!(t.false_failure < FALSE_FAILURE && t.power >= POWER, "{t:?}");
        let low = lowest_rate(20_000, 20_000);
        assert!(below(100, t.at_least + 1, low) >= FALSE_FAILURE);
    }
}
