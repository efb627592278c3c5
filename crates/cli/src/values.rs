//! The values of `queens`'s options: every number goes through
//! `queens_core::usage`'s one parser ([`Whole`], [`Decimal`]), so each says
//! in plain words what is wrong, with the same rules (spaces around a number
//! and a leading `+` accepted, everything else refused with an example).

use queens_core::Shard;
use queens_core::usage::{Decimal, Whole};

/// The values of the csp lab's `--order`.
pub const ORDERS: [&str; 4] = ["row", "mrv", "mrv-random", "mrv-degree"];
/// The values of the csp lab's `--values`.
pub const VALUES: [&str; 3] = ["left", "middle-out", "lcv"];
/// The values of the csp lab's `--propagate`.
pub const PROPAGATIONS: [&str; 3] = ["none", "forward", "arc"];
/// The values of the csp lab's `--backtrack`.
pub const BACKTRACKS: [&str; 2] = ["chronological", "conflict-directed"];
/// The values of `--init` (min-conflicts-*).
pub const INITS: [&str; 2] = ["greedy", "random"];
/// The values of `--conflict-cache` (min-conflicts-*).
pub const CONFLICT_CACHES: [&str; 2] = ["exact", "stale"];
/// The named values of `--pick` (besides `mix:P`).
pub const PICKS: [&str; 3] = ["random-column", "random-conflicted", "most-conflicted"];

/// Every knob and the values it can take from a closed list (the CLI's
/// knobs that take a number, `--pick mix:P`, `--restart-after K` and
/// `--sideways K`, are
/// left out): what `applies` tries to find where a knob changes an
/// approach's use of the seed.
pub const KNOB_VALUES: [(&str, &[&str]); 7] = [
    ("order", &ORDERS),
    ("values", &VALUES),
    ("propagate", &PROPAGATIONS),
    ("backtrack", &BACKTRACKS),
    ("pick", &PICKS),
    ("init", &INITS),
    ("conflict-cache", &CONFLICT_CACHES),
];

/// The values shell completion offers for `--pick` (any `mix:P` is read).
pub const PICK_OFFERS: [&str; 4] = [
    "random-column",
    "random-conflicted",
    "most-conflicted",
    "mix:0.5",
];
/// The values shell completion offers for `--restart-after` (any K is read).
pub const RESTART_OFFERS: [&str; 2] = ["n2", "never"];

/// A value read by `parse` that offers `offers` to shell completion: for
/// options whose values are a few words or a number (`--pick`,
/// `--restart-after`), so completion proposes the words, not file names.
#[derive(Clone, Copy)]
pub struct Offered {
    /// Reads a value, or says what is wrong with it.
    pub parse: fn(&str) -> Result<String, String>,
    /// The values completion offers.
    pub offers: &'static [&'static str],
}

impl clap::builder::TypedValueParser for Offered {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        let parse = self.parse;
        clap::builder::StringValueParser::new()
            .try_map(move |s: String| parse(&s))
            .parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            self.offers
                .iter()
                .map(|v| clap::builder::PossibleValue::new(*v)),
        ))
    }
}

/// Threads per core beyond which `--threads` is refused.
pub const THREADS_PER_CORE: usize = 4;
/// `--threads` is refused above this, however many cores.
pub const MAX_THREADS: usize = 1024;

/// N: a whole number of queens.
pub fn n(s: &str) -> Result<usize, String> {
    let n = Whole::new("N (the number of queens)", 0, usize::MAX as u64, "8").parse(s)?;
    Ok(n as usize)
}

/// `--seed S`: any 64-bit whole number.
pub fn seed(s: &str) -> Result<u64, String> {
    Whole::new("--seed", 0, u64::MAX, "7").parse(s)
}

/// `--max-steps K`: a whole number of steps (0 gives up at once).
pub fn max_steps(s: &str) -> Result<u64, String> {
    Whole::new("--max-steps", 0, u64::MAX, "1000000").parse(s)
}

/// The threads of a splitting count without `--threads`: the CPUs this
/// process may run on (`available_parallelism`, which on Linux reads the
/// affinity mask, `sched_getaffinity`, and the cgroup CPU quota), and no
/// more than Slurm's `SLURM_CPUS_PER_TASK` when it is set: a cluster that
/// does not confine tasks to their cores leaves the mask at the whole node.
pub fn default_threads() -> usize {
    let cpus = std::thread::available_parallelism().map_or(1, usize::from);
    let slurm = std::env::var("SLURM_CPUS_PER_TASK")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&k| k > 0);
    slurm.map_or(cpus, |k| k.min(cpus))
}

/// The most threads `--threads` accepts here, and why.
pub fn thread_limit() -> (usize, String) {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let limit = (THREADS_PER_CORE * cores).min(MAX_THREADS);
    let capped = if limit == MAX_THREADS {
        format!(", capped at {MAX_THREADS}")
    } else {
        String::new()
    };
    let why = format!(
        "{THREADS_PER_CORE} per CPU this process may run on ({cores} here, by its affinity \
         mask and cgroup quota){capped}; more threads only add overhead, and the count is \
         the same on any number of threads"
    );
    (limit, why)
}

/// `--threads T`: at least 1, at most [`thread_limit`].
pub fn threads(s: &str) -> Result<usize, String> {
    let (limit, why) = thread_limit();
    let t = Whole::new("--threads", 1, limit as u64, "2")
        .why_max(why)
        .parse(s)?;
    Ok(t as usize)
}

/// `--shard I/K`: shard I of K, 1 ≤ I ≤ K.
pub fn shard(s: &str) -> Result<Shard, String> {
    let Some((i, k)) = s.split_once('/') else {
        return Err(format!(
            "--shard must be I/K (shard I of K, 1 ≤ I ≤ K), such as 2/4, not '{s}'"
        ));
    };
    let count = Whole::new("K of --shard I/K", 1, u64::from(u32::MAX), "4").parse(k);
    let index = Whole::new("I of --shard I/K", 1, u64::from(u32::MAX), "1").parse(i);
    if let (Err(_), Err(_)) = (&count, &index) {
        return Err(format!(
            "--shard must be I/K, two whole numbers (shard I of K, 1 ≤ I ≤ K) such as 2/4, \
             not '{s}'"
        ));
    }
    let count = count?;
    let index = Whole::new("I of --shard I/K", 1, count, "1")
        .why_max("I is one of the K shards")
        .parse(i)?;
    Ok(Shard {
        index: index as u32,
        count: count as u32,
    })
}

/// `--pick random-column|random-conflicted|most-conflicted|mix:P`, passed on
/// as written, but `mix:P` with P as a plain decimal.
pub fn pick(s: &str) -> Result<String, String> {
    let t = s.trim();
    if PICKS.contains(&t) {
        return Ok(t.to_string());
    }
    let Some(p) = t.strip_prefix("mix:") else {
        return Err(format!(
            "--pick must be random-column, random-conflicted, most-conflicted or mix:P \
             (P the probability of a most-conflicted pick, such as mix:0.5), not '{s}'"
        ));
    };
    let p = Decimal {
        name: "P of --pick mix:P",
        min: 0.0,
        max: 1.0,
        unit: "",
        example: "0.5",
    }
    .parse(p)?;
    Ok(format!("mix:{p}"))
}

/// `--restart-after K|n2|never`: K a positive whole number of iterations.
pub fn restart_after(s: &str) -> Result<String, String> {
    let t = s.trim();
    if t == "n2" || t == "never" {
        return Ok(t.to_string());
    }
    let digits = t.strip_prefix('+').unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "--restart-after must be K (a whole number of iterations, at least 1), n2 \
             (n² iterations) or never, not '{s}'"
        ));
    }
    let k = Whole::new("K of --restart-after", 1, u64::MAX, "1000").parse(t)?;
    Ok(k.to_string())
}

/// The most consecutive sideways moves `--sideways` accepts (the
/// hill climbers refuse more themselves: `queens_hill_climbing::MAX_SIDEWAYS`).
pub const MAX_SIDEWAYS: u64 = 1_000_000;

/// `--sideways K`: consecutive sideways moves, a whole number from 0 to
/// [`MAX_SIDEWAYS`].
pub fn sideways(s: &str) -> Result<String, String> {
    let k = Whole::new("--sideways", 0, MAX_SIDEWAYS, "100")
        .why_max("K counts consecutive sideways moves, from 0 to 1000000")
        .parse(s)?;
    Ok(k.to_string())
}

/// `--schedule exp:K:LAMBDA:LIMIT` (annealing): aima-python's
/// `exp_schedule`, 0 < K ≤ 10⁶, 0 < LAMBDA ≤ 100, 1 ≤ LIMIT ≤ 10¹⁰; passed
/// on with each number written plainly.
pub fn schedule(s: &str) -> Result<String, String> {
    let form = "--schedule must be exp:K:LAMBDA:LIMIT (the temperature K·e^(−LAMBDA·t) \
        for t < LIMIT iterations, then 0), such as exp:20:0.005:100";
    let parts: Vec<&str> = s.trim().split(':').collect();
    let [kind, k, lambda, limit] = parts[..] else {
        return Err(format!("{form}, not '{s}'"));
    };
    if kind != "exp" {
        return Err(format!("{form}, not '{s}'"));
    }
    let positive = |name: &'static str, max: f64, example: &'static str, v: &str| {
        let x = Decimal {
            name,
            min: 0.0,
            max,
            unit: "",
            example,
        }
        .parse(v)?;
        if x > 0.0 {
            Ok(x)
        } else {
            Err(format!(
                "{name} must be more than 0 (at most {max}), not {}",
                v.trim()
            ))
        }
    };
    let k = positive("K of --schedule exp:K:LAMBDA:LIMIT", 1e6, "20", k)?;
    let lambda = positive(
        "LAMBDA of --schedule exp:K:LAMBDA:LIMIT",
        100.0,
        "0.005",
        lambda,
    )?;
    let limit = Whole::new(
        "LIMIT of --schedule exp:K:LAMBDA:LIMIT",
        1,
        10_000_000_000,
        "100",
    )
    .why_max("iterations; 10^10 take minutes")
    .parse(limit)?;
    Ok(format!("exp:{k}:{lambda}:{limit}"))
}

/// `--beam-width K` (beam): 1 to 10 000 boards.
pub fn beam_width(s: &str) -> Result<String, String> {
    let k = Whole::new("--beam-width", 1, 10_000, "10")
        .why_max("a generation makes K·n·(n − 1) successors")
        .parse(s)?;
    Ok(k.to_string())
}

/// `--tenure K` (tabu-search): iterations a (queen, row) stays tabu, 0 to
/// 1 000 000 (`queens_csp_local::MAX_TENURE`).
pub fn tenure(s: &str) -> Result<String, String> {
    let k = Whole::new("--tenure", 0, 1_000_000, "10")
        .why_max("K counts iterations a (queen, row) stays tabu, from 0 to 1000000")
        .parse(s)?;
    Ok(k.to_string())
}

/// `--population N` (genetic): 2 to 100 000 boards.
pub fn population(s: &str) -> Result<String, String> {
    let k = Whole::new("--population", 2, 100_000, "100")
        .why_max("a generation makes N children")
        .parse(s)?;
    Ok(k.to_string())
}

/// `--mutation-rate P` (genetic): a probability from 0 to 1.
pub fn mutation_rate(s: &str) -> Result<String, String> {
    let p = Decimal {
        name: "--mutation-rate",
        min: 0.0,
        max: 1.0,
        unit: "",
        example: "0.1",
    }
    .parse(s)?;
    Ok(p.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_alike() {
        assert_eq!(n(" 8"), Ok(8));
        assert_eq!(seed(" 2"), Ok(2));
        assert_eq!(threads(" 2"), Ok(2));
        assert_eq!(shard(" 1/2").map(|s| s.to_string()), Ok("1/2".into()));
        assert_eq!(max_steps("+0"), Ok(0));
        for (what, err) in [
            ("--seed", seed("x").unwrap_err()),
            ("--max-steps", max_steps("1.5").unwrap_err()),
            ("--threads", threads("two").unwrap_err()),
            ("N", n("blah").unwrap_err()),
        ] {
            assert!(err.starts_with(what), "{err}");
            assert!(err.contains("must be a whole number, such as"), "{err}");
        }
        assert!(seed("-1").unwrap_err().contains("cannot be negative"));
        assert!(
            n("99999999999999999999999")
                .unwrap_err()
                .contains("too large")
        );
    }

    #[test]
    fn threads_are_bounded_with_the_reason() {
        let (limit, why) = thread_limit();
        assert!((1..=MAX_THREADS).contains(&limit));
        assert_eq!(threads(&limit.to_string()), Ok(limit));
        let err = threads(&(limit + 1).to_string()).unwrap_err();
        assert!(err.contains(&format!("at most {limit}")), "{err}");
        assert!(err.contains(&why), "{err}");
        assert!(threads("0").unwrap_err().contains("at least 1"));
        assert!(threads("65535").is_err());
    }

    #[test]
    fn shards_say_which_part_is_wrong() {
        assert_eq!(shard("3/7").unwrap(), Shard { index: 3, count: 7 });
        assert!(shard("2").unwrap_err().contains("I/K"));
        assert!(
            shard("5/4")
                .unwrap_err()
                .starts_with("I of --shard I/K is too large")
        );
        assert!(shard("0/4").unwrap_err().contains("at least 1"));
        assert!(shard("1/0").unwrap_err().contains("at least 1"));
        assert!(shard("a/b").unwrap_err().contains("two whole numbers"));
        // Both parts wrong: the message is about the whole spec, not K alone.
        let both = shard("١/٣").unwrap_err();
        assert!(both.starts_with("--shard must be I/K"), "{both}");
        assert!(shard("x/4").unwrap_err().starts_with("I of --shard"));
    }

    #[test]
    fn local_search_knobs_are_checked_and_passed_on() {
        assert_eq!(pick("most-conflicted").unwrap(), "most-conflicted");
        assert_eq!(pick("mix:.25").unwrap(), "mix:0.25");
        assert_eq!(pick("mix:1").unwrap(), "mix:1");
        assert!(pick("mix:1.5").unwrap_err().contains("from 0 to 1"));
        assert!(pick("mix:x").unwrap_err().contains("such as 0.5"));
        assert!(pick("best").unwrap_err().contains("mix:P"));
        assert_eq!(restart_after("n2").unwrap(), "n2");
        assert_eq!(restart_after(" +500").unwrap(), "500");
        assert!(restart_after("0").unwrap_err().contains("at least 1"));
        assert!(restart_after("-3").unwrap_err().contains("n2"));
        assert!(restart_after("soon").unwrap_err().contains("never"));
        assert_eq!(sideways(" +100").unwrap(), "100");
        assert_eq!(sideways("0").unwrap(), "0");
        assert_eq!(sideways("1000000").unwrap(), "1000000");
        assert!(sideways("1000001").unwrap_err().contains("at most 1000000"));
        assert!(sideways("-1").unwrap_err().contains("negative"));
        assert!(sideways("many").unwrap_err().starts_with("--sideways"));
    }

    #[test]
    fn textbook_knobs_are_checked_and_passed_on() {
        assert_eq!(schedule(" exp:20:.005:+100").unwrap(), "exp:20:0.005:100");
        for (bad, says) in [
            (
                "exp:0:0.005:100",
                "K of --schedule exp:K:LAMBDA:LIMIT must be more than 0",
            ),
            ("exp:2e6:0.005:100", "from 0 to 1000000"),
            (
                "exp:20:0:100",
                "LAMBDA of --schedule exp:K:LAMBDA:LIMIT must be more than 0",
            ),
            (
                "exp:20:0.005:0",
                "LIMIT of --schedule exp:K:LAMBDA:LIMIT must be at least 1",
            ),
            ("exp:20:0.005:10000000001", "at most 10000000000"),
            ("exp:20:0.005", "--schedule must be exp:K:LAMBDA:LIMIT"),
            ("log:20:0.005:100", "--schedule must be exp:K:LAMBDA:LIMIT"),
            ("exp:x:0.005:100", "such as 20"),
        ] {
            assert!(
                schedule(bad).unwrap_err().contains(says),
                "{bad}: {}",
                schedule(bad).unwrap_err()
            );
        }
        assert_eq!(beam_width("10").unwrap(), "10");
        assert!(beam_width("0").unwrap_err().contains("at least 1"));
        assert!(beam_width("10001").unwrap_err().contains("at most 10000"));
        assert_eq!(tenure("0").unwrap(), "0");
        assert!(tenure("1000001").unwrap_err().contains("at most 1000000"));
        assert!(tenure("-1").unwrap_err().contains("negative"));
        assert_eq!(population("2").unwrap(), "2");
        assert!(population("1").unwrap_err().contains("at least 2"));
        assert!(population("100001").unwrap_err().contains("at most 100000"));
        assert_eq!(mutation_rate(".25").unwrap(), "0.25");
        assert!(mutation_rate("1.5").unwrap_err().contains("from 0 to 1"));
    }
}
