use super::*;
use crate::problem::groups::GroupScoring;

/// A legacy package's group (`""`: the whole problem), as the scorer asks.
fn score(
    rules: &ScoringRules,
    group: &str,
    cases: &BTreeMap<String, CaseScore>,
    custom: &Custom<'_>,
) -> Scored {
    super::score(rules, (!group.is_empty()).then_some(group), cases, custom)
}

/// Scores by rules whose folders have no custom grading.
fn plain(rules: &ScoringRules, group: &str, cases: &BTreeMap<String, CaseScore>) -> Scored {
    score(rules, group, cases, &|_, _| None)
}

fn g(verdict: &str, score: f64) -> Graded {
    Graded {
        verdict: verdict.into(),
        score,
    }
}

fn flags(words: &str) -> Vec<String> {
    words.split_whitespace().map(String::from).collect()
}

#[test]
fn the_default_grader_aggregates_as_its_flags_say() {
    let items = [g("AC", 30.0), g("WA", 0.0), g("TLE", 5.0)];
    assert_eq!(default_grader(&[], &items), g("TLE", 35.0));
    assert_eq!(default_grader(&flags("min"), &items), g("TLE", 0.0));
    assert_eq!(
        default_grader(&flags("max first_error"), &items),
        g("WA", 30.0)
    );
    assert_eq!(
        default_grader(&flags("first_error accept_if_any_accepted"), &items),
        g("AC", 35.0)
    );
    assert_eq!(
        default_grader(&flags("avg always_accept"), &items).verdict,
        "AC"
    );
    // The last aggregator named wins, as in the Python grader's loop.
    assert_eq!(default_grader(&flags("min sum"), &items).score, 35.0);
    // ignore_sample keeps the last of the root's two items; more is an
    // error of the package.
    assert_eq!(
        default_grader(&flags("ignore_sample"), &[g("WA", 0.0), g("AC", 60.0)]),
        g("AC", 60.0)
    );
    assert_eq!(
        default_grader(&flags("ignore_sample"), &items).verdict,
        "JE"
    );
    assert_eq!(default_grader(&flags("min"), &[]).verdict, "JE");
    assert_eq!(default_grader(&[], &[]), g("AC", 0.0));
}

fn case(accepted: bool, code: &'static str) -> CaseScore {
    CaseScore {
        accepted,
        fraction: None,
        absolute: None,
        code,
    }
}

/// An olympiad's settings: the root ignores the sample and goes on past
/// failures, secret sums its groups and is AC when any is, each group is
/// all or nothing (`min` of `accept_score`) and stops at its first failure.
fn olympiad() -> ScoringRules {
    let legacy = |f: &str, stop: bool, accept: f64, high: f64| GroupScoring {
        legacy: Some(LegacyGrading {
            flags: flags(f),
            stop_on_reject: stop,
            accept_score: accept,
            reject_score: 0.0,
            range: Some([0.0, high]),
            custom: false,
        }),
        ..GroupScoring::default()
    };
    let mut groups = BTreeMap::new();
    groups.insert("sample".into(), legacy("first_error", false, 0.0, 0.0));
    groups.insert(
        String::new(),
        legacy("first_error accept_if_any_accepted", false, 1.0, 100.0),
    );
    groups.insert("g1".into(), legacy("min", true, 30.0, 30.0));
    groups.insert("g2".into(), legacy("min", true, 70.0, 70.0));
    ScoringRules {
        include_sample: false,
        groups,
        legacy: Some(LegacyGrading {
            flags: flags("ignore_sample"),
            stop_on_reject: false,
            range: Some([0.0, 100.0]),
            ..LegacyGrading::default()
        }),
    }
}

fn cases(entries: &[(&str, bool)]) -> BTreeMap<String, CaseScore> {
    entries
        .iter()
        .map(|(id, ok)| (id.to_string(), case(*ok, if *ok { "AC" } else { "WA" })))
        .collect()
}

#[test]
fn an_olympiad_partial_solution_is_accepted_with_its_subtasks_points() {
    let rules = olympiad();
    let r = cases(&[
        ("sample/1", false),
        ("g1/1", true),
        ("g1/2", true),
        ("g2/1", true),
        ("g2/2", false),
    ]);
    let whole = plain(&rules, "", &r);
    assert_eq!(
        whole,
        Scored {
            accepted: true,
            score: 30.0,
            max: 100.0
        }
    );
    assert_eq!(plain(&rules, "g2", &r).score, 0.0);
    assert_eq!(plain(&rules, "g1", &r).score, 30.0);
    // Every group failing: secret is not accepted, the problem neither.
    let none = cases(&[("g1/1", false), ("g2/1", false)]);
    assert!(!plain(&rules, "", &none).accepted);
    // The sample counts when the root does not ignore it, and `break`
    // at the root stops before secret.
    let mut strict = olympiad();
    strict.legacy = Some(LegacyGrading::default());
    let sample_fails = cases(&[("sample/1", false), ("g1/1", true), ("g2/1", true)]);
    assert_eq!(plain(&rules, "", &sample_fails).score, 100.0);
    let got = plain(&strict, "", &sample_fails);
    assert_eq!((got.accepted, got.score), (false, 0.0));
}

#[test]
fn on_reject_break_stops_the_sum_at_the_first_failure() {
    let mut rules = olympiad();
    rules.groups.insert(
        "g2".into(),
        GroupScoring {
            legacy: Some(LegacyGrading {
                flags: flags("sum"),
                accept_score: 10.0,
                ..LegacyGrading::default()
            }),
            ..GroupScoring::default()
        },
    );
    // Cases and folders are items by name: 2 fails, so 3 is never judged.
    let r = cases(&[("g2/1", true), ("g2/2", false), ("g2/3", true)]);
    assert_eq!(plain(&rules, "g2", &r).score, 10.0);
    rules
        .groups
        .get_mut("g2")
        .unwrap()
        .legacy
        .as_mut()
        .unwrap()
        .stop_on_reject = false;
    assert_eq!(plain(&rules, "g2", &r).score, 20.0);
    // No range: the most is what every case accepted would score.
    assert_eq!(plain(&rules, "g2", &r).max, 30.0);
}

#[test]
fn validator_scores_and_custom_graders_are_used() {
    let mut rules = olympiad();
    let g1 = rules.groups.get_mut("g1").unwrap().legacy.as_mut().unwrap();
    g1.custom = true;
    g1.flags = flags("min subtask_score=30");
    let mut r = cases(&[("g1/1", true), ("g1/2", true), ("g2/1", true)]);
    r.get_mut("g1/1").unwrap().absolute = Some(0.5);
    r.get_mut("g1/2").unwrap().absolute = Some(0.25);
    // A grader multiplying the least score by its flag's number, as
    // olympiad graders do.
    let grader = |c: &LegacyGrading, items: &[Graded]| {
        let times: f64 = c
            .flags
            .iter()
            .find_map(|f| f.strip_prefix("subtask_score="))
            .and_then(|n| n.parse().ok())
            .unwrap_or(1.0);
        let least = items.iter().map(|i| i.score).fold(f64::INFINITY, f64::min);
        Some(g("AC", least * times))
    };
    assert_eq!(score(&rules, "g1", &r, &grader).score, 7.5);
    assert_eq!(score(&rules, "", &r, &grader).score, 77.5);
    // A grader that fails is a judge error, which the root inherits.
    let broken = |_: &LegacyGrading, _: &[Graded]| None;
    let got = score(&rules, "", &r, &broken);
    assert_eq!((got.accepted, got.score), (false, 0.0));
}
