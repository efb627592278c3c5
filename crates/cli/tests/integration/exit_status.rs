//! The exit status table (issue 36, item 4), where a stream fails.

/// Issue 36, item 4: writing to standard error never panics (status 101):
/// bad input with standard error full or closed is still status 2; a help
/// that standard output cannot take is status 1 with one error line, and
/// 0 when the reader closed the pipe (the exit status table).
#[cfg(target_os = "linux")]
#[test]
fn a_stream_that_cannot_be_written_never_panics() {
    queens_test_support::streams_never_panic(
        env!("CARGO_BIN_EXE_queens"),
        &[&["--bogus"][..], &["--threads", "0", "14"], &["x"]],
    );
}

/// `--version`, and a full disk under standard output is status 1 with one
/// line, as for every queens-lab command.
#[cfg(target_os = "linux")]
#[test]
fn it_has_a_version_and_a_full_disk_is_status_1() {
    queens_test_support::version_and_full_disk(
        env!("CARGO_BIN_EXE_queens"),
        "queens",
        &["-v", "6"],
    );
}
