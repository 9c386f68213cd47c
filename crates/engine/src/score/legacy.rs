//! A legacy (problemtools / Kattis) package's scores, computed as
//! problemtools computes them: every folder of `data/` graded from its
//! items (its cases and sub-folders, by name, in order; `on_reject:
//! break` stops at the first item not accepted) by problemtools' default
//! grader with the folder's `grader_flags`, or by the package's own
//! program for a `grading: custom` folder. The settings are data of the
//! problem ([`crate::problem::legacy_grading`]).

use std::collections::BTreeMap;

use super::item::{CaseScore, Scored, round};
use crate::problem::groups::ScoringRules;
use crate::problem::legacy_grading::LegacyGrading;
use crate::problem::{SAMPLE_GROUP, is_sample};

/// A verdict and score, as a grader reads and writes them.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Graded {
    /// problemtools' verdict code: AC, WA, TLE, RTE, MLE, OLE, PE, JE.
    pub(crate) verdict: String,
    pub(crate) score: f64,
}

impl Graded {
    fn judge_error() -> Graded {
        Graded {
            verdict: "JE".into(),
            score: 0.0,
        }
    }

    pub(crate) fn accepted(&self) -> bool {
        self.verdict == "AC"
    }
}

/// A custom grader: the folder's settings and its items' results in, one
/// result out (`None`: it failed, which is a judge error). Within this
/// crate only: [`super::Scorer`] makes it from the package's program.
pub(crate) type Custom<'a> = dyn Fn(&LegacyGrading, &[Graded]) -> Option<Graded> + 'a;

/// problemtools' default grader.
pub(crate) fn default_grader(flags: &[String], items: &[Graded]) -> Graded {
    let mut scores = "sum";
    let mut verdicts = "worst_error";
    for flag in flags {
        match flag.as_str() {
            f @ ("sum" | "avg" | "min" | "max") => scores = f,
            f @ ("worst_error" | "no_errors" | "first_error" | "always_accept") => verdicts = f,
            _ => {}
        }
    }
    let has = |f: &str| flags.iter().any(|x| x == f);
    let mut items = items;
    if has("ignore_sample") {
        // The root's items are sample and secret: secret alone counts.
        if items.is_empty() || items.len() > 2 {
            return Graded::judge_error();
        }
        items = &items[items.len() - 1..];
    }
    if items.is_empty() && scores != "sum" {
        // min/max/avg of nothing: the Python grader fails.
        return Graded::judge_error();
    }
    let verdict = if has("accept_if_any_accepted") && items.iter().any(Graded::accepted) {
        "AC".to_string()
    } else {
        match verdicts {
            "first_error" => items
                .iter()
                .find(|g| !g.accepted())
                .map_or("AC".into(), |g| g.verdict.clone()),
            "always_accept" => "AC".into(),
            _ => worst(items),
        }
    };
    let values = items.iter().map(|g| g.score);
    let score = match scores {
        "avg" => values.sum::<f64>() / items.len() as f64,
        "min" => values.fold(f64::INFINITY, f64::min),
        "max" => values.fold(f64::NEG_INFINITY, f64::max),
        _ => values.sum(),
    };
    Graded { verdict, score }
}

/// The worst verdict, in problemtools' order of severity.
fn worst(items: &[Graded]) -> String {
    const ORDER: [&str; 9] = ["JE", "IF", "RTE", "MLE", "TLE", "OLE", "WA", "PE", "AC"];
    let rank = |v: &str| ORDER.iter().position(|o| *o == v).unwrap_or(0);
    items
        .iter()
        .map(|g| g.verdict.as_str())
        .min_by_key(|v| rank(v))
        .unwrap_or("AC")
        .to_string()
}

/// A folder's grade from its items' results: a judge error among them is
/// the folder's, as in problemtools; else its grader's.
pub(crate) fn grade_items(config: &LegacyGrading, items: &[Graded], custom: &Custom<'_>) -> Graded {
    if let Some(je) = items.iter().find(|g| g.verdict == "JE") {
        return je.clone();
    }
    let graded = if config.custom {
        custom(config, items).unwrap_or_else(Graded::judge_error)
    } else {
        default_grader(&config.flags, items)
    };
    Graded {
        // problemtools reads the grader's score as printed with `%f`.
        score: (graded.score * 1e6).round() / 1e6,
        ..graded
    }
}

/// The path of a sub-group `name` of `group`.
fn join(group: &str, name: &str) -> String {
    if group.is_empty() {
        name.to_string()
    } else {
        format!("{group}/{name}")
    }
}

fn legacy_of(rules: &ScoringRules, group: &str) -> LegacyGrading {
    (rules.groups.get(group))
        .and_then(|g| g.legacy.clone())
        .unwrap_or_default()
}

/// Grades judge group `group` (`""` is `data/secret`) as problemtools
/// does, from its cases' results.
fn grade_folder(
    rules: &ScoringRules,
    group: &str,
    cases: &BTreeMap<String, CaseScore>,
    custom: &Custom<'_>,
) -> Graded {
    let config = legacy_of(rules, group);
    let prefix = if group.is_empty() {
        String::new()
    } else {
        format!("{group}/")
    };
    // Items by name, cases and folders mixed, as problemtools lists a
    // folder. Judge's root is data/secret: the sample is not its item.
    let mut items: BTreeMap<String, Option<&CaseScore>> = BTreeMap::new();
    for (id, result) in cases {
        let Some(rest) = id.strip_prefix(&prefix) else {
            continue;
        };
        match rest.split_once('/') {
            None => {
                items.insert(rest.to_string(), Some(result));
            }
            Some((sub, _)) if !(group.is_empty() && is_sample(sub)) => {
                items.entry(sub.to_string()).or_insert(None);
            }
            Some(_) => {}
        }
    }
    let mut results = Vec::new();
    for (name, case) in items {
        let result = match case {
            Some(c) => case_result(c, &config),
            None => grade_folder(rules, &join(group, &name), cases, custom),
        };
        let stop = !result.accepted() && config.stop_on_reject;
        results.push(result);
        if stop {
            break;
        }
    }
    grade_items(&config, &results, custom)
}

/// The whole problem's grade: `data/`'s grader over the sample and
/// `data/secret` (judge's root).
fn grade_problem(
    rules: &ScoringRules,
    cases: &BTreeMap<String, CaseScore>,
    custom: &Custom<'_>,
) -> Graded {
    let top = rules.legacy.clone().unwrap_or_default();
    let has_sample = cases
        .keys()
        .any(|id| id.split_once('/').is_some_and(|(g, _)| is_sample(g)));
    let mut results = Vec::new();
    if has_sample {
        let sample = grade_folder(rules, SAMPLE_GROUP, cases, custom);
        let stop = !sample.accepted() && top.stop_on_reject;
        results.push(sample);
        if stop {
            return grade_items(&top, &results, custom);
        }
    }
    results.push(grade_folder(rules, "", cases, custom));
    grade_items(&top, &results, custom)
}

/// The legacy score of `group` (`None`: the whole problem), with the
/// most it could have scored: the top of its `range`, else what it
/// scores with every case accepted.
pub(crate) fn score(
    rules: &ScoringRules,
    group: Option<&str>,
    cases: &BTreeMap<String, CaseScore>,
    custom: &Custom<'_>,
) -> Scored {
    let grade = |cases: &BTreeMap<String, CaseScore>| match group {
        None => grade_problem(rules, cases, custom),
        Some(g) => grade_folder(rules, g, cases, custom),
    };
    let got = grade(cases);
    let range = match group {
        None => rules.legacy.as_ref().and_then(|l| l.range),
        Some(g) => legacy_of(rules, g).range,
    };
    let max = match range {
        Some([_, high]) if high.is_finite() => high,
        _ => {
            let perfect: BTreeMap<String, CaseScore> = cases
                .iter()
                .map(|(id, c)| {
                    let ok = CaseScore {
                        accepted: true,
                        code: "AC",
                        ..*c
                    };
                    (id.clone(), ok)
                })
                .collect();
            grade(&perfect).score
        }
    };
    Scored {
        accepted: got.accepted(),
        score: round(got.score),
        max: round(max),
    }
}

/// A case's result under its folder's settings.
fn case_result(c: &CaseScore, config: &LegacyGrading) -> Graded {
    let score = if !c.accepted {
        config.reject_score
    } else if let Some(points) = c.absolute {
        points
    } else {
        c.fraction.unwrap_or(1.0).clamp(0.0, 1.0) * config.accept_score
    };
    Graded {
        verdict: c.code.to_string(),
        score,
    }
}

#[cfg(test)]
#[path = "legacy_tests.rs"]
mod tests;
