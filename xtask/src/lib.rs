//! The library behind `cargo xtask`: measuring the approaches, rendering
//! the charts and the report, and the checks that keep `reports/` honest.
//!
//! One-way pipeline (each module imports only from those before it):
//!
//! ```text
//! profile → measure → data → analysis → lessons → render
//!                                         (figure, style, format: shared vocabulary)
//! ```
//!
//! [`profile`] says how far and how often to measure. [`measure`] runs
//! `queens --json` once per sample and returns a [`data::Dataset`], which
//! [`data`] saves and loads (`DIR/data`). [`analysis`] summarises samples
//! into medians, spreads, verdicts and fits. Each module of [`lessons`]
//! computes one chapter's facts and figures, no prose. [`render`] draws the
//! [`figure`]s and renders the chapters' templates (`xtask/course/`) into
//! the course: `course/`, `REPORT.md` (the index) and `course.html`. [`stage`] makes
//! each command all or nothing; [`cli`] is the command line; [`peers`]
//! measures the issues' targets side by side with the C references.
//! [`explore`] writes `explore.html`, the step-through page of the traces;
//! [`wasm`] builds the page's engine (crates/explorer-wasm).

#![warn(missing_docs)]

pub mod analysis;
pub mod cli;
pub mod data;
pub mod explore;
pub mod figure;
pub mod format;
pub mod lessons;
pub mod man;
pub mod measure;
pub mod peers;
pub mod profile;
pub mod render;
pub mod stage;
pub mod style;
pub mod wasm;

use std::fmt;
use std::path::{Path, PathBuf};

/// The workspace root: the parent of this crate's manifest directory.
pub fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives inside the workspace")
        .to_path_buf()
}

/// An error for people: one message that names the file, line or approach at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl From<queens_trace_pack::Error> for Error {
    fn from(e: queens_trace_pack::Error) -> Self {
        Error(e.0)
    }
}

/// Results of the xtask.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Builds an [`Error`] from a format string.
#[macro_export]
macro_rules! bail {
    ($($arg:tt)*) => {
        return Err($crate::Error(format!($($arg)*)))
    };
}

/// Adds what was being done (and to which file) to a lower-level error.
pub trait Context<T> {
    /// Prefixes the error with `what`.
    fn context(self, what: impl FnOnce() -> String) -> Result<T>;
}

impl<T, E: fmt::Display> Context<T> for std::result::Result<T, E> {
    fn context(self, what: impl FnOnce() -> String) -> Result<T> {
        self.map_err(|e| Error(format!("{}: {e}", what())))
    }
}
