//! `problem.yaml` as it is written, which [`ProblemSpec`] is read from
//! and written as: the same keys, with the kind ([`Kind`]) spelt as three
//! (`interactive: true`, `passes: N`, `submit_answer: true`).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::kind::Kind;
use super::spec::{CheckerSpec, Limits, ProblemSpec, ScoringSpec, default_tolerance};
use super::static_validation::StaticValidation;
use crate::compare::CompareMode;
use crate::solvers::SolverRef;

/// `problem.yaml` as written: [`ProblemSpec`] with the kind spelt as its
/// three keys. Unknown keys are rejected (a typo such as `comapre:` would
/// otherwise be ignored silently).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SpecFile {
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solver: Option<SolverRef>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reference: Option<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    generator: Option<PathBuf>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    source: String,
    #[serde(default)]
    compare: CompareMode,
    #[serde(default = "default_tolerance")]
    tolerance: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    checker: Option<CheckerSpec>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    interactive: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    passes: Option<u32>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    submit_answer: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    validators: Vec<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    scoring: Option<ScoringSpec>,
    #[serde(default)]
    limits: Limits,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    static_validation: Option<StaticValidation>,
}

/// A `problem.yaml` whose kind keys contradict each other: a submission
/// that is answers runs nowhere, so it can neither talk to an interactor
/// nor run again in passes (2025-09 `type`: `submit-answer` is
/// incompatible with `interactive` and `multi-pass`). Guessing one would
/// grade the problem another way than its author meant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`submit_answer` with `{other}`: a submission of answers runs nowhere, so it cannot be interactive or multi-pass"
)]
pub struct TwoKinds {
    /// The other kind key set beside `submit_answer`.
    pub other: &'static str,
}

impl TryFrom<SpecFile> for ProblemSpec {
    type Error = TwoKinds;

    fn try_from(f: SpecFile) -> Result<ProblemSpec, TwoKinds> {
        let kind = match (f.submit_answer, f.interactive, f.passes) {
            (true, true, _) => {
                return Err(TwoKinds {
                    other: "interactive",
                });
            }
            (true, false, Some(_)) => return Err(TwoKinds { other: "passes" }),
            (true, false, None) => Kind::SubmitAnswer,
            (false, true, Some(passes)) => Kind::InteractiveMultiPass { passes },
            (false, false, Some(passes)) => Kind::MultiPass { passes },
            (false, true, None) => Kind::Interactive,
            (false, false, None) => Kind::Plain,
        };
        Ok(ProblemSpec {
            name: f.name,
            solver: f.solver,
            reference: f.reference,
            generator: f.generator,
            source: f.source,
            compare: f.compare,
            tolerance: f.tolerance,
            checker: f.checker,
            kind,
            validators: f.validators,
            scoring: f.scoring,
            limits: f.limits,
            static_validation: f.static_validation,
        })
    }
}

impl From<ProblemSpec> for SpecFile {
    fn from(s: ProblemSpec) -> SpecFile {
        let (interactive, passes, submit_answer) = match s.kind {
            Kind::Plain => (false, None, false),
            Kind::Interactive => (true, None, false),
            Kind::MultiPass { passes } => (false, Some(passes), false),
            Kind::InteractiveMultiPass { passes } => (true, Some(passes), false),
            Kind::SubmitAnswer => (false, None, true),
        };
        SpecFile {
            name: s.name,
            solver: s.solver,
            reference: s.reference,
            generator: s.generator,
            source: s.source,
            compare: s.compare,
            tolerance: s.tolerance,
            checker: s.checker,
            interactive,
            passes,
            submit_answer,
            validators: s.validators,
            scoring: s.scoring,
            limits: s.limits,
            static_validation: s.static_validation,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(yaml: &str) -> Result<ProblemSpec, String> {
        serde_yaml::from_str::<ProblemSpec>(yaml).map_err(|e| e.to_string())
    }

    #[test]
    fn the_kind_keys_read_as_one_kind_and_are_written_back_as_they_were() {
        let base = "name: X\nreference: r.py\nchecker: {program: v.py}\n";
        for (keys, kind) in [
            ("", Kind::Plain),
            ("interactive: true\n", Kind::Interactive),
            ("passes: 3\n", Kind::MultiPass { passes: 3 }),
            (
                "interactive: true\npasses: 3\n",
                Kind::InteractiveMultiPass { passes: 3 },
            ),
            ("submit_answer: true\n", Kind::SubmitAnswer),
        ] {
            let spec = parsed(&format!("{base}{keys}")).unwrap();
            assert_eq!(spec.kind, kind, "{keys}");
            let written = serde_yaml::to_string(&spec).unwrap();
            assert_eq!(parsed(&written).unwrap(), spec, "{written}");
            assert_eq!(written.contains("interactive: true"), kind.interactive());
            assert_eq!(written.contains("passes: 3"), kind.passes() == Some(3));
            assert_eq!(
                written.contains("submit_answer: true"),
                kind == Kind::SubmitAnswer
            );
        }
    }

    #[test]
    fn answers_that_talk_or_run_again_are_refused_not_guessed() {
        let base = "name: X\nreference: r.py\nchecker: {program: v.py}\nsubmit_answer: true\n";
        for (key, other) in [
            ("interactive: true\n", "interactive"),
            ("passes: 2\n", "passes"),
        ] {
            let err = serde_yaml::from_str::<ProblemSpec>(&format!("{base}{key}")).unwrap_err();
            assert_eq!(err.to_string(), TwoKinds { other }.to_string());
        }
    }

    #[test]
    fn only_a_plain_reference_answers_an_input_alone() {
        assert_eq!(Kind::Plain.why_no_answer_alone(), None);
        assert_eq!(Kind::SubmitAnswer.why_no_answer_alone(), None);
        assert!(
            Kind::InteractiveMultiPass { passes: 2 }
                .why_no_answer_alone()
                .is_some()
        );
        assert!(Kind::Interactive.why_no_answer_alone().is_some());
        assert!(
            Kind::MultiPass { passes: 2 }
                .why_no_answer_alone()
                .is_some()
        );
    }
}
