//! What the page's tree view (`tree.js`) takes from Rust for one trace: the
//! counts of the tree [`crate::analysis::tree`] rebuilds from it, the same
//! rules the committed pictures are drawn by (the page's selftest checks its
//! drawing against them), and links to the committed pictures of that tree
//! (`render` says which it drew: [`Drawing`]).

use std::path::Path;

use crate::Result;
use crate::data::traces::Trace;

/// A picture drawn beside the page, as `render` describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing<'a> {
    /// Its SVG's address relative to the page's folder.
    pub href: String,
    /// Its title.
    pub title: &'a str,
    /// The traces it draws, (approach id, n).
    pub drawn: &'a [(String, usize)],
}

pub use queens_trace_pack::{Link, TreeFacts};

/// The facts of `trace`'s tree (`None` when its events make no tree: the
/// local searches, half-join), linking the `pictures` that draw it and whose
/// SVG is in `dir`, the page's folder.
pub fn facts(trace: &Trace, pictures: &[Drawing], dir: &Path) -> Result<Option<TreeFacts>> {
    let Some(mut facts) = queens_trace_pack::tree_facts(trace)? else {
        return Ok(None);
    };
    let entry = &trace.entry;
    facts.pictures = pictures
        .iter()
        .filter(|p| {
            p.drawn
                .iter()
                .any(|(id, n)| *id == entry.approach && *n == entry.n)
        })
        .map(|p| Link {
            href: p.href.clone(),
            title: p.title.to_string(),
        })
        .filter(|link| dir.join(&link.href).is_file())
        .collect();
    Ok(Some(facts))
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;
    use crate::data::traces::{self, Event};

    /// The seed's 4-Queens search, from the page's fixtures.
    fn seed_search() -> Trace {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/explore/fixtures");
        let all = traces::load(&dir).unwrap();
        let found = all.iter().find(|t| t.entry.approach == "attack-board");
        found.expect("the fixture of attack-board").clone()
    }

    /// The traces a picture draws.
    fn drawn(list: &[(&str, usize)]) -> Vec<(String, usize)> {
        list.iter().map(|(a, n)| (a.to_string(), *n)).collect()
    }

    #[test]
    fn the_counts_are_the_trees_of_the_traces_own_events() {
        let t = seed_search();
        let count = |f: fn(&Event) -> bool| t.body().iter().filter(|e| f(e)).count();
        let facts = facts(&t, &[], Path::new("")).unwrap().unwrap();
        let places = count(|e| matches!(e, Event::Place { .. }));
        // A node per queen placed: the root is not one.
        assert_eq!(facts.nodes, places);
        assert_eq!(
            facts.dead_ends,
            count(|e| matches!(e, Event::DeadEnd { .. }))
        );
        assert_eq!(
            facts.solutions,
            count(|e| matches!(e, Event::Solution { .. }))
        );
        // The seed's box trace: 16 placements, 4 dead ends, 2 solutions.
        assert_eq!((facts.nodes, facts.dead_ends, facts.solutions), (16, 4, 2));
    }

    #[test]
    fn only_pictures_of_that_approach_and_n_that_exist_are_linked() {
        let t = seed_search();
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("trees")).unwrap();
        for name in ["mine", "other_n", "other_approach"] {
            fs::write(dir.path().join(format!("trees/{name}.svg")), "<svg/>").unwrap();
        }
        let lists = [
            ("mine", drawn(&[("bitmask", 4), ("attack-board", 4)])),
            ("missing", drawn(&[("attack-board", 4)])),
            ("other_n", drawn(&[("attack-board", 5)])),
            ("other_approach", drawn(&[("bitmask", 4)])),
        ];
        let pictures: Vec<Drawing> = lists
            .iter()
            .map(|(name, drawn)| Drawing {
                href: format!("trees/{name}.svg"),
                title: name,
                drawn,
            })
            .collect();
        let facts = facts(&t, &pictures, dir.path()).unwrap().unwrap();
        let want = Link {
            href: "trees/mine.svg".into(),
            title: "mine".into(),
        };
        assert_eq!(facts.pictures, [want]);
    }
}
