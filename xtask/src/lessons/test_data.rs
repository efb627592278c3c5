//! What the chapters' tests read: the committed data, and a count's point
//! recomputed straight from its samples (not through `analysis`), so that
//! a test checks the facts by other means.

use crate::data::{Dataset, Family, Sample, Status};

/// The committed data (the course's own).
pub fn committed() -> Dataset {
    Dataset::load(&crate::project_root().join("reports/data")).unwrap_or_else(|e| panic!("{e}"))
}

/// A count's fastest, median and slowest nanos, and its steps.
pub struct Raw {
    /// Fastest sample, ns.
    pub fastest: f64,
    /// Median of the samples, ns.
    pub median: f64,
    /// Slowest sample, ns.
    pub slowest: f64,
    /// Steps (the same in every sample of a count).
    pub steps: f64,
}

/// The accepted samples of `id` counting at n, summarised by hand.
pub fn raw_count(data: &Dataset, id: &str, n: usize) -> Raw {
    let ok: Vec<&Sample> = data
        .samples
        .iter()
        .filter(|s| {
            s.family == Family::Count && s.approach == id && s.n == n && s.status == Status::Ok
        })
        .collect();
    assert!(!ok.is_empty(), "no samples for {id} at n = {n}");
    let mut nanos: Vec<u64> = ok.iter().filter_map(|s| s.nanos).collect();
    nanos.sort_unstable();
    let m = nanos.len() / 2;
    let median = if nanos.len() % 2 == 1 {
        nanos[m] as f64
    } else {
        (nanos[m - 1] + nanos[m]) as f64 / 2.0
    };
    Raw {
        fastest: nanos[0] as f64,
        median,
        slowest: nanos[nanos.len() - 1] as f64,
        steps: ok[0].steps.expect("steps") as f64,
    }
}
