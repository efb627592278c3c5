//! A search tree rebuilt from a trace, and the attack counts of a box:
//! `queens_trace_pack::tree`, shared with the explorer's WebAssembly engine
//! (the page's tree facts of a live run are counted by the same rules).

pub use queens_trace_pack::tree::*;
