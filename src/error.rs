//! The command line's error: every crate's own error, converted here, and
//! the faults of the command line itself. Whatever stops a command is a
//! usage or configuration fault, exit 2 ([`crate::exit`]).

use crate::problem::ProblemError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The command line asks for something impossible (unknown problem,
    /// bad combination of flags, an existing output path).
    #[error("{0}")]
    Usage(String),
    /// A file or folder could not be read or written.
    #[error(transparent)]
    Io(#[from] judge_fs::PathError),
    /// A problem folder that does not load, or judge's configuration.
    #[error(transparent)]
    Problem(#[from] judge_problem::error::Error),
    /// The language table the configuration makes.
    #[error(transparent)]
    Languages(#[from] judge_languages::Error),
    /// The engine could not run what was asked.
    #[error(transparent)]
    Engine(#[from] judge_engine::error::Error),
    /// A package that cannot be read or written as asked.
    #[error(transparent)]
    Package(#[from] judge_package::error::Error),
    /// Reports that cannot be read, merged or written.
    #[error(transparent)]
    Report(#[from] judge_report::error::Error),
    /// A runner that cannot be set up.
    #[error(transparent)]
    Sandbox(#[from] judge_sandbox::Error),
}

impl From<ProblemError> for Error {
    fn from(e: ProblemError) -> Error {
        Error::Problem(e.into())
    }
}

impl Error {
    /// A closure for `map_err` that names the path and the action.
    pub fn io(
        path: impl Into<std::path::PathBuf>,
        action: &'static str,
    ) -> impl FnOnce(std::io::Error) -> Error {
        let at = judge_fs::PathError::at(path, action);
        move |source| Error::Io(at(source))
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
