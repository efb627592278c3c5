//! The docs keep up with the registry: README.md's table and ARCHITECTURE.md
//! name every registered approach.

use queens_approaches::REGISTRY;

fn read(name: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../").to_string() + name;
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn readme_table_has_a_row_per_approach() {
    let readme = read("README.md");
    for a in REGISTRY.all() {
        let info = a.info();
        let row = format!("| `{}` |", info.id);
        assert!(readme.contains(&row), "README.md has no table row {row}");
        let limit = format!("n ≤ {}", info.max_n);
        let line = readme.lines().find(|l| l.starts_with(&row)).unwrap();
        assert!(
            line.contains(&limit),
            "README.md row of {} lacks {limit}",
            info.id
        );
    }
}

#[test]
fn architecture_names_every_approach_crate() {
    let arch = read("ARCHITECTURE.md");
    for id in REGISTRY.ids() {
        assert!(arch.contains(id), "ARCHITECTURE.md does not mention {id}");
    }
}
