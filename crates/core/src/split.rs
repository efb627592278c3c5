//! Splitting one count into independent tasks: threads on one machine,
//! shards across many.
//!
//! A counter that can split implements [`Split`]: it lists its tasks (for
//! example every placement of the first rows) in a fixed order and counts one
//! task at a time. [`count_split`] keeps the tasks a [`Shard`] owns and counts
//! them on a rayon pool. Integer sums do not depend on the order they are
//! added in, so the result is the same for any number of threads, and the
//! shards `1/k ..= k/k` add up to the whole count.
//!
//! Each task reports to a fresh probe, and the task probes are merged into
//! the caller's ([`Probe::merge`]): steps add up, and so do the nodes per
//! depth of a [`crate::DepthCounter`], depth by depth. A counter whose tasks
//! start below the root charges the nodes above them (the root included) to
//! the tasks, each node to exactly one task, as it does their steps.
//!
//! A [`Watch`] in [`Options::watch`] follows a count task by task
//! ([`count_tasks`]): it hears each finished task's tally and may hand back
//! the tallies of tasks counted by an earlier run, which are then skipped
//! (`queens --checkpoint` and its progress line).

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::Arc;

use rayon::prelude::*;

use crate::approach::Options;
use crate::probe::{Probe, StepCounter};

/// A deterministic share of a split count: shard `index` of `count`, 1-based
/// as a user writes it (`--shard 2/4`). Task `t` (0-based) belongs to shard
/// `t % count + 1`, so every shard gets a spread of easy and hard tasks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which share, `1..=count`.
    pub index: u32,
    /// How many shares the work is cut into.
    pub count: u32,
}

impl Shard {
    /// The whole count: shard 1 of 1.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Whether task `task` (0-based, in the counter's task order) is this shard's.
    pub fn owns(&self, task: usize) -> bool {
        task % self.count as usize == (self.index - 1) as usize
    }

    /// Whether this is the whole count.
    pub fn is_all(&self) -> bool {
        self.count == 1
    }
}

impl Default for Shard {
    fn default() -> Self {
        Shard::ALL
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Parses `i/k` with `1 <= i <= k`.
    fn from_str(s: &str) -> Result<Self, String> {
        let shape = || format!("'{s}' is not a shard: write i/k with 1 <= i <= k, e.g. 2/4");
        let (i, k) = s.split_once('/').ok_or_else(shape)?;
        let index: u32 = i.trim().parse().map_err(|_| shape())?;
        let count: u32 = k.trim().parse().map_err(|_| shape())?;
        if count == 0 || index == 0 || index > count {
            return Err(shape());
        }
        Ok(Shard { index, count })
    }
}

/// The result of a count: every solution, and the fundamental ones (distinct
/// under the 8 symmetries of the board) when the counter knows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// All solutions.
    pub solutions: u64,
    /// Fundamental solutions (OEIS A002562), for counters that find them.
    pub unique: Option<u64>,
}

/// Adds two partial tallies (unique stays known only if both know it).
impl std::ops::Add for Tally {
    type Output = Tally;
    fn add(self, other: Tally) -> Tally {
        Tally {
            solutions: self.solutions + other.solutions,
            unique: self.unique.zip(other.unique).map(|(a, b)| a + b),
        }
    }
}

/// A counter whose search splits into independent tasks.
pub trait Split: Sync {
    /// One independent piece of the search (e.g. a placement of the first rows).
    type Task: Send + Sync;
    /// Every task for board size `n`, in a fixed order (shards depend on it).
    fn tasks(&self, n: usize) -> Vec<Self::Task>;
    /// Counts the solutions under one task, reporting its steps (and the
    /// nodes it enters, [`Probe::node`]) to `probe`.
    fn count_task<P: Probe>(&self, n: usize, task: &Self::Task, probe: &mut P) -> Tally;
}

/// Follows a split count task by task, for a caller that saves partial
/// counts or shows progress. A task is named by its 0-based place in the
/// counter's whole task list (every shard's), so names do not depend on the
/// shard or the threads. Called from the counting threads.
pub trait Watch: Send + Sync {
    /// Before any task: the length of the whole list and how many of its
    /// tasks the shard owns. `Break` counts nothing (the tally is zero).
    fn plan(&self, total: usize, owned: usize) -> ControlFlow<()>;
    /// Before a task: its tally if it was counted before; it is then added
    /// as it is, not counted again (its steps are not reported).
    fn counted(&self, task: usize) -> Option<Tally>;
    /// After a task: its tally.
    fn finished(&self, task: usize, tally: Tally);
    /// Whether to start no more tasks (e.g. the run was interrupted): the
    /// tasks not started are then neither counted nor reported, and the
    /// tally returned is short of them. Asked before each task.
    fn stopped(&self) -> bool {
        false
    }
}

/// A shared [`Watch`], as [`Options::watch`] holds it.
#[derive(Clone)]
pub struct Watcher(pub Arc<dyn Watch>);

impl fmt::Debug for Watcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Watcher")
    }
}

/// Counts every task on one thread with steps: the tally and the steps
/// (the instrumented count the splitting counters' tests compare).
pub fn count_split_with_steps<S: Split>(counter: &S, n: usize) -> (Tally, u64) {
    let mut probe = StepCounter::default();
    let tally = count_split(counter, n, 1, Shard::ALL, &mut probe);
    (tally, probe.count)
}

/// Counts the tasks `shard` owns on `threads` threads (0: one per core).
///
/// Each task gets a fresh probe; they are merged into `probe`
/// ([`Probe::merge`]), so an instrumented run reports the same steps (and
/// nodes per depth) for any number of threads.
///
/// A tracing probe ([`Probe::TRACES`], `queens --trace`) writes one
/// sequence of events, so its count runs on this thread, the tasks in
/// order, each straight into `probe`, whatever `threads` says.
pub fn count_split<S: Split, P: Probe>(
    counter: &S,
    n: usize,
    threads: usize,
    shard: Shard,
    probe: &mut P,
) -> Tally {
    count_watched(counter, n, threads, shard, None, probe)
}

/// [`count_split`] with `opts.threads` and `opts.shard`, reporting to
/// `opts.watch` if set: tasks it has counted before are skipped, and each
/// task counted is reported when it finishes.
pub fn count_tasks<S: Split, P: Probe>(
    counter: &S,
    n: usize,
    opts: &Options,
    probe: &mut P,
) -> Tally {
    let watch = opts.watch.as_ref().map(|w| &*w.0);
    count_watched(counter, n, opts.threads, opts.shard, watch, probe)
}

/// The count of [`count_split`] and [`count_tasks`].
fn count_watched<S: Split, P: Probe>(
    counter: &S,
    n: usize,
    threads: usize,
    shard: Shard,
    watch: Option<&dyn Watch>,
    probe: &mut P,
) -> Tally {
    // More than one thread: the count runs in a pool of `threads`, and so
    // does making its tasks, so a counter may build shared tables then with
    // `rayon::join` (half-join's quadrant tables) on the threads asked for.
    // One thread: no pool, and nothing runs beside the count.
    let pool = (threads != 1)
        .then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .ok()
        })
        .flatten();
    match pool {
        Some(pool) => pool.install(|| count_in(counter, n, shard, watch, probe, true)),
        // No pool (one thread, or threads cannot be spawned): this thread.
        None => count_in(counter, n, shard, watch, probe, false),
    }
}

/// [`count_watched`] inside its pool (`parallel`) or on this thread.
fn count_in<S: Split, P: Probe>(
    counter: &S,
    n: usize,
    shard: Shard,
    watch: Option<&dyn Watch>,
    probe: &mut P,
    parallel: bool,
) -> Tally {
    let all = counter.tasks(n);
    let total = all.len();
    let mut tasks: Vec<(usize, S::Task)> = all
        .into_iter()
        .enumerate()
        .filter(|(t, _)| shard.owns(*t))
        .collect();
    let mut resumed = Tally {
        solutions: 0,
        unique: Some(0),
    };
    if let Some(watch) = watch {
        if watch.plan(total, tasks.len()).is_break() {
            return resumed;
        }
        tasks.retain(|(t, _)| match watch.counted(*t) {
            Some(tally) => {
                resumed = resumed + tally;
                false
            }
            None => true,
        });
    }
    if watch.is_some() && !P::TRACES {
        tasks = spread(tasks);
    }
    let stopped = || watch.is_some_and(|w| w.stopped());
    let report = |t: usize, tally: Tally| {
        if let Some(watch) = watch {
            watch.finished(t, tally);
        }
        tally
    };
    if P::TRACES {
        let mut tally = resumed;
        for (t, task) in &tasks {
            if stopped() {
                break;
            }
            tally = tally + report(*t, counter.count_task(n, task, probe));
        }
        return tally;
    }
    let one = |(t, task): &(usize, S::Task)| {
        let mut local = P::default();
        if stopped() {
            return (Tally::default(), local);
        }
        let tally = report(*t, counter.count_task(n, task, &mut local));
        (tally, local)
    };
    let sum = |(a, mut pa): (Tally, P), (b, pb): (Tally, P)| {
        pa.merge(pb);
        (a + b, pa)
    };
    let zero = || {
        (
            Tally {
                solutions: 0,
                unique: Some(0),
            },
            P::default(),
        )
    };
    // One task per work item: rayon would otherwise hand out long
    // contiguous runs, and a thread with the hard end of the list finishes
    // alone (1.5× instead of 1.9× on two cores at n = 17).
    let (tally, local) = if parallel {
        tasks.par_iter().with_max_len(1).map(one).reduce(zero, sum)
    } else {
        tasks.iter().map(one).fold(zero(), sum)
    };
    probe.merge(local);
    tally + resumed
}

/// The tasks in an order that samples the whole list evenly (the k-th
/// run taken is the one at rank frac(k·φ) of the list): tasks late in a
/// list can cost several times the early ones (half-join at n = 18: the
/// last tenth 3 times the first), and a watched count's progress should
/// predict the rest from a fair sample. The list is spread in runs of
/// consecutive tasks, at least [`SPREAD_RUNS`] of them, so that within a
/// run neighbouring tasks share what a counter caches between tasks
/// (half-join's quadrant slices: one task at a time, its checkpointed
/// count at n = 18 took 1.15–1.2× the time of the count in list order).
fn spread<T>(tasks: Vec<T>) -> Vec<T> {
    let m = tasks.len();
    let run = (m / SPREAD_RUNS).max(1);
    let runs = m.div_ceil(run);
    let point = |k: usize| (k as f64 * 0.618_033_988_749_895).fract();
    let mut by_point: Vec<usize> = (0..runs).collect();
    by_point.sort_by(|&a, &b| point(a).total_cmp(&point(b)));
    let mut rank = vec![0; runs];
    for (r, &k) in by_point.iter().enumerate() {
        rank[k] = r;
    }
    let mut slots: Vec<Option<T>> = tasks.into_iter().map(Some).collect();
    rank.iter()
        .flat_map(|&r| r * run..((r + 1) * run).min(m))
        .filter_map(|t| slots[t].take())
        .collect()
}

/// The fewest runs [`spread`] cuts a list into.
const SPREAD_RUNS: usize = 1024;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probe::{DepthCounter, NoSteps, StepCounter};

    /// A toy counter: task t has t solutions and takes t steps.
    struct Toy;

    impl Split for Toy {
        type Task = u64;
        fn tasks(&self, n: usize) -> Vec<u64> {
            (0..n as u64).collect()
        }
        fn count_task<P: Probe>(&self, _n: usize, task: &u64, probe: &mut P) -> Tally {
            probe.steps(*task);
            probe.nodes(1 + *task as usize % 3, *task);
            Tally {
                solutions: *task,
                unique: Some(1),
            }
        }
    }

    #[test]
    fn shards_partition_the_tasks() {
        for k in 1..=7u32 {
            let mut total = 0;
            for i in 1..=k {
                total +=
                    count_split(&Toy, 50, 1, Shard { index: i, count: k }, &mut NoSteps).solutions;
            }
            assert_eq!(total, (0..50).sum::<u64>(), "k = {k}");
        }
    }

    #[test]
    fn threads_give_the_same_tally_and_steps() {
        let mut one = StepCounter::default();
        let mut many = StepCounter::default();
        let a = count_split(&Toy, 100, 1, Shard::ALL, &mut one);
        let b = count_split(&Toy, 100, 3, Shard::ALL, &mut many);
        assert_eq!(a, b);
        assert_eq!(a.unique, Some(100));
        assert_eq!(one.count, many.count);
        assert_eq!(one.count, (0..100).sum::<u64>());
    }

    #[test]
    fn task_probes_merge_depth_by_depth_for_any_threads_and_shards() {
        let whole = |threads| {
            let mut p = DepthCounter::default();
            count_split(&Toy, 100, threads, Shard::ALL, &mut p);
            p
        };
        let one = whole(1);
        assert_eq!(one.steps, (0..100).sum::<u64>());
        assert_eq!(one.below_root(), one.steps);
        for d in 1..=3 {
            let want: u64 = (0..100u64).filter(|t| 1 + t % 3 == d).sum();
            assert_eq!(one.nodes[d as usize], want, "depth {d}");
        }
        assert_eq!(whole(3), one);
        let mut parts = DepthCounter::default();
        for index in 1..=4 {
            let mut p = DepthCounter::default();
            count_split(&Toy, 100, 2, Shard { index, count: 4 }, &mut p);
            parts.merge(p);
        }
        assert_eq!(parts, one);
    }

    /// Records the order its tasks ran in, through a trace hook.
    #[derive(Default)]
    struct Order(Vec<usize>, u64);

    impl Probe for Order {
        const COUNTS: bool = true;
        const TRACES: bool = true;
        fn step(&mut self) {
            self.1 += 1;
        }
        fn total(&self) -> Option<u64> {
            Some(self.1)
        }
        fn level(&mut self, depth: usize) {
            self.0.push(depth);
        }
    }

    /// The toy counter, reporting each task to the probe.
    struct Loud;

    impl Split for Loud {
        type Task = u64;
        fn tasks(&self, n: usize) -> Vec<u64> {
            Toy.tasks(n)
        }
        fn count_task<P: Probe>(&self, n: usize, task: &u64, probe: &mut P) -> Tally {
            probe.level(*task as usize);
            Toy.count_task(n, task, probe)
        }
    }

    #[test]
    fn a_tracing_probe_sees_every_task_in_order_on_one_thread() {
        let mut probe = Order::default();
        let tally = count_split(&Loud, 50, 4, Shard::ALL, &mut probe);
        assert_eq!(probe.0, (0..50).collect::<Vec<_>>());
        assert_eq!(probe.1, (0..50).sum::<u64>());
        assert_eq!(tally.solutions, (0..50).sum::<u64>());
    }

    /// Resumes the even tasks with their true tallies, records the rest,
    /// and stops after `stop_after` tasks finished.
    struct Resume {
        finished: std::sync::Mutex<Vec<usize>>,
        stop_after: usize,
    }

    impl Watch for Resume {
        fn plan(&self, total: usize, owned: usize) -> ControlFlow<()> {
            assert_eq!((total, owned), (50, 25));
            ControlFlow::Continue(())
        }
        fn counted(&self, task: usize) -> Option<Tally> {
            (task % 4 == 0).then_some(Tally {
                solutions: task as u64,
                unique: Some(1),
            })
        }
        fn finished(&self, task: usize, tally: Tally) {
            assert_eq!(tally.solutions, task as u64);
            self.finished.lock().unwrap().push(task);
        }
        fn stopped(&self) -> bool {
            self.finished.lock().unwrap().len() >= self.stop_after
        }
    }

    #[test]
    fn a_watch_skips_the_tasks_counted_before_and_hears_the_others() {
        for threads in [1, 3] {
            let watch = Arc::new(Resume {
                finished: Default::default(),
                stop_after: usize::MAX,
            });
            let opts = Options {
                threads,
                shard: Shard { index: 1, count: 2 },
                watch: Some(Watcher(watch.clone())),
                ..Options::default()
            };
            let mut steps = StepCounter::default();
            let tally = count_tasks(&Toy, 50, &opts, &mut steps);
            let shard: u64 = (0..50).step_by(2).sum();
            assert_eq!(tally.solutions, shard, "threads {threads}");
            let mut heard = watch.finished.lock().unwrap().clone();
            heard.sort_unstable();
            let want: Vec<usize> = (0..50).step_by(2).filter(|t| t % 4 != 0).collect();
            assert_eq!(heard, want);
            // Only the tasks counted now report steps.
            assert_eq!(steps.count, want.iter().sum::<usize>() as u64);
        }
        let watch = Arc::new(Resume {
            finished: Default::default(),
            stop_after: 3,
        });
        let opts = Options {
            threads: 1,
            shard: Shard { index: 1, count: 2 },
            watch: Some(Watcher(watch.clone())),
            ..Options::default()
        };
        count_tasks(&Toy, 50, &opts, &mut NoSteps);
        let heard = watch.finished.lock().unwrap().clone();
        assert_eq!(heard.len(), 3);
        assert!(heard.iter().all(|t| t % 2 == 0 && t % 4 != 0), "{heard:?}");
    }

    #[test]
    fn spreading_keeps_every_task_and_samples_the_list_evenly() {
        for m in [0, 1, 2, 3, 10, 12, 100, 12_283] {
            let order = spread((0..m).collect::<Vec<usize>>());
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..m).collect::<Vec<_>>(), "m = {m}");
            if m >= 100 {
                // The first fifth touches every tenth of the list.
                let mut tenths = [false; 10];
                for &t in &order[..m / 5] {
                    tenths[t * 10 / m] = true;
                }
                assert!(tenths.iter().all(|&b| b), "m = {m}");
            }
            if m >= 2 * SPREAD_RUNS {
                // In runs: most tasks follow their neighbour in the list.
                let next = order.windows(2).filter(|w| w[1] == w[0] + 1).count();
                assert!(next > m / 2, "m = {m}: {next}");
            }
        }
    }

    #[test]
    fn shard_parsing() {
        assert_eq!("2/4".parse::<Shard>(), Ok(Shard { index: 2, count: 4 }));
        assert_eq!("1/1".parse::<Shard>(), Ok(Shard::ALL));
        for bad in ["0/4", "5/4", "1/0", "2", "a/b", "-1/3", "1/4/2", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(Shard { index: 3, count: 8 }.to_string(), "3/8");
    }
}
