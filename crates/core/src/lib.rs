//! The harness below the command line: a problem on disk, running programs
//! under limits, judging their output, and the reports.
//!
//! Data flows one way through four stages:
//! discover ([`problem`]) → execute ([`engine`], producing [`execution`]
//! records) → compare ([`compare`]) → report ([`report`]). The
//! [`engine`] runs the first three for every command.
//!
//! May depend on: `judge-text` and `judge-solver` (the solver trait and
//! its registry), never on a solver crate: the binary links the solvers
//! and registers them, so a change in one solver does not rebuild this
//! crate. Nothing here knows the command line.
//!
//! Items are `pub(crate)` unless the command line, the benches or the
//! integration tests use them, so the dead-code lint sees everything else.

/// The binary counts heap bytes per thread (see `engine::heap`); this
/// crate's own tests measure with the same allocator.
#[cfg(test)]
#[global_allocator]
static HEAP: engine::heap::Counting = engine::heap::Counting;

/// Registers the real solvers (dev-dependencies) for tests that read a
/// `problem.yaml` naming one.
#[cfg(test)]
pub(crate) fn register_solvers() {
    judge_solver::install(&[
        &judge_atoms::Atoms,
        &judge_four_in_a_row::FourInARow,
        &judge_slink::Slink,
        &judge_star_battle::StarBattle,
        &judge_sudoku_checker::SudokuChecker,
    ]);
}

pub mod checkers;
pub mod compare;
pub mod config;
pub mod diff;
pub mod engine;
pub mod error;
pub mod package;
pub mod problem;
pub mod report;
pub mod shard;
pub mod verdict;

pub use judge_fs as fsutil;
pub use judge_sandbox::execution;
pub use judge_solver as solvers;
pub use judge_text::{located, rng, scan, strict, units};
