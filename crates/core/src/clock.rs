//! The searches' clock for their `*_nanos` statistics: [`std::time::Instant`]
//! itself, except on `wasm32-unknown-unknown` (the explorer's engine),
//! where `Instant::now()` panics for want of a clock; there [`Instant`] is
//! a stand-in whose every duration is zero. Natively this is std's type,
//! re-exported: the timed searches pay nothing for it.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use self::zero::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod zero {
    use std::time::Duration;

    /// A moment on a clock that does not move: every `elapsed` is zero.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Instant;

    impl Instant {
        /// Now (the only moment there is).
        pub fn now() -> Instant {
            Instant
        }

        /// Zero.
        pub fn elapsed(&self) -> Duration {
            Duration::ZERO
        }
    }
}
