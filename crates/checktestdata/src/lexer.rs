//! The tokens of a checktestdata program, each with its place in the
//! file, so every later complaint can name `file:line:col`.
//!
//! Follows DOMjudge's scanner: whitespace and `#` comments separate
//! tokens; commands and functions are upper-case words, variables
//! lower-case letters then letters or digits; a number with a dot or an
//! exponent is a float; strings may span lines and know the escapes
//! `\n \t \r \b \f \" \\`, octal `\ooo` and an escaped newline (dropped),
//! while any other backslash stays as written (regexes rely on that).

use crate::error::ProgramError;
use crate::pos::Pos;

/// One token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok {
    /// An upper-case word: a command, function, test or option name.
    Word(String),
    /// A variable name.
    Var(String),
    /// An integer literal as written.
    Int(String),
    /// A float literal as written.
    Float(String),
    /// A string literal, escapes resolved.
    Str(Vec<u8>),
    /// Punctuation and operators: `( ) [ ] , = + - * / % ^ < > <= >= == != && || !`.
    Punct(&'static str),
    End,
}

/// A token and where it starts; `end` is the byte after it.
#[derive(Debug, Clone)]
pub(crate) struct Token {
    pub tok: Tok,
    pub pos: Pos,
    pub start: usize,
    pub end: usize,
}

const PUNCTS: [&str; 21] = [
    "<=", ">=", "==", "!=", "&&", "||", "(", ")", "[", "]", ",", "=", "+", "-", "*", "/", "%", "^",
    "<", ">", "!",
];

/// Splits `src` into tokens, ending with [`Tok::End`].
pub(crate) fn tokens(file: &str, src: &[u8]) -> Result<Vec<Token>, ProgramError> {
    let mut lx = Lexer {
        file,
        src,
        at: 0,
        line: 1,
        line_start: 0,
    };
    let mut out = Vec::new();
    loop {
        lx.skip_blanks();
        let pos = lx.pos();
        let start = lx.at;
        let Some(&c) = src.get(lx.at) else {
            out.push(Token {
                tok: Tok::End,
                pos,
                start,
                end: start,
            });
            return Ok(out);
        };
        let tok = if c.is_ascii_uppercase() {
            Tok::Word(lx.take_while(|b| b.is_ascii_uppercase()))
        } else if c.is_ascii_lowercase() {
            Tok::Var(lx.take_while(|b| b.is_ascii_lowercase() || b.is_ascii_digit()))
        } else if c.is_ascii_digit() {
            lx.number()
        } else if c == b'"' {
            Tok::Str(lx.string(pos)?)
        } else if let Some(p) = PUNCTS
            .iter()
            .find(|p| src[lx.at..].starts_with(p.as_bytes()))
        {
            lx.at += p.len();
            Tok::Punct(p)
        } else {
            return Err(lx.error(pos, format!("unexpected character {}", show_byte(c))));
        };
        out.push(Token {
            tok,
            pos,
            start,
            end: lx.at,
        });
    }
}

/// A byte for a message: printable ASCII quoted, anything else in hex.
pub(crate) fn show_byte(b: u8) -> String {
    match b {
        b'\n' => "a newline".into(),
        b' ' => "a space".into(),
        b'\t' => "a tab".into(),
        b'\r' => "a carriage return".into(),
        0x21..=0x7e => format!("'{}'", b as char),
        _ => format!("byte 0x{b:02x}"),
    }
}

struct Lexer<'a> {
    file: &'a str,
    src: &'a [u8],
    at: usize,
    line: usize,
    line_start: usize,
}

impl Lexer<'_> {
    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.at - self.line_start + 1,
        }
    }

    fn error(&self, pos: Pos, message: String) -> ProgramError {
        ProgramError::new(self.file, pos, message)
    }

    fn newline(&mut self) {
        self.line += 1;
        self.line_start = self.at;
    }

    fn skip_blanks(&mut self) {
        while let Some(&c) = self.src.get(self.at) {
            match c {
                b' ' | b'\t' | b'\r' => self.at += 1,
                b'\n' => {
                    self.at += 1;
                    self.newline();
                }
                b'#' => {
                    while self.src.get(self.at).is_some_and(|&c| c != b'\n') {
                        self.at += 1;
                    }
                }
                _ => return,
            }
        }
    }

    fn take_while(&mut self, keep: impl Fn(u8) -> bool) -> String {
        let start = self.at;
        while self.src.get(self.at).is_some_and(|&c| keep(c)) {
            self.at += 1;
        }
        String::from_utf8_lossy(&self.src[start..self.at]).into_owned()
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while self.src.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        self.at - start
    }

    /// `[0-9]+` an integer; with `.[0-9]*` and/or an exponent, a float.
    fn number(&mut self) -> Tok {
        let start = self.at;
        self.digits();
        let mut float = false;
        if self.src.get(self.at) == Some(&b'.') {
            self.at += 1;
            self.digits();
            float = true;
        }
        if matches!(self.src.get(self.at), Some(b'e' | b'E')) {
            let mark = self.at;
            self.at += 1;
            if matches!(self.src.get(self.at), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if self.digits() == 0 {
                // Not an exponent after all: `2e` is 2 then a name.
                self.at = mark;
            } else {
                float = true;
            }
        }
        let text = String::from_utf8_lossy(&self.src[start..self.at]).into_owned();
        if float {
            Tok::Float(text)
        } else {
            Tok::Int(text)
        }
    }

    fn string(&mut self, open: Pos) -> Result<Vec<u8>, ProgramError> {
        self.at += 1;
        let mut out = Vec::new();
        loop {
            let Some(&c) = self.src.get(self.at) else {
                return Err(self.error(open, "string not closed before the end of the file".into()));
            };
            self.at += 1;
            match c {
                b'"' => return Ok(out),
                b'\n' => {
                    self.newline();
                    out.push(c);
                }
                b'\\' => self.escape(&mut out)?,
                _ => out.push(c),
            }
        }
    }

    /// After a backslash in a string.
    fn escape(&mut self, out: &mut Vec<u8>) -> Result<(), ProgramError> {
        let here = Pos {
            line: self.line,
            col: self.at - self.line_start,
        };
        let Some(&c) = self.src.get(self.at) else {
            out.push(b'\\');
            return Ok(());
        };
        let simple = match c {
            b'n' => Some(b'\n'),
            b't' => Some(b'\t'),
            b'r' => Some(b'\r'),
            b'b' => Some(8),
            b'f' => Some(12),
            b'"' => Some(b'"'),
            b'\\' => Some(b'\\'),
            _ => None,
        };
        if let Some(s) = simple {
            self.at += 1;
            out.push(s);
        } else if c == b'\n' {
            self.at += 1;
            self.newline();
        } else if (b'0'..=b'7').contains(&c) {
            let mut value = 0u32;
            let mut n = 0;
            while n < 3
                && self
                    .src
                    .get(self.at)
                    .is_some_and(|d| (b'0'..=b'7').contains(d))
            {
                value = value * 8 + u32::from(self.src[self.at] - b'0');
                self.at += 1;
                n += 1;
            }
            let byte = u8::try_from(value)
                .map_err(|_| self.error(here, format!("octal escape \\{value:o} is over 255")))?;
            out.push(byte);
        } else {
            // Any other backslash is kept, with what follows.
            out.push(b'\\');
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(src: &str) -> Vec<Tok> {
        tokens("t.ctd", src.as_bytes())
            .unwrap()
            .into_iter()
            .map(|t| t.tok)
            .collect()
    }

    #[test]
    fn words_numbers_strings_and_operators() {
        assert_eq!(
            toks("INT(1, 2e3, x1) # comment\n<= \"a\\n\\101\\d\" 1.5 2e"),
            [
                Tok::Word("INT".into()),
                Tok::Punct("("),
                Tok::Int("1".into()),
                Tok::Punct(","),
                Tok::Float("2e3".into()),
                Tok::Punct(","),
                Tok::Var("x1".into()),
                Tok::Punct(")"),
                Tok::Punct("<="),
                Tok::Str(b"a\nA\\d".to_vec()),
                Tok::Float("1.5".into()),
                Tok::Int("2".into()),
                Tok::Var("e".into()),
                Tok::End,
            ]
        );
    }

    #[test]
    fn mistakes_are_placed() {
        let e = tokens("p.ctd", b"SPACE\n  \"abc").unwrap_err();
        assert_eq!(
            e.to_string(),
            "p.ctd:2:3: string not closed before the end of the file"
        );
        let e = tokens("p.ctd", b"INT(1, 2) @").unwrap_err();
        assert_eq!(e.to_string(), "p.ctd:1:11: unexpected character '@'");
        let e = tokens("p.ctd", b"\"\\777\"").unwrap_err();
        assert!(e.to_string().starts_with("p.ctd:1:2: octal escape"), "{e}");
    }
}
