//! Criterion benches live in `benches/`; this empty library only anchors the package.
