//! A 2023-07 / 2025-09 scoring problem's groups scored from their cases
//! (a legacy package's rules go to [`super::legacy`]).
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

use super::item::{CaseScore, Scored, round};
use crate::problem::groups::{Aggregation, GroupScoring, ScoringRules};

/// Scores the group `group` (`""`: the whole problem) from its cases'
/// results (`cases`: case id → result, ids `group/name`). Sub-groups are
/// items like cases.
///
/// A group without a `score` is a container: worth what its items are
/// worth, each case 1 (`accept_score`) unless a checker says otherwise,
/// added up unless `aggregation` says otherwise. A group with a `score` is
/// all or nothing unless `aggregation` says otherwise; in a `sum` group
/// its direct cases share what its sub-groups leave of the score.
///
/// A group whose `require_pass` names a group not passed whole (`passed`
/// says, by group path) scores 0 and counts as not accepted (2025-09
/// "Group dependencies").
pub(crate) fn score(
    rules: &ScoringRules,
    group: &str,
    cases: &BTreeMap<String, CaseScore>,
    passed: &dyn Fn(&str) -> bool,
) -> Scored {
    let spec = rules.groups.get(group).cloned().unwrap_or_default();
    let aggregation = aggregation_of(&spec);
    let (subgroups, own) = direct_items(group, cases);
    let mut scored: Vec<Scored> = (subgroups.iter())
        .map(|g| score(rules, g, cases, passed))
        .collect();
    let case_max = own_case_max(&spec, &scored, own.len());
    let reject = spec.reject_score.unwrap_or(0.0);
    scored.extend(own.iter().map(|c| case_scored(c, case_max, reject)));
    let mut got = aggregate(&spec, aggregation, &scored);
    let required = spec.require_pass.iter().flatten();
    if required.clone().any(|g| !passed(g)) {
        (got.score, got.accepted) = (0.0, false);
    }
    got
}

/// How a group aggregates: as it says, else all or nothing with a
/// `score`, else summed.
pub(super) fn aggregation_of(spec: &GroupScoring) -> Aggregation {
    spec.aggregation.unwrap_or(match spec.score {
        Some(_) => Aggregation::PassFail,
        None => Aggregation::Sum,
    })
}

/// What one of the group's own cases can score at most, its sub-groups
/// scored as `subgroups` (infinite in an unbounded group).
pub(super) fn own_case_max(spec: &GroupScoring, subgroups: &[Scored], own: usize) -> f64 {
    if spec.unbounded {
        return f64::INFINITY;
    }
    let sub_max: f64 = subgroups.iter().map(|s| s.max).sum();
    case_worth(spec, aggregation_of(spec), sub_max, own)
}

/// Direct cases and direct sub-groups of `group`, in name order: the
/// sub-groups by their ids, the cases by their results.
pub(super) fn direct_items<'c>(
    group: &str,
    cases: &'c BTreeMap<String, CaseScore>,
) -> (Vec<String>, Vec<&'c CaseScore>) {
    let prefix = if group.is_empty() {
        String::new()
    } else {
        format!("{group}/")
    };
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
    (subgroups, own)
}

/// What one accepted direct case is worth: its `accept_score`; else, in a
/// `sum` (or `avg`) group with a `score`, an equal share of what the
/// sub-groups (worth `sub_max`) leave of it among the `own` cases; else
/// the group's whole `score`; else 1, as in legacy packages.
fn case_worth(spec: &GroupScoring, aggregation: Aggregation, sub_max: f64, own: usize) -> f64 {
    spec.accept_score
        .unwrap_or(match (spec.score, aggregation) {
            (Some(w), Aggregation::Sum | Aggregation::Avg) if own > 0 => {
                (w - sub_max).max(0.0) / own as f64
            }
            (Some(w), _) => w,
            (None, _) => 1.0,
        })
}

/// One direct case as an item worth `case_max`: `reject` when it is not
/// accepted, else the checker's own score, else the checker's fraction of
/// its worth (all of it when the checker said nothing).
fn case_scored(case: &CaseScore, case_max: f64, reject: f64) -> Scored {
    let score = if !case.accepted {
        reject
    } else if let Some(a) = case.absolute {
        a
    } else if case_max.is_infinite() {
        // An unbounded case without score.txt: a judge error (`spec_errors`).
        0.0
    } else {
        case.fraction.unwrap_or(1.0).clamp(0.0, 1.0) * case_max
    };
    Scored {
        accepted: case.accepted,
        score,
        max: case_max,
    }
}

/// The group's score from its items' (`scored`) by its `aggregation`,
/// rounded; a group with no items scores 0 of its `score`.
fn aggregate(spec: &GroupScoring, aggregation: Aggregation, scored: &[Scored]) -> Scored {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Scores without a custom grader (these rules have none).
    fn score_plain(
        rules: &ScoringRules,
        group: &str,
        cases: &BTreeMap<String, CaseScore>,
    ) -> Scored {
        score(rules, group, cases, &|_| true)
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
            score_plain(&g, "small", &r),
            Scored {
                accepted: true,
                score: 30.0,
                max: 30.0
            }
        );
        assert_eq!(
            score_plain(&g, "large", &r),
            Scored {
                accepted: false,
                score: 35.0,
                max: 70.0
            }
        );
        assert_eq!(score_plain(&g, "hard", &r).score, 10.0);
        let r = results(&[("small/1", true), ("small/2", false)]);
        assert_eq!(score_plain(&g, "small", &r).score, 0.0);
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
        let scored = score_plain(&g, "secret", &r);
        assert_eq!((scored.score, scored.max), (53.0, 100.0));
    }

    #[test]
    fn require_pass_zeroes_a_group_and_an_unbounded_one_adds_what_the_checker_says() {
        let g = rules(&[
            (
                "a",
                GroupScoring {
                    score: Some(40.0),
                    aggregation: Some(Aggregation::Sum),
                    require_pass: Some(vec!["sample".into()]),
                    ..Default::default()
                },
            ),
            (
                "u",
                GroupScoring {
                    aggregation: Some(Aggregation::Sum),
                    unbounded: true,
                    ..Default::default()
                },
            ),
        ]);
        let mut r = results(&[("a/1", true), ("u/1", true), ("u/2", true)]);
        r.get_mut("u/1").unwrap().absolute = Some(250.0);
        r.get_mut("u/2").unwrap().absolute = Some(1000.5);
        let failed_sample = |g: &str| g != "sample";
        assert_eq!(score(&g, "a", &r, &failed_sample).score, 0.0);
        assert!(!score(&g, "a", &r, &failed_sample).accepted);
        assert_eq!(score(&g, "a", &r, &|_| true).score, 40.0);
        let u = score(&g, "u", &r, &|_| true);
        assert_eq!(u.score, 1250.5);
        assert!(u.max.is_infinite());
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
            score_plain(&g, "a", &r),
            Scored {
                accepted: false,
                score: 1.0,
                max: 2.0
            }
        );
        assert_eq!(
            score_plain(&g, "b", &r),
            Scored {
                accepted: false,
                score: 0.0,
                max: 10.0
            }
        );
        assert_eq!(
            score_plain(&g, "", &r),
            Scored {
                accepted: false,
                score: 1.0,
                max: 12.0
            }
        );
    }
}
