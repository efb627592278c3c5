//! Numbers computed from the data: per-point summaries (median, minimum,
//! sample count), growth fits and comparisons. The lessons state findings
//! only through these functions, so every number has one definition.

pub mod block_sums;
pub mod csp_grid;
pub mod local_study;
pub mod textbook;
pub mod tree;
mod verdict;

pub use verdict::{Judged, LEVEL, Method, Spread, Verdict, erfc, mann_whitney};

use std::collections::BTreeMap;

use crate::data::{ApproachMeta, Dataset, Family, Sample, Status};

/// The summary of one point (approach, family, n).
#[derive(Clone, Debug, PartialEq)]
pub struct Stat {
    /// Board size.
    pub n: usize,
    /// Samples accepted (verified).
    pub ok: usize,
    /// Samples that gave up or timed out.
    pub failed: usize,
    /// Median wall time of the accepted samples, ns (NaN if none).
    pub median_ns: f64,
    /// The accepted samples' times, ns, in the data's order.
    pub nanos: Vec<f64>,
    /// Fastest accepted sample, ns.
    pub min_ns: u64,
    /// Slowest accepted sample, ns.
    pub max_ns: u64,
    /// Median steps (the same for every sample of an exhaustive search).
    pub steps: Option<f64>,
    /// Fewest steps of a sample.
    pub steps_min: Option<u64>,
    /// Most steps of a sample.
    pub steps_max: Option<u64>,
    /// Peak memory: the largest of the samples', bytes.
    pub peak_bytes: Option<u64>,
    /// Median and largest number of restarts (local search).
    pub restarts: Option<(f64, u64)>,
}

impl Stat {
    /// Median seconds.
    pub fn seconds(&self) -> f64 {
        self.median_ns / 1e9
    }

    /// Nanoseconds per step: median time over median steps.
    pub fn ns_per_step(&self) -> Option<f64> {
        self.steps.filter(|&s| s > 0.0).map(|s| self.median_ns / s)
    }

    /// The time of the samples: median, fastest and slowest, ns.
    pub fn time_spread(&self) -> Spread {
        Spread::new(self.median_ns, self.min_ns as f64, self.max_ns as f64)
    }

    /// This point's times against `other`'s, by the rank test.
    pub fn time_against(&self, other: &Stat) -> Judged {
        Judged::times(&self.nanos, &other.nanos)
    }

    /// Nanoseconds per step, sample by sample (the steps are the same in
    /// every sample of an exhaustive search).
    pub fn ns_per_step_samples(&self) -> Option<Vec<f64>> {
        let steps = self.steps.filter(|&s| s > 0.0)?;
        Some(self.nanos.iter().map(|t| t / steps).collect())
    }

    /// Nanoseconds per step over the samples (the steps are the same in
    /// every sample of an exhaustive search).
    pub fn ns_per_step_spread(&self) -> Option<Spread> {
        let steps = self.steps.filter(|&s| s > 0.0)?;
        Some(self.time_spread().per(steps))
    }
}

/// The points of one approach in one family, by n.
#[derive(Clone, Debug)]
pub struct Series<'a> {
    /// The approach.
    pub approach: &'a ApproachMeta,
    /// Its points with at least one accepted sample, by increasing n.
    pub points: Vec<Stat>,
}

impl Series<'_> {
    /// The point at n.
    pub fn at(&self, n: usize) -> Option<&Stat> {
        self.points.iter().find(|p| p.n == n)
    }

    /// The largest point.
    pub fn last(&self) -> Option<&Stat> {
        self.points.last()
    }
}

/// The median of a list of values (NaN if empty).
pub fn median_f64(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    match v.len() {
        0 => f64::NAN,
        l if l % 2 == 1 => v[m],
        _ => (v[m - 1] + v[m]) / 2.0,
    }
}

/// Summarises one point's samples.
fn stat(n: usize, samples: &[&Sample]) -> Stat {
    let ok: Vec<&&Sample> = samples.iter().filter(|s| s.status == Status::Ok).collect();
    let nanos: Vec<u64> = ok.iter().filter_map(|s| s.nanos).collect();
    let steps: Vec<u64> = ok.iter().filter_map(|s| s.steps).collect();
    let restarts: Vec<u64> = ok.iter().filter_map(|s| s.extra("restarts")).collect();
    Stat {
        n,
        ok: ok.len(),
        failed: samples.len() - ok.len(),
        median_ns: median_f64(nanos.iter().map(|&v| v as f64).collect()),
        nanos: nanos.iter().map(|&v| v as f64).collect(),
        min_ns: nanos.iter().copied().min().unwrap_or(0),
        max_ns: nanos.iter().copied().max().unwrap_or(0),
        steps: (!steps.is_empty()).then(|| median_f64(steps.iter().map(|&v| v as f64).collect())),
        steps_min: steps.iter().copied().min(),
        steps_max: steps.iter().copied().max(),
        peak_bytes: samples.iter().filter_map(|s| s.peak_bytes).max(),
        restarts: (!restarts.is_empty()).then(|| {
            (
                median_f64(restarts.iter().map(|&v| v as f64).collect()),
                restarts.iter().copied().max().unwrap_or(0),
            )
        }),
    }
}

/// Every approach's series in one family, in registry order (approaches
/// without an accepted sample in the family are left out).
pub fn series(data: &Dataset, family: Family) -> Vec<Series<'_>> {
    let mut approaches: Vec<&ApproachMeta> = data.approaches.iter().collect();
    approaches.sort_by_key(|a| (a.index, a.id.clone()));
    approaches
        .into_iter()
        .filter_map(|a| {
            let mut by_n: BTreeMap<usize, Vec<&Sample>> = BTreeMap::new();
            for s in data
                .samples
                .iter()
                .filter(|s| s.family == family && s.approach == a.id)
            {
                by_n.entry(s.n).or_default().push(s);
            }
            let points: Vec<Stat> = by_n
                .iter()
                .map(|(&n, s)| stat(n, s))
                .filter(|p| p.ok > 0)
                .collect();
            (!points.is_empty()).then_some(Series {
                approach: a,
                points,
            })
        })
        .collect()
}

/// Every point of a family, failed ones included (for the caveats).
pub fn failures(data: &Dataset) -> BTreeMap<(Family, String, usize), (usize, usize)> {
    let mut out: BTreeMap<(Family, String, usize), (usize, usize)> = BTreeMap::new();
    for s in &data.samples {
        let e = out.entry((s.family, s.approach.clone(), s.n)).or_default();
        match s.status {
            Status::GaveUp => e.0 += 1,
            Status::Timeout => e.1 += 1,
            Status::Ok => {}
        }
    }
    out.retain(|_, v| *v != (0, 0));
    out
}

/// Least-squares slope and intercept of y on x (None with fewer than two distinct x).
pub fn fit(points: &[(f64, f64)]) -> Option<(f64, f64)> {
    let k = points.len() as f64;
    if points.len() < 2 {
        return None;
    }
    let (sx, sy) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), &(x, y)| (a + x, b + y));
    let (mx, my) = (sx / k, sy / k);
    let sxx: f64 = points.iter().map(|&(x, _)| (x - mx) * (x - mx)).sum();
    if sxx == 0.0 {
        return None;
    }
    let sxy: f64 = points.iter().map(|&(x, y)| (x - mx) * (y - my)).sum();
    let slope = sxy / sxx;
    Some((slope, my - slope * mx))
}

/// Times below this are too noisy to fit growth on (process and timer jitter).
pub const FIT_FLOOR_NS: f64 = 10_000.0;

/// How fast a quantity grows per extra queen, fitted over a range of n.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Growth {
    /// The factor per extra queen: e^slope of ln(value) against n.
    pub factor: f64,
    /// The smallest n fitted.
    pub from: usize,
    /// The largest n fitted.
    pub to: usize,
}

/// The one growth method of the report, for times and steps alike: a
/// least-squares line through ln(value) against n over the given points
/// (on a log axis that line's slope is ln(factor)).
pub fn growth(points: &[(usize, f64)]) -> Option<Growth> {
    let xy: Vec<(f64, f64)> = points
        .iter()
        .filter(|(_, v)| *v > 0.0)
        .map(|&(n, v)| (n as f64, v.ln()))
        .collect();
    let (slope, _) = fit(&xy)?;
    Some(Growth {
        factor: slope.exp(),
        from: points.first()?.0,
        to: points.last()?.0,
    })
}

/// The sizes growth is fitted over: the last four points whose median time
/// is at least [`FIT_FLOOR_NS`], where timer and start-up jitter matter least.
pub fn fit_window(points: &[Stat]) -> Vec<usize> {
    let usable: Vec<usize> = points
        .iter()
        .filter(|p| p.median_ns >= FIT_FLOOR_NS)
        .map(|p| p.n)
        .collect();
    usable[usable.len().saturating_sub(4)..].to_vec()
}

/// Time and steps growth per queen of a count series, over the same window.
pub fn count_growth(points: &[Stat]) -> Option<(Growth, Option<Growth>)> {
    let window = fit_window(points);
    let pick = |value: &dyn Fn(&Stat) -> Option<f64>| -> Vec<(usize, f64)> {
        points
            .iter()
            .filter(|p| window.contains(&p.n))
            .filter_map(|p| Some((p.n, value(p)?)))
            .collect()
    };
    let time = growth(&pick(&|p| Some(p.median_ns)))?;
    let steps = growth(&pick(&|p| p.steps));
    Some((time, steps))
}

/// The exponent of `value ∝ n^b` between two points: ln(v₁/v₀) / ln(n₁/n₀),
/// so that it always agrees with the two values it is quoted with.
pub fn exponent_between(a: (usize, f64), b: (usize, f64)) -> Option<f64> {
    if a.1 <= 0.0 || b.1 <= 0.0 || b.0 <= a.0 {
        return None;
    }
    Some((b.1 / a.1).ln() / (b.0 as f64 / a.0 as f64).ln())
}

/// The exponent b of `value ∝ n^b`, fitted over the points with n ≥ `from`.
pub fn power_exponent(points: &[(usize, f64)], from: usize) -> Option<f64> {
    let xy: Vec<(f64, f64)> = points
        .iter()
        .filter(|&&(n, v)| n >= from && v > 0.0)
        .map(|&(n, v)| ((n as f64).ln(), v.ln()))
        .collect();
    fit(&xy).map(|(slope, _)| slope)
}

/// The time ratio `a / b` at the largest n both measured.
pub fn ratio_at_largest_shared(a: &Series, b: &Series) -> Option<(usize, f64)> {
    a.points
        .iter()
        .rev()
        .find_map(|p| Some((p.n, p.median_ns / b.at(p.n)?.median_ns)))
}

/// (n, steps) of the points up to `up_to` that counted steps, in order.
pub fn steps_up_to(points: &[Stat], up_to: usize) -> Vec<(usize, f64)> {
    points
        .iter()
        .filter(|p| p.n <= up_to)
        .filter_map(|p| Some((p.n, p.steps?)))
        .collect()
}

/// How irregular the steps are between consecutive sizes of a dense range:
/// (pairs of consecutive n compared, pairs where the steps fell, the largest
/// rise factor and the n it rose to).
pub fn irregularity(points: &[Stat], up_to: usize) -> Option<(usize, usize, f64, usize)> {
    let dense = steps_up_to(points, up_to);
    let pairs: Vec<_> = dense.windows(2).filter(|w| w[1].0 == w[0].0 + 1).collect();
    if pairs.is_empty() {
        return None;
    }
    let falls = pairs.iter().filter(|w| w[1].1 < w[0].1).count();
    let (rise, at) = pairs
        .iter()
        .map(|w| (w[1].1 / w[0].1.max(1.0), w[1].0))
        .max_by(|a, b| a.0.total_cmp(&b.0))?;
    Some((pairs.len(), falls, rise, at))
}

/// How noisy the timings were.
#[derive(Clone, Debug, PartialEq)]
pub struct Noise {
    /// Points considered.
    pub points: usize,
    /// Median over points of `(max − min) / median`.
    pub median_spread: f64,
    /// The largest spread, with its approach and n.
    pub largest: (f64, String, usize),
}

/// The relative spread `(max − min) / median` of the points with at least
/// three accepted samples and a median above [`FIT_FLOOR_NS`].
pub fn noise(series: &[Series]) -> Option<Noise> {
    let spreads: Vec<(f64, String, usize)> = series
        .iter()
        .flat_map(|s| s.points.iter().map(move |p| (s, p)))
        .filter(|(_, p)| p.ok >= 3 && p.median_ns >= FIT_FLOOR_NS)
        .map(|(s, p)| {
            (
                (p.max_ns - p.min_ns) as f64 / p.median_ns,
                s.approach.id.clone(),
                p.n,
            )
        })
        .collect();
    let largest = spreads.iter().max_by(|a, b| a.0.total_cmp(&b.0))?.clone();
    Some(Noise {
        points: spreads.len(),
        median_spread: median_f64(spreads.iter().map(|s| s.0).collect()),
        largest,
    })
}

/// Groups of approaches (ids, in registry order) whose steps are equal at
/// every n they share, with at least three sizes shared: the same search,
/// told apart only by its representation.
pub fn same_steps(series: &[Series]) -> Vec<Vec<String>> {
    let same = |a: &Series, b: &Series| {
        let shared: Vec<(f64, f64)> = a
            .points
            .iter()
            .filter_map(|p| Some((p.steps?, b.at(p.n)?.steps?)))
            .collect();
        shared.len() >= 3 && shared.iter().all(|(x, y)| x == y)
    };
    let mut groups: Vec<Vec<&Series>> = Vec::new();
    for s in series {
        match groups.iter_mut().find(|g| same(g[0], s)) {
            Some(g) => g.push(s),
            None => groups.push(vec![s]),
        }
    }
    groups
        .into_iter()
        .filter(|g| g.len() > 1)
        .map(|g| g.iter().map(|s| s.approach.id.clone()).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::tests::sample_dataset;

    #[test]
    fn series_summarise_points() {
        let data = sample_dataset();
        let count = series(&data, Family::Count);
        assert_eq!(
            count
                .iter()
                .map(|s| s.approach.id.as_str())
                .collect::<Vec<_>>(),
            ["fast", "slow"]
        );
        let p = count[0].at(4).unwrap();
        assert_eq!(
            (p.ok, p.min_ns, p.max_ns, p.median_ns),
            (3, 1000, 1014, 1007.0)
        );
        assert_eq!(p.steps, Some(100.0));
        let local = series(&data, Family::Local);
        assert_eq!(local[0].at(8).unwrap().restarts, Some((1.0, 1)));
    }

    #[test]
    fn growth_is_fitted_on_the_slow_points() {
        let data = sample_dataset();
        let count = series(&data, Family::Count);
        // fast: times 1 µs, 4 µs, 16 µs, 64 µs, 256 µs: ×4 per queen, fitted over n ≥ 6.
        let (t, s) = count_growth(&count[0].points).unwrap();
        assert!((t.factor - 4.0).abs() < 0.01, "{t:?}");
        assert_eq!((t.from, t.to), (6, 8));
        let s = s.unwrap();
        assert!((s.factor - 4.0).abs() < 1e-9, "{s:?}");
        assert_eq!((s.from, s.to), (6, 8));
        let e = exponent_between((10, 5.0), (1000, 500.0)).unwrap();
        assert!((e - 1.0).abs() < 1e-12);
        let (n, r) = ratio_at_largest_shared(&count[1], &count[0]).unwrap();
        assert_eq!(n, 8);
        assert!((r - 3.0).abs() < 0.01, "{r}");
    }

    #[test]
    fn same_steps_groups_identical_searches() {
        let data = sample_dataset();
        let count = series(&data, Family::Count);
        // "slow" counts twice the steps of "fast": not the same search.
        assert!(same_steps(&count).is_empty());
        let mut twin = count[0].clone();
        let approach = ApproachMeta {
            id: "twin".into(),
            ..count[0].approach.clone()
        };
        twin.approach = &approach;
        let with_twin = vec![count[0].clone(), count[1].clone(), twin];
        assert_eq!(
            same_steps(&with_twin),
            vec![vec!["fast".to_string(), "twin".to_string()]]
        );
    }

    #[test]
    fn exponents_and_irregularity() {
        let quadratic: Vec<(usize, f64)> = [10, 100, 1000]
            .iter()
            .map(|&n| (n, (n * n) as f64))
            .collect();
        assert!((power_exponent(&quadratic, 10).unwrap() - 2.0).abs() < 1e-9);
        assert_eq!(power_exponent(&quadratic, 1000), None);
        let mk = |n, steps| Stat {
            n,
            ok: 1,
            failed: 0,
            median_ns: 1.0,
            nanos: vec![1.0],
            min_ns: 1,
            max_ns: 1,
            steps: Some(steps),
            steps_min: None,
            steps_max: None,
            peak_bytes: None,
            restarts: None,
        };
        let pts = [
            mk(8, 100.0),
            mk(9, 50.0),
            mk(10, 500.0),
            mk(11, 400.0),
            mk(50, 1.0),
        ];
        assert_eq!(irregularity(&pts, 32), Some((3, 2, 10.0, 10)));
    }
}
