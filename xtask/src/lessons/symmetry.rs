//! Chapter: symmetry. A solution's mirror image is a solution, and so are
//! its rotations; a counter can search only one board of each pair (or
//! class) and multiply. The speed-up over the seed's counter has two
//! separate causes, which the chapter separates: fewer nodes (symmetry) and
//! cheaper nodes (the iterative walk over free squares).

use serde::Serialize;

use super::{Chapter, Ctx, largest_decidable, largest_shared, line, sizes_up_to, steps, time};
use crate::analysis::{Judged, Series, Verdict};
use crate::figure::{Chart, Figure, LineChart, Unit};

/// The seed's counter, then the mirror-halved and the fully symmetric one.
const COUNTERS: [&str; 3] = ["bitmask", "bitmask-mirror", "bitmask-symmetric"];

/// One counter against the seed's, at the shared n.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Split {
    /// Approach id.
    pub id: String,
    /// Median seconds (one thread).
    pub seconds: f64,
    /// Nodes (placements of its tree).
    pub nodes: f64,
    /// Median ns per node.
    pub ns_per_node: f64,
    /// `bitmask`'s nodes / its nodes: what symmetry removes.
    pub fewer_nodes: f64,
    /// `bitmask`'s time / its time: the whole speed-up.
    pub speedup: f64,
    /// `bitmask`'s ns per node / its ns per node: what cheaper nodes give.
    pub cheaper_nodes: f64,
    /// Its ns per node against `bitmask`'s, by the rank test.
    pub per_node: Judged,
    /// The share of the speed-up (on a log scale) that fewer nodes explain.
    pub share_from_nodes: f64,
    /// The largest n at which it was slower than `bitmask` (rank test).
    pub slower_until: Option<usize>,
}

/// What the chapter says.
#[derive(Clone, Debug, Serialize)]
pub struct Symmetry {
    /// The largest n all counted on one thread with runs enough to judge
    /// the cost per node.
    pub n: usize,
    /// The seed's counter first, then the symmetric ones.
    pub rows: Vec<Split>,
    /// The paper exercise on the 4 × 4 board, computed.
    pub four: Four,
}

/// The 4 × 4 board's solutions under the eight symmetries of the square,
/// computed with `queens_core::verify::Symmetry`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Four {
    /// The solutions, 1-based columns row by row ("2 4 1 3").
    pub solutions: Vec<String>,
    /// The symmetries other than the identity that map the first solution
    /// onto itself.
    pub onto_itself: Vec<&'static str>,
    /// Those that map it onto another solution.
    pub onto_other: Vec<&'static str>,
    /// Boards in its class (its distinct images).
    pub class_size: usize,
}

/// A symmetry's name in the text.
fn symmetry_name(s: queens_core::verify::Symmetry) -> &'static str {
    use queens_core::verify::Symmetry as S;
    match s {
        S::Identity => "the identity",
        S::Rotate90 => "the 90° rotation",
        S::Rotate180 => "the 180° rotation",
        S::Rotate270 => "the 270° rotation",
        S::MirrorColumns => "the left-right mirror",
        S::MirrorRows => "the top-bottom mirror",
        S::Transpose => "the main-diagonal reflection",
        S::AntiTranspose => "the anti-diagonal reflection",
    }
}

/// Every solution at n, in lexicographic order, from all permutations.
fn solutions(n: u32) -> Vec<Vec<u32>> {
    fn extend(n: u32, board: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if board.len() == n as usize {
            if queens_core::verify::is_solution(board) {
                out.push(board.clone());
            }
            return;
        }
        for c in 0..n {
            if !board.contains(&c) {
                board.push(c);
                extend(n, board, out);
                board.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(n, &mut Vec::new(), &mut out);
    out
}

/// The 4 × 4 exercise's answer.
pub fn four() -> Four {
    use queens_core::verify::Symmetry as S;
    let all = solutions(4);
    let first = &all[0];
    let (mut onto_itself, mut onto_other) = (Vec::new(), Vec::new());
    let mut images: Vec<Vec<u32>> = Vec::new();
    for s in S::ALL {
        let image = s.apply(first);
        if !images.contains(&image) {
            images.push(image.clone());
        }
        if s == S::Identity {
            continue;
        }
        if &image == first {
            onto_itself.push(symmetry_name(s));
        } else {
            onto_other.push(symmetry_name(s));
        }
    }
    let show = |b: &Vec<u32>| {
        b.iter()
            .map(|c| (c + 1).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    Four {
        solutions: all.iter().map(show).collect(),
        onto_itself,
        onto_other,
        class_size: images.len(),
    }
}

/// The three counters at the largest n all counted on one thread with runs
/// enough for the rank test.
pub fn splits(ctx: &Ctx) -> Option<(usize, Vec<Split>)> {
    let series: Vec<&Series> = COUNTERS.iter().filter_map(|id| ctx.count(id)).collect();
    if series.len() < 2 || series[0].approach.id != COUNTERS[0] {
        return None;
    }
    // The largest n where each counter's runs are enough for the rank test
    // against bitmask's (the largest shared one if none is).
    let decidable = |n: usize| {
        let base = series[0].at(n);
        series.iter().all(|s| {
            s.at(n)
                .zip(base)
                .is_some_and(|(p, b)| p.time_against(b).is != Verdict::TooFew)
        })
    };
    let n = largest_decidable(&sizes_up_to(series[0], largest_shared(&series)?), decidable)?;
    let base = series[0].at(n)?;
    let rows = series
        .iter()
        .map(|s| {
            let p = s.at(n)?;
            let nodes = p.steps?;
            let fewer_nodes = base.steps? / nodes;
            let speedup = base.median_ns / p.median_ns;
            let slower_until = s
                .points
                .iter()
                .filter(|q| {
                    series[0]
                        .at(q.n)
                        .is_some_and(|b| q.time_against(b) == Verdict::Higher)
                })
                .map(|q| q.n)
                .max();
            Some(Split {
                id: s.approach.id.clone(),
                seconds: p.seconds(),
                nodes,
                ns_per_node: p.ns_per_step()?,
                fewer_nodes,
                speedup,
                cheaper_nodes: base.ns_per_step()? / p.ns_per_step()?,
                per_node: Judged::times(&p.ns_per_step_samples()?, &base.ns_per_step_samples()?),
                share_from_nodes: fewer_nodes.ln() / speedup.ln(),
                slower_until,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some((n, rows))
}

fn figures(ctx: &Ctx) -> Vec<Figure> {
    let series: Vec<&Series> = COUNTERS.iter().filter_map(|id| ctx.count(id)).collect();
    vec![
        Figure {
            chart: Chart::Line(LineChart::by_n(
                "symmetry_nodes",
                "Symmetry: nodes each counter visits",
                "queen placements of its tree (log scale)",
                Unit::Count,
                series.iter().map(|s| line(s, &steps)).collect(),
            )),
        },
        Figure {
            chart: Chart::Line(LineChart::by_n(
                "symmetry_time",
                "Symmetry: time to count all, one thread",
                "time per run (median; log scale)",
                Unit::Seconds,
                series.iter().map(|s| line(s, &time)).collect(),
            )),
        },
    ]
}

/// The facts, if the seed's counter and a symmetric one were measured.
pub fn symmetry(ctx: &Ctx) -> Option<Symmetry> {
    let (n, rows) = splits(ctx)?;
    Some(Symmetry {
        n,
        rows,
        four: four(),
    })
}

pub(super) fn chapter(ctx: &Ctx) -> Option<Chapter> {
    Some(Chapter::new(&symmetry(ctx)?, figures(ctx)))
}

/// Variants for the branches the committed data do not take.
#[cfg(test)]
pub(super) fn flips(ctx: &Ctx) -> Vec<Chapter> {
    let Some(base) = symmetry(ctx) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (v, share, until) in [
        (Verdict::Lower, 0.8, None),
        (Verdict::Higher, 0.3, Some(5)),
        (Verdict::WithinNoise, 0.5, None),
        (Verdict::TooFew, 0.5, None),
    ] {
        let mut f = base.clone();
        for r in f.rows.iter_mut().skip(1) {
            r.per_node.is = v;
            r.share_from_nodes = share;
            r.slower_until = until;
        }
        out.push(Chapter::new(&f, figures(ctx)));
    }
    out
}

/// What the chapter's branches say (see [`super::Says`]).
#[cfg(test)]
pub(super) const SAYS: &[super::Says] = &[
    super::says!(
        "every node cheaper",
        |f| rows(f, |r| r["per_node"]["is"] == "lower"),
        "each node costs less (",
        "each node costs more"
    ),
    super::says!(
        "every node dearer",
        |f| rows(f, |r| r["per_node"]["is"] == "higher"),
        "each node costs more (",
        "each node costs less"
    ),
    super::says!(
        "every node within noise",
        |f| rows(f, |r| r["per_node"]["is"] == "within_noise"),
        "the cost per node is within noise",
        "each node costs"
    ),
    super::says!(
        "every node too few runs",
        |f| rows(f, |r| r["per_node"]["is"] == "too_few"),
        "too few runs to compare the cost per node",
        "each node costs"
    ),
    super::says!(
        "fewer nodes explain most",
        |f| rows(f, |r| r["share_from_nodes"].as_f64() >= Some(0.5)),
        "fewer nodes explain more of it",
        "cheaper nodes explain more"
    ),
    super::says!(
        "cheaper nodes explain most",
        |f| rows(f, |r| r["share_from_nodes"].as_f64() < Some(0.5)),
        "cheaper nodes explain more of it",
        "fewer nodes explain more"
    ),
    super::says!(
        "never slower",
        |f| rows(f, |r| r["slower_until"].is_null()),
        "It was never slower than",
        "fixed set-up outweighs"
    ),
    super::says!(
        "slower on small boards",
        |f| rows(f, |r| r["slower_until"].is_u64()),
        "its fixed set-up outweighs the search",
        "never slower"
    ),
];

/// Whether every row after the first has `p`.
#[cfg(test)]
fn rows(f: &serde_json::Value, p: fn(&serde_json::Value) -> bool) -> bool {
    let rows = f["rows"].as_array().map_or(&[][..], |r| &r[1..]);
    rows.iter().all(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Dataset;
    use crate::lessons::test_data::raw_count;

    #[test]
    fn symmetry_ratios_are_the_ratios_of_the_step_counts_and_times() {
        let data = Dataset::load(&crate::project_root().join("reports/data")).unwrap();
        let f = symmetry(&Ctx::new(&data)).expect("symmetry data");
        let (base_ns, base_steps) = {
            let r = raw_count(&data, "bitmask", f.n);
            (r.median, r.steps)
        };
        for r in &f.rows {
            let (ns, steps) = {
                let x = raw_count(&data, &r.id, f.n);
                (x.median, x.steps)
            };
            assert_eq!(r.nodes, steps);
            assert!((r.fewer_nodes - base_steps / steps).abs() < 1e-9);
            assert!((r.speedup - base_ns / ns).abs() < 1e-9);
            // The product of the two effects is the whole speed-up.
            assert!((r.fewer_nodes * r.cheaper_nodes - r.speedup).abs() < 1e-6 * r.speedup);
        }
        // Mirroring halves the tree, up to the middle column of odd n.
        let mirror = f.rows.iter().find(|r| r.id == "bitmask-mirror").unwrap();
        assert!(
            (1.8..=2.0).contains(&mirror.fewer_nodes),
            "{}",
            mirror.fewer_nodes
        );
    }
}

/// Exercise 9.2's answer, recomputed by hand-written transformations.
#[cfg(test)]
mod four_tests {
    use super::four;

    #[test]
    fn the_four_queens_answer_is_recomputed_by_hand() {
        // Square (r, c) of the 4 × 4 board, 0-based; a board is its
        // columns row by row. A quarter turn clockwise sends (r, c) to
        // (c, 3 − r); a left-right mirror sends it to (r, 3 − c).
        let turn = |b: [usize; 4]| {
            let mut out = [0; 4];
            for (r, &c) in b.iter().enumerate() {
                out[c] = 3 - r;
            }
            out
        };
        let mirror = |b: [usize; 4]| b.map(|c| 3 - c);
        let a = [1, 3, 0, 2]; // 2 4 1 3
        let b = [2, 0, 3, 1]; // 3 1 4 2
        assert_eq!(turn(a), a, "the 90° rotation keeps 2 4 1 3");
        assert_eq!(turn(turn(a)), a);
        assert_eq!(turn(turn(turn(a))), a);
        assert_eq!(mirror(a), b);
        // The other three reflections are the mirror after a rotation.
        assert_eq!(mirror(turn(a)), b);
        let f = four();
        assert_eq!(f.solutions, ["2 4 1 3", "3 1 4 2"]);
        assert_eq!(
            f.onto_itself,
            ["the 90° rotation", "the 180° rotation", "the 270° rotation"]
        );
        assert_eq!(f.onto_other.len(), 4);
        assert!(f.onto_other.iter().all(|s| !s.contains("rotation")));
        assert_eq!(f.class_size, 2);
    }
}
