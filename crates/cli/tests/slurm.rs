//! On a Slurm cluster: the README's job-array script, run under `sh` as
//! written, saves its checkpoint when the job is ended as Slurm ends it
//! (SIGTERM to every process of the job, SIGKILL a second later); and the
//! default thread count follows the CPUs a task is given.
#![cfg(target_os = "linux")]

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::Duration;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap()
}

/// The README's Slurm script: the fenced `sh` block with `#SBATCH` lines.
fn slurm_script() -> String {
    let text = readme();
    let block = text
        .split("```sh\n")
        .skip(1)
        .map(|b| b.split("\n```").next().unwrap())
        .find(|b| b.contains("#SBATCH"))
        .expect("README has a Slurm script");
    format!("{block}\n")
}

/// `queens`' folder first on PATH, as an installed `queens` would be.
fn path_with_queens() -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_queens")).parent().unwrap();
    format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// Runs the script as Slurm runs array task 1 given one CPU; with
/// `end_after`, ends it as Slurm does at the time limit. Returns stderr.
fn run_task(dir: &Path, script: &Path, end_after: Option<Duration>) -> String {
    let mut cmd = Command::new("sh");
    cmd.arg(script)
        .current_dir(dir)
        .env("PATH", path_with_queens())
        .env("SLURM_ARRAY_TASK_ID", "1")
        .env("SLURM_CPUS_PER_TASK", "1")
        .stderr(Stdio::piped())
        .process_group(0);
    if end_after.is_some() {
        // Each task waits 20 ms after it is counted, so that the signal
        // falls in the middle of the count.
        cmd.env("QUEENS_TASK_DELAY_MS", "20");
    }
    let child = cmd.spawn().unwrap();
    if let Some(after) = end_after {
        let group = -(child.id() as i32);
        sleep(after);
        // SAFETY: signals to the process group this test started.
        unsafe { libc::kill(group, libc::SIGTERM) };
        sleep(Duration::from_secs(1));
        unsafe { libc::kill(group, libc::SIGKILL) };
    }
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn the_readme_slurm_script_saves_its_checkpoint_when_slurm_ends_it() {
    let script = slurm_script();
    assert!(script.contains("\nexec queens "), "{script}");
    // The script as written, but for the board size: Q(21)'s tables take
    // 1.9 GB, Q(17)'s a few MB, and the shard is cut the same way.
    let at_17 = script.replace(" 21 > ", " 17 > ");
    assert_ne!(
        at_17, script,
        "the size 21 is no longer where the test expects it"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q21.sh");
    std::fs::write(&path, &at_17).unwrap();

    let err = run_task(dir.path(), &path, Some(Duration::from_millis(1500)));
    let held: Vec<usize> = err
        .split("holds ")
        .nth(1)
        .unwrap_or_else(|| panic!("no interrupted line: {err}"))
        .split(' ')
        .filter_map(|w| w.parse().ok())
        .take(2)
        .collect();
    let (done, owned) = (held[0], held[1]);
    assert!(0 < done && done < owned, "{err}");
    // Saved at the signal: the periodic save (every 5 s) has not come yet.
    let file = dir.path().join("q21-1.json");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved["complete"], false);
    assert_eq!(saved["finished"].as_array().unwrap().len(), done);

    // Submitted again, the task goes on and its count is the shard's.
    let err = run_task(dir.path(), &path, None);
    assert!(err.is_empty(), "{err}");
    let out = std::fs::read_to_string(dir.path().join("q21-1.out")).unwrap();
    let line: serde_json::Value = serde_json::from_str(&out).unwrap();
    let fresh = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args([
            "--algo",
            "half-join",
            "--json",
            "--no-steps",
            "--shard",
            "1/64",
            "17",
        ])
        .output()
        .unwrap();
    let fresh: serde_json::Value = serde_json::from_slice(&fresh.stdout).unwrap();
    assert_eq!(line["solutions"], fresh["solutions"]);
    assert!(line["solutions"].as_u64().unwrap() > 0);
    assert_eq!(line["threads"], 1, "SLURM_CPUS_PER_TASK=1");
}

fn threads_of(cmd: &mut Command) -> serde_json::Value {
    let out = cmd
        .args(["--algo", "half-join", "--json", "--no-steps", "10"])
        .output()
        .unwrap();
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    line["threads"].clone()
}

#[test]
fn the_default_threads_follow_the_cpus_given() {
    let queens = || {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_queens"));
        cmd.env_remove("SLURM_CPUS_PER_TASK");
        cmd
    };
    let cpus = std::thread::available_parallelism().map_or(1, usize::from);
    assert_eq!(threads_of(&mut queens()), cpus);
    assert_eq!(
        threads_of(queens().env("SLURM_CPUS_PER_TASK", "1")),
        1,
        "SLURM_CPUS_PER_TASK=1"
    );
    assert_eq!(
        threads_of(queens().env("SLURM_CPUS_PER_TASK", "4096")),
        cpus,
        "never more than the CPUs"
    );
    // An affinity mask of one CPU, as taskset or Slurm's task/affinity set it.
    let mut pinned = queens();
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        pinned.pre_exec(|| {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(0, &mut set);
            match libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            }
        });
    }
    assert_eq!(threads_of(&mut pinned), 1, "one CPU in the affinity mask");
}
