//! End-to-end tests of the `judge` command line on the real test set and on
//! broken fixtures under `testdata/broken`.

use crate::common::{copy_tree, judge, judge_in, read_report, root, without_timings};
use judge::verdict::Verdict;

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn s(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn check_passes_on_the_repository_and_writes_reports_that_parse_back() {
    let out = tmp();
    // Expected-verdict submissions are graded by `make check` itself and by
    // tests/validate.rs; here only the reference check.
    let run = judge(&["check", "--no-submissions", "--report-dir", s(out.path())]);
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(
        run.stdout.contains("problem") && run.stdout.contains("total"),
        "{}",
        run.all()
    );
    let report = read_report(out.path());
    assert!(report.summary.cases > 0);
    assert_eq!(report.summary.failed, 0);
    assert_eq!(report.summary.passed, report.summary.cases);
    let html = std::fs::read_to_string(out.path().join("report.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "HTML must be self-contained"
    );
}

#[test]
fn a_corrupted_expected_output_fails_check_and_regen_restores_exactly_it() {
    let dir = tmp();
    let problems = dir.path().join("problems");
    copy_tree(
        &root().join("problems/four-in-a-row"),
        &problems.join("four-in-a-row"),
    );
    let target = problems.join("four-in-a-row/cases/edge/horizontal-line-of-7.out");
    let original = std::fs::read_to_string(&target).unwrap();
    std::fs::write(&target, original.replace("XXXXXXX", "XXXxXXX")).unwrap();

    let reports = dir.path().join("reports");
    let run = judge_in(
        dir.path(),
        &["check", "--no-submissions", "--report-dir", s(&reports)],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.all());
    assert!(
        run.stdout
            .contains("WA four-in-a-row edge/horizontal-line-of-7"),
        "{}",
        run.all()
    );
    assert!(
        run.stdout.contains("-XXXxXXX") && run.stdout.contains("+XXXXXXX"),
        "{}",
        run.all()
    );
    let report = read_report(&reports);
    let failed: Vec<_> = report.problems[0]
        .cases
        .iter()
        .filter(|c| c.verdict != Verdict::Accepted)
        .collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0].id(), "edge/horizontal-line-of-7");
    assert!(failed[0].diff.as_deref().unwrap().contains("+XXXXXXX"));
    let html = std::fs::read_to_string(reports.join("report.html")).unwrap();
    assert!(html.contains("edge/horizontal-line-of-7") && html.contains("XXXxXXX"));

    let run = judge_in(dir.path(), &["regen"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    let changed: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("changed"))
        .collect();
    assert_eq!(changed.len(), 1, "{}", run.all());
    assert!(
        changed[0].contains("four-in-a-row/edge/horizontal-line-of-7.out"),
        "{}",
        run.all()
    );
    assert!(changed[0].contains("+1 -1"), "{}", run.all());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), original);

    let run = judge_in(dir.path(), &["regen"], None);
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("0 created, 0 changed"), "{}", run.all());
    assert!(
        !run.stdout
            .lines()
            .any(|l| l.starts_with("changed") || l.starts_with("created"))
    );
}

#[test]
fn solve_prints_the_sample_output_byte_for_byte() {
    let case = root().join("problems/four-in-a-row/cases/sample/1");
    let input = std::fs::read(case.with_extension("in")).unwrap();
    let run = judge_in(&root(), &["solve", "four-in-a-row"], Some(&input));
    assert_eq!(run.code, 0, "{}", run.all());
    assert_eq!(
        run.stdout.as_bytes(),
        std::fs::read(case.with_extension("out")).unwrap()
    );
}

#[test]
fn solve_reports_bad_input_with_line_and_column() {
    let run = judge_in(
        &root(),
        &["solve", "four-in-a-row"],
        Some(b"1\nGame #1: 18\n"),
    );
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("<stdin>:2:11:"), "{}", run.all());
    assert!(run.stdout.is_empty());
}

#[test]
fn broken_problem_folders_are_named_and_the_healthy_ones_still_run() {
    let out = tmp();
    let run = judge(&[
        "--problems",
        "testdata/broken",
        "check",
        "--report-dir",
        s(out.path()),
    ]);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(
        run.stdout.contains("bad-yaml/problem.yaml:3:10:"),
        "{}",
        run.all()
    );
    assert!(
        run.stdout
            .contains("unknown-key/problem.yaml:3:1: unknown field `comapre`"),
        "{}",
        run.all()
    );
    assert!(
        run.stdout.contains("unknown solver id \"no-such-solver\""),
        "{}",
        run.all()
    );
    let report = read_report(out.path());
    assert_eq!(report.errors.len(), 3);
    assert_eq!(report.problems.len(), 1);
    assert_eq!(
        report.problems[0].cases.len(),
        6,
        "every case of the healthy problem ran"
    );
}

#[test]
fn each_test_set_fault_gets_its_own_verdict() {
    let out = tmp();
    let run = judge(&[
        "--problems",
        "testdata/broken",
        "check",
        "mixed",
        "--report-dir",
        s(out.path()),
    ]);
    assert_eq!(run.code, 1, "{}", run.all());
    let report = read_report(out.path());
    let verdict = |id: &str| {
        report.problems[0]
            .cases
            .iter()
            .find(|c| c.id() == id)
            .unwrap_or_else(|| panic!("no case {id}"))
            .clone()
    };
    assert_eq!(verdict("a/good").verdict, Verdict::Accepted);
    assert_eq!(verdict("a/wrong").verdict, Verdict::WrongAnswer);
    assert_eq!(verdict("b/no-answer").verdict, Verdict::MissingAnswer);
    assert_eq!(
        verdict("b/trailing-space").verdict,
        Verdict::PresentationError
    );
    let bad = verdict("b/bad-input");
    assert_eq!(bad.verdict, Verdict::BadInput);
    assert!(
        bad.message
            .unwrap()
            .ends_with("bad-input.in:3:11: expected a slot digit 1 to 7, found '9'")
    );
    let utf8 = verdict("b/not-utf8");
    assert_eq!(utf8.verdict, Verdict::BadInput);
    assert!(
        utf8.message
            .unwrap()
            .contains("not-utf8.in:3:12: the input is not valid UTF-8")
    );
}

#[test]
fn an_unreadable_input_is_a_judge_error_and_the_rest_still_runs() {
    let dir = tmp();
    copy_tree(
        &root().join("testdata/broken/mixed"),
        &dir.path().join("mixed"),
    );
    std::os::unix::fs::symlink("nowhere.in", dir.path().join("mixed/cases/a/dangling.in")).unwrap();
    let out = dir.path().join("reports");
    let run = judge(&[
        "--problems",
        s(dir.path()),
        "check",
        "--report-dir",
        s(&out),
    ]);
    assert_eq!(run.code, 1, "{}", run.all());
    let report = read_report(&out);
    let cases = &report.problems[0].cases;
    assert_eq!(cases.len(), 7);
    let dangling = cases.iter().find(|c| c.id() == "a/dangling").unwrap();
    assert_eq!(dangling.verdict, Verdict::JudgeError);
    assert!(
        dangling.message.as_deref().unwrap().contains("cannot read"),
        "{dangling:?}"
    );
}

#[test]
fn regen_keeps_the_old_answer_when_the_solver_rejects_the_input() {
    let dir = tmp();
    copy_tree(
        &root().join("testdata/broken/mixed"),
        &dir.path().join("mixed"),
    );
    let kept = dir.path().join("mixed/cases/b/bad-input.out");
    let before = std::fs::read(&kept).unwrap();
    let run = judge(&["--problems", s(dir.path()), "regen", "mixed"]);
    assert_eq!(run.code, 1, "{}", run.all());
    assert!(
        run.stdout.contains("failed    mixed/b/bad-input.out kept:"),
        "{}",
        run.all()
    );
    assert_eq!(std::fs::read(&kept).unwrap(), before);
    assert!(
        run.stdout.contains("created   mixed/b/no-answer.out"),
        "{}",
        run.all()
    );
    let leftovers: Vec<_> = walk(dir.path())
        .into_iter()
        .filter(|p| p.contains(".judge-"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

#[test]
fn regen_dry_run_writes_nothing() {
    let dir = tmp();
    copy_tree(
        &root().join("testdata/broken/mixed"),
        &dir.path().join("mixed"),
    );
    let before = walk(dir.path());
    let wrong = std::fs::read(dir.path().join("mixed/cases/a/wrong.out")).unwrap();
    let run = judge(&["--problems", s(dir.path()), "regen", "--dry-run", "mixed"]);
    assert!(
        run.stdout.contains("would be created") && run.stdout.contains("nothing written"),
        "{}",
        run.all()
    );
    assert_eq!(walk(dir.path()), before);
    assert_eq!(
        std::fs::read(dir.path().join("mixed/cases/a/wrong.out")).unwrap(),
        wrong
    );
}

#[test]
fn report_content_does_not_depend_on_the_thread_count() {
    let (one, eight) = (tmp(), tmp());
    let a = judge(&[
        "check",
        "--no-submissions",
        "--jobs",
        "1",
        "--report-dir",
        s(one.path()),
    ]);
    let b = judge(&[
        "check",
        "--no-submissions",
        "--jobs",
        "8",
        "--report-dir",
        s(eight.path()),
    ]);
    assert_eq!((a.code, b.code), (0, 0));
    let (ra, rb) = (read_report(one.path()), read_report(eight.path()));
    assert_eq!((ra.meta.jobs, rb.meta.jobs), (1, 8));
    assert_eq!(without_timings(ra), without_timings(rb));
}

#[test]
fn unknown_problem_names_are_usage_errors() {
    let run = judge(&["check", "no-such-problem"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown problem(s): no-such-problem"),
        "{}",
        run.all()
    );
}

#[test]
fn list_shows_groups_and_counts() {
    let run = judge(&["list"]);
    assert_eq!(run.code, 0);
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("four-in-a-row"))
        .unwrap();
    assert!(
        line.contains("exact") && line.contains("sample 1"),
        "{line}"
    );
}

fn walk(dir: &std::path::Path) -> Vec<String> {
    let mut out: Vec<String> = walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .map(|e| e.path().display().to_string())
        .collect();
    out.sort();
    out
}

#[test]
fn grade_with_cmd_needs_no_submission_file() {
    let out = tmp();
    let run = judge(&[
        "--problems",
        "testdata/grading",
        "grade",
        "tiny",
        "--cmd",
        "cat",
        "--sandbox",
        "off",
        "--report-dir",
        s(out.path()),
    ]);
    // `cat` echoes the input, which is not the answer: a verdict, not a
    // usage error.
    assert_eq!(run.code, 1, "{}", run.all());
    let report = read_report(out.path());
    assert_eq!(report.problems[0].subject, "cat");
    assert_eq!(report.problems[0].cases[0].verdict, Verdict::WrongAnswer);
    let run = judge(&["--problems", "testdata/grading", "grade", "tiny"]);
    assert_eq!(run.code, 2, "no submission and no --cmd: {}", run.all());
}

#[test]
fn solve_and_gen_with_a_solver_id_work_outside_the_repository() {
    let elsewhere = tmp();
    let input = std::fs::read(root().join("problems/four-in-a-row/cases/sample/1.in")).unwrap();
    let expected =
        std::fs::read_to_string(root().join("problems/four-in-a-row/cases/sample/1.out")).unwrap();
    let run = judge_in(elsewhere.path(), &["solve", "four-in-a-row"], Some(&input));
    assert_eq!(run.code, 0, "{}", run.all());
    assert_eq!(run.stdout, expected);
    let run = judge_in(
        elsewhere.path(),
        &["gen", "sudoku-checker", "--size", "1"],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(!run.stdout.is_empty());
}

#[test]
fn every_reporting_command_writes_junit_when_asked() {
    let out = tmp();
    for command in ["validate", "check"] {
        let junit = out.path().join(format!("{command}.xml"));
        let run = judge(
            &[
                command,
                "four-in-a-row",
                "--no-submissions",
                "--report-dir",
                s(&out.path().join(command)),
                "--junit",
                s(&junit),
            ]
            .into_iter()
            .filter(|a| command == "check" || *a != "--no-submissions")
            .collect::<Vec<_>>(),
        );
        assert_eq!(run.code, 0, "{}", run.all());
        let xml = std::fs::read_to_string(&junit).unwrap();
        assert!(xml.contains("<testsuite name=\"four-in-a-row\""), "{xml}");
    }
}

#[test]
fn a_folder_with_no_problem_fails_and_names_the_data_without_problem_yaml() {
    let dir = tmp();
    // A public data release: test data, no problem.yaml.
    std::fs::create_dir_all(dir.path().join("addition/data/secret")).unwrap();
    std::fs::create_dir_all(dir.path().join("notes")).unwrap();
    for command in ["check", "validate"] {
        let run = judge(&["--problems", s(dir.path()), command]);
        assert_eq!(run.code, 2, "{command}: {}", run.all());
        assert!(run.stderr.contains("no problem under"), "{}", run.all());
        assert!(
            run.stderr
                .contains("addition holds data/ but no problem.yaml"),
            "{}",
            run.all()
        );
    }
    // An empty folder fails too, without the hint.
    let empty = tmp();
    let run = judge(&["--problems", s(empty.path()), "check"]);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(!run.stderr.contains("holds data/"), "{}", run.all());
}
