//! Scores of a scoring problem's report: the whole problem's, and one test
//! group's (a package's `submissions.yaml` may promise a score per group).

use std::collections::BTreeMap;

use super::ProblemReport;
use crate::compare::CheckerScore;
use crate::problem::groups::{CaseScore, ScoringRules};

impl ProblemReport {
    /// Each counted case's result, by case id, as the scoring rules read it.
    fn case_scores(&self, rules: &ScoringRules) -> BTreeMap<String, CaseScore> {
        self.cases
            .iter()
            .filter(|c| rules.counts(&c.group))
            .map(|c| {
                let (fraction, absolute) = match c.checker_score {
                    Some(CheckerScore::Fraction(f)) => (Some(f), None),
                    Some(CheckerScore::Points(p)) => (None, Some(p)),
                    None => (None, None),
                };
                let result = CaseScore {
                    accepted: c.verdict.is_pass(),
                    fraction,
                    absolute,
                };
                (c.id(), result)
            })
            .collect()
    }

    /// Scores a scoring problem from its cases by its rules (no-op for
    /// pass-fail problems).
    pub fn rescore(&mut self) {
        let Some(rules) = &self.scoring else { return };
        let scored = rules.score("", &self.case_scores(rules));
        self.score = Some(scored.score);
        self.max_score = Some(scored.max);
    }

    /// The score of test group `group` (judge's name: `group1`, `sample`),
    /// or `None` for a pass-fail problem.
    pub fn group_score(&self, group: &str) -> Option<f64> {
        let rules = self.scoring.as_ref()?;
        Some(rules.score(group, &self.case_scores(rules)).score)
    }
}
