//! Writing the course: the chapters, the answer key, the teacher's notes
//! and the index (`REPORT.md`), all or nothing: every page is rendered before any file
//! is written, so a template error leaves no half-written page.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use serde::Serialize;

use super::env::Placed;
use super::exercises;
use super::{
    ANSWERS, ANSWERS_TEMPLATE, Course, FOLDER, GENERATED, INDEX_TEMPLATE, LEFT_OUT_TEMPLATE,
    Rendered, TEACHER, TEACHER_TABLES, TEACHER_TEMPLATE, Templates,
};
use crate::data::Dataset;
use crate::lessons::classroom::{Classroom, classroom};
use crate::lessons::{Chapter, Ctx, Part, Plan};
use crate::{Context, Result};

/// A chapter the data did not allow, named in the index.
#[derive(Debug, Serialize)]
struct LeftOut {
    file: &'static str,
    part: Part,
}

/// What the index reads.
#[derive(Debug, Serialize)]
struct IndexFacts<'a> {
    profile: &'a str,
    date: &'a str,
    revision: &'a str,
    dirty: bool,
    /// This run's machine ([`crate::lessons::truth::machine`]).
    cpu: String,
    cores: usize,
    rustc: &'a str,
    chapters: &'a [Rendered],
    left_out: Vec<LeftOut>,
    /// Minutes to read the core chapters.
    core_minutes: f64,
    /// The rule that gives them.
    reading_rule: super::reading::Rule,
    /// Whether some studies were kept from an earlier run.
    kept: bool,
}

/// What the answer key reads.
#[derive(Debug, Serialize)]
struct AnswerFacts<'a> {
    chapters: &'a [Rendered],
}

/// What the teacher's notes read.
#[derive(Debug, Serialize)]
struct TeacherFacts {
    /// The exercises' commands and their times.
    classroom: Classroom,
    /// Whether the textbook's tables are in this course (the teacher's
    /// page carries them).
    tables: bool,
}

/// The pages of the course, rendered: file path inside DIR → text.
pub fn pages(
    data: &Dataset,
    templates: &Templates,
    chapters: &[(&'static Plan, Option<Chapter>)],
    figures: BTreeMap<String, Placed>,
) -> Result<(Course, BTreeMap<String, String>)> {
    let course = Course::new(templates, figures)?;
    let mut rendered = Vec::new();
    let mut left_out = Vec::new();
    for (plan, chapter) in chapters {
        match chapter {
            Some(c) => rendered.push(course.chapter(templates, plan, c)?),
            None => left_out.push(LeftOut {
                file: plan.file,
                part: plan.part,
            }),
        }
    }
    let m = &data.meta;
    let machine = crate::lessons::truth::machine(m);
    let index = IndexFacts {
        profile: &m.profile,
        date: &m.date,
        revision: crate::data::meta::short_revision(&m.git_revision),
        dirty: m.git_dirty,
        cpu: machine.cpu,
        cores: machine.cores,
        rustc: m.rustc_version(),
        chapters: &rendered,
        left_out,
        core_minutes: rendered
            .iter()
            .filter(|r| r.part == Part::Core)
            .map(|r| r.minutes)
            .sum(),
        reading_rule: super::reading::RULE,
        kept: m.kept_studies().next().is_some(),
    };
    let mut out = BTreeMap::new();
    let page = |body: String| format!("{GENERATED}\n\n{body}");
    out.insert(
        crate::render::REPORT.to_string(),
        page(course.page(templates, INDEX_TEMPLATE, &index)?),
    );
    out.insert(
        format!("{FOLDER}/{ANSWERS}"),
        page(course.page(
            templates,
            ANSWERS_TEMPLATE,
            &AnswerFacts {
                chapters: &rendered,
            },
        )?),
    );
    let exercises = rendered
        .iter()
        .flat_map(|r| &r.exercises)
        .filter(|e| e.grade != exercises::TAKE_HOME)
        .map(|e| (e.number.as_str(), e.kind.as_str(), e.text.as_str()));
    let teacher = TeacherFacts {
        classroom: classroom(&Ctx::new(data), exercises),
        tables: rendered.iter().any(|r| r.file == TEACHER_TABLES),
    };
    out.insert(
        format!("{FOLDER}/{TEACHER}"),
        page(course.page(templates, TEACHER_TEMPLATE, &teacher)?),
    );
    for r in &rendered {
        out.insert(format!("{FOLDER}/{}.md", r.file), page(r.text.clone()));
    }
    for l in &index.left_out {
        let text = course.page(templates, LEFT_OUT_TEMPLATE, l)?;
        out.insert(format!("{FOLDER}/{}.md", l.file), page(text));
    }
    Ok((course, out))
}

/// Writes the pages into `out`.
pub fn write(out: &Path, pages: &BTreeMap<String, String>) -> Result<()> {
    fs::create_dir_all(out.join(FOLDER))
        .context(|| format!("cannot create {}", out.join(FOLDER).display()))?;
    for (path, text) in pages {
        let path = out.join(path);
        fs::write(&path, text).context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}
