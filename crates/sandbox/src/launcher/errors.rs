//! Why the launcher process could not serve, or could not start what a
//! request asked for. Typed here; judge receives them as text (the ready
//! message, a result's `error`), since they cross a process boundary.

use std::ffi::NulError;
use std::io;
use std::path::PathBuf;

use super::namespace::MountError;
use crate::confine::{LandlockError, SeccompError};

/// A launcher command line judge did not write.
#[derive(Debug, thiserror::Error)]
pub(super) enum ConfigError {
    #[error("{0} needs a value")]
    MissingValue(String),
    /// The option's value does not parse.
    #[error("bad {0}")]
    BadValue(&'static str),
    #[error("unknown launcher option {0}")]
    Unknown(String),
}

/// Why the launcher could not start serving: sent as its ready message,
/// which judge shows as why the sandbox does not work.
#[derive(Debug, thiserror::Error)]
pub(super) enum SetUpError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// bubblewrap's `--as-pid-1` did not hold: the kill of everything
    /// after a case would reach too far.
    #[error("the sandboxed launcher must be PID 1 of its namespace")]
    NotPid1,
    /// A cgroup folder's path with a NUL byte.
    #[error("{0}")]
    Nul(#[from] NulError),
    #[error("cannot open {}: {source}", .dir.display())]
    OpenCgroup { dir: PathBuf, source: io::Error },
    #[error("cannot set up the mounts: {0}")]
    Mounts(#[source] MountError),
    #[error("cannot mount a private /tmp: {0}")]
    Tmp(#[source] MountError),
}

/// Why none of a request's programs could be started: each is answered
/// with it.
#[derive(Debug, thiserror::Error)]
pub(super) enum RequestError {
    #[error("cannot mount /tmp: {0}")]
    Tmp(#[source] MountError),
    /// A folder the request may write could not be made writable (the
    /// message names it).
    #[error(transparent)]
    Writable(MountError),
    /// The second layer's stand-in for a private `/tmp`.
    #[error("cannot make a scratch folder: {0}")]
    Scratch(#[source] io::Error),
}

/// Why one program of a request could not be started.
#[derive(Debug, thiserror::Error)]
pub(super) enum StartError {
    #[error("empty command")]
    EmptyCommand,
    /// A word of its command line, environment or paths that no system
    /// call can take.
    #[error("{0:?} holds a NUL byte")]
    NulByte(String),
    #[error("cannot make a pipe: {0}")]
    Pipe(#[source] io::Error),
    #[error("cannot start a process: {0}")]
    Spawn(#[source] io::Error),
    /// The child's exec failed: the program is not there, or not runnable.
    #[error("could not exec {path}: {source}")]
    Exec { path: String, source: io::Error },
    #[error("could not change to the working folder ({cwd}): {source}")]
    Chdir { cwd: String, source: io::Error },
    /// Another step of the child's set-up (one of `child::STEPS`).
    #[error("could not {step}: {source}")]
    Step {
        step: &'static str,
        source: io::Error,
    },
    #[error(transparent)]
    Landlock(#[from] LandlockError),
    /// The filters are compiled once per launcher; every program after a
    /// failure shares that one error.
    #[error(transparent)]
    Seccomp(&'static SeccompError),
}
