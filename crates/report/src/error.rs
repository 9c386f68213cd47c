//! What stops reading, merging or writing reports.

/// A report that cannot be read, merged or written.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file or folder could not be read or written.
    #[error(transparent)]
    Io(#[from] judge_fs::PathError),
    /// A file given as a judge report is not one; `at` is `path:line:col`.
    #[error("{at}: not a judge report: {reason}")]
    NotAReport { at: String, reason: String },
    /// Reports that cannot be merged or compared (different test sets,
    /// missing shards, …).
    #[error("{0}")]
    Reports(String),
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
