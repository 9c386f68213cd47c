//! `judge new`: a problem that passes at once, in either layout, never
//! over an existing one. (The walkthrough test runs the whole day.)

use crate::common::judge_in;

#[test]
fn a_new_problem_passes_check_in_both_layouts_and_is_never_overwritten() {
    if !crate::common::sandbox("a_new_problem_passes_check_in_both_layouts") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let run = judge_in(tmp.path(), &["new", "demo", "--reference", "c"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    for made in [
        "judge-config.yaml",
        ".gitignore",
        "problems/demo/reference.c",
    ] {
        assert!(tmp.path().join(made).is_file(), "{made}: {}", run.all());
    }
    let before = crate::cli::snapshot(tmp.path());
    let again = judge_in(tmp.path(), &["new", "demo"], None);
    assert_eq!(again.code, 2, "{}", again.all());
    assert_eq!(
        again.stderr.lines().collect::<Vec<_>>(),
        ["error: problems/demo exists; judge new never overwrites a problem"],
        "{}",
        again.all()
    );
    assert_eq!(crate::cli::snapshot(tmp.path()), before);
    // A package among the problems: a new one beside it is a package too.
    let run = judge_in(tmp.path(), &["new", "pkg", "--format", "2025-09"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(tmp.path().join("problems/pkg/data/sample/1.ans").is_file());
    let run = judge_in(tmp.path(), &["new", "third"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(
        tmp.path().join("problems/third/data").is_dir(),
        "a folder holding packages gets a package"
    );
    let check = judge_in(tmp.path(), &["check"], None);
    assert_eq!(check.code, 0, "{}", check.all());
    let report = crate::common::read_report(&tmp.path().join("reports/check"));
    assert_eq!(report.submissions.len(), 5, "{}", check.all());
    assert!(
        report
            .submissions
            .iter()
            .all(|s| s.ok && s.skipped.is_none())
    );
    assert_eq!(report.summary.submissions_failed, 0);
    let validate = judge_in(tmp.path(), &["validate"], None);
    assert_eq!(validate.code, 0, "{}", validate.all());
    // Each new problem's invalid inputs declare their rule, and are
    // rejected for it: its line of the rules table counts four of four.
    let report = crate::common::read_report(&tmp.path().join("reports/validate"));
    for id in ["demo", "pkg", "third"] {
        let p = (report.problems.iter())
            .find(|p| p.id == id)
            .unwrap_or_else(|| panic!("{id}: not validated\n{}", validate.all()));
        let four = judge::report::rules::Declared {
            invalid: 4,
            naming_a_rule: 4,
        };
        assert_eq!(p.declared, four, "{id}");
        let invalid: Vec<_> = (p.cases.iter())
            .filter(|c| c.group == "invalid_input")
            .collect();
        assert_eq!(invalid.len(), 4, "{id}");
        assert!(invalid.iter().all(|c| c.verdict.is_pass()), "{invalid:?}");
    }
    // Bad ids and languages are refused with the reason.
    let bad = judge_in(tmp.path(), &["new", "Bad_Id"], None);
    assert_eq!(bad.code, 2, "{}", bad.all());
    assert!(!tmp.path().join("problems/Bad_Id").exists());
    let lang = judge_in(tmp.path(), &["new", "x", "--reference", "cobol"], None);
    assert_eq!(lang.code, 2, "{}", lang.all());
    assert_eq!(
        lang.stderr.lines().collect::<Vec<_>>(),
        ["error: --reference cobol: judge new writes a reference in py, cpp, c, rust, java"],
        "{}",
        lang.all()
    );
    assert!(!tmp.path().join("problems/x").exists());
}
