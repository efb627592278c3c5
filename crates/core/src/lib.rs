//! queens-core: the vocabulary every queens-lab approach shares.
//!
//! - A solution is the 0-based column of the queen in each row (`&[u32]`),
//!   printed 1-based ([`format`]).
//! - [`Enumerate`] (exhaustive searches) and [`LocalSearch`] (find-one
//!   searches) are the generic traits an approach implements; [`Exhaustive`]
//!   and [`Local`] adapt them to the object-safe [`Approach`] that a
//!   [`Registry`] holds.
//! - Searches report steps (and, for [`DepthCounter`], the nodes they enter
//!   at each depth; for [`Tracer`], the events of `queens --trace`, see
//!   [`trace`]) to a [`Probe`]; [`NoSteps`] compiles to nothing.
//!   [`write_trace`] is one traced run written whole (`queens --trace`, the
//!   explorer's WebAssembly engine).
//! - [`split`] cuts a count into tasks for threads and shards (a [`Watch`]
//!   follows them one by one); [`bits`]
//!   holds the mask helpers of the bitboard counters, [`hash`] the hasher
//!   of the local searches' maps.
//! - [`verify`] checks boards and knows the 8 symmetries; [`known`] holds
//!   OEIS A000170 and A002562.
//! - [`memory`] reads what memory this process may still take, so a run
//!   too large for it is refused before it starts.

pub mod approach;
pub mod bits;
pub mod clock;
pub mod format;
pub mod hash;
pub mod known;
pub mod man;
pub mod memory;
pub mod probe;
pub mod rate;
pub mod registry;
pub mod split;
pub mod trace;
pub mod traced;
pub mod usage;
pub mod verify;

pub use approach::{
    Approach, Counter, Discard, Ending, Enumerate, Exhaustive, FirstSolution, Found, Info, Kind,
    Local, LocalSearch, Options, Outcome, Refusal, Sink, Steps, TraceRun, Visit, Visitor,
    check_limit,
};
pub use format::Format;
pub use probe::{DepthCounter, NoSteps, Probe, StepCounter};
pub use registry::{Registry, UnknownId};
pub use split::{
    Shard, Split, Tally, Watch, Watcher, count_split, count_split_with_steps, count_tasks,
};
pub use trace::{Event, Restart, TraceInfo, TraceMode, Tracer, Why};
pub use traced::{TraceFailure, write_trace};
pub use verify::{Symmetry, canonical, is_solution};
