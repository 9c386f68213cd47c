//! The judge errors of 2025-09's scoring rules, found from the cases'
//! results: a checker's score file the rules do not allow ("Scoring test
//! cases": a score for a case of a pass-fail group, `score_multiplier.txt`
//! or no `score.txt` in an unbounded group, a `score.txt` above the case's
//! maximum) and a group scored above its `max_score` ("Scoring test data
//! groups"), or a pass-fail `secret` over groups that are not. Each is a
//! judge error on its case (a group's on the group's first case), with the
//! rule in words: a score is never clamped silently. A score file on a
//! rejected case is the checker's judge error already, found where its
//! feedback is read.

use std::collections::BTreeMap;

use super::groups::{aggregation_of, direct_items, own_case_max, score};
use super::item::{CaseScore, Scored};
use crate::problem::Aggregation;
use crate::problem::groups::ScoringRules;

/// Every case made a judge error, by id, with why; one reason a case.
pub(super) fn find(
    rules: &ScoringRules,
    cases: &BTreeMap<String, CaseScore>,
    passed: &dyn Fn(&str) -> bool,
) -> Vec<(String, String)> {
    let mut found = BTreeMap::new();
    walk(rules, "", cases, passed, &mut found);
    found.into_iter().collect()
}

/// The package's name of judge group `group` (judge's root is `data/secret`).
fn shown(group: &str) -> String {
    match group {
        "" => "data/secret".into(),
        g => format!("data/secret/{g}"),
    }
}

/// The first case of `group` (itself or below), by id.
fn first_case(group: &str, cases: &BTreeMap<String, CaseScore>) -> Option<String> {
    let prefix = match group {
        "" => String::new(),
        g => format!("{g}/"),
    };
    cases.keys().find(|id| id.starts_with(&prefix)).cloned()
}

fn walk(
    rules: &ScoringRules,
    group: &str,
    cases: &BTreeMap<String, CaseScore>,
    passed: &dyn Fn(&str) -> bool,
    found: &mut BTreeMap<String, String>,
) {
    let spec = rules.groups.get(group).cloned().unwrap_or_default();
    let aggregation = aggregation_of(&spec);
    let (subgroups, own) = direct_items(group, cases);
    let scored: Vec<Scored> = (subgroups.iter())
        .map(|g| score(rules, g, cases, passed))
        .collect();
    let case_max = own_case_max(&spec, &scored, own.len());
    let prefix = match group {
        "" => String::new(),
        g => format!("{g}/"),
    };
    let name = shown(group);
    for (id, case) in cases {
        let direct = id
            .strip_prefix(&prefix)
            .is_some_and(|rest| !rest.contains('/'));
        if direct && let Some(why) = case_fault(case, aggregation, spec.unbounded, case_max, &name)
        {
            found.entry(id.clone()).or_insert(why);
        }
    }
    let mut fault = |at: &str, why: String| {
        if let Some(id) = first_case(at, cases) {
            found.entry(id).or_insert(why);
        }
    };
    let mut below = Vec::new();
    if let Some(max) = spec.score.filter(|_| !spec.unbounded) {
        let got = score(rules, group, cases, passed).score;
        if got > max + 1e-6 {
            fault(
                group,
                format!("{name} scored {got}, above its max_score {max} (2025-09: a judge error)"),
            );
        }
    }
    for sub in &subgroups {
        let theirs = aggregation_of(&rules.groups.get(sub).cloned().unwrap_or_default());
        if aggregation == Aggregation::PassFail && theirs != Aggregation::PassFail {
            fault(
                sub,
                format!(
                    "{name} aggregates pass-fail, so its group {} must too (2025-09: a judge error)",
                    shown(sub)
                ),
            );
        }
        below.push(sub);
    }
    for sub in below {
        walk(rules, sub, cases, passed, found);
    }
}

/// What is wrong with the score file of one accepted case of group `name`
/// (aggregating by `aggregation`, unbounded or each case worth at most
/// `case_max`), if anything.
fn case_fault(
    case: &CaseScore,
    aggregation: Aggregation,
    unbounded: bool,
    case_max: f64,
    name: &str,
) -> Option<String> {
    if !case.accepted {
        return None;
    }
    let wrote = case.fraction.is_some() || case.absolute.is_some();
    let why = if wrote && aggregation == Aggregation::PassFail {
        format!("the checker wrote a score for a case of {name}, which aggregates pass-fail")
    } else if unbounded && case.fraction.is_some() {
        format!(
            "the checker wrote score_multiplier.txt for a case of {name}, whose max_score is unbounded"
        )
    } else if unbounded && case.absolute.is_none() {
        format!(
            "the checker wrote no score.txt for an accepted case of {name}, whose max_score is unbounded"
        )
    } else if let Some(points) = case.absolute.filter(|p| *p > case_max + 1e-6) {
        format!("score.txt says {points}, above the case's maximum {case_max} in {name}")
    } else {
        return None;
    };
    Some(format!("{why} (2025-09: a judge error)"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::groups::GroupScoring;

    fn case(accepted: bool, fraction: Option<f64>, absolute: Option<f64>) -> CaseScore {
        CaseScore {
            accepted,
            fraction,
            absolute,
            code: if accepted { "AC" } else { "WA" },
        }
    }

    fn group(score: Option<f64>, aggregation: Aggregation, unbounded: bool) -> GroupScoring {
        GroupScoring {
            score,
            aggregation: Some(aggregation),
            unbounded,
            ..Default::default()
        }
    }

    fn rules(groups: &[(&str, GroupScoring)]) -> ScoringRules {
        ScoringRules {
            groups: groups
                .iter()
                .map(|(g, s)| (g.to_string(), s.clone()))
                .collect(),
            ..Default::default()
        }
    }

    #[test]
    fn score_files_the_rules_do_not_allow_are_judge_errors_on_their_case() {
        let r = rules(&[
            ("", group(Some(100.0), Aggregation::Sum, false)),
            ("a", group(Some(40.0), Aggregation::Sum, false)),
            ("b", group(Some(60.0), Aggregation::PassFail, false)),
        ]);
        let cases: BTreeMap<String, CaseScore> = [
            ("a/1", case(true, None, Some(25.0))),
            ("a/2", case(true, None, Some(20.0))),
            ("b/1", case(true, Some(0.5), None)),
            ("b/2", case(false, None, None)),
        ]
        .into_iter()
        .map(|(id, c)| (id.to_string(), c))
        .collect();
        let found = find(&r, &cases, &|_| true);
        let ids: Vec<&str> = found.iter().map(|(id, _)| id.as_str()).collect();
        // a/1: 25 above a case's 20; b/1: a score in a pass-fail group.
        assert_eq!(ids, ["a/1", "b/1"], "{found:?}");
        assert!(
            found[0].1.contains("above the case's maximum 20"),
            "{found:?}"
        );
        assert!(found[1].1.contains("pass-fail"), "{found:?}");
    }

    #[test]
    fn unbounded_groups_need_score_txt_and_a_pass_fail_secret_pass_fail_groups() {
        let r = rules(&[
            ("", group(None, Aggregation::Sum, true)),
            ("u", group(None, Aggregation::Sum, true)),
        ]);
        let cases: BTreeMap<String, CaseScore> = [
            ("u/1", case(true, None, Some(1e6))),
            ("u/2", case(true, None, None)),
            ("u/3", case(true, Some(0.5), None)),
        ]
        .into_iter()
        .map(|(id, c)| (id.to_string(), c))
        .collect();
        let found = find(&r, &cases, &|_| true);
        let ids: Vec<&str> = found.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids, ["u/2", "u/3"], "{found:?}");
        let r = rules(&[
            ("", group(Some(100.0), Aggregation::PassFail, false)),
            ("g", group(Some(100.0), Aggregation::Sum, false)),
        ]);
        let cases: BTreeMap<String, CaseScore> =
            [("g/1".to_string(), case(true, None, None))].into();
        let found = find(&r, &cases, &|_| true);
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .1
                .contains("data/secret aggregates pass-fail, so its group data/secret/g must too")
        );
    }

    #[test]
    fn a_group_above_its_max_score_is_a_judge_error_on_its_first_case() {
        // Two groups of 60 under a secret of 100: summed, 120.
        let r = rules(&[
            ("", group(Some(100.0), Aggregation::Sum, false)),
            ("a", group(Some(60.0), Aggregation::PassFail, false)),
            ("b", group(Some(60.0), Aggregation::PassFail, false)),
        ]);
        let cases: BTreeMap<String, CaseScore> = [
            ("a/1".to_string(), case(true, None, None)),
            ("b/1".to_string(), case(true, None, None)),
        ]
        .into();
        let found = find(&r, &cases, &|_| true);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, "a/1");
        assert!(
            found[0]
                .1
                .contains("data/secret scored 120, above its max_score 100")
        );
    }
}
