//! The template tests: every chapter renders from the committed data and
//! from the fixtures that flip its conditionals; together they take every
//! branch of every template, read every fact and place every figure.

use std::collections::{BTreeMap, BTreeSet};

use super::exercises::TAKE_HOME;
use super::tracked::leaves;
use super::*;
use crate::data::Dataset;
use crate::lessons::test_data::committed;
use crate::lessons::{Ctx, PLAN};

/// Every figure name of the chapters, and the tree pictures and boards.
pub(super) fn figures(data: &Dataset, chapters: &[Chapter]) -> BTreeMap<String, env::Placed> {
    let dir = tempfile::tempdir().unwrap();
    let pictures = crate::render::trees::render(&data.traces, dir.path()).unwrap();
    let boards = crate::render::boards(data);
    let figs: Vec<&crate::figure::Figure> = chapters
        .iter()
        .flat_map(|c| &c.figures)
        .chain(&boards)
        .collect();
    crate::render::placed(&figs, &pictures)
}

/// The templates, a course with every figure placed, and every chapter
/// built from `ctx` (the committed data), for the tests that render them.
pub(super) fn every_chapter(
    data: &Dataset,
    ctx: &Ctx,
) -> (Templates, Course, Vec<(&'static Plan, Chapter)>) {
    let templates = Templates::load(&templates_dir()).unwrap_or_else(|e| panic!("{e}"));
    let chapters: Vec<(&'static Plan, Chapter)> = PLAN
        .iter()
        .map(|p| {
            let c = (p.build)(ctx).unwrap_or_else(|| panic!("{}: no data in reports/data", p.file));
            (p, c)
        })
        .collect();
    let all: Vec<Chapter> = chapters.iter().map(|(_, c)| c.clone()).collect();
    let course = Course::new(&templates, figures(data, &all)).unwrap_or_else(|e| panic!("{e}"));
    (templates, course, chapters)
}

#[test]
fn every_chapter_renders_and_takes_every_branch_reads_every_fact_places_every_figure() {
    let data = committed();
    let ctx = Ctx::new(&data);
    let (templates, course, chapters) = every_chapter(&data, &ctx);
    let all: Vec<Chapter> = chapters.iter().map(|(_, c)| c.clone()).collect();
    let mut problems = Vec::new();
    let mut facts: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for (plan, base) in &chapters {
        let mut variants = vec![base.clone()];
        variants.extend((plan.flips)(&ctx));
        for (i, c) in variants.iter().enumerate() {
            facts.entry(plan.file).or_default().extend(leaves(&c.facts));
            match course.chapter(&templates, plan, c) {
                Err(e) => problems.push(format!("{} (variant {i}): {e}", plan.file)),
                Ok(r) => {
                    if r.text.contains("{{") || r.text.contains("{%") {
                        problems.push(format!("{}: a tag is left in the text", plan.file));
                    }
                    if i == 0 {
                        problems.extend(structure(plan, &r));
                    }
                }
            }
        }
        for f in &base.figures {
            if !course
                .recorder
                .figures
                .lock()
                .unwrap()
                .contains(f.chart.name())
            {
                problems.push(format!(
                    "{}: figure `{}` is never placed",
                    plan.file,
                    f.chart.name()
                ));
            }
        }
    }
    let with_data: Vec<(&'static Plan, Option<Chapter>)> = chapters
        .iter()
        .map(|(p, c)| (*p, Some(c.clone())))
        .collect();
    let (paged, _) = pages(&data, &templates, &with_data, figures(&data, &all))
        .unwrap_or_else(|e| panic!("{e}"));
    // The index when a chapter is left out and the tree was dirty (or clean).
    let mut narrowed = with_data.clone();
    narrowed[0].1 = None;
    narrowed[1].1 = None;
    // … and without the tables the teacher's page carries.
    for (p, c) in &mut narrowed {
        if p.file == TEACHER_TABLES {
            *c = None;
        }
    }
    let mut flipped = data.clone();
    flipped.meta.git_dirty = !flipped.meta.git_dirty;
    // … and with studies kept from an earlier run (or none).
    flipped.meta.studies = if flipped.meta.kept_studies().next().is_some() {
        Vec::new()
    } else {
        let mut kept = flipped.meta.measured_now("textbook", String::new());
        kept.kept = true;
        vec![kept]
    };
    let (paged_narrowed, _) = pages(&flipped, &templates, &narrowed, figures(&data, &all))
        .unwrap_or_else(|e| panic!("{e}"));
    let read = course.recorder.facts.lock().unwrap().clone();
    for (file, paths) in &facts {
        for p in paths {
            if !read.contains(&(file.to_string(), p.clone())) {
                problems.push(format!("{file}: the fact `{p}` is read by no template"));
            }
        }
    }
    let mut taken = course.recorder.branches.lock().unwrap().clone();
    for p in [&paged, &paged_narrowed] {
        taken.extend(p.recorder.branches.lock().unwrap().iter().cloned());
    }
    for b in templates.branches.difference(&taken) {
        problems.push(format!(
            "branch {b} is never rendered (add a fixture to its chapter's flips)"
        ));
    }
    let files: BTreeSet<String> = PLAN.iter().map(|p| format!("{}.md", p.file)).collect();
    for name in templates.names() {
        if !name.starts_with('_') && !files.contains(name) {
            problems.push(format!(
                "template {name} belongs to no chapter of lessons::PLAN"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Whitespace runs as one space, so a phrase may cross a line break.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The statements of one chapter checked on the text of one variant
/// (`0` the committed data), its text and answers: returns the problems and which statements held.
fn check_says(
    plan: &Plan,
    variant: usize,
    facts: &serde_json::Value,
    text: &str,
) -> (Vec<String>, Vec<bool>) {
    let text = words(text);
    let mut problems = Vec::new();
    let held: Vec<bool> = plan.says.iter().map(|s| (s.when)(facts)).collect();
    for (s, _) in plan.says.iter().zip(&held).filter(|(_, h)| **h) {
        if !text.contains(&words(s.says)) {
            problems.push(format!(
                "{} (variant {variant}): with {} the text should say \"{}\"",
                plan.file, s.fact, s.says
            ));
        }
        if !s.not.is_empty() && text.contains(&words(s.not)) {
            problems.push(format!(
                "{} (variant {variant}): with {} the text should not say \"{}\"",
                plan.file, s.fact, s.not
            ));
        }
    }
    (problems, held)
}

/// Every branch says what its chapter's `SAYS` states for the facts that
/// take it: on the committed data and on every flip. Each statement holds
/// on some variant, and each flip takes a statement that some other
/// variant does not, so every fixture is checked for its meaning, not
/// only rendered.
#[test]
fn every_branch_says_what_its_chapter_states_for_its_facts() {
    let data = committed();
    let ctx = Ctx::new(&data);
    let (templates, course, chapters) = every_chapter(&data, &ctx);
    let mut problems = Vec::new();
    for (plan, base) in &chapters {
        let mut variants = vec![base.clone()];
        variants.extend((plan.flips)(&ctx));
        let mut held = Vec::new();
        for (i, c) in variants.iter().enumerate() {
            let r = course
                .chapter(&templates, plan, c)
                .unwrap_or_else(|e| panic!("{e}"));
            let answers: Vec<&str> = r.exercises.iter().map(|e| e.answer.as_str()).collect();
            let text = format!("{}\n{}", r.text, answers.join("\n"));
            let (p, h) = check_says(plan, i, &c.facts, &text);
            problems.extend(p);
            held.push(h);
        }
        for (k, s) in plan.says.iter().enumerate() {
            if !held.iter().any(|h| h[k]) {
                problems.push(format!("{}: `{}` holds on no variant", plan.file, s.fact));
            }
        }
        // A statement that holds everywhere checks no branch a fact decides.
        let decides = |k: usize| held.iter().any(|h| !h[k]);
        for (i, h) in held.iter().enumerate().skip(1) {
            if !(0..h.len()).any(|k| h[k] && decides(k)) {
                problems.push(format!(
                    "{} (variant {i}): the flip takes no statement of its SAYS that another variant does not",
                    plan.file
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The statements of a chapter fail when two branches' texts are swapped.
#[test]
fn a_swapped_branch_text_breaks_a_statement() {
    let plan = Plan {
        file: "01-x",
        part: Part::Reference,
        build: |_| None,
        flips: |_| Vec::new(),
        says: &[crate::lessons::says!(
            "/v" == "lower",
            "fewer moves",
            "more moves"
        )],
    };
    let facts = serde_json::json!({ "v": "lower" });
    assert!(
        check_says(&plan, 0, &facts, "It made fewer\n moves.")
            .0
            .is_empty()
    );
    assert_eq!(
        check_says(&plan, 0, &facts, "It made more moves.").0.len(),
        2
    );
    let (p, held) = check_says(
        &plan,
        0,
        &serde_json::json!({ "v": "higher" }),
        "more moves",
    );
    assert!(p.is_empty() && held == [false]);
}

/// What a teaching chapter must hold.
fn structure(plan: &Plan, r: &Rendered) -> Vec<String> {
    let mut out = Vec::new();
    if !matches!(plan.part, Part::Core | Part::Engineering) {
        return out;
    }
    for mark in [
        "**Predict first.**",
        "**The experiment.**",
        "**Why.**",
        "**Take-home.**",
    ] {
        if r.text.matches(mark).count() != 1 {
            out.push(format!("{}: `{mark}` must appear once", plan.file));
        }
    }
    if r.take_home.is_none() {
        out.push(format!(
            "{}: the take-home must open a paragraph of its own (the index quotes it)",
            plan.file
        ));
    }
    let kinds: Vec<&str> = r
        .exercises
        .iter()
        .filter(|e| e.grade != TAKE_HOME)
        .map(|e| e.kind.as_str())
        .collect();
    if !(2..=4).contains(&kinds.len()) || !kinds.contains(&"run") || !kinds.contains(&"paper") {
        out.push(format!(
            "{}: 2 to 4 exercises besides a take-home project, at least one `run` and one \
             `paper` (has {kinds:?})",
            plan.file
        ));
    }
    out
}

#[test]
fn an_undefined_name_fails_with_the_template_line_and_name() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("01-x.md"),
        "# T\n\nfine\n{{ nodse | count }}\n",
    )
    .unwrap();
    let templates = Templates::load(dir.path()).unwrap();
    let course = Course::new(&templates, BTreeMap::new()).unwrap();
    let plan = Plan {
        file: "01-x",
        part: Part::Reference,
        build: |_| None,
        flips: |_| Vec::new(),
        says: &[],
    };
    let chapter = Chapter::new(&serde_json::json!({ "nodes": 3 }), Vec::new());
    let e = course.chapter(&templates, &plan, &chapter).unwrap_err().0;
    assert!(e.contains("01-x.md line 4") && e.contains("nodse"), "{e}");
    assert!(!e.contains('\n'), "{e}");
}

#[test]
fn every_chart_has_few_series_and_nothing_at_or_below_zero_on_a_log_axis() {
    let data = committed();
    let ctx = Ctx::new(&data);
    for plan in PLAN {
        for f in (plan.build)(&ctx).map(|c| c.figures).unwrap_or_default() {
            assert!(!f.chart.is_empty(), "{}: empty chart", f.chart.name());
            if let crate::figure::Chart::Line(c) = &f.chart {
                assert!(c.lines.len() <= crate::figure::MAX_LINES, "{}", c.name);
                for line in &c.lines {
                    assert!(
                        !c.y_log || line.points.iter().all(|p| p.1 > 0.0),
                        "{}: {} has a value ≤ 0 on a log axis",
                        c.name,
                        line.label
                    );
                }
            }
        }
    }
}

/// The core's take-home projects: at least four, in four chapters, each
/// graded by a rubric (the exercise parser pairs a project with its rubric).
#[test]
fn the_core_sets_four_take_home_projects_with_rubrics() {
    let data = committed();
    let ctx = Ctx::new(&data);
    let (templates, course, chapters) = every_chapter(&data, &ctx);
    let mut with_project = Vec::new();
    for (plan, chapter) in chapters.iter().filter(|(p, _)| p.part == Part::Core) {
        let r = course
            .chapter(&templates, plan, chapter)
            .unwrap_or_else(|e| panic!("{e}"));
        let projects: Vec<_> = r
            .exercises
            .iter()
            .filter(|e| e.grade == TAKE_HOME)
            .collect();
        for p in &projects {
            assert!(
                p.rubric && !p.answer.is_empty(),
                "{} {}: no rubric",
                r.file,
                p.number
            );
        }
        if !projects.is_empty() {
            with_project.push(r.file.clone());
        }
    }
    assert!(
        with_project.len() >= 4,
        "take-home projects in {with_project:?}: the core needs four chapters with one"
    );
}

#[test]
fn the_core_reads_in_under_half_an_hour() {
    let data = committed();
    let templates = Templates::load(&templates_dir()).unwrap_or_else(|e| panic!("{e}"));
    let chapters = crate::lessons::chapters(&data);
    let all: Vec<Chapter> = chapters.iter().filter_map(|(_, c)| c.clone()).collect();
    let course = Course::new(&templates, figures(&data, &all)).unwrap_or_else(|e| panic!("{e}"));
    let core: Vec<super::Rendered> = chapters
        .iter()
        .filter(|(p, _)| p.part == Part::Core)
        .filter_map(|(p, c)| course.chapter(&templates, p, c.as_ref()?).ok())
        .collect();
    let minutes: f64 = core.iter().map(|r| r.minutes).sum();
    let each: Vec<String> = core
        .iter()
        .map(|r| format!("{} {:.1} min {:?}", r.file, r.minutes, r.reading))
        .collect();
    assert!(
        minutes < 30.0,
        "the core takes {minutes:.2} minutes by the reading rule:\n{}",
        each.join("\n")
    );
}

#[test]
fn the_introductions_boards_are_the_ones_render_draws() {
    let data = committed();
    let ctx = Ctx::new(&data);
    let intro = PLAN
        .iter()
        .find(|p| p.file == "00-introduction")
        .expect("introduction");
    let facts = (intro.build)(&ctx).expect("introduction data").facts;
    let named: Vec<&str> = facts["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .filter_map(|b| b["name"].as_str())
        .collect();
    let drawn: Vec<String> = crate::render::boards(&data)
        .iter()
        .map(|b| b.chart.name().to_string())
        .collect();
    assert_eq!(named, drawn);
}

/// Every file of the templates' folder, with its text as written (not
/// instrumented, as [`Templates::load`] holds it).
fn template_files() -> Vec<(std::path::PathBuf, String)> {
    std::fs::read_dir(templates_dir())
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            (path, text)
        })
        .collect()
}

#[test]
fn a_link_to_chapter_n_leads_to_chapter_n() {
    let mut wrong = Vec::new();
    for (path, text) in template_files() {
        for part in text.split("[chapter ").skip(1) {
            let Some((number, rest)) = part.split_once("](") else {
                continue;
            };
            let file: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            if number.parse::<u32>().ok() != file.parse::<u32>().ok() {
                wrong.push(format!("{}: [chapter {number}]({file}…)", path.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn no_line_opens_with_a_value_that_could_make_a_list() {
    // "{{ x | sig }}. Next" at the start of a line becomes a numbered list
    // in Markdown whenever x is a whole number ("1. Next"), and the
    // sentence around it is lost (chapter 4's answer did, on data where b
    // came out as 1): keep a word before such a value.
    let mut wrong = Vec::new();
    for (path, text) in template_files() {
        for (i, line) in text.lines().enumerate() {
            let Some(rest) = line.strip_prefix("{{") else {
                continue;
            };
            let (value, after) = rest.split_once("}}").unwrap_or((rest, ""));
            // A time or a size in bytes ends in its unit: never a marker.
            let unit = ["| seconds", "| bytes"].iter().any(|f| value.contains(f));
            if !unit && (after.starts_with(". ") || after.starts_with(") ") || after == ".") {
                wrong.push(format!("{}:{}: {line}", path.display(), i + 1));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The line of `text` that names a source document by its file number
/// ("seed 003", "seeds 000–004"), which collides with random seeds: the
/// course names each by what it is and who wrote it.
fn seed_file_named(text: &str) -> Option<String> {
    // Words joined across line breaks: "seed\n000" is "seed 000".
    let joined = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase();
    ["seed 00", "seeds 00", "seed-00"].iter().find_map(|w| {
        let at = joined.find(w)?;
        Some(joined[at..].chars().take(60).collect())
    })
}

/// What users read (the README, the course's templates, the committed
/// course and report, the explorer page) names no issue of the project's
/// tracker by number (a comparison is named by what it compares) and no
/// source document by its file number.
#[test]
fn user_documents_name_no_issue_and_no_seed_file() {
    let root = crate::project_root();
    let mut files = vec![
        root.join("README.md"),
        root.join("reports/REPORT.md"),
        root.join("reports/course.html"),
        root.join("reports/teacher.html"),
        root.join("reports/explore.html"),
    ];
    for dir in [templates_dir(), root.join("reports/course")] {
        let mut entries: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        assert!(!entries.is_empty(), "{} holds no chapter", dir.display());
        files.append(&mut entries);
    }
    for file in &files {
        let text =
            std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        if let Some(line) = queens_test_support::issue_named(&text) {
            panic!("{} names an issue by number: {line}", file.display());
        }
        if let Some(line) = seed_file_named(&text) {
            panic!(
                "{} names a source document by number: {line}",
                file.display()
            );
        }
    }
    assert_eq!(seed_file_named("the seed 7 run"), None);
    assert_eq!(
        seed_file_named("as seed\n003 says").as_deref(),
        Some("seed 003 says")
    );
}
