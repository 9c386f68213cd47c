//! A scoring problem's scores in the 2025-09 package's terms: `max_score`
//! and `score_aggregation` in `test_group.yaml` of `data/secret` and of
//! each test data group below it.
//!
//! judge's groups nest freely and may set `accept_score`, `reject_score`,
//! `max` and `avg`; 2025-09 has one `secret` holding cases or one level of
//! groups, scores a rejected case 0, and aggregates by `pass-fail`, `sum`
//! or `min` only. Every group is therefore mapped to the keys under which
//! a 2025-09 judge computes the same score as judge does
//! (the engine's `score` module), and a problem for which no such keys exist is
//! refused, naming the group and the key, rather than exported to score
//! differently. The keys are always written out, never left to the
//! format's defaults, which differ from judge's (a 2025-09 group is
//! `pass-fail` and `unbounded` unless it says otherwise).

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::problem::groups::{GroupScoring, ScoringRules};
use crate::problem::{Aggregation, Problem, is_sample};
use crate::{SECRET, data_folder};

#[path = "scores_error.rs"]
mod error;

pub use error::{ScoreError, Worth};

/// One folder's scoring keys.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Keys {
    pub max_score: u64,
    pub aggregation: Aggregation,
}

impl Keys {
    /// The keys as `test_group.yaml` spells them.
    pub(crate) fn yaml(&self) -> [(&'static str, String); 2] {
        let aggregation = match self.aggregation {
            Aggregation::PassFail => "pass-fail",
            Aggregation::Sum => "sum",
            // `max` and `avg` are refused before any Keys exist.
            _ => "min",
        };
        [
            ("max_score", self.max_score.to_string()),
            ("score_aggregation", aggregation.to_string()),
        ]
    }
}

/// The aggregation judge uses for a group (its default depends on
/// whether the group has a `score`).
fn aggregation_of(spec: &GroupScoring) -> Aggregation {
    spec.aggregation.unwrap_or(match spec.score {
        Some(_) => Aggregation::PassFail,
        None => Aggregation::Sum,
    })
}

/// A whole number of points, as `max_score` must be.
fn whole(group: &str, max: f64, worth: Worth) -> Result<u64, ScoreError> {
    let rounded = max.round();
    if (max - rounded).abs() > 1e-9 || rounded < 0.0 {
        return Err(ScoreError::NotWhole {
            group: group.to_string(),
            max,
            worth,
        });
    }
    Ok(rounded as u64)
}

fn unsupported(group: &str, aggregation: Aggregation) -> ScoreError {
    ScoreError::NoAggregation {
        group: group.to_string(),
        aggregation,
    }
}

/// The keys of a group that holds `n` cases and no groups: judge's worth
/// of each case (`accept_score`, else a share of `score`, else 1) is what
/// the 2025-09 keys give each case.
fn leaf(group: &str, spec: &GroupScoring, n: usize) -> Result<Keys, ScoreError> {
    exported(group, spec)?;
    if let Some(reject_score) = spec.reject_score.filter(|r| *r != 0.0) {
        return Err(ScoreError::RejectScore {
            group: group.to_string(),
            reject_score,
        });
    }
    let aggregation = aggregation_of(spec);
    let case = spec
        .accept_score
        .unwrap_or(match (spec.score, aggregation) {
            (Some(w), Aggregation::Sum | Aggregation::Avg) => w / n as f64,
            (Some(w), _) => w,
            (None, _) => 1.0,
        });
    let (max, worth) = match aggregation {
        Aggregation::PassFail => (spec.score.unwrap_or(case * n as f64), Worth::AllOrNothing),
        // 2025-09 shares max_score equally among the cases.
        Aggregation::Sum => (case * n as f64, Worth::CasesAdded),
        // 2025-09 gives each case the whole max_score.
        Aggregation::Min => (case, Worth::EachCase),
        a => return Err(unsupported(group, a)),
    };
    Ok(Keys {
        max_score: whole(group, max, worth)?,
        aggregation,
    })
}

/// Refuses what the export does not write: `require_pass`, `unbounded`.
fn exported(group: &str, spec: &GroupScoring) -> Result<(), ScoreError> {
    let refuse = |key| {
        Err(ScoreError::NotExported {
            group: group.to_string(),
            key,
        })
    };
    match (spec.unbounded, spec.require_pass.as_ref()) {
        (true, _) => refuse("unbounded"),
        (_, Some(names)) if !names.is_empty() => refuse("require_pass"),
        _ => Ok(()),
    }
}

/// The case groups that count (not the sample), with their case counts.
fn counted(problem: &Problem) -> BTreeMap<&str, usize> {
    let mut groups = BTreeMap::new();
    for case in problem.cases.iter().filter(|c| !is_sample(&c.group)) {
        *groups.entry(case.group.as_str()).or_default() += 1;
    }
    groups
}

/// The first path part of `group` below `parent` (`""` for `parent`'s own
/// cases), or `None` outside `parent`.
fn child<'a>(parent: &str, group: &'a str) -> Option<&'a str> {
    let rest = match parent {
        "" => group,
        p => match group.strip_prefix(p) {
            Some("") => "",
            Some(r) => r.strip_prefix('/')?,
            None => return None,
        },
    };
    Some(rest.split('/').next().unwrap_or_default())
}

/// The judge group that is 2025-09's secret: judge's `secret` group when
/// cases/ has one (the whole problem then just passes its score on),
/// else the root.
fn top_group(
    groups: &BTreeMap<&str, usize>,
    rules: &ScoringRules,
) -> Result<&'static str, ScoreError> {
    if !groups.keys().any(|g| child("", g) == Some(SECRET)) {
        return Ok("");
    }
    if let Some(g) = groups.keys().find(|g| child(SECRET, g).is_none()) {
        return Err(ScoreError::BesideSecret {
            group: g.to_string(),
        });
    }
    passes_on(rules)?;
    Ok(SECRET)
}

/// The 2025-09 scoring keys of every folder below `data/` that needs
/// them; empty for a pass-fail problem. `Err` says which group and key
/// 2025-09 cannot express.
pub(crate) fn v2025(problem: &Problem) -> Result<BTreeMap<PathBuf, Keys>, ScoreError> {
    let Some(scoring) = &problem.spec.scoring else {
        return Ok(BTreeMap::new());
    };
    if scoring.include_sample {
        return Err(ScoreError::IncludeSample);
    }
    let rules = problem.groups.rules(scoring);
    let spec = |g: &str| rules.groups.get(g).cloned().unwrap_or_default();
    let groups = counted(problem);
    let top = top_group(&groups, &rules)?;
    let mut out = BTreeMap::new();
    let own = groups.get(top).copied().unwrap_or(0);
    let mut children: BTreeMap<&str, usize> = BTreeMap::new();
    for (g, n) in &groups {
        match child(top, g) {
            Some("") | None => {}
            Some(c) => *children.entry(c).or_default() += n,
        }
    }
    if children.is_empty() {
        out.insert(PathBuf::from(SECRET), leaf(top, &spec(top), own)?);
        return Ok(out);
    }
    if own > 0 {
        return Err(ScoreError::CasesAndGroups {
            group: top.to_string(),
        });
    }
    let mut maxima = Vec::new();
    let mut all_pass_fail = true;
    for name in children.keys() {
        let group = join(top, name);
        if let Some(deeper) = groups
            .keys()
            .find(|g| child(&group, g).is_some_and(|c| !c.is_empty()))
        {
            return Err(ScoreError::TooDeep {
                deeper: deeper.to_string(),
                group,
            });
        }
        let keys = leaf(&group, &spec(&group), groups[group.as_str()])?;
        all_pass_fail &= keys.aggregation == Aggregation::PassFail;
        maxima.push(keys.max_score);
        out.insert(data_folder(&group), keys);
    }
    let keys = secret_keys(top, &spec(top), &maxima, all_pass_fail)?;
    out.insert(PathBuf::from(SECRET), keys);
    Ok(out)
}

/// The keys of secret (judge group `top`, settings `secret`) over groups
/// whose `max_score`s are `maxima`.
fn secret_keys(
    top: &str,
    secret: &GroupScoring,
    maxima: &[u64],
    all_pass_fail: bool,
) -> Result<Keys, ScoreError> {
    exported(top, secret)?;
    let aggregation = aggregation_of(secret);
    let max_score = match aggregation {
        Aggregation::Sum => maxima.iter().sum(),
        Aggregation::Min => maxima.iter().copied().min().unwrap_or(0),
        Aggregation::PassFail if !all_pass_fail => {
            return Err(ScoreError::PassFailOverScored {
                group: top.to_string(),
            });
        }
        Aggregation::PassFail => match secret.score {
            Some(w) => whole(top, w, Worth::AllOrNothing)?,
            None => maxima.iter().sum(),
        },
        a => return Err(unsupported(top, a)),
    };
    Ok(Keys {
        max_score,
        aggregation,
    })
}

/// The root above judge's `secret`, which holds nothing else that counts,
/// must give `secret`'s score as it is.
fn passes_on(rules: &ScoringRules) -> Result<(), ScoreError> {
    let root = rules.groups.get("").cloned().unwrap_or_default();
    match aggregation_of(&root) {
        Aggregation::PassFail => Err(ScoreError::PassFailRoot),
        // One item: its sum, min, max or mean is itself.
        _ => Ok(()),
    }
}

fn join(parent: &str, name: &str) -> String {
    match parent {
        "" => name.to_string(),
        p => format!("{p}/{name}"),
    }
}

/// Test problems for this module and [`crate::write`]'s tests.
#[cfg(test)]
pub(crate) mod fixture {
    use std::path::PathBuf;

    use crate::problem::{Aggregation, Case, GroupSpec, Groups, Problem, ProblemSpec, ScoringSpec};

    /// judge's kinds/sum: 30 all or nothing (`min` of cases worth 30), 70
    /// shared by three cases.
    pub(crate) fn sum() -> Problem {
        let group = |score: f64, aggregation: Aggregation| GroupSpec {
            score: Some(score),
            aggregation: Some(aggregation),
            ..GroupSpec::default()
        };
        problem(
            &[
                ("sample", "1"),
                ("secret/small", "a"),
                ("secret/small", "b"),
                ("secret/large", "a"),
                ("secret/large", "b"),
                ("secret/large", "c"),
            ],
            &[
                ("secret/small", group(30.0, Aggregation::Min)),
                ("secret/large", group(70.0, Aggregation::Sum)),
            ],
        )
    }

    /// A scoring problem with `cases` (group, name) and group settings.
    pub(crate) fn problem(cases: &[(&str, &str)], groups: &[(&str, GroupSpec)]) -> Problem {
        Problem {
            id: "p".into(),
            dir: PathBuf::from("p"),
            spec: ProblemSpec {
                scoring: Some(ScoringSpec::default()),
                ..ProblemSpec::named("p")
            },
            cases: cases
                .iter()
                .map(|(g, n)| Case {
                    group: g.to_string(),
                    name: n.to_string(),
                    input: PathBuf::from(format!("{g}/{n}.in")),
                    answer: None,
                    settings: Default::default(),
                })
                .collect(),
            groups: Groups {
                specs: groups
                    .iter()
                    .map(|(g, s)| (g.to_string(), s.clone()))
                    .collect(),
            },
            orphan_answers: Vec::new(),
            stray_files: Vec::new(),
            invalid_inputs: Vec::new(),
            invalid_rules: Default::default(),
            output_checks: Vec::new(),
            origin: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fixture::problem;
    use super::*;
    use crate::problem::GroupSpec;

    fn scored(score: f64, aggregation: Aggregation) -> GroupSpec {
        GroupSpec {
            score: Some(score),
            aggregation: Some(aggregation),
            ..GroupSpec::default()
        }
    }

    fn keys(max_score: u64, aggregation: Aggregation) -> Keys {
        Keys {
            max_score,
            aggregation,
        }
    }

    #[test]
    fn the_sum_fixture_becomes_secret_and_two_groups() {
        let got = v2025(&super::fixture::sum()).unwrap();
        assert_eq!(got.len(), 3, "{got:?}");
        assert_eq!(got[&PathBuf::from("secret")], keys(100, Aggregation::Sum));
        assert_eq!(
            got[&PathBuf::from("secret/small")],
            keys(30, Aggregation::Min)
        );
        assert_eq!(
            got[&PathBuf::from("secret/large")],
            keys(70, Aggregation::Sum)
        );
        assert_eq!(
            got[&PathBuf::from("secret/small")].yaml(),
            [
                ("max_score", "30".to_string()),
                ("score_aggregation", "min".to_string())
            ]
        );
    }

    #[test]
    fn judges_defaults_are_written_out_in_full() {
        // Top-level groups, no secret folder: the root is secret. A group
        // without a score sums its cases at 1 each; one with a score and
        // no aggregation is all or nothing; accept_score sets each case.
        let p = problem(
            &[
                ("edge", "a"),
                ("edge", "b"),
                ("big", "a"),
                ("exact", "a"),
                ("exact", "b"),
            ],
            &[
                (
                    "big",
                    GroupSpec {
                        score: Some(10.0),
                        ..GroupSpec::default()
                    },
                ),
                (
                    "exact",
                    GroupSpec {
                        aggregation: Some(Aggregation::Sum),
                        accept_score: Some(4.0),
                        ..GroupSpec::default()
                    },
                ),
            ],
        );
        let got = v2025(&p).unwrap();
        assert_eq!(
            got[&PathBuf::from("secret/edge")],
            keys(2, Aggregation::Sum)
        );
        assert_eq!(
            got[&PathBuf::from("secret/big")],
            keys(10, Aggregation::PassFail)
        );
        assert_eq!(
            got[&PathBuf::from("secret/exact")],
            keys(8, Aggregation::Sum)
        );
        assert_eq!(got[&PathBuf::from("secret")], keys(20, Aggregation::Sum));
        // Cases straight in secret: secret is the one group.
        let flat = problem(&[("secret", "a"), ("secret", "b")], &[]);
        assert_eq!(
            v2025(&flat).unwrap()[&PathBuf::from("secret")],
            keys(2, Aggregation::Sum)
        );
    }

    fn refused(cases: &[(&str, &str)], groups: &[(&str, GroupSpec)]) -> ScoreError {
        v2025(&problem(cases, groups)).unwrap_err()
    }

    #[test]
    fn a_group_score_2025_09_cannot_say_is_refused_naming_the_group_and_key() {
        let err = refused(
            &[("secret/a", "1")],
            &[("secret/a", scored(5.0, Aggregation::Max))],
        );
        assert_eq!(
            err,
            ScoreError::NoAggregation {
                group: "secret/a".into(),
                aggregation: Aggregation::Max
            }
        );
        assert!(
            err.to_string()
                .starts_with("cases/secret/a/group.yaml: aggregation: max"),
            "{err}"
        );
        let err = refused(
            &[("secret/a", "1")],
            &[(
                "secret/a",
                GroupSpec {
                    reject_score: Some(-1.0),
                    ..scored(5.0, Aggregation::Sum)
                },
            )],
        );
        assert_eq!(
            err,
            ScoreError::RejectScore {
                group: "secret/a".into(),
                reject_score: -1.0
            }
        );
        let err = refused(
            &[("secret/a", "1"), ("secret/a", "2"), ("secret/a", "3")],
            &[(
                "secret/a",
                GroupSpec {
                    accept_score: Some(0.5),
                    ..scored(10.0, Aggregation::Sum)
                },
            )],
        );
        assert_eq!(
            err,
            ScoreError::NotWhole {
                group: "secret/a".into(),
                max: 1.5,
                worth: Worth::CasesAdded
            }
        );
        assert_eq!(
            err.to_string(),
            "cases/secret/a/group.yaml: the group is worth 1.5 (its cases' worth added up), and 2025-09's max_score is a whole number"
        );
    }

    #[test]
    fn a_layout_2025_09_cannot_hold_is_refused_naming_the_group() {
        let err = refused(&[("secret/a/deep", "1"), ("secret/a", "2")], &[]);
        assert_eq!(
            err,
            ScoreError::TooDeep {
                deeper: "secret/a/deep".into(),
                group: "secret/a".into()
            }
        );
        assert!(err.to_string().contains("every case of data/secret/a as"));
        let err = refused(&[("secret", "1"), ("secret/a", "2")], &[]);
        assert_eq!(
            err,
            ScoreError::CasesAndGroups {
                group: "secret".into()
            }
        );
        let err = refused(&[("secret/a", "1"), ("edge", "2")], &[]);
        assert_eq!(
            err,
            ScoreError::BesideSecret {
                group: "edge".into()
            }
        );
        let err = refused(
            &[("secret/a", "1")],
            &[
                ("secret", scored(100.0, Aggregation::PassFail)),
                ("secret/a", scored(100.0, Aggregation::Sum)),
            ],
        );
        assert_eq!(
            err,
            ScoreError::PassFailOverScored {
                group: "secret".into()
            }
        );
        let err = refused(
            &[("secret/a", "1")],
            &[("", scored(100.0, Aggregation::PassFail))],
        );
        assert_eq!(err, ScoreError::PassFailRoot);
        let mut p = problem(&[("secret", "1")], &[]);
        p.spec.scoring.as_mut().unwrap().include_sample = true;
        assert_eq!(v2025(&p).unwrap_err(), ScoreError::IncludeSample);
    }

    #[test]
    fn require_pass_and_unbounded_are_refused_not_dropped() {
        let err = refused(
            &[("secret/a", "1")],
            &[(
                "secret/a",
                GroupSpec {
                    require_pass: Some(vec!["sample".into()]),
                    ..scored(5.0, Aggregation::Sum)
                },
            )],
        );
        assert_eq!(
            err,
            ScoreError::NotExported {
                group: "secret/a".into(),
                key: "require_pass"
            }
        );
        let err = refused(
            &[("secret", "1")],
            &[(
                "secret",
                GroupSpec {
                    unbounded: true,
                    aggregation: Some(Aggregation::Sum),
                    ..GroupSpec::default()
                },
            )],
        );
        assert!(
            err.to_string()
                .contains("unbounded: judge export does not write it"),
            "{err}"
        );
    }

    #[test]
    fn a_pass_fail_problem_has_no_scoring_keys() {
        let mut p = problem(&[("secret", "1")], &[]);
        p.spec.scoring = None;
        assert!(v2025(&p).unwrap().is_empty());
    }
}
