//! Invalid inputs that name their rule (issue #41): on a copy of each of
//! the five problems and of `testdata/kinds`, an invalid input declared
//! to break another rule than the one its validators give fails
//! `validate` with the declared rule and every validator's reason side by
//! side; declared back, it passes, and the rules table counts it.

use std::path::Path;

use crate::common::{copy_tree, judge_in, read_report, root};
use judge::report::{ProblemReport, Report};
use judge::verdict::Verdict;

/// `validate` of `problem` under the problems folder `dir`.
fn validate(dir: &Path, problem: &str) -> crate::common::Run {
    validate_report(dir, problem).0
}

/// `validate` of `problem` under `dir`, and the report it wrote.
fn validate_report(dir: &Path, problem: &str) -> (crate::common::Run, Report) {
    let reports = tempfile::tempdir().unwrap();
    let dir = dir.display().to_string();
    let to = reports.path().display().to_string();
    let args = [
        "--problems",
        &dir,
        "validate",
        problem,
        "--sandbox",
        "off",
        "--report-dir",
        &to,
    ];
    let run = judge_in(Path::new("/"), &args, None);
    let report = read_report(reports.path());
    (run, report)
}

/// An invalid input rejected for another rule than it declares, as its
/// case's message says it: the rule it declares and, per validator, the
/// rule that validator names (`None` when it names none).
#[derive(Debug)]
struct Mismatch {
    case: String,
    declared: String,
    reasons: Vec<(String, Option<String>)>,
}

/// The one failing case of `report`, which must be a mismatch: a judge
/// error on an invalid input whose message lays out the two rules.
fn mismatch(report: &Report) -> Mismatch {
    let failed: Vec<_> = (report.problems[0].cases.iter())
        .filter(|c| !c.verdict.is_pass())
        .collect();
    assert_eq!(failed.len(), 1, "{failed:#?}");
    let case = failed[0];
    assert_eq!(case.verdict, Verdict::JudgeError, "{case:?}");
    assert_eq!(case.group, "invalid_input", "{case:?}");
    let message = case.message.as_deref().unwrap();
    let mut lines = message.lines();
    let (_, first) = lines.next().unwrap().split_once(": ").unwrap();
    let declared = first
        .strip_prefix("declared to break `")
        .and_then(|r| r.strip_suffix("`, but rejected for another reason"))
        .unwrap_or_else(|| panic!("{message}"))
        .to_string();
    let mut fields = lines.map(|l| l.trim_start().split_once(": ").unwrap());
    assert_eq!(fields.next(), Some(("declared rule", declared.as_str())));
    let reasons = fields
        .map(|(who, why)| {
            let rule = why
                .rsplit_once("rule ")
                .and_then(|(_, r)| r.strip_suffix(')'))
                .map(str::to_string);
            (who.to_string(), rule)
        })
        .collect();
    Mismatch {
        case: case.id(),
        declared,
        reasons,
    }
}

/// Whether `problem`'s rule `rule` is tested by the invalid input `case`,
/// and every invalid input names a rule.
fn counted(problem: &ProblemReport, rule: &str, case: &str) -> bool {
    let declared = problem.declared;
    (problem.rules.iter()).any(|r| r.rule == rule && r.tested_by.iter().any(|c| c == case))
        && declared.invalid == declared.naming_a_rule
        && declared.invalid > 0
}

/// The declarations of a recipe's `invalid:` map, in file order.
fn declared(recipe: &str) -> Vec<(String, String)> {
    let Some(map) = recipe.split("\ninvalid:\n").nth(1) else {
        return Vec::new();
    };
    map.lines()
        .take_while(|l| l.starts_with(' ') || l.is_empty())
        .filter_map(|l| l.trim().split_once(": "))
        .filter(|(name, _)| !name.starts_with('#'))
        .map(|(n, r)| (n.to_string(), r.trim().to_string()))
        .collect()
}

/// Declares `wrong` for `name`, checks validate fails naming both reasons,
/// puts `text` back and checks it passes.
fn wrong_then_right(dir: &Path, problem: &str, file: &Path, text: &str, wrong: &str, right: &str) {
    let declaration = format!("rule: {right}");
    assert!(text.contains(&declaration), "{text}");
    std::fs::write(
        file,
        text.replacen(&declaration, &format!("rule: {wrong}"), 1),
    )
    .unwrap();
    let (run, report) = validate_report(dir, problem);
    assert_eq!(run.code, 1, "{problem}: {}", run.all());
    let found = mismatch(&report);
    assert_eq!(found.declared, wrong, "{problem}: {found:?}");
    // Each validator's reason names the rule it really breaks.
    assert!(!found.reasons.is_empty(), "{problem}: {found:?}");
    for (who, rule) in &found.reasons {
        assert_eq!(rule.as_deref(), Some(right), "{problem}: {who}: {found:?}");
    }
    std::fs::write(file, text).unwrap();
    let (run, report) = validate_report(dir, problem);
    assert_eq!(run.code, 0, "{problem}: {}", run.all());
    let p = &report.problems[0];
    assert!(counted(p, right, &found.case), "{problem}: {:?}", p.rules);
}

/// The rules table's line of `problem`.
fn out_line<'a>(out: &'a str, problem: &str) -> &'a str {
    let from = out
        .find("rules tested")
        .unwrap_or_else(|| panic!("no rules table\n{out}"));
    out[from..]
        .lines()
        .find(|l| l.starts_with(&format!("{problem} ")))
        .unwrap_or_else(|| panic!("{problem}: not in the rules table\n{out}"))
}

#[test]
fn each_of_the_five_problems_fails_a_wrong_rule_and_passes_the_right_one() {
    for problem in [
        "atoms",
        "four-in-a-row",
        "slink",
        "star-battle",
        "sudoku-checker",
    ] {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join(problem);
        copy_tree(&root().join("problems").join(problem), &dir);
        let recipe = dir.join("recipe.yaml");
        let text = std::fs::read_to_string(&recipe).unwrap();
        let rules = declared(&text);
        assert!(rules.len() >= 20, "{problem}: {rules:?}");
        // The first declaration, made to say the rule of another one.
        let (name, right) = &rules[0];
        let wrong = &rules.iter().find(|(_, r)| r != right).unwrap().1;
        let line = format!("  {name}: {right}\n");
        assert!(text.contains(&line), "{problem}: {line}");
        let swapped = text.replacen(&line, &format!("  {name}: {wrong}\n"), 1);
        std::fs::write(&recipe, &swapped).unwrap();
        let (run, report) = validate_report(tmp.path(), problem);
        assert_eq!(run.code, 1, "{problem}: {}", run.all());
        let found = mismatch(&report);
        assert_eq!(found.case, format!("invalid_input/{name}"), "{problem}");
        assert_eq!(&found.declared, wrong, "{problem}: {found:?}");
        // Both validators give their reason, each naming the real rule.
        let reasons: Vec<(&str, Option<&str>)> = (found.reasons.iter())
            .map(|(who, rule)| (who.as_str(), rule.as_deref()))
            .collect();
        assert_eq!(
            reasons,
            [
                ("the strict validator", Some(right.as_str())),
                ("validators/validate.cpp", Some(right.as_str()))
            ],
            "{problem}"
        );
        std::fs::write(&recipe, &text).unwrap();
        let (run, report) = validate_report(tmp.path(), problem);
        assert_eq!(run.code, 0, "{problem}: {}", run.all());
        let case = format!("invalid_input/{name}");
        let p = &report.problems[0];
        assert!(counted(p, right, &case), "{problem}: {:?}", p.rules);
        let line = out_line(&run.stdout, problem);
        let counts: Vec<&str> = line.split_whitespace().collect();
        // Every invalid input names a rule.
        assert_eq!(counts[1], counts[2], "{line}");
    }
}

#[test]
fn testdata_kinds_fails_a_wrong_rule_beside_the_input_and_passes_the_right_one() {
    let tmp = tempfile::tempdir().unwrap();
    copy_tree(&root().join("testdata/kinds"), tmp.path());
    let yaml = tmp.path().join("divisor-icpc/invalid/t-range.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    wrong_then_right(
        tmp.path(),
        "divisor-icpc",
        &yaml,
        &text,
        "n-range",
        "t-range",
    );
    // A third-party validator's phrase as the rule: a wrong phrase fails.
    let yaml = tmp.path().join("guess/invalid/x-above-n.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    let phrase = text
        .lines()
        .find_map(|l| l.strip_prefix("rule: "))
        .unwrap()
        .trim_matches('"')
        .to_string();
    std::fs::write(&yaml, "rule: expected one line\n").unwrap();
    let (run, report) = validate_report(tmp.path(), "guess");
    assert_eq!(run.code, 1, "{}", run.all());
    let found = mismatch(&report);
    assert_eq!(found.case, "invalid_input/x-above-n");
    assert_eq!(found.declared, "expected one line", "{found:?}");
    std::fs::write(&yaml, &text).unwrap();
    let run = validate(tmp.path(), "guess");
    assert_eq!(run.code, 0, "{phrase}: {}", run.all());
}

#[test]
fn a_2025_09_export_keeps_every_rule_in_the_formats_own_description() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("pkgs/atoms");
    let out_s = out.display().to_string();
    let problems = root().join("problems").display().to_string();
    let args = [
        "--problems",
        &problems,
        "export",
        "atoms",
        "--format",
        "2025-09",
        "--out",
        &out_s,
    ];
    let run = judge_in(tmp.path(), &args, None);
    assert_eq!(run.code, 0, "{}", run.all());
    let yaml = std::fs::read_to_string(out.join("data/invalid_input/n-is-8.yaml")).unwrap();
    assert_eq!(
        yaml,
        "description: \"invalid input: breaks (rule n-range)\"\n"
    );
    // Judged in place, the package holds its invalid inputs to the same
    // rules.
    let run = validate(&tmp.path().join("pkgs"), "atoms");
    assert_eq!(run.code, 0, "{}", run.all());
    let words: Vec<String> = out_line(&run.stdout, "atoms")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let recipe = std::fs::read_to_string(root().join("problems/atoms/recipe.yaml")).unwrap();
    let n = declared(&recipe).len().to_string();
    assert_eq!(words[1..3], [n.clone(), n], "{}", run.all());
}
