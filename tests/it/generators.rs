//! Every generated input passes its problem's strict validator.
//!
//! `judge gen` and `judge stress` trust the in-crate generators to write
//! inputs the statement allows; a generator that sometimes breaks a limit
//! (issue #16: Four in a row games of 43 to 45 moves) makes stress runs
//! report "bugs" on inputs no judge would ever give. So each generator is
//! run over many seeds and every size 1..=10, and each input must pass
//! [`Solver::validate`]. Slow generators (Sudoku's uniqueness counts,
//! Slink's 20×20 loops, Atoms' replays) get fewer seeds, so the whole test
//! takes a few seconds; the cheap ones get hundreds, where rare branches
//! (like the one of #16, about 1 input in 60) show up.

use rayon::prelude::*;

use judge::solvers::{Solver, generate_one};

/// Seeds per size of the slow generators; every other problem of
/// `problems/` gets [`SEEDS`] (the list of problems is read from the
/// folder, so adding one breaks no test). Each seed is tried at every
/// size 1..=10.
const SLOW: &[(&str, u64)] = &[("atoms", 120), ("slink", 100), ("sudoku-checker", 30)];

/// Seeds per size of a cheap generator.
const SEEDS: u64 = 300;

/// One input that the validator rejected, with what recreates it.
struct Failure {
    seed: u64,
    index: usize,
    size: u32,
    error: String,
    input: String,
}

/// Generates and validates `problem`'s inputs for `seeds` seeds × 10 sizes;
/// returns the failures. Input `(seed, size)` is index `size - 1` of that
/// seed, so every input has a random stream of its own and each failure is
/// `judge gen PROBLEM --seed S --index I --size N`.
fn failures(solver: &dyn Solver, seeds: u64) -> Vec<Failure> {
    let cases: Vec<(u64, u32)> = (0..seeds)
        .flat_map(|seed| (1..=10).map(move |size| (seed, size)))
        .collect();
    cases
        .into_par_iter()
        .filter_map(|(seed, size)| {
            let index = size as usize - 1;
            let input = generate_one(solver, seed, index, size);
            let error = solver.validate(&input).err()?;
            Some(Failure {
                seed,
                index,
                size,
                error: error.to_string(),
                input,
            })
        })
        .collect()
}

#[test]
fn every_generated_input_passes_the_strict_validator() {
    let mut report = String::new();
    for (id, solver) in crate::common::solver_problems() {
        let id = id.as_str();
        let seeds = SLOW
            .iter()
            .find(|&&(slow, _)| slow == id)
            .map_or(SEEDS, |&(_, n)| n);
        let found = failures(solver, seeds);
        for f in found.iter().take(5) {
            let shown: String = f.input.chars().take(400).collect();
            report.push_str(&format!(
                "{id}: seed {} index {} size {}: {}\n  (`judge gen {id} --seed {} --index {} --size {}`)\n{shown}\n",
                f.seed,
                f.index,
                f.size,
                f.error,
                f.seed,
                f.index,
                f.size,
            ));
        }
        if !found.is_empty() {
            report.push_str(&format!(
                "{id}: {} of {} inputs rejected\n",
                found.len(),
                seeds * 10
            ));
        }
    }
    assert!(report.is_empty(), "generated inputs rejected:\n{report}");
}
