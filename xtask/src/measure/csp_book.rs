//! The csp lab beside AIMA 2nd ed. Figure 5.5: the `checks-table` binary of
//! `crates/csp` (its defaults: n = 2..50, five runs of each setting with
//! random ties and one of its twin with ties to the lowest row, the book's
//! budget of 40 million checks per run), its rows checked and kept.

use std::path::Path;

use crate::data::csp_book::Row;
use crate::profile::Profile;
use crate::{Result, bail};

/// The package that builds `checks-table`.
pub const PACKAGE: &str = "queens-csp";
/// The binary.
pub const BINARY: &str = "checks-table";

/// The arguments for a profile: the book's table in full, except in the
/// smoke profile (n = 2..20, one run, a tenth of the budget).
pub fn args(profile: Profile) -> Vec<&'static str> {
    match profile {
        Profile::Smoke => vec!["--to", "20", "--runs", "1", "--budget", "4000000"],
        Profile::Standard | Profile::Full => Vec::new(),
    }
}

/// Runs `checks-table` and reads its rows.
pub fn measure(exe: &Path, profile: Profile) -> Result<Vec<Row>> {
    let args: Vec<String> = args(profile).into_iter().map(String::from).collect();
    let rows: Vec<Row> = super::csv_batch(exe, BINARY, &args)?;
    if rows.is_empty() {
        bail!("{BINARY} {} printed no rows", args.join(" "));
    }
    Ok(rows)
}
