//! Numbers with their nouns, singular for 1: "1 solution", "2 solutions",
//! "1 queen placement".

/// `k` and the noun that fits it.
pub fn count(k: u64, one: &str, many: &str) -> String {
    format!("{k} {}", if k == 1 { one } else { many })
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
                "queen moves (sideways ones included, over all restarts)",
                "queen move (sideways ones included, over all restarts)",
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
