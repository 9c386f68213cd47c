//! Slink (ACM ICPC Mid-Central USA 2007, problem C): every cell of an r×c
//! grid carries the number of its four sides that lie on one hidden closed
//! loop; find the loop and draw it in ASCII.
//!
//! The statement lists a dozen local rules and promises that they suffice,
//! but a reference solver must be right on *every* valid input, including
//! generated ones where those rules stall. So the solver ([`solve`]) runs
//! constraint propagation (cell counts, vertex degree 0 or 2, no premature
//! sub-cycle) and falls back to backtracking, counting solutions up to two:
//! an input with no loop or with several is reported as an [`InputError`]
//! instead of being drawn wrongly.
//!
//! Layout: [`parse`] reads the data sets, [`solve`] finds the loop,
//! [`render`] draws it byte for byte as the contest's judge output does, and
//! [`generate`] builds random puzzles with a known unique loop.

pub mod generate;
pub mod parse;
mod picture;
pub mod render;
pub mod solve;

use judge_solver::svg::Compared;
use judge_solver::{Bound, Reached};
use judge_text::rng::Rng;
use judge_text::rule;
use judge_text::scan::InputError;
use judge_text::strict;

/// Largest number of rows or columns in a puzzle.
pub(crate) const MAX_SIDE: usize = 20;

/// The bounds PROBLEMS.md sets: 1 to 20 rows and columns (the contest's
/// judge data has 1×5 and 5×1 puzzles), cell digits 0 to 3.
const ROWS: Bound = Bound::new("r (rows)", 1, MAX_SIDE as i64);
const COLUMNS: Bound = Bound::new("c (columns)", 1, MAX_SIDE as i64);
const DIGIT: Bound = Bound::new("cell digit", 0, 3);

/// The statement promises "every puzzle has exactly one solution"; an
/// input breaks that promise one of two ways, and each is its own rule so
/// that an invalid input proves the validator finds that way: no loop fits
/// the digits…
pub const NO_SOLUTION: &str = "no-solution";
/// … or more than one does.
pub const SEVERAL_SOLUTIONS: &str = "several-solutions";

/// The shared layout rules [`Slink`]'s strict validator can break on, with
/// `utf-8`, which judge names for it when it reads the file (the validator
/// is handed text). Not `missing-blank-line`: the format has no blank
/// lines to miss.
const LAYOUT_RULES: [&str; 15] = rule::LINES_OF_FIELDS;

/// One data set: the grid of digits and where its header line is, so that
/// errors found while solving can still point into the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub rows: usize,
    pub cols: usize,
    /// Row-major, each 0..=3.
    pub digits: Vec<u8>,
    /// 1-based line of the `r c` header.
    pub line: usize,
}

impl Puzzle {
    pub fn digit(&self, row: usize, col: usize) -> u8 {
        self.digits[row * self.cols + col]
    }
}

/// A set of grid edges, normally the loop.
///
/// `horizontal[i * cols + j]` is the edge from vertex (i, j) to (i, j+1),
/// for i in 0..=rows; `vertical[i * (cols + 1) + j]` is the edge from vertex
/// (i, j) to (i+1, j), for i in 0..rows. Vertex (i, j) is the top-left
/// corner of cell (i, j).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loop {
    pub rows: usize,
    pub cols: usize,
    pub horizontal: Vec<bool>,
    pub vertical: Vec<bool>,
}

impl Loop {
    /// No edges at all.
    pub fn empty(rows: usize, cols: usize) -> Self {
        Loop {
            rows,
            cols,
            horizontal: vec![false; (rows + 1) * cols],
            vertical: vec![false; rows * (cols + 1)],
        }
    }

    /// Is the edge from vertex (i, j) to (i, j+1) on the loop?
    pub fn h(&self, i: usize, j: usize) -> bool {
        j < self.cols
            && self
                .horizontal
                .get(i * self.cols + j)
                .copied()
                .unwrap_or(false)
    }

    /// Is the edge from vertex (i, j) to (i+1, j) on the loop?
    pub fn v(&self, i: usize, j: usize) -> bool {
        i < self.rows
            && j <= self.cols
            && self
                .vertical
                .get(i * (self.cols + 1) + j)
                .copied()
                .unwrap_or(false)
    }

    /// How many sides of cell (i, j) are on the loop.
    pub(crate) fn cell_count(&self, i: usize, j: usize) -> u8 {
        [
            self.h(i, j),
            self.h(i + 1, j),
            self.v(i, j),
            self.v(i, j + 1),
        ]
        .iter()
        .filter(|&&b| b)
        .count() as u8
    }
}

pub struct Slink;

impl judge_solver::Solver for Slink {
    fn id(&self) -> &'static str {
        "slink"
    }

    fn solve(&self, input: &str) -> Result<String, InputError> {
        let puzzles = parse::parse(input)?;
        let mut out = String::new();
        for (n, puzzle) in puzzles.iter().enumerate() {
            let found = solve::unique_loop(puzzle).map_err(|why| {
                InputError::new(puzzle.line, 1, why.to_string())
                    .rule(why.rule())
                    .context(format_args!("data set {}", n + 1))
            })?;
            render::render(n + 1, puzzle, &found, &mut out);
        }
        Ok(out)
    }

    /// Strict layout (`r c` headers, rows of `c` single-spaced digits 0..3,
    /// the terminating `0 0` and nothing after it), then the statement's
    /// promise: every puzzle has exactly one loop. Every rejection names
    /// the rule it breaks (see [`judge_solver::Solver::rules`]).
    fn validate_noting(&self, input: &str, reached: &mut Reached) -> Result<(), InputError> {
        let lines = strict::lines(input)?;
        let mut at = 0;
        let mut set = 1;
        loop {
            let header = strict::line(&lines, at, "a header `r c` or the final `0 0`")?;
            at += 1;
            let Some((r, c)) = sizes(header, set)? else {
                break;
            };
            reached.note(&ROWS, r);
            reached.note(&COLUMNS, c);
            for row in 0..r as usize {
                let what = format!("data set {set}, row {}", row + 1);
                let line = strict::line(&lines, at, &what)?;
                let digits = DIGIT
                    .named(line.ints(c as usize, "digits 0 to 3", DIGIT.range()))
                    .map_err(|e| e.context(&what))?;
                reached.note_all(&DIGIT, &digits);
                at += 1;
            }
            set += 1;
        }
        strict::expect_no_more(&lines, at)?;
        self.solve(input).map(|_| ())
    }

    fn bounds(&self) -> &'static [Bound] {
        &[ROWS, COLUMNS, DIGIT]
    }

    fn rules(&self) -> Vec<String> {
        judge_solver::rules_of(
            &LAYOUT_RULES,
            self.bounds(),
            &[NO_SOLUTION, SEVERAL_SOLUTIONS],
        )
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

/// The sizes on the header line of data set `set`, or `None` for the
/// closing `0 0`.
///
/// The two integers' layout and form are checked first, then each size
/// against its own bound, so that an out-of-range size names `r-range` or
/// `c-range` rather than one rule for both. A 0 beside a non-zero size is
/// out of its range too: only `0 0` ends the input.
fn sizes(header: &strict::Line<'_>, set: usize) -> Result<Option<(i64, i64)>, InputError> {
    let size = header.ints(2, "sizes r and c", i64::MIN..=i64::MAX)?;
    let (r, c) = (size[0], size[1]);
    if (r, c) == (0, 0) {
        return Ok(None);
    }
    // The fields are single-spaced integers by now: c starts after the space.
    let c_col = header.text.find(' ').map_or(1, |i| i + 2);
    for (bound, value, col) in [(ROWS, r, 1), (COLUMNS, c, c_col)] {
        if !bound.range().contains(&value) {
            let message = format!(
                "data set {set}: {} must be between {} and {}, found {value} (only `0 0` ends the input)",
                bound.name, bound.min, bound.max
            );
            return Err(header.error(col, message).rule(bound.rule()));
        }
    }
    Ok(Some((r, c)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_solver::Solver;

    const SAMPLE_FIRST: &str = "8 8
1 0 1 1 2 2 1 3
3 3 3 3 2 3 3 2
2 2 0 1 1 2 2 0
2 3 1 1 0 1 2 2
2 1 2 3 1 1 0 2
1 2 2 2 2 3 2 1
3 2 1 3 1 1 3 2
1 0 0 2 3 2 3 2
0 0
";

    /// The picture PROBLEMS.md §4 gives for the statement's first data set.
    const SAMPLE_FIRST_OUT: &str = "1
#####################################
#                                   #
#                 +---------------+ #
#   1   0   1   1 | 2   2   1   3 | #
# +---+   +---+   |   +---+   +---+ #
# | 3 | 3 | 3 | 3 | 2 | 3 | 3 | 2   #
# |   +---+   +---+   |   +---+     #
# | 2   2   0   1   1 | 2   2   0   #
# +-------+           +-------+     #
#   2   3 | 1   1   0   1   2 | 2   #
# +-------+   +---+           +---+ #
# | 2   1   2 | 3 | 1   1   0   2 | #
# |       +---+   |   +---+       | #
# | 1   2 | 2   2 | 2 | 3 | 2   1 | #
# |   +---+   +---+   |   +---+   | #
# | 3 | 2   1 | 3   1 | 1   3 | 2 | #
# +---+       +---+   |   +---+   | #
#   1   0   0   2 | 3 | 2 | 3   2 | #
#                 +---+   +-------+ #
#                                   #
#####################################
";

    #[test]
    fn statement_first_data_set() {
        assert_eq!(Slink.solve(SAMPLE_FIRST).unwrap(), SAMPLE_FIRST_OUT);
    }

    #[test]
    fn a_second_data_set_without_a_loop_is_named_with_its_line() {
        let input = "1 2\n3 3\n2 2\n1 1\n1 1\n0 0\n";
        let e = Slink.solve(input).unwrap_err();
        assert_eq!(e.line, 3, "{e}");
        assert!(e.message.starts_with("data set 2:"), "{e}");
        assert!(e.message.contains("no loop"), "{e}");
    }

    #[test]
    fn each_fault_names_its_own_rule() {
        for (input, want) in [
            ("0 5\n0 0\n", "r-range"),
            ("21 1\n", "r-range"),
            ("5 0\n0 0\n", "c-range"),
            ("1 2\n3 4\n0 0\n", "cell-digit-range"),
            ("1 2\n33\n0 0\n", rule::FIELD_COUNT),
            ("01 2\n3 3\n0 0\n", rule::CANONICAL_INTEGER),
            ("1 2\n3 3\n", rule::END_OF_FILE),
            ("0 0\n0 0\n", rule::EXTRA_DATA),
            ("1 1\n3\n0 0\n", NO_SOLUTION),
            ("2 2\n2 3\n3 2\n0 0\n", SEVERAL_SOLUTIONS),
        ] {
            let e = Slink.validate(input).unwrap_err();
            assert_eq!(e.rule.as_deref(), Some(want), "{input:?}: {e}");
            assert!(Slink.rules().iter().any(|r| r == want), "{want}");
        }
        let e = Slink.validate("1 2\n3 3\n0 0\n5 0\n").unwrap_err();
        assert_eq!((e.line, e.col), (4, 1), "{e}");
        let e = Slink.validate("5 0\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 3), "{e}");
        assert!(
            e.message.contains("c (columns) must be between 1 and 20"),
            "{e}"
        );
    }

    #[test]
    fn unsolvable_puzzles_are_errors_not_pictures() {
        for bad in [
            "1 1\n0\n0 0\n",
            "1 1\n3\n0 0\n",
            "2 2\n0 0\n0 0\n0 0\n",
            "2 2\n3 3\n3 3\n0 0\n",
        ] {
            let e = Slink.solve(bad).unwrap_err();
            assert_eq!((e.line, e.col), (1, 1), "{bad}: {e}");
            assert!(e.message.contains("data set 1"), "{bad}: {e}");
        }
    }
}

/// Every rejection of the strict validator names a rule of [`Slink::rules`],
/// on corrupted committed cases and generated inputs alike.
#[cfg(test)]
#[test]
fn every_rejection_names_a_listed_rule() {
    let seen = judge_solver::testing::rules_are_named(&Slink, env!("CARGO_MANIFEST_DIR"), 300);
    for rule in [
        rule::FIELD_COUNT,
        rule::INTEGER,
        rule::END_OF_FILE,
        "cell-digit-range",
        NO_SOLUTION,
    ] {
        assert!(seen.contains(rule), "{rule} never seen among {seen:?}");
    }
}

/// The committed test set as a test of this solver (and the one test that
/// `make mutants` runs against this crate's mutants).
#[cfg(test)]
#[test]
fn committed_cases() {
    judge_solver::testing::outputs_match(&Slink, env!("CARGO_MANIFEST_DIR"));
}

/// Every committed case draws, and damaged outputs draw without a panic.
#[cfg(test)]
#[test]
fn committed_cases_draw() {
    judge_solver::testing::pictures_hold(&Slink, env!("CARGO_MANIFEST_DIR"), 20, 2);
}
