//! Exercises and their answers come from one source: a chapter's template
//! writes each exercise with its answer (the `exercise` and `answer`
//! macros of `_macros.md` wrap them in HTML comments). Here the student's
//! text keeps the numbered exercise and loses the answer, and the answer
//! key gets both. An answer no data decide (a paper exercise worked by
//! hand) is marked `answer("by hand")`, and the key says so.

use serde::Serialize;

const EXERCISE: &str = "<!-- exercise: ";
const END_EXERCISE: &str = "<!-- end exercise -->";
const ANSWER: &str = "<!-- answer";
/// What follows [`ANSWER`] in the marker of an answer worked by hand.
const BY_HAND: &str = ": by hand -->";
const END_ANSWER: &str = "<!-- end answer -->";

/// One exercise with its answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Exercise {
    /// `3.2`: the chapter's number and the exercise's.
    pub number: String,
    /// `run` (with the programs) or `paper` (paper and pencil).
    pub kind: String,
    /// What the student reads.
    pub text: String,
    /// What only the teacher reads.
    pub answer: String,
    /// Worked by hand in the template, not computed from the data (a
    /// paper exercise whose answer no data decide).
    pub by_hand: bool,
}

/// What a kind of exercise is called in the student's text.
fn label(kind: &str) -> Option<&'static str> {
    match kind {
        "run" => Some("at the computer"),
        "paper" => Some("paper and pencil"),
        "think" => Some("discuss"),
        _ => None,
    }
}

/// The student's text and the exercises of chapter `chapter` (its number).
pub fn split(md: &str, chapter: u32) -> Result<(String, Vec<Exercise>), String> {
    let mut out = String::with_capacity(md.len());
    let mut exercises: Vec<Exercise> = Vec::new();
    let mut rest = md;
    loop {
        let next_ex = rest.find(EXERCISE);
        let next_ans = rest.find(ANSWER);
        match (next_ex, next_ans) {
            (Some(e), a) if a.is_none_or(|a| e < a) => {
                out.push_str(&rest[..e]);
                let after = &rest[e + EXERCISE.len()..];
                let (kind, body) = after
                    .split_once(" -->")
                    .ok_or("an exercise marker is cut")?;
                let (text, tail) = body
                    .split_once(END_EXERCISE)
                    .ok_or("an exercise is not closed")?;
                let name = label(kind)
                    .ok_or_else(|| format!("exercise kind `{kind}`: use run, paper or think"))?;
                if exercises.last().is_some_and(|x| x.answer.is_empty()) {
                    return Err("an exercise has no answer".into());
                }
                let number = format!("{chapter}.{}", exercises.len() + 1);
                let text = text.trim().to_string();
                out.push_str(&format!("**Exercise {number}** ({name}). {text}"));
                exercises.push(Exercise {
                    number,
                    kind: kind.to_string(),
                    text,
                    answer: String::new(),
                    by_hand: false,
                });
                rest = tail;
            }
            (_, Some(a)) => {
                let marker = &rest[a + ANSWER.len()..];
                let (by_hand, body) = if let Some(b) = marker.strip_prefix(BY_HAND) {
                    (true, b)
                } else if let Some(b) = marker.strip_prefix(" -->") {
                    (false, b)
                } else {
                    return Err(
                        "an answer marker is neither `answer()` nor `answer(\"by hand\")`".into(),
                    );
                };
                let (answer, tail) = body
                    .split_once(END_ANSWER)
                    .ok_or("an answer is not closed")?;
                let ex = exercises
                    .last_mut()
                    .filter(|x| x.answer.is_empty())
                    .ok_or("an answer follows no exercise")?;
                ex.answer = answer.trim().to_string();
                ex.by_hand = by_hand;
                out.push_str(rest[..a].trim_end_matches([' ', '\n']));
                rest = tail.trim_start_matches([' ', '\n']);
                if !rest.is_empty() {
                    out.push_str("\n\n");
                }
            }
            _ => break,
        }
    }
    out.push_str(rest);
    if exercises.last().is_some_and(|x| x.answer.is_empty()) {
        return Err("an exercise has no answer".into());
    }
    Ok((out, exercises))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_leave_the_student_text_and_go_to_the_key() {
        let md = "Intro.\n\n<!-- exercise: run -->\nRun it.\n<!-- end exercise -->\n<!-- answer -->\n42.\n<!-- end answer -->\n\n<!-- exercise: paper -->\nDraw it.\n<!-- end exercise -->\n<!-- answer -->A box.<!-- end answer -->\nEnd.\n";
        let (text, ex) = split(md, 3).unwrap();
        assert_eq!(
            text,
            "Intro.\n\n**Exercise 3.1** (at the computer). Run it.\n\n**Exercise 3.2** (paper and pencil). Draw it.\n\nEnd.\n"
        );
        assert_eq!(ex.len(), 2);
        assert_eq!(
            (ex[0].number.as_str(), ex[0].answer.as_str()),
            ("3.1", "42.")
        );
        assert_eq!(ex[1].kind, "paper");
        assert!(!ex[0].by_hand);
        let (_, ex) =
            split("<!-- exercise: paper -->x<!-- end exercise --><!-- answer: by hand -->y<!-- end answer -->", 1)
                .unwrap();
        assert!(ex[0].by_hand && ex[0].answer == "y");
        assert!(
            split("<!-- exercise: paper -->x<!-- end exercise --><!-- answer: guessed -->y<!-- end answer -->", 1)
                .is_err()
        );
        assert!(split("<!-- exercise: run -->x<!-- end exercise -->", 1).is_err());
        assert!(split("<!-- answer -->x<!-- end answer -->", 1).is_err());
        assert!(
            split(
                "<!-- exercise: sing -->x<!-- end exercise --><!-- answer -->y<!-- end answer -->",
                1
            )
            .is_err()
        );
    }
}
