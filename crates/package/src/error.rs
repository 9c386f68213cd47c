//! What stops reading or writing a package as asked.

use std::path::PathBuf;

/// A package (or a problem to export as one) that cannot be handled.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file or folder could not be read or written.
    #[error(transparent)]
    Io(#[from] judge_fs::PathError),
    /// What was asked cannot be done (a path that exists, a format that
    /// cannot say what the problem does): nothing was written.
    #[error("{0}")]
    Refused(String),
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
    /// A YAML file judge writes (`problem.yaml`, `judge.yaml`) that
    /// serde_yaml could not render: the file it was for, and why.
    #[error("{}: {source}", path.display())]
    Yaml {
        path: PathBuf,
        source: serde_yaml::Error,
    },
    /// A BAPCtools recipe that does not read:
    /// `generators/generators.yaml:line:col: why`.
    #[error(transparent)]
    Recipe(#[from] crate::generators::RecipeError),
}

impl Error {
    /// A closure for `map_err` that names the path and the action.
    pub fn io(
        path: impl Into<PathBuf>,
        action: &'static str,
    ) -> impl FnOnce(std::io::Error) -> Error {
        let at = judge_fs::PathError::at(path, action);
        move |source| Error::Io(at(source))
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
