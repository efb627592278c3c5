//! `course.html`: the index and every chapter of the course on one
//! printable page, built offline from the same Markdown (pulldown-cmark).
//! Each page becomes a `<section>` whose id is its file stem; its headings'
//! ids are prefixed with that stem, and links between pages become links
//! inside the page. `#selftest` makes the page check, in the browser, that
//! every image loaded and every in-page link has a target (the CI's
//! browser test reads the verdict from `<body data-selftest>`).

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd, html};

use super::links::slug;

/// The page, inside DIR.
pub const PAGE: &str = "course.html";

/// Where a link of the page `stem` (in folder `dir`, "" or "course")
/// points on the one page.
fn target(link: &str, stem: &str, dir: &str) -> String {
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
    let chapter = path
        .strip_prefix("course/")
        .and_then(|f| f.strip_suffix(".md"))
        .filter(|f| *f != "answers");
    match (chapter, fragment) {
        (Some(c), "") => format!("#{c}"),
        (Some(c), f) => format!("#{c}-{f}"),
        (None, "") => path,
        (None, f) => format!("{path}#{f}"),
    }
}

/// One Markdown page as a section of the HTML page.
fn section(md: &str, stem: &str, dir: &str) -> String {
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
                dest_url: CowStr::from(target(dest_url, stem, dir)),
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
                dest_url: CowStr::from(target(dest_url, stem, dir)),
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

/// The whole page from the index (`REPORT.md`, at DIR) and the chapters
/// (`course/NN-name.md`), in order.
pub fn page(title: &str, index: &str, chapters: &[(&str, &str)]) -> String {
    let mut body = section(index, "index", "");
    for (stem, md) in chapters {
        body.push_str(&section(md, stem, "course"));
    }
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
            "# A b\n\n## A b\n\nSee [x](#a-b-1) and ![c](../charts/c.svg).\n",
            "01-x",
            "course",
        );
        assert!(html.contains("id=\"01-x-a-b\""), "{html}");
        assert!(html.contains("id=\"01-x-a-b-1\""), "{html}");
        assert!(html.contains("href=\"#01-x-a-b-1\""), "{html}");
        assert!(html.contains("src=\"charts/c.svg\""), "{html}");
    }
}
