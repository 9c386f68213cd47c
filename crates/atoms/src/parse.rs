//! Reading Atoms input: T, then T boards of N (3..7) and N rows of N values.
//!
//! The parser is line-aware: each board row must sit on its own line with
//! exactly N values, so a missing or extra value is reported on the row where
//! it happens instead of silently shifting every later board. Each step (a
//! header line, a board row) is its own function so a strict validator can
//! reuse them and add layout checks (single spaces, final newline) on top.
//!
//! The strict validator runs this parser last, so its errors name rules
//! too: the same shared rule the strict checks give the same fault (a row
//! of the wrong length is `field-count`), and each range its bound's.

use super::game::{Board, MAX_N};
use super::{BOARDS, SIZE, VALUE};
use judge_solver::Bound;
use judge_text::located::quote;
use judge_text::rule;
use judge_text::scan::{InputError, Scanner, Token, expect_end};

/// The statement's bound: T < 50.
pub(crate) const MAX_BOARDS: i64 = 49;
/// The statement's bound: |value| < 10.
pub(crate) const MAX_ABS_VALUE: i64 = 9;

/// Every board of the file, in order.
pub fn parse(input: &str) -> Result<Vec<Board>, InputError> {
    let mut s = Scanner::new(input);
    let t = header(&mut s, "the number of boards T", &BOARDS)? as usize;
    let mut boards = Vec::with_capacity(t);
    for k in 1..=t {
        boards.push(board(&mut s).map_err(|e| e.context(format!("board {k} of {t}")))?);
    }
    expect_end(&mut s)?;
    Ok(boards)
}

/// A line holding a single integer within `bound`.
fn header(s: &mut Scanner<'_>, what: &str, bound: &Bound) -> Result<i64, InputError> {
    let value = bound.named(s.int(what, bound.range()))?;
    s.skip_blanks();
    if let Some(rest) = s.rest_of_line()
        && let Some(extra) = rest.text.split_whitespace().next()
    {
        return Err(rest
            .pos
            .error(format!(
                "expected only {what} on this line, found {} after it",
                quote(extra)
            ))
            .rule(rule::FIELD_COUNT));
    }
    Ok(value)
}

/// N, then N rows.
fn board(s: &mut Scanner<'_>) -> Result<Board, InputError> {
    let n = header(s, "the board size N", &SIZE)? as usize;
    let mut b = Board::empty(n);
    for r in 0..n {
        s.skip_space();
        let line = s.rest_of_line().ok_or_else(|| {
            s.pos()
                .error(format!(
                    "expected row {} of {n}, found the end of the input",
                    r + 1
                ))
                .rule(rule::END_OF_FILE)
        })?;
        b.cells[r] = row(line, n, r)?;
    }
    Ok(b)
}

/// One row: exactly `n` integers with |v| ≤ 9, located in the whole file.
fn row(line: Token<'_>, n: usize, r: usize) -> Result<[i8; MAX_N], InputError> {
    // Positions inside the line are 1-based from its first character; shift
    // them to the file's coordinates.
    let place = |t: Token<'_>| judge_text::scan::Pos {
        line: line.pos.line,
        col: line.pos.col + t.pos.col - 1,
    };
    let mut cells = [0i8; MAX_N];
    let mut inner = Scanner::new(line.text);
    for (c, cell) in cells.iter_mut().enumerate().take(n) {
        let Some(mut t) = inner.next_token() else {
            let end = judge_text::scan::Pos {
                line: line.pos.line,
                col: line.pos.col + line.text.chars().count(),
            };
            return Err(end
                .error(format!("row {} has {c} values, expected {n}", r + 1))
                .rule(rule::FIELD_COUNT));
        };
        t.pos = place(t);
        *cell = VALUE.named(t.int("a cell value", VALUE.range()))? as i8;
    }
    if let Some(extra) = inner.next_token() {
        return Err(place(extra)
            .error(format!(
                "row {} has more than {n} values: {} is one too many",
                r + 1,
                quote(extra.text)
            ))
            .rule(rule::FIELD_COUNT));
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(input: &str) -> InputError {
        parse(input).expect_err("input must be rejected")
    }

    #[test]
    fn reads_boards_with_negative_values() {
        let boards = parse("1\n3\n1 0 0\n0 0 0\n0 0 -1\n").unwrap();
        assert_eq!(boards.len(), 1);
        assert_eq!(boards[0].n, 3);
        assert_eq!(boards[0].cells[0][..3], [1, 0, 0]);
        assert_eq!(boards[0].cells[2][..3], [0, 0, -1]);
    }

    #[test]
    fn n_of_8_is_located() {
        let e = err("1\n8\n");
        assert_eq!((e.line, e.col), (2, 1));
        assert!(
            e.message.contains("board 1 of 1") && e.message.contains("between 3 and 7"),
            "{e}"
        );
    }

    #[test]
    fn value_12_is_located() {
        let e = err("1\n3\n0 0 0\n0 12 0\n0 0 0\n");
        assert_eq!((e.line, e.col), (4, 3));
        assert!(
            e.message.contains("between -9 and 9") && e.message.contains("12"),
            "{e}"
        );
        let e = err("1\n3\n0 0 0\n0 0 0\n0 0 -10\n");
        assert_eq!((e.line, e.col), (5, 5));
    }

    #[test]
    fn rows_of_the_wrong_length_are_located() {
        // A row with one value too many (a 3×4 board).
        let e = err("1\n3\n0 0 0\n0 0 0 0\n0 0 0\n");
        assert_eq!((e.line, e.col), (4, 7));
        assert!(e.message.contains("more than 3"), "{e}");
        // A row one value short.
        let e = err("1\n3\n0 0 0\n0 0\n0 0 0\n");
        assert_eq!((e.line, e.col), (4, 4));
        assert!(e.message.contains("row 2 has 2 values"), "{e}");
    }

    #[test]
    fn a_board_with_too_few_rows_is_located() {
        // Four rows announced, three given, then the next board's header.
        let e = err("2\n4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n3\n0 0 0\n0 0 0\n0 0 0\n");
        assert_eq!((e.line, e.col), (6, 2));
        assert!(e.message.contains("row 4 has 1 values"), "{e}");
        let e = err("1\n3\n0 0 0\n0 0 0\n");
        assert!(
            e.message.contains("row 3 of 3") && e.message.contains("end of the input"),
            "{e}"
        );
    }

    #[test]
    fn counts_and_trailing_data_are_checked() {
        assert_eq!(err("0\n").col, 1);
        assert!(err("50\n").message.contains("between 1 and 49"));
        let e = err("1 3\n");
        assert_eq!((e.line, e.col), (1, 3));
        let e = err("1\n3\n0 0 0\n0 0 0\n0 0 0\n3\n");
        assert_eq!((e.line, e.col), (6, 1));
        let e = err("1\n3\n0 0 x\n0 0 0\n0 0 0\n");
        assert_eq!((e.line, e.col), (3, 5));
    }

    #[test]
    fn faults_name_the_strict_validators_rules() {
        let rule = |input: &str| err(input).rule.unwrap();
        assert_eq!(rule("50\n"), "t-range");
        assert_eq!(rule("1\n8\n"), "n-range");
        assert_eq!(rule("1\n3\n0 0 0\n0 12 0\n0 0 0\n"), "cell-value-range");
        assert_eq!(rule("1 3\n"), "field-count");
        assert_eq!(rule("1\n3\n0 0 0\n0 0 0 0\n0 0 0\n"), "field-count");
        assert_eq!(rule("1\n3\n0 0 0\n0 0\n0 0 0\n"), "field-count");
        assert_eq!(rule("1\n3\n0 0 0\n0 0 0\n"), "end-of-file");
        assert_eq!(rule("1\n3\n0 0 x\n0 0 0\n0 0 0\n"), "integer");
        assert_eq!(rule("1\n3\n0 0 0\n0 0 0\n0 0 0\n3\n"), "extra-data");
    }

    #[test]
    fn carriage_returns_and_blank_lines_are_tolerated() {
        let boards = parse("1\r\n\r\n3\r\n1 0 0\r\n0 0 0\r\n\r\n0 0 -1\r\n").unwrap();
        assert_eq!(boards[0].cells[2][..3], [0, 0, -1]);
    }
}
