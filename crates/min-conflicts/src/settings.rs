//! The knobs of the search (`queens --pick … --init … --restart-after …
//! --conflict-cache …`, carried in `Options::knobs`) and their parsing.
//!
//! Each knob's value is written exactly as on the command line, and
//! [`fmt::Display`] writes it back the same way, so a setting round-trips
//! through its knob strings ([`Settings::args`]).

use std::fmt;

use queens_core::{Options, Refusal};

/// The names of the knobs, as `Options::knobs` and the CLI spell them.
pub const KNOBS: [&str; 4] = ["pick", "init", "restart-after", "conflict-cache"];

/// Which queen an iteration takes (the knob `pick`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pick {
    /// `random-column`, the write-up's `nq-mc`: a column drawn uniformly at
    /// random; its queen moves if it is attacked, else the iteration does
    /// nothing.
    RandomColumn,
    /// `random-conflicted`, AIMA's `min_conflicts`: an attacked queen drawn
    /// uniformly at random; every iteration moves a queen.
    RandomConflicted,
    /// `most-conflicted`: always the most-conflicted queen (ties at random),
    /// the write-up's first idea, which "fell into local mins quite often".
    MostConflicted,
    /// `mix:P`: the most-conflicted queen with probability P, else a random
    /// column as in [`Pick::RandomColumn`]; P from 0 to 1. The write-up's
    /// `nq-mc-maxi` is `mix:0.5`.
    Mix(f64),
}

impl Pick {
    /// The probability that an iteration takes the most-conflicted queen;
    /// `None` for [`Pick::RandomConflicted`], whose iterations all move.
    pub(crate) fn most_probability(self) -> Option<f64> {
        match self {
            Pick::RandomColumn => Some(0.0),
            Pick::MostConflicted => Some(1.0),
            Pick::Mix(p) => Some(p),
            Pick::RandomConflicted => None,
        }
    }

    fn parse(v: &str) -> Option<Pick> {
        match v {
            "random-column" => Some(Pick::RandomColumn),
            "random-conflicted" => Some(Pick::RandomConflicted),
            "most-conflicted" => Some(Pick::MostConflicted),
            _ => {
                let p: f64 = v.strip_prefix("mix:")?.parse().ok()?;
                (0.0..=1.0).contains(&p).then_some(Pick::Mix(p))
            }
        }
    }
}

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pick::RandomColumn => f.write_str("random-column"),
            Pick::RandomConflicted => f.write_str("random-conflicted"),
            Pick::MostConflicted => f.write_str("most-conflicted"),
            Pick::Mix(p) => write!(f, "mix:{p}"),
        }
    }
}

/// How a (re)start places the queens (the knob `init`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Init {
    /// `greedy`, the write-up's `init` (and aima-python's): each queen in
    /// turn on a row with the fewest conflicts with the queens already
    /// placed, ties at random (sampled above [`crate::EXACT_INIT_MAX_N`]).
    Greedy,
    /// `random`: every queen on a uniformly random row of its column.
    /// Refused above [`crate::RANDOM_INIT_MAX_N`].
    Random,
}

impl fmt::Display for Init {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Init::Greedy => "greedy",
            Init::Random => "random",
        })
    }
}

/// When the search throws its board away and starts afresh (the knob
/// `restart-after`), counted in iterations since the last (re)start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restart {
    /// `K`: after K iterations, K ≥ 1.
    After(u64),
    /// `n2`: after n² iterations, as the write-up does.
    N2,
    /// `never`: the board is never replaced (AIMA's `min_conflicts`).
    Never,
}

impl Restart {
    /// The iterations after which the search restarts at size n
    /// (`u64::MAX`: never).
    pub(crate) fn limit(self, n: usize) -> u64 {
        match self {
            Restart::After(k) => k,
            Restart::N2 => (n as u64).saturating_mul(n as u64),
            Restart::Never => u64::MAX,
        }
    }

    fn parse(v: &str) -> Option<Restart> {
        match v {
            "n2" => Some(Restart::N2),
            "never" => Some(Restart::Never),
            // Digits only: no sign, no spaces, no zero.
            _ if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => {
                let k: u64 = v.parse().ok()?;
                (k >= 1).then_some(Restart::After(k))
            }
            _ => None,
        }
    }
}

impl fmt::Display for Restart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Restart::After(k) => write!(f, "{k}"),
            Restart::N2 => f.write_str("n2"),
            Restart::Never => f.write_str("never"),
        }
    }
}

/// The conflict counts the search picks its queen by (the knob
/// `conflict-cache`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cache {
    /// `exact`: every queen's conflicts kept exact after every move, so the
    /// search knows at once (O(1)) when no queen is attacked.
    Exact,
    /// `stale`, the write-up's failed "dynamic programming" idea: a cache of
    /// each queen's conflicts, filled exactly after each (re)start and then
    /// updated only for the queen that moved. Queens a move attacks or frees
    /// keep their old counts, so the search can move a queen that is not
    /// attacked and miss one that is. It cannot trust its counts to say when
    /// the board is solved, so a board is accepted only after a full check
    /// ([`crate`] docs, "Checking").
    Stale,
}

impl fmt::Display for Cache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Cache::Exact => "exact",
            Cache::Stale => "stale",
        })
    }
}

/// One setting of the four knobs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Which queen an iteration takes.
    pub pick: Pick,
    /// How a (re)start places the queens.
    pub init: Init,
    /// When the search starts afresh.
    pub restart: Restart,
    /// Exact conflict counts or the stale cache.
    pub cache: Cache,
}

impl Settings {
    /// `min-conflicts-random`, the write-up's `nq-mc`:
    /// `--pick random-column --init greedy --restart-after n2 --conflict-cache exact`.
    pub const RANDOM: Settings = Settings {
        pick: Pick::RandomColumn,
        init: Init::Greedy,
        restart: Restart::N2,
        cache: Cache::Exact,
    };

    /// `min-conflicts-most-conflicted`, the write-up's `nq-mc-maxi`:
    /// `--pick mix:0.5 --init greedy --restart-after n2 --conflict-cache exact`.
    pub const MOST_CONFLICTED: Settings = Settings {
        pick: Pick::Mix(0.5),
        ..Settings::RANDOM
    };

    /// These settings with the knobs of `opts` applied (a knob not given
    /// keeps its value here). A bad value is refused
    /// ([`Refusal::Unsupported`], naming the knob and its values).
    pub fn with_knobs(self, id: &'static str, opts: &Options) -> Result<Settings, Refusal> {
        let mut s = self;
        for name in KNOBS {
            if let Some(v) = opts.knob(name) {
                s = s
                    .with(name, v)
                    .map_err(|what| Refusal::Unsupported { id, what })?;
            }
        }
        Ok(s)
    }

    /// These settings with knob `name` set to `value`; the error says what
    /// the knob accepts (it completes "… cannot ").
    pub fn with(self, name: &str, value: &str) -> Result<Settings, &'static str> {
        let mut s = self;
        match name {
            "pick" => {
                s.pick = Pick::parse(value).ok_or(
                    "take a --pick other than random-column, random-conflicted, \
                     most-conflicted or mix:P with P from 0 to 1 (e.g. mix:0.5)",
                )?;
            }
            "init" => {
                s.init = match value {
                    "greedy" => Init::Greedy,
                    "random" => Init::Random,
                    _ => return Err("take an --init other than greedy or random"),
                };
            }
            "restart-after" => {
                s.restart = Restart::parse(value).ok_or(
                    "take a --restart-after other than a whole number K >= 1 \
                     (iterations), n2 or never",
                )?;
            }
            "conflict-cache" => {
                s.cache = match value {
                    "exact" => Cache::Exact,
                    "stale" => Cache::Stale,
                    _ => return Err("take a --conflict-cache other than exact or stale"),
                };
            }
            _ => return Err("take a knob other than pick, init, restart-after, conflict-cache"),
        }
        Ok(s)
    }

    /// Whether the values are in range (settings built by hand rather than
    /// parsed may not be): the error completes "… cannot ".
    pub fn validate(&self) -> Result<(), &'static str> {
        if let Pick::Mix(p) = self.pick
            && !(0.0..=1.0).contains(&p)
        {
            return Err("take a --pick mix:P with P outside 0 to 1");
        }
        if self.restart == Restart::After(0) {
            return Err("take --restart-after 0: a restart needs at least one iteration");
        }
        Ok(())
    }

    /// The four knobs as `(name, value)`, the form of `Options::knobs`.
    pub fn knobs(&self) -> Vec<(&'static str, String)> {
        vec![
            ("pick", self.pick.to_string()),
            ("init", self.init.to_string()),
            ("restart-after", self.restart.to_string()),
            ("conflict-cache", self.cache.to_string()),
        ]
    }

    /// The four knobs as `queens` arguments, e.g. `--pick mix:0.5 --init
    /// greedy --restart-after n2 --conflict-cache exact`.
    pub fn args(&self) -> String {
        self.knobs()
            .iter()
            .map(|(k, v)| format!("--{k} {v}"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl fmt::Display for Settings {
    /// The knob values joined by spaces, e.g. `mix:0.5 greedy n2 exact`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            self.pick, self.init, self.restart, self.cache
        )
    }
}
