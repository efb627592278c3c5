//! Issue 26's study of the textbook's local searches: Russell and Norvig's
//! hill-climbing family, simulated annealing, local beam search and the
//! genetic algorithm (AIMA §4.1), and min-conflicts as AIMA §6.4 runs it (a
//! random *conflicted* queen moves), over many random starts at n = 8 (the
//! book's figures) and fewer as n grows, plus min-conflicts at a million
//! queens. One `starts` process per method and n (see its docs); a point
//! whose time budget runs out keeps the starts that finished, in seed order,
//! and the method grows no further.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::data::textbook::{PointStatus, Row, Start, summarise};
use crate::profile::Profile;
use crate::{Context, Error, Result, bail};

/// The package that builds `starts`.
pub const PACKAGE: &str = "queens-approaches";
/// The binary.
pub const BINARY: &str = "starts";

/// The methods, in the book's order: (approach id, knobs). Min-conflicts
/// moves a random conflicted queen, as AIMA's MIN-CONFLICTS does.
pub const METHODS: [(&str, &str); 12] = [
    ("hill-climbing", ""),
    ("hill-climbing-sideways", ""),
    ("random-restart", ""),
    ("random-restart-sideways", ""),
    ("first-choice", ""),
    ("stochastic-hill-climbing", ""),
    ("annealing", ""),
    ("beam", ""),
    ("genetic", ""),
    ("tabu-search", ""),
    ("constraint-weighting", ""),
    ("min-conflicts-random", "pick=random-conflicted"),
];

/// Whether an approach is measured by this study instead of the local
/// family's series: the textbook's own methods, which often give up by
/// design (min-conflicts, measured in both, is not).
pub fn studied_apart(id: &str) -> bool {
    METHODS
        .iter()
        .any(|(m, knobs)| *m == id && knobs.is_empty())
}

/// The method measured at a million queens, and that n.
pub const MILLION: (&str, &str, usize) =
    ("min-conflicts-random", "pick=random-conflicted", 1_000_000);

/// The study's plan for a profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// (n, starts) of each method, in order; n = 8 first.
    pub sizes: Vec<(usize, u64)>,
    /// Starts at a million queens.
    pub million: u64,
    /// A point's time budget; past it the point is cut and the method stops growing.
    pub budget: Duration,
    /// The budget of the first size, n = 8, whose many starts are the book's figures.
    pub budget_eight: Duration,
}

/// The issue asks for at least 10 000 starts per method at n = 8, and the
/// growth to at least n = 1 000 where the methods can.
pub fn plan(profile: Profile) -> Plan {
    match profile {
        Profile::Smoke => Plan {
            sizes: vec![(8, 500), (16, 20), (32, 20)],
            million: 2,
            budget: Duration::from_secs(5),
            budget_eight: Duration::from_secs(10),
        },
        Profile::Standard | Profile::Full => {
            let scale = if profile == Profile::Full { 5 } else { 1 };
            Plan {
                sizes: vec![
                    (8, 10_000),
                    (16, 1000 * scale),
                    (32, 500 * scale),
                    (64, 200 * scale),
                    (128, 100 * scale),
                    (256, 50 * scale),
                    (512, 20 * scale),
                    (1000, 20 * scale),
                ],
                million: 20 * scale,
                budget: Duration::from_secs(10 * scale),
                budget_eight: Duration::from_secs(120 * scale),
            }
        }
    }
}

/// Runs each method the registry has (`has`) over the plan; `progress` is
/// told each point before it runs.
pub fn measure(
    exe: &Path,
    profile: Profile,
    has: &dyn Fn(&str) -> bool,
    progress: &dyn Fn(&str, usize),
) -> Result<Vec<Row>> {
    let plan = plan(profile);
    let mut rows = Vec::new();
    for (id, knobs) in METHODS.into_iter().filter(|(id, _)| has(id)) {
        for (i, &(n, starts)) in plan.sizes.iter().enumerate() {
            progress(id, n);
            let budget = if i == 0 {
                plan.budget_eight
            } else {
                plan.budget
            };
            let row = point(exe, id, knobs, n, starts, budget)?;
            let stop = row.status == PointStatus::Cut || row.solved == 0;
            rows.push(row);
            if stop {
                break;
            }
        }
    }
    let (id, knobs, n) = MILLION;
    if has(id) {
        progress(id, n);
        rows.push(point(exe, id, knobs, n, plan.million, plan.budget * 3)?);
    }
    Ok(rows)
}

/// Runs `starts` for one method at one n, reading its rows as they come
/// and killing it when the budget runs out.
fn point(
    exe: &Path,
    id: &str,
    knobs: &str,
    n: usize,
    starts: u64,
    budget: Duration,
) -> Result<Row> {
    let mut args = vec![
        id.to_string(),
        n.to_string(),
        "1".into(),
        starts.to_string(),
    ];
    args.extend(knobs.split_whitespace().map(String::from));
    let what = format!("{BINARY} {}", args.join(" "));
    let mut child = Command::new(exe)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context(|| format!("cannot run {what}"))?;
    let stdout = child.stdout.take().expect("stdout is piped");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + budget;
    let mut lines = Vec::new();
    let mut cut = false;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => lines.push(line.context(|| format!("cannot read {what}"))?),
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                cut = true;
                let _ = child.kill();
                break;
            }
        }
    }
    let status = child.wait().context(|| format!("cannot wait for {what}"))?;
    if !cut && !status.success() {
        let mut err = String::new();
        if let Some(mut e) = child.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut e, &mut err);
        }
        bail!("{what} failed ({status}): {}", err.trim());
    }
    let text = lines.join("\n");
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let mut done = Vec::new();
    for start in reader.deserialize::<Start>() {
        let start = start.map_err(|e| Error(format!("{what}: unexpected output: {e}")))?;
        if start.approach != id || start.n != n || start.seed != done.len() as u64 + 1 {
            bail!(
                "{what}: a row for {} at n = {} seed {}",
                start.approach,
                start.n,
                start.seed
            );
        }
        done.push(start);
    }
    if !cut && done.len() as u64 != starts {
        bail!(
            "{what} printed {} starts where {starts} were asked for",
            done.len()
        );
    }
    Ok(summarise(id, knobs, n, starts, &done))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_plan_is_the_issues_minimum() {
        let p = plan(Profile::Standard);
        assert_eq!(p.sizes[0], (8, 10_000));
        assert!(p.sizes.iter().any(|&(n, _)| n >= 1000));
        assert!(p.sizes.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(plan(Profile::Smoke).sizes.iter().all(|&(_, s)| s <= 500));
    }
}
