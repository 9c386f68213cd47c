//! Reference solvers and the registry that names them.
//!
//! A solver is a pure function from input text to output text. It never
//! touches the file system, so it can be run in-process, in parallel, from
//! tests and from benchmarks alike. Each problem lives in its own module
//! (parser, solver, renderer, generator); `problem.yaml` picks one by id.

pub mod atoms;
pub mod four_in_a_row;
pub mod slink;
pub mod star_battle;
pub mod sudoku_checker;

use crate::rng::Rng;
use crate::scan::InputError;

/// One problem's reference solution.
pub trait Solver: Sync {
    /// Registry id, as written in `problem.yaml`.
    fn id(&self) -> &'static str;

    /// Solves a whole input file. Errors locate the first problem found.
    fn solve(&self, input: &str) -> Result<String, InputError>;

    /// Checks an input file strictly: exact layout (single spaces, LF line
    /// ends, final newline, no stray blank lines) and every constraint of the
    /// problem statement. Stricter than [`Solver::solve`], which accepts what
    /// a forgiving judge would.
    fn validate(&self, input: &str) -> Result<(), InputError>;

    /// Writes one random valid input file. `size` in `1..=10` scales it, so
    /// shrinking a failing test can retry with smaller inputs.
    fn generate(&self, rng: &mut Rng, size: u32) -> String;
}

/// Every registered solver, sorted by id.
static REGISTRY: &[&dyn Solver] = &[
    &atoms::Atoms,
    &four_in_a_row::FourInARow,
    &slink::Slink,
    &star_battle::StarBattle,
    &sudoku_checker::SudokuChecker,
];

/// The solver registered under `id`.
pub fn find(id: &str) -> Option<&'static dyn Solver> {
    REGISTRY.iter().copied().find(|s| s.id() == id)
}

/// All registered ids, for error messages and `judge list`.
pub fn ids() -> Vec<&'static str> {
    REGISTRY.iter().map(|s| s.id()).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn registry_ids_are_sorted_and_unique() {
        let ids = super::ids();
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(ids, sorted);
    }
}
