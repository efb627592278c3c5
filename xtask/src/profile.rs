//! Measuring profiles: how many samples, which sizes, and the budgets that
//! decide how far each approach grows.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use queens_core::Info;

/// Counters that join partial boards instead of walking a tree: measured
/// for their count only (they build every half board before pairing any,
/// so they have no first solution to find early, and no tree whose nodes
/// per depth could be counted).
pub const JOINS: [&str; 1] = ["half-join"];

/// Approaches with knobs (the constraint-search lab): their default walks
/// another approach's tree (`csp` = `bitmask`), so the families would only
/// measure that tree again; they are left out of the families.
pub const LABS: [&str; 1] = ["csp"];

/// A named set of measuring settings (`--profile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// For CI: small n, one sample, well under 30 s of measuring.
    Smoke,
    /// The default: as far as each approach gets within the per-point budget,
    /// about 1½ minutes of timing on a 2-core machine (the studies, kept
    /// while their code is unchanged, take about 3 more when measured).
    Standard,
    /// Larger budgets, more samples, local search to 10⁷.
    Full,
}

impl Profile {
    /// Every profile, in order of size.
    pub const ALL: [Profile; 3] = [Profile::Smoke, Profile::Standard, Profile::Full];

    /// The name used on the command line and in `meta.json`.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Smoke => "smoke",
            Profile::Standard => "standard",
            Profile::Full => "full",
        }
    }

    /// The settings of this profile.
    pub fn settings(self) -> Settings {
        match self {
            Profile::Smoke => Settings {
                samples: 1,
                min_samples: 1,
                point_budget: Duration::from_millis(100),
                run_limit: Duration::from_millis(100),
                timeout: Duration::from_secs(2),
                memory_limit: 500_000_000,
                seeds: 2,
                first_max: 1000,
                quick_only: true,
                join_run_limit: Duration::from_millis(100),
            },
            Profile::Standard => Settings {
                samples: 5,
                min_samples: 2,
                point_budget: Duration::from_millis(1000),
                run_limit: Duration::from_millis(1000),
                timeout: Duration::from_secs(10),
                memory_limit: 2_000_000_000,
                seeds: 5,
                first_max: 1_000_000,
                quick_only: false,
                join_run_limit: Duration::from_millis(1000),
            },
            Profile::Full => Settings {
                samples: 10,
                min_samples: 3,
                point_budget: Duration::from_secs(5),
                run_limit: Duration::from_secs(5),
                timeout: Duration::from_secs(30),
                memory_limit: 8_000_000_000,
                seeds: 10,
                first_max: 10_000_000,
                quick_only: false,
                join_run_limit: Duration::from_secs(60),
            },
        }
    }
}

impl Profile {
    /// The wall time each family of timed series, and each study when it is
    /// measured, is planned to take on a 2-core machine (the run limits
    /// above decide it; `cargo xtask report` prints each beside it).
    pub fn budget(self, family: &str) -> Option<Duration> {
        let seconds = match (self, family) {
            (Profile::Smoke, "textbook" | "traces") => 15,
            (Profile::Smoke, _) => 5,
            (Profile::Standard, "count") => 35,
            (Profile::Standard, "first") => 35,
            (Profile::Standard, "local") => 25,
            (Profile::Standard, "parallel") => 12,
            (Profile::Standard, "textbook") => 130,
            (Profile::Standard, "csp-grid") => 25,
            (Profile::Standard, "local-study" | "traces") => 10,
            (Profile::Standard, _) => 5,
            (Profile::Full, _) => return None,
        };
        Some(Duration::from_secs(seconds))
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Profile {
    type Err = crate::Error;
    fn from_str(s: &str) -> crate::Result<Profile> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| {
                crate::Error(format!(
                    "unknown profile '{s}' (known: smoke, standard, full)"
                ))
            })
    }
}

/// What a profile sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Most timed samples per point.
    pub samples: usize,
    /// Fewest timed samples per point, however slow it is.
    pub min_samples: usize,
    /// Time the timed samples of one point may take together; fewer samples
    /// (down to `min_samples`) are taken for slow points.
    pub point_budget: Duration,
    /// The per-point budget: an approach stops growing n once its next point
    /// is predicted to take longer than this for one run.
    pub run_limit: Duration,
    /// A process running longer than this is killed and the approach stops.
    pub timeout: Duration,
    /// An approach stops growing n once its next point is predicted to need
    /// more peak memory than this (bytes).
    pub memory_limit: u64,
    /// Seeds per n for the local searches (their samples).
    pub seeds: u64,
    /// Largest n of the first-solution and local-search grids.
    pub first_max: usize,
    /// Stop every approach at its `quick_n` (the smoke profile).
    pub quick_only: bool,
    /// The per-run budget of the [`JOINS`], whose largest counts are the
    /// point of them (the full profile takes `half-join` to n = 19).
    pub join_run_limit: Duration,
}

impl Settings {
    /// The settings for one approach: the joins' run limit for [`JOINS`]
    /// (and a timeout that lets such a run finish), the profile's for the
    /// others.
    pub fn for_approach(&self, info: &Info) -> Settings {
        if !JOINS.contains(&info.id) {
            return *self;
        }
        Settings {
            run_limit: self.join_run_limit,
            timeout: self.timeout.max(self.join_run_limit * 3),
            point_budget: self.point_budget.max(self.join_run_limit),
            ..*self
        }
    }

    /// The sizes of one family's grid for an approach.
    pub fn grid(&self, family: crate::data::Family, info: &Info) -> Vec<usize> {
        use crate::data::Family;
        match family {
            Family::Count | Family::Parallel => self.count_grid(info),
            Family::First => self.first_grid(info),
            Family::Local => self.local_grid(info),
        }
    }

    /// The largest n this profile measures an approach at.
    fn cap(&self, info: &Info) -> usize {
        if self.quick_only {
            info.max_n.min(info.quick_n)
        } else {
            info.max_n
        }
    }

    /// Sizes at which to count all solutions: 4, 5, 6, ... (stopped early by the budget).
    pub fn count_grid(&self, info: &Info) -> Vec<usize> {
        (4..=self.cap(info)).collect()
    }

    /// Sizes at which to find a first solution with an exhaustive search:
    /// every n from 8 to 32 (where backtracking is erratic), then 50, 100,
    /// 200, 500, 1000, ... up to `first_max` (stopped early by the budget).
    pub fn first_grid(&self, info: &Info) -> Vec<usize> {
        let mut grid: Vec<usize> = (8..=32).collect();
        grid.extend(one_two_five(50, self.first_max));
        grid.retain(|&n| n <= self.cap(info).min(self.first_max));
        grid
    }

    /// Sizes for the local searches: 8, 10, 20, 50, 100, 200, 500, ... up to
    /// `first_max`; every size costs several seeds, and their moves vary
    /// from seed to seed, so a sparse grid reads better.
    pub fn local_grid(&self, info: &Info) -> Vec<usize> {
        let mut grid = vec![8];
        grid.extend(one_two_five(10, self.first_max));
        grid.retain(|&n| n <= self.cap(info).min(self.first_max));
        grid
    }
}

impl From<Settings> for crate::data::meta::SettingsMeta {
    fn from(s: Settings) -> Self {
        crate::data::meta::SettingsMeta {
            samples: s.samples,
            min_samples: s.min_samples,
            point_budget_ms: s.point_budget.as_millis() as u64,
            run_limit_ms: s.run_limit.as_millis() as u64,
            timeout_ms: s.timeout.as_millis() as u64,
            memory_limit_bytes: s.memory_limit,
            seeds: s.seeds,
            first_max: s.first_max,
            quick_only: s.quick_only,
        }
    }
}

/// 1-2-5 steps from `from` (a 1, 2 or 5 times a power of ten) up to `max`.
fn one_two_five(from: usize, max: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut decade = 1;
    while decade <= max {
        for m in [1, 2, 5] {
            let n = decade * m;
            if (from..=max).contains(&n) {
                out.push(n);
            }
        }
        decade *= 10;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(max_n: usize, quick_n: usize) -> Info {
        Info {
            id: "x",
            title: "",
            source: "",
            structure: "",
            step_unit: "",
            order: "",
            max_n,
            limit_reason: "",
            good_for: "",
            kind: queens_core::Kind::Exhaustive,
            splits: false,
            counts_unique: false,
            quick_n,
            bench_count: &[],
            bench_first: &[],
        }
    }

    #[test]
    fn first_grid_is_dense_then_one_two_five() {
        let s = Profile::Standard.settings();
        let g = s.first_grid(&info(100_000_000, 100_000));
        assert_eq!(&g[..3], &[8, 9, 10]);
        assert!(g.contains(&32) && g.contains(&50) && g.contains(&1_000_000));
        assert_eq!(*g.last().unwrap(), 1_000_000);
        assert!(g.windows(2).all(|w| w[0] < w[1]));
        let full = Profile::Full
            .settings()
            .first_grid(&info(100_000_000, 100_000));
        assert_eq!(*full.last().unwrap(), 10_000_000);
    }

    #[test]
    fn only_the_joins_get_the_joins_run_limit() {
        let full = Profile::Full.settings();
        let join = queens_approaches::REGISTRY.get(JOINS[0]).unwrap().info();
        let tree = queens_approaches::REGISTRY.get("bitmask").unwrap().info();
        assert_eq!(full.for_approach(join).run_limit, Duration::from_secs(60));
        assert!(full.for_approach(join).timeout >= Duration::from_secs(180));
        assert_eq!(full.for_approach(tree), full);
        let standard = Profile::Standard.settings();
        assert_eq!(standard.for_approach(join).run_limit, standard.run_limit);
    }

    #[test]
    fn grids_respect_hard_limits_and_smoke_stops_at_quick_n() {
        let s = Profile::Standard.settings();
        assert_eq!(s.count_grid(&info(9, 8)), vec![4, 5, 6, 7, 8, 9]);
        assert_eq!(*s.first_grid(&info(13, 12)).last().unwrap(), 13);
        let smoke = Profile::Smoke.settings();
        assert_eq!(*smoke.count_grid(&info(32, 12)).last().unwrap(), 12);
        assert_eq!(
            *smoke
                .first_grid(&info(100_000_000, 100_000))
                .last()
                .unwrap(),
            1000
        );
        assert_eq!(
            smoke.local_grid(&info(100_000_000, 100_000)),
            [8, 10, 20, 50, 100, 200, 500, 1000]
        );
        assert_eq!(one_two_five(50, 1000), [50, 100, 200, 500, 1000]);
    }

    #[test]
    fn profiles_parse_by_name_only() {
        assert_eq!("full".parse::<Profile>().unwrap(), Profile::Full);
        let e = "fast".parse::<Profile>().unwrap_err();
        assert!(e.0.contains("unknown profile 'fast'"), "{e}");
    }
}
