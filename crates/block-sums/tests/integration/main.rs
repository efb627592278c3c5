//! The integration tests of `block-sums`, one test binary (compiled and
//! linked once, the way ripgrep does it): one module per topic.
//! `cargo test -p queens-block-sums --test integration TOPIC::` runs one
//! topic.

mod cli;
mod findings;
mod random_args;

/// The layout this binary depends on: no `tests/*.rs` beside this folder
/// (each would be a test binary of its own, compiled and linked apart), and
/// every file in this folder declared above (an undeclared one would never
/// compile, its tests silently gone). The topics share one process, so none
/// may change what the process holds for all of them: its environment, its
/// current folder, its umask, its signal dispositions (a child gets what it
/// needs through its own `Command`: `env`, `current_dir`, `pre_exec`).
#[test]
fn one_test_binary_whose_topics_share_no_process_state() {
    use std::path::Path;
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let here = tests.join("integration");
    let names = |dir: &Path| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let stray: Vec<String> = names(&tests)
        .into_iter()
        .filter(|n| n.ends_with(".rs"))
        .collect();
    assert!(stray.is_empty(), "move {stray:?} into tests/integration/");
    let main = std::fs::read_to_string(here.join("main.rs")).unwrap();
    let declared: Vec<&str> = main
        .lines()
        .filter_map(|l| l.trim().strip_prefix("mod ")?.strip_suffix(';'))
        .collect();
    for name in names(&here) {
        let Some(module) = name.strip_suffix(".rs") else {
            continue;
        };
        if module == "main" {
            continue;
        }
        assert!(
            declared.contains(&module),
            "declare `mod {module};` in main.rs"
        );
        let text = std::fs::read_to_string(here.join(&name)).unwrap();
        for global in ["set_var(", "remove_var(", "set_current_dir(", "umask("] {
            assert!(!text.contains(global), "{name} calls {global}…)");
        }
        // Signal dispositions are set only in a child, before it execs.
        if module != "harness" {
            for global in ["sigaction(", "libc::signal(", "sigprocmask("] {
                assert!(!text.contains(global), "{name} calls {global}…)");
            }
        }
    }
}
