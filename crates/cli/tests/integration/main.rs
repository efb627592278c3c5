//! The integration tests of `queens`, one test binary (compiled and linked
//! once, the way ripgrep does it): one module per topic, the helpers beside
//! them. `cargo test -p queens-cli --test integration TOPIC::` runs one
//! topic.

// Helpers.
mod board;
mod harness;
mod queens_cmd;

// Topics.
mod applicability;
mod check_board;
mod checkpoint;
mod checksum;
mod cli;
mod commands;
mod default;
mod exit_status;
mod explorer;
mod files;
mod findings;
mod gave_up;
mod knobs;
#[cfg(target_os = "linux")]
mod memory;
mod random_args;
mod readme;
mod readme_examples;
#[cfg(target_os = "linux")]
mod signals;
#[cfg(target_os = "linux")]
mod slurm;
mod trace;

/// The layout this binary depends on (see the helper).
#[test]
fn one_test_binary_whose_topics_share_no_process_state() {
    queens_test_support::check_integration_layout(env!("CARGO_MANIFEST_DIR"));
}
