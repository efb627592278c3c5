//! The course's links into the source: a link whose text is an item in
//! backticks (`` [`Climber::run`](../../crates/hill-climbing/src/climb.rs) ``)
//! names a file, relative to the page, and an item the file must define.
//! The link keeps working as the file is edited (no line number), and this
//! test fails when the file, or the item in it, is gone.

use std::path::Path;

/// A link to an item of the code: (the item as written, the file).
fn item_links(md: &str) -> Vec<(String, String)> {
    md.split("[`")
        .skip(1)
        .filter_map(|rest| {
            let (item, rest) = rest.split_once("`](")?;
            let (file, _) = rest.split_once(')')?;
            file.ends_with(".rs")
                .then(|| (item.to_string(), file.to_string()))
        })
        .collect()
}

/// Whether `source` defines `item`: `name` as a function, type, trait,
/// constant or module; `Type::name` as a function in an `impl` of `Type`.
fn defines(source: &str, item: &str) -> bool {
    let is_word_end = |rest: &str| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_');
    let declares = |keyword: &str, name: &str| {
        source.lines().any(|line| {
            let code = line.trim_start();
            let code = code
                .strip_prefix("pub(crate) ")
                .or_else(|| code.strip_prefix("pub(super) "))
                .or_else(|| code.strip_prefix("pub "))
                .unwrap_or(code);
            code.strip_prefix(keyword)
                .and_then(|r| r.strip_prefix(name))
                .is_some_and(is_word_end)
        })
    };
    match item.rsplit_once("::") {
        Some((ty, name)) => {
            // The impl block of `ty` that holds `fn name`: from the `impl`
            // line naming the type to the next `impl` line.
            let mut inside = false;
            source.lines().any(|line| {
                if line.starts_with("impl") {
                    inside = line
                        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .any(|w| w == ty);
                    return false;
                }
                let code = line.trim_start();
                let code = code
                    .strip_prefix("pub(crate) ")
                    .or_else(|| code.strip_prefix("pub "))
                    .unwrap_or(code);
                inside
                    && code
                        .strip_prefix("fn ")
                        .and_then(|r| r.strip_prefix(name))
                        .is_some_and(is_word_end)
            })
        }
        None => [
            "fn ", "struct ", "enum ", "trait ", "const ", "static ", "type ", "mod ",
        ]
        .iter()
        .any(|k| declares(k, item)),
    }
}

/// The item links of `md` (a page in `dir`) whose file is missing or does
/// not define the item, each as `item (file)`; a link whose text is the
/// file's path needs only the file.
fn missing(md: &str, dir: &Path) -> Vec<String> {
    item_links(md)
        .into_iter()
        .filter(
            |(item, file)| match std::fs::read_to_string(dir.join(file)) {
                Err(_) => true,
                // A link whose text is the file's own path names no item.
                Ok(_) if file.ends_with(item.as_str()) => false,
                Ok(source) => !defines(&source, item),
            },
        )
        .map(|(item, file)| format!("{item} ({file})"))
        .collect()
}

#[test]
fn every_item_the_course_links_to_is_in_its_file() {
    let course = crate::project_root().join("reports/course");
    let mut checked = 0;
    let mut broken = Vec::new();
    for entry in std::fs::read_dir(&course).unwrap() {
        let page = entry.unwrap().path();
        let Ok(md) = std::fs::read_to_string(&page) else {
            continue;
        };
        checked += item_links(&md).len();
        broken.extend(
            missing(&md, &course)
                .into_iter()
                .map(|m| format!("{}: {m}", page.display())),
        );
    }
    assert!(
        broken.is_empty(),
        "links to items not found:\n{}",
        broken.join("\n")
    );
    // Page 19 alone links every line of seven algorithms.
    assert!(checked >= 40, "only {checked} item links found");
}

#[test]
fn a_missing_item_a_missing_file_and_an_item_of_another_type_are_caught() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("x.rs"),
        "pub struct Climber;\nimpl Climber {\n    pub fn run(&self) {}\n}\n\
         impl Other {\n    fn climb(&self) {}\n}\nfn anneal_more() {}\n",
    )
    .unwrap();
    let page = "[`Climber::run`](x.rs) [`Climber`](x.rs) \
                [`Climber::climb`](x.rs) [`anneal`](x.rs) [`run`](y.rs) \
                [`Other::climb`](x.rs) [`x.rs`](x.rs) [`y.rs`](y.rs) [not code](z.rs)";
    assert_eq!(
        missing(page, dir.path()),
        [
            "Climber::climb (x.rs)",
            "anneal (x.rs)",
            "run (y.rs)",
            "y.rs (y.rs)"
        ]
    );
}

/// The views of `explore.html` that `md` links to, each as its
/// (algo, n, knobs) (`%20` read as a space; no knobs: `None`).
fn explorer_views(md: &str) -> Vec<(String, String, Option<String>)> {
    crate::render::links::targets(md)
        .into_iter()
        .filter_map(|t| {
            let (_, hash) = t.split_once("explore.html#")?;
            let get = |key: &str| {
                hash.split('&')
                    .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
                    .map(|v| v.replace("%20", " "))
            };
            Some((get("algo")?, get("n")?, get("knobs")))
        })
        .collect()
}

#[test]
fn every_explorer_view_the_course_links_to_is_traced() {
    let root = crate::project_root().join("reports");
    let index: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("data/traces/index.json")).unwrap(),
    )
    .unwrap();
    let traced = |algo: &str, n: &str, knobs: &Option<String>| {
        index.as_array().unwrap().iter().any(|e| {
            e["approach"] == algo
                && e["n"].as_u64().map(|v| v.to_string()).as_deref() == Some(n)
                && knobs.as_ref().is_none_or(|k| e["knobs"] == k.as_str())
        })
    };
    let page19 = std::fs::read_to_string(root.join("course/19-algorithms.md")).unwrap();
    assert!(
        explorer_views(&page19).len() >= 7,
        "page 19 links a view per method"
    );
    let views: Vec<_> = std::fs::read_dir(root.join("course"))
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.unwrap().path()).ok())
        .flat_map(|md| explorer_views(&md))
        .collect();
    let untraced: Vec<_> = views.iter().filter(|(a, n, k)| !traced(a, n, k)).collect();
    assert!(untraced.is_empty(), "views not traced: {untraced:?}");
    // And a view of no trace is caught.
    let wrong = explorer_views("[x](../explore.html#algo=csp&n=8&knobs=--order%20degree)");
    assert!(wrong.iter().all(|(a, n, k)| !traced(a, n, k)), "{wrong:?}");
}
