//! The grading engine: everything that runs something on a case and judges
//! it. Commands parse their arguments, call in here and print; benches and
//! tests use the engine directly.
//!
//! | module | owns |
//! |---|---|
//! | [`build`] | turning a submission into a runnable [`program::Program`] (compiled once, in the sandbox) |
//! | [`program`] | what a build gives: the program, the build error, the tools it uses |
//! | `compile` | running the compilers, through the build cache |
//! | [`limits`] | a problem's limits with command-line overrides → kernel limits |
//! | [`runner`] | the sandbox's runner with the run's cache beside it |
//! | [`sandbox`], [`toolchain`], [`launcher`], `cgroup`, `relay` | from `judge-sandbox`: isolation, tools on PATH, the per-worker launcher, accounting, interactive wiring |
//! | [`mod@reference`] | a reference solver in-process |
//! | [`noted`] | bounds a validator program notes on its standard output |
//! | [`heap`] | per-thread heap peak and CPU time of an in-process call |
//! | [`case`] | judging one case (reference, validator, submission) |
//! | [`tools`] | a problem's own programs (reference, checker, validators, generator), built once |
//! | `checker` | compare modes, in-crate checkers, ICPC and testlib checker programs |
//! | [`output_check`] | tests of the checker: outputs it must accept or reject |
//! | `interact` | interactive problems: submission and interactor wired together |
//! | [`run`] | the run-over-a-test-set skeleton shared by check, validate, grade |
//! | [`submissions`] | expected-verdict submissions, sharded by whole submissions |
//! | `timing` | time limits: measured for a package that leaves one open, calibrated against problemtools' margins (`judge timelimit`), `check`'s warning |
//! | [`stress`] | the search for a counterexample and its shrinking |
//! | [`harden`] | cases that catch surviving solver mutants and wrong submissions: mutation runs read, mutants built, the search |
//! | [`drift`] | the cases against their `recipe.yaml`: generated inputs remade and compared |
//!
//! Data still flows one way: the engine reads problems (discover), produces
//! [`crate::execution::Execution`] records (execute), hands them to
//! [`crate::compare`] and assembles [`crate::report`] records. It never
//! renders or prints.
//!
//! May depend on every layer below: `judge-report` (the records it fills),
//! `judge-package` (the recipes of generated data), `judge-problem`,
//! `judge-languages`, `judge-sandbox`, `judge-fs`,
//! `judge-solver` (the trait only; the binary registers the solvers) and
//! `judge-text`. Nothing here parses the command line or prints.

// The layers below, under the names the code uses.
pub(crate) use judge_fs as fsutil;
pub(crate) use judge_package as package;
pub(crate) use judge_problem::{compare, error, origin, problem, shard, verdict};
pub(crate) use judge_report as report;
pub(crate) use judge_sandbox::execution;
pub(crate) use judge_solver as solvers;
pub(crate) use judge_text::{located, scan, units};

/// The binary counts heap bytes per thread (see [`heap`]); this crate's
/// own tests measure with the same allocator.
#[cfg(test)]
#[global_allocator]
static HEAP: heap::Counting = heap::Counting;

pub mod build;
pub mod cache;
pub mod case;
pub(crate) mod checker;
pub(crate) mod compile;
pub mod drift;
pub mod generated;
pub mod harden;
pub mod heap;
pub(crate) mod interact;
pub mod limits;
mod multipass;
pub mod noted;
pub mod output_check;
pub mod program;
pub mod reference;
pub mod reuse;
pub mod run;
pub mod stress;
pub mod submissions;
pub mod time_limit;
pub mod timing;
pub mod tools;

pub mod runner;

pub use judge_sandbox::{cgroup, launcher, relay, sandbox, toolchain};
