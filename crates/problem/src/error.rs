//! The problem crate's error: what stops reading a problem folder or
//! judge's configuration. Verdicts (WA, TLE, a broken case) are not
//! errors; they are data in the report. What the command line, the
//! engine, packages and reports can fail at is their own crates' errors,
//! and the exit status of each is the command line's to decide.

use crate::problem::ProblemError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file or folder could not be read or written.
    #[error(transparent)]
    Io(#[from] judge_fs::PathError),
    /// A problem folder that does not load.
    #[error(transparent)]
    Problem(#[from] ProblemError),
    /// judge's configuration file (`judge-config.yaml`) that does not
    /// read, or asks for what cannot be: `file:line:col: reason`.
    #[error("{0}")]
    Config(String),
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
