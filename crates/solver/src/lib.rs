//! What a reference solver is, and the registry that names them.
//!
//! A solver is a pure function from input text to output text. It never
//! touches the file system, so it can be run in-process, in parallel, from
//! tests and from benchmarks alike. Each problem's solver is a crate of its
//! own (parser, solver, renderer, generator) that depends on this one and
//! on `judge-text` only; `problem.yaml` picks one by id.
//!
//! May depend on: `judge-text`. Nothing above it (no problem, engine or
//! report crate), and no solver: they depend on it.

pub mod bounds;
pub mod svg;
pub mod testing;

pub use bounds::{Bound, Reached, rules_of};

use judge_text::rng::Rng;
use judge_text::scan::InputError;

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

    /// Every rule [`Solver::validate`] names when it rejects a file (the
    /// `rule` of its [`InputError`]s): the shared layout rules it checks,
    /// each bound's [`Bound::rule`], and the problem's own. `judge
    /// validate` lists the ones no invalid input breaks, and
    /// [`testing::rules_are_named`] proves every rejection names one of
    /// them.
    fn rules(&self) -> Vec<String>;

    /// Names of other ways this solver computes the same output on this
    /// machine (a sudoku solver's SIMD engines, say), each of which must
    /// agree with [`Solver::solve`]. Tests and `judge harden` run them all,
    /// so a change to code that only one of them runs is seen.
    fn variants(&self) -> Vec<&'static str> {
        Vec::new()
    }

    /// [`Solver::solve`] computed by one of [`Solver::variants`].
    fn solve_variant(&self, input: &str, variant: &str) -> Result<String, InputError> {
        let _ = variant;
        self.solve(input)
    }

    /// Writes one random valid input file. `size` in `1..=10` scales it, so
    /// shrinking a failing test can retry with smaller inputs.
    fn generate(&self, rng: &mut Rng, size: u32) -> String;

    /// A picture (SVG) of an input file, the boards as given, or with
    /// `output`, of the boards as that output says them (an answer that is
    /// no board, a yes or a no, shown on the board it answers). `None`:
    /// this problem draws nothing, or nothing of `input` can be read.
    ///
    /// The output may be any bytes a submission wrote: what can be read of
    /// it is drawn, and nothing about it may panic.
    fn picture(&self, input: &str, output: Option<&str>) -> Option<String> {
        let _ = (input, output);
        None
    }

    /// The `expected` and the `received` output of `input` drawn side by
    /// side, both marking each place where they differ (see
    /// [`svg::Compared`]); `None` as for [`Solver::picture`].
    fn picture_compared(
        &self,
        input: &str,
        expected: &str,
        received: &str,
    ) -> Option<svg::Compared> {
        let _ = (input, expected, received);
        None
    }
}

/// The solvers of this program, sorted by id: set once by [`install`].
static REGISTRY: std::sync::OnceLock<Vec<&'static dyn Solver>> = std::sync::OnceLock::new();

/// Makes `solvers` the ones that ids in `problem.yaml` name. The program
/// that links the solver crates calls it once at start; later calls are
/// ignored, so every caller may make sure of it.
///
/// The solvers are handed in rather than listed here because this crate
/// sits below them: every layer that reads `problem.yaml` depends on it,
/// and if it depended on the solvers, a one-line change in one solver
/// would rebuild the whole harness.
pub fn install(solvers: &[&'static dyn Solver]) {
    REGISTRY.get_or_init(|| {
        let mut all = solvers.to_vec();
        all.sort_by_key(|s| s.id());
        all
    });
}

fn registry() -> &'static [&'static dyn Solver] {
    REGISTRY.get().map_or(&[], Vec::as_slice)
}

/// The solver registered under `id`.
pub fn find(id: &str) -> Option<&'static dyn Solver> {
    registry().iter().copied().find(|s| s.id() == id)
}

/// All registered ids, for error messages and `judge list`.
pub fn ids() -> Vec<&'static str> {
    registry().iter().map(|s| s.id()).collect()
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

/// A solver id no registered solver has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnknownSolver {
    /// A program that forgot to register its solvers would otherwise
    /// blame every problem.yaml it reads.
    #[error(
        "unknown solver id {0:?}: no solvers are registered (the program must call judge_solver::install first)"
    )]
    NoneRegistered(String),
    #[error("unknown solver id {id:?} (known: {known})")]
    Unknown { id: String, known: String },
}

impl std::str::FromStr for SolverRef {
    type Err = UnknownSolver;

    fn from_str(id: &str) -> Result<Self, UnknownSolver> {
        find(id).map(SolverRef).ok_or_else(|| match ids() {
            known if known.is_empty() => UnknownSolver::NoneRegistered(id.to_string()),
            known => UnknownSolver::Unknown {
                id: id.to_string(),
                known: known.join(", "),
            },
        })
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
    use super::*;

    struct Named(&'static str);

    impl Solver for Named {
        fn id(&self) -> &'static str {
            self.0
        }
        fn solve(&self, input: &str) -> Result<String, InputError> {
            Ok(input.to_string())
        }
        fn validate_noting(&self, _: &str, _: &mut Reached) -> Result<(), InputError> {
            Ok(())
        }
        fn bounds(&self) -> &'static [Bound] {
            &[]
        }
        fn rules(&self) -> Vec<String> {
            Vec::new()
        }
        fn generate(&self, rng: &mut Rng, size: u32) -> String {
            format!("{} {size}\n", rng.range(0, 9))
        }
    }

    static B: Named = Named("b");
    static A: Named = Named("a");
    static C: Named = Named("c");

    #[test]
    fn the_registry_is_sorted_set_once_and_ids_parse_against_it() {
        let err = "a".parse::<SolverRef>().unwrap_err().to_string();
        assert!(err.contains("no solvers are registered"), "{err}");
        install(&[&B, &A]);
        install(&[&C]);
        assert_eq!(ids(), ["a", "b"]);
        assert_eq!(find("b").map(|s| s.id()), Some("b"));
        assert!(find("c").is_none());
        let known: SolverRef = "a".parse().unwrap();
        assert_eq!(known.to_string(), "a");
        let err = "c".parse::<SolverRef>().unwrap_err().to_string();
        assert!(
            err.contains("unknown solver id \"c\" (known: a, b)"),
            "{err}"
        );
        // Generated inputs depend on the seed and index only.
        assert_eq!(generate_one(&A, 7, 3, 2), generate_one(&B, 7, 3, 2));
        assert_ne!(draw_seed(7, 3), draw_seed(7, 4));
    }
}
