//! A parsed checktestdata program: commands in blocks (the loops and
//! `IF` hold their bodies), expressions and tests as trees.

use num_bigint::BigInt;
use num_rational::BigRational;

use crate::pos::Pos;

/// `name` or `name[e1, e2, …]`.
#[derive(Debug, Clone)]
pub(crate) struct VarRef {
    pub name: String,
    pub index: Vec<Expr>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Pow,
}

#[derive(Debug, Clone)]
pub(crate) enum Expr {
    Int(BigInt),
    Float(BigRational),
    Str(Vec<u8>),
    Var(VarRef),
    Neg(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Strlen(Box<Expr>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CmpOp {
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
}

#[derive(Debug, Clone)]
pub(crate) enum Test {
    Not(Box<Test>),
    And(Box<Test>, Box<Test>),
    Or(Box<Test>, Box<Test>),
    Cmp(CmpOp, Expr, Expr),
    IsEof,
    Match(Expr),
    Unique(Vec<String>),
    InArray(Expr, VarRef),
}

/// `FIXED` or `SCIENTIFIC` after a float's variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Notation {
    Any,
    Fixed,
    Scientific,
}

#[derive(Debug, Clone)]
pub(crate) enum Cmd {
    Space,
    Newline,
    Eof,
    Int {
        min: Expr,
        max: Expr,
        var: Option<VarRef>,
    },
    Float {
        min: Expr,
        max: Expr,
        /// FLOATP's decimals range.
        decimals: Option<(Expr, Expr)>,
        var: Option<VarRef>,
        notation: Notation,
    },
    String(Expr),
    Regex(Expr, Option<VarRef>),
    Assert(Test),
    Set(Vec<(VarRef, Expr)>),
    Unset(Vec<String>),
    /// REP / REPI (`var`): `count` times.
    Rep {
        var: Option<VarRef>,
        count: Expr,
        sep: Option<Box<Command>>,
        body: Vec<Command>,
    },
    /// WHILE / WHILEI (`var`).
    While {
        var: Option<VarRef>,
        cond: Test,
        sep: Option<Box<Command>>,
        body: Vec<Command>,
    },
    If {
        cond: Test,
        then: Vec<Command>,
        otherwise: Vec<Command>,
    },
}

/// A command, where it stands, and how it reads (for messages).
#[derive(Debug, Clone)]
pub(crate) struct Command {
    pub cmd: Cmd,
    pub pos: Pos,
    pub text: String,
}
