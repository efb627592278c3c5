//! Memory. A run that needs more than this process may still take
//! ([`queens_core::memory::Room`]: `ulimit -v`, the memory cgroup, the
//! memory available) is refused before it starts, in one line with both
//! figures and what to do ([`check`]); an allocation that fails all the
//! same is reported, with the `--json` line, and the run ends with status
//! 1 ([`Reporting`]), never an abort.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, Ordering};

use queens_approaches::REGISTRY;
use queens_core::memory::{Room, Source, bytes, failure_is_handled};
use queens_core::{Approach, Kind, Options};

use crate::args::{Args, Mode};
use crate::cleanup;
use crate::output::PRINT_LIMIT;

/// Refuses a run whose approach needs more memory
/// ([`Approach::bytes_needed`]) than the tightest limit leaves.
pub fn check(
    approach: &dyn Approach,
    args: &Args,
    mode: Mode,
    opts: &Options,
) -> Result<(), String> {
    let n = args.n();
    let Some(need) = approach.bytes_needed(n, opts) else {
        return Ok(());
    };
    // --json's line holds a copy of the board it prints, 1-based.
    let printed = args.output.is_none() && (n <= PRINT_LIMIT || args.full_solution);
    let line = if mode == Mode::First && args.json && printed {
        n as u64 * size_of::<u32>() as u64
    } else {
        0
    };
    let pool = if approach.info().splits && mode == Mode::Count {
        opts.threads.max(1)
    } else {
        0
    };
    let run = Run { need, line, pool };
    refuse(approach, n, mode, opts, run, &Room::of_this_process())
}

/// What a run takes, as [`refuse`] weighs it.
#[derive(Clone, Copy)]
struct Run {
    /// The approach's estimate ([`Approach::bytes_needed`]).
    need: u64,
    /// The copy of the board `--json`'s line holds (0 when it prints none).
    line: u64,
    /// The threads of a splitting count's pool (0: none).
    pool: usize,
}

/// The address space a thread takes beyond the memory it uses: its stack
/// (2 MiB) and, with glibc, the heap arena it reserves (64 MiB), counted
/// by an address-space limit though never touched.
const THREAD_RESERVE: u64 = if cfg!(target_env = "gnu") { 66 } else { 2 } << 20;

/// The refusal of `run`, if `room` has less than it needs (with the
/// address space of its pool's threads and the main thread).
fn refuse(
    approach: &dyn Approach,
    n: usize,
    mode: Mode,
    opts: &Options,
    Run { need, line, pool }: Run,
    room: &Room,
) -> Result<(), String> {
    let need = need.saturating_add(line);
    let threads = pool as u64 + 1;
    let reserved = threads * THREAD_RESERVE;
    let Err(limit) = room.fits_with(need, reserved) else {
        return Ok(());
    };
    let id = approach.info().id;
    let stacks = match limit.source {
        Source::AddressSpace => format!(
            " (and {} of address space for the stacks and heaps of {})",
            bytes(reserved),
            if threads == 1 {
                "its thread".to_string()
            } else {
                format!("its {threads} threads")
            }
        ),
        _ => String::new(),
    };
    let raise = match limit.source {
        Source::AddressSpace => "raise the limit (ulimit -v)",
        Source::Cgroup => "raise the cgroup's limit (memory.max; Slurm's --mem)",
        Source::Available => "free memory on this machine",
    };
    // The others on as many threads (one, for a board).
    let their_reserve = match mode {
        Mode::Count => (opts.threads.max(1) as u64 + 1) * THREAD_RESERVE,
        Mode::First => THREAD_RESERVE,
    };
    let fit = |a: &&&dyn Approach| {
        let need = a.bytes_needed(n, opts).unwrap_or(0).saturating_add(line);
        a.info().id != id && a.check(n).is_ok() && room.fits_with(need, their_reserve).is_ok()
    };
    // Counters that split need little memory; a find-one approach's
    // estimate is named only where it has one.
    let others: Vec<&str> = REGISTRY
        .all()
        .iter()
        .filter(|a| match mode {
            Mode::Count => a.info().kind == Kind::Exhaustive && a.info().splits,
            Mode::First => a.bytes_needed(n, opts).is_some(),
        })
        .filter(fit)
        .map(|a| a.info().id)
        .collect();
    let instead = match others[..] {
        [] => String::new(),
        [one] => format!(", or --algo {one}, which needs less"),
        ref many => format!(", or --algo {}, which need less", many.join(" or ")),
    };
    Err(format!(
        "{id} needs about {} of memory for n = {n}{stacks}, more than this process may still \
         take: {limit}; give a smaller n, {raise}{instead}",
        bytes(need)
    ))
}

/// The allocator of `queens`: the system's, and an allocation that fails
/// where no caller handles it ([`failure_is_handled`]) is reported and ends
/// the run with status 1 ([`out_of_memory`]), where Rust would abort. The
/// cost is a test of the pointer returned.
pub struct Reporting;

// SAFETY: every call is passed to `System` as it came; only a null result
// (a failure) is acted on.
unsafe impl GlobalAlloc for Reporting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        checked(unsafe { System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        checked(unsafe { System.alloc_zeroed(layout) }, layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        checked(unsafe { System.realloc(ptr, layout, new_size) }, new_size)
    }
}

/// `ptr`, unless it is null where no caller handles a failure.
#[inline(always)]
fn checked(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() && !failure_is_handled() {
        out_of_memory(size);
    }
    ptr
}

/// Whether a failure is being reported: a failure on another thread
/// meanwhile waits for the report to end the run.
static REPORTING: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// Whether this thread is reporting a failure: one more while it does
    /// ends the run at once.
    static REPORTER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Reports that an allocation of `size` bytes failed, with the room the
/// tightest limit leaves, and ends the run with status 1: `--json`'s line
/// printed first, with the reason in `error`; staged files removed.
#[cold]
#[inline(never)]
fn out_of_memory(size: usize) -> ! {
    if REPORTER.try_with(|r| r.get()).unwrap_or(true) {
        cleanup::exit_now(1, "error: out of memory\n");
    }
    if REPORTING.swap(true, Ordering::SeqCst) {
        // Another thread reports, then ends the run.
        loop {
            std::thread::park();
        }
    }
    let _ = REPORTER.try_with(|r| r.set(true));
    cleanup::out_of_memory(&format!(
        "out of memory: an allocation of {} failed{}",
        bytes(size as u64),
        advice()
    ))
}

/// After an allocation failed: the room the tightest limit leaves now,
/// and what to do.
pub fn advice() -> String {
    let room = Room::of_this_process();
    let under = room
        .tightest()
        .map(|limit| format!(" (this process may still take {limit})"))
        .unwrap_or_default();
    format!("{under}; give a smaller n, or raise the limit")
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::memory::Limit;

    fn run(need: u64, line: u64, pool: usize) -> Run {
        Run { need, line, pool }
    }

    fn room(source: Source, room: u64) -> Room {
        Room {
            limits: vec![Limit {
                source,
                room,
                limit: room + 24_000_000,
            }],
        }
    }

    #[test]
    fn a_run_larger_than_the_room_is_refused_with_both_figures() {
        let half_join = REGISTRY.get("half-join").unwrap();
        let opts = Options {
            threads: 2,
            shard: queens_core::Shard {
                index: 1,
                count: 100,
            },
            ..Options::default()
        };
        let need = half_join.bytes_needed(25, &opts).unwrap();
        let small = room(Source::AddressSpace, 1_000_000_000);
        let message =
            refuse(half_join, 25, Mode::Count, &opts, run(need, 0, 2), &small).unwrap_err();
        assert!(
            message.starts_with(
                "half-join needs about 1.13 GB of memory for n = 25 (and 208 MB of address space \
                 for the stacks and heaps of its 3 threads), more than this process may still take"
            ),
            "{message}"
        );
        assert!(
            message.contains("1.00 GB under the address-space limit (ulimit -v)"),
            "{message}"
        );
        assert!(message.contains("raise the limit (ulimit -v)"), "{message}");
        assert!(
            message.contains("--algo bitmask-mirror or bitmask-symmetric"),
            "{message}"
        );
        let large = room(Source::Cgroup, 8_000_000_000);
        assert_eq!(
            refuse(half_join, 25, Mode::Count, &opts, run(need, 0, 2), &large),
            Ok(())
        );
        let tight = room(Source::Cgroup, 1);
        let message =
            refuse(half_join, 25, Mode::Count, &opts, run(need, 0, 2), &tight).unwrap_err();
        assert!(message.contains("memory.max"), "{message}");
        assert!(!message.contains("address space"), "{message}");
        // The threads' address space binds under ulimit -v only.
        let address = room(Source::AddressSpace, need + 100_000_000);
        assert!(refuse(half_join, 25, Mode::Count, &opts, run(need, 0, 2), &address).is_err());
        let memory = room(Source::Available, need + 100_000_000);
        assert_eq!(
            refuse(half_join, 25, Mode::Count, &opts, run(need, 0, 2), &memory),
            Ok(())
        );
    }

    #[test]
    fn a_failed_fallible_allocation_ends_the_run_with_status_1() {
        let failure = crate::run::Failure::Refused(queens_core::Refusal::OutOfMemory {
            id: "swap-search",
            n: 5,
            bytes: 4_000_000_000,
        });
        let message = failure.run_error().expect("a run error, status 1");
        assert!(
            message.starts_with("out of memory: swap-search could not allocate 4.00 GB for n = 5"),
            "{message}"
        );
        assert!(
            message.ends_with("; give a smaller n, or raise the limit"),
            "{message}"
        );
    }

    #[test]
    fn a_find_one_run_names_the_approaches_that_fit() {
        let swap = REGISTRY.get("swap-search").unwrap();
        let opts = Options::default();
        let n = 100_000_000;
        let need = swap.bytes_needed(n, &opts).unwrap();
        // Both need 4.625 bytes a queen (a board and its check), explicit
        // 1 MB more and swap-search 8 MB more.
        let between = room(Source::Available, need - 4_000_000);
        let message = refuse(swap, n, Mode::First, &opts, run(need, 0, 0), &between).unwrap_err();
        assert!(
            message.ends_with("free memory on this machine, or --algo explicit, which needs less"),
            "{message}"
        );
        // With --json's copy of the board, explicit needs more too.
        let line = n as u64 * 4;
        let message =
            refuse(swap, n, Mode::First, &opts, run(need, line, 0), &between).unwrap_err();
        assert!(
            message.ends_with("free memory on this machine"),
            "{message}"
        );
        let none = room(Source::Available, 1);
        let message = refuse(swap, n, Mode::First, &opts, run(need, 0, 0), &none).unwrap_err();
        assert!(
            message.ends_with("free memory on this machine"),
            "{message}"
        );
    }
}
