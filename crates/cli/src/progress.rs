//! A long count a person can live with: a progress line on a terminal and
//! `--checkpoint` saves, both fed by the count's [`Watch`] hook (one call
//! per finished task, so the counting path stays as it was).
//!
//! A ticker thread wakes every [`TICK`]: it draws the progress line
//! (stderr, only when stderr is a terminal and the output is not `--json`,
//! from [`PROGRESS_AFTER`] into the count), saves the checkpoint every
//! [`SAVE_EVERY`], and on Ctrl-C (SIGINT, SIGTERM, SIGHUP, held by
//! [`cleanup::defer`]) saves the tasks finished so far and ends the run as
//! the signal would have. The count itself saves once more at its end,
//! marked complete; a rerun of a complete file prints its answer at once.
//! A signal that comes once every task has finished withholds nothing:
//! the answer is known, so it is saved complete and printed, and then the
//! run ends by the signal (so a shell loop or a job script still stops).
//!
//! Test hooks (environment): `QUEENS_PROGRESS_AFTER_MS` sets the delay
//! before the progress line; `QUEENS_SAVE_EVERY_MS` the time between saves;
//! `QUEENS_INTERRUPT_AFTER_TASKS=K` makes the run take a SIGINT once K
//! tasks have finished, by the handler's own path (so whatever the
//! dispositions it inherited); `QUEENS_PAUSE_AFTER_TASKS=K` makes the
//! thread that finished the K-th task (and each later one) say so on
//! stderr and wait for a line on stdin, its end, or a held signal, so that
//! a test signals a count at a known point; `QUEENS_HOLD_SAVE=1` makes an
//! interrupted run say so and wait forever instead of saving, so that a
//! second signal comes while the first is held; `QUEENS_TASK_DELAY_MS=D`
//! holds each counting thread D ms after each task, so a small count lasts.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use queens_core::{Approach, Tally, Watch, Watcher};

use crate::args::{Args, Mode};
use crate::checkpoint::{self, Key, Saved};
use crate::cleanup::{self, Deferral};
use crate::run::Failure;

/// How often the ticker wakes.
const TICK: Duration = Duration::from_millis(100);
/// The progress line is redrawn at most this often, and only when it changes.
const REDRAW_EVERY: Duration = Duration::from_millis(250);
/// How often the time-so-far line of a count without tasks is redrawn (it
/// shows whole seconds).
const ELAPSED_EVERY: Duration = Duration::from_secs(1);
/// How long a count runs before its progress line appears.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);
/// How often the checkpoint is saved while tasks finish.
const SAVE_EVERY: Duration = Duration::from_secs(5);
/// The line a paused count writes ([`pause`]); tests wait for it.
pub const PAUSED: &str = "queens: test hook: paused after";

/// The count's side of a long run: what it has done, for the ticker.
struct Tracker {
    key: Key,
    path: Option<PathBuf>,
    /// Tasks finished by earlier runs (the checkpoint as read).
    before: BTreeMap<usize, Tally>,
    /// The task list the checkpoint was written for: (whole, owned).
    expect: Option<(usize, usize)>,
    /// The task list of this count, and when counting began.
    plan: OnceLock<(usize, usize, Instant)>,
    /// Why the checkpoint does not fit this count's task list.
    misfit: OnceLock<String>,
    /// Tasks finished by this run.
    fresh: Mutex<BTreeMap<usize, Tally>>,
    done: AtomicUsize,
    interrupt_after: Option<usize>,
    pause_after: Option<usize>,
    hold_save: bool,
    task_delay: Option<Duration>,
    /// Held while a save is being written.
    saving: Mutex<()>,
}

impl Watch for Tracker {
    fn plan(&self, total: usize, owned: usize) -> ControlFlow<()> {
        if let Some(expect) = self.expect.filter(|&e| e != (total, owned)) {
            let _ = self.misfit.set(format!(
                "the --checkpoint file {} was written for a list of {} tasks, and this \
                 queens cuts the count into {total} (another version of queens?): give a \
                 new file name to start afresh (it is left as it was)",
                self.name(),
                expect.0
            ));
            return ControlFlow::Break(());
        }
        let _ = self.plan.set((total, owned, Instant::now()));
        ControlFlow::Continue(())
    }

    fn counted(&self, task: usize) -> Option<Tally> {
        self.before.get(&task).copied()
    }

    fn finished(&self, task: usize, tally: Tally) {
        if let Ok(mut fresh) = self.fresh.lock() {
            fresh.insert(task, tally);
        }
        let done = self.done.fetch_add(1, Ordering::SeqCst) + 1;
        if let Some(delay) = self.task_delay {
            thread::sleep(delay);
        }
        #[cfg(unix)]
        if self.interrupt_after == Some(done) {
            cleanup::caught(libc::SIGINT);
        }
        if self.pause_after.is_some_and(|k| done >= k) {
            pause(done);
        }
    }

    fn stopped(&self) -> bool {
        cleanup::pending().is_some()
    }
}

impl Tracker {
    fn name(&self) -> String {
        self.path
            .as_deref()
            .map_or_else(String::new, |p| p.display().to_string())
    }

    /// Tasks finished (all runs) and tasks owned, once counting began.
    fn progress(&self) -> Option<(usize, usize)> {
        let (_, owned, _) = self.plan.get()?;
        Some((self.before.len() + self.done.load(Ordering::SeqCst), *owned))
    }

    /// Whether every owned task has finished: the answer is known.
    fn complete(&self) -> bool {
        self.progress().is_some_and(|(done, owned)| done == owned)
    }

    /// Writes the checkpoint with every task finished so far; `Ok(None)`
    /// without a checkpoint or before counting began.
    fn save(&self) -> std::io::Result<Option<(usize, usize)>> {
        let (Some(path), Some(&(total, owned, _))) = (&self.path, self.plan.get()) else {
            return Ok(None);
        };
        let _saving = self.saving.lock();
        let mut all = self.before.clone();
        if let Ok(fresh) = self.fresh.lock() {
            all.extend(fresh.iter());
        }
        checkpoint::save(path, &Saved::new(&self.key, total, owned, &all))?;
        Ok(Some((all.len(), owned)))
    }

    /// Saves what is finished, says so, and ends the run by `signal`;
    /// returns only when every task has finished, for the answer to be
    /// printed first ([`Session::finish`]).
    fn interrupt(&self, signal: i32) {
        if self.hold_save {
            queens_core::say!("queens: test hook: holding the save");
            loop {
                thread::park();
            }
        }
        if self.complete() {
            return;
        }
        let what = match self.save() {
            // The last task finished meanwhile.
            Ok(Some((done, owned))) if done == owned => return,
            Ok(Some((done, owned))) => format!(
                "the --checkpoint file {} holds {done} of {owned} tasks: run the same command \
                 again to go on",
                self.name()
            ),
            Ok(None) => format!(
                "no task had finished; the --checkpoint file {} is left as it was",
                self.name()
            ),
            Err(e) => format!("cannot write the --checkpoint file {}: {e}", self.name()),
        };
        queens_core::say!("queens: interrupted; {what}");
        cleanup::interrupted(signal, Some(&what))
    }
}

/// The progress line and checkpoint of one count, while it runs.
pub struct Session {
    tracker: Arc<Tracker>,
    /// The answer of a checkpoint that is complete: no count needed.
    complete: Option<Tally>,
    ticker: Option<(JoinHandle<()>, Arc<AtomicBool>)>,
    /// Holds Ctrl-C while a checkpoint is kept; dropped last.
    deferral: Option<Deferral>,
}

impl Session {
    /// A session for a count that shows progress or keeps a checkpoint;
    /// `None` for any other run. Refuses a checkpoint that cannot be used.
    pub fn start(
        args: &Args,
        approach: &dyn Approach,
        mode: Mode,
    ) -> Result<Option<Session>, String> {
        let counts = mode == Mode::Count && !args.verbose && args.trace.is_none();
        let show = !args.json && std::io::stderr().is_terminal();
        if !counts || !approach.watches_tasks() || !(show || args.checkpoint.is_some()) {
            return Ok(None);
        }
        let key = Key::of(args);
        let saved = match &args.checkpoint {
            Some(path) => {
                // The path first: a device such as /dev/zero is never read.
                checkpoint::check_path(path)?;
                checkpoint::load(path, &key)?
            }
            None => None,
        };
        let tracker = Arc::new(Tracker {
            key,
            path: args.checkpoint.clone(),
            before: saved.as_ref().map(Saved::tallies).unwrap_or_default(),
            expect: saved.as_ref().map(|s| (s.tasks, s.owned)),
            plan: OnceLock::new(),
            misfit: OnceLock::new(),
            fresh: Mutex::default(),
            done: AtomicUsize::new(0),
            interrupt_after: hook("QUEENS_INTERRUPT_AFTER_TASKS"),
            pause_after: hook("QUEENS_PAUSE_AFTER_TASKS"),
            hold_save: hook("QUEENS_HOLD_SAVE").is_some_and(|h| h > 0),
            task_delay: hook("QUEENS_TASK_DELAY_MS").map(|ms| Duration::from_millis(ms as u64)),
            saving: Mutex::new(()),
        });
        if let Some(saved) = saved.filter(|s| s.complete) {
            return Ok(Some(Session {
                tracker,
                complete: Some(saved.tally()),
                ticker: None,
                deferral: None,
            }));
        }
        let deferral = args.checkpoint.is_some().then(cleanup::defer);
        let stop = Arc::new(AtomicBool::new(false));
        let ms = |name| hook(name).map(|ms| Duration::from_millis(ms as u64));
        let after = ms("QUEENS_PROGRESS_AFTER_MS").unwrap_or(PROGRESS_AFTER);
        let every = ms("QUEENS_SAVE_EVERY_MS").unwrap_or(SAVE_EVERY);
        let handle = {
            let (tracker, stop) = (Arc::clone(&tracker), Arc::clone(&stop));
            thread::spawn(move || tick(&tracker, &stop, show.then_some(after), every))
        };
        Ok(Some(Session {
            tracker,
            complete: None,
            ticker: Some((handle, stop)),
            deferral,
        }))
    }

    /// The answer of a complete checkpoint, which needs no count.
    pub fn complete(&self) -> Option<Tally> {
        self.complete
    }

    /// The hook the count reports to ([`queens_core::Options::watch`]).
    pub fn watcher(&self) -> Watcher {
        Watcher(self.tracker.clone())
    }

    /// After the count: the progress line cleared, the checkpoint saved
    /// (complete), or the run ended if it was interrupted with tasks left.
    /// Signals stay held to the end of the run: one that comes now, or
    /// came after the last task finished, lets the answer be printed
    /// before `main` ends the run by it.
    pub fn finish(mut self) -> Result<(), Failure> {
        if let Some(ticker) = self.ticker.take() {
            stop(ticker);
        }
        if let Some(signal) = cleanup::pending() {
            self.tracker.interrupt(signal);
        }
        if let Some(misfit) = self.tracker.misfit.get() {
            return Err(Failure::Usage(misfit.clone()));
        }
        self.tracker.save().map_err(|error| Failure::File {
            option: "--checkpoint",
            path: self.tracker.name(),
            error,
        })?;
        if let Some(deferral) = self.deferral.take() {
            deferral.keep();
        }
        Ok(())
    }
}

/// The line of a long count that reports no tasks (a single-threaded
/// search: `bitmask`, `mrv`, the faithful ports): the time so far, redrawn
/// each second on a terminal from [`PROGRESS_AFTER`] on, so a long count
/// is never silent; cleared when dropped. Such a count has no task list,
/// so the line gives no estimate and says what would.
pub struct Elapsed {
    ticker: Option<(JoinHandle<()>, Arc<AtomicBool>)>,
}

impl Elapsed {
    /// The line for a plain count by `approach` (not `--json`, `-v` or
    /// `--trace`, and only when standard error is a terminal); `None`
    /// otherwise, and for an approach whose tasks [`Session`] shows.
    pub fn start(args: &Args, approach: &dyn Approach, mode: Mode) -> Option<Elapsed> {
        let counts = mode == Mode::Count && !args.verbose && args.trace.is_none();
        if !counts || args.json || approach.watches_tasks() || !std::io::stderr().is_terminal() {
            return None;
        }
        let after = hook("QUEENS_PROGRESS_AFTER_MS")
            .map_or(PROGRESS_AFTER, |ms| Duration::from_millis(ms as u64));
        let what = format!("{}: counting {} queens", approach.info().id, args.n());
        let stop = Arc::new(AtomicBool::new(false));
        let handle = {
            let stop = Arc::clone(&stop);
            thread::spawn(move || {
                let born = Instant::now();
                let mut bar: Option<ProgressBar> = None;
                while !stop.load(Ordering::SeqCst) {
                    if born.elapsed() >= after {
                        let bar = bar.get_or_insert_with(new_bar);
                        bar.set_message(elapsed_line(&what, born.elapsed()));
                    }
                    thread::park_timeout(ELAPSED_EVERY);
                }
                if let Some(bar) = bar {
                    bar.finish_and_clear();
                }
            })
        };
        Some(Elapsed {
            ticker: Some((handle, stop)),
        })
    }
}

impl Drop for Elapsed {
    fn drop(&mut self) {
        if let Some(ticker) = self.ticker.take() {
            stop(ticker);
        }
    }
}

/// `bitmask: counting 17 queens, 12 s so far (one search, no tasks to
/// measure a rate by; half-join shows its progress)`.
fn elapsed_line(what: &str, elapsed: Duration) -> String {
    format!(
        "{what}, {} so far (one search with no tasks to measure a rate by, so no \
         estimate; half-join, bitmask-mirror and bitmask-symmetric show their progress)",
        match elapsed.as_secs() {
            s if s < 60 => format!("{s} s"),
            s => format!("{} min {} s", s / 60, s % 60),
        }
    )
}

/// Stops a ticker thread (a [`Session`]'s or an [`Elapsed`]'s): sets its
/// flag, wakes it from its wait and waits for it to clear its line.
fn stop((handle, flag): (JoinHandle<()>, Arc<AtomicBool>)) {
    flag.store(true, Ordering::SeqCst);
    handle.thread().unpark();
    let _ = handle.join();
}

/// A whole number from a test hook's environment variable.
fn hook(name: &str) -> Option<usize> {
    std::env::var(name).ok()?.trim().parse().ok()
}

/// Test hook: holds this counting thread until a line or the end comes
/// on stdin, or a signal is held; says so on stderr first.
fn pause(done: usize) {
    static ONE: Mutex<()> = Mutex::new(());
    let _one = ONE.lock();
    queens_core::say!("{PAUSED} {done} tasks");
    #[cfg(unix)]
    while cleanup::pending().is_none() {
        let mut stdin = libc::pollfd {
            fd: 0,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd; waits at most 10 ms.
        if unsafe { libc::poll(&mut stdin, 1, 10) } > 0 {
            let mut byte = 0u8;
            // SAFETY: reads one byte into `byte`; unbuffered, so each
            // pause takes one line.
            while unsafe { libc::read(0, (&raw mut byte).cast(), 1) } == 1 && byte != b'\n' {}
            return;
        }
    }
}

/// The ticker: progress line (`show`: after how long), saves (`every`),
/// Ctrl-C.
fn tick(tracker: &Tracker, stop: &AtomicBool, show: Option<Duration>, every: Duration) {
    let born = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    let (mut saved_at, mut saved_done, mut warned) = (Instant::now(), 0, false);
    let (mut drawn, mut drawn_at) = (String::new(), None);
    loop {
        thread::park_timeout(TICK);
        if let Some(signal) = cleanup::pending() {
            if let Some(bar) = &bar {
                bar.finish_and_clear();
            }
            tracker.interrupt(signal);
            // Every task has finished: `Session::finish` takes it from here.
            break;
        }
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let (Some((done, owned)), Some(&(_, _, began))) = (tracker.progress(), tracker.plan.get())
        else {
            continue;
        };
        if bar.is_none() && show.is_some_and(|after| born.elapsed() >= after) {
            bar = Some(new_bar());
        }
        if let Some(bar) = &bar
            && drawn_at.is_none_or(|at: Instant| at.elapsed() >= REDRAW_EVERY)
        {
            let now = tracker.done.load(Ordering::SeqCst);
            let eta = rate_and_eta(now, owned.saturating_sub(done), began.elapsed());
            let line = progress_line(done, owned, &eta);
            // One draw per change of the line, at most once per REDRAW_EVERY.
            if line != drawn {
                bar.set_message(line.clone());
                (drawn, drawn_at) = (line, Some(Instant::now()));
            }
        }
        if saved_at.elapsed() >= every && done != saved_done {
            saved_at = Instant::now();
            match tracker.save() {
                Ok(_) => saved_done = done,
                Err(e) if !warned => {
                    warned = true;
                    let line = format!(
                        "warning: cannot write the --checkpoint file {}: {e}; counting on",
                        tracker.name()
                    );
                    match &bar {
                        Some(bar) => bar.println(line),
                        None => queens_core::say!("{line}"),
                    }
                }
                Err(_) => {}
            }
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

/// The terminal line the progress is drawn on: indicatif clears and
/// redraws it, the text is [`progress_line`]'s, set once per change.
fn new_bar() -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{msg}") {
        bar.set_style(style);
    }
    bar
}

/// The progress line: `[#######>----] 120/4096 tasks, 35.2 tasks/s, ETA 1m 53s`.
fn progress_line(done: usize, owned: usize, eta: &str) -> String {
    const WIDTH: usize = 30;
    let filled = (done * WIDTH)
        .checked_div(owned)
        .unwrap_or(WIDTH)
        .min(WIDTH);
    let head = if filled < WIDTH { ">" } else { "" };
    let rest = WIDTH - filled - head.len();
    format!(
        "[{}{head}{}] {done}/{owned} tasks, {eta}",
        "#".repeat(filled),
        "-".repeat(rest)
    )
}

/// The rate of this run's tasks and the time the `left` tasks take at it:
/// the average since counting began, not a recent burst.
fn rate_and_eta(done: usize, left: usize, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    if done < 2 || secs < 2.0 {
        return "measuring the rate".into();
    }
    let rate = done as f64 / secs;
    let eta = clock(left as f64 / rate);
    if rate >= 1.0 {
        format!("{rate:.1} tasks/s, ETA {eta}")
    } else {
        format!("{:.1} s/task, ETA {eta}", 1.0 / rate)
    }
}

/// Seconds as `2h 05m`, `3m 07s` or `12s`.
fn clock(secs: f64) -> String {
    let s = secs.round() as u64;
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, s) => format!("{s}s"),
        (0, m, s) => format!("{m}m {s:02}s"),
        (h, m, _) => format!("{h}h {m:02}m"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_time_so_far_is_in_whole_seconds_then_minutes() {
        let at = |s| elapsed_line("bitmask: counting 18 queens", Duration::from_secs(s));
        assert!(at(0).starts_with("bitmask: counting 18 queens, 0 s so far (one search"));
        assert!(at(59).contains(", 59 s so far"));
        assert!(at(3725).contains(", 62 min 5 s so far"));
    }

    use super::*;

    #[test]
    fn the_eta_is_the_average_rate_over_what_is_left() {
        assert_eq!(
            rate_and_eta(1, 10, Duration::from_secs(9)),
            "measuring the rate"
        );
        assert_eq!(
            rate_and_eta(100, 50, Duration::from_secs(10)),
            "10.0 tasks/s, ETA 5s"
        );
        assert_eq!(
            rate_and_eta(4, 3000, Duration::from_secs(10)),
            "2.5 s/task, ETA 2h 05m"
        );
        assert_eq!(clock(187.0), "3m 07s");
    }

    #[test]
    fn the_line_has_a_bar_of_thirty_marks() {
        let line = |done, owned| progress_line(done, owned, "ETA 5s");
        let bar = |l: String| l[1..l.find(']').unwrap()].to_string();
        assert_eq!(bar(line(0, 10)), format!(">{}", "-".repeat(29)));
        assert_eq!(
            bar(line(5, 10)),
            format!("{}>{}", "#".repeat(15), "-".repeat(14))
        );
        assert_eq!(bar(line(10, 10)), "#".repeat(30));
        assert_eq!(
            line(3, 4),
            format!("[{}>{}] 3/4 tasks, ETA 5s", "#".repeat(22), "-".repeat(7))
        );
    }
}
