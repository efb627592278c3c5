//! Predicting the next point from the last ones, so an approach stops growing
//! n before a point would blow the per-point budget.

/// How a quantity grows with n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// By a constant factor per extra queen (counting all solutions).
    Exponential,
    /// As a power of n (first solution, local search on a 1-2-5 grid).
    Power,
}

/// Predicts the value at `next_n` from the last two `(n, value)` points,
/// assuming the growth between them continues (never predicting a decrease).
/// `None` with fewer than two points or a non-positive value.
pub fn predict(model: Model, points: &[(usize, f64)], next_n: usize) -> Option<f64> {
    let [(n0, v0), (n1, v1)] = points.get(points.len().checked_sub(2)?..)? else {
        return None;
    };
    if *v0 <= 0.0 || *v1 <= 0.0 || n1 <= n0 || next_n <= *n1 {
        return None;
    }
    let ratio = (v1 / v0).max(1.0);
    let exponent = match model {
        Model::Exponential => (next_n - n1) as f64 / (n1 - n0) as f64,
        Model::Power => (next_n as f64 / *n1 as f64).ln() / (*n1 as f64 / *n0 as f64).ln(),
    };
    Some(v1 * ratio.powf(exponent))
}

/// Why the next point is not measured, if it would exceed a budget: the
/// predicted run time (seconds) against `run_limit`, the predicted peak
/// memory (bytes) against `memory_limit`.
pub fn over_budget(
    model: Model,
    seconds: &[(usize, f64)],
    bytes: &[(usize, f64)],
    next_n: usize,
    run_limit: f64,
    memory_limit: f64,
) -> Option<String> {
    if let Some(t) = predict(model, seconds, next_n).filter(|&t| t > run_limit) {
        return Some(format!(
            "time budget: n = {} predicted to take {} per run (budget {})",
            crate::format::group_digits(next_n as u64),
            crate::format::human_seconds(t),
            crate::format::human_seconds(run_limit)
        ));
    }
    if let Some(b) = predict(model, bytes, next_n).filter(|&b| b > memory_limit) {
        return Some(format!(
            "memory budget: n = {} predicted to need {} (budget {})",
            crate::format::group_digits(next_n as u64),
            crate::format::human_bytes(b),
            crate::format::human_bytes(memory_limit)
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponential_continues_the_factor_per_queen() {
        let p = predict(Model::Exponential, &[(10, 1.0), (11, 5.0)], 12).unwrap();
        assert!((p - 25.0).abs() < 1e-9);
        // Two extra queens after a step of one: the factor twice.
        let p = predict(Model::Exponential, &[(10, 1.0), (11, 5.0)], 13).unwrap();
        assert!((p - 125.0).abs() < 1e-9);
    }

    #[test]
    fn power_continues_the_exponent() {
        // Quadratic: doubling n quadruples the time; 1000 -> 2000 -> 5000.
        let p = predict(Model::Power, &[(1000, 1.0), (2000, 4.0)], 5000).unwrap();
        assert!((p - 25.0).abs() < 1e-6, "{p}");
    }

    #[test]
    fn never_predicts_shrinking_and_needs_two_points() {
        let p = predict(Model::Exponential, &[(20, 9.0), (21, 3.0)], 22).unwrap();
        assert_eq!(p, 3.0);
        assert_eq!(predict(Model::Power, &[(8, 1.0)], 9), None);
        assert_eq!(predict(Model::Power, &[], 9), None);
        assert_eq!(predict(Model::Power, &[(8, 0.0), (9, 1.0)], 10), None);
    }

    #[test]
    fn over_budget_names_the_budget_that_stops() {
        let t = [(12, 0.1), (13, 0.4)];
        let m = [(12, 1e6), (13, 1e6)];
        let why = over_budget(Model::Exponential, &t, &m, 14, 0.5, 1e9).unwrap();
        assert!(why.starts_with("time budget: n = 14"), "{why}");
        assert_eq!(over_budget(Model::Exponential, &t, &m, 14, 2.0, 1e9), None);
        let m = [(12, 1e8), (13, 8e8)];
        let why = over_budget(Model::Exponential, &t, &m, 14, 2.0, 1e9).unwrap();
        assert!(why.starts_with("memory budget"), "{why}");
    }
}
