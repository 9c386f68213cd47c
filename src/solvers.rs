//! The reference solvers this program links, and their registration.
//!
//! Each solver is a crate of its own (`crates/<problem>`), on top of
//! `judge-solver`, which only knows the trait and an empty registry. This
//! package is the one place that names them all: [`install`] puts them in
//! the registry, so the layers below can turn `problem.yaml`'s ids into
//! solvers without depending on any solver. Touching one solver rebuilds
//! that crate and this one, not the harness.

pub use judge_solver::{Bound, Reached, Solver, SolverRef, bounds, draw_seed, generate_one};

pub use judge_atoms as atoms;
pub use judge_four_in_a_row as four_in_a_row;
pub use judge_slink as slink;
pub use judge_star_battle as star_battle;
pub use judge_sudoku_checker as sudoku_checker;

/// Every solver of this program.
pub const ALL: [&dyn Solver; 5] = [
    &atoms::Atoms,
    &four_in_a_row::FourInARow,
    &slink::Slink,
    &star_battle::StarBattle,
    &sudoku_checker::SudokuChecker,
];

/// Registers [`ALL`]; idempotent, and done by `main` before anything reads
/// a `problem.yaml`.
pub fn install() {
    judge_solver::install(&ALL);
}

/// The solver registered under `id` (registering them first).
pub fn find(id: &str) -> Option<&'static dyn Solver> {
    install();
    judge_solver::find(id)
}

/// All registered ids, sorted (registering the solvers first).
pub fn ids() -> Vec<&'static str> {
    install();
    judge_solver::ids()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_solver_is_registered_once_under_its_own_id() {
        super::install();
        let ids = super::ids();
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(ids, sorted);
        assert_eq!(ids.len(), super::ALL.len());
        for id in ids {
            assert_eq!(super::find(id).map(|s| s.id()), Some(id));
        }
    }
}
