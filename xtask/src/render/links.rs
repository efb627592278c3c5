//! The report's links: GitHub's heading anchors, and a check that every
//! in-page link and every link to a file resolves.

use std::collections::BTreeSet;
use std::path::Path;

/// The anchor GitHub gives a heading: lower case, punctuation dropped,
/// spaces as hyphens (`## 1. Representation: same tree` →
/// `1-representation-same-tree`).
pub fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of every heading in `md` (GitHub numbers repeated ones).
pub fn anchors(md: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut in_code = false;
    for line in md.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        let Some(text) = line.strip_prefix('#').filter(|_| !in_code) else {
            continue;
        };
        let base = slug(text.trim_start_matches('#'));
        let mut anchor = base.clone();
        let mut k = 1;
        while seen.contains(&anchor) {
            anchor = format!("{base}-{k}");
            k += 1;
        }
        seen.insert(anchor);
    }
    seen
}

/// Every markdown link target in `md`: the text between `](` and `)`.
pub fn targets(md: &str) -> Vec<String> {
    md.split("](")
        .skip(1)
        .filter_map(|rest| rest.split_once(')').map(|(t, _)| t.to_string()))
        .collect()
}

/// The links of `md` that do not resolve: fragments without a heading, and
/// relative files missing under `dir`, or Markdown files there without the
/// heading a fragment names (web addresses are not checked).
pub fn broken(md: &str, dir: &Path) -> Vec<String> {
    let anchors = anchors(md);
    targets(md)
        .into_iter()
        .filter(|t| match t.strip_prefix('#') {
            Some(fragment) => !anchors.contains(fragment),
            None if t.contains("://") => false,
            None => {
                let (file, fragment) = t.split_once('#').unwrap_or((t, ""));
                let path = dir.join(file);
                match std::fs::read_to_string(&path) {
                    _ if !path.exists() => true,
                    Ok(text) if file.ends_with(".md") && !fragment.is_empty() => {
                        !self::anchors(&text).contains(fragment)
                    }
                    _ => false,
                }
            }
        })
        .collect()
}

/// The broken links of `REPORT.md` and every page of the course under `out`,
/// each as `page: link`.
pub fn broken_pages(out: &Path) -> Vec<String> {
    let mut pages = vec![out.join(super::REPORT)];
    if let Ok(entries) = std::fs::read_dir(out.join(super::course::FOLDER)) {
        let mut md: Vec<_> = entries
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        md.sort();
        pages.extend(md);
    }
    pages
        .iter()
        .flat_map(|page| {
            let text = std::fs::read_to_string(page).unwrap_or_default();
            let dir = page.parent().unwrap_or(out);
            let name = page.strip_prefix(out).unwrap_or(page).display().to_string();
            broken(&text, dir)
                .into_iter()
                .map(move |link| format!("{name}: {link}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_follow_github() {
        assert_eq!(
            slug("1. Representation: same tree, different data structures"),
            "1-representation-same-tree-different-data-structures"
        );
        assert_eq!(slug("How to reproduce"), "how-to-reproduce");
        assert_eq!(slug("The `half-join` lesson"), "the-half-join-lesson");
    }

    #[test]
    fn broken_links_are_found() {
        let md = "# Top\n\n## Part\n\n```sh\n# not a heading\n```\n\nSee [a](#part), [b](#top), [c](#nope), [d](missing.svg), [e](https://x.org/y).\n";
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(broken(md, dir.path()), ["#nope", "missing.svg"]);
        assert!(!anchors(md).contains("not-a-heading"));
    }
}
