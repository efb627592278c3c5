//! The constraint-search lab's grid (issue 15): `queens --algo csp` with
//! one knob changed at a time from the default (rows in order, columns left
//! to right, no look-ahead), plus two combinations, counting all solutions
//! at a few n and finding a first solution at growing n. Each point has
//! an instrumented run (nodes, pruned values, checks) and timed samples.

use std::time::Duration;

use queens_approaches::REGISTRY;

use super::runner::{Job, Run, Runner, verify};
use crate::data::csp_grid::Row;
use crate::data::{Family, Status};
use crate::profile::Profile;
use crate::{Result, bail};

/// The approach the grid runs.
pub const APPROACH: &str = "csp";

/// Which knob a setting changes from the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knob {
    /// None: the default, `bitmask`'s tree.
    None,
    /// `--order`: which row next.
    Order,
    /// `--values`: which column first.
    Values,
    /// `--propagate`: look-ahead after each placement.
    Propagate,
    /// More than one knob.
    Several,
}

/// One setting of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    /// Its name in the data and the report.
    pub name: &'static str,
    /// The `queens` options that make it.
    pub args: &'static [&'static str],
    /// The knob it changes.
    pub knob: Knob,
}

impl Setting {
    /// Whether it breaks ties at random (one seed per sample).
    pub fn random(&self) -> bool {
        self.args.contains(&"mrv-random")
    }
}

/// The grid: the default, each knob's values one at a time, then the
/// combinations that reach large n.
pub const SETTINGS: [Setting; 9] = [
    Setting {
        name: "default",
        args: &[],
        knob: Knob::None,
    },
    Setting {
        name: "mrv",
        args: &["--order", "mrv"],
        knob: Knob::Order,
    },
    Setting {
        name: "mrv-random",
        args: &["--order", "mrv-random"],
        knob: Knob::Order,
    },
    Setting {
        name: "middle-out",
        args: &["--values", "middle-out"],
        knob: Knob::Values,
    },
    Setting {
        name: "lcv",
        args: &["--values", "lcv"],
        knob: Knob::Values,
    },
    Setting {
        name: "forward",
        args: &["--propagate", "forward"],
        knob: Knob::Propagate,
    },
    Setting {
        name: "arc",
        args: &["--propagate", "arc"],
        knob: Knob::Propagate,
    },
    Setting {
        name: "mrv + forward",
        args: &["--order", "mrv", "--propagate", "forward"],
        knob: Knob::Several,
    },
    Setting {
        name: "mrv + middle-out + forward",
        args: &[
            "--order",
            "mrv",
            "--values",
            "middle-out",
            "--propagate",
            "forward",
        ],
        knob: Knob::Several,
    },
];

/// The grid's sizes and budgets for a profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Sizes at which every setting counts all solutions.
    pub count: Vec<usize>,
    /// Growing sizes for the first solution; a setting stops at its first
    /// timeout.
    pub first: Vec<usize>,
    /// Timed samples per point.
    pub samples: u32,
    /// A first-solution run longer than this is killed (and its setting
    /// stops growing).
    pub timeout: Duration,
    /// A counting run longer than this is killed (its sizes are fixed, so
    /// it is generous).
    pub count_timeout: Duration,
}

/// The plan of a profile.
pub fn plan(profile: Profile) -> Plan {
    match profile {
        Profile::Smoke => Plan {
            count: vec![8],
            first: vec![8, 16],
            samples: 1,
            timeout: Duration::from_secs(1),
            count_timeout: Duration::from_secs(5),
        },
        Profile::Standard => Plan {
            count: vec![8, 10, 12],
            first: vec![8, 16, 32, 64, 128, 200],
            // Four a side: the fewest from which the rank test the
            // chapter draws its verdicts by can decide (p ≥ 2/35 with 3
            // against 4, 2/70 with 4 against 4).
            samples: 4,
            timeout: Duration::from_secs(1),
            count_timeout: Duration::from_secs(5),
        },
        Profile::Full => Plan {
            count: vec![8, 10, 12, 13],
            first: vec![8, 16, 32, 64, 128, 200, 256],
            samples: 5,
            timeout: Duration::from_secs(5),
            count_timeout: Duration::from_secs(20),
        },
    }
}

/// Runs the grid with `queens` (through `runner`); `progress` is told
/// each point before it runs.
pub(super) fn measure(
    runner: &mut Runner,
    profile: Profile,
    progress: &dyn Fn(&str, usize),
) -> Result<Vec<Row>> {
    let plan = plan(profile);
    let info = REGISTRY
        .get(APPROACH)
        .map_err(|e| crate::Error(e.to_string()))?
        .info();
    let saved = runner.timeout;
    let mut rows = Vec::new();
    for setting in &SETTINGS {
        for (family, sizes) in [(Family::Count, &plan.count), (Family::First, &plan.first)] {
            runner.timeout = match family {
                Family::Count => plan.count_timeout,
                _ => plan.timeout,
            };
            for &n in sizes {
                progress(setting.name, n);
                let job = Job {
                    info,
                    family,
                    n,
                    seed: None,
                    steps: true,
                    depths: false,
                    args: &[],
                };
                let before = rows.len();
                point(runner, job, setting, plan.samples, &mut rows)?;
                if rows[before..].iter().any(|r| r.status == Status::Timeout) {
                    break;
                }
            }
        }
    }
    runner.timeout = saved;
    Ok(rows)
}

/// One point: per sample an instrumented run (once, or per seed for a
/// random setting) and a timed run, every answer verified.
fn point(
    runner: &mut Runner,
    job: Job<'_>,
    setting: &Setting,
    samples: u32,
    rows: &mut Vec<Row>,
) -> Result<()> {
    let mut counted = None;
    for sample in 0..samples {
        let mut args: Vec<String> = setting.args.iter().map(|a| a.to_string()).collect();
        if setting.random() {
            args.extend(["--seed".into(), (sample + 1).to_string()]);
        }
        let job = Job { args: &args, ..job };
        let row = |status, nanos, counted: Option<(u64, Option<u64>, Option<u64>)>| Row {
            setting: setting.name.into(),
            mode: job.family.name().into(),
            n: job.n,
            sample,
            status,
            steps: counted.map(|c| c.0),
            nanos,
            pruned: counted.and_then(|c| c.1),
            checks: counted.and_then(|c| c.2),
        };
        if counted.is_none() || setting.random() {
            counted = match runner.run(job)? {
                Run::Done(r) => {
                    verify(job, &r)?;
                    let extra = |k: &str| r.extra.get(k).and_then(serde_json::Value::as_u64);
                    Some((r.steps.unwrap_or(0), extra("pruned"), extra("checks")))
                }
                Run::Timeout => {
                    rows.push(row(Status::Timeout, None, None));
                    return Ok(());
                }
                Run::Refused(e) => bail!("csp {} at n = {}: refused: {e}", setting.name, job.n),
                Run::GaveUp => unreachable!("csp does not give up"),
            };
        }
        let timed = Job {
            steps: false,
            ..job
        };
        match runner.run(timed)? {
            Run::Done(r) => {
                verify(timed, &r)?;
                rows.push(row(Status::Ok, Some(r.nanos), counted));
            }
            Run::Timeout => {
                rows.push(row(Status::Timeout, None, counted));
                return Ok(());
            }
            Run::Refused(e) => bail!("csp {} at n = {}: refused: {e}", setting.name, job.n),
            Run::GaveUp => unreachable!("csp does not give up"),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_change_one_knob_or_say_so() {
        for s in &SETTINGS {
            let knobs = ["--order", "--values", "--propagate"]
                .iter()
                .filter(|k| s.args.contains(k))
                .count();
            let expected = match s.knob {
                Knob::None => 0..=0,
                Knob::Several => 2..=3,
                _ => 1..=1,
            };
            assert!(expected.contains(&knobs), "{}", s.name);
        }
        assert_eq!(SETTINGS.iter().filter(|s| s.random()).count(), 1);
    }
}
