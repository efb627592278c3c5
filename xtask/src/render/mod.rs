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
pub const OUTPUTS: [&str; 7] = [
    CHARTS,
    trees::FOLDER,
    course::FOLDER,
    html::PAGE,
    html::TEACHER_PAGE,
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

/// Renders `data` into `out`: charts/, trees/, course/, REPORT.md, the
/// printable course.html (students) and teacher.html, and explore.html from the traces in `data_dir` (the folder `data` was
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
    let in_course = |stem: &'static str| {
        let md = pages.get(&format!("{}/{stem}.md", course::FOLDER))?;
        Some(html::Section {
            stem,
            dir: course::FOLDER,
            md,
        })
    };
    let index = html::for_students(&pages[REPORT]);
    let students: Vec<html::Section> = std::iter::once(html::Section {
        stem: "index",
        dir: "",
        md: &index,
    })
    .chain(
        chapters
            .iter()
            .filter(|(_, c)| c.is_some())
            .filter_map(|(p, _)| in_course(p.file)),
    )
    .collect();
    let teacher: Vec<html::Section> = [
        course::TEACHER.trim_end_matches(".md"),
        course::ANSWERS.trim_end_matches(".md"),
        course::TEACHER_TABLES,
    ]
    .into_iter()
    .filter_map(in_course)
    .collect();
    for (name, title, sections) in [
        (html::PAGE, course::TITLE, &students),
        (html::TEACHER_PAGE, course::TEACHER_TITLE, &teacher),
    ] {
        let path = out.join(name);
        fs::write(&path, html::page(title, sections))
            .context(|| format!("cannot write {}", path.display()))?;
    }
    let drawings: Vec<_> = pictures
        .iter()
        .map(|p| crate::explore::tree::Drawing {
            href: format!("{}/{}.svg", trees::FOLDER, p.name),
            title: &p.title,
            drawn: &p.drawn,
        })
        .collect();
    let rendered: Vec<&str> = chapters
        .iter()
        .filter(|(_, c)| c.is_some())
        .map(|(p, _)| p.file)
        .collect();
    crate::explore::write_page(
        data_dir,
        &out.join(crate::explore::PAGE),
        &drawings,
        &rendered,
    )
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

    /// The text a reader sees of HTML (`tags`) or Markdown: tags,
    /// emphasis and code marks dropped, Markdown links as their text,
    /// entities decoded, whitespace runs as one space.
    fn plain(s: &str, tags: bool) -> String {
        let mut out = String::with_capacity(s.len());
        let mut in_tag = false;
        let mut rest = s;
        while let Some(c) = rest.chars().next() {
            rest = &rest[c.len_utf8()..];
            match c {
                '<' if tags => in_tag = true,
                '>' if in_tag => in_tag = false,
                _ if in_tag => {}
                // A Markdown link's target: `](…)`.
                ']' if rest.starts_with('(') => {
                    rest = rest.split_once(')').map_or("", |(_, after)| after);
                }
                '*' | '`' | '[' | ']' => {}
                c => out.push(c),
            }
        }
        let out = out
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&");
        out.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// The sentences of the answers of an answer key (the text after each
    /// `*Answer.*`) long enough to be an answer's own (six words or more).
    fn answer_sentences(key: &str) -> Vec<String> {
        key.split("*Answer.*")
            .skip(1)
            .map(|a| a.split("\n\n**Exercise").next().unwrap_or(a))
            .map(|a| a.split("\n## ").next().unwrap_or(a))
            .flat_map(|a| {
                plain(a, false)
                    .split(". ")
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .filter(|s| s.split_whitespace().count() >= 6)
            .collect()
    }

    /// Every link target of an HTML page.
    fn hrefs(html: &str) -> Vec<&str> {
        html.split("href=\"")
            .skip(1)
            .filter_map(|h| h.split_once('"').map(|(t, _)| t))
            .collect()
    }

    fn committed(path: &str) -> String {
        let path = crate::project_root().join("reports").join(path);
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// The students' handout holds no answer of the key and links to no
    /// answer, while the teacher's page holds every one (so the search
    /// for an answer's sentences finds them where they are), and the index
    /// and the README point the teacher to it.
    #[test]
    fn the_students_page_holds_no_answer_and_links_to_none() {
        let (students, teacher) = (committed(html::PAGE), committed(html::TEACHER_PAGE));
        let key = committed(&format!("{}/{}", course::FOLDER, course::ANSWERS));
        let sentences = answer_sentences(&key);
        assert!(sentences.len() > 20, "{sentences:?}");
        let on = |page: &str| {
            let text = plain(page, true);
            sentences
                .iter()
                .filter(|s| text.contains(s.as_str()))
                .cloned()
                .collect::<Vec<_>>()
        };
        assert_eq!(
            on(&students),
            Vec::<String>::new(),
            "answers in course.html"
        );
        assert_eq!(on(&teacher), sentences, "answers missing from teacher.html");
        for link in hrefs(&students) {
            assert!(
                !link.contains("answers") && !link.contains("teacher"),
                "course.html links to {link}"
            );
        }
        assert!(!students.contains("id=\"answers"));
        // The index and the README say where the teacher's page is.
        assert!(committed(REPORT).contains(&format!("]({})", html::TEACHER_PAGE)));
        let readme = fs::read_to_string(crate::project_root().join("README.md")).unwrap();
        assert!(readme.contains(&format!("](reports/{})", html::TEACHER_PAGE)));
        let title = key.lines().find_map(|l| l.strip_prefix("# ")).unwrap();
        assert!(
            !plain(&students, true).contains(title),
            "course.html holds `{title}`"
        );
        assert!(plain(&teacher, true).contains(title));
    }

    /// The teacher's page reaches the chapters in the students' page: each
    /// such link has its target there.
    #[test]
    fn the_teachers_links_into_the_students_page_have_targets() {
        let (students, teacher) = (committed(html::PAGE), committed(html::TEACHER_PAGE));
        let into: Vec<&str> = hrefs(&teacher)
            .into_iter()
            .filter_map(|h| h.strip_prefix(&format!("{}#", html::PAGE)))
            .collect();
        assert!(!into.is_empty());
        for id in into {
            assert!(
                students.contains(&format!("id=\"{id}\"")),
                "teacher.html links to course.html#{id}, which has no such id"
            );
        }
    }

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
        let tmp = tempfile::tempdir().unwrap();
        // The report in a folder beside the repository's crates, as
        // reports/ is, so that the course's links into the code resolve.
        let dir = tmp.path().join("reports");
        fs::create_dir(&dir).unwrap();
        std::os::unix::fs::symlink(
            crate::project_root().join("crates"),
            tmp.path().join("crates"),
        )
        .unwrap();
        data.save(&dir.join("data")).unwrap();
        render(&data, &dir.join("data"), &dir).unwrap();
        let md = fs::read_to_string(dir.join(REPORT)).unwrap();
        assert!(md.starts_with(course::GENERATED), "{}", &md[..80]);
        // The explorer's screenshots are made by `.ci/browser-test --screens`,
        // not by render: the committed ones stand beside the pages.
        let screens = Path::new(env!("CARGO_MANIFEST_DIR")).join("../reports/screens");
        fs::create_dir(dir.join("screens")).unwrap();
        for entry in fs::read_dir(&screens).unwrap() {
            let path = entry.unwrap().path();
            fs::copy(&path, dir.join("screens").join(path.file_name().unwrap())).unwrap();
        }
        let broken = links::broken_pages(&dir);
        assert!(broken.is_empty(), "broken links: {broken:?}");
    }
}
