//! The report's appendices: the approaches, the seed programs, the
//! glossary, the references, the caveats, how to reproduce, the data files.

use std::fmt::Write as _;

use crate::analysis::{self, Series};
use crate::data::{Dataset, Family};
use crate::format::{group_digits, human_bytes, human_seconds, ratio, size};
use crate::style;

pub use super::words::{glossary, references};

/// The table of approaches: colour and marker, source, structure, step, limit, reach.
pub fn approaches(md: &mut String, data: &Dataset) {
    let _ = writeln!(md, "## The approaches\n");
    let _ = writeln!(
        md,
        "In registry order. Each approach keeps its colour and marker in every chart. \
         \"Measured\" gives the sizes this run reached; the limit is the approach's own, with its reason.\n"
    );
    let _ = writeln!(
        md,
        "| approach | in the charts | source | data structure | one step is | limit | measured |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|");
    let families = [
        (Family::Count, "count"),
        (Family::First, "first"),
        (Family::Local, "find one"),
    ];
    let series: Vec<(Vec<Series>, &str)> = families
        .iter()
        .map(|&(f, name)| (analysis::series(data, f), name))
        .collect();
    let mut all: Vec<_> = data.approaches.iter().collect();
    all.sort_by_key(|a| a.index);
    for a in all {
        let measured: Vec<String> = series
            .iter()
            .filter_map(|(list, what)| {
                let s = list.iter().find(|s| s.approach.id == a.id)?;
                Some(format!(
                    "{what} n = {}–{}",
                    size(s.points.first()?.n),
                    size(s.last()?.n)
                ))
            })
            .collect();
        let _ = writeln!(
            md,
            "| `{}`: {} | {} {} | {} | {} | {} | n ≤ {}: {} | {} |",
            a.id,
            a.title,
            style::colour_name(&a.colour),
            a.marker,
            a.source,
            a.structure,
            a.step_unit,
            size(a.max_n),
            a.limit_reason,
            if measured.is_empty() {
                "–".into()
            } else {
                measured.join("; ")
            }
        );
    }
    md.push('\n');
}

/// A source program, the approach that follows it here, its (n, seconds),
/// and the largest peak memory of its runs (MB).
type Peer = (&'static str, &'static str, &'static [(usize, f64)], f64);

/// The seed programs' own times, quoted from the peers' README (`bench.sh`:
/// `/usr/bin/time` around the whole program, median of 3 runs, or 1 run
/// over 20 s; process start-up included; resolution 0.01 s).
const PEERS: [Peer; 6] = [
    (
        "the C bitmask program [Aiello], gcc -O2",
        "bitmask",
        &[(12, 0.08), (13, 0.24), (14, 1.59)],
        1.5,
    ),
    (
        "Queens.py written from its specification [Queens.py], CPython 3.11",
        "attack-board",
        &[(12, 1.94), (13, 11.38), (14, 60.24)],
        8.3,
    ),
    (
        "the Haskell comprehension [Aiello], GHC 9.0 -O2, Integer",
        "list-comprehension",
        &[(12, 1.17), (13, 7.67), (14, 40.11)],
        5.9,
    ),
    (
        "O'Keefe's Queens.Pl [O'Keefe 1984], SWI-Prolog 9.0",
        "mrv",
        &[(12, 3.64), (13, 18.42), (14, 99.38)],
        12.9,
    ),
    (
        "the Prolog generate-and-test [Aiello], SWI-Prolog 9.0",
        "generate-and-test",
        &[(8, 6.45)],
        12.5,
    ),
    (
        "the Perl regex two-liner [Aiello], Perl 5.36",
        "string-regex",
        &[(8, 0.03)],
        5.2,
    ),
];

/// The seed programs in their own languages, beside this run, with what differs.
pub fn seed_programs(md: &mut String) {
    let _ = writeln!(md, "## The source programs themselves\n");
    let _ = writeln!(
        md,
        "The source documents' own programs, run in their own languages on a machine of the same kind \
         (2-core AMD EPYC, Debian 12) in an earlier session. **These numbers are not comparable with \
         this report's as a speed ratio**, because three things differ: they time the whole process \
         with `/usr/bin/time` (start-up of the interpreter or runtime included, 0.01 s resolution) \
         where this report times the search alone inside the process; they were measured on another \
         day; and they are quoted here, not measured by `cargo xtask`. What does compare is the \
         growth from one n to the next in each program, shown beside each time: start-up is \
         negligible there from n = 12 on.\n"
    );
    let _ = writeln!(
        md,
        "| source program | n | its time (whole process) | growth from n − 1 | its peak memory (largest run) | follows it here |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|");
    for (peer, ours, points, rss) in PEERS {
        for (i, &(n, secs)) in points.iter().enumerate() {
            let growth = i
                .checked_sub(1)
                .map(|j| points[j])
                .filter(|&(m, _)| m + 1 == n)
                .map_or("–".into(), |(_, before)| ratio(secs / before));
            let _ = writeln!(
                md,
                "| {peer} | {n} | {} | {growth} | {} | `{ours}` |",
                human_seconds(secs),
                human_bytes(rss * 1e6)
            );
        }
    }
    md.push('\n');
}

/// Noise, what the numbers cover, failed samples, where each approach stopped.
pub fn caveats(md: &mut String, data: &Dataset) {
    let _ = writeln!(md, "## Caveats\n");
    // The spread over random seeds is the search's own randomness, not noise.
    let timed: Vec<Series> = analysis::series(data, Family::Count)
        .into_iter()
        .chain(analysis::series(data, Family::First))
        .collect();
    if let Some(noise) = analysis::noise(&timed) {
        let (max, at_id, at_n) = &noise.largest;
        let _ = writeln!(
            md,
            "- **Noise.** Over the {} points with at least three samples and a median of at least 10 µs, \
             the slowest sample was {:.0} % slower than the fastest, relative to the median (median over \
             points; the largest, {:.0} %, was `{at_id}` at n = {}). The machine ({} cores) may have been \
             shared; medians and minima are both kept in the data, and the criterion benches \
             (`cargo bench`) are the place for precise comparisons at one n.",
            noise.points,
            100.0 * noise.median_spread,
            100.0 * max,
            size(*at_n),
            data.meta.cores
        );
    }
    let _ = writeln!(
        md,
        "- **What the times cover.** The search alone, timed inside the process (no start-up, no printing), \
         in a run that counts no steps; the steps come from a second, instrumented run of the same point, so \
         counting them never slows the timed run."
    );
    let _ = writeln!(
        md,
        "- **Memory** is the peak resident memory of the process (VmHWM), over the timed and the instrumented \
         runs; it includes the program's own few megabytes."
    );
    let failures = analysis::failures(data);
    if !failures.is_empty() {
        let list: Vec<String> = failures
            .iter()
            .map(|((f, a, n), (gave_up, timeouts))| {
                let mut what = Vec::new();
                if *gave_up > 0 {
                    what.push(format!("{gave_up} gave up"));
                }
                if *timeouts > 0 {
                    what.push(format!("{timeouts} timed out"));
                }
                format!("{} `{a}` n = {}: {}", f.name(), size(*n), what.join(", "))
            })
            .collect();
        let _ = writeln!(
            md,
            "- **Failed samples** (recorded, not in the medians): {}.",
            list.join("; ")
        );
    }
    let _ = writeln!(
        md,
        "\nWhere and why each approach stopped growing n. A budget stop predicts the next point from the \
         last two measured ones; it decides only where measuring stops, and no finding relies on the \
         prediction.\n"
    );
    let _ = writeln!(
        md,
        "| family | approach | largest n measured | why it stopped there |"
    );
    let _ = writeln!(md, "|---|---|---|---|");
    let mut stops: Vec<_> = data.stops.iter().collect();
    stops.sort_by_key(|s| {
        (
            s.family,
            data.approach(&s.approach).map_or(usize::MAX, |a| a.index),
        )
    });
    for s in stops {
        let _ = writeln!(
            md,
            "| {} | `{}` | {} | {} |",
            s.family.name(),
            s.approach,
            s.last_n.map_or("–".into(), size),
            s.reason
        );
    }
    md.push('\n');
}

/// The command, the machine and the profile.
pub fn reproduce(md: &mut String, data: &Dataset) {
    let m = &data.meta;
    let _ = writeln!(md, "## How to reproduce\n");
    let _ = writeln!(
        md,
        "```sh\n{}\n```\n\nThat command built `queens` with `cargo build --release` and ran it once per \
         sample (`queens --algo ID [--first] --json [--no-steps] [--seed S] N`, one process per \
         sample, and `queens --depths` once per exhaustive search). `cargo xtask render` turns `data/` \
         into `charts/` and this file without measuring.\n",
        m.command
    );
    let s = &m.settings;
    let _ = writeln!(md, "| | |\n|---|---|");
    let _ = writeln!(md, "| date (UTC) | {} |", m.date);
    let _ = writeln!(
        md,
        "| revision | `{}`{} |",
        m.git_revision,
        if m.git_dirty {
            " + uncommitted changes"
        } else {
            ""
        }
    );
    let _ = writeln!(
        md,
        "| machine | {}, {} cores, {} |",
        m.cpu_model,
        m.cores,
        m.memory_bytes.map_or("memory unknown".into(), |b| format!(
            "{} memory",
            human_bytes(b as f64)
        ))
    );
    let _ = writeln!(md, "| system | {} |", m.os);
    let _ = writeln!(
        md,
        "| toolchain | {} |",
        m.rustc
            .lines()
            .filter(|l| l.starts_with("rustc ") || l.starts_with("host:") || l.starts_with("LLVM"))
            .collect::<Vec<_>>()
            .join("; ")
    );
    let _ = writeln!(
        md,
        "| profile | `{}`: {} timed samples per point (about {} of samples per point at most, a quarter of \
         that for first solutions), next n measured only if predicted under {} per run and {} peak memory \
         (first solutions: until a measured run is over that time), processes killed after {} \
         (first solutions: 1.5 times the per-run budget), \
         {} random seeds per local-search size, first-solution sizes up to {}{} |",
        m.profile,
        if s.min_samples == s.samples {
            s.samples.to_string()
        } else {
            format!("{}–{}", s.min_samples, s.samples)
        },
        human_seconds(s.point_budget_ms as f64 / 1e3),
        human_seconds(s.run_limit_ms as f64 / 1e3),
        human_bytes(s.memory_limit_bytes as f64),
        human_seconds(s.timeout_ms as f64 / 1e3),
        s.seeds,
        size(s.first_max),
        if s.quick_only {
            ", every approach stopped at its quick n"
        } else {
            ""
        }
    );
    let total: f64 = m.time_spent.iter().map(|t| t.seconds).sum();
    let processes: usize = m.time_spent.iter().map(|t| t.processes).sum();
    let _ = writeln!(
        md,
        "| measuring time | {} in {} processes |\n",
        human_seconds(total),
        group_digits(processes as u64)
    );
}

/// What each data file holds (the optional ones when present).
pub fn data_files(md: &mut String, data: &Dataset) {
    let _ = writeln!(md, "## The data\n");
    let _ = writeln!(
        md,
        "- [`data/samples.csv`](data/samples.csv): one row per sample: `family` (count, first, local, \
         parallel), `approach`, `n`, `sample`, `seed` (the random seed of a local search), `status` (ok, \
         gave-up, timeout), `solutions`, `steps`, `nanos`, `peak_bytes`, `extra` (approach statistics \
         such as iterations and restarts)."
    );
    if !data.depths.is_empty() {
        let _ = writeln!(
            md,
            "- [`data/depths.csv`](data/depths.csv): nodes per depth of each exhaustive search, as it counted them."
        );
    }
    if !data.traces.is_empty() {
        let _ = writeln!(
            md,
            "- [`data/traces/`](data/traces/index.json): {} step-by-step traces of small searches \
             (`queens --trace`, JSON Lines), for [explore.html](explore.html) and the tree pictures.",
            data.traces.len()
        );
    }
    let _ = writeln!(
        md,
        "- [`data/stops.csv`](data/stops.csv): where each approach stopped and why.\n\
         - [`data/approaches.json`](data/approaches.json): the registry's descriptions when measured, with \
         each approach's colour and marker."
    );
    if !data.block_sums.is_empty() {
        let _ = writeln!(
            md,
            "- [`data/block_sums.csv`](data/block_sums.csv): the block-sums strategies' steps and times."
        );
    }
    let _ = writeln!(
        md,
        "- [`data/boards.json`](data/boards.json): the boards drawn above.\n\
         - [`data/meta.json`](data/meta.json): date, revision, `rustc -vV`, CPU, cores, profile, the \
         exact command, where the measuring time went."
    );
}
