//! Position-aware reading of problem inputs.
//!
//! Every reference solver parses untrusted text, and a person fixing a broken
//! test file needs to know *where* it is broken. So the parsers never index
//! into the input blindly: they go through `Scanner`, which tracks line and
//! column (1-based, in characters) and turns every surprise into an
//! [`InputError`] instead of a panic.

use std::fmt;

/// A problem with an input file, located precisely enough to fix by hand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct InputError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub col: usize,
    /// What is wrong, phrased for the person who wrote the file.
    pub message: String,
    /// The rule of the input format the file breaks, by its short name
    /// (`trailing-space`, `n-range`): what an invalid input declares it was
    /// written to break, so `judge validate` can tell a file rejected for
    /// that rule from one rejected by accident ([`crate::rule`]).
    pub rule: Option<String>,
}

impl InputError {
    pub fn new(line: usize, col: usize, message: impl Into<String>) -> Self {
        InputError {
            line,
            col,
            message: message.into(),
            rule: None,
        }
    }

    /// Names the rule broken, unless a more specific one is named already
    /// (the innermost check knows best) or it is the generic
    /// [`crate::rule::RANGE`], which a named bound refines.
    pub fn rule(mut self, rule: impl Into<String>) -> Self {
        if self.rule.as_deref().is_none_or(|r| r == crate::rule::RANGE) {
            self.rule = Some(rule.into());
        }
        self
    }

    /// Prefixes a data-set label ("data set 3: …") without losing the position.
    pub fn context(mut self, what: impl fmt::Display) -> Self {
        self.message = format!("{what}: {}", self.message);
        self
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

/// A point in the input, kept alongside tokens so errors can be raised later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

impl Pos {
    pub fn error(self, message: impl Into<String>) -> InputError {
        InputError::new(self.line, self.col, message)
    }
}

/// A whitespace-separated token with where it starts.
#[derive(Debug, Clone, Copy)]
pub struct Token<'a> {
    pub text: &'a str,
    pub pos: Pos,
}

impl Token<'_> {
    /// Parses the token as an integer in `range`, naming `what` on failure.
    pub fn int(&self, what: &str, range: std::ops::RangeInclusive<i64>) -> Result<i64, InputError> {
        let value: i64 = self.text.parse().map_err(|_| {
            self.pos
                .error(format!(
                    "expected {what} (an integer), found {}",
                    quote(self.text)
                ))
                .rule(crate::rule::INTEGER)
        })?;
        if !range.contains(&value) {
            return Err(self
                .pos
                .error(format!(
                    "{what} must be between {} and {}, found {value}",
                    range.start(),
                    range.end()
                ))
                .rule(crate::rule::RANGE));
        }
        Ok(value)
    }
}

/// A lenient tokenizer: any run of ASCII whitespace separates tokens.
///
/// Strictness about layout (single spaces, final newline, …) is the job of the
/// validators, which look at raw lines; solvers accept what a forgiving judge
/// would accept.
#[derive(Debug, Clone)]
pub struct Scanner<'a> {
    text: &'a str,
    offset: usize,
    line: usize,
    col: usize,
}

impl<'a> Scanner<'a> {
    pub fn new(text: &'a str) -> Self {
        Scanner {
            text,
            offset: 0,
            line: 1,
            col: 1,
        }
    }

    /// Where the next unread character is.
    pub fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.col,
        }
    }

    fn advance(&mut self, c: char) {
        self.offset += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
    }

    fn peek_char(&self) -> Option<char> {
        self.text[self.offset..].chars().next()
    }

    /// Skips whitespace, including line ends.
    pub fn skip_space(&mut self) {
        while let Some(c) = self.peek_char() {
            if !c.is_ascii_whitespace() {
                break;
            }
            self.advance(c);
        }
    }

    /// Skips spaces and tabs but stops at a line end.
    pub fn skip_blanks(&mut self) {
        while let Some(c) = self.peek_char() {
            if c != ' ' && c != '\t' && c != '\r' {
                break;
            }
            self.advance(c);
        }
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        self.skip_space();
        let pos = self.pos();
        // A token holds no line end, so only the column moves (by its
        // characters, counted in one pass).
        let rest = &self.text[self.offset..];
        let text = &rest[..rest
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(rest.len())];
        self.offset += text.len();
        self.col += text.chars().count();
        (!text.is_empty()).then_some(Token { text, pos })
    }

    /// The next token, or an error saying `what` was expected.
    pub fn token(&mut self, what: &str) -> Result<Token<'a>, InputError> {
        match self.next_token() {
            Some(t) => Ok(t),
            None => Err(self
                .pos()
                .error(format!("expected {what}, found the end of the input"))
                .rule(crate::rule::END_OF_FILE)),
        }
    }

    /// Reads an integer token within `range`.
    pub fn int(
        &mut self,
        what: &str,
        range: std::ops::RangeInclusive<i64>,
    ) -> Result<i64, InputError> {
        self.token(what)?.int(what, range)
    }

    /// The rest of the current line (without its line end), consuming it.
    /// Returns `None` at the end of the input.
    pub fn rest_of_line(&mut self) -> Option<Token<'a>> {
        if self.offset == self.text.len() {
            return None;
        }
        let pos = self.pos();
        // Found at once and counted in one pass rather than a character at
        // a time: a line may be the whole of a 100 MB file.
        let rest = &self.text[self.offset..];
        let line = &rest[..rest.find('\n').unwrap_or(rest.len())];
        self.offset += line.len();
        self.col += line.chars().count();
        if let Some('\n') = self.peek_char() {
            self.advance('\n');
        }
        let text = line.trim_end_matches('\r');
        Some(Token { text, pos })
    }
}

/// Fails with a clear message when anything but whitespace follows the data.
pub fn expect_end(scanner: &mut Scanner<'_>) -> Result<(), InputError> {
    match scanner.next_token() {
        None => Ok(()),
        Some(t) => Err(t
            .pos
            .error(format!(
                "unexpected {} after the last data set",
                quote(t.text)
            ))
            .rule(crate::rule::EXTRA_DATA)),
    }
}

/// Quotes `text` for a message, cut to a readable length: a file of one
/// 100 MB token must not give a 100 MB message.
pub fn quote(text: &str) -> String {
    const MAX: usize = 40;
    match text.char_indices().nth(MAX) {
        None => format!("{text:?}"),
        Some((cut, _)) => format!("{:?}… ({} characters)", &text[..cut], text.chars().count()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_and_characters() {
        let mut s = Scanner::new("3\n  é 12\n");
        assert_eq!(s.next_token().unwrap().pos, Pos { line: 1, col: 1 });
        let t = s.next_token().unwrap();
        assert_eq!((t.text, t.pos), ("é", Pos { line: 2, col: 3 }));
        let t = s.next_token().unwrap();
        assert_eq!(t.pos, Pos { line: 2, col: 5 });
        assert!(s.next_token().is_none());
    }

    #[test]
    fn int_errors_name_the_value_and_range() {
        let mut s = Scanner::new("x 9");
        let e = s.int("N", 3..=7).unwrap_err();
        assert_eq!((e.line, e.col), (1, 1));
        assert!(e.message.contains("\"x\""), "{e}");
        let e = s.int("N", 3..=7).unwrap_err();
        assert_eq!((e.line, e.col), (1, 3));
        assert!(e.message.contains("between 3 and 7"), "{e}");
    }

    #[test]
    fn end_of_input_is_an_error_not_a_panic() {
        let mut s = Scanner::new("  \n");
        let e = s.token("the board size").unwrap_err();
        assert!(e.message.contains("end of the input"));
        assert_eq!(e.line, 2);
    }

    #[test]
    fn rest_of_line_drops_carriage_returns() {
        let mut s = Scanner::new("Game #1: 12\r\nnext");
        assert_eq!(s.rest_of_line().unwrap().text, "Game #1: 12");
        assert_eq!(s.rest_of_line().unwrap().text, "next");
        assert!(s.rest_of_line().is_none());
    }
}
