//! `cargo xtask measure`: runs `queens --json` once per sample (rebar-style
//! process isolation, see [`runner`]), verifies every answer, and grows n
//! per approach until the profile's budget, as [`growth`] predicts it, says
//! stop. Writes nothing itself: it returns the [`Dataset`].

pub mod block_sums;
pub mod build;
pub mod csp_book;
pub mod csp_grid;
mod extras;
pub mod growth;
pub mod kept;
pub mod local_study;
pub mod long_runs;
mod runner;
pub mod textbook;
pub mod traces;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use queens_approaches::REGISTRY;
use queens_core::{Approach, Info, Kind};

use self::build::Binaries;
use self::growth::Model;
use self::runner::{Job, Record, Run, Runner, sample_row, verify};
use crate::data::meta::{Meta, StudyMeta, TimeSpent};
use crate::data::{ApproachMeta, Board, Dataset, Depth, Family, Sample, Status, Stop};
use crate::profile::{Profile, Settings};
use crate::{Result, bail, format};

/// Board sizes whose solutions are kept for the board pictures.
pub const BOARD_SIZES: [usize; 2] = [8, 50];

/// The board size at which every exhaustive search's nodes per depth are
/// counted: small enough for generate-and-test's 8⁸ candidates, large enough
/// for the pruning to show.
pub const DEPTHS_N: usize = 8;

/// The state of a measuring run.
struct Measurer {
    settings: Settings,
    runner: Runner,
    progress: ProgressBar,
    samples: Vec<Sample>,
    stops: Vec<Stop>,
    boards: BTreeMap<usize, Board>,
    depths: Vec<Depth>,
    spent: Vec<TimeSpent>,
    /// Decides which studies are kept from the previous run.
    keeper: kept::Keeper,
    /// This run's meta, for the studies it measures.
    now: Meta,
    /// Where each study's rows came from.
    studies: Vec<StudyMeta>,
}

/// What measuring one point found.
enum Point {
    /// Measured: median seconds and peak bytes, for the growth prediction.
    Measured { seconds: f64, bytes: f64 },
    /// Not measured; the approach stops for this reason.
    Stop(String),
}

impl Measurer {
    /// Measures one approach in one family along its grid.
    fn approach(&mut self, family: Family, info: &'static Info) -> Result<()> {
        let profile = self.settings;
        self.settings = profile.for_approach(info);
        let measured = self.series(family, info);
        self.settings = profile;
        measured
    }

    /// [`Measurer::approach`] with the approach's settings in place.
    fn series(&mut self, family: Family, info: &'static Info) -> Result<()> {
        let grid = self.settings.grid(family, info);
        let model = if family.counts() {
            Model::Exponential
        } else {
            Model::Power
        };
        let (start, processes) = (Instant::now(), self.runner.processes);
        let (mut seconds, mut bytes) = (Vec::new(), Vec::new());
        let mut reason = None;
        // A first solution's cost is erratic in n (it depends on where the
        // solution lies in the search order), so that series is never cut
        // short by a prediction: it stops on a measured run over the budget.
        let predicts = family != Family::First;
        let limit = self.settings.run_limit.as_secs_f64();
        // Without a prediction, a first-solution run far over the budget is
        // killed sooner: at one and a half times the budget (or the
        // profile's timeout).
        self.runner.timeout = if predicts {
            self.settings.timeout
        } else {
            self.settings.timeout.min(self.settings.run_limit * 3 / 2)
        };
        for (i, &n) in grid.iter().enumerate() {
            let memory = self.settings.memory_limit as f64;
            let predicted = predicts
                .then(|| growth::over_budget(model, &seconds, &bytes, n, limit, memory))
                .flatten();
            if let Some(why) = predicted {
                reason = Some(why);
            } else {
                self.progress
                    .set_message(format!("{:<5} {} · n = {n}", family.name(), info.id));
                match self.point(family, info, n)? {
                    Point::Measured {
                        seconds: s,
                        bytes: b,
                    } => {
                        seconds.push((n, s));
                        bytes.push((n, b));
                        self.progress.inc(1);
                        if predicts || s <= limit {
                            continue;
                        }
                        reason = Some(format!(
                            "time budget: n = {} took {} per run (budget {}); larger n not measured",
                            format::group_digits(n as u64),
                            format::human_seconds(s),
                            format::human_seconds(limit)
                        ));
                    }
                    Point::Stop(why) => reason = Some(why),
                }
            }
            self.progress.dec_length((grid.len() - i) as u64);
            break;
        }
        let last_n = seconds.last().map(|&(n, _)| n);
        let reason = reason.unwrap_or_else(|| match grid.last() {
            Some(&n) if n == info.max_n => {
                format!("hard limit: n ≤ {} ({})", info.max_n, info.limit_reason)
            }
            Some(&n) if self.settings.quick_only && n == info.quick_n => {
                format!("profile: stops at the approach's quick n = {n}")
            }
            Some(&n) => format!(
                "profile: largest n of the grid is {}",
                format::group_digits(n as u64)
            ),
            None => "profile: no size to measure".to_string(),
        });
        let elapsed = start.elapsed().as_secs_f64();
        self.progress.suspend(|| {
            eprintln!(
                "  {:<8} {:<30} {:>9} {:>6.1} s  stop: {reason}",
                family.name(),
                info.id,
                match (seconds.first(), last_n) {
                    (Some(&(a, _)), Some(b)) => format!("n {a}..{b}"),
                    _ => "-".into(),
                },
                elapsed,
            )
        });
        self.stops.push(Stop {
            family,
            approach: info.id.into(),
            last_n,
            reason,
        });
        self.spent.push(TimeSpent {
            family: family.name().into(),
            approach: info.id.into(),
            points: seconds.len(),
            processes: self.runner.processes - processes,
            seconds: (elapsed * 1000.0).round() / 1000.0,
        });
        Ok(())
    }

    /// Measures one point: the instrumented run for the steps, then the timed
    /// samples (count, first); or one instrumented run per seed (local).
    fn point(&mut self, family: Family, info: &'static Info, n: usize) -> Result<Point> {
        let job = Job {
            info,
            family,
            n,
            seed: None,
            steps: true,
            depths: false,
            args: &[],
        };
        if family == Family::Local {
            return self.local_point(job);
        }
        let record = match self.runner.run(job)? {
            Run::Done(r) => r,
            Run::Timeout => {
                self.samples
                    .push(sample_row(job, 0, None, Status::Timeout, None));
                return Ok(Point::Stop(self.timeout_reason(n)));
            }
            Run::Refused(e) => return Ok(Point::Stop(format!("refused n = {n}: {e}"))),
            Run::GaveUp => unreachable!("only local searches give up"),
        };
        verify(job, &record)?;
        self.keep_board(job, &record);
        let steps = record.steps;
        let t0 = record.nanos.max(1) as f64 / 1e9;
        // A first solution's time is erratic in n, so one point's precision
        // matters less than seeing many n: a quarter of the point budget.
        let budget = match family {
            Family::First => self.settings.point_budget / 4,
            _ => self.settings.point_budget,
        };
        let wanted = (budget.as_secs_f64() / t0).floor() as usize;
        let count = if t0 > self.settings.run_limit.as_secs_f64() {
            // Already over the budget (a first solution, measured anyway):
            // one timed run is enough to place it, and the series ends here.
            1
        } else {
            wanted.clamp(self.settings.min_samples, self.settings.samples)
        };
        let timed = Job {
            steps: false,
            ..job
        };
        // The instrumented process timed its first, uninstrumented run just
        // as a `--no-steps` process does (the steps come from a second run
        // after it): that time is the point's first sample.
        self.samples
            .push(sample_row(job, 0, Some(&record), Status::Ok, steps));
        let mut times = vec![record.nanos];
        let mut peak = record.peak_bytes.unwrap_or(0);
        for index in 1..count as u32 {
            match self.runner.run(timed)? {
                Run::Done(r) => {
                    verify(timed, &r)?;
                    times.push(r.nanos);
                    peak = peak.max(r.peak_bytes.unwrap_or(0));
                    self.samples
                        .push(sample_row(timed, index, Some(&r), Status::Ok, steps));
                }
                Run::Timeout => {
                    self.samples
                        .push(sample_row(timed, index, None, Status::Timeout, steps));
                    break;
                }
                Run::Refused(e) => bail!(
                    "{} at n = {n}: refused a timed run after an instrumented one: {e}",
                    info.id
                ),
                Run::GaveUp => unreachable!("only local searches give up"),
            }
        }
        if times.is_empty() {
            return Ok(Point::Stop(self.timeout_reason(n)));
        }
        Ok(Point::Measured {
            seconds: median(&mut times) / 1e9,
            bytes: peak as f64,
        })
    }

    /// One instrumented run per seed: moves, restarts, time and memory of each.
    fn local_point(&mut self, job: Job<'_>) -> Result<Point> {
        let (mut times, mut peak, mut timeouts) = (Vec::new(), 0u64, 0);
        for seed in 1..=self.settings.seeds {
            let job = Job {
                seed: Some(seed),
                ..job
            };
            let index = (seed - 1) as u32;
            match self.runner.run(job)? {
                Run::Done(r) => {
                    verify(job, &r)?;
                    self.keep_board(job, &r);
                    times.push(r.nanos);
                    peak = peak.max(r.peak_bytes.unwrap_or(0));
                    self.samples
                        .push(sample_row(job, index, Some(&r), Status::Ok, r.steps));
                }
                Run::GaveUp => {
                    self.samples
                        .push(sample_row(job, index, None, Status::GaveUp, None))
                }
                Run::Timeout => {
                    self.samples
                        .push(sample_row(job, index, None, Status::Timeout, None));
                    timeouts += 1;
                    break;
                }
                Run::Refused(e) => return Ok(Point::Stop(format!("refused n = {}: {e}", job.n))),
            }
        }
        if timeouts > 0 || times.is_empty() {
            let why = if timeouts > 0 {
                self.timeout_reason(job.n)
            } else {
                format!("every seed gave up at n = {} within its step budget", job.n)
            };
            return Ok(Point::Stop(why));
        }
        Ok(Point::Measured {
            seconds: median(&mut times) / 1e9,
            bytes: peak as f64,
        })
    }

    /// Keeps the first board found at each of [`BOARD_SIZES`].
    fn keep_board(&mut self, job: Job<'_>, r: &Record) {
        if let (true, Some(cols)) = (BOARD_SIZES.contains(&job.n), &r.solution) {
            self.boards.entry(job.n).or_insert_with(|| Board {
                approach: job.info.id.to_string(),
                seed: job.seed,
                cols: cols.clone(),
            });
        }
    }

    fn timeout_reason(&self, n: usize) -> String {
        format!(
            "timeout: n = {n} ran longer than {} and was killed",
            format::human_seconds(self.runner.timeout.as_secs_f64())
        )
    }
}

/// The median of integer samples (the mean of the middle two for an even count).
pub fn median(values: &mut [u64]) -> f64 {
    values.sort_unstable();
    let m = values.len() / 2;
    match values.len() {
        0 => f64::NAN,
        len if len % 2 == 1 => values[m] as f64,
        _ => (values[m - 1] as f64 + values[m] as f64) / 2.0,
    }
}

/// Measures `approaches` with `profile` by running the `queens` binary (and
/// the studies' binaries, when built); `keeper` says which studies are kept
/// from the previous run instead.
pub fn measure(
    bins: &Binaries,
    profile: Profile,
    approaches: &[&'static dyn Approach],
    command: String,
    keeper: kept::Keeper,
    extras: &[build::Extra],
) -> Result<Dataset> {
    let settings = profile.settings();
    let mut meta = Meta::collect(profile.name(), settings.into(), command);
    let plan: Vec<(Family, &'static Info)> = Family::ALL
        .iter()
        .flat_map(|&family| {
            approaches
                .iter()
                .map(|a| a.info())
                .filter(move |i| (i.kind == Kind::FindOne) == (family == Family::Local))
                .filter(|i| !crate::profile::LABS.contains(&i.id))
                .filter(|i| !textbook::studied_apart(i.id))
                .filter(move |i| family != Family::Parallel || i.splits)
                .filter(move |i| family != Family::First || !crate::profile::JOINS.contains(&i.id))
                .map(move |i| (family, i))
        })
        .collect();
    let total: usize = plan.iter().map(|&(f, i)| settings.grid(f, i).len()).sum();
    let progress = ProgressBar::new(total as u64).with_style(
        ProgressStyle::with_template(
            "{spinner} {elapsed_precise} [{wide_bar}] {pos}/{len} points, ETA {eta} · {msg}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    progress.enable_steady_tick(Duration::from_millis(200));
    eprintln!(
        "xtask: measuring {} approaches, profile {profile} ({total} points at most)",
        approaches.len()
    );
    let mut m = Measurer {
        settings,
        runner: Runner {
            exe: bins.queens.clone(),
            timeout: settings.timeout,
            processes: 0,
        },
        progress,
        samples: Vec::new(),
        stops: Vec::new(),
        boards: BTreeMap::new(),
        depths: Vec::new(),
        spent: Vec::new(),
        keeper,
        now: meta.clone(),
        studies: Vec::new(),
    };
    for (family, info) in plan {
        if let Err(e) = m.approach(family, info) {
            m.progress.abandon();
            return Err(e);
        }
    }
    let (block_rows, csp_grid, csp_book, local_study, textbook) =
        match m.extras(bins, profile, approaches, extras) {
            Ok(rows) => rows,
            Err(e) => {
                m.progress.abandon();
                return Err(e);
            }
        };
    m.progress.finish_and_clear();
    meta.time_spent = m.spent;
    meta.studies = m.studies;
    let registry = REGISTRY.ids();
    let approaches = approaches
        .iter()
        .map(|a| {
            let i = a.info();
            let index = registry
                .iter()
                .position(|id| *id == i.id)
                .unwrap_or(usize::MAX);
            ApproachMeta {
                index,
                id: i.id.into(),
                title: i.title.into(),
                source: i.source.into(),
                structure: i.structure.into(),
                step_unit: i.step_unit.into(),
                max_n: i.max_n,
                limit_reason: i.limit_reason.into(),
                find_one: i.kind == Kind::FindOne,
                splits: i.splits,
                colour: crate::style::colour(index).to_string(),
                marker: crate::style::marker(index).name().to_string(),
            }
        })
        .collect();
    Ok(Dataset {
        meta,
        approaches,
        samples: m.samples,
        stops: m.stops,
        boards: m.boards.into_values().collect(),
        block_sums: block_rows,
        depths: m.depths,
        csp_grid,
        csp_book,
        local_study,
        textbook,
        long_runs: Vec::new(),
        aima_python: Vec::new(),
        traces: Vec::new(),
    })
}

/// Runs one of the workspace's batch binaries (`local-study`,
/// `checks-table`) with `args` and reads the CSV rows it prints; a failed
/// run is an error naming the command and quoting its standard error.
pub(crate) fn csv_batch<T: serde::de::DeserializeOwned>(
    exe: &std::path::Path,
    binary: &str,
    args: &[String],
) -> Result<Vec<T>> {
    use crate::{Context, Error};
    let what = || format!("{binary} {}", args.join(" "));
    let out = std::process::Command::new(exe)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .context(|| format!("cannot run {}", what()))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        bail!("{} failed ({}): {}", what(), out.status, err.trim());
    }
    csv::Reader::from_reader(out.stdout.as_slice())
        .deserialize::<T>()
        .collect::<std::result::Result<Vec<_>, _>>()
        .map_err(|e| Error(format!("{}: unexpected output: {e}", what())))
}

/// Prints where the measuring time went, family by family beside the
/// profile's budget, the studies kept, and the slowest series.
pub fn print_time_spent(meta: &Meta, profile: Profile) {
    let mut by_family: BTreeMap<&str, (f64, usize)> = BTreeMap::new();
    for t in &meta.time_spent {
        let e = by_family.entry(&t.family).or_default();
        e.0 += t.seconds;
        e.1 += t.processes;
    }
    let total: f64 = by_family.values().map(|v| v.0).sum();
    eprintln!("xtask: measuring took {total:.1} s:");
    for (family, (s, p)) in &by_family {
        let budget = profile.budget(family).map_or(String::new(), |b| {
            let over = if *s > b.as_secs_f64() {
                ", over it"
            } else {
                ""
            };
            format!(" (budget {} s{over})", b.as_secs())
        });
        eprintln!("  {family:<11} {s:>6.1} s in {p} processes{budget}");
    }
    for k in meta.kept_studies() {
        eprintln!(
            "  {:<11} kept (measured {} at {})",
            k.study,
            k.date,
            crate::data::meta::short_revision(&k.git_revision)
        );
    }
    let mut slowest: Vec<&TimeSpent> = meta.time_spent.iter().collect();
    slowest.sort_by(|a, b| b.seconds.total_cmp(&a.seconds));
    for t in slowest.iter().take(3) {
        eprintln!(
            "  slowest: {} {} {:.1} s ({} points)",
            t.family, t.approach, t.seconds, t.points
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(&mut [5, 1, 3]), 3.0);
        assert_eq!(median(&mut [4, 1, 3, 2]), 2.5);
        assert!(median(&mut []).is_nan());
    }
}
