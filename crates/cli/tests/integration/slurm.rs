//! On a Slurm cluster: the README's job-array script, run under `sh` as
//! written, saves its checkpoint when the job is ended as Slurm ends it
//! (SIGTERM to every process of the job, SIGKILL once it has had its
//! chance); and the default thread count follows the CPUs a task is given
//! (its affinity mask, its cgroup's CPU quota, `SLURM_CPUS_PER_TASK`).

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::harness;

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

/// Runs the script as Slurm runs array task 1 given one CPU; with `end`,
/// ends it as Slurm does at the time limit, once a task has finished (the
/// run pauses there until the signal comes): SIGTERM to the job's process
/// group, then SIGKILL once `queens` has said it was interrupted (or
/// ended). Returns stderr.
fn run_task(dir: &Path, script: &Path, end: bool) -> String {
    let mut cmd = Command::new("sh");
    cmd.arg(script)
        .current_dir(dir)
        .env("PATH", path_with_queens())
        .env("SLURM_ARRAY_TASK_ID", "1")
        .env("SLURM_CPUS_PER_TASK", "1")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    if end {
        cmd.env("QUEENS_PAUSE_AFTER_TASKS", "1");
    }
    let mut child = harness::default_signals(&mut cmd).spawn().unwrap();
    let _stdin = child.stdin.take();
    let mut err = harness::Lines::of(child.stderr.take().unwrap());
    if end {
        let group = -(child.id() as i32);
        err.expect("queens: test hook: paused after 1 tasks");
        harness::signal(group, libc::SIGTERM);
        err.until("queens: interrupted");
        // The group may be gone already (ESRCH): nothing left to kill.
        // SAFETY: a signal to the process group this test started.
        unsafe { libc::kill(group, libc::SIGKILL) };
    }
    harness::wait(&mut child, "the Slurm script");
    err.rest().iter().map(|l| format!("{l}\n")).collect()
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

    let err = run_task(dir.path(), &path, true);
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
    // Saved at the signal, the one finished task (one thread, paused).
    assert_eq!(done, 1, "{err}");
    let file = dir.path().join("q21-1.json");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved["complete"], false);
    assert_eq!(saved["finished"].as_array().unwrap().len(), done);

    // Submitted again, the task goes on and its count is the shard's.
    let err = run_task(dir.path(), &path, false);
    assert!(err.is_empty(), "{err}");
    let out = std::fs::read_to_string(dir.path().join("q21-1.out")).unwrap();
    let line: serde_json::Value = serde_json::from_str(&out).unwrap();
    let fresh = harness::output(Command::new(env!("CARGO_BIN_EXE_queens")).args([
        "--algo",
        "half-join",
        "--json",
        "--no-steps",
        "--shard",
        "1/64",
        "17",
    ]));
    let fresh: serde_json::Value = serde_json::from_slice(&fresh.stdout).unwrap();
    assert_eq!(line["solutions"], fresh["solutions"]);
    assert!(line["solutions"].as_u64().unwrap() > 0);
    assert_eq!(line["threads"], 1, "SLURM_CPUS_PER_TASK=1");
}

fn threads_of(cmd: &mut Command) -> serde_json::Value {
    let out = harness::output(cmd.args(["--algo", "half-join", "--json", "--no-steps", "10"]));
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
    // Read from /proc and the cgroup files, not from the call queens makes.
    let cpus = harness::cpus_given();
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

/// A cgroup of this test's own under its own, with a CPU quota of one
/// CPU (cgroup v1's `cpu` controller, or v2's `cpu.max`); removed when
/// dropped.
struct OneCpu {
    dir: std::path::PathBuf,
}

impl OneCpu {
    /// Why not, where this process may not make one (not the superuser, no
    /// writable hierarchy with the `cpu` controller).
    fn new() -> Result<OneCpu, String> {
        let mine = std::fs::read_to_string("/proc/self/cgroup").map_err(|e| e.to_string())?;
        let mounts = std::fs::read_to_string("/proc/self/mountinfo").map_err(|e| e.to_string())?;
        let name = format!("queens-test-{}", std::process::id());
        let mut why = Vec::new();
        for line in mine.lines() {
            let mut fields = line.splitn(3, ':');
            let (Some(_), Some(controllers), Some(path)) =
                (fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            let v2 = controllers.is_empty();
            if !v2 && !controllers.split(',').any(|c| c == "cpu") {
                continue;
            }
            for mount in mounts.lines() {
                let Some((left, right)) = mount.split_once(" - ") else {
                    continue;
                };
                let (left, right): (Vec<&str>, Vec<&str>) =
                    (left.split(' ').collect(), right.split(' ').collect());
                let fits = match right[0] {
                    "cgroup2" => v2,
                    "cgroup" => !v2 && right[2].split(',').any(|c| c == "cpu"),
                    _ => false,
                };
                if !fits || left[3] != "/" {
                    continue;
                }
                let dir = Path::new(left[4])
                    .join(path.trim_start_matches('/'))
                    .join(&name);
                let files: &[(&str, &str)] = if v2 {
                    &[("cpu.max", "100000 100000")]
                } else {
                    &[
                        ("cpu.cfs_period_us", "100000"),
                        ("cpu.cfs_quota_us", "100000"),
                    ]
                };
                if let Err(e) = std::fs::create_dir(&dir) {
                    why.push(format!("{}: {e}", dir.display()));
                    continue;
                }
                let group = OneCpu { dir };
                match files
                    .iter()
                    .try_for_each(|(f, v)| std::fs::write(group.dir.join(f), v))
                {
                    Ok(()) => return Ok(group),
                    Err(e) => why.push(format!("{}: {e}", group.dir.display())),
                }
            }
        }
        Err(format!("no cgroup with a CPU quota could be made: {why:?}"))
    }

    /// Starts `cmd`'s child in this cgroup.
    fn enter(&self, cmd: &mut Command) {
        let procs = std::ffi::CString::new(
            self.dir
                .join("cgroup.procs")
                .into_os_string()
                .into_encoded_bytes(),
        )
        .unwrap();
        // SAFETY: open, write and close are async-signal-safe; `procs` is
        // owned by the closure.
        unsafe {
            cmd.pre_exec(move || {
                let fd = libc::open(procs.as_ptr(), libc::O_WRONLY);
                let ok = fd >= 0 && libc::write(fd, b"0".as_ptr().cast(), 1) == 1;
                let error = std::io::Error::last_os_error();
                libc::close(fd);
                if ok { Ok(()) } else { Err(error) }
            });
        }
    }
}

impl Drop for OneCpu {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir(&self.dir);
    }
}

#[test]
fn the_default_threads_follow_a_cgroup_cpu_quota() {
    let skip = |why: String| {
        // CI that can make cgroups sets this, so the test cannot pass by
        // skipping there.
        assert!(
            std::env::var_os("QUEENS_TESTS_NEED_CGROUP").is_none(),
            "{why}"
        );
        eprintln!("skipped: {why}");
    };
    if harness::cpus_given() < 2 {
        return skip("one CPU only: a quota of one changes nothing".into());
    }
    let group = match OneCpu::new() {
        Ok(group) => group,
        Err(why) => return skip(why),
    };
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_queens"));
    cmd.env_remove("SLURM_CPUS_PER_TASK");
    group.enter(&mut cmd);
    assert_eq!(threads_of(&mut cmd), 1, "a quota of one CPU");
}
