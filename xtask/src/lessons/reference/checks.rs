//! What the reference pages say under every branch: the facts flipped
//! (`*_flips`) and the sentences each branch must hold (`*_SAYS`), read by
//! the course's template tests.

use super::{LongRunRow, approaches, benchmarks};
use crate::lessons::{Chapter, Ctx, LongRun, Says, says};

pub(in crate::lessons) fn approaches_flips(ctx: &Ctx) -> Vec<Chapter> {
    let mut f = approaches(ctx);
    for a in &mut f.approaches {
        a.measured.clear();
    }
    f.peers_same_kind = !f.peers_same_kind;
    vec![Chapter::new(&f, Vec::new())]
}

pub(in crate::lessons) fn benchmarks_flips(ctx: &Ctx) -> Vec<Chapter> {
    let mut f = benchmarks(ctx);
    f.failures.clear();
    f.noise = None;
    for l in &mut f.largest {
        l.failed = 1;
        l.steps = None;
        l.peak = None;
        l.stop = None;
    }
    let run = LongRun {
        n: 20,
        threads: None,
        seconds: 60.0,
        peak: None,
        command: "queens --algo half-join --json --no-steps 20".into(),
        date: "2026-01-02T03:04:05Z".into(),
        machine: "Example CPU, 2 cores".into(),
        written: None,
        verified: None,
        shards: Vec::new(),
    };
    f.long_runs = vec![
        LongRunRow::new("half-join", run.clone()),
        LongRunRow::new(
            "half-join",
            LongRun {
                threads: Some(2),
                peak: Some(1e9),
                ..run.clone()
            },
        ),
        LongRunRow::new(
            "half-join",
            LongRun {
                threads: Some(2),
                shards: vec![30.0, 31.0],
                ..run.clone()
            },
        ),
        LongRunRow::new(
            "swap-search",
            LongRun {
                n: 1_000_000,
                written: Some(5.0),
                verified: Some(2.0),
                command: "queens --algo swap-search --json --no-steps --output BOARD 1000000"
                    .into(),
                ..run
            },
        ),
    ];
    f.extrapolated = !f.extrapolated;
    let mut g = benchmarks(ctx);
    g.long_runs.clear();
    for x in &mut g.failures {
        x.gave_up = 1;
        x.timed_out = 0;
    }
    for l in &mut g.largest {
        l.failed = 2;
    }
    vec![Chapter::new(&f, Vec::new()), Chapter::new(&g, Vec::new())]
}

pub(in crate::lessons) fn no_flips(_: &Ctx) -> Vec<Chapter> {
    Vec::new()
}

/// A chapter without branches states nothing.
pub(in crate::lessons) const NO_SAYS: &[Says] = &[];

/// What the approaches page says (see [`crate::lessons::Says`]).
pub(in crate::lessons) const APPROACHES_SAYS: &[Says] = &[
    says!(
        "no approach measured",
        |f| all(f, "approaches", |a| a["measured"] == serde_json::json!([])),
        "| not measured in this run |",
        "count n = "
    ),
    says!(
        "an approach measured",
        |f| any(f, "approaches", |a| a["measured"]
            .as_array()
            .is_some_and(|m| !m.is_empty())),
        " n = ",
        ""
    ),
    says!(
        "/peers_same_kind" == true,
        "on a machine of the same kind (",
        "on another kind of machine ("
    ),
    says!(
        "/peers_same_kind" == false,
        "on another kind of machine (",
        "on a machine of the same kind ("
    ),
];

/// What the benchmarks page says (see [`crate::lessons::Says`]).
pub(in crate::lessons) const BENCHMARKS_SAYS: &[Says] = &[
    says!(
        "/extrapolated" == true,
        "no task of it was timed",
        "every figure rests on timed tasks"
    ),
    says!(
        "/extrapolated" == false,
        "every figure rests on timed tasks",
        "no task of it was timed"
    ),
    says!(
        "/long_runs" == [],
        "None were recorded with this data",
        "`cargo xtask long-runs` measured each once"
    ),
    says!(
        "long runs",
        |f| any(f, "long_runs", |_| true),
        "`cargo xtask long-runs` measured each once",
        "None were recorded"
    ),
    says!(
        "a long run whose board was written and verified",
        |f| any(f, "long_runs", |r| r["written"].is_number()),
        "with the board checked and written to a file",
        "None were recorded"
    ),
    says!(
        "no long run wrote its board",
        |f| all(f, "long_runs", |r| r["written"].is_null()),
        "|",
        "with the board checked and written to a file"
    ),
    says!(
        "/noise" == null,
        "Too few points had three timed samples",
        "the slowest sample was"
    ),
    says!(
        "noise measured",
        |f| f["noise"].is_object(),
        "the slowest sample was",
        "Too few points"
    ),
    says!(
        "/failures" == [],
        "None: every sample finished and was checked",
        "are recorded and kept out"
    ),
    says!(
        "failures",
        |f| any(f, "failures", |_| true),
        "are recorded and kept out of the medians",
        "None: every sample finished"
    ),
    says!(
        "every failure gave up",
        |f| any(f, "failures", |_| true)
            && all(f, "failures", |x| x["gave_up"] == 1 && x["timed_out"] == 0),
        "1 gave up",
        "killed at the time limit"
    ),
    says!(
        "every largest point lost one sample",
        |f| all(f, "largest", |l| l["failed"] == 1),
        "(1 failed sample left out)",
        "samples left out"
    ),
    says!(
        "every largest point lost two samples",
        |f| all(f, "largest", |l| l["failed"] == 2),
        "(2 failed samples left out)",
        "sample left out"
    ),
    says!(
        "no largest point lost a sample",
        |f| all(f, "largest", |l| l["failed"] == 0),
        "|",
        "left out)"
    ),
];

/// Whether every item of a list of the facts has `p`.
fn all(f: &serde_json::Value, key: &str, p: fn(&serde_json::Value) -> bool) -> bool {
    f[key].as_array().into_iter().flatten().all(p)
}

/// Whether some item of a list of the facts has `p`.
fn any(f: &serde_json::Value, key: &str, p: fn(&serde_json::Value) -> bool) -> bool {
    f[key].as_array().into_iter().flatten().any(p)
}
