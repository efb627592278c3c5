//! The raw data in `DIR/data`: one CSV row per sample (long format, integer
//! nanoseconds), the reasons each approach stopped, a snapshot of the
//! approaches' descriptions, a few solved boards, and `meta.json`.
//!
//! Everything `render` draws comes from these files alone. This module
//! knows the files' shapes and checks them; it computes nothing.

pub mod aima_python;
pub mod block_sums;
pub mod csp_book;
pub mod csp_grid;
pub mod local_study;
pub mod long_runs;
pub mod meta;
pub mod textbook;
pub mod traces;

use std::fs;
use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use self::meta::Meta;
use crate::{Context, Error, Result, bail};

/// `samples.csv`: one row per sample.
pub const SAMPLES: &str = "samples.csv";
/// `stops.csv`: why each approach stopped growing n, per family.
pub const STOPS: &str = "stops.csv";
/// `approaches.json`: the registry's descriptions at measuring time.
pub const APPROACHES: &str = "approaches.json";
/// `boards.json`: solved boards for the board pictures.
pub const BOARDS: &str = "boards.json";
/// `meta.json`: machine, toolchain, revision, date, profile, command.
pub const META: &str = "meta.json";
/// `depths.csv`: nodes per depth of each exhaustive search at one n.
pub const DEPTHS: &str = "depths.csv";

/// What a sample measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Counting all solutions (exhaustive approaches).
    Count,
    /// Finding a first solution with `--first` (exhaustive approaches).
    First,
    /// Finding one solution by local search, one seed per sample.
    Local,
    /// Counting all solutions on every core (approaches that split their
    /// count into tasks; their `count` samples run on one thread).
    Parallel,
}

impl Family {
    /// Every family, in measuring order.
    pub const ALL: [Family; 4] = [
        Family::Count,
        Family::First,
        Family::Local,
        Family::Parallel,
    ];

    /// The name used in the CSV.
    pub fn name(self) -> &'static str {
        match self {
            Family::Count => "count",
            Family::First => "first",
            Family::Local => "local",
            Family::Parallel => "parallel",
        }
    }

    /// Whether the family counts every solution.
    pub fn counts(self) -> bool {
        matches!(self, Family::Count | Family::Parallel)
    }
}

/// How a sample ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Finished, and its answer was verified.
    Ok,
    /// A local search used up its step budget (`queens` exit status 1).
    GaveUp,
    /// Killed after the profile's timeout.
    Timeout,
}

/// One sample: one `queens --json` process.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sample {
    /// The family it belongs to.
    pub family: Family,
    /// Approach id.
    pub approach: String,
    /// Board size.
    pub n: usize,
    /// Index of the sample within its point (0-based).
    pub sample: u32,
    /// The local search's seed (empty otherwise).
    pub seed: Option<u64>,
    /// How it ended.
    pub status: Status,
    /// Solutions counted or found (verified).
    pub solutions: Option<u64>,
    /// Steps of the instrumented run of this point (count, first) or of this
    /// seed (local).
    pub steps: Option<u64>,
    /// Wall time of the uninstrumented search, nanoseconds.
    pub nanos: Option<u64>,
    /// Peak resident memory of the process, bytes.
    pub peak_bytes: Option<u64>,
    /// Approach-specific statistics, `key=value` pairs joined by `;`, sorted.
    pub extra: String,
}

impl Sample {
    /// The value of one `extra` statistic.
    pub fn extra(&self, key: &str) -> Option<u64> {
        self.extra
            .split(';')
            .filter_map(|kv| kv.split_once('='))
            .find(|(k, _)| *k == key)
            .and_then(|(_, v)| v.parse().ok())
    }
}

/// Why an approach stopped growing n in one family.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stop {
    /// The family.
    pub family: Family,
    /// Approach id.
    pub approach: String,
    /// The largest n measured (empty if none).
    pub last_n: Option<usize>,
    /// Why it stopped, in words.
    pub reason: String,
}

/// An approach's description, as the registry gave it when measuring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApproachMeta {
    /// Position in the registry (fixes its colour).
    pub index: usize,
    /// Stable id.
    pub id: String,
    /// Short title.
    pub title: String,
    /// Source document.
    pub source: String,
    /// Data structure.
    pub structure: String,
    /// What one step is.
    pub step_unit: String,
    /// Largest n accepted.
    pub max_n: usize,
    /// Why the limit is there.
    pub limit_reason: String,
    /// `true` for local searches (find one solution), `false` for exhaustive searches.
    pub find_one: bool,
    /// Whether its count splits into tasks (threads, shards).
    #[serde(default)]
    pub splits: bool,
    /// Its colour in every chart, `#rrggbb` (see `crate::style`).
    pub colour: String,
    /// Its marker in every chart (see `crate::style`).
    pub marker: String,
}

/// Nodes an exhaustive search visits at one depth of its tree, as the
/// search counted them (`queens --depths`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Depth {
    /// Approach id.
    pub approach: String,
    /// Board size.
    pub n: usize,
    /// Depth: rows (or positions) decided; 0 is the root.
    pub depth: usize,
    /// Nodes at that depth.
    pub nodes: u64,
    /// Dead ends among them (nodes above depth n with no child); empty for
    /// a search that does not report them (the split counters).
    pub dead_ends: Option<u64>,
}

/// A solved board kept for a picture.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Approach that found it.
    pub approach: String,
    /// Seed, for local searches.
    pub seed: Option<u64>,
    /// The column (1-based) of the queen in each row.
    pub cols: Vec<u32>,
}

/// Everything in `DIR/data`.
#[derive(Clone, Debug, PartialEq)]
pub struct Dataset {
    /// `meta.json`.
    pub meta: Meta,
    /// `approaches.json`, in registry order.
    pub approaches: Vec<ApproachMeta>,
    /// `samples.csv`.
    pub samples: Vec<Sample>,
    /// `stops.csv`.
    pub stops: Vec<Stop>,
    /// `boards.json`.
    pub boards: Vec<Board>,
    /// `block_sums.csv` (optional: empty when `block-sums` was not measured).
    pub block_sums: Vec<block_sums::Row>,
    /// `depths.csv` (optional: empty when no depths were measured).
    pub depths: Vec<Depth>,
    /// `csp_grid.csv` (optional: empty when `csp` was not measured).
    pub csp_grid: Vec<csp_grid::Row>,
    /// `csp_book.csv` (optional: empty when `csp` was not measured).
    pub csp_book: Vec<csp_book::Row>,
    /// `local_study.csv` (optional: empty when the study did not run).
    pub local_study: Vec<local_study::Row>,
    /// `textbook.csv` (optional: empty when the textbook study did not run).
    pub textbook: Vec<textbook::Row>,
    /// `long_runs.csv` (optional: written by `cargo xtask long-runs`).
    pub long_runs: Vec<long_runs::Row>,
    /// `aima_python.csv` (optional: written by `cargo xtask peers --only aima`).
    pub aima_python: Vec<aima_python::Row>,
    /// `traces/` (optional: empty without `traces/index.json`). Written by
    /// `measure::traces::collect`, not by [`Dataset::save`].
    pub traces: Vec<traces::Trace>,
}

impl Dataset {
    /// Writes the files into `dir` (created if needed).
    pub fn save(&self, dir: &Path) -> Result<()> {
        fs::create_dir_all(dir).context(|| format!("cannot create {}", dir.display()))?;
        write_json(&dir.join(META), &self.meta)?;
        write_json(&dir.join(APPROACHES), &self.approaches)?;
        write_json(&dir.join(BOARDS), &self.boards)?;
        write_csv(&dir.join(SAMPLES), &self.samples)?;
        write_csv(&dir.join(STOPS), &self.stops)?;
        if !self.block_sums.is_empty() {
            write_csv(&dir.join(block_sums::FILE), &self.block_sums)?;
        }
        if !self.depths.is_empty() {
            write_csv(&dir.join(DEPTHS), &self.depths)?;
        }
        if !self.csp_grid.is_empty() {
            write_csv(&dir.join(csp_grid::FILE), &self.csp_grid)?;
        }
        if !self.csp_book.is_empty() {
            write_csv(&dir.join(csp_book::FILE), &self.csp_book)?;
        }
        if !self.local_study.is_empty() {
            write_csv(&dir.join(local_study::FILE), &self.local_study)?;
        }
        if !self.textbook.is_empty() {
            write_csv(&dir.join(textbook::FILE), &self.textbook)?;
        }
        if !self.long_runs.is_empty() {
            write_csv(&dir.join(long_runs::FILE), &self.long_runs)?;
        }
        if !self.aima_python.is_empty() {
            write_csv(&dir.join(aima_python::FILE), &self.aima_python)?;
        }
        Ok(())
    }

    /// Reads and checks the files in `dir`; errors name the file and line.
    pub fn load(dir: &Path) -> Result<Dataset> {
        let data = Dataset {
            meta: read_json(&dir.join(META))?,
            approaches: read_json(&dir.join(APPROACHES))?,
            samples: read_csv(&dir.join(SAMPLES))?,
            stops: read_csv(&dir.join(STOPS))?,
            boards: read_json(&dir.join(BOARDS))?,
            block_sums: read_optional_csv(&dir.join(block_sums::FILE))?,
            depths: read_optional_csv(&dir.join(DEPTHS))?,
            csp_grid: read_optional_csv(&dir.join(csp_grid::FILE))?,
            csp_book: read_optional_csv(&dir.join(csp_book::FILE))?,
            local_study: read_optional_csv(&dir.join(local_study::FILE))?,
            textbook: read_optional_csv(&dir.join(textbook::FILE))?,
            long_runs: read_optional_csv(&dir.join(long_runs::FILE))?,
            aima_python: aima_python::read(dir)?,
            traces: traces::load(dir)?,
        };
        data.check(dir)?;
        Ok(data)
    }

    /// The description of an approach.
    pub fn approach(&self, id: &str) -> Option<&ApproachMeta> {
        self.approaches.iter().find(|a| a.id == id)
    }

    /// Consistency checks that a hand-edited or truncated file would fail.
    fn check(&self, dir: &Path) -> Result<()> {
        let samples = dir.join(SAMPLES);
        if self.samples.is_empty() {
            bail!("{}: no samples (the file holds no rows)", samples.display());
        }
        for (i, s) in self.samples.iter().enumerate() {
            let line = i + 2; // the header is line 1
            let at = || format!("{}:{line}", samples.display());
            let Some(a) = self.approach(&s.approach) else {
                bail!("{}: approach '{}' is not in {APPROACHES}", at(), s.approach);
            };
            if a.find_one != (s.family == Family::Local)
                || (s.family == Family::Parallel && !a.splits)
            {
                bail!(
                    "{}: family '{}' does not fit approach '{}'",
                    at(),
                    s.family.name(),
                    a.id
                );
            }
            if s.status == Status::Ok && (s.nanos.is_none() || s.solutions.is_none()) {
                bail!("{}: an ok sample needs nanos and solutions", at());
            }
        }
        for b in &self.boards {
            let cols: Vec<u32> = b.cols.iter().map(|c| c.wrapping_sub(1)).collect();
            if !queens_core::is_solution(&cols) {
                bail!(
                    "{}: the board of {} (n = {}) is not a solution",
                    dir.join(BOARDS).display(),
                    b.approach,
                    b.cols.len()
                );
            }
        }
        Ok(())
    }
}

/// Writes pretty JSON with a final newline.
fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<()> {
    let mut text = serde_json::to_string_pretty(value)
        .context(|| format!("cannot encode {}", path.display()))?;
    text.push('\n');
    fs::write(path, text).context(|| format!("cannot write {}", path.display()))
}

/// Reads JSON; the error names the file, line and column.
fn read_json<T: DeserializeOwned>(path: &Path) -> Result<T> {
    let text = fs::read_to_string(path).context(|| format!("cannot read {}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| {
        let message = e.to_string();
        let message = message
            .split(" at line ")
            .next()
            .unwrap_or(&message)
            .to_string();
        Error(format!(
            "{}:{}:{}: {message}",
            path.display(),
            e.line(),
            e.column()
        ))
    })
}

/// Writes one CSV row per item, with a header.
pub fn write_csv<T: Serialize>(path: &Path, rows: &[T]) -> Result<()> {
    let fail = |e: csv::Error| Error(format!("cannot write {}: {e}", path.display()));
    let mut w = csv::Writer::from_path(path).map_err(fail)?;
    for row in rows {
        w.serialize(row).map_err(fail)?;
    }
    w.flush()
        .context(|| format!("cannot write {}", path.display()))
}

/// Reads a CSV that may be absent (no rows then).
fn read_optional_csv<T: DeserializeOwned>(path: &Path) -> Result<Vec<T>> {
    if path.exists() {
        read_csv(path)
    } else {
        Ok(Vec::new())
    }
}

/// Reads a CSV with a header; a malformed or truncated row is an error
/// naming the file, the line and the column.
pub fn read_csv<T: DeserializeOwned>(path: &Path) -> Result<Vec<T>> {
    let file = fs::File::open(path).context(|| format!("cannot read {}", path.display()))?;
    let mut reader = csv::Reader::from_reader(file);
    let headers = reader
        .headers()
        .map_err(|e| Error(format!("{}:1: cannot read the header: {e}", path.display())))?
        .clone();
    let mut rows = Vec::new();
    for (i, row) in reader.deserialize().enumerate() {
        let row = row.map_err(|e| {
            let line = e.position().map_or(i as u64 + 2, |p| p.line());
            let what = match e.kind() {
                csv::ErrorKind::Deserialize { err, .. } => {
                    let column = err.field().and_then(|f| headers.get(f as usize));
                    let message = err.kind().to_string();
                    match column {
                        Some(c) => format!("column `{c}`: {message}"),
                        None => message,
                    }
                }
                csv::ErrorKind::UnequalLengths {
                    expected_len, len, ..
                } => format!(
                    "{len} fields where the header has {expected_len} (truncated or malformed row)"
                ),
                _ => e.to_string(),
            };
            Error(format!("{}:{line}: {what}", path.display()))
        })?;
        rows.push(row);
    }
    Ok(rows)
}

#[cfg(test)]
pub(crate) mod tests;
