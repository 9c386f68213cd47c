//! So Doku grids drawn: the givens in ink on a grid with thick box
//! walls, and under each grid what the output answers. The answer is put
//! on the grid where it can be: a grid called `Unique.` that has exactly
//! one solution shows it (the filled-in digits in blue), one called
//! `Illegal.` rings the givens that repeat.

use judge_solver::svg::{self, Canvas, Compared, Tile};

use crate::{CELLS, Grid, count_solutions, parse};

const CELL: f64 = 28.0;

/// The grids, or with `output`, each under its answer.
pub(crate) fn picture(input: &str, output: Option<&str>) -> Option<String> {
    let grids = parse(input).ok()?;
    let tile = |i: usize, answer: Option<&str>| tile(i, &grids[i], answer);
    Some(svg::answered(grids.len(), &tile, output, &read))
}

/// The expected and the received answers on the grids.
pub(crate) fn compared(input: &str, expected: &str, received: &str) -> Option<Compared> {
    let grids = parse(input).ok()?;
    let tile = |i: usize, answer: Option<&str>| tile(i, &grids[i], answer);
    Some(svg::answered_compared(
        grids.len(),
        &tile,
        expected,
        received,
        &read,
    ))
}

/// `Case k: Word.`: the word, and whether it calls the grid wrong
/// (Illegal or Impossible).
fn read(k: usize, line: &str) -> Option<(String, bool)> {
    let word = line
        .strip_prefix(&format!("Case {k}: "))?
        .strip_suffix('.')?;
    match word {
        "Unique" | "Ambiguous" => Some((word.to_string(), false)),
        "Illegal" | "Impossible" => Some((word.to_string(), true)),
        _ => None,
    }
}

fn tile(i: usize, grid: &Grid, answer: Option<&str>) -> Tile {
    let word = answer.and_then(|a| read(i + 1, a)).map(|(w, _)| w);
    Tile {
        label: format!("Case {}", i + 1),
        width: 9.0 * CELL,
        height: 9.0 * CELL,
        body: board(&grid.cells, word.as_deref()),
        badge: None,
    }
}

fn board(cells: &[u8; CELLS], answer: Option<&str>) -> Canvas {
    let mut c = Canvas::new();
    c.rect(0.0, 0.0, 9.0 * CELL, 9.0 * CELL, r##"fill="#ffffff""##);
    let solution = match answer {
        // Only a grid that is unique indeed: an answer that is wrong is
        // shown without a solution to back it.
        Some("Unique") => {
            let found = count_solutions(cells, 2);
            found.first.filter(|_| found.count == 1)
        }
        _ => None,
    };
    if answer == Some("Illegal") {
        let ring = format!(r#"fill="none" stroke="{}" stroke-width="2.5""#, svg::FAULT);
        for at in repeated(cells) {
            let (x, y) = centre(at);
            c.circle(x, y, CELL * 0.42, &ring);
        }
    }
    let given = format!(r#"fill="{}" font-weight="700""#, svg::INK);
    let filled = format!(r#"fill="{}""#, svg::BLUE);
    for at in 0..CELLS {
        let (digit, attrs) = match (cells[at], solution) {
            (0, Some(s)) => (s[at], &filled),
            (d, _) => (d, &given),
        };
        if digit != 0 {
            c.centred(centre(at), 16.0, attrs, &digit.to_string());
        }
    }
    c.grid(9, 9, CELL);
    let wall = format!(r#"stroke="{}" stroke-width="2.5""#, svg::INK);
    for k in [3.0, 6.0] {
        c.line((k * CELL, 0.0), (k * CELL, 9.0 * CELL), &wall);
        c.line((0.0, k * CELL), (9.0 * CELL, k * CELL), &wall);
    }
    c
}

fn centre(at: usize) -> (f64, f64) {
    (
        (at % 9) as f64 * CELL + CELL / 2.0,
        (at / 9) as f64 * CELL + CELL / 2.0,
    )
}

/// The cells whose given digit repeats in their row, column or box.
fn repeated(cells: &[u8; CELLS]) -> Vec<usize> {
    let unit_of = |at: usize| [at / 9, 9 + at % 9, 18 + at / 27 * 3 + at % 9 / 3];
    (0..CELLS)
        .filter(|&at| {
            let d = cells[at];
            d != 0
                && (0..CELLS).any(|other| {
                    other != at
                        && cells[other] == d
                        && unit_of(at).iter().any(|u| unit_of(other).contains(u))
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_solver::testing::{marks, well_formed};

    fn solved() -> String {
        let mut out = String::new();
        for r in 0..9 {
            let row: Vec<String> = (0..9)
                .map(|c| ((r * 3 + r / 3 + c) % 9 + 1).to_string())
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        out
    }

    #[test]
    fn a_changed_answer_is_marked_and_a_unique_grid_shows_its_solution() {
        // The solved grid with one given left out: unique.
        let input = solved().replacen('1', "0", 1);
        let pair = compared(&input, "Case 1: Unique.\n", "Case 1: Ambiguous.\n").unwrap();
        for svg in [&pair.expected, &pair.received] {
            well_formed(svg).unwrap();
            assert_eq!(marks(svg), 1, "{svg}");
        }
        // The one empty cell is filled in blue on the expected side only.
        assert_eq!(pair.expected.matches(svg::BLUE).count(), 1);
        assert_eq!(pair.received.matches(svg::BLUE).count(), 0);
    }

    #[test]
    fn repeated_givens_are_ringed_where_the_answer_is_illegal() {
        let input = solved().replacen('2', "1", 1);
        let svg = picture(&input, Some("Case 1: Illegal.\n")).unwrap();
        well_formed(&svg).unwrap();
        // The changed cell repeats the 1 of its row and box and the 1 of
        // its column (row 9): the three are ringed (the badge adds two).
        assert_eq!(svg.matches(svg::FAULT).count(), 3 + 2, "{svg}");
        let cells = parse(&input).unwrap()[0].cells;
        assert_eq!(repeated(&cells), [0, 1, 8 * 9 + 1]);
    }
}
