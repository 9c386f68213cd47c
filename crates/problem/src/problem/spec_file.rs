//! `problem.yaml` as it is written, which [`ProblemSpec`] is read from
//! and written as: the same keys, with the kind ([`Kind`]) spelt as two
//! (`interactive: true`, `passes: N`).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::kind::Kind;
use super::spec::{CheckerSpec, Limits, ProblemSpec, ScoringSpec, default_tolerance};
use crate::compare::CompareMode;
use crate::solvers::SolverRef;

/// `problem.yaml` as written: [`ProblemSpec`] with the kind spelt as its
/// two keys. Unknown keys are rejected (a typo such as `comapre:` would
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
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    validators: Vec<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    scoring: Option<ScoringSpec>,
    #[serde(default)]
    limits: Limits,
}

/// A `problem.yaml` that sets both kind keys: judge has no kind that is
/// interactive and multi-pass at once, and guessing one would grade the
/// problem another way than its author meant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`interactive` and `passes` together: judge runs a multi-pass problem with an output validator, not an interactor"
)]
pub struct TwoKinds;

impl TryFrom<SpecFile> for ProblemSpec {
    type Error = TwoKinds;

    fn try_from(f: SpecFile) -> Result<ProblemSpec, TwoKinds> {
        let kind = match (f.interactive, f.passes) {
            (true, Some(_)) => return Err(TwoKinds),
            (false, Some(passes)) => Kind::MultiPass { passes },
            (true, None) => Kind::Interactive,
            (false, None) => Kind::Plain,
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
        })
    }
}

impl From<ProblemSpec> for SpecFile {
    fn from(s: ProblemSpec) -> SpecFile {
        let (interactive, passes) = match s.kind {
            Kind::Plain => (false, None),
            Kind::Interactive => (true, None),
            Kind::MultiPass { passes } => (false, Some(passes)),
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
            validators: s.validators,
            scoring: s.scoring,
            limits: s.limits,
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
    fn the_two_keys_read_as_one_kind_and_are_written_back_as_they_were() {
        let base = "name: X\nreference: r.py\nchecker: {program: v.py}\n";
        for (keys, kind) in [
            ("", Kind::Plain),
            ("interactive: true\n", Kind::Interactive),
            ("passes: 3\n", Kind::MultiPass { passes: 3 }),
        ] {
            let spec = parsed(&format!("{base}{keys}")).unwrap();
            assert_eq!(spec.kind, kind, "{keys}");
            let written = serde_yaml::to_string(&spec).unwrap();
            assert_eq!(parsed(&written).unwrap(), spec, "{written}");
            assert_eq!(
                written.contains("interactive: true"),
                kind == Kind::Interactive
            );
            assert_eq!(
                written.contains("passes: 3"),
                kind == Kind::MultiPass { passes: 3 }
            );
        }
    }

    #[test]
    fn both_keys_at_once_are_refused_not_guessed() {
        let yaml =
            "name: X\nreference: r.py\nchecker: {program: v.py}\ninteractive: true\npasses: 2\n";
        let err = serde_yaml::from_str::<ProblemSpec>(yaml).unwrap_err();
        assert_eq!(err.to_string(), TwoKinds.to_string());
    }

    #[test]
    fn only_a_plain_reference_answers_an_input_alone() {
        assert_eq!(Kind::Plain.why_no_answer_alone(), None);
        assert!(Kind::Interactive.why_no_answer_alone().is_some());
        assert!(
            Kind::MultiPass { passes: 2 }
                .why_no_answer_alone()
                .is_some()
        );
    }
}
