//! Reading a Star Battle file: 10 lines of 10 region digits, then 10 lines of
//! 10 `.`/`*`, and checking that the digits form ten 4-connected regions.
//!
//! The region check belongs here rather than in the solver: the statement
//! guarantees it, so a file that breaks it is a broken test file, and the
//! person fixing it needs to know which region is broken and where. Each step
//! (one grid line, the region check) is a separate function so a strict
//! validator can reuse them and add layout checks on top.

use super::{Puzzle, SIZE, rule};
use judge_text::scan::{InputError, Pos, Scanner, Token, expect_end};

/// Which of the two grids a line belongs to, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Regions,
    Candidate,
}

impl Part {
    fn name(self) -> &'static str {
        match self {
            Part::Regions => "region grid",
            Part::Candidate => "candidate",
        }
    }

    fn expected(self) -> &'static str {
        match self {
            Part::Regions => "a region digit 0-9",
            Part::Candidate => "'.' or '*'",
        }
    }
}

/// The puzzle and candidate, with the regions checked.
pub fn parse(input: &str) -> Result<Puzzle, InputError> {
    let mut s = Scanner::new(input);
    let mut puzzle = Puzzle {
        regions: [[0; SIZE]; SIZE],
        stars: [[false; SIZE]; SIZE],
    };
    let mut starts = [Pos { line: 1, col: 1 }; SIZE];
    for (r, start) in starts.iter_mut().enumerate() {
        let line = grid_line(&mut s, Part::Regions, r)?;
        *start = line.pos;
        for (c, ch) in line.text.chars().enumerate() {
            puzzle.regions[r][c] = ch as u8 - b'0';
        }
    }
    check_regions(&puzzle.regions, &starts)?;
    for r in 0..SIZE {
        let line = grid_line(&mut s, Part::Candidate, r)?;
        for (c, ch) in line.text.chars().enumerate() {
            puzzle.stars[r][c] = ch == '*';
        }
    }
    expect_end(&mut s)?;
    Ok(puzzle)
}

/// Row `r` of `part`: exactly ten allowed characters (trailing blanks are
/// dropped). Returns the line with only those ten characters. Each fault
/// names the rule the strict validator gives it (`super::check_row`).
fn grid_line<'a>(s: &mut Scanner<'a>, part: Part, r: usize) -> Result<Token<'a>, InputError> {
    s.skip_space();
    let Some(line) = s.rest_of_line() else {
        return Err(s
            .pos()
            .error(format!(
                "expected row {} of the {}, found the end of the input",
                r + 1,
                part.name()
            ))
            .rule(judge_text::rule::END_OF_FILE));
    };
    let text = line.text.trim_end();
    for (c, ch) in text.chars().enumerate() {
        if c >= SIZE {
            return Err(InputError::new(
                line.pos.line,
                line.pos.col + c,
                format!(
                    "row {} of the {} is longer than {SIZE} characters",
                    r + 1,
                    part.name()
                ),
            )
            .rule(rule::ROW_LENGTH));
        }
        let ok = match part {
            Part::Regions => ch.is_ascii_digit(),
            Part::Candidate => ch == '.' || ch == '*',
        };
        if !ok {
            let mut message = format!(
                "expected {} in row {} of the {}, found {ch:?}",
                part.expected(),
                r + 1,
                part.name()
            );
            // A whole row of `.`/`*` is the candidate, begun early.
            let early = part == Part::Regions && text.chars().all(|c| c == '.' || c == '*');
            if early {
                message += &format!(" (the region grid seems to have only {r} rows)");
            }
            let rule = match part {
                _ if early => rule::REGION_ROWS,
                _ if ch.is_whitespace() => rule::SPACE_BETWEEN_CELLS,
                Part::Regions => rule::REGION_DIGIT,
                Part::Candidate => rule::CANDIDATE_CHARACTER,
            };
            return Err(InputError::new(line.pos.line, line.pos.col + c, message).rule(rule));
        }
    }
    let len = text.chars().count();
    if len < SIZE {
        return Err(InputError::new(
            line.pos.line,
            line.pos.col + len,
            format!(
                "row {} of the {} has {len} characters, expected {SIZE}",
                r + 1,
                part.name()
            ),
        )
        .rule(rule::ROW_LENGTH));
    }
    Ok(Token {
        text,
        pos: line.pos,
    })
}

/// Ten 4-connected regions: every digit 0-9 names at least one cell and its
/// cells are connected. (Ten digits, each one connected region, is exactly
/// "ten regions".) `starts` locates each row for the error.
fn check_regions(regions: &[[u8; SIZE]; SIZE], starts: &[Pos; SIZE]) -> Result<(), InputError> {
    let at = |r: usize, c: usize| Pos {
        line: starts[r].line,
        col: starts[r].col + c,
    };
    for digit in 0..SIZE as u8 {
        let cells: Vec<(usize, usize)> = (0..SIZE * SIZE)
            .map(|i| (i / SIZE, i % SIZE))
            .filter(|&(r, c)| regions[r][c] == digit)
            .collect();
        let Some(&(r0, c0)) = cells.first() else {
            return Err(at(0, 0)
                .error(format!(
                    "the puzzle must have ten regions, but region {digit} has no cell"
                ))
                .rule(rule::TEN_REGIONS));
        };
        let mut reached = [[false; SIZE]; SIZE];
        reached[r0][c0] = true;
        let mut stack = vec![(r0, c0)];
        while let Some((r, c)) = stack.pop() {
            let around = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ];
            for (nr, nc) in around {
                if nr < SIZE && nc < SIZE && regions[nr][nc] == digit && !reached[nr][nc] {
                    reached[nr][nc] = true;
                    stack.push((nr, nc));
                }
            }
        }
        if let Some(&(r, c)) = cells.iter().find(|&&(r, c)| !reached[r][c]) {
            return Err(at(r, c)
                .error(format!(
                    "region {digit} is not 4-connected: its cell at row {}, column {} is cut off from its cell at row {}, column {}",
                    r + 1,
                    c + 1,
                    r0 + 1,
                    c0 + 1
                ))
                .rule(rule::CONNECTED_REGIONS));
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
