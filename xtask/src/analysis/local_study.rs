//! The local-search study (issue 16) summarised per setting and n: success
//! rates with their 95 % intervals, the distribution of moves, and where
//! the time goes.

use super::median_f64;
use crate::data::local_study::Row;

/// One setting at one n, over its seeds.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// The setting's name.
    pub setting: String,
    /// Board size.
    pub n: usize,
    /// Runs (seeds).
    pub runs: usize,
    /// Runs that returned a board.
    pub solved: usize,
    /// Wilson's 95 % interval of the success rate, as fractions.
    pub interval: (f64, f64),
    /// Moves of the solved runs: median, 90th and 99th percentile, most.
    pub moves: Option<[u64; 4]>,
    /// Iterations per move, over all runs (sum over sum).
    pub iterations_per_move: Option<f64>,
    /// Restarts per run (mean).
    pub restarts: f64,
    /// Moves of unattacked queens per run (mean).
    pub unattacked: f64,
    /// Full checks per run (mean).
    pub full_checks: f64,
    /// Median time of a run, ns.
    pub nanos: f64,
    /// Median ns per move spent after the first board (repairs, picking,
    /// checks, restarts' boards excluded), over runs that moved.
    pub ns_per_move: Option<f64>,
    /// Median ns per iteration, likewise.
    pub ns_per_iteration: Option<f64>,
    /// Median share of a run's time spent building boards.
    pub init_share: f64,
    /// Median share spent picking the queen (instrumented runs).
    pub picking_share: Option<f64>,
    /// Picking time per iteration, ns (instrumented runs, sum over sum).
    pub picking_per_iteration: Option<f64>,
    /// One full check, ns (instrumented runs, sum over sum).
    pub ns_per_check: Option<f64>,
}

/// Wilson's score interval at 95 % for k successes in m trials, as
/// fractions: unlike k/m ± 1.96·√(p(1−p)/m) it stays inside [0, 1] and is
/// not empty at k = 0 or k = m.
pub fn wilson(k: usize, m: usize) -> (f64, f64) {
    if m == 0 {
        return (0.0, 1.0);
    }
    let (k, m, z) = (k as f64, m as f64, 1.96f64);
    let p = k / m;
    let centre = (p + z * z / (2.0 * m)) / (1.0 + z * z / m);
    let half = z * (p * (1.0 - p) / m + z * z / (4.0 * m * m)).sqrt() / (1.0 + z * z / m);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Fisher's exact test, two-sided: the probability, with the margins of
/// the 2×2 table fixed, of a table at most as likely as the one observed
/// (`k1` of `m1` against `k2` of `m2`). Below 0.05 the two rates differ at
/// the 5 % level; otherwise the difference is within noise.
pub fn fisher(k1: usize, m1: usize, k2: usize, m2: usize) -> f64 {
    let total = m1 + m2;
    let ks = k1 + k2;
    let mut ln_fact = vec![0.0f64; total + 1];
    for i in 1..=total {
        ln_fact[i] = ln_fact[i - 1] + (i as f64).ln();
    }
    let ln_choose = |a: usize, b: usize| ln_fact[a] - ln_fact[b] - ln_fact[a - b];
    let ln_p = |x: usize| ln_choose(m1, x) + ln_choose(m2, ks - x) - ln_choose(total, ks);
    let observed = ln_p(k1);
    let (lo, hi) = (ks.saturating_sub(m2), ks.min(m1));
    (lo..=hi)
        .map(ln_p)
        .filter(|&l| l <= observed + 1e-7)
        .map(f64::exp)
        .sum::<f64>()
        .min(1.0)
}

/// The q-quantile (0..=1) of sorted values, nearest rank.
fn quantile(sorted: &[u64], q: f64) -> u64 {
    let i = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[i - 1]
}

/// Summaries in the data's order of settings, then n.
pub fn summarise(rows: &[Row]) -> Vec<Point> {
    let mut keys: Vec<(&str, usize)> = Vec::new();
    for r in rows {
        if !keys.contains(&(r.setting.as_str(), r.n)) {
            keys.push((&r.setting, r.n));
        }
    }
    keys.into_iter()
        .map(|(setting, n)| {
            let runs: Vec<&Row> = rows
                .iter()
                .filter(|r| r.setting == setting && r.n == n)
                .collect();
            point(setting, n, &runs)
        })
        .collect()
}

fn point(setting: &str, n: usize, runs: &[&Row]) -> Point {
    let m = runs.len() as f64;
    let solved = runs.iter().filter(|r| r.solved).count();
    let mut moves: Vec<u64> = runs.iter().filter(|r| r.solved).map(|r| r.moves).collect();
    moves.sort_unstable();
    let sum = |f: &dyn Fn(&Row) -> u64| runs.iter().map(|r| f(r)).sum::<u64>() as f64;
    let median = |f: &dyn Fn(&Row) -> Option<f64>| {
        let v: Vec<f64> = runs.iter().filter_map(|r| f(r)).collect();
        (!v.is_empty()).then(|| median_f64(v))
    };
    let repairs = |r: &Row| r.nanos.saturating_sub(r.nanos_init) as f64;
    let timed: Vec<&&Row> = runs.iter().filter(|r| r.nanos_picking.is_some()).collect();
    let timed_sum = |f: &dyn Fn(&Row) -> u64| timed.iter().map(|r| f(r)).sum::<u64>() as f64;
    let checks = timed_sum(&|r| r.full_checks);
    let timed_iterations = timed_sum(&|r| r.iterations);
    Point {
        setting: setting.into(),
        n,
        runs: runs.len(),
        solved,
        interval: wilson(solved, runs.len()),
        moves: (!moves.is_empty()).then(|| [0.5, 0.9, 0.99, 1.0].map(|q| quantile(&moves, q))),
        iterations_per_move: (sum(&|r| r.moves) > 0.0)
            .then(|| sum(&|r| r.iterations) / sum(&|r| r.moves)),
        restarts: sum(&|r| r.restarts) / m,
        unattacked: sum(&|r| r.moves_unattacked) / m,
        full_checks: sum(&|r| r.full_checks) / m,
        nanos: median(&|r| Some(r.nanos as f64)).unwrap_or(f64::NAN),
        ns_per_move: median(&|r| (r.moves > 0).then(|| repairs(r) / r.moves as f64)),
        ns_per_iteration: median(&|r| (r.iterations > 0).then(|| repairs(r) / r.iterations as f64)),
        init_share: median(&|r| Some(r.nanos_init as f64 / r.nanos.max(1) as f64))
            .unwrap_or(f64::NAN),
        picking_share: median(&|r| Some(r.nanos_picking? as f64 / r.nanos.max(1) as f64)),
        picking_per_iteration: (timed_iterations > 0.0)
            .then(|| timed_sum(&|r| r.nanos_picking.unwrap_or(0)) / timed_iterations),
        ns_per_check: (checks > 0.0).then(|| timed_sum(&|r| r.nanos_checks.unwrap_or(0)) / checks),
    }
}

/// The empirical distribution of moves at one setting and n, read at
/// 1, 2, 5, 10, 20, ... moves up to the most any solved run needed: (moves,
/// share of all runs solved within that many moves). Runs that failed
/// never arrive, so the curve ends at the success rate.
pub fn solved_within(rows: &[Row], setting: &str, n: usize) -> Vec<(f64, f64)> {
    let runs: Vec<&Row> = rows
        .iter()
        .filter(|r| r.setting == setting && r.n == n)
        .collect();
    let mut moves: Vec<u64> = runs.iter().filter(|r| r.solved).map(|r| r.moves).collect();
    moves.sort_unstable();
    let (Some(&most), total) = (moves.last(), runs.len() as f64) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut decade = 1u64;
    'grid: loop {
        for step in [1, 2, 5] {
            let x = (decade * step).min(most.max(1));
            let within = moves.partition_point(|&m| m <= x);
            out.push((x as f64, 100.0 * within as f64 / total));
            if x >= most {
                break 'grid;
            }
        }
        decade *= 10;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(setting: &str, seed: u64, solved: bool, moves: u64) -> Row {
        Row {
            setting: setting.into(),
            n: 8,
            seed,
            solved,
            moves,
            iterations: moves * 4,
            restarts: 0,
            full_checks: 0,
            moves_unattacked: 0,
            init_attacks: 2,
            nanos: 1000 + moves * 10,
            nanos_init: 1000,
            nanos_picking: Some(moves * 2),
            nanos_checks: Some(0),
        }
    }

    #[test]
    fn wilson_matches_known_values() {
        // 69 of 1 000: 5.5 % to 8.6 % (the study's first finding).
        let (lo, hi) = wilson(69, 1000);
        assert!(
            (lo - 0.0549).abs() < 5e-4 && (hi - 0.0865).abs() < 5e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(1000, 1000);
        assert!(hi == 1.0 && (lo - 0.99617).abs() < 1e-4, "{lo}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn fisher_matches_known_values() {
        // Fisher's tea tasting: 3 of 4 against 1 of 4, p = 0.486.
        assert!((fisher(3, 4, 1, 4) - 0.4857).abs() < 1e-3);
        // Identical rates: p = 1; 0 of 200 against 200 of 200: p ≈ 0.
        assert!((fisher(57, 1000, 57, 1000) - 1.0).abs() < 1e-9);
        assert!(fisher(0, 200, 200, 200) < 1e-50);
        // 69 against 54 stuck of 1 000: not significant at 5 %.
        let p = fisher(69, 1000, 54, 1000);
        assert!(p > 0.05 && p < 0.3, "{p}");
    }

    #[test]
    fn summary_counts_and_quantiles() {
        let rows: Vec<Row> = (0..10)
            .map(|s| row("a", s, s != 9, s + 1))
            .chain([row("b", 0, true, 5)])
            .collect();
        let points = summarise(&rows);
        assert_eq!(points.len(), 2);
        let a = &points[0];
        assert_eq!((a.runs, a.solved), (10, 9));
        assert_eq!(a.moves, Some([5, 9, 9, 9]));
        assert_eq!(a.iterations_per_move, Some(4.0));
        assert_eq!(a.ns_per_move, Some(10.0));
        assert_eq!(a.picking_per_iteration, Some(0.5));
        assert_eq!(a.ns_per_check, None);
        let e = solved_within(&rows, "a", 8);
        assert_eq!(e, vec![(1.0, 10.0), (2.0, 20.0), (5.0, 50.0), (9.0, 90.0)]);
    }
}
