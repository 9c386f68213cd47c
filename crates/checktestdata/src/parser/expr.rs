//! Expressions and tests, apart from the commands that hold them: each
//! level of precedence a method, loosest first (`+ -`, then `* / %`, then
//! unary minus and `^`; tests join comparisons and the test functions
//! with `&&` and `||`), with arithmetic on literals folded as it is read.

use super::{Parser, Res, describe};
use crate::ast::{BinOp, CmpOp, Expr, Test};
use crate::lexer::Tok;
use crate::value::Value;

impl Parser<'_> {
    pub(super) fn expr(&mut self) -> Res<Expr> {
        let mark = self.depth;
        self.deeper()?;
        let mut lhs = self.term()?;
        loop {
            let op = match self.peek() {
                Tok::Punct("+") => BinOp::Add,
                Tok::Punct("-") => BinOp::Sub,
                _ => break,
            };
            self.next();
            self.deeper()?;
            lhs = fold(Expr::Bin(op, Box::new(lhs), Box::new(self.term()?)));
        }
        self.depth = mark;
        Ok(lhs)
    }

    fn term(&mut self) -> Res<Expr> {
        let mark = self.depth;
        let mut lhs = self.factor()?;
        loop {
            let op = match self.peek() {
                Tok::Punct("*") => BinOp::Mul,
                Tok::Punct("/") => BinOp::Div,
                Tok::Punct("%") => BinOp::Rem,
                _ => break,
            };
            self.next();
            self.deeper()?;
            lhs = fold(Expr::Bin(op, Box::new(lhs), Box::new(self.factor()?)));
        }
        self.depth = mark;
        Ok(lhs)
    }

    fn factor(&mut self) -> Res<Expr> {
        if self.eat("-") {
            self.deeper()?;
            let inner = self.factor()?;
            self.depth -= 1;
            return Ok(fold(Expr::Neg(Box::new(inner))));
        }
        let mark = self.depth;
        let mut lhs = self.atom()?;
        while self.eat("^") {
            self.deeper()?;
            let rhs = if self.eat("-") {
                self.deeper()?;
                let inner = self.factor()?;
                self.depth -= 1;
                fold(Expr::Neg(Box::new(inner)))
            } else {
                self.atom()?
            };
            lhs = fold(Expr::Bin(BinOp::Pow, Box::new(lhs), Box::new(rhs)));
        }
        self.depth = mark;
        Ok(lhs)
    }

    fn atom(&mut self) -> Res<Expr> {
        if self.eat("(") {
            let e = self.expr()?;
            self.expect(")")?;
            return Ok(e);
        }
        self.value()
    }

    pub(super) fn test(&mut self) -> Res<Test> {
        let mark = self.depth;
        self.deeper()?;
        if self.eat("!") {
            let t = self.test()?;
            self.depth = mark;
            return Ok(Test::Not(Box::new(t)));
        }
        let mut lhs = self.simple_test()?;
        loop {
            let and = match self.peek() {
                Tok::Punct("&&") => true,
                Tok::Punct("||") => false,
                _ => break,
            };
            self.next();
            self.deeper()?;
            let rhs = if self.eat("!") {
                Test::Not(Box::new(self.test()?))
            } else {
                self.simple_test()?
            };
            let (l, r) = (Box::new(lhs), Box::new(rhs));
            lhs = if and { Test::And(l, r) } else { Test::Or(l, r) };
        }
        self.depth = mark;
        Ok(lhs)
    }

    fn simple_test(&mut self) -> Res<Test> {
        match self.peek().clone() {
            Tok::Word(w) if w == "ISEOF" => {
                self.next();
                return Ok(Test::IsEof);
            }
            Tok::Word(w) if w == "MATCH" => {
                self.next();
                self.expect("(")?;
                let v = self.value()?;
                self.expect(")")?;
                return Ok(Test::Match(v));
            }
            Tok::Word(w) if w == "UNIQUE" => {
                self.next();
                self.expect("(")?;
                let names = self.names()?;
                self.expect(")")?;
                return Ok(Test::Unique(names));
            }
            Tok::Word(w) if w == "INARRAY" => {
                self.next();
                self.expect("(")?;
                let e = self.expr()?;
                self.expect(",")?;
                let v = self.variable()?;
                self.expect(")")?;
                return Ok(Test::InArray(e, v));
            }
            _ => {}
        }
        let (start, mark) = (self.at, self.depth);
        let as_compare = self.compare();
        if as_compare.is_ok() || self.toks[start].tok != Tok::Punct("(") {
            return as_compare;
        }
        let compare_error = as_compare.unwrap_err();
        (self.at, self.depth) = (start, mark);
        self.next();
        let grouped = self.test().and_then(|t| {
            self.expect(")")?;
            Ok(t)
        });
        match grouped {
            Ok(t) => Ok(t),
            // The try that read further is the one the author meant.
            Err(e) if e.0 >= compare_error.0 => Err(e),
            Err(_) => Err(compare_error),
        }
    }

    fn compare(&mut self) -> Res<Test> {
        let lhs = self.expr()?;
        let op = match self.peek() {
            Tok::Punct("<") => CmpOp::Lt,
            Tok::Punct(">") => CmpOp::Gt,
            Tok::Punct("<=") => CmpOp::Le,
            Tok::Punct(">=") => CmpOp::Ge,
            Tok::Punct("==") => CmpOp::Eq,
            Tok::Punct("!=") => CmpOp::Ne,
            other => {
                return self.fail(format!(
                    "expected a comparison (< > <= >= == !=), found {}",
                    describe(other)
                ));
            }
        };
        self.next();
        Ok(Test::Cmp(op, lhs, self.expr()?))
    }
}

/// An operation on two numbers written out (`10^9`, `-5`) computed once,
/// here, instead of on every run of its command. One that fails (`1/0`)
/// is left as written, to fail where it runs, as in checktestdata.
fn fold(e: Expr) -> Expr {
    let literal = |e: &Expr| match e {
        Expr::Int(i) => Some(Value::Int(i.clone())),
        Expr::Float(f) => Some(Value::Float(f.clone())),
        _ => None,
    };
    let value = match &e {
        Expr::Neg(x) => literal(x).and_then(|v| v.neg().ok()),
        Expr::Bin(op, a, b) => match (literal(a), literal(b)) {
            (Some(a), Some(b)) => match op {
                BinOp::Add => a.add(b),
                BinOp::Sub => a.sub(b),
                BinOp::Mul => a.mul(b),
                BinOp::Div => a.div(b),
                BinOp::Rem => a.rem(b),
                BinOp::Pow => a.pow(b),
            }
            .ok(),
            _ => None,
        },
        _ => None,
    };
    match value {
        Some(Value::Int(i)) => Expr::Int(i),
        Some(Value::Float(f)) => Expr::Float(f),
        _ => e,
    }
}
