//! Reference solvers and the registry that names them.
//!
//! A solver is a pure function from input text to output text. It never
//! touches the file system, so it can be run in-process, in parallel, from
//! tests and from benchmarks alike. Each problem lives in its own module
//! (parser, solver, renderer, generator); `problem.yaml` picks one by id.

pub mod atoms;
pub mod bounds;
#[cfg(test)]
mod case_outputs;
pub mod four_in_a_row;
pub mod slink;
pub mod star_battle;
pub mod sudoku_checker;

pub use bounds::{Bound, Reached};

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
    fn validate(&self, input: &str) -> Result<(), InputError> {
        self.validate_noting(input, &mut Reached::default())
    }

    /// [`Solver::validate`], noting each value of every [`Solver::bounds`]
    /// it reads (also from a file it then rejects, up to the fault).
    fn validate_noting(&self, input: &str, reached: &mut Reached) -> Result<(), InputError>;

    /// The numbers the statement bounds, in the order a reader meets them.
    fn bounds(&self) -> &'static [Bound];

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

/// A registered solver, named in `problem.yaml` by its id.
///
/// The id is checked once, when `problem.yaml` is parsed (so a typo is an
/// error with its line and column), and from then on the handle *is* the
/// solver: no later lookup can fail.
#[derive(Clone, Copy)]
pub struct SolverRef(&'static dyn Solver);

impl SolverRef {
    pub fn id(self) -> &'static str {
        self.0.id()
    }

    pub fn get(self) -> &'static dyn Solver {
        self.0
    }
}

impl std::str::FromStr for SolverRef {
    type Err = String;

    fn from_str(id: &str) -> Result<Self, String> {
        find(id)
            .map(SolverRef)
            .ok_or_else(|| format!("unknown solver id {id:?} (known: {})", ids().join(", ")))
    }
}

impl std::fmt::Debug for SolverRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SolverRef({:?})", self.id())
    }
}

impl std::fmt::Display for SolverRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl PartialEq for SolverRef {
    fn eq(&self, other: &Self) -> bool {
        self.id() == other.id()
    }
}

impl serde::Serialize for SolverRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> serde::Deserialize<'de> for SolverRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = <String as serde::Deserialize>::deserialize(d)?;
        id.parse().map_err(serde::de::Error::custom)
    }
}

/// The generated input number `index` for `seed` at `size`. File `i` of a
/// seed has its own RNG seeded with `(seed, i)`, so asking for more files
/// never changes the earlier ones, and `judge stress` can name any input it
/// tried by `(seed, index, size)`.
pub fn generate_one(solver: &dyn Solver, seed: u64, index: usize, size: u32) -> String {
    let mut rng = Rng::new(draw_seed(seed, index));
    solver.generate(&mut rng, size)
}

/// The seed of file `index` of `seed`: what an in-crate generator's RNG
/// starts from, and the `SEED` argument a generator program gets.
pub fn draw_seed(seed: u64, index: usize) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(index as u64)
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
