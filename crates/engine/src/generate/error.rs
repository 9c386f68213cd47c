//! Why a package's recipe did not give its data: each failure names the
//! case (`data/secret/…`), the program and how its run ended, so the
//! package's author knows what to run to see it.

use std::path::PathBuf;

use judge_sandbox::execution::{End, Execution};

use crate::build::BuildError;
use crate::package::generators::RECIPE;

/// Why the data of a package's recipe could not be made.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// The recipe (`generators/generators.yaml`) cannot be read.
    #[error("{}: {source}", RECIPE)]
    ReadRecipe {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The recipe does not parse.
    #[error(transparent)]
    Recipe(#[from] crate::package::error::Error),
    /// A file or folder of the data being made cannot be written (or a
    /// file it copies read).
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The whole data cannot take its place (`to`) once made.
    #[error("cannot move the generated data to {}", to.display())]
    Move { to: PathBuf, source: std::io::Error },
    /// A judged case without an answer, and no `solution:` to write it.
    #[error("data/{case}: no answer, and no solution: in the recipe to write it")]
    NoSolution { case: String },
    /// The solution that writes answers does not build.
    #[error("the solution {}: {source}", solution.display())]
    SolutionBuild {
        solution: PathBuf,
        source: BuildError,
    },
    /// The solution failed on a case's input.
    #[error(
        "data/{case}: the solution {} failed to write its answer: {failure}",
        solution.display()
    )]
    SolutionFailed {
        case: String,
        solution: PathBuf,
        failure: Box<RunFailure>,
    },
    /// No folder could be made for a generator's files.
    #[error("the generator {name}: {source}")]
    GeneratorArea {
        name: String,
        source: judge_sandbox::Error,
    },
    /// The folder a generator's files are gathered in cannot be made.
    #[error("the generator {name}: {source}")]
    GeneratorFolder {
        name: String,
        dir: PathBuf,
        source: std::io::Error,
    },
    /// One of a generator's files cannot be copied to be built.
    #[error("the generator {name}: {}: {source}", path.display())]
    GeneratorFile {
        name: String,
        path: PathBuf,
        source: std::io::Error,
    },
    /// The recipe names a generator that is nowhere.
    #[error(
        "the generator {name}: no such program (generators/{name}, or a name under generators:)"
    )]
    NoSuchGenerator { name: String },
    /// A generator that does not build.
    #[error("the generator {name}: {source}")]
    GeneratorBuild { name: String, source: BuildError },
    /// No empty folder could be made for a generator's run.
    #[error(transparent)]
    Scratch(judge_sandbox::Error),
    /// Every try of a generator on a case failed; `why` is the last
    /// try's failure (`None`: the case allows no try).
    #[error(
        "data/{case}: the generator failed: `{command}`: {}",
        why.as_ref().map(ToString::to_string).unwrap_or_default()
    )]
    GeneratorFailed {
        case: String,
        command: String,
        why: Option<GeneratorFault>,
    },
}

/// How one try of a generator failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GeneratorFault {
    /// It exited 0 but made no input: an empty case is never what a
    /// generator meant.
    #[error("it exited 0 but wrote no input (stdout or testcase.in)")]
    NoInput,
    /// It ended otherwise than by exiting 0.
    #[error(transparent)]
    Ended(Box<RunFailure>),
}

/// How a problem program's run went wrong, with the end of what it wrote
/// to standard error.
#[derive(Debug, Clone, PartialEq)]
pub struct RunFailure {
    pub end: End,
    /// The end of its standard error, trimmed (empty when it said
    /// nothing).
    pub said: String,
}

impl RunFailure {
    /// Boxed: an error that holds one stays small to pass around.
    pub(crate) fn of(exec: &Execution) -> Box<RunFailure> {
        Box::new(RunFailure {
            end: exec.end.clone(),
            said: String::from_utf8_lossy(&exec.stderr_tail)
                .trim()
                .to_string(),
        })
    }
}

impl std::fmt::Display for RunFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.end {
            End::Exited(code) => write!(f, "exit code {code}")?,
            End::Signaled(sig) => write!(f, "killed by signal {sig}")?,
            End::TimedOut { limit, .. } => write!(f, "over its time limit of {limit:?}")?,
            End::MemoryExceeded { limit } => write!(f, "over its memory limit of {limit} bytes")?,
            End::OutputExceeded { limit, .. } => {
                write!(f, "over its output limit of {limit} bytes")?
            }
            End::CouldNotRun(why) => write!(f, "could not run: {why}")?,
            other => write!(f, "{other:?}")?,
        }
        match self.said.as_str() {
            "" => Ok(()),
            said => write!(f, "; it said: {said}"),
        }
    }
}

impl std::error::Error for RunFailure {}
