//! The command line: one module per verb, each with its clap `Args` (help
//! text next to every field) and a `run` that calls the engine and prints.
//! No command imports another. What several share lives in leaf modules
//! ([`args`], [`context`], `output`, `progress`), and the dispatch in
//! [`cli`], which nothing imports back.

pub mod args;
pub mod check;
pub mod cli;
pub mod context;
pub mod diff;
pub mod export;
pub mod generate;
pub mod generated;
pub mod grade;
pub mod harden;
pub mod import;
pub mod languages;
pub mod list;
pub mod merge;
pub mod new;
mod output;
mod progress;
pub mod regen;
pub mod sandbox;
pub mod solve;
pub mod stress;
pub mod timelimit;
pub mod validate;
pub mod visualize;
