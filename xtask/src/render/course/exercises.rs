//! Exercises and their answers come from one source: a chapter's template
//! writes each exercise with its answer (the `exercise` and `answer`
//! macros of `_macros.md` wrap them in HTML comments). Here the student's
//! text keeps the numbered exercise and loses the answer, and the answer
//! key gets both. An answer no data decide (a paper exercise worked by
//! hand) is marked `answer("by hand")`, and the key says so. Every
//! exercise has a grade (warm-up, core or take-home); a take-home project's
//! answer is its rubric, marked `answer("rubric")`.

use serde::Serialize;

const EXERCISE: &str = "<!-- exercise: ";
const END_EXERCISE: &str = "<!-- end exercise -->";
const ANSWER: &str = "<!-- answer";
/// What follows [`ANSWER`] in the marker of an answer worked by hand.
const BY_HAND: &str = ": by hand -->";
/// What follows [`ANSWER`] in the marker of a take-home project's rubric.
const RUBRIC: &str = ": rubric -->";
/// The grade of a take-home project.
pub const TAKE_HOME: &str = "take-home";
const END_ANSWER: &str = "<!-- end answer -->";

/// One exercise with its answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Exercise {
    /// `3.2`: the chapter's number and the exercise's.
    pub number: String,
    /// `run` (with the programs) or `paper` (paper and pencil).
    pub kind: String,
    /// `warm-up` (minutes, one reading of the chapter), `core` (the
    /// chapter's point, in class) or `take-home` (a project: design,
    /// implement or measure, with a rubric).
    pub grade: String,
    /// What the student reads.
    pub text: String,
    /// What only the teacher reads.
    pub answer: String,
    /// Worked by hand in the template, not computed from the data (a
    /// paper exercise whose answer no data decide).
    pub by_hand: bool,
    /// The answer is a take-home project's rubric, what the teacher grades.
    pub rubric: bool,
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

/// What a grade is called in the student's text.
fn grade_label(grade: &str) -> Option<&'static str> {
    match grade {
        "warm-up" => Some("warm-up"),
        "core" => Some("core"),
        TAKE_HOME => Some("take-home project"),
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
                let (marker, body) = after
                    .split_once(" -->")
                    .ok_or("an exercise marker is cut")?;
                let (kind, grade) = marker.split_once(' ').ok_or_else(|| {
                    format!("exercise `{marker}` has no grade: exercise(kind, grade)")
                })?;
                let (text, tail) = body
                    .split_once(END_EXERCISE)
                    .ok_or("an exercise is not closed")?;
                let name = label(kind)
                    .ok_or_else(|| format!("exercise kind `{kind}`: use run, paper or think"))?;
                let graded = grade_label(grade).ok_or_else(|| {
                    format!("exercise grade `{grade}`: use warm-up, core or take-home")
                })?;
                if exercises.last().is_some_and(|x| x.answer.is_empty()) {
                    return Err("an exercise has no answer".into());
                }
                let number = format!("{chapter}.{}", exercises.len() + 1);
                let text = text.trim().to_string();
                out.push_str(&format!("**Exercise {number}** ({graded}, {name}). {text}"));
                exercises.push(Exercise {
                    number,
                    kind: kind.to_string(),
                    grade: grade.to_string(),
                    text,
                    answer: String::new(),
                    by_hand: false,
                    rubric: false,
                });
                rest = tail;
            }
            (_, Some(a)) => {
                let marker = &rest[a + ANSWER.len()..];
                let (by_hand, rubric, body) = if let Some(b) = marker.strip_prefix(BY_HAND) {
                    (true, false, b)
                } else if let Some(b) = marker.strip_prefix(RUBRIC) {
                    (false, true, b)
                } else if let Some(b) = marker.strip_prefix(" -->") {
                    (false, false, b)
                } else {
                    return Err(
                        "an answer marker is none of `answer()`, `answer(\"by hand\")` \
                                and `answer(\"rubric\")`"
                            .into(),
                    );
                };
                let (answer, tail) = body
                    .split_once(END_ANSWER)
                    .ok_or("an answer is not closed")?;
                let ex = exercises
                    .last_mut()
                    .filter(|x| x.answer.is_empty())
                    .ok_or("an answer follows no exercise")?;
                if rubric != (ex.grade == TAKE_HOME) {
                    return Err(format!(
                        "exercise {}: a take-home project, and only one, is answered by a rubric",
                        ex.number
                    ));
                }
                ex.answer = answer.trim().to_string();
                ex.by_hand = by_hand;
                ex.rubric = rubric;
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
        let md = "Intro.\n\n<!-- exercise: run warm-up -->\nRun it.\n<!-- end exercise -->\n<!-- answer -->\n42.\n<!-- end answer -->\n\n<!-- exercise: paper core -->\nDraw it.\n<!-- end exercise -->\n<!-- answer -->A box.<!-- end answer -->\nEnd.\n";
        let (text, ex) = split(md, 3).unwrap();
        assert_eq!(
            text,
            "Intro.\n\n**Exercise 3.1** (warm-up, at the computer). Run it.\n\n**Exercise 3.2** (core, paper and pencil). Draw it.\n\nEnd.\n"
        );
        assert_eq!(ex.len(), 2);
        assert_eq!(
            (ex[0].number.as_str(), ex[0].answer.as_str()),
            ("3.1", "42.")
        );
        assert_eq!(
            (ex[1].kind.as_str(), ex[1].grade.as_str()),
            ("paper", "core")
        );
        assert!(!ex[0].by_hand && !ex[0].rubric);
        let (_, ex) =
            split("<!-- exercise: paper core -->x<!-- end exercise --><!-- answer: by hand -->y<!-- end answer -->", 1)
                .unwrap();
        assert!(ex[0].by_hand && ex[0].answer == "y");
        for bad in [
            "<!-- exercise: paper core -->x<!-- end exercise --><!-- answer: guessed -->y<!-- end answer -->",
            "<!-- exercise: run core -->x<!-- end exercise -->",
            "<!-- answer -->x<!-- end answer -->",
            "<!-- exercise: sing core -->x<!-- end exercise --><!-- answer -->y<!-- end answer -->",
            "<!-- exercise: run -->x<!-- end exercise --><!-- answer -->y<!-- end answer -->",
            "<!-- exercise: run hard -->x<!-- end exercise --><!-- answer -->y<!-- end answer -->",
        ] {
            assert!(split(bad, 1).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_take_home_project_and_only_one_is_answered_by_its_rubric() {
        let (text, ex) = split(
            "<!-- exercise: run take-home -->Measure.<!-- end exercise --><!-- answer: rubric -->Intervals.<!-- end answer -->",
            4,
        )
        .unwrap();
        assert_eq!(
            text,
            "**Exercise 4.1** (take-home project, at the computer). Measure."
        );
        assert!(ex[0].rubric && ex[0].grade == TAKE_HOME);
        assert!(split("<!-- exercise: run take-home -->M<!-- end exercise --><!-- answer -->I<!-- end answer -->", 4).is_err());
        assert!(split("<!-- exercise: run core -->M<!-- end exercise --><!-- answer: rubric -->I<!-- end answer -->", 4).is_err());
    }
}
