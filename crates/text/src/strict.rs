//! Strict layout checks shared by the input validators.
//!
//! Solvers are forgiving about whitespace; validators are not, because a
//! test file with a stray CR or a double space may break a contestant's
//! reasonable parser. Every rule here names the line and column it failed at.

use crate::scan::{InputError, Pos, Token};

/// One line of a strictly checked file (without its `\n`).
#[derive(Debug, Clone, Copy)]
pub struct Line<'a> {
    /// 1-based.
    pub number: usize,
    pub text: &'a str,
}

/// Splits `text` into lines, enforcing the rules every input shares: LF line
/// ends only, a final newline, no tabs, no other control characters.
pub fn lines(text: &str) -> Result<Vec<Line<'_>>, InputError> {
    if text.is_empty() {
        return Err(InputError::new(1, 1, "the file is empty").rule(crate::rule::EMPTY_FILE));
    }
    let mut out = Vec::new();
    let mut rest = text;
    let mut number = 1;
    while !rest.is_empty() {
        let (line, tail) = match rest.find('\n') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => {
                let col = rest.chars().count() + 1;
                return Err(
                    InputError::new(number, col, "the last line has no final newline")
                        .rule(crate::rule::FINAL_NEWLINE),
                );
            }
        };
        for (col, c) in line.chars().enumerate() {
            let (what, rule) = match c {
                '\r' => (
                    "a carriage return (CRLF line ends are not allowed)",
                    crate::rule::CRLF,
                ),
                '\t' => ("a tab", crate::rule::TAB),
                c if c.is_control() => ("a control character", crate::rule::CONTROL_CHARACTER),
                _ => continue,
            };
            return Err(InputError::new(number, col + 1, what).rule(rule));
        }
        out.push(Line { number, text: line });
        rest = tail;
        number += 1;
    }
    Ok(out)
}

impl<'a> Line<'a> {
    pub fn pos(&self, col: usize) -> Pos {
        Pos {
            line: self.number,
            col,
        }
    }

    pub fn error(&self, col: usize, message: impl Into<String>) -> InputError {
        InputError::new(self.number, col, message)
    }

    /// Fields separated by exactly one space, with no space at either end.
    pub fn fields(&self) -> Result<Vec<Token<'a>>, InputError> {
        if self.text.is_empty() {
            return Err(self
                .error(1, "unexpected blank line")
                .rule(crate::rule::BLANK_LINE));
        }
        if self.text.starts_with(' ') {
            return Err(self
                .error(1, "leading space")
                .rule(crate::rule::LEADING_SPACE));
        }
        if self.text.ends_with(' ') {
            return Err(self
                .error(self.text.chars().count(), "trailing space")
                .rule(crate::rule::TRAILING_SPACE));
        }
        let mut fields = Vec::new();
        let mut col = 1;
        for part in self.text.split(' ') {
            if part.is_empty() {
                return Err(self
                    .error(
                        col,
                        "two spaces in a row (fields are separated by one space)",
                    )
                    .rule(crate::rule::DOUBLE_SPACE));
            }
            fields.push(Token {
                text: part,
                pos: self.pos(col),
            });
            col += part.chars().count() + 1;
        }
        Ok(fields)
    }

    /// Exactly `count` integers in `range`, in canonical form (no `+`, no
    /// leading zeros, no `-0`).
    pub fn ints(
        &self,
        count: usize,
        what: &str,
        range: std::ops::RangeInclusive<i64>,
    ) -> Result<Vec<i64>, InputError> {
        let fields = self.fields()?;
        if fields.len() != count {
            let col = fields
                .get(count)
                .map_or(self.text.chars().count() + 1, |f| f.pos.col);
            return Err(self
                .error(
                    col,
                    format!("expected {count} {what}, found {}", fields.len()),
                )
                .rule(crate::rule::FIELD_COUNT));
        }
        fields
            .iter()
            .map(|f| {
                let v = f.int(what, range.clone())?;
                if f.text != v.to_string() {
                    return Err(f
                        .pos
                        .error(format!(
                            "{} is not written in canonical form ({v})",
                            crate::located::quote(f.text)
                        ))
                        .rule(crate::rule::CANONICAL_INTEGER));
                }
                Ok(v)
            })
            .collect()
    }

    pub fn expect_blank(&self) -> Result<(), InputError> {
        if self.text.is_empty() {
            Ok(())
        } else {
            Err(self
                .error(
                    1,
                    format!(
                        "expected a blank line, found {}",
                        crate::located::quote(self.text)
                    ),
                )
                .rule(crate::rule::MISSING_BLANK_LINE))
        }
    }
}

/// Fails when lines remain after the data ended at `used` lines.
pub fn expect_no_more(lines: &[Line<'_>], used: usize) -> Result<(), InputError> {
    match lines.get(used) {
        None => Ok(()),
        Some(l) if l.text.is_empty() => Err(l
            .error(1, "blank line after the last data set")
            .rule(crate::rule::BLANK_LINE)),
        Some(l) => Err(l
            .error(
                1,
                format!(
                    "unexpected {} after the last data set",
                    crate::located::quote(l.text)
                ),
            )
            .rule(crate::rule::EXTRA_DATA)),
    }
}

/// The line at `index`, or an error at the end of the file.
pub fn line<'a, 'b>(
    lines: &'b [Line<'a>],
    index: usize,
    what: &str,
) -> Result<&'b Line<'a>, InputError> {
    lines.get(index).ok_or_else(|| {
        let n = lines.last().map_or(1, |l| l.number + 1);
        InputError::new(n, 1, format!("expected {what}, found the end of the file"))
            .rule(crate::rule::END_OF_FILE)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_faults_are_located() {
        assert_eq!(lines("1 2\r\n").unwrap_err().col, 4);
        let e = lines("1\n2").unwrap_err();
        assert_eq!((e.line, e.col), (2, 2));
        assert!(e.message.contains("final newline"));
        assert!(lines("").is_err());
        assert_eq!(lines("a\tb\n").unwrap_err().col, 2);
    }

    #[test]
    fn fields_need_single_spaces() {
        let ls = lines("1 2\n1  2\n 1\n1 \n\n").unwrap();
        assert_eq!(ls[0].fields().unwrap().len(), 2);
        assert_eq!(ls[1].fields().unwrap_err().col, 3);
        assert_eq!(ls[2].fields().unwrap_err().message, "leading space");
        assert_eq!(ls[3].fields().unwrap_err().message, "trailing space");
        assert!(ls[4].fields().is_err());
    }

    #[test]
    fn ints_are_counted_ranged_and_canonical() {
        let ls = lines("3 4\n3\n03 4\n3 12\n").unwrap();
        assert_eq!(ls[0].ints(2, "sizes", 1..=9).unwrap(), vec![3, 4]);
        assert!(
            ls[1]
                .ints(2, "sizes", 1..=9)
                .unwrap_err()
                .message
                .contains("expected 2")
        );
        assert!(
            ls[2]
                .ints(2, "sizes", 1..=9)
                .unwrap_err()
                .message
                .contains("canonical")
        );
        let e = ls[3].ints(2, "sizes", 1..=9).unwrap_err();
        assert_eq!((e.line, e.col), (4, 3));
    }
}
