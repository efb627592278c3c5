//! The exit status table (issue 36, item 4), where a stream fails.

/// Issue 36, item 4: writing to standard error never panics (status 101):
/// bad input with standard error full or closed is still status 2; a help
/// that standard output cannot take is status 1 with one error line, and
/// 0 when the reader closed the pipe (the exit status table).
#[cfg(target_os = "linux")]
#[test]
fn a_stream_that_cannot_be_written_never_panics() {
    use std::process::{Command, Stdio};
    let bin = env!("CARGO_BIN_EXE_queens");
    let full = || {
        Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
    };
    for bad in [&["--bogus"][..], &["--threads", "0", "14"], &["x"]] {
        let out = Command::new(bin)
            .args(bad)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(full())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?} 2>/dev/full: {out:?}");
        assert!(out.stdout.is_empty(), "{bad:?}");
        let mut child = Command::new(bin)
            .args(bad)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stderr.take());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(2), "{bad:?} 2>&-: {status:?}");
    }
    let out = Command::new(bin)
        .arg("--help")
        .stdin(Stdio::null())
        .stdout(full())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "--help >/dev/full: {out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: cannot write the output: "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let mut child = Command::new(bin)
        .arg("--help")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "--help | (closed): {out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
}
