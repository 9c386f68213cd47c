//! The sessions: commands that search, keep and rewrite cases rather than
//! report on a test set.
//!
//! | module | session |
//! |---|---|
//! | [`stress`] | `judge stress`: random inputs until a submission and the reference disagree, the counterexample shrunk |
//! | [`harden`] | `judge harden`: cases that catch surviving solver mutants and wrong submissions |
//! | [`regen`] | `judge regen`: expected outputs (and generated inputs) recomputed and written atomically |
//! | [`case_store`] | where the searches keep what they find: cases written whole, recipe entries, `SOURCES.md` rows |
//!
//! A reference that has no answer to an input alone (interactive,
//! multi-pass: [`crate::problem::Kind::why_no_answer_alone`]) is refused
//! by every session, in words, before anything runs.

pub mod case_store;
pub mod harden;
pub mod regen;
pub mod stress;
