//! Tokens to a program tree, by recursive descent over DOMjudge's
//! grammar (doc/format-spec.md of its checktestdata repository).
//!
//! Where the grammar's precedences are unusual, checktestdata's parser is
//! followed, since programs were tested against it: `&&` and `||` bind
//! equally, left to right; `!` applies to the whole test after it (the
//! parser generator shifts on that conflict); `^` binds tighter than unary
//! minus (`-2^2` is -4) and groups left to right. A `(` in a test may
//! open an expression (`(a+b) < c`) or a test (`(a < b)`): the expression
//! is tried first. A separator must be a command that reads or checks one
//! thing (SPACE, NEWLINE, INT, …), the only kind checktestdata can run
//! there.

use crate::ast::{Cmd, Command, Expr, Notation, Test, VarRef};
use crate::error::ProgramError;
use crate::lexer::{Tok, Token};
use crate::value::{decimal, int_literal};

/// Nesting deeper than this (parentheses, blocks, a chain of operators,
/// which makes a tree as deep as it is long) is refused rather than
/// risking the stack of the parser, the interpreter or the tree's drop.
/// Real programs nest a handful of levels.
const MAX_DEPTH: usize = 100;

mod expr;

pub(crate) fn parse(
    file: &str,
    src: &[u8],
    tokens: Vec<Token>,
) -> Result<Vec<Command>, ProgramError> {
    let mut p = Parser {
        file,
        src,
        toks: tokens,
        at: 0,
        depth: 0,
    };
    let (body, end) = p.block()?;
    match end {
        Closer::End(t) => Err(p.error_at(&t, "END without a loop or IF to close")),
        Closer::Else(t) => Err(p.error_at(&t, "ELSE without an IF")),
        Closer::Eof => Ok(body),
    }
}

enum Closer {
    End(Token),
    Else(Token),
    Eof,
}

struct Parser<'a> {
    file: &'a str,
    src: &'a [u8],
    toks: Vec<Token>,
    at: usize,
    depth: usize,
}

type Res<T> = Result<T, (usize, ProgramError)>;

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.at].tok
    }

    fn next(&mut self) -> Token {
        let t = self.toks[self.at].clone();
        if t.tok != Tok::End {
            self.at += 1;
        }
        t
    }

    fn error_at(&self, t: &Token, message: impl Into<String>) -> ProgramError {
        ProgramError::new(self.file, t.pos, message)
    }

    /// An error at the current token, with how far parsing got (to pick
    /// the furthest of two tries).
    fn fail<T>(&self, message: impl Into<String>) -> Res<T> {
        let t = &self.toks[self.at];
        Err((self.at, self.error_at(t, message)))
    }

    fn expect(&mut self, p: &'static str) -> Res<()> {
        if *self.peek() == Tok::Punct(p) {
            self.next();
            Ok(())
        } else {
            self.fail(format!("expected `{p}`, found {}", describe(self.peek())))
        }
    }

    fn eat(&mut self, p: &'static str) -> bool {
        let yes = *self.peek() == Tok::Punct(p);
        if yes {
            self.next();
        }
        yes
    }

    fn deeper(&mut self) -> Res<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.fail(format!("nested more than {MAX_DEPTH} deep"));
        }
        Ok(())
    }

    /// Commands up to END, ELSE or the end of the file.
    fn block(&mut self) -> Result<(Vec<Command>, Closer), ProgramError> {
        let mut body = Vec::new();
        loop {
            match self.peek().clone() {
                Tok::End => return Ok((body, Closer::Eof)),
                Tok::Word(w) if w == "END" => return Ok((body, Closer::End(self.next()))),
                Tok::Word(w) if w == "ELSE" => return Ok((body, Closer::Else(self.next()))),
                _ => body.push(self.command(false).map_err(|(_, e)| e)?),
            }
        }
    }

    fn text(&self, from: usize) -> String {
        let start = self.toks[from].start;
        let end = self.toks[self.at.saturating_sub(1).max(from)].end;
        let raw = String::from_utf8_lossy(&self.src[start..end.max(start)]);
        let mut text = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        if text.chars().count() > 60 {
            text = text.chars().take(57).collect::<String>() + "...";
        }
        text
    }

    fn command(&mut self, separator: bool) -> Res<Command> {
        self.deeper()?;
        let first = self.at;
        let head = self.next();
        let word = self.command_word(&head, first, separator)?;
        let cmd = match word.as_str() {
            "SPACE" => Cmd::Space,
            "NEWLINE" => Cmd::Newline,
            "EOF" => Cmd::Eof,
            "INT" => self.int()?,
            "FLOAT" | "FLOATP" => self.float(word == "FLOATP")?,
            "STRING" => {
                self.expect("(")?;
                let v = self.value()?;
                self.expect(")")?;
                Cmd::String(v)
            }
            "REGEX" => self.regex()?,
            "ASSERT" => {
                self.expect("(")?;
                let t = self.test()?;
                self.expect(")")?;
                Cmd::Assert(t)
            }
            "SET" => self.set()?,
            "UNSET" => {
                self.expect("(")?;
                let names = self.names()?;
                self.expect(")")?;
                Cmd::Unset(names)
            }
            "REP" | "REPI" | "WHILE" | "WHILEI" | "IF" => {
                return self.block_command(word, first);
            }
            _ => {
                self.at = first;
                return self.fail(format!("unknown command {word}"));
            }
        };
        self.depth -= 1;
        Ok(Command {
            cmd,
            pos: head.pos,
            text: self.text(first),
        })
    }

    /// The word of the command that starts at token `first` (`head`):
    /// refused when it is no word, or (`separator`) when it names a
    /// command that cannot be a separator.
    fn command_word(&mut self, head: &Token, first: usize, separator: bool) -> Res<String> {
        let Tok::Word(word) = &head.tok else {
            self.at = first;
            return self.fail(format!("expected a command, found {}", describe(&head.tok)));
        };
        let block = matches!(word.as_str(), "REP" | "REPI" | "WHILE" | "WHILEI" | "IF");
        if separator && (block || matches!(word.as_str(), "EOF" | "END" | "ELSE")) {
            self.at = first;
            return self.fail(format!(
                "{word} cannot be a separator: only a command that reads or checks one thing can"
            ));
        }
        Ok(word.clone())
    }

    /// `INT(min, max[, var])`.
    fn int(&mut self) -> Res<Cmd> {
        self.expect("(")?;
        let min = self.expr()?;
        self.expect(",")?;
        let max = self.expr()?;
        let var = self.eat(",").then(|| self.variable()).transpose()?;
        self.expect(")")?;
        Ok(Cmd::Int { min, max, var })
    }

    /// `FLOAT(min, max[, var[, notation]])`, or with `precision` FLOATP's
    /// `(min, max, mindecimals, maxdecimals[, var[, notation]])`.
    fn float(&mut self, precision: bool) -> Res<Cmd> {
        self.expect("(")?;
        let min = self.expr()?;
        self.expect(",")?;
        let max = self.expr()?;
        let mut decimals = None;
        if precision {
            self.expect(",")?;
            let lo = self.expr()?;
            self.expect(",")?;
            decimals = Some((lo, self.expr()?));
        }
        let mut var = None;
        let mut notation = Notation::Any;
        if self.eat(",") {
            var = Some(self.variable()?);
            if self.eat(",") {
                notation = self.notation()?;
            }
        }
        self.expect(")")?;
        Ok(Cmd::Float {
            min,
            max,
            decimals,
            var,
            notation,
        })
    }

    /// FIXED or SCIENTIFIC.
    fn notation(&mut self) -> Res<Notation> {
        let notation = match self.peek() {
            Tok::Word(w) if w == "FIXED" => Notation::Fixed,
            Tok::Word(w) if w == "SCIENTIFIC" => Notation::Scientific,
            other => {
                return self.fail(format!(
                    "expected FIXED or SCIENTIFIC, found {}",
                    describe(other)
                ));
            }
        };
        self.next();
        Ok(notation)
    }

    /// `REGEX(pattern[, var])`.
    fn regex(&mut self) -> Res<Cmd> {
        self.expect("(")?;
        let at = self.at;
        let v = self.value()?;
        // A pattern written out is compiled now, so a broken one
        // stops the build instead of the first input that gets
        // that far.
        if let Expr::Str(p) = &v
            && let Err(why) = crate::pattern::compile(p)
        {
            return Err((at, self.error_at(&self.toks[at], why.to_string())));
        }
        let var = self.eat(",").then(|| self.variable()).transpose()?;
        self.expect(")")?;
        Ok(Cmd::Regex(v, var))
    }

    /// `SET(var = expr, …)`.
    fn set(&mut self) -> Res<Cmd> {
        self.expect("(")?;
        let mut list = Vec::new();
        loop {
            let v = self.variable()?;
            self.expect("=")?;
            list.push((v, self.expr()?));
            if !self.eat(",") {
                break;
            }
        }
        self.expect(")")?;
        Ok(Cmd::Set(list))
    }

    /// A loop or IF: its head, then its body up to END.
    fn block_command(&mut self, word: String, first: usize) -> Res<Command> {
        let head = self.toks[first].clone();
        self.expect("(")?;
        let var = matches!(word.as_str(), "REPI" | "WHILEI")
            .then(|| -> Res<VarRef> {
                let v = self.variable()?;
                self.expect(",")?;
                Ok(v)
            })
            .transpose()?;
        enum Head {
            Count(Expr),
            Cond(Test),
        }
        let what = match word.as_str() {
            "REP" | "REPI" => Head::Count(self.expr()?),
            _ => Head::Cond(self.test()?),
        };
        let sep = if word != "IF" && self.eat(",") {
            Some(Box::new(self.command(true)?))
        } else {
            None
        };
        self.expect(")")?;
        let text = self.text(first);
        let (then, otherwise) = self.bodies(&word, &head)?;
        self.depth -= 1;
        let cmd = match what {
            Head::Count(count) => Cmd::Rep {
                var,
                count,
                sep,
                body: then,
            },
            Head::Cond(cond) if word == "IF" => Cmd::If {
                cond,
                then,
                otherwise,
            },
            Head::Cond(cond) => Cmd::While {
                var,
                cond,
                sep,
                body: then,
            },
        };
        Ok(Command {
            cmd,
            pos: head.pos,
            text,
        })
    }

    /// The body of the loop or IF `word` (opened at `head`) up to its END,
    /// and an IF's ELSE part (empty for the others).
    fn bodies(&mut self, word: &str, head: &Token) -> Res<(Vec<Command>, Vec<Command>)> {
        let (then, closer) = self.block().map_err(|e| (self.at, e))?;
        let mut otherwise = Vec::new();
        let closer = match closer {
            Closer::Else(_) if word == "IF" => {
                let (body, closer) = self.block().map_err(|e| (self.at, e))?;
                otherwise = body;
                match closer {
                    Closer::Else(t) => {
                        return Err((self.at, self.error_at(&t, "a second ELSE in one IF")));
                    }
                    c => c,
                }
            }
            Closer::Else(t) => {
                return Err((
                    self.at,
                    self.error_at(&t, format!("ELSE inside {word}, which is no IF")),
                ));
            }
            c => c,
        };
        if let Closer::Eof = closer {
            return Err((
                self.at,
                self.error_at(head, format!("{word} is not closed by END")),
            ));
        }
        Ok((then, otherwise))
    }

    fn names(&mut self) -> Res<Vec<String>> {
        let mut names = Vec::new();
        loop {
            match self.next().tok {
                Tok::Var(v) => names.push(v),
                other => {
                    self.at -= 1;
                    return self.fail(format!(
                        "expected a variable name, found {}",
                        describe(&other)
                    ));
                }
            }
            if !self.eat(",") {
                return Ok(names);
            }
        }
    }

    fn variable(&mut self) -> Res<VarRef> {
        let Tok::Var(name) = self.peek().clone() else {
            return self.fail(format!(
                "expected a variable, found {}",
                describe(self.peek())
            ));
        };
        self.next();
        let mut index = Vec::new();
        if self.eat("[") {
            loop {
                index.push(self.expr()?);
                if !self.eat(",") {
                    break;
                }
            }
            self.expect("]")?;
        }
        Ok(VarRef { name, index })
    }

    /// A literal, a variable or STRLEN(…).
    fn value(&mut self) -> Res<Expr> {
        let t = self.next();
        Ok(match t.tok {
            Tok::Int(text) => int_literal(&text),
            Tok::Float(text) => match decimal(&text) {
                Some(v) => Expr::Float(v),
                None => {
                    self.at -= 1;
                    return self.fail(format!("{text}: exponent too large"));
                }
            },
            Tok::Str(s) => Expr::Str(s),
            Tok::Var(_) => {
                self.at -= 1;
                Expr::Var(self.variable()?)
            }
            Tok::Word(w) if w == "STRLEN" => {
                self.expect("(")?;
                let v = self.value()?;
                self.expect(")")?;
                Expr::Strlen(Box::new(v))
            }
            other => {
                self.at -= 1;
                return self.fail(format!("expected a value, found {}", describe(&other)));
            }
        })
    }
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Word(w) => w.clone(),
        Tok::Var(v) => format!("variable {v}"),
        Tok::Int(n) | Tok::Float(n) => n.clone(),
        Tok::Str(_) => "a string".into(),
        Tok::Punct(p) => format!("`{p}`"),
        Tok::End => "the end of the program".into(),
    }
}
