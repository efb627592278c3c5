//! The page under node and Chromium: the model's own tests, and the
//! committed page driven by keys (skipped, with the reason, where a tool is
//! missing).

use std::fs;
use std::path::{Path, PathBuf};

use super::*;

/// `node`, if it runs here.
fn node() -> Option<&'static str> {
    let ok = std::process::Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    ok.then_some("node")
}

/// Whether a test may skip a missing tool: only when `QUEENS_SKIP_<TOOL>=1`
/// says so, never in CI (`CI` set). Prints why it skips.
fn may_skip(tool: &str, opt_out: &str, what: &str) -> bool {
    let asked = std::env::var(opt_out).is_ok_and(|v| v == "1");
    if asked && std::env::var_os("CI").is_none() {
        eprintln!("skipped ({opt_out}=1): `{tool}` is not installed, so {what} was not tested");
        return true;
    }
    false
}

/// The page's model, panels and local searches' decisions under node's
/// test runner (`assets/explore/model.test.js`), on the committed traces
/// and on a trace of every event kind packed here. Fails when node (18 or
/// later) is missing, unless `QUEENS_SKIP_NODE=1` is set outside CI.
#[test]
fn the_model_passes_its_node_tests() {
    let Some(node) = node() else {
        if may_skip(
            "node",
            "QUEENS_SKIP_NODE",
            "the explorer's model (model.test.js)",
        ) {
            return;
        }
        panic!(
            "`node` is not installed: install Node.js 18 or later to test the explorer's \
             model (model.test.js), or set QUEENS_SKIP_NODE=1 to skip this test (not in CI)"
        );
    };
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        fs::write(&path, text).unwrap();
        path
    };
    let scripts = write(
        "page-scripts.js",
        &[model_script().as_str(), PANELS, LOCAL, LAB].join("\n"),
    );
    let reports = Path::new(env!("CARGO_MANIFEST_DIR")).join("../reports/data");
    let committed = embedded(&page(&reports, MAX_BYTES).unwrap());
    let traces = write("traces.json", &serde_json::to_string(&committed).unwrap());
    let (every, codes) = every_event_kind();
    let every = write("every.json", &every.to_string());
    let codes = write("codes.json", &serde_json::to_string(&codes).unwrap());
    let test_file = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/explore/model.test.js");
    let out = queens_test_support::output(
        std::process::Command::new(node)
            .arg("--test")
            .arg(&test_file)
            .env("QUEENS_SCRIPTS", &scripts)
            .env("QUEENS_TRACES", &traces)
            .env("QUEENS_EVERY", &every)
            .env("QUEENS_CODES", &codes),
    );
    assert!(
        out.status.success(),
        "node --test model.test.js failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Chromium, if installed: `/usr/bin/chromium`, else `chromium` or
/// `chromium-browser` on the `PATH` (as `.ci/browser-test` finds it).
fn chromium() -> Option<PathBuf> {
    let fixed = PathBuf::from("/usr/bin/chromium");
    if fixed.is_file() {
        return Some(fixed);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|p| p.is_file())
}

/// The committed `reports/explore.html` driven by real key presses in
/// headless Chromium (`.ci/explore-drive.py check --one-size`, the DevTools
/// protocol over a pipe): at 400 and 1920 px every approach steps by the
/// keys on its first board, its counters, end message and panels agree
/// with the trace file, the slider and space work, bad addresses are named,
/// the engine (`live.js`, in its worker) writes every recorded trace again,
/// and nothing is logged or fetched. Only the first board of each approach:
/// every board took 76 s on a 2-core machine, the first boards 15 s, and
/// the other boards replay the same code with other traces;
/// `.ci/browser-test` (CI) drives every board. Skipped, saying why, when
/// Chromium or python3 is missing, except in CI (`CI` set), where that fails.
#[test]
fn the_committed_page_passes_its_keyboard_test() {
    let python = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let missing = if chromium().is_none() {
        Some("chromium (/usr/bin/chromium, or on PATH)")
    } else {
        (!python).then_some("python3")
    };
    if let Some(tool) = missing {
        assert!(
            std::env::var_os("CI").is_none(),
            "{tool} is needed by this test in CI (.ci/run installs it)"
        );
        eprintln!(
            "skipped: {tool} is not installed, so the explorer's keyboard test \
             (.ci/explore-drive.py) was not run; install Debian's chromium to run it"
        );
        return;
    }
    let browser = chromium().expect("found above");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let logs = tempfile::tempdir().unwrap();
    let (out, err) = (logs.path().join("out"), logs.path().join("err"));
    let mut child = std::process::Command::new("python3")
        .arg(root.join(".ci/explore-drive.py"))
        .arg("check")
        .arg(&browser)
        .arg(root.join("reports"))
        .arg("--one-size")
        .env("TMPDIR", logs.path())
        .stdout(fs::File::create(&out).unwrap())
        .stderr(fs::File::create(&err).unwrap())
        .spawn()
        .unwrap();
    // A bound far above its run time, so that a hung browser fails the test.
    let limit = std::time::Duration::from_secs(600);
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("explore-drive.py ran over {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    let (out, err) = (
        fs::read_to_string(out).unwrap(),
        fs::read_to_string(err).unwrap(),
    );
    assert!(
        status.success(),
        "explore-drive.py check failed:\n{out}\n{err}"
    );
    eprintln!("{}", out.trim());
}
