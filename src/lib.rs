//! judge: a batch grading harness for online-judge style test sets.
//!
//! This package is the command line: [`commands`] parse their own
//! arguments, call the harness (`judge-core`, re-exported here under the
//! same module names) and print; `main.rs` only dispatches and maps results
//! to exit codes. [`solvers`] is the one place that links every reference
//! solver crate and registers them.
//!
//! Items are `pub(crate)` unless the binary, the benches or the
//! integration tests use them, so the dead-code lint sees everything else.

/// Counts heap bytes per thread, so `check` can report the memory of
/// in-process reference solvers (see `engine::heap`).
#[global_allocator]
static HEAP: engine::heap::Counting = engine::heap::Counting;

pub mod commands;
pub mod solvers;

pub use judge_core::{
    checkers, compare, config, diff, engine, error, execution, fsutil, located, package, problem,
    report, rng, scan, shard, strict, units, verdict,
};
