//! Four in a row (SPOJ FOUROW): replay each game, decide its status and draw
//! the final board with the winning lines upper-cased.
//!
//! The solver walks outwards from the last chip only, because a game ends at
//! the first winning move: any line of four must pass through the chip that
//! completed it. The test suite checks this against an independent scan of
//! all 69 possible lines.

mod generate;

use judge_solver::{Bound, Reached};
use judge_text::rng::Rng;
use judge_text::scan::{InputError, Scanner, Token, expect_end};
use judge_text::strict;

pub(crate) const COLS: usize = 7;
pub(crate) const ROWS: usize = 6;
/// Every cell filled.
pub(crate) const MAX_MOVES: usize = COLS * ROWS;

/// The bounds the statement sets: `t < 100` games of at most 42 moves.
const GAMES: Bound = Bound::new("t (games)", 1, 99);
const MOVES: Bound = Bound::new("moves in a game", 0, MAX_MOVES as i64);

pub struct FourInARow;

impl judge_solver::Solver for FourInARow {
    fn id(&self) -> &'static str {
        "four-in-a-row"
    }

    fn solve(&self, input: &str) -> Result<String, InputError> {
        let games = parse(input)?;
        let mut out = String::new();
        for (n, moves) in games.iter().enumerate() {
            render(n + 1, &play(moves), &mut out);
        }
        Ok(out)
    }

    fn validate_noting(&self, input: &str, reached: &mut Reached) -> Result<(), InputError> {
        validate(input, reached)
    }

    fn bounds(&self) -> &'static [Bound] {
        &[GAMES, MOVES]
    }

    fn rules(&self) -> Vec<String> {
        judge_solver::rules_of(&judge_text::rule::LAYOUT, self.bounds(), &[])
    }

    fn generate(&self, rng: &mut Rng, size: u32) -> String {
        generate::input(rng, size)
    }
}

/// The statement's format exactly: `t` (1 ≤ t < 100) on its own line, then
/// `t` lines `Game #n: ` + at most 42 slot digits, numbered 1..t. An empty
/// game may also be written `Game #n:` (real judge data does both).
pub fn validate(input: &str, reached: &mut Reached) -> Result<(), InputError> {
    let lines = strict::lines(input)?;
    let t = strict::line(&lines, 0, "the number of games t")?.ints(
        1,
        "the number of games t",
        GAMES.range(),
    )?[0];
    reached.note(&GAMES, t);
    let t = t as usize;
    for n in 1..=t {
        let line = strict::line(&lines, n, &format!("game {n}"))?;
        let prefix = format!("Game #{n}:");
        let Some(rest) = line.text.strip_prefix(&prefix) else {
            return Err(line.error(1, format!("expected the line to start with {prefix:?}")));
        };
        let moves = match rest.strip_prefix(' ') {
            Some(m) => m,
            None if rest.is_empty() => rest,
            None => return Err(line.error(prefix.len() + 1, "expected one space after the colon")),
        };
        let start = prefix.len() + 2;
        if let Some((i, c)) = moves
            .char_indices()
            .find(|&(_, c)| !('1'..='7').contains(&c))
        {
            return Err(line.error(
                start + i,
                format!("expected a slot digit 1 to 7, found {c:?}"),
            ));
        }
        reached.note(&MOVES, moves.len() as i64);
        if moves.len() > MAX_MOVES {
            return Err(line.error(
                start + MAX_MOVES,
                format!("at most {MAX_MOVES} moves, found {}", moves.len()),
            ));
        }
    }
    strict::expect_no_more(&lines, t + 1)
}

/// The moves of each game, as slot indices 0..7.
pub fn parse(input: &str) -> Result<Vec<Vec<u8>>, InputError> {
    let mut s = Scanner::new(input);
    let t = s.int("the number of games t", 0..=10_000)? as usize;
    let mut games = Vec::with_capacity(t);
    for n in 1..=t {
        s.skip_space();
        let line = s.rest_of_line().ok_or_else(|| {
            s.pos().error(format!(
                "expected \"Game #{n}: …\", found the end of the input ({t} games announced)"
            ))
        })?;
        games.push(parse_game(line, n)?);
    }
    expect_end(&mut s)?;
    Ok(games)
}

/// Parses `Game #n: 1234` (the space and the moves are optional).
fn parse_game(line: Token<'_>, n: usize) -> Result<Vec<u8>, InputError> {
    let at =
        |offset: usize, msg: String| InputError::new(line.pos.line, line.pos.col + offset, msg);
    let prefix = format!("Game #{n}:");
    if !line.text.starts_with(&prefix) {
        return Err(at(
            0,
            format!(
                "expected the line to start with {prefix:?}, found {}",
                judge_text::located::quote(line.text)
            ),
        ));
    }
    let mut moves = Vec::new();
    // Blanks are fine before the moves and after them. Where the trailing
    // ones start is found once: asking at every blank would make a line of
    // blanks quadratic.
    let trailing = line.text.trim_end().len();
    for (i, c) in line.text.char_indices().skip(prefix.len()) {
        match c {
            // A game longer than the board is invalid whatever its later
            // moves are (a column overflows by move 43), so only the moves
            // `play` needs are kept: a huge line costs no memory.
            '1'..='7' if moves.len() <= MAX_MOVES => moves.push(c as u8 - b'1'),
            '1'..='7' => {}
            ' ' | '\t' if moves.is_empty() || i >= trailing => {}
            _ => {
                return Err(at(
                    line.text[..i].chars().count(),
                    format!("expected a slot digit 1 to 7, found {c:?}"),
                ));
            }
        }
    }
    Ok(moves)
}

/// Who owns a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chip {
    Empty,
    First,
    Second,
}

/// The board after the last move; row 0 is the bottom.
pub type Board = [[Chip; COLS]; ROWS];

/// How a game stands after all its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    Invalid,
    Draw,
    NotOver,
    /// `marked[r][c]` is set for chips on a winning line.
    Won {
        winner: Chip,
        board: Board,
        marked: [[bool; COLS]; ROWS],
    },
}

/// The four line directions: right, up, up-right, down-right.
const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (-1, 1)];

/// Replays `moves` (slots 0..7).
pub fn play(moves: &[u8]) -> Status {
    let mut board = [[Chip::Empty; COLS]; ROWS];
    let mut heights = [0usize; COLS];
    let mut marked = [[false; COLS]; ROWS];
    let mut winner = None;
    for (i, &slot) in moves.iter().enumerate() {
        let col = slot as usize;
        if winner.is_some() || heights[col] == ROWS {
            return Status::Invalid;
        }
        let row = heights[col];
        heights[col] += 1;
        let chip = if i % 2 == 0 {
            Chip::First
        } else {
            Chip::Second
        };
        board[row][col] = chip;
        for (dr, dc) in DIRS {
            let run = |sign: i32| {
                (1..)
                    .map(|k| (row as i32 + sign * k * dr, col as i32 + sign * k * dc))
                    .take_while(|&(r, c)| {
                        (0..ROWS as i32).contains(&r)
                            && (0..COLS as i32).contains(&c)
                            && board[r as usize][c as usize] == chip
                    })
                    .count() as i32
            };
            let (back, fwd) = (run(-1), run(1));
            if back + 1 + fwd >= 4 {
                winner = Some(chip);
                for k in -back..=fwd {
                    marked[(row as i32 + k * dr) as usize][(col as i32 + k * dc) as usize] = true;
                }
            }
        }
    }
    match winner {
        Some(winner) => Status::Won {
            winner,
            board,
            marked,
        },
        None if moves.len() == MAX_MOVES => Status::Draw,
        None => Status::NotOver,
    }
}

/// Appends game `n`'s output lines.
pub fn render(n: usize, status: &Status, out: &mut String) {
    use std::fmt::Write;
    let _ = match status {
        Status::Invalid => writeln!(out, "Game #{n} is invalid."),
        Status::Draw => writeln!(out, "Game #{n} is over. There is no winner."),
        Status::NotOver => writeln!(out, "Game #{n} is not over, yet."),
        Status::Won {
            winner,
            board,
            marked,
        } => {
            let who = if *winner == Chip::First {
                "first"
            } else {
                "second"
            };
            let _ = writeln!(out, "Game #{n} is over. The {who} player won.");
            out.push_str("-------\n");
            for row in (0..ROWS).rev() {
                if board[row].iter().all(|&c| c == Chip::Empty) {
                    continue;
                }
                for col in 0..COLS {
                    out.push(match (board[row][col], marked[row][col]) {
                        (Chip::Empty, _) => ' ',
                        (Chip::First, false) => 'x',
                        (Chip::First, true) => 'X',
                        (Chip::Second, false) => 'o',
                        (Chip::Second, true) => 'O',
                    });
                }
                out.push('\n');
            }
            writeln!(out, "-------")
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_solver::Solver;

    fn moves(s: &str) -> Vec<u8> {
        s.bytes().map(|b| b - b'1').collect()
    }

    #[test]
    fn statement_sample() {
        let out = FourInARow
            .solve("2\nGame #1: 2143563445575\nGame #2: 123456\n")
            .unwrap();
        assert_eq!(
            out,
            "Game #1 is over. The first player won.\n-------\n    X  \n   Xx  \n  Xoo  \noXoxxoo\n-------\nGame #2 is not over, yet.\n"
        );
    }

    #[test]
    fn seventh_chip_and_moves_after_a_win_are_invalid() {
        assert_eq!(play(&moves("1111111")), Status::Invalid);
        assert!(matches!(play(&moves("1212121")), Status::Won { .. }));
        assert_eq!(play(&moves("12121213")), Status::Invalid);
    }

    #[test]
    fn a_long_line_is_marked_whole() {
        // First fills the bottom row except slot 4, second the row above;
        // then first closes slot 4: a line of seven.
        let s = play(&moves("1122335566774"));
        let Status::Won { marked, winner, .. } = s else {
            panic!("{s:?}")
        };
        assert_eq!(winner, Chip::First);
        assert!(marked[0].iter().all(|&m| m));
    }

    #[test]
    fn empty_games_with_and_without_the_space() {
        let out = FourInARow.solve("2\nGame #1:\nGame #2: \n").unwrap();
        assert_eq!(
            out,
            "Game #1 is not over, yet.\nGame #2 is not over, yet.\n"
        );
    }

    #[test]
    fn the_validator_is_strict_about_layout_and_limits() {
        let validate = |text: &str| validate(text, &mut Reached::default());
        assert!(validate("2\nGame #1:\nGame #2: 1234\n").is_ok());
        let fault = |text: &str| validate(text).unwrap_err();
        assert_eq!(fault("1\nGame #1: 12 \n").col, 12);
        assert!(
            fault("1\r\nGame #1: 1\r\n")
                .message
                .contains("carriage return")
        );
        assert!(fault("1\nGame #1: 1").message.contains("final newline"));
        assert!(fault("100\n").message.contains("between 1 and 99"));
        assert!(
            fault(&format!("1\nGame #1: {}\n", "1234567".repeat(7)))
                .message
                .contains("at most 42")
        );
        assert!(fault("1\nGame #1:  1\n").message.contains("slot digit"));
        assert!(fault("1\nGame #1:1\n").message.contains("one space"));
        assert!(
            fault("2\nGame #1: 1\nGame #3: 1\n")
                .message
                .contains("Game #2:")
        );
        assert!(fault("1\nGame #1: 1\n\n").message.contains("blank line"));
        assert!(fault("01\nGame #1: 1\n").message.contains("canonical"));
    }

    #[test]
    fn bad_lines_are_located() {
        let e = FourInARow.solve("1\nGame #1: 1238\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 13));
        let e = FourInARow.solve("2\nGame #1: 1\n").unwrap_err();
        assert!(e.message.contains("end of the input"), "{e}");
        let e = FourInARow.solve("1\nGame #2: 1\n").unwrap_err();
        assert!(e.message.contains("Game #1:"), "{e}");
        let e = FourInARow.solve("1\nGame #1: 1 2\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 11));
        let e = FourInARow.solve("1\nGame #1: 1\nextra\n").unwrap_err();
        assert_eq!(e.line, 3);
    }
}

/// The committed test set as a test of this solver (and the one test that
/// `make mutants` runs against this crate's mutants).
#[cfg(test)]
#[test]
fn committed_cases() {
    judge_solver::testing::outputs_match(&FourInARow, env!("CARGO_MANIFEST_DIR"));
}
