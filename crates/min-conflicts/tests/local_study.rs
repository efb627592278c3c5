//! The `local-study` batch runner: one CSV row per seed, the same runs as
//! `study_run`, and one clear line for bad arguments.

use std::process::Command;

use queens_min_conflicts::{Clock, STUDY, study_run};

fn run(args: &[&str]) -> (i32, String, String) {
    let out =
        queens_test_support::output(Command::new(env!("CARGO_BIN_EXE_local-study")).args(args));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn rows_are_the_study_runs_of_each_seed() {
    let (code, out, err) = run(&["2", "8", "5", "20", "3"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines[0].starts_with("setting,n,seed,solved,moves,"));
    let setting = &STUDY[2];
    for (i, line) in lines[1..].iter().enumerate() {
        let seed = 5 + i as u64;
        let quoted = format!("\"{}\",8,{seed},", setting.name);
        assert!(line.starts_with(&quoted), "{line}");
        let fields: Vec<&str> = line[quoted.len()..].split(',').collect();
        let r = study_run(8, seed, &setting.settings, setting.max_steps, Clock::Total).unwrap();
        assert_eq!(fields[0], r.solved.to_string());
        assert_eq!(fields[1], r.moves.to_string());
        assert_eq!(fields[2], r.iterations.to_string());
        // The first three seeds are timed with the breakdown, the others not.
        assert_eq!(fields[9].is_empty(), i >= 3, "{line}");
    }
}

#[test]
fn bad_arguments_get_one_line_and_status_2() {
    for args in [
        &[][..],
        &["9", "8", "1", "1"],
        &["x", "8", "1", "1"],
        &["0", "8", "1", "-1"],
        &["7", "2000000", "1", "1"],
        &["0", "8", "18446744073709551615", "2"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("local-study: "), "{err}");
        // A refused run prints nothing on standard output, not even the header.
        assert!(out.is_empty(), "{args:?}: {out}");
    }
    // A size the setting refuses, found only when the first run starts.
    let (code, out, err) = run(&["2", "100000000000", "1", "1"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("handles n up to"), "{err}");
}

#[test]
fn help_explains_every_argument_column_and_setting() {
    let (code, out, err) = run(&["--help"]);
    assert_eq!(code, 0, "{err}");
    for word in ["SETTING", "FIRST_SEED", "BREAKDOWN", "Exit status"] {
        assert!(out.contains(word), "{word}");
    }
    let header = "setting,n,seed,solved,moves,iterations,restarts,full_checks,moves_unattacked,\
                  init_attacks,nanos,nanos_init,nanos_picking,nanos_checks";
    for column in header.split(',') {
        assert!(
            out.contains(&format!("  {column}"))
                || out.contains(&format!(" {column},"))
                || out.contains(&format!(", {column}")),
            "{column}"
        );
    }
    for (i, s) in STUDY.iter().enumerate() {
        assert!(out.contains(&format!("  {i}  {}: ", s.name)), "{}", s.name);
    }
    // No seeds: the header alone.
    let (code, out, _) = run(&["0", "8", "1", "0"]);
    assert_eq!((code, out.lines().count()), (0, 1));
}

/// Issue 36, item 4: writing to standard error never panics (status 101):
/// bad input with standard error full or closed is still status 2; a help
/// that standard output cannot take is status 1 with one error line, and
/// 0 when the reader closed the pipe (the exit status table).
#[cfg(target_os = "linux")]
#[test]
fn a_stream_that_cannot_be_written_never_panics() {
    queens_test_support::streams_never_panic(
        env!("CARGO_BIN_EXE_local-study"),
        &[&["--bogus"][..], &["99", "8", "0", "1"]],
    );
}

/// `--version`, and a full disk under standard output is status 1, not 2.
#[cfg(target_os = "linux")]
#[test]
fn it_has_a_version_and_a_full_disk_is_status_1() {
    queens_test_support::version_and_full_disk(
        env!("CARGO_BIN_EXE_local-study"),
        "local-study",
        &["0", "8", "1", "3"],
    );
}
