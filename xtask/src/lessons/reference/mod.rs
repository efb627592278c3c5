//! The reference pages: the approaches, the benchmark tables, the caveats,
//! how to reproduce the run and what each data file holds. Facts only; the
//! pages' words are their templates (`13-approaches.md` … `15-reproduce.md`).

use serde::Serialize;

use super::{Chapter, Ctx, truth};
use crate::analysis::{self, Series};
use crate::data::Family;
use crate::style;

/// One approach of the registry, as measured.
#[derive(Clone, Debug, Serialize)]
pub struct Approach {
    /// Id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Its colour's name and its marker in every chart.
    pub colour: &'static str,
    /// Marker name.
    pub marker: String,
    /// Source, as the registry gives it.
    pub source: String,
    /// Data structure.
    pub structure: String,
    /// The unit of its steps.
    pub step_unit: String,
    /// Largest n it accepts, and why.
    pub max_n: usize,
    /// Why that limit.
    pub limit_reason: String,
    /// The sizes measured in each family.
    pub measured: Vec<Reach>,
}

/// The sizes an approach was measured at in one family.
#[derive(Clone, Debug, Serialize)]
pub struct Reach {
    /// `count`, `first`, `local`, or a study.
    pub family: &'static str,
    /// Smallest n.
    pub from: usize,
    /// Largest n.
    pub to: usize,
}

/// A seed program's own time, quoted from an earlier session.
#[derive(Clone, Debug, Serialize)]
pub struct Peer {
    /// The program and how it ran.
    pub program: &'static str,
    /// The approach that follows it here.
    pub ours: &'static str,
    /// Board size.
    pub n: usize,
    /// Whole-process seconds.
    pub seconds: f64,
    /// Time over the time at n − 1, when measured.
    pub growth: Option<f64>,
    /// Peak memory of its largest run, bytes.
    pub peak: f64,
}

/// A source program, the approach that follows it here, its (n, seconds),
/// and the largest peak memory of its runs (MB).
type Quoted = (&'static str, &'static str, &'static [(usize, f64)], f64);

/// The seed programs' own times, quoted from the peers' README (`bench.sh`:
/// `/usr/bin/time` around the whole program, median of 3 runs, or 1 run
/// over 20 s; process start-up included; resolution 0.01 s).
const PEERS: [Quoted; 6] = [
    (
        "the C bitmask program (Aiello), gcc -O2",
        "bitmask",
        &[(12, 0.08), (13, 0.24), (14, 1.59)],
        1.5,
    ),
    (
        "Queens.py written from its specification, CPython 3.11",
        "attack-board",
        &[(12, 1.94), (13, 11.38), (14, 60.24)],
        8.3,
    ),
    (
        "the Haskell comprehension (Aiello), GHC 9.0 -O2, Integer",
        "list-comprehension",
        &[(12, 1.17), (13, 7.67), (14, 40.11)],
        5.9,
    ),
    (
        "O'Keefe's Queens.Pl, SWI-Prolog 9.0",
        "mrv",
        &[(12, 3.64), (13, 18.42), (14, 99.38)],
        12.9,
    ),
    (
        "the Prolog generate-and-test (Aiello), SWI-Prolog 9.0",
        "generate-and-test",
        &[(8, 6.45)],
        12.5,
    ),
    (
        "the Perl regex two-liner (Aiello), Perl 5.36",
        "string-regex",
        &[(8, 0.03)],
        5.2,
    ),
];

/// The approaches page.
#[derive(Clone, Debug, Serialize)]
pub struct Approaches {
    /// In registry order.
    pub approaches: Vec<Approach>,
    /// The seed programs' own times.
    pub peers: Vec<Peer>,
    /// The machine they were timed on, in an earlier session.
    pub peers_machine: truth::Quoted,
    /// This run's machine.
    pub machine: truth::Machine,
    /// Whether the two are of the same kind ([`truth::same_kind`]).
    pub peers_same_kind: bool,
}

fn approaches(ctx: &Ctx) -> Approaches {
    let mut all: Vec<_> = ctx.data.approaches.iter().collect();
    all.sort_by_key(|a| a.index);
    let approaches = all
        .into_iter()
        .map(|a| Approach {
            id: a.id.clone(),
            title: a.title.clone(),
            colour: style::colour_name(&a.colour),
            marker: a.marker.clone(),
            source: a.source.clone(),
            structure: a.structure.clone(),
            step_unit: a.step_unit.clone(),
            max_n: a.max_n,
            limit_reason: a.limit_reason.clone(),
            measured: super::measured(ctx, &a.id),
        })
        .collect();
    let peers = PEERS
        .iter()
        .flat_map(|&(program, ours, points, mb)| {
            points
                .iter()
                .enumerate()
                .map(move |(i, &(n, seconds))| Peer {
                    program,
                    ours,
                    n,
                    seconds,
                    growth: i
                        .checked_sub(1)
                        .map(|j| points[j])
                        .filter(|&(m, _)| m + 1 == n)
                        .map(|(_, before)| seconds / before),
                    peak: mb * 1e6,
                })
        })
        .collect();
    let machine = truth::machine(&ctx.data.meta);
    Approaches {
        approaches,
        peers,
        peers_machine: truth::PEERS_MACHINE,
        peers_same_kind: truth::same_kind(&truth::PEERS_MACHINE, &machine),
        machine,
    }
}

/// The largest point of one approach in one family.
#[derive(Clone, Debug, Serialize)]
pub struct Largest {
    /// `count`, `first`, `local` or `parallel`.
    pub family: &'static str,
    /// Approach id.
    pub id: String,
    /// The unit of its steps.
    pub step_unit: String,
    /// Board size.
    pub n: usize,
    /// Median seconds of the accepted samples.
    pub seconds: f64,
    /// Samples that failed (gave up or timed out) at that n.
    pub failed: usize,
    /// Median steps, if counted.
    pub steps: Option<f64>,
    /// Peak memory, bytes, if read.
    pub peak: Option<f64>,
    /// Why it went no further.
    pub stop: Option<String>,
}

/// A point with failed samples.
#[derive(Clone, Debug, Serialize)]
pub struct Failure {
    /// Family name.
    pub family: &'static str,
    /// Approach id.
    pub id: String,
    /// Board size.
    pub n: usize,
    /// Samples that gave up.
    pub gave_up: usize,
    /// Samples killed at the time limit.
    pub timed_out: usize,
}

/// The run-to-run spread of the timings.
#[derive(Clone, Debug, Serialize)]
pub struct Noise {
    /// Points considered.
    pub points: usize,
    /// Median over points of (slowest − fastest) / median.
    pub median_spread: f64,
    /// The largest spread, its approach and n.
    pub largest: f64,
    /// Its approach.
    pub largest_id: String,
    /// Its n.
    pub largest_n: usize,
}

/// The benchmark tables and the caveats.
#[derive(Clone, Debug, Serialize)]
pub struct Benchmarks {
    /// Cores of the machine.
    pub cores: usize,
    /// Each approach's largest point in each family, with why it stopped.
    pub largest: Vec<Largest>,
    /// Points with failed samples.
    pub failures: Vec<Failure>,
    /// The timing spread, if enough points had three samples.
    pub noise: Option<Noise>,
    /// Every recorded long run.
    pub long_runs: Vec<LongRunRow>,
    /// half-join's sampled estimates of the counts past one machine.
    pub shard_estimates: Vec<ShardEstimate>,
    /// Whether one of them was extrapolated, no task timed.
    pub extrapolated: bool,
}

/// A count past one machine (`queens_half_join::ESTIMATES`), with the
/// split into shards that `queens` proposes on this machine's cores.
#[derive(Clone, Debug, Serialize)]
pub struct ShardEstimate {
    /// Board size.
    pub n: usize,
    /// Tasks of the whole count.
    pub tasks: u64,
    /// Tasks timed (0: extrapolated).
    pub sample: usize,
    /// Core-hours of the whole count.
    pub core_hours: f64,
    /// Twice the standard error, in core-hours.
    pub plus_minus: f64,
    /// Shards of about a day each on `cores` threads.
    pub shards: u32,
    /// The memory one such shard needs, in bytes.
    pub memory: f64,
}

/// A recorded long run, as the benchmark page lists it.
#[derive(Clone, Debug, Serialize)]
pub struct LongRunRow {
    /// Approach id.
    pub id: String,
    /// The run's own facts.
    #[serde(flatten)]
    pub run: super::LongRun,
    /// Wall seconds of the whole run when its board was written to a file
    /// (search, check and file), else none: this page and chapter 4 say
    /// it, the other pages that list the runs do not.
    pub written: Option<f64>,
    /// Wall seconds `check-board` took to verify that file, else none.
    pub verified: Option<f64>,
}

impl LongRunRow {
    /// The row of `run`, a run of approach `id`.
    pub fn new(id: &str, run: super::LongRun) -> LongRunRow {
        LongRunRow {
            id: id.to_string(),
            written: run.written,
            verified: run.verified,
            run,
        }
    }
}

fn benchmarks(ctx: &Ctx) -> Benchmarks {
    let families: [(&[Series], Family); 4] = [
        (&ctx.count, Family::Count),
        (&ctx.first, Family::First),
        (&ctx.local, Family::Local),
        (&ctx.parallel, Family::Parallel),
    ];
    let largest = families
        .iter()
        .flat_map(|(list, family)| {
            list.iter().filter_map(move |s| {
                let p = s.last()?;
                let stop = ctx
                    .data
                    .stops
                    .iter()
                    .find(|st| st.family == *family && st.approach == s.approach.id);
                Some(Largest {
                    family: family.name(),
                    id: s.approach.id.clone(),
                    step_unit: s.approach.step_unit.clone(),
                    n: p.n,
                    seconds: p.seconds(),
                    failed: p.failed,
                    steps: p.steps,
                    peak: p.peak_bytes.map(|b| b as f64),
                    stop: stop.map(|st| st.reason.clone()),
                })
            })
        })
        .collect();
    let failures = analysis::failures(ctx.data)
        .into_iter()
        .map(|((f, id, n), (gave_up, timed_out))| Failure {
            family: f.name(),
            id,
            n,
            gave_up,
            timed_out,
        })
        .collect();
    let timed: Vec<Series> = ctx.count.iter().chain(&ctx.first).cloned().collect();
    let noise = analysis::noise(&timed).map(|n| Noise {
        points: n.points,
        median_spread: n.median_spread,
        largest: n.largest.0,
        largest_id: n.largest.1,
        largest_n: n.largest.2,
    });
    let long_runs = ctx
        .data
        .long_runs
        .iter()
        .map(|r| r.approach.as_str())
        .fold(Vec::<&str>::new(), |mut ids, id| {
            if !ids.contains(&id) {
                ids.push(id);
            }
            ids
        })
        .into_iter()
        .flat_map(|id| {
            super::long_runs(ctx, id)
                .into_iter()
                .map(move |run| LongRunRow::new(id, run))
        })
        .collect();
    let cores = ctx.data.meta.cores.max(1);
    let shard_estimates: Vec<ShardEstimate> = queens_half_join::ESTIMATES
        .iter()
        .map(|e| {
            let split = e.day_split(cores);
            ShardEstimate {
                n: e.n,
                tasks: queens_half_join::TASKS[e.n],
                sample: e.sample,
                core_hours: e.core_hours,
                plus_minus: e.plus_minus,
                shards: split.shards,
                memory: split.bytes as f64,
            }
        })
        .collect();
    Benchmarks {
        cores: ctx.data.meta.cores,
        largest,
        failures,
        noise,
        long_runs,
        extrapolated: shard_estimates.iter().any(|e| e.sample == 0),
        shard_estimates,
    }
}

/// A page whose text needs no facts (the glossary, the references).
#[derive(Serialize)]
struct Words {}

pub(super) fn approaches_page(ctx: &Ctx) -> Option<Chapter> {
    Some(Chapter::new(&approaches(ctx), Vec::new()))
}

pub(super) fn benchmarks_page(ctx: &Ctx) -> Option<Chapter> {
    Some(Chapter::new(&benchmarks(ctx), Vec::new()))
}

pub(super) fn words_page(_: &Ctx) -> Option<Chapter> {
    Some(Chapter::new(&Words {}, Vec::new()))
}

#[cfg(test)]
mod checks;
#[cfg(test)]
pub(super) use checks::*;
