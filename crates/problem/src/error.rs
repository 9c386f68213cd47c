//! The one error type of judge: everything that stops a command before it
//! can give a verdict. Verdicts themselves (WA, TLE, a broken case) are not
//! errors; they are data in the report.
//!
//! Each variant carries what a person needs to fix the problem (the path,
//! the underlying cause), and [`Error::code`] is the exit status, so `main`
//! never has to guess.

use std::path::PathBuf;

use crate::problem::ProblemError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The command line asks for something impossible (unknown problem,
    /// bad combination of flags, an existing output path).
    #[error("{0}")]
    Usage(String),
    /// A file or folder could not be read or written.
    #[error("{}: {action}: {source}", path.display())]
    Io {
        path: PathBuf,
        /// What judge was doing: "cannot read", "cannot write", …
        action: &'static str,
        #[source]
        source: std::io::Error,
    },
    /// A problem folder that does not load.
    #[error(transparent)]
    Problem(#[from] ProblemError),
    /// A file given as a judge report is not one; `at` is `path:line:col`.
    #[error("{at}: not a judge report: {reason}")]
    NotAReport { at: String, reason: String },
    /// Reports that cannot be merged or compared (different test sets,
    /// missing shards, …).
    #[error("{0}")]
    Reports(String),
    /// A problem package that cannot be read or written as asked.
    #[error("{}: {reason}", path.display())]
    Package { path: PathBuf, reason: String },
    /// A Markdown statement that cannot be converted to LaTeX (for a
    /// legacy package): the file, where, and what is not supported.
    #[error("{}:{line}:{col}: {reason}", path.display())]
    Statement {
        path: PathBuf,
        line: usize,
        col: usize,
        reason: String,
    },
    /// A submission judge cannot build or start at all (missing compiler,
    /// unknown kind of file); a compile error is a verdict, not this.
    #[error("{0}")]
    Setup(String),
    /// A problem's own program (checker, interactor, validator, reference,
    /// generator) that does not build: the message names the file and
    /// holds the compiler's output.
    #[error("{0}")]
    ProblemProgram(String),
    /// `--sandbox on` and no sandbox can be made here.
    #[error("--sandbox on: {0}")]
    Sandbox(String),
    /// A reference solver that fails on its own generated input.
    #[error("{0}")]
    Reference(String),
}

impl Error {
    /// The process exit status for this error. Every error is a usage or
    /// configuration fault (2); 1 is kept for "some case failed".
    pub fn code(&self) -> i32 {
        2
    }

    /// A closure for `map_err` that names the path and the action (built
    /// on the sandbox's, whose `Io` fault converts to this type's).
    pub fn io(
        path: impl Into<PathBuf>,
        action: &'static str,
    ) -> impl FnOnce(std::io::Error) -> Error {
        let fault = judge_sandbox::Error::io(path, action);
        move |source| Error::from(fault(source))
    }
}

/// A runner that cannot be set up: the same messages as judge's own.
impl From<judge_sandbox::Error> for Error {
    fn from(e: judge_sandbox::Error) -> Error {
        match e {
            judge_sandbox::Error::Io {
                path,
                action,
                source,
            } => Error::Io {
                path,
                action,
                source,
            },
            judge_sandbox::Error::Sandbox(why) => Error::Sandbox(why),
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
