//! Random Slink puzzles whose unique loop is known.
//!
//! A loop on the grid is the boundary of the set of cells it encloses, so we
//! draw a *region* and take its boundary. The boundary is one simple loop
//! exactly when the region is non-empty and 4-connected, has no hole (its
//! complement reaches the outside), and no 2×2 window is a checkerboard
//! (which would put four loop edges on one vertex). Every cell is numbered
//! with its count of boundary edges — a single cell would count 4, so a
//! region has at least two cells — and the puzzle is kept only if the
//! solver finds exactly one loop, the one drawn.
//!
//! Region shapes come in styles, because uniform blobs alone rarely give
//! the thin corridors, border runs and spirals where solvers go wrong.

use super::solve::solutions;
use super::{Loop, MAX_SIDE, Puzzle};
use judge_text::rng::Rng;

/// How a region is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Cells added at random around the region: round-ish shapes.
    Blob,
    /// Only cells touching the region on one side: corridors one cell wide,
    /// branching like a tree, so the loop is long and thin.
    Thin,
    /// The whole grid with notches carved from the outside: the loop hugs
    /// the border.
    Border,
    /// A one-cell-wide corridor winding inwards.
    Spiral,
    /// A small thin region in a large grid: mostly 0s and 2s.
    Sparse,
}

pub const STYLES: [Style; 5] = [
    Style::Blob,
    Style::Thin,
    Style::Border,
    Style::Spiral,
    Style::Sparse,
];

/// A cell-membership grid, row-major.
struct Region {
    rows: usize,
    cols: usize,
    inside: Vec<bool>,
}

impl Region {
    fn new(rows: usize, cols: usize, filled: bool) -> Self {
        Region {
            rows,
            cols,
            inside: vec![filled; rows * cols],
        }
    }

    /// Is (i, j) a cell of the region? Cells off the grid are not.
    fn at(&self, i: isize, j: isize) -> bool {
        i >= 0
            && j >= 0
            && (i as usize) < self.rows
            && (j as usize) < self.cols
            && self.inside[i as usize * self.cols + j as usize]
    }

    fn neighbours(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        let (i, j) = ((c / self.cols) as isize, (c % self.cols) as isize);
        [(i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)]
            .into_iter()
            .filter(|&(a, b)| {
                a >= 0 && b >= 0 && (a as usize) < self.rows && (b as usize) < self.cols
            })
            .map(|(a, b)| a as usize * self.cols + b as usize)
    }

    fn inside_neighbours(&self, c: usize) -> usize {
        self.neighbours(c).filter(|&n| self.inside[n]).count()
    }

    /// No 2×2 window around a corner of cell `c` is a checkerboard.
    fn no_checkerboard_near(&self, c: usize) -> bool {
        let (i, j) = ((c / self.cols) as isize, (c % self.cols) as isize);
        [(i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1)]
            .into_iter()
            .all(|(vi, vj)| {
                let (a, b) = (self.at(vi - 1, vj - 1), self.at(vi - 1, vj));
                let (x, d) = (self.at(vi, vj - 1), self.at(vi, vj));
                !(a == d && b == x && a != b)
            })
    }

    /// Every cell with `inside == want` is reachable from the others (or,
    /// for the outside, from beyond the grid) through such cells.
    fn connected(&self, want: bool) -> bool {
        let total = self.inside.iter().filter(|&&x| x == want).count();
        let mut seen = vec![false; self.inside.len()];
        let mut stack: Vec<usize> = if want {
            self.inside.iter().position(|&x| x).into_iter().collect()
        } else {
            (0..self.inside.len())
                .filter(|&c| {
                    let (i, j) = (c / self.cols, c % self.cols);
                    !self.inside[c]
                        && (i == 0 || j == 0 || i + 1 == self.rows || j + 1 == self.cols)
                })
                .collect()
        };
        for &c in &stack {
            seen[c] = true;
        }
        let mut reached = stack.len();
        while let Some(c) = stack.pop() {
            for n in self.neighbours(c).collect::<Vec<_>>() {
                if !seen[n] && self.inside[n] == want {
                    seen[n] = true;
                    reached += 1;
                    stack.push(n);
                }
            }
        }
        reached == total
    }

    /// Flips cell `c` if the region stays one hole-free piece without
    /// checkerboards; reports whether it did.
    fn try_flip(&mut self, c: usize) -> bool {
        self.inside[c] = !self.inside[c];
        let ok = self.no_checkerboard_near(c) && self.connected(true) && self.connected(false);
        if !ok {
            self.inside[c] = !self.inside[c];
        }
        ok
    }

    /// The region's boundary as a set of edges.
    fn boundary(&self) -> Loop {
        let (r, c) = (self.rows as isize, self.cols as isize);
        let mut l = Loop::empty(self.rows, self.cols);
        for i in 0..=r {
            for j in 0..c {
                l.horizontal[(i * c + j) as usize] = self.at(i - 1, j) != self.at(i, j);
            }
        }
        for i in 0..r {
            for j in 0..=c {
                l.vertical[(i * (c + 1) + j) as usize] = self.at(i, j - 1) != self.at(i, j);
            }
        }
        l
    }
}

/// Grows a region by adding acceptable cells; `thin` only takes cells that
/// touch the region on exactly one side. Stops at `target` cells or when
/// nothing fits.
fn grow(rng: &mut Rng, region: &mut Region, target: usize, thin: bool) {
    let mut size = region.inside.iter().filter(|&&x| x).count();
    while size < target {
        let mut frontier: Vec<usize> = (0..region.inside.len())
            .filter(|&c| !region.inside[c])
            .filter(|&c| match region.inside_neighbours(c) {
                0 => false,
                1 => true,
                _ => !thin,
            })
            .collect();
        rng.shuffle(&mut frontier);
        match frontier.into_iter().find(|&c| region.try_flip(c)) {
            Some(_) => size += 1,
            None => return,
        }
    }
}

/// Starts a region from one random cell and one neighbour (two cells, the
/// smallest region whose loop has no 4).
fn seed(rng: &mut Rng, rows: usize, cols: usize) -> Region {
    let mut region = Region::new(rows, cols, false);
    let c = rng.below((rows * cols) as u64) as usize;
    region.inside[c] = true;
    let next: Vec<usize> = region.neighbours(c).collect();
    let n = *rng.pick(&next);
    region.inside[n] = true;
    region
}

/// A one-cell-wide spiral corridor inside a random sub-rectangle, mirrored
/// at random so it may start in any corner and turn either way.
fn spiral(rng: &mut Rng, rows: usize, cols: usize) -> Region {
    let mut region = Region::new(rows, cols, false);
    let (top, left) = (
        rng.below(rows.div_ceil(4) as u64) as isize,
        rng.below(cols.div_ceil(4) as u64) as isize,
    );
    let (bottom, right) = (
        rows as isize - rng.below(rows.div_ceil(4) as u64) as isize,
        cols as isize - rng.below(cols.div_ceil(4) as u64) as isize,
    );
    let within = |i: isize, j: isize| i >= top && i < bottom && j >= left && j < right;
    let dirs = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let (mut i, mut j, mut d) = (top, left, 0);
    let mut steps_left = rows * cols;
    region.inside[(i as usize) * cols + j as usize] = true;
    let mut turned = false;
    while steps_left > 0 {
        steps_left -= 1;
        let (di, dj) = dirs[d];
        let (ni, nj) = (i + di, j + dj);
        let ok = within(ni, nj)
            && !region.at(ni, nj)
            && !region.at(ni + di, nj + dj)
            && region.inside_neighbours(ni as usize * cols + nj as usize) == 1;
        if ok && region.try_flip(ni as usize * cols + nj as usize) {
            (i, j, turned) = (ni, nj, false);
        } else if turned {
            break;
        } else {
            (d, turned) = ((d + 1) % 4, true);
        }
    }
    let (flip_rows, flip_cols) = (rng.chance(1, 2), rng.chance(1, 2));
    let mut out = Region::new(rows, cols, false);
    for a in 0..rows {
        for b in 0..cols {
            let (sa, sb) = (
                if flip_rows { rows - 1 - a } else { a },
                if flip_cols { cols - 1 - b } else { b },
            );
            out.inside[a * cols + b] = region.inside[sa * cols + sb];
        }
    }
    out
}

/// A region of `style` on a rows×cols grid (always valid, maybe small).
fn region(rng: &mut Rng, rows: usize, cols: usize, style: Style) -> Region {
    let cells = rows * cols;
    match style {
        Style::Blob => {
            let mut r = seed(rng, rows, cols);
            let target = 2 + rng.below(cells as u64) as usize;
            grow(rng, &mut r, target, false);
            r
        }
        Style::Thin | Style::Sparse => {
            let mut r = seed(rng, rows, cols);
            let target = if style == Style::Thin {
                cells
            } else {
                2 + cells / 8
            };
            grow(rng, &mut r, target, true);
            r
        }
        Style::Border => {
            let mut r = Region::new(rows, cols, true);
            let notches = rng.below(cells as u64 / 6 + 1);
            for _ in 0..notches {
                // Carve a cell that touches the outside or an earlier notch.
                let mut open: Vec<usize> = (0..cells)
                    .filter(|&c| r.inside[c])
                    .filter(|&c| {
                        let (i, j) = (c / cols, c % cols);
                        i == 0
                            || j == 0
                            || i + 1 == rows
                            || j + 1 == cols
                            || r.inside_neighbours(c) < 4
                    })
                    .collect();
                rng.shuffle(&mut open);
                if r.inside.iter().filter(|&&x| x).count() <= 2
                    || open.into_iter().find(|&c| r.try_flip(c)).is_none()
                {
                    break;
                }
            }
            r
        }
        Style::Spiral => spiral(rng, rows, cols),
    }
}

/// A puzzle numbered from `loop_`: each cell's count of loop edges.
pub fn number(loop_: &Loop) -> Puzzle {
    let mut digits = Vec::with_capacity(loop_.rows * loop_.cols);
    for i in 0..loop_.rows {
        for j in 0..loop_.cols {
            digits.push(loop_.cell_count(i, j));
        }
    }
    Puzzle {
        rows: loop_.rows,
        cols: loop_.cols,
        digits,
        line: 0,
    }
}

/// A puzzle of `style` whose only loop is the returned one, or `None` when
/// a few attempts all gave ambiguous digits (or no valid region: 1×1).
pub fn unique_puzzle(
    rng: &mut Rng,
    rows: usize,
    cols: usize,
    style: Style,
) -> Option<(Puzzle, Loop)> {
    if rows * cols < 2 {
        return None;
    }
    for _ in 0..40 {
        let r = region(rng, rows, cols, style);
        if r.inside.iter().filter(|&&x| x).count() < 2 {
            continue;
        }
        let drawn = r.boundary();
        let puzzle = number(&drawn);
        let found = solutions(&puzzle, 2);
        if found.len() == 1 && found[0] == drawn {
            return Some((puzzle, drawn));
        }
    }
    None
}

/// The digits as input lines, `r c` first.
pub(crate) fn write_puzzle(p: &Puzzle, out: &mut String) {
    out.push_str(&format!("{} {}\n", p.rows, p.cols));
    for row in p.digits.chunks(p.cols) {
        let line: Vec<String> = row.iter().map(u8::to_string).collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
}

/// A whole input file. `size` 1..=10 bounds the sides by 2·size and the
/// number of puzzles by size; at size 10 half the puzzles are 20×20.
pub fn input(rng: &mut Rng, size: u32) -> String {
    let size = size.clamp(1, 10) as usize;
    let max_side = (2 * size).min(MAX_SIDE);
    let count = 1 + rng.below(size as u64) as usize;
    let mut out = String::new();
    let mut made = 0;
    while made < count {
        let (rows, cols) = if max_side == MAX_SIDE && rng.chance(1, 2) {
            (MAX_SIDE, MAX_SIDE)
        } else {
            (
                1 + rng.below(max_side as u64) as usize,
                1 + rng.below(max_side as u64) as usize,
            )
        };
        let style = *rng.pick(&STYLES);
        if let Some((puzzle, _)) = unique_puzzle(rng, rows, cols, style) {
            write_puzzle(&puzzle, &mut out);
            made += 1;
        }
    }
    out.push_str("0 0\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_solver::Solver;

    #[test]
    fn the_solver_recovers_exactly_the_loop_each_region_draws() {
        // The property test, on raw regions (before any uniqueness filter):
        // the drawn loop fits its digits, so the solver must either return
        // exactly that loop or report several loops — never another single
        // loop, never none. The filter must then keep most regions.
        use super::super::solve::{NoUniqueLoop, unique_loop};
        let mut rng = Rng::new(11);
        for &style in &STYLES {
            let mut recovered = 0;
            for n in 0..40 {
                let (rows, cols) = (2 + n % 9, 1 + (n * 7) % 20);
                let r = region(&mut rng, rows, cols, style);
                if r.inside.iter().filter(|&&x| x).count() < 2 {
                    continue;
                }
                let drawn = r.boundary();
                match unique_loop(&number(&drawn)) {
                    Ok(found) => {
                        assert_eq!(found, drawn, "{style:?} {rows}×{cols}");
                        recovered += 1;
                    }
                    Err(e) => assert_eq!(e, NoUniqueLoop::Several, "{style:?} {rows}×{cols}"),
                }
            }
            assert!(recovered >= 30, "{style:?}: only {recovered} of 40 unique");
        }
    }

    #[test]
    fn regions_never_hold_a_hole_or_a_checkerboard() {
        let mut rng = Rng::new(5);
        for &style in &STYLES {
            for _ in 0..10 {
                let r = region(&mut rng, 9, 11, style);
                assert!(r.connected(true) && r.connected(false), "{style:?}");
                assert!(
                    (0..r.inside.len()).all(|c| r.no_checkerboard_near(c)),
                    "{style:?}"
                );
            }
        }
    }

    #[test]
    fn no_1x1_puzzle_exists() {
        assert!(unique_puzzle(&mut Rng::new(1), 1, 1, Style::Blob).is_none());
    }

    #[test]
    fn generated_files_parse_and_solve() {
        let mut rng = Rng::new(8);
        for size in [1, 4, 10] {
            let text = input(&mut rng, size);
            assert!(text.ends_with("0 0\n"));
            super::super::Slink
                .solve(&text)
                .expect("generated input must be valid");
        }
        assert_eq!(input(&mut Rng::new(3), 5), input(&mut Rng::new(3), 5));
    }
}
