//! Reading So Doku Checker inputs: grids of 9 lines of 9 digits.
//!
//! This is the forgiving reader the solver uses. It accepts any run of
//! spaces or tabs between digits, CRLF line ends, any number of blank lines
//! between grids (including none) and a missing final newline. Everything it
//! returns carries its line number, so a strict validator can re-read the raw
//! lines of each grid and insist on the exact layout.

use judge_text::located::quote;
use judge_text::scan::InputError;

/// Cells in a grid.
pub const CELLS: usize = 81;

/// One grid as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// Row-major digits, 0 for an empty cell.
    pub cells: [u8; CELLS],
    /// 1-based line of the first row; the rows are the nine lines from here.
    pub line: usize,
}

/// Reads every grid of an input file, in order.
pub fn parse(input: &str) -> Result<Vec<Grid>, InputError> {
    let mut grids = Vec::with_capacity(input.len() / 160 + 1);
    // The grid being read and how many of its rows are in.
    let mut open: Option<(Grid, usize)> = None;
    for (index, text) in input.lines().enumerate() {
        let line = index + 1;
        if text.bytes().all(is_blank) {
            if let Some((grid, rows)) = &open {
                return Err(InputError::new(
                    line,
                    1,
                    format!(
                        "grid {} (from line {}) has only {rows} of its 9 rows before this blank line",
                        grids.len() + 1,
                        grid.line
                    ),
                ));
            }
            continue;
        }
        let (grid, rows) = open.get_or_insert((
            Grid {
                cells: [0; CELLS],
                line,
            },
            0,
        ));
        let row = &mut grid.cells[*rows * 9..][..9];
        parse_row(text, line, row)
            .map_err(|e| e.context(format!("grid {}, row {}", grids.len() + 1, *rows + 1)))?;
        *rows += 1;
        if *rows == 9 {
            grids.push(open.take().expect("a grid is open").0);
        }
    }
    if let Some((grid, rows)) = open {
        return Err(InputError::new(
            grid.line,
            1,
            format!(
                "grid {} has only {rows} of its 9 rows before the end of the input (a grid is 9 lines of 9 digits)",
                grids.len() + 1
            ),
        ));
    }
    if grids.is_empty() {
        return Err(InputError::new(
            1,
            1,
            "expected a grid of 9 lines of 9 digits, found no grid",
        ));
    }
    Ok(grids)
}

/// Spaces that may separate digits.
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// Reads the nine digits of one line into `row`.
fn parse_row(text: &str, line: usize, row: &mut [u8]) -> Result<(), InputError> {
    let at = |byte: usize| text[..byte].chars().count() + 1;
    let bytes = text.as_bytes();
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        if is_blank(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !is_blank(bytes[i]) {
            i += 1;
        }
        // Token ends are ASCII blanks or the end of the line: char boundaries.
        let token = &text[start..i];
        let [digit @ b'0'..=b'9'] = token.as_bytes() else {
            return Err(InputError::new(
                line,
                at(start),
                format!("expected a digit 0 to 9, found {}", quote(token)),
            ));
        };
        if count == 9 {
            return Err(InputError::new(
                line,
                at(start),
                "more than 9 digits on the line",
            ));
        }
        row[count] = digit - b'0';
        count += 1;
    }
    if count < 9 {
        let end = text.trim_end_matches([' ', '\t', '\r']).len();
        return Err(InputError::new(
            line,
            at(end),
            format!("expected 9 digits on the line, found {count}"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROW: &str = "1 2 3 4 5 6 7 8 9\n";

    fn grid_text(rows: usize) -> String {
        ROW.repeat(rows)
    }

    #[test]
    fn grids_with_and_without_blank_lines_and_final_newline() {
        let two = format!("{}\n{}", grid_text(9), grid_text(9));
        let grids = parse(&two).unwrap();
        assert_eq!(grids.iter().map(|g| g.line).collect::<Vec<_>>(), [1, 11]);
        assert_eq!(grids[1].cells[..9], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let glued = grid_text(18);
        assert_eq!(
            parse(&glued)
                .unwrap()
                .iter()
                .map(|g| g.line)
                .collect::<Vec<_>>(),
            [1, 10]
        );
        let no_newline = glued.trim_end();
        assert_eq!(parse(no_newline).unwrap().len(), 2);
        let crlf_tabs = grid_text(9).replace('\n', "\r\n").replace(' ', "\t ");
        assert_eq!(
            parse(&crlf_tabs).unwrap()[0].cells,
            parse(&grid_text(9)).unwrap()[0].cells
        );
    }

    #[test]
    fn a_letter_is_located() {
        let text = grid_text(3) + "1 2 3 4 x 6 7 8 9\n" + &grid_text(5);
        let e = parse(&text).unwrap_err();
        assert_eq!((e.line, e.col), (4, 9), "{e}");
        assert!(
            e.message.contains("grid 1, row 4") && e.message.contains("\"x\""),
            "{e}"
        );
    }

    #[test]
    fn eight_numbers_on_a_line_are_located_at_its_end() {
        let text = grid_text(8) + "1 2 3 4 5 6 7 8 \n";
        let e = parse(&text).unwrap_err();
        assert_eq!((e.line, e.col), (9, 16), "{e}");
        assert!(e.message.contains("found 8"), "{e}");
        let e = parse(&(grid_text(8) + "\n")).unwrap_err();
        assert_eq!((e.line, e.col), (9, 1), "{e}");
    }

    #[test]
    fn ten_numbers_on_a_line_point_at_the_tenth() {
        let e = parse(&(grid_text(8) + "1 2 3 4 5 6 7 8 9 1\n")).unwrap_err();
        assert_eq!((e.line, e.col), (9, 19), "{e}");
    }

    #[test]
    fn ten_rows_leave_an_incomplete_second_grid() {
        let e = parse(&grid_text(10)).unwrap_err();
        assert_eq!((e.line, e.col), (10, 1), "{e}");
        assert!(e.message.contains("grid 2 has only 1 of its 9 rows"), "{e}");
        let e = parse(&(grid_text(10) + "\n" + &grid_text(9))).unwrap_err();
        assert_eq!((e.line, e.col), (11, 1), "{e}");
        assert!(e.message.contains("blank line"), "{e}");
    }

    #[test]
    fn a_two_digit_number_is_not_a_digit() {
        let e = parse(&(grid_text(4) + "1 2 3 10 5 6 7 8 9\n" + &grid_text(4))).unwrap_err();
        assert_eq!((e.line, e.col), (5, 7), "{e}");
        assert!(e.message.contains("\"10\""), "{e}");
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let e = parse("1 é 3").unwrap_err();
        assert_eq!((e.line, e.col), (1, 3), "{e}");
        let e = parse("1 2 3 4 5 6 7 8 9 é").unwrap_err();
        assert_eq!((e.line, e.col), (1, 19), "{e}");
        let e = parse("é1").unwrap_err();
        assert_eq!((e.line, e.col), (1, 1), "{e}");
    }

    #[test]
    fn empty_input_is_an_error() {
        for text in ["", "\n\n", "  \r\n"] {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.col), (1, 1), "{e}");
        }
    }
}
