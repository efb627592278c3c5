//! The two printable pages, built offline from the course's Markdown
//! (pulldown-cmark): `course.html`, the students' handout (the index and
//! every chapter, with no answer and no link to one), and `teacher.html`
//! (the notes for class, the answer key and the textbook's tables in
//! full). Each Markdown page becomes a `<section>` whose id is its file
//! stem; its headings' ids are prefixed with that stem, and a link to a
//! page on the same HTML page becomes a link inside it (a chapter not on
//! the teacher's page is reached in `course.html`). `#selftest` makes a
//! page check, in the browser, that every image loaded and every in-page
//! link has a target (the CI's browser test reads the verdict from
//! `<body data-selftest>`).

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd, html};

use super::links::slug;

/// The students' page, inside DIR.
pub const PAGE: &str = "course.html";
/// The teacher's page, inside DIR.
pub const TEACHER_PAGE: &str = "teacher.html";

/// A block of a Markdown page that only the teacher reads (the index's
/// pointer to the teacher's page): `course.html` leaves it out.
const TEACHER_ONLY: &str = "<!-- teacher only -->";
const END_TEACHER_ONLY: &str = "<!-- end teacher only -->";

/// `md` without its teacher-only blocks.
pub fn for_students(md: &str) -> String {
    let mut out = String::with_capacity(md.len());
    let mut rest = md;
    while let Some(start) = rest.find(TEACHER_ONLY) {
        out.push_str(&rest[..start]);
        rest = rest[start..]
            .split_once(END_TEACHER_ONLY)
            .map_or("", |(_, after)| after);
    }
    out.push_str(rest);
    out
}

/// One Markdown page of an HTML page.
pub struct Section<'a> {
    /// Its file stem (`03-ordering`, `index`), the section's id.
    pub stem: &'a str,
    /// Its folder inside DIR: "" or "course".
    pub dir: &'a str,
    /// Its Markdown.
    pub md: &'a str,
}

/// Where a link of the page `stem` (in folder `dir`, "" or "course")
/// points from an HTML page holding the pages `here`: inside the page,
/// a chapter of `course.html`, or a file.
fn target(link: &str, stem: &str, dir: &str, here: &[&str]) -> String {
    if link.contains("://") {
        return link.to_string();
    }
    let (file, fragment) = link.split_once('#').unwrap_or((link, ""));
    if file.is_empty() {
        return format!("#{stem}-{fragment}");
    }
    let path = if dir.is_empty() {
        file.to_string()
    } else if let Some(up) = file.strip_prefix("../") {
        up.to_string()
    } else {
        format!("{dir}/{file}")
    };
    let page = path
        .strip_prefix("course/")
        .and_then(|f| f.strip_suffix(".md"));
    // A chapter's stem starts with its number; it is always in course.html.
    let chapter = page.filter(|p| p.starts_with(|c: char| c.is_ascii_digit()));
    let (on, anchor) = match (page, chapter) {
        (Some(p), _) if here.contains(&p) => ("", p),
        (_, Some(c)) => (PAGE, c),
        _ if fragment.is_empty() => return path,
        _ => return format!("{path}#{fragment}"),
    };
    match fragment {
        "" => format!("{on}#{anchor}"),
        f => format!("{on}#{anchor}-{f}"),
    }
}

/// One Markdown page as a section of an HTML page holding the pages `here`.
fn section(s: &Section, here: &[&str]) -> String {
    let Section { stem, dir, md } = *s;
    let events: Vec<Event> = Parser::new_ext(md, Options::ENABLE_TABLES).collect();
    let mut out: Vec<Event> = Vec::with_capacity(events.len());
    let mut seen = std::collections::BTreeSet::new();
    for (i, e) in events.iter().enumerate() {
        out.push(match e {
            Event::Start(Tag::Heading {
                level,
                classes,
                attrs,
                ..
            }) => {
                let text: String = events[i + 1..]
                    .iter()
                    .take_while(|e| !matches!(e, Event::End(TagEnd::Heading(_))))
                    .filter_map(|e| match e {
                        Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
                        _ => None,
                    })
                    .collect();
                let base = format!("{stem}-{}", slug(&text));
                let mut id = base.clone();
                let mut k = 1;
                while !seen.insert(id.clone()) {
                    id = format!("{base}-{k}");
                    k += 1;
                }
                Event::Start(Tag::Heading {
                    level: *level,
                    id: Some(CowStr::from(id)),
                    classes: classes.clone(),
                    attrs: attrs.clone(),
                })
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => Event::Start(Tag::Link {
                link_type: *link_type,
                dest_url: CowStr::from(target(dest_url, stem, dir, here)),
                title: title.clone(),
                id: id.clone(),
            }),
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                title,
                id,
            }) => Event::Start(Tag::Image {
                link_type: *link_type,
                dest_url: CowStr::from(target(dest_url, stem, dir, here)),
                title: title.clone(),
                id: id.clone(),
            }),
            other => other.clone(),
        });
    }
    let mut body = String::new();
    html::push_html(&mut body, out.into_iter());
    format!("<section id=\"{stem}\">\n{body}</section>\n")
}

const STYLE: &str = "body{font:17px/1.5 'DejaVu Serif',Georgia,serif;max-width:52em;margin:2em auto;padding:0 1em;color:#111}\
h1{font-size:1.7em;margin-top:2em}h2{font-size:1.3em}code{font-size:.9em}\
pre{background:#f4f4f4;padding:.6em;overflow-x:auto}img{max-width:100%}\
table{border-collapse:collapse;font-size:.85em}td,th{border:1px solid #bbb;padding:.2em .4em}\
section{break-before:page}section:first-of-type{break-before:auto}\
@media print{body{max-width:none;margin:0;font-size:11pt}a{color:inherit}pre,table,img{break-inside:avoid}}";

const SELFTEST: &str = "if(location.hash==='#selftest'){addEventListener('load',function(){\
var bad=[];for(var i of document.images){if(!i.complete||i.naturalWidth===0)bad.push('image '+i.getAttribute('src'))}\
for(var a of document.querySelectorAll('a[href^=\"#\"]')){var h=a.getAttribute('href').slice(1);\
if(h&&!document.getElementById(h))bad.push('link #'+h)}\
document.body.setAttribute('data-selftest',bad.length?'FAIL '+bad.join('; '):'ok '+document.images.length+' images');})}";

/// The whole page from its Markdown pages, in order (the students' page:
/// the index, `REPORT.md` at DIR, [`for_students`], then the chapters).
pub fn page(title: &str, sections: &[Section]) -> String {
    let here: Vec<&str> = sections.iter().map(|s| s.stem).collect();
    let body: String = sections.iter().map(|s| section(s, &here)).collect();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n\
         <style>{STYLE}</style>\n<script>{SELFTEST}</script>\n</head>\n<body>\n{body}</body>\n</html>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_between_pages_become_links_inside_the_page() {
        let here = ["index", "01-tree", "03-ordering"];
        let target = |link, stem, dir| target(link, stem, dir, &here);
        assert_eq!(target("course/03-ordering.md", "index", ""), "#03-ordering");
        assert_eq!(
            target("03-ordering.md#why", "01-tree", "course"),
            "#03-ordering-why"
        );
        assert_eq!(
            target("#exercises", "01-tree", "course"),
            "#01-tree-exercises"
        );
        assert_eq!(
            target("../charts/a.svg", "01-tree", "course"),
            "charts/a.svg"
        );
        assert_eq!(
            target("answers.md", "01-tree", "course"),
            "course/answers.md"
        );
        assert_eq!(target("data/meta.json", "index", ""), "data/meta.json");
        let html = section(
            &Section {
                md: "# A b\n\n## A b\n\nSee [x](#a-b-1) and ![c](../charts/c.svg).\n",
                stem: "01-x",
                dir: "course",
            },
            &["01-x"],
        );
        assert!(html.contains("id=\"01-x-a-b\""), "{html}");
        assert!(html.contains("id=\"01-x-a-b-1\""), "{html}");
        assert!(html.contains("href=\"#01-x-a-b-1\""), "{html}");
        assert!(html.contains("src=\"charts/c.svg\""), "{html}");
    }

    #[test]
    fn a_chapter_not_on_the_page_is_reached_in_the_students_page() {
        let here = ["teacher", "answers"];
        assert_eq!(
            target("03-ordering.md#why", "answers", "course", &here),
            "course.html#03-ordering-why"
        );
        assert_eq!(target("answers.md", "teacher", "course", &here), "#answers");
        assert_eq!(
            target("answers.md#x", "teacher", "course", &here),
            "#answers-x"
        );
        assert_eq!(
            target("teacher.md", "answers", "course", &["answers"]),
            "course/teacher.md"
        );
    }

    #[test]
    fn the_students_page_leaves_out_what_only_the_teacher_reads() {
        let md = "a\n<!-- teacher only -->\nkey\n<!-- end teacher only -->\nb\n\
                  <!-- teacher only -->more<!-- end teacher only -->c";
        assert_eq!(for_students(md), "a\n\nb\nc");
        assert_eq!(for_students("no block"), "no block");
    }
}
