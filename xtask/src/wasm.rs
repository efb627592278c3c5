//! `cargo xtask wasm`: the explorer's engine (crates/explorer-wasm) built
//! for `wasm32-unknown-unknown` with the `wasm` profile and committed
//! gzip-compressed as [`MODULE`], which `explore.html` embeds (base64)
//! beside its glue (`assets/explore/live.js`, which decompresses it with
//! the browser's `DecompressionStream`): raw, the module (about 830 KB,
//! 1.1 MB as base64) would take the page past its 2 MB; compressed, it
//! adds about 310 KB. [`STAMP`] records the fingerprint of the
//! sources it was built from ([`fingerprint`]): `render` and `report`
//! rebuild a module that is missing or stale, and a test fails on a stale
//! one, so `cargo test` never builds WebAssembly. Where rustup cannot add
//! the target, the committed module is kept and a line says so.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde::{Deserialize, Serialize};

use crate::{Context, Result, bail};

/// The module, gzip-compressed, from the workspace root.
pub const MODULE: &str = "xtask/assets/explore/explorer.wasm.gz";
/// What the module was built from, beside it.
pub const STAMP: &str = "xtask/assets/explore/explorer.wasm.json";
/// The engine's package.
pub const PACKAGE: &str = "queens-explorer-wasm";
/// The target it is built for.
pub const TARGET: &str = "wasm32-unknown-unknown";

/// The crates under `crates/` the module is not built from (their changes
/// leave it fresh): the commands, the test helpers, the registry (the
/// engine holds its own table) and string-regex (left out of the engine).
const NOT_BUILT_FROM: [&str; 5] = [
    "cli",
    "block-sums",
    "test-support",
    "approaches",
    "string-regex",
];

/// [`STAMP`]'s contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    /// [`fingerprint`] of the sources at the build.
    pub fingerprint: String,
    /// The module's size in bytes.
    pub bytes: usize,
    /// Its size compressed (the size of [`MODULE`]).
    pub gzip_bytes: usize,
}

/// A hash (FNV-1a, 64 bits, hex) of what the module is built from: the
/// workspace manifest (its `wasm` profile) and every source file of the
/// crates under `crates/` but [`NOT_BUILT_FROM`], their tests left out,
/// by path and contents. Not `Cargo.lock`: a dependency of the commands
/// moving would make the module stale for nothing.
pub fn fingerprint(root: &Path) -> Result<String> {
    let mut files = vec![root.join("Cargo.toml")];
    let crates = root.join("crates");
    for entry in fs::read_dir(&crates).context(|| format!("cannot read {}", crates.display()))? {
        let dir = entry
            .context(|| format!("cannot read {}", crates.display()))?
            .path();
        let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if dir.is_dir() && !NOT_BUILT_FROM.contains(&name) && !name.starts_with('.') {
            files.push(dir.join("Cargo.toml"));
            sources(&dir.join("src"), &mut files)?;
        }
    }
    files.sort();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        let len = (bytes.len() as u64).to_le_bytes();
        for &b in bytes.iter().chain(&len) {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    for file in &files {
        let relative = file.strip_prefix(root).unwrap_or(file);
        let name: Vec<String> = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        eat(name.join("/").as_bytes());
        eat(&fs::read(file).context(|| format!("cannot read {}", file.display()))?);
    }
    Ok(format!("{hash:016x}"))
}

/// The `.rs` files under `dir`, tests (`tests.rs`, `tests/`) and command
/// binaries (`bin/`) left out.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    if !dir.is_dir() {
        return Ok(());
    }
    for entry in fs::read_dir(dir).context(|| format!("cannot read {}", dir.display()))? {
        let path = entry
            .context(|| format!("cannot read {}", dir.display()))?
            .path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if matches!(name, "tests" | "tests.rs" | "bin") || name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            sources(&path, out)?;
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
    Ok(())
}

/// The committed stamp, if readable.
pub fn stamp(root: &Path) -> Option<Stamp> {
    let text = fs::read_to_string(root.join(STAMP)).ok()?;
    serde_json::from_str(&text).ok()
}

/// Whether the committed module is there and built from these sources.
pub fn is_fresh(root: &Path) -> Result<bool> {
    let current = fingerprint(root)?;
    Ok(root.join(MODULE).is_file() && stamp(root).is_some_and(|s| s.fingerprint == current))
}

/// The committed module's bytes, gzip-compressed.
pub fn module(root: &Path) -> Result<Vec<u8>> {
    let path = root.join(MODULE);
    fs::read(&path).context(|| {
        format!(
            "cannot read the explorer's engine {} (`cargo xtask wasm` builds it)",
            path.display()
        )
    })
}

/// Builds the module when it is missing or stale (`render`, `report`).
pub fn ensure(root: &Path) -> Result<()> {
    if is_fresh(root)? {
        return Ok(());
    }
    build(root)
}

/// Builds the module and writes [`MODULE`] and [`STAMP`]. Without the
/// target (and rustup unable to add it), keeps the committed module and
/// says so in one line.
pub fn build(root: &Path) -> Result<()> {
    if !has_target() {
        eprintln!("xtask: rustup target add {TARGET}");
        let added = Command::new("rustup")
            .args(["target", "add", TARGET])
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !added {
            eprintln!(
                "xtask: rustup cannot add the {TARGET} target here, so the explorer's engine \
                 was not rebuilt: the committed {MODULE} is kept"
            );
            return Ok(());
        }
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let args = [
        "build",
        "-p",
        PACKAGE,
        "--target",
        TARGET,
        "--profile",
        "wasm",
    ];
    eprintln!("xtask: cargo {}", args.join(" "));
    // The module names no path of this machine (its panic messages' files).
    let remap = format!("--remap-path-prefix={}=.", root.display());
    let status = Command::new(cargo)
        .args(args)
        .current_dir(root)
        .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS", remap)
        .status()
        .context(|| "cannot run cargo".to_string())?;
    if !status.success() {
        bail!("cargo {} failed ({status})", args.join(" "));
    }
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let built = target_dir
        .join(TARGET)
        .join("wasm")
        .join("queens_explorer_wasm.wasm");
    let bytes = fs::read(&built).context(|| format!("cannot read {}", built.display()))?;
    let gzip = gzip(&bytes)?;
    let out = root.join(MODULE);
    fs::write(&out, &gzip).context(|| format!("cannot write {}", out.display()))?;
    let stamp = Stamp {
        fingerprint: fingerprint(root)?,
        bytes: bytes.len(),
        gzip_bytes: gzip.len(),
    };
    let mut text = serde_json::to_string_pretty(&stamp).context(|| "the stamp".to_string())?;
    text.push('\n');
    fs::write(root.join(STAMP), text).context(|| format!("cannot write {STAMP}"))?;
    eprintln!(
        "xtask: wrote {MODULE} (the module: {:.0} KB, {:.0} KB compressed, {:.0} KB in the \
         page as base64)",
        bytes.len() as f64 / 1024.0,
        gzip.len() as f64 / 1024.0,
        gzip.len().div_ceil(3) as f64 * 4.0 / 1024.0
    );
    Ok(())
}

/// `bytes` gzip-compressed, at the best level; the same bytes every time
/// (no file name, no time in the header).
fn gzip(bytes: &[u8]) -> Result<Vec<u8>> {
    use std::io::Write;
    let mut encoder = flate2::GzBuilder::new()
        .mtime(0)
        .write(Vec::new(), flate2::Compression::best());
    encoder
        .write_all(bytes)
        .and_then(|()| encoder.try_finish())
        .context(|| "cannot compress the module".to_string())?;
    encoder
        .finish()
        .context(|| "cannot compress the module".to_string())
}

/// Whether rustup lists the target as installed (without rustup: assume
/// it is, and let cargo say otherwise).
fn has_target() -> bool {
    match Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
    {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout)
            .lines()
            .any(|l| l.trim() == TARGET),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed module is built from the sources as they are: after a
    /// change to an approach, the core, the packer or the engine, run
    /// `cargo xtask wasm` (or `render`) and commit the module.
    #[test]
    fn the_committed_module_is_fresh() {
        let root = crate::project_root();
        let stamp = stamp(&root).expect("the stamp of the explorer's engine");
        assert_eq!(
            stamp.fingerprint,
            fingerprint(&root).unwrap(),
            "{MODULE} is stale (built from other sources): run `cargo xtask wasm` and commit it"
        );
        let gzip = module(&root).unwrap();
        assert_eq!(gzip.len(), stamp.gzip_bytes);
        let mut module = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gzip[..]), &mut module)
            .unwrap();
        assert_eq!(module.len(), stamp.bytes);
        assert_eq!(&module[..4], b"\0asm");
    }

    #[test]
    fn the_fingerprint_follows_the_engines_sources_only() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let write = |path: &str, text: &str| {
            let p = root.join(path);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, text).unwrap();
        };
        write("Cargo.toml", "[workspace]");
        write("crates/core/Cargo.toml", "[package]");
        write("crates/core/src/lib.rs", "pub fn a() {}");
        write("crates/cli/src/main.rs", "fn main() {}");
        let a = fingerprint(root).unwrap();
        write("crates/cli/src/main.rs", "fn main() { }");
        write("crates/core/src/tests.rs", "#[test] fn t() {}");
        assert_eq!(fingerprint(root).unwrap(), a);
        write("crates/core/src/lib.rs", "pub fn b() {}");
        assert_ne!(fingerprint(root).unwrap(), a);
    }
}
