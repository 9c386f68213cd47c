//! Verdicts: the one word every case ends with.
//!
//! The judging verdicts (AC … CE) follow the ICPC vocabulary so reports read
//! the same as a contest system's. Three more say the *test set* is at fault
//! rather than the program under test; keeping them apart stops a broken case
//! from being mistaken for a wrong answer.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Verdict {
    #[serde(rename = "AC")]
    Accepted,
    #[serde(rename = "WA")]
    WrongAnswer,
    /// Right under a looser compare mode than the problem's (e.g. spaces).
    #[serde(rename = "PE")]
    PresentationError,
    #[serde(rename = "TLE")]
    TimeLimit,
    #[serde(rename = "MLE")]
    MemoryLimit,
    #[serde(rename = "RE")]
    RuntimeError,
    #[serde(rename = "OLE")]
    OutputLimit,
    #[serde(rename = "CE")]
    CompileError,
    /// The reference solver rejected the input file.
    #[serde(rename = "BAD-INPUT")]
    BadInput,
    /// The case has an `.in` but no `.out`.
    #[serde(rename = "NO-OUT")]
    MissingAnswer,
    /// The harness itself could not do its job (unreadable file, a panic).
    #[serde(rename = "JE")]
    JudgeError,
}

impl Verdict {
    pub const ALL: [Verdict; 11] = [
        Verdict::Accepted,
        Verdict::WrongAnswer,
        Verdict::PresentationError,
        Verdict::TimeLimit,
        Verdict::MemoryLimit,
        Verdict::RuntimeError,
        Verdict::OutputLimit,
        Verdict::CompileError,
        Verdict::BadInput,
        Verdict::MissingAnswer,
        Verdict::JudgeError,
    ];

    /// The short code used in reports and on the terminal.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::PresentationError => "PE",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::RuntimeError => "RE",
            Verdict::OutputLimit => "OLE",
            Verdict::CompileError => "CE",
            Verdict::BadInput => "BAD-INPUT",
            Verdict::MissingAnswer => "NO-OUT",
            Verdict::JudgeError => "JE",
        }
    }

    /// A few words for people who do not know the codes.
    pub fn describe(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::WrongAnswer => "wrong answer",
            Verdict::PresentationError => "presentation error",
            Verdict::TimeLimit => "time limit exceeded",
            Verdict::MemoryLimit => "memory limit exceeded",
            Verdict::RuntimeError => "run-time error",
            Verdict::OutputLimit => "output limit exceeded",
            Verdict::CompileError => "compile error",
            Verdict::BadInput => "invalid input: a validator or the in-crate reference rejected it",
            Verdict::MissingAnswer => "no expected output file",
            Verdict::JudgeError => "judge error",
        }
    }

    pub fn parse(code: &str) -> Option<Verdict> {
        Verdict::ALL
            .into_iter()
            .find(|v| v.code().eq_ignore_ascii_case(code))
    }

    pub fn is_pass(self) -> bool {
        self == Verdict::Accepted
    }

    /// How bad this verdict is. Every renderer (terminal colour, HTML badge,
    /// JUnit failure or error) and `judge diff` (worse or better) asks this
    /// one function, so they can never disagree.
    pub fn severity(self) -> Severity {
        match self {
            Verdict::Accepted => Severity::Pass,
            Verdict::PresentationError => Severity::Minor,
            Verdict::WrongAnswer
            | Verdict::TimeLimit
            | Verdict::MemoryLimit
            | Verdict::RuntimeError
            | Verdict::OutputLimit
            | Verdict::CompileError => Severity::Failure,
            Verdict::BadInput | Verdict::MissingAnswer | Verdict::JudgeError => Severity::Error,
        }
    }
}

/// Verdicts ordered from harmless to worst.
///
/// `Failure` blames the program under test; `Error` blames the test set or
/// judge itself, which CI dashboards show apart (JUnit `<error>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Accepted.
    Pass,
    /// Right apart from layout (PE): shown as a warning.
    Minor,
    /// The program is wrong, slow, crashed or did not build.
    Failure,
    /// The test set or the harness is at fault.
    Error,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}
