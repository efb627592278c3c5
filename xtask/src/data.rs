//! The raw data in `DIR/data`: one CSV row per sample (long format, integer
//! nanoseconds), the reasons each approach stopped, a snapshot of the
//! approaches' descriptions, a few solved boards, and `meta.json`.
//!
//! Everything `render` draws comes from these files alone.

use std::fs;
use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::meta::Meta;
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
    pub block_sums: Vec<crate::block_sums::Row>,
}

impl Dataset {
    /// Writes the five files into `dir` (created if needed).
    pub fn save(&self, dir: &Path) -> Result<()> {
        fs::create_dir_all(dir).context(|| format!("cannot create {}", dir.display()))?;
        write_json(&dir.join(META), &self.meta)?;
        write_json(&dir.join(APPROACHES), &self.approaches)?;
        write_json(&dir.join(BOARDS), &self.boards)?;
        write_csv(&dir.join(SAMPLES), &self.samples)?;
        write_csv(&dir.join(STOPS), &self.stops)?;
        if !self.block_sums.is_empty() {
            write_csv(&dir.join(crate::block_sums::FILE), &self.block_sums)?;
        }
        Ok(())
    }

    /// Reads and checks the five files in `dir`; errors name the file and line.
    pub fn load(dir: &Path) -> Result<Dataset> {
        let data = Dataset {
            meta: read_json(&dir.join(META))?,
            approaches: read_json(&dir.join(APPROACHES))?,
            samples: read_csv(&dir.join(SAMPLES))?,
            stops: read_csv(&dir.join(STOPS))?,
            boards: read_json(&dir.join(BOARDS))?,
            block_sums: match dir.join(crate::block_sums::FILE) {
                path if path.exists() => read_csv(&path)?,
                _ => Vec::new(),
            },
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
pub(crate) mod tests {
    use super::*;

    /// A small dataset with every family, for the tests of this crate.
    pub(crate) fn sample_dataset() -> Dataset {
        let approach = |index: usize, id: &str, find_one: bool| ApproachMeta {
            index,
            id: id.into(),
            title: format!("Title of {id}"),
            source: "seed 000".into(),
            structure: "bits".into(),
            step_unit: "queen placements".into(),
            max_n: 32,
            limit_reason: "64-bit masks".into(),
            find_one,
            splits: false,
        };
        let mut samples = Vec::new();
        let mut push = |family,
                        id: &str,
                        n: usize,
                        sample: u32,
                        seed,
                        solutions,
                        steps,
                        nanos,
                        extra: &str| {
            samples.push(Sample {
                family,
                approach: id.into(),
                n,
                sample,
                seed,
                status: Status::Ok,
                solutions: Some(solutions),
                steps: Some(steps),
                nanos: Some(nanos),
                peak_bytes: Some(2_000_000 + n as u64 * 1000),
                extra: extra.into(),
            });
        };
        for (n, count, base) in [
            (4usize, 2u64, 1_000u64),
            (5, 10, 4_000),
            (6, 4, 16_000),
            (7, 40, 64_000),
            (8, 92, 256_000),
        ] {
            for s in 0..3 {
                push(
                    Family::Count,
                    "fast",
                    n,
                    s,
                    None,
                    count,
                    base / 10,
                    base + s as u64 * 7,
                    "",
                );
                push(
                    Family::Count,
                    "slow",
                    n,
                    s,
                    None,
                    count,
                    base / 5,
                    base * 3 + s as u64,
                    "",
                );
            }
        }
        for n in [8usize, 9, 10, 50, 100] {
            push(
                Family::First,
                "fast",
                n,
                0,
                None,
                1,
                n as u64 * 3,
                n as u64 * 100 + (n as u64 % 3) * 5000,
                "",
            );
            for seed in 1..=3u64 {
                push(
                    Family::Local,
                    "local",
                    n,
                    seed as u32 - 1,
                    Some(seed),
                    1,
                    n as u64 + seed,
                    n as u64 * 50 + seed,
                    &format!("restarts={};iterations={}", seed % 2, n as u64 + seed),
                );
            }
        }
        Dataset {
            meta: Meta::example(),
            approaches: vec![
                approach(0, "fast", false),
                approach(1, "slow", false),
                approach(2, "local", true),
            ],
            samples,
            stops: vec![Stop {
                family: Family::Count,
                approach: "slow".into(),
                last_n: Some(8),
                reason: "time budget: n = 9 predicted to take 2.0 s per run (budget 500 ms)".into(),
            }],
            boards: vec![Board {
                approach: "fast".into(),
                seed: None,
                cols: vec![1, 5, 8, 6, 3, 7, 2, 4],
            }],
            block_sums: [
                ("seed-order", 1000, true, 159),
                ("row-major", 3000, true, 159),
                ("slow-order", 100_000, false, 0),
            ]
            .into_iter()
            .flat_map(|(strategy, steps, finished, solutions)| {
                (0..2).map(move |sample| crate::block_sums::Row {
                    strategy: strategy.into(),
                    sample,
                    steps,
                    nanos: steps * 3 + u64::from(sample),
                    finished,
                    solutions,
                    budget: 100_000,
                })
            })
            .collect(),
        }
    }

    #[test]
    fn round_trip_keeps_every_field() {
        let dir = tempfile::tempdir().unwrap();
        let data = sample_dataset();
        data.save(dir.path()).unwrap();
        assert_eq!(Dataset::load(dir.path()).unwrap(), data);
        assert_eq!(
            data.samples
                .iter()
                .find(|s| s.family == Family::Local)
                .unwrap()
                .extra("restarts"),
            Some(1)
        );
    }

    #[test]
    fn malformed_csv_names_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        sample_dataset().save(dir.path()).unwrap();
        let path = dir.path().join(SAMPLES);
        let text = fs::read_to_string(&path).unwrap();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();

        // A non-number in the nanos column of line 4.
        let mut bad = lines.clone();
        bad[3] = bad[3].replacen(",1007,", ",10x7,", 1);
        assert_ne!(bad[3], lines[3], "the test row must change");
        fs::write(&path, bad.join("\n") + "\n").unwrap();
        let e = Dataset::load(dir.path()).unwrap_err().0;
        assert!(e.contains("samples.csv:4: column `nanos`"), "{e}");

        // A truncated last row (the file was cut mid-line).
        let last = lines.len() - 1;
        let half = lines[last].len() / 2;
        lines[last].truncate(half);
        fs::write(&path, lines.join("\n")).unwrap();
        let e = Dataset::load(dir.path()).unwrap_err().0;
        assert!(
            e.contains(&format!("samples.csv:{}:", last + 1)) && e.contains("truncated"),
            "{e}"
        );
    }

    #[test]
    fn unknown_approach_and_empty_data_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        let mut data = sample_dataset();
        data.samples[2].approach = "ghost".into();
        data.save(dir.path()).unwrap();
        let e = Dataset::load(dir.path()).unwrap_err().0;
        assert!(e.contains("samples.csv:4: approach 'ghost'"), "{e}");
        data.samples.clear();
        data.save(dir.path()).unwrap();
        let e = Dataset::load(dir.path()).unwrap_err().0;
        assert!(e.contains("no samples"), "{e}");
        fs::remove_file(dir.path().join(META)).unwrap();
        let e = Dataset::load(dir.path()).unwrap_err().0;
        assert!(e.contains("meta.json"), "{e}");
    }
}
