//! `cargo xtask render`: `DIR/data` → `DIR/charts` and `DIR/REPORT.md`, a
//! pure function of the data (no clock, no hash-map order: the same data
//! gives the same bytes). The lessons say what to show; [`chart`] draws it,
//! [`markdown`] writes the text around it.

mod appendix;
mod board;
pub mod chart;
pub mod links;
pub mod markdown;
pub mod trees;
mod words;

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
pub const OUTPUTS: [&str; 4] = [CHARTS, trees::FOLDER, REPORT, crate::explore::PAGE];

/// The solved boards of the data, as figures.
fn boards(data: &Dataset) -> Vec<Figure> {
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
            let how = match b.seed {
                Some(seed) => format!("found by `{}` with random seed {seed}", b.approach),
                None => format!("the first solution `{}` finds", b.approach),
            };
            Figure {
                chart: Chart::Board(BoardPicture {
                    name: format!("board_{size}"),
                    title: format!("A solution for n = {size} ({}){listing}", b.approach),
                    cols: b.cols.clone(),
                }),
                caption: format!(
                    "A solution for n = {size}, {how}; checked to be a solution before it was kept."
                ),
            }
        })
        .collect()
}

/// Renders `data` into `out`: charts/, REPORT.md, and explore.html from the
/// traces in `data_dir` (the folder `data` was loaded from).
pub fn render(data: &Dataset, data_dir: &Path, out: &Path) -> Result<()> {
    chart::register_font()?;
    let dir = out.join(CHARTS);
    fs::create_dir_all(&dir).context(|| format!("cannot create {}", dir.display()))?;
    let lessons = lessons::all(data);
    let boards = boards(data);
    let figures = lessons.iter().flat_map(|l| &l.figures).chain(&boards);
    for figure in figures {
        chart::draw(&dir, &figure.chart)?;
    }
    let pictures = trees::render(&data.traces, &out.join(trees::FOLDER))?;
    let md = markdown::report(data, &lessons, &boards, &pictures);
    let path = out.join(REPORT);
    fs::write(&path, md).context(|| format!("cannot write {}", path.display()))?;
    crate::explore::write_page(data_dir, &out.join(crate::explore::PAGE))
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
        assert!(md.starts_with(markdown::GENERATED), "{}", &md[..80]);
        let broken = links::broken(&md, dir.path());
        assert!(broken.is_empty(), "broken links: {broken:?}");
    }
}
