//! Scores: the one place a scoring problem's score is computed from its
//! case results, for every command alike (`check`'s reference run and
//! expected-verdict submissions, `grade`, `validate`, `judge merge`).
//!
//! The rules are the problem's data ([`ScoringRules`], also kept in the
//! report so a merge knows them); the report only holds the result. The
//! rules of a 2023-07 / 2025-09 package aggregate groups
//! (`groups`); a legacy package's are problemtools' graders
//! (`legacy`), its `grading: custom` folders graded by the package's
//! own program ([`custom_grader`]), which is why a [`Scorer`] may hold
//! the problem's [`Tools`].

pub mod custom_grader;
mod groups;
mod item;
mod legacy;
mod spec_errors;

use std::collections::BTreeMap;

pub use item::Scored;

use crate::build::tools::Tools;
use crate::compare::CheckerScore;
use crate::error::{Error, Result};
use crate::execute::runner::Runner;
use crate::problem::Discovery;
use crate::problem::groups::ScoringRules;
use crate::problem::{is_sample, is_validation_group};
use crate::report::{CaseReport, ProblemReport};
use crate::verdict::Verdict;
use item::CaseScore;

/// Scores cases by a problem's rules.
pub struct Scorer<'a> {
    rules: &'a ScoringRules,
    /// The problem's programs, for a legacy package whose folders say
    /// `grading: custom`; `None` where the rules need no program.
    tools: Option<&'a Tools<'a>>,
}

impl<'a> Scorer<'a> {
    /// A scorer by `rules`; `tools` builds and runs the package's grader
    /// where [`needs_grader_program`] says the rules need one (without
    /// it, such a folder is a judge error, never a guess).
    pub fn new(rules: &'a ScoringRules, tools: Option<&'a Tools<'a>>) -> Self {
        Scorer { rules, tools }
    }

    /// The whole problem's score and the most it could have been.
    pub fn problem(&self, cases: &[CaseReport]) -> Scored {
        self.group("", cases)
    }

    /// The score of test group `group` (judge's name: `group1`, `sample`;
    /// `""` the whole problem).
    pub fn group(&self, group: &str, cases: &[CaseReport]) -> Scored {
        let results = case_scores(self.rules, cases);
        let tools = self.tools;
        let custom =
            |config: &_, items: &[_]| tools.and_then(|t| custom_grader::run(t, config, items));
        match self.rules.legacy {
            // A legacy package's `""` is the whole problem (`data/`), any
            // other group is graded as its folder.
            Some(_) => legacy::score(
                self.rules,
                (!group.is_empty()).then_some(group),
                &results,
                &custom,
            ),
            None => groups::score(self.rules, group, &results, &|g| passed(cases, g)),
        }
    }

    /// Makes each case the 2025-09 scoring rules call a judge error one
    /// (`spec_errors`: a score file they do not allow, a group above its
    /// `max_score`), its message the rule: never clamped silently. Only for
    /// a 2025-09 (or 2023-07) package's rules (`spec_format`), whose
    /// scores are bounded so; judge's own groups and a legacy package's
    /// graders give scores freely. Returns how many cases it changed.
    pub fn mark_judge_errors(&self, cases: &mut [CaseReport], spec_format: bool) -> usize {
        if !spec_format || self.rules.legacy.is_some() {
            return 0;
        }
        let results = case_scores(self.rules, cases);
        let faults = spec_errors::find(self.rules, &results, &|g| passed(cases, g));
        for (id, why) in &faults {
            if let Some(case) = cases.iter_mut().find(|c| c.id() == *id) {
                case.verdict = Verdict::JudgeError;
                case.checker_score = None;
                case.message = Some(why.clone());
            }
        }
        faults.len()
    }
}

/// Whether every case of group `group` (and of the groups below it) was
/// accepted.
fn passed(cases: &[CaseReport], group: &str) -> bool {
    let below = format!("{group}/");
    cases
        .iter()
        .filter(|c| c.group == group || c.group.starts_with(&below))
        .all(|c| c.verdict.is_pass())
}

/// Scores the problems of a report merged from shards again, from all
/// their cases: each shard scored only its own. A problem whose rules
/// run the package's grader needs its package in `found` and a runner
/// to build and run it there.
pub fn merged(
    problems: &mut [ProblemReport],
    found: &Discovery,
    runner: Option<&Runner>,
) -> Result<()> {
    for report in problems {
        let Some(rules) = &report.scoring else {
            continue;
        };
        let scored = match needs_grader_program(rules) {
            false => Scorer::new(rules, None).problem(&report.cases),
            true => {
                let missing = || Error::GraderNotFound {
                    problem: report.id.clone(),
                };
                let problem = found.problems.iter().find(|p| p.id == report.id);
                let (problem, runner) = problem.zip(runner).ok_or_else(missing)?;
                let tools = Tools::new(problem, Some(runner));
                Scorer::new(rules, Some(&tools)).problem(&report.cases)
            }
        };
        (report.score, report.max_score) = (Some(scored.score), Some(scored.max));
    }
    Ok(())
}

/// Whether scoring by `rules` runs the package's grader program (a legacy
/// `grading: custom` folder anywhere).
pub fn needs_grader_program(rules: &ScoringRules) -> bool {
    let custom =
        |l: &Option<crate::problem::groups::LegacyGrading>| l.as_ref().is_some_and(|l| l.custom);
    custom(&rules.legacy) || rules.groups.values().any(|g| custom(&g.legacy))
}

/// Whether a case of `group` counts towards the score.
fn counts(rules: &ScoringRules, group: &str) -> bool {
    // A legacy grader sees the sample too (and ignores it by its flags);
    // the tests of the validators are not test data and never score.
    let sample_counts = rules.include_sample || rules.legacy.is_some() || !is_sample(group);
    sample_counts && !is_validation_group(group)
}

/// Each counted case's result, by case id, as the scoring rules read it.
fn case_scores(rules: &ScoringRules, cases: &[CaseReport]) -> BTreeMap<String, CaseScore> {
    cases
        .iter()
        .filter(|c| counts(rules, &c.group))
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
