//! Atoms (UVa 11606): decide whether a board can arise in the forced game.
//!
//! After player one's free first move every move is forced (the mover takes
//! the stable cell farthest from the opponent, ties by row then column), so a
//! board is reachable iff some first cell leads to it. The solver replays the
//! game from each first cell the board allows and stops a replay as soon as it
//! places an atom the board does not hold: atoms are never removed, so such a
//! replay can never come back to the board. See [`game`] for the rules and
//! `tests/atoms.rs` for the independent check of every committed expectation.

pub mod game;
mod generate;
pub mod parse;

use std::fmt::Write;

use judge_text::rng::Rng;
use judge_text::scan::InputError;
use judge_text::strict;

use game::{MAX_N, MIN_N};
use judge_solver::{Bound, Reached};

/// The bounds the statement (and PROBLEMS.md) sets.
const BOARDS: Bound = Bound::new("T (boards)", 1, parse::MAX_BOARDS);
const SIZE: Bound = Bound::new("N (board size)", MIN_N as i64, MAX_N as i64);
const VALUE: Bound = Bound::new("cell value", -parse::MAX_ABS_VALUE, parse::MAX_ABS_VALUE);

pub struct Atoms;

impl judge_solver::Solver for Atoms {
    fn id(&self) -> &'static str {
        "atoms"
    }

    fn solve(&self, input: &str) -> Result<String, InputError> {
        let boards = parse::parse(input)?;
        let mut out = String::new();
        for (k, board) in boards.iter().enumerate() {
            let verdict = if game::search(board).valid() {
                "valid"
            } else {
                "invalid"
            };
            let _ = writeln!(out, "Case {}: {verdict}", k + 1);
        }
        Ok(out)
    }

    /// Strict layout: `T` (1..=49), then per board `N` (3..=7) and `N`
    /// lines of `N` single-spaced integers with |v| ≤ 9.
    fn validate_noting(&self, input: &str, reached: &mut Reached) -> Result<(), InputError> {
        let lines = strict::lines(input)?;
        let t = strict::line(&lines, 0, "the number of boards T")?.ints(
            1,
            "the number of boards T",
            BOARDS.range(),
        )?[0];
        reached.note(&BOARDS, t);
        let mut at = 1;
        for k in 1..=t {
            let what = format!("board {k}");
            let n = strict::line(&lines, at, &format!("the size N of {what}"))?.ints(
                1,
                "the size N",
                SIZE.range(),
            )?[0];
            reached.note(&SIZE, n);
            at += 1;
            for row in 1..=n {
                let values = strict::line(&lines, at, &format!("{what}, row {row}"))?
                    .ints(n as usize, "values", VALUE.range())
                    .map_err(|e| e.context(&what))?;
                reached.note_all(&VALUE, &values);
                at += 1;
            }
        }
        strict::expect_no_more(&lines, at)?;
        parse::parse(input).map(|_| ())
    }

    fn bounds(&self) -> &'static [Bound] {
        &[BOARDS, SIZE, VALUE]
    }

    fn rules(&self) -> Vec<String> {
        judge_solver::rules_of(&judge_text::rule::LAYOUT, self.bounds(), &[])
    }

    fn generate(&self, rng: &mut Rng, size: u32) -> String {
        generate::input(rng, size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_solver::Solver;

    #[test]
    fn statement_sample() {
        let input = "2\n3\n1 0 0\n0 0 0\n0 0 -1\n3\n2 0 0\n0 0 0\n0 0 0\n";
        assert_eq!(
            Atoms.solve(input).unwrap(),
            "Case 1: valid\nCase 2: invalid\n"
        );
    }

    #[test]
    fn cases_are_numbered_from_one() {
        let input = "3\n3\n0 0 0\n0 0 0\n0 0 0\n3\n0 0 0\n0 -1 0\n0 0 0\n4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 1\n";
        assert_eq!(
            Atoms.solve(input).unwrap(),
            "Case 1: valid\nCase 2: invalid\nCase 3: valid\n"
        );
    }
}

/// The committed test set as a test of this solver (and the one test that
/// `make mutants` runs against this crate's mutants).
#[cfg(test)]
#[test]
fn committed_cases() {
    judge_solver::testing::outputs_match(&Atoms, env!("CARGO_MANIFEST_DIR"));
}
