//! The grading engine: everything that runs something on a case and judges
//! it. Commands parse their arguments, call in here and print; benches and
//! tests use the engine directly.
//!
//! | module | owns |
//! |---|---|
//! | [`build`] | turning a submission into a runnable [`build::Program`] (compile once) |
//! | [`limits`] | a problem's limits with command-line overrides → kernel limits |
//! | [`sandbox`] | isolation: what a submission may not see, uid slots |
//! | [`process`] | one child process under limits, measured |
//! | [`mod@reference`] | a reference solver in-process |
//! | [`case`] | judging one case (reference, validator, submission) |
//! | [`run`] | the run-over-a-test-set skeleton shared by check, validate, grade |
//! | [`submissions`] | expected-verdict submissions, sharded by whole submissions |
//! | [`stress`] | the search for a counterexample and its shrinking |
//!
//! Data still flows one way: the engine reads problems (discover), produces
//! [`crate::execution::Execution`] records (execute), hands them to
//! [`crate::compare`] and assembles [`crate::report`] records. It never
//! renders or prints.

pub mod build;
pub mod case;
pub mod limits;
pub mod process;
pub mod reference;
pub mod run;
pub mod sandbox;
pub mod stress;
pub mod submissions;
