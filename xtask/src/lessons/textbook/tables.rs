//! Reference page 17: chapter 6's tables in full (the growth in n, the
//! table of checks, aima-python setting by setting).

use serde::Serialize;

use super::{Growth, textbook};
use crate::lessons::{Chapter, Ctx};
#[cfg(test)]
use {super::Ended, crate::analysis::Verdict};

/// The reference page with chapter 6's tables in full.
#[derive(Clone, Debug, Serialize)]
pub struct Tables {
    /// Every method as n grows.
    pub growth: Vec<Growth>,
    /// Every setting of the table of checks.
    pub csp: Vec<crate::lessons::csp_book::Setting>,
    /// Every setting of aima-python's `backtracking_search`.
    pub aima: Vec<crate::lessons::aima_python::Setting>,
    /// aima-python's `min_conflicts` against ours.
    pub min_conflicts: Option<crate::lessons::aima_python::MinConflicts>,
}

fn tables(ctx: &Ctx) -> Option<Tables> {
    let t = textbook(ctx)?;
    Some(Tables {
        growth: t.growth,
        csp: t.csp.map(|c| c.settings).unwrap_or_default(),
        min_conflicts: t.aima.as_ref().and_then(|a| a.min_conflicts.clone()),
        aima: t.aima.map(|a| a.settings).unwrap_or_default(),
    })
}

pub(in crate::lessons) fn tables_page(ctx: &Ctx) -> Option<Chapter> {
    Some(Chapter::new(&tables(ctx)?, Vec::new()))
}

/// The tables page's variants: empty tables, and the growth's other endings.
#[cfg(test)]
pub(in crate::lessons) fn tables_flips(ctx: &Ctx) -> Vec<Chapter> {
    let Some(base) = tables(ctx) else {
        return Vec::new();
    };
    let mut f = base.clone();
    for (g, ended) in f.growth.iter_mut().zip(
        [Ended::Plan, Ended::NoneSolved, Ended::Budget]
            .iter()
            .cycle(),
    ) {
        g.ended = *ended;
        g.all_solved_n = None;
        g.last_steps = None;
        g.last_steps_n = None;
    }
    for c in &mut f.csp {
        c.median_k = None;
        c.runs = 1;
        c.vs_book = c.book.map(|_| Verdict::Higher);
    }
    for a in &mut f.aima {
        a.agree.clear();
        a.causes.clear();
        a.unexplained = 1;
        a.timeouts = 0;
    }
    let mut g = base;
    g.min_conflicts = None;
    if let Some(c) = g.csp.first_mut() {
        c.median_k = c.median_k.or(Some(1.0));
        c.runs = 1;
    }
    for c in g.csp.iter_mut().skip(1) {
        c.vs_book = c.book.map(|_| Verdict::Lower);
        c.median_k = c.median_k.or(Some(1.0));
        c.low_k = c.low_k.or(Some(1.0));
        c.high_k = c.high_k.or(Some(1.0));
        c.runs = 5;
    }
    if let Some(m) = &mut f.min_conflicts {
        m.ours_all = false;
    }
    let empty = Tables {
        growth: Vec::new(),
        csp: Vec::new(),
        aima: Vec::new(),
        min_conflicts: None,
    };
    vec![
        Chapter::new(&f, Vec::new()),
        Chapter::new(&g, Vec::new()),
        Chapter::new(&empty, Vec::new()),
    ]
}

/// What the tables page says (see [`crate::lessons::Says`]).
#[cfg(test)]
pub(in crate::lessons) const TABLES_SAYS: &[crate::lessons::Says] = {
    use crate::lessons::says;
    &[
        says!(
            "/growth" == [],
            "The textbook study was not run for this report.",
            "| method | largest n |"
        ),
        says!(
            "the study ran",
            |f| non_empty(&f["growth"]),
            "| method | largest n |",
            "The textbook study was not run"
        ),
        says!(
            "/csp" == [],
            "The table of checks was not measured for this report.",
            "the lab's domains shrink"
        ),
        says!(
            "the checks ran",
            |f| non_empty(&f["csp"]),
            "the lab's domains shrink as forward checking",
            "The table of checks was not measured"
        ),
        says!(
            "a setting over the budget",
            |f| items(&f["csp"]).any(|c| c["median_k"].is_null()),
            "> budget (",
            ""
        ),
        says!(
            "/aima" == [],
            "aima-python was not run beside ours for this report",
            "| aima-python | ours"
        ),
        says!(
            "aima-python ran",
            |f| non_empty(&f["aima"]),
            "| aima-python | ours",
            "aima-python was not run beside ours"
        ),
        says!(
            "a setting agrees nowhere",
            |f| items(&f["aima"]).any(|a| a["agree"] == serde_json::json!([])),
            " | none | ",
            ""
        ),
        says!(
            "/min_conflicts/ours_all" == true,
            "restarts after n² iterations and solved every seed",
            "did not solve every seed"
        ),
        says!(
            "/min_conflicts/ours_all" == false,
            "restarts after n² iterations and did not solve every seed",
            "and solved every seed"
        ),
        says!(
            "/min_conflicts" == null,
            "## aima-python",
            "It never restarts"
        ),
        says!(
            "a method none solved at its last size",
            |f| items(&f["growth"]).any(|g| g["ended"] == "none_solved"),
            "| none solved |",
            ""
        ),
        says!(
            "a method out of time",
            |f| items(&f["growth"]).any(|g| g["ended"] == "budget"),
            "| time budget |",
            ""
        ),
        says!(
            "a method at the plan's end",
            |f| items(&f["growth"]).any(|g| g["ended"] == "plan"),
            "| largest size |",
            ""
        ),
        says!(
            "every setting with the book's figure takes more",
            |f| booked(f, "higher"),
            "| more |",
            "| fewer |"
        ),
        says!(
            "a setting takes fewer checks than the book",
            |f| items(&f["csp"]).any(|c| c["vs_book"] == "lower"),
            "| fewer |",
            ""
        ),
    ]
};

/// Whether every setting the book has a figure for compares with it as
/// `v` (and there is one).
#[cfg(test)]
fn booked(f: &serde_json::Value, v: &str) -> bool {
    let mut with = items(&f["csp"]).filter(|c| !c["book"].is_null()).peekable();
    with.peek().is_some() && with.all(|c| c["vs_book"] == v)
}

/// The items of a list of the facts.
#[cfg(test)]
fn items(v: &serde_json::Value) -> impl Iterator<Item = &serde_json::Value> {
    v.as_array().into_iter().flatten()
}

/// Whether a list of the facts has an item.
#[cfg(test)]
fn non_empty(v: &serde_json::Value) -> bool {
    items(v).next().is_some()
}
