//! The chapter's fixtures: variants of the facts that take the template
//! branches the committed data do not.

use super::{Ended, Restarts, book, figures, textbook};
use crate::analysis::Verdict;
use crate::lessons::csp_book::Matches;
use crate::lessons::{Chapter, Ctx, Says, says};

/// Variants for the branches the committed data do not take.
pub(in crate::lessons) fn flips(ctx: &Ctx) -> Vec<Chapter> {
    let Some(base) = textbook(ctx) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for v in [Verdict::Lower, Verdict::Higher, Verdict::WithinNoise] {
        let mut f = base.clone();
        if v == Verdict::Higher {
            f.hill_seeds = None;
        }
        // Every row as if the book printed figures for it.
        for e in &mut f.eight {
            e.book = e.book.or(book("hill-climbing"));
        }
        for e in &mut f.eight {
            e.solved_vs_book = e.book.map(|_| v);
            e.steps_solved_vs_book = e.book.map(|_| v);
            e.steps_failed_vs_book = e.book.map(|_| v);
            e.steps_failed = e.steps_failed.or(Some(1.0));
        }
        for r in &mut f.restarts {
            r.verdict = v;
            r.vs_book = v;
            r.book_inputs_agree = v != Verdict::Lower;
        }
        if let Some(m) = &mut f.million {
            m.vs_book = v;
        }
        for r in &mut f.restart_vs_sideways {
            r.verdict = v;
        }
        if v == Verdict::Lower {
            f.stopped_solving.clear();
            f.solved_to_end.clear();
        }
        if let Some(c) = &mut f.csp {
            for s in &mut c.settings {
                s.vs_book = s.book.map(|_| v);
                if v == Verdict::Higher {
                    s.runs = 1;
                    s.median_k = s.median_k.or(Some(1.0));
                }
            }
            c.same_ranking = v != Verdict::Lower;
            if let Some(a) = &mut f.aima {
                match v {
                    Verdict::Lower => a.min_conflicts = None,
                    Verdict::Higher => {
                        for s in &mut a.settings {
                            s.unexplained = 1;
                            s.timed_out = 0;
                            s.not_run = 0;
                            s.fix_timed_out = 0;
                            s.agree.clear();
                            s.causes.clear();
                        }
                        a.agree_max_n = None;
                        a.agreeing = 0;
                        if let Some(m) = &mut a.min_conflicts {
                            m.ours_all = false;
                        }
                    }
                    Verdict::WithinNoise | Verdict::TooFew => {}
                }
            }
            c.fewer_than_book = v == Verdict::Lower;
            // Every tie rule's branch: neither, random only, both (the
            // committed data: lowest only for FC+MRV).
            for t in &mut c.tie_rules {
                t.matches = match v {
                    Verdict::Lower => Matches::Neither,
                    Verdict::Higher => Matches::Random,
                    Verdict::WithinNoise | Verdict::TooFew => Matches::Both,
                };
            }
            c.counting_gap = false;
            // One setting alone with the fewest checks, or several tied.
            if v == Verdict::Lower {
                c.fewest.truncate(1);
            } else if c.fewest.len() == 1 {
                c.fewest.push("BT".into());
            }
            for b in &mut c.backjumping {
                b.verdict.is = v;
            }
        }
        f.agree = if v == Verdict::WithinNoise {
            f.checks
        } else {
            0
        };
        for (g, ended) in f.growth.iter_mut().zip(
            [Ended::Plan, Ended::NoneSolved, Ended::Budget]
                .iter()
                .cycle(),
        ) {
            g.ended = *ended;
            if v == Verdict::Lower {
                g.all_solved_at.clear();
                g.last_steps = None;
                g.last_steps_n = None;
            }
        }
        if v == Verdict::Lower {
            if let Some(e) = f.eight.first_mut() {
                e.method = "hill-climbing".into();
                e.knobs.clear();
            }
            while f.restarts.len() < 2 {
                f.restarts.push(Restarts {
                    method: "random-restart".into(),
                    climb: "hill-climbing".into(),
                    climbs: 7.0,
                    predicted: 22.0,
                    predicted_low: 20.0,
                    predicted_high: 24.0,
                    measured: 23.0,
                    measured_low: 21.0,
                    measured_high: 25.0,
                    verdict: v,
                    book: 22.0,
                    vs_book: v,
                    book_inputs_agree: true,
                });
            }
        }
        if v == Verdict::WithinNoise {
            f.eight.retain(|e| e.method != "hill-climbing");
            f.restarts.clear();
            f.million = None;
            for e in &mut f.eight {
                e.steps_solved = None;
                e.steps_failed = None;
            }
        }
        out.push(Chapter::new(&f, figures::figures(ctx)));
    }
    let mut f = base;
    f.restart_vs_sideways.clear();
    f.csp = None;
    f.aima = None;
    f.checks = 0;
    f.agree = 0;
    out.push(Chapter::new(&f, figures::figures(ctx)));
    out
}

/// What the chapter's branches say (see [`crate::lessons::Says`]).
pub(in crate::lessons) const SAYS: &[Says] = &[
    says!(
        "/checks" == 0,
        "No figure of the book could be compared in this run.",
        "figures compared here agree"
    ),
    says!(
        "every figure agrees",
        |f| f["checks"] != 0 && f["agree"] == f["checks"],
        "of the book's figures compared here agree with ours.",
        "The book gives no sample size"
    ),
    says!(
        "a figure disagrees",
        |f| f["agree"] != f["checks"],
        "figures compared here agree with ours (within noise)",
        "No figure of the book"
    ),
    says!(
        "every figure agrees (take-home)",
        |f| f["checks"] != 0 && f["agree"] == f["checks"],
        "The book's local-search figures hold when rerun;",
        "only in part"
    ),
    says!(
        "not every figure agrees (take-home)",
        |f| f["checks"] == 0 || f["agree"] != f["checks"],
        "figures hold only in part (",
        "hold when rerun"
    ),
    says!(
        "every restart formula holds",
        |f| some_all(f, "restarts", |r| r["verdict"] == "within_noise"),
        ": the formula holds.",
        "than predicted, beyond noise"
    ),
    says!(
        "every restart takes more",
        |f| some_all(f, "restarts", |r| r["verdict"] == "higher"),
        "more than predicted, beyond noise",
        "the formula holds"
    ),
    says!(
        "every restart takes fewer",
        |f| some_all(f, "restarts", |r| r["verdict"] == "lower"),
        "fewer than predicted, beyond noise",
        "the formula holds"
    ),
    says!(
        "every restart below the book",
        |f| some_all(f, "restarts", |r| r["vs_book"] == "higher"),
        "figures above: below ours",
        "figures above: above ours"
    ),
    says!(
        "every restart above the book",
        |f| some_all(f, "restarts", |r| r["vs_book"] == "lower"),
        "figures above: above ours",
        "figures above: below ours"
    ),
    says!(
        "/stopped_solving" == [],
        "None stopped solving.",
        "- Stopped solving:"
    ),
    says!(
        "some stopped solving",
        |f| some_all(f, "stopped_solving", |_| true),
        "- Stopped solving: `",
        "None stopped solving."
    ),
    says!(
        "/solved_to_end" == [],
        "- [All the sizes]",
        "Solved every start to the end"
    ),
    says!(
        "some solved to the end",
        |f| some_all(f, "solved_to_end", |_| true),
        "- Solved every start to the end: `",
        ""
    ),
    says!(
        "/million" == null,
        "Min-conflicts at a million queens was not measured",
        "**A million queens.**"
    ),
    says!(
        "/million/vs_book" == "within_noise",
        "holds, within noise.",
        "beyond noise. The"
    ),
    says!(
        "/million/vs_book" == "higher",
        ", beyond noise.",
        "holds, within noise."
    ),
    says!(
        "/csp" == null,
        "The constraint-satisfaction table was not measured in this run.",
        "**The book's table of checks.**"
    ),
    says!(
        "fewer than the book, no counting gap shown",
        |f| f["csp"]["fewer_than_book"] == true && f["csp"]["counting_gap"] == false,
        "so counts fewer than testing every pair",
        "leaves no choice"
    ),
    says!(
        "/csp/fewer_than_book" == false,
        "**The book's table of checks.**",
        "so counts fewer than testing every pair"
    ),
    says!(
        "/csp/counting_gap" == true,
        "Forward checking's count leaves no choice",
        "so counts fewer than testing every pair"
    ),
    says!(
        "/csp/counting_gap" == false,
        "**The book's table of checks.**",
        "leaves no choice"
    ),
    says!(
        "a row only ties to the lowest row match",
        |f| some_any(&f["csp"], "tie_rules", |t| t["matches"] == "lowest"),
        "ties to the lowest row match the book, random ties do not",
        ""
    ),
    says!(
        "a row only random ties match",
        |f| some_any(&f["csp"], "tie_rules", |t| t["matches"] == "random"),
        "random ties match the book, ties to the lowest row do not",
        ""
    ),
    says!(
        "a row both tie rules match",
        |f| some_any(&f["csp"], "tie_rules", |t| t["matches"] == "both"),
        "both tie rules match the book",
        ""
    ),
    says!(
        "a row neither tie rule matches",
        |f| some_any(&f["csp"], "tie_rules", |t| t["matches"] == "neither"),
        "neither tie rule matches the book",
        ""
    ),
    says!(
        "every row neither tie rule matches",
        |f| some_all(&f["csp"], "tie_rules", |t| t["matches"] == "neither"),
        "neither tie rule matches the book.",
        "match the book"
    ),
    says!(
        "/csp/same_ranking" == true,
        "With either tie rule the book's four settings rank as in the book.",
        "do not rank"
    ),
    says!(
        "/csp/same_ranking" == false,
        "The book's four settings do not rank as in the book with both tie rules.",
        "settings rank as in"
    ),
    says!(
        "backjumping always fewer",
        |f| some_all(&f["csp"], "backjumping", |b| b["verdict"]["is"] == "lower"),
        "fewer checks (",
        "more checks ("
    ),
    says!(
        "backjumping always more",
        |f| some_all(&f["csp"], "backjumping", |b| b["verdict"]["is"] == "higher"),
        "more checks (",
        "fewer checks ("
    ),
    says!(
        "/aima" == null,
        "aima-python was not run beside ours for this report",
        "**The book's own code.**"
    ),
    says!(
        "aima-python agrees nowhere",
        |f| f["aima"].is_object() && f["aima"]["agree_max_n"].is_null(),
        "none agrees with ours node by node at any n",
        "at some n"
    ),
    says!(
        "aima-python agrees somewhere",
        |f| f["aima"]["agree_max_n"].is_u64(),
        "agree with ours node by node at some n, none beyond",
        "at any n"
    ),
    says!(
        "/restart_vs_sideways" == [],
        "keep a *population* of boards. **Take-home.**",
        "plain restarts against restarts with sideways"
    ),
    says!(
        "restarts always cheaper",
        |f| some_all(f, "restart_vs_sideways", |r| r["verdict"] == "lower"),
        "(restarts cheaper).",
        "(sideways cheaper)"
    ),
    says!(
        "sideways always cheaper",
        |f| some_all(f, "restart_vs_sideways", |r| r["verdict"] == "higher"),
        "(sideways cheaper).",
        "(restarts cheaper)"
    ),
    says!(
        "restarts and sideways always within noise",
        |f| some_all(f, "restart_vs_sideways", |r| r["verdict"] == "within_noise"),
        "(within noise).",
        "cheaper)"
    ),
    says!(
        "the book's restart figures follow from disagreeing inputs",
        |f| some_all(f, "restarts", |r| r["book_inputs_agree"] == false),
        ", as some of those differ from ours.",
        ""
    ),
    says!(
        "the book's restart figures follow from agreeing inputs",
        |f| some_all(f, "restarts", |r| r["book_inputs_agree"] == true),
        "worked out from its figures above: ",
        "as some of those differ"
    ),
    says!(
        "every book figure ours higher",
        |f| eight(f, "higher"),
        " (ours higher)",
        " (ours lower)"
    ),
    says!(
        "every book figure ours lower",
        |f| eight(f, "lower"),
        " (ours lower)",
        " (ours higher)"
    ),
    says!(
        "every book figure agrees",
        |f| eight(f, "within_noise"),
        " (agrees)",
        " (ours higher)"
    ),
    says!(
        "every book setting takes more checks",
        |f| booked(f, "higher"),
        "| more |",
        "| fewer |"
    ),
    says!(
        "every book setting takes fewer checks",
        |f| booked(f, "lower"),
        "| fewer |",
        "| more |"
    ),
    says!(
        "steepest ascent measured",
        |f| f["eight"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|e| e["method"] == "hill-climbing"),
        "starts gave up",
        "count the exits yourself"
    ),
    says!(
        "the twenty seeds run, steepest ascent measured",
        |f| {
            f["hill_seeds"].is_object()
                && f["eight"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|e| e["method"] == "hill-climbing")
        },
        "give up, on every machine: a seed fixes the run",
        "count the exits yourself"
    ),
    says!(
        "steepest ascent not measured",
        |f| f["eight"]
            .as_array()
            .into_iter()
            .flatten()
            .all(|e| e["method"] != "hill-climbing"),
        "Steepest ascent was not measured in this run",
        "starts gave up"
    ),
];

/// Whether every setting of the book's table compares with the book's
/// figure as `v` (and there is one).
fn booked(f: &serde_json::Value, v: &str) -> bool {
    let all = f["csp"]["settings"].as_array().into_iter().flatten();
    let mut with = all.filter(|c| !c["book"].is_null()).peekable();
    with.peek().is_some() && with.all(|c| c["vs_book"] == v)
}

/// Whether a list of `f` has an item with `p`.
fn some_any(f: &serde_json::Value, key: &str, p: fn(&serde_json::Value) -> bool) -> bool {
    f[key].as_array().is_some_and(|a| a.iter().any(p))
}

/// Whether a list of `f` has items and every one has `p`.
fn some_all(f: &serde_json::Value, key: &str, p: fn(&serde_json::Value) -> bool) -> bool {
    f[key]
        .as_array()
        .is_some_and(|a| !a.is_empty() && a.iter().all(p))
}

/// Whether every row of the 8-queens table with the book's figures compares
/// with them as `v`, in all three columns.
fn eight(f: &serde_json::Value, v: &str) -> bool {
    let rows: Vec<&serde_json::Value> = f["eight"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| !e["book"].is_null())
        .collect();
    !rows.is_empty()
        && rows.iter().all(|e| {
            [
                "solved_vs_book",
                "steps_solved_vs_book",
                "steps_failed_vs_book",
            ]
            .iter()
            .all(|k| e[*k] == v)
        })
}
