//! Random So Doku Checker inputs, with the four verdicts in similar numbers.
//!
//! Every grid starts from a random solved grid (randomised backtracking),
//! then becomes one kind on purpose:
//! - Unique: clues removed in random order, each removal kept only while the
//!   puzzle stays unique, down to a random clue count or a minimal puzzle;
//! - Ambiguous: a minimal unique puzzle with one to three more clues removed
//!   (any removal from a minimal puzzle adds solutions);
//! - Impossible: a unique puzzle plus one clue that breaks no rule among the
//!   givens but differs from the solution, so no completion survives;
//! - Illegal: a puzzle with one given copied into an empty cell that shares a
//!   row, column or box with it.

use super::engine::count_solutions;
use super::{CELLS, has_repeated_given};
use judge_text::rng::Rng;

/// A whole input file; `size` 1..=10 scales the number of grids (2 to 20).
pub(crate) fn input(rng: &mut Rng, size: u32) -> String {
    let grids = 2 * size.clamp(1, 10);
    let mut out = String::new();
    for k in 0..grids {
        if k > 0 {
            out.push('\n');
        }
        let cells = match rng.below(4) {
            0 => unique(rng),
            1 => ambiguous(rng),
            2 => impossible(rng),
            _ => illegal(rng),
        };
        write_grid(&cells, &mut out);
    }
    out
}

/// Appends a grid in the input format (9 lines, single spaces).
pub fn write_grid(cells: &[u8; CELLS], out: &mut String) {
    for row in cells.chunks(9) {
        for (c, &d) in row.iter().enumerate() {
            if c > 0 {
                out.push(' ');
            }
            out.push(char::from(b'0' + d));
        }
        out.push('\n');
    }
}

/// Whether cells `i` and `j` share a row, column or box.
fn sees(i: usize, j: usize) -> bool {
    let (ri, ci, rj, cj) = (i / 9, i % 9, j / 9, j % 9);
    i != j && (ri == rj || ci == cj || (ri / 3 == rj / 3 && ci / 3 == cj / 3))
}

/// The digits (as a bit set, bit d for digit d) no given in sight of `i` holds.
fn free_digits(cells: &[u8; CELLS], i: usize) -> u16 {
    let used = (0..CELLS)
        .filter(|&j| sees(i, j))
        .fold(0u16, |m, j| m | 1 << cells[j]);
    0b11_1111_1110 & !used
}

/// A random solved grid, by backtracking on the empty cell with
/// the fewest free digits, trying its digits in random order.
fn random_solution(rng: &mut Rng) -> [u8; CELLS] {
    fn fill(cells: &mut [u8; CELLS], rng: &mut Rng) -> bool {
        let Some((i, free)) = (0..CELLS)
            .filter(|&i| cells[i] == 0)
            .map(|i| (i, free_digits(cells, i)))
            .min_by_key(|&(_, free)| free.count_ones())
        else {
            return true;
        };
        let mut digits: Vec<u8> = (1..=9).filter(|d| free >> d & 1 != 0).collect();
        rng.shuffle(&mut digits);
        for d in digits {
            cells[i] = d;
            if fill(cells, rng) {
                return true;
            }
        }
        cells[i] = 0;
        false
    }
    let mut cells = [0; CELLS];
    assert!(fill(&mut cells, rng), "an empty grid always has a solution");
    cells
}

/// Removes clues of `solution` in random order while the puzzle stays
/// unique, stopping at `target` clues (0: until no clue can go).
fn reduce(solution: &[u8; CELLS], target: usize, rng: &mut Rng) -> [u8; CELLS] {
    let mut puzzle = *solution;
    let mut order: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut order);
    let mut clues = CELLS;
    for i in order {
        if clues <= target {
            break;
        }
        let kept = std::mem::take(&mut puzzle[i]);
        if count_solutions(&puzzle, 2).count == 1 {
            clues -= 1;
        } else {
            puzzle[i] = kept;
        }
    }
    puzzle
}

/// A unique puzzle: half of them minimal, the others with 25 to 45 clues.
fn unique(rng: &mut Rng) -> [u8; CELLS] {
    let target = if rng.chance(1, 2) {
        0
    } else {
        rng.range(25, 45) as usize
    };
    reduce(&random_solution(rng), target, rng)
}

fn ambiguous(rng: &mut Rng) -> [u8; CELLS] {
    let mut puzzle = reduce(&random_solution(rng), 0, rng);
    for _ in 0..rng.range(1, 3) {
        let clues: Vec<usize> = (0..CELLS).filter(|&i| puzzle[i] != 0).collect();
        puzzle[*rng.pick(&clues)] = 0;
    }
    puzzle
}

fn impossible(rng: &mut Rng) -> [u8; CELLS] {
    let solution = random_solution(rng);
    let mut puzzle = reduce(&solution, if rng.chance(1, 2) { 0 } else { 30 }, rng);
    // Cells where a wrong digit would still break no rule among the givens.
    let options: Vec<(usize, u16)> = (0..CELLS)
        .filter(|&i| puzzle[i] == 0)
        .map(|i| (i, free_digits(&puzzle, i) & !(1 << solution[i])))
        .filter(|&(_, wrong)| wrong != 0)
        .collect();
    let &(i, wrong) = rng.pick(&options);
    let digits: Vec<u8> = (1..=9).filter(|d| wrong >> d & 1 != 0).collect();
    puzzle[i] = *rng.pick(&digits);
    debug_assert!(!has_repeated_given(&puzzle));
    puzzle
}

fn illegal(rng: &mut Rng) -> [u8; CELLS] {
    let mut puzzle = if rng.chance(1, 2) {
        unique(rng)
    } else {
        ambiguous(rng)
    };
    let pairs: Vec<(usize, usize)> = (0..CELLS)
        .filter(|&i| puzzle[i] != 0)
        .flat_map(|i| (0..CELLS).map(move |j| (i, j)))
        .filter(|&(i, j)| puzzle[j] == 0 && sees(i, j))
        .collect();
    let &(given, copy) = rng.pick(&pairs);
    puzzle[copy] = puzzle[given];
    puzzle
}

#[cfg(test)]
mod tests {
    use super::super::{SudokuChecker, Verdict, parse, verdict};
    use super::*;
    use judge_solver::Solver;

    #[test]
    fn each_kind_gets_its_verdict() {
        let mut rng = Rng::new(5);
        for _ in 0..3 {
            assert_eq!(verdict(&unique(&mut rng)), Verdict::Unique);
            assert_eq!(verdict(&ambiguous(&mut rng)), Verdict::Ambiguous);
            assert_eq!(verdict(&impossible(&mut rng)), Verdict::Impossible);
            assert_eq!(verdict(&illegal(&mut rng)), Verdict::Illegal);
        }
    }

    #[test]
    fn random_solutions_are_solved_grids() {
        let mut rng = Rng::new(9);
        let g = random_solution(&mut rng);
        assert!(g.iter().all(|&d| (1..=9).contains(&d)));
        assert!(!has_repeated_given(&g));
    }

    #[test]
    fn generated_inputs_parse_and_are_deterministic() {
        let text = input(&mut Rng::new(3), 2);
        assert_eq!(text, input(&mut Rng::new(3), 2));
        assert_eq!(parse(&text).unwrap().len(), 4);
        assert_eq!(SudokuChecker.solve(&text).unwrap().lines().count(), 4);
    }
}
