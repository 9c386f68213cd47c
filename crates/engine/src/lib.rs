//! The grading engine: everything that runs something on a case and judges
//! it. Commands parse their arguments, call in here and print; benches and
//! tests use the engine directly.
//!
//! | module | owns |
//! |---|---|
//! | [`error`] | the engine's error: what stops a run before it can give a verdict |
//! | [`build`] | turning a submission into a runnable [`program::Program`] (compiled once, in the sandbox) |
//! | [`program`] | what a build gives: the program, the build error, the tools it uses |
//! | `compile` | running the compilers, through the build cache |
//! | `dialect` | languages as the contest ran them: PyPy for packages, Python 2, C/C++ standards, SpiderMonkey JS, GNUstep, toolchains too old |
//! | [`limits`] | a problem's limits with command-line overrides → kernel limits |
//! | [`runner`] | the sandbox's runner with the run's cache beside it, started from judge's configuration |
//! | [`sandbox`], [`toolchain`], [`launcher`], `cgroup`, `relay` | from `judge-sandbox`: isolation, tools on PATH, the per-worker launcher, accounting, interactive wiring |
//! | [`mod@reference`] | a reference solver in-process |
//! | [`noted`] | bounds a validator program notes on its standard output: read and tallied |
//! | [`heap`] | per-thread heap peak and CPU time of an in-process call |
//! | [`tools`] | a problem's own programs (reference, checker, validators, generator), built once |
//! | [`record`] | the record of one case ([`report::CaseReport`]), made only here |
//! | `judge_program` | the checker or interactor program: its process, feedback folder and exit codes, run after, alongside or between the passes of a run |
//! | `judging` | how a problem judges an output (compare mode, in-crate checker, checker program), worked out once per problem |
//! | [`grader`] | grading one case: the problem's way (plain, interactive, multi-pass) for submissions and the reference alike |
//! | [`reuse`] | the result cache in front of a grader |
//! | [`check`] | `check`'s reference run over a problem's cases |
//! | [`validation`] | a case's input through the validators: their word and the bounds they noted |
//! | [`output_check`] | tests of the checker: outputs it must accept or reject |
//! | [`run`] | the run-over-a-test-set skeleton shared by check, validate, grade; a single problem made ready |
//! | [`pass`] | the check, validate and grade runs, one call each |
//! | [`submission`] | one submission built and given its limits: the grader of `grade`, `stress`, `harden` and the expected-verdict submissions |
//! | [`submissions`] | expected-verdict submissions, sharded by whole submissions |
//! | [`time_limit`], [`timing`] | time limits: measured for a package that leaves one open, calibrated against problemtools' margins (`judge timelimit`), `check`'s warning |
//! | [`stress`] | the search for a counterexample and its shrinking, and a whole `judge stress` run |
//! | [`harden`] | cases that catch surviving solver mutants and wrong submissions: mutation runs read, mutants built, the search, a whole run's session |
//! | [`case_store`] | the cases the searches keep: files written whole, recipe entries, `SOURCES.md` rows |
//! | [`drift`] | the cases against their `recipe.yaml`: generated inputs remade and compared |
//! | [`regen`] | expected outputs (and generated inputs) recomputed and written atomically |
//! | [`generated`] | a package's test data made from its BAPCtools recipe; stale recipes found and their packages loaded again |
//! | [`solve`] | a reference program's answer to one input |
//! | [`toolchains`] | the language table as this machine sees it |
//!
//! One case, top down: [`check`] (the reference) or a command's grader
//! → [`reuse`] → [`grader`] → `judging` → `judge_program` → [`record`];
//! [`validation`] → [`noted`]. Each imports only what lies to its right,
//! and [`tools`] (the problem's programs), which imports none of them.
//!
//! Data still flows one way: the engine reads problems (discover), produces
//! [`crate::execution::Execution`] records (execute), hands them to
//! [`crate::compare`] and assembles [`crate::report`] records. It never
//! renders or prints: a long call tells its caller what happens through
//! events (a closure, or a trait the command line implements, like
//! [`run::Progress`] for the bars on a terminal), and returns data, the
//! cache's summary line included.
//!
//! May depend on every layer below: `judge-report` (the records it fills),
//! `judge-package` (the recipes of generated data), `judge-problem`,
//! `judge-languages`, `judge-sandbox`, `judge-fs`,
//! `judge-solver` (the trait only; the binary registers the solvers) and
//! `judge-text`. Nothing here parses the command line or prints.

// The layers below, under the names the code uses.
pub(crate) use judge_fs as fsutil;
pub(crate) use judge_package as package;
pub(crate) use judge_problem::{checkers, compare, config, diff, origin, problem, shard, verdict};
pub(crate) use judge_report as report;
pub(crate) use judge_sandbox::execution;
pub(crate) use judge_solver as solvers;
pub(crate) use judge_text::{located, rule, scan, units};

/// The binary counts heap bytes per thread (see [`heap`]); this crate's
/// own tests measure with the same allocator.
#[cfg(test)]
#[global_allocator]
static HEAP: heap::Counting = heap::Counting;

pub mod build;
pub mod cache;
pub mod case_store;
pub mod check;
pub(crate) mod compile;
pub(crate) mod dialect;
pub mod drift;
pub mod error;
pub mod generated;
pub mod grader;
pub mod harden;
pub mod heap;
pub mod included;
pub mod interval;
pub mod interval_store;
pub(crate) mod judge_program;
pub(crate) mod judging;
pub mod legacy_grader;
pub mod limits;
pub mod noted;
pub mod output_check;
pub mod pass;
pub(crate) mod pch;
pub mod program;
pub mod record;
pub mod reference;
pub mod regen;
pub mod reuse;
pub(crate) mod rule_checks;
pub mod run;
pub mod solve;
pub mod stress;
pub mod submission;
pub mod submissions;
pub mod time_limit;
pub mod timing;
pub mod toolchains;
pub mod tools;
pub mod validation;

pub mod runner;

pub use judge_sandbox::{cgroup, confine, launcher, relay, sandbox, toolchain};
