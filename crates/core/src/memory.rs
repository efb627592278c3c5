//! The memory this process may still take, by each limit that applies,
//! so that a run larger than that is refused before it starts (with both
//! figures) instead of aborting halfway through an allocation.
//!
//! Three limits are read on Linux, each from `/proc` or `/sys` (none
//! elsewhere, and a file that cannot be read or parsed is skipped):
//! - the address-space limit (`ulimit -v`, RLIMIT_AS: `Max address space`
//!   in `/proc/self/limits`) less the address space in use (`VmSize` in
//!   `/proc/self/status`);
//! - the memory cgroup's limit less its use (cgroup v2 `memory.max` and
//!   `memory.current` of this process's cgroup and its ancestors; v1
//!   `memory.limit_in_bytes` and `memory.usage_in_bytes`);
//! - the memory the machine has available (`MemAvailable` in
//!   `/proc/meminfo`), beyond which a run would swap or be killed.
//!
//! The parsers are pure functions of the files' text ([`Room::from_files`]).

use std::fmt;
use std::path::{Path, PathBuf};

/// Which limit a [`Limit`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// RLIMIT_AS, set by `ulimit -v`: it counts address space, so memory
    /// reserved and never touched counts too.
    AddressSpace,
    /// The memory cgroup's limit (a container, `systemd-run -p MemoryMax`,
    /// Slurm's `--mem`).
    Cgroup,
    /// `MemAvailable`: what the machine can give without swapping.
    Available,
}

/// One limit: how many more bytes it lets this process take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// Which limit.
    pub source: Source,
    /// Bytes this process may still take under it.
    pub room: u64,
    /// The limit itself (for `Available`: the machine's memory in all).
    pub limit: u64,
}

/// The limit, as "the room it leaves under what": "1.0 GB under the
/// address-space limit (ulimit -v) of 1.0 GB".
impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (room, limit) = (bytes(self.room), bytes(self.limit));
        match self.source {
            Source::AddressSpace => write!(
                f,
                "{room} under the address-space limit (ulimit -v) of {limit}"
            ),
            Source::Cgroup => write!(f, "{room} under the memory cgroup's limit of {limit}"),
            Source::Available => write!(
                f,
                "{room}, the memory available on this machine of {limit} (MemAvailable)"
            ),
        }
    }
}

/// Every limit found, in the order of [`Source`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Room {
    /// The limits that apply (none known: an empty list).
    pub limits: Vec<Limit>,
}

impl Room {
    /// The limits of this process, read now.
    pub fn of_this_process() -> Room {
        Room::from_files(|path| std::fs::read_to_string(path).ok())
    }

    /// The limits, each file's text got from `read` (`None`: no such file).
    pub fn from_files(read: impl Fn(&Path) -> Option<String>) -> Room {
        let mut limits = Vec::new();
        let text = |path: &str| read(Path::new(path));
        if let (Some(limit), Some(used)) = (
            text("/proc/self/limits").and_then(|t| address_space_limit(&t)),
            text("/proc/self/status").and_then(|t| kib_field(&t, "VmSize:")),
        ) {
            limits.push(Limit {
                source: Source::AddressSpace,
                room: limit.saturating_sub(used),
                limit,
            });
        }
        if let Some(cgroup) =
            text("/proc/self/cgroup").and_then(|t| cgroup_limit(&t, &|p: &Path| read(p)))
        {
            limits.push(cgroup);
        }
        if let Some(meminfo) = text("/proc/meminfo")
            && let (Some(available), Some(total)) = (
                kib_field(&meminfo, "MemAvailable:"),
                kib_field(&meminfo, "MemTotal:"),
            )
        {
            limits.push(Limit {
                source: Source::Available,
                room: available,
                limit: total,
            });
        }
        Room { limits }
    }

    /// The limit that leaves the least room, if any is known.
    pub fn tightest(&self) -> Option<&Limit> {
        self.limits.iter().min_by_key(|l| l.room)
    }

    /// Whether `bytes` fit under every limit known; else the one that
    /// binds.
    pub fn fits(&self, bytes: u64) -> Result<(), Limit> {
        self.fits_with(bytes, 0)
    }

    /// Whether `bytes` fit under every limit known, with `reserved` more
    /// under the address-space limit (address space reserved and never
    /// touched, such as threads' stacks and heaps); else the limit that
    /// leaves the least room of those exceeded.
    pub fn fits_with(&self, bytes: u64, reserved: u64) -> Result<(), Limit> {
        let need = |l: &Limit| match l.source {
            Source::AddressSpace => bytes.saturating_add(reserved),
            _ => bytes,
        };
        match self
            .limits
            .iter()
            .filter(|l| l.room < need(l))
            .min_by_key(|l| l.room)
        {
            Some(limit) => Err(*limit),
            None => Ok(()),
        }
    }
}

/// Limits at or above this are "unlimited" (cgroup v1 writes
/// 9223372036854771712 for none).
const NO_LIMIT: u64 = 1 << 60;

/// The soft `Max address space` of `/proc/self/limits`, in bytes; `None`
/// when unlimited or absent.
pub fn address_space_limit(limits: &str) -> Option<u64> {
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    let soft = line["Max address space".len()..]
        .split_whitespace()
        .next()?;
    soft.parse::<u64>().ok().filter(|&b| b < NO_LIMIT)
}

/// A `Name:   1234 kB` field of `/proc/self/status` or `/proc/meminfo`,
/// in bytes.
pub fn kib_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    let mut words = line[name.len()..].split_whitespace();
    let value: u64 = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") => value.checked_mul(1024),
        None => Some(value),
        Some(_) => None,
    }
}

/// A cgroup limit file's value in bytes: `None` for `max` or no limit.
fn limit_value(text: &str) -> Option<u64> {
    text.trim().parse::<u64>().ok().filter(|&b| b < NO_LIMIT)
}

/// The tightest memory cgroup limit of the cgroups named in
/// `/proc/self/cgroup` (`proc_cgroup`), and of their ancestors, whose files
/// `read` gives. cgroup v2 (`0::/path`) reads `memory.max` and
/// `memory.current` under `/sys/fs/cgroup/path`; v1 (`N:...memory...:/path`)
/// reads `memory.limit_in_bytes` and `memory.usage_in_bytes` under
/// `/sys/fs/cgroup/memory/path`. Inside a container the path may not exist
/// there: its ancestors and the mount's root are read too.
pub fn cgroup_limit(proc_cgroup: &str, read: &dyn Fn(&Path) -> Option<String>) -> Option<Limit> {
    let mut best: Option<Limit> = None;
    for line in proc_cgroup.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let (root, max, current) = if controllers.is_empty() {
            ("/sys/fs/cgroup", "memory.max", "memory.current")
        } else if controllers.split(',').any(|c| c == "memory") {
            (
                "/sys/fs/cgroup/memory",
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
            )
        } else {
            continue;
        };
        let mut dir = PathBuf::from(root);
        dir.push(path.trim_start_matches('/'));
        for dir in dir.ancestors().take_while(|d| d.starts_with(root)) {
            let (Some(limit), Some(used)) = (
                read(&dir.join(max)).and_then(|t| limit_value(&t)),
                read(&dir.join(current)).and_then(|t| t.trim().parse::<u64>().ok()),
            ) else {
                continue;
            };
            let here = Limit {
                source: Source::Cgroup,
                room: limit.saturating_sub(used),
                limit,
            };
            if best.is_none_or(|b| here.room < b.room) {
                best = Some(here);
            }
        }
    }
    best
}

thread_local! {
    /// Marks the allocations of [`try_filled`] on this thread: the
    /// allocator of a program that reports failed allocations (`queens`)
    /// leaves theirs to their callers.
    static FALLIBLE: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Whether an allocation failing now on this thread has a caller that
/// handles the failure ([`try_filled`]); for a global allocator, which
/// otherwise reports the failure and ends the process.
pub fn failure_is_handled() -> bool {
    FALLIBLE.try_with(|f| f.get() > 0).unwrap_or(false)
}

/// Runs `allocate` with this thread marked as handling a failed allocation
/// (see [`failure_is_handled`]).
fn fallibly<R>(allocate: impl FnOnce() -> R) -> R {
    let mark = |d: i32| FALLIBLE.with(|f| f.set(f.get().wrapping_add_signed(d)));
    mark(1);
    let result = allocate();
    mark(-1);
    result
}

/// `bytes` in decimal units, two or three figures: "692 MB", "1.9 GB".
pub fn bytes(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["kB", "MB", "GB", "TB", "PB", "EB"];
    if bytes < 1000 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1000.0;
    let mut unit = 0;
    while value >= 999.5 && unit + 1 < UNITS.len() {
        value /= 1000.0;
        unit += 1;
    }
    if value < 9.995 {
        format!("{value:.2} {}", UNITS[unit])
    } else if value < 99.95 {
        format!("{value:.1} {}", UNITS[unit])
    } else {
        format!("{value:.0} {}", UNITS[unit])
    }
}

/// A vector of `len` copies of `value`, or the error if the memory cannot
/// be had: for the large arrays of a run, so that a failure is reported,
/// not an abort of the process.
pub fn try_filled<T: Clone>(
    len: usize,
    value: T,
) -> Result<Vec<T>, std::collections::TryReserveError> {
    let mut v = Vec::new();
    fallibly(|| v.try_reserve_exact(len))?;
    v.resize(len, value);
    Ok(v)
}

/// Element types whose all-zero bytes are a valid value, for [`try_zeroed`].
pub trait Zeroed: Copy {}
impl Zeroed for u8 {}
impl Zeroed for u16 {}
impl Zeroed for u32 {}
impl Zeroed for u64 {}
impl Zeroed for usize {}

/// `len` zeros, or `None` if the memory cannot be had (as [`try_filled`]),
/// without touching the memory: the allocator's zeroed pages (fresh from
/// the kernel for a large array) are faulted in only where the caller writes,
/// and on Linux they are asked to be transparent huge pages
/// (`madvise(MADV_HUGEPAGE)`, honoured when
/// `/sys/kernel/mm/transparent_hugepage/enabled` is `always` or `madvise`).
/// For arrays of gigabytes read at random: one TLB entry then covers 2 MiB
/// instead of 4 KiB, so most reads no longer wait for a page-table walk.
pub fn try_zeroed<T: Zeroed>(len: usize) -> Option<Vec<T>> {
    let layout = std::alloc::Layout::array::<T>(len).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: the layout's size is not zero.
    let ptr = fallibly(|| unsafe { std::alloc::alloc_zeroed(layout) });
    if ptr.is_null() {
        return None;
    }
    advise_huge_pages(ptr, layout.size());
    // SAFETY: `ptr` comes from the global allocator with the layout of `len`
    // values of `T`, all of whose bytes are zero, a valid `T` (`Zeroed`).
    Some(unsafe { Vec::from_raw_parts(ptr.cast::<T>(), len, len) })
}

/// Gives the whole pages of `slice` back to the kernel, for an array read
/// once more, front to back, before it is dropped: its peak memory falls as
/// it is read. The contents become unspecified (zeros on Linux, where the
/// pages are dropped with `madvise(MADV_DONTNEED)`; elsewhere nothing is
/// released and they stay as they were).
pub fn release_pages(slice: &mut [u64]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let (ptr, size) = (slice.as_mut_ptr() as usize, size_of_val(slice));
        let start = ptr.next_multiple_of(PAGE);
        let end = (ptr + size) / PAGE * PAGE;
        if end > start {
            // SAFETY: the range lies inside `slice`, which this function
            // borrows mutably, so nothing else reads it meanwhile; after
            // MADV_DONTNEED a private anonymous page reads as zeros (a
            // shared or file-backed one keeps or rereads its data), and
            // every bit pattern is a valid `u64`.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_DONTNEED) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = slice;
}

/// Asks the kernel to back the 2 MiB-aligned part of `size` bytes at `ptr`
/// with huge pages; a hint, and a failure (an old kernel, THP disabled) is
/// ignored.
fn advise_huge_pages(ptr: *mut u8, size: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = (ptr as usize).next_multiple_of(HUGE);
        let end = (ptr as usize + size) / HUGE * HUGE;
        if end > start {
            // SAFETY: madvise with MADV_HUGEPAGE changes how the kernel backs
            // these pages, never their contents; the range lies inside the
            // allocation of `size` bytes at `ptr`.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (ptr, size);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    const LIMITS: &str = "\
Limit                     Soft Limit           Hard Limit           Units     
Max cpu time              unlimited            unlimited            seconds   
Max address space         1024000000           unlimited            bytes     
Max resident set          unlimited            unlimited            bytes     
";

    const STATUS: &str =
        "Name:\tqueens\nVmPeak:\t   20000 kB\nVmSize:\t   10000 kB\nVmRSS:\t    4000 kB\n";

    const MEMINFO: &str =
        "MemTotal:       24683520 kB\nMemFree:        19027968 kB\nMemAvailable:   24143872 kB\n";

    fn files(entries: &[(&str, &str)]) -> impl Fn(&Path) -> Option<String> {
        let map: HashMap<PathBuf, String> = entries
            .iter()
            .map(|(p, t)| (PathBuf::from(p), t.to_string()))
            .collect();
        move |p: &Path| map.get(p).cloned()
    }

    #[test]
    fn the_address_space_limit_is_the_soft_one_and_unlimited_is_none() {
        assert_eq!(address_space_limit(LIMITS), Some(1_024_000_000));
        let unlimited = LIMITS.replace("1024000000          ", "unlimited           ");
        assert_eq!(address_space_limit(&unlimited), None);
        assert_eq!(address_space_limit(""), None);
    }

    #[test]
    fn kib_fields_read_in_bytes() {
        assert_eq!(kib_field(STATUS, "VmSize:"), Some(10_000 * 1024));
        assert_eq!(kib_field(MEMINFO, "MemAvailable:"), Some(24_143_872 * 1024));
        assert_eq!(kib_field(MEMINFO, "Missing:"), None);
    }

    #[test]
    fn every_limit_is_read_and_the_tightest_binds() {
        let read = files(&[
            ("/proc/self/limits", LIMITS),
            ("/proc/self/status", STATUS),
            ("/proc/meminfo", MEMINFO),
            ("/proc/self/cgroup", "0::/user.slice/run.scope\n"),
            ("/sys/fs/cgroup/user.slice/run.scope/memory.max", "max\n"),
            (
                "/sys/fs/cgroup/user.slice/run.scope/memory.current",
                "5000\n",
            ),
            ("/sys/fs/cgroup/user.slice/memory.max", "2000000000\n"),
            ("/sys/fs/cgroup/user.slice/memory.current", "500000000\n"),
        ]);
        let room = Room::from_files(read);
        assert_eq!(room.limits.len(), 3, "{room:?}");
        let tightest = room.tightest().unwrap();
        assert_eq!(tightest.source, Source::AddressSpace);
        assert_eq!(tightest.room, 1_024_000_000 - 10_240_000);
        assert_eq!(room.limits[1].source, Source::Cgroup);
        assert_eq!(room.limits[1].room, 1_500_000_000);
        assert_eq!(room.fits(1_000_000_000), Ok(()));
        assert_eq!(
            room.fits_with(1_000_000_000, 20_000_000)
                .unwrap_err()
                .source,
            Source::AddressSpace
        );
        assert_eq!(
            room.fits_with(1_200_000_000, 0).unwrap_err().source,
            Source::AddressSpace
        );
        assert_eq!(
            room.fits(1_100_000_000).unwrap_err().source,
            Source::AddressSpace
        );
        assert_eq!(
            tightest.to_string(),
            "1.01 GB under the address-space limit (ulimit -v) of 1.02 GB"
        );
    }

    #[test]
    fn cgroup_v1_is_read_and_no_limit_is_skipped() {
        let read = files(&[
            ("/proc/self/cgroup", "5:cpu:/\n4:memory,hugetlb:/job/42\n"),
            (
                "/sys/fs/cgroup/memory/job/42/memory.limit_in_bytes",
                "4294967296\n",
            ),
            (
                "/sys/fs/cgroup/memory/job/42/memory.usage_in_bytes",
                "294967296\n",
            ),
            (
                "/sys/fs/cgroup/memory/memory.limit_in_bytes",
                "9223372036854771712\n",
            ),
            ("/sys/fs/cgroup/memory/memory.usage_in_bytes", "1\n"),
        ]);
        let room = Room::from_files(read);
        assert_eq!(
            room.limits,
            vec![Limit {
                source: Source::Cgroup,
                room: 4_000_000_000,
                limit: 4_294_967_296
            }]
        );
        assert_eq!(
            room.limits[0].to_string(),
            "4.00 GB under the memory cgroup's limit of 4.29 GB"
        );
    }

    #[test]
    fn nothing_known_fits_everything() {
        let room = Room::from_files(|_| None);
        assert!(room.limits.is_empty());
        assert_eq!(room.fits(u64::MAX), Ok(()));
    }

    #[test]
    fn bytes_read_in_two_or_three_figures() {
        assert_eq!(bytes(999), "999 bytes");
        assert_eq!(bytes(692_387_680), "692 MB");
        assert_eq!(bytes(1_867_000_000), "1.87 GB");
        assert_eq!(bytes(16_997_000_000), "17.0 GB");
        assert_eq!(bytes(999_600_000), "1.00 GB");
        assert_eq!(bytes(2_500), "2.50 kB");
    }

    #[test]
    fn an_allocation_beyond_any_memory_is_an_error_not_an_abort() {
        assert!(try_filled(usize::MAX / 2, 0u64).is_err());
        // Within the address space's range but beyond any machine's
        // memory: the allocator refuses it and says so.
        assert!(try_filled(1usize << 60, 0u8).is_err());
        assert_eq!(try_filled(3, 7u32).unwrap(), vec![7, 7, 7]);
        assert!(!failure_is_handled());
    }
}
