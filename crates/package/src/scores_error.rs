//! Why a scoring problem cannot become a 2025-09 package: each variant
//! names the judge group (and key) at fault, in the words `scores` uses.

use crate::data_folder;
use crate::problem::Aggregation;

/// What a scoring problem has that 2025-09's keys cannot say, naming the
/// judge group (and key) at fault, so the export is refused rather than
/// scored differently by a 2025-09 judge.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ScoreError {
    /// `max_score` would not be a whole number.
    #[error(
        "{}: the group is worth {max} ({worth}), and 2025-09's max_score is a whole number",
        file(.group)
    )]
    NotWhole {
        group: String,
        max: f64,
        worth: Worth,
    },
    /// `max` or `avg`, which 2025-09 does not have.
    #[error(
        "{}: aggregation: {} has no 2025-09 form (score_aggregation is pass-fail, sum or min)",
        file(.group),
        word(*.aggregation)
    )]
    NoAggregation {
        group: String,
        aggregation: Aggregation,
    },
    /// A key judge scores by (`require_pass`, an unbounded score) that an
    /// export does not write: refused, never dropped.
    #[error("{}: {key}: judge export does not write it to a 2025-09 package", file(.group))]
    NotExported { group: String, key: &'static str },
    /// A rejected case worth other than 0.
    #[error("{}: reject_score: 2025-09 scores a rejected case 0", file(.group))]
    RejectScore { group: String, reject_score: f64 },
    #[error("problem.yaml: scoring.include_sample: 2025-09 never scores the sample")]
    IncludeSample,
    /// Scored cases outside `cases/secret` when it exists.
    #[error(
        "cases/{group}: scored beside cases/secret; 2025-09 scores data/secret alone, \
         where these cases would be one more group of secret's (move them into cases/secret)"
    )]
    BesideSecret { group: String },
    /// The group that is 2025-09's secret holds both cases and groups.
    #[error(
        "{}: holds cases and groups both, and 2025-09's secret holds one or the other",
        shown(.group)
    )]
    CasesAndGroups { group: String },
    /// A group two levels below secret, `deeper` inside `group`.
    #[error(
        "cases/{deeper}: a group inside the test data group {group}; 2025-09 scores \
         every case of data/{} as one group's, judge scores {deeper} as a group of its own",
        data_folder(.group).display()
    )]
    TooDeep { deeper: String, group: String },
    /// A pass-fail secret over groups that are scored.
    #[error(
        "{}: aggregation: pass-fail over groups that are not pass-fail; \
         2025-09 wants every group of a pass-fail secret pass-fail",
        file(.group)
    )]
    PassFailOverScored { group: String },
    /// The root, above judge's `secret`, is pass-fail.
    #[error(
        "{} (or problem.yaml scoring.aggregation): pass-fail over cases/secret makes \
         the problem all or nothing; say it in cases/secret/group.yaml instead",
        file("")
    )]
    PassFailRoot,
}

/// Why a group is worth what it is, for [`ScoreError::NotWhole`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Worth {
    AllOrNothing,
    CasesAdded,
    EachCase,
}

impl std::fmt::Display for Worth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Worth::AllOrNothing => "all or nothing",
            Worth::CasesAdded => "its cases' worth added up",
            Worth::EachCase => "the worth of each case",
        })
    }
}

/// `max` or `avg`: the aggregations 2025-09 lacks.
fn word(a: Aggregation) -> &'static str {
    match a {
        Aggregation::Max => "max",
        _ => "avg",
    }
}

/// Where a judge group's settings are written, for messages.
pub(super) fn file(group: &str) -> String {
    match group {
        "" => "cases/group.yaml".into(),
        g => format!("cases/{g}/group.yaml"),
    }
}

pub(super) fn shown(group: &str) -> String {
    match group {
        "" => "cases/".into(),
        g => format!("cases/{g}"),
    }
}
