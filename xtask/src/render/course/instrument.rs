//! Branch coverage for the templates: before a template is compiled, every
//! branch of every `{% if %}` (and of a `for … else`) gets a marker tag that
//! records its id (`file:line`) when the branch is rendered, and an `if`
//! without an `else` gets an empty `else` with a marker, so the tests can
//! tell which branches no data and no fixture ever took.
//!
//! The markers are `{% set %}` tags placed right after a tag (or right
//! before an `endif`), with the same whitespace control, so the
//! instrumented template renders exactly the same text.

/// The name of the recording function the markers call.
pub const BRANCH_FN: &str = "_branch";

enum Block {
    If { has_else: bool },
    For,
}

/// The instrumented source and the ids of its branches.
pub fn instrument(name: &str, src: &str) -> Result<(String, Vec<String>), String> {
    let mut out = String::with_capacity(src.len() + 256);
    let mut ids = Vec::new();
    let mut stack = Vec::new();
    let mut rest = src;
    let mut line = 1;
    while let Some(start) = rest.find("{%") {
        let (before, tag_on) = rest.split_at(start);
        line += before.matches('\n').count();
        let end = tag_on
            .find("%}")
            .ok_or_else(|| format!("{name} line {line}: a tag is not closed"))?;
        let tag = &tag_on[..end + 2];
        let inner = tag[2..tag.len() - 2].trim_matches(['-', '+', ' ', '\n', '\t']);
        let keyword = inner.split_whitespace().next().unwrap_or("");
        let marker = |id: &str| {
            let close = if tag.ends_with("-%}") { "-%}" } else { "%}" };
            format!("{{% set __b = {BRANCH_FN}(\"{id}\") {close}")
        };
        out.push_str(before);
        match keyword {
            "if" | "elif" | "else" => {
                match (keyword, stack.last_mut()) {
                    ("if", _) => stack.push(Block::If { has_else: false }),
                    (_, Some(Block::If { has_else })) => *has_else = true,
                    (_, Some(Block::For)) if keyword == "else" => {}
                    _ => return Err(format!("{name} line {line}: `{keyword}` outside an if")),
                }
                let id = format!("{name}:{line}");
                out.push_str(tag);
                out.push_str(&marker(&id));
                ids.push(id);
            }
            "endif" => {
                match stack.pop() {
                    Some(Block::If { has_else: false }) => {
                        let id = format!("{name}:{line}:else");
                        let open = if tag.starts_with("{%-") { "{%-" } else { "{%" };
                        out.push_str(&format!(
                            "{open} else %}}{{% set __b = {BRANCH_FN}(\"{id}\") %}}"
                        ));
                        ids.push(id);
                    }
                    Some(Block::If { has_else: true }) => {}
                    _ => return Err(format!("{name} line {line}: `endif` without an if")),
                }
                out.push_str(tag);
            }
            "for" => {
                stack.push(Block::For);
                out.push_str(tag);
            }
            "endfor" => {
                if !matches!(stack.pop(), Some(Block::For)) {
                    return Err(format!("{name} line {line}: `endfor` without a for"));
                }
                out.push_str(tag);
            }
            _ => out.push_str(tag),
        }
        line += tag.matches('\n').count();
        rest = &tag_on[end + 2..];
    }
    out.push_str(rest);
    if !stack.is_empty() {
        return Err(format!("{name}: a block is not closed at the end"));
    }
    Ok((out, ids))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_branch_gets_a_marker_and_an_if_without_else_gets_one() {
        let src = "a\n{% if x %}\nX\n{% elif y -%}\n Y\n{% else %}Z{% endif %}\n{% if w %}W{%- endif %}\n";
        let (out, ids) = instrument("t.md", src).unwrap();
        assert_eq!(ids, ["t.md:2", "t.md:4", "t.md:6", "t.md:7", "t.md:7:else"]);
        assert!(out.contains("{% elif y -%}{% set __b = _branch(\"t.md:4\") -%}"));
        assert!(out.contains("W{%- else %}{% set __b = _branch(\"t.md:7:else\") %}{%- endif %}"));
        assert!(instrument("t.md", "{% if x %}").is_err());
        assert!(instrument("t.md", "{% endif %}").is_err());
        let (_, ids) = instrument("t.md", "{% for a in b %}{% else %}none{% endfor %}").unwrap();
        assert_eq!(ids, ["t.md:1"]);
    }
}
