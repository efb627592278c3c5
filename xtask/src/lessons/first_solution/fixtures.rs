//! The fixtures of the first-solution chapter's course tests: variants for
//! the branches the committed data do not take, and what each branch says.

use super::*;

/// Variants for the branches the committed data do not take.
pub(in crate::lessons) fn flips(ctx: &Ctx) -> Vec<crate::lessons::Chapter> {
    let Some(base) = facts(ctx) else {
        return Vec::new();
    };
    let figures = figures(ctx);
    let mut out = Vec::new();
    for stop in [Stop::GridEnd, Stop::Timeout, Stop::Budget, Stop::Limit] {
        let mut f = base.clone();
        for r in &mut f.reaches {
            r.stop = stop;
        }
        for l in &mut f.local {
            l.failed = 1;
        }
        f.same_steps.clear();
        f.long_runs.clear();
        out.push(crate::lessons::Chapter::new(&f, figures.clone()));
    }
    // A long run with and without its peak memory.
    let mut f = base.clone();
    let run = LongBoard {
        n: 100_000_000,
        seconds: 10.0,
        peak: None,
        written: None,
        verified: None,
    };
    f.long_runs = vec![
        run.clone(),
        LongBoard {
            peak: Some(4.6e8),
            ..run.clone()
        },
        LongBoard {
            n: 1_000_000_000,
            written: Some(170.0),
            verified: Some(60.0),
            ..run
        },
    ];
    out.push(crate::lessons::Chapter::new(&f, figures.clone()));
    // The placements' steps in a zigzag, or with no simple pattern.
    let mut f = base.clone();
    f.erratic.zigzag = match base.erratic.zigzag {
        None => Some(Zigzag {
            falls_to: "odd",
            from: 8,
            to: 14,
        }),
        Some(_) => None,
    };
    out.push(crate::lessons::Chapter::new(&f, figures.clone()));
    let mut f = base;
    let extra = f.same_steps.first().cloned().unwrap_or_default();
    f.same_steps.push(extra);
    out.push(crate::lessons::Chapter::new(&f, figures));
    out
}

/// What the chapter's branches say (see [`crate::lessons::Says`]).
pub(in crate::lessons) const SAYS: &[crate::lessons::Says] = &[
    crate::lessons::says!(
        "a ported program",
        |f| list(f, "reaches").any(|r| r["origin"] == "grid"),
        "| ported program |",
        ""
    ),
    crate::lessons::says!(
        "a lab setting",
        |f| list(f, "reaches").any(|r| r["origin"] == "lab"),
        "| constraint lab |",
        ""
    ),
    crate::lessons::says!(
        "the tuned search",
        |f| list(f, "reaches").any(|r| r["origin"] == "tuned"),
        "| tuned: random ties, restarts |",
        ""
    ),
    crate::lessons::says!(
        "every reach ends at the grid",
        |f| reaches(f, "grid_end"),
        "| last size measured |",
        "next size"
    ),
    crate::lessons::says!(
        "every reach ends on a timeout",
        |f| reaches(f, "timeout"),
        "| next size timed out |",
        "last size measured"
    ),
    crate::lessons::says!(
        "every reach ends on the budget",
        |f| reaches(f, "budget"),
        "| next size over the time budget |",
        "timed out"
    ),
    crate::lessons::says!(
        "every reach ends at a limit",
        |f| reaches(f, "limit"),
        "| a limit of the program |",
        "next size"
    ),
    crate::lessons::says!(
        "every local search solved every seed",
        |f| list(f, "local").all(|l| l["failed"] == 0),
        "seeds)",
        "seeds failed"
    ),
    crate::lessons::says!(
        "every local search failed a seed",
        |f| list(f, "local").all(|l| l["failed"] != 0),
        "seeds failed)",
        ""
    ),
    crate::lessons::says!(
        "searches share equal counts",
        |f| list(f, "same_steps").count() > 0,
        "(searches with equal counts share one, drawn to the largest n of any:",
        ""
    ),
    crate::lessons::says!(
        "two groups share equal counts",
        |f| list(f, "same_steps").count() > 1,
        "`; `",
        ""
    ),
    crate::lessons::says!(
        "no searches share equal counts",
        |f| list(f, "same_steps").count() == 0,
        "lines.",
        "with equal counts"
    ),
    crate::lessons::says!(
        "long runs beyond the grid",
        |f| list(f, "long_runs").count() > 0,
        "Beyond the grid, `swap-search` ran once",
        ""
    ),
    crate::lessons::says!(
        "a long run with its peak",
        |f| list(f, "long_runs").any(|r| r["peak"].is_number()),
        "of peak memory",
        ""
    ),
    crate::lessons::says!(
        "a long run whose board was written and verified",
        |f| list(f, "long_runs").any(|r| r["written"].is_number()),
        "verified by `check-board`",
        ""
    ),
    crate::lessons::says!(
        "no long runs",
        |f| list(f, "long_runs").count() == 0,
        "Local search time grows",
        "Beyond the grid"
    ),
];

/// The items of a list of the facts.
fn list<'f>(f: &'f serde_json::Value, key: &str) -> impl Iterator<Item = &'f serde_json::Value> {
    f[key].as_array().into_iter().flatten()
}

/// Whether every reach stopped for `stop`.
fn reaches(f: &serde_json::Value, stop: &str) -> bool {
    list(f, "reaches").all(|r| r["stop"] == stop)
}
