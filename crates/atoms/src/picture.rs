//! Atoms boards drawn: each cell's atoms as dots in their player's colour
//! (blue for player one, amber for player two), and under each board what
//! the output says of it (`valid` / `invalid`). An answer is a word, so
//! a wrong answer is the board whose word is marked.

use judge_solver::svg::{self, Canvas, Compared, Tile};

use crate::game::{Board, capacity};
use crate::parse;

const CELL: f64 = 34.0;

/// The input's boards, or with `output`, each under its answer.
pub(crate) fn picture(input: &str, output: Option<&str>) -> Option<String> {
    let boards = parse::parse(input).ok()?;
    let tile = |i: usize, _: Option<&str>| tile(i, &boards[i]);
    Some(svg::answered(boards.len(), &tile, output, &read))
}

/// The expected and the received answers on the input's boards.
pub(crate) fn compared(input: &str, expected: &str, received: &str) -> Option<Compared> {
    let boards = parse::parse(input).ok()?;
    let tile = |i: usize, _: Option<&str>| tile(i, &boards[i]);
    Some(svg::answered_compared(
        boards.len(),
        &tile,
        expected,
        received,
        &read,
    ))
}

/// `Case k: valid` or `Case k: invalid`, as the word and whether it
/// calls the board invalid.
fn read(k: usize, line: &str) -> Option<(String, bool)> {
    let word = line.strip_prefix(&format!("Case {k}: "))?;
    match word {
        "valid" => Some(("valid".into(), false)),
        "invalid" => Some(("invalid".into(), true)),
        _ => None,
    }
}

fn tile(i: usize, board: &Board) -> Tile {
    let side = board.n as f64 * CELL;
    Tile {
        label: format!("Case {}", i + 1),
        width: side,
        height: side,
        body: board_canvas(board),
        badge: None,
    }
}

/// One board: its grid, each cell's atoms as dots (up to its capacity; a
/// cell over capacity shows its count, ringed).
fn board_canvas(board: &Board) -> Canvas {
    let n = board.n;
    let mut c = Canvas::new();
    c.rect(
        0.0,
        0.0,
        n as f64 * CELL,
        n as f64 * CELL,
        r##"fill="#fafafa""##,
    );
    for r in 0..n {
        for col in 0..n {
            let v = board.cells[r][col];
            let (x, y) = (col as f64 * CELL, r as f64 * CELL);
            let colour = if v > 0 { svg::BLUE } else { svg::AMBER };
            let count = v.unsigned_abs();
            if v.abs() > capacity(n, r, col) {
                let ring = format!(r#"fill="none" stroke="{}" stroke-width="2""#, svg::FAULT);
                c.circle(x + CELL / 2.0, y + CELL / 2.0, CELL * 0.38, &ring);
                let attrs = format!(r#"fill="{colour}" font-weight="700""#);
                c.centred(
                    (x + CELL / 2.0, y + CELL / 2.0),
                    15.0,
                    &attrs,
                    &v.to_string(),
                );
                continue;
            }
            let dot = format!(r#"fill="{colour}""#);
            for &(dx, dy) in dots(count) {
                c.circle(x + dx * CELL, y + dy * CELL, CELL * 0.14, &dot);
            }
        }
    }
    c.grid(n, n, CELL);
    c
}

/// Where `count` atoms sit in a cell, as fractions of its side.
fn dots(count: u8) -> &'static [(f64, f64)] {
    match count {
        0 => &[],
        1 => &[(0.5, 0.5)],
        2 => &[(0.32, 0.32), (0.68, 0.68)],
        _ => &[(0.5, 0.28), (0.28, 0.7), (0.72, 0.7)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_solver::testing::{marks, well_formed};

    const INPUT: &str = "2\n3\n1 0 0\n0 0 0\n0 0 -1\n3\n2 0 0\n0 0 0\n0 0 0\n";

    #[test]
    fn a_changed_answer_is_marked_on_both_sides() {
        let (want, got) = (
            "Case 1: valid\nCase 2: invalid\n",
            "Case 1: valid\nCase 2: valid\n",
        );
        let pair = compared(INPUT, want, got).unwrap();
        for svg in [&pair.expected, &pair.received] {
            well_formed(svg).unwrap();
            assert_eq!(marks(svg), 1, "{svg}");
        }
        assert!(pair.received.contains(">valid<") && pair.expected.contains(">invalid<"));
    }

    #[test]
    fn boards_draw_their_atoms_and_garbage_draws_as_text() {
        let svg = picture(INPUT, None).unwrap();
        well_formed(&svg).unwrap();
        // Player one's atom as a dot, and the 2 in a corner (capacity 1)
        // as its count, ringed; player two's atom.
        assert_eq!(svg.matches(svg::BLUE).count(), 2, "{svg}");
        assert_eq!(svg.matches(svg::FAULT).count(), 1);
        assert_eq!(svg.matches(svg::AMBER).count(), 1);
        let svg = picture(INPUT, Some("Case 1: <maybe>\n\u{0}")).unwrap();
        well_formed(&svg).unwrap();
        assert!(svg.contains("&lt;maybe&gt;") && !svg.contains("(no line)"));
        assert!(picture("3\n", None).is_none());
    }
}
