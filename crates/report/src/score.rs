//! Scores of a scoring problem's report: the whole problem's, and one test
//! group's (a package's `submissions.yaml` may promise a score per group).

use std::collections::BTreeMap;

use super::ProblemReport;
use crate::compare::CheckerScore;
use crate::problem::groups::{CaseScore, ScoringRules};
use crate::problem::legacy_grading::CustomGrader;
use crate::verdict::Verdict;

/// A verdict as problemtools names it to its graders.
fn problemtools_code(v: Verdict) -> &'static str {
    match v {
        v if v.is_pass() => "AC",
        Verdict::WrongAnswer => "WA",
        Verdict::PresentationError => "PE",
        Verdict::TimeLimit => "TLE",
        Verdict::MemoryLimit => "MLE",
        Verdict::OutputLimit => "OLE",
        Verdict::RuntimeError | Verdict::CompileError => "RTE",
        _ => "JE",
    }
}

impl ProblemReport {
    /// Each counted case's result, by case id, as the scoring rules read it.
    fn case_scores(&self, rules: &ScoringRules) -> BTreeMap<String, CaseScore> {
        self.cases
            .iter()
            // validate files the tests of the validators beside the
            // cases; they are not test data and never score.
            .filter(|c| rules.counts(&c.group) && !crate::problem::is_validation_group(&c.group))
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
                    code: problemtools_code(c.verdict),
                };
                (c.id(), result)
            })
            .collect()
    }

    /// Scores a scoring problem from its cases by its rules (no-op for
    /// pass-fail problems).
    pub fn rescore(&mut self) {
        self.rescore_with(&crate::problem::legacy_grading::no_custom_grader);
    }

    /// [`Self::rescore`], with a legacy package's custom grader.
    pub fn rescore_with(&mut self, custom: &CustomGrader<'_>) {
        let Some(rules) = &self.scoring else { return };
        let scored = rules.score_with("", &self.case_scores(rules), custom);
        self.score = Some(scored.score);
        self.max_score = Some(scored.max);
    }

    /// The score of test group `group` (judge's name: `group1`, `sample`),
    /// or `None` for a pass-fail problem.
    pub fn group_score(&self, group: &str) -> Option<f64> {
        self.group_score_with(group, &crate::problem::legacy_grading::no_custom_grader)
    }

    /// [`Self::group_score`], with a legacy package's custom grader.
    pub fn group_score_with(&self, group: &str, custom: &CustomGrader<'_>) -> Option<f64> {
        let rules = self.scoring.as_ref()?;
        Some(
            rules
                .score_with(group, &self.case_scores(rules), custom)
                .score,
        )
    }
}
