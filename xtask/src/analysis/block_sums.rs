//! The block-sums strategies (seed 000 Part II) summarised over samples.

use crate::data::block_sums::Row;

/// One strategy summarised over its samples, in the binary's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Strategy name.
    pub strategy: String,
    /// Median steps.
    pub steps: f64,
    /// Median, fastest and slowest time, ns.
    pub nanos: (f64, u64, u64),
    /// Every sample's time, ns.
    pub runs: Vec<f64>,
    /// Whether every sample finished.
    pub finished: bool,
    /// Matrices found (of the first sample).
    pub solutions: u64,
    /// The step budget.
    pub budget: u64,
    /// Samples.
    pub samples: usize,
}

/// Summaries in the order the binary printed the strategies.
pub fn summarise(rows: &[Row]) -> Vec<Summary> {
    let mut names: Vec<&str> = Vec::new();
    for r in rows {
        if !names.contains(&r.strategy.as_str()) {
            names.push(&r.strategy);
        }
    }
    names
        .into_iter()
        .map(|name| {
            let mine: Vec<&Row> = rows.iter().filter(|r| r.strategy == name).collect();
            let med = |v: Vec<f64>| super::median_f64(v);
            Summary {
                strategy: name.to_string(),
                steps: med(mine.iter().map(|r| r.steps as f64).collect()),
                nanos: (
                    med(mine.iter().map(|r| r.nanos as f64).collect()),
                    mine.iter().map(|r| r.nanos).min().unwrap_or(0),
                    mine.iter().map(|r| r.nanos).max().unwrap_or(0),
                ),
                runs: mine.iter().map(|r| r.nanos as f64).collect(),
                finished: mine.iter().all(|r| r.finished),
                solutions: mine[0].solutions,
                budget: mine[0].budget,
                samples: mine.len(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_keep_the_binary_order() {
        let row = |s: &str, sample, nanos| Row {
            strategy: s.into(),
            sample,
            steps: 10,
            nanos,
            finished: true,
            solutions: 159,
            budget: 100,
        };
        let rows = [
            row("b", 0, 5),
            row("a", 0, 1),
            row("b", 1, 7),
            row("a", 1, 3),
        ];
        let s = summarise(&rows);
        assert_eq!(
            s.iter().map(|s| s.strategy.as_str()).collect::<Vec<_>>(),
            ["b", "a"]
        );
        assert_eq!(s[0].nanos, (6.0, 5, 7));
        assert_eq!(s[1].samples, 2);
    }
}
