//! Low memory: a run larger than the memory this process may take is
//! refused before it starts, with both figures (status 2); an allocation
//! that fails all the same is reported with `--json`'s line (status 1),
//! never an abort (134). The limit is the child's own address-space limit
//! (`ulimit -v`), set between fork and exec. And each estimate is held
//! against the peak memory measured, so it cannot drift below it.

use std::os::unix::process::CommandExt;
use std::process::{Command, Output};

use queens_approaches::REGISTRY;
use queens_core::Options;

use crate::harness::output;

/// `queens ARGS` with its address space limited to `bytes` (`ulimit -v`).
fn limited(bytes: u64, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_queens"));
    cmd.args(args).env_remove("RUST_BACKTRACE");
    // SAFETY: only setrlimit, async-signal-safe, between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
    };
    output(&mut cmd)
}

/// Asserts a refusal before the run: status 2, nothing on stdout, one
/// `error:` line naming what the run needs and the room under `ulimit -v`.
fn refused(out: &Output, needs: &str) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(stderr.contains(needs), "{stderr}");
    assert!(
        stderr.contains("more than this process may still take")
            && stderr.contains("under the address-space limit (ulimit -v) of")
            && stderr.contains("give a smaller n, raise the limit (ulimit -v)"),
        "{stderr}"
    );
    stderr
}

/// 1 GB of address space: the issue's `ulimit -v 1000000`.
const ULIMIT_1G: u64 = 1_000_000 * 1024;

#[test]
fn a_half_join_shard_at_25_under_a_gigabyte_is_refused_with_both_figures() {
    for args in [
        // Two threads: each adds to the estimate (a task's memory each).
        &[
            "--algo",
            "half-join",
            "--json",
            "--no-steps",
            "--shard",
            "1/100",
            "--threads",
            "2",
            "25",
        ][..],
        &["--shard", "1/100", "--threads", "2", "25"],
    ] {
        let out = limited(ULIMIT_1G, args);
        let line = refused(&out, "half-join needs about 1.1");
        assert!(line.contains("1.0"), "{line}");
        assert!(
            line.contains("--algo bitmask-mirror or bitmask-symmetric"),
            "{line}"
        );
    }
}

#[test]
fn swap_search_at_10_8_under_400_mb_is_refused_with_both_figures() {
    let out = limited(
        400_000 * 1024,
        &["--algo", "swap-search", "--json", "100000000"],
    );
    let line = refused(
        &out,
        "swap-search needs about 471 MB of memory for n = 100000000",
    );
    assert!(
        line.contains("MB under the address-space limit (ulimit -v) of 410 MB"),
        "{line}"
    );
}

#[test]
fn list_comprehension_strict_at_15_under_a_gigabyte_is_refused() {
    let out = limited(ULIMIT_1G, &["--algo", "list-comprehension-strict", "15"]);
    refused(&out, "list-comprehension-strict needs about");
}

/// `min-conflicts-random` states no estimate, so its board of 10⁸ queens
/// (400 MB) is allocated and fails under 300 MB: reported, not aborted.
#[test]
fn a_failed_allocation_is_reported_with_the_json_line_not_an_abort() {
    let args = ["--algo", "min-conflicts-random", "--json", "100000000"];
    let out = limited(300_000 * 1024, &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with(
            "error: out of memory: an allocation of 400 MB failed (this process may still take"
        ),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let line: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(line["algo"], "min-conflicts-random");
    assert_eq!(line["solutions"], 0);
    let error = line["error"].as_str().unwrap();
    assert!(
        error.starts_with("out of memory: an allocation of 400 MB failed"),
        "{error}"
    );
    assert!(
        error.contains("under the address-space limit (ulimit -v)"),
        "{error}"
    );
    // Without --json: the error line alone.
    let text = ["--algo", "min-conflicts-random", "100000000"];
    let out = limited(300_000 * 1024, &text);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}

/// The peak resident memory of `queens --json --no-steps ARGS`.
fn peak(args: &[&str]) -> u64 {
    let out = output(
        Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(["--json", "--no-steps"])
            .args(args),
    );
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    line["peak_bytes"].as_u64().expect("peak_bytes on Linux")
}

/// Each estimate is at least the memory measured (above a tiny run's,
/// the program itself) and not far above it: a change that makes a run
/// take more than its estimate fails here.
#[test]
fn each_estimate_holds_the_peak_memory_measured() {
    let cases: [(&str, &[usize], &[&str]); 5] = [
        ("half-join", &[4, 16, 17], &["--threads", "2"]),
        ("swap-search", &[8, 1_000_000, 10_000_000], &[]),
        ("list-comprehension-strict", &[4, 11, 12], &[]),
        ("permutations", &[4, 8, 9], &[]),
        ("explicit", &[8, 1_000_000, 10_000_000], &[]),
    ];
    for (id, sizes, extra) in cases {
        let approach = REGISTRY.get(id).unwrap();
        let opts = Options {
            threads: 2,
            ..Options::default()
        };
        let run = |n: usize| {
            let n = n.to_string();
            let mut args = vec!["--algo", id];
            args.extend(extra);
            args.push(&n);
            peak(&args)
        };
        let base = run(sizes[0]);
        for &n in &sizes[1..] {
            let measured = run(n).saturating_sub(base);
            let estimate = approach.bytes_needed(n, &opts).unwrap();
            assert!(
                measured <= estimate,
                "{id} at n = {n}: {measured} bytes measured above the program's own, \
                 over the estimate of {estimate}"
            );
            assert!(
                estimate <= 3 * measured + (20 << 20),
                "{id} at n = {n}: the estimate of {estimate} is far above the {measured} \
                 bytes measured"
            );
        }
    }
}
