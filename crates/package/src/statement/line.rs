//! A line of a Markdown statement as the block and inline readers see
//! it (its file position kept, so every fault is located), apart from both
//! so neither reader reaches back into the other.

/// Line, column (1-based, in characters) and what is wrong there.
pub(super) type Fault = (usize, usize, String);

/// A line of the file as a block sees it: its container's indentation
/// removed, `col` the file column of `text`'s first character.
#[derive(Clone, Copy)]
pub(super) struct Line<'a> {
    pub(super) no: usize,
    pub(super) col: usize,
    pub(super) text: &'a str,
}

impl<'a> Line<'a> {
    pub(super) fn new(no: usize, col: usize, text: &'a str) -> Self {
        Line { no, col, text }
    }
    /// An error at byte `at` of the text.
    pub(super) fn fault(&self, at: usize, why: impl Into<String>) -> Fault {
        let col = self.col + self.text[..at].chars().count();
        (self.no, col, why.into())
    }
    pub(super) fn indent(&self) -> usize {
        lead(self.text, |c| c == ' ')
    }
    pub(super) fn blank(&self) -> bool {
        self.text.trim().is_empty()
    }
    /// The line from byte `at` on.
    pub(super) fn from(&self, at: usize) -> Line<'a> {
        let at = at.min(self.text.len());
        Line::new(self.no, self.col + at, &self.text[at..])
    }
    /// Whether the line (indented less than 4) starts a list item.
    pub(super) fn marker(&self) -> bool {
        self.indent() < 4 && marker(&self.text[self.indent()..]).is_some()
    }
}

/// How many bytes at the start of `s` are characters `f` accepts.
pub(super) fn lead(s: &str, f: impl Fn(char) -> bool) -> usize {
    s.len() - s.trim_start_matches(f).len()
}

/// A list marker at the start of `rest`: (ordered, its kind: the bullet or
/// `.`, its number, the width up to the item's text).
pub(super) fn marker(rest: &str) -> Option<(bool, &str, &str, usize)> {
    let digits = lead(rest, |c| c.is_ascii_digit());
    let (len, ordered) = match rest.as_bytes().first()? {
        b'-' | b'*' | b'+' => (1, false),
        _ if (1..10).contains(&digits) && rest[digits..].starts_with('.') => (digits + 1, true),
        _ => return None,
    };
    let after = &rest[len..];
    let spaces = lead(after, |c| c == ' ');
    if spaces == 0 && !after.is_empty() {
        return None;
    }
    // More than four spaces: the text is one space in (an indented block).
    let pad = if spaces > 4 { 1 } else { spaces.max(1) };
    let kind = if ordered { "." } else { &rest[..1] };
    Some((ordered, kind, &rest[..len - 1], len + pad))
}
