//! judge: a batch grading harness for online-judge style test sets.
//!
//! Data flows one way through four stages, one module each:
//! discover ([`problem`]) → execute ([`exec`]) → compare ([`compare`]) →
//! report ([`report`]). The [`commands`] wire stages together; `main.rs`
//! only parses arguments and maps results to exit codes.

pub mod commands;
pub mod compare;
pub mod diff;
pub mod exec;
pub mod fsutil;
pub mod package;
pub mod problem;
pub mod report;
pub mod rng;
pub mod scan;
pub mod shard;
pub mod solvers;
pub mod strict;
pub mod units;
pub mod verdict;
