//! Which rules of a problem's input format some invalid input is proven
//! to break (`validate`'s rules table, [`crate::report::rules`]).
//!
//! The rules come from the validators themselves: the in-crate strict
//! validator lists its own; a validator program's are the ranges of the
//! `bound` lines it prints (`bound N …` is the rule `n-range`, named as the
//! strict validators name theirs). A rule is tested by an invalid input
//! that declares it and that every validator rejected for it: the case
//! passed ([`crate::validation::reject_case`] decided that).

use crate::problem::{INVALID_GROUP, Problem};
use crate::report::ProblemReport;
use crate::report::rules::{Declared, RuleCheck};
use crate::rule::{bound_rule, same_rule};

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
        for rule in named_in(case.message.as_deref().unwrap_or_default()) {
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

/// The rules a message names in the form `rule NAME)` (a name of letters,
/// digits, `-` and `_`, closing a parenthesis, as in `(rule n-range)` and
/// the strict validators' `(…, rule n-range)`).
fn named_in(message: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = message;
    while let Some(at) = rest.find("rule ") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + 5..];
        if before.is_some_and(char::is_alphanumeric) {
            continue;
        }
        let name: String = (rest.chars())
            .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        if name.chars().any(char::is_alphanumeric) && rest[name.len()..].starts_with(')') {
            found.push(name);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    #[test]
    fn rules_are_read_from_messages_in_their_form_only() {
        let m = "x.in:2:1: N out of range (rule n-range)\n  other: (rule t_range), a rule of thumb";
        assert_eq!(super::named_in(m), vec!["n-range", "t_range"]);
        assert!(super::named_in("no rules here; overrule x").is_empty());
    }
}
