//! One `queens --json` process per sample: start it, kill it after the
//! timeout, read its record and check the answer against the known ones.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use queens_core::{Info, known};
use serde::Deserialize;

use crate::data::{Family, Sample, Status};
use crate::{Context, Result, bail};

/// One `queens --json` line.
#[derive(Debug, Deserialize)]
pub(super) struct Record {
    pub(super) algo: String,
    pub(super) n: usize,
    pub(super) mode: String,
    pub(super) solutions: u64,
    pub(super) unique: Option<u64>,
    pub(super) steps: Option<u64>,
    pub(super) nanos: u64,
    pub(super) solution: Option<Vec<u32>>,
    pub(super) seed: Option<u64>,
    pub(super) peak_bytes: Option<u64>,
    /// Numbers, and lists such as `nodes_per_depth`.
    pub(super) extra: BTreeMap<String, serde_json::Value>,
}

impl Record {
    /// `extra.nodes_per_depth` of a `--depths` run.
    pub(super) fn nodes_per_depth(&self) -> Option<Vec<u64>> {
        self.list("nodes_per_depth")
    }

    /// `extra.dead_ends_per_depth` of a `--depths` run, for searches that
    /// report their dead ends.
    pub(super) fn dead_ends_per_depth(&self) -> Option<Vec<u64>> {
        self.list("dead_ends_per_depth")
    }

    /// A list of integers in `extra`.
    fn list(&self, key: &str) -> Option<Vec<u64>> {
        self.extra
            .get(key)?
            .as_array()?
            .iter()
            .map(serde_json::Value::as_u64)
            .collect()
    }
}

/// How one process ended.
pub(super) enum Run {
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
pub(super) struct Job<'a> {
    pub(super) info: &'a Info,
    pub(super) family: Family,
    pub(super) n: usize,
    pub(super) seed: Option<u64>,
    /// Count steps (an instrumented run).
    pub(super) steps: bool,
    /// Count nodes per depth too (`--depths`).
    pub(super) depths: bool,
    /// More options for `queens` (a knob setting, its seed).
    pub(super) args: &'a [String],
}

/// Runs `queens` processes.
pub(super) struct Runner {
    pub(super) exe: PathBuf,
    pub(super) timeout: Duration,
    pub(super) processes: usize,
}

impl Runner {
    /// Runs one process, killing it after the timeout.
    pub(super) fn run(&mut self, job: Job<'_>) -> Result<Run> {
        let mut cmd = Command::new(&self.exe);
        cmd.args(["--algo", job.info.id, "--json"]);
        cmd.args(job.args);
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
        if job.depths {
            cmd.arg("--depths");
        }
        if let Some(seed) = sent_seed(job) {
            cmd.args(["--seed", &seed.to_string()]);
        }
        // The board is checked at every n (`queens` prints it up to 1000
        // queens without this).
        if matches!(job.family, Family::First | Family::Local) {
            cmd.arg("--full-solution");
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

/// The job's seed, if its approach draws random numbers: `queens` refuses
/// `--seed` elsewhere (and reports a null seed).
fn sent_seed(job: Job<'_>) -> Option<u64> {
    let uses = queens_approaches::REGISTRY
        .get(job.info.id)
        .is_ok_and(|a| a.uses_seed(&queens_core::Options::default()));
    job.seed.filter(|_| uses)
}

/// Checks a record against the known answers; the error names the approach and n.
pub(super) fn verify(job: Job<'_>, r: &Record) -> Result<()> {
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
            if job.family == Family::Local && r.seed != sent_seed(job) {
                bail!("{at}: seed {:?} reported for seed {:?}", r.seed, job.seed);
            }
        }
    }
    Ok(())
}

/// The numeric `extra` statistics as `key=value;...` (sorted by key).
fn extra_string(extra: &BTreeMap<String, serde_json::Value>) -> String {
    extra
        .iter()
        .filter_map(|(k, v)| Some(format!("{k}={}", v.as_u64()?)))
        .collect::<Vec<_>>()
        .join(";")
}

/// A sample row from a record.
pub(super) fn sample_row(
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

#[cfg(test)]
mod tests {
    use super::*;
    use queens_approaches::REGISTRY;

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
            depths: false,
            args: &[],
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

    /// The runner reads the fields it needs and passes over the rest, such
    /// as `knobs` (an object of strings), so a new field breaks no study.
    #[test]
    fn a_line_is_read_whatever_fields_it_adds() {
        let line = r#"{"algo":"beam","n":8,"mode":"first","solutions":1,"unique":null,"steps":1,"nanos":5,"threads":null,"shard":null,"valid":true,"solution":[5,1,8,6,3,7,2,4],"output":null,"seed":1,"knobs":{"beam-width":"10","max-steps":"100000"},"peak_bytes":null,"extra":{"states":120},"error":null}"#;
        let record: Record = serde_json::from_str(line).unwrap();
        assert_eq!((record.algo.as_str(), record.seed), ("beam", Some(1)));
        assert_eq!(record.solution, Some(vec![5, 1, 8, 6, 3, 7, 2, 4]));
    }

    /// `queens --json` prints its line also when a search gives up (exit
    /// status 1, `error` set): the runner reads the status, so that line is
    /// a give-up, never a record; and were it read, it would not verify.
    #[cfg(unix)]
    #[test]
    fn a_give_up_line_is_not_taken_for_a_record() {
        use std::os::unix::fs::PermissionsExt;
        let line = r#"{"algo":"swap-search","n":8,"mode":"first","solutions":0,"unique":null,"steps":1,"nanos":5,"threads":null,"shard":null,"valid":null,"solution":null,"output":null,"seed":1,"peak_bytes":null,"extra":{"h":3,"restarts":0},"error":"budget spent: h = 3 after 1 step, 0 restarts"}"#;
        let dir = tempfile::tempdir().unwrap();
        let exe = dir.path().join("queens");
        let info = REGISTRY.get("swap-search").unwrap().info();
        let job = Job {
            info,
            family: Family::Local,
            n: 8,
            seed: Some(1),
            steps: true,
            depths: false,
            args: &[],
        };
        for (status, gave_up) in [(1, true), (0, false)] {
            std::fs::write(&exe, format!("#!/bin/sh\necho '{line}'\nexit {status}\n")).unwrap();
            std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
            let mut runner = Runner {
                exe: exe.clone(),
                timeout: Duration::from_secs(30),
                processes: 0,
            };
            match runner.run(job).unwrap() {
                Run::GaveUp => assert!(gave_up),
                Run::Done(record) => {
                    assert!(!gave_up);
                    let e = verify(job, &record).unwrap_err().0;
                    assert!(e.contains("found 0 solutions"), "{e}");
                }
                _ => panic!("exit {status}: neither a give-up nor a record"),
            }
        }
    }
}
