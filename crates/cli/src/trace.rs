//! `--trace FILE`: where the trace goes (`queens_core::trace` writes it).
//!
//! A file is never written in place: the trace goes to a temporary file
//! beside it (same folder, so the final rename stays on one file system),
//! created before the search so that a folder that cannot be written is
//! refused at once, and renamed over FILE only when the run succeeded
//! ([`TraceOutput::keep`]). A run that fails, is refused or is interrupted
//! leaves FILE as it was; the temporary file is removed when the run ends
//! (not when the process is killed: `.FILE.*.tmp` files are then left
//! beside FILE).

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

/// The destination named by `--trace`.
pub enum TraceOutput {
    /// `--trace -`: standard output.
    Stdout,
    /// A file, written through a temporary file beside it.
    File {
        /// The path as the user gave it.
        target: PathBuf,
        /// The temporary file, removed when dropped unless kept.
        temp: NamedTempFile,
    },
}

impl TraceOutput {
    /// Opens the destination (`-` is standard output): for a file, creates
    /// the temporary file beside it. The error names the path.
    pub fn create(path: &Path) -> Result<TraceOutput, String> {
        if path == Path::new("-") {
            return Ok(TraceOutput::Stdout);
        }
        let cannot = |e: &dyn std::fmt::Display| {
            format!("cannot write the --trace file {}: {e}", path.display())
        };
        if path.is_dir() {
            return Err(cannot(&"it is a folder"));
        }
        let name = path
            .file_name()
            .ok_or_else(|| cannot(&"it names no file"))?;
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let prefix = format!(".{}.", name.to_string_lossy());
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        // As `File::create` would make it (the umask applies), rather than
        // a temporary file's owner-only mode.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let temp = builder.tempfile_in(folder).map_err(|e| cannot(&e))?;
        Ok(TraceOutput::File {
            target: path.to_path_buf(),
            temp,
        })
    }

    /// Whether the trace goes to standard output.
    pub fn is_stdout(&self) -> bool {
        matches!(self, TraceOutput::Stdout)
    }

    /// A buffered writer to the destination (for a file, to the temporary
    /// file).
    pub fn writer(&self) -> io::Result<Box<dyn Write + Send>> {
        Ok(match self {
            TraceOutput::Stdout => Box::new(BufWriter::with_capacity(1 << 16, io::stdout())),
            TraceOutput::File { temp, .. } => {
                Box::new(BufWriter::with_capacity(1 << 16, temp.reopen()?))
            }
        })
    }

    /// The run succeeded: the temporary file, written and flushed, replaces
    /// FILE (keeping FILE's permissions when it existed).
    pub fn keep(self) -> io::Result<()> {
        let TraceOutput::File { target, temp } = self else {
            return Ok(());
        };
        temp.as_file().sync_all()?;
        if let Ok(old) = fs::metadata(&target) {
            fs::set_permissions(temp.path(), old.permissions())?;
        }
        temp.persist(&target).map_err(|e| e.error)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_appears_only_when_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("trace.jsonl");
        fs::write(&path, "old\n").unwrap();
        let dropped = TraceOutput::create(&path).unwrap();
        dropped.writer().unwrap().write_all(b"new\n").unwrap();
        drop(dropped);
        assert_eq!(fs::read_to_string(&path).unwrap(), "old\n");
        let kept = TraceOutput::create(&path).unwrap();
        {
            let mut w = kept.writer().unwrap();
            w.write_all(b"new\n").unwrap();
            w.flush().unwrap();
        }
        kept.keep().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new\n");
        // Nothing left beside it.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_folder_that_cannot_hold_the_file_is_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no/such/dir/trace.jsonl");
        let err = TraceOutput::create(&missing).err().unwrap();
        assert!(err.contains("no/such/dir/trace.jsonl"), "{err}");
        let err = TraceOutput::create(dir.path()).err().unwrap();
        assert!(err.contains("folder"), "{err}");
        assert!(TraceOutput::create(Path::new("-")).unwrap().is_stdout());
    }
}
