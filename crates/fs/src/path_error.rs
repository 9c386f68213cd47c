//! A file or folder that could not be read or written: the I/O fault every
//! crate above reports the same way, `PATH: ACTION: CAUSE`.

use std::path::PathBuf;

/// What went wrong with which path, and what judge was doing to it.
#[derive(Debug, thiserror::Error)]
#[error("{}: {action}: {source}", path.display())]
pub struct PathError {
    pub path: PathBuf,
    /// What judge was doing: "cannot read", "cannot write", …
    pub action: &'static str,
    #[source]
    pub source: std::io::Error,
}

impl PathError {
    /// A closure for `map_err` that names the path and the action.
    pub fn at(
        path: impl Into<PathBuf>,
        action: &'static str,
    ) -> impl FnOnce(std::io::Error) -> PathError {
        let path = path.into();
        move |source| PathError {
            path,
            action,
            source,
        }
    }
}
