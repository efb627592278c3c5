//! Where a file option (`--output`, `--trace`, `--checkpoint`) writes, and the one rule for
//! every file the command writes: a user's file is replaced whole or not at
//! all.
//!
//! - A regular file, or a new one, is **staged**: the content goes to a
//!   temporary file `.NAME.XXXXXX.tmp` in the same folder (so the rename
//!   stays on one file system), created before the search so that a folder
//!   that cannot be written is refused at once, and renamed over the file
//!   only by [`Destination::commit`], once the content is complete. A run that
//!   fails, is refused, finds no board or is interrupted ([`crate::cleanup`])
//!   leaves the file as it was and nothing beside it. A symbolic link is
//!   followed: the file it points to is replaced and the link stays a link.
//!   A writable file in a folder that cannot be written cannot be replaced
//!   this way: it is refused, naming the folder.
//! - The regular file (or pipe) that standard output or standard error
//!   already writes to (`> FILE` in the shell, then `FILE`, `/dev/stdout`,
//!   `/proc/self/fd/1` or `/dev/fd/1`; the same file by device and inode) is
//!   written **through that stream**, as `-` is: opened anew, a file would
//!   be written from its start, over the stream's own output, and replaced,
//!   it would lose that output; and a closed pipe is then the stream's.
//! - Anything else (a device such as /dev/null or /dev/full, a pipe, or a
//!   path through /proc such as /dev/stdout on a terminal) is written
//!   **directly**, appending, as a shell's `>>` would: it is never truncated,
//!   replaced or removed, and a write that fails leaves it as it is.
//! - `-` is standard output.
//!
//! Messages name the path the user gave, never the temporary file.

use std::fs;
use std::io::{self, Write};
#[cfg(unix)]
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::args::Args;
use crate::cleanup;

/// An open destination.
pub enum Destination {
    /// `-`: standard output.
    Stdout,
    /// The regular file standard output or error writes to, written through
    /// that stream.
    Stream {
        /// The path as the user gave it.
        path: PathBuf,
        /// Which stream.
        stream: Stream,
    },
    /// A device, pipe or /proc path, written in place.
    Direct {
        /// The path as the user gave it.
        path: PathBuf,
    },
    /// A regular file, written through a temporary file beside it.
    Staged {
        /// The path as the user gave it.
        path: PathBuf,
        /// The file to replace (the end of any symbolic links).
        target: PathBuf,
        /// The temporary file, removed when dropped unless committed.
        temp: NamedTempFile,
        /// Removes the temporary file if the process is interrupted.
        guard: cleanup::Guard,
        /// The file itself, to tell whether two paths name it.
        identity: Identity,
    },
}

/// A standard stream a path can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Out,
    /// Standard error.
    Err,
}

/// What makes two staged destinations one file.
#[derive(Debug, PartialEq, Eq)]
pub enum Identity {
    /// A file that exists: its device and inode (so a hard or symbolic
    /// link to it is the same file).
    Inode(u64, u64),
    /// A file not there yet (or where inodes are unknown): its folder,
    /// resolved, and its name.
    Path(PathBuf),
}

/// What a path names, after its symbolic links.
enum Target {
    /// A regular file that exists.
    File(PathBuf),
    /// Nothing yet: a new file there.
    New(PathBuf),
    /// A folder.
    Folder,
    /// A device, pipe, socket, or a link kept by /proc.
    Special,
}

impl Destination {
    /// Opens the destination named by `path` for the option `option`; the
    /// error is one sentence naming the option and the path.
    pub fn open(path: &Path, option: &str) -> Result<Destination, String> {
        if path == Path::new("-") {
            return Ok(Destination::Stdout);
        }
        let cannot = |why: &dyn std::fmt::Display| {
            format!("cannot write the {option} file {}: {why}", path.display())
        };
        // `nodir/` would be found out only when the file is put in place,
        // after the work.
        if names_a_folder(path) {
            return Err(cannot(
                &"it is spelled as a folder (it ends in / or /.): name a file",
            ));
        }
        if let Some(stream) = stream_of(path) {
            return Ok(Destination::Stream {
                path: path.to_path_buf(),
                stream,
            });
        }
        let (target, exists) = match resolve(path).map_err(|e| cannot(&plain(&e)))? {
            Target::Folder => return Err(cannot(&"it is a folder")),
            Target::Special => {
                writable(path).map_err(|e| cannot(&plain(&e)))?;
                return Ok(Destination::Direct {
                    path: path.to_path_buf(),
                });
            }
            Target::File(target) => (target, true),
            Target::New(target) => (target, false),
        };
        if exists {
            writable(&target).map_err(|e| cannot(&plain(&e)))?;
        }
        let name = target
            .file_name()
            .ok_or_else(|| cannot(&"it names no file"))?;
        let folder = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        if !folder.is_dir() {
            return Err(cannot(&format!("there is no folder {}", folder.display())));
        }
        let prefix = format!(".{}.", name.to_string_lossy());
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        // As `File::create` would make it (the umask applies), rather than
        // a temporary file's owner-only mode.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let temp = builder.tempfile_in(folder).map_err(|e| {
            let denied = matches!(
                e.kind(),
                io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem
            );
            // A file that may be written, in a folder that may not: the
            // temporary file beside it is what cannot be made.
            let beside = if exists {
                ", and the file is replaced through a temporary file beside it: make the \
                 folder writable, or name a file in another folder"
            } else {
                ""
            };
            if denied {
                cannot(&format!(
                    "the folder {} cannot be written ({}){beside}",
                    folder.display(),
                    plain(&e)
                ))
            } else {
                cannot(&plain(&e))
            }
        })?;
        let identity = identity(&target, folder, name).map_err(|e| cannot(&plain(&e)))?;
        let guard = cleanup::register(temp.path());
        Ok(Destination::Staged {
            path: path.to_path_buf(),
            target,
            temp,
            guard,
            identity,
        })
    }

    /// Whether `self` and `other` write to the same file: the same staged
    /// file, or the same stream (`-` and a path that names standard output
    /// alike). Devices and pipes are never the same: each is written in
    /// place.
    pub fn same_file(&self, other: &Destination) -> bool {
        match (self, other) {
            (Destination::Staged { identity: a, .. }, Destination::Staged { identity: b, .. }) => {
                a == b
            }
            _ => self.stream().is_some() && self.stream() == other.stream(),
        }
    }

    /// The standard stream this writes through, if any.
    pub fn stream(&self) -> Option<Stream> {
        match self {
            Destination::Stdout => Some(Stream::Out),
            Destination::Stream { stream, .. } => Some(*stream),
            _ => None,
        }
    }

    /// Whether this is a file, staged and renamed into place.
    pub fn is_staged(&self) -> bool {
        matches!(self, Destination::Staged { .. })
    }

    /// Whether this writes to standard output (`-`, or a path that names
    /// the file standard output writes to).
    pub fn is_stdout(&self) -> bool {
        self.stream() == Some(Stream::Out)
    }

    /// How messages name it: the path as given, or "standard output".
    pub fn describe(&self) -> String {
        match self {
            Destination::Stdout => "standard output".into(),
            Destination::Stream { path, .. }
            | Destination::Direct { path }
            | Destination::Staged { path, .. } => path.display().to_string(),
        }
    }

    /// An unbuffered writer: the stream, the device (opened to append) or
    /// the temporary file. An error names no temporary path.
    pub fn writer(&self) -> io::Result<Box<dyn Write + Send>> {
        Ok(match self {
            Destination::Stdout
            | Destination::Stream {
                stream: Stream::Out,
                ..
            } => Box::new(io::stdout()),
            Destination::Stream {
                stream: Stream::Err,
                ..
            } => Box::new(io::stderr()),
            Destination::Direct { path } => {
                Box::new(fs::OpenOptions::new().append(true).open(path)?)
            }
            Destination::Staged { temp, .. } => Box::new(temp.reopen().map_err(bare)?),
        })
    }

    /// The content is complete: a staged file replaces its target (keeping
    /// the target's permissions when it existed); the others are done.
    /// An error names no temporary path.
    pub fn commit(self) -> io::Result<()> {
        let Destination::Staged {
            target,
            temp,
            guard,
            ..
        } = self
        else {
            return Ok(());
        };
        temp.as_file().sync_all().map_err(bare)?;
        if let Ok(old) = fs::metadata(&target) {
            fs::set_permissions(temp.path(), old.permissions()).map_err(bare)?;
        }
        temp.persist(&target).map_err(|e| bare(e.error))?;
        drop(guard);
        Ok(())
    }
}

/// `--output` and `--trace` kept apart: not one file (compared as files,
/// [`Destination::same_file`]), and standard output (`-`, or a path that
/// names the file it writes to) kept for one thing.
pub fn apart(
    args: &Args,
    board: Option<&Destination>,
    trace: Option<&Destination>,
) -> Result<(), String> {
    let board_out = board.filter(|b| b.is_stdout());
    if let Some(trace) = trace.filter(|t| t.is_stdout()) {
        let other = if args.verbose {
            Some("-v lists the solutions".to_string())
        } else if args.json {
            Some("--json prints its line".to_string())
        } else {
            board_out.map(|b| match b {
                Destination::Stdout => "--output - writes the board".to_string(),
                _ => format!("--output {} writes the board", b.describe()),
            })
        };
        if let Some(other) = other {
            let named = match trace {
                Destination::Stdout => String::new(),
                _ => format!(" (--trace {} is standard output)", trace.describe()),
            };
            return Err(format!(
                "{other} on standard output, so the trace cannot go there too{named}: give \
                 --trace a file name"
            ));
        }
    }
    if let (Some(b), Some(t)) = (board, trace)
        && b.same_file(t)
    {
        return Err("--output and --trace name the same file: give each its own".into());
    }
    if let Some(b) = board_out.filter(|_| args.json) {
        return Err(format!(
            "--output {} is standard output, where --json prints its line: give --output \
             a file name",
            b.describe()
        ));
    }
    Ok(())
}

/// The stream whose file `path` names, if any (after links, by device and
/// inode): a regular file, a pipe or a socket. Never a device: a terminal
/// is both streams, and /dev/null anyone's.
fn stream_of(path: &Path) -> Option<Stream> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, MetadataExt};
        let meta = fs::metadata(path).ok().filter(|m| {
            let kind = m.file_type();
            kind.is_file() || kind.is_fifo() || kind.is_socket()
        })?;
        let names = |fd: std::os::fd::BorrowedFd<'_>| {
            let file = fs::File::from(fd.try_clone_to_owned().ok()?);
            let its = file.metadata().ok()?;
            Some(its.dev() == meta.dev() && its.ino() == meta.ino())
        };
        if names(io::stdout().as_fd()) == Some(true) {
            return Some(Stream::Out);
        }
        if names(io::stderr().as_fd()) == Some(true) {
            return Some(Stream::Err);
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    None
}

/// The identity of the staged file `target` (in `folder`, named `name`).
fn identity(target: &Path, folder: &Path, name: &std::ffi::OsStr) -> io::Result<Identity> {
    #[cfg(unix)]
    if let Ok(meta) = fs::metadata(target) {
        use std::os::unix::fs::MetadataExt;
        return Ok(Identity::Inode(meta.dev(), meta.ino()));
    }
    #[cfg(not(unix))]
    let _ = target;
    Ok(Identity::Path(fs::canonicalize(folder)?.join(name)))
}

/// Follows `path`'s symbolic links to what they name. A link that lives in
/// /proc (`/dev/stdout` → `/proc/self/fd/1`) is a handle on an open file,
/// not a name to replace: [`Target::Special`].
fn resolve(path: &Path) -> io::Result<Target> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        let meta = match fs::symlink_metadata(&p) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Target::New(p)),
            Err(e) => return Err(e),
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            if in_proc(&p) {
                return Ok(Target::Special);
            }
            let link = fs::read_link(&p)?;
            p = match p.parent() {
                Some(folder) => folder.join(link),
                None => link,
            };
        } else if kind.is_dir() {
            return Ok(Target::Folder);
        } else if kind.is_file() {
            return Ok(Target::File(p));
        } else {
            return Ok(Target::Special);
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Whether `path` is spelled as a folder: it ends in a separator or in
/// `/.` (its last component, as written, names no file).
fn names_a_folder(path: &Path) -> bool {
    let text = path.to_string_lossy();
    let ends =
        |s: &str| text.ends_with(s) || (cfg!(windows) && text.ends_with(&s.replace('/', "\\")));
    ends("/") || ends("/.") || text == "."
}

/// Whether the link `p` sits in a folder of /proc.
fn in_proc(p: &Path) -> bool {
    let folder = match p.parent() {
        Some(f) if !f.as_os_str().is_empty() => f,
        _ => Path::new("."),
    };
    fs::canonicalize(folder).is_ok_and(|f| f.starts_with("/proc"))
}

/// Refuses a path the user may not write, as opening it would.
fn writable(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let c = std::ffi::CString::new(path.as_os_str().as_bytes())
            .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
        // SAFETY: `c` is a valid NUL-terminated path for the call's duration.
        if unsafe { libc::access(c.as_ptr(), libc::W_OK) } != 0 {
            return Err(io::Error::last_os_error());
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// An I/O error's message without the temporary path some errors carry
/// (`tempfile` wraps the operating system's error as "ERROR at path
/// \"PATH\"", hiding its code).
fn plain(e: &io::Error) -> String {
    if let Some(code) = e.raw_os_error() {
        return io::Error::from_raw_os_error(code).to_string();
    }
    let text = e.to_string();
    match text.find(" at path \"") {
        Some(end) => text[..end].to_string(),
        None => text,
    }
}

/// The error without the temporary path some errors carry (its kind kept).
fn bare(e: io::Error) -> io::Error {
    match e.raw_os_error() {
        Some(code) => io::Error::from_raw_os_error(code),
        None => io::Error::new(e.kind(), plain(&e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    fn write(d: &Destination, text: &str) {
        let mut w = d.writer().unwrap();
        w.write_all(text.as_bytes()).unwrap();
        w.flush().unwrap();
    }

    #[test]
    fn a_file_is_replaced_only_on_commit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("board.txt");
        fs::write(&path, "old\n").unwrap();
        let dropped = Destination::open(&path, "--output").unwrap();
        write(&dropped, "new\n");
        drop(dropped);
        assert_eq!(fs::read_to_string(&path).unwrap(), "old\n");
        assert_eq!(names(dir.path()), ["board.txt"]);
        let kept = Destination::open(&path, "--output").unwrap();
        write(&kept, "new\n");
        kept.commit().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new\n");
        assert_eq!(names(dir.path()), ["board.txt"]);
        // A new file appears only on commit.
        let fresh = dir.path().join("fresh.txt");
        drop(Destination::open(&fresh, "--output").unwrap());
        assert!(!fresh.exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_stays_a_link_and_its_target_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.txt");
        let link = dir.path().join("link.txt");
        fs::write(&target, "old\n").unwrap();
        std::os::unix::fs::symlink("target.txt", &link).unwrap();
        drop(Destination::open(&link, "--output").unwrap());
        assert_eq!(fs::read_to_string(&target).unwrap(), "old\n");
        let d = Destination::open(&link, "--output").unwrap();
        write(&d, "new\n");
        d.commit().unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&target).unwrap(), "new\n");
        assert_eq!(names(dir.path()), ["link.txt", "target.txt"]);
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_proc_links_are_written_in_place() {
        // A file open on neither standard stream, by its /proc link (the
        // streams are tested with the command, whose streams a test sets).
        let file = tempfile::tempfile().unwrap();
        let link = format!("/dev/fd/{}", std::os::fd::AsRawFd::as_raw_fd(&file));
        for dev in ["/dev/null", &link] {
            let d = Destination::open(Path::new(dev), "--output").unwrap();
            assert!(matches!(d, Destination::Direct { .. }), "{dev}");
        }
        let full = Destination::open(Path::new("/dev/full"), "--output").unwrap();
        let mut w = full.writer().unwrap();
        assert!(w.write_all(b"1\n").and_then(|()| w.flush()).is_err());
        full.commit().unwrap();
        assert!(Path::new("/dev/full").exists());
    }

    #[test]
    fn paths_that_cannot_be_written_are_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no/such/dir/board.txt");
        let err = Destination::open(&missing, "--output").err().unwrap();
        assert!(err.starts_with("cannot write the --output file "), "{err}");
        assert!(err.contains("no/such/dir/board.txt"), "{err}");
        assert!(!err.contains(".board.txt."), "{err}");
        let err = Destination::open(dir.path(), "--trace").err().unwrap();
        assert!(err.contains("--trace") && err.contains("folder"), "{err}");
        assert!(
            Destination::open(Path::new("-"), "--output")
                .unwrap()
                .is_stdout()
        );
    }
}
