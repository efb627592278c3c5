//! Chapter: no tree at all. `half-join` builds the partial boards of the
//! east and west halves apart and counts the pairs that share no diagonal.
//! It is compared with the fastest tree search by time only (the two count
//! different units of work: pairs and nodes), at every n both measured, each
//! n a win, a loss or within noise by the rank test over the runs.

use serde::Serialize;

use super::{Chapter, Ctx, LongRun, Predicted, line, long_runs, predicted_stop, time};
use crate::analysis::{Judged, Series, Verdict};
use crate::data::Family;
use crate::figure::{Chart, Figure, LineChart, Unit};

/// The join.
const JOIN: &str = "half-join";
/// The fastest tree search.
const TREE: &str = "bitmask-symmetric";

/// One n both counted on one thread.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Point {
    /// Board size.
    pub n: usize,
    /// Median seconds of the tree search.
    pub tree: f64,
    /// Median seconds of the join.
    pub join: f64,
    /// The join's time against the tree's, by the rank test: `lower` is a
    /// win for the join.
    pub verdict: Judged,
    /// The tree search's nodes.
    pub nodes: f64,
    /// The join's pairs of half boards compared.
    pub pairs: f64,
    /// Median ns per node of the tree search.
    pub ns_per_node: f64,
    /// Median ns per pair of the join.
    pub ns_per_pair: f64,
}

/// What the chapter says.
#[derive(Clone, Debug, Serialize)]
pub struct Join {
    /// Every n both counted, in order.
    pub points: Vec<Point>,
    /// The sizes the join won, lost, and the ones within noise.
    pub wins: Vec<usize>,
    /// Sizes it lost.
    pub losses: Vec<usize>,
    /// Sizes within noise.
    pub ties: Vec<usize>,
    /// Sizes with too few runs to tell.
    pub too_few: Vec<usize>,
    /// The smallest n from which the join won at every larger shared n.
    pub ahead_from: Option<usize>,
    /// The largest shared n.
    pub last: Point,
    /// Why the join's count stopped: a predicted time, if it was one.
    pub prediction: Option<Predicted>,
    /// Runs per point.
    pub samples: usize,
    /// The recorded long runs of the join (larger n, measured once each).
    pub long_runs: Vec<LongRun>,
    /// The long run at the predicted n on one thread, if recorded: the
    /// measurement the prediction is checked against.
    pub checked: Option<Checked>,
}

/// The measurement a prediction is checked against.
#[derive(Clone, Debug, Serialize)]
pub struct Checked {
    /// Seconds measured.
    pub seconds: f64,
    /// When.
    pub date: String,
}

/// Every shared point, with its verdict.
pub fn compare(ctx: &Ctx) -> Option<Vec<Point>> {
    let (tree, join) = (ctx.count(TREE)?, ctx.count(JOIN)?);
    let points: Vec<Point> = join
        .points
        .iter()
        .filter_map(|j| {
            let t = tree.at(j.n)?;
            Some(Point {
                n: j.n,
                tree: t.seconds(),
                join: j.seconds(),
                verdict: j.time_against(t),
                nodes: t.steps?,
                pairs: j.steps?,
                ns_per_node: t.ns_per_step()?,
                ns_per_pair: j.ns_per_step()?,
            })
        })
        .collect();
    (!points.is_empty()).then_some(points)
}

/// The facts, if both were measured.
pub fn join(ctx: &Ctx) -> Option<Join> {
    let points = compare(ctx)?;
    let with = |v: Verdict| -> Vec<usize> {
        points
            .iter()
            .filter(|p| p.verdict == v)
            .map(|p| p.n)
            .collect()
    };
    let ahead_from = match points.iter().rposition(|p| p.verdict != Verdict::Lower) {
        None => points.first().map(|p| p.n),
        Some(i) => points.get(i + 1).map(|p| p.n),
    };
    let samples = ctx
        .count(JOIN)?
        .points
        .iter()
        .map(|p| p.ok + p.failed)
        .max()?;
    let prediction = predicted_stop(ctx, Family::Count, JOIN);
    Some(Join {
        wins: with(Verdict::Lower),
        losses: with(Verdict::Higher),
        ties: with(Verdict::WithinNoise),
        too_few: with(Verdict::TooFew),
        ahead_from,
        last: points.last()?.clone(),
        samples,
        points,
        checked: prediction.as_ref().and_then(|p| {
            long_runs(ctx, JOIN)
                .into_iter()
                .find(|r| r.n == p.n && r.threads == Some(1))
                .map(|r| Checked {
                    seconds: r.seconds,
                    date: r.date,
                })
        }),
        prediction,
        long_runs: long_runs(ctx, JOIN),
    })
}

fn figures(ctx: &Ctx) -> Vec<Figure> {
    let pair: Vec<&Series> = [TREE, JOIN].iter().filter_map(|id| ctx.count(id)).collect();
    vec![Figure {
        chart: Chart::Line(LineChart::by_n(
            "join_time",
            "Joining half boards against the symmetric tree search",
            "time per run, one thread (median; log scale)",
            Unit::Seconds,
            pair.iter().map(|s| line(s, &time)).collect(),
        )),
    }]
}

pub(super) fn chapter(ctx: &Ctx) -> Option<Chapter> {
    Some(Chapter::new(&join(ctx)?, figures(ctx)))
}

/// Variants for the branches the committed data do not take.
#[cfg(test)]
pub(super) fn flips(ctx: &Ctx) -> Vec<Chapter> {
    let Some(base) = join(ctx) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for v in [
        Verdict::Lower,
        Verdict::Higher,
        Verdict::WithinNoise,
        Verdict::TooFew,
    ] {
        let mut f = base.clone();
        for p in &mut f.points {
            p.verdict.is = v;
        }
        f.last.verdict.is = v;
        f.wins.clear();
        f.losses.clear();
        f.ties.clear();
        f.too_few.clear();
        f.ahead_from = None;
        f.prediction = None;
        f.long_runs.clear();
        f.checked = None;
        out.push(Chapter::new(&f, figures(ctx)));
    }
    // Too few runs at the first size.
    let mut f = base.clone();
    f.points[0].verdict.is = Verdict::TooFew;
    f.too_few = vec![f.points[0].n];
    out.push(Chapter::new(&f, figures(ctx)));
    // The join ahead from the largest size on (whatever the data say).
    let mut f = base.clone();
    if let Some(last) = f.points.last_mut() {
        last.verdict.is = Verdict::Lower;
        f.last = last.clone();
        f.ahead_from = Some(last.n);
        f.wins.retain(|&n| n != last.n);
        f.wins.push(last.n);
        for list in [&mut f.losses, &mut f.ties, &mut f.too_few] {
            list.retain(|&n| n != last.n);
        }
    }
    out.push(Chapter::new(&f, figures(ctx)));
    // A prediction no long run checked.
    let mut f = base.clone();
    f.checked = None;
    out.push(Chapter::new(&f, figures(ctx)));
    // Long runs with and without threads and peak memory, one checking
    // the prediction.
    let run = LongRun {
        n: 18,
        threads: None,
        seconds: 4.0,
        peak: None,
        command: "queens --algo half-join --json --threads 1 18".into(),
        date: "2026-01-02T03:04:05Z".into(),
        machine: "Example CPU, 2 cores".into(),
        written: None,
        verified: None,
        shards: Vec::new(),
    };
    let mut f = base.clone();
    f.long_runs = vec![
        run.clone(),
        LongRun {
            threads: Some(2),
            peak: Some(1e8),
            ..run.clone()
        },
        LongRun {
            threads: Some(2),
            seconds: 5.0,
            command: "queens --algo half-join --json --threads 2 --shard I/2 18 (I = 1 … 2)".into(),
            shards: vec![2.0, 3.0],
            ..run.clone()
        },
    ];
    f.checked = Some(Checked {
        seconds: run.seconds,
        date: run.date,
    });
    out.push(Chapter::new(&f, figures(ctx)));
    out
}

/// What the chapter's branches say (see [`super::Says`]).
#[cfg(test)]
pub(super) const SAYS: &[super::Says] = &[
    super::says!(
        "every size a win",
        |f| points(f, "lower"),
        "| join wins (",
        "| join loses ("
    ),
    super::says!(
        "every size a loss",
        |f| points(f, "higher"),
        "| join loses (",
        "| join wins ("
    ),
    super::says!(
        "every size within noise",
        |f| points(f, "within_noise"),
        "| within noise (",
        "| join wins ("
    ),
    super::says!(
        "every size too few runs",
        |f| points(f, "too_few"),
        "| too few to tell (",
        "| join wins ("
    ),
    super::says!(
        "wins at n = 8",
        |f| at_8(f, "lower"),
        "(the join wins)",
        "(the join loses)"
    ),
    super::says!(
        "loses at n = 8",
        |f| at_8(f, "higher"),
        "(the join loses)",
        "(the join wins)"
    ),
    super::says!(
        "within noise at n = 8",
        |f| at_8(f, "within_noise"),
        "(within noise)",
        "(the join wins)"
    ),
    super::says!(
        "/wins" == [],
        "The join won at no size.",
        "The join won at n ="
    ),
    super::says!(
        "some wins",
        |f| non_empty(&f["wins"]),
        "The join won at n =",
        "The join won at no size."
    ),
    super::says!("/losses" == [], "It lost at no size.", "It lost at n ="),
    super::says!(
        "some losses",
        |f| non_empty(&f["losses"]),
        "It lost at n =",
        "It lost at no size."
    ),
    super::says!("/ties" == [], "No size was within noise.", ""),
    super::says!(
        "some ties",
        |f| non_empty(&f["ties"]),
        " the two are within noise.",
        "No size was within noise."
    ),
    super::says!(
        "/ahead_from" == null,
        "There is no size from which it wins",
        "on it wins at every size"
    ),
    super::says!(
        "ahead from a size",
        |f| f["ahead_from"].is_u64(),
        "on it wins at every size measured",
        "There is no size"
    ),
    super::says!("/last/verdict/is" == "lower", "as fast (", "as slow ("),
    super::says!("/last/verdict/is" == "higher", "as slow (", "as fast ("),
    super::says!(
        "some sizes with too few runs",
        |f| non_empty(&f["too_few"]),
        "there were too few runs to tell.",
        ""
    ),
    super::says!(
        "/prediction" == null,
        "The measured sizes end at n =",
        "*predicted*"
    ),
    super::says!(
        "a prediction unchecked",
        |f| f["prediction"].is_object() && f["checked"].is_null(),
        "That figure is a prediction, not a measurement.",
        "Measured once on one thread"
    ),
    super::says!(
        "a prediction checked",
        |f| f["prediction"].is_object() && f["checked"].is_object(),
        "Measured once on one thread, it took",
        "That figure is a prediction"
    ),
    super::says!(
        "/long_runs" == [],
        "to pay for its tables.",
        "measured once with `cargo xtask long-runs`"
    ),
    super::says!(
        "long runs",
        |f| non_empty(&f["long_runs"]),
        "measured once with `cargo xtask long-runs`",
        ""
    ),
    super::says!(
        "a long run on one thread, no peak",
        |f| f["long_runs"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|r| r["threads"].is_null() && r["peak"].is_null()),
        "| – |",
        ""
    ),
];

/// Whether every point's verdict is `v`.
#[cfg(test)]
fn points(f: &serde_json::Value, v: &str) -> bool {
    f["points"]
        .as_array()
        .into_iter()
        .flatten()
        .all(|p| p["verdict"]["is"] == v)
}

/// Whether the point at n = 8 has the verdict `v`.
#[cfg(test)]
fn at_8(f: &serde_json::Value, v: &str) -> bool {
    let all = f["points"].as_array().into_iter().flatten();
    all.filter(|p| p["n"] == 8).any(|p| p["verdict"]["is"] == v)
}

/// Whether a list of the facts has an item.
#[cfg(test)]
fn non_empty(v: &serde_json::Value) -> bool {
    v.as_array().is_some_and(|a| !a.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::median_f64;
    use crate::data::{Dataset, Status};

    /// Every n is a win, a loss, a tie or too few by the rank test on the
    /// raw samples, and the lists say so.
    #[test]
    fn every_n_is_judged_by_the_rank_test_on_the_raw_samples() {
        let data = Dataset::load(&crate::project_root().join("reports/data")).unwrap();
        let f = join(&Ctx::new(&data)).expect("join data");
        let runs = |id: &str, n: usize| -> Vec<f64> {
            data.samples
                .iter()
                .filter(|s| s.family == Family::Count && s.approach == id && s.n == n)
                .filter(|s| s.status == Status::Ok)
                .filter_map(|s| s.nanos)
                .map(|t| t as f64)
                .collect()
        };
        for p in &f.points {
            let (j, t) = (runs(JOIN, p.n), runs(TREE, p.n));
            let (pv, _) = crate::analysis::mann_whitney(&j, &t);
            let (mj, mt) = (median_f64(j.clone()), median_f64(t.clone()));
            let choose =
                |n: usize, k: usize| (1..=k).fold(1.0, |c, i| c * (n - k + i) as f64 / i as f64);
            let least_p = 2.0 / choose(j.len() + t.len(), j.len());
            let list = if least_p >= crate::analysis::LEVEL {
                &f.too_few
            } else if pv >= crate::analysis::LEVEL || (mj - mt).abs() < 0.01 * mt {
                &f.ties
            } else if mj < mt {
                &f.wins
            } else {
                &f.losses
            };
            assert!(list.contains(&p.n), "n = {}", p.n);
        }
        assert_eq!(
            f.wins.len() + f.losses.len() + f.ties.len() + f.too_few.len(),
            f.points.len()
        );
        // The sizes from `ahead_from` on are exactly the trailing wins.
        let trailing_wins: Vec<usize> = f
            .points
            .iter()
            .rev()
            .take_while(|p| f.wins.contains(&p.n))
            .map(|p| p.n)
            .collect();
        assert_eq!(f.ahead_from, trailing_wins.last().copied());
        let p = f.prediction.expect("the count stopped on a predicted time");
        assert_eq!(p.n, p.last_n + 1);
    }
}
