//! Sessions.

pub mod case_store;
pub mod harden;
pub mod regen;
pub mod stress;
