//! The xtask's shape: its top-level modules import each other in one
//! direction only (no cycle), and no source file grows past ~500 lines.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// Top-level module → the top-level modules its files name as `crate::x`
/// (or `super::x` from a top-level file's own children is internal).
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in sources(src) {
        let rel = file.strip_prefix(src).unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if top == "lib" || top == "main" {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        let deps = graph.entry(top.clone()).or_default();
        for part in text.split("crate::").skip(1) {
            let name: String = part
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            // Items of lib.rs (Error, Result, project_root, bail) are not modules.
            let is_module = src.join(format!("{name}.rs")).exists() || src.join(&name).is_dir();
            if is_module && name != top {
                deps.insert(name);
            }
        }
    }
    graph
}

#[test]
fn the_modules_form_no_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = graph(&src);
    assert!(graph.contains_key("lessons") && graph.contains_key("render"));
    // Depth-first search for a back edge.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) {
        if done.contains(node) {
            return;
        }
        if let Some(i) = path.iter().position(|p| p == node) {
            panic!("import cycle: {} -> {node}", path[i..].join(" -> "));
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            visit(next, graph, path, done);
        }
        path.pop();
        done.insert(node.to_string());
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        visit(node, &graph, &mut Vec::new(), &mut done);
    }
    // The pipeline's direction, stated: nothing upstream names a later stage.
    let stages = ["profile", "measure", "analysis", "lessons", "render"];
    for (i, stage) in stages.iter().enumerate() {
        for later in &stages[i + 1..] {
            assert!(
                !graph[*stage].contains(*later),
                "{stage} imports {later}, a later stage of the pipeline"
            );
        }
    }
    assert!(
        !graph["data"].iter().any(|d| stages.contains(&d.as_str())),
        "data imports a pipeline stage: {:?}",
        graph["data"]
    );
}

#[test]
fn no_source_file_is_too_long_to_read() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let long: Vec<String> = sources(&src)
        .into_iter()
        .filter_map(|f| {
            let lines = fs::read_to_string(&f).unwrap().lines().count();
            (lines > 550).then(|| format!("{} ({lines} lines)", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "split these files: {long:?}");
}
