//! Star Battle, two stars (Kattis starbattles1): is the candidate a solution?
//!
//! A candidate is valid iff every row, column and region holds exactly two
//! stars and no two stars touch, diagonals included. The solver lists every
//! violation rather than stopping at the first, so tests and the generator
//! can ask for candidates that break exactly one rule. `tests/star_battle.rs`
//! confirms every committed expectation with an independent checker.

mod generate;
pub mod parse;
mod picture;

use judge_solver::svg::Compared;
use judge_solver::{Bound, Reached};
use judge_text::rng::Rng;
use judge_text::rule as layout;
use judge_text::scan::InputError;
use judge_text::strict;

pub mod rule;

/// The shared layout rules the validator can break. A file of fixed
/// lines of unseparated cells has no fields, integers or lines that must
/// be blank, so double spaces, field counts, integers and missing blank
/// lines never come up. `utf-8` is named when the file is read, before
/// [`judge_solver::Solver::validate`] sees text, as the strict
/// validator's complaint.
const LAYOUT: [&str; 11] = [
    layout::EMPTY_FILE,
    layout::UTF8,
    layout::CRLF,
    layout::TAB,
    layout::CONTROL_CHARACTER,
    layout::FINAL_NEWLINE,
    layout::BLANK_LINE,
    layout::LEADING_SPACE,
    layout::TRAILING_SPACE,
    layout::END_OF_FILE,
    layout::EXTRA_DATA,
];

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
    /// `.`/`*`, nothing else (`check_row`); then the parser's region
    /// checks (exactly ten 4-connected regions). Every rejection names its
    /// rule: a shared layout rule or one of [`rule`]'s.
    fn validate_noting(&self, input: &str, reached: &mut Reached) -> Result<(), InputError> {
        let lines = strict::lines(input)?;
        for index in 0..2 * SIZE {
            check_row(strict::line(&lines, index, &row_name(index))?, index)?;
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

    /// The stars' bound is left out: it is counted, not read (100 cells
    /// hold 0 to 100 stars), so no input breaks it; it stays a bound, for
    /// how far the cases reach.
    fn rules(&self) -> Vec<String> {
        judge_solver::rules_of(&LAYOUT, &[], &rule::OWN)
    }

    fn generate(&self, rng: &mut Rng, _size: u32) -> String {
        generate::input(rng)
    }

    fn picture(&self, input: &str, output: Option<&str>) -> Option<String> {
        picture::picture(input, output)
    }

    fn picture_compared(&self, input: &str, expected: &str, received: &str) -> Option<Compared> {
        picture::compared(input, expected, received)
    }
}

/// Line `index` (0-based over both grids) by what it holds, for messages.
fn row_name(index: usize) -> String {
    if index < SIZE {
        format!("row {} of the region grid", index + 1)
    } else {
        format!("row {} of the candidate", index - SIZE + 1)
    }
}

/// Line `index` (0-based over both grids) of the file: ten region digits,
/// or ten `.`/`*`. The first fault names its rule, the layout's before the
/// cells' and the cells' before the length, so a row with a space at its
/// end is a trailing space, not eleven characters.
fn check_row(line: &strict::Line<'_>, index: usize) -> Result<(), InputError> {
    let regions = index < SIZE;
    let what = row_name(index);
    let text = line.text;
    if text.is_empty() {
        let message = format!("a blank line where {what} belongs");
        return Err(line.error(1, message).rule(layout::BLANK_LINE));
    }
    if text.starts_with(' ') {
        return Err(line.error(1, "leading space").rule(layout::LEADING_SPACE));
    }
    if text.ends_with(' ') {
        let col = text.chars().count();
        return Err(line
            .error(col, "trailing space")
            .rule(layout::TRAILING_SPACE));
    }
    if regions && text.chars().all(|c| c == '.' || c == '*') {
        let message = format!(
            "{what} is a row of the candidate: the region grid seems to have only {index} rows"
        );
        return Err(line.error(1, message).rule(rule::REGION_ROWS));
    }
    let allowed = |c: char| {
        if regions {
            c.is_ascii_digit()
        } else {
            c == '.' || c == '*'
        }
    };
    if let Some((col, c)) = text.chars().enumerate().find(|&(_, c)| !allowed(c)) {
        let (expected, rule) = match (c, regions) {
            (' ', _) => ("no space between cells", rule::SPACE_BETWEEN_CELLS),
            (_, true) => ("a region digit 0-9", rule::REGION_DIGIT),
            (_, false) => ("`.` or `*`", rule::CANDIDATE_CHARACTER),
        };
        let message = format!("expected {expected} in {what}, found {c:?}");
        return Err(line.error(col + 1, message).rule(rule));
    }
    let len = text.chars().count();
    if len != SIZE {
        let message = format!("{what} has {len} characters, expected {SIZE}");
        return Err(line
            .error(len.min(SIZE) + 1, message)
            .rule(rule::ROW_LENGTH));
    }
    Ok(())
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

/// Every committed case draws, and damaged outputs draw without a panic.
#[cfg(test)]
#[test]
fn committed_cases_draw() {
    judge_solver::testing::pictures_hold(&StarBattle, env!("CARGO_MANIFEST_DIR"), 40, 5);
}
