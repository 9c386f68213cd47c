//! The solver as it was before the CPU-feature work (commit 8386b29), kept
//! verbatim as the in-run baseline of `benches/sudoku.rs`: the figures of
//! one run are compared with each other, not with another day's machine.
//! Not used by the library.
//!
//! Its original description:
//!
//! Counting sudoku solutions, up to a small limit, fast.
//!
//! The board is held digit by digit: for each digit a 128-bit set of the
//! cells where it is placed or still possible. Whole-board questions then
//! become a few bitwise operations:
//!
//! - a *naked single* is an unsolved cell that belongs to exactly one digit's
//!   set (bit-sliced counting over the nine sets);
//! - a *hidden single* is a cell that is the only one of its row, column or
//!   box in a digit's set (per band of three rows, see [`hidden_singles`]);
//! - *locked candidates* (box/line interactions) follow from where a digit
//!   can still go in each band and stack (see [`locked_candidates`]);
//! - placing a digit clears its twenty peers from that digit's set and the
//!   cell from every other digit's set.
//!
//! Propagation applies these rules, cheapest first, until none makes
//! progress. The search then branches on a two-candidate cell (the one with
//! the most unsolved peers, which roughly halves the nodes on hard puzzles
//! compared with the first such cell), or else on a cell with the fewest
//! candidates, copying the fixed-size [`Board`] (160 bytes) for every branch
//! but the last. Nothing is allocated per node, and the search stops as soon
//! as `limit` solutions are found.
//!
//! Bit layout: the three bands (rows 0–2, 3–5, 6–8) sit at bits 0, 32 and 64,
//! each as 27 bits in row-major order, so cell `9r + c` is bit
//! `32 (r / 3) + 9 (r % 3) + c`. Keeping a band inside one 32-bit lane lets
//! the per-band work below use plain shifts without crossing bands.

/// The 27 cells of one band.
const BAND: u128 = (1 << 27) - 1;
/// Every cell of the board.
const ALL: u128 = BAND | BAND << 32 | BAND << 64;
/// The first cell of each row in a band (bits 0, 9, 18).
const ROW_STARTS: u32 = 1 | 1 << 9 | 1 << 18;
/// The nine cells of the first box of a band.
const BOX0: u32 = 0b111 * ROW_STARTS;

/// Bit position of cell `i` (row-major, 0..81).
const fn bit_of(i: usize) -> u32 {
    (i + 5 * (i / 27)) as u32
}

/// Cell index (row-major) of bit position `p`.
const fn cell_of(p: u32) -> usize {
    p as usize - 5 * (p as usize / 32)
}

/// For each bit position, the cells sharing its row, column or box (not
/// itself). Positions between bands are unused and hold 0.
static PEERS: [u128; 96] = {
    let mut table = [0u128; 96];
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

/// Band `b` (0..3) of a cell set, as 27 bits.
fn band(cells: u128, b: usize) -> u32 {
    (cells >> (32 * b)) as u32 & BAND as u32
}

/// The board has no solution.
#[derive(Debug)]
struct Dead;

/// The cells of `x` (one digit's candidates) that are the only candidate left
/// in their row, column or box; [`Dead`] when a row, column or box has none.
fn hidden_singles(x: u128) -> Result<u128, Dead> {
    let bands = [band(x, 0), band(x, 1), band(x, 2)];
    // Columns run across the bands: fold each band's three rows into "at
    // least one" / "at least two" per column, then combine the bands.
    let mut col_once = 0u32;
    let mut col_twice = 0u32;
    for &w in &bands {
        let (r0, r1, r2) = (w & 0x1FF, (w >> 9) & 0x1FF, w >> 18);
        col_twice |= col_once & (r0 | r1 | r2) | r0 & r1 | r0 & r2 | r1 & r2;
        col_once |= r0 | r1 | r2;
    }
    if col_once != 0x1FF {
        return Err(Dead);
    }
    let col_single = (col_once & !col_twice) * ROW_STARTS;
    let mut singles = 0u128;
    let mut dead = false;
    for (b, &w) in bands.iter().enumerate() {
        let mut found = w & col_single;
        for unit in BAND_UNITS {
            // Exactly one bit: a single; no bit: the digit has no place left.
            let v = w & unit;
            dead |= v == 0;
            found |= if v & v.wrapping_sub(1) == 0 { v } else { 0 };
        }
        singles |= u128::from(found) << (32 * b);
    }
    if dead { Err(Dead) } else { Ok(singles) }
}

/// The three rows and the three boxes of a band.
const BAND_UNITS: [u32; 6] = [0x1FF, 0x1FF << 9, 0x1FF << 18, BOX0, BOX0 << 3, BOX0 << 6];

/// Locked candidates, for one digit. Within a band, the digit takes one cell
/// in each row and each box, so the *minirows* (a row's three cells in one
/// box) it uses form a permutation of the 3×3 rows-by-boxes grid; a minirow
/// that lies on no permutation still open can be cleared. The same holds for
/// minicolumns in a stack. This covers every box/line interaction (pointing
/// and claiming) in one table look-up per band and per stack.
fn locked_candidates(x: u128) -> u128 {
    let mut bands = [band(x, 0), band(x, 1), band(x, 2)];
    for w in &mut bands {
        let used = (0..3).fold(0, |s, r| {
            s | MINIROWS[(*w >> (9 * r)) as usize & 0x1FF] << (3 * r)
        });
        let open = PERMUTATIONS[usize::from(used)];
        *w &= (0..3).fold(0, |m, r| {
            m | WIDEN[usize::from(open >> (3 * r)) & 7] << (9 * r)
        });
    }
    // Columns present in each band, then the same closure per stack.
    let cols = bands.map(|w| (w | w >> 9 | w >> 18) & 0x1FF);
    let mut keep = [0u32; 3];
    for k in 0..3 {
        let used = (0..3).fold(0, |s, b| s | (cols[b] >> (3 * k) & 7) << (3 * b));
        let open = u32::from(PERMUTATIONS[used as usize]);
        for (b, keep) in keep.iter_mut().enumerate() {
            *keep |= (open >> (3 * b) & 7) << (3 * k);
        }
    }
    (0..3).fold(0, |y, b| {
        y | (u128::from(bands[b] & (keep[b] * ROW_STARTS)) << (32 * b))
    })
}

/// For nine bits of one row, bit `k` set when box `k` has one of them.
static MINIROWS: [u16; 512] = {
    let mut table = [0; 512];
    let mut f = 0;
    while f < 512 {
        let mut k = 0;
        while k < 3 {
            if f >> (3 * k) & 7 != 0 {
                table[f] |= 1 << k;
            }
            k += 1;
        }
        f += 1;
    }
    table
};

/// For a 3×3 grid of bits (bit `3i + j`), the union of the permutation
/// patterns (one bit per row and per column) lying inside it.
static PERMUTATIONS: [u16; 512] = {
    const ORDERS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0; 512];
    let mut s = 0;
    while s < 512 {
        let mut o = 0;
        while o < 6 {
            let [a, b, c] = ORDERS[o];
            let pattern: u16 = 1 << a | 1 << (3 + b) | 1 << (6 + c);
            if s as u16 & pattern == pattern {
                table[s] |= pattern;
            }
            o += 1;
        }
        s += 1;
    }
    table
};

/// Three box bits of a row widened to its nine cells.
const WIDEN: [u32; 8] = {
    let mut table = [0; 8];
    let mut t = 0;
    while t < 8 {
        let mut k = 0;
        while k < 3 {
            if t >> k & 1 != 0 {
                table[t] |= 0b111 << (3 * k);
            }
            k += 1;
        }
        t += 1;
    }
    table
};

/// A partly solved board.
#[derive(Clone, Copy)]
struct Board {
    /// For each digit (0-based), the cells where it is placed or still possible.
    cand: [u128; 9],
    /// Cells with no digit placed yet.
    unsolved: u128,
}

impl Board {
    fn empty() -> Self {
        Board {
            cand: [ALL; 9],
            unsolved: ALL,
        }
    }

    /// Places digit `d` on every cell in `cells`. [`Dead`] when that breaks a
    /// rule: two of the cells see each other, or one no longer allows `d`.
    fn place(&mut self, d: usize, cells: u128) -> Result<(), Dead> {
        let mut allowed = self.cand[d];
        let mut rest = cells;
        while rest != 0 {
            allowed &= !PEERS[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        if allowed & cells != cells {
            return Err(Dead);
        }
        for set in &mut self.cand {
            *set &= !cells;
        }
        self.cand[d] = allowed;
        self.unsolved &= !cells;
        Ok(())
    }

    /// Unsolved cells by number of candidates: at least one, two and three.
    fn candidate_counts(&self) -> [u128; 3] {
        let (mut once, mut twice, mut thrice) = (0, 0, 0);
        for &set in &self.cand {
            thrice |= twice & set;
            twice |= once & set;
            once |= set;
        }
        [once, twice, thrice].map(|s| s & self.unsolved)
    }

    /// Applies the rules below, cheapest first and starting over after any
    /// progress, until none applies.
    fn propagate(&mut self) -> Result<(), Dead> {
        while self.place_naked_singles()?
            || self.place_hidden_singles()?
            || self.clear_locked_candidates()?
        {}
        Ok(())
    }

    /// Places every naked single; true if there was one.
    fn place_naked_singles(&mut self) -> Result<bool, Dead> {
        let [once, twice, _] = self.candidate_counts();
        if once != self.unsolved {
            return Err(Dead); // an unsolved cell without candidates
        }
        let naked = once & !twice;
        for d in 0..9 {
            let cells = naked & self.cand[d];
            if cells != 0 {
                self.place(d, cells)?;
            }
        }
        Ok(naked != 0)
    }

    /// Places every hidden single, digit by digit; true if there was one.
    fn place_hidden_singles(&mut self) -> Result<bool, Dead> {
        let mut progress = false;
        for d in 0..9 {
            if self.cand[d] & self.unsolved == 0 {
                if self.cand[d].count_ones() != 9 {
                    return Err(Dead); // placed out, yet fewer than nine times
                }
                continue;
            }
            let cells = hidden_singles(self.cand[d])? & self.unsolved;
            if cells != 0 {
                self.place(d, cells)?;
                progress = true;
            }
        }
        Ok(progress)
    }

    /// Clears locked candidates of every digit; true if any went.
    fn clear_locked_candidates(&mut self) -> Result<bool, Dead> {
        let mut progress = false;
        for d in 0..9 {
            let x = self.cand[d];
            if x & self.unsolved == 0 {
                continue;
            }
            let y = locked_candidates(x);
            if x & !self.unsolved & !y != 0 {
                return Err(Dead); // a placed digit lost its cell
            }
            progress |= y != x;
            self.cand[d] = y;
        }
        Ok(progress)
    }

    /// Bit position of an unsolved cell with the fewest candidates.
    fn branch_cell(&self) -> u32 {
        let [_, twice, thrice] = self.candidate_counts();
        let pairs = twice & !thrice;
        if pairs != 0 {
            let mut best = (0, 0);
            let mut rest = pairs;
            while rest != 0 {
                let p = rest.trailing_zeros();
                rest &= rest - 1;
                let score = (PEERS[p as usize] & self.unsolved).count_ones();
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
pub(crate) struct Solutions {
    pub count: u32,
    pub first: Option<[u8; 81]>,
}

/// Counts the solutions of `givens` (row-major, 0 = empty, 1..=9 placed) up
/// to `limit`. Givens that break a rule simply leave no solution.
pub(crate) fn count_solutions(givens: &[u8; 81], limit: u32) -> Solutions {
    let mut found = Solutions {
        count: 0,
        first: None,
    };
    let mut board = Board::empty();
    for (i, &g) in givens.iter().enumerate() {
        if g != 0 && board.place(usize::from(g - 1), 1 << bit_of(i)).is_err() {
            return found;
        }
    }
    if limit > 0 {
        search(board, limit, &mut found);
    }
    found
}

/// Depth-first search from `board`, adding solutions to `found`.
fn search(mut board: Board, limit: u32, found: &mut Solutions) {
    if board.propagate().is_err() {
        return;
    }
    if board.unsolved == 0 {
        if found.first.is_none() {
            found.first = Some(board.digits());
        }
        found.count += 1;
        return;
    }
    let cell = 1u128 << board.branch_cell();
    let mut options = (0..9).filter(|&d| board.cand[d] & cell != 0).peekable();
    while let Some(d) = options.next() {
        if options.peek().is_none() {
            // The last option reuses this board instead of a copy.
            if board.place(d, cell).is_ok() {
                search(board, limit, found);
            }
            return;
        }
        let mut child = board;
        if child.place(d, cell).is_ok() {
            search(child, limit, found);
        }
        if found.count >= limit {
            return;
        }
    }
}
