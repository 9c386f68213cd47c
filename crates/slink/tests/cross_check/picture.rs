//! Pictures without the solver: a canvas-based renderer and a verifier that
//! reads an expected picture back into a loop (see `tests/slink.rs`).

use super::brute_force::{Edges, Grid, one_cycle};

/// Data set `k`'s picture, drawn on a character canvas.
pub(crate) fn draw(k: usize, g: &Grid, e: &Edges) -> String {
    let (h, w) = (2 * g.rows + 5, 4 * g.cols + 5);
    let mut canvas = vec![vec![' '; w]; h];
    for (y, row) in canvas.iter_mut().enumerate() {
        for (x, c) in row.iter_mut().enumerate() {
            if y == 0 || x == 0 || y == h - 1 || x == w - 1 {
                *c = '#';
            }
        }
    }
    // Body origin: vertex (i, j) sits at canvas (2 + 2i, 2 + 4j).
    for i in 0..g.rows {
        for j in 0..g.cols {
            canvas[3 + 2 * i][4 + 4 * j] = char::from(b'0' + g.digits[i * g.cols + j]);
        }
    }
    for i in 0..=g.rows {
        for j in 0..=g.cols {
            let right = j < g.cols && e.h[i][j];
            let left = j > 0 && e.h[i][j - 1];
            let down = i < g.rows && e.v[i][j];
            let up = i > 0 && e.v[i - 1][j];
            let (y, x) = (2 + 2 * i, 2 + 4 * j);
            if right {
                canvas[y][x + 1..x + 4].fill('-');
            }
            if down {
                canvas[y + 1][x] = '|';
            }
            canvas[y][x] = if left && right {
                '-'
            } else if up && down {
                '|'
            } else if left || right || up || down {
                '+'
            } else {
                ' '
            };
        }
    }
    let mut s = format!("{k}\n");
    for row in canvas {
        s.extend(row);
        s.push('\n');
    }
    s
}

/// Parses data set `k`'s expected picture back into a loop, checking the
/// layout character by character, and returns the loop.
pub(crate) fn read_picture(k: usize, g: &Grid, lines: &[&str]) -> Edges {
    let (h, w) = (2 * g.rows + 5, 4 * g.cols + 5);
    assert_eq!(lines.len(), h + 1, "data set {k}: line count");
    assert_eq!(lines[0], k.to_string());
    let rows: Vec<Vec<char>> = lines[1..].iter().map(|l| l.chars().collect()).collect();
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), w, "data set {k}, picture line {y}: width");
        assert_eq!(
            (row[0], row[w - 1]),
            ('#', '#'),
            "data set {k}, line {y}: side border"
        );
        let inner: String = row[1..w - 1].iter().collect();
        if y == 0 || y == h - 1 {
            assert!(
                inner.chars().all(|c| c == '#'),
                "data set {k}: top/bottom border"
            );
        } else if y == 1 || y == h - 2 {
            assert!(
                inner.chars().all(|c| c == ' '),
                "data set {k}: blank frame line"
            );
        } else {
            assert_eq!(
                (row[1], row[w - 2]),
                (' ', ' '),
                "data set {k}, line {y}: margin"
            );
        }
    }
    let at = |y: usize, x: usize| rows[y][x];
    let e = Edges {
        h: (0..=g.rows)
            .map(|i| {
                (0..g.cols)
                    .map(|j| {
                        let run: String = (1..4).map(|d| at(2 + 2 * i, 2 + 4 * j + d)).collect();
                        assert!(
                            run == "---" || run == "   ",
                            "data set {k}: edge text {run:?}"
                        );
                        run == "---"
                    })
                    .collect()
            })
            .collect(),
        v: (0..g.rows)
            .map(|i| {
                (0..=g.cols)
                    .map(|j| {
                        let c = at(3 + 2 * i, 2 + 4 * j);
                        assert!(c == '|' || c == ' ', "data set {k}: vertical edge {c:?}");
                        c == '|'
                    })
                    .collect()
            })
            .collect(),
    };
    for i in 0..g.rows {
        for j in 0..g.cols {
            let (y, x) = (3 + 2 * i, 4 + 4 * j);
            let d = g.digits[i * g.cols + j];
            assert_eq!(
                (at(y, x - 1), at(y, x), at(y, x + 1)),
                (' ', char::from(b'0' + d), ' '),
                "data set {k}: cell"
            );
            let count = [e.h[i][j], e.h[i + 1][j], e.v[i][j], e.v[i][j + 1]]
                .iter()
                .filter(|&&b| b)
                .count();
            assert_eq!(
                count,
                usize::from(d),
                "data set {k}: cell ({i}, {j}) has {count} loop edges"
            );
        }
    }
    for i in 0..=g.rows {
        for j in 0..=g.cols {
            let (l, r) = (j > 0 && e.h[i][j - 1], j < g.cols && e.h[i][j]);
            let (u, dn) = (i > 0 && e.v[i - 1][j], i < g.rows && e.v[i][j]);
            let want = match (l, r, u, dn) {
                (false, false, false, false) => ' ',
                (true, true, false, false) => '-',
                (false, false, true, true) => '|',
                _ => '+',
            };
            assert_eq!(
                at(2 + 2 * i, 2 + 4 * j),
                want,
                "data set {k}: vertex ({i}, {j})"
            );
        }
    }
    assert!(
        one_cycle(&e),
        "data set {k}: the drawn edges are not one loop"
    );
    e
}
