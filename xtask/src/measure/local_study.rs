//! Issue 16's local-search study: every setting of
//! `queens_min_conflicts::STUDY` over many seeds at a few n, run in
//! batches by the `local-study` binary (one process per setting and n; see
//! its docs), each row checked and kept.

use queens_min_conflicts::STUDY;

use crate::data::local_study::Row;
use crate::profile::Profile;
use crate::{Result, bail};

/// The package that builds `local-study`.
pub const PACKAGE: &str = "queens-min-conflicts";
/// The binary.
pub const BINARY: &str = "local-study";

/// The approach whose measuring brings the study with it.
pub const APPROACH: &str = "min-conflicts-random";

/// The study's plan for a profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// (n, seeds) pairs, in order.
    pub sizes: [(usize, u64); 4],
    /// How many of each point's first seeds also time picking and checking.
    pub breakdown: u64,
}

/// Seeds per profile: issue 16 asks for at least 1 000 seeds at n = 8, 20
/// and 50 and 200 at n = 1 000 (the standard profile).
pub fn plan(profile: Profile) -> Plan {
    let (small, large, breakdown) = match profile {
        Profile::Smoke => (100, 20, 20),
        Profile::Standard => (1000, 200, 100),
        Profile::Full => (10_000, 1000, 1000),
    };
    Plan {
        sizes: [(8, small), (20, small), (50, small), (1000, large)],
        breakdown,
    }
}

/// Runs every setting at every size of the profile's plan; `progress` is
/// told each point before it runs.
pub fn measure(
    exe: &std::path::Path,
    profile: Profile,
    progress: &dyn Fn(&str, usize),
) -> Result<Vec<Row>> {
    let plan = plan(profile);
    let mut rows = Vec::new();
    for (index, setting) in STUDY.iter().enumerate() {
        for (n, seeds) in plan.sizes {
            progress(setting.name, n);
            let args = [index as u64, n as u64, 1, seeds, plan.breakdown.min(seeds)]
                .map(|v| v.to_string());
            let what = || format!("{BINARY} {}", args.join(" "));
            let before = rows.len();
            for row in super::csv_batch::<Row>(exe, BINARY, &args)? {
                if row.setting != setting.name || row.n != n {
                    bail!("{}: a row for {} at n = {}", what(), row.setting, row.n);
                }
                rows.push(row);
            }
            if rows.len() - before != seeds as usize {
                bail!(
                    "{} printed {} runs where {seeds} were asked for",
                    what(),
                    rows.len() - before
                );
            }
        }
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_plan_is_the_issues_minimum() {
        let p = plan(Profile::Standard);
        assert_eq!(p.sizes, [(8, 1000), (20, 1000), (50, 1000), (1000, 200)]);
        assert!(plan(Profile::Smoke).sizes.iter().all(|&(_, s)| s <= 100));
    }
}
