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
    /// Every cause of a difference found, in alphabetical order.
    pub aima_codes: Vec<String>,
    /// aima-python's `min_conflicts` against ours.
    pub min_conflicts: Option<crate::lessons::aima_python::MinConflicts>,
    /// Each method's parameters, from the crates.
    pub params: super::Params,
    /// The csp lab's instructions per node, with and without forward checking.
    pub per_node: super::per_node::PerNode,
}

fn tables(ctx: &Ctx) -> Option<Tables> {
    let t = textbook(ctx)?;
    Some(Tables {
        growth: t.growth,
        csp: t.csp.map(|c| c.settings).unwrap_or_default(),
        min_conflicts: t.aima.as_ref().and_then(|a| a.min_conflicts.clone()),
        aima_codes: t.aima.as_ref().map(|a| a.codes.clone()).unwrap_or_default(),
        aima: t.aima.map(|a| a.settings).unwrap_or_default(),
        params: t.params,
        per_node: super::per_node::per_node(),
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
        g.all_solved_at.clear();
        g.last_steps = None;
        g.last_steps_n = None;
    }
    for c in &mut f.csp {
        c.median_k = None;
        c.runs = 1;
        c.vs_book = c.book.map(|_| Verdict::Higher);
    }
    f.aima_codes.push("a-cause-the-text-does-not-know".into());
    for a in &mut f.aima {
        a.agree.clear();
        a.causes.clear();
        a.unexplained = 1;
        a.timed_out = 0;
        a.not_run = 0;
        a.fix_timed_out = 0;
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
    // aima's unsolved seeds: all past its step limit (f), some of each
    // (h), none (k).
    if let Some(m) = &mut f.min_conflicts {
        m.ours_all = false;
        m.aima_step_limit = m.aima_unsolved.max(1);
        m.aima_unsolved = m.aima_step_limit;
        m.aima_timeouts = 0;
    }
    let mut h = f.clone();
    if let Some(m) = &mut h.min_conflicts {
        m.aima_timeouts = 1;
        m.aima_unsolved = m.aima_step_limit + 1;
    }
    let mut k = f.clone();
    k.aima_codes.clear();
    if let Some(m) = &mut k.min_conflicts {
        (m.aima_unsolved, m.aima_timeouts, m.aima_step_limit) = (0, 0, 0);
        m.aima_all = m.sizes;
    }
    let empty = Tables {
        growth: Vec::new(),
        csp: Vec::new(),
        aima: Vec::new(),
        aima_codes: Vec::new(),
        min_conflicts: None,
        params: super::params(),
        per_node: super::per_node::per_node(),
    };
    vec![
        Chapter::new(&f, Vec::new()),
        Chapter::new(&g, Vec::new()),
        Chapter::new(&h, Vec::new()),
        Chapter::new(&k, Vec::new()),
        Chapter::new(&empty, Vec::new()),
    ]
}

/// What the tables page says (see [`crate::lessons::Says`]).
#[cfg(test)]
pub(in crate::lessons) const TABLES_SAYS: &[crate::lessons::Says] = {
    use crate::lessons::says;
    &[
        says!(
            "a cause the text does not describe",
            |f| f["aima_codes"]
                .as_array()
                .is_some_and(|c| c.iter().any(|c| c == "a-cause-the-text-does-not-know")),
            "`a-cause-the-text-does-not-know`: (not described).",
            ""
        ),
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
            "a setting with sizes not run",
            |f| items(&f["aima"]).any(|a| a["not_run"] != 0),
            " not run |",
            ""
        ),
        says!(
            "a setting whose fix runs timed out",
            |f| items(&f["aima"]).any(|a| a["fix_timed_out"] != 0),
            "unknown (a run with a fix timed out)",
            ""
        ),
        says!(
            "/min_conflicts/aima_unsolved" == 0,
            "No seed went unsolved.",
            "seeds went unsolved"
        ),
        says!(
            "aima's unsolved seeds all cut short by our time limit",
            |f| mc(f, |unsolved, _, step_limit| unsolved > 0 && step_limit == 0),
            "None of them was stopped by a step limit",
            "past its 100 000 steps unsolved"
        ),
        says!(
            "aima's unsolved seeds all past its step limit",
            |f| mc(f, |unsolved, timeouts, _| unsolved > 0 && timeouts == 0),
            "Every one of them ran past its 100 000 steps unsolved",
            "cut short"
        ),
        says!(
            "aima's unsolved seeds of both kinds",
            |f| mc(f, |_, timeouts, step_limit| timeouts > 0 && step_limit > 0),
            "of them ran past its 100 000 steps unsolved; our own time limit",
            "None of them was stopped by a step limit"
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

/// Whether aima's `min_conflicts` ran and its unsolved seeds, timeouts and
/// step-limit failures (in that order) satisfy `when`.
#[cfg(test)]
fn mc(f: &serde_json::Value, when: impl Fn(u64, u64, u64) -> bool) -> bool {
    let m = &f["min_conflicts"];
    let get = |k: &str| m[k].as_u64();
    match (
        get("aima_unsolved"),
        get("aima_timeouts"),
        get("aima_step_limit"),
    ) {
        (Some(u), Some(t), Some(s)) => when(u, t, s),
        _ => false,
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::test_data::committed;

    /// Each method's sizes with every start solved are exactly the
    /// measured sizes whose raw row in `textbook.csv` solved every start,
    /// grouped into maximal runs of consecutive measured sizes.
    #[test]
    fn every_start_solved_at_is_what_the_rows_say() {
        let data = committed();
        let t = tables(&Ctx::new(&data)).expect("the textbook study is committed");
        assert!(!t.growth.is_empty());
        for g in &t.growth {
            let mut rows: Vec<_> = data
                .textbook
                .iter()
                .filter(|r| r.approach == g.method && r.knobs == g.knobs)
                .filter(|r| r.starts > 0 && r.n < 1_000_000)
                .collect();
            rows.sort_by_key(|r| r.n);
            let inside = |n: usize| g.all_solved_at.iter().any(|s| s.from <= n && n <= s.to);
            for r in &rows {
                assert_eq!(
                    inside(r.n),
                    r.solved == r.starts,
                    "{} at n = {}: {} of {} solved",
                    g.method,
                    r.n,
                    r.solved,
                    r.starts
                );
            }
            // Maximal: between two runs lies a size that failed a start.
            for pair in g.all_solved_at.windows(2) {
                assert!(
                    rows.iter()
                        .any(|r| pair[0].to < r.n && r.n < pair[1].from && r.solved < r.starts),
                    "{}: {:?} could be one run",
                    g.method,
                    pair
                );
            }
        }
        // The reading the old column got wrong: a failure at n = 8, every
        // start solved from some larger n on.
        assert!(t.growth.iter().any(|g| {
            g.all_solved_at.first().is_some_and(|s| s.from > 8)
                && data
                    .textbook
                    .iter()
                    .any(|r| r.approach == g.method && r.n == 8 && r.solved < r.starts)
        }));
    }

    /// Every size of aima's study is compared, timed out or not run, once.
    #[test]
    fn aima_sizes_are_compared_timed_out_or_not_run() {
        let data = committed();
        let t = tables(&Ctx::new(&data)).expect("the textbook study is committed");
        assert!(!t.aima.is_empty(), "aima_python.csv is committed");
        for a in &t.aima {
            let rows: Vec<_> = data
                .aima_python
                .iter()
                .filter(|r| r.setting == a.setting)
                .collect();
            assert_eq!(a.sizes, rows.len(), "{}", a.setting);
            assert_eq!(
                a.compared + a.timed_out + a.not_run,
                a.sizes,
                "{}: {a:?}",
                a.setting
            );
            assert!(a.fix_timed_out <= a.compared, "{}", a.setting);
        }
        let m = t.min_conflicts.expect("min_conflicts is committed");
        assert_eq!(m.aima_unsolved, m.aima_timeouts + m.aima_step_limit);
        // Row by row: a seed unsolved within 100 000 steps is a timeout,
        // or ran past the step limit.
        let past_limit: u32 = data
            .aima_python
            .iter()
            .filter(|r| r.kind == "min_conflicts")
            .map(|r| {
                let unsolved = r.seeds.unwrap() - r.aima_solved_default.unwrap();
                unsolved - r.aima_timeouts.unwrap().min(unsolved)
            })
            .sum();
        assert_eq!(m.aima_step_limit, past_limit);
    }
}
