//! Why one of a problem's own programs is not there to run. A file of
//! its own, needing nothing of the engine, so the engine's
//! [`Error`](crate::error::Error) can hold it without an import circle
//! (the tools build through the runner, which reports that error).

use std::path::PathBuf;

/// Which of a problem's own programs a [`ToolError`] is about, named as
/// messages name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgramRole {
    Reference,
    /// The checker or interactor, or one of its further validators.
    Checker,
    Generator,
    InputValidator,
    AnswerValidator,
    /// A legacy package's custom grader (`graders/`).
    Grader,
    /// The 2025-09 static validator (`static_validator/`).
    StaticValidator,
    /// A package's `input_visualizer/`.
    InputVisualizer,
    /// A package's `output_visualizer/`.
    OutputVisualizer,
}

impl std::fmt::Display for ProgramRole {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ProgramRole::Reference => "reference program",
            ProgramRole::Checker => "checker",
            ProgramRole::Generator => "generator",
            ProgramRole::InputValidator => "input validator",
            ProgramRole::AnswerValidator => "answer validator",
            ProgramRole::Grader => "grader",
            ProgramRole::StaticValidator => "static validator",
            ProgramRole::InputVisualizer => "input visualizer",
            ProgramRole::OutputVisualizer => "output visualizer",
        })
    }
}

/// Why one of a problem's own programs is not there to run. Kept in the
/// build cache and handed to every caller that asks again, hence `Clone`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ToolError {
    /// No runner was started for the run: none of the programs it
    /// foresaw needed one.
    #[error("{problem}: programs of the problem cannot run here")]
    NoRunner { problem: String },
    /// `problem.yaml` names no such program.
    #[error("{problem}: the problem has no {role}")]
    Missing { problem: String, role: ProgramRole },
    /// `graders/` holds no grader, or more than one.
    #[error("{problem}: graders/ holds no one grader program")]
    NoGrader { problem: String },
    /// The compiler rejected it; `log` is the compiler's output.
    #[error("{}: the {role} does not compile:\n{log}", path.display())]
    DoesNotCompile {
        role: ProgramRole,
        path: PathBuf,
        log: String,
    },
    /// judge cannot build or start it here (a missing file, a broken
    /// language entry).
    #[error("the {role}: {why}")]
    Setup { role: ProgramRole, why: String },
    /// Its language's toolchain is not installed here.
    #[error("the {role}: {why}")]
    Unavailable { role: ProgramRole, why: String },
}

/// The message alone, for callers that keep why a program is missing as
/// text (a case's judge error, a report's configuration error).
impl From<ToolError> for String {
    fn from(e: ToolError) -> String {
        e.to_string()
    }
}
