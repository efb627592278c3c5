//! `check-board FILE N`, the independent checker of board files: a board
//! `queens --output` wrote passes; each kind of fault is one `error:` line
//! and status 1, a file that cannot be read status 2.

use std::path::Path;
use std::process::{Command, Output};

fn check(file: &Path, n: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_check-board"))
        .arg(file)
        .arg(n)
        .output()
        .unwrap()
}

/// Status, and stderr's one line (or stdout's, on success).
fn verdict(out: &Output) -> (i32, String) {
    let text = if out.status.success() {
        &out.stdout
    } else {
        &out.stderr
    };
    let text = String::from_utf8_lossy(text).into_owned();
    assert_eq!(text.lines().count(), 1, "one line: {text:?}");
    (out.status.code().unwrap(), text)
}

#[test]
fn a_board_queens_wrote_passes() {
    let dir = tempfile::tempdir().unwrap();
    for (algo, n) in [
        ("swap-search", "5000"),
        ("explicit", "1000"),
        ("swap-search", "1"),
    ] {
        let file = dir.path().join(format!("{algo}-{n}.txt"));
        let out = Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(["--algo", algo, "--output"])
            .arg(&file)
            .arg(n)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let (status, line) = verdict(&check(&file, n));
        assert_eq!(status, 0, "{line}");
        assert!(
            line.contains(&format!("a solution of {n} queens")),
            "{line}"
        );
    }
}

#[test]
fn every_fault_is_one_error_line_and_status_1() {
    let dir = tempfile::tempdir().unwrap();
    // 2 4 1 3 is a solution of 4 queens.
    let cases: [(&str, &str, &str); 11] = [
        ("2\n4\n1\n3\n", "5", "4 rows, not 5"),
        ("2\n4\n1\n3\n", "3", "column 4... is beyond the board's 3"),
        ("2\n4\n1\n3\n1\n", "5", "line 5: column 1 is taken twice"),
        (
            "2\n4\n1\n3\n1\n",
            "4",
            "more than 4 rows: line 5 is one too many",
        ),
        (
            "1\n3\n2\n4\n",
            "4",
            "line 3: the queen in column 2 shares a diagonal",
        ),
        (
            "1\n2\n3\n",
            "3",
            "line 2: the queen in column 2 shares an anti-diagonal",
        ),
        ("2\n4\n1\n", "4", "3 rows, not 4"),
        ("2\n4\n1\n3", "4", "line 4: not ended by a newline"),
        ("2\n4\nx\n3\n", "4", "line 3: 'x' where a column"),
        ("2\n4\n\n1\n3\n", "4", "line 3: empty"),
        ("2\n04\n1\n3\n", "4", "line 2: a column begins with 0"),
    ];
    for (i, (text, n, why)) in cases.iter().enumerate() {
        let file = dir.path().join(format!("bad-{i}.txt"));
        std::fs::write(&file, text).unwrap();
        let (status, line) = verdict(&check(&file, n));
        assert_eq!(status, 1, "{text:?}: {line}");
        assert!(
            line.starts_with("error: ") && line.contains(why),
            "{text:?}: {line}"
        );
    }
    let file = dir.path().join("good.txt");
    std::fs::write(&file, "2\n4\n1\n3\n").unwrap();
    assert_eq!(verdict(&check(&file, "4")).0, 0);
}

#[test]
fn unreadable_input_and_bad_arguments_are_status_2() {
    let dir = tempfile::tempdir().unwrap();
    let (status, line) = verdict(&check(&dir.path().join("missing.txt"), "4"));
    assert_eq!(status, 2, "{line}");
    assert!(line.starts_with("error: cannot read "), "{line}");
    // A directory opens but cannot be read.
    let (status, line) = verdict(&check(dir.path(), "4"));
    assert_eq!(status, 2, "{line}");
    let file = dir.path().join("good.txt");
    std::fs::write(&file, "2\n4\n1\n3\n").unwrap();
    for n in ["0", "four", "-4"] {
        let (status, line) = verdict(&check(&file, n));
        assert_eq!(status, 2, "{n}: {line}");
        assert!(line.starts_with("error: N must be"), "{line}");
    }
}
