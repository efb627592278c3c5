//! The `--json` line: the contract between `queens` and `cargo xtask`.
//!
//! [`FIELDS`] documents each field once: `--help` prints it, a test checks
//! that [`Record`] serialises exactly those keys in that order, and another
//! that README's list names the same fields.

use std::collections::BTreeMap;

use serde::Serialize;

/// Every field of the `--json` line, in order, with what it holds.
pub const FIELDS: [(&str, &str); 17] = [
    ("algo", "the approach id"),
    ("n", "the number of queens"),
    ("mode", "\"count\" or \"first\""),
    (
        "solutions",
        "solutions counted (count) or found (first: 0 or 1)",
    ),
    (
        "unique",
        "fundamental solutions, for a count by an approach that finds them, else null",
    ),
    (
        "steps",
        "steps of a second, instrumented run (null with --no-steps)",
    ),
    (
        "nanos",
        "wall time of one uninstrumented run, search only, in nanoseconds",
    ),
    ("threads", "threads a splitting count ran on, else null"),
    ("shard", "the shard counted, \"i/k\", else null"),
    (
        "valid",
        "whether the board found passed the checker (first), else null",
    ),
    (
        "solution",
        "the board found, the 1-based column of each row, up to 1000 queens \
         (any size with --full-solution); else null, also when --output took it",
    ),
    ("output", "the file --output wrote the board to, else null"),
    (
        "seed",
        "the seed of a run that draws random numbers, else null",
    ),
    (
        "knobs",
        "the settings that shaped the run, defaults included, each option's name \
         without its dashes mapped to the value as the option takes it (a string, \
         e.g. {\"beam-width\":\"10\",\"max-steps\":\"100000\"}): every knob the \
         approach reads, and max-steps, the step budget of a search that has one \
         (annealing's only when given: its schedule's LIMIT ends it); the same \
         options with the same seed repeat the run; null for an approach with \
         neither",
    ),
    (
        "peak_bytes",
        "peak resident memory of the process (Linux), else null",
    ),
    (
        "extra",
        "the approach's own statistics, all integers (with --depths also \
         nodes_per_depth and, for searches that report them, dead_ends_per_depth: \
         arrays, index = depth)",
    ),
    (
        "error",
        "why the run ended without its answer, or without all of it kept \
         (exit status 1: a local search that ended without a solution says how, \
         \"local minimum: h = 1 after 4 steps\", or plateau, stalled, cooled or \
         budget spent, and extra holds h and, for a search that restarts, \
         restarts; a file that could not be written, the result still in the \
         line; or ended by a signal: \
         \"interrupted by SIGTERM\", with what the --checkpoint file holds; or out of \
         memory: \"out of memory: an allocation of 400 MB failed\", with the room \
         left), else \
         null; the other fields then hold what is known (an interrupted count \
         reports 0 solutions and the time so far)",
    ),
];

/// The `--json` paragraph of `--help`: one line per field.
pub fn fields_help() -> String {
    let mut text = String::from(
        "Print exactly one JSON line instead of text, also for a run that ends \
         without its answer (bad input prints none). Fields, in order (a field \
         that does not apply to the run is null):",
    );
    for (name, what) in FIELDS {
        text.push_str(&format!("\n  {name}: {what}"));
    }
    text
}

/// One run, as one JSON object on one line (see [`FIELDS`]).
#[derive(Clone, Serialize)]
pub struct Record {
    /// Approach id.
    pub algo: &'static str,
    /// Board size.
    pub n: usize,
    /// `"count"` or `"first"`.
    pub mode: &'static str,
    /// Solutions counted (count mode) or found (first mode: 0 or 1).
    pub solutions: u64,
    /// Fundamental solutions (count mode, approaches that know them).
    pub unique: Option<u64>,
    /// Steps of the instrumented run (`None` with `--no-steps`).
    pub steps: Option<u64>,
    /// Wall time of the uninstrumented run, in nanoseconds.
    pub nanos: u128,
    /// Threads a splitting count ran on.
    pub threads: Option<usize>,
    /// The shard counted, `"i/k"`.
    pub shard: Option<String>,
    /// Whether the board found passed `is_solution` (first mode).
    pub valid: Option<bool>,
    /// The solution found, 1-based columns.
    pub solution: Option<Vec<u32>>,
    /// Where `--output` wrote the board.
    pub output: Option<String>,
    /// The random seed, for runs that draw random numbers.
    pub seed: Option<u64>,
    /// The settings that shaped the run ([`queens_core::Approach::knob_values`]).
    pub knobs: Option<BTreeMap<&'static str, String>>,
    /// Peak resident memory of the process (Linux `VmHWM`), if known.
    pub peak_bytes: Option<u64>,
    /// Approach-specific statistics.
    pub extra: BTreeMap<&'static str, Extra>,
    /// Why the run ended without its answer (exit status 1).
    pub error: Option<String>,
}

/// One value of [`Record::extra`].
#[derive(Clone, Serialize)]
#[serde(untagged)]
pub enum Extra {
    /// A statistic: a JSON integer.
    Count(u64),
    /// A statistic per index (`nodes_per_depth`): a JSON array of integers.
    List(Vec<u64>),
}

/// The key of the nodes per depth in [`Record::extra`].
pub const NODES_PER_DEPTH: &str = "nodes_per_depth";
/// The key of the dead ends per depth in [`Record::extra`] (searches that
/// report them).
pub const DEAD_ENDS_PER_DEPTH: &str = "dead_ends_per_depth";

/// The process's peak resident set size so far, from `/proc/self/status`
/// (`VmHWM`, in kB); `None` where that file does not exist.
pub fn peak_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_has_exactly_the_documented_fields_in_order() {
        let record = Record {
            algo: "bitmask",
            n: 4,
            mode: "count",
            solutions: 2,
            unique: None,
            steps: None,
            nanos: 1,
            threads: None,
            shard: None,
            valid: None,
            solution: None,
            output: None,
            seed: None,
            knobs: None,
            peak_bytes: None,
            extra: BTreeMap::new(),
            error: None,
        };
        let line = serde_json::to_string(&record).unwrap();
        let keys: Vec<String> = line
            .trim_matches(['{', '}'])
            .split(',')
            .map(|kv| kv.split(':').next().unwrap().trim_matches('"').to_string())
            .collect();
        let documented: Vec<&str> = FIELDS.iter().map(|(name, _)| *name).collect();
        assert_eq!(keys, documented);
        let help = fields_help();
        assert!(
            FIELDS
                .iter()
                .all(|(name, _)| help.contains(&format!("  {name}: ")))
        );
    }
}
