//! The judge's picture of a solved puzzle, byte for byte.
//!
//! For data set k: a line `k`, a frame of `#` two characters thick around a
//! body of 2r+1 lines × 4c+1 characters. Body lines alternate vertex rows
//! and cell rows. A vertex prints `+` where the loop turns, `-` or `|` where
//! it runs straight through, a space where it does not pass; between two
//! vertices `---` for a loop edge. A cell row prints `|` for a vertical loop
//! edge and ` d ` for each cell. Compare mode is `exact`, so every space
//! counts.

use super::{Loop, Puzzle};

/// The character drawn at vertex (i, j).
pub(crate) fn vertex_char(l: &Loop, i: usize, j: usize) -> char {
    let left = j > 0 && l.h(i, j - 1);
    let right = l.h(i, j);
    let up = i > 0 && l.v(i - 1, j);
    let down = l.v(i, j);
    match (left || right, up || down) {
        (false, false) => ' ',
        (true, false) if left && right => '-',
        (false, true) if up && down => '|',
        _ => '+',
    }
}

/// Appends data set `n`'s output: its number, then 2r+5 lines of 4c+5.
pub fn render(n: usize, puzzle: &Puzzle, l: &Loop, out: &mut String) {
    let width = 4 * puzzle.cols + 5;
    out.push_str(&n.to_string());
    out.push('\n');
    let hashes = "#".repeat(width);
    let blank = format!("#{}#\n", " ".repeat(width - 2));
    out.push_str(&hashes);
    out.push('\n');
    out.push_str(&blank);
    for i in 0..=puzzle.rows {
        out.push_str("# ");
        for j in 0..=puzzle.cols {
            out.push(vertex_char(l, i, j));
            if j < puzzle.cols {
                out.push_str(if l.h(i, j) { "---" } else { "   " });
            }
        }
        out.push_str(" #\n");
        if i == puzzle.rows {
            break;
        }
        out.push_str("# ");
        for j in 0..=puzzle.cols {
            out.push(if l.v(i, j) { '|' } else { ' ' });
            if j < puzzle.cols {
                out.push(' ');
                out.push(char::from(b'0' + puzzle.digit(i, j)));
                out.push(' ');
            }
        }
        out.push_str(" #\n");
    }
    out.push_str(&blank);
    out.push_str(&hashes);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The loop around every cell of `rect` (rows r0..r1, cols c0..c1).
    fn rectangle(rows: usize, cols: usize, r0: usize, r1: usize, c0: usize, c1: usize) -> Loop {
        let mut l = Loop::empty(rows, cols);
        for j in c0..c1 {
            l.horizontal[r0 * cols + j] = true;
            l.horizontal[r1 * cols + j] = true;
        }
        for i in r0..r1 {
            l.vertical[i * (cols + 1) + c0] = true;
            l.vertical[i * (cols + 1) + c1] = true;
        }
        l
    }

    fn picture(rows: usize, cols: usize, digits: &[u8], l: &Loop) -> String {
        let p = Puzzle {
            rows,
            cols,
            digits: digits.to_vec(),
            line: 1,
        };
        let mut s = String::new();
        render(7, &p, l, &mut s);
        s
    }

    #[test]
    fn one_by_one_frame_and_border() {
        // No valid 1×1 puzzle exists (its only loop gives a 4), but the
        // drawing itself must still be right.
        let s = picture(1, 1, &[0], &rectangle(1, 1, 0, 1, 0, 1));
        assert_eq!(
            s,
            "7\n#########\n#       #\n# +---+ #\n# | 0 | #\n# +---+ #\n#       #\n#########\n"
        );
        let s = picture(1, 1, &[0], &Loop::empty(1, 1));
        assert_eq!(
            s,
            "7\n#########\n#       #\n#       #\n#   0   #\n#       #\n#       #\n#########\n"
        );
    }

    #[test]
    fn one_by_five_runs_straight_through_vertices_horizontally() {
        let s = picture(1, 5, &[3, 2, 2, 2, 3], &rectangle(1, 5, 0, 1, 0, 5));
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines.len(), 1 + 2 + 5);
        assert!(lines[1..].iter().all(|l| l.len() == 25));
        assert_eq!(lines[3], "# +-------------------+ #");
        assert_eq!(lines[4], "# | 3   2   2   2   3 | #");
        assert_eq!(lines[5], "# +-------------------+ #");
    }

    #[test]
    fn five_by_one_runs_straight_through_vertices_vertically() {
        let s = picture(5, 1, &[3, 2, 2, 2, 3], &rectangle(5, 1, 0, 5, 0, 1));
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines.len(), 1 + 2 * 5 + 5);
        assert_eq!(lines[3], "# +---+ #");
        assert_eq!(lines[4], "# | 3 | #");
        assert_eq!(lines[5], "# |   | #");
        assert_eq!(lines[13], "# +---+ #");
    }

    #[test]
    fn two_by_two_square_and_its_lower_right_cell() {
        let s = picture(2, 2, &[2, 2, 2, 2], &rectangle(2, 2, 0, 2, 0, 2));
        assert_eq!(
            s,
            "7\n#############\n#           #\n# +-------+ #\n# | 2   2 | #\n# |       | #\n# | 2   2 | #\n# +-------+ #\n#           #\n#############\n"
        );
        // A loop that uses no border edge on the top or left.
        let s = picture(2, 2, &[0, 1, 1, 4], &rectangle(2, 2, 1, 2, 1, 2));
        assert!(
            s.contains(
                "\n#           #\n#   0   1   #\n#     +---+ #\n#   1 | 4 | #\n#     +---+ #\n"
            ),
            "{s}"
        );
    }
}
