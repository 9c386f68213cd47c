//! The per-digit rules against their definitions, written cell by cell.
//!
//! `kernels.rs` tests the SSE2 rules against the scalar ones; both could be
//! wrong the same way. Here each rule is restated plainly (loops over rows,
//! columns, boxes and the six row-to-box assignments of a band), with no
//! bit tricks shared with either kernel, and both kernels must equal it on
//! sets shaped like the solver's: a digit's solution (one cell per row,
//! column and box) with extra candidates, sometimes with a cell missing.
//!
//! The soundness checks come first, with their own message: a rule that
//! finds a false single, clears a live candidate or calls a live set dead
//! changes verdicts; one that merely finds less only slows the search.
//! That split is what `mutants.md` argues survivors with.

use super::kernels::{ALL, Kernels, Scalar};
use judge_text::rng::Rng;

/// Bit of cell (row, column).
fn bit(r: usize, c: usize) -> u128 {
    let i = 9 * r + c;
    1 << (i + 5 * (i / 27))
}

/// The 27 units, each as its nine (row, column) cells.
fn units() -> Vec<Vec<(usize, usize)>> {
    let mut all = Vec::new();
    for k in 0..9 {
        all.push((0..9).map(|c| (k, c)).collect());
        all.push((0..9).map(|r| (r, k)).collect());
        all.push(
            (0..9)
                .map(|j| (3 * (k / 3) + j / 3, 3 * (k % 3) + j % 3))
                .collect(),
        );
    }
    all
}

/// Hidden singles by definition: `None` when a unit has no cell of `x`,
/// else every cell that is alone in one of its units.
fn hidden_singles(x: u128) -> Option<u128> {
    let mut singles = 0;
    for unit in units() {
        let cells: Vec<u128> = unit
            .iter()
            .map(|&(r, c)| bit(r, c))
            .filter(|&b| x & b != 0)
            .collect();
        match cells.len() {
            0 => return None,
            1 => singles |= cells[0],
            _ => {}
        }
    }
    Some(singles)
}

/// The six ways to give each of three lines one of three blocks.
const ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Locked candidates by definition. In each band the digit takes one cell
/// per row and one per box: a row's cells in one box (a minirow) stay only
/// if some assignment of the band's rows to distinct boxes uses it and
/// finds a candidate in each of its three minirows. Then the same for
/// minicolumns within each stack, on what the bands kept.
fn locked_candidates(x: u128) -> u128 {
    let has =
        |set: u128, cells: &[(usize, usize)]| cells.iter().any(|&(r, c)| set & bit(r, c) != 0);
    let minirow =
        |r: usize, k: usize| -> Vec<(usize, usize)> { (0..3).map(|j| (r, 3 * k + j)).collect() };
    let minicol =
        |b: usize, c: usize| -> Vec<(usize, usize)> { (0..3).map(|i| (3 * b + i, c)).collect() };
    let mut y = 0;
    for band in 0..3 {
        for order in ORDERS {
            let rows = (0..3).map(|i| minirow(3 * band + i, order[i]));
            if rows.clone().all(|m| has(x, &m)) {
                for m in rows {
                    y |= m.iter().fold(0, |s, &(r, c)| s | bit(r, c)) & x;
                }
            }
        }
    }
    let mut z = 0;
    for stack in 0..3 {
        for order in ORDERS {
            let cols = (0..3).map(|b| minicol(b, 3 * stack + order[b]));
            if cols.clone().all(|m| has(y, &m)) {
                for m in cols {
                    z |= m.iter().fold(0, |s, &(r, c)| s | bit(r, c)) & y;
                }
            }
        }
    }
    z
}

/// One digit of a random solved grid (rows and columns shuffled within
/// bands and stacks, bands and stacks shuffled), plus extra candidates
/// with probability `extra / 32`, minus one cell or one whole unit now and
/// then.
fn digit_set(rng: &mut Rng, extra: u64) -> u128 {
    let shuffled = |rng: &mut Rng| -> [usize; 9] {
        let mut blocks = [0, 1, 2];
        let mut out = [0; 9];
        for i in (1..3).rev() {
            blocks.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for (b, &block) in blocks.iter().enumerate() {
            let mut lines = [0, 1, 2];
            for i in (1..3).rev() {
                lines.swap(i, rng.below(i as u64 + 1) as usize);
            }
            for j in 0..3 {
                out[3 * b + j] = 3 * block + lines[j];
            }
        }
        out
    };
    let (rows, cols) = (shuffled(rng), shuffled(rng));
    let mut x = 0;
    for (r, &row) in rows.iter().enumerate() {
        // The pattern grid's digit 0 sits at column (9 - (3 (r % 3) + r / 3)) % 9.
        let c = (9 - (3 * (r % 3) + r / 3)) % 9;
        x |= bit(row, cols[c]);
    }
    for r in 0..9 {
        for c in 0..9 {
            if rng.below(32) < extra {
                x |= bit(r, c);
            }
        }
    }
    match rng.below(8) {
        0 | 1 => {
            let r = rng.below(9) as usize;
            x &= !bit(r, rng.below(9) as usize);
        }
        2 => {
            // A dead end: some row, column or box without the digit.
            let unit = &units()[rng.below(27) as usize];
            x &= !unit.iter().fold(0, |s, &(r, c)| s | bit(r, c));
        }
        _ => {}
    }
    x
}

fn sets(n: usize) -> Vec<u128> {
    let mut rng = Rng::new(0x1d1e);
    (0..n)
        .map(|i| digit_set(&mut rng, (i % 12) as u64))
        .collect()
}

/// Soundness of `K`'s two rules on `x`, then equality with the definitions.
fn check<K: Kernels>(name: &str, x: u128) {
    let (want_singles, want_kept) = (hidden_singles(x), locked_candidates(x));
    let singles = K::hidden_singles(x);
    match (singles, want_singles) {
        (None, Some(_)) => panic!("UNSOUND: {name} hidden_singles calls {x:#x} dead"),
        (Some(s), Some(w)) if s & !w != 0 => {
            panic!(
                "UNSOUND: {name} hidden_singles gives {:#x}, not singles of {x:#x}",
                s & !w
            )
        }
        _ => {}
    }
    let kept = K::locked_candidates(x);
    assert!(
        want_kept & !kept == 0 && kept & !x == 0,
        "UNSOUND: {name} locked_candidates clears {:#x} (or adds {:#x}) in {x:#x}",
        want_kept & !kept,
        kept & !x
    );
    assert_eq!(
        singles, want_singles,
        "WEAKER: {name} hidden_singles on {x:#x}"
    );
    assert_eq!(
        kept, want_kept,
        "WEAKER: {name} locked_candidates on {x:#x}"
    );
}

/// `counts` and `clear_cells` on nine sets, against a count per cell.
fn check_sets<K: Kernels>(name: &str, cand: [u128; 9], cells: u128) {
    let mut want = [0u128; 3];
    for p in 0..128 {
        let n = cand.iter().filter(|&&s| s >> p & 1 != 0).count();
        for (k, w) in want.iter_mut().enumerate() {
            if n > k {
                *w |= 1 << p;
            }
        }
    }
    assert_eq!(K::counts(&cand), want, "{name} counts");
    let mut got = cand;
    let changed = K::clear_cells(&mut got, cells);
    for d in 0..9 {
        assert_eq!(got[d], cand[d] & !cells, "{name} clear_cells, digit {d}");
    }
    for (d, set) in cand.iter().enumerate() {
        assert_eq!(
            changed >> d & 1 == 1,
            set & cells != 0,
            "{name} clear_cells' changed digits (the dirty marks)"
        );
    }
}

#[test]
fn the_rules_equal_their_definitions() {
    let all = sets(6_000);
    for &x in &all {
        assert_eq!(x & !ALL, 0);
        check::<Scalar>("scalar", x);
        #[cfg(target_arch = "x86_64")]
        check::<super::kernels::Sse2>("sse2", x);
        // Chained, as the search applies them.
        let y = locked_candidates(x);
        check::<Scalar>("scalar", y);
        #[cfg(target_arch = "x86_64")]
        check::<super::kernels::Sse2>("sse2", y);
    }
    for (k, nine) in all.chunks_exact(9).enumerate() {
        let cand: [u128; 9] = nine.try_into().unwrap();
        let cells = all[k] & !all[k + 1];
        check_sets::<Scalar>("scalar", cand, cells);
        #[cfg(target_arch = "x86_64")]
        check_sets::<super::kernels::Sse2>("sse2", cand, cells);
    }
}

#[test]
fn the_solver_shaped_sets_have_singles_pairs_and_dead_ends() {
    // Guards the generator above: without each shape the test would check
    // little.
    let all = sets(6_000);
    let with_singles = all
        .iter()
        .filter(|&&x| hidden_singles(x).is_some_and(|s| s != 0))
        .count();
    let dead = all.iter().filter(|&&x| hidden_singles(x).is_none()).count();
    let cleared = all.iter().filter(|&&x| locked_candidates(x) != x).count();
    assert!(
        with_singles > 1000 && dead > 500 && cleared > 1000,
        "{with_singles} {dead} {cleared}"
    );
}
