//! The grading engine: everything that runs something on a case and judges
//! it. Commands parse their arguments, call in here and print; benches and
//! tests use the engine directly.
//!
//! Its folders are its stages, in the order a run meets them:
//!
//! | folder | stage | owns |
//! |---|---|---|
//! | [`build`] | building programs | a submission or a problem's own program turned into a runnable [`build::program::Program`] (compiled once, in the sandbox, through the cache); languages as the contest ran them; a package's `include/` files; the problem's programs built once ([`build::tools`]); `judge languages` |
//! | [`execute`] | running | the sandbox's runner with the run's cache beside it; an in-crate reference in-process (heap and CPU counted); a reference program's answer to one input |
//! | [`judging`] | judging one output | how a problem judges an output (compare mode, in-crate checker, checker or interactor program), one case graded the problem's way ([`judging::grader`]), the result cache in front of it, the record of a case |
//! | [`illustrate`] | pictures of a case | the pictures of a judged case (after compare: input, expected and received output), drawn for failing cases or, asked, every case; `judge visualize`'s core |
//! | [`score`] | scoring | a scoring problem's score from its case results, one owner for every command |
//! | [`time`] | time limits | a problem's and a submission's limits, the computed limit of a package that leaves one open, the calibration of `judge timelimit` and its interval |
//! | [`pass`] | the passes | `check`, `validate` and `grade` over a test set on one skeleton; a submission made ready to grade; the expected-verdict submissions' promises |
//! | [`generate`] | test data from recipes | a BAPCtools recipe run into a package's data; drift of generated inputs against their recipe |
//! | [`session`] | the sessions | `judge stress`, `judge harden` and `judge regen`, and the store of the cases they keep |
//! | [`cache`] | the cache | builds and case results kept between runs |
//! | [`error`] | | what stops a run before it can give a verdict |
//!
//! `sandbox`, `toolchain`, `launcher`, `cgroup`, `confine`, `relay` come
//! from `judge-sandbox`: isolation, tools on PATH, the per-worker launcher,
//! accounting, interactive wiring.
//!
//! One case, top down: a pass ([`pass::check`], [`pass::grade`]) or a
//! session makes a [`judging::grader::Grader`] → [`judging::reuse`] →
//! [`judging::grader`] → [`judging`] → `judging::program` →
//! [`judging::record`]; an input of [`pass::validate`] goes to
//! [`pass::validate::input`] → [`pass::validate::noted`]. Each imports
//! only what lies to its right, and [`build::tools`] (the problem's
//! programs), which imports none of them.
//!
//! Data still flows one way: the engine reads problems (discover), produces
//! [`crate::execution::Execution`] records (execute), hands them to
//! [`crate::compare`] and assembles [`crate::report`] records. It never
//! renders or prints: a long call tells its caller what happens through
//! events (a closure, or a trait the command line implements, like
//! [`pass::partial::Progress`] for the bars on a terminal, the log lines and
//! the report of the problems finished so far), and returns data, the
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
pub(crate) use judge_problem::{
    checkers, compare, config, diff, environment, origin, problem, shard, verdict,
};
pub(crate) use judge_report as report;
pub(crate) use judge_sandbox::execution;
pub(crate) use judge_solver as solvers;
pub(crate) use judge_text::{located, rule, scan, units};

/// The binary counts heap bytes per thread (see [`execute::heap`]); this crate's
/// own tests measure with the same allocator.
#[cfg(test)]
#[global_allocator]
static HEAP: execute::heap::Counting = execute::heap::Counting;

pub mod build;
pub mod cache;
pub mod error;
pub mod execute;
pub mod generate;
pub mod illustrate;
pub mod judging;
pub mod pass;
pub mod score;
pub mod session;
pub mod time;
pub mod timeline;

pub use judge_sandbox::{cgroup, confine, launcher, relay, sandbox, toolchain};
