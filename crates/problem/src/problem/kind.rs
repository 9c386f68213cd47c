//! The kind of a problem: how a submission meets a case.
//!
//! One value, not loose fields: every place where the kind matters
//! matches on [`Kind`], so a new kind is a compile error wherever it must
//! decide, instead of silently behaving as a plain problem there. That is
//! why interactive multi-pass is a variant of its own rather than a flag on
//! either of its halves: a `match` that knew only `MultiPass { .. }` would
//! otherwise run an interactive problem without its interactor.
//!
//! `problem.yaml` spells the kind as keys (`interactive: true`,
//! `passes: N`, `submit_answer: true`), as judge has always written it;
//! `spec_file::SpecFile` is that spelling, and the only place the keys
//! exist.

/// How a submission meets a case. Scoring is orthogonal: any kind may be
/// scored ([`super::ProblemSpec::scoring`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Kind {
    /// The submission reads the input and writes an output, which is
    /// judged once (compare mode, in-crate checker or checker program).
    #[default]
    Plain,
    /// The submission talks to the interactor (the problem's checker
    /// program, ICPC interface) while both run; there is no output file.
    Interactive,
    /// The output validator (the problem's checker program) may write
    /// `nextpass.in`, and the submission runs again on it, up to `passes`
    /// runs in all.
    MultiPass { passes: u32 },
    /// Both (2025-09 `type: [interactive, multi-pass]`): each pass is an
    /// interaction with the output validator, which may write
    /// `nextpass.in` for the next one, up to `passes` passes in all.
    InteractiveMultiPass { passes: u32 },
    /// 2025-09 `type: submit-answer`: a submission is a folder of answers,
    /// one per case, judged by the output validator as a program's output
    /// would be; nothing runs. (A program submitted to such a problem, as
    /// the format's own example does, is run as on a plain problem.)
    SubmitAnswer,
}

impl Kind {
    /// Why a reference of this kind has no answer to an input alone (it
    /// needs its judge program beside it), or `None` when it has one.
    /// Every run of a reference on a bare input (regen, stress, harden,
    /// solve) asks this first.
    pub fn why_no_answer_alone(self) -> Option<&'static str> {
        match self {
            Kind::Plain | Kind::SubmitAnswer => None,
            Kind::Interactive => Some("talks to the interactor"),
            Kind::MultiPass { .. } => Some("runs in passes fed by the output validator"),
            Kind::InteractiveMultiPass { .. } => Some("talks to the interactor in passes it feeds"),
        }
    }

    /// [`Self::why_no_answer_alone`] as the sentence every refusal says.
    pub fn no_answer_alone(self) -> Option<String> {
        let why = self.why_no_answer_alone()?;
        Some(format!(
            "the reference {why}, so it has no answer to an input alone"
        ))
    }

    /// Whether a submission talks to the problem's judge program while it
    /// runs (there is no output file to judge afterwards).
    pub fn interactive(self) -> bool {
        match self {
            Kind::Interactive | Kind::InteractiveMultiPass { .. } => true,
            Kind::Plain | Kind::MultiPass { .. } | Kind::SubmitAnswer => false,
        }
    }

    /// The number of passes of a multi-pass kind, interactive or not.
    pub fn passes(self) -> Option<u32> {
        match self {
            Kind::MultiPass { passes } | Kind::InteractiveMultiPass { passes } => Some(passes),
            Kind::Plain | Kind::Interactive | Kind::SubmitAnswer => None,
        }
    }

    /// The kind's words in ICPC `type:` (none for a plain problem).
    pub fn icpc_types(self) -> &'static [&'static str] {
        match self {
            Kind::Plain => &[],
            Kind::Interactive => &["interactive"],
            Kind::MultiPass { .. } => &["multi-pass"],
            Kind::InteractiveMultiPass { .. } => &["interactive", "multi-pass"],
            Kind::SubmitAnswer => &["submit-answer"],
        }
    }
}
