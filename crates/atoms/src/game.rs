//! The Atoms rules (PROBLEMS.md §1) and the search over first moves.
//!
//! Rules as implemented here:
//! - capacity: corner 1, other border cells 2, interior 3;
//! - a cell is *stable* for the mover when it holds no opponent atom and has
//!   room for one more;
//! - player one's first move is free; afterwards the mover takes the stable
//!   cell whose minimum Manhattan distance to an opponent atom is largest,
//!   ties to the lowest row, then the lowest column; players alternate;
//! - a mover without a stable cell loses and the game stops.

/// Smallest and largest board side the statement allows.
pub(crate) const MIN_N: usize = 3;
pub(crate) const MAX_N: usize = 7;

/// A board: positive counts are player one's atoms, negative player two's.
/// Only the top-left `n`×`n` corner of `cells` is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub n: usize,
    pub cells: [[i8; MAX_N]; MAX_N],
}

impl Board {
    pub fn empty(n: usize) -> Self {
        Board {
            n,
            cells: [[0; MAX_N]; MAX_N],
        }
    }

    /// Atoms of player one (P) and of player two (Q).
    pub(crate) fn totals(&self) -> (u32, u32) {
        let mut p = 0;
        let mut q = 0;
        for row in &self.cells[..self.n] {
            for &v in &row[..self.n] {
                if v > 0 {
                    p += u32::from(v.unsigned_abs());
                } else {
                    q += u32::from(v.unsigned_abs());
                }
            }
        }
        (p, q)
    }
}

/// How many atoms cell (`r`, `c`) of an `n`×`n` board may hold.
pub fn capacity(n: usize, r: usize, c: usize) -> i8 {
    let edge_row = r == 0 || r + 1 == n;
    let edge_col = c == 0 || c + 1 == n;
    match (edge_row, edge_col) {
        (true, true) => 1,
        (true, false) | (false, true) => 2,
        (false, false) => 3,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Player {
    One,
    Two,
}

impl Player {
    /// The sign of this player's cell values.
    pub(crate) fn sign(self) -> i8 {
        match self {
            Player::One => 1,
            Player::Two => -1,
        }
    }

    pub(crate) fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }
}

/// Larger than any distance on a 7×7 board, small enough that `+ 1` fits.
const FAR: u8 = 100;

/// The cell `mover` is forced to play, or `None` when it has no stable cell
/// (it has lost and the game is over).
///
/// Distances come from a two-pass city-block distance transform from all
/// opponent cells: on a grid without obstacles the shortest 4-neighbour path
/// is exactly the Manhattan distance, and two raster passes find it, so a
/// move costs O(N²) rather than O(N²·opponent cells).
pub(crate) fn forced_move(board: &Board, mover: Player) -> Option<(usize, usize)> {
    let n = board.n;
    let s = mover.sign();
    // Cells in row-major order, and backwards for the second pass.
    let forward = (0..n * n).map(|i| (i / n, i % n));
    let backward = forward.clone().rev();
    let mut d = [[FAR; MAX_N]; MAX_N];
    for (r, c) in forward.clone() {
        if board.cells[r][c] * s < 0 {
            d[r][c] = 0;
        }
    }
    for (r, c) in forward.clone() {
        if r > 0 {
            d[r][c] = d[r][c].min(d[r - 1][c] + 1);
        }
        if c > 0 {
            d[r][c] = d[r][c].min(d[r][c - 1] + 1);
        }
    }
    for (r, c) in backward {
        if r + 1 < n {
            d[r][c] = d[r][c].min(d[r + 1][c] + 1);
        }
        if c + 1 < n {
            d[r][c] = d[r][c].min(d[r][c + 1] + 1);
        }
    }
    // Row-major scan with a strict `>`: the first of equally far cells wins,
    // which is the lowest row, then the lowest column.
    let mut best: Option<(usize, usize)> = None;
    let mut best_d = 0;
    for (r, c) in forward {
        let v = board.cells[r][c];
        let stable = v * s >= 0 && v.abs() < capacity(n, r, c);
        if stable && (best.is_none() || d[r][c] > best_d) {
            best = Some((r, c));
            best_d = d[r][c];
        }
    }
    best
}

/// Plays the game opened on `first`, calling `visit` after every move (the
/// first one included) with the board and the cell just played. Stops when
/// `visit` returns false or when the player to move has no stable cell: that
/// player loses and no later state exists.
pub fn replay(
    n: usize,
    first: (usize, usize),
    mut visit: impl FnMut(&Board, (usize, usize)) -> bool,
) {
    let mut board = Board::empty(n);
    board.cells[first.0][first.1] = 1;
    if !visit(&board, first) {
        return;
    }
    let mut mover = Player::Two;
    while let Some((r, c)) = forced_move(&board, mover) {
        board.cells[r][c] += mover.sign();
        if !visit(&board, (r, c)) {
            return;
        }
        mover = mover.other();
    }
}

/// Every state of the game opened on `first`: after move 1, move 2, … up to
/// the move after which the next player is stuck.
pub fn trajectory(n: usize, first: (usize, usize)) -> Vec<Board> {
    let mut states = Vec::new();
    replay(n, first, |b, _| {
        states.push(*b);
        true
    });
    states
}

/// Why a board is or is not reachable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Reached after `moves` moves of the game opened on `first` (`None`
    /// for the empty board, reached after zero moves).
    Valid {
        first: Option<(usize, usize)>,
        moves: u32,
    },
    /// This cell holds more atoms than its capacity.
    OverCapacity { row: usize, col: usize },
    /// Players alternate and one moves first, so P must be Q or Q + 1.
    Unbalanced { p: u32, q: u32 },
    /// No game passes through the board.
    Unreachable,
}

/// The verdict plus how much work it took (tests use the count to check
/// that the early rejections really happen).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Search {
    pub verdict: Verdict,
    pub moves_simulated: usize,
}

impl Search {
    pub fn valid(&self) -> bool {
        matches!(self.verdict, Verdict::Valid { .. })
    }
}

/// Decides whether `target` is the state of some game after some moves.
///
/// Replays start only on cells where the target holds player-one atoms (the
/// first atom is never removed). A replay stops when it places an atom the
/// target lacks. While it has not stopped, every cell of the replay is a
/// same-signed part of the target's cell, so the two are equal exactly when
/// their atom totals are: one counter replaces a board comparison per move.
pub fn search(target: &Board) -> Search {
    let n = target.n;
    let early = |verdict| Search {
        verdict,
        moves_simulated: 0,
    };
    for r in 0..n {
        for c in 0..n {
            if target.cells[r][c].abs() > capacity(n, r, c) {
                return early(Verdict::OverCapacity { row: r, col: c });
            }
        }
    }
    let (p, q) = target.totals();
    if p != q && p != q + 1 {
        return early(Verdict::Unbalanced { p, q });
    }
    let total = p + q;
    if total == 0 {
        return early(Verdict::Valid {
            first: None,
            moves: 0,
        });
    }
    let mut moves_simulated = 0;
    for r in 0..n {
        for c in 0..n {
            if target.cells[r][c] <= 0 {
                continue;
            }
            let mut placed = 0;
            replay(n, (r, c), |board, (mr, mc)| {
                moves_simulated += 1;
                let (got, want) = (board.cells[mr][mc], target.cells[mr][mc]);
                if got.signum() != want.signum() || got.abs() > want.abs() {
                    return false; // an atom the target cannot hold: never coming back
                }
                placed += 1;
                placed < total
            });
            if placed == total {
                return Search {
                    verdict: Verdict::Valid {
                        first: Some((r, c)),
                        moves: placed,
                    },
                    moves_simulated,
                };
            }
        }
    }
    Search {
        verdict: Verdict::Unreachable,
        moves_simulated,
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
