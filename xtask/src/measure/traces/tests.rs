use super::*;

#[test]
fn the_plan_names_known_approaches_once_each() {
    let runs = plan();
    for r in &runs {
        assert!(REGISTRY.get(r.approach).is_ok(), "{}", r.approach);
        assert_eq!(
            runs.iter().filter(|o| o.file() == r.file()).count(),
            1,
            "{}",
            r.file()
        );
    }
    let half_join = runs.iter().filter(|r| r.approach == "half-join");
    assert!(half_join.clone().count() > 0);
    assert!(half_join.into_iter().all(|r| r.mode == Mode::Count));
    let csp = runs.iter().find(|r| r.approach == "csp").unwrap();
    assert_eq!(
        csp.args(),
        [
            "--algo",
            "csp",
            "--trace",
            "-",
            "--order",
            "mrv",
            "--propagate",
            "forward",
            "6"
        ]
    );
    assert_eq!(csp.file(), "csp-order-mrv-propagate-forward-6-count.jsonl");
    let first = &runs[0];
    assert_eq!(
        (first.approach, first.n, first.mode),
        ("bitmask", 4, Mode::Count)
    );
    let local = runs.iter().find(|r| r.approach == "swap-search").unwrap();
    assert_eq!(
        local.args(),
        ["--algo", "swap-search", "--trace", "-", "--seed", "1", "8"]
    );
    let first_mode = runs.iter().find(|r| r.mode == Mode::First).unwrap();
    assert!(first_mode.args().contains(&"--first".to_string()));
}

/// A stand-in for `queens`: a shell script with this body.
#[cfg(unix)]
fn fake(dir: &Path, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("queens");
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[cfg(unix)]
#[test]
fn a_trace_is_kept_checked_or_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let run = Run {
        approach: "bitmask",
        n: 4,
        mode: Mode::Count,
        seed: None,
        knobs: None,
    };
    let start =
        r#"{"event":"start","algo":"bitmask","n":4,"mode":"count","step":"place","node":null}"#;
    let good = fake(
        dir.path(),
        &format!("echo '{start}'\necho '{{\"event\":\"end\",\"solutions\":2,\"steps\":16}}'"),
    );
    let Outcome::Done(text) = take(&good, &run).unwrap() else {
        panic!("a finished trace is kept");
    };
    let entry = check(&good, &run, Path::new("t.jsonl"), &text).unwrap();
    assert_eq!(
        (entry.events, entry.file.as_str()),
        (2, "bitmask-4-count.jsonl")
    );
    let wrong = Run {
        n: 5,
        ..run.clone()
    };
    let e = check(&good, &wrong, Path::new("t.jsonl"), &text)
        .unwrap_err()
        .0;
    assert!(
        e.contains("--trace - 5` wrote a trace of bitmask at n = 4"),
        "{e}"
    );
    // A trace without end: `yes` writes the same line for ever.
    let endless = fake(
        dir.path(),
        "exec yes '{\"event\":\"place\",\"row\":1,\"col\":1}'",
    );
    let Outcome::Outgrown(why) = take(&endless, &run).unwrap() else {
        panic!("an endless trace is stopped");
    };
    assert!(why.starts_with("its trace passed 500 kB"), "{why}");
    let refuses = fake(
        dir.path(),
        "echo 'error: --trace writes at most 10000000 events, and ...' >&2\nexit 2",
    );
    let Outcome::Skipped(why) = take(&refuses, &run).unwrap() else {
        panic!("a refused trace is left out");
    };
    assert!(
        why.starts_with("queens refuses it: --trace writes"),
        "{why}"
    );
}

#[cfg(unix)]
#[test]
fn a_failing_queens_is_named_in_the_error() {
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join("queens");
    fs::write(
        &fake,
        "#!/bin/sh\necho 'error: unexpected argument --trace' >&2\nexit 2\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&fake, fs::Permissions::from_mode(0o755)).unwrap();
    let e = collect(&fake, dir.path()).unwrap_err().0;
    assert!(
        e.contains("queens --algo bitmask --trace - 4") && e.contains("unexpected argument"),
        "{e}"
    );
}
