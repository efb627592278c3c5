//! The twelve settings of aima-python's `backtracking_search`, our knobs
//! for each, and the rule that names why a pair differs.
//!
//! Our driver (`driver.py`) can replace one piece of aima's behaviour by
//! ours at a time (a *fix*): the rule runs aima as installed, with every
//! fix that applies to the setting, and with every fix but one. A fix is a
//! cause when aima with every fix agrees with us and aima without that one
//! does not.

/// One piece of aima-python's `csp.py` (PyPI `aima` 2024.9.28, identical to
/// aima-python's `csp.py` of June 2020) that behaves differently from ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fix {
    /// `mrv` breaks ties with `argmin_random_tie` (a shuffle, then `min`);
    /// our `mrv` takes the lowest row.
    Ties,
    /// `num_legal_values` reads `curr_domains` once they exist, and
    /// `no_inference` never prunes them (only `suppose` narrows the
    /// assigned variable's): every unassigned variable counts n values, so
    /// mrv without inference picks a variable at random. Ours counts the
    /// columns the placed queens leave.
    Blind,
    /// `CSP.restore` appends restored values at the end of `curr_domains`,
    /// so after a backtrack a variable's values are no longer in ascending
    /// order (even without inference: `suppose` and `restore` move the
    /// value tried to the front). Ours are always left to right.
    Restore,
    /// `lcv` sorts by `nconflicts` with the assigned variables, which only
    /// moves values that fail anyway to the back; ours counts, as AIMA 3rd
    /// ed. Section 6.3.1 does, the values ruled out for the unassigned
    /// neighbours.
    Lcv,
    /// `mac` returns `AC3b`'s pair `(consistent, checks)`, which
    /// `backtracking_search` tests for truth: a non-empty tuple, always
    /// true, so a wiped-out domain never fails the branch at once (the
    /// reductions still apply).
    Mac,
}

impl Fix {
    /// Every fix, in the order the cause names them.
    pub const ALL: [Fix; 5] = [Fix::Ties, Fix::Blind, Fix::Restore, Fix::Lcv, Fix::Mac];

    /// The name the driver takes and the CSV shows.
    pub fn name(self) -> &'static str {
        match self {
            Fix::Ties => "ties",
            Fix::Blind => "blind",
            Fix::Restore => "restore",
            Fix::Lcv => "lcv",
            Fix::Mac => "mac",
        }
    }
}

/// One setting of `backtracking_search`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    /// `mrv` (else `first_unassigned_variable`).
    pub mrv: bool,
    /// `lcv` (else `unordered_domain_values`).
    pub lcv: bool,
    /// `none`, `forward` or `mac` (`no_inference`, `forward_checking`, `mac`).
    pub inference: &'static str,
}

impl Setting {
    /// The twelve settings, in table order.
    pub fn all() -> Vec<Setting> {
        let mut out = Vec::new();
        for mrv in [false, true] {
            for lcv in [false, true] {
                for inference in ["none", "forward", "mac"] {
                    out.push(Setting {
                        mrv,
                        lcv,
                        inference,
                    });
                }
            }
        }
        out
    }

    /// The driver's arguments: variable order, value order, inference.
    pub fn driver_args(&self) -> [&'static str; 3] {
        [
            if self.mrv { "mrv" } else { "first" },
            if self.lcv { "lcv" } else { "unordered" },
            self.inference,
        ]
    }

    /// `VAR/VAL/INF`, as the CSV names it.
    pub fn name(&self) -> String {
        self.driver_args().join("/")
    }

    /// Our knobs: `--order`, `--values`, `--propagate`. aima's `mrv` goes
    /// with our `mrv` (ties by the lowest row), not `mrv-random`: neither
    /// side's random stream can reproduce the other's, and a fixed rule
    /// lets the `ties` fix make aima's tree exactly ours.
    pub fn our_knobs(&self) -> [&'static str; 3] {
        [
            if self.mrv { "mrv" } else { "row" },
            if self.lcv { "lcv" } else { "left" },
            match self.inference {
                "forward" => "forward",
                "mac" => "arc",
                _ => "none",
            },
        ]
    }

    /// The fixes that apply to this setting.
    pub fn fixes(&self) -> Vec<Fix> {
        Fix::ALL
            .into_iter()
            .filter(|f| match f {
                Fix::Ties => self.mrv,
                Fix::Blind => self.mrv && self.inference == "none",
                Fix::Restore => true,
                Fix::Lcv => self.lcv,
                Fix::Mac => self.inference == "mac",
            })
            .collect()
    }

    /// The driver's fix sets, in the order of [`Outcome`]s the rule reads:
    /// none, every fix, then every fix but each one in turn.
    pub fn fix_sets(&self) -> Vec<Vec<Fix>> {
        let all = self.fixes();
        let mut sets = vec![Vec::new(), all.clone()];
        for &f in &all {
            sets.push(all.iter().copied().filter(|&g| g != f).collect());
        }
        sets
    }
}

/// One run's result: nodes and first board, or `None` after a timeout.
pub type Outcome = Option<(u64, Vec<u32>)>;

/// The cause of the difference between aima's runs (`runs[i]` with
/// `setting.fix_sets()[i]`) and ours: `same` when aima as installed agrees
/// (same nodes, same board), `timeout` when a run needed is missing, else
/// the fixes without which aima with every fix no longer agrees, joined
/// by `+`; `unexplained` when even every fix does not agree, `either` when
/// every fix agrees but no single one is needed (two fixes that each suffice).
pub fn cause(setting: &Setting, runs: &[Outcome], ours: &Outcome) -> String {
    let Some(ours) = ours else {
        return "timeout".into();
    };
    let agrees = |i: usize| runs.get(i).cloned().flatten().map(|r| &r == ours);
    match agrees(0) {
        None => return "timeout".into(),
        Some(true) => return "same".into(),
        Some(false) => {}
    }
    match agrees(1) {
        None => return "timeout".into(),
        Some(false) => return "unexplained".into(),
        Some(true) => {}
    }
    let mut needed = Vec::new();
    for (i, fix) in setting.fixes().into_iter().enumerate() {
        match agrees(2 + i) {
            None => return "timeout".into(),
            Some(false) => needed.push(fix.name()),
            Some(true) => {}
        }
    }
    if needed.is_empty() {
        "either".into()
    } else {
        needed.join("+")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(nodes: u64) -> Outcome {
        Some((nodes, vec![0, 4, 7, 5, 2, 6, 1, 3]))
    }

    #[test]
    fn twelve_settings_with_our_knobs_and_their_fixes() {
        let all = Setting::all();
        assert_eq!(all.len(), 12);
        assert_eq!(all[0].name(), "first/unordered/none");
        assert_eq!(all[0].our_knobs(), ["row", "left", "none"]);
        assert_eq!(all[0].fixes(), [Fix::Restore]);
        let last = all[11];
        assert_eq!(last.name(), "mrv/lcv/mac");
        assert_eq!(last.our_knobs(), ["mrv", "lcv", "arc"]);
        assert_eq!(last.fixes(), [Fix::Ties, Fix::Restore, Fix::Lcv, Fix::Mac]);
        assert_eq!(all[6].fixes(), [Fix::Ties, Fix::Blind, Fix::Restore]);
        let sets = all[6].fix_sets();
        assert_eq!(sets.len(), 5);
        assert!(sets[0].is_empty() && sets[1].len() == 3);
        assert_eq!(sets[3], [Fix::Ties, Fix::Restore]);
    }

    #[test]
    fn the_rule_names_the_fixes_that_are_needed() {
        let first = Setting::all()[0];
        // Installed aima agrees: same, whatever the fixes do.
        assert_eq!(cause(&first, &[run(113)], &run(113)), "same");
        // The fix makes it agree, and without it (here: no fix) it does not.
        assert_eq!(
            cause(&first, &[run(116), run(113), run(116)], &run(113)),
            "restore"
        );
        // A different board with the same nodes is a difference too.
        let other_board = Some((113, vec![0, 5, 7, 2, 6, 3, 1, 4]));
        assert_eq!(
            cause(&first, &[other_board, run(113), run(116)], &run(113)),
            "restore"
        );
        assert_eq!(
            cause(&first, &[run(116), run(115), run(116)], &run(113)),
            "unexplained"
        );
        assert_eq!(
            cause(&first, &[None, run(113), run(116)], &run(113)),
            "timeout"
        );
        assert_eq!(cause(&first, &[run(113)], &None), "timeout");

        let mrv_lcv_mac = Setting::all()[11]; // ties, restore, lcv, mac
        let runs = [run(10), run(14), run(20), run(14), run(27), run(40)];
        assert_eq!(cause(&mrv_lcv_mac, &runs, &run(14)), "ties+lcv+mac");
        let none_needed = [run(10), run(14), run(14), run(14), run(14), run(14)];
        assert_eq!(cause(&mrv_lcv_mac, &none_needed, &run(14)), "either");
    }
}
