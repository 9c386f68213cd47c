//! Slink puzzles drawn: the digits between the grid's dots, and for an
//! output, the loop it prints (read from its `---` and `|`), each digit
//! in the fault colour where the loop drawn does not pass it as often as
//! it says.
//!
//! An output is read by position, as the exact judge reads it: data set
//! `k` is the `2r+6` lines after the ones before it. Where an expected
//! and a received output differ, the character that differs is put on
//! what it draws: a loop edge, a vertex, a cell's digit; anything else
//! (the set's number, the frame) marks a line under the puzzle.

use judge_solver::svg::{self, Canvas, Compared, Side, Tile};

use crate::{Puzzle, parse};

const CELL: f64 = 28.0;

/// One data set's lines of an output, as far as the output has them.
struct Printed<'a> {
    lines: Vec<&'a str>,
}

/// What one character of a data set's block draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Spot {
    /// The edge from vertex (i, j) to (i, j+1).
    Across(usize, usize),
    /// The edge from vertex (i, j) to (i+1, j).
    Down(usize, usize),
    Vertex(usize, usize),
    Cell(usize, usize),
    /// The number line, the frame.
    Frame,
}

impl<'a> Printed<'a> {
    /// Character `col` of body row `row` (vertex rows even, cell rows odd).
    fn at(&self, row: usize, col: usize) -> char {
        let line = self.lines.get(3 + row).copied().unwrap_or("");
        line.chars().nth(2 + col).unwrap_or(' ')
    }

    fn across(&self, i: usize, j: usize) -> bool {
        (1..=3).all(|d| self.at(2 * i, 4 * j + d) == '-')
    }

    fn down(&self, i: usize, j: usize) -> bool {
        self.at(2 * i + 1, 4 * j) == '|'
    }
}

/// The blocks of `output`, one per puzzle, and how many lines follow the
/// last.
fn blocks<'a>(output: &'a str, puzzles: &[Puzzle]) -> (Vec<Printed<'a>>, usize) {
    let lines: Vec<&str> = output.lines().collect();
    let mut at = 0;
    let mut out = Vec::with_capacity(puzzles.len());
    for p in puzzles {
        let len = 2 * p.rows + 6;
        let end = (at + len).min(lines.len());
        out.push(Printed {
            lines: lines.get(at.min(end)..end).unwrap_or_default().to_vec(),
        });
        at += len;
    }
    (out, lines.len().saturating_sub(at))
}

/// What character `col` of line `line` of a block of `p` draws.
fn spot(p: &Puzzle, line: usize, col: usize) -> Spot {
    let body_rows = 2 * p.rows + 1;
    let inside = (3..3 + body_rows).contains(&line) && (2..2 + 4 * p.cols + 1).contains(&col);
    if !inside {
        return Spot::Frame;
    }
    let (row, col) = (line - 3, col - 2);
    let (i, j) = (row / 2, col / 4);
    match (row % 2, col % 4) {
        (0, 0) => Spot::Vertex(i, j),
        (0, _) => Spot::Across(i, j),
        (_, 0) => Spot::Down(i, j),
        _ => Spot::Cell(i, j),
    }
}

/// Every spot where two blocks of `p` differ.
fn differences(p: &Puzzle, a: &Printed, b: &Printed) -> Vec<Spot> {
    let mut spots = Vec::new();
    let lines = a.lines.len().max(b.lines.len()).max(2 * p.rows + 6);
    for line in 0..lines {
        let (x, y) = (a.lines.get(line), b.lines.get(line));
        if x == y {
            continue;
        }
        let (x, y) = (x.copied().unwrap_or(""), y.copied().unwrap_or(""));
        let width = x.chars().count().max(y.chars().count());
        let (mut xs, mut ys) = (x.chars(), y.chars());
        for col in 0..width {
            let s = spot(p, line, col);
            if xs.next() != ys.next() && !spots.contains(&s) {
                spots.push(s);
            }
        }
    }
    spots
}

/// The puzzles, or with `output`, the loops it prints on them.
pub(crate) fn picture(input: &str, output: Option<&str>) -> Option<String> {
    let puzzles = parse::parse(input).ok()?;
    let (shown, note) = svg::focus(puzzles.len(), &[], 36);
    let mut notes: Vec<(String, bool)> = note.into_iter().map(|n| (n, false)).collect();
    let Some(output) = output else {
        let tiles: Vec<Tile> = (shown.iter())
            .map(|&i| tile(i, &puzzles[i], None, &[], Side::Plain))
            .collect();
        return Some(svg::sheet("input", &tiles, Side::Plain, &notes));
    };
    let (printed, extra) = blocks(output, &puzzles);
    let tiles: Vec<Tile> = (shown.iter())
        .map(|&i| tile(i, &puzzles[i], Some(&printed[i]), &[], Side::Plain))
        .collect();
    notes.extend(svg::extra_note(extra).into_iter().map(|(n, _)| (n, false)));
    Some(svg::sheet("output", &tiles, Side::Plain, &notes))
}

/// The expected and the received loops, each marking where they differ.
pub(crate) fn compared(input: &str, expected: &str, received: &str) -> Option<Compared> {
    let puzzles = parse::parse(input).ok()?;
    let (want, want_extra) = blocks(expected, &puzzles);
    let (got, got_extra) = blocks(received, &puzzles);
    let spots: Vec<Vec<Spot>> = (puzzles.iter().enumerate())
        .map(|(i, p)| differences(p, &want[i], &got[i]))
        .collect();
    let differs: Vec<bool> = spots.iter().map(|s| !s.is_empty()).collect();
    let (shown, note) = svg::focus(puzzles.len(), &differs, 36);
    let extra_differs = (expected
        .lines()
        .skip(want.iter().map(|b| b.lines.len()).sum()))
    .ne(received
        .lines()
        .skip(got.iter().map(|b| b.lines.len()).sum()));
    let draw = |printed: &[Printed], extra: usize, side: Side, title: &str| {
        let tiles: Vec<Tile> = (shown.iter())
            .map(|&i| tile(i, &puzzles[i], Some(&printed[i]), &spots[i], side))
            .collect();
        let mut notes: Vec<(String, bool)> = note.iter().map(|n| (n.clone(), false)).collect();
        for &i in &shown {
            if spots[i].contains(&Spot::Frame) {
                notes.push((
                    format!("data set {}: its number or frame differs", i + 1),
                    true,
                ));
            }
        }
        let mut more = svg::extra_note(extra);
        more.iter_mut().for_each(|m| m.1 = extra_differs);
        notes.extend(more);
        svg::sheet(title, &tiles, side, &notes)
    };
    Some(Compared {
        expected: draw(&want, want_extra, Side::Expected, "expected"),
        received: draw(&got, got_extra, Side::Received, "received"),
    })
}

fn tile(i: usize, p: &Puzzle, printed: Option<&Printed>, spots: &[Spot], side: Side) -> Tile {
    Tile {
        label: format!("Data set {} ({}×{})", i + 1, p.rows, p.cols),
        width: p.cols as f64 * CELL + 8.0,
        height: p.rows as f64 * CELL + 8.0,
        body: board(p, printed, spots, side),
        badge: None,
    }
}

/// One puzzle, its loop as printed, its marks; 4 px of room around the
/// outer dots.
fn board(p: &Puzzle, printed: Option<&Printed>, spots: &[Spot], side: Side) -> Canvas {
    let dot = |i: usize, j: usize| (4.0 + j as f64 * CELL, 4.0 + i as f64 * CELL);
    let mut c = Canvas::new();
    for &s in spots {
        match s {
            Spot::Across(i, j) => c.mark_line(dot(i, j), dot(i, j + 1), side),
            Spot::Down(i, j) => c.mark_line(dot(i, j), dot(i + 1, j), side),
            Spot::Vertex(i, j) => {
                let (x, y) = dot(i, j);
                c.mark(x - 7.0, y - 7.0, 14.0, 14.0, side);
            }
            Spot::Cell(i, j) => {
                let (x, y) = dot(i, j);
                c.mark(x + 3.0, y + 3.0, CELL - 6.0, CELL - 6.0, side);
            }
            Spot::Frame => {}
        }
    }
    let edge = format!(
        r#"stroke="{}" stroke-width="4" stroke-linecap="round""#,
        svg::BLUE
    );
    for i in 0..p.rows {
        for j in 0..p.cols {
            let (x, y) = dot(i, j);
            let centre = (x + CELL / 2.0, y + CELL / 2.0);
            let (text, ink) = match printed {
                None => (p.digit(i, j).to_string(), svg::INK),
                Some(b) => {
                    let shown = b.at(2 * i + 1, 4 * j + 2);
                    let passes = passes(b, i, j);
                    let ok = shown.to_digit(10) == Some(passes);
                    (shown.to_string(), if ok { svg::INK } else { svg::FAULT })
                }
            };
            c.centred(centre, 14.0, &format!(r#"fill="{ink}""#), &text);
        }
    }
    if let Some(b) = printed {
        for i in 0..=p.rows {
            for j in 0..=p.cols {
                if j < p.cols && b.across(i, j) {
                    c.line(dot(i, j), dot(i, j + 1), &edge);
                }
                if i < p.rows && b.down(i, j) {
                    c.line(dot(i, j), dot(i + 1, j), &edge);
                }
            }
        }
    }
    let ink = format!(r#"fill="{}""#, svg::INK);
    for i in 0..=p.rows {
        for j in 0..=p.cols {
            let (x, y) = dot(i, j);
            c.circle(x, y, 2.2, &ink);
        }
    }
    c
}

/// How many sides of cell (i, j) the printed loop runs along.
fn passes(b: &Printed, i: usize, j: usize) -> u32 {
    [
        b.across(i, j),
        b.across(i + 1, j),
        b.down(i, j),
        b.down(i, j + 1),
    ]
    .iter()
    .filter(|&&e| e)
    .count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_solver::Solver;
    use judge_solver::testing::{marks, well_formed};

    const INPUT: &str = "2 2\n22\n22\n0 0\n";

    fn input() -> String {
        INPUT.replace("22", "2 2")
    }

    #[test]
    fn a_changed_edge_is_marked_on_both_sides() {
        let expected = crate::Slink.solve(&input()).unwrap();
        // The top edge of the top-left cell taken away.
        let received = expected.replacen("+-------+", "+   ----+", 1);
        assert_ne!(received, expected);
        let pair = compared(&input(), &expected, &received).unwrap();
        for svg in [&pair.expected, &pair.received] {
            well_formed(svg).unwrap();
            assert_eq!(marks(svg), 1, "{svg}");
        }
        // The received loop no longer passes the top-left 2 twice.
        assert!(pair.received.contains(svg::FAULT) && !pair.expected.contains(svg::FAULT));
    }

    #[test]
    fn the_loop_is_read_from_the_output() {
        let expected = crate::Slink.solve(&input()).unwrap();
        let svg = picture(&input(), Some(&expected)).unwrap();
        well_formed(&svg).unwrap();
        // The loop around the 2×2 grid: eight edges.
        assert_eq!(svg.matches(r#"stroke-width="4""#).count(), 8, "{svg}");
        let svg = picture(&input(), Some("1\n#\u{7}<&>\n")).unwrap();
        well_formed(&svg).unwrap();
        assert_eq!(svg.matches(r#"stroke-width="4""#).count(), 0);
    }
}
