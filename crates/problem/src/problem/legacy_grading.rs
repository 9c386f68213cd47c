//! Scores of legacy (problemtools / Kattis) scoring packages, computed as
//! problemtools computes them, not approximated by judge's own groups.
//!
//! A legacy package grades every folder of `data/` with a grader: the
//! folder's items (its cases and sub-folders, by name) are judged in
//! order, each giving a verdict and a score (a case: its output
//! validator's `score.txt`, else the folder's `accept_score` or
//! `reject_score`), and `on_reject: break` stops at the first item that
//! is not accepted. The grader turns the lines `VERDICT SCORE` into one
//! verdict and one score. problemtools' default grader does it by its
//! `grader_flags`: the score is the `sum` (default), `avg`, `min` or `max`
//! of the items'; the verdict is the worst (`worst_error`, default), the
//! first non-AC (`first_error`) or AC (`always_accept`), and AC anyway
//! with `accept_if_any_accepted` when one item is; `ignore_sample` (at
//! the root) keeps only the last item, `secret`. A `grading: custom`
//! folder is graded by the package's own program in `graders/`, which the
//! engine runs ([`ScoringRules::score_with`] takes it).
//!
//! Every key is inherited down the folders, as problemtools inherits them;
//! the package reader writes each group's effective settings out in full.
//! A submission's verdict and score are the root's (`data/`): olympiads
//! rely on it, giving `secret` `accept_if_any_accepted` so that a partial
//! solution is AC with a partial score.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::groups::{CaseScore, Scored, ScoringRules};

/// One folder's grading settings, effective (inherited ones filled in).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegacyGrading {
    /// `grader_flags`, word by word.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<String>,
    /// `on_reject: break` (problemtools' default): stop at the first item
    /// that is not accepted.
    #[serde(default = "yes")]
    pub stop_on_reject: bool,
    #[serde(default = "one")]
    pub accept_score: f64,
    #[serde(default)]
    pub reject_score: f64,
    /// `range`: the lowest and highest score; the highest is the maximum a
    /// submission can reach.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<[f64; 2]>,
    /// `grading: custom`: graded by the package's grader program.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub custom: bool,
}

fn yes() -> bool {
    true
}

fn one() -> f64 {
    1.0
}

impl Default for LegacyGrading {
    fn default() -> Self {
        LegacyGrading {
            flags: Vec::new(),
            stop_on_reject: true,
            accept_score: 1.0,
            reject_score: 0.0,
            range: None,
            custom: false,
        }
    }
}

/// A verdict and score, as a grader reads and writes them.
#[derive(Debug, Clone, PartialEq)]
pub struct Graded {
    /// problemtools' verdict code: AC, WA, TLE, RTE, MLE, OLE, PE, JE.
    pub verdict: String,
    pub score: f64,
}

impl Graded {
    fn judge_error() -> Graded {
        Graded {
            verdict: "JE".into(),
            score: 0.0,
        }
    }

    pub fn accepted(&self) -> bool {
        self.verdict == "AC"
    }
}

/// A custom grader: the folder's settings and its items' results in, one
/// result out (`None`: it failed, which is a judge error).
pub type CustomGrader<'a> = dyn Fn(&LegacyGrading, &[Graded]) -> Option<Graded> + 'a;

/// problemtools' default grader.
pub fn default_grader(flags: &[String], items: &[Graded]) -> Graded {
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

/// The path of a sub-group `name` of `group`.
fn join(group: &str, name: &str) -> String {
    if group.is_empty() {
        name.to_string()
    } else {
        format!("{group}/{name}")
    }
}

impl ScoringRules {
    /// Whether these are a legacy package's rules.
    pub fn is_legacy(&self) -> bool {
        self.legacy.is_some()
    }

    fn legacy_of(&self, group: &str) -> LegacyGrading {
        (self.groups.get(group))
            .and_then(|g| g.legacy.clone())
            .unwrap_or_default()
    }

    /// Grades judge group `group` (`""` is `data/secret`) as problemtools
    /// does, from its cases' results.
    pub fn grade_legacy(
        &self,
        group: &str,
        cases: &BTreeMap<String, CaseScore>,
        custom: &CustomGrader<'_>,
    ) -> Graded {
        let config = self.legacy_of(group);
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
                Some((sub, _)) if !(group.is_empty() && super::layout::is_sample(sub)) => {
                    items.entry(sub.to_string()).or_insert(None);
                }
                Some(_) => {}
            }
        }
        let mut results = Vec::new();
        for (name, case) in items {
            let result = match case {
                Some(c) => case_result(c, &config),
                None => self.grade_legacy(&join(group, &name), cases, custom),
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
    pub fn grade_legacy_problem(
        &self,
        cases: &BTreeMap<String, CaseScore>,
        custom: &CustomGrader<'_>,
    ) -> Graded {
        let top = self.legacy.clone().unwrap_or_default();
        let has_sample = cases.keys().any(|id| {
            id.split_once('/')
                .is_some_and(|(g, _)| super::layout::is_sample(g))
        });
        let mut results = Vec::new();
        if has_sample {
            let sample = self.grade_legacy(super::layout::SAMPLE_GROUP, cases, custom);
            let stop = !sample.accepted() && top.stop_on_reject;
            results.push(sample);
            if stop {
                return grade_items(&top, &results, custom);
            }
        }
        results.push(self.grade_legacy("", cases, custom));
        grade_items(&top, &results, custom)
    }

    /// The legacy score of `group` (`None`: the whole problem), with the
    /// most it could have scored: the top of its `range`, else what it
    /// scores with every case accepted.
    pub(crate) fn score_legacy(
        &self,
        group: Option<&str>,
        cases: &BTreeMap<String, CaseScore>,
        custom: &CustomGrader<'_>,
    ) -> Scored {
        let grade = |cases: &BTreeMap<String, CaseScore>| match group {
            None => self.grade_legacy_problem(cases, custom),
            Some(g) => self.grade_legacy(g, cases, custom),
        };
        let got = grade(cases);
        let range = match group {
            None => self.legacy.as_ref().and_then(|l| l.range),
            Some(g) => self.legacy_of(g).range,
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
            score: super::groups::round(got.score),
            max: super::groups::round(max),
        }
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

/// A folder's grade from its items' results: a judge error among them is
/// the folder's, as in problemtools; else its grader's.
fn grade_items(config: &LegacyGrading, items: &[Graded], custom: &CustomGrader<'_>) -> Graded {
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

/// No custom grader: such folders are graded by the default grader with
/// their flags (what a report merged from shards can do without running
/// programs).
pub fn no_custom_grader(config: &LegacyGrading, items: &[Graded]) -> Option<Graded> {
    Some(default_grader(&config.flags, items))
}

#[cfg(test)]
#[path = "legacy_grading_tests.rs"]
mod tests;
