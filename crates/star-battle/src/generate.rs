//! Random Star Battle files: a real puzzle and a candidate that is either its
//! solution or a subtle mutation of it.
//!
//! The puzzle is built backwards from its answer: place two stars per row
//! and column with none touching, grow twenty connected blobs, one around
//! each star, and merge them in adjacent pairs into ten regions. Each region
//! is then connected and holds two stars, so the placement is a solution.
//! (Uniqueness, which the statement promises, is not enforced: the checker's
//! answer does not depend on it.) Candidates that break exactly one rule are
//! found by trying every single-star move or two-star column swap and keeping
//! those with the wanted violations; when a puzzle offers none, a new puzzle
//! is drawn.

use super::{Puzzle, SIZE, STARS, Violations, violations};
use judge_text::rng::Rng;

type Grid<T> = [[T; SIZE]; SIZE];
type Cell = (usize, usize);

/// The 4-neighbours of a cell inside the grid.
fn neighbours4((r, c): Cell) -> impl Iterator<Item = Cell> {
    [
        (r.wrapping_sub(1), c),
        (r + 1, c),
        (r, c.wrapping_sub(1)),
        (r, c + 1),
    ]
    .into_iter()
    .filter(|&(r, c)| r < SIZE && c < SIZE)
}

/// True when a star at `cell` would touch a star of `stars` other than `except`.
fn touches(stars: &Grid<bool>, (r, c): Cell, except: Option<Cell>) -> bool {
    (r.saturating_sub(1)..=(r + 1).min(SIZE - 1)).any(|nr| {
        (c.saturating_sub(1)..=(c + 1).min(SIZE - 1))
            .any(|nc| (nr, nc) != (r, c) && Some((nr, nc)) != except && stars[nr][nc])
    })
}

fn star_cells(stars: &Grid<bool>) -> Vec<Cell> {
    (0..SIZE * SIZE)
        .map(|i| (i / SIZE, i % SIZE))
        .filter(|&(r, c)| stars[r][c])
        .collect()
}

/// Row-by-row random backtracking; `budget` bounds the nodes of one attempt.
fn place_rows(
    rng: &mut Rng,
    r: usize,
    g: &mut Grid<bool>,
    cols: &mut [usize; SIZE],
    budget: &mut u32,
) -> bool {
    if r == SIZE {
        return true;
    }
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let mut pairs: Vec<(usize, usize)> = (0..SIZE)
        .flat_map(|a| (a + 2..SIZE).map(move |b| (a, b)))
        .collect();
    rng.shuffle(&mut pairs);
    let rows_left = SIZE - r - 1;
    for (a, b) in pairs {
        if cols[a] == STARS
            || cols[b] == STARS
            || (r > 0 && (touches(g, (r, a), None) || touches(g, (r, b), None)))
        {
            continue;
        }
        cols[a] += 1;
        cols[b] += 1;
        // A column still missing two stars needs two non-adjacent rows.
        let feasible = cols.iter().all(|&k| match STARS - k {
            0 => true,
            1 => rows_left >= 1,
            _ => rows_left >= 3,
        });
        if feasible {
            g[r][a] = true;
            g[r][b] = true;
            if place_rows(rng, r + 1, g, cols, budget) {
                return true;
            }
            g[r][a] = false;
            g[r][b] = false;
        }
        cols[a] -= 1;
        cols[b] -= 1;
    }
    false
}

/// Two stars per row and per column, none touching.
fn placement(rng: &mut Rng) -> Grid<bool> {
    loop {
        let mut g = [[false; SIZE]; SIZE];
        let mut budget = 20_000;
        if place_rows(rng, 0, &mut g, &mut [0; SIZE], &mut budget) {
            return g;
        }
    }
}

/// Pairs up blobs `0..n` along `adj` (perfect matching, random order).
fn pair_up(
    rng: &mut Rng,
    adj: &[Vec<bool>],
    mate: &mut Vec<Option<usize>>,
    budget: &mut u32,
) -> bool {
    let Some(i) = mate.iter().position(Option::is_none) else {
        return true;
    };
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let mut options: Vec<usize> = (0..adj.len())
        .filter(|&j| j != i && mate[j].is_none() && adj[i][j])
        .collect();
    rng.shuffle(&mut options);
    for j in options {
        mate[i] = Some(j);
        mate[j] = Some(i);
        if pair_up(rng, adj, mate, budget) {
            return true;
        }
        mate[i] = None;
        mate[j] = None;
    }
    false
}

/// Ten connected regions, each around two of `stars`; `None` when the
/// random blobs cannot be paired.
fn regions_around(rng: &mut Rng, stars: &Grid<bool>) -> Option<Grid<u8>> {
    const FREE: usize = usize::MAX;
    let seeds = star_cells(stars);
    let mut blob = [[FREE; SIZE]; SIZE];
    for (k, &(r, c)) in seeds.iter().enumerate() {
        blob[r][c] = k;
    }
    loop {
        let mut frontier = Vec::new();
        for r in 0..SIZE {
            for c in 0..SIZE {
                if blob[r][c] == FREE {
                    frontier.extend(
                        neighbours4((r, c))
                            .filter(|&(nr, nc)| blob[nr][nc] != FREE)
                            .map(|n| ((r, c), n)),
                    );
                }
            }
        }
        if frontier.is_empty() {
            break;
        }
        let &((r, c), (nr, nc)) = rng.pick(&frontier);
        blob[r][c] = blob[nr][nc];
    }
    let mut adj = vec![vec![false; seeds.len()]; seeds.len()];
    for r in 0..SIZE {
        for c in 0..SIZE {
            for (nr, nc) in neighbours4((r, c)) {
                adj[blob[r][c]][blob[nr][nc]] = true;
            }
        }
    }
    let mut mate = vec![None; seeds.len()];
    if !pair_up(rng, &adj, &mut mate, &mut 10_000) {
        return None;
    }
    let mut digits: Vec<u8> = (0..SIZE as u8).collect();
    rng.shuffle(&mut digits);
    let mut digit_of = vec![0u8; seeds.len()];
    let mut next = digits.into_iter();
    for i in 0..seeds.len() {
        let j = mate[i]?;
        if i < j {
            let d = next.next()?;
            digit_of[i] = d;
            digit_of[j] = d;
        }
    }
    Some(blob.map(|row| row.map(|k| digit_of[k])))
}

/// What the candidate should be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Solution,
    /// One star moved to an empty cell that touches no other star.
    MovedStar,
    /// Rows, columns and regions hold two; two stars touch corner to corner.
    DiagonalTouchOnly,
    /// As above, but side by side.
    OrthogonalTouchOnly,
    /// A star moved along its column: one row with 3, one with 1.
    RowWithThreeAndOne,
    /// A star moved along its row: one column with 3, one with 1.
    ColumnWithThreeAndOne,
    /// Rows and columns hold two, nothing touches, a region holds 1.
    RegionOnly,
    NineteenStars,
    TwentyOneStars,
    EmptyRow,
}

fn kind(rng: &mut Rng) -> Kind {
    match rng.below(20) {
        0..=5 => Kind::Solution,
        6..=7 => Kind::MovedStar,
        8..=9 => Kind::DiagonalTouchOnly,
        10 => Kind::OrthogonalTouchOnly,
        11..=12 => Kind::RowWithThreeAndOne,
        13 => Kind::ColumnWithThreeAndOne,
        14..=15 => Kind::RegionOnly,
        16 => Kind::NineteenStars,
        17..=18 => Kind::TwentyOneStars,
        _ => Kind::EmptyRow,
    }
}

/// The candidate with stars at `from` removed and at `to` added.
fn moved(p: &Puzzle, from: &[Cell], to: &[Cell]) -> Puzzle {
    let mut q = p.clone();
    for &(r, c) in from {
        q.stars[r][c] = false;
    }
    for &(r, c) in to {
        q.stars[r][c] = true;
    }
    q
}

/// Picks a random candidate among `options` whose violations pass `want`.
fn pick_where(
    rng: &mut Rng,
    options: Vec<Puzzle>,
    want: impl Fn(&Violations) -> bool,
) -> Option<Puzzle> {
    let good: Vec<Puzzle> = options
        .into_iter()
        .filter(|q| want(&violations(q)))
        .collect();
    (!good.is_empty()).then(|| rng.pick(&good).clone())
}

/// Every single-star move to an empty cell, filtered by `keep(from, to)`.
fn star_moves(p: &Puzzle, keep: impl Fn(Cell, Cell) -> bool) -> Vec<Puzzle> {
    let stars = star_cells(&p.stars);
    let mut out = Vec::new();
    for &s in &stars {
        for r in 0..SIZE {
            for c in 0..SIZE {
                if !p.stars[r][c] && keep(s, (r, c)) {
                    out.push(moved(p, &[s], &[(r, c)]));
                }
            }
        }
    }
    out
}

/// Every swap of the columns of two stars in different rows and columns.
fn column_swaps(p: &Puzzle) -> Vec<Puzzle> {
    let stars = star_cells(&p.stars);
    let mut out = Vec::new();
    for (i, &(r1, c1)) in stars.iter().enumerate() {
        for &(r2, c2) in &stars[i + 1..] {
            if r1 != r2 && c1 != c2 && !p.stars[r1][c2] && !p.stars[r2][c1] {
                out.push(moved(p, &[(r1, c1), (r2, c2)], &[(r1, c2), (r2, c1)]));
            }
        }
    }
    out
}

/// The candidate of `kind` for the solved puzzle `p`, if this puzzle has one.
pub(crate) fn candidate(rng: &mut Rng, p: &Puzzle, kind: Kind) -> Option<Puzzle> {
    let only_touch = |v: &Violations, diagonal: bool| {
        v.rows.is_empty()
            && v.columns.is_empty()
            && v.regions.is_empty()
            && !v.touching.is_empty()
            && v.touching
                .iter()
                .all(|&((r1, c1), (r2, c2))| (r1 != r2 && c1 != c2) == diagonal)
    };
    let stars = star_cells(&p.stars);
    match kind {
        Kind::Solution => Some(p.clone()),
        Kind::MovedStar => pick_where(
            rng,
            star_moves(p, |s, t| !touches(&p.stars, t, Some(s))),
            |_| true,
        ),
        Kind::DiagonalTouchOnly => pick_where(rng, column_swaps(p), |v| only_touch(v, true)),
        Kind::OrthogonalTouchOnly => pick_where(rng, column_swaps(p), |v| only_touch(v, false)),
        Kind::RowWithThreeAndOne | Kind::ColumnWithThreeAndOne => {
            let along_column = kind == Kind::RowWithThreeAndOne;
            let options = star_moves(p, |s, t| {
                (if along_column { s.1 == t.1 } else { s.0 == t.0 })
                    && !touches(&p.stars, t, Some(s))
            });
            pick_where(rng, options, |v| {
                let (off, other) = if along_column {
                    (&v.rows, &v.columns)
                } else {
                    (&v.columns, &v.rows)
                };
                off.len() == 2 && other.is_empty() && v.regions.is_empty() && v.touching.is_empty()
            })
        }
        Kind::RegionOnly => pick_where(rng, column_swaps(p), |v| {
            v.rows.is_empty()
                && v.columns.is_empty()
                && v.touching.is_empty()
                && !v.regions.is_empty()
        }),
        Kind::NineteenStars => Some(moved(p, &[*rng.pick(&stars)], &[])),
        Kind::TwentyOneStars => {
            let free: Vec<Cell> = (0..SIZE * SIZE)
                .map(|i| (i / SIZE, i % SIZE))
                .filter(|&(r, c)| !p.stars[r][c] && !touches(&p.stars, (r, c), None))
                .collect();
            let &cell = (!free.is_empty()).then(|| rng.pick(&free))?;
            Some(moved(p, &[], &[cell]))
        }
        Kind::EmptyRow => {
            let r = rng.below(SIZE as u64) as usize;
            let row: Vec<Cell> = stars.iter().copied().filter(|s| s.0 == r).collect();
            Some(moved(p, &row, &[]))
        }
    }
}

/// A solved puzzle: random regions around a random placement.
pub(crate) fn solved_puzzle(rng: &mut Rng) -> Puzzle {
    loop {
        let stars = placement(rng);
        if let Some(regions) = regions_around(rng, &stars) {
            return Puzzle { regions, stars };
        }
    }
}

fn render(p: &Puzzle) -> String {
    let mut out = String::new();
    for row in &p.regions {
        out.extend(row.iter().map(|&d| char::from(b'0' + d)));
        out.push('\n');
    }
    for row in &p.stars {
        out.extend(row.iter().map(|&s| if s { '*' } else { '.' }));
        out.push('\n');
    }
    out
}

/// One input file.
pub(crate) fn input(rng: &mut Rng) -> String {
    let kind = kind(rng);
    loop {
        let p = solved_puzzle(rng);
        if let Some(c) = candidate(rng, &p, kind) {
            return render(&c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puzzles_are_well_formed_and_solved_by_their_placement() {
        let mut rng = Rng::new(9);
        for _ in 0..30 {
            let p = solved_puzzle(&mut rng);
            assert!(violations(&p).is_empty(), "{p:?}");
            // The parser's region check accepts the regions.
            assert_eq!(super::super::parse::parse(&render(&p)).as_ref(), Ok(&p));
        }
    }

    #[test]
    fn every_kind_is_produced_with_its_violations() {
        let mut rng = Rng::new(10);
        let mut found = 0;
        for kind in [
            Kind::Solution,
            Kind::MovedStar,
            Kind::DiagonalTouchOnly,
            Kind::OrthogonalTouchOnly,
            Kind::RowWithThreeAndOne,
            Kind::ColumnWithThreeAndOne,
            Kind::RegionOnly,
            Kind::NineteenStars,
            Kind::TwentyOneStars,
            Kind::EmptyRow,
        ] {
            // Some puzzles lack a kind; try a few.
            let made = (0..20).find_map(|_| {
                let p = solved_puzzle(&mut rng);
                candidate(&mut rng, &p, kind)
            });
            let Some(c) = made else { continue };
            found += 1;
            let v = violations(&c);
            let stars = c.stars.iter().flatten().filter(|&&s| s).count();
            match kind {
                Kind::Solution => assert!(v.is_empty()),
                Kind::NineteenStars => assert_eq!(stars, 19),
                Kind::TwentyOneStars => assert_eq!(stars, 21),
                Kind::EmptyRow => assert!(c.stars.iter().any(|row| row.iter().all(|&s| !s))),
                Kind::RegionOnly => {
                    assert!(v.rows.is_empty() && v.columns.is_empty() && !v.regions.is_empty())
                }
                _ => assert!(!v.is_empty(), "{kind:?}"),
            }
        }
        assert_eq!(found, 10);
    }

    #[test]
    fn generation_is_deterministic() {
        assert_eq!(input(&mut Rng::new(3)), input(&mut Rng::new(3)));
    }
}
