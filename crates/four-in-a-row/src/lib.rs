//! Four in a row (SPOJ FOUROW): replay each game, decide its status and draw
//! the final board with the winning lines upper-cased.
//!
//! The solver walks outwards from the last chip only, because a game ends at
//! the first winning move: any line of four must pass through the chip that
//! completed it. The test suite checks this against an independent scan of
//! all 69 possible lines.

mod generate;
mod picture;

use judge_solver::svg::Compared;
use judge_solver::{Bound, Reached};
use judge_text::located::quote;
use judge_text::rng::Rng;
use judge_text::rule;
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
        judge_solver::rules_of(&LAYOUT, self.bounds(), &OWN)
    }

    fn generate(&self, rng: &mut Rng, size: u32) -> String {
        generate::input(rng, size)
    }

    fn picture(&self, input: &str, output: Option<&str>) -> Option<String> {
        picture::picture(input, output)
    }

    fn picture_compared(&self, input: &str, expected: &str, received: &str) -> Option<Compared> {
        picture::compared(input, expected, received)
    }
}

/// The rules of a game line this problem adds to the shared ones, phrased
/// after the statement: the line starts with `Game #n:` …
pub const GAME_LABEL: &str = "game-label";
/// … where `n` numbers the games 1 to `t` in order (written plainly) …
pub const GAME_NUMBER: &str = "game-number";
/// … followed by a space (unless the game has no moves) …
pub const SPACE_AFTER_COLON: &str = "space-after-colon";
/// … and the moves as digits without separators …
pub const SPACE_BETWEEN_MOVES: &str = "space-between-moves";
/// … each a slot from 1 to 7.
pub const SLOT_DIGIT: &str = "slot-digit";

/// The shared layout rules the strict validator names: all but
/// `missing-blank-line`, since no line of this format must be blank. A
/// game line has no fields, but its spacing faults are named like those of
/// a line of fields (a blank line, a leading or trailing space, two spaces
/// after the colon), so a file breaks the same rule wherever the space
/// is. `utf-8` is named by judge when it reads the file, before this
/// validator sees the text, but in `judge validate` it is this validator's
/// complaint all the same.
const LAYOUT: [&str; 15] = rule::LINES_OF_FIELDS;

/// The problem's own rules, in the order a game line is read.
const OWN: [&str; 5] = [
    GAME_LABEL,
    GAME_NUMBER,
    SPACE_AFTER_COLON,
    SPACE_BETWEEN_MOVES,
    SLOT_DIGIT,
];

/// The statement's format exactly: `t` (1 ≤ t < 100) on its own line, then
/// `t` lines `Game #n: ` + at most 42 slot digits, numbered 1..t. An empty
/// game may also be written `Game #n:` (real judge data does both). Every
/// rejection names its rule (`LAYOUT`, the bounds', `OWN`).
pub fn validate(input: &str, reached: &mut Reached) -> Result<(), InputError> {
    let lines = strict::lines(input)?;
    let what = "the number of games t";
    let t = GAMES.named(strict::line(&lines, 0, what)?.ints(1, what, GAMES.range()))?[0];
    reached.note(&GAMES, t);
    let t = t as usize;
    for n in 1..=t {
        let line = strict::line(&lines, n, &format!("game {n}"))?;
        let moves = game_moves(line, n)?;
        // Where the moves start: the label, its colon and the space.
        let start = line.text.len() - moves.len() + 1;
        if let Some((i, c)) = moves
            .char_indices()
            .find(|&(_, c)| !('1'..='7').contains(&c))
        {
            let (message, rule) = match c {
                ' ' => (
                    "a space between moves (they are written without separators)".to_string(),
                    SPACE_BETWEEN_MOVES,
                ),
                c => (
                    format!("expected a slot digit 1 to 7, found {c:?}"),
                    SLOT_DIGIT,
                ),
            };
            return Err(line.error(start + i, message).rule(rule));
        }
        reached.note(&MOVES, moves.len() as i64);
        if moves.len() > MAX_MOVES {
            let message = format!("at most {MAX_MOVES} moves, found {}", moves.len());
            return Err(line.error(start + MAX_MOVES, message).rule(MOVES.rule()));
        }
    }
    strict::expect_no_more(&lines, t + 1)
}

/// The moves of game line `n` (`Game #n: 1234`, or `Game #n:` and
/// `Game #n: ` with none), after checking everything before them and the
/// spaces around them; whether they are slot digits is left to the caller.
/// The label is read piece by piece so that the fault is named: a wrong
/// word or punctuation is the label's, a wrong number the numbering's.
fn game_moves<'a>(line: &strict::Line<'a>, n: usize) -> Result<&'a str, InputError> {
    let text = line.text;
    let label = format!("Game #{n}:");
    let fault = |col: usize, message: String, rule: &str| Err(line.error(col, message).rule(rule));
    if text.is_empty() {
        return fault(
            1,
            format!("unexpected blank line, expected {label:?}"),
            rule::BLANK_LINE,
        );
    }
    if text.starts_with(' ') {
        return fault(1, "leading space".into(), rule::LEADING_SPACE);
    }
    let expected = || format!("expected the line to start with {label:?}");
    let Some(after_hash) = text.strip_prefix("Game #") else {
        return fault(1, expected(), GAME_LABEL);
    };
    let digits = after_hash
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(after_hash.len());
    let (number, after) = after_hash.split_at(digits);
    if number != n.to_string() {
        let message = format!("expected the game number {n}, found {}", quote(number));
        return fault("Game #".len() + 1, message, GAME_NUMBER);
    }
    let colon = "Game #".len() + digits + 1;
    let Some(rest) = after.strip_prefix(':') else {
        return fault(colon, expected(), GAME_LABEL);
    };
    let Some(moves) = rest.strip_prefix(' ') else {
        if rest.is_empty() {
            return Ok(rest);
        }
        let message = "expected one space after the colon".into();
        return fault(colon + 1, message, SPACE_AFTER_COLON);
    };
    if moves.ends_with(' ') {
        let end = text.chars().count();
        return fault(end, "trailing space".into(), rule::TRAILING_SPACE);
    }
    if moves.starts_with(' ') {
        let message = "two spaces after the colon (one separates the moves)".into();
        return fault(colon + 2, message, rule::DOUBLE_SPACE);
    }
    Ok(moves)
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
        assert!(fault("1\nGame #1: 1x\n").message.contains("slot digit"));
        assert!(fault("1\nGame #1:1\n").message.contains("one space"));
        assert!(
            fault("2\nGame #1: 1\nGame #3: 1\n")
                .message
                .contains("game number 2")
        );
        assert!(fault("1\nGame #1: 1\n\n").message.contains("blank line"));
        assert!(fault("01\nGame #1: 1\n").message.contains("canonical"));
    }

    /// Each fault of a game line is named by its rule, and placed.
    #[test]
    fn game_line_faults_name_their_rules() {
        let fault = |game: &str| {
            let e = validate(&format!("1\n{game}\n"), &mut Reached::default()).unwrap_err();
            (e.rule.unwrap(), e.col)
        };
        let rule = |game: &str| fault(game).0;
        assert_eq!(fault(""), ("blank-line".into(), 1));
        assert_eq!(fault(" Game #1: 1"), ("leading-space".into(), 1));
        assert_eq!(fault("game #1: 1"), (GAME_LABEL.into(), 1));
        assert_eq!(rule("Game 1: 1"), GAME_LABEL);
        assert_eq!(fault("Game #1 : 1"), (GAME_LABEL.into(), 8));
        assert_eq!(rule("Game #1"), GAME_LABEL);
        assert_eq!(fault("Game #01: 1"), (GAME_NUMBER.into(), 7));
        assert_eq!(rule("Game #0: 1"), GAME_NUMBER);
        assert_eq!(rule("Game #: 1"), GAME_NUMBER);
        assert_eq!(fault("Game #1:1"), (SPACE_AFTER_COLON.into(), 9));
        assert_eq!(fault("Game #1:  1"), ("double-space".into(), 10));
        assert_eq!(fault("Game #1: 12 "), ("trailing-space".into(), 12));
        assert_eq!(rule("Game #1:  "), "trailing-space");
        assert_eq!(fault("Game #1: 12 3"), (SPACE_BETWEEN_MOVES.into(), 12));
        assert_eq!(fault("Game #1: 128"), (SLOT_DIGIT.into(), 12));
        assert_eq!(rule("Game #1: 1−2"), SLOT_DIGIT);
        let long = format!("Game #1: {}", "1234567".repeat(7));
        assert_eq!(fault(&long), ("moves-in-a-game-range".into(), 52));
        // Valid: no moves, with or without the space.
        assert!(validate("2\nGame #1:\nGame #2: \n", &mut Reached::default()).is_ok());
    }

    /// Corrupted cases are rejected for a listed rule, never the generic
    /// `range`, and the corruptions reach the layout, the bound of `t` and
    /// the game lines' own rules.
    #[test]
    fn every_rejection_names_a_listed_rule() {
        let seen =
            judge_solver::testing::rules_are_named(&FourInARow, env!("CARGO_MANIFEST_DIR"), 300);
        for rule in [
            "t-range",
            "trailing-space",
            "leading-space",
            "blank-line",
            "canonical-integer",
            "integer",
            "field-count",
            "end-of-file",
            "extra-data",
            GAME_LABEL,
            GAME_NUMBER,
            SLOT_DIGIT,
        ] {
            assert!(seen.contains(rule), "{rule} not seen among {seen:?}");
        }
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

/// Every committed case draws, and damaged outputs draw without a panic.
#[cfg(test)]
#[test]
fn committed_cases_draw() {
    judge_solver::testing::pictures_hold(&FourInARow, env!("CARGO_MANIFEST_DIR"), 30, 3);
}
