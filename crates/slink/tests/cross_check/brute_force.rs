//! The brute force: plain depth-first enumeration of edge assignments with
//! local checks only, and a final single-cycle walk. Shares no code with
//! the reference solver (see the crate docs in `tests/slink.rs`).

/// One data set as read from a `.in` file.
pub(crate) struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub digits: Vec<u8>,
}

/// Plain reading of a valid input file (these are committed, valid files).
pub(crate) fn read_input(text: &str) -> Vec<Grid> {
    let mut nums = text.split_whitespace().map(|t| t.parse::<usize>().unwrap());
    let mut grids = Vec::new();
    loop {
        let (rows, cols) = (nums.next().unwrap(), nums.next().unwrap());
        if rows == 0 && cols == 0 {
            return grids;
        }
        let digits = (0..rows * cols)
            .map(|_| nums.next().unwrap() as u8)
            .collect();
        grids.push(Grid { rows, cols, digits });
    }
}

/// Edge sets: `h[i][j]` joins vertices (i, j) and (i, j+1); `v[i][j]` joins
/// (i, j) and (i+1, j).
#[derive(Clone, PartialEq, Debug)]
pub(crate) struct Edges {
    pub h: Vec<Vec<bool>>,
    pub v: Vec<Vec<bool>>,
}

/// Edge identities for the enumeration: (is_horizontal, i, j).
pub(crate) type EdgeId = (bool, usize, usize);

pub(crate) fn cell_edges(i: usize, j: usize) -> [EdgeId; 4] {
    [
        (true, i, j),
        (true, i + 1, j),
        (false, i, j),
        (false, i, j + 1),
    ]
}

pub(crate) fn vertex_edges(rows: usize, cols: usize, i: usize, j: usize) -> Vec<EdgeId> {
    let mut e = Vec::new();
    if j > 0 {
        e.push((true, i, j - 1));
    }
    if j < cols {
        e.push((true, i, j));
    }
    if i > 0 {
        e.push((false, i - 1, j));
    }
    if i < rows {
        e.push((false, i, j));
    }
    e
}

/// The cells and the vertices whose counts one edge takes part in.
pub(crate) type Touched = (Vec<(usize, usize)>, Vec<(usize, usize)>);

/// Every loop that fits, up to `limit`.
pub(crate) fn brute_force(g: &Grid, limit: usize) -> Vec<Edges> {
    let (rows, cols) = (g.rows, g.cols);
    let mut order: Vec<EdgeId> = Vec::new();
    for i in 0..=rows {
        for j in 0..cols {
            order.push((true, i, j));
        }
    }
    for i in 0..rows {
        for j in 0..=cols {
            order.push((false, i, j));
        }
    }
    // Doubled coordinates of an edge's midpoint, summed: anti-diagonals.
    order.sort_by_key(|&(hz, i, j)| {
        if hz {
            (2 * i + 2 * j + 1, 2 * i)
        } else {
            (2 * i + 1 + 2 * j, 2 * i + 1)
        }
    });
    // For each edge, the cells and vertices whose counts it touches.
    let touched: Vec<Touched> = order
        .iter()
        .map(|&(hz, i, j)| {
            let cells: Vec<(usize, usize)> = if hz {
                [(i.wrapping_sub(1), j), (i, j)]
                    .into_iter()
                    .filter(|&(a, _)| a < rows)
                    .collect()
            } else {
                [(i, j.wrapping_sub(1)), (i, j)]
                    .into_iter()
                    .filter(|&(_, b)| b < cols)
                    .collect()
            };
            let verts = if hz {
                vec![(i, j), (i, j + 1)]
            } else {
                vec![(i, j), (i + 1, j)]
            };
            (cells, verts)
        })
        .collect();
    let mut value: std::collections::HashMap<EdgeId, bool> = Default::default();
    let mut found = Vec::new();
    dfs(g, &order, &touched, 0, &mut value, &mut found, limit);
    found
}

pub(crate) fn dfs(
    g: &Grid,
    order: &[EdgeId],
    touched: &[Touched],
    k: usize,
    value: &mut std::collections::HashMap<EdgeId, bool>,
    found: &mut Vec<Edges>,
    limit: usize,
) {
    if found.len() >= limit {
        return;
    }
    let Some(&edge) = order.get(k) else {
        let edges = Edges {
            h: (0..=g.rows)
                .map(|i| (0..g.cols).map(|j| value[&(true, i, j)]).collect())
                .collect(),
            v: (0..g.rows)
                .map(|i| (0..=g.cols).map(|j| value[&(false, i, j)]).collect())
                .collect(),
        };
        if one_cycle(&edges) {
            found.push(edges);
        }
        return;
    };
    for choice in [false, true] {
        value.insert(edge, choice);
        // (on, undecided) over a list of edges.
        let tally = |list: &[EdgeId]| {
            list.iter()
                .fold((0, 0), |(on, open), e| match value.get(e) {
                    Some(true) => (on + 1, open),
                    Some(false) => (on, open),
                    None => (on, open + 1),
                })
        };
        let cells_ok = touched[k].0.iter().all(|&(i, j)| {
            let (on, open) = tally(&cell_edges(i, j));
            let d = g.digits[i * g.cols + j];
            on <= d && on + open >= d
        });
        let verts_ok = touched[k].1.iter().all(|&(i, j)| {
            let (on, open) = tally(&vertex_edges(g.rows, g.cols, i, j));
            on <= 2 && (open > 0 || on != 1)
        });
        if cells_ok && verts_ok {
            dfs(g, order, touched, k + 1, value, found, limit);
        }
        value.remove(&edge);
    }
}

/// Are the on edges one non-empty cycle with every vertex of degree 0 or 2?
pub(crate) fn one_cycle(e: &Edges) -> bool {
    let (rows, cols) = (e.v.len(), e.h[0].len());
    let next = |(i, j): (usize, usize)| -> Vec<(usize, usize)> {
        let mut n = Vec::new();
        if j < cols && e.h[i][j] {
            n.push((i, j + 1));
        }
        if j > 0 && e.h[i][j - 1] {
            n.push((i, j - 1));
        }
        if i < rows && e.v[i][j] {
            n.push((i + 1, j));
        }
        if i > 0 && e.v[i - 1][j] {
            n.push((i - 1, j));
        }
        n
    };
    let used: Vec<(usize, usize)> = (0..=rows)
        .flat_map(|i| (0..=cols).map(move |j| (i, j)))
        .filter(|&p| !next(p).is_empty())
        .collect();
    if used.is_empty() || used.iter().any(|&p| next(p).len() != 2) {
        return false;
    }
    let mut seen = std::collections::HashSet::from([used[0]]);
    let mut stack = vec![used[0]];
    while let Some(p) = stack.pop() {
        for q in next(p) {
            if seen.insert(q) {
                stack.push(q);
            }
        }
    }
    seen.len() == used.len()
}
