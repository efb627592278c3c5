//! Every fenced example of README.md, run as written. A `text` block of
//! `$ queens …` lines is a session: each command runs under `sh` (standard
//! error with standard output, as a terminal shows them) and prints exactly
//! the lines below it, `…` standing for any text within a line (times,
//! memory). A `sh` block runs line by line and every line must succeed. A
//! block that cannot run here (cargo, sbatch, GNU parallel, runs of
//! minutes) is preceded by `<!-- not run: REASON -->`, and the reason must
//! be given.

use crate::harness;

use std::path::Path;
use std::process::Command;

/// A fenced block: its language, its lines, and the comment before it.
struct Block {
    lang: String,
    lines: Vec<String>,
    not_run: Option<String>,
    at: usize,
}

fn blocks() -> Vec<Block> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let mut found = Vec::new();
    let mut lines = text.lines().enumerate();
    let mut before: Option<&str> = None;
    while let Some((at, line)) = lines.next() {
        let Some(lang) = line.strip_prefix("```") else {
            if !line.trim().is_empty() {
                before = Some(line);
            }
            continue;
        };
        let body: Vec<String> = lines
            .by_ref()
            .map(|(_, l)| l)
            .take_while(|l| !l.starts_with("```"))
            .map(str::to_string)
            .collect();
        let not_run = before
            .and_then(|b| b.trim().strip_prefix("<!-- not run:"))
            .and_then(|b| b.strip_suffix("-->"))
            .map(|reason| reason.trim().to_string());
        found.push(Block {
            lang: lang.to_string(),
            lines: body,
            not_run,
            at: at + 1,
        });
        before = None;
    }
    found
}

/// A command as typed, without its trailing `# comment`.
fn command_of(line: &str) -> &str {
    match line.find("  #") {
        Some(i) => line[..i].trim_end(),
        None => line.trim_end(),
    }
}

/// Runs `command` under `sh` in `dir` with `queens` on PATH.
fn sh(dir: &Path, command: &str) -> (bool, String) {
    let bin = Path::new(env!("CARGO_BIN_EXE_queens")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = harness::output(
        Command::new("sh")
            .arg("-c")
            .arg(format!("{command} 2>&1"))
            .current_dir(dir)
            .env("PATH", path)
            .env_remove("SLURM_CPUS_PER_TASK"),
    );
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Whether `line` reads as `pattern`, each `…` in it standing for any text.
fn matches(pattern: &str, line: &str) -> bool {
    let mut parts = pattern.split('…');
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// A session: each `$ command` and the lines it prints.
fn check_session(block: &Block, dir: &Path) -> usize {
    let mut run = 0;
    let mut i = 0;
    while i < block.lines.len() {
        let Some(typed) = block.lines[i].strip_prefix("$ ") else {
            panic!(
                "README line {}: a session line that is not a command or its output: {:?}",
                block.at + i + 1,
                block.lines[i]
            );
        };
        let want: Vec<&str> = block.lines[i + 1..]
            .iter()
            .take_while(|l| !l.starts_with("$ "))
            .map(String::as_str)
            .collect();
        let (_, got) = sh(dir, command_of(typed));
        let got: Vec<&str> = got.lines().collect();
        assert!(
            got.len() == want.len() && want.iter().zip(&got).all(|(w, g)| matches(w, g)),
            "README line {}: `{typed}` printed\n{}\ninstead of\n{}",
            block.at + i + 1,
            got.join("\n"),
            want.join("\n")
        );
        run += 1;
        i += 1 + want.len();
    }
    run
}

/// A script: each command (continued lines joined) must succeed.
fn check_script(block: &Block, dir: &Path) -> usize {
    let mut run = 0;
    let mut command = String::new();
    for line in &block.lines {
        if command.is_empty() && (line.trim().is_empty() || line.trim_start().starts_with('#')) {
            continue;
        }
        match command_of(line).strip_suffix('\\') {
            Some(part) => command.push_str(part),
            None => {
                command.push_str(command_of(line));
                let (ok, out) = sh(dir, &command);
                assert!(ok, "README line {}: `{command}` failed: {out}", block.at);
                run += 1;
                command.clear();
            }
        }
    }
    run
}

#[test]
fn every_readme_example_runs_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let (mut sessions, mut scripts, mut skipped) = (0, 0, 0);
    for block in blocks() {
        if let Some(reason) = &block.not_run {
            assert!(
                reason.len() > 10,
                "README line {}: say why the block is not run",
                block.at
            );
            skipped += 1;
            continue;
        }
        match block.lang.as_str() {
            "text" if block.lines.first().is_some_and(|l| l.starts_with("$ ")) => {
                sessions += check_session(&block, dir.path());
            }
            "sh" => scripts += check_script(&block, dir.path()),
            lang => panic!(
                "README line {}: a ```{lang} block is neither a session nor a script: mark it \
                 <!-- not run: REASON -->",
                block.at
            ),
        }
    }
    assert!(sessions >= 10, "only {sessions} session commands ran");
    assert!(scripts >= 2, "only {scripts} script commands ran");
    assert!(skipped >= 5, "{skipped}");
}

#[test]
fn the_wildcard_stands_for_text_within_a_line() {
    assert!(matches("a … b", "a 12 ms b"));
    assert!(matches("…", "anything"));
    assert!(matches("x…y…z", "x1y2z"));
    assert!(!matches("a … b", "a 12 ms c"));
    assert!(!matches("abc", "abcd"));
    assert!(!matches("x…y…z", "x1z"));
}
