//! Case groups: `cases/<group>/group.yaml` settings, and the scores of
//! scoring problems.
//!
//! Every folder below `cases/` is a group (`sample`, `secret/small`, …) and
//! may hold a `group.yaml`. Judging settings (`checker_args`,
//! `validator_args`, `compare`, `tolerance`) are inherited by sub-folders
//! (the nearest file that sets a key wins); scoring settings (`score`,
//! `aggregation`, `accept_score`, `reject_score`) belong to their own group.
//!
//! Scores follow the ICPC 2025-09 rules, with the legacy ones on top: a
//! group's cases and sub-groups are its items. `pass-fail`: the group's
//! `score` when every item is accepted, else 0. `sum`: the items' scores
//! added up, each direct case worth an equal share of what the sub-groups
//! leave of `score` (or `accept_score`). `min`: the lowest item score,
//! each case worth the whole `score`. A group without a `score` is worth
//! what its items are (each case 1, as in legacy packages), summed by
//! default. A checker may give a case part of its worth
//! (`score_multiplier.txt`, a testlib `points` fraction) or a score of its
//! own (`score.txt`).

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::compare::CompareMode;

pub use super::legacy_grading::LegacyGrading;
pub use super::spec::Aggregation;

/// The contents of `cases/<group>/group.yaml`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupSpec {
    /// What the group is worth (scoring problems).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aggregation: Option<Aggregation>,
    /// The score of an accepted case without a score of its own (legacy
    /// `accept_score`; overrides `score / items`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept_score: Option<f64>,
    /// The score of a rejected case (legacy `reject_score`, default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reject_score: Option<f64>,
    /// Extra checker arguments for the cases below (ICPC
    /// `output_validator_args` / `output_validator_flags`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checker_args: Option<Vec<String>>,
    /// Arguments for the input validator programs (ICPC
    /// `input_validator_args` / `input_validator_flags`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validator_args: Option<Vec<String>>,
    /// Compare mode and tolerance for the cases below, replacing the
    /// problem's (a package's per-group `float_tolerance`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compare: Option<CompareMode>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<f64>,
    /// A legacy package's grading of this folder (problemtools' rules,
    /// [`super::legacy_grading`]); replaces the keys above for scores.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legacy: Option<LegacyGrading>,
}

/// The file name of a group's settings.
pub const GROUP_FILE: &str = "group.yaml";

/// Judging settings in force for one case (inherited down the groups).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CaseSettings {
    pub checker_args: Vec<String>,
    pub validator_args: Vec<String>,
    pub compare: Option<CompareMode>,
    pub tolerance: Option<f64>,
}

/// Every group's settings, by group path (`""` is `cases/` itself).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Groups {
    pub specs: BTreeMap<String, GroupSpec>,
}

impl Groups {
    /// The group paths from the root down to `group` (`a/b` → "", "a", "a/b").
    fn chain(group: &str) -> Vec<String> {
        let mut chain = vec![String::new()];
        let mut path = String::new();
        for part in group.split('/').filter(|p| !p.is_empty()) {
            if !path.is_empty() {
                path.push('/');
            }
            path.push_str(part);
            chain.push(path.clone());
        }
        chain
    }

    /// The settings in force in `group`: for each key, the nearest group
    /// (itself, then its ancestors) that sets it.
    pub fn settings(&self, group: &str) -> CaseSettings {
        let mut s = CaseSettings::default();
        for g in Self::chain(group) {
            let Some(spec) = self.specs.get(&g) else {
                continue;
            };
            if let Some(a) = &spec.checker_args {
                s.checker_args = a.clone();
            }
            if let Some(a) = &spec.validator_args {
                s.validator_args = a.clone();
            }
            s.compare = spec.compare.or(s.compare);
            s.tolerance = spec.tolerance.or(s.tolerance);
        }
        s
    }
}

/// Reads every `group.yaml` below `cases_dir`; errors name the file, line
/// and column.
pub(crate) fn read_groups(cases_dir: &Path) -> Result<Groups, super::fault::ProblemError> {
    let mut groups = Groups::default();
    for entry in walkdir::WalkDir::new(cases_dir)
        .follow_links(true)
        .sort_by_file_name()
    {
        let Ok(entry) = entry else { continue };
        if entry.file_name() != GROUP_FILE || !entry.file_type().is_file() {
            continue;
        }
        let path = entry.path();
        let text = super::fault::read_settings(path)?;
        let spec: GroupSpec = super::fault::parse_yaml(path, &text)?;
        let group = super::layout::group_of(cases_dir, path.parent().unwrap_or(cases_dir));
        groups.specs.insert(group, spec);
    }
    Ok(groups)
}

/// One item's result for scoring: accepted or not, and its score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scored {
    pub accepted: bool,
    pub score: f64,
    /// The most this item could have scored.
    pub max: f64,
}

/// A case's own result as the checker left it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CaseScore {
    pub accepted: bool,
    /// A fraction of the case's worth (score_multiplier.txt, testlib points).
    pub fraction: Option<f64>,
    /// An absolute score (score.txt).
    pub absolute: Option<f64>,
    /// Its verdict as problemtools writes it (AC, WA, TLE, RTE, …), for
    /// legacy graders.
    pub code: &'static str,
}

/// What a group is worth and how its items add up: the scoring part of a
/// `group.yaml`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupScoring {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aggregation: Option<Aggregation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept_score: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reject_score: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legacy: Option<LegacyGrading>,
}

/// A scoring problem's rules, kept in reports so that merged shards are
/// scored again exactly as one run would have been.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringRules {
    /// Count `sample` too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub include_sample: bool,
    /// By group path; `""` is the whole problem.
    pub groups: BTreeMap<String, GroupScoring>,
    /// A legacy package's grading of `data/` itself (above judge's root,
    /// which is `data/secret`): scores are then problemtools'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legacy: Option<LegacyGrading>,
}

impl Groups {
    /// The scoring rules of a scoring problem: every group's scoring keys,
    /// and the whole problem aggregating its groups (`sum` unless said).
    pub fn rules(&self, spec: &super::spec::ScoringSpec) -> ScoringRules {
        let mut groups: BTreeMap<String, GroupScoring> = self
            .specs
            .iter()
            .map(|(g, s)| {
                (
                    g.clone(),
                    GroupScoring {
                        score: s.score,
                        aggregation: s.aggregation,
                        accept_score: s.accept_score,
                        reject_score: s.reject_score,
                        legacy: s.legacy.clone(),
                    },
                )
            })
            .collect();
        let root = groups.entry(String::new()).or_default();
        root.aggregation = root.aggregation.or(spec.aggregation);
        ScoringRules {
            include_sample: spec.include_sample,
            groups,
            legacy: spec.legacy.clone(),
        }
    }
}

impl ScoringRules {
    /// Whether a case of `group` counts.
    pub fn counts(&self, group: &str) -> bool {
        // A legacy grader sees the sample too (and ignores it by its flags).
        self.include_sample || self.legacy.is_some() || !super::layout::is_sample(group)
    }

    /// Scores the group `group` from its cases' results (`cases`: case id →
    /// result, ids `group/name`). Sub-groups are items like cases.
    ///
    /// A group without a `score` is a container: worth what its items are
    /// worth, each case 1 (`accept_score`) unless a checker says
    /// otherwise, added up unless `aggregation` says otherwise. A group
    /// with a `score` is all or nothing unless `aggregation` says
    /// otherwise; in a `sum` group its direct cases share what its
    /// sub-groups leave of the score.
    pub fn score(&self, group: &str, cases: &BTreeMap<String, CaseScore>) -> Scored {
        self.score_with(group, cases, &super::legacy_grading::no_custom_grader)
    }

    /// [`Self::score`], with the package's custom grader for legacy
    /// `grading: custom` folders. A legacy package's `""` is the whole
    /// problem (`data/`), any other group is graded as its folder.
    pub fn score_with(
        &self,
        group: &str,
        cases: &BTreeMap<String, CaseScore>,
        custom: &super::legacy_grading::CustomGrader<'_>,
    ) -> Scored {
        if self.is_legacy() {
            let group = (!group.is_empty()).then_some(group);
            return self.score_legacy(group, cases, custom);
        }
        let spec = self.groups.get(group).cloned().unwrap_or_default();
        let aggregation = spec.aggregation.unwrap_or(match spec.score {
            Some(_) => Aggregation::PassFail,
            None => Aggregation::Sum,
        });
        let prefix = if group.is_empty() {
            String::new()
        } else {
            format!("{group}/")
        };
        // Direct cases and direct sub-groups, in name order.
        let mut subgroups: Vec<String> = Vec::new();
        let mut own: Vec<&CaseScore> = Vec::new();
        for (id, result) in cases {
            let Some(rest) = id.strip_prefix(&prefix) else {
                continue;
            };
            match rest.split_once('/') {
                None => own.push(result),
                Some((sub, _)) => {
                    let sub = format!("{prefix}{sub}");
                    if !subgroups.contains(&sub) {
                        subgroups.push(sub);
                    }
                }
            }
        }
        let mut scored: Vec<Scored> = subgroups.iter().map(|g| self.score(g, cases)).collect();
        let sub_max: f64 = scored.iter().map(|s| s.max).sum();
        let case_max = spec
            .accept_score
            .unwrap_or(match (spec.score, aggregation) {
                (Some(w), Aggregation::Sum | Aggregation::Avg) if !own.is_empty() => {
                    (w - sub_max).max(0.0) / own.len() as f64
                }
                (Some(w), _) => w,
                (None, _) => 1.0,
            });
        let reject = spec.reject_score.unwrap_or(0.0);
        scored.extend(own.iter().map(|c| {
            let score = if !c.accepted {
                reject
            } else if let Some(a) = c.absolute {
                a
            } else {
                c.fraction.unwrap_or(1.0).clamp(0.0, 1.0) * case_max
            };
            Scored {
                accepted: c.accepted,
                score,
                max: case_max,
            }
        }));
        let items = scored.len();
        let accepted = scored.iter().all(|s| s.accepted);
        let sum = |f: fn(&Scored) -> f64| scored.iter().map(f).sum::<f64>();
        let worth = spec.score.unwrap_or_else(|| sum(|s| s.max));
        let (score, max) = match aggregation {
            Aggregation::PassFail => (if accepted { worth } else { 0.0 }, worth),
            Aggregation::Sum => (sum(|s| s.score), sum(|s| s.max)),
            Aggregation::Min => (
                scored.iter().map(|s| s.score).fold(f64::INFINITY, f64::min),
                scored.iter().map(|s| s.max).fold(f64::INFINITY, f64::min),
            ),
            Aggregation::Max => (
                scored.iter().map(|s| s.score).fold(0.0, f64::max),
                scored.iter().map(|s| s.max).fold(0.0, f64::max),
            ),
            Aggregation::Avg => (
                sum(|s| s.score) / items.max(1) as f64,
                sum(|s| s.max) / items.max(1) as f64,
            ),
        };
        let (score, max) = if scored.is_empty() {
            (0.0, spec.score.unwrap_or(0.0))
        } else {
            (score, max)
        };
        Scored {
            accepted,
            score: round(score),
            max: round(max),
        }
    }
}

/// Scores to six decimals: sums of thirds must not print as 99.99999.
pub(crate) fn round(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(entries: &[(&str, GroupSpec)]) -> Groups {
        Groups {
            specs: entries
                .iter()
                .map(|(g, s)| (g.to_string(), s.clone()))
                .collect(),
        }
    }

    fn rules(entries: &[(&str, GroupScoring)]) -> ScoringRules {
        ScoringRules {
            include_sample: false,
            groups: entries
                .iter()
                .map(|(g, s)| (g.to_string(), s.clone()))
                .collect(),
            legacy: None,
        }
    }

    fn results(entries: &[(&str, bool)]) -> BTreeMap<String, CaseScore> {
        entries
            .iter()
            .map(|(id, ok)| {
                (
                    id.to_string(),
                    CaseScore {
                        accepted: *ok,
                        fraction: None,
                        absolute: None,
                        code: if *ok { "AC" } else { "WA" },
                    },
                )
            })
            .collect()
    }

    #[test]
    fn settings_are_inherited_by_the_nearest_group_that_sets_them() {
        let g = groups(&[
            (
                "",
                GroupSpec {
                    checker_args: Some(vec!["a".into()]),
                    tolerance: Some(1e-3),
                    ..Default::default()
                },
            ),
            (
                "secret",
                GroupSpec {
                    checker_args: Some(vec!["b".into()]),
                    ..Default::default()
                },
            ),
        ]);
        let s = g.settings("secret/deep");
        assert_eq!(s.checker_args, vec!["b".to_string()]);
        assert_eq!(s.tolerance, Some(1e-3));
        assert_eq!(g.settings("sample").checker_args, vec!["a".to_string()]);
    }

    #[test]
    fn pass_fail_sum_and_min_groups_score_as_the_icpc_rules_say() {
        let spec = |score: f64, a: Aggregation| GroupScoring {
            score: Some(score),
            aggregation: Some(a),
            ..Default::default()
        };
        let g = rules(&[
            ("small", spec(30.0, Aggregation::PassFail)),
            ("large", spec(70.0, Aggregation::Sum)),
            ("hard", spec(10.0, Aggregation::Min)),
        ]);
        let r = results(&[
            ("small/1", true),
            ("small/2", true),
            ("large/1", true),
            ("large/2", false),
            ("hard/1", true),
        ]);
        assert_eq!(
            g.score("small", &r),
            Scored {
                accepted: true,
                score: 30.0,
                max: 30.0
            }
        );
        assert_eq!(
            g.score("large", &r),
            Scored {
                accepted: false,
                score: 35.0,
                max: 70.0
            }
        );
        assert_eq!(g.score("hard", &r).score, 10.0);
        let r = results(&[("small/1", true), ("small/2", false)]);
        assert_eq!(g.score("small", &r).score, 0.0);
    }

    #[test]
    fn checker_fractions_and_absolute_scores_count_and_subgroups_are_items() {
        let g = rules(&[
            (
                "secret",
                GroupScoring {
                    score: Some(100.0),
                    aggregation: Some(Aggregation::Sum),
                    ..Default::default()
                },
            ),
            (
                "secret/a",
                GroupScoring {
                    aggregation: Some(Aggregation::Sum),
                    accept_score: Some(1.0),
                    ..Default::default()
                },
            ),
        ]);
        let mut r = results(&[
            ("secret/x", true),
            ("secret/a/1", true),
            ("secret/a/2", true),
        ]);
        r.get_mut("secret/x").unwrap().fraction = Some(0.5);
        r.get_mut("secret/a/2").unwrap().absolute = Some(3.0);
        // Group a is worth 2 (two cases at accept_score 1) and scores
        // 1 + 3; x is worth what a leaves of 100 (98) and gets half of it.
        let scored = g.score("secret", &r);
        assert_eq!((scored.score, scored.max), (53.0, 100.0));
    }

    #[test]
    fn a_group_without_a_score_is_worth_its_items() {
        let g = rules(&[(
            "b",
            GroupScoring {
                score: Some(10.0),
                ..Default::default()
            },
        )]);
        let r = results(&[("a/1", true), ("a/2", false), ("b/1", true), ("b/2", false)]);
        // The root and `a` have no score: each case 1, summed; `b` is all
        // or nothing by default.
        assert_eq!(
            g.score("a", &r),
            Scored {
                accepted: false,
                score: 1.0,
                max: 2.0
            }
        );
        assert_eq!(
            g.score("b", &r),
            Scored {
                accepted: false,
                score: 0.0,
                max: 10.0
            }
        );
        assert_eq!(
            g.score("", &r),
            Scored {
                accepted: false,
                score: 1.0,
                max: 12.0
            }
        );
    }
}
