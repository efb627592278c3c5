//! The integration tests of the registry, one test binary (compiled and
//! linked once, the way ripgrep does it): one module per topic.
//! `cargo test -p queens-approaches --test integration TOPIC::` runs one
//! topic.

mod cross_check;
mod docs;
mod starts;
mod trace;

/// The layout this binary depends on (see the helper).
#[test]
fn one_test_binary_whose_topics_share_no_process_state() {
    queens_test_support::check_integration_layout(env!("CARGO_MANIFEST_DIR"));
}
