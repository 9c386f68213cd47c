//! Why a problem folder does not load, and reading its YAML files with
//! every fault located (`file:line:col`): shared by `problem.yaml`, the
//! groups' settings and the recipe, so each reads its file the same way.

use std::path::{Path, PathBuf};

/// Why a problem folder could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProblemError {
    #[error("{path}: cannot read: {reason}")]
    Unreadable { path: PathBuf, reason: String },
    /// A package that cannot be judged as it stands, with every reason.
    #[error("{}: {}", path.display(), reasons.join("; "))]
    Package { path: PathBuf, reasons: Vec<String> },
    #[error("{path}:{line}:{col}: {reason}")]
    BadSpec {
        path: PathBuf,
        line: usize,
        col: usize,
        reason: String,
    },
}

/// Parses a YAML text into `T`; errors carry `path:line:col`.
pub(crate) fn parse_yaml<T: serde::de::DeserializeOwned>(
    path: &Path,
    text: &str,
) -> Result<T, ProblemError> {
    crate::located::yaml(text).map_err(|e| bad_spec(path, e))
}

pub(crate) fn bad_spec(path: &Path, e: crate::scan::InputError) -> ProblemError {
    ProblemError::BadSpec {
        path: path.to_path_buf(),
        line: e.line,
        col: e.col,
        reason: e.message,
    }
}

/// The error about `key` (dotted, `""` for the file as a whole) of the
/// YAML file `path` holding `text`, placed at the line that sets the key.
pub(crate) fn bad_key(path: &Path, text: &str, key: &str, reason: String) -> ProblemError {
    let keys: Vec<&str> = key.split('.').filter(|k| !k.is_empty()).collect();
    let (line, col) = crate::located::key(text, &keys);
    bad_spec(path, crate::scan::InputError::new(line, col, reason))
}

/// Reads a settings file as text; bytes that are not UTF-8 are an error
/// with their place, like any other fault in the file.
pub fn read_settings(path: &Path) -> Result<String, ProblemError> {
    match crate::located::read(path) {
        Ok(Ok(text)) => Ok(text),
        Ok(Err(e)) => Err(bad_spec(path, e)),
        Err(e) => Err(ProblemError::Unreadable {
            path: path.to_path_buf(),
            reason: e.to_string(),
        }),
    }
}
