//! The bottom layer of judge: reading the text people write.
//!
//! Every reader in judge (reference solvers' parsers, input validators,
//! `problem.yaml`, configuration, reports) reports a fault as a place,
//! `line:col`, and this crate is where that place is made: [`scan`]
//! tokenises forgivingly, [`strict`] checks exact layout, [`located`]
//! places UTF-8 and YAML faults. [`units`] reads and prints durations and
//! sizes; [`rng`] is the seeded generator whose bytes every machine agrees
//! on.
//!
//! It depends on no other crate of judge, and must not: the solvers sit
//! directly on it, so anything added here is rebuilt under every solver.

pub mod located;
pub mod rng;
pub mod rule;
pub mod scan;
pub mod strict;
pub mod units;
