//! `problem.yaml`: what a problem is and how it is judged.
//!
//! Unknown keys are rejected (`spec_file::SpecFile`, the file's
//! spelling): a typo such as `comapre:` would otherwise be ignored silently
//! and the problem graded with the default mode. Paths
//! (reference, checker, validators, generator) are relative to the problem
//! folder and may not leave it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::checkers::CheckerRef;
use crate::compare::CompareMode;
use crate::solvers::SolverRef;

use super::kind::Kind;
use super::static_validation::StaticValidation;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    try_from = "super::spec_file::SpecFile",
    into = "super::spec_file::SpecFile"
)]
pub struct ProblemSpec {
    /// Human-readable title.
    pub name: String,
    /// The reference solver, by its registry id (in-crate) …
    pub solver: Option<SolverRef>,
    /// … or a reference program (typically an accepted submission): a
    /// source file or a folder of sources. Exactly one of the two.
    pub reference: Option<PathBuf>,
    /// A program that writes one random valid input, given `SEED SIZE`
    /// (size 1–10), for `judge stress` and `judge gen` when the reference
    /// is a program (an in-crate solver has its own generator).
    pub generator: Option<PathBuf>,
    /// Where the problem comes from (contest, archive id).
    pub source: String,
    /// How outputs are compared when there is no checker.
    pub compare: CompareMode,
    /// Absolute and relative tolerance for `compare: float`.
    pub tolerance: f64,
    /// A checker for problems with more than one right answer, or the
    /// interactor of an interactive problem.
    pub checker: Option<CheckerSpec>,
    /// How a submission meets a case: plain, interactive (against the
    /// checker program) or multi-pass (fed by it).
    pub kind: Kind,
    /// Input validator programs run by `judge validate` on every input
    /// (exit 42 = valid), besides an in-crate solver's own validator.
    pub validators: Vec<PathBuf>,
    /// Present for scoring problems: groups are worth points (see
    /// [`super::groups::GroupSpec`]).
    pub scoring: Option<ScoringSpec>,
    /// What a submission may use on each case.
    pub limits: Limits,
    /// A static validator run on each submission's files, and the groups
    /// whose static validation case it decides (2025-09).
    pub static_validation: Option<StaticValidation>,
}

impl ProblemSpec {
    /// `tolerance` when `problem.yaml` does not give one.
    pub const DEFAULT_TOLERANCE: f64 = 1e-6;

    /// A spec with every setting at its default and no reference yet.
    pub fn named(name: &str) -> ProblemSpec {
        ProblemSpec {
            name: name.to_string(),
            solver: None,
            reference: None,
            generator: None,
            source: String::new(),
            compare: CompareMode::default(),
            tolerance: Self::DEFAULT_TOLERANCE,
            checker: None,
            kind: Kind::Plain,
            validators: Vec::new(),
            scoring: None,
            limits: Limits::default(),
            static_validation: None,
        }
    }

    /// Every path the spec names, with the key that names it.
    pub fn paths(&self) -> Vec<(&'static str, &Path)> {
        let mut paths = Vec::new();
        paths.extend(self.reference.as_deref().map(|p| ("reference", p)));
        paths.extend(self.generator.as_deref().map(|p| ("generator", p)));
        paths.extend(
            self.checker
                .as_ref()
                .and_then(|c| c.program.as_deref())
                .map(|p| ("checker.program", p)),
        );
        if let Some(c) = &self.checker {
            paths.extend(c.also.iter().map(|p| ("checker.also", p.as_path())));
        }
        paths.extend(self.validators.iter().map(|p| ("validators", p.as_path())));
        paths.extend(
            (self.static_validation.as_ref())
                .map(|s| ("static_validation.program", s.program.as_path())),
        );
        paths
    }

    /// Rules serde cannot express. Each error knows the key it is about
    /// ([`SpecError::key`]), so the message can point at the line that
    /// sets it.
    pub(crate) fn check(&self) -> Result<(), SpecError> {
        match (&self.solver, &self.reference) {
            (Some(_), Some(_)) => return Err(SpecError::SolverAndReference),
            (None, None) => return Err(SpecError::NoReference),
            _ => {}
        }
        if let Some(c) = &self.checker {
            c.check()?;
        }
        let program = self.checker.as_ref().and_then(|c| c.program.as_ref());
        let icpc = self
            .checker
            .as_ref()
            .is_some_and(|c| c.interface == Interface::Icpc);
        let more = self.checker.as_ref().is_some_and(|c| !c.also.is_empty());
        match self.kind {
            Kind::Plain | Kind::SubmitAnswer => {}
            Kind::MultiPass { .. } | Kind::InteractiveMultiPass { .. }
                if program.is_none() || !icpc =>
            {
                return Err(SpecError::MultiPassWithoutIcpcChecker);
            }
            Kind::Interactive | Kind::MultiPass { .. } | Kind::InteractiveMultiPass { .. }
                if more =>
            {
                return Err(SpecError::MoreJudgePrograms);
            }
            Kind::MultiPass { passes } | Kind::InteractiveMultiPass { passes }
                if !(1..=100).contains(&passes) =>
            {
                return Err(SpecError::Passes { passes });
            }
            Kind::MultiPass { .. } | Kind::InteractiveMultiPass { .. } => {}
            Kind::Interactive if program.is_none() => return Err(SpecError::NoInteractor),
            Kind::Interactive if !icpc => return Err(SpecError::InteractorNotIcpc),
            Kind::Interactive => {}
        }
        for (key, path) in self.paths() {
            let bad = path.is_absolute()
                || path
                    .components()
                    .any(|c| matches!(c, std::path::Component::ParentDir));
            if bad {
                let path = path.to_path_buf();
                return Err(SpecError::OutsideTheFolder { key, path });
            }
        }
        Ok(())
    }
}

/// A rule of `problem.yaml` that serde cannot express, broken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum SpecError {
    #[error("give `solver` or `reference`, not both")]
    SolverAndReference,
    #[error("no reference: give `solver` (an in-crate solver id) or `reference` (a program)")]
    NoReference,
    #[error(transparent)]
    Checker(#[from] CheckerSpecError),
    /// Only an ICPC checker program can write the next pass's input.
    #[error("a multi-pass problem needs an ICPC checker program (it writes nextpass.in)")]
    MultiPassWithoutIcpcChecker,
    /// `checker.also` where the checker is the interactor or feeds the
    /// passes.
    #[error("checker.also: an interactive or multi-pass problem has one judge program")]
    MoreJudgePrograms,
    #[error("passes is between 1 and 100")]
    Passes { passes: u32 },
    #[error("an interactive problem needs `checker: {{program: …}}` (the interactor)")]
    NoInteractor,
    #[error("an interactor speaks the ICPC interface (`interface: icpc`)")]
    InteractorNotIcpc,
    /// An absolute path, or one that climbs out with `..`.
    #[error("{key}: {} must be a path inside the problem folder", path.display())]
    OutsideTheFolder { key: &'static str, path: PathBuf },
}

impl SpecError {
    /// The key the broken rule is about, so the message can point at the
    /// line that sets it (`""`: the file as a whole, for something
    /// missing).
    pub(crate) fn key(&self) -> &'static str {
        match self {
            SpecError::SolverAndReference => "reference",
            SpecError::NoReference => "",
            SpecError::Checker(_) | SpecError::MoreJudgePrograms | SpecError::InteractorNotIcpc => {
                "checker"
            }
            SpecError::MultiPassWithoutIcpcChecker | SpecError::Passes { .. } => "passes",
            SpecError::NoInteractor => "interactive",
            SpecError::OutsideTheFolder { key, .. } => key,
        }
    }
}

pub(crate) fn default_tolerance() -> f64 {
    ProblemSpec::DEFAULT_TOLERANCE
}

/// `checker:` — exactly one of `builtin` and `program`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckerSpec {
    /// An in-crate checker, by id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub builtin: Option<CheckerRef>,
    /// A checker program: a source file or a folder of sources.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<PathBuf>,
    /// How the program is called (programs only).
    #[serde(default, skip_serializing_if = "Interface::is_icpc")]
    pub interface: Interface,
    /// Extra arguments for every case (ICPC validator flags), before a
    /// group's `checker_args`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// More ICPC output validators that must accept too. A legacy package
    /// may ship several (problemtools runs each, and the first that does
    /// not accept decides), so judging such a package in place needs
    /// them all; the first to reject decides here as well.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<PathBuf>,
}

impl CheckerSpec {
    fn check(&self) -> Result<(), CheckerSpecError> {
        match (&self.builtin, &self.program) {
            (Some(_), Some(_)) => Err(CheckerSpecError::BuiltinAndProgram),
            (None, None) => Err(CheckerSpecError::Neither),
            (Some(_), None) if self.interface != Interface::Icpc => {
                Err(CheckerSpecError::InterfaceWithoutProgram)
            }
            _ if !self.also.is_empty()
                && (self.program.is_none() || self.interface != Interface::Icpc) =>
            {
                Err(CheckerSpecError::AlsoWithoutIcpcProgram)
            }
            (Some(b), None) if b.id() == "icpc-default" => {
                crate::checkers::DefaultValidatorFlags::parse(&self.args)
                    .map(drop)
                    .map_err(CheckerSpecError::Args)
            }
            _ => Ok(()),
        }
    }
}

/// A `checker:` that is not one checker, called one way.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum CheckerSpecError {
    #[error("checker: give `builtin` or `program`, not both")]
    BuiltinAndProgram,
    #[error("checker: give `builtin` (an in-crate checker id) or `program`")]
    Neither,
    /// An in-crate checker is called one way only.
    #[error("checker: `interface` is for checker programs")]
    InterfaceWithoutProgram,
    /// More output validators run as an ICPC checker program does.
    #[error("checker.also: more validators go with an ICPC checker program")]
    AlsoWithoutIcpcProgram,
    /// The default validator's flags, not ones it takes.
    #[error("checker.args: {0}")]
    Args(crate::checkers::FlagError),
}

/// The calling conventions of checker programs people already have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Interface {
    /// ICPC / Kattis output validator: `checker INPUT ANSWER FEEDBACK_DIR
    /// [args] < output`; exit 42 accepted, 43 wrong answer, anything else
    /// a judge error; `judgemessage.txt`, `teammessage.txt`, `score.txt`,
    /// `score_multiplier.txt` in the feedback folder.
    #[default]
    Icpc,
    /// testlib: `checker INPUT OUTPUT ANSWER`; exit 0 ok, 1 wrong answer,
    /// 2 presentation error, 3 failure (a judge error), 7 points (the score
    /// follows `points` on standard error); the message is standard error.
    Testlib,
}

impl Interface {
    fn is_icpc(&self) -> bool {
        *self == Interface::Icpc
    }
}

/// `scoring:` — the problem is scored; each case group's `group.yaml`
/// says what it is worth.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringSpec {
    /// Count the `sample` group too (ICPC legacy packages do unless their
    /// grader ignores samples; the 2025-09 format never does).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub include_sample: bool,
    /// How the groups' scores make the problem's: `sum` (default) or `min`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aggregation: Option<Aggregation>,
    /// A legacy package's grading of `data/` (problemtools' rules for the
    /// whole problem; see [`super::legacy_grading`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legacy: Option<super::legacy_grading::LegacyGrading>,
}

/// Resource limits for graded submissions (and their checkers).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    #[serde(with = "duration_text")]
    pub time: Duration,
    #[serde(with = "size_text")]
    pub memory: u64,
    #[serde(with = "size_text")]
    pub output: u64,
    /// The stack, when the default (the memory limit, at most 256 MiB)
    /// does not suit: a problem whose intended solution recurses deeper.
    #[serde(
        default,
        with = "opt_size_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub stack: Option<u64>,
    /// CPU time a checker (or interactor) may use per case.
    #[serde(
        with = "duration_text",
        skip_serializing_if = "is_default_checker_time"
    )]
    pub checker_time: Duration,
    /// Memory a checker (or interactor) may use.
    #[serde(with = "size_text", skip_serializing_if = "is_default_checker_memory")]
    pub checker_memory: u64,
}

fn is_default_checker_time(d: &Duration) -> bool {
    *d == Limits::default().checker_time
}

fn is_default_checker_memory(n: &u64) -> bool {
    *n == Limits::default().checker_memory
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time: Duration::from_secs(1),
            memory: 256 << 20,
            output: 8 << 20,
            stack: None,
            checker_time: Duration::from_secs(30),
            checker_memory: 2 << 30,
        }
    }
}

/// `1s`, `500ms`, `2.5s` ⇄ [`Duration`].
pub(crate) mod duration_text {
    use super::*;
    use serde::{Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&crate::units::format_duration(*d))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        let text = String::deserialize(d)?;
        crate::units::parse_duration(&text).map_err(serde::de::Error::custom)
    }
}

/// `256MiB`, `8MiB`, `64KiB`, `1GiB`, plain bytes ⇄ `u64` bytes.
pub(crate) mod size_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(n: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&crate::units::format_size(*n))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = String::deserialize(d)?;
        crate::units::parse_size(&text).map_err(serde::de::Error::custom)
    }
}

/// An optional [`size_text`].
pub(crate) mod opt_size_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(n: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
        match n {
            Some(n) => super::size_text::serialize(n, s),
            None => s.serialize_none(),
        }
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        let text = String::deserialize(d)?;
        crate::units::parse_size(&text)
            .map(Some)
            .map_err(serde::de::Error::custom)
    }
}

/// How a group's items make its score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Aggregation {
    /// The group's score if everything in it is accepted, else 0.
    #[default]
    PassFail,
    Sum,
    Min,
    Max,
    /// The mean of the items' scores (legacy `avg`).
    Avg,
}

#[cfg(test)]
mod tests {
    use super::{CheckerSpecError, ProblemSpec, SpecError};

    fn checked(yaml: &str) -> Result<(), SpecError> {
        let spec: ProblemSpec = serde_yaml::from_str(yaml).expect("parses");
        spec.check()
    }

    #[test]
    fn more_validators_go_with_one_icpc_checker_program_on_a_plain_problem() {
        let base = "name: X\nreference: r.py\n";
        let ok = format!("{base}checker: {{program: a.py, also: [b.py, c]}}\n");
        assert_eq!(checked(&ok), Ok(()));
        let not_icpc = SpecError::Checker(CheckerSpecError::AlsoWithoutIcpcProgram);
        let outside = SpecError::OutsideTheFolder {
            key: "checker.also",
            path: "../b.py".into(),
        };
        for (extra, why, key) in [
            (
                "checker: {builtin: divisor, also: [b.py]}\n",
                &not_icpc,
                "checker",
            ),
            (
                "checker: {program: a.cpp, interface: testlib, also: [b.py]}\n",
                &not_icpc,
                "checker",
            ),
            (
                "interactive: true\nchecker: {program: a.py, also: [b.py]}\n",
                &SpecError::MoreJudgePrograms,
                "checker",
            ),
            (
                "passes: 2\nchecker: {program: a.py, also: [b.py]}\n",
                &SpecError::MoreJudgePrograms,
                "checker",
            ),
            (
                "checker: {program: a.py, also: [../b.py]}\n",
                &outside,
                "checker.also",
            ),
        ] {
            let err = checked(&format!("{base}{extra}")).expect_err(extra);
            assert_eq!((&err, err.key()), (why, key), "{extra}");
        }
    }

    #[test]
    fn an_interactive_problem_without_its_interactor_points_at_interactive() {
        let err = checked("name: X\nreference: r.py\ninteractive: true\n").unwrap_err();
        assert_eq!((&err, err.key()), (&SpecError::NoInteractor, "interactive"));
        assert_eq!(
            err.to_string(),
            "an interactive problem needs `checker: {program: …}` (the interactor)"
        );
    }
}
