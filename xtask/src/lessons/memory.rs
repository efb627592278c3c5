//! Lesson: memory. A search that streams its candidates holds O(n) state;
//! one that builds every partial solution of a level before the next (the
//! strict reading of the Haskell comprehension) or every candidate before
//! filtering (the MATLAB program) holds the widest level, which grows with
//! the tree. Each of those two sources runs here both ways, the same
//! candidates in the same order, so the difference is the memory alone.

use super::{Ctx, Lesson, Table, line};
use crate::analysis::{Series, Stat};
use crate::data::Family;
use crate::figure::{Chart, Figure, LineChart, Unit};
use crate::format::{human_bytes, ratio, size, times};

/// The searches compared: the comprehension strict and lazy, the MATLAB
/// filter holding its arrays and streaming, backtracking, and the join's
/// tables.
const SEARCHES: [&str; 6] = [
    "list-comprehension-strict",
    "list-comprehension",
    "permutations",
    "permutations-streaming",
    "bitmask",
    "half-join",
];

/// Bytes per element of MATLAB's default type, double.
const MATLAB_DOUBLE: f64 = 8.0;

/// The smallest peak of any counting process: the program itself, before
/// its search allocates anything.
pub fn baseline(ctx: &Ctx) -> Option<f64> {
    ctx.data
        .samples
        .iter()
        .filter(|s| s.family == Family::Count)
        .filter_map(|s| s.peak_bytes)
        .min()
        .map(|b| b as f64)
}

/// Peak memory of a point.
fn peak(p: &Stat) -> Option<(f64, f64, f64)> {
    let b = p.peak_bytes? as f64;
    Some((b, b, b))
}

/// The growth per queen of a series' memory above the baseline, between
/// its last two points.
pub fn growth_above(series: &Series, base: f64) -> Option<(usize, f64)> {
    let pts: Vec<(usize, f64)> = series
        .points
        .iter()
        .filter_map(|p| Some((p.n, p.peak_bytes? as f64 - base)))
        .collect();
    let [(n0, a), (n1, b)] = pts.get(pts.len().checked_sub(2)?..)? else {
        return None;
    };
    (*a > 0.0 && *b > 0.0 && n1 > n0).then(|| (*n1, (b / a).powf(1.0 / (n1 - n0) as f64)))
}

/// n! as a float.
fn factorial(n: usize) -> f64 {
    (1..=n).map(|k| k as f64).product()
}

pub(super) fn lesson(ctx: &Ctx) -> Option<Lesson> {
    let base = baseline(ctx)?;
    let series: Vec<&Series> = SEARCHES.iter().filter_map(|id| ctx.count(id)).collect();
    let strict = ctx.count("list-comprehension-strict")?;
    let figures = vec![Figure {
        chart: Chart::Line(LineChart::by_n(
            "memory_peak",
            "Peak memory while counting all solutions",
            "peak resident memory of the process (log scale)",
            Unit::Bytes,
            series.iter().map(|s| line(s, &peak)).collect(),
        )),
        caption: format!(
            "The most memory each counting process held (VmHWM). The lowest lines sit at the \
             program's own size, about {}: those searches stream, holding one partial board at a \
             time.",
            human_bytes(base)
        ),
    }];
    let mut table = Table::new(&[
        "approach",
        "largest n",
        "peak memory",
        "above the program's own",
        "growth per queen (last two n)",
    ]);
    for s in &series {
        let p = s.last()?;
        let b = p.peak_bytes? as f64;
        table.row(vec![
            format!("`{}`", s.approach.id),
            size(p.n),
            human_bytes(b),
            human_bytes((b - base).max(0.0)),
            growth_above(s, base).map_or("–".into(), |(_, g)| ratio(g)),
        ]);
    }
    let last = strict.last()?;
    let strict_growth = growth_above(strict, base);
    let steps_growth = strict
        .points
        .windows(2)
        .last()
        .and_then(|w| Some(w[1].steps? / w[0].steps?));
    let flat: Vec<String> = series
        .iter()
        .filter(|s| {
            s.points
                .iter()
                .all(|p| p.peak_bytes.is_some_and(|b| (b as f64) < 1.5 * base))
        })
        .map(|s| format!("`{}`", s.approach.id))
        .collect();
    let mut why = vec![format!(
        "`list-comprehension-strict` reads the Haskell comprehension [Aiello] strictly: `queens k` is \
         built in full from all of `queens (k − 1)` before anything else happens, so memory holds \
         a whole level of partial lists, k bytes each. At n = {} the process peaked at {}{}, while its \
         nodes grew {} with that last queen: the memory grows with the tree's levels, not with n \
         (the last level goes straight to the count; the widest one kept is the level before).",
        size(last.n),
        human_bytes(last.peak_bytes? as f64),
        strict_growth.map_or(String::new(), |(_, g)| format!(
            ", and the part above the program's own grew {} per queen",
            times(g)
        )),
        steps_growth.map_or("–".into(), times),
    )];
    if !flat.is_empty() {
        why.push(format!(
            "{} stay within 1.5 times the program's own {} at every size: they generate one \
             candidate or one placement at a time and forget it after testing, O(n) state \
             however large the tree. `list-comprehension` is the same comprehension run lazily, \
             as GHC runs it: each `queens k` pulls one partial list at a time from `queens (k − 1)`, \
             the same lists in the same order as the strict reading, so the levels are never \
             held (the Haskell program itself never held more than 5.9 MB up to n = 14; see the \
             appendix on the source programs).",
            flat.join(", "),
            human_bytes(base)
        ));
    }
    if let Some(held) = ctx.count("permutations")
        && let Some(p) = held.last()
        && let Some(bytes) = p.peak_bytes
    {
        let k = p.n as f64;
        let formula = MATLAB_DOUBLE * factorial(p.n) * (k * k + k + 1.0);
        let above = bytes as f64 - base;
        why.push(format!(
            "The MATLAB program [Eddins 2017] materialises everything: `perms(1:N)` is an n! × n \
             matrix, the stack of boards an n × n × n! array and the diagonal test `dv` n! more, \
             all doubles ({MATLAB_DOUBLE} bytes each): 8·n!·(n² + n + 1) bytes. `permutations` \
             holds the same arrays: at n = {} the formula gives {} and the process held {} above \
             the program's own ({} of it). Each queen more multiplies it by a little more than n + 1: \
             the memory wall belongs to building before filtering. `permutations-streaming` \
             tests the same permutations in the same order one at a time, and stays flat.",
            size(p.n),
            human_bytes(formula),
            human_bytes(above.max(0.0)),
            crate::format::percent(above / formula),
        ));
    }
    if let Some(join) = ctx
        .count("half-join")
        .and_then(|s| Some((s, growth_above(s, base)?)))
    {
        why.push(format!(
            "`half-join` trades memory for time on purpose: its tables of quarter boards grew {} \
             per queen up to n = {}.",
            times(join.1.1),
            size(join.1.0)
        ));
    }
    Some(Lesson {
        title: "Memory: streaming against building everything first".into(),
        question:
            "What does it cost in memory to build all candidates, or a whole level, before testing?"
                .into(),
        experiment:
            "Held fixed: the answer (every solution), and for each source its candidates and \
                     their order. Changed: whether the search holds one partial board at a time \
                     (backtracking, `list-comprehension` lazy, `permutations-streaming`), a whole \
                     level of partial lists (`list-comprehension-strict`), every candidate board \
                     (`permutations`, the MATLAB arrays), or tables of half boards (`half-join`). \
                     Peak resident memory of each counting process."
                .into(),
        figures,
        table,
        why,
        try_it: vec![format!(
            "/usr/bin/time -v queens --algo list-comprehension-strict {}",
            last.n
        )],
        // The summary names five or six findings; this lesson's are in its section.
        summary: None,
    })
}
