//! The cost of a half-join count too long for one machine, from a sample
//! of its tasks: `cargo run --release -p queens-half-join --example
//! estimate -- [--sample S] [--seed X] N...`.
//!
//! For each N: the number of tasks, then S tasks drawn uniformly without
//! replacement by a seeded generator (xorshift64*), each counted alone on
//! one thread, its CPU time read from /proc/thread-self/schedstat and the
//! most memory it held measured by a counting allocator. The core-hours
//! are the mean time per task times the tasks; the uncertainty is twice
//! the standard error of that mean (about 95 % if the task times were
//! normal; they are skewed, so read it as a rough band), and the two
//! halves of the sample are extrapolated apart to show their spread. A
//! sampled task starts with no cached slice, where a shard that runs
//! tasks in order reuses some, so the time is if anything an overestimate.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use queens_core::{NoSteps, Split};
use queens_half_join::HalfJoin;

/// The system allocator, counting the bytes held and their peak.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let held = HELD.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(held, Ordering::Relaxed);
        // SAFETY: the caller's layout, as `GlobalAlloc::alloc` requires.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size >= layout.size() {
            let grow = new_size - layout.size();
            let held = HELD.fetch_add(grow, Ordering::Relaxed) + grow;
            PEAK.fetch_max(held, Ordering::Relaxed);
        } else {
            HELD.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        // SAFETY: as `GlobalAlloc::realloc` requires, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// CPU time of this thread so far, in seconds.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    let ns: f64 = stat
        .split_whitespace()
        .next()
        .and_then(|t| t.parse().ok())
        .unwrap_or(f64::NAN);
    ns / 1e9
}

fn main() {
    let mut sample = 24usize;
    let mut seed = 2026u64;
    let mut sizes = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().and_then(|v| v.parse().ok());
        match arg.as_str() {
            "--sample" => sample = value().expect("--sample S"),
            "--seed" => seed = value().expect("--seed X") as u64,
            n => sizes.push(n.parse::<usize>().expect("N: a board size")),
        }
    }
    println!(
        "n,tasks,sample,seed,core_hours,plus_minus,half_a,half_b,task_s_mean,task_s_max,task_bytes_max"
    );
    for n in sizes {
        let base = HELD.load(Ordering::Relaxed);
        let tasks = HalfJoin.tasks(n);
        let list_bytes = HELD.load(Ordering::Relaxed) - base;
        let mut s = seed | 1;
        let mut next = move || {
            s ^= s >> 12;
            s ^= s << 25;
            s ^= s >> 27;
            s.wrapping_mul(0x2545_f491_4f6c_dd1d)
        };
        let mut chosen: Vec<usize> = Vec::new();
        while chosen.len() < sample.min(tasks.len()) {
            let t = (next() % tasks.len() as u64) as usize;
            if !chosen.contains(&t) {
                chosen.push(t);
            }
        }
        let mut times = Vec::new();
        let mut most = 0usize;
        for &t in &chosen {
            let held = HELD.load(Ordering::Relaxed);
            PEAK.store(held, Ordering::Relaxed);
            let start = cpu_seconds();
            let tally = HalfJoin.count_task(n, &tasks[t], &mut NoSteps);
            let secs = cpu_seconds() - start;
            most = most.max(PEAK.load(Ordering::Relaxed) - held);
            eprintln!(
                "n = {n}: task {t} of {}: {} solutions, {secs:.3} s, {:.1} MB",
                tasks.len(),
                tally.solutions,
                (PEAK.load(Ordering::Relaxed) - held) as f64 / 1e6
            );
            times.push(secs);
        }
        let m = times.len() as f64;
        let mean = times.iter().sum::<f64>() / m;
        let var = times.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / (m - 1.0).max(1.0);
        let hours = |mean: f64| mean * tasks.len() as f64 / 3600.0;
        let half = times.len() / 2;
        let mean_of = |ts: &[f64]| ts.iter().sum::<f64>() / ts.len().max(1) as f64;
        println!(
            "{n},{},{},{seed},{:.1},{:.1},{:.1},{:.1},{:.3},{:.3},{}",
            tasks.len(),
            times.len(),
            hours(mean),
            hours(2.0 * (var / m).sqrt()),
            hours(mean_of(&times[..half])),
            hours(mean_of(&times[half..])),
            mean,
            times.iter().copied().fold(0.0, f64::max),
            most
        );
        eprintln!("n = {n}: the task list holds {list_bytes} bytes");
    }
}
