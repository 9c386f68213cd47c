//! The kind of a problem: how a submission meets a case.
//!
//! One value, not two loose fields: every place where the kind matters
//! matches on [`Kind`], so a new kind is a compile error wherever it must
//! decide, instead of silently behaving as a plain problem there.
//!
//! `problem.yaml` spells the kind as two keys (`interactive: true`,
//! `passes: N`), as judge has always written it;
//! `spec_file::SpecFile` is that spelling, and the only place the
//! two keys exist.

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
}

impl Kind {
    /// Why a reference of this kind has no answer to an input alone (it
    /// needs its judge program beside it), or `None` when it has one.
    /// Every run of a reference on a bare input (regen, stress, harden,
    /// solve) asks this first.
    pub fn why_no_answer_alone(self) -> Option<&'static str> {
        match self {
            Kind::Plain => None,
            Kind::Interactive => Some("talks to the interactor"),
            Kind::MultiPass { .. } => Some("runs in passes fed by the output validator"),
        }
    }

    /// [`Self::why_no_answer_alone`] as the sentence every refusal says.
    pub fn no_answer_alone(self) -> Option<String> {
        let why = self.why_no_answer_alone()?;
        Some(format!(
            "the reference {why}, so it has no answer to an input alone"
        ))
    }

    /// The kind's word in ICPC `type:` (none for a plain problem).
    pub fn icpc_type(self) -> Option<&'static str> {
        match self {
            Kind::Plain => None,
            Kind::Interactive => Some("interactive"),
            Kind::MultiPass { .. } => Some("multi-pass"),
        }
    }
}
