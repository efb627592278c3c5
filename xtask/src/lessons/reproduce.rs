//! Chapter 15, how to reproduce: the run's machine, toolchain, profile and
//! command, the data files, and the studies kept from an earlier run.

use serde::Serialize;

use super::{Chapter, Ctx};

/// How the run was made, and the data files.
#[derive(Clone, Debug, Serialize)]
pub struct Reproduce {
    /// The exact command.
    pub command: String,
    /// UTC date.
    pub date: String,
    /// Git revision.
    pub revision: String,
    /// Whether the tree had uncommitted changes.
    pub dirty: bool,
    /// CPU model.
    pub cpu: String,
    /// Cores.
    pub cores: usize,
    /// Memory, bytes, if known.
    pub memory: Option<f64>,
    /// Operating system.
    pub os: String,
    /// `rustc`, host and LLVM lines of `rustc -vV`.
    pub toolchain: Vec<String>,
    /// Profile name.
    pub profile: String,
    /// Fewest and most timed samples per point.
    pub samples: (usize, usize),
    /// Seconds of samples per point at most.
    pub point_budget: f64,
    /// Predicted seconds per run above which the next n is not measured.
    pub run_limit: f64,
    /// Peak memory above which the next n is not measured, bytes.
    pub memory_limit: f64,
    /// Seconds after which a process is killed.
    pub timeout: f64,
    /// Random seeds per local-search size.
    pub seeds: u64,
    /// Largest first-solution size.
    pub first_max: usize,
    /// Every approach stopped at its quick n.
    pub quick_only: bool,
    /// Seconds of measuring, and processes run.
    pub measuring: f64,
    /// Processes run.
    pub processes: usize,
    /// Which optional data files exist.
    pub files: Files,
    /// The studies this run kept from an earlier one instead of measuring.
    pub kept: Vec<Kept>,
}

/// A study kept from an earlier run, and when and where it was measured.
#[derive(Clone, Debug, Serialize)]
pub struct Kept {
    /// The study's id (`textbook`, `csp-grid`, …; the template names it).
    pub study: String,
    /// UTC date of the run that measured it.
    pub date: String,
    /// That run's revision (12 digits).
    pub revision: String,
    /// Whether that run's tree had uncommitted changes.
    pub dirty: bool,
    /// The CPU that measured it.
    pub cpu: String,
}

impl From<&crate::data::meta::StudyMeta> for Kept {
    fn from(s: &crate::data::meta::StudyMeta) -> Kept {
        Kept {
            study: s.study.clone(),
            date: s.date.clone(),
            revision: crate::data::meta::short_revision(&s.git_revision).to_string(),
            dirty: s.git_dirty,
            cpu: s.cpu_model.clone(),
        }
    }
}

/// The optional data files.
#[derive(Clone, Debug, Serialize)]
pub struct Files {
    /// `depths.csv`.
    pub depths: bool,
    /// Traces in `traces/`.
    pub traces: usize,
    /// `block_sums.csv`.
    pub block_sums: bool,
    /// `csp_grid.csv`.
    pub csp_grid: bool,
    /// `local_study.csv`.
    pub local_study: bool,
    /// Rows of `long_runs.csv`.
    pub long_runs: usize,
}

fn reproduce(ctx: &Ctx) -> Reproduce {
    let m = &ctx.data.meta;
    let s = &m.settings;
    let machine = super::truth::machine(m);
    Reproduce {
        command: m.command.clone(),
        date: m.date.clone(),
        revision: m.git_revision.clone(),
        dirty: m.git_dirty,
        cpu: machine.cpu,
        cores: machine.cores,
        memory: m.memory_bytes.map(|b| b as f64),
        os: m.os.clone(),
        toolchain: m
            .rustc
            .lines()
            .filter(|l| l.starts_with("rustc ") || l.starts_with("host:") || l.starts_with("LLVM"))
            .map(str::to_string)
            .collect(),
        profile: m.profile.clone(),
        samples: (s.min_samples, s.samples),
        point_budget: s.point_budget_ms as f64 / 1e3,
        run_limit: s.run_limit_ms as f64 / 1e3,
        memory_limit: s.memory_limit_bytes as f64,
        timeout: s.timeout_ms as f64 / 1e3,
        seeds: s.seeds,
        first_max: s.first_max,
        quick_only: s.quick_only,
        measuring: m.time_spent.iter().map(|t| t.seconds).sum(),
        processes: m.time_spent.iter().map(|t| t.processes).sum(),
        files: Files {
            depths: !ctx.data.depths.is_empty(),
            traces: ctx.data.traces.len(),
            block_sums: !ctx.data.block_sums.is_empty(),
            csp_grid: !ctx.data.csp_grid.is_empty(),
            local_study: !ctx.data.local_study.is_empty(),
            long_runs: ctx.data.long_runs.len(),
        },
        kept: m.kept_studies().map(Kept::from).collect(),
    }
}

pub(super) fn reproduce_page(ctx: &Ctx) -> Option<Chapter> {
    Some(Chapter::new(&reproduce(ctx), Vec::new()))
}

#[cfg(test)]
pub(super) fn reproduce_flips(ctx: &Ctx) -> Vec<Chapter> {
    let mut f = reproduce(ctx);
    f.dirty = !f.dirty;
    f.memory = None;
    f.quick_only = !f.quick_only;
    f.samples = (f.samples.1, f.samples.1);
    f.files = Files {
        depths: false,
        traces: 0,
        block_sums: false,
        csp_grid: false,
        local_study: false,
        long_runs: if f.files.long_runs == 0 { 3 } else { 0 },
    };
    // No study kept; and two kept, one measured on a clean tree, one on a dirty one.
    f.kept = Vec::new();
    let mut g = f.clone();
    let mut example = crate::data::meta::Meta::example();
    let mut dirty = example.measured_now("traces", String::new());
    dirty.git_dirty = true;
    example.studies = vec![example.measured_now("textbook", String::new()), dirty];
    g.kept = example.studies.iter().map(Kept::from).collect();
    vec![Chapter::new(&f, Vec::new()), Chapter::new(&g, Vec::new())]
}

/// What the reproduce page says (see [`super::Says`]).
#[cfg(test)]
pub(super) const REPRODUCE_SAYS: &[super::Says] = &[
    super::says!("/dirty" == true, "` + uncommitted changes |", ""),
    super::says!("/dirty" == false, "| machine |", "+ uncommitted changes"),
    super::says!("/memory" == null, "memory unknown", ""),
    super::says!(
        "memory known",
        |f| f["memory"].is_number(),
        " memory |",
        "memory unknown"
    ),
    super::says!(
        "/quick_only" == true,
        "; every approach stopped at its quick n",
        ""
    ),
    super::says!(
        "/quick_only" == false,
        "| measuring time |",
        "every approach stopped at its quick n"
    ),
    super::says!(
        "one number of samples",
        |f| f["samples"][0] == f["samples"][1],
        "`: ",
        ""
    ),
    super::says!(
        "a range of samples",
        |f| f["samples"][0] != f["samples"][1],
        "–",
        ""
    ),
    super::says!("/files/depths" == true, "[`data/depths.csv`]", ""),
    super::says!("/files/depths" == false, "| system |", "data/depths.csv"),
    super::says!(
        "no traces",
        |f| f["files"]["traces"] == 0,
        "| system |",
        "data/traces/"
    ),
    super::says!(
        "traces",
        |f| f["files"]["traces"].as_u64() > Some(0),
        "[`data/traces/`]",
        ""
    ),
    super::says!("/files/block_sums" == true, "[`data/block_sums.csv`]", ""),
    super::says!(
        "/files/block_sums" == false,
        "| system |",
        "data/block_sums.csv"
    ),
    super::says!("/files/csp_grid" == true, "[`data/csp_grid.csv`]", ""),
    super::says!(
        "/files/csp_grid" == false,
        "| system |",
        "data/csp_grid.csv"
    ),
    super::says!("/files/local_study" == true, "[`data/local_study.csv`]", ""),
    super::says!(
        "/files/local_study" == false,
        "| system |",
        "data/local_study.csv"
    ),
    super::says!(
        "long runs",
        |f| f["files"]["long_runs"].as_u64() > Some(0),
        "[`data/long_runs.csv`]",
        ""
    ),
    super::says!(
        "no long runs",
        |f| f["files"]["long_runs"] == 0,
        "| system |",
        "data/long_runs.csv"
    ),
];
