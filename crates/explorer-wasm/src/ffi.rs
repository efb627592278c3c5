//! The module's exports (WebAssembly only), for `xtask/assets/explore/live.js`.
//!
//! Strings go in through memory the caller asks for: `alloc(len)` gives a
//! pointer, the caller writes UTF-8 there, passes (pointer, length) and then
//! `dealloc(pointer, len)`s it. A call answers with a status and leaves its
//! results in three buffers held until the next call, read through
//! `trace_ptr()`/`trace_len()`, `packed_ptr()`/`packed_len()` and
//! `message_ptr()`/`message_len()` (UTF-8; length 0 when empty). Read the
//! memory after the call: a call may grow it.
//!
//! - `run(ptr, len) -> status`: the arguments as JSON ([`crate::Args`]).
//!   0: the trace (`trace`) and its packing (`packed`); 1: refused, the one
//!   line in `message`; 2: the run ended without its answer (gave up):
//!   `message` says how, `trace` holds the whole run (its end line says how
//!   it ended), `packed` its packing.
//! - `pack(name_ptr, name_len, ptr, len) -> status`: a trace file's text
//!   (`name`: how the message calls it). 0: `packed`; 1: `message`.
//! - `approaches() -> status`: 0, and `packed` holds [`crate::approaches`]
//!   as JSON.
//!
//! Built with `panic = "abort"`: a panic (a bug) traps, and the caller
//! starts a fresh instance.

#![cfg(target_arch = "wasm32")]

use std::sync::Mutex;

/// The results of the last call.
struct Buffers {
    trace: Vec<u8>,
    packed: Vec<u8>,
    message: Vec<u8>,
}

static OUT: Mutex<Buffers> = Mutex::new(Buffers {
    trace: Vec::new(),
    packed: Vec::new(),
    message: Vec::new(),
});

/// Sets the three results and gives `status`.
fn answer(status: u32, trace: Vec<u8>, packed: Vec<u8>, message: String) -> u32 {
    let mut out = OUT.lock().unwrap_or_else(|p| p.into_inner());
    out.trace = trace;
    out.packed = packed;
    out.message = message.into_bytes();
    status
}

/// The caller's bytes as text.
///
/// # Safety
/// `ptr` must point to `len` bytes the caller wrote (from [`alloc`]).
unsafe fn text<'a>(ptr: *const u8, len: usize) -> Result<&'a str, String> {
    let bytes = if len == 0 {
        &[][..]
    } else {
        // SAFETY: the caller wrote `len` bytes at `ptr`, memory from `alloc`.
        unsafe { std::slice::from_raw_parts(ptr, len) }
    };
    std::str::from_utf8(bytes).map_err(|_| "not a text file (not UTF-8)".to_string())
}

/// `len` bytes for the caller to write into.
#[unsafe(no_mangle)]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    let mut bytes = Vec::<u8>::with_capacity(len.max(1));
    let ptr = bytes.as_mut_ptr();
    std::mem::forget(bytes);
    ptr
}

/// Gives back what [`alloc`] gave.
///
/// # Safety
/// `ptr` and `len` must be a pointer from [`alloc`] and the length asked for.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dealloc(ptr: *mut u8, len: usize) {
    // SAFETY: `alloc` made this Vec with capacity `len.max(1)`.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// A traced run ([`crate::run`]); see the module's docs for the status.
///
/// # Safety
/// `ptr` must point to `len` bytes from [`alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn run(ptr: *const u8, len: usize) -> u32 {
    // SAFETY: as the caller promises.
    let args = match unsafe { text(ptr, len) } {
        Ok(args) => args,
        Err(e) => return answer(1, Vec::new(), Vec::new(), e),
    };
    match crate::run(args) {
        Ok(t) => {
            let packed = t.packed.into_bytes();
            match t.ended {
                None => answer(0, t.trace, packed, String::new()),
                Some(ended) => answer(2, t.trace, packed, ended),
            }
        }
        Err(e) => answer(1, Vec::new(), Vec::new(), e),
    }
}

/// A trace file packed ([`crate::pack`]); see the module's docs.
///
/// # Safety
/// Each pointer must point to its length of bytes from [`alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pack(
    name_ptr: *const u8,
    name_len: usize,
    ptr: *const u8,
    len: usize,
) -> u32 {
    // SAFETY: as the caller promises.
    let (name, trace) = unsafe { (text(name_ptr, name_len), text(ptr, len)) };
    let name = name.unwrap_or("the trace");
    let name = if name.is_empty() { "the trace" } else { name };
    let packed = match trace {
        Ok(t) => crate::pack(name, t),
        Err(e) => Err(format!("{name}: {e}")),
    };
    match packed {
        Ok(p) => answer(0, Vec::new(), p.into_bytes(), String::new()),
        Err(e) => answer(1, Vec::new(), Vec::new(), e),
    }
}

/// The approaches as JSON ([`crate::approaches`]), in `packed`.
#[unsafe(no_mangle)]
pub extern "C" fn approaches() -> u32 {
    let json = serde_json::to_vec(&crate::approaches()).unwrap_or_default();
    answer(0, Vec::new(), json, String::new())
}

macro_rules! buffer {
    ($ptr:ident, $len:ident, $field:ident) => {
        /// Where this buffer of the last call's results starts.
        #[unsafe(no_mangle)]
        pub extern "C" fn $ptr() -> *const u8 {
            OUT.lock()
                .unwrap_or_else(|p| p.into_inner())
                .$field
                .as_ptr()
        }
        /// This buffer's length in bytes.
        #[unsafe(no_mangle)]
        pub extern "C" fn $len() -> usize {
            OUT.lock().unwrap_or_else(|p| p.into_inner()).$field.len()
        }
    };
}

buffer!(trace_ptr, trace_len, trace);
buffer!(packed_ptr, packed_len, packed);
buffer!(message_ptr, message_len, message);
