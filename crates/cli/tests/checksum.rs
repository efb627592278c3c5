//! A `--checkpoint` file edited so that its numbers still add up (issue 28,
//! bug 6) is refused by its checksum, and left as it is.

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use queens_core::known;
use serde_json::Value;

fn queens(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap()
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
