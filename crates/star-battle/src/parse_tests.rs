//! Bad Star Battle files: each error names its line and column.

use super::*;

const REGIONS: &str = "0001111223\n0001221223\n0001222223\n0000224433\n5544444433\n5555466663\n5575566663\n8877666663\n8997777663\n8999976666\n";
const STARS: &str = "......*.*.\n.*.*......\n.....*...*\n...*...*..\n.*...*....\n.......*.*\n..*.*.....\n*.......*.\n..*...*...\n*...*.....\n";

fn err(input: &str) -> InputError {
    parse(input).expect_err("input must be rejected")
}

/// The sample with line `line` (1-based) replaced.
fn with_line(line: usize, text: &str) -> String {
    let mut lines: Vec<&str> = REGIONS.lines().chain(STARS.lines()).collect();
    lines[line - 1] = text;
    lines.join("\n") + "\n"
}

#[test]
fn the_sample_parses() {
    let p = parse(&(REGIONS.to_string() + STARS)).unwrap();
    assert_eq!(p.regions[9][..], [8, 9, 9, 9, 9, 7, 6, 6, 6, 6]);
    assert!(p.stars[0][6] && p.stars[0][8] && !p.stars[0][7]);
}

#[test]
fn a_nine_row_region_grid_is_located() {
    let nine: String = REGIONS.lines().take(9).map(|l| format!("{l}\n")).collect();
    let e = err(&(nine + STARS));
    assert_eq!((e.line, e.col), (10, 1));
    assert!(e.message.contains("only 9 rows"), "{e}");
}

#[test]
fn short_and_long_rows_are_located() {
    // A 9-character row (a 10×9 board).
    let e = err(&with_line(4, "000022443"));
    assert_eq!((e.line, e.col), (4, 10));
    assert!(e.message.contains("has 9 characters"), "{e}");
    let e = err(&with_line(14, "...*...*..."));
    assert_eq!((e.line, e.col), (14, 11));
    assert!(e.message.contains("longer than 10"), "{e}");
    // A nine-line candidate.
    let e = err(&(REGIONS.to_string() + &STARS[..STARS.len() - 11]));
    assert!(
        e.message.contains("row 10 of the candidate") && e.message.contains("end of the input"),
        "{e}"
    );
}

#[test]
fn a_hash_in_the_candidate_is_located() {
    let e = err(&with_line(15, ".*..#*...."));
    assert_eq!((e.line, e.col), (15, 5));
    assert!(
        e.message.contains("'#'") && e.message.contains("candidate"),
        "{e}"
    );
    let e = err(&with_line(2, "00012x1223"));
    assert_eq!((e.line, e.col), (2, 6));
}

#[test]
fn a_split_region_is_named_and_located() {
    // Row 8's two 7s become 5s: region 7's cell at row 7, column 3 is left
    // alone, cut off from the 7s of rows 9 and 10.
    let e = err(&with_line(8, "8855666663"));
    assert!(e.message.contains("region 7 is not 4-connected"), "{e}");
    assert_eq!((e.line, e.col), (9, 4));
}

#[test]
fn a_missing_region_is_named() {
    // Region 8 renamed to 9: nine digits, and 9 is now one region (8 and 9
    // touch), so the missing digit is what breaks.
    let text = REGIONS.replace('8', "9") + STARS;
    let e = err(&text);
    assert!(e.message.contains("region 8 has no cell"), "{e}");
    assert_eq!((e.line, e.col), (1, 1));
}

#[test]
fn trailing_data_and_blank_lines() {
    let e = err(&(REGIONS.to_string() + STARS + "extra\n"));
    assert_eq!((e.line, e.col), (21, 1));
    // Blank lines between the grids and CRLF line ends are forgiven.
    let text = (REGIONS.to_string() + "\n" + STARS).replace('\n', "\r\n");
    assert!(parse(&text).is_ok());
}
