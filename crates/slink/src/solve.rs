//! Finding the loop: constraint propagation plus backtracking, counting
//! solutions up to a limit.
//!
//! Every edge is unknown, on or off. Three general rules do all the
//! deducing, and the statement's named patterns (0s, 3-3 pairs, 3-0, corner
//! 3s and 1s, …) fall out of them once applied to a fixed point:
//! - a cell with digit d has exactly d edges on;
//! - a vertex has 0 or 2 edges on;
//! - an edge may not close a cycle unless that cycle holds every on edge
//!   (then every other edge is off and the cells decide whether it fits).
//!
//! When the rules stall, the search picks an edge — preferably one leaving
//! the open end of a path, where both choices constrain a lot — and tries on
//! and off in turn. Counting up to two solutions proves uniqueness; the
//! final check of a candidate loop does not trust the propagation and
//! re-derives the single-loop property and every digit from scratch.

use super::{Loop, Puzzle};
use std::fmt;

/// Why a puzzle has no answer to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoUniqueLoop {
    NoLoop,
    Several,
}

impl fmt::Display for NoUniqueLoop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NoUniqueLoop::NoLoop => "no loop fits these digits (a Slink puzzle has exactly one)",
            NoUniqueLoop::Several => {
                "more than one loop fits these digits (a Slink puzzle has exactly one)"
            }
        })
    }
}

impl NoUniqueLoop {
    /// The rule of the input format a puzzle without exactly one loop
    /// breaks: the statement's promise fails one of two ways, and an
    /// invalid input is written for one of them.
    pub fn rule(self) -> &'static str {
        match self {
            NoUniqueLoop::NoLoop => super::NO_SOLUTION,
            NoUniqueLoop::Several => super::SEVERAL_SOLUTIONS,
        }
    }
}

/// The puzzle's only loop.
pub fn unique_loop(puzzle: &Puzzle) -> Result<Loop, NoUniqueLoop> {
    let mut found = solutions(puzzle, 2);
    match found.len() {
        0 => Err(NoUniqueLoop::NoLoop),
        1 => Ok(found.remove(0)),
        _ => Err(NoUniqueLoop::Several),
    }
}

/// Up to `limit` distinct loops that fit the puzzle.
pub fn solutions(puzzle: &Puzzle, limit: usize) -> Vec<Loop> {
    let grid = Grid::new(puzzle);
    let mut search = Search {
        grid: &grid,
        work: Vec::new(),
        found: Vec::new(),
        limit,
    };
    let mut state = State::new(&grid);
    search.work.extend(0..grid.vertices + grid.cells);
    if search.propagate(&mut state).is_ok() {
        search.run(state);
    }
    search.found
}

/// Marks "not an index" in the fixed-size neighbour tables.
const NONE: usize = usize::MAX;
const UNKNOWN: u8 = 0;
const ON: u8 = 1;
const OFF: u8 = 2;

/// The puzzle's incidence tables, built once and shared by every branch.
///
/// Edges are numbered as in [`Loop`]: the (rows+1)·cols horizontal edges
/// first, then the rows·(cols+1) vertical ones.
struct Grid {
    rows: usize,
    cols: usize,
    cells: usize,
    vertices: usize,
    digits: Vec<u8>,
    edge_ends: Vec<[usize; 2]>,
    edge_cells: Vec<[usize; 2]>,
    cell_edges: Vec<[usize; 4]>,
    vertex_edges: Vec<[usize; 4]>,
    vertex_degree: Vec<u8>,
}

impl Grid {
    fn new(p: &Puzzle) -> Self {
        let (rows, cols) = (p.rows, p.cols);
        let vertex = |i: usize, j: usize| i * (cols + 1) + j;
        let cell = |i: usize, j: usize| {
            if i < rows && j < cols {
                i * cols + j
            } else {
                NONE
            }
        };
        let horizontal = (rows + 1) * cols;
        let mut g = Grid {
            rows,
            cols,
            cells: rows * cols,
            vertices: (rows + 1) * (cols + 1),
            digits: p.digits.clone(),
            edge_ends: Vec::new(),
            edge_cells: Vec::new(),
            cell_edges: vec![[NONE; 4]; rows * cols],
            vertex_edges: vec![[NONE; 4]; (rows + 1) * (cols + 1)],
            vertex_degree: vec![0; (rows + 1) * (cols + 1)],
        };
        for i in 0..=rows {
            for j in 0..cols {
                let above = if i > 0 { cell(i - 1, j) } else { NONE };
                g.edge_ends.push([vertex(i, j), vertex(i, j + 1)]);
                g.edge_cells.push([above, cell(i, j)]);
            }
        }
        for i in 0..rows {
            for j in 0..=cols {
                let left = if j > 0 { cell(i, j - 1) } else { NONE };
                g.edge_ends.push([vertex(i, j), vertex(i + 1, j)]);
                g.edge_cells.push([left, cell(i, j)]);
            }
        }
        for i in 0..rows {
            for j in 0..cols {
                let v = horizontal + i * (cols + 1) + j;
                g.cell_edges[i * cols + j] = [i * cols + j, (i + 1) * cols + j, v, v + 1];
            }
        }
        for (e, ends) in g.edge_ends.iter().enumerate() {
            for &v in ends {
                g.vertex_edges[v][usize::from(g.vertex_degree[v])] = e;
                g.vertex_degree[v] += 1;
            }
        }
        g
    }

    /// The edge joining two vertices, if they are neighbours.
    fn edge_between(&self, a: usize, b: usize) -> Option<usize> {
        self.vertex_edges[a]
            .iter()
            .copied()
            .take_while(|&e| e != NONE)
            .find(|&e| self.edge_ends[e].contains(&b))
    }

    fn to_loop(&self, edge: &[u8]) -> Loop {
        let horizontal = (self.rows + 1) * self.cols;
        Loop {
            rows: self.rows,
            cols: self.cols,
            horizontal: edge[..horizontal].iter().map(|&s| s == ON).collect(),
            vertical: edge[horizontal..].iter().map(|&s| s == ON).collect(),
        }
    }
}

/// One branch's knowledge. Cloned at each decision: it is a few kilobytes
/// at most, and cloning keeps undo trivially correct.
#[derive(Clone)]
struct State {
    edge: Vec<u8>,
    cell_on: Vec<u8>,
    cell_off: Vec<u8>,
    vertex_on: Vec<u8>,
    vertex_off: Vec<u8>,
    /// For a vertex at the open end of a path of on edges: the other end.
    mate: Vec<usize>,
    /// For a path end: how many edges the path has.
    path_len: Vec<usize>,
    on_total: usize,
    unknown: usize,
    /// A cycle has been closed; every other edge is then off.
    closed: bool,
}

/// The branch is impossible.
struct Contradiction;

type Step = Result<(), Contradiction>;

impl State {
    fn new(g: &Grid) -> Self {
        State {
            edge: vec![UNKNOWN; g.edge_ends.len()],
            cell_on: vec![0; g.cells],
            cell_off: vec![0; g.cells],
            vertex_on: vec![0; g.vertices],
            vertex_off: vec![0; g.vertices],
            mate: vec![NONE; g.vertices],
            path_len: vec![0; g.vertices],
            on_total: 0,
            unknown: g.edge_ends.len(),
            closed: false,
        }
    }
}

struct Search<'g> {
    grid: &'g Grid,
    /// Vertices (0..vertices) and cells (vertices + c) to re-examine.
    work: Vec<usize>,
    found: Vec<Loop>,
    limit: usize,
}

impl Search<'_> {
    /// Decides edge `e`, updating counts and paths; queues what it touches.
    fn set(&mut self, s: &mut State, e: usize, value: u8) -> Step {
        if s.edge[e] == value {
            return Ok(());
        }
        if s.edge[e] != UNKNOWN {
            return Err(Contradiction);
        }
        let g = self.grid;
        s.edge[e] = value;
        s.unknown -= 1;
        let counts = |on: &mut Vec<u8>, off: &mut Vec<u8>, i: usize| {
            if value == ON { on[i] += 1 } else { off[i] += 1 }
        };
        for c in g.edge_cells[e].into_iter().filter(|&c| c != NONE) {
            counts(&mut s.cell_on, &mut s.cell_off, c);
            self.work.push(g.vertices + c);
        }
        let [a, b] = g.edge_ends[e];
        for v in [a, b] {
            counts(&mut s.vertex_on, &mut s.vertex_off, v);
            self.work.push(v);
        }
        if value == OFF {
            return Ok(());
        }
        s.on_total += 1;
        if s.vertex_on[a] > 2 || s.vertex_on[b] > 2 {
            return Err(Contradiction);
        }
        // Join the paths ending at a and b (a fresh vertex is a path of 0).
        let end_a = if s.vertex_on[a] == 1 { a } else { s.mate[a] };
        let end_b = if s.vertex_on[b] == 1 { b } else { s.mate[b] };
        let len_a = if s.vertex_on[a] == 1 {
            0
        } else {
            s.path_len[a]
        };
        let len_b = if s.vertex_on[b] == 1 {
            0
        } else {
            s.path_len[b]
        };
        if s.vertex_on[a] == 2 && s.vertex_on[b] == 2 && s.mate[a] == b {
            // This edge closes a cycle: it must be the whole answer.
            if len_a + 1 != s.on_total {
                return Err(Contradiction);
            }
            s.closed = true;
            for f in 0..s.edge.len() {
                if s.edge[f] == UNKNOWN {
                    self.set(s, f, OFF)?;
                }
            }
            return Ok(());
        }
        let len = len_a + len_b + 1;
        s.mate[end_a] = end_b;
        s.mate[end_b] = end_a;
        s.path_len[end_a] = len;
        s.path_len[end_b] = len;
        // The edge that would close this path early is excluded now.
        if let Some(f) = g.edge_between(end_a, end_b)
            && s.edge[f] == UNKNOWN
            && len != s.on_total
        {
            self.set(s, f, OFF)?;
        }
        Ok(())
    }

    /// Applies the cell and vertex rules until nothing changes.
    fn propagate(&mut self, s: &mut State) -> Step {
        let result = self.drain(s);
        self.work.clear();
        result
    }

    fn drain(&mut self, s: &mut State) -> Step {
        let g = self.grid;
        while let Some(item) = self.work.pop() {
            let (edges, on, off, want_lo, want_hi) = if item < g.vertices {
                let v = item;
                let deg = g.vertex_degree[v];
                // 0 or 2 on edges: with one on, exactly one more is wanted.
                let (lo, hi) = match s.vertex_on[v] {
                    0 if s.vertex_off[v] + 1 >= deg => (0, 0),
                    0 => continue,
                    _ => (2, 2),
                };
                (
                    &g.vertex_edges[v][..usize::from(deg)],
                    s.vertex_on[v],
                    s.vertex_off[v],
                    lo,
                    hi,
                )
            } else {
                let c = item - g.vertices;
                let d = g.digits[c];
                (&g.cell_edges[c][..], s.cell_on[c], s.cell_off[c], d, d)
            };
            let unknown = edges.len() as u8 - on - off;
            if on > want_hi || on + unknown < want_lo {
                return Err(Contradiction);
            }
            if unknown == 0 {
                continue;
            }
            let fill = if on == want_hi {
                OFF
            } else if on + unknown == want_lo {
                ON
            } else {
                continue;
            };
            for &e in edges {
                if s.edge[e] == UNKNOWN {
                    self.set(s, e, fill)?;
                }
            }
        }
        Ok(())
    }

    /// Explores a propagated state, recording loops until `limit` are found.
    fn run(&mut self, mut s: State) {
        if self.found.len() >= self.limit {
            return;
        }
        if s.closed || s.unknown == 0 {
            let candidate = self.grid.to_loop(&s.edge);
            if is_single_loop_fitting(&candidate, &self.grid.digits) {
                self.found.push(candidate);
            }
            return;
        }
        let e = self.choose(&s);
        let mut on = s.clone();
        if self
            .set(&mut on, e, ON)
            .and_then(|()| self.propagate(&mut on))
            .is_ok()
        {
            self.run(on);
        } else {
            self.work.clear();
        }
        if self.found.len() < self.limit
            && self
                .set(&mut s, e, OFF)
                .and_then(|()| self.propagate(&mut s))
                .is_ok()
        {
            self.run(s);
        }
        self.work.clear();
    }

    /// The edge to branch on: one leaving a path end if any (the path must
    /// continue one way or the other), else an edge of the cell that still
    /// needs the largest share of its remaining edges.
    fn choose(&self, s: &State) -> usize {
        let g = self.grid;
        let unknown_at = |v: usize| {
            g.vertex_edges[v][..usize::from(g.vertex_degree[v])]
                .iter()
                .copied()
                .find(|&e| s.edge[e] == UNKNOWN)
        };
        if let Some(e) = (0..g.vertices)
            .filter(|&v| s.vertex_on[v] == 1)
            .find_map(unknown_at)
        {
            return e;
        }
        let mut best = (0, NONE);
        for c in 0..g.cells {
            let unknown = 4 - s.cell_on[c] - s.cell_off[c];
            let need = g.digits[c].saturating_sub(s.cell_on[c]);
            if unknown > 0 && need > 0 {
                // Compare need/unknown as fractions, scaled to integers.
                let score = u32::from(need) * 12 / u32::from(unknown);
                if best.1 == NONE || score > best.0 {
                    best = (score, c);
                }
            }
        }
        let edges = if best.1 == NONE {
            &[][..]
        } else {
            &g.cell_edges[best.1][..]
        };
        edges
            .iter()
            .copied()
            .find(|&e| s.edge[e] == UNKNOWN)
            .or_else(|| s.edge.iter().position(|&x| x == UNKNOWN))
            .unwrap_or(0)
    }
}

/// Checks a finished candidate from scratch: every digit matches, every
/// vertex has degree 0 or 2, and the on edges form one connected cycle.
fn is_single_loop_fitting(l: &Loop, digits: &[u8]) -> bool {
    let (rows, cols) = (l.rows, l.cols);
    for i in 0..rows {
        for j in 0..cols {
            if l.cell_count(i, j) != digits[i * cols + j] {
                return false;
            }
        }
    }
    let neighbours = |i: usize, j: usize| {
        let mut n = Vec::with_capacity(4);
        if l.h(i, j) {
            n.push((i, j + 1));
        }
        if j > 0 && l.h(i, j - 1) {
            n.push((i, j - 1));
        }
        if l.v(i, j) {
            n.push((i + 1, j));
        }
        if i > 0 && l.v(i - 1, j) {
            n.push((i - 1, j));
        }
        n
    };
    let mut start = None;
    let mut used = 0;
    for i in 0..=rows {
        for j in 0..=cols {
            match neighbours(i, j).len() {
                0 => {}
                2 => {
                    used += 1;
                    start.get_or_insert((i, j));
                }
                _ => return false,
            }
        }
    }
    let Some(start) = start else { return false };
    // Walk the cycle from `start`; it must visit every used vertex.
    let (mut prev, mut at, mut steps) = (start, neighbours(start.0, start.1)[0], 1);
    while at != start {
        let next = neighbours(at.0, at.1).into_iter().find(|&n| n != prev);
        let Some(next) = next else { return false };
        (prev, at) = (at, next);
        steps += 1;
    }
    steps == used
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(rows: usize, cols: usize, digits: &str) -> Puzzle {
        Puzzle {
            rows,
            cols,
            digits: digits
                .bytes()
                .filter(u8::is_ascii_digit)
                .map(|b| b - b'0')
                .collect(),
            line: 1,
        }
    }

    #[test]
    fn tiny_puzzles_have_their_one_loop() {
        let l = unique_loop(&puzzle(1, 2, "33")).unwrap();
        assert_eq!(l.horizontal, vec![true; 4]);
        assert_eq!(l.vertical, vec![true, false, true]);
        let l = unique_loop(&puzzle(2, 2, "33 11")).unwrap();
        assert_eq!(l.cell_count(1, 1), 1);
        assert!(l.h(1, 1) && !l.h(2, 1) && !l.v(1, 1));
    }

    #[test]
    fn no_loop_and_the_empty_loop() {
        // All zeros: the empty edge set is not a loop.
        assert_eq!(
            unique_loop(&puzzle(2, 2, "00 00")),
            Err(NoUniqueLoop::NoLoop)
        );
        assert_eq!(unique_loop(&puzzle(1, 1, "3")), Err(NoUniqueLoop::NoLoop));
        // Two separate 1×2 loops would fit the digits; one loop cannot.
        assert_eq!(
            unique_loop(&puzzle(1, 5, "33033")),
            Err(NoUniqueLoop::NoLoop)
        );
    }

    #[test]
    fn puzzles_with_two_loops_are_counted_as_several() {
        // 2×2: the L of three cells missing the bottom-right and the L
        // missing the top-left both give 2 3 / 3 2. 3×3: all cells but the
        // top-left and bottom-right corners, or all but the other two.
        for p in [puzzle(2, 2, "23 32"), puzzle(3, 3, "222 202 222")] {
            let all = solutions(&p, 3);
            assert_eq!(all.len(), 2, "{all:?}");
            assert_ne!(all[0], all[1]);
            assert_eq!(unique_loop(&p), Err(NoUniqueLoop::Several));
        }
    }

    #[test]
    fn the_final_check_rejects_two_cycles_and_branches() {
        let mut l = Loop::empty(1, 5);
        for j in [0, 1, 3, 4] {
            l.horizontal[j] = true;
            l.horizontal[5 + j] = true;
        }
        for j in [0, 2, 3, 5] {
            l.vertical[j] = true;
        }
        assert!(!is_single_loop_fitting(&l, &[3, 3, 0, 3, 3]));
        assert!(!is_single_loop_fitting(&Loop::empty(1, 1), &[0]));
    }
}
