//! How long a chapter takes to read. Words alone undercount a chapter of
//! charts, tables and code (a reader studies a chart, scans a table row by
//! row, traces code line by line), so the rule counts each of them:
//! prose at [`WORDS_PER_MINUTE`], every chart or picture
//! [`SECONDS_PER_FIGURE`], every table body row [`SECONDS_PER_ROW`] and
//! every line of code [`SECONDS_PER_CODE_LINE`]. The exercises are work,
//! not reading, and are left out. The index states the rule beside the
//! figure it gives.

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};
use serde::Serialize;

/// Prose reading speed, words a minute.
pub const WORDS_PER_MINUTE: f64 = 200.0;
/// Seconds to read a chart or a picture.
pub const SECONDS_PER_FIGURE: f64 = 30.0;
/// Seconds to read a table's body row.
pub const SECONDS_PER_ROW: f64 = 5.0;
/// Seconds to read a line of code or of a printed trace.
pub const SECONDS_PER_CODE_LINE: f64 = 5.0;

/// The rule's constants, for the index to state.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Rule {
    /// [`WORDS_PER_MINUTE`].
    pub words_per_minute: f64,
    /// [`SECONDS_PER_FIGURE`].
    pub seconds_per_figure: f64,
    /// [`SECONDS_PER_ROW`].
    pub seconds_per_row: f64,
    /// [`SECONDS_PER_CODE_LINE`].
    pub seconds_per_code_line: f64,
}

/// The rule.
pub const RULE: Rule = Rule {
    words_per_minute: WORDS_PER_MINUTE,
    seconds_per_figure: SECONDS_PER_FIGURE,
    seconds_per_row: SECONDS_PER_ROW,
    seconds_per_code_line: SECONDS_PER_CODE_LINE,
};

/// What a text holds, by kind, and the minutes the rule gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Reading {
    /// Words of prose (headings, paragraphs, lists; inline code included).
    pub words: usize,
    /// Charts and pictures.
    pub figures: usize,
    /// Table body rows.
    pub rows: usize,
    /// Lines inside code blocks.
    pub code_lines: usize,
}

impl Reading {
    /// Counts a Markdown text.
    pub fn of(markdown: &str) -> Reading {
        let mut r = Reading::default();
        let (mut in_code, mut in_head, mut in_image) = (false, false, false);
        let mut tables = 0;
        let mut prose = String::new();
        for e in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
            match e {
                Event::Start(Tag::CodeBlock(
                    CodeBlockKind::Fenced(_) | CodeBlockKind::Indented,
                )) => in_code = true,
                Event::End(TagEnd::CodeBlock) => in_code = false,
                Event::Start(Tag::Table(_)) => tables += 1,
                Event::End(TagEnd::Table) => tables -= 1,
                Event::Start(Tag::TableHead) => in_head = true,
                Event::End(TagEnd::TableHead) => in_head = false,
                Event::Start(Tag::TableRow) if !in_head => r.rows += 1,
                Event::Start(Tag::Image { .. }) => {
                    r.figures += 1;
                    in_image = true
                }
                Event::End(TagEnd::Image) => in_image = false,
                Event::Text(t) if in_code => r.code_lines += t.lines().count(),
                // A table's cells are read with its rows, an image's text
                // with the image.
                Event::Text(t) | Event::Code(t) if !in_image && tables == 0 => {
                    prose.push_str(&t);
                    prose.push(' ')
                }
                Event::SoftBreak | Event::HardBreak => prose.push(' '),
                _ => {}
            }
        }
        r.words = prose.split_whitespace().count();
        r
    }

    /// Minutes by the rule.
    pub fn minutes(&self) -> f64 {
        self.words as f64 / WORDS_PER_MINUTE
            + (self.figures as f64 * SECONDS_PER_FIGURE
                + self.rows as f64 * SECONDS_PER_ROW
                + self.code_lines as f64 * SECONDS_PER_CODE_LINE)
                / 60.0
    }
}

/// A chapter's text up to its `## Exercises` heading (all of it if none).
pub fn before_exercises(text: &str) -> &str {
    text.find("\n## Exercises").map_or(text, |i| &text[..i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_tables_code_and_figures_are_counted_apart() {
        let md = "# Title here\n\nSome `code` words in a paragraph.\n\n\
                  ![A chart](c.svg)\n\n\
                  | a | b |\n|---|---|\n| 1 | 2 |\n| 3 | four five |\n\n\
                  ```text\nline one\nline two\nline three\n```\n\n- a list item\n";
        let r = Reading::of(md);
        assert_eq!(
            r,
            Reading {
                // "Title here" 2, the paragraph 6, the list item 3.
                words: 11,
                figures: 1,
                rows: 2,
                code_lines: 3,
            }
        );
        // 11 words at 200 a minute, 30 s + 2 × 5 s + 3 × 5 s.
        let want = 11.0 / 200.0 + (30.0 + 10.0 + 15.0) / 60.0;
        assert!((r.minutes() - want).abs() < 1e-12, "{}", r.minutes());
    }

    #[test]
    fn the_exercises_are_not_reading() {
        let md = "# T\n\nText.\n\n## Exercises\n\n**Exercise 1.1** Count.\n";
        assert_eq!(before_exercises(md), "# T\n\nText.\n");
        assert_eq!(before_exercises("# T\n"), "# T\n");
    }

    #[test]
    fn a_text_of_words_only_reads_at_two_hundred_a_minute() {
        let md = "word ".repeat(400);
        assert!((Reading::of(&md).minutes() - 2.0).abs() < 1e-12);
    }
}
