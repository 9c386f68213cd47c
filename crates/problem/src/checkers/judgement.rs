//! What every in-crate checker is: the trait and the judgement it gives,
//! apart from the registry so each checker uses it without reaching back
//! into the module that lists them.

use crate::verdict::Verdict;

/// What a checker decided about one output.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    /// AC, WA or PE.
    pub verdict: Verdict,
    /// Why, for the report (shown to judges).
    pub message: Option<String>,
    /// A score for this case, as a fraction of its maximum (scoring
    /// problems); `None` means the full score when accepted.
    pub fraction: Option<f64>,
}

impl Judgement {
    pub fn accepted() -> Judgement {
        Judgement {
            verdict: Verdict::Accepted,
            message: None,
            fraction: None,
        }
    }

    pub fn wrong(message: impl Into<String>) -> Judgement {
        Judgement {
            verdict: Verdict::WrongAnswer,
            message: Some(message.into()),
            fraction: None,
        }
    }
}

/// One problem's checker.
pub trait Checker: Sync {
    /// Registry id, as written in `problem.yaml`.
    fn id(&self) -> &'static str;

    /// Judges `output` for `input`; `answer` is the expected output file
    /// (one right answer, or whatever the problem's authors put there);
    /// `args` are `checker.args` followed by the group's `checker_args`.
    fn check(&self, input: &str, answer: &str, output: &[u8], args: &[String]) -> Judgement;
}
