//! A problem on disk: `problem.yaml`, its cases and groups, its submissions
//! and their promised verdicts, ICPC / Kattis packages both ways, and the
//! rules that judge an output (compare modes, in-crate checkers, verdicts).
//! Also judge's configuration file and its one error type, which names a
//! problem's faults.
//!
//! May depend on: `judge-text`, `judge-solver` (ids in `problem.yaml`),
//! `judge-fs`, `judge-languages` (a package names its submissions'
//! languages) and `judge-sandbox` (only for the `Execution` record that
//! compare modes read). Never on the engine or the reports, which sit on
//! top of it.

pub mod checkers;
pub mod compare;
pub mod config;
pub mod diff;
pub mod error;
pub mod package;
pub mod problem;
pub mod shard;
pub mod verdict;

pub use judge_fs as fsutil;
pub use judge_sandbox::execution;
pub use judge_solver as solvers;
pub use judge_text::{located, rng, scan, strict, units};

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
