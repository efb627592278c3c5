//! Numbers with their nouns, singular for 1: "1 solution", "2 solutions",
//! "1 queen placement"; "no solution" for none; times as people read them.

use std::time::Duration;

/// `k` and the noun that fits it.
pub fn count(k: u64, one: &str, many: &str) -> String {
    format!("{k} {}", if k == 1 { one } else { many })
}

/// Solutions: "no solution", "1 solution", "92 solutions": the words of
/// `--unique`'s fundamental solutions, which the seed's count line (always
/// `K solutions`, see `run::count_line`) does not define.
pub fn solutions(k: u64, noun: &str) -> String {
    match k {
        0 => format!("no {noun}"),
        _ => count(k, noun, &format!("{noun}s")),
    }
}

/// A time with three significant figures in the unit that suits it:
/// "48.2 µs", "1.43 ms", "262 ms", "2.14 s", "1 min 5 s".
pub fn duration(d: Duration) -> String {
    let secs = d.as_secs_f64();
    let three = |x: f64| match x {
        x if x >= 100.0 => format!("{x:.0}"),
        x if x >= 10.0 => format!("{x:.1}"),
        x => format!("{x:.2}"),
    };
    if secs < 1e-3 {
        format!("{} µs", three(secs * 1e6))
    } else if secs < 1.0 {
        format!("{} ms", three(secs * 1e3))
    } else if secs < 60.0 {
        format!("{} s", three(secs))
    } else {
        let whole = d.as_secs();
        format!("{} min {} s", whole / 60, whole % 60)
    }
}

/// A long estimate in the largest unit that keeps it readable: `3.2 h`,
/// `7 days`, `19 years`, `1.9e8 years`.
pub fn long_duration(secs: f64) -> String {
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    let two = |x: f64| {
        if x < 10.0 {
            format!("{x:.1}")
        } else {
            format!("{x:.0}")
        }
    };
    match secs {
        s if s < 3_600.0 => format!("{} min", two(s / 60.0)),
        s if s < DAY => format!("{} h", two(s / 3_600.0)),
        s if s < YEAR => format!("{} days", two(s / DAY)),
        s if s < 1e6 * YEAR => format!("{} years", two(s / YEAR)),
        s if s < 1e12 * YEAR => format!("{:.1e} years", s / YEAR),
        _ => "more than 1e12 years".into(),
    }
}

/// `k` steps in an approach's own unit (`Info::step_unit`, a plural phrase
/// such as "queen placements (all attempts)"), made singular for 1.
pub fn steps(k: u64, unit: &str) -> String {
    if k == 1 {
        format!("1 {}", singular(unit))
    } else {
        format!("{k} {unit}")
    }
}

/// A plural phrase made singular: its first plural word ("queen
/// placements of the tree" → "queen placement of the tree", "pairs of half
/// boards compared" → "pair of half boards compared"), and a one-word
/// plural in parentheses ("(assignments)" → "(assignment)").
pub fn singular(phrase: &str) -> String {
    let (head, tail) = match phrase.find(" (") {
        Some(i) => phrase.split_at(i),
        None => (phrase, ""),
    };
    let mut done = false;
    let head: Vec<String> = head
        .split(' ')
        .map(|w| match w.strip_suffix('s') {
            Some(stem) if !done && !w.ends_with("'s") && !w.ends_with("ss") => {
                done = true;
                stem.to_string()
            }
            _ => w.to_string(),
        })
        .collect();
    let tail = match tail.strip_prefix(" (").and_then(|t| t.strip_suffix(')')) {
        Some(word) if !word.contains(' ') && word.ends_with('s') => {
            format!(" ({})", &word[..word.len() - 1])
        }
        _ => tail.to_string(),
    };
    format!("{}{tail}", head.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_approaches::REGISTRY;

    #[test]
    fn one_is_singular() {
        assert_eq!(count(1, "solution", "solutions"), "1 solution");
        assert_eq!(count(0, "solution", "solutions"), "0 solutions");
        assert_eq!(steps(1, "queen placements"), "1 queen placement");
        assert_eq!(steps(2, "queen placements"), "2 queen placements");
        assert_eq!(solutions(0, "solution"), "no solution");
        assert_eq!(solutions(1, "solution"), "1 solution");
        assert_eq!(
            solutions(92, "fundamental solution"),
            "92 fundamental solutions"
        );
    }

    #[test]
    fn times_read_in_their_unit() {
        let t = |nanos| duration(Duration::from_nanos(nanos));
        assert_eq!(t(48_213), "48.2 µs");
        assert_eq!(t(999), "1.00 µs");
        assert_eq!(t(1_430_000), "1.43 ms");
        assert_eq!(t(262_592_600), "263 ms");
        assert_eq!(t(2_144_000_000), "2.14 s");
        assert_eq!(t(65_400_000_000), "1 min 5 s");
    }

    #[test]
    fn every_step_unit_has_a_singular() {
        let cases = [
            ("queen placements", "queen placement"),
            (
                "queen placements of the mirror-halved tree (ref-c's nodes)",
                "queen placement of the mirror-halved tree (ref-c's nodes)",
            ),
            (
                "queen placements (assignments)",
                "queen placement (assignment)",
            ),
            (
                "queen placements (all attempts)",
                "queen placement (all attempts)",
            ),
            (
                "pairs of half boards compared",
                "pair of half boards compared",
            ),
            ("complete candidates tested", "complete candidate tested"),
            ("partial lists kept", "partial list kept"),
            ("partial lists built", "partial list built"),
            ("kept swaps", "kept swap"),
            ("queen moves", "queen move"),
            (
                "iterations (a random conflicted queen moved, or kept when all its rows are tabu)",
                "iteration (a random conflicted queen moved, or kept when all its rows are tabu)",
            ),
            (
                "queen moves (sideways ones included, over all restarts)",
                "queen move (sideways ones included, over all restarts)",
            ),
            (
                "queen moves (sideways ones included)",
                "queen move (sideways ones included)",
            ),
            (
                "queen moves (over all restarts)",
                "queen move (over all restarts)",
            ),
            (
                "queen placements of the symmetry-reduced tree",
                "queen placement of the symmetry-reduced tree",
            ),
            ("permutations tested", "permutation tested"),
            ("steps (always 0: no search)", "step (always 0: no search)"),
            (
                "iterations (a random successor proposed, taken or not)",
                "iteration (a random successor proposed, taken or not)",
            ),
            (
                "generations (all successors of the k boards made, the k best kept)",
                "generation (all successors of the k boards made, the k best kept)",
            ),
            (
                "generations (a whole new population made)",
                "generation (a whole new population made)",
            ),
        ];
        for (plural, one) in cases {
            assert_eq!(singular(plural), one);
        }
        // Every approach's unit is a case above: its singular written by hand.
        for a in REGISTRY.all() {
            let unit = a.info().step_unit;
            assert!(
                cases.iter().any(|&(plural, _)| plural == unit),
                "{}: add \"{unit}\" and its singular to the cases",
                a.info().id
            );
        }
    }
}
