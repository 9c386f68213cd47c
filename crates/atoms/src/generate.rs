//! Random Atoms inputs: half real game states, half near misses.
//!
//! Uniformly random boards are almost all trivially invalid (over capacity or
//! unbalanced), so they test nothing. Instead every board starts from a real
//! trajectory; half are kept as they are (valid) and half get one small,
//! plausible-looking change that a sloppy solver might miss: the last move on
//! the wrong cell, one atom moved, two owners swapped, a move after the game
//! ended, one atom over capacity, or a move by the wrong player. A change
//! that happens to produce another reachable state is retried.

use std::fmt::Write;

use super::game::{Board, MAX_N, MIN_N, capacity, search, trajectory};
use judge_text::rng::Rng;

/// A random game, opened on a random cell: all its states.
fn random_game(rng: &mut Rng, n: usize) -> Vec<Board> {
    let first = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
    trajectory(n, first)
}

/// The cells of `b`, row-major, with a filter.
fn cells_where(b: &Board, keep: impl Fn(usize, usize, i8) -> bool) -> Vec<(usize, usize)> {
    let n = b.n;
    (0..n * n)
        .map(|i| (i / n, i % n))
        .filter(|&(r, c)| keep(r, c, b.cells[r][c]))
        .collect()
}

/// Adds one atom of sign `s` to a random cell that could take it (stable for
/// that player); `None` when no cell can.
fn add_stable(rng: &mut Rng, b: &mut Board, s: i8) -> Option<()> {
    let n = b.n;
    let open = cells_where(b, |r, c, v| v * s >= 0 && v.abs() < capacity(n, r, c));
    let &(r, c) = (!open.is_empty()).then(|| rng.pick(&open))?;
    b.cells[r][c] += s;
    Some(())
}

/// Removes one atom of sign `s` from a random cell holding some.
fn remove_one(rng: &mut Rng, b: &mut Board, s: i8) -> Option<()> {
    let owned = cells_where(b, |_, _, v| v * s > 0);
    let &(r, c) = (!owned.is_empty()).then(|| rng.pick(&owned))?;
    b.cells[r][c] -= s;
    Some(())
}

/// One near miss derived from `states` (a whole game), or `None` when the
/// chosen change does not apply to this game.
fn near_miss(rng: &mut Rng, states: &[Board]) -> Option<Board> {
    let k = rng.below(states.len() as u64) as usize;
    let mut b = states[k];
    // Sign of the player who made move k + 1 (0-based k).
    let last = if k % 2 == 0 { 1 } else { -1 };
    match rng.below(20) {
        // The last move played on another stable cell.
        0..=6 => {
            if k == 0 {
                return None;
            }
            let before = states[k - 1];
            let mut moved = before;
            add_stable(rng, &mut moved, last)?;
            b = moved;
        }
        // One atom of one player moved to another cell that could take it.
        7..=11 => {
            let s = if rng.chance(1, 2) { 1 } else { -1 };
            remove_one(rng, &mut b, s)?;
            add_stable(rng, &mut b, s)?;
        }
        // Two cells with the same count swap owners.
        12..=13 => {
            let pos = cells_where(&b, |_, _, v| v > 0);
            let (&(r1, c1), v) = {
                let p = (!pos.is_empty()).then(|| rng.pick(&pos))?;
                (p, b.cells[p.0][p.1])
            };
            let neg = cells_where(&b, |_, _, w| w == -v);
            let &(r2, c2) = (!neg.is_empty()).then(|| rng.pick(&neg))?;
            b.cells[r1][c1] = -v;
            b.cells[r2][c2] = v;
        }
        // A move after the game ended: the stuck player squeezes an atom in
        // somewhere (over capacity or onto the opponent), or the winner
        // moves again.
        14..=15 => {
            b = *states.last()?;
            let stuck = if states.len() % 2 == 0 { 1 } else { -1 };
            if rng.chance(1, 2) {
                add_stable(rng, &mut b, -stuck)?;
            } else {
                let n = b.n;
                let (r, c) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
                let v = b.cells[r][c];
                b.cells[r][c] = if v * stuck >= 0 {
                    v + stuck
                } else {
                    stuck * v.abs() + stuck
                };
                // Keep the totals balanced by dropping one opponent atom
                // elsewhere when the cell changed hands.
                if v * stuck < 0 {
                    remove_one(rng, &mut b, -stuck)?;
                }
            }
        }
        // One cell one atom over its capacity, totals unchanged.
        16..=17 => {
            let n = b.n;
            let full = cells_where(&b, |r, c, v| v != 0 && v.abs() == capacity(n, r, c));
            let &(r, c) = (!full.is_empty()).then(|| rng.pick(&full))?;
            let s = b.cells[r][c].signum();
            remove_one(rng, &mut b, s)?;
            b.cells[r][c] += s;
        }
        // The next move made by the player who just moved.
        _ => add_stable(rng, &mut b, last)?,
    }
    (b.cells.iter().flatten().all(|v| v.abs() <= 9)).then_some(b)
}

/// One board: a real game state or a near miss, about half each.
fn board(rng: &mut Rng) -> Board {
    let n = rng.range(MIN_N as i64, MAX_N as i64) as usize;
    let states = random_game(rng, n);
    if rng.chance(1, 2) {
        return match rng.below(8) {
            0 => Board::empty(n),
            1..=2 => *states.last().unwrap_or(&states[0]),
            _ => states[rng.below(states.len() as u64) as usize],
        };
    }
    // A change can land on another real state (the move "elsewhere" may be
    // the forced one, another opening may pass there): retry until the
    // solver calls it invalid, so the near-miss half really is invalid.
    loop {
        if let Some(b) = near_miss(rng, &states)
            && !search(&b).valid()
        {
            return b;
        }
    }
}

/// A whole input file; `size` 1..=10 scales the number of boards (T < 50).
pub(crate) fn input(rng: &mut Rng, size: u32) -> String {
    let size = i64::from(size.clamp(1, 10));
    let t = rng.range((4 * size - 3).max(1), (4 * size + 9).min(49)) as usize;
    let mut out = format!("{t}\n");
    for _ in 0..t {
        let b = board(rng);
        let _ = writeln!(out, "{}", b.n);
        for row in &b.cells[..b.n] {
            let line: Vec<String> = row[..b.n].iter().map(i8::to_string).collect();
            let _ = writeln!(out, "{}", line.join(" "));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_solver::Solver;

    #[test]
    fn generated_inputs_parse_and_mix_verdicts_and_sizes() {
        let mut rng = Rng::new(5);
        let (mut valid, mut invalid) = (0, 0);
        let mut sizes = [0usize; MAX_N + 1];
        for _ in 0..10 {
            let text = input(&mut rng, 10);
            for b in super::super::parse::parse(&text).expect("generated input must parse") {
                sizes[b.n] += 1;
            }
            let out = super::super::Atoms.solve(&text).unwrap();
            valid += out.lines().filter(|l| l.ends_with(": valid")).count();
            invalid += out.lines().filter(|l| l.ends_with(": invalid")).count();
        }
        let total = valid + invalid;
        assert!(total >= 300, "{total}");
        assert!(
            valid * 10 >= total * 4 && invalid * 10 >= total * 4,
            "{valid} valid, {invalid} invalid"
        );
        assert!(sizes[MIN_N..].iter().all(|&k| k >= 30), "{sizes:?}");
    }

    #[test]
    fn generation_is_deterministic() {
        assert_eq!(input(&mut Rng::new(3), 5), input(&mut Rng::new(3), 5));
    }
}
