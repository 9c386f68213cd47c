//! Where a problem came from, as plain data: a problem read from an ICPC
//! package judged in place keeps its format, its time-limit rule and what
//! of the package judge read past. `validate` warns about the latter, and
//! the engine computes a time limit the package leaves open. The reading
//! itself is `judge-package`'s, above this crate: this module knows no
//! package file.

use std::path::PathBuf;
use std::time::Duration;

/// What a problem read from a package keeps of where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Origin {
    pub format: Format,
    /// How its time limit is set: given, or to be computed from the
    /// accepted submissions before anything is graded.
    pub time: TimeRule,
    /// The factor a submission stopped at the limit is re-run with, to
    /// tell a borderline one ("OK with extra time", as problemtools says):
    /// the package's `time_limit_to_tle` (legacy: `time_safety_margin`, 2
    /// unless it says). Kept apart from `time`, which a computed limit
    /// replaces before anything is graded.
    pub safety_margin: f64,
    /// Where the limit was computed here: the slowest accepted run it came
    /// from and the multiplier, so a time_limit_exceeded submission the
    /// limit lets pass can be told which limits would have caught it.
    pub computed_from: Option<(Duration, f64)>,
    /// Package files judge reads past, each with why (shown by `validate`).
    pub skipped: Vec<(String, String)>,
    /// Settings read without effect here.
    pub ignored: Vec<String>,
    /// Files under `submissions/` that are not submissions here: the
    /// reference program a judge export put among the accepted ones.
    pub not_submissions: Vec<PathBuf>,
    /// Checks the package holds that judge does not run (its answer
    /// validators, say): `validate` warns about each.
    pub unchecked: Vec<String>,
    /// What the reader decided where the package's conventions are
    /// ambiguous (the validator folder of the other spelling, the time
    /// limit of a DOMjudge file): the reports' notes say each.
    pub notes: Vec<String>,
    /// The package's answer validators (`answer_validators/`, 2023-07
    /// and later), relative to the package: `validate` runs each on every
    /// case's answer file, with the input file as its argument.
    pub answer_validators: Vec<PathBuf>,
    /// `data/invalid_answer`'s cases: answers the answer validators must
    /// reject (their inputs valid).
    pub invalid_answers: Vec<AnswerTest>,
    /// What the package says about its programs (constants, languages,
    /// file writing, code and compile limits).
    pub environment: crate::environment::Environment,
    /// The package's visualizers, run to draw its failing cases (and every
    /// case when pictures are asked for).
    pub visualizers: Visualizers,
}

/// A package's visualizer programs (2025-09 `input_visualizer/`,
/// `output_visualizer/`), relative to the package: a file program or a
/// folder program, as its validators are. Only a package judged in place
/// has them; judge's own layout has no place for them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Visualizers {
    /// Draws a case from its input and answer files.
    pub input: Option<PathBuf>,
    /// Draws what a submission wrote, from the input, the answer and the
    /// output, into a feedback folder.
    pub output: Option<PathBuf>,
}

impl Visualizers {
    /// Whether the package has any visualizer.
    pub fn any(&self) -> bool {
        self.input.is_some() || self.output.is_some()
    }
}

/// One case of `data/invalid_answer`, as plain paths (the engine makes
/// it a case of group `invalid_answer…`).
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerTest {
    /// Its folder below `data/` (`invalid_answer`, `invalid_answer/x`).
    pub group: String,
    pub name: String,
    pub input: PathBuf,
    /// `None` when the `.ans` is missing, which `validate` names.
    pub answer: Option<PathBuf>,
}

/// The package formats judge reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Legacy,
    Draft2023,
    V2025,
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Format::Legacy => "legacy",
            Format::Draft2023 => "2023-07-draft",
            Format::V2025 => "2025-09",
        })
    }
}

/// Where an imported problem's time limit comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TimeRule {
    /// Given by the package (the field that gave it).
    Fixed(Duration, &'static str),
    /// Not given: measured from the accepted submissions, as problemtools
    /// does (slowest × `ac_to_time_limit`, rounded up to `resolution`).
    Compute {
        ac_to_time_limit: f64,
        time_limit_to_tle: f64,
        resolution: f64,
    },
}

impl TimeRule {
    /// The limit for the slowest accepted run `slowest`.
    pub fn limit_for(ac_to_time_limit: f64, resolution: f64, slowest: Duration) -> Duration {
        let steps = (slowest.as_secs_f64() * ac_to_time_limit / resolution)
            .ceil()
            .max(1.0);
        Duration::from_secs_f64((steps * resolution).max(resolution))
    }
}

/// The numbers of problemtools' time-limit rule (ICPC 2025-09
/// `time_multipliers` and `time_resolution`): the limit is the slowest
/// accepted run × `ac_to_time_limit`, rounded up to `resolution`, and a
/// time_limit_exceeded submission must still be too slow at the limit ×
/// `time_limit_to_tle`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Multipliers {
    pub ac_to_time_limit: f64,
    pub time_limit_to_tle: f64,
    pub resolution: f64,
}

impl Multipliers {
    /// The margins a problem's limit is held to: its package's own (its
    /// computing rule, or once that has set the limit, the factor it used,
    /// and its `time_limit_to_tle` either way), 2025-09's defaults for
    /// judge's layout. A computed limit replaces the rule before anything
    /// is measured, so the rule alone would fall back to the defaults.
    pub fn of(origin: Option<&Origin>) -> Multipliers {
        let Some(origin) = origin else {
            return Multipliers::DEFAULT;
        };
        let (ac_to_time_limit, resolution) = match origin.time {
            TimeRule::Compute {
                ac_to_time_limit,
                resolution,
                ..
            } => (ac_to_time_limit, resolution),
            TimeRule::Fixed(..) => (
                origin
                    .computed_from
                    .map_or(Multipliers::DEFAULT.ac_to_time_limit, |(_, factor)| factor),
                Multipliers::DEFAULT.resolution,
            ),
        };
        Multipliers {
            ac_to_time_limit,
            time_limit_to_tle: origin.safety_margin,
            resolution,
        }
    }

    /// 2025-09's defaults: what a package that says nothing gets, and what
    /// `judge timelimit` and `judge check` hold committed limits to (judge
    /// problems have no setting of their own, and these are the rule of
    /// the newest format).
    pub const DEFAULT: Multipliers = Multipliers {
        ac_to_time_limit: 2.0,
        time_limit_to_tle: 1.5,
        resolution: 1.0,
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computed_limits_round_up_to_the_resolution() {
        let at = |slowest_ms: u64, m: f64, r: f64| {
            TimeRule::limit_for(m, r, Duration::from_millis(slowest_ms)).as_secs_f64()
        };
        assert_eq!(at(10, 5.0, 1.0), 1.0);
        assert_eq!(at(210, 5.0, 1.0), 2.0);
        assert_eq!(at(500, 2.0, 1.0), 1.0);
        assert_eq!(at(501, 2.0, 1.0), 2.0);
        assert!((at(260, 2.0, 0.1) - 0.6).abs() < 1e-9);
    }

    #[test]
    fn a_packages_margins_outlive_the_limit_its_rule_computed() {
        let legacy = Origin {
            format: Format::Legacy,
            time: TimeRule::Compute {
                ac_to_time_limit: 5.0,
                time_limit_to_tle: 2.0,
                resolution: 1.0,
            },
            safety_margin: 2.0,
            computed_from: None,
            skipped: Vec::new(),
            ignored: Vec::new(),
            not_submissions: Vec::new(),
            unchecked: Vec::new(),
            notes: Vec::new(),
            answer_validators: Vec::new(),
            invalid_answers: Vec::new(),
            environment: Default::default(),
            visualizers: Default::default(),
        };
        let before = Multipliers::of(Some(&legacy));
        assert_eq!(
            (before.ac_to_time_limit, before.time_limit_to_tle),
            (5.0, 2.0)
        );
        // Settled: the rule is replaced by the limit it gave.
        let settled = Origin {
            time: TimeRule::Fixed(Duration::from_secs(1), "computed"),
            computed_from: Some((Duration::from_millis(40), 5.0)),
            ..legacy
        };
        assert_eq!(Multipliers::of(Some(&settled)), before);
        assert_eq!(Multipliers::of(None), Multipliers::DEFAULT);
    }
}
