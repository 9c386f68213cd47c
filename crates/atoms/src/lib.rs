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
mod picture;

use std::fmt::Write;

use judge_text::rng::Rng;
use judge_text::rule;
use judge_text::scan::InputError;
use judge_text::strict;

use game::{MAX_N, MIN_N};
use judge_solver::svg::Compared;
use judge_solver::{Bound, Reached};

/// The bounds the statement (and PROBLEMS.md) sets. The parser checks
/// against the same bounds, so its range errors name the same rules.
const BOARDS: Bound = Bound::new("T (boards)", 1, parse::MAX_BOARDS);
const SIZE: Bound = Bound::new("N (board size)", MIN_N as i64, MAX_N as i64);
const VALUE: Bound = Bound::new("cell value", -parse::MAX_ABS_VALUE, parse::MAX_ABS_VALUE);

/// The shared layout rules the strict validator names: all but
/// `missing-blank-line`, since no line of this format must be blank. A
/// missing or extra row shows as a line with the wrong number of values
/// (`field-count`) or as the end of the file. `utf-8` is named by judge
/// when it reads the file, before this validator sees the text, but in
/// `judge validate` it is this validator's complaint all the same.
const LAYOUT: [&str; 15] = rule::LINES_OF_FIELDS;

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
    /// lines of `N` single-spaced integers with |v| ≤ 9. Every rejection
    /// names its rule (see [`judge_solver::Solver::rules`]): the shared checks name the
    /// layout ones, and each range check is refined to its bound's rule.
    fn validate_noting(&self, input: &str, reached: &mut Reached) -> Result<(), InputError> {
        let lines = strict::lines(input)?;
        let what = "the number of boards T";
        let t = BOARDS.named(strict::line(&lines, 0, what)?.ints(1, what, BOARDS.range()))?[0];
        reached.note(&BOARDS, t);
        let mut at = 1;
        for k in 1..=t {
            let what = format!("board {k}");
            let line = strict::line(&lines, at, &format!("the size N of {what}"))?;
            let n = SIZE.named(line.ints(1, "the size N", SIZE.range()))?[0];
            reached.note(&SIZE, n);
            at += 1;
            for row in 1..=n {
                let line = strict::line(&lines, at, &format!("{what}, row {row}"))?;
                let values = VALUE
                    .named(line.ints(n as usize, "values", VALUE.range()))
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

    /// Only layout and bounds (`LAYOUT`): a board is numbers on lines,
    /// so every fault of its shape is one of the shared rules.
    fn rules(&self) -> Vec<String> {
        judge_solver::rules_of(&LAYOUT, self.bounds(), &[])
    }

    fn generate(&self, rng: &mut Rng, size: u32) -> String {
        generate::input(rng, size)
    }

    fn picture(&self, input: &str, output: Option<&str>) -> Option<String> {
        picture::picture(input, output)
    }

    fn picture_compared(&self, input: &str, expected: &str, received: &str) -> Option<Compared> {
        picture::compared(input, expected, received)
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

    /// Corrupted cases are rejected for a listed rule, never the generic
    /// `range`, and the corruptions reach the bounds and the layout.
    #[test]
    fn every_rejection_names_a_listed_rule() {
        let seen = judge_solver::testing::rules_are_named(&Atoms, env!("CARGO_MANIFEST_DIR"), 300);
        for rule in [
            "t-range",
            "n-range",
            "cell-value-range",
            "field-count",
            "trailing-space",
            "double-space",
            "canonical-integer",
            "integer",
            "end-of-file",
            "extra-data",
        ] {
            assert!(seen.contains(rule), "{rule} not seen among {seen:?}");
        }
    }

    #[test]
    fn bounds_are_named_by_their_rule() {
        let rule = |input: &str| Atoms.validate(input).unwrap_err().rule.unwrap();
        assert_eq!(rule("50\n"), "t-range");
        assert_eq!(rule("1\n8\n"), "n-range");
        assert_eq!(rule("1\n3\n0 0 0\n0 -10 0\n0 0 0\n"), "cell-value-range");
        assert_eq!(rule("1\n3\n0 0 0\n0 0\n0 0 0\n"), "field-count");
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

/// Every committed case draws, and damaged outputs draw without a panic.
#[cfg(test)]
#[test]
fn committed_cases_draw() {
    judge_solver::testing::pictures_hold(&Atoms, env!("CARGO_MANIFEST_DIR"), 30, 5);
}
