//! Judging a difference between two measured quantities.
//!
//! # Two samples: the Mann–Whitney rank test
//!
//! Most comparisons in the course set two samples against each other: the
//! wall times of five runs of one program against five of another, or the
//! moves of ~940 seeded runs of one local search against ~940 of another.
//! Times are few and skewed (a run is only ever slowed down, by the
//! scheduler or a cold cache), moves are many and heavy-tailed; neither is
//! normal. [`Judged::samples`] therefore uses the Wilcoxon–Mann–Whitney
//! rank-sum test (Mann & Whitney 1947, "On a test of whether one of two
//! random variables is stochastically larger than the other", *Ann. Math.
//! Statist.* 18(1), 50–60), two-sided, at the 5 % level ([`LEVEL`]):
//! - it assumes nothing about the shape of the distributions, only that
//!   under "no difference" every assignment of the pooled values to the
//!   two groups is equally likely;
//! - it sees the sample sizes: with few samples its p-value is exact (the
//!   rank sum's distribution over all C(m + n, m) assignments, ties given
//!   their mid-rank), with many it uses the normal approximation with the
//!   tie and continuity corrections (Lehmann 1975, *Nonparametrics*, §1.4);
//! - it is decidable from very few samples, and says when it is not: the
//!   smallest p-value m and n samples can give is 2 / C(m + n, m); when that
//!   is not below the level (2 against 5 runs: 2/21 ≈ 0.095; 3 against 4)
//!   no data could show a difference, and the verdict is
//!   [`Verdict::TooFew`], "too few runs to tell", not "within noise".
//!
//! A bootstrap interval of the ratio of medians (Efron 1979, "Bootstrap
//! methods: another look at the jackknife", *Ann. Statist.* 7(1), 1–26) was
//! the alternative; with five samples a side the bootstrap median takes only
//! five values and its percentile interval is far from its nominal 95 %, so
//! the exact rank test is the sounder choice for the few-sample times, and
//! one method for times and moves keeps the text simple.
//!
//! # Within noise
//!
//! A difference can be real and too small to matter. As criterion does for
//! benchmarks (its `noise_threshold`, default 1 %: a significant change
//! whose size is within ±1 % is reported "within noise threshold"), a time
//! comparison passes a threshold: a significant difference of medians
//! smaller than it is still [`Verdict::WithinNoise`]. Counts of moves or
//! steps pass 0.
//!
//! # Many verdicts
//!
//! The course draws a few dozen verdicts; at the 5 % level about one in
//! twenty true "no difference" comparisons would read as a difference. The
//! text therefore states each verdict's p-value and sample sizes with it, so
//! that a p of 0.03 reads as weaker than one below 0.001, and a finding the
//! lesson rests on is one of the latter.
//!
//! # One sample against a published number
//!
//! A measured quantity set against a figure printed in a book (rounded, no
//! samples) is judged by [`Verdict::of`]: our 95 % interval against the
//! range the book's figure was rounded from. Shares (success rates) use
//! Wilson's interval and Fisher's exact test in `local_study`.

use serde::Serialize;

/// The level of the tests: a difference is shown when p < 0.05.
pub const LEVEL: f64 = 0.05;

/// Criterion's default noise threshold for times: a significant change of
/// the medians by less than 1 % is within noise.
pub const TIME_NOISE: f64 = 0.01;

/// How the first quantity compares with the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Lower, shown by the method.
    Lower,
    /// Higher, shown by the method.
    Higher,
    /// Not shown (or smaller than the noise threshold).
    WithinNoise,
    /// So few samples that no data could show a difference.
    TooFew,
}

/// The method a verdict was drawn by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// The two-sided Mann–Whitney rank-sum test, exact.
    MannWhitneyExact,
    /// The two-sided Mann–Whitney test, normal approximation.
    MannWhitneyNormal,
}

/// A verdict with what it was drawn from: the method, the sample sizes,
/// the medians and the p-value. Compares equal to its [`Verdict`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Judged {
    /// The verdict.
    pub is: Verdict,
    /// How it was drawn.
    pub method: Method,
    /// Samples of the first and of the second quantity.
    pub sizes: [usize; 2],
    /// Their medians (the text quotes them from its own facts).
    #[serde(skip)]
    pub medians: [f64; 2],
    /// The two-sided p-value (1 when too few to tell).
    pub p: f64,
}

impl PartialEq<Verdict> for Judged {
    fn eq(&self, v: &Verdict) -> bool {
        self.is == *v
    }
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

    /// A figure printed rounded to a whole unit (the book's integers,
    /// whole percentages and thousands), as the range it rounds from.
    pub fn rounded(v: f64) -> Spread {
        Spread::new(v, v - 0.5, v + 0.5)
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
    /// `a` (an interval of ours) against `b` (the range a published figure
    /// was rounded from): lower or higher only when they do not overlap.
    /// This is the course's one rule for a book's figure: it agrees when
    /// the two ranges overlap.
    pub fn of(a: Spread, b: Spread) -> Verdict {
        Verdict::apart(a, b, 0.0)
    }

    /// `a` against `b`: higher (lower) only when all of `a` lies above
    /// (below) all of `b` by more than `margin` (a measured noise).
    pub fn apart(a: Spread, b: Spread, margin: f64) -> Verdict {
        if a.low - b.high > margin {
            Verdict::Higher
        } else if b.low - a.high > margin {
            Verdict::Lower
        } else {
            Verdict::WithinNoise
        }
    }
}

/// log C(n, k).
fn ln_choose(n: usize, k: usize) -> f64 {
    (1..=k)
        .map(|i| ((n - k + i) as f64).ln() - (i as f64).ln())
        .sum()
}

/// The complementary error function, W. J. Cody's rational Chebyshev
/// approximation as given in Numerical Recipes (2nd ed., §6.2, `erfcc`),
/// relative error below 1.2e-7 everywhere.
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// Pooled sizes up to which the p-value is exact.
const EXACT_UP_TO: usize = 60;

/// Mid-ranks of the pooled values, doubled to stay integers, first `a`'s.
fn doubled_ranks(a: &[f64], b: &[f64]) -> (Vec<usize>, Vec<usize>) {
    let mut pooled: Vec<(f64, usize)> = a
        .iter()
        .chain(b)
        .copied()
        .enumerate()
        .map(|(i, v)| (v, i))
        .collect();
    pooled.sort_by(|x, y| x.0.total_cmp(&y.0));
    let mut ranks = vec![0usize; pooled.len()];
    let mut ties = Vec::new();
    let mut i = 0;
    while i < pooled.len() {
        let mut j = i;
        while j + 1 < pooled.len() && pooled[j + 1].0 == pooled[i].0 {
            j += 1;
        }
        // Ranks i+1 ..= j+1, mid-rank (i + j + 2) / 2, doubled.
        for item in &pooled[i..=j] {
            ranks[item.1] = i + j + 2;
        }
        ties.push(j - i + 1);
        i = j + 1;
    }
    (ranks, ties)
}

/// The two-sided p-value of the Mann–Whitney test of `a` against `b`, and
/// whether it is exact.
pub fn mann_whitney(a: &[f64], b: &[f64]) -> (f64, bool) {
    let (m, n) = (a.len(), b.len());
    let total = m + n;
    let (ranks, ties) = doubled_ranks(a, b);
    let observed: usize = ranks[..m].iter().sum();
    // The expected doubled rank sum: m (N + 1).
    let centre = m * (total + 1);
    let distance = observed.abs_diff(centre);
    if total <= EXACT_UP_TO {
        // counts[k][s]: ways to pick k of the items seen with doubled sum s.
        let max: usize = ranks.iter().sum();
        let mut counts = vec![vec![0f64; max + 1]; m + 1];
        counts[0][0] = 1.0;
        for &r in &ranks {
            for k in (1..=m).rev() {
                for s in (r..=max).rev() {
                    let add = counts[k - 1][s - r];
                    if add > 0.0 {
                        counts[k][s] += add;
                    }
                }
            }
        }
        let all: f64 = counts[m].iter().sum();
        let extreme: f64 = counts[m]
            .iter()
            .enumerate()
            .filter(|&(s, _)| s.abs_diff(centre) >= distance)
            .map(|(_, c)| c)
            .sum();
        return ((extreme / all).min(1.0), true);
    }
    let (mf, nf, tf) = (m as f64, n as f64, total as f64);
    let tie_term: f64 = ties.iter().map(|&t| (t * t * t - t) as f64).sum();
    let var = mf * nf / 12.0 * ((tf + 1.0) - tie_term / (tf * (tf - 1.0)));
    if var <= 0.0 {
        return (1.0, false);
    }
    // The rank sum's distance from its mean, continuity-corrected.
    let d = (distance as f64 / 2.0 - 0.5).max(0.0);
    (
        erfc(d / var.sqrt() / std::f64::consts::SQRT_2).min(1.0),
        false,
    )
}

impl Judged {
    /// `a`'s samples against `b`'s by the Mann–Whitney test; a significant
    /// difference of medians smaller than `threshold` (relative to `b`'s
    /// median) is within noise.
    pub fn samples(a: &[f64], b: &[f64], threshold: f64) -> Judged {
        let (m, n) = (a.len(), b.len());
        let medians = [super::median_f64(a.to_vec()), super::median_f64(b.to_vec())];
        let exact = m + n <= EXACT_UP_TO;
        let method = if exact {
            Method::MannWhitneyExact
        } else {
            Method::MannWhitneyNormal
        };
        let judged = |is, p| Judged {
            is,
            method,
            sizes: [m, n],
            medians,
            p,
        };
        if m == 0 || n == 0 || (2f64.ln() - ln_choose(m + n, m)).exp() >= LEVEL {
            return judged(Verdict::TooFew, 1.0);
        }
        let (p, _) = mann_whitney(a, b);
        let change = (medians[0] - medians[1]) / medians[1].abs();
        let is = if p >= LEVEL || change.abs() < threshold {
            Verdict::WithinNoise
        } else if medians[0] < medians[1] || (medians[0] == medians[1] && rank_lower(a, b)) {
            Verdict::Lower
        } else {
            Verdict::Higher
        };
        judged(is, p)
    }

    /// Times (ns): the samples with criterion's noise threshold.
    pub fn times(a: &[f64], b: &[f64]) -> Judged {
        Judged::samples(a, b, TIME_NOISE)
    }

    /// Counts (moves, steps): no threshold.
    pub fn counts(a: &[f64], b: &[f64]) -> Judged {
        Judged::samples(a, b, 0.0)
    }
}

/// Whether `a` ranks below `b` on the whole (rank sum below its mean).
fn rank_lower(a: &[f64], b: &[f64]) -> bool {
    let (ranks, _) = doubled_ranks(a, b);
    let observed: usize = ranks[..a.len()].iter().sum();
    observed < a.len() * (a.len() + b.len() + 1)
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

    #[test]
    fn erfc_matches_published_values() {
        // Abramowitz & Stegun, table 7.1.
        for (x, v) in [
            (0.0, 1.0),
            (0.5, 0.479_500_122),
            (1.0, 0.157_299_207),
            (2.0, 0.004_677_735),
            (3.0, 0.000_022_090_5),
        ] {
            assert!((erfc(x) - v).abs() <= 2e-7 * v.max(1e-3), "erfc({x})");
            assert!((erfc(-x) - (2.0 - v)).abs() <= 2e-7, "erfc(-{x})");
        }
    }

    #[test]
    fn exact_p_values_by_hand() {
        // 3 against 3, fully separated: the rank sum 6 is the least of the
        // C(6, 3) = 20 equally likely sums, and 15 the greatest: p = 2/20.
        let (p, exact) = mann_whitney(&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0]);
        assert!(exact);
        assert!((p - 0.1).abs() < 1e-12);
        // 4 against 4, separated: 2 / C(8, 4) = 2/70.
        let (p, _) = mann_whitney(&[1.0, 2.0, 3.0, 4.0], &[5.0, 6.0, 7.0, 8.0]);
        assert!((p - 2.0 / 70.0).abs() < 1e-12);
        // 3 against 3 with one swap: rank sums 7 (ranks 1, 2, 4); sums at
        // most 7 or at least 14: {6, 7, 14, 15} → 1 + 1 + 1 + 1 = 4 of 20.
        let (p, _) = mann_whitney(&[1.0, 2.0, 4.0], &[3.0, 5.0, 6.0]);
        assert!((p - 0.2).abs() < 1e-12);
        // Ties: [1, 2] against [2, 3]: doubled ranks 2, 5 | 5, 8; the
        // C(4, 2) = 6 sums are {7, 7, 10, 10, 13, 13} around 10, and the
        // observed 7 is 3 away, as are four of them: p = 4/6.
        let (p, _) = mann_whitney(&[1.0, 2.0], &[2.0, 3.0]);
        assert!((p - 4.0 / 6.0).abs() < 1e-12);
        // Identical samples: p = 1.
        assert_eq!(mann_whitney(&[5.0; 4], &[5.0; 4]).0, 1.0);
    }

    #[test]
    fn normal_approximation_by_hand() {
        // 40 against 40, separated, no ties: rank sum 820, mean 1620,
        // variance 40·40·81/12 = 10 800; z = (800 − 0.5)/103.92 ≈ 7.69.
        let a: Vec<f64> = (0..40).map(f64::from).collect();
        let b: Vec<f64> = (40..80).map(f64::from).collect();
        let (p, exact) = mann_whitney(&a, &b);
        assert!(!exact);
        let z = 799.5 / 10_800f64.sqrt();
        assert!((p - erfc(z / std::f64::consts::SQRT_2)).abs() < 1e-15);
        assert!(p < 1e-13);
    }

    #[test]
    fn two_against_five_is_too_few_to_tell() {
        // Whatever the values: 2/C(7, 2) = 2/21 ≥ 0.05.
        let two = [1.72, 1.73];
        let five = [1.74, 1.75, 1.76, 1.77, 1.78];
        let j = Judged::times(&two, &five);
        assert_eq!(j, Verdict::TooFew);
        assert_eq!(j.sizes, [2, 5]);
        assert_eq!(Judged::times(&five, &two), Verdict::TooFew);
        // 3 against 4: 2/35 ≥ 0.05; 3 against 5: 2/56 < 0.05 decides.
        assert_eq!(
            Judged::times(&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0, 7.0]),
            Verdict::TooFew
        );
        let j = Judged::times(&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0, 7.0, 8.0]);
        assert_eq!(j, Verdict::Lower);
        assert!((j.p - 2.0 / 56.0).abs() < 1e-12);
    }

    #[test]
    fn five_against_five() {
        let a = [10.0, 11.0, 12.0, 13.0, 14.0];
        let b = [20.0, 21.0, 22.0, 23.0, 24.0];
        let j = Judged::times(&a, &b);
        assert_eq!(j, Verdict::Lower);
        assert_eq!(j.method, Method::MannWhitneyExact);
        assert!((j.p - 2.0 / 252.0).abs() < 1e-12);
        assert_eq!(Judged::times(&b, &a), Verdict::Higher);
        // Interleaved: within noise.
        let c = [10.5, 11.5, 12.5, 13.5, 14.5];
        assert_eq!(Judged::times(&a, &c), Verdict::WithinNoise);
        // Separated but 0.5 % apart: real, below criterion's 1 % threshold.
        let close = [100.0, 100.1, 100.2, 100.3, 100.4];
        let d = [100.5, 100.6, 100.7, 100.8, 100.9];
        let j = Judged::times(&close, &d);
        assert!(j.p < LEVEL);
        assert_eq!(j, Verdict::WithinNoise);
        assert_eq!(Judged::counts(&close, &d), Verdict::Lower);
    }

    #[test]
    fn medians_22_against_31_over_940_runs_differ() {
        // Issue 34: the greedy start's moves (median 22) against the random
        // start's (median 31) at n = 8, ~940 runs each, with wide
        // overlapping ranges (both 0 to 200): the ranges overlap, the test
        // sees the sample size. A deterministic spread of skewed values.
        let skewed = |median: f64, k: usize| -> Vec<f64> {
            (0..k)
                .map(|i| {
                    let u = (i as f64 + 0.5) / k as f64;
                    (median * (-(1.0 - u).ln()) / 2f64.ln()).round().min(200.0)
                })
                .collect()
        };
        let (greedy, random) = (skewed(22.0, 940), skewed(31.0, 938));
        assert_eq!(crate::analysis::median_f64(greedy.clone()), 22.0);
        assert_eq!(crate::analysis::median_f64(random.clone()), 31.0);
        let j = Judged::counts(&greedy, &random);
        assert_eq!(j, Verdict::Lower);
        assert_eq!(j.method, Method::MannWhitneyNormal);
        assert_eq!(j.sizes, [940, 938]);
        assert!(j.p < 1e-6, "p = {}", j.p);
        // The range rule called it noise.
        let range = |v: &[f64]| Spread::new(0.0, v[0], v[v.len() - 1]);
        assert_eq!(
            Verdict::of(range(&greedy), range(&random)),
            Verdict::WithinNoise
        );
    }
}
