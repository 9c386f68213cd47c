//! The engine's error: what stops a run before it can give a verdict.
//! Verdicts themselves (WA, TLE, a broken case) are data in the report,
//! and a submission that does not build is a
//! [`BuildError`](crate::build::BuildError) its caller decides about.

use crate::build::tools::ToolError;
use crate::problem::ProblemError;
use crate::session::harden::mutation_run::MutationRunError;
use crate::session::harden::state::SaveError;
use crate::session::harden::workshop::WorkshopError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// What was asked cannot be done (an interactive problem to harden,
    /// a group outside `cases/`, a problem without a generator).
    #[error("{0}")]
    Usage(String),
    /// A file or folder could not be read or written.
    #[error(transparent)]
    Io(#[from] judge_fs::PathError),
    /// A problem folder (or its recipe) that does not load.
    #[error(transparent)]
    Problem(#[from] ProblemError),
    /// judge's configuration, read to start a runner.
    #[error(transparent)]
    Config(#[from] judge_problem::error::Error),
    /// A runner that cannot be set up (no sandbox where one is required).
    #[error(transparent)]
    Sandbox(#[from] judge_sandbox::Error),
    /// A submission judge cannot build or start at all (missing compiler,
    /// unknown kind of file); a compile error is a verdict, not this.
    #[error("{0}")]
    Setup(String),
    /// A problem's own program (checker, interactor, validator, reference,
    /// generator) that does not build: the message names the file and
    /// holds the compiler's output.
    #[error("{0}")]
    ProblemProgram(String),
    /// One of a problem's own programs that is not there to run: it does
    /// not build, the problem has none, or nothing can run it here.
    #[error(transparent)]
    Tool(#[from] ToolError),
    /// A package's test data its recipe cannot make: the
    /// [`GenerateError`](crate::generate::GenerateError)'s message (which
    /// holds a [`BuildError`](crate::build::BuildError), so cannot be held
    /// here without an import circle through the runner).
    #[error("{0}")]
    Generated(String),
    /// `judge harden`'s copy of the workspace, where mutants are built,
    /// that cannot be set up or built in.
    #[error(transparent)]
    Workshop(#[from] WorkshopError),
    /// A cargo-mutants run `judge harden` cannot read.
    #[error(transparent)]
    MutationRun(#[from] MutationRunError),
    /// `judge harden`'s record of its progress, not saved.
    #[error(transparent)]
    HardenState(#[from] SaveError),
    /// A reference that fails on its own generated input.
    #[error("{0}")]
    Reference(String),
    /// A merged report's problem whose score needs the package's own
    /// grader program, and the package is not in the problems folder: a
    /// score by the default grader would be wrong, so none is given.
    #[error(
        "{problem}: its score needs the package's own grader (graders/), and the problems folder has no {problem}: give --problems the folder the shards judged"
    )]
    GraderNotFound { problem: String },
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
