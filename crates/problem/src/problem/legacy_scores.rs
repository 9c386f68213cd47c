//! Grading a legacy package's folders from the cases' results
//! (`ScoringRules` of a legacy package): which items each folder has, in
//! which order, where `on_reject: break` stops, and what the most is. The
//! rules of one grader are in [`super::legacy_grading`].

use std::collections::BTreeMap;

use super::groups::{CaseScore, Scored, ScoringRules};
use super::legacy_grading::{CustomGrader, Graded, LegacyGrading, grade_items};

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

#[cfg(test)]
#[path = "legacy_grading_tests.rs"]
mod tests;
