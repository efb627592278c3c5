//! Criterion benches for every registered approach, driven by the registry:
//! each approach's `Info::bench_count` sizes are counted in full, its
//! `Info::bench_first` sizes are solved to the first solution. Both run the
//! uninstrumented path (`Steps::Skip`). Filter with e.g.
//! `cargo bench -p queens-benches -- count/bitmask`.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use queens_approaches::REGISTRY;
use queens_core::{Options, Steps, known};
use std::hint::black_box;
use std::time::Duration;

fn count_all(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500));
    for approach in REGISTRY.all() {
        let info = approach.info();
        for &n in info.bench_count {
            group.bench_with_input(BenchmarkId::new(info.id, n), &n, |b, &n| {
                let opts = Options::default();
                b.iter(|| {
                    let out = approach.count(black_box(n), &opts, Steps::Skip).unwrap();
                    assert_eq!(Some(out.solutions), known::total(n));
                    out.solutions
                })
            });
        }
    }
    group.finish();
}

fn first_solution(c: &mut Criterion) {
    let mut group = c.benchmark_group("first");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500));
    for approach in REGISTRY.all() {
        let info = approach.info();
        for &n in info.bench_first {
            group.bench_with_input(BenchmarkId::new(info.id, n), &n, |b, &n| {
                let mut opts = Options::default();
                let mut seed = 0;
                b.iter(|| {
                    // Local searches get a fresh seed per iteration, so the
                    // estimate averages over seeds instead of timing one run.
                    seed += 1;
                    opts.seed = seed;
                    let out = approach.first(black_box(n), &opts, Steps::Skip).unwrap();
                    assert!(out.solution.is_some());
                    out.solutions
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, count_all, first_solution);
criterion_main!(benches);
