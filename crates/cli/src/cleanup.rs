//! Temporary files removed when the process is interrupted.
//!
//! A file the command writes is staged in a temporary file beside it
//! ([`crate::destination`]); an ordinary failure drops (and so removes) it.
//! An interruption (SIGINT from Ctrl-C, SIGTERM, SIGHUP) would otherwise
//! leave it behind: while one is registered here, a handler unlinks every
//! registered path (`unlink` is async-signal-safe) and then lets the signal
//! end the process as it would have. SIGKILL cannot be caught; a killed run
//! leaves `.NAME.*.tmp` beside the file (never the file itself changed).
//!
//! A run that keeps a checkpoint holds the signal instead ([`defer`]): the
//! handler only notes it ([`pending`]), and the run saves what it has, then
//! ends as the signal would have ([`end`]). A second signal ends it at once.
//! A held signal may outlive the count ([`Deferral::keep`]): the run then
//! prints its answer and `main` ends it by the signal.
//!
//! A `--json` run has last words ([`last_words`]): its one line, with what
//! is known and the signal in `error`. The handler cannot write it (no
//! allocation in a handler): it holds the signal and wakes a thread through
//! a pipe (`write` is async-signal-safe), which prints the line and ends
//! the run by the signal ([`interrupted`]). A second signal ends it at once.

use std::path::Path;
use std::sync::OnceLock;

/// What an interrupted run prints before it ends: given the reason.
type Words = Box<dyn Fn(&str) + Send + Sync>;

static LAST_WORDS: OnceLock<Words> = OnceLock::new();

/// A registered temporary path; unregisters when dropped.
pub struct Guard {
    #[cfg(unix)]
    slot: Option<usize>,
}

#[cfg(unix)]
mod imp {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;
    use std::ptr;
    use std::sync::Once;
    use std::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, Ordering};

    /// The paths to unlink on a signal (null: a free slot). A path stays
    /// allocated for the life of the process once registered: the handler
    /// may read it on another thread while it is being unregistered.
    static PATHS: [AtomicPtr<libc::c_char>; 4] = [const { AtomicPtr::new(ptr::null_mut()) }; 4];
    static INSTALL: Once = Once::new();
    /// Whether a signal is held for the run to end itself ([`super::defer`]).
    pub static DEFER: AtomicBool = AtomicBool::new(false);
    /// The signal held (0: none).
    pub static PENDING: AtomicI32 = AtomicI32::new(0);
    /// The pipe that wakes the thread of the last words (-1: none).
    pub static HANDOFF: AtomicI32 = AtomicI32::new(-1);

    /// The signals that end a run early and can be caught.
    const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

    extern "C" fn on_signal(signal: libc::c_int) {
        take(signal)
    }

    /// What a caught signal does: held for the run (the first, while
    /// deferred), else the end. Async-signal-safe.
    pub fn take(signal: libc::c_int) {
        if DEFER.load(Ordering::SeqCst)
            && PENDING
                .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        {
            return;
        }
        let fd = HANDOFF.load(Ordering::SeqCst);
        if fd >= 0
            && PENDING
                .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        {
            let byte = signal as u8;
            // SAFETY: write is async-signal-safe; `byte` lives for the call.
            if unsafe { libc::write(fd, (&raw const byte).cast(), 1) } == 1 {
                return;
            }
        }
        end(signal)
    }

    /// A pipe whose reading end gets each held signal's number, the
    /// handler installed; `None` if no pipe can be made.
    pub fn hand_off() -> Option<libc::c_int> {
        install_once();
        let mut fds = [0; 2];
        // SAFETY: `fds` has room for the two descriptors.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return None;
        }
        HANDOFF.store(fds[1], Ordering::SeqCst);
        Some(fds[0])
    }

    /// Unlinks the registered paths.
    pub fn unlink_all() {
        for slot in &PATHS {
            let path = slot.load(Ordering::SeqCst);
            if !path.is_null() {
                // SAFETY: a registered path is a NUL-terminated string that
                // is never freed; unlink is async-signal-safe.
                unsafe { libc::unlink(path) };
            }
        }
    }

    /// Unlinks the registered paths and ends the process by `signal`.
    pub fn end(signal: libc::c_int) -> ! {
        unlink_all();
        // SAFETY: restoring the default action and raising the signal again
        // ends the process as the signal would have (the status tells the
        // shell which signal it was). Inside the handler the signal is
        // blocked until unblocked here; `_exit` is the last resort.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            libc::sigaddset(&mut set, signal);
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, ptr::null_mut());
            libc::_exit(128 + signal)
        }
    }

    /// Installs the handler, once per process.
    pub fn install_once() {
        INSTALL.call_once(install);
    }

    fn install() {
        for signal in SIGNALS {
            let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            // SAFETY: the handler only calls async-signal-safe functions.
            let old = unsafe { libc::signal(signal, handler) };
            if old == libc::SIG_IGN {
                // A signal the caller chose to ignore (nohup, a background
                // job) stays ignored.
                // SAFETY: restores the disposition we found.
                unsafe { libc::signal(signal, libc::SIG_IGN) };
            }
        }
    }

    pub fn register(path: &Path) -> Option<usize> {
        install_once();
        let c = CString::new(path.as_os_str().as_bytes()).ok()?;
        let raw = c.into_raw();
        for (i, slot) in PATHS.iter().enumerate() {
            if slot
                .compare_exchange(ptr::null_mut(), raw, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
            {
                return Some(i);
            }
        }
        // Every slot taken (the command stages at most three files).
        // SAFETY: `raw` came from `into_raw` above and was never shared.
        drop(unsafe { CString::from_raw(raw) });
        None
    }

    pub fn unregister(slot: usize) {
        // Left allocated on purpose (see PATHS).
        PATHS[slot].store(ptr::null_mut(), Ordering::SeqCst);
    }
}

/// Registers `path` for removal if the process is interrupted.
pub fn register(path: &Path) -> Guard {
    #[cfg(unix)]
    {
        Guard {
            slot: imp::register(path),
        }
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        Guard {}
    }
}

/// While alive, a SIGINT, SIGTERM or SIGHUP is held, not acted on: the
/// run sees it with [`pending`] and ends itself with [`end`]. Dropped with
/// a signal held, it ends the process by that signal.
pub struct Deferral(());

/// Holds the signals until the [`Deferral`] is dropped (the first one; a
/// second ends the process at once).
pub fn defer() -> Deferral {
    #[cfg(unix)]
    {
        imp::install_once();
        imp::DEFER.store(true, std::sync::atomic::Ordering::SeqCst);
    }
    Deferral(())
}

/// Acts as if `signal` had been caught: the test hooks' way in, which
/// holds whatever dispositions the process inherited.
pub fn caught(signal: i32) {
    #[cfg(unix)]
    imp::take(signal);
    #[cfg(not(unix))]
    end(signal)
}

impl Deferral {
    /// Keeps the signals held for the rest of the run: a count that is
    /// complete prints its answer, then `main` ends the run by a held
    /// signal; a second signal still ends it at once.
    pub fn keep(self) {
        let _ = std::mem::ManuallyDrop::new(self);
    }
}

/// The signal held, if one came.
pub fn pending() -> Option<i32> {
    #[cfg(unix)]
    {
        let signal = imp::PENDING.load(std::sync::atomic::Ordering::SeqCst);
        (signal != 0).then_some(signal)
    }
    #[cfg(not(unix))]
    None
}

/// From now on an interruption prints `words(reason)` (the `--json` line)
/// before the run ends by the signal, whether the signal is held for a
/// checkpoint ([`defer`]) or not.
pub fn last_words(words: Words) {
    if LAST_WORDS.set(words).is_err() {
        return;
    }
    #[cfg(unix)]
    if let Some(fd) = imp::hand_off() {
        std::thread::spawn(move || {
            let mut byte = 0u8;
            loop {
                // SAFETY: reads one byte into `byte`, which outlives the call.
                match unsafe { libc::read(fd, (&raw mut byte).cast(), 1) } {
                    1 => interrupted(i32::from(byte), None),
                    -1 if std::io::Error::last_os_error().kind()
                        == std::io::ErrorKind::Interrupted => {}
                    _ => return,
                }
            }
        });
    }
}

/// The run was interrupted by `signal`: its last words, if any (the reason
/// names the signal, then `detail`), then the end by the signal.
pub fn interrupted(signal: i32, detail: Option<&str>) -> ! {
    if let Some(words) = LAST_WORDS.get() {
        let name = match signal {
            #[cfg(unix)]
            libc::SIGINT => "SIGINT (Ctrl-C)".to_string(),
            #[cfg(unix)]
            libc::SIGTERM => "SIGTERM".to_string(),
            #[cfg(unix)]
            libc::SIGHUP => "SIGHUP".to_string(),
            other => format!("signal {other}"),
        };
        match detail {
            Some(detail) => words(&format!("interrupted by {name}; {detail}")),
            None => words(&format!("interrupted by {name}")),
        }
    }
    end(signal)
}

/// An allocation failed (`crate::room::Reporting`): the last words, if
/// any, with `message` as the reason, then `error: message` on stderr,
/// and the end with status 1, the registered temporary files removed.
pub fn out_of_memory(message: &str) -> ! {
    if let Some(words) = LAST_WORDS.get() {
        words(message);
    }
    queens_core::say!("error: {message}");
    exit_now(1, "")
}

/// Writes `line` (no allocation), removes the registered temporary files
/// and ends the process with `status` at once.
pub fn exit_now(status: i32, line: &str) -> ! {
    #[cfg(unix)]
    {
        // SAFETY: `line` lives for the call; `_exit` ends the process at
        // once (the output written is already flushed).
        unsafe {
            libc::write(2, line.as_ptr().cast(), line.len());
        }
        imp::unlink_all();
        // SAFETY: see above.
        unsafe { libc::_exit(status) }
    }
    #[cfg(not(unix))]
    {
        eprint!("{line}");
        std::process::exit(status)
    }
}

/// Removes the registered temporary files and ends the process by
/// `signal`, as the signal would have.
pub fn end(signal: i32) -> ! {
    #[cfg(unix)]
    imp::end(signal);
    #[cfg(not(unix))]
    std::process::exit(128 + signal)
}

impl Drop for Deferral {
    fn drop(&mut self) {
        #[cfg(unix)]
        imp::DEFER.store(false, std::sync::atomic::Ordering::SeqCst);
        if let Some(signal) = pending() {
            interrupted(signal, None);
        }
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(slot) = self.slot {
            imp::unregister(slot);
        }
    }
}
