//! The two ways a check ends badly: the program is wrong (a mistake in the
//! `.ctd` file, found while parsing or while running it), or the input
//! does not match it. Both name places: the program's `file:line:col`, and
//! for an input its line, column and byte offset.

use std::fmt;

use num_bigint::BigInt;

use crate::eval_error::EvalError;
use crate::pattern::PatternError;
use crate::pos::Pos;
use crate::value::{Kind, ValueError};

/// A mistake in the program: `file:line:col: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgramError {
    pub file: String,
    pub pos: Pos,
    pub message: String,
}

impl ProgramError {
    pub(crate) fn new(file: &str, pos: Pos, message: impl Into<String>) -> ProgramError {
        ProgramError {
            file: file.to_string(),
            pos,
            message: message.into(),
        }
    }
}

impl fmt::Display for ProgramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Pos { line, col } = self.pos;
        write!(f, "{}:{line}:{col}: {}", self.file, self.message)
    }
}

impl std::error::Error for ProgramError {}

/// An input the program rejects: where in the input, what was expected
/// there, and which command of the program expected it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    /// The failing byte's place in the input (1-based line and column).
    pub at: Pos,
    /// Its byte offset from the start of the input.
    pub offset: usize,
    /// What was expected and what was found.
    pub message: String,
    /// The command, as written (shortened).
    pub command: String,
    /// The command's place in the program.
    pub program: ProgramError,
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Pos { line, col } = self.at;
        let p = &self.program;
        write!(
            f,
            "input line {line} column {col} (byte {}): {} [{}:{}:{}: {}]",
            self.offset, self.message, p.file, p.pos.line, p.pos.col, self.command
        )
    }
}

impl std::error::Error for Rejection {}

/// Why a check did not accept its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The input does not match the program.
    Rejected(Box<Rejection>),
    /// The program went wrong while running (an undefined variable, a
    /// string where a number belongs): the program's fault, not the
    /// input's.
    Program(ProgramError),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Rejected(r) => r.fmt(f),
            Failure::Program(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Failure {}

/// Why a command stopped, before it is placed.
pub(crate) enum Stop {
    /// The input does not match: what was expected, and from which byte
    /// (the token's start; `None`: where the cursor is).
    Reject(Option<usize>, String),
    /// The program is wrong (boxed: rare, and a stop travels back
    /// through every command that reads the input).
    Program(Box<Mistake>),
}

/// A mistake of the program found while running it: a value of the wrong
/// sort where a command needs a number or a string, or an expression
/// without a value. Placed at its command, it becomes a [`ProgramError`].
#[derive(Debug, thiserror::Error)]
pub(crate) enum Mistake {
    #[error(transparent)]
    Eval(#[from] EvalError),
    #[error(transparent)]
    Pattern(#[from] PatternError),
    #[error("the count {0} is negative or too large")]
    CountOutOfRange(BigInt),
    #[error("the count must be an integer, not {0}")]
    CountNotInteger(Kind),
    #[error("the decimals range [{lo}, {hi}] is empty")]
    EmptyDecimals { lo: usize, hi: usize },
    #[error("the number of decimals {0} is out of range")]
    DecimalsOutOfRange(BigInt),
    #[error("the number of decimals must be an integer, not {0}")]
    DecimalsNotInteger(Kind),
    #[error("a bound of INT must be an integer, not {0}")]
    IntBoundNotInteger(Kind),
    #[error("a bound of FLOAT must be a number, not {0}")]
    FloatBoundNotNumber(Kind),
    /// STRING, REGEX or MATCH given something else than a string.
    #[error("expected a string, not {0}")]
    NotAString(Kind),
    /// A loop or IF where a separator, which reads one thing, belongs.
    #[error("a block where one command belongs")]
    BlockAsCommand,
    /// Digits the integer parser refused after the reader took them.
    #[error("unreadable integer")]
    UnreadableInteger,
}

impl From<Mistake> for Stop {
    fn from(m: Mistake) -> Stop {
        Stop::Program(Box::new(m))
    }
}

impl From<EvalError> for Stop {
    fn from(e: EvalError) -> Stop {
        Mistake::Eval(e).into()
    }
}

impl From<ValueError> for Stop {
    fn from(e: ValueError) -> Stop {
        EvalError::Value(e).into()
    }
}

impl From<PatternError> for Stop {
    fn from(e: PatternError) -> Stop {
        Mistake::Pattern(e).into()
    }
}
