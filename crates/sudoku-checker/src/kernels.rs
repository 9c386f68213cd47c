//! The two per-digit rules of the solver, each written twice: plainly on
//! 32-bit band words ([`Scalar`], any target) and with SSE2 vectors holding
//! the three bands of a digit side by side ([`Sse2`], x86_64 only).
//!
//! The scalar versions walk units and look up tables; the vector versions
//! are branch-free word tricks (SWAR) that treat each 9-bit row as a field
//! and the three bands as three lanes, which on top1465 is several times
//! fewer instructions. Both compute exactly the same function, so the search
//! takes the same path with either; the tests below compare them on random
//! candidate sets, and `count.rs` tests compare whole searches.
//!
//! Bit layout of a digit's cell set (a `u128`): the three bands (rows 0–2,
//! 3–5, 6–8) sit at bits 0, 32 and 64, each as 27 bits in row-major order, so
//! cell `9r + c` is bit `32 (r / 3) + 9 (r % 3) + c`. Keeping a band inside
//! one 32-bit lane is what lets the vector code work on all three at once.

/// The 27 cells of one band.
pub(super) const BAND: u128 = (1 << 27) - 1;
/// Every cell of the board.
pub(super) const ALL: u128 = BAND | BAND << 32 | BAND << 64;
/// The first cell of each row in a band (bits 0, 9, 18).
const ROW_STARTS: u32 = 1 | 1 << 9 | 1 << 18;
/// The nine cells of the first box of a band.
const BOX0: u32 = 0b111 * ROW_STARTS;

/// Band `b` (0..3) of a cell set, as 27 bits.
fn band(cells: u128, b: usize) -> u32 {
    (cells >> (32 * b)) as u32 & BAND as u32
}

/// The per-digit rules, as the search calls them.
pub(super) trait Kernels {
    /// The cells of `x` (one digit's candidates, placed cells included) that
    /// are the only candidate left in their row, column or box; `None` when
    /// a row, column or box has none.
    fn hidden_singles(x: u128) -> Option<u128>;

    /// `x` without its locked candidates (box/line interactions). Within a
    /// band the digit takes one cell in each row and each box, so the
    /// *minirows* (a row's three cells in one box) it uses form a
    /// permutation of the 3×3 rows-by-boxes grid; a minirow on no
    /// permutation still open is cleared. Then the same for minicolumns in
    /// each stack, on the band-reduced set. This covers pointing and claiming
    /// in one pass.
    fn locked_candidates(x: u128) -> u128;

    /// The cells in at least one, two and three of the nine sets.
    fn counts(cand: &[u128; 9]) -> [u128; 3];

    /// Clears `cells` from all nine sets; returns the digits that lost one
    /// (bit `d` for digit `d`).
    fn clear_cells(cand: &mut [u128; 9], cells: u128) -> u32;
}

/// Plain Rust, for every target; also the reference the vector code is
/// tested against.
pub(super) struct Scalar;

/// The three rows and the three boxes of a band.
const BAND_UNITS: [u32; 6] = [0x1FF, 0x1FF << 9, 0x1FF << 18, BOX0, BOX0 << 3, BOX0 << 6];

impl Kernels for Scalar {
    #[inline(always)]
    fn counts(cand: &[u128; 9]) -> [u128; 3] {
        let (mut once, mut twice, mut thrice) = (0, 0, 0);
        for &set in cand {
            thrice |= twice & set;
            twice |= once & set;
            once |= set;
        }
        [once, twice, thrice]
    }

    #[inline(always)]
    fn clear_cells(cand: &mut [u128; 9], cells: u128) -> u32 {
        let mut changed = 0;
        for (k, set) in cand.iter_mut().enumerate() {
            changed |= u32::from(*set & cells != 0) << k;
            *set &= !cells;
        }
        changed
    }

    #[inline(always)]
    fn hidden_singles(x: u128) -> Option<u128> {
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
            return None;
        }
        let col_single = (col_once & !col_twice) * ROW_STARTS;
        let mut singles = 0u128;
        let mut dead = false;
        for (b, &w) in bands.iter().enumerate() {
            let mut found = w & col_single;
            for unit in BAND_UNITS {
                // Exactly one bit: a single; no bit: no place left.
                let v = w & unit;
                dead |= v == 0;
                found |= if v & v.wrapping_sub(1) == 0 { v } else { 0 };
            }
            singles |= u128::from(found) << (32 * b);
        }
        (!dead).then_some(singles)
    }

    #[inline(always)]
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

#[cfg(target_arch = "x86_64")]
pub(super) use sse2::Sse2;

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use super::{Kernels, ROW_STARTS};
    use std::arch::x86_64::*;
    use std::ops::{BitAnd, BitOr, BitXor, Sub};

    /// SSE2 vectors: lane `b` holds band `b` of one digit, lane 3 is 0. SSE2
    /// is part of the x86_64 baseline, so this needs no detection; compiled
    /// inside a function with more features enabled it also gets their
    /// encodings (VEX, `ptest`, `pextrq`).
    pub(in super::super) struct Sse2;

    #[derive(Clone, Copy)]
    struct V(__m128i);

    /// Runs an SSE2 intrinsic.
    macro_rules! sse2 {
        ($e:expr) => {
            // SAFETY: SSE2 is part of the x86_64 baseline, so every x86_64
            // CPU runs these instructions.
            unsafe { $e }
        };
    }

    macro_rules! op {
        ($tr:ident, $f:ident, $i:ident) => {
            impl $tr for V {
                type Output = V;
                #[inline(always)]
                fn $f(self, o: V) -> V {
                    V(sse2!($i(self.0, o.0)))
                }
            }
        };
    }
    op!(BitAnd, bitand, _mm_and_si128);
    op!(BitOr, bitor, _mm_or_si128);
    op!(BitXor, bitxor, _mm_xor_si128);
    op!(Sub, sub, _mm_sub_epi32);

    impl V {
        #[inline(always)]
        fn new(x: u128) -> V {
            V(sse2!(_mm_set_epi64x((x >> 64) as i64, x as i64)))
        }
        #[inline(always)]
        fn get(self) -> u128 {
            let lo = sse2!(_mm_cvtsi128_si64(self.0)) as u64;
            let hi = sse2!(_mm_cvtsi128_si64(_mm_unpackhi_epi64(self.0, self.0))) as u64;
            u128::from(lo) | u128::from(hi) << 64
        }
        /// `c` in the three band lanes, 0 in lane 3.
        #[inline(always)]
        fn splat(c: u32) -> V {
            V(sse2!(_mm_set_epi32(0, c as i32, c as i32, c as i32)))
        }
        #[inline(always)]
        fn add(self, o: V) -> V {
            V(sse2!(_mm_add_epi32(self.0, o.0)))
        }
        /// `self & !o`.
        #[inline(always)]
        fn andnot(self, o: V) -> V {
            V(sse2!(_mm_andnot_si128(o.0, self.0)))
        }
        #[inline(always)]
        fn shr<const N: i32>(self) -> V {
            V(sse2!(_mm_srli_epi32::<N>(self.0)))
        }
        #[inline(always)]
        fn shl<const N: i32>(self) -> V {
            V(sse2!(_mm_slli_epi32::<N>(self.0)))
        }
        /// Lane `b` takes band `b + 1` (mod 3); lane 3 stays.
        #[inline(always)]
        fn next_band(self) -> V {
            V(sse2!(_mm_shuffle_epi32::<0b11_00_10_01>(self.0)))
        }
        /// Lane `b` takes band `b + 2` (mod 3); lane 3 stays.
        #[inline(always)]
        fn prev_band(self) -> V {
            V(sse2!(_mm_shuffle_epi32::<0b11_01_00_10>(self.0)))
        }
        #[inline(always)]
        fn is_zero(self) -> bool {
            sse2!(_mm_movemask_epi8(_mm_cmpeq_epi32(self.0, _mm_setzero_si128())) == 0xFFFF)
        }
        /// Top bit (bit 8) of each nonempty row.
        #[inline(always)]
        fn nonempty_rows(self) -> V {
            // Adding 0xFF to a row's low eight bits carries into its bit 8
            // exactly when one of them is set, and never past the row.
            let low8 = V::splat(0xFF * ROW_STARTS);
            (self & low8).add(low8) | self
        }
        /// Rows given by their top bits, widened to all nine bits.
        #[inline(always)]
        fn widen_rows(self) -> V {
            self | (self - self.shr::<8>())
        }
        /// Swaps minirow (r, k) with (k, r) in each band: boxes become rows
        /// and back again.
        #[inline(always)]
        fn transpose(self) -> V {
            let t = (self ^ self.shr::<6>()) & V::splat(0b111 << 3 | 0b111 << 15);
            let x = self ^ t ^ t.shl::<6>();
            let t = (x ^ x.shr::<12>()) & V::splat(0b111 << 6);
            x ^ t ^ t.shl::<12>()
        }
        /// The cells alone in their row, and the top bits of the empty rows.
        #[inline(always)]
        fn row_singles(self) -> (V, V) {
            let high = V::splat(0x100 * ROW_STARTS);
            let nonempty = self.nonempty_rows() & high;
            // Lowest bit of each row cleared. An empty row borrows from the
            // next one, but then the digit is dead and the singles unused.
            let rest = self & (self - V::splat(ROW_STARTS));
            let one = nonempty.andnot(rest.nonempty_rows());
            (self & one.widen_rows(), high.andnot(nonempty))
        }
        /// For a 3×3 grid of minirows kept at bits 9r + 3k of a band: cell
        /// (r, k) takes cell (r, k + 1 mod 3).
        #[inline(always)]
        fn next_box(self) -> V {
            (self.shr::<3>() & V::splat(0b000_001_001 * ROW_STARTS))
                | (self.shl::<6>() & V::splat(0b001_000_000 * ROW_STARTS))
        }
        /// For a 3×3 grid per stack kept at bits 3s + j: column j takes
        /// column j + 1 mod 3 of the same stack.
        #[inline(always)]
        fn next_column_in_stack(self) -> V {
            (self.shr::<1>() & V::splat(0b011_011_011))
                | (self.shl::<2>() & V::splat(0b100_100_100))
        }
        /// Row r of each band takes row r + 1 mod 3.
        #[inline(always)]
        fn next_row(self) -> V {
            (self.shr::<9>() | self.shl::<18>()) & V::splat((1 << 27) - 1)
        }
        /// Row r of each band takes row r + 2 mod 3.
        #[inline(always)]
        fn prev_row(self) -> V {
            (self.shr::<18>() | self.shl::<9>()) & V::splat((1 << 27) - 1)
        }
    }

    impl Kernels for Sse2 {
        #[inline(always)]
        fn counts(cand: &[u128; 9]) -> [u128; 3] {
            let zero = V::new(0);
            let (mut once, mut twice, mut thrice) = (zero, zero, zero);
            for &set in cand {
                let set = V::new(set);
                thrice = thrice | (twice & set);
                twice = twice | (once & set);
                once = once | set;
            }
            [once.get(), twice.get(), thrice.get()]
        }

        #[inline(always)]
        fn clear_cells(cand: &mut [u128; 9], cells: u128) -> u32 {
            // Kept in vector registers: on u128 the compiler spreads the
            // changed-digit bits over scalar and vector code and spills.
            let cells = V::new(cells);
            let mut changed = 0;
            for (k, set) in cand.iter_mut().enumerate() {
                let v = V::new(*set);
                changed |= u32::from(!(v & cells).is_zero()) << k;
                *set = v.andnot(cells).get();
            }
            changed
        }

        #[inline(always)]
        fn hidden_singles(x: u128) -> Option<u128> {
            let x = V::new(x);
            let (rows, empty_rows) = x.row_singles();
            let (boxes, empty_boxes) = x.transpose().row_singles();
            // Columns: "at least once" and "at least twice" per band, then
            // across the three lanes.
            let nine = V::splat(0x1FF);
            let (r0, r1, r2) = (x & nine, x.shr::<9>() & nine, x.shr::<18>());
            let once = r0 | r1 | r2;
            let twice = (r0 & r1) | (r2 & (r0 | r1));
            let (once1, once2) = (once.next_band(), once.prev_band());
            let twice = twice
                | twice.next_band()
                | twice.prev_band()
                | (once & once1)
                | (once2 & (once | once1));
            let once = once | once1 | once2;
            let lone = once.andnot(twice);
            let cols = x & (lone | lone.shl::<9>() | lone.shl::<18>());
            let dead = empty_rows | empty_boxes | (once ^ nine);
            dead.is_zero()
                .then(|| (rows | boxes.transpose() | cols).get())
        }

        #[inline(always)]
        fn locked_candidates(x: u128) -> u128 {
            // A grid cell lies on a permutation inside the grid when it is in
            // the grid and the 2×2 grid left by its row and column holds one
            // of its two diagonals.
            let x = V::new(x);
            // Minirow (r, k) of each band, at bit 9r + 3k.
            let used = (x | x.shr::<1>() | x.shr::<2>()) & V::splat(0b001_001_001 * ROW_STARTS);
            let (k1, k2) = (used.next_box(), used.next_box().next_box());
            let open = used & ((k1.next_row() & k2.prev_row()) | (k2.next_row() & k1.prev_row()));
            let x = x & (open | open.shl::<1>() | open.shl::<2>());
            // Minicolumn (band b, column j) of each stack: lane b, bit 3s + j.
            let used = (x | x.shr::<9>() | x.shr::<18>()) & V::splat(0x1FF);
            let (j1, j2) = (
                used.next_column_in_stack(),
                used.next_column_in_stack().next_column_in_stack(),
            );
            let open =
                used & ((j1.next_band() & j2.prev_band()) | (j2.next_band() & j1.prev_band()));
            (x & (open | open.shl::<9>() | open.shl::<18>())).get()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_text::rng::Rng;

    /// Random cell sets from sparse to dense, including the shapes the solver
    /// meets: every band word between 0 and all 27 bits.
    fn random_sets(n: usize) -> Vec<u128> {
        let mut rng = Rng::new(0x5d0c);
        (0..n)
            .map(|i| {
                // Keep each cell with probability k/8, k from 1 to 7.
                let k = 1 + (i % 7) as u64;
                (0..81).fold(0u128, |s, c| {
                    let bit = 1u128 << (c + 5 * (c / 27));
                    if rng.below(8) < k { s | bit } else { s }
                })
            })
            .collect()
    }

    #[test]
    fn every_rule_stays_inside_the_board() {
        for x in random_sets(2000) {
            if let Some(s) = Scalar::hidden_singles(x) {
                assert_eq!(s & !x, 0);
            }
            let y = Scalar::locked_candidates(x);
            assert_eq!(y & !x, 0);
            assert_eq!(y & !ALL, 0);
        }
    }

    #[test]
    fn a_lone_cell_in_a_row_column_or_box_is_a_hidden_single() {
        // One digit solved along the main "diagonal pattern" of a sudoku:
        // exactly one cell per row, column and box.
        let solved: u128 = (0..9).fold(0, |s, r| {
            let c = (r % 3) * 3 + r / 3;
            let i = 9 * r + c;
            s | 1 << (i + 5 * (i / 27))
        });
        assert_eq!(Scalar::hidden_singles(solved), Some(solved));
        assert_eq!(Scalar::hidden_singles(solved & !1), None);
        assert_eq!(Scalar::locked_candidates(solved), solved);
        assert_eq!(Scalar::hidden_singles(ALL), Some(0));
        assert_eq!(Scalar::locked_candidates(ALL), ALL);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_sse2_rules_equal_the_scalar_ones() {
        for x in random_sets(20_000) {
            assert_eq!(Sse2::hidden_singles(x), Scalar::hidden_singles(x), "{x:#x}");
            assert_eq!(
                Sse2::locked_candidates(x),
                Scalar::locked_candidates(x),
                "{x:#x}"
            );
            // Chained, as the search applies them.
            let y = Scalar::locked_candidates(x);
            assert_eq!(Sse2::hidden_singles(y), Scalar::hidden_singles(y), "{y:#x}");
        }
        let sets = random_sets(9 * 500);
        for (k, cand) in sets.chunks(9).enumerate() {
            let cand: [u128; 9] = cand.try_into().unwrap();
            assert_eq!(Sse2::counts(&cand), Scalar::counts(&cand));
            let cells = sets[k] & sets[k + 1] & sets[k + 2];
            let (mut a, mut b) = (cand, cand);
            assert_eq!(
                Sse2::clear_cells(&mut a, cells),
                Scalar::clear_cells(&mut b, cells)
            );
            assert_eq!(a, b);
        }
    }
}
