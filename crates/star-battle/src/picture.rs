//! A Star Battle candidate drawn: each region in its own tint with thick
//! walls between regions, the stars, each row's and column's star count
//! in the margin (in the fault colour where it is not two), touching
//! stars joined by a line, and under the board what the output answers.

use judge_solver::svg::{self, Canvas, Compared, Tile};

use crate::{Puzzle, SIZE, STARS, parse, violations};

const CELL: f64 = 30.0;
/// The margin holding the counts.
const MARGIN: f64 = 22.0;

/// Pale, distinct tints for the ten regions.
const TINTS: [&str; 10] = [
    "#fde2e4", "#e2ece9", "#dbe7f6", "#fff1c1", "#e9e1f7", "#d8f3dc", "#fbe3d0", "#e0f2f1",
    "#f1e4d8", "#eceff1",
];

/// The candidate, or with `output`, under its answer.
pub(crate) fn picture(input: &str, output: Option<&str>) -> Option<String> {
    let puzzle = parse::parse(input).ok()?;
    let tile = |_, _: Option<&str>| tile(&puzzle);
    Some(svg::answered(1, &tile, output, &read))
}

/// The expected and the received answer on the candidate.
pub(crate) fn compared(input: &str, expected: &str, received: &str) -> Option<Compared> {
    let puzzle = parse::parse(input).ok()?;
    let tile = |_, _: Option<&str>| tile(&puzzle);
    Some(svg::answered_compared(1, &tile, expected, received, &read))
}

fn read(_: usize, line: &str) -> Option<(String, bool)> {
    match line {
        "valid" => Some(("valid".into(), false)),
        "invalid" => Some(("invalid".into(), true)),
        _ => None,
    }
}

fn tile(puzzle: &Puzzle) -> Tile {
    let side = SIZE as f64 * CELL + MARGIN;
    Tile {
        label: "candidate".into(),
        width: side,
        height: side,
        body: board(puzzle),
        badge: None,
    }
}

fn board(p: &Puzzle) -> Canvas {
    let mut c = Canvas::new();
    for r in 0..SIZE {
        for col in 0..SIZE {
            let tint = TINTS[usize::from(p.regions[r][col]) % TINTS.len()];
            let (x, y) = (col as f64 * CELL, r as f64 * CELL);
            c.rect(x, y, CELL, CELL, &format!(r#"fill="{tint}""#));
        }
    }
    c.grid(SIZE, SIZE, CELL);
    walls(&mut c, p);
    let faults = violations(p);
    let fault = format!(
        r#"stroke="{}" stroke-width="3" stroke-linecap="round""#,
        svg::FAULT
    );
    let centre =
        |(r, col): (usize, usize)| (col as f64 * CELL + CELL / 2.0, r as f64 * CELL + CELL / 2.0);
    for &(a, b) in &faults.touching {
        c.line(centre(a), centre(b), &fault);
    }
    let star = format!(
        r#"fill="{}" stroke="{}" stroke-width="1""#,
        svg::BLUE,
        svg::INK
    );
    for r in 0..SIZE {
        for col in 0..SIZE {
            if p.stars[r][col] {
                c.star(centre((r, col)), CELL * 0.38, &star);
            }
        }
    }
    counts(&mut c, p);
    c
}

/// Thick walls where neighbouring cells lie in different regions.
fn walls(c: &mut Canvas, p: &Puzzle) {
    let wall = format!(r#"stroke="{}" stroke-width="3""#, svg::INK);
    for r in 0..SIZE {
        for col in 0..SIZE {
            let (x, y) = (col as f64 * CELL, r as f64 * CELL);
            if col + 1 < SIZE && p.regions[r][col] != p.regions[r][col + 1] {
                c.line((x + CELL, y), (x + CELL, y + CELL), &wall);
            }
            if r + 1 < SIZE && p.regions[r][col] != p.regions[r + 1][col] {
                c.line((x, y + CELL), (x + CELL, y + CELL), &wall);
            }
        }
    }
}

/// Each row's star count right of it, each column's below it.
fn counts(c: &mut Canvas, p: &Puzzle) {
    let end = SIZE as f64 * CELL + MARGIN / 2.0;
    for i in 0..SIZE {
        let row = p.stars[i].iter().filter(|&&s| s).count();
        let col = (0..SIZE).filter(|&r| p.stars[r][i]).count();
        let middle = i as f64 * CELL + CELL / 2.0;
        for (n, at) in [(row, (end, middle)), (col, (middle, end))] {
            let ink = if n == STARS { svg::MUTED } else { svg::FAULT };
            let weight = if n == STARS { "400" } else { "700" };
            let attrs = format!(r#"fill="{ink}" font-weight="{weight}""#);
            c.centred(at, 12.0, &attrs, &n.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_solver::testing::{marks, well_formed};

    fn sample() -> String {
        let dir = judge_solver::testing::repo_root(env!("CARGO_MANIFEST_DIR"));
        let path = dir.join("problems/star-battle/cases/sample/sample-1.in");
        std::fs::read_to_string(path).unwrap()
    }

    #[test]
    fn a_changed_answer_is_marked_on_both_sides() {
        let input = sample();
        let pair = compared(&input, "valid\n", "invalid\n").unwrap();
        for svg in [&pair.expected, &pair.received] {
            well_formed(svg).unwrap();
            assert_eq!(marks(svg), 1, "{svg}");
        }
        let same = compared(&input, "valid\n", "valid\n").unwrap();
        assert_eq!(marks(&same.received), 0);
    }

    #[test]
    fn the_candidate_draws_its_stars_and_a_fault_is_coloured() {
        let input = sample();
        let svg = picture(&input, None).unwrap();
        well_formed(&svg).unwrap();
        let stars = input.matches('*').count();
        assert_eq!(svg.matches("<polygon").count(), stars);
        assert!(
            !svg.contains(svg::FAULT),
            "a valid candidate shows no fault"
        );
        // One star taken away: its row and its column hold one, and the
        // answer is drawn in the fault colour.
        let (regions, candidate) = input.split_at(input.len() / 2);
        let taken = format!("{regions}{}", candidate.replacen('*', ".", 1));
        let svg = picture(&taken, Some("invalid\n")).unwrap();
        assert_eq!(svg.matches(svg::FAULT).count(), 2 + 2, "{svg}");
    }
}
