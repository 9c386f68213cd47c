//! judge: a batch grading harness for online-judge style test sets.
//!
//! Data flows one way through four stages:
//! discover ([`problem`]) → execute ([`engine`], producing [`execution`]
//! records) → compare ([`compare`]) → report ([`report`]). The
//! [`engine`] runs the first three for every command; the [`commands`]
//! parse their own arguments, call the engine and print; `main.rs` only
//! dispatches and maps results to exit codes.
//!
//! Items are `pub(crate)` unless the binary, the benches or the
//! integration tests use them, so the dead-code lint sees everything else.

/// Counts heap bytes per thread, so `check` can report the memory of
/// in-process reference solvers (see `engine::heap`).
#[global_allocator]
static HEAP: engine::heap::Counting = engine::heap::Counting;

pub mod checkers;
pub mod commands;
pub mod compare;
pub mod config;
pub(crate) mod diff;
pub mod engine;
pub mod error;
pub mod execution;
pub(crate) mod fsutil;
pub mod located;
pub(crate) mod package;
pub mod problem;
pub mod report;
pub mod rng;
pub mod scan;
pub mod shard;
pub mod solvers;
pub(crate) mod strict;
pub mod units;
pub mod verdict;
