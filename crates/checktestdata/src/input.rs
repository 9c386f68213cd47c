//! The input being checked: a cursor over its bytes that knows its line
//! and column, for the place of a complaint.

use crate::pos::Pos;

pub(crate) struct Cursor<'a> {
    pub data: &'a [u8],
    pub at: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(data: &'a [u8]) -> Cursor<'a> {
        Cursor {
            data,
            at: 0,
            line: 1,
            line_start: 0,
        }
    }

    pub(crate) fn eof(&self) -> bool {
        self.at >= self.data.len()
    }

    pub(crate) fn peek(&self) -> Option<u8> {
        self.data.get(self.at).copied()
    }

    pub(crate) fn rest(&self) -> &'a [u8] {
        &self.data[self.at.min(self.data.len())..]
    }

    /// Moves past one byte (nothing at the end).
    pub(crate) fn bump(&mut self) {
        if let Some(b) = self.peek() {
            self.at += 1;
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.at;
            }
        }
    }

    /// Moves past the bytes while `keep` holds; returns how many.
    pub(crate) fn skip(&mut self, keep: impl Fn(u8) -> bool) -> usize {
        let start = self.at;
        while self.peek().is_some_and(&keep) {
            self.bump();
        }
        self.at - start
    }

    /// Where the cursor is: line and column (1-based), byte offset.
    pub(crate) fn place(&self) -> (Pos, usize) {
        let pos = Pos {
            line: self.line,
            col: self.at - self.line_start + 1,
        };
        (pos, self.at)
    }

    /// The place of an earlier offset on the current line or before it.
    pub(crate) fn place_of(&self, offset: usize) -> (Pos, usize) {
        if offset >= self.line_start {
            let col = offset - self.line_start + 1;
            return (
                Pos {
                    line: self.line,
                    col,
                },
                offset,
            );
        }
        let before = &self.data[..offset];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        (
            Pos {
                line,
                col: offset - start + 1,
            },
            offset,
        )
    }
}
