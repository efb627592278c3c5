//! Chapter 6's constraint-satisfaction table: the csp lab's consistency
//! checks to solve every n-Queens problem from n = 2 to 50 (`data/
//! csp_book.csv`), per setting the median over runs of the total, beside
//! AIMA 2nd ed. (2003) §5.2, Figure 5.5, whose n-Queens row comes from
//! Bacchus and van Run (1995).

use std::collections::BTreeMap;

use serde::Serialize;

use super::Ctx;
use crate::analysis::{Judged, Spread, Verdict};
use crate::data::csp_book::{Row, Solved};

/// The book's figure for a setting, in thousands of checks; `over` for
/// "(> 40 000K)": no answer within the allotted checks.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct BookChecks {
    /// Thousands of checks (the budget when `over`).
    pub thousands: f64,
    /// The book's run passed its budget.
    pub over: bool,
}

/// The end of the name of a setting whose MRV breaks ties to the lowest
/// row (`checks-table`'s twin of the setting without it, which breaks them
/// at random).
pub const LOWEST: &str = "-lowest";

/// AIMA 2nd ed. Figure 5.5, n-Queens row (median of five runs, checks in
/// thousands): backtracking (> 40 000K), with MRV 13 500K, forward checking
/// (> 40 000K), with MRV 817K; min-conflicts 4K is a local search. The
/// book does not say how its MRV breaks ties, so both twins of an MRV
/// setting stand beside its figure.
pub fn book(setting: &str) -> Option<BookChecks> {
    let (thousands, over) = match setting.strip_suffix(LOWEST).unwrap_or(setting) {
        "BT" => (40_000.0, true),
        "BT+MRV" => (13_500.0, false),
        "FC" => (40_000.0, true),
        "FC+MRV" => (817.0, false),
        _ => return None,
    };
    Some(BookChecks { thousands, over })
}

/// How a setting's row order breaks ties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ties {
    /// Rows in order: no ties to break.
    RowOrder,
    /// MRV, ties at random (one run per seed).
    Random,
    /// MRV, ties to the lowest row (one run: deterministic).
    Lowest,
}

/// One setting over n = 2..50.
#[derive(Clone, Debug, Serialize)]
pub struct Setting {
    /// The book's name (BT, BT+MRV, …) or ours in its pattern; a twin with
    /// ties to the lowest row ends in [`LOWEST`].
    pub name: String,
    /// How its row order breaks ties (the table shows it as `order`).
    #[serde(skip)]
    pub ties: Ties,
    /// `--order`, `--propagate`, `--backtrack` as `queens --algo csp` spells them.
    pub order: String,
    /// The look-ahead.
    pub propagate: String,
    /// Chronological or conflict-directed.
    pub backtrack: String,
    /// Runs (seeds; one for a setting without random ties).
    pub runs: usize,
    /// Runs whose total passed the budget.
    pub over: usize,
    /// Median total checks, in thousands; `None` when the median run passed
    /// the budget.
    pub median_k: Option<f64>,
    /// Fewest and most thousands among the runs within the budget.
    pub low_k: Option<f64>,
    /// Most.
    pub high_k: Option<f64>,
    /// The smallest n at which a run passed the budget.
    pub stopped_n: Option<usize>,
    /// The book's figure.
    pub book: Option<BookChecks>,
    /// Ours against the book's: within noise when our runs' range overlaps
    /// the range the book's figure was rounded from (or both passed the
    /// budget).
    pub vs_book: Option<Verdict>,
}

/// The table.
#[derive(Clone, Debug, Serialize)]
pub struct CspBook {
    /// Smallest n.
    pub from_n: usize,
    /// Largest n.
    pub to_n: usize,
    /// The settings, in the table's order.
    pub settings: Vec<Setting>,
    /// Whether the four book settings rank as in the book.
    pub same_ranking: bool,
    /// The settings with the fewest checks: the lowest median first, then
    /// every setting whose runs a Mann–Whitney test does not tell from
    /// its runs (within noise, or too few runs to tell).
    pub fewest: Vec<String>,
    /// Some setting made fewer checks than the book's, beyond our runs' range.
    pub fewer_than_book: bool,
    /// Each MRV row of the book (BT+MRV, FC+MRV) with both tie rules.
    pub tie_rules: Vec<TieRule>,
    /// Forward checking's MRV row matches the book with a tie rule with
    /// which no look-ahead's does not: the gap is in how checks without
    /// look-ahead are counted (forward checking's count has no choice of
    /// order), not in the search.
    pub counting_gap: bool,
    /// Backjumping's effect: (with, without, verdict of with against without).
    pub backjumping: Vec<Backjump>,
}

/// Which tie rules' settings agree with the book's figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Matches {
    /// Ties to the lowest row only.
    Lowest,
    /// Random ties only.
    Random,
    /// Both.
    Both,
    /// Neither.
    Neither,
}

/// One MRV row of the book with both tie rules beside its figure.
#[derive(Clone, Debug, Serialize)]
pub struct TieRule {
    /// The book's name (random ties; the twin is this with [`LOWEST`]).
    pub name: String,
    /// Which agree: of the setting's `vs_book` (random ties: our runs'
    /// range against the range the book's figure was rounded from,
    /// `Spread::rounded`) and its twin's (the one run's total).
    pub matches: Matches,
}

impl Matches {
    fn of(random: Verdict, lowest: Verdict) -> Matches {
        match (
            random == Verdict::WithinNoise,
            lowest == Verdict::WithinNoise,
        ) {
            (true, true) => Matches::Both,
            (true, false) => Matches::Random,
            (false, true) => Matches::Lowest,
            (false, false) => Matches::Neither,
        }
    }

    /// Whether the rule `ties` is among those that agree.
    fn has(self, ties: Ties) -> bool {
        matches!(
            (self, ties),
            (Matches::Both, _) | (Matches::Lowest, Ties::Lowest) | (Matches::Random, Ties::Random)
        )
    }
}

/// The book's MRV rows with both tie rules, and whether forward checking's
/// matches with a rule with which no look-ahead's does not.
fn tie_rules(settings: &[Setting]) -> (Vec<TieRule>, bool) {
    let find = |name: &str| settings.iter().find(|s| s.name == name);
    let rows: Vec<TieRule> = ["BT+MRV", "FC+MRV"]
        .iter()
        .filter_map(|&name| {
            let random = find(name)?.vs_book?;
            let lowest = find(&format!("{name}{LOWEST}"))?.vs_book?;
            Some(TieRule {
                name: name.into(),
                matches: Matches::of(random, lowest),
            })
        })
        .collect();
    let get = |name: &str| rows.iter().find(|t| t.name == name).map(|t| t.matches);
    let gap = match (get("BT+MRV"), get("FC+MRV")) {
        (Some(bt), Some(fc)) => [Ties::Lowest, Ties::Random]
            .iter()
            .any(|&t| fc.has(t) && !bt.has(t)),
        _ => false,
    };
    (rows, gap)
}

/// A setting with conflict-directed backjumping against the same without.
#[derive(Clone, Debug, Serialize)]
pub struct Backjump {
    /// With backjumping.
    pub with: String,
    /// Without.
    pub without: String,
    /// With against without, the runs' total checks by the rank test.
    pub verdict: Judged,
}

/// Total checks of each run (by seed) of one setting: `None` when over the budget.
fn totals(rows: &[&Row]) -> BTreeMap<Option<u64>, Option<u64>> {
    let mut out: BTreeMap<Option<u64>, Option<u64>> = BTreeMap::new();
    for r in rows {
        let t = out.entry(r.seed).or_insert(Some(0));
        match r.solved {
            Solved::Yes | Solved::None => {
                *t = t.map(|v| v + r.checks.unwrap_or(0));
            }
            Solved::Budget | Solved::Skipped => *t = None,
        }
    }
    out
}

fn setting(name: &str, rows: &[&Row]) -> Setting {
    let first = rows[0];
    let totals = totals(rows);
    // Over-budget runs rank above every other, so the median is over them
    // when they are at least half.
    let mut within: Vec<f64> = totals.values().flatten().map(|&v| v as f64 / 1e3).collect();
    within.sort_by(f64::total_cmp);
    let runs = totals.len();
    let over = runs - within.len();
    let mid = (runs - 1) / 2;
    let median_k = within.get(mid).copied();
    let b = book(name);
    let vs_book = b.map(|b| match (b.over, median_k) {
        (true, None) => Verdict::WithinNoise,
        (true, Some(_)) => Verdict::Lower,
        (false, None) => Verdict::Higher,
        (false, Some(_)) => Verdict::of(
            Spread::new(median_k.unwrap_or(0.0), within[0], within[within.len() - 1]),
            Spread::rounded(b.thousands),
        ),
    });
    Setting {
        name: name.into(),
        ties: match first.order.as_str() {
            "mrv-random" => Ties::Random,
            _ if name.ends_with(LOWEST) => Ties::Lowest,
            _ => Ties::RowOrder,
        },
        order: first.order.clone(),
        propagate: first.propagate.clone(),
        backtrack: first.backtrack.clone(),
        runs,
        over,
        median_k,
        low_k: within.first().copied(),
        high_k: within.last().copied(),
        stopped_n: rows
            .iter()
            .filter(|r| r.solved == Solved::Budget)
            .map(|r| r.n)
            .min(),
        book: b,
        vs_book,
    }
}

/// Each run's total checks of the setting `name`, thousands; a run over the
/// budget counts as more than any run within it.
fn run_totals(rows: &[Row], name: &str) -> Vec<f64> {
    let mine: Vec<&Row> = rows.iter().filter(|r| r.setting == name).collect();
    totals(&mine)
        .values()
        .map(|t| t.map_or(f64::INFINITY, |v| v as f64 / 1e3))
        .collect()
}

/// The lowest-median setting, then those whose runs the rank test does
/// not tell from its runs. A setting whose every run passed the budget
/// made more checks than a run within it: no test needed. The twins with
/// ties to the lowest row stay out: one run each, which the rank test
/// cannot place against five.
fn fewest(settings: &[Setting], rows: &[Row]) -> Option<Vec<String>> {
    let ranked: Vec<&Setting> = settings.iter().filter(|s| s.ties != Ties::Lowest).collect();
    let lowest = ranked
        .iter()
        .min_by(|a, b| rank_key(a).total_cmp(&rank_key(b)))?;
    let base = run_totals(rows, &lowest.name);
    let mut out = vec![lowest.name.clone()];
    for s in ranked.iter().filter(|s| s.name != lowest.name) {
        let runs = run_totals(rows, &s.name);
        let over = runs.iter().all(|t| t.is_infinite()) && base.iter().all(|t| t.is_finite());
        if !over && Judged::counts(&runs, &base) != Verdict::Higher {
            out.push(s.name.clone());
        }
    }
    Some(out)
}

/// A setting's rank key: over the budget last.
fn rank_key(s: &Setting) -> f64 {
    s.median_k.unwrap_or(f64::INFINITY)
}

/// The table, if `checks-table` ran.
pub fn csp_book(ctx: &Ctx) -> Option<CspBook> {
    let rows = &ctx.data.csp_book;
    let mut names: Vec<&str> = Vec::new();
    for r in rows {
        if !names.contains(&r.setting.as_str()) {
            names.push(&r.setting);
        }
    }
    let settings: Vec<Setting> = names
        .iter()
        .map(|name| {
            let mine: Vec<&Row> = rows.iter().filter(|r| r.setting == *name).collect();
            setting(name, &mine)
        })
        .collect();
    if settings.is_empty() {
        return None;
    }
    let ours = |a: &&Setting, b: &&Setting| rank_key(a).total_cmp(&rank_key(b));
    let theirs = |s: &&Setting| {
        s.book.map_or(f64::INFINITY, |b| {
            if b.over { f64::INFINITY } else { b.thousands }
        })
    };
    // The book's four settings rank as in the book with each tie rule.
    let same_ranking = [Ties::Random, Ties::Lowest].iter().all(|&ties| {
        let booked: Vec<&Setting> = settings
            .iter()
            .filter(|s| s.book.is_some() && (s.ties == ties || s.ties == Ties::RowOrder))
            .collect();
        let mut by_ours = booked.clone();
        by_ours.sort_by(ours);
        let mut by_book = booked.clone();
        by_book.sort_by(|a, b| theirs(a).total_cmp(&theirs(b)));
        by_ours.iter().zip(&by_book).all(|(a, b)| {
            a.name == b.name || (rank_key(a) == rank_key(b) && theirs(a) == theirs(b))
        })
    });
    let find = |name: &str| settings.iter().find(|s| s.name == name);
    let backjumping = [("CBJ+MRV", "BT+MRV"), ("FC-CBJ+MRV", "FC+MRV")]
        .iter()
        .filter_map(|&(with, without)| {
            find(with)?;
            find(without)?;
            Some(Backjump {
                with: with.into(),
                without: without.into(),
                verdict: Judged::counts(&run_totals(rows, with), &run_totals(rows, without)),
            })
        })
        .collect();
    let fewest = fewest(&settings, rows)?;
    let (tie_rules, counting_gap) = tie_rules(&settings);
    Some(CspBook {
        tie_rules,
        counting_gap,
        fewer_than_book: settings.iter().any(|s| s.vs_book == Some(Verdict::Lower)),
        fewest,
        from_n: rows.iter().map(|r| r.n).min()?,
        to_n: rows.iter().map(|r| r.n).max()?,
        settings,
        same_ranking,
        backjumping,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::test_data::committed;

    /// The settings said to have the fewest checks: the lowest median
    /// first, and exactly those whose runs the rank test does not place
    /// above its runs (a setting wholly over the budget always above).
    #[test]
    fn the_fewest_checks_are_the_settings_the_test_cannot_tell_apart() {
        let data = committed();
        let c = csp_book(&Ctx::new(&data)).expect("the committed table");
        let lowest = c
            .settings
            .iter()
            .filter_map(|s| Some((s.median_k?, &s.name)))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .unwrap();
        assert_eq!(&c.fewest[0], lowest.1);
        let base = run_totals(&data.csp_book, lowest.1);
        for s in &c.settings {
            let runs = run_totals(&data.csp_book, &s.name);
            let (p, _) = crate::analysis::mann_whitney(&runs, &base);
            let listed = c.fewest.contains(&s.name);
            if runs.iter().all(|t| t.is_infinite()) {
                assert!(!listed, "{} is over the budget in every run", s.name);
            } else if s.name != *lowest.1 && p < crate::analysis::LEVEL {
                let above = crate::analysis::median_f64(runs.clone())
                    > crate::analysis::median_f64(base.clone());
                assert_eq!(listed, !above, "{}: p = {p}", s.name);
            }
        }
        // The two medians 477K and 479K over like ranges are one finding.
        assert!(c.fewest.len() > 1, "{:?}", c.fewest);
        assert!(c.fewest.iter().all(|name| !name.ends_with(LOWEST)));
    }

    /// Each MRV row of the book stands with both tie rules, each judged
    /// against the book's figure again here from the raw rows: the one run
    /// with ties to the lowest row (no seed) agrees when its total is within
    /// half a thousand of the figure, the range it was rounded from.
    #[test]
    fn both_tie_rules_stand_beside_each_mrv_row_of_the_book() {
        let data = committed();
        let c = csp_book(&Ctx::new(&data)).expect("the committed table");
        let names: Vec<&str> = c.tie_rules.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["BT+MRV", "FC+MRV"]);
        for t in &c.tie_rules {
            let twin = format!("{}{LOWEST}", t.name);
            let rows: Vec<&Row> = data.csp_book.iter().filter(|r| r.setting == twin).collect();
            assert!(rows.iter().all(|r| r.seed.is_none() && r.order == "mrv"));
            assert_eq!(rows.len(), 49, "{twin}: one run, n = 2..50");
            let total: u64 = rows.iter().map(|r| r.checks.unwrap()).sum();
            let figure = book(&t.name).unwrap().thousands * 1e3;
            let expected = if (total as f64 - figure).abs() <= 500.0 {
                Verdict::WithinNoise
            } else if (total as f64) < figure {
                Verdict::Lower
            } else {
                Verdict::Higher
            };
            let lowest = c.settings.iter().find(|s| s.name == twin).unwrap();
            assert_eq!(lowest.ties, Ties::Lowest);
            assert_eq!(lowest.vs_book, Some(expected), "{twin}: {total} checks");
            let random = c.settings.iter().find(|s| s.name == t.name).unwrap();
            assert_eq!(random.ties, Ties::Random);
            assert_eq!(t.matches, Matches::of(random.vs_book.unwrap(), expected));
        }
    }

    #[test]
    fn matches_names_the_rules_that_agree() {
        use Verdict::{Higher, Lower, WithinNoise as Agrees};
        assert_eq!(Matches::of(Agrees, Agrees), Matches::Both);
        assert_eq!(Matches::of(Lower, Agrees), Matches::Lowest);
        assert_eq!(Matches::of(Agrees, Higher), Matches::Random);
        assert_eq!(Matches::of(Lower, Higher), Matches::Neither);
        assert!(Matches::Lowest.has(Ties::Lowest) && !Matches::Lowest.has(Ties::Random));
        assert!(Matches::Both.has(Ties::Random) && !Matches::Neither.has(Ties::Lowest));
    }
}
