//! `cargo xtask render`: `DIR/data` → `DIR/charts`, `DIR/course/` and
//! `DIR/REPORT.md`, a pure function of the data and the templates (no
//! clock, no hash-map order: the same data gives the same bytes). The
//! lessons compute facts and figures; [`chart`] draws the figures,
//! [`course`] renders the chapters' templates around them.

mod board;
pub mod chart;
pub mod course;
pub mod html;
pub mod links;
pub mod trees;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use crate::data::Dataset;
use crate::figure::{BoardPicture, Chart, Figure};
use crate::lessons;
use crate::{Context, Result};

/// The folder of the charts, inside DIR.
pub const CHARTS: &str = "charts";
/// The report, inside DIR.
pub const REPORT: &str = "REPORT.md";
/// What `render` writes into DIR.
pub const OUTPUTS: [&str; 6] = [
    CHARTS,
    trees::FOLDER,
    course::FOLDER,
    html::PAGE,
    REPORT,
    crate::explore::PAGE,
];

/// The solved boards of the data, as figures.
pub(crate) fn boards(data: &Dataset) -> Vec<Figure> {
    data.boards
        .iter()
        .map(|b| {
            let size = b.cols.len();
            let listing = if size <= 12 {
                let cols: Vec<String> = b.cols.iter().map(u32::to_string).collect();
                format!(": ({})", cols.join(", "))
            } else {
                String::new()
            };
            Figure {
                chart: Chart::Board(BoardPicture {
                    name: format!("board_{size}"),
                    title: format!("A solution for n = {size} ({}){listing}", b.approach),
                    cols: b.cols.clone(),
                }),
            }
        })
        .collect()
}

/// Where every figure lives, for the templates' `figure("name")`.
pub(crate) fn placed(
    figures: &[&Figure],
    pictures: &[trees::Picture],
) -> BTreeMap<String, course::env::Placed> {
    let charts = figures.iter().map(|f| {
        let placed = course::env::Placed {
            title: f.chart.title().to_string(),
            folder: CHARTS,
            wide: None,
        };
        (f.chart.name().to_string(), placed)
    });
    let trees = pictures.iter().map(|p| {
        let placed = course::env::Placed {
            title: p.title.clone(),
            folder: trees::FOLDER,
            wide: (p.width > course::env::INLINE_WIDTH).then_some((p.width, p.height)),
        };
        (p.name.clone(), placed)
    });
    charts.chain(trees).collect()
}

/// Renders `data` into `out`: charts/, trees/, course/, REPORT.md, and
/// explore.html from the traces in `data_dir` (the folder `data` was
/// loaded from). Every page is rendered before any is written.
pub fn render(data: &Dataset, data_dir: &Path, out: &Path) -> Result<()> {
    chart::register_font()?;
    let templates = course::Templates::load(&course::templates_dir())?;
    let chapters = lessons::chapters(data);
    let boards = boards(data);
    let figures: Vec<&Figure> = chapters
        .iter()
        .filter_map(|(_, c)| c.as_ref())
        .flat_map(|c| &c.figures)
        .chain(&boards)
        .collect();
    let pictures = trees::render(&data.traces, &out.join(trees::FOLDER))?;
    let (_, pages) = course::pages(data, &templates, &chapters, placed(&figures, &pictures))?;
    let dir = out.join(CHARTS);
    fs::create_dir_all(&dir).context(|| format!("cannot create {}", dir.display()))?;
    for figure in &figures {
        chart::draw(&dir, &figure.chart)?;
    }
    course::write(out, &pages)?;
    let chapters: Vec<(&str, &str)> = chapters
        .iter()
        .filter(|(_, c)| c.is_some())
        .filter_map(|(p, _)| {
            Some((
                p.file,
                pages
                    .get(&format!("{}/{}.md", course::FOLDER, p.file))?
                    .as_str(),
            ))
        })
        .collect();
    let page = html::page(course::TITLE, &pages[REPORT], &chapters);
    let path = out.join(html::PAGE);
    fs::write(&path, page).context(|| format!("cannot write {}", path.display()))?;
    let drawings: Vec<_> = pictures
        .iter()
        .map(|p| crate::explore::tree::Drawing {
            href: format!("{}/{}.svg", trees::FOLDER, p.name),
            title: &p.title,
            drawn: &p.drawn,
        })
        .collect();
    crate::explore::write_page(data_dir, &out.join(crate::explore::PAGE), &drawings)
}

/// Every file under `dir`, relative path → bytes, sorted (for comparisons).
pub fn snapshot(dir: &Path) -> Result<std::collections::BTreeMap<String, Vec<u8>>> {
    let mut out = std::collections::BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).context(|| format!("cannot read {}", d.display()))? {
            let path = e.context(|| format!("cannot read {}", d.display()))?.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path
                    .strip_prefix(dir)
                    .expect("inside")
                    .to_string_lossy()
                    .replace('\\', "/");
                out.insert(
                    rel,
                    fs::read(&path).context(|| format!("cannot read {}", path.display()))?,
                );
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::tests::sample_dataset;

    #[test]
    fn rendering_twice_gives_the_same_bytes() {
        let data = sample_dataset();
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let source = tempfile::tempdir().unwrap();
        data.save(source.path()).unwrap();
        render(&data, source.path(), a.path()).unwrap();
        render(&data, source.path(), b.path()).unwrap();
        let (sa, sb) = (snapshot(a.path()).unwrap(), snapshot(b.path()).unwrap());
        assert_eq!(sa.keys().collect::<Vec<_>>(), sb.keys().collect::<Vec<_>>());
        assert!(sa == sb, "render is not deterministic");
        assert!(sa.contains_key("REPORT.md"));
        assert!(sa.contains_key("charts/board_8.svg"));
        assert!(sa.contains_key("charts/board_8.png"));
    }

    #[test]
    fn every_figure_is_drawn_and_every_link_resolves() {
        let data = sample_dataset();
        let dir = tempfile::tempdir().unwrap();
        data.save(&dir.path().join("data")).unwrap();
        render(&data, &dir.path().join("data"), dir.path()).unwrap();
        let md = fs::read_to_string(dir.path().join(REPORT)).unwrap();
        assert!(md.starts_with(course::GENERATED), "{}", &md[..80]);
        // The explorer's screenshots are made by `.ci/browser-test --screens`,
        // not by render: the committed ones stand beside the pages.
        let screens = Path::new(env!("CARGO_MANIFEST_DIR")).join("../reports/screens");
        fs::create_dir(dir.path().join("screens")).unwrap();
        for entry in fs::read_dir(&screens).unwrap() {
            let path = entry.unwrap().path();
            fs::copy(
                &path,
                dir.path().join("screens").join(path.file_name().unwrap()),
            )
            .unwrap();
        }
        let broken = links::broken_pages(dir.path());
        assert!(broken.is_empty(), "broken links: {broken:?}");
    }
}
