//! The committed `reports/` must be what `cargo xtask render` makes of the
//! committed `reports/data` (rust-analyzer's "generated files are checked").

use std::collections::BTreeMap;

use xtask::data::Dataset;
use xtask::render;

#[test]
fn committed_report_and_charts_match_the_committed_data() {
    let reports = xtask::project_root().join("reports");
    let data = reports.join("data");
    assert!(
        data.join(xtask::data::SAMPLES).is_file(),
        "{} is missing, so there is nothing to check the report against: run `cargo xtask report` \
         and commit reports/ (data/, charts/ and REPORT.md) together",
        data.join(xtask::data::SAMPLES).display()
    );
    let dataset = Dataset::load(&data).unwrap_or_else(|e| panic!("{e}"));
    let fresh = tempfile::tempdir().unwrap();
    render::render(&dataset, &data, fresh.path()).unwrap_or_else(|e| panic!("{e}"));
    let fresh = render::snapshot(fresh.path()).unwrap();
    let mut committed: BTreeMap<String, Vec<u8>> = render::snapshot(&reports)
        .unwrap()
        .into_iter()
        .filter(|(path, _)| {
            render::OUTPUTS
                .iter()
                .any(|o| path == o || path.starts_with(&format!("{o}/")))
        })
        .collect();
    let mut stale = Vec::new();
    for (path, bytes) in &fresh {
        match committed.remove(path) {
            None => stale.push(format!("{path} is missing")),
            Some(old) if &old != bytes => stale.push(format!("{path} differs")),
            Some(_) => {}
        }
    }
    stale.extend(
        committed
            .keys()
            .map(|p| format!("{p} is not produced from the data any more")),
    );
    assert!(
        stale.is_empty(),
        "reports/ is stale relative to reports/data ({}): run `cargo xtask render` and commit the result",
        stale.join("; ")
    );
}

#[test]
fn every_link_of_the_committed_course_resolves() {
    let reports = xtask::project_root().join("reports");
    let broken = render::links::broken_pages(&reports);
    assert!(
        broken.is_empty(),
        "reports/REPORT.md or reports/course/ link to missing anchors or files: {broken:?}"
    );
}
