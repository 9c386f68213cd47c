//! Counting sudoku solutions, up to a small limit, fast.
//!
//! The board is held digit by digit: for each digit a 128-bit set of the
//! cells where it is placed or still possible (layout in `kernels.rs`).
//! Whole-board questions then become a few bitwise operations:
//!
//! - a *naked single* is an unsolved cell that belongs to exactly one digit's
//!   set (bit-sliced counting over the nine sets);
//! - a *hidden single* is a cell that is the only one of its row, column or
//!   box in a digit's set;
//! - *locked candidates* (box/line interactions) follow from where a digit
//!   can still go in each band and stack;
//! - placing a digit clears its twenty peers from that digit's set and the
//!   cell from every other digit's set.
//!
//! Propagation applies these rules, cheapest first, until none makes
//! progress. The two per-digit rules only look at digits whose set changed
//! since they last did (a naked single changes only its own digit), which
//! on top1465 skips more than half of that work. The search then branches
//! on a two-candidate cell (the one with the most unsolved peers, which
//! roughly halves the nodes on hard puzzles compared with the first such
//! cell; ties go to the most two-candidate peers, 3% fewer nodes on
//! top1465), or else on a cell with the fewest candidates, copying the
//! fixed-size [`Board`] (176 bytes) for every branch but the last. Nothing is allocated per node, and the search stops
//! as soon as `limit` solutions are found.
//!
//! The search below is compiled several times, with the rules of
//! `kernels.rs` written in plain Rust or with SSE2, and with more CPU
//! features enabled; `engine.rs` picks one at run time. Every copy walks the
//! same tree and returns the same [`Solutions`].

use super::kernels::{ALL, Kernels, Scalar};

/// Bit position of cell `i` (row-major, 0..81).
const fn bit_of(i: usize) -> u32 {
    (i + 5 * (i / 27)) as u32
}

/// Cell index (row-major) of bit position `p`.
const fn cell_of(p: u32) -> usize {
    p as usize - 5 * (p as usize / 32)
}

/// For each bit position, the cells sharing its row, column or box (not
/// itself). Positions outside the bands hold 0; the table covers all 128 so
/// that indexing by a trailing-zero count needs no bounds check.
static PEERS: [u128; 128] = {
    let mut table = [0u128; 128];
    let mut i = 0;
    while i < 81 {
        let mut j = 0;
        while j < 81 {
            let (ri, ci, rj, cj) = (i / 9, i % 9, j / 9, j % 9);
            let same_box = ri / 3 == rj / 3 && ci / 3 == cj / 3;
            if i != j && (ri == rj || ci == cj || same_box) {
                table[bit_of(i) as usize] |= 1 << bit_of(j);
            }
            j += 1;
        }
        i += 1;
    }
    table
};

/// The board has no solution.
#[derive(Debug)]
struct Dead;

/// A partly solved board.
#[derive(Clone, Copy)]
pub(super) struct Board {
    /// For each digit (0-based), the cells where it is placed or still possible.
    cand: [u128; 9],
    /// Cells with no digit placed yet.
    unsolved: u128,
    /// Digits whose set changed since their last hidden-singles check.
    dirty_hidden: u32,
    /// Digits whose set changed since their last locked-candidates pass.
    dirty_locked: u32,
}

impl Board {
    fn empty() -> Self {
        Board {
            cand: [ALL; 9],
            unsolved: ALL,
            dirty_hidden: 0x1FF,
            dirty_locked: 0x1FF,
        }
    }

    /// Digit `d`'s set without the peers of `cells`; [`Dead`] when two of
    /// the cells see each other or one no longer allows `d`.
    #[inline(always)]
    fn allowed(&self, d: usize, cells: u128) -> Result<u128, Dead> {
        let mut allowed = self.cand[d];
        let mut rest = cells;
        while rest != 0 {
            allowed &= !PEERS[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        if allowed & cells == cells {
            Ok(allowed)
        } else {
            Err(Dead)
        }
    }

    /// Places digit `d` on every cell in `cells`, which only `d` allows.
    #[inline(always)]
    fn place_alone(&mut self, d: usize, cells: u128) -> Result<(), Dead> {
        self.cand[d] = self.allowed(d, cells)?;
        self.unsolved &= !cells;
        self.dirty_hidden |= 1 << d;
        self.dirty_locked |= 1 << d;
        Ok(())
    }

    /// Places digit `d` on every cell in `cells`, clearing them from the
    /// other digits.
    #[inline(always)]
    fn place<K: Kernels>(&mut self, d: usize, cells: u128) -> Result<(), Dead> {
        let allowed = self.allowed(d, cells)?;
        let changed = K::clear_cells(&mut self.cand, cells) | 1 << d;
        self.cand[d] = allowed;
        self.unsolved &= !cells;
        self.dirty_hidden |= changed;
        self.dirty_locked |= changed;
        Ok(())
    }

    /// Unsolved cells by number of candidates: at least one, two and three.
    #[inline(always)]
    fn candidate_counts<K: Kernels>(&self) -> [u128; 3] {
        K::counts(&self.cand).map(|s| s & self.unsolved)
    }

    /// Applies the rules below, cheapest first and starting over after any
    /// progress, until none applies.
    #[inline(always)]
    fn propagate<K: Kernels>(&mut self) -> Result<(), Dead> {
        while self.place_naked_singles::<K>()?
            || self.place_hidden_singles::<K>()?
            || self.clear_locked_candidates::<K>()?
        {}
        Ok(())
    }

    /// Places every naked single; true if there was one.
    #[inline(always)]
    fn place_naked_singles<K: Kernels>(&mut self) -> Result<bool, Dead> {
        let [once, twice, _] = self.candidate_counts::<K>();
        if once != self.unsolved {
            return Err(Dead); // an unsolved cell without candidates
        }
        let naked = once & !twice;
        for d in 0..9 {
            let cells = naked & self.cand[d];
            if cells != 0 {
                // No other digit allows these cells: only `d` changes.
                self.place_alone(d, cells)?;
            }
        }
        Ok(naked != 0)
    }

    /// Places the hidden singles of the digits that changed, one digit after
    /// the other (each sees the placements before it); true if there was one.
    #[inline(always)]
    fn place_hidden_singles<K: Kernels>(&mut self) -> Result<bool, Dead> {
        let mut progress = false;
        let mut todo = self.dirty_hidden;
        self.dirty_hidden = 0;
        while todo != 0 {
            let d = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            if self.cand[d] & self.unsolved == 0 {
                if self.cand[d].count_ones() != 9 {
                    return Err(Dead); // placed out, yet fewer than nine times
                }
                continue;
            }
            let cells = K::hidden_singles(self.cand[d]).ok_or(Dead)? & self.unsolved;
            if cells != 0 {
                self.place::<K>(d, cells)?;
                progress = true;
            }
        }
        Ok(progress)
    }

    /// Clears the locked candidates of the digits that changed; true if any
    /// went.
    #[inline(always)]
    fn clear_locked_candidates<K: Kernels>(&mut self) -> Result<bool, Dead> {
        let mut progress = false;
        let mut todo = self.dirty_locked;
        self.dirty_locked = 0;
        while todo != 0 {
            let d = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let x = self.cand[d];
            if x & self.unsolved == 0 {
                continue;
            }
            let y = K::locked_candidates(x);
            if x & !self.unsolved & !y != 0 {
                return Err(Dead); // a placed digit lost its cell
            }
            if y != x {
                self.cand[d] = y;
                self.dirty_hidden |= 1 << d;
                self.dirty_locked |= 1 << d;
                progress = true;
            }
        }
        Ok(progress)
    }

    /// Bit position of an unsolved cell with the fewest candidates.
    #[inline(always)]
    fn branch_cell<K: Kernels>(&self) -> u32 {
        let [_, twice, thrice] = self.candidate_counts::<K>();
        let pairs = twice & !thrice;
        if pairs != 0 {
            let mut best = (0, 0);
            let mut rest = pairs;
            while rest != 0 {
                let p = rest.trailing_zeros();
                rest &= rest - 1;
                let peers = PEERS[p as usize];
                let score =
                    (peers & self.unsolved).count_ones() << 8 | (peers & pairs).count_ones();
                best = best.max((score, p));
            }
            return best.1;
        }
        let mut best = (u32::MAX, 0);
        let mut rest = self.unsolved;
        while rest != 0 {
            let p = rest.trailing_zeros();
            rest &= rest - 1;
            let n = self.cand.iter().filter(|&&set| set >> p & 1 != 0).count() as u32;
            best = best.min((n, p));
        }
        best.1
    }

    /// The digits (1..=9) of a solved board, row-major.
    fn digits(&self) -> [u8; 81] {
        let mut grid = [0u8; 81];
        for (d, &set) in self.cand.iter().enumerate() {
            let mut rest = set;
            while rest != 0 {
                grid[cell_of(rest.trailing_zeros())] = d as u8 + 1;
                rest &= rest - 1;
            }
        }
        grid
    }
}

/// How many solutions a grid has (counting stopped at the limit) and the
/// first one found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solutions {
    pub count: u32,
    pub first: Option<[u8; 81]>,
}

/// A compiled copy of the search: depth-first from the board, adding
/// solutions to the count, stopping at the limit.
pub(super) type Search = fn(Board, u32, &mut Solutions);

/// Counts the solutions of `givens` (row-major, 0 = empty, 1..=9 placed) up
/// to `limit` with `search`. Givens that break a rule simply leave no
/// solution.
pub(super) fn count_with(search: Search, givens: &[u8; 81], limit: u32) -> Solutions {
    let mut found = Solutions {
        count: 0,
        first: None,
    };
    // Givens digit by digit: one placement per digit instead of per clue.
    let mut cells = [0u128; 10];
    for (i, &g) in givens.iter().enumerate() {
        cells[usize::from(g)] |= 1 << bit_of(i);
    }
    let mut board = Board::empty();
    for d in 0..9 {
        if cells[d + 1] != 0 && board.place::<Scalar>(d, cells[d + 1]).is_err() {
            return found;
        }
    }
    if limit > 0 {
        search(board, limit, &mut found);
    }
    found
}

/// Defines a depth-first search from `board` that adds solutions to `found`,
/// with the per-digit rules of `$kernels` and the function attributes given
/// (target features). Everything it calls is `#[inline(always)]`, so the
/// whole search is compiled with those features.
macro_rules! search {
    ($(#[$attr:meta])* $name:ident, $kernels:ty) => {
        $(#[$attr])*
        pub(super) fn $name(mut board: Board, limit: u32, found: &mut Solutions) {
            if board.propagate::<$kernels>().is_err() {
                return;
            }
            if board.unsolved == 0 {
                if found.first.is_none() {
                    found.first = Some(board.digits());
                }
                found.count += 1;
                return;
            }
            let cell = 1u128 << board.branch_cell::<$kernels>();
            let mut options = (0..9).filter(|&d| board.cand[d] & cell != 0).peekable();
            while let Some(d) = options.next() {
                if options.peek().is_none() {
                    // The last option reuses this board instead of a copy.
                    if board.place::<$kernels>(d, cell).is_ok() {
                        $name(board, limit, found);
                    }
                    return;
                }
                let mut child = board;
                if child.place::<$kernels>(d, cell).is_ok() {
                    $name(child, limit, found);
                }
                if found.count >= limit {
                    return;
                }
            }
        }
    };
}

search!(search_portable, Scalar);
#[cfg(target_arch = "x86_64")]
search!(search_sse2, super::kernels::Sse2);
#[cfg(target_arch = "x86_64")]
search!(
    #[target_feature(enable = "sse4.1,popcnt")]
    search_sse41_popcnt,
    super::kernels::Sse2
);
#[cfg(target_arch = "x86_64")]
search!(
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    search_avx2_bmi2,
    super::kernels::Sse2
);

#[cfg(test)]
mod tests {
    use super::super::kernels::BAND;
    use super::*;

    fn count(givens: &[u8; 81], limit: u32) -> Solutions {
        count_with(search_portable, givens, limit)
    }

    #[test]
    fn a_board_is_176_bytes() {
        assert_eq!(std::mem::size_of::<Board>(), 176);
    }

    #[test]
    fn layout_round_trips() {
        for i in 0..81 {
            assert_eq!(cell_of(bit_of(i)), i);
            assert_eq!(PEERS[bit_of(i) as usize].count_ones(), 20);
            assert_eq!(PEERS[bit_of(i) as usize] & !ALL, 0);
        }
        assert_eq!(ALL.count_ones(), 81);
        assert_eq!(BAND.count_ones(), 27);
    }

    #[test]
    fn empty_grid_is_ambiguous_and_first_solution_is_valid() {
        let s = count(&[0; 81], 2);
        assert_eq!(s.count, 2);
        let g = s.first.unwrap();
        for i in 0..81 {
            for j in 0..81 {
                if PEERS[bit_of(i) as usize] >> bit_of(j) & 1 != 0 {
                    assert_ne!(g[i], g[j]);
                }
            }
        }
    }

    #[test]
    fn limit_stops_the_count() {
        assert_eq!(count(&[0; 81], 1).count, 1);
        assert_eq!(count(&[0; 81], 0).count, 0);
    }

    #[test]
    fn conflicting_givens_leave_no_solution() {
        let mut cells = [0u8; 81];
        cells[0] = 4;
        cells[80] = 4;
        assert_eq!(count(&cells, 2).count, 2);
        cells[8] = 4; // same row as cell 0
        assert_eq!(count(&cells, 2).count, 0);
    }
}
