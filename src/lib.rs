//! judge: a batch grading harness for online-judge style test sets.
//!
//! This package is the command line: [`commands`] parse their own
//! arguments, call the harness (`judge-engine`, `judge-report`,
//! `judge-package`, `judge-problem` and the layers below, re-exported here under the module
//! names the code uses) and print; `main.rs` only dispatches, and
//! [`exit`] maps results to exit codes (the one table of them). [`solvers`] is the one place that links every reference
//! solver crate and registers them.
//!
//! Items are `pub(crate)` unless the binary, the benches or the
//! integration tests use them, so the dead-code lint sees everything else.

/// Counts heap bytes per thread, so `check` can report the memory of
/// in-process reference solvers (see `engine::execute::heap`).
#[global_allocator]
static HEAP: engine::execute::heap::Counting = engine::execute::heap::Counting;

pub mod commands;
pub mod error;
pub mod exit;
pub mod solvers;

pub use judge_engine as engine;
pub use judge_fs as fsutil;
pub use judge_package as package;
pub use judge_problem::{checkers, compare, config, diff, origin, problem, shard, verdict};
pub use judge_report as report;
pub use judge_sandbox::execution;
pub use judge_text::{located, rng, scan, strict, units};
