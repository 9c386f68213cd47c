//! Reading Slink data sets: `r c`, then r lines of c digits 0..3, repeated,
//! ending with `0 0`.
//!
//! The reader is line-oriented on purpose: a row with a digit missing must
//! be reported on *its* line, not discovered later when the next row's first
//! digit has been swallowed. Within a line, any run of blanks separates
//! fields and blank lines are skipped, as a forgiving judge would. The
//! strict layout rules (single spaces, no blank lines, a final newline) live
//! in the validator (`Slink::validate`), which reads the same grid shape.
//! The validator runs this reader too (to solve), so its errors name the
//! rule they break as the validator's own do.

use super::{COLUMNS, DIGIT, MAX_SIDE, Puzzle, ROWS};
use judge_text::located::quote;
use judge_text::rule;
use judge_text::scan::{InputError, Scanner, Token};

/// Every data set before the closing `0 0`.
pub fn parse(input: &str) -> Result<Vec<Puzzle>, InputError> {
    let mut parser = Parser {
        scanner: Scanner::new(input),
    };
    let mut puzzles = Vec::new();
    loop {
        let n = puzzles.len() + 1;
        let header =
            parser.line(|| format!("expected data set {n}'s \"r c\" or the closing \"0 0\""))?;
        let Some((rows, cols)) =
            parse_header(header).map_err(|e| e.context(format_args!("data set {n}")))?
        else {
            break;
        };
        let mut digits = Vec::with_capacity(rows * cols);
        for row in 1..=rows {
            let line = parser
                .line(|| format!("expected row {row} of {rows}"))
                .map_err(|e| e.context(format_args!("data set {n}")))?;
            parse_row(line, row, cols, &mut digits)
                .map_err(|e| e.context(format_args!("data set {n}")))?;
        }
        puzzles.push(Puzzle {
            rows,
            cols,
            digits,
            line: header.pos.line,
        });
    }
    match parser.scanner.next_token() {
        None => Ok(puzzles),
        Some(t) => Err(t
            .pos
            .error(format!(
                "unexpected {} after the closing \"0 0\"",
                quote(t.text)
            ))
            .rule(rule::EXTRA_DATA)),
    }
}

struct Parser<'a> {
    scanner: Scanner<'a>,
}

impl<'a> Parser<'a> {
    /// The next non-blank line; at the end of the input, an error saying
    /// what was expected there.
    fn line(&mut self, expected: impl FnOnce() -> String) -> Result<Token<'a>, InputError> {
        self.scanner.skip_space();
        let pos = self.scanner.pos();
        self.scanner.rest_of_line().ok_or_else(|| {
            pos.error(format!("{}, found the end of the input", expected()))
                .rule(rule::END_OF_FILE)
        })
    }
}

/// The first `most` blank-separated fields of one line, with their real
/// positions. Callers ask for one more than they accept, which is all an
/// error needs: a line of a million fields is not collected.
fn fields(line: Token<'_>, most: usize) -> Vec<Token<'_>> {
    let mut inner = Scanner::new(line.text);
    let mut out = Vec::new();
    while out.len() < most
        && let Some(mut t) = inner.next_token()
    {
        // The line holds no line end, so only the column needs shifting.
        t.pos.line = line.pos.line;
        t.pos.col += line.pos.col - 1;
        out.push(t);
    }
    out
}

/// `Some((r, c))`, or `None` for the closing `0 0`.
fn parse_header(line: Token<'_>) -> Result<Option<(usize, usize)>, InputError> {
    let f = fields(line, 3);
    let [r, c] = f.as_slice() else {
        let at = f.get(2).map_or(line.pos, |t| t.pos);
        return Err(at
            .error(format!(
                "expected a line \"r c\" (two integers), found {}",
                quote(line.text)
            ))
            .rule(rule::FIELD_COUNT));
    };
    let side = 0..=MAX_SIDE as i64;
    let rows = ROWS.named(r.int("the number of rows r", side.clone()))? as usize;
    let cols = COLUMNS.named(c.int("the number of columns c", side))? as usize;
    match (rows, cols) {
        (0, 0) => Ok(None),
        (0, _) => Err(r
            .pos
            .error("r is 0 but c is not: r and c must both be 1 to 20, or both 0 to end")
            .rule(ROWS.rule())),
        (_, 0) => Err(c
            .pos
            .error("c is 0 but r is not: r and c must both be 1 to 20, or both 0 to end")
            .rule(COLUMNS.rule())),
        _ => Ok(Some((rows, cols))),
    }
}

/// Appends one row of exactly `cols` digits 0..3.
fn parse_row(
    line: Token<'_>,
    row: usize,
    cols: usize,
    digits: &mut Vec<u8>,
) -> Result<(), InputError> {
    let f = fields(line, cols + 1);
    if let Some(extra) = f.get(cols) {
        return Err(extra
            .pos
            .error(format!(
                "row {row} has more than {cols} digits: unexpected {}",
                quote(extra.text)
            ))
            .rule(rule::FIELD_COUNT));
    }
    for t in &f {
        digits.push(DIGIT.named(t.int("a cell digit", DIGIT.range()))? as u8);
    }
    if f.len() < cols {
        let end = judge_text::scan::Pos {
            line: line.pos.line,
            col: line.pos.col + line.text.chars().count(),
        };
        let plural = if f.len() == 1 { "" } else { "s" };
        return Err(end
            .error(format!(
                "row {row} has {} digit{plural}, expected {cols}",
                f.len()
            ))
            .rule(rule::FIELD_COUNT));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(input: &str) -> InputError {
        parse(input).unwrap_err()
    }

    #[test]
    fn reads_several_data_sets_and_their_header_lines() {
        let p = parse("2 2\n2 2\n2 2\n\n1 5\n  3 2 2 2 3\n0 0\n").unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!((p[0].rows, p[0].cols, p[0].line), (2, 2, 1));
        assert_eq!(p[1].digits, vec![3, 2, 2, 2, 3]);
        assert_eq!(p[1].line, 5);
        assert!(parse("0 0").unwrap().is_empty());
    }

    #[test]
    fn a_digit_4_is_located() {
        let e = err("2 2\n2 2\n2 4\n0 0\n");
        assert_eq!((e.line, e.col), (3, 3), "{e}");
        assert!(e.message.starts_with("data set 1:"), "{e}");
        assert!(e.message.contains("between 0 and 3"), "{e}");
    }

    #[test]
    fn a_short_row_is_reported_on_its_own_line() {
        let e = err("1 5\n3 2 2 2 3\n2 2\n2 2\n2\n0 0\n");
        assert_eq!((e.line, e.col), (5, 2), "{e}");
        assert!(e.message.starts_with("data set 2:"), "{e}");
        assert!(e.message.contains("row 2 has 1 digit, expected 2"), "{e}");
        let e = err("2 2\n2 2 2\n2 2\n0 0\n");
        assert_eq!((e.line, e.col), (2, 5), "{e}");
    }

    #[test]
    fn a_missing_end_marker_or_row_is_located_at_the_end() {
        let e = err("2 2\n2 2\n2 2\n");
        assert_eq!(e.line, 4, "{e}");
        assert!(
            e.message
                .contains("data set 2's \"r c\" or the closing \"0 0\""),
            "{e}"
        );
        let e = err("2 2\n2 2\n");
        assert!(e.message.contains("data set 1: expected row 2 of 2"), "{e}");
    }

    #[test]
    fn sizes_above_20_or_half_zero_are_rejected() {
        let e = err("21 2\n");
        assert_eq!((e.line, e.col), (1, 1));
        assert!(e.message.contains("between 0 and 20"), "{e}");
        let e = err("2 2\n2 2\n2 2\n3 21\n");
        assert_eq!((e.line, e.col), (4, 3));
        assert!(e.message.starts_with("data set 2:"), "{e}");
        assert!(err("0 3\n").message.contains("both 0"));
        assert!(err("2\n").message.contains("\"r c\""));
        assert!(err("2 2 2\n").message.contains("\"r c\""));
    }

    #[test]
    fn text_after_the_end_marker_is_an_error() {
        let e = err("0 0\n1 1\n");
        assert_eq!((e.line, e.col), (2, 1));
    }
}
