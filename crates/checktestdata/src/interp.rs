//! Running a program over an input, byte for byte as checktestdata reads
//! it: SPACE is one space, NEWLINE one `\n`, nothing is skipped, and the
//! program ends with an implicit EOF.
//!
//! Two kinds of stop are kept apart: the input does not match (a
//! [`Rejection`], placed at the failing byte), or the program is wrong
//! (an undefined variable, a string where a number belongs: a
//! [`ProgramError`] at the command).

use std::collections::{BTreeMap, HashMap};

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;

use crate::ast::{BinOp, Cmd, CmpOp, Command, Expr, Notation, Test, VarRef};
use crate::error::{Failure, Mistake, ProgramError, Rejection, Stop};
use crate::eval_error::{EvalError, show_index};
use crate::input::Cursor;
use crate::lexer::show_byte;
use crate::numbers;
use crate::pattern::Patterns;
use crate::pos::Pos;
use crate::value::Value;

/// An array variable (a plain one has the empty index), and how many
/// indices hold each value, for INARRAY.
#[derive(Default)]
struct Array {
    values: BTreeMap<Vec<BigInt>, Value>,
    counts: BTreeMap<Value, usize>,
}

pub(crate) struct Interp<'a> {
    file: &'a str,
    input: Cursor<'a>,
    vars: HashMap<String, Array>,
    patterns: Patterns,
}

impl<'a> Interp<'a> {
    pub(crate) fn new(file: &'a str, data: &'a [u8]) -> Interp<'a> {
        Interp {
            file,
            input: Cursor::new(data),
            vars: HashMap::new(),
            patterns: Patterns::default(),
        }
    }

    /// Runs `program`, then the implicit EOF (at `end`, the program's end).
    pub(crate) fn run(&mut self, program: &[Command], end: Pos) -> Result<(), Failure> {
        self.block(program)?;
        if !self.input.eof() {
            let (at, offset) = self.input.place();
            let found = show_byte(self.input.peek().unwrap_or(0));
            return Err(Failure::Rejected(Box::new(Rejection {
                at,
                offset,
                message: format!(
                    "expected the end of the input (the program is done), found {found}"
                ),
                command: "the implicit EOF at the end of the program".into(),
                program: ProgramError::new(self.file, end, ""),
            })));
        }
        Ok(())
    }

    fn place(&self, cmd: &Command, stop: Stop) -> Failure {
        let program = ProgramError::new(self.file, cmd.pos, "");
        match stop {
            Stop::Program(message) => Failure::Program(ProgramError {
                message: format!("{}: {message}", cmd.text),
                ..program
            }),
            Stop::Reject(start, message) => {
                let (at, offset) = match start {
                    Some(o) => self.input.place_of(o),
                    None => self.input.place(),
                };
                Failure::Rejected(Box::new(Rejection {
                    at,
                    offset,
                    message,
                    command: cmd.text.clone(),
                    program,
                }))
            }
        }
    }

    fn block(&mut self, cmds: &[Command]) -> Result<(), Failure> {
        for cmd in cmds {
            self.command(cmd)?;
        }
        Ok(())
    }

    fn command(&mut self, cmd: &Command) -> Result<(), Failure> {
        match &cmd.cmd {
            Cmd::Rep {
                var,
                count,
                sep,
                body,
            } => {
                if let Some(v) = var {
                    self.set(v, Value::Int(0.into()))
                        .map_err(|s| self.place(cmd, s))?;
                }
                let n = match self.eval(count).map_err(|s| self.place(cmd, s.into()))? {
                    Value::Int(n) => n.to_u64().ok_or_else(|| {
                        self.place(cmd, Mistake::CountOutOfRange(n.clone()).into())
                    })?,
                    other => {
                        let why = Mistake::CountNotInteger(other.kind());
                        return Err(self.place(cmd, why.into()));
                    }
                };
                for i in 0..n {
                    self.iteration(cmd, i, var, sep, body)?;
                }
                Ok(())
            }
            Cmd::While {
                var,
                cond,
                sep,
                body,
            } => {
                if let Some(v) = var {
                    self.set(v, Value::Int(0.into()))
                        .map_err(|s| self.place(cmd, s))?;
                }
                let mut i = 0u64;
                while self.test(cond).map_err(|s| self.place(cmd, s))? {
                    self.iteration(cmd, i, var, sep, body)?;
                    i += 1;
                }
                Ok(())
            }
            Cmd::If {
                cond,
                then,
                otherwise,
            } => match self.test(cond).map_err(|s| self.place(cmd, s))? {
                true => self.block(then),
                false => self.block(otherwise),
            },
            _ => self.token(cmd).map_err(|s| self.place(cmd, s)),
        }
    }

    /// Iteration `i` of a loop: the separator (not before the first),
    /// the body, then the loop variable counts it.
    fn iteration(
        &mut self,
        cmd: &Command,
        i: u64,
        var: &Option<VarRef>,
        sep: &Option<Box<Command>>,
        body: &[Command],
    ) -> Result<(), Failure> {
        if let Some(s) = sep.as_deref().filter(|_| i > 0) {
            self.command(s)?;
        }
        self.block(body)?;
        if let Some(v) = var {
            self.set(v, Value::Int((i + 1).into()))
                .map_err(|s| self.place(cmd, s))?;
        }
        Ok(())
    }

    /// A command that reads or checks one thing.
    fn token(&mut self, cmd: &Command) -> Result<(), Stop> {
        match &cmd.cmd {
            Cmd::Space => self.byte(b' ', "a space"),
            Cmd::Newline => self.byte(b'\n', "a newline"),
            Cmd::Eof => match self.input.peek() {
                None => Ok(()),
                Some(b) => Err(Stop::Reject(
                    None,
                    format!("expected the end of the input, found {}", show_byte(b)),
                )),
            },
            Cmd::Int { min, max, var } => self.read_int(min, max, var),
            Cmd::Float {
                min,
                max,
                decimals,
                var,
                notation,
            } => self.read_float((min, max), decimals, var, *notation),
            Cmd::String(e) => self.read_string(e),
            Cmd::Regex(e, var) => self.read_regex(e, var),
            Cmd::Assert(t) => match self.test(t)? {
                true => Ok(()),
                false => Err(Stop::Reject(None, "assertion failed".into())),
            },
            Cmd::Set(list) => {
                for (v, e) in list {
                    let value = self.eval(e)?;
                    self.set(v, value)?;
                }
                Ok(())
            }
            Cmd::Unset(names) => {
                for n in names {
                    self.vars.remove(n);
                }
                Ok(())
            }
            Cmd::Rep { .. } | Cmd::While { .. } | Cmd::If { .. } => {
                Err(Mistake::BlockAsCommand.into())
            }
        }
    }

    /// The value a command read, into its variable if it names one.
    fn keep(&mut self, var: &Option<VarRef>, value: Value) -> Result<(), Stop> {
        match var {
            Some(v) => self.set(v, value),
            None => Ok(()),
        }
    }

    /// INT: an integer in `[min, max]`.
    fn read_int(&mut self, min: &Expr, max: &Expr, var: &Option<VarRef>) -> Result<(), Stop> {
        let n = numbers::read_int(&mut self.input)?;
        let (lo, hi) = (self.int(min)?, self.int(max)?);
        let start = Some(self.input.at - n.1);
        if n.0 < lo || n.0 > hi {
            return Err(Stop::Reject(
                start,
                format!("integer {} out of range [{lo}, {hi}]", n.0),
            ));
        }
        self.keep(var, Value::Int(n.0))
    }

    /// FLOAT and FLOATP: a number in `[min, max]` in `notation`, with
    /// FLOATP's count of decimals in its range.
    fn read_float(
        &mut self,
        (min, max): (&Expr, &Expr),
        decimals: &Option<(Expr, Expr)>,
        var: &Option<VarRef>,
        notation: Notation,
    ) -> Result<(), Stop> {
        let range = match decimals {
            Some((lo, hi)) => Some((self.decimals(lo)?, self.decimals(hi)?)),
            None => None,
        };
        if let Some((lo, hi)) = range
            && lo > hi
        {
            return Err(Mistake::EmptyDecimals { lo, hi }.into());
        }
        let start = self.input.at;
        let x = numbers::read_float(&mut self.input, notation, range)?;
        let lo = self.number(min)?;
        let hi = self.number(max)?;
        if x < lo || x > hi {
            let text = String::from_utf8_lossy(&self.input.data[start..self.input.at]).into_owned();
            let (l, h) = (Value::Float(lo), Value::Float(hi));
            return Err(Stop::Reject(
                Some(start),
                format!("float {text} out of range [{l}, {h}]"),
            ));
        }
        self.keep(var, Value::Float(x))
    }

    /// STRING: the string's bytes, exactly.
    fn read_string(&mut self, e: &Expr) -> Result<(), Stop> {
        let s = self.string(e)?;
        for &want in &s {
            match self.input.peek() {
                Some(b) if b == want => self.input.bump(),
                found => {
                    let found = found.map_or("the end of the input".into(), show_byte);
                    let full = String::from_utf8_lossy(&s);
                    return Err(Stop::Reject(
                        None,
                        format!(
                            "expected {} of the string {full:?}, found {found}",
                            show_byte(want)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// REGEX: the longest match of the pattern.
    fn read_regex(&mut self, e: &Expr, var: &Option<VarRef>) -> Result<(), Stop> {
        let pattern = self.string(e)?;
        let Some(len) = self.patterns.longest(&pattern, self.input.rest())? else {
            let found = self
                .input
                .peek()
                .map_or("the end of the input".into(), show_byte);
            let p = String::from_utf8_lossy(&pattern);
            return Err(Stop::Reject(
                None,
                format!("expected a match of the regex {p:?}, found {found}"),
            ));
        };
        let matched = self.input.rest()[..len].to_vec();
        for _ in 0..len {
            self.input.bump();
        }
        self.keep(var, Value::Str(matched))
    }

    fn byte(&mut self, want: u8, what: &str) -> Result<(), Stop> {
        match self.input.peek() {
            Some(b) if b == want => {
                self.input.bump();
                Ok(())
            }
            Some(b) => Err(Stop::Reject(
                None,
                format!("expected {what}, found {}", show_byte(b)),
            )),
            None => Err(Stop::Reject(
                None,
                format!("expected {what}, found the end of the input"),
            )),
        }
    }

    fn decimals(&mut self, e: &Expr) -> Result<usize, Stop> {
        match self.eval(e)? {
            Value::Int(n) => n
                .to_usize()
                .filter(|&n| n < i32::MAX as usize)
                .ok_or_else(|| Mistake::DecimalsOutOfRange(n.clone()).into()),
            other => Err(Mistake::DecimalsNotInteger(other.kind()).into()),
        }
    }

    fn int(&mut self, e: &Expr) -> Result<BigInt, Stop> {
        match self.eval(e)? {
            Value::Int(n) => Ok(n),
            other => Err(Mistake::IntBoundNotInteger(other.kind()).into()),
        }
    }

    fn number(&mut self, e: &Expr) -> Result<BigRational, Stop> {
        let v = self.eval(e)?;
        v.number()
            .ok_or_else(|| Mistake::FloatBoundNotNumber(v.kind()).into())
    }

    fn string(&mut self, e: &Expr) -> Result<Vec<u8>, Stop> {
        match self.eval(e)? {
            Value::Str(s) => Ok(s),
            other => Err(Mistake::NotAString(other.kind()).into()),
        }
    }

    fn index(&mut self, v: &VarRef) -> Result<Vec<BigInt>, EvalError> {
        v.index
            .iter()
            .map(|e| match self.eval(e)? {
                Value::Int(i) => Ok(i),
                other => Err(EvalError::IndexNotInteger {
                    name: v.name.clone(),
                    kind: other.kind(),
                }),
            })
            .collect()
    }

    fn set(&mut self, v: &VarRef, value: Value) -> Result<(), Stop> {
        let index = self.index(v)?;
        if !self.vars.contains_key(&v.name) {
            self.vars.insert(v.name.clone(), Array::default());
        }
        let array = self.vars.get_mut(&v.name).expect("inserted above");
        if let Some(old) = array.values.insert(index, value.clone())
            && let Some(n) = array.counts.get_mut(&old)
        {
            *n -= 1;
            if *n == 0 {
                array.counts.remove(&old);
            }
        }
        *array.counts.entry(value).or_default() += 1;
        Ok(())
    }

    fn get(&mut self, v: &VarRef) -> Result<Value, EvalError> {
        let index = self.index(v)?;
        match self.vars.get(&v.name).and_then(|a| a.values.get(&index)) {
            Some(value) => Ok(value.clone()),
            None => Err(EvalError::Undefined {
                name: v.name.clone(),
                index,
            }),
        }
    }

    fn eval(&mut self, e: &Expr) -> Result<Value, EvalError> {
        Ok(match e {
            Expr::Int(i) => Value::Int(i.clone()),
            Expr::Float(f) => Value::Float(f.clone()),
            Expr::Str(s) => Value::Str(s.clone()),
            Expr::Var(v) => self.get(v)?,
            Expr::Neg(x) => self.eval(x)?.neg()?,
            Expr::Strlen(x) => match self.eval(x)? {
                Value::Str(s) => Value::Int(s.len().into()),
                other => return Err(EvalError::StrlenNotString(other.kind())),
            },
            Expr::Bin(op, a, b) => {
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                match op {
                    BinOp::Add => a.add(b)?,
                    BinOp::Sub => a.sub(b)?,
                    BinOp::Mul => a.mul(b)?,
                    BinOp::Div => a.div(b)?,
                    BinOp::Rem => a.rem(b)?,
                    BinOp::Pow => a.pow(b)?,
                }
            }
        })
    }

    fn test(&mut self, t: &Test) -> Result<bool, Stop> {
        Ok(match t {
            Test::Not(t) => !self.test(t)?,
            Test::And(a, b) => self.test(a)? && self.test(b)?,
            Test::Or(a, b) => self.test(a)? || self.test(b)?,
            Test::Cmp(op, a, b) => {
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                let ord = a.compare(&b)?;
                match op {
                    CmpOp::Lt => ord.is_lt(),
                    CmpOp::Gt => ord.is_gt(),
                    CmpOp::Le => ord.is_le(),
                    CmpOp::Ge => ord.is_ge(),
                    CmpOp::Eq => ord.is_eq(),
                    CmpOp::Ne => ord.is_ne(),
                }
            }
            Test::IsEof => self.input.eof(),
            Test::Match(e) => {
                let set = self.string(e)?;
                self.input.peek().is_some_and(|b| set.contains(&b))
            }
            Test::InArray(e, v) => {
                let value = self.eval(e)?;
                let array = self.vars.get(&v.name).ok_or_else(|| undefined(&v.name))?;
                array.counts.contains_key(&value)
            }
            Test::Unique(names) => self.unique(names)?,
        })
    }

    /// UNIQUE(a, b, …): the arrays have the same indices, and the tuples
    /// (`a[i]`, `b[i]`, …) differ. A failure of either is the input's.
    fn unique(&self, names: &[String]) -> Result<bool, Stop> {
        let arrays = names
            .iter()
            .map(|n| self.vars.get(n).ok_or_else(|| undefined(n)))
            .collect::<Result<Vec<_>, _>>()?;
        let first = arrays[0];
        for (n, a) in names.iter().zip(&arrays).skip(1) {
            if a.values.len() != first.values.len() {
                return Err(Stop::Reject(
                    None,
                    format!("UNIQUE: {} and {n} have different indices", names[0]),
                ));
            }
        }
        let mut seen: BTreeMap<Vec<&Value>, &Vec<BigInt>> = BTreeMap::new();
        for index in first.values.keys() {
            let mut tuple = Vec::with_capacity(arrays.len());
            for (n, a) in names.iter().zip(&arrays) {
                let Some(v) = a.values.get(index) else {
                    return Err(Stop::Reject(
                        None,
                        format!("UNIQUE: {n} has no index {}", show_index(index)),
                    ));
                };
                tuple.push(v);
            }
            if let Some(earlier) = seen.insert(tuple.clone(), index) {
                let values: Vec<String> = tuple.iter().map(ToString::to_string).collect();
                let why = format!(
                    "UNIQUE: ({}) at index {} again at index {}",
                    values.join(","),
                    show_index(earlier),
                    show_index(index)
                );
                return Err(Stop::Reject(None, why));
            }
        }
        Ok(true)
    }
}

/// The whole of variable `name` is undefined (no element is set).
fn undefined(name: &str) -> EvalError {
    EvalError::Undefined {
        name: name.to_string(),
        index: Vec::new(),
    }
}
