//! The runs over a test set that write a report, each one call for its
//! command: what is judged and with what, on the [`crate::pass::skeleton`]
//! skeleton. The command line loads the problems, starts the
//! [`Session`](crate::pass::skeleton::Session) and the runner, calls one of these
//! and publishes the report it gets back.
//!
//! | module | run |
//! |---|---|
//! | [`check`] | every case through the reference, drift, the expected-verdict submissions |
//! | [`validate`] | every input through the validators, `invalid/` inputs, the checker's own tests, hygiene, bounds, drift |
//! | [`grade`] | one submission on every case |
//!
//! Beside them, [`skeleton`] is what the three share (the worker pool, the
//! problems made ready, cases judged in parallel, the report assembled
//! and scored), and [`submission`] is one submission built and given its
//! limits, for `grade`, the expected-verdict submissions and the sessions.

pub mod partial;
pub mod skeleton;
pub mod submission;

pub mod check;
pub mod grade;
pub mod validate;
