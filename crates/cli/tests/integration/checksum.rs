//! A `--checkpoint` file edited so that its numbers still add up (issue 28,
//! bug 6) is refused by its checksum, and left as it is.

use crate::harness;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use queens_core::known;
use serde_json::Value;

fn queens(dir: &Path, args: &[&str]) -> Output {
    harness::output(
        Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(args)
            .current_dir(dir),
    )
}

const COUNT: [&str; 6] = ["--algo", "half-join", "--checkpoint", "ck.json", "--", "11"];

#[test]
fn a_checkpoint_edited_consistently_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = queens(d, &COUNT);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path = d.join("ck.json");
    let mut saved: Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
    assert_eq!(saved["solutions"].as_u64(), known::total(11));
    // One task's count and the total, changed together: the numbers add up.
    let task = saved["finished"][0][1].as_u64().unwrap();
    saved["finished"][0][1] = (task + 1).into();
    saved["solutions"] = (known::total(11).unwrap() + 1).into();
    let edited = saved.to_string();
    fs::write(&path, &edited).unwrap();
    let out = queens(d, &COUNT);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with(
            "error: the --checkpoint file ck.json does not match its checksum: it was edited \
             or damaged; it is left as it was"
        ),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    assert_eq!(fs::read_to_string(&path).unwrap(), edited);
    // Without its checksum, or as an earlier queens wrote it: refused too.
    let mut bare = saved.clone();
    bare.as_object_mut().unwrap().remove("checksum");
    let mut old = bare.clone();
    old["version"] = 1.into();
    for (text, why) in [
        (bare.to_string(), "does not match its checksum"),
        (old.to_string(), "version 1"),
    ] {
        fs::write(&path, &text).unwrap();
        let out = queens(d, &COUNT);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(why), "{err}");
        assert_eq!(fs::read_to_string(&path).unwrap(), text);
    }
    // Whitespace is not content: the file reformatted still reads.
    fs::remove_file(&path).unwrap();
    assert!(queens(d, &COUNT).status.success());
    let pretty = serde_json::to_string_pretty(
        &serde_json::from_slice::<Value>(&fs::read(&path).unwrap()).unwrap(),
    )
    .unwrap();
    fs::write(&path, &pretty).unwrap();
    let out = queens(d, &COUNT);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("11-Queens has {} solutions\n", known::total(11).unwrap())
    );
}

#[test]
fn a_task_renumbered_in_finished_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "--algo",
        "half-join",
        "--threads",
        "1",
        "--checkpoint",
        "ck.json",
        "11",
    ];
    // A partial file: three tasks finished, then a SIGINT (by the hook).
    let out = harness::output(
        Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(args)
            .env("QUEENS_INTERRUPT_AFTER_TASKS", "3")
            .current_dir(d),
    );
    assert!(!out.status.success(), "{out:?}");
    let path = d.join("ck.json");
    let mut saved: Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
    let tasks: Vec<u64> = saved["finished"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t[0].as_u64().unwrap())
        .collect();
    assert_eq!(tasks.len(), 3, "{saved}");
    // One task number changed to one not finished, in order: the count,
    // the sum and the order all still hold.
    let total = saved["tasks"].as_u64().unwrap();
    let (j, renumbered) = (0..3)
        .find_map(|j| {
            let low = if j == 0 { 0 } else { tasks[j - 1] + 1 };
            let high = if j == 2 { total } else { tasks[j + 1] };
            (low..high).find(|&t| t != tasks[j]).map(|t| (j, t))
        })
        .expect("a free task number");
    saved["finished"][j][0] = renumbered.into();
    let edited = saved.to_string();
    fs::write(&path, &edited).unwrap();
    let out = queens(d, &args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: the --checkpoint file ck.json does not match its checksum"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), edited);
}
