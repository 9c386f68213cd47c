//! Random Four in a row inputs that exercise every status.
//!
//! Purely random play rarely produces draws or the invalid forms, so each
//! game first picks what it should become and then plays towards it.
//!
//! Games are played on a bitboard ([`Position`]): a move and the test whether
//! it completed a line cost a few shifts. The generator used to replay the
//! whole game with [`play`](super::play) after every move and to look for a
//! draw among up to 2,000 random games, 8.6 ms an input (issue #16); a draw
//! is now built directly, by random play that never completes a line and
//! avoids making threats.
//!
//! Every game has at most [`MAX_MOVES`] moves, as the statement requires:
//! the branches that add moves to a game (moves after a win, a seventh chip)
//! leave room for them instead of cutting the result (issue #16: they wrote
//! games of 43 to 45 moves).

use std::fmt::Write;

use super::{COLS, MAX_MOVES, ROWS};
use judge_text::rng::Rng;

/// Bits per column on the bitboard: the column's cells bottom up, then one
/// guard bit that is never set, so that a line shifted along any direction
/// cannot run off the top of one column into the bottom of the next.
const STRIDE: usize = ROWS + 1;

/// How far apart, in bits, two neighbours on a line are: up, right,
/// up-right and down-right.
const STEPS: [usize; 4] = [1, STRIDE, STRIDE + 1, STRIDE - 1];

/// A position: each player's chips (first player's at 0), bit
/// `col * STRIDE + row` with row 0 at the bottom, the height of each column
/// and the number of moves played, whose parity says who moves next.
#[derive(Clone, Copy)]
struct Position {
    chips: [u64; 2],
    heights: [u8; COLS],
    played: usize,
}

impl Position {
    const EMPTY: Position = Position {
        chips: [0; 2],
        heights: [0; COLS],
        played: 0,
    };

    fn occupied(&self) -> u64 {
        self.chips[0] | self.chips[1]
    }

    fn is_open(&self, col: usize) -> bool {
        usize::from(self.heights[col]) < ROWS
    }

    /// The cell a chip dropped into `col` lands on, as a bit.
    fn landing(&self, col: usize) -> u64 {
        1 << (col * STRIDE + usize::from(self.heights[col]))
    }

    /// Whether the player to move completes a line by playing `col`. The
    /// mover's earlier chips hold no line (the game would be over), so any
    /// line in the whole set afterwards runs through the new chip.
    fn wins_with(&self, col: usize) -> bool {
        has_line(self.chips[self.played % 2] | self.landing(col))
    }

    /// Plays `col` (which must be open); returns whether it completed a line.
    fn play(&mut self, col: usize) -> bool {
        let won = self.wins_with(col);
        self.chips[self.played % 2] |= self.landing(col);
        self.heights[col] += 1;
        self.played += 1;
        won
    }

    /// The columns with room left, in order, and how many there are.
    fn open_columns(&self) -> ([u8; COLS], usize) {
        let mut open = [0; COLS];
        let mut n = 0;
        for col in 0..COLS {
            if self.is_open(col) {
                open[n] = col as u8;
                n += 1;
            }
        }
        (open, n)
    }
}

/// Whether the chips `b` hold four in a row in some direction: `m` marks
/// the chips whose neighbour one step on is also set, and two such pairs
/// two steps apart make four.
fn has_line(b: u64) -> bool {
    STEPS.iter().any(|&s| {
        let m = b & (b >> s);
        m & (m >> (2 * s)) != 0
    })
}

/// Every cell of the board as bits: the guard bits left out.
const CELLS: u64 = {
    let mut cells = 0;
    let mut col = 0;
    while col < COLS {
        cells |= ((1 << ROWS) - 1) << (col * STRIDE);
        col += 1;
    }
    cells
};

/// The empty cells where one more of `chips` would complete a line: the
/// threats of the player who owns them. A cell is one when, in some
/// direction, the other three cells of a window of four through it hold
/// `chips`; with the cell first, second, third or last in its window.
/// (`chips << s` has a bit where the cell `s` back holds a chip.) Upwards
/// only the window with the cell on top counts: the cells above an empty
/// cell are empty.
fn threats(chips: u64, occupied: u64) -> u64 {
    let mut found = (chips << 1) & (chips << 2) & (chips << 3);
    for s in [STRIDE, STRIDE + 1, STRIDE - 1] {
        let back = (chips << s) & (chips << (2 * s));
        let on = (chips >> s) & (chips >> (2 * s));
        found |= back & (chips << (3 * s))
            | back & (chips >> s)
            | on & (chips << s)
            | on & (chips >> (3 * s));
    }
    found & CELLS & !occupied
}

/// Random moves until the board is full or a move wins; the moves and
/// whether the last one won.
fn random_game(rng: &mut Rng) -> (Vec<u8>, bool) {
    let mut pos = Position::EMPTY;
    let mut moves = Vec::with_capacity(MAX_MOVES);
    while moves.len() < MAX_MOVES {
        let (open, n) = pos.open_columns();
        let col = open[rng.below(n as u64) as usize];
        moves.push(col);
        if pos.play(usize::from(col)) {
            return (moves, true);
        }
    }
    (moves, false)
}

/// A full board without a line, by random play in which no move completes
/// one. Moves that give the mover a new threat (see [`threats`]) are tried
/// last: a player left with only threats to play must win, and random play
/// that allows threats freely ends that way nine times in ten. When a
/// player is stuck all the same, the search backs up and tries other
/// columns; a budget of positions per attempt stops one that wandered into
/// a position with no draw below it, and a fresh attempt starts over (about
/// one attempt in three runs out).
fn drawn_game(rng: &mut Rng) -> Vec<u8> {
    /// Extends `moves` (which reached `pos`) to a draw; false when there
    /// is none below `pos` or the budget ran out.
    fn fill(rng: &mut Rng, pos: Position, moves: &mut Vec<u8>, budget: &mut u32) -> bool {
        if pos.played == MAX_MOVES {
            return true;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let (mine, occupied) = (pos.chips[pos.played % 2], pos.occupied());
        let before = threats(mine, occupied);
        // Quiet moves from the front, loud ones from the back.
        let mut order = [0u8; COLS];
        let (mut quiet, mut loud) = (0, COLS);
        for col in 0..COLS {
            let chip = pos.landing(col);
            // A full column, or a move that would win.
            if !pos.is_open(col) || before & chip != 0 {
                continue;
            }
            if threats(mine | chip, occupied | chip) & !before == 0 {
                order[quiet] = col as u8;
                quiet += 1;
            } else {
                loud -= 1;
                order[loud] = col as u8;
            }
        }
        rng.shuffle(&mut order[..quiet]);
        rng.shuffle(&mut order[loud..]);
        for &col in order[..quiet].iter().chain(&order[loud..]) {
            let mut next = pos;
            next.play(usize::from(col));
            moves.push(col);
            if fill(rng, next, moves, budget) {
                return true;
            }
            moves.pop();
        }
        false
    }
    loop {
        let mut moves = Vec::with_capacity(MAX_MOVES);
        if fill(rng, Position::EMPTY, &mut moves, &mut 100) {
            debug_assert_eq!(super::play(&moves), super::Status::Draw);
            return moves;
        }
    }
}

/// A won game followed by one to three more moves (any slot, even a full
/// one). A game won on the last cell, or drawn, has no room for another
/// move, so another game is played instead.
fn moves_after_win(rng: &mut Rng) -> Vec<u8> {
    loop {
        let (mut moves, won) = random_game(rng);
        let room = MAX_MOVES - moves.len();
        if won && room > 0 {
            let extra = 1 + rng.below(room.min(3) as u64);
            for _ in 0..extra {
                moves.push(rng.below(COLS as u64) as u8);
            }
            return moves;
        }
    }
}

/// The start of a random game, then chips in one slot until it holds
/// seven. The seven chips and at most 35 others fit in 42 moves, so the
/// start is cut back until at most 35 of its moves are elsewhere.
fn seventh_chip(rng: &mut Rng) -> Vec<u8> {
    let (mut moves, _) = random_game(rng);
    let col = rng.below(COLS as u64) as u8;
    let at = rng.below(moves.len() as u64 + 1) as usize;
    moves.truncate(at);
    while moves.iter().filter(|&&m| m != col).count() > MAX_MOVES - (ROWS + 1) {
        moves.pop();
    }
    let already = moves.iter().filter(|&&m| m == col).count();
    moves.extend(std::iter::repeat_n(col, ROWS + 1 - already));
    moves
}

/// One game's moves, of a randomly chosen kind.
fn game(rng: &mut Rng) -> Vec<u8> {
    match rng.below(10) {
        // Finished game as played: a win (often) or a full board.
        0..=3 => random_game(rng).0,
        // Stopped early: not over yet.
        4..=5 => {
            let (mut moves, _) = random_game(rng);
            let keep = rng.below(moves.len() as u64) as usize;
            moves.truncate(keep);
            moves
        }
        6 => moves_after_win(rng),
        7 => seventh_chip(rng),
        8 => drawn_game(rng),
        // Short games, where off-by-one errors live.
        _ => {
            let (mut moves, _) = random_game(rng);
            moves.truncate(rng.range(0, 8) as usize);
            moves
        }
    }
}

/// A whole input file; `size` 1..=10 scales the number of games (t < 100).
pub(crate) fn input(rng: &mut Rng, size: u32) -> String {
    let t = 1 + rng.below(u64::from(size.clamp(1, 10)) * 9 + 1) as usize;
    let mut out = String::with_capacity(16 + t * (12 + MAX_MOVES));
    let _ = writeln!(out, "{t}");
    for n in 1..=t {
        let _ = write!(out, "Game #{n}: ");
        out.extend(game(rng).iter().map(|&m| char::from(b'1' + m)));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::{Status, play};
    use super::*;
    use judge_solver::Solver;

    #[test]
    fn generated_inputs_parse_and_cover_every_status() {
        let mut rng = Rng::new(42);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..40 {
            let text = input(&mut rng, 10);
            let out = super::super::FourInARow
                .solve(&text)
                .expect("generated input must parse");
            for line in out.lines().filter(|l| l.starts_with("Game #")) {
                seen.insert(line.split_once(" is ").unwrap().1.to_string());
            }
        }
        assert_eq!(seen.len(), 5, "{seen:?}");
    }

    #[test]
    fn generation_is_deterministic() {
        assert_eq!(input(&mut Rng::new(3), 5), input(&mut Rng::new(3), 5));
    }

    /// The bitboard's win test against the solver's replay: a random game
    /// stops exactly at the first move `play` calls a win.
    #[test]
    fn random_games_stop_at_the_first_win_play_sees() {
        let mut rng = Rng::new(16);
        let mut wins = 0;
        for _ in 0..2000 {
            let (moves, won) = random_game(&mut rng);
            let last = moves.len();
            assert_eq!(play(&moves[..last - 1]), Status::NotOver, "{moves:?}");
            match play(&moves) {
                Status::Won { .. } => {
                    assert!(won, "{moves:?}");
                    wins += 1;
                }
                Status::Draw => assert!(!won && last == MAX_MOVES, "{moves:?}"),
                other => panic!("{other:?} after {moves:?}"),
            }
        }
        assert!(wins > 1900, "{wins}");
    }

    /// The shifted-window threat search against trying every empty cell.
    #[test]
    fn threats_are_the_cells_that_would_complete_a_line() {
        let mut rng = Rng::new(19);
        for _ in 0..300 {
            let (moves, _) = random_game(&mut rng);
            let mut pos = Position::EMPTY;
            for &col in &moves[..moves.len() - 1] {
                pos.play(usize::from(col));
                for chips in pos.chips {
                    let slow = (0..COLS * STRIDE)
                        .map(|bit| 1u64 << bit)
                        .filter(|&cell| cell & CELLS & !pos.occupied() != 0)
                        .filter(|&cell| has_line(chips | cell))
                        .fold(0, |found, cell| found | cell);
                    assert_eq!(threats(chips, pos.occupied()), slow, "{moves:?}");
                }
            }
        }
    }

    #[test]
    fn drawn_games_are_draws() {
        let mut rng = Rng::new(17);
        for _ in 0..500 {
            let moves = drawn_game(&mut rng);
            assert_eq!(play(&moves), Status::Draw, "{moves:?}");
        }
    }

    #[test]
    fn the_invalid_kinds_are_invalid_and_short_enough() {
        let mut rng = Rng::new(18);
        for _ in 0..2000 {
            for moves in [moves_after_win(&mut rng), seventh_chip(&mut rng)] {
                assert!(moves.len() <= MAX_MOVES, "{moves:?}");
                assert_eq!(play(&moves), Status::Invalid, "{moves:?}");
            }
        }
    }
}
