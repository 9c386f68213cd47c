//! A problem, the model every other layer works on: `problem.yaml`, its
//! cases and groups, its submissions and their promised verdicts (in
//! judge's layout and by the package formats' rules), where it came from
//! ([`origin`], plain data), and the rules that judge an output (compare
//! modes, in-crate checkers, verdicts). Also judge's configuration file
//! and its one error type, which names a problem's faults.
//!
//! | module | holds |
//! |---|---|
//! | [`mod@problem`] | a problem folder in judge's layout loaded: spec, cases, groups, submissions, recipes of generated cases |
//! | [`origin`] | what a problem read from an ICPC package keeps of it: format, time rule, what was read past |
//! | [`environment`] | a package's settings for its programs: constants, languages, file writing, code and compile limits |
//! | [`compare`], [`checkers`], [`diff`], [`verdict`] | judging one output |
//! | [`shard`] | splitting a test set across CI jobs |
//! | [`stop`] | how a run ended badly, as data (the limit that stopped it, the signal, the exit code) |
//! | [`config`], [`error`] | `judge-config.yaml`, the error type |
//!
//! Reading ICPC packages, and finding the problems of a folder in either
//! layout, is `judge-package`'s, above this crate. What a package's
//! submissions folder shares with judge's layout is read here:
//! `submissions.yaml`, DOMjudge's `submissions.json` and its
//! `@EXPECTED_RESULTS@` tags ([`problem::submissions`]).
//!
//! May depend on: `judge-text`, `judge-solver` (ids in `problem.yaml`),
//! `judge-fs`, `judge-languages` (a submission's language) and
//! `judge-sandbox` (the `Execution` record that compare modes read, and
//! whether a submission file is a program of its own). Never on the
//! package reader, the engine or the reports, which sit on top of it.

pub mod checkers;
pub mod compare;
pub mod config;
pub mod diff;
pub mod environment;
pub mod error;
pub mod origin;
pub mod problem;
pub mod shard;
pub mod stop;
pub mod verdict;

pub use judge_fs as fsutil;
pub use judge_sandbox::execution;
pub use judge_solver as solvers;
pub use judge_text::{located, rng, scan, strict, units};
