//! `--checkpoint FILE`: the finished tasks of a splitting count and their
//! tallies, so that a rerun with the same arguments skips them.
//!
//! The file is one JSON object (format `queens-checkpoint`, [`VERSION`]):
//! the arguments that decide the task list (approach, n, shard, knobs; not
//! the threads), the length of the whole task list, the tasks the shard
//! owns, whether all of them are finished (`complete`), their sum, and each
//! finished task as `[task, solutions, unique or null]`, task numbers
//! 0-based in the whole list. It is replaced whole through a staged file
//! ([`crate::destination`]), never edited in place. A file that does not
//! read as a checkpoint, or whose numbers do not add up, is refused and
//! left as it is; so is one written for other arguments.
//!
//! The numbers can be made to add up by hand (one task's count and the sum
//! changed together), so the file carries a checksum of its content
//! ([`checksum`]: FNV-1a, 64 bits, over the object without its `checksum`
//! field, written compactly with its keys sorted: `jq -cjS 'del(.checksum)'`
//! prints those bytes; every field, the task numbers in `finished`
//! included). A file whose checksum does not match was edited or
//! damaged, and is refused. FNV-1a catches mistakes and edits, not an
//! adversary, who could recompute it; a checkpoint is the user's own file.
//! Version 1 files (before the checksum) are refused too, with the advice
//! to count afresh.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use queens_core::{Shard, Tally};

use crate::args::Args;
use crate::destination::Destination;

/// The `format` field: what the file is.
pub const FORMAT: &str = "queens-checkpoint";
/// The version of the layout this `queens` writes and reads.
pub const VERSION: u32 = 2;
/// No checkpoint is larger (a few dozen bytes per task, at most a few
/// million tasks); a larger file is refused unread.
const MAX_BYTES: u64 = 1 << 29;

/// The arguments a checkpoint belongs to: those that change the task list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    /// The approach id.
    pub algo: String,
    /// The board size.
    pub n: usize,
    /// The shard counted.
    pub shard: Shard,
    /// The approach's knobs, as given.
    pub knobs: BTreeMap<String, String>,
}

impl Key {
    /// The key of this command line.
    pub fn of(args: &Args) -> Key {
        Key {
            algo: args.algo().to_string(),
            n: args.n(),
            shard: args.shard.unwrap_or_default(),
            knobs: args
                .knobs()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        }
    }

    /// The arguments as a user types them.
    fn command(&self) -> String {
        let mut words = format!("--algo {}", self.algo);
        for (k, v) in &self.knobs {
            words.push_str(&format!(" --{k} {v}"));
        }
        if !self.shard.is_all() {
            words.push_str(&format!(" --shard {}", self.shard));
        }
        format!("{words} {}", self.n)
    }
}

/// The file's content.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// The approach id.
    pub algo: String,
    /// The board size.
    pub n: usize,
    /// The shard, `i/k`.
    pub shard: String,
    /// The approach's knobs.
    pub knobs: BTreeMap<String, String>,
    /// The length of the whole task list (every shard's).
    pub tasks: usize,
    /// The tasks this shard owns.
    pub owned: usize,
    /// Whether every owned task is finished.
    pub complete: bool,
    /// The solutions of the finished tasks.
    pub solutions: u64,
    /// Their fundamental solutions, if every task knows them.
    pub unique: Option<u64>,
    /// `[task, solutions, unique]` per finished task, by task.
    pub finished: Vec<(usize, u64, Option<u64>)>,
}

impl Saved {
    /// The file for `key`'s count of `tasks` tasks, `owned` of them the
    /// shard's, with `finished` (by task) done.
    pub fn new(key: &Key, tasks: usize, owned: usize, finished: &BTreeMap<usize, Tally>) -> Saved {
        let sum = finished.values().fold(
            Tally {
                solutions: 0,
                unique: Some(0),
            },
            |a, b| a + *b,
        );
        Saved {
            format: FORMAT.into(),
            version: VERSION,
            algo: key.algo.clone(),
            n: key.n,
            shard: key.shard.to_string(),
            knobs: key.knobs.clone(),
            tasks,
            owned,
            complete: finished.len() == owned,
            solutions: sum.solutions,
            unique: sum.unique,
            finished: finished
                .iter()
                .map(|(t, y)| (*t, y.solutions, y.unique))
                .collect(),
        }
    }

    /// The finished tasks' tallies, by task.
    pub fn tallies(&self) -> BTreeMap<usize, Tally> {
        self.finished
            .iter()
            .map(|&(t, solutions, unique)| (t, Tally { solutions, unique }))
            .collect()
    }

    /// The sum of the finished tasks.
    pub fn tally(&self) -> Tally {
        Tally {
            solutions: self.solutions,
            unique: self.unique,
        }
    }

    /// Why the numbers do not hold together, if they do not.
    fn inconsistency(&self, shard: Shard) -> Option<String> {
        let owned = (0..self.tasks).filter(|&t| shard.owns(t)).count();
        if self.owned != owned {
            return Some(format!(
                "shard {shard} of {} tasks owns {owned}, not {}",
                self.tasks, self.owned
            ));
        }
        let mut last = None;
        for &(t, _, _) in &self.finished {
            if t >= self.tasks || !shard.owns(t) || last.is_some_and(|l| t <= l) {
                return Some(format!("task {t} is out of place"));
            }
            last = Some(t);
        }
        let sum = self.tallies().into_values().fold(
            Tally {
                solutions: 0,
                unique: Some(0),
            },
            |a, b| a + b,
        );
        if sum != self.tally() {
            return Some("the sum of its tasks is not the sum it states".into());
        }
        if self.complete != (self.finished.len() == self.owned) {
            return Some("it is marked complete, or not, against its tasks".into());
        }
        None
    }
}

/// Reads the checkpoint at `path` (a regular file or none, see
/// [`check_path`]) for the count `key`: `None` when there is no file yet. A file that is not a sound checkpoint, or belongs to other
/// arguments, is refused with one sentence (and left as it is).
pub fn load(path: &Path, key: &Key) -> Result<Option<Saved>, String> {
    let name = path.display();
    if fs::metadata(path).is_ok_and(|m| m.len() > MAX_BYTES) {
        return Err(format!(
            "the --checkpoint file {name} is larger than any checkpoint ({MAX_BYTES} bytes): \
             it is left as it was; give a new file name"
        ));
    }
    let bytes = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read the --checkpoint file {name}: {e}")),
    };
    let damaged = |why: String| {
        format!(
            "the --checkpoint file {name} is not a sound queens checkpoint ({why}); it is left \
             as it was: give a new file name to start afresh"
        )
    };
    let mut value: Value = serde_json::from_slice(&bytes).map_err(|e| damaged(e.to_string()))?;
    let stated = value.as_object_mut().and_then(|o| o.remove("checksum"));
    let matches = stated.as_ref().and_then(Value::as_str) == Some(&checksum(&value));
    let saved: Saved = serde_json::from_value(value).map_err(|e| damaged(e.to_string()))?;
    if saved.format != FORMAT {
        return Err(damaged(format!("format {:?}", saved.format)));
    }
    if saved.version < VERSION {
        return Err(damaged(format!(
            "version {}, written before checkpoints carried a checksum: count afresh",
            saved.version
        )));
    }
    if saved.version != VERSION {
        return Err(damaged(format!(
            "version {}, and this queens reads version {VERSION}",
            saved.version
        )));
    }
    let shard: Shard = saved.shard.parse().map_err(damaged)?;
    if let Some(why) = saved.inconsistency(shard) {
        return Err(damaged(why));
    }
    if !matches {
        return Err(format!(
            "the --checkpoint file {name} does not match its checksum: it was edited or \
             damaged; it is left as it was: give a new file name to start afresh"
        ));
    }
    let theirs = Key {
        algo: saved.algo.clone(),
        n: saved.n,
        shard,
        knobs: saved.knobs.clone(),
    };
    if &theirs != key {
        return Err(other_count(path, &theirs.command(), &key.command()));
    }
    Ok(Some(saved))
}

/// The refusal of a checkpoint written for another count.
pub fn other_count(path: &Path, theirs: &str, ours: &str) -> String {
    format!(
        "the --checkpoint file {} belongs to `queens {theirs}`, not to `queens {ours}`: give \
         each count its own file (it is left as it was)",
        path.display()
    )
}

/// Refuses a path that is not (or could not become) a regular file.
pub fn check_path(path: &Path) -> Result<(), String> {
    let destination = Destination::open(path, "--checkpoint")?;
    if !destination.is_staged() {
        return Err(format!(
            "the --checkpoint file {}: give the name of a regular file, which is read back \
             on the next run",
            destination.describe()
        ));
    }
    Ok(())
}

/// The checksum of a checkpoint's content (the object without its
/// `checksum` field): FNV-1a, 64 bits, over its compact JSON with the keys
/// sorted, as 16 hexadecimal digits.
pub fn checksum(content: &Value) -> String {
    // serde_json's maps keep their keys sorted (no `preserve_order`).
    format!("{:016x}", fnv1a(content.to_string().as_bytes()))
}

/// FNV-1a, 64 bits (Fowler, Noll and Vo).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Replaces the file at `path` with `saved`, whole (staged and renamed),
/// its checksum added.
pub fn save(path: &Path, saved: &Saved) -> io::Result<()> {
    let destination = Destination::open(path, "--checkpoint").map_err(io::Error::other)?;
    let mut value = serde_json::to_value(saved).map_err(io::Error::from)?;
    let sum = checksum(&value);
    if let Value::Object(object) = &mut value {
        object.insert("checksum".into(), sum.into());
    }
    let mut text = value.to_string().into_bytes();
    text.push(b'\n');
    let mut writer = destination.writer()?;
    writer.write_all(&text)?;
    writer.flush()?;
    drop(writer);
    destination.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(shard: Shard) -> Key {
        Key {
            algo: "half-join".into(),
            n: 15,
            shard,
            knobs: BTreeMap::new(),
        }
    }

    fn tally(solutions: u64) -> Tally {
        Tally {
            solutions,
            unique: None,
        }
    }

    #[test]
    fn a_saved_file_reads_back_and_only_for_its_own_count() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ck.json");
        let shard = Shard { index: 2, count: 3 };
        let finished = BTreeMap::from([(1, tally(5)), (7, tally(0)), (10, tally(9))]);
        let saved = Saved::new(&key(shard), 11, 4, &finished);
        assert!(!saved.complete);
        save(&path, &saved).unwrap();
        assert_eq!(load(&path, &key(shard)).unwrap(), Some(saved.clone()));
        assert_eq!(saved.tally(), tally(14));
        assert_eq!(saved.tallies(), finished);
        let other = load(&path, &key(Shard::ALL)).unwrap_err();
        assert!(other.contains("--algo half-join --shard 2/3 15"), "{other}");
        assert_eq!(load(&dir.path().join("none"), &key(shard)).unwrap(), None);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn damaged_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ck.json");
        let shard = Shard { index: 1, count: 2 };
        let finished = BTreeMap::from([(0, tally(5)), (2, tally(3))]);
        save(&path, &Saved::new(&key(shard), 5, 3, &finished)).unwrap();
        let good = std::fs::read_to_string(&path).unwrap();
        let unsound = [
            String::new(),
            good[..good.len() / 2].to_string(),
            good.replace("\"version\":2", "\"version\":3"),
            good.replace("\"version\":2", "\"version\":1"),
            good.replace("queens-checkpoint", "other"),
            good.replace("\"n\":15", "\"n\":15,\"x\":1"),
            "[1]".into(),
            // Numbers that do not add up.
            good.replace("\"solutions\":8", "\"solutions\":9"),
            good.replace("[2,3,null]", "[1,3,null]"),
            good.replace("\"complete\":false", "\"complete\":true"),
            good.replace("\"owned\":3", "\"owned\":2"),
        ];
        let sum =
            checksum(&serde_json::to_value(Saved::new(&key(shard), 5, 3, &finished)).unwrap());
        // Numbers that add up, edited by hand, or a checksum changed or gone.
        let edited = [
            good.replace("[2,3,null]", "[2,4,null]")
                .replace("\"solutions\":8", "\"solutions\":9"),
            // A task renumbered (4 is the shard's too, and unfinished).
            good.replace("[2,3,null]", "[4,3,null]"),
            good.replace(&sum, &"0".repeat(16)),
            good.replace(&format!(",\"checksum\":\"{sum}\""), ""),
        ];
        for (texts, what) in [
            (&unsound[..], "not a sound queens checkpoint"),
            (
                &edited[..],
                "does not match its checksum: it was edited or damaged",
            ),
        ] {
            for text in texts {
                assert_ne!(text, &good);
                std::fs::write(&path, text).unwrap();
                let err = load(&path, &key(shard)).unwrap_err();
                assert!(err.contains(what), "{text}: {err}");
                assert_eq!(&std::fs::read_to_string(&path).unwrap(), text);
            }
        }
        std::fs::write(&path, &good).unwrap();
        assert!(load(&path, &key(shard)).unwrap().is_some());
    }

    #[test]
    fn the_checksum_is_fnv1a_of_the_sorted_compact_content() {
        // Published FNV-1a 64-bit values (Fowler, Noll and Vo's test suite).
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
        // Keys sorted, whatever order the file has them in.
        let unsorted: Value = serde_json::from_str(r#"{"b": 1, "a": [2]}"#).unwrap();
        assert_eq!(
            checksum(&unsorted),
            format!("{:016x}", fnv1a(br#"{"a":[2],"b":1}"#))
        );
    }
}
