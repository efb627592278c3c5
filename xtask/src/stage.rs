//! Writing DIR all or nothing: new files go to a staging folder inside DIR
//! and replace the old ones only once everything succeeded, so Ctrl-C or a
//! failure leaves the previous contents of DIR intact.

use std::fs;
use std::path::{Path, PathBuf};

use crate::{Context, Result};

/// Prefix of staging folders (left over only if the process was killed).
const PREFIX: &str = ".xtask-stage-";

/// A staging folder for the new contents of an output folder.
pub struct Stage {
    out: PathBuf,
    dir: tempfile::TempDir,
}

impl Stage {
    /// Creates `out` if needed and a staging folder inside it; fails early
    /// and clearly when `out` cannot be written. Removes staging folders
    /// left over by an interrupted run.
    pub fn new(out: &Path) -> Result<Stage> {
        fs::create_dir_all(out)
            .context(|| format!("cannot create the output folder {}", out.display()))?;
        if let Ok(entries) = fs::read_dir(out) {
            for e in entries.flatten() {
                if e.file_name().to_string_lossy().starts_with(PREFIX) {
                    let _ = fs::remove_dir_all(e.path());
                }
            }
        }
        let dir = tempfile::Builder::new()
            .prefix(PREFIX)
            .tempdir_in(out)
            .context(|| format!("cannot write into the output folder {}", out.display()))?;
        Ok(Stage {
            out: out.to_path_buf(),
            dir,
        })
    }

    /// The staging folder: write the new entries here.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Moves each staged entry (a file or folder name, or a path below a
    /// folder the output already has, such as `data/traces`) into the output
    /// folder, replacing the old one; on failure puts the old ones back.
    pub fn commit(self, entries: &[&str]) -> Result<()> {
        let old = self.path().join(".old");
        fs::create_dir(&old).context(|| format!("cannot write into {}", self.path().display()))?;
        let mut done: Vec<&str> = Vec::new();
        let result = entries.iter().try_for_each(|&entry| -> Result<()> {
            let (new, target, backup) = (
                self.path().join(entry),
                self.out.join(entry),
                old.join(entry),
            );
            if target.exists() {
                // An entry may be nested (`data/traces`): its backup's folder first.
                if let Some(parent) = backup.parent() {
                    fs::create_dir_all(parent)
                        .context(|| format!("cannot create {}", parent.display()))?;
                }
                fs::rename(&target, &backup)
                    .context(|| format!("cannot move {} aside", target.display()))?;
            }
            done.push(entry);
            fs::rename(&new, &target)
                .context(|| format!("cannot move the new {} into place", target.display()))
        });
        if result.is_err() {
            for entry in done.into_iter().rev() {
                let (target, backup) = (self.out.join(entry), old.join(entry));
                if backup.exists() {
                    let _ = fs::remove_dir_all(&target).or_else(|_| fs::remove_file(&target));
                    let _ = fs::rename(&backup, &target);
                }
            }
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commit_replaces_and_a_dropped_stage_changes_nothing() {
        let out = tempfile::tempdir().unwrap();
        fs::create_dir(out.path().join("data")).unwrap();
        fs::write(out.path().join("data/old.csv"), "old").unwrap();
        fs::write(out.path().join("keep.txt"), "mine").unwrap();

        // An abandoned stage (an error or Ctrl-C before commit) leaves DIR as it was.
        let stage = Stage::new(out.path()).unwrap();
        fs::create_dir(stage.path().join("data")).unwrap();
        fs::write(stage.path().join("data/new.csv"), "new").unwrap();
        drop(stage);
        assert!(out.path().join("data/old.csv").exists());
        assert_eq!(fs::read_dir(out.path()).unwrap().count(), 2);

        let stage = Stage::new(out.path()).unwrap();
        fs::create_dir(stage.path().join("data")).unwrap();
        fs::write(stage.path().join("data/new.csv"), "new").unwrap();
        fs::write(stage.path().join("REPORT.md"), "# r").unwrap();
        stage.commit(&["data", "REPORT.md"]).unwrap();
        assert!(!out.path().join("data/old.csv").exists());
        assert_eq!(
            fs::read_to_string(out.path().join("data/new.csv")).unwrap(),
            "new"
        );
        assert_eq!(
            fs::read_to_string(out.path().join("keep.txt")).unwrap(),
            "mine"
        );
        let names: Vec<_> = fs::read_dir(out.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 3, "{names:?}");
    }

    #[test]
    fn a_nested_entry_replaces_only_itself() {
        let out = tempfile::tempdir().unwrap();
        fs::create_dir_all(out.path().join("data/traces")).unwrap();
        fs::write(out.path().join("data/traces/old.jsonl"), "old").unwrap();
        fs::write(out.path().join("data/runs.csv"), "runs").unwrap();
        let stage = Stage::new(out.path()).unwrap();
        fs::create_dir_all(stage.path().join("data/traces")).unwrap();
        fs::write(stage.path().join("data/traces/new.jsonl"), "new").unwrap();
        stage.commit(&["data/traces"]).unwrap();
        assert!(!out.path().join("data/traces/old.jsonl").exists());
        assert!(out.path().join("data/traces/new.jsonl").exists());
        assert!(out.path().join("data/runs.csv").exists());
    }

    #[test]
    fn a_failed_commit_puts_the_old_entries_back() {
        let out = tempfile::tempdir().unwrap();
        fs::write(out.path().join("REPORT.md"), "old").unwrap();
        let stage = Stage::new(out.path()).unwrap();
        fs::write(stage.path().join("REPORT.md"), "new").unwrap();
        // "charts" was never staged: its move fails after REPORT.md was replaced.
        assert!(stage.commit(&["REPORT.md", "charts"]).is_err());
        assert_eq!(
            fs::read_to_string(out.path().join("REPORT.md")).unwrap(),
            "old"
        );
    }

    #[test]
    fn an_unwritable_output_is_a_clear_error() {
        let file = tempfile::NamedTempFile::new().unwrap();
        let e = Stage::new(&file.path().join("reports")).err().unwrap().0;
        assert!(e.starts_with("cannot create the output folder"), "{e}");
    }
}
