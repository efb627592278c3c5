//! The chapter's claims recomputed from the raw rows of the committed data.

use super::*;
use crate::data::{Dataset, Status};
use crate::lessons::test_data::{committed, raw_count};

/// The nodes of a lab row set, straight from the csv rows.
fn grid_nodes(data: &Dataset, setting: &str, mode: &str, n: usize) -> Vec<u64> {
    data.csp_grid
        .iter()
        .filter(|r| r.setting == setting && r.mode == mode && r.n == n)
        .filter_map(|r| r.steps)
        .collect()
}

#[test]
fn okeefe_against_row_order_is_the_ratio_of_the_samples() {
    let data = committed();
    let o = ordering(&Ctx::new(&data)).expect("ordering data");
    let (a_ns, a) = {
        let r = raw_count(&data, "bitmask", o.count_n);
        (r.median, r.steps)
    };
    let (b_ns, b) = {
        let r = raw_count(&data, "mrv", o.count_n);
        (r.median, r.steps)
    };
    assert!((o.okeefe.nodes_ratio - a / b).abs() < 1e-9);
    assert!((o.okeefe.row_s - a_ns / 1e9).abs() < 1e-12);
    assert!((o.okeefe.mrv_s - b_ns / 1e9).abs() < 1e-12);
    assert!(o.first_fewer <= o.first_shared);
}

#[test]
fn mrv_alone_places_exactly_the_nodes_of_mrv_with_forward_checking() {
    let data = committed();
    let o = ordering(&Ctx::new(&data)).expect("ordering data");
    let mut sizes = 0;
    let mut equal = 0;
    for r in data
        .csp_grid
        .iter()
        .filter(|r| r.setting == "mrv" && r.sample == 0)
    {
        let a = grid_nodes(&data, "mrv", &r.mode, r.n);
        let b = grid_nodes(&data, "mrv + forward", &r.mode, r.n);
        let runs = |s: &str| {
            data.csp_grid
                .iter()
                .filter(|x| x.setting == s && x.mode == r.mode && x.n == r.n)
                .count()
        };
        if !a.is_empty()
            && a.len() == runs("mrv")
            && !b.is_empty()
            && b.len() == runs("mrv + forward")
        {
            sizes += 1;
            equal += usize::from(a == b);
        }
    }
    assert_eq!(
        (o.mrv_vs_forward.sizes, o.mrv_vs_forward.equal),
        (sizes, equal)
    );
    assert!(sizes >= 5, "{sizes}");
}

#[test]
fn a_failed_run_is_reported_not_averaged_away() {
    let data = committed();
    let o = ordering(&Ctx::new(&data)).expect("ordering data");
    for s in &o.settings {
        let timeouts: Vec<usize> = data
            .csp_grid
            .iter()
            .filter(|r| r.setting == s.name && r.mode == "first" && r.status != Status::Ok)
            .map(|r| r.n)
            .collect();
        match (&s.first.stop, timeouts.iter().min()) {
            (Some(f), Some(&n)) => {
                assert_eq!(f.n, n, "{}", s.name);
                assert!(s.first.n < n);
                assert_eq!(f.failed, timeouts.iter().filter(|&&m| m == n).count());
            }
            (None, None) => {}
            (a, b) => panic!("{}: {a:?} against {b:?}", s.name),
        }
    }
}

#[test]
fn the_default_and_the_value_orders_walk_bitmasks_count_tree() {
    let data = committed();
    let o = ordering(&Ctx::new(&data)).expect("ordering data");
    let bitmask = raw_count(&data, "bitmask", o.count_n).steps;
    let default = grid_nodes(&data, "default", "count", o.count_n);
    assert_eq!(o.default_is_bitmask, default[0] as f64 == bitmask);
    let same = ["middle-out", "lcv"]
        .iter()
        .all(|v| grid_nodes(&data, v, "count", o.count_n) == default);
    assert!(!o.values_same || same);
}
