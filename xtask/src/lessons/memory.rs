//! Chapter: memory. A search that streams its candidates holds O(n) state;
//! one that builds every partial solution of a level before the next (the
//! strict reading of the Haskell comprehension) or every candidate before
//! filtering (the MATLAB program) holds the widest level, which grows with
//! the tree. Each of those two sources runs here both ways, the same
//! candidates in the same order, so the difference is the memory alone.
//!
//! Peak memory varies from run to run by a few hundred kB (the program's
//! own size at start-up), so whether a search's memory grows is decided
//! from the range of its samples' peaks against that measured noise, never
//! from one ratio.

use serde::Serialize;

use super::{Chapter, Ctx, line};
use crate::analysis::{Series, Spread, Stat, Verdict};
use crate::data::{Family, Status};
use crate::figure::{Chart, Figure, Line, LineChart, Unit};

/// The searches compared: the comprehension strict and lazy, the MATLAB
/// filter holding its arrays and streaming, backtracking, and the join's
/// tables.
const SEARCHES: [&str; 6] = [
    "list-comprehension-strict",
    "list-comprehension",
    "permutations",
    "permutations-streaming",
    "bitmask",
    "half-join",
];

/// Bytes per element of MATLAB's default type, double.
const MATLAB_DOUBLE: f64 = 8.0;

/// The smallest peak of any counting process: the program itself, before
/// its search allocates anything.
pub fn baseline(ctx: &Ctx) -> Option<f64> {
    ctx.data
        .samples
        .iter()
        .filter(|s| s.family == Family::Count)
        .filter_map(|s| s.peak_bytes)
        .min()
        .map(|b| b as f64)
}

/// The peak memory of the samples of one count point: median, lowest and
/// highest, bytes.
pub fn peak_spread(ctx: &Ctx, id: &str, n: usize) -> Option<Spread> {
    let peaks: Vec<f64> = ctx
        .data
        .samples
        .iter()
        .filter(|s| s.family == Family::Count && s.approach == id && s.n == n)
        .filter(|s| s.status == Status::Ok)
        .filter_map(|s| s.peak_bytes.map(|b| b as f64))
        .collect();
    let low = peaks.iter().copied().reduce(f64::min)?;
    let high = peaks.iter().copied().reduce(f64::max)?;
    Some(Spread::new(crate::analysis::median_f64(peaks), low, high))
}

/// One search's memory.
#[derive(Clone, Debug, Serialize)]
pub struct Search {
    /// Approach id.
    pub id: String,
    /// Its smallest and largest n counted.
    pub first_n: usize,
    /// Its largest n.
    pub last_n: usize,
    /// Lowest peak of the samples at the largest n, bytes.
    pub low: f64,
    /// Highest peak there, bytes.
    pub high: f64,
    /// The highest peak above the program's own size, bytes.
    pub above: f64,
    /// Peaks at the largest n against those at the smallest: `higher`
    /// when every sample of the largest lies above every sample of the
    /// smallest by more than the noise (`lower` likewise below).
    pub grows: Verdict,
    /// Peaks at the largest n against the n before it.
    pub last_step: Verdict,
    /// Growth per queen of the part above the program's own size over
    /// that last step (meaningful only when `last_step` is higher).
    pub growth: f64,
}

/// The strict comprehension's last level.
#[derive(Clone, Debug, Serialize)]
pub struct Strict {
    /// Its largest n.
    pub n: usize,
    /// Highest peak there, bytes.
    pub peak: f64,
    /// Its nodes (partial lists kept) at n over those at n − 1.
    pub nodes_growth: f64,
}

/// The MATLAB arrays against the formula.
#[derive(Clone, Debug, Serialize)]
pub struct Matlab {
    /// Largest n of `permutations`.
    pub n: usize,
    /// 8·n!·(n² + n + 1), bytes.
    pub formula: f64,
    /// Highest peak above the program's own size, bytes.
    pub above: f64,
    /// `above / formula`.
    pub share: f64,
}

/// What the chapter says.
#[derive(Clone, Debug, Serialize)]
pub struct Memory {
    /// The program's own size: the smallest peak of any counting run, bytes.
    pub baseline: f64,
    /// The widest range (highest − lowest peak) of the samples at any
    /// search's smallest n, where none holds more than a few boards, bytes:
    /// the run-to-run noise of the program's own size.
    pub noise: f64,
    /// Samples per point (the most of any point shown).
    pub samples: usize,
    /// Each search.
    pub searches: Vec<Search>,
    /// The strict comprehension.
    pub strict: Strict,
    /// The MATLAB program, if measured.
    pub matlab: Option<Matlab>,
    /// The formula at the paper exercise's sizes.
    pub paper: Vec<Formula>,
}

/// 8·n!·(n² + n + 1) at one n.
#[derive(Clone, Debug, Serialize)]
pub struct Formula {
    /// Board size.
    pub n: usize,
    /// Bytes.
    pub bytes: f64,
}

/// What the MATLAB arrays hold at n, bytes.
pub fn matlab_bytes(n: usize) -> f64 {
    let k = n as f64;
    MATLAB_DOUBLE * factorial(n) * (k * k + k + 1.0)
}

fn growth(a: f64, b: f64, steps: usize) -> f64 {
    (b.max(1.0) / a.max(1.0)).powf(1.0 / steps.max(1) as f64)
}

/// The run-to-run noise: the widest range of peaks at any search's
/// smallest n.
fn noise(ctx: &Ctx, series: &[&Series]) -> f64 {
    series
        .iter()
        .filter_map(|s| peak_spread(ctx, &s.approach.id, s.points.first()?.n))
        .map(|sp| sp.high - sp.low)
        .fold(0.0, f64::max)
}

fn search(ctx: &Ctx, s: &Series, base: f64, noise: f64) -> Option<Search> {
    let first = s.points.first()?;
    let last = s.last()?;
    let prev = s.points.iter().rev().nth(1).unwrap_or(first);
    let (a, p, z) = (
        peak_spread(ctx, &s.approach.id, first.n)?,
        peak_spread(ctx, &s.approach.id, prev.n)?,
        peak_spread(ctx, &s.approach.id, last.n)?,
    );
    Some(Search {
        id: s.approach.id.clone(),
        first_n: first.n,
        last_n: last.n,
        low: z.low,
        high: z.high,
        above: (z.high - base).max(0.0),
        grows: Verdict::apart(z, a, noise),
        last_step: Verdict::apart(z, p, noise),
        growth: growth(p.high - base, z.high - base, last.n - prev.n),
    })
}

/// n! as a float.
fn factorial(n: usize) -> f64 {
    (1..=n).map(|k| k as f64).product()
}

/// The facts, if the searches were measured with their memory.
pub fn memory(ctx: &Ctx) -> Option<Memory> {
    let base = baseline(ctx)?;
    let series: Vec<&Series> = SEARCHES.iter().filter_map(|id| ctx.count(id)).collect();
    let noise = noise(ctx, &series);
    let searches: Vec<Search> = series
        .iter()
        .filter_map(|s| search(ctx, s, base, noise))
        .collect();
    let strict_series = ctx.count("list-comprehension-strict")?;
    let last = strict_series.last()?;
    let before = strict_series.points.iter().rev().nth(1)?;
    let samples = series
        .iter()
        .flat_map(|s| s.points.iter())
        .map(|p| p.ok + p.failed)
        .max()?;
    let matlab = ctx
        .count("permutations")
        .and_then(|s| s.last())
        .and_then(|p: &Stat| {
            let formula = matlab_bytes(p.n);
            let above = (p.peak_bytes? as f64 - base).max(0.0);
            Some(Matlab {
                n: p.n,
                formula,
                above,
                share: above / formula,
            })
        });
    Some(Memory {
        baseline: base,
        noise,
        samples,
        strict: Strict {
            n: last.n,
            peak: last.peak_bytes? as f64,
            nodes_growth: last.steps? / before.steps?,
        },
        matlab,
        searches,
        paper: [8, 10, 12]
            .into_iter()
            .map(|n| Formula {
                n,
                bytes: matlab_bytes(n),
            })
            .collect(),
    })
}

/// The peak-memory line of a series, with the range of its samples.
fn peak_line(ctx: &Ctx, s: &Series) -> Line {
    let spread: Vec<(f64, f64, f64)> = s
        .points
        .iter()
        .filter_map(|p| {
            let sp = peak_spread(ctx, &s.approach.id, p.n)?;
            Some((p.n as f64, sp.low, sp.high))
        })
        .collect();
    Line {
        spread: spread.iter().filter(|(_, l, h)| h > l).copied().collect(),
        ..line(s, &|p: &Stat| {
            let b = p.peak_bytes? as f64;
            Some((b, b, b))
        })
    }
}

fn figures(ctx: &Ctx) -> Vec<Figure> {
    let series: Vec<&Series> = SEARCHES.iter().filter_map(|id| ctx.count(id)).collect();
    vec![Figure {
        chart: Chart::Line(LineChart::by_n(
            "memory_peak",
            "Peak memory while counting all solutions",
            "most memory the process held (log scale)",
            Unit::Bytes,
            series.iter().map(|s| peak_line(ctx, s)).collect(),
        )),
    }]
}

pub(super) fn chapter(ctx: &Ctx) -> Option<Chapter> {
    Some(Chapter::new(&memory(ctx)?, figures(ctx)))
}

/// Variants for the branches the committed data do not take.
#[cfg(test)]
pub(super) fn flips(ctx: &Ctx) -> Vec<Chapter> {
    let Some(base) = memory(ctx) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for v in [Verdict::Lower, Verdict::Higher, Verdict::WithinNoise] {
        let mut f = base.clone();
        for s in &mut f.searches {
            s.grows = v;
            s.last_step = v;
        }
        out.push(Chapter::new(&f, figures(ctx)));
    }
    let mut f = base.clone();
    f.matlab = None;
    if let Some(s) = f.searches.first_mut() {
        s.grows = Verdict::Higher;
    }
    out.push(Chapter::new(&f, figures(ctx)));
    out
}

/// What the chapter's branches say (see [`super::Says`]).
#[cfg(test)]
pub(super) const SAYS: &[super::Says] = &[
    super::says!(
        "/matlab" == null,
        "This run did not measure `permutations`",
        "The committed run at n ="
    ),
    super::says!(
        "permutations measured",
        |f| f["matlab"].is_object(),
        "`permutations` holds the same arrays: at n =",
        "did not measure"
    ),
    super::says!(
        "permutations measured (answer)",
        |f| f["matlab"].is_object(),
        "The committed run at n =",
        ""
    ),
    super::says!(
        "every search grows",
        |f| grows(f, "higher"),
        "(within noise from smallest to largest n): none.",
        "a measurement to investigate"
    ),
    super::says!(
        "every search falls",
        |f| grows(f, "lower"),
        "by more than the noise: a measurement to investigate",
        "Growing: `"
    ),
    super::says!(
        "every search flat",
        |f| grows(f, "within_noise"),
        "Growing: none.",
        "a measurement to investigate"
    ),
    super::says!(
        "every search grows, as a column",
        |f| grows(f, "higher"),
        "| grows |",
        "| falls |"
    ),
    super::says!(
        "every search falls, as a column",
        |f| grows(f, "lower"),
        "| falls | falls |",
        "| grows |"
    ),
    super::says!(
        "every search flat, as a column",
        |f| grows(f, "within_noise"),
        "| within noise | within noise |",
        "| falls |"
    ),
];

/// Whether every search's memory and last step compare as `v`.
#[cfg(test)]
fn grows(f: &serde_json::Value, v: &str) -> bool {
    let all = f["searches"].as_array();
    all.into_iter()
        .flatten()
        .all(|s| s["grows"] == v && s["last_step"] == v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::test_data::committed;

    /// The verdicts recomputed from the raw peaks: a search grows only when
    /// every sample at its largest n held more than every sample at its
    /// smallest; the lazy comprehension and backtracking do not.
    #[test]
    fn growth_is_decided_by_the_samples_peaks() {
        let data = committed();
        let ctx = Ctx::new(&data);
        let m = memory(&ctx).expect("memory data");
        let peaks = |id: &str, n: usize| -> Vec<u64> {
            data.samples
                .iter()
                .filter(|s| s.family == Family::Count && s.approach == id && s.n == n)
                .filter(|s| s.status == Status::Ok)
                .filter_map(|s| s.peak_bytes)
                .collect()
        };
        // The noise recomputed: the widest range of peaks at a smallest n.
        let range = |p: &[u64]| (p.iter().max().unwrap() - p.iter().min().unwrap()) as f64;
        let widest = m
            .searches
            .iter()
            .map(|s| range(&peaks(&s.id, s.first_n)))
            .fold(0.0, f64::max);
        assert_eq!(m.noise, widest);
        for s in &m.searches {
            let (a, z) = (peaks(&s.id, s.first_n), peaks(&s.id, s.last_n));
            let gap = |x: &[u64], y: &[u64]| {
                *x.iter().min().unwrap() as f64 - *y.iter().max().unwrap() as f64
            };
            let above = gap(&z, &a) > m.noise;
            let below = gap(&a, &z) > m.noise;
            let want = if above {
                Verdict::Higher
            } else if below {
                Verdict::Lower
            } else {
                Verdict::WithinNoise
            };
            assert_eq!(s.grows, want, "{}", s.id);
        }
        let find = |id: &str| m.searches.iter().find(|s| s.id == id).unwrap();
        assert_eq!(find("list-comprehension").grows, Verdict::WithinNoise);
        assert_eq!(find("bitmask").grows, Verdict::WithinNoise);
        assert_eq!(find("list-comprehension-strict").grows, Verdict::Higher);
        assert_eq!(find("permutations").grows, Verdict::Higher);
        // The noise is a few hundred kB, far below what the strict reading adds.
        assert!(m.noise > 0.0 && m.noise < 1e6, "{}", m.noise);
        assert!(find("list-comprehension-strict").above > 10.0 * m.noise);
    }

    /// The MATLAB formula accounts for what `permutations` held.
    #[test]
    fn matlab_arrays_are_the_formula() {
        let data = committed();
        let m = memory(&Ctx::new(&data)).expect("memory data");
        let p = m.matlab.expect("permutations measured");
        assert!((0.9..1.1).contains(&p.share), "{}", p.share);
    }
}
