//! Which rules of a problem's input format some invalid input is proven
//! to break (`validate`'s rules table, [`crate::report::rules`]).
//!
//! The rules come from the validators themselves: the in-crate strict
//! validator lists its own; a validator program's are the ranges of the
//! `bound` lines it prints (`bound N …` is the rule `n-range`, named as the
//! strict validators name theirs). A rule is tested by an invalid input
//! that declares it and that every validator rejected for it: the case
//! passed ([`crate::pass::validate::input::reject_case`] decided that).

use crate::problem::{INVALID_GROUP, Problem};
use crate::report::ProblemReport;
use crate::report::rules::{Declared, RuleCheck};
use crate::rule::{bound_rule, same_rule, tagged};

/// The rule checks of `problem` from its report (its bounds and the
/// verdicts of its invalid inputs), and how many invalid inputs declare a
/// rule.
pub(crate) fn of(problem: &Problem, report: &ProblemReport) -> (Vec<RuleCheck>, Declared) {
    let mut rules: Vec<RuleCheck> = Vec::new();
    let mut add = |rule: String, from: &str| {
        if !rules.iter().any(|r| same_rule(&r.rule, &rule)) {
            rules.push(RuleCheck {
                rule,
                from: from.to_string(),
                tested_by: Vec::new(),
            });
        }
    };
    match problem.solver() {
        Some(solver) => {
            let from = format!("the strict validator of {}", solver.id());
            for rule in solver.rules() {
                add(rule, &from);
            }
        }
        None => {
            for bound in &report.bounds {
                add(bound_rule(&bound.name), "a validator program's bound lines");
            }
        }
    }
    let invalid: Vec<_> = (report.cases.iter())
        .filter(|c| c.group == INVALID_GROUP || c.group.starts_with(&format!("{INVALID_GROUP}/")))
        .collect();
    for case in &invalid {
        for rule in tagged(case.message.as_deref().unwrap_or_default()) {
            add(rule, "a validator's messages");
        }
    }
    let mut declared = Declared::default();
    for case in invalid {
        declared.invalid += 1;
        let Some(rule) = problem.invalid_rules.get(&case.id()) else {
            continue;
        };
        declared.naming_a_rule += 1;
        if !case.verdict.is_pass() {
            continue;
        }
        for check in rules.iter_mut().filter(|r| same_rule(&r.rule, rule)) {
            check.tested_by.push(case.id());
        }
    }
    (rules, declared)
}
