//! Star Battle, two stars (Kattis starbattles1): is the candidate a solution?
//!
//! A candidate is valid iff every row, column and region holds exactly two
//! stars and no two stars touch, diagonals included. The solver lists every
//! violation rather than stopping at the first, so tests and the generator
//! can ask for candidates that break exactly one rule. `tests/star_battle.rs`
//! confirms every committed expectation with an independent checker.

mod generate;
pub mod parse;

use judge_solver::{Bound, Reached};
use judge_text::rng::Rng;
use judge_text::scan::InputError;
use judge_text::strict;

/// The grid is always 10×10 with ten regions.
pub(crate) const SIZE: usize = 10;

/// The grid is fixed, so the one number an input chooses is how many
/// stars the candidate places: from none to every cell (a valid answer
/// has 20; the ends catch checkers that count only up to a row's two).
const STAR_COUNT: Bound = Bound::new("stars in the candidate", 0, (SIZE * SIZE) as i64);
/// Stars per row, column and region.
pub const STARS: usize = 2;

/// A puzzle (region digit per cell) and a candidate (star or not per cell).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub regions: [[u8; SIZE]; SIZE],
    pub stars: [[bool; SIZE]; SIZE],
}

/// Everything wrong with a candidate.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Violations {
    /// Rows (0-based) without exactly two stars.
    pub rows: Vec<usize>,
    pub columns: Vec<usize>,
    /// Region digits without exactly two stars.
    pub regions: Vec<u8>,
    /// Pairs of stars that touch, each pair once, as ((r, c), (r, c)).
    pub touching: Vec<((usize, usize), (usize, usize))>,
}

impl Violations {
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
            && self.columns.is_empty()
            && self.regions.is_empty()
            && self.touching.is_empty()
    }
}

/// Every rule the candidate breaks.
pub fn violations(p: &Puzzle) -> Violations {
    let mut rows = [0usize; SIZE];
    let mut cols = [0usize; SIZE];
    let mut regions = [0usize; SIZE];
    let mut touching = Vec::new();
    for r in 0..SIZE {
        for c in 0..SIZE {
            if !p.stars[r][c] {
                continue;
            }
            rows[r] += 1;
            cols[c] += 1;
            regions[usize::from(p.regions[r][c])] += 1;
            // Only the neighbours after this cell in reading order, so each
            // touching pair is seen once.
            let later = [
                (r, c + 1),
                (r + 1, c.wrapping_sub(1)),
                (r + 1, c),
                (r + 1, c + 1),
            ];
            for (nr, nc) in later {
                if nr < SIZE && nc < SIZE && p.stars[nr][nc] {
                    touching.push(((r, c), (nr, nc)));
                }
            }
        }
    }
    let off = |counts: &[usize; SIZE]| {
        (0..SIZE)
            .filter(|&i| counts[i] != STARS)
            .collect::<Vec<_>>()
    };
    Violations {
        rows: off(&rows),
        columns: off(&cols),
        regions: off(&regions).into_iter().map(|d| d as u8).collect(),
        touching,
    }
}

pub struct StarBattle;

impl judge_solver::Solver for StarBattle {
    fn id(&self) -> &'static str {
        "star-battle"
    }

    fn solve(&self, input: &str) -> Result<String, InputError> {
        let puzzle = parse::parse(input)?;
        Ok(if violations(&puzzle).is_empty() {
            "valid\n"
        } else {
            "invalid\n"
        }
        .to_string())
    }

    /// One puzzle and candidate; the grid size is fixed, so `size` is unused.
    /// Strict layout: ten lines of ten region digits, ten lines of ten
    /// `.`/`*`, nothing else; then the parser's region checks (exactly ten
    /// 4-connected regions).
    fn validate_noting(&self, input: &str, reached: &mut Reached) -> Result<(), InputError> {
        let lines = strict::lines(input)?;
        for (i, allowed, what) in [
            (0, "0123456789", "region digit"),
            (SIZE, ".*", "`.` or `*`"),
        ] {
            for row in i..i + SIZE {
                let line = strict::line(&lines, row, &format!("line {} of the grid", row + 1))?;
                if let Some((col, c)) = line
                    .text
                    .chars()
                    .enumerate()
                    .find(|(_, c)| !allowed.contains(*c))
                {
                    return Err(line.error(col + 1, format!("expected a {what}, found {c:?}")));
                }
                let len = line.text.chars().count();
                if len != SIZE {
                    return Err(line.error(
                        len.min(SIZE) + 1,
                        format!("expected {SIZE} characters, found {len}"),
                    ));
                }
            }
        }
        strict::expect_no_more(&lines, 2 * SIZE)?;
        parse::parse(input)?;
        let stars = lines[SIZE..2 * SIZE]
            .iter()
            .map(|l| l.text.matches('*').count() as i64)
            .sum();
        reached.note(&STAR_COUNT, stars);
        Ok(())
    }

    fn bounds(&self) -> &'static [Bound] {
        &[STAR_COUNT]
    }

    fn rules(&self) -> Vec<String> {
        judge_solver::rules_of(&judge_text::rule::LAYOUT, self.bounds(), &[])
    }

    fn generate(&self, rng: &mut Rng, _size: u32) -> String {
        generate::input(rng)
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;

/// The committed test set as a test of this solver (and the one test that
/// `make mutants` runs against this crate's mutants).
#[cfg(test)]
#[test]
fn committed_cases() {
    judge_solver::testing::outputs_match(&StarBattle, env!("CARGO_MANIFEST_DIR"));
}
