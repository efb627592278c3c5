//! The chapter's fixtures: variants of the facts that take the template
//! branches the committed data do not.

use super::{Ended, Restarts, book, figures, textbook};
use crate::analysis::Verdict;
use crate::lessons::{Chapter, Ctx};

/// Variants for the branches the committed data do not take.
pub(in crate::lessons) fn flips(ctx: &Ctx) -> Vec<Chapter> {
    let Some(base) = textbook(ctx) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for v in [Verdict::Lower, Verdict::Higher, Verdict::WithinNoise] {
        let mut f = base.clone();
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
        }
        if let Some(m) = &mut f.million {
            m.vs_book = v;
        }
        f.restart_vs_sideways = Some(v);
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
                            s.timeouts = 0;
                            s.agree.clear();
                            s.causes.clear();
                        }
                        a.codes.push("a-cause-the-text-does-not-know".into());
                        if let Some(m) = &mut a.min_conflicts {
                            m.ours_all = false;
                        }
                    }
                    Verdict::WithinNoise => {}
                }
            }
            c.fewer_than_book = v == Verdict::Lower;
            for b in &mut c.backjumping {
                b.verdict = v;
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
                g.all_solved_n = None;
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
        out.push(Chapter::new(&f, figures(ctx)));
    }
    let mut f = base;
    f.restart_vs_sideways = None;
    f.csp = None;
    f.aima = None;
    f.checks = 0;
    f.agree = 0;
    out.push(Chapter::new(&f, figures(ctx)));
    out
}
