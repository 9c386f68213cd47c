//! The integration tests, as one crate: one binary to link instead of
//! twelve, and helpers shared through [`common`].
//!
//! Tests that run the `judge` binary use `CARGO_BIN_EXE_judge`; tests of the
//! library call it directly. Each module covers one area.

mod browser;
mod cache;
mod checktestdata;
mod cli;
mod common;
mod computed_limit;
mod conformance;
mod conventions;
mod dialects;
mod docs;
mod domjudge;
mod generate;
mod generated;
mod generators;
mod grade;
mod harden;
mod headline;
mod hostile;
mod in_place;
mod in_place_reference;
mod input_validators;
mod interactive_ends;
mod interrupted;
mod invalid_rules;
mod junit;
mod kinds;
mod language_table;
mod languages;
mod layers;
mod leftovers;
mod legacy_grading;
mod memory;
mod module_circles;
mod new;
mod output_checks;
mod package;
mod parsers;
mod pictures;
mod plain_user;
mod recipe;
mod refprog;
mod report_browser;
mod report_links;
mod root;
mod sandbox;
mod several_validators;
mod shard;
mod snapshots;
mod spec_data;
mod spec_keys;
mod spec_kinds;
mod spec_programs;
mod spec_promises;
mod strength;
mod stress;
mod sudoku_checker;
mod tiers;
mod timelimit;
mod timings;
mod tools;
mod validate;
mod walkthrough;
