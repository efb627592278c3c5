//! One trace of `DIR/data/traces`, packed for the page: its description and
//! its events as one flat array of small integers (an operation code, then
//! that operation's arguments), about a sixth of the JSON Lines' size.
//!
//! The packer is `queens_trace_pack::pack`, shared with the page's
//! WebAssembly engine, which packs the page's live runs and the reader's
//! own trace files the same way; see there for the operations ([`OPS`],
//! which the page gets as `QUEENS_OPS`, [`ops_script`]).

pub use queens_trace_pack::pack::*;
