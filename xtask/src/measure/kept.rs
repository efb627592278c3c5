//! Studies kept instead of measured again. A study's rows (step counts,
//! consistency checks, success rates of seeded runs, traces) are decided by
//! the code and the plan alone, so measuring them again from the same code
//! repeats the same minutes for the same numbers. Each study has a
//! fingerprint: a hash of every source file under `crates/` (tests left
//! out), the workspace's `Cargo.toml` (its build profiles) and `Cargo.lock`,
//! the xtask modules that plan it, the profile and the approaches measured. When the folder's previous `meta.json` records the
//! same fingerprint for a study and its files are there, `report` keeps
//! them and records when, where and at which revision they were measured;
//! the course says so. `--remeasure` measures every study again.
//!
//! What a kept study holds that the machine decides (its times, and where
//! a time budget cut a series) is the earlier machine's, as the course says.

use std::fs;
use std::path::{Path, PathBuf};

use crate::data::meta::{Meta, StudyMeta};
use crate::profile::Profile;
use crate::{Context, Result};

/// The studies beside the timed families.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Study {
    /// Nodes per depth of every exhaustive search.
    Depths,
    /// The block-sums comparison (seed 000, Part II).
    BlockSums,
    /// The constraint lab, one knob at a time.
    CspGrid,
    /// The constraint lab beside AIMA's table of consistency checks.
    CspBook,
    /// The min-conflicts settings on many seeds.
    LocalStudy,
    /// The textbook's local searches over many random starts.
    Textbook,
    /// Step-by-step traces of small searches, for the page and the pictures.
    Traces,
}

impl Study {
    /// Every study, in measuring order.
    pub const ALL: [Study; 7] = [
        Study::Depths,
        Study::BlockSums,
        Study::CspGrid,
        Study::CspBook,
        Study::LocalStudy,
        Study::Textbook,
        Study::Traces,
    ];

    /// The name in `meta.json` and in the course.
    pub fn name(self) -> &'static str {
        match self {
            Study::Depths => "depths",
            Study::BlockSums => "block-sums",
            Study::CspGrid => "csp-grid",
            Study::CspBook => "csp-book",
            Study::LocalStudy => "local-study",
            Study::Textbook => "textbook",
            Study::Traces => "traces",
        }
    }

    /// Its files (or folder) in `DIR/data`.
    pub fn files(self) -> &'static [&'static str] {
        use crate::data;
        match self {
            Study::Depths => &[data::DEPTHS],
            Study::BlockSums => &[data::block_sums::FILE],
            Study::CspGrid => &[data::csp_grid::FILE],
            Study::CspBook => &[data::csp_book::FILE],
            Study::LocalStudy => &[data::local_study::FILE],
            Study::Textbook => &[data::textbook::FILE],
            Study::Traces => &[data::traces::FOLDER],
        }
    }

    /// The xtask modules (from the project root) that plan and read it.
    fn planners(self) -> &'static [&'static str] {
        match self {
            Study::Depths => &[
                "xtask/src/measure/extras.rs",
                "xtask/src/measure/mod.rs",
                "xtask/src/measure/runner.rs",
            ],
            Study::BlockSums => &["xtask/src/measure/block_sums.rs"],
            Study::CspGrid => &[
                "xtask/src/measure/csp_grid.rs",
                "xtask/src/measure/runner.rs",
            ],
            Study::CspBook => &["xtask/src/measure/csp_book.rs"],
            Study::LocalStudy => &["xtask/src/measure/local_study.rs"],
            Study::Textbook => &["xtask/src/measure/textbook.rs"],
            Study::Traces => &["xtask/src/measure/traces/mod.rs"],
        }
    }
}

/// Decides, study by study, whether the previous run's rows can be kept.
#[derive(Clone)]
pub struct Keeper {
    /// The previous run's data folder and meta, when it can be kept from.
    previous: Option<(PathBuf, Meta)>,
    /// What every fingerprint of this run shares: the code, the profile, the approaches.
    common: u64,
}

impl Keeper {
    /// A keeper for a run of `profile` over `ids` writing into `old_data`'s
    /// folder; with `remeasure`, it keeps nothing.
    pub fn new(old_data: &Path, profile: Profile, ids: &[&str], remeasure: bool) -> Result<Keeper> {
        let root = crate::project_root();
        let mut hash = Fnv::new();
        hash.text(profile.name());
        for id in ids {
            hash.text(id);
        }
        // The workspace manifest holds the build profiles the binaries are
        // compiled with; the lock file, every dependency's version.
        hash.file(&root, Path::new("Cargo.toml"))?;
        hash.file(&root, Path::new("Cargo.lock"))?;
        for file in sources(&root.join("crates"))? {
            hash.file(&root, &file)?;
        }
        let previous = (!remeasure)
            .then(|| fs::read(old_data.join(crate::data::META)).ok())
            .flatten()
            .and_then(|bytes| serde_json::from_slice::<Meta>(&bytes).ok())
            .map(|meta| (old_data.to_path_buf(), meta));
        Ok(Keeper {
            previous,
            common: hash.0,
        })
    }

    /// The fingerprint of `study` in this run.
    pub fn fingerprint(&self, study: Study) -> Result<String> {
        let root = crate::project_root();
        let mut hash = Fnv(self.common);
        hash.text(study.name());
        for planner in study.planners() {
            hash.file(&root, Path::new(planner))?;
        }
        Ok(format!("{:016x}", hash.0))
    }

    /// Whether `study` will be kept.
    pub fn keeps(&self, study: Study) -> bool {
        self.fingerprint(study)
            .is_ok_and(|f| self.kept(study, &f).is_some())
    }

    /// The earlier record of `study` and the folder holding its files, when
    /// its fingerprint is `fingerprint` and every file is there.
    pub fn kept(&self, study: Study, fingerprint: &str) -> Option<(StudyMeta, &Path)> {
        let (dir, meta) = self.previous.as_ref()?;
        let found = meta
            .studies
            .iter()
            .find(|s| s.study == study.name() && s.fingerprint == fingerprint)?;
        if !study.files().iter().all(|f| dir.join(f).exists()) {
            return None;
        }
        Some((
            StudyMeta {
                kept: true,
                ..found.clone()
            },
            dir.as_path(),
        ))
    }
}

/// Every file under `dir` that can change what a program does: tests
/// (`tests/` folders, `tests.rs`) and property-test regressions left out;
/// sorted, so the hash does not depend on the file system's order.
fn sources(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).context(|| format!("cannot read {}", d.display()))? {
            let path = entry
                .context(|| format!("cannot read {}", d.display()))?
                .path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if matches!(
                name,
                "tests" | "tests.rs" | "proptest-regressions" | "target"
            ) || name.starts_with('.')
            {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// FNV-1a, 64 bits: stable across platforms and Rust versions (std's
/// hasher is not), and enough to tell whether inputs changed.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        // The length closes each part, so ("ab", "c") and ("a", "bc") differ.
        for b in (bytes.len() as u64).to_le_bytes() {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn text(&mut self, text: &str) {
        self.bytes(text.as_bytes());
    }

    /// The file's path (from `root`, with `/`) and its contents.
    fn file(&mut self, root: &Path, file: &Path) -> Result<()> {
        let full = root.join(file);
        let relative = full.strip_prefix(root).unwrap_or(file);
        let name: Vec<String> = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        self.text(&name.join("/"));
        let contents = fs::read(&full).context(|| format!("cannot read {}", full.display()))?;
        self.bytes(&contents);
        Ok(())
    }
}

/// Copies the folder `from` to `to` (created), files only, one level deep.
pub fn copy_folder(from: &Path, to: &Path) -> Result<()> {
    fs::create_dir_all(to).context(|| format!("cannot create {}", to.display()))?;
    for entry in fs::read_dir(from).context(|| format!("cannot read {}", from.display()))? {
        let path = entry
            .context(|| format!("cannot read {}", from.display()))?
            .path();
        if path.is_file() {
            let target = to.join(path.file_name().expect("a file has a name"));
            fs::copy(&path, &target)
                .context(|| format!("cannot copy {} to {}", path.display(), target.display()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_matches_the_published_test_vectors() {
        // FNV-1a 64 of "a" and "foobar" (Fowler, Noll and Vo's reference
        // values), before the length that closes a part.
        let plain = |s: &str| {
            let mut h = 0xcbf2_9ce4_8422_2325u64;
            for &b in s.as_bytes() {
                h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
            h
        };
        assert_eq!(plain("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(plain("foobar"), 0x85944171f73967e8);
        let (mut ab_c, mut a_bc) = (Fnv::new(), Fnv::new());
        ab_c.text("ab");
        ab_c.text("c");
        a_bc.text("a");
        a_bc.text("bc");
        assert_ne!(ab_c.0, a_bc.0);
    }

    fn meta_with(study: &str, fingerprint: &str) -> Meta {
        let mut meta = Meta::example();
        meta.studies = vec![meta.measured_now(study, fingerprint.into())];
        meta
    }

    #[test]
    fn a_study_is_kept_only_with_its_fingerprint_and_files() {
        let dir = tempfile::tempdir().unwrap();
        let old = dir.path();
        let meta = meta_with("textbook", "00ff");
        fs::write(
            old.join(crate::data::META),
            serde_json::to_vec(&meta).unwrap(),
        )
        .unwrap();
        let keeper = Keeper::new(old, Profile::Standard, &["bitmask"], false).unwrap();
        // The file is missing: nothing kept.
        assert!(keeper.kept(Study::Textbook, "00ff").is_none());
        fs::write(old.join(crate::data::textbook::FILE), "x").unwrap();
        let (kept, from) = keeper.kept(Study::Textbook, "00ff").unwrap();
        assert!(kept.kept);
        assert_eq!(kept.date, meta.date);
        assert_eq!(from, old);
        // Another fingerprint, another study, or --remeasure: nothing kept.
        assert!(keeper.kept(Study::Textbook, "00fe").is_none());
        assert!(keeper.kept(Study::CspBook, "00ff").is_none());
        let fresh = Keeper::new(old, Profile::Standard, &["bitmask"], true).unwrap();
        assert!(fresh.kept(Study::Textbook, "00ff").is_none());
    }

    #[test]
    fn fingerprints_differ_by_study_profile_and_approaches() {
        let dir = tempfile::tempdir().unwrap();
        let keeper = |profile, ids: &[&str]| Keeper::new(dir.path(), profile, ids, false).unwrap();
        let standard = keeper(Profile::Standard, &["bitmask"]);
        let a = standard.fingerprint(Study::Textbook).unwrap();
        assert_eq!(a, standard.fingerprint(Study::Textbook).unwrap());
        assert_ne!(a, standard.fingerprint(Study::CspGrid).unwrap());
        let smoke = keeper(Profile::Smoke, &["bitmask"]);
        assert_ne!(a, smoke.fingerprint(Study::Textbook).unwrap());
        let more = keeper(Profile::Standard, &["bitmask", "mrv"]);
        assert_ne!(a, more.fingerprint(Study::Textbook).unwrap());
    }

    #[test]
    fn test_files_do_not_count_as_sources() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for f in [
            "a/src/lib.rs",
            "a/src/tests.rs",
            "a/tests/cli.rs",
            "a/Cargo.toml",
        ] {
            fs::create_dir_all(d.join(f).parent().unwrap()).unwrap();
            fs::write(d.join(f), "").unwrap();
        }
        let names: Vec<_> = sources(d)
            .unwrap()
            .iter()
            .map(|p| p.strip_prefix(d).unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["a/Cargo.toml", "a/src/lib.rs"]);
    }
}
