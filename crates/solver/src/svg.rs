//! Boards drawn as SVG, written by hand: a solver crate draws its own
//! problem's boards (`picture.rs` in each) with these pieces, so every
//! problem's pictures share one look (the grid, the labels, the verdict
//! badge, the marks) and no crate needs an SVG dependency.
//!
//! Text from a file (a received output is arbitrary bytes) only ever goes
//! through [`Canvas::text`], which escapes it; attributes are this code's
//! own constants and numbers.
//!
//! Where an expected and a received output differ, both pictures mark the
//! same places: green on the expected side, red on the received one. Each
//! mark is one element of class `differs`, so a test can count them.

use std::fmt::Write;

/// The font of every picture: one that headless browsers and CI images
/// carry, then the generic fallback.
pub const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";
/// Ink for the grid and the givens.
pub const INK: &str = "#1f2933";
/// Faint lines and secondary text.
pub const MUTED: &str = "#8a94a3";
/// What a first player, a star or a loop is drawn in.
pub const BLUE: &str = "#2563eb";
/// A second player's colour.
pub const AMBER: &str = "#d97706";
/// A fault the picture explains (a rule broken), not a difference.
pub const FAULT: &str = "#c2410c";

/// Which picture of a case is drawn: alone, or one side of an expected
/// and received pair, which decides the colour of its marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Plain,
    Expected,
    Received,
}

impl Side {
    /// The colour of this side's marks.
    pub fn colour(self) -> &'static str {
        match self {
            Side::Plain => MUTED,
            Side::Expected => "#16a34a",
            Side::Received => "#dc2626",
        }
    }

    fn tint(self) -> &'static str {
        match self {
            Side::Plain => "#e5e7eb",
            Side::Expected => "#bbf7d0",
            Side::Received => "#fecaca",
        }
    }
}

/// The expected and the received output of one case, drawn side by side
/// in the report, each marking where the two differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compared {
    pub expected: String,
    pub received: String,
}

/// Markup being drawn, in the coordinates of one board.
#[derive(Debug, Default, Clone)]
pub struct Canvas {
    out: String,
}

/// A number as SVG writes it: at most two decimals, no trailing zeros.
fn num(v: f64) -> String {
    let rounded = (v * 100.0).round() / 100.0;
    if rounded == rounded.trunc() {
        format!("{}", rounded as i64)
    } else {
        format!("{rounded}")
    }
}

/// `text` with the five XML specials escaped, and every character XML 1.0
/// forbids (control characters, unpaired halves) replaced.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' => out.push(' '),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// At most `max` characters of `text`, with `…` when cut.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

impl Canvas {
    pub fn new() -> Canvas {
        Canvas::default()
    }

    /// A rectangle; `attrs` are this code's own (fill, stroke).
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, attrs: &str) {
        let _ = write!(
            self.out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" {attrs}/>"#,
            num(x),
            num(y),
            num(w),
            num(h)
        );
    }

    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), attrs: &str) {
        let _ = write!(
            self.out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {attrs}/>"#,
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        );
    }

    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, attrs: &str) {
        let _ = write!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="{}" {attrs}/>"#,
            num(cx),
            num(cy),
            num(r)
        );
    }

    /// A polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], attrs: &str) {
        let points: Vec<String> = (points.iter())
            .map(|&(x, y)| format!("{},{}", num(x), num(y)))
            .collect();
        let _ = write!(
            self.out,
            r#"<polygon points="{}" {attrs}/>"#,
            points.join(" ")
        );
    }

    /// A five-pointed star centred on (cx, cy), `r` px to its points.
    pub fn star(&mut self, (cx, cy): (f64, f64), r: f64, attrs: &str) {
        let points: Vec<(f64, f64)> = (0..10)
            .map(|k| {
                let angle = std::f64::consts::PI * (k as f64 / 5.0 - 0.5);
                let radius = if k % 2 == 0 { r } else { r * 0.45 };
                (cx + radius * angle.cos(), cy + radius * angle.sin())
            })
            .collect();
        self.polygon(&points, attrs);
    }

    /// `text` at (x, y), escaped; `attrs` as for [`Canvas::rect`].
    pub fn text(&mut self, x: f64, y: f64, attrs: &str, text: &str) {
        let _ = write!(
            self.out,
            r#"<text x="{}" y="{}" {attrs}>{}</text>"#,
            num(x),
            num(y),
            escape(text)
        );
    }

    /// `text` centred on (x, y) in `size` px.
    pub fn centred(&mut self, (x, y): (f64, f64), size: f64, attrs: &str, text: &str) {
        let attrs = format!(
            r#"text-anchor="middle" dominant-baseline="central" font-size="{}" {attrs}"#,
            num(size)
        );
        self.text(x, y, &attrs, text);
    }

    /// Marks the box (x, y, w, h) as differing on `side`: a tint under
    /// what is drawn after it and a thick frame. Nothing on a plain picture.
    pub fn mark(&mut self, x: f64, y: f64, w: f64, h: f64, side: Side) {
        if side == Side::Plain {
            return;
        }
        let attrs = format!(
            r#"class="differs" fill="{}" fill-opacity="0.55" stroke="{}" stroke-width="3" rx="3""#,
            side.tint(),
            side.colour()
        );
        self.rect(x, y, w, h, &attrs);
    }

    /// Marks the edge from `a` to `b` as differing on `side`: a wide
    /// translucent stroke under what is drawn after it.
    pub fn mark_line(&mut self, a: (f64, f64), b: (f64, f64), side: Side) {
        if side == Side::Plain {
            return;
        }
        let attrs = format!(
            r#"class="differs" stroke="{}" stroke-opacity="0.45" stroke-width="11" stroke-linecap="round""#,
            side.colour()
        );
        self.line(a, b, &attrs);
    }

    /// `inner` drawn with its origin at (dx, dy).
    pub fn place(&mut self, dx: f64, dy: f64, inner: &Canvas) {
        let _ = write!(
            self.out,
            r#"<g transform="translate({},{})">{}</g>"#,
            num(dx),
            num(dy),
            inner.out
        );
    }

    /// A grid of `rows` × `cols` cells of `size` px, thin inside, thick
    /// around.
    pub fn grid(&mut self, rows: usize, cols: usize, size: f64) {
        let (w, h) = (cols as f64 * size, rows as f64 * size);
        let thin = format!(r#"stroke="{MUTED}" stroke-width="1""#);
        for r in 1..rows {
            self.line((0.0, r as f64 * size), (w, r as f64 * size), &thin);
        }
        for c in 1..cols {
            self.line((c as f64 * size, 0.0), (c as f64 * size, h), &thin);
        }
        self.rect(
            0.0,
            0.0,
            w,
            h,
            &format!(r#"fill="none" stroke="{INK}" stroke-width="2""#),
        );
    }
}

/// What a board's output says, under the board: a word in a rounded
/// box, marked when it differs from the other side's.
#[derive(Debug, Clone)]
pub struct Badge {
    pub text: String,
    /// Drawn in the colour of a fault (a board the output calls bad).
    pub bad: bool,
    pub differs: bool,
}

/// One board of a sheet: its label, its drawing and what its output
/// says.
#[derive(Debug, Clone)]
pub struct Tile {
    /// `Case 3`, `Game #2`.
    pub label: String,
    pub width: f64,
    pub height: f64,
    pub body: Canvas,
    pub badge: Option<Badge>,
}

const PAD: f64 = 14.0;
const LABEL: f64 = 20.0;
const BADGE: f64 = 28.0;
const TITLE: f64 = 30.0;

/// The boards of one file laid out in rows, nearly square so a picture
/// shown small stays legible, under `title`; `notes` are lines below
/// them (a board left out, output past the last board), each marked on
/// `side` when `marked`.
pub fn sheet(title: &str, tiles: &[Tile], side: Side, notes: &[(String, bool)]) -> String {
    let tile_w = (tiles.iter())
        .map(|t| t.width.max(t.badge.as_ref().map_or(0.0, badge_width)))
        .fold(120.0, f64::max)
        + PAD;
    let tile_h = tiles.iter().map(|t| t.height).fold(0.0, f64::max)
        + LABEL
        + if tiles.iter().any(|t| t.badge.is_some()) {
            BADGE + 6.0
        } else {
            0.0
        }
        + PAD;
    let n = tiles.len().max(1);
    let ratio = tile_h / tile_w;
    let cols = ((n as f64 * ratio).sqrt().ceil() as usize).clamp(1, n);
    let rows = n.div_ceil(cols);
    let width = (cols as f64 * tile_w + PAD).max(260.0);
    let height = TITLE + rows as f64 * tile_h + notes.len() as f64 * 22.0 + PAD;
    let mut c = Canvas::new();
    c.rect(0.0, 0.0, width, height, r##"fill="#ffffff""##);
    let title_attrs = format!(r#"font-size="16" font-weight="600" fill="{INK}""#);
    c.text(PAD, 21.0, &title_attrs, title);
    for (i, tile) in tiles.iter().enumerate() {
        let x = PAD + (i % cols) as f64 * tile_w;
        let y = TITLE + (i / cols) as f64 * tile_h;
        c.place(x, y, &tile_canvas(tile, side));
    }
    for (i, (note, marked)) in notes.iter().enumerate() {
        let y = TITLE + rows as f64 * tile_h + i as f64 * 22.0;
        if *marked {
            c.mark(PAD - 4.0, y, width - 2.0 * PAD + 8.0, 20.0, side);
        }
        let attrs = format!(r#"font-size="13" fill="{INK}""#);
        c.text(PAD, y + 15.0, &attrs, note);
    }
    document(width, height, &c)
}

/// One tile: its label above, its board, its badge below.
fn tile_canvas(tile: &Tile, side: Side) -> Canvas {
    let mut c = Canvas::new();
    let attrs = format!(r#"font-size="13" font-weight="600" fill="{INK}""#);
    c.text(0.0, 14.0, &attrs, &tile.label);
    c.place(0.0, LABEL, &tile.body);
    if let Some(badge) = &tile.badge {
        let y = LABEL + tile.height + 6.0;
        let w = badge_width(badge);
        if badge.differs {
            c.mark(-3.0, y - 3.0, w + 6.0, BADGE + 6.0, side);
        }
        let fill = if badge.bad { "#fff1e6" } else { "#eef2ff" };
        let ink = if badge.bad { FAULT } else { "#3730a3" };
        c.rect(
            0.0,
            y,
            w,
            BADGE,
            &format!(r#"fill="{fill}" stroke="{ink}" stroke-width="1" rx="6""#),
        );
        let text = clip(&badge.text, ((w - 16.0) / 8.2) as usize);
        let attrs = format!(r#"fill="{ink}" font-weight="600" font-family="{FONT}""#);
        c.centred((w / 2.0, y + BADGE / 2.0), 13.0, &attrs, &text);
    }
    c
}

/// How wide a badge is drawn: its text, up to about 30 characters.
fn badge_width(badge: &Badge) -> f64 {
    (badge.text.chars().count() as f64 * 8.2 + 20.0).min(260.0)
}

/// The `<svg>` document around `c`, `width` × `height` px.
pub fn document(width: f64, height: f64, c: &Canvas) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT}">{}</svg>
"#,
        c.out,
        w = num(width),
        h = num(height)
    )
}

/// Which of `n` boards a sheet shows: all of a file of one or two; of a
/// longer one the boards `differs` names (all when none does), so the
/// boards that matter are drawn large; at most `cap`.
/// Returns them and a note saying what was left out.
pub fn focus(n: usize, differs: &[bool], cap: usize) -> (Vec<usize>, Option<String>) {
    let any = differs.iter().any(|&d| d);
    let chosen: Vec<usize> = if n <= 2 || !any {
        (0..n).collect()
    } else {
        (0..n).filter(|&i| differs.get(i) == Some(&true)).collect()
    };
    let shown: Vec<usize> = chosen.iter().copied().take(cap).collect();
    let note = match (shown.len() < n, any && n > 2) {
        (false, _) => None,
        (true, true) => Some(format!(
            "{} of {n} boards differ; {} shown",
            chosen.len(),
            shown.len()
        )),
        (true, false) => Some(format!("the first {} of {n} boards shown", shown.len())),
    };
    (shown, note)
}

/// The lines of an output, one per board, for a problem that answers
/// each board on one line: line `i` for board `i`, and the lines past the
/// last board.
pub fn answer_lines(output: &str, boards: usize) -> (Vec<Option<&str>>, usize) {
    let lines: Vec<&str> = output.lines().collect();
    let each = (0..boards).map(|i| lines.get(i).copied()).collect();
    (each, lines.len().saturating_sub(boards))
}

/// The note for `extra` lines past the last board, marked.
pub fn extra_note(extra: usize) -> Vec<(String, bool)> {
    match extra {
        0 => Vec::new(),
        1 => vec![("1 more line after the last board".to_string(), true)],
        n => vec![(format!("{n} more lines after the last board"), true)],
    }
}

/// How a problem reads one answer line of board `k` (1-based): the word
/// to show and whether it calls the board bad, or `None` when the line
/// is not an answer of its form (then the line itself is shown).
pub type ReadAnswer<'a> = &'a dyn Fn(usize, &str) -> Option<(String, bool)>;

/// How a problem draws board `i` (0-based), given its answer line when
/// the picture is of an output (a sudoku drawn with its solution where the
/// answer says it is unique).
pub type DrawBoard<'a> = &'a dyn Fn(usize, Option<&str>) -> Tile;

/// The badge of board `k` for its answer `line` (`None`: no line).
fn answer_badge(k: usize, line: Option<&str>, read: ReadAnswer, differs: bool) -> Badge {
    let (text, bad) = match line {
        None => ("(no line)".to_string(), true),
        Some(line) => read(k, line).unwrap_or_else(|| (format!("{line:?}"), true)),
    };
    Badge { text, bad, differs }
}

/// The boards of a problem that answers each board on one line (Atoms'
/// `Case k: valid`), each under its answer from `output`, or as given
/// without one.
pub fn answered(boards: usize, tile: DrawBoard, output: Option<&str>, read: ReadAnswer) -> String {
    let (shown, note) = focus(boards, &[], 36);
    let notes: Vec<(String, bool)> = note.into_iter().map(|n| (n, false)).collect();
    let Some(output) = output else {
        let tiles: Vec<Tile> = shown.iter().map(|&i| tile(i, None)).collect();
        return sheet("input", &tiles, Side::Plain, &notes);
    };
    let (lines, extra) = answer_lines(output, boards);
    let tiles: Vec<Tile> = (shown.iter())
        .map(|&i| Tile {
            badge: Some(answer_badge(i + 1, lines[i], read, false)),
            ..tile(i, lines[i])
        })
        .collect();
    let mut notes = notes;
    notes.extend(extra_note(extra).into_iter().map(|(n, _)| (n, false)));
    sheet("output", &tiles, Side::Plain, &notes)
}

/// [`answered`] for an expected and a received output, each marking the
/// answers that differ and the lines past the last board.
pub fn answered_compared(
    boards: usize,
    tile: DrawBoard,
    expected: &str,
    received: &str,
    read: ReadAnswer,
) -> Compared {
    let (want, want_extra) = answer_lines(expected, boards);
    let (got, got_extra) = answer_lines(received, boards);
    let differs: Vec<bool> = (0..boards).map(|i| want[i] != got[i]).collect();
    let (shown, note) = focus(boards, &differs, 36);
    let extra_differs = expected
        .lines()
        .skip(boards)
        .ne(received.lines().skip(boards));
    let side = |lines: &[Option<&str>], extra: usize, side: Side, title: &str| {
        let tiles: Vec<Tile> = (shown.iter())
            .map(|&i| Tile {
                badge: Some(answer_badge(i + 1, lines[i], read, differs[i])),
                ..tile(i, lines[i])
            })
            .collect();
        let mut notes: Vec<(String, bool)> = note.iter().map(|n| (n.clone(), false)).collect();
        let mut more = extra_note(extra);
        more.iter_mut().for_each(|m| m.1 = extra_differs);
        notes.extend(more);
        sheet(title, &tiles, side, &notes)
    };
    Compared {
        expected: side(&want, want_extra, Side::Expected, "expected"),
        received: side(&got, got_extra, Side::Received, "received"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{marks, well_formed};

    #[test]
    fn text_is_escaped_and_the_sheet_is_well_formed() {
        let mut body = Canvas::new();
        body.grid(2, 3, 20.0);
        body.mark(0.0, 0.0, 20.0, 20.0, Side::Received);
        let tile = Tile {
            label: "Case <1> & \"2\"".into(),
            width: 60.0,
            height: 40.0,
            body,
            badge: Some(Badge {
                text: "in\u{1}valid </svg>".into(),
                bad: true,
                differs: true,
            }),
        };
        let svg = sheet("received", &[tile], Side::Received, &extra_note(2));
        well_formed(&svg).unwrap();
        assert!(svg.contains("Case &lt;1&gt; &amp; &quot;2&quot;"), "{svg}");
        assert_eq!(svg.matches("</svg>").count(), 1);
        assert!(svg.contains("in\u{fffd}valid &lt;/svg&gt;"), "{svg}");
        // The cell, the badge and the note.
        assert_eq!(marks(&svg), 3);
        assert!(svg.contains("#dc2626"));
    }

    #[test]
    fn a_plain_picture_marks_nothing() {
        let mut c = Canvas::new();
        c.mark(0.0, 0.0, 1.0, 1.0, Side::Plain);
        c.mark_line((0.0, 0.0), (1.0, 1.0), Side::Plain);
        assert_eq!(marks(&document(10.0, 10.0, &c)), 0);
    }

    #[test]
    fn a_long_file_shows_the_boards_that_differ() {
        let differs: Vec<bool> = (0..40).map(|i| i == 7 || i == 30).collect();
        let (shown, note) = focus(40, &differs, 36);
        assert_eq!(shown, [7, 30]);
        assert_eq!(note.as_deref(), Some("2 of 40 boards differ; 2 shown"));
        let (shown, note) = focus(2, &[false, true], 36);
        assert_eq!((shown, note), (vec![0, 1], None));
        let (shown, note) = focus(3, &[false, true, false], 36);
        assert_eq!(shown, [1]);
        assert_eq!(note.as_deref(), Some("1 of 3 boards differ; 1 shown"));
        let (shown, note) = focus(50, &[], 36);
        assert_eq!(shown.len(), 36);
        assert_eq!(note.as_deref(), Some("the first 36 of 50 boards shown"));
    }

    #[test]
    fn answers_are_lined_up_with_boards() {
        let (each, extra) = answer_lines("a\nb\nc\n", 2);
        assert_eq!((each, extra), (vec![Some("a"), Some("b")], 1));
        let (each, extra) = answer_lines("a\n", 2);
        assert_eq!((each, extra), (vec![Some("a"), None], 0));
        assert_eq!(clip("abcdef", 4), "abc…");
        assert_eq!(num(2.0), "2");
        assert_eq!(num(2.505), "2.51");
    }
}
