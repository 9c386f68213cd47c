//! So Doku Checker (UVa 10957): for each grid, Illegal, Impossible, Unique or
//! Ambiguous.
//!
//! A grid is Illegal when a digit repeats among the givens of a row, column
//! or box; that is decided first, on the givens alone. Otherwise its
//! solutions are counted up to two by [`count_solutions`], the hot
//! path of the whole test set. The test suite confirms every expected output
//! with a deliberately simple, independent backtracking counter.

mod count;
mod engine;
mod generate;
#[cfg(test)]
mod kernel_tests;
mod kernels;
mod parse;
mod picture;

pub use count::Solutions;
pub use engine::{Engine, count_solutions, count_solutions_with};
pub use generate::write_grid;
pub use parse::{CELLS, Grid, parse};

use judge_solver::svg::Compared;
use judge_solver::{Bound, Reached};
use judge_text::rng::Rng;
use judge_text::rule as layout;
use judge_text::scan::InputError;
use judge_text::strict;

/// The digits of a grid (0 = empty), and how many of a grid's 81 cells
/// are given: the statement bounds neither count, but a test set should
/// hold an empty grid and a complete one.
const DIGIT: Bound = Bound::new("cell digit", 0, 9);
const GIVENS: Bound = Bound::new("givens in a grid", 0, 81);

/// This problem's own rule, phrased after the statement ("grids of 9
/// lines"), by the name its validators give it (`validators/validate.cpp`
/// names it the same): a blank line after some but not all of a grid's
/// rows, a row left out. Every other fault is a shared layout rule or the
/// digit's range.
pub const GRID_ROWS: &str = "grid-rows";

pub struct SudokuChecker;

impl judge_solver::Solver for SudokuChecker {
    fn id(&self) -> &'static str {
        "sudoku-checker"
    }

    fn solve(&self, input: &str) -> Result<String, InputError> {
        let grids = parse(input)?;
        let mut out = String::with_capacity(grids.len() * 24);
        for (n, grid) in grids.iter().enumerate() {
            render(n + 1, verdict(&grid.cells), &mut out);
        }
        Ok(out)
    }

    /// Every search engine this machine runs, by name; [`judge_solver::Solver::solve`]
    /// uses the fastest. `judge harden` checks each against it, as
    /// `committed_cases` does.
    fn variants(&self) -> Vec<&'static str> {
        Engine::ALL
            .into_iter()
            .filter(|e| e.available())
            .map(engine_name)
            .collect()
    }

    fn solve_variant(&self, input: &str, variant: &str) -> Result<String, InputError> {
        let engine = Engine::ALL
            .into_iter()
            .find(|&e| engine_name(e) == variant && e.available());
        let Some(engine) = engine else {
            return self.solve(input);
        };
        let grids = parse(input)?;
        let mut out = String::with_capacity(grids.len() * 24);
        for (n, grid) in grids.iter().enumerate() {
            render(n + 1, verdict_with(engine, &grid.cells), &mut out);
        }
        Ok(out)
    }

    /// Strict layout: grids of 9 lines of 9 single-spaced digits 0..9,
    /// exactly one blank line between grids, none before the first or after
    /// the last, LF line ends and a final newline. (The solver tolerates a
    /// missing blank line; the validator does not.) Every rejection names
    /// its rule: a shared layout rule, `cell-digit-range` or [`GRID_ROWS`].
    fn validate_noting(&self, input: &str, reached: &mut Reached) -> Result<(), InputError> {
        let lines = strict::lines(input)?;
        let mut at = 0;
        let mut grid = 1;
        loop {
            let mut givens = 0;
            for row in 1..=9 {
                let what = format!("grid {grid}, row {row}");
                let line = strict::line(&lines, at, &what)?;
                // A blank line inside a grid is a row left out; before the
                // first row it is only a blank line too many.
                if row > 1 && line.text.is_empty() {
                    let message = format!(
                        "grid {grid} stops after {} of its 9 rows: a row is left out",
                        row - 1
                    );
                    return Err(line.error(1, message).rule(GRID_ROWS));
                }
                let digits = grid_row(line).map_err(|e| e.context(&what))?;
                reached.note_all(&DIGIT, &digits);
                givens += digits.iter().filter(|&&d| d != 0).count() as i64;
                at += 1;
            }
            reached.note(&GIVENS, givens);
            match lines.get(at) {
                None => return Ok(()),
                Some(l) => after_grid(l, grid)?,
            }
            at += 1;
            if at == lines.len() {
                let e = lines[at - 1].error(1, "blank line after the last grid");
                return Err(e.rule(layout::BLANK_LINE));
            }
            grid += 1;
        }
    }

    fn bounds(&self) -> &'static [Bound] {
        &[DIGIT, GIVENS]
    }

    /// Every shared layout rule: a grid row is a line of single-spaced
    /// integers, so each of the field checks comes up, and `utf-8` is
    /// named when the file is read, before [`judge_solver::Solver::validate`] sees text.
    /// The givens' bound is left out: it is counted, not read (a grid
    /// has 81 cells), so no input breaks it and no invalid input could
    /// test it; it stays a bound, for how far the cases reach.
    fn rules(&self) -> Vec<String> {
        judge_solver::rules_of(&layout::LAYOUT, &[DIGIT], &[GRID_ROWS])
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

/// The nine digits of a grid row: single-spaced canonical integers in
/// the digit's range, which a range error names.
fn grid_row(line: &strict::Line<'_>) -> Result<Vec<i64>, InputError> {
    DIGIT.named(line.ints(9, "digits 0 to 9", DIGIT.range()))
}

/// The line after grid `grid`: blank (the next grid follows). A line of
/// spaces or a grid row is a blank line missing (the grids run together);
/// anything else is data after the grids, which end at the end of the file.
fn after_grid(line: &strict::Line<'_>, grid: usize) -> Result<(), InputError> {
    if line.text.is_empty() {
        return Ok(());
    }
    if line.text.bytes().all(|b| b == b' ') || grid_row(line).is_ok() {
        return line
            .expect_blank()
            .map_err(|e| e.context(format_args!("after grid {grid}")));
    }
    let message = format!(
        "unexpected {} after grid {grid} (a grid is the last, or an empty line and the next grid follow it)",
        judge_text::located::quote(line.text)
    );
    Err(line.error(1, message).rule(layout::EXTRA_DATA))
}

/// What the checker says about one grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// A digit repeats among the givens of a row, column or box.
    Illegal,
    /// Legal givens, no solution.
    Impossible,
    Unique,
    /// Two or more solutions.
    Ambiguous,
}

impl Verdict {
    pub(crate) fn word(self) -> &'static str {
        match self {
            Verdict::Illegal => "Illegal",
            Verdict::Impossible => "Impossible",
            Verdict::Unique => "Unique",
            Verdict::Ambiguous => "Ambiguous",
        }
    }
}

/// An engine's name for [`judge_solver::Solver::variants`].
fn engine_name(engine: Engine) -> &'static str {
    match engine {
        Engine::Portable => "portable",
        Engine::Sse2 => "sse2",
        Engine::Sse41Popcnt => "sse4.1+popcnt",
        Engine::Avx2Bmi2 => "avx2+bmi2",
    }
}

/// The verdict for one grid (row-major, 0 = empty).
pub fn verdict(cells: &[u8; CELLS]) -> Verdict {
    verdict_by(cells, |c| count_solutions(c, 2))
}

/// [`verdict`] with `engine` instead of the fastest one, so the committed
/// cases can test every engine this machine runs (`make mutants`).
pub fn verdict_with(engine: Engine, cells: &[u8; CELLS]) -> Verdict {
    verdict_by(cells, |c| count_solutions_with(engine, c, 2))
}

fn verdict_by(cells: &[u8; CELLS], count: impl Fn(&[u8; CELLS]) -> Solutions) -> Verdict {
    if has_repeated_given(cells) {
        return Verdict::Illegal;
    }
    match count(cells).count {
        0 => Verdict::Impossible,
        1 => Verdict::Unique,
        _ => Verdict::Ambiguous,
    }
}

/// Whether a digit appears twice among the givens of a row, column or box.
pub(crate) fn has_repeated_given(cells: &[u8; CELLS]) -> bool {
    let mut seen = [0u16; 27]; // rows, then columns, then boxes
    for (i, &d) in cells.iter().enumerate() {
        if d == 0 {
            continue;
        }
        let (r, c) = (i / 9, i % 9);
        let bit = 1 << d;
        for unit in [r, 9 + c, 18 + r / 3 * 3 + c / 3] {
            if seen[unit] & bit != 0 {
                return true;
            }
            seen[unit] |= bit;
        }
    }
    false
}

/// Appends `Case n: Verdict.`.
pub fn render(n: usize, verdict: Verdict, out: &mut String) {
    use std::fmt::Write;
    let _ = writeln!(out, "Case {n}: {}.", verdict.word());
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_solver::Solver;

    const GRID1: &str = "0 0 3 9 0 0 7 6 0
0 4 0 0 0 6 0 0 9
6 0 7 0 1 0 0 0 4
2 0 0 6 7 0 0 9 0
0 0 4 3 0 5 6 0 0
0 1 0 0 4 9 0 0 7
7 0 0 0 9 0 2 0 1
3 0 0 2 0 0 0 4 0
0 2 9 0 0 8 5 0 0
";

    #[test]
    fn every_variant_is_an_engine_here_and_agrees_with_solve() {
        let names = SudokuChecker.variants();
        let here = Engine::ALL.iter().filter(|e| e.available()).count();
        assert_eq!(names.len(), here, "{names:?}");
        assert!(names.contains(&"portable"), "{names:?}");
        let want = SudokuChecker.solve(GRID1).unwrap();
        for name in names {
            assert_eq!(
                SudokuChecker.solve_variant(GRID1, name).unwrap(),
                want,
                "{name}"
            );
        }
    }

    #[test]
    fn corrected_statement_sample() {
        let grid2 = "0 0 3 9 0 0 7 6 0
0 4 0 0 0 6 0 0 9
6 0 0 0 1 0 0 0 4
0 0 0 6 7 0 0 9 0
0 0 4 0 0 5 6 0 0
0 1 0 0 4 9 0 0 0
7 0 0 0 9 0 2 0 1
3 0 0 2 0 0 0 4 0
0 2 0 0 0 8 5 0 0
";
        let grid3 = GRID1.replace("7 0 0 0 9 0 2 0 1", "7 2 0 0 9 0 2 0 1");
        let grid4 = GRID1.replace("7 0 0 0 9 0 2 0 1", "7 5 0 0 9 0 2 0 1");
        let input = [GRID1, grid2, &grid3, &grid4].join("\n");
        assert_eq!(
            SudokuChecker.solve(&input).unwrap(),
            "Case 1: Unique.\nCase 2: Ambiguous.\nCase 3: Illegal.\nCase 4: Impossible.\n"
        );
    }

    #[test]
    fn repeated_givens_in_each_kind_of_unit() {
        let mut cells = [0u8; CELLS];
        assert!(!has_repeated_given(&cells));
        cells[0] = 5;
        cells[8] = 5; // same row
        assert!(has_repeated_given(&cells));
        cells[8] = 0;
        cells[72] = 5; // same column
        assert!(has_repeated_given(&cells));
        cells[72] = 0;
        cells[20] = 5; // same box
        assert!(has_repeated_given(&cells));
        cells[20] = 0;
        cells[30] = 5; // no shared unit
        assert!(!has_repeated_given(&cells));
    }

    #[test]
    fn illegal_wins_over_impossible() {
        // Two 1s in row 1 and a cell that could hold nothing anyway.
        let mut cells = [0u8; CELLS];
        cells[0] = 1;
        cells[1] = 1;
        assert_eq!(verdict(&cells), Verdict::Illegal);
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        for bad in [
            "x",
            "1 2 3",
            "10 0 0 0 0 0 0 0 0",
            &GRID1.repeat(2)[..GRID1.len() + 18],
        ] {
            assert!(SudokuChecker.solve(bad).is_err(), "{bad:?}");
        }
    }
}

#[cfg(test)]
mod validate_tests {
    use super::{GRID_ROWS, SudokuChecker, layout};
    use judge_solver::Solver;

    const ROW: &str = "0 0 0 0 0 0 0 0 0\n";

    fn grid() -> String {
        ROW.repeat(9)
    }

    #[test]
    fn layout_rules_are_enforced_and_located() {
        assert!(SudokuChecker.validate(&grid()).is_ok());
        assert!(
            SudokuChecker
                .validate(&format!("{}\n{}", grid(), grid()))
                .is_ok()
        );
        let fault = |text: &str| SudokuChecker.validate(text).unwrap_err();
        let e = fault(&format!("{}{}", grid(), grid()));
        assert_eq!(e.line, 10, "a missing blank line between grids: {e}");
        let e = fault(&format!("{}\n", grid()));
        assert!(e.message.contains("after the last grid"), "{e}");
        let e = fault(&grid().replacen("0 0 0 0 0 0 0 0 0", "0 0 0 0 0 0 0 0", 1));
        assert!(e.message.contains("expected 9"), "{e}");
        let e = fault(&grid().replacen("0 0", "0 10", 1));
        assert_eq!((e.line, e.col), (1, 3));
        let e = fault(&grid().replacen("0 0", "0 x", 1));
        assert_eq!((e.line, e.col), (1, 3));
        let e = fault(&format!("{}{ROW}", grid()));
        assert_eq!(e.line, 10, "a tenth row: {e}");
        assert!(fault(grid().trim_end()).message.contains("final newline"));
    }

    /// Every rejection of the strict validator, of corrupted cases and
    /// generated inputs, names a rule [`SudokuChecker`] lists: an invalid
    /// input can declare it, and `judge validate` can hold the file to it.
    #[test]
    fn every_rejection_names_a_listed_rule() {
        let seen =
            judge_solver::testing::rules_are_named(&SudokuChecker, env!("CARGO_MANIFEST_DIR"), 300);
        for expected in [
            layout::TRAILING_SPACE,
            layout::DOUBLE_SPACE,
            layout::TAB,
            layout::BLANK_LINE,
            layout::MISSING_BLANK_LINE,
            layout::EXTRA_DATA,
            layout::END_OF_FILE,
            layout::INTEGER,
            layout::CANONICAL_INTEGER,
            "cell-digit-range",
            GRID_ROWS,
        ] {
            assert!(seen.contains(expected), "{expected} never named: {seen:?}");
        }
    }

    /// What follows a grid and a grid cut short, one fault each.
    #[test]
    fn grid_ends_name_their_rules() {
        let rule = |text: &str| SudokuChecker.validate(text).unwrap_err().rule;
        let two = |between: &str| format!("{}{between}{}", grid(), grid());
        assert_eq!(rule(&two("")).as_deref(), Some(layout::MISSING_BLANK_LINE));
        assert_eq!(
            rule(&two(" \n")).as_deref(),
            Some(layout::MISSING_BLANK_LINE)
        );
        assert_eq!(rule(&two("\n\n")).as_deref(), Some(layout::BLANK_LINE));
        assert_eq!(
            rule(&format!("{}end\n", grid())).as_deref(),
            Some(layout::EXTRA_DATA)
        );
        assert_eq!(
            rule(&format!("{}\n", grid())).as_deref(),
            Some(layout::BLANK_LINE)
        );
        let short = format!("{}\n{}", ROW.repeat(8), grid());
        assert_eq!(rule(&short).as_deref(), Some(GRID_ROWS));
        assert_eq!(rule(&ROW.repeat(8)).as_deref(), Some(layout::END_OF_FILE));
        let ten = grid().replacen("0 0", "0 10", 1);
        assert_eq!(rule(&ten).as_deref(), Some("cell-digit-range"));
    }
}

/// The committed test set as a test of this solver (and the one test that
/// `make mutants` runs against this crate's mutants). The solver dispatches
/// to the fastest search this machine runs; the others (portable, SSE2,
/// SSE4.1) are shipped too, so the cases check every available one, and a
/// mutant in any engine's code can die.
#[cfg(test)]
#[test]
fn committed_cases() {
    let dir = env!("CARGO_MANIFEST_DIR");
    judge_solver::testing::outputs_match(&SudokuChecker, dir);
    let engines: Vec<Engine> = Engine::ALL.into_iter().filter(|e| e.available()).collect();
    for (path, input, expected) in judge_solver::testing::committed_cases(
        &judge_solver::testing::repo_root(dir),
        "sudoku-checker",
    ) {
        let grids = parse(&input).expect("a valid input");
        for &engine in &engines {
            let mut out = String::new();
            for (n, grid) in grids.iter().enumerate() {
                render(n + 1, verdict_with(engine, &grid.cells), &mut out);
            }
            assert_eq!(out, expected, "{engine:?} on {}", path.display());
        }
    }
}

/// Every committed case draws, and damaged outputs draw without a panic.
#[cfg(test)]
#[test]
fn committed_cases_draw() {
    judge_solver::testing::pictures_hold(&SudokuChecker, env!("CARGO_MANIFEST_DIR"), 30, 3);
}
