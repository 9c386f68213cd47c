//! Four-in-a-row games drawn: the board after the game's moves (the first
//! player's chips blue, the second's amber, each numbered by its move),
//! and for an output, what it says of each game under its board: the
//! board the output prints after a win (its upper-cased winning chips
//! ringed), else the game as played.
//!
//! An output is read game by game: a line starting `Game #` opens the
//! next game, and the lines between its dashes are its board, top row
//! first. Boards are lined up from their bottom row, as chips fall.

use judge_solver::svg::{self, Canvas, Compared, Side, Tile};

use crate::{COLS, ROWS, parse};

const CELL: f64 = 28.0;

/// What an output says of one game.
#[derive(Debug, Default, PartialEq, Eq)]
struct Said<'a> {
    line: Option<&'a str>,
    /// The printed board's rows, top first.
    rows: Vec<&'a str>,
    /// Every line of the game's block, to tell a difference of layout.
    block: Vec<&'a str>,
}

/// The games an output speaks of, in order, and the lines before the
/// first game.
fn read_output(output: &str) -> (Vec<Said<'_>>, usize) {
    let mut games: Vec<Said> = Vec::new();
    let mut before = 0;
    for line in output.lines() {
        if line.starts_with("Game #") {
            games.push(Said {
                line: Some(line),
                ..Said::default()
            });
            continue;
        }
        let Some(game) = games.last_mut() else {
            before += 1;
            continue;
        };
        game.block.push(line);
        if !line.starts_with("---") {
            game.rows.push(line);
        }
    }
    (games, before)
}

impl Said<'_> {
    /// The chip the board prints at (row from the bottom, column).
    fn chip(&self, r: usize, c: usize) -> char {
        let n = self.rows.len();
        let Some(row) = (r < n).then(|| self.rows[n - 1 - r]) else {
            return ' ';
        };
        row.chars().nth(c).unwrap_or(' ')
    }
}

/// The short form of game `k`'s line, and whether it calls it invalid.
fn read(k: usize, line: &str) -> Option<(String, bool)> {
    let rest = line.strip_prefix(&format!("Game #{k} "))?;
    let word = match rest {
        "is invalid." => return Some(("invalid".into(), true)),
        "is over. There is no winner." => "over, no winner",
        "is over. The first player won." => "first player won",
        "is over. The second player won." => "second player won",
        "is not over, yet." => "not over, yet",
        _ => return None,
    };
    Some((word.into(), false))
}

/// Where each move of a game lands, in order, up to a full slot: (row
/// from the bottom, column).
fn landings(moves: &[u8]) -> Vec<(usize, usize)> {
    let mut heights = [0; COLS];
    let mut out = Vec::new();
    for &slot in moves {
        let c = usize::from(slot);
        if c >= COLS || heights[c] == ROWS {
            break;
        }
        out.push((heights[c], c));
        heights[c] += 1;
    }
    out
}

/// The games as played, or with `output`, each under what it says.
pub(crate) fn picture(input: &str, output: Option<&str>) -> Option<String> {
    let games = parse(input).ok()?;
    let (shown, note) = svg::focus(games.len(), &[], 36);
    let mut notes: Vec<(String, bool)> = note.into_iter().map(|n| (n, false)).collect();
    let (said, before) = output.map(read_output).unwrap_or_default();
    let tiles: Vec<Tile> = (shown.iter())
        .map(|&i| {
            let said = output.map(|_| said.get(i).unwrap_or(&NOTHING));
            tile(i, &games[i], said, &Marks::default(), Side::Plain)
        })
        .collect();
    notes.extend(stray_notes(before, said.len(), games.len(), false));
    let title = if output.is_some() { "output" } else { "input" };
    Some(svg::sheet(title, &tiles, Side::Plain, &notes))
}

static NOTHING: Said<'static> = Said {
    line: None,
    rows: Vec::new(),
    block: Vec::new(),
};

/// Where two outputs differ on one game.
#[derive(Debug, Default)]
struct Marks {
    line: bool,
    /// (row from the bottom, column).
    cells: Vec<(usize, usize)>,
    /// The block differs where no cell does (spaces, dashes, rows past
    /// the sixth).
    layout: bool,
}

fn marks(a: &Said, b: &Said) -> Marks {
    let mut m = Marks {
        line: a.line != b.line,
        ..Marks::default()
    };
    for r in 0..ROWS {
        for c in 0..COLS {
            if a.chip(r, c) != b.chip(r, c) {
                m.cells.push((r, c));
            }
        }
    }
    m.layout = m.cells.is_empty() && a.block != b.block;
    m
}

/// The expected and the received games, each marking where they differ.
pub(crate) fn compared(input: &str, expected: &str, received: &str) -> Option<Compared> {
    let games = parse(input).ok()?;
    let (want, want_before) = read_output(expected);
    let (got, got_before) = read_output(received);
    let found: Vec<Marks> = (0..games.len())
        .map(|i| {
            marks(
                want.get(i).unwrap_or(&NOTHING),
                got.get(i).unwrap_or(&NOTHING),
            )
        })
        .collect();
    let differs: Vec<bool> = (found.iter())
        .map(|m| m.line || m.layout || !m.cells.is_empty())
        .collect();
    let (shown, note) = svg::focus(games.len(), &differs, 36);
    let strays_differ = want_before != got_before || want.len() != got.len();
    let draw = |said: &[Said], before: usize, side: Side, title: &str| {
        let tiles: Vec<Tile> = (shown.iter())
            .map(|&i| {
                let one = said.get(i).unwrap_or(&NOTHING);
                tile(i, &games[i], Some(one), &found[i], side)
            })
            .collect();
        let mut notes: Vec<(String, bool)> = note.iter().map(|n| (n.clone(), false)).collect();
        for &i in &shown {
            if found[i].layout {
                notes.push((format!("Game #{}: its board's layout differs", i + 1), true));
            }
        }
        notes.extend(stray_notes(before, said.len(), games.len(), strays_differ));
        svg::sheet(title, &tiles, side, &notes)
    };
    Some(Compared {
        expected: draw(&want, want_before, Side::Expected, "expected"),
        received: draw(&got, got_before, Side::Received, "received"),
    })
}

/// Notes on lines before the first game and games past the last.
fn stray_notes(before: usize, said: usize, games: usize, marked: bool) -> Vec<(String, bool)> {
    let mut notes = Vec::new();
    if before > 0 {
        notes.push((format!("{before} lines before the first game"), marked));
    }
    if said > games {
        notes.push((
            format!("{} games more than the input", said - games),
            marked,
        ));
    }
    notes
}

fn tile(i: usize, moves: &[u8], said: Option<&Said>, marks: &Marks, side: Side) -> Tile {
    let badge = said.map(|s| {
        let (text, bad) = match s.line {
            None => ("(no line)".to_string(), true),
            Some(line) => read(i + 1, line).unwrap_or_else(|| (format!("{line:?}"), true)),
        };
        svg::Badge {
            text,
            bad,
            differs: marks.line,
        }
    });
    Tile {
        label: format!("Game #{}", i + 1),
        width: COLS as f64 * CELL,
        height: ROWS as f64 * CELL,
        body: board(moves, said.filter(|s| !s.rows.is_empty()), marks, side),
        badge,
    }
}

/// The board: printed by the output when it prints one, else as played
/// (each chip numbered by its move).
fn board(moves: &[u8], printed: Option<&Said>, marks: &Marks, side: Side) -> Canvas {
    let mut c = Canvas::new();
    let (w, h) = (COLS as f64 * CELL, ROWS as f64 * CELL);
    c.rect(0.0, 0.0, w, h, r##"fill="#e8eef9" rx="4""##);
    let centre = |r: usize, col: usize| {
        (
            col as f64 * CELL + CELL / 2.0,
            (ROWS - 1 - r) as f64 * CELL + CELL / 2.0,
        )
    };
    for &(r, col) in &marks.cells {
        let (x, y) = centre(r, col);
        c.mark(x - CELL / 2.0, y - CELL / 2.0, CELL, CELL, side);
    }
    let hole = r##"fill="#ffffff" stroke="#c7d2e5""##;
    for r in 0..ROWS {
        for col in 0..COLS {
            let (x, y) = centre(r, col);
            c.circle(x, y, CELL * 0.4, hole);
        }
    }
    let chip = |c: &mut Canvas, (x, y): (f64, f64), first: bool, ringed: bool| {
        let fill = if first { svg::BLUE } else { svg::AMBER };
        c.circle(x, y, CELL * 0.4, &format!(r#"fill="{fill}""#));
        if ringed {
            let ring = format!(r#"fill="none" stroke="{}" stroke-width="3""#, svg::INK);
            c.circle(x, y, CELL * 0.4, &ring);
        }
    };
    match printed {
        Some(said) => {
            for r in 0..ROWS {
                for col in 0..COLS {
                    let at = centre(r, col);
                    match said.chip(r, col) {
                        ' ' => {}
                        'x' | 'X' | 'o' | 'O' => {
                            let ch = said.chip(r, col);
                            chip(&mut c, at, ch.eq_ignore_ascii_case(&'x'), ch.is_uppercase());
                        }
                        other => {
                            let attrs = format!(r#"fill="{}" font-weight="700""#, svg::FAULT);
                            c.centred(at, 14.0, &attrs, &other.to_string());
                        }
                    }
                }
            }
        }
        None => {
            let number = r##"fill="#ffffff""##;
            for (k, &(r, col)) in landings(moves).iter().enumerate() {
                let at = centre(r, col);
                chip(&mut c, at, k % 2 == 0, false);
                c.centred(at, 11.0, number, &(k + 1).to_string());
            }
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_solver::testing::{marks as count, well_formed};

    const INPUT: &str = "2\nGame #1: 2143563445575\nGame #2: 123456\n";
    const OUTPUT: &str = "Game #1 is over. The first player won.\n-------\n    X  \n   Xx  \n  Xoo  \noXoxxoo\n-------\nGame #2 is not over, yet.\n";

    #[test]
    fn a_changed_chip_and_a_changed_line_are_marked_on_both_sides() {
        let chip = OUTPUT.replacen("oXoxxoo", "oXoxxox", 1);
        let pair = compared(INPUT, OUTPUT, &chip).unwrap();
        for svg in [&pair.expected, &pair.received] {
            well_formed(svg).unwrap();
            assert_eq!(count(svg), 1, "{svg}");
        }
        let line = OUTPUT.replacen("not over, yet", "invalid", 1);
        let pair = compared(INPUT, OUTPUT, &line).unwrap();
        assert_eq!((count(&pair.expected), count(&pair.received)), (1, 1));
        let spaces = OUTPUT.replacen("    X  \n", "    X\n", 1);
        let pair = compared(INPUT, OUTPUT, &spaces).unwrap();
        assert_eq!(count(&pair.received), 1, "{}", pair.received);
    }

    #[test]
    fn games_draw_as_played_and_as_printed() {
        let svg = picture(INPUT, None).unwrap();
        well_formed(&svg).unwrap();
        // Thirteen and six chips, numbered.
        assert!(svg.contains(">13</text>") && !svg.contains(">14</text>"));
        let svg = picture(INPUT, Some(OUTPUT)).unwrap();
        well_formed(&svg).unwrap();
        // The four upper-cased chips of the win are ringed.
        assert_eq!(svg.matches(r#"stroke-width="3""#).count(), 4, "{svg}");
        let svg = picture(INPUT, Some("Game #1 <\n--\n?x\u{1}")).unwrap();
        well_formed(&svg).unwrap();
    }
}
