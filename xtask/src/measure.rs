//! `cargo xtask measure`: runs `queens --json` once per sample (rebar-style
//! process isolation), verifies every answer, and grows n per approach until
//! the profile's budget says stop.

use std::collections::BTreeMap;
use std::io::{BufRead, Read};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use queens_approaches::REGISTRY;
use queens_core::{Approach, Info, Kind, known};
use serde::Deserialize;

use crate::data::{ApproachMeta, Board, Dataset, Family, Sample, Status, Stop};
use crate::growth::{self, Model};
use crate::meta::{Meta, TimeSpent};
use crate::profile::{Profile, Settings};
use crate::{Context, Error, Result, bail};

/// Board sizes whose solutions are kept for the board pictures.
pub const BOARD_SIZES: [usize; 2] = [8, 50];

/// The approaches to measure, in registry order: all, or those named.
pub fn select(algos: Option<&[String]>) -> Result<Vec<&'static dyn Approach>> {
    let Some(ids) = algos else {
        return Ok(REGISTRY.all().to_vec());
    };
    for id in ids {
        REGISTRY
            .get(id)
            .map_err(|e| Error(format!("--algos: {e}")))?;
    }
    Ok(REGISTRY
        .all()
        .iter()
        .copied()
        .filter(|a| ids.iter().any(|id| id == a.info().id))
        .collect())
}

/// The release binaries the measuring runs.
#[derive(Clone, Debug)]
pub struct Binaries {
    /// `queens`.
    pub queens: PathBuf,
    /// `block-sums`, when it was asked for and the workspace has it.
    pub block_sums: Option<PathBuf>,
}

/// Builds `queens` (and `block-sums` if asked for and present) with
/// `cargo build --release`, its progress shown on stderr, and returns the
/// binaries' paths as cargo reports them (so `CARGO_TARGET_DIR` is respected).
pub fn build(with_block_sums: bool) -> Result<Binaries> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut packages = vec!["queens-cli"];
    if with_block_sums && crate::block_sums::available() {
        packages.push(crate::block_sums::PACKAGE);
    }
    let mut args = vec!["build", "--release"];
    for p in &packages {
        args.extend(["-p", p]);
    }
    eprintln!("xtask: cargo {}", args.join(" "));
    args.push("--message-format=json-render-diagnostics");
    let output = Command::new(cargo)
        .args(&args)
        .current_dir(crate::project_root())
        .stderr(Stdio::inherit())
        .output()
        .context(|| "cannot run cargo".to_string())?;
    if !output.status.success() {
        bail!(
            "cargo build --release -p {} failed ({})",
            packages.join(" -p "),
            output.status
        );
    }
    #[derive(Deserialize)]
    struct Message {
        reason: String,
        target: Option<Target>,
        executable: Option<PathBuf>,
    }
    #[derive(Deserialize)]
    struct Target {
        name: String,
    }
    let messages: Vec<Message> = output
        .stdout
        .lines()
        .map_while(std::result::Result::ok)
        .filter_map(|l| serde_json::from_str::<Message>(&l).ok())
        .filter(|m| m.reason == "compiler-artifact")
        .collect();
    let executable = |name: &str| {
        messages
            .iter()
            .filter(|m| m.target.as_ref().is_some_and(|t| t.name == name))
            .find_map(|m| m.executable.clone())
    };
    Ok(Binaries {
        queens: executable("queens").ok_or_else(|| {
            Error("cargo built queens-cli but named no `queens` executable".into())
        })?,
        block_sums: if packages.len() > 1 {
            Some(executable(crate::block_sums::BINARY).ok_or_else(|| {
                Error(format!(
                    "cargo built {} but named no `block-sums` executable",
                    crate::block_sums::PACKAGE
                ))
            })?)
        } else {
            None
        },
    })
}

/// One `queens --json` line.
#[derive(Debug, Deserialize)]
struct Record {
    algo: String,
    n: usize,
    mode: String,
    solutions: u64,
    unique: Option<u64>,
    steps: Option<u64>,
    nanos: u64,
    solution: Option<Vec<u32>>,
    seed: Option<u64>,
    peak_bytes: Option<u64>,
    extra: BTreeMap<String, u64>,
}

/// How one process ended.
enum Run {
    /// Printed its record.
    Done(Box<Record>),
    /// Exit status 1: a local search gave up within its step budget.
    GaveUp,
    /// Exit status 2: the input was refused; the `error:` line.
    Refused(String),
    /// Killed after the timeout.
    Timeout,
}

/// What a run of `queens` asks for.
#[derive(Clone, Copy)]
struct Job<'a> {
    info: &'a Info,
    family: Family,
    n: usize,
    seed: Option<u64>,
    steps: bool,
}

/// Runs `queens` processes.
struct Runner {
    exe: PathBuf,
    timeout: Duration,
    processes: usize,
}

impl Runner {
    /// Runs one process, killing it after the timeout.
    fn run(&mut self, job: Job<'_>) -> Result<Run> {
        let mut cmd = Command::new(&self.exe);
        cmd.args(["--algo", job.info.id, "--json"]);
        match job.family {
            Family::First => {
                cmd.arg("--first");
            }
            // A splitting counter's count series is its one-thread time;
            // the parallel family runs it on every core (the default).
            Family::Count if job.info.splits => {
                cmd.args(["--threads", "1"]);
            }
            _ => {}
        }
        if !job.steps {
            cmd.arg("--no-steps");
        }
        if let Some(seed) = job.seed {
            cmd.args(["--seed", &seed.to_string()]);
        }
        cmd.arg(job.n.to_string());
        let what = || format!("{} at n = {}", job.info.id, job.n);
        let mut child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .context(|| format!("cannot start {} for {}", self.exe.display(), what()))?;
        self.processes += 1;
        let (tx, rx) = mpsc::channel();
        let mut stdout = child.stdout.take().expect("piped");
        let mut stderr = child.stderr.take().expect("piped");
        let err_reader = std::thread::spawn(move || {
            let mut s = String::new();
            let _ = stderr.read_to_string(&mut s);
            s
        });
        std::thread::spawn(move || {
            let mut s = String::new();
            let _ = stdout.read_to_string(&mut s);
            let _ = tx.send(s);
        });
        let out = match rx.recv_timeout(self.timeout) {
            Ok(out) => out,
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                return Ok(Run::Timeout);
            }
        };
        let status = child
            .wait()
            .context(|| format!("cannot wait for {}", what()))?;
        let err = err_reader.join().unwrap_or_default();
        let first_error = || {
            err.lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("")
                .trim()
                .to_string()
        };
        match status.code() {
            Some(0) => {
                let record: Record = serde_json::from_str(out.trim())
                    .context(|| format!("{}: queens printed no valid JSON line", what()))?;
                Ok(Run::Done(Box::new(record)))
            }
            Some(1) if job.family == Family::Local => Ok(Run::GaveUp),
            Some(2) => Ok(Run::Refused(first_error())),
            _ => bail!("{}: queens failed ({status}): {}", what(), first_error()),
        }
    }
}

/// Checks a record against the known answers; the error names the approach and n.
fn verify(job: Job<'_>, r: &Record) -> Result<()> {
    let (id, n) = (job.info.id, job.n);
    let at = format!("verification failed for {id} at n = {n}");
    if r.algo != id || r.n != n {
        bail!("{at}: queens answered for {} at n = {}", r.algo, r.n);
    }
    if job.steps && r.steps.is_none() {
        bail!("{at}: the instrumented run reported no steps");
    }
    match job.family {
        Family::Count | Family::Parallel => {
            if let Some(unique) = r.unique
                && Some(unique) != known::fundamental(n)
            {
                bail!("{at}: counted {unique} fundamental solutions, OEIS A002562 says otherwise");
            }
            if r.mode != "count" {
                bail!("{at}: mode '{}' where counting was asked", r.mode);
            }
            let Some(expected) = known::total(n) else {
                bail!(
                    "{at}: no known answer to check the count {} against",
                    r.solutions
                );
            };
            if r.solutions != expected {
                bail!(
                    "{at}: counted {} solutions, OEIS A000170 says {expected}",
                    r.solutions
                );
            }
        }
        Family::First | Family::Local => {
            if r.mode != "first" {
                bail!("{at}: mode '{}' where one solution was asked", r.mode);
            }
            let expected = u64::from(known::solvable(n));
            if r.solutions != expected {
                bail!(
                    "{at}: found {} solutions where {expected} was expected",
                    r.solutions
                );
            }
            if expected == 1 {
                let Some(cols) = &r.solution else {
                    bail!("{at}: no board in the answer");
                };
                let zero_based: Vec<u32> = cols.iter().map(|c| c.wrapping_sub(1)).collect();
                if zero_based.len() != n || !queens_core::is_solution(&zero_based) {
                    bail!("{at}: the board found is not a solution");
                }
            }
            if job.family == Family::Local && r.seed != job.seed {
                bail!("{at}: seed {:?} reported for seed {:?}", r.seed, job.seed);
            }
        }
    }
    Ok(())
}

/// The `extra` map as `key=value;...` (sorted by key).
fn extra_string(extra: &BTreeMap<String, u64>) -> String {
    extra
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(";")
}

/// A sample row from a record.
fn sample_row(
    job: Job<'_>,
    index: u32,
    r: Option<&Record>,
    status: Status,
    steps: Option<u64>,
) -> Sample {
    Sample {
        family: job.family,
        approach: job.info.id.to_string(),
        n: job.n,
        sample: index,
        seed: job.seed,
        status,
        solutions: r.map(|r| r.solutions),
        steps,
        nanos: r.map(|r| r.nanos),
        peak_bytes: r.and_then(|r| r.peak_bytes),
        extra: r.map(|r| extra_string(&r.extra)).unwrap_or_default(),
    }
}

/// The state of a measuring run.
struct Measurer {
    settings: Settings,
    runner: Runner,
    progress: ProgressBar,
    samples: Vec<Sample>,
    stops: Vec<Stop>,
    boards: BTreeMap<usize, Board>,
    spent: Vec<TimeSpent>,
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
        let grid = self.settings.grid(family, info);
        let model = if family.counts() {
            Model::Exponential
        } else {
            Model::Power
        };
        let (start, processes) = (Instant::now(), self.runner.processes);
        let (mut seconds, mut bytes) = (Vec::new(), Vec::new());
        let mut reason = None;
        for (i, &n) in grid.iter().enumerate() {
            let limit = self.settings.run_limit.as_secs_f64();
            let memory = self.settings.memory_limit as f64;
            if let Some(why) = growth::over_budget(model, &seconds, &bytes, n, limit, memory) {
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
                        continue;
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
                crate::report::group_digits(n as u64)
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
        let wanted = (self.settings.point_budget.as_secs_f64() / t0).floor() as usize;
        let count = wanted.clamp(self.settings.min_samples, self.settings.samples);
        let timed = Job {
            steps: false,
            ..job
        };
        let mut times = Vec::new();
        let mut peak = record.peak_bytes.unwrap_or(0);
        for index in 0..count as u32 {
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
            crate::report::human_seconds(self.settings.timeout.as_secs_f64())
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
/// the `block-sums` comparison, when built).
pub fn measure(
    bins: &Binaries,
    profile: Profile,
    approaches: &[&'static dyn Approach],
    command: String,
) -> Result<Dataset> {
    let settings = profile.settings();
    let mut meta = Meta::collect(profile, command);
    let plan: Vec<(Family, &'static Info)> = Family::ALL
        .iter()
        .flat_map(|&family| {
            approaches
                .iter()
                .map(|a| a.info())
                .filter(move |i| (i.kind == Kind::FindOne) == (family == Family::Local))
                .filter(move |i| family != Family::Parallel || i.splits)
                // A join builds every half board before it pairs any: it has
                // no first solution to find early, only its count.
                .filter(move |i| family != Family::First || !crate::render::JOINS.contains(&i.id))
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
        spent: Vec::new(),
    };
    for (family, info) in plan {
        if let Err(e) = m.approach(family, info) {
            m.progress.abandon();
            return Err(e);
        }
    }
    let mut block_sums = Vec::new();
    if let Some(exe) = &bins.block_sums {
        m.progress.set_message("block-sums --compare-orders");
        let start = Instant::now();
        let rows = match crate::block_sums::measure(exe, profile) {
            Ok(rows) => rows,
            Err(e) => {
                m.progress.abandon();
                return Err(e);
            }
        };
        let (samples, _) = crate::block_sums::plan(profile);
        let seconds = start.elapsed().as_secs_f64();
        m.progress.suspend(|| {
            eprintln!("  block-sums --compare-orders  {samples} samples {seconds:>6.1} s")
        });
        m.spent.push(TimeSpent {
            family: "block-sums".into(),
            approach: "compare-orders".into(),
            points: 1,
            processes: samples as usize + 1,
            seconds: (seconds * 1000.0).round() / 1000.0,
        });
        block_sums = rows;
    }
    m.progress.finish_and_clear();
    meta.time_spent = m.spent;
    let registry = REGISTRY.ids();
    let approaches = approaches
        .iter()
        .map(|a| {
            let i = a.info();
            ApproachMeta {
                index: registry
                    .iter()
                    .position(|id| *id == i.id)
                    .unwrap_or(usize::MAX),
                id: i.id.into(),
                title: i.title.into(),
                source: i.source.into(),
                structure: i.structure.into(),
                step_unit: i.step_unit.into(),
                max_n: i.max_n,
                limit_reason: i.limit_reason.into(),
                find_one: i.kind == Kind::FindOne,
                splits: i.splits,
            }
        })
        .collect();
    Ok(Dataset {
        meta,
        approaches,
        samples: m.samples,
        stops: m.stops,
        boards: m.boards.into_values().collect(),
        block_sums,
    })
}

/// Prints where the measuring time went.
pub fn print_time_spent(meta: &Meta) {
    let mut by_family: BTreeMap<&str, (f64, usize)> = BTreeMap::new();
    for t in &meta.time_spent {
        let e = by_family.entry(&t.family).or_default();
        e.0 += t.seconds;
        e.1 += t.processes;
    }
    let total: f64 = by_family.values().map(|v| v.0).sum();
    eprintln!("xtask: measuring took {total:.1} s:");
    for (family, (s, p)) in &by_family {
        eprintln!("  {family:<10} {s:>6.1} s in {p} processes");
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

    #[test]
    fn unknown_ids_are_refused_with_the_known_ones() {
        let e = select(Some(&["no-such".to_string()])).err().unwrap().0;
        assert!(
            e.contains("unknown approach 'no-such'") && e.contains("bitmask"),
            "{e}"
        );
        let first = REGISTRY.ids()[0].to_string();
        assert_eq!(select(Some(std::slice::from_ref(&first))).unwrap().len(), 1);
        assert_eq!(select(None).unwrap().len(), REGISTRY.all().len());
    }

    fn record(solutions: u64, solution: Option<Vec<u32>>) -> Record {
        Record {
            algo: "bitmask".into(),
            n: 8,
            mode: if solution.is_some() { "first" } else { "count" }.into(),
            solutions,
            unique: None,
            steps: Some(10),
            nanos: 1,
            solution,
            seed: None,
            peak_bytes: None,
            extra: BTreeMap::new(),
        }
    }

    #[test]
    fn verification_checks_counts_and_boards() {
        let info = REGISTRY.get("bitmask").unwrap().info();
        let count = Job {
            info,
            family: Family::Count,
            n: 8,
            seed: None,
            steps: true,
        };
        verify(count, &record(92, None)).unwrap();
        let e = verify(count, &record(91, None)).unwrap_err().0;
        assert!(
            e.contains("bitmask at n = 8") && e.contains("A000170 says 92"),
            "{e}"
        );
        let first = Job {
            family: Family::First,
            ..count
        };
        verify(first, &record(1, Some(vec![1, 5, 8, 6, 3, 7, 2, 4]))).unwrap();
        let e = verify(first, &record(1, Some(vec![1, 5, 8, 6, 3, 7, 4, 2])))
            .unwrap_err()
            .0;
        assert!(
            e.contains("bitmask at n = 8: the board found is not a solution"),
            "{e}"
        );
    }
}
