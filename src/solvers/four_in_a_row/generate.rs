//! Random Four in a row inputs that exercise every status.
//!
//! Purely random play rarely produces draws or the invalid forms, so each
//! game first picks what it should become and then plays towards it.

use super::{COLS, MAX_MOVES, ROWS, Status, play};
use crate::rng::Rng;

/// Random moves until the board is full or a move wins.
fn random_game(rng: &mut Rng) -> Vec<u8> {
    let mut moves = Vec::new();
    let mut heights = [0usize; COLS];
    while moves.len() < MAX_MOVES {
        let open: Vec<u8> = (0..COLS as u8)
            .filter(|&c| heights[c as usize] < ROWS)
            .collect();
        let col = *rng.pick(&open);
        heights[col as usize] += 1;
        moves.push(col);
        if matches!(play(&moves), Status::Won { .. }) {
            break;
        }
    }
    moves
}

/// A game that fills the board without a line (retries random play).
fn drawn_game(rng: &mut Rng) -> Option<Vec<u8>> {
    (0..2000)
        .map(|_| random_game(rng))
        .find(|m| play(m) == Status::Draw)
}

/// One game's moves, of a randomly chosen kind.
fn game(rng: &mut Rng) -> Vec<u8> {
    let mut moves = random_game(rng);
    match rng.below(10) {
        // Finished game as played: a win (often) or a full board.
        0..=3 => {}
        // Stopped early: not over yet.
        4..=5 => {
            let keep = rng.below(moves.len() as u64) as usize;
            moves.truncate(keep);
        }
        // Moves after the winning one.
        6 => {
            for _ in 0..=rng.below(3) {
                moves.push(rng.below(COLS as u64) as u8);
            }
        }
        // A seventh chip in one slot somewhere in the game.
        7 => {
            let col = rng.below(COLS as u64) as u8;
            let at = rng.below(moves.len() as u64 + 1) as usize;
            moves.truncate(at);
            let already = moves.iter().filter(|&&m| m == col).count();
            moves.extend(std::iter::repeat_n(col, ROWS + 1 - already));
            moves.truncate(MAX_MOVES);
        }
        // A draw, when one turns up.
        8 => {
            if let Some(d) = drawn_game(rng) {
                moves = d;
            }
        }
        // Short games, where off-by-one errors live.
        _ => moves.truncate(rng.range(0, 8) as usize),
    }
    moves
}

/// A whole input file; `size` 1..=10 scales the number of games (t < 100).
pub fn input(rng: &mut Rng, size: u32) -> String {
    let t = 1 + rng.below(u64::from(size.clamp(1, 10)) * 9 + 1) as usize;
    let mut out = format!("{t}\n");
    for n in 1..=t {
        let moves: String = game(rng).iter().map(|&m| char::from(b'1' + m)).collect();
        out.push_str(&format!("Game #{n}: {moves}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::Solver;

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
}
