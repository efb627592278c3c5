//! Running the `queens` binary from a test: shared by the test files that
//! need only its output.
#![allow(dead_code)] // each topic uses some of these; some topics are Linux only

use std::process::{Command, Output};

/// `queens ARGS`, its status and output.
pub fn queens(args: &[&str]) -> Output {
    crate::harness::output(Command::new(env!("CARGO_BIN_EXE_queens")).args(args))
}

/// The standard output of a run that must succeed.
pub fn stdout(args: &[&str]) -> String {
    let out = queens(args);
    assert!(
        out.status.success(),
        "queens {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}
