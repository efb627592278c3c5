//! `meta.json`: what a reader needs to trust and reproduce the numbers
//! (machine, toolchain, revision, date, profile and the exact command).

use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

/// The circumstances of a measuring run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Meta {
    /// UTC date and time the measuring started, ISO 8601.
    pub date: String,
    /// `git rev-parse HEAD`.
    pub git_revision: String,
    /// Whether the working tree had uncommitted changes.
    pub git_dirty: bool,
    /// `rustc -vV`.
    pub rustc: String,
    /// CPU model from `/proc/cpuinfo`.
    pub cpu_model: String,
    /// Logical cores available.
    pub cores: usize,
    /// Total memory (`MemTotal`), bytes.
    pub memory_bytes: Option<u64>,
    /// The operating system (`PRETTY_NAME` of `/etc/os-release`, or the target OS).
    pub os: String,
    /// The profile's name.
    pub profile: String,
    /// The profile's settings.
    pub settings: SettingsMeta,
    /// The exact command that produced the data.
    pub command: String,
    /// Where the measuring time went, per family and approach, in measuring order.
    pub time_spent: Vec<TimeSpent>,
    /// Where each study's rows come from: this run, or an earlier one whose
    /// inputs were the same (see `measure::kept`).
    #[serde(default)]
    pub studies: Vec<StudyMeta>,
}

/// When and where one study's rows were measured.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StudyMeta {
    /// The study's name (`textbook`, `csp-grid`, …).
    pub study: String,
    /// A hash of everything that decides its rows (code, plan, profile).
    pub fingerprint: String,
    /// UTC date of the run that measured it.
    pub date: String,
    /// Revision of that run.
    pub git_revision: String,
    /// Whether that run's tree had uncommitted changes.
    pub git_dirty: bool,
    /// CPU model of the machine that measured it.
    pub cpu_model: String,
    /// Kept from an earlier run, not measured by this one.
    pub kept: bool,
}

/// The measuring profile's settings in plain units (see the profile module).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SettingsMeta {
    /// Most timed samples per point.
    pub samples: usize,
    /// Fewest timed samples per point.
    pub min_samples: usize,
    /// Time the timed samples of a point may take together, ms.
    pub point_budget_ms: u64,
    /// Largest predicted time of one run for a point to be measured, ms.
    pub run_limit_ms: u64,
    /// A process is killed after this long, ms.
    pub timeout_ms: u64,
    /// Largest predicted peak memory for a point to be measured, bytes.
    pub memory_limit_bytes: u64,
    /// Seeds per n for local search.
    pub seeds: u64,
    /// Largest n of the first-solution grid.
    pub first_max: usize,
    /// Whether every approach stopped at its quick n.
    pub quick_only: bool,
}

/// The first 12 digits of a revision, as the course and messages show it.
pub fn short_revision(revision: &str) -> &str {
    &revision[..revision.len().min(12)]
}

/// Measuring time spent on one approach in one family.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TimeSpent {
    /// Family name.
    pub family: String,
    /// Approach id.
    pub approach: String,
    /// Points measured.
    pub points: usize,
    /// `queens` processes run.
    pub processes: usize,
    /// Wall-clock seconds, process start-up included.
    pub seconds: f64,
}

impl Meta {
    /// Collects everything about this machine and checkout now.
    pub fn collect(profile: &str, settings: SettingsMeta, command: String) -> Meta {
        let root = crate::project_root();
        let git = |args: &[&str]| {
            Command::new("git")
                .args(args)
                .current_dir(&root)
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        };
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
        let os_release = std::fs::read_to_string("/etc/os-release").unwrap_or_default();
        let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
        Meta {
            date: utc_iso8601(
                SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs()),
            ),
            git_revision: git(&["rev-parse", "HEAD"]).unwrap_or_else(|| "unknown".into()),
            git_dirty: git(&["status", "--porcelain"]).is_some_and(|s| !s.is_empty()),
            rustc: Command::new(rustc)
                .arg("-vV")
                .output()
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
                .unwrap_or_else(|_| "unknown".into()),
            cpu_model: field(&cpuinfo, "model name").unwrap_or_else(|| "unknown".into()),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            memory_bytes: field(&meminfo, "MemTotal")
                .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
                .map(|kb| kb * 1024),
            os: field(&os_release.replace('=', ":"), "PRETTY_NAME")
                .map(|s| s.trim_matches('"').to_string())
                .unwrap_or_else(|| std::env::consts::OS.to_string()),
            profile: profile.to_string(),
            settings,
            command,
            time_spent: Vec::new(),
            studies: Vec::new(),
        }
    }

    /// A study measured now, by this run.
    pub fn measured_now(&self, study: &str, fingerprint: String) -> StudyMeta {
        StudyMeta {
            study: study.into(),
            fingerprint,
            date: self.date.clone(),
            git_revision: self.git_revision.clone(),
            git_dirty: self.git_dirty,
            cpu_model: self.cpu_model.clone(),
            kept: false,
        }
    }

    /// The studies kept from an earlier run.
    pub fn kept_studies(&self) -> impl Iterator<Item = &StudyMeta> {
        self.studies.iter().filter(|s| s.kept)
    }

    /// The first line of `rustc -vV` (e.g. `rustc 1.95.0 (… 2026-04-14)`).
    pub fn rustc_version(&self) -> &str {
        self.rustc.lines().next().unwrap_or("unknown")
    }

    /// A fixed example for tests.
    #[doc(hidden)]
    pub fn example() -> Meta {
        Meta {
            date: "2026-01-02T03:04:05Z".into(),
            git_revision: "0123456789abcdef0123456789abcdef01234567".into(),
            git_dirty: false,
            rustc: "rustc 1.95.0 (59807616e 2026-04-14)\nhost: x86_64-unknown-linux-gnu".into(),
            cpu_model: "Example CPU".into(),
            cores: 2,
            memory_bytes: Some(24 << 30),
            os: "Debian GNU/Linux 12 (bookworm)".into(),
            profile: "standard".into(),
            settings: SettingsMeta {
                samples: 5,
                min_samples: 2,
                point_budget_ms: 4000,
                run_limit_ms: 2000,
                timeout_ms: 10_000,
                memory_limit_bytes: 2_000_000_000,
                seeds: 5,
                first_max: 1_000_000,
                quick_only: false,
            },
            command: "cargo xtask report".into(),
            time_spent: vec![TimeSpent {
                family: "count".into(),
                approach: "fast".into(),
                points: 5,
                processes: 20,
                seconds: 0.25,
            }],
            studies: Vec::new(),
        }
    }
}

/// The value of the first `key : value` line of a `/proc`-style file.
fn field(text: &str, key: &str) -> Option<String> {
    text.lines()
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| k.trim() == key)
        .map(|(_, v)| v.trim().to_string())
}

/// Seconds since the Unix epoch as `YYYY-MM-DDTHH:MM:SSZ` (proleptic Gregorian, UTC).
pub fn utc_iso8601(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_iso_8601_utc() {
        assert_eq!(utc_iso8601(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc_iso8601(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc_iso8601(1_767_323_045), "2026-01-02T03:04:05Z");
    }

    #[test]
    fn proc_fields_are_found() {
        let cpu = "processor\t: 0\nmodel name\t: AMD EPYC 7B13\n";
        assert_eq!(field(cpu, "model name").as_deref(), Some("AMD EPYC 7B13"));
        assert_eq!(field(cpu, "flags"), None);
    }
}
