//! Almost-valid inputs made from the committed cases, for the validators'
//! agreement test: generic mutations every format must reject (a tab, a
//! CR, a blank line, a lost final newline, data after the end) and
//! per-problem ones (a count off by one, a row too short, a bound crossed)
//! that either validator may accept only if the other does too.

use std::collections::HashSet;
use std::path::PathBuf;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// Numbers a mutation may put in place of another: every bound of the five
/// formats and its neighbours, non-canonical forms, and values past `i64`.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "3",
    "4",
    "6",
    "7",
    "8",
    "9",
    "-9",
    "10",
    "-10",
    "19",
    "20",
    "21",
    "41",
    "42",
    "43",
    "48",
    "49",
    "50",
    "98",
    "99",
    "100",
    "00",
    "01",
    "-0",
    "+0",
    "+1",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "123456789012345678901234567890",
];

/// Bytes appended after a complete input: nothing may follow the data.
const JUNK: &[&[u8]] = &[
    b"x\n",
    b"0\n",
    b"\n",
    b" ",
    b" \n",
    b"0 0\n",
    b"\x00",
    b"\x7f\n",
    b"\x1b[0m\n",
    "\u{e9}\n".as_bytes(),
];

/// A seeded source of small choices.
struct Dice(ChaCha8Rng);

impl Dice {
    /// Uniform enough in `0..n` for picking mutations (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn coin(&mut self) -> bool {
        self.below(2) == 0
    }
}

/// One mutated input.
pub(super) struct Mutant {
    pub(super) kind: &'static str,
    pub(super) text: Vec<u8>,
    /// The `.out` of the case it came from (hygiene wants one).
    pub(super) answer: PathBuf,
    /// Breaks a rule every format shares (a tab, a CR, a blank line, a
    /// missing final newline, data after the end): both must reject it.
    pub(super) must_reject: bool,
}

fn lines_of(text: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(text)
        .split_terminator('\n')
        .map(str::to_string)
        .collect()
}

fn join(lines: &[String]) -> Vec<u8> {
    let mut out = String::new();
    for l in lines {
        out.push_str(l);
        out.push('\n');
    }
    out.into_bytes()
}

/// Byte ranges of the integers in `text` (a `-` just before digits included).
fn numbers(text: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if text[i].is_ascii_digit() {
            let start = if i > 0 && text[i - 1] == b'-' {
                i - 1
            } else {
                i
            };
            while i < text.len() && text[i].is_ascii_digit() {
                i += 1;
            }
            spans.push((start, i));
        } else {
            i += 1;
        }
    }
    spans
}

/// Indices of the lines `keep` selects.
fn where_lines(lines: &[String], keep: impl Fn(usize, &str) -> bool) -> Vec<usize> {
    (0..lines.len()).filter(|&i| keep(i, &lines[i])).collect()
}

/// A mutation any input can take; `None` when it does not apply.
fn generic(text: &[u8], d: &mut Dice) -> Option<(&'static str, Vec<u8>, bool)> {
    let mut t = text.to_vec();
    let n = t.len();
    let at = d.below(n + 1);
    let mutant = match d.below(13) {
        0 if n > 0 => {
            t.remove(at.min(n - 1));
            ("delete-byte", t, false)
        }
        1 if n > 0 => {
            let i = at.min(n - 1);
            t.insert(i, t[i]);
            ("duplicate-byte", t, false)
        }
        2 => {
            t.insert(at, b' ');
            ("insert-space", t, false)
        }
        3 => {
            t.insert(at, b'\t');
            ("insert-tab", t, true)
        }
        4 => {
            let ends: Vec<usize> = (0..n).filter(|&i| t[i] == b'\n').collect();
            let i = *d.pick(&ends);
            t.insert(i, b'\r');
            ("insert-cr", t, true)
        }
        5 => {
            let ends: Vec<usize> = (0..n).filter(|&i| t[i] == b'\n').collect();
            let i = if d.below(8) == 0 {
                0
            } else {
                *d.pick(&ends) + 1
            };
            t.insert(i, b'\n');
            ("insert-blank-line", t, true)
        }
        6 => {
            let digits: Vec<usize> = (0..n).filter(|&i| t[i].is_ascii_digit()).collect();
            if digits.is_empty() {
                return None;
            }
            let i = *d.pick(&digits);
            t[i] = b'0' + ((t[i] - b'0') + 1 + d.below(9) as u8) % 10;
            ("change-digit", t, false)
        }
        7 => {
            let spans = numbers(&t);
            if spans.is_empty() {
                return None;
            }
            let (a, b) = *d.pick(&spans);
            t.splice(a..b, d.pick(NUMBERS).bytes());
            ("change-number", t, false)
        }
        8 => {
            let mut lines = lines_of(&t);
            if lines.len() < 2 {
                return None;
            }
            let i = d.below(lines.len());
            let j = d.below(lines.len());
            lines.swap(i, j);
            ("swap-lines", join(&lines), false)
        }
        9 => {
            t.pop();
            ("drop-final-newline", t, true)
        }
        10 => {
            t.truncate(at);
            let empty = t.is_empty();
            ("truncate", t, empty)
        }
        11 => {
            t.extend_from_slice(d.pick::<&[u8]>(JUNK));
            ("append-junk", t, true)
        }
        _ => {
            let mut lines = lines_of(&t);
            let i = d.below(lines.len());
            if d.coin() {
                lines[i].insert(0, ' ');
                ("leading-space", join(&lines), true)
            } else {
                lines[i].push(' ');
                ("trailing-space", join(&lines), false)
            }
        }
    };
    Some(mutant)
}

/// Replaces the `k`-th space-separated field of `line` by `f(field)`.
fn edit_field(line: &str, k: usize, f: impl FnOnce(&str) -> String) -> String {
    let mut fields: Vec<String> = line.split(' ').map(str::to_string).collect();
    fields[k] = f(&fields[k]);
    fields.join(" ")
}

/// `v` moved by ±1.
fn nudge(field: &str, d: &mut Dice) -> String {
    let v: i64 = field.parse().unwrap_or(0);
    (if d.coin() { v + 1 } else { v - 1 }).to_string()
}

/// A mutation that keeps the input almost valid for `problem`'s format;
/// `None` when it does not apply to this input.
fn specific(problem: &str, text: &[u8], d: &mut Dice) -> Option<(&'static str, Vec<u8>)> {
    let mut lines = lines_of(text);
    // Lines of several fields: board rows, grid rows, (Slink) headers.
    let rows = where_lines(&lines, |_, l| l.contains(' '));
    let kind = match (problem, d.below(8)) {
        ("atoms", 0) => {
            lines[0] = nudge(&lines[0], d);
            "count-off-by-one"
        }
        ("atoms", 1) => {
            let sizes = where_lines(&lines, |i, l| i > 0 && !l.contains(' '));
            let i = *d.pick(&sizes);
            lines[i] = nudge(&lines[i], d);
            "size-off-by-one"
        }
        ("atoms", 2) => {
            let i = *d.pick(&rows);
            let cut = lines[i].rfind(' ').unwrap();
            lines[i].truncate(cut);
            "row-too-short"
        }
        ("atoms", 3) => {
            let i = *d.pick(&rows);
            lines[i].push_str(if d.coin() { " 0" } else { " -1" });
            "row-too-long"
        }
        ("atoms", 4) => {
            lines.remove(*d.pick(&rows));
            "drop-row"
        }
        ("atoms", _) => {
            let i = *d.pick(&rows);
            let k = d.below(lines[i].split(' ').count());
            let new = *d.pick(&["10", "-10", "+1", "01", "-0", "9", "-9", "x"]);
            lines[i] = edit_field(&lines[i], k, |_| new.to_string());
            "odd-value"
        }
        ("star-battle", 0) => {
            let i = d.below(lines.len());
            lines[i].pop();
            "row-too-short"
        }
        ("star-battle", 1) => {
            let i = d.below(lines.len());
            let c = if i < 10 { '0' } else { '.' };
            lines[i].push(c);
            "row-too-long"
        }
        ("star-battle", 2) => {
            // A region cell takes a neighbour's digit: the region may split
            // or vanish, or stay whole.
            let (r, c) = (d.below(10), d.below(10));
            let (nr, nc) = *d.pick(&[
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c + 1),
                (r, c.wrapping_sub(1)),
            ]);
            if nr >= 10 || nc >= 10 {
                return None;
            }
            let digit = lines[nr].as_bytes()[nc] as char;
            lines[r].replace_range(c..c + 1, &digit.to_string());
            "borrow-region-cell"
        }
        ("star-battle", 3) => {
            let (a, b) = (d.below(10), d.below(10));
            for line in &mut lines[..10] {
                *line = line.replace(char::from(b'0' + a as u8), &b.to_string());
            }
            "merge-regions"
        }
        ("star-battle", 4) => {
            let (r, c) = (10 + d.below(10), d.below(10));
            let new = if lines[r].as_bytes()[c] == b'*' {
                "."
            } else {
                "*"
            };
            lines[r].replace_range(c..c + 1, new);
            "toggle-star"
        }
        ("star-battle", 5) => {
            let r = d.below(20);
            let c = d.below(10);
            let new = *d.pick(&["x", "o", ".", "*", "a", "0", "-"]);
            lines[r].replace_range(c..c + 1, new);
            "odd-symbol"
        }
        ("star-battle", 6) => {
            let i = d.below(lines.len());
            lines.remove(i);
            "drop-row"
        }
        ("star-battle", _) => {
            let i = d.below(lines.len());
            let spaced: Vec<String> = lines[i].chars().map(String::from).collect();
            lines[i] = spaced.join(" ");
            "spaced-row"
        }
        ("sudoku-checker", 0) => {
            let blanks = where_lines(&lines, |_, l| l.is_empty());
            if blanks.is_empty() {
                return None;
            }
            lines.remove(*d.pick(&blanks));
            "no-separator"
        }
        ("sudoku-checker", 1) => {
            let blanks = where_lines(&lines, |_, l| l.is_empty());
            if blanks.is_empty() {
                return None;
            }
            let i = *d.pick(&blanks);
            lines.insert(i, String::new());
            "double-separator"
        }
        ("sudoku-checker", 2) => {
            lines.remove(*d.pick(&rows));
            "drop-row"
        }
        ("sudoku-checker", 3) => {
            let i = *d.pick(&rows);
            lines.insert(i, lines[i].clone());
            "extra-row"
        }
        ("sudoku-checker", 4) => {
            let i = *d.pick(&rows);
            let new = *d.pick(&["10", "00", "-1", "-0", "+5", "x", "0", "9"]);
            lines[i] = edit_field(&lines[i], d.below(9), |_| new.to_string());
            "odd-cell"
        }
        ("sudoku-checker", 5) => {
            let i = *d.pick(&rows);
            if d.coin() {
                let cut = lines[i].rfind(' ').unwrap();
                lines[i].truncate(cut);
            } else {
                lines[i].push_str(" 0");
            }
            "row-length"
        }
        ("sudoku-checker", 6) => {
            let i = *d.pick(&rows);
            let k = 1 + 2 * d.below(8);
            lines[i].remove(k);
            "glued-digits"
        }
        ("sudoku-checker", _) => {
            let grids = lines.len().div_ceil(10);
            let g = d.below(grids) * 10;
            let grid: Vec<String> = lines[g..g + 9].to_vec();
            lines.push(String::new());
            lines.extend(grid);
            "repeat-a-grid"
        }
        ("slink", 0) => {
            let headers = where_lines(&lines, |_, l| l.split(' ').count() == 2);
            let i = *d.pick(&headers);
            let k = d.below(2);
            lines[i] = edit_field(&lines[i], k, |f| nudge(f, d));
            "header-off-by-one"
        }
        ("slink", 1) => {
            let headers = where_lines(&lines, |_, l| l.split(' ').count() == 2);
            let i = *d.pick(&headers);
            let new = *d.pick(&["0", "21", "20", "1", "00", "-1"]);
            lines[i] = edit_field(&lines[i], d.below(2), |_| new.to_string());
            "header-odd-size"
        }
        ("slink", 2) => {
            // Another digit: the loop usually breaks or stops being unique,
            // which only a solver can tell.
            let i = *d.pick(&rows);
            let k = d.below(lines[i].split(' ').count());
            let new = d.below(4).to_string();
            lines[i] = edit_field(&lines[i], k, |_| new);
            "change-clue"
        }
        ("slink", 3) => {
            // A puzzle mirrored or transposed still has exactly one loop.
            let mut sets = Vec::new();
            let mut i = 0;
            while i < lines.len() {
                let size: Vec<usize> = lines[i].split(' ').filter_map(|f| f.parse().ok()).collect();
                if size.len() != 2 || size == [0, 0] {
                    break;
                }
                sets.push((i, size[0]));
                i += 1 + size[0];
            }
            if sets.is_empty() {
                return None;
            }
            let (at, r) = *d.pick(&sets);
            let mut grid: Vec<Vec<String>> = lines[at + 1..at + 1 + r]
                .iter()
                .map(|l| l.split(' ').map(str::to_string).collect())
                .collect();
            let kind = match d.below(3) {
                0 => {
                    grid.iter_mut().for_each(|row| row.reverse());
                    "mirror-puzzle"
                }
                1 => {
                    grid.reverse();
                    "flip-puzzle"
                }
                _ => {
                    let c = grid[0].len();
                    grid = (0..c)
                        .map(|j| grid.iter().map(|row| row[j].clone()).collect())
                        .collect();
                    "transpose-puzzle"
                }
            };
            let mut set = vec![format!("{} {}", grid.len(), grid[0].len())];
            set.extend(grid.iter().map(|row| row.join(" ")));
            lines.splice(at..at + 1 + r, set);
            kind
        }
        ("slink", 4) => {
            let i = *d.pick(&rows);
            let n = lines[i].split(' ').count();
            if n < 2 {
                return None;
            }
            let k = d.below(n - 1);
            let mut fields: Vec<&str> = lines[i].split(' ').collect();
            fields.swap(k, k + 1);
            lines[i] = fields.join(" ");
            "swap-clues"
        }
        ("slink", 5) => {
            if d.coin() {
                lines.pop();
                "no-terminator"
            } else {
                lines.push("0 0".into());
                "double-terminator"
            }
        }
        ("slink", 6) => {
            // A puzzle before the terminator: 2×2 of 2s has one loop (valid),
            // 1×1 has none, 2×2 of 1s none, `2 3 / 3 2` two.
            let (name, extra): (&'static str, &[&str]) = *d.pick(&[
                ("add-unique-puzzle", &["2 2", "2 2", "2 2"][..]),
                ("add-loopless-puzzle", &["1 1", "0"][..]),
                ("add-loopless-puzzle", &["2 2", "1 1", "1 1"][..]),
                ("add-ambiguous-puzzle", &["2 2", "2 3", "3 2"][..]),
            ]);
            let end = lines.len() - 1;
            for (k, l) in extra.iter().enumerate() {
                lines.insert(end + k, l.to_string());
            }
            name
        }
        ("slink", _) => {
            let i = *d.pick(&rows);
            if d.coin() {
                lines[i].push_str(" 2");
            } else if let Some(cut) = lines[i].rfind(' ') {
                lines[i].truncate(cut);
            } else {
                return None;
            }
            "row-length"
        }
        ("four-in-a-row", 0) => {
            lines[0] = nudge(&lines[0], d);
            "count-off-by-one"
        }
        ("four-in-a-row", 1) => {
            let i = 1 + d.below(lines.len() - 1);
            let n = i as i64 + if d.coin() { 1 } else { -1 };
            lines[i] = lines[i].replacen(&format!("#{i}:"), &format!("#{n}:"), 1);
            "game-number"
        }
        ("four-in-a-row", 2) => {
            let i = 1 + d.below(lines.len() - 1);
            let new = *d.pick(&[":", ":  ", ": ", "", " :"]);
            let colon = lines[i].find(':').unwrap();
            let rest = lines[i][colon + 1..].trim_start().to_string();
            lines[i] = format!("{}{new}{rest}", &lines[i][..colon]);
            "spacing-after-colon"
        }
        ("four-in-a-row", 3) => {
            let i = 1 + d.below(lines.len() - 1);
            let moves = 1 + d.below(3);
            if !lines[i].contains(": ") {
                lines[i].push(' ');
            }
            for _ in 0..moves {
                lines[i].push(char::from(b'1' + d.below(7) as u8));
            }
            "more-moves"
        }
        ("four-in-a-row", 4) => {
            let i = 1 + d.below(lines.len() - 1);
            let colon = lines[i].find(':').unwrap();
            let filler: String = (0..43).map(|k| char::from(b'1' + (k % 7) as u8)).collect();
            lines[i] = format!("{}: {}", &lines[i][..colon], &filler[..42 + d.below(2)]);
            "forty-two-or-three-moves"
        }
        ("four-in-a-row", 5) => {
            let games = where_lines(&lines, |i, l| i > 0 && l.len() > l.find(':').unwrap() + 2);
            if games.is_empty() {
                return None;
            }
            let i = *d.pick(&games);
            let colon = lines[i].find(':').unwrap();
            let k = colon + 2 + d.below(lines[i].len() - colon - 2);
            let new = *d.pick(&["0", "8", "9", "x", " "]);
            lines[i].replace_range(k..k + 1, new);
            "odd-slot"
        }
        ("four-in-a-row", 6) => {
            let i = 1 + d.below(lines.len() - 1);
            let (from, to) =
                *d.pick(&[("Game #", "game #"), ("Game #", "Game "), ("Game", "Game ")]);
            lines[i] = lines[i].replacen(from, to, 1);
            "odd-prefix"
        }
        ("four-in-a-row", _) => {
            let i = 1 + d.below(lines.len() - 1);
            lines.remove(i);
            "drop-game"
        }
        _ => unreachable!("no mutations for {problem}"),
    };
    Some((kind, join(&lines)))
}

/// `count` distinct mutants of `originals` (none equal to an original).
pub(super) fn mutants(
    problem: &str,
    originals: &[(PathBuf, PathBuf)],
    seed: u64,
    count: usize,
) -> Vec<Mutant> {
    let mut dice = Dice(ChaCha8Rng::seed_from_u64(seed));
    let texts: Vec<Vec<u8>> = originals
        .iter()
        .map(|(i, _)| std::fs::read(i).unwrap())
        .collect();
    let mut seen: HashSet<Vec<u8>> = texts.iter().cloned().collect();
    let mut out = Vec::new();
    let mut attempts = 0;
    while out.len() < count && attempts < 50 * count {
        attempts += 1;
        let k = dice.below(originals.len());
        let text = &texts[k];
        let made = if dice.coin() {
            generic(text, &mut dice)
        } else {
            specific(problem, text, &mut dice).map(|(kind, t)| (kind, t, false))
        };
        let Some((kind, text, must_reject)) = made else {
            continue;
        };
        if seen.insert(text.clone()) {
            out.push(Mutant {
                kind,
                text,
                answer: originals[k].1.clone(),
                must_reject,
            });
        }
    }
    assert_eq!(
        out.len(),
        count,
        "{problem}: could not make {count} distinct mutants"
    );
    out
}
