//! `make check` must fail, precisely, on each kind of broken test set.
//! Every test injects one fault into a copy of a healthy problem.

use std::path::Path;

use crate::cli::{Located, located};
use crate::common::{Run, copy_tree, judge, read_report, root};
use judge::problem::submissions::Expectation;
use judge::report::PromiseFault;
use judge::verdict::Verdict;

/// A copy of Four in a row with its sample and a few edge cases only (fast),
/// and no submissions unless a test adds them.
pub(crate) fn healthy(dir: &Path) -> std::path::PathBuf {
    let p = dir.join("fourow");
    let src = root().join("problems/four-in-a-row");
    std::fs::create_dir_all(p.join("cases/sample")).unwrap();
    std::fs::create_dir_all(p.join("cases/edge")).unwrap();
    std::fs::copy(src.join("problem.yaml"), p.join("problem.yaml")).unwrap();
    copy_tree(&src.join("cases/sample"), &p.join("cases/sample"));
    copy_tree(&src.join("validators"), &p.join("validators"));
    for name in ["single-move", "full-board-draw", "win-on-move-42"] {
        for ext in ["in", "out"] {
            let file = format!("{name}.{ext}");
            std::fs::copy(
                src.join("cases/edge").join(&file),
                p.join("cases/edge").join(&file),
            )
            .unwrap();
        }
    }
    p
}

pub(crate) fn validate(dir: &Path) -> Run {
    let reports = dir.join("reports");
    judge(&[
        "--problems",
        dir.to_str().unwrap(),
        "validate",
        "--report-dir",
        reports.to_str().unwrap(),
    ])
}

fn check(dir: &Path) -> Run {
    let reports = dir.join("reports");
    judge(&[
        "--problems",
        dir.to_str().unwrap(),
        "check",
        "--sandbox",
        "off",
        "--report-dir",
        reports.to_str().unwrap(),
    ])
}

/// The one case of the report in `dir/reports` that did not pass: its id,
/// verdict and message.
fn the_failure(dir: &Path) -> (String, Verdict, Option<String>) {
    let report = read_report(&dir.join("reports"));
    let failed: Vec<_> = (report.problems[0].cases.iter())
        .filter(|c| !c.verdict.is_pass())
        .collect();
    assert_eq!(failed.len(), 1, "{failed:#?}");
    let case = failed[0];
    (case.id(), case.verdict, case.message.clone())
}

/// The one rejected input of the report in `dir/reports`, its message
/// taken apart; `case` must be it.
fn rejected(dir: &Path, case: &str) -> Located {
    let (id, verdict, message) = the_failure(dir);
    assert_eq!((id.as_str(), verdict), (case, Verdict::BadInput));
    let message = message.unwrap();
    located(&message).unwrap_or_else(|| panic!("not located: {message}"))
}

/// The one failure is case `case`'s input rejected at `input`:LINE:COLUMN
/// with exactly `message`.
fn assert_rejected(dir: &Path, case: &str, input: &Path, at: (usize, usize), message: &str) {
    let got = rejected(dir, case);
    assert_eq!(
        (Path::new(&got.path), got.line, got.column),
        (input, at.0, at.1)
    );
    assert_eq!(got.message, message);
}

/// The test-set faults outside any case in the report in `dir/reports`.
fn issues(dir: &Path) -> Vec<String> {
    read_report(&dir.join("reports")).problems[0].issues.clone()
}

fn edit(path: &Path, f: impl FnOnce(String) -> String) {
    let text = std::fs::read_to_string(path).unwrap();
    std::fs::write(path, f(text)).unwrap();
}

#[test]
fn the_healthy_copy_passes_both() {
    let dir = tempfile::tempdir().unwrap();
    healthy(dir.path());
    let run = validate(dir.path());
    assert_eq!(run.code, 0, "{}", run.all());
    let run = check(dir.path());
    assert_eq!(run.code, 0, "{}", run.all());
}

#[test]
fn a_trailing_space_in_an_input_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let p = healthy(dir.path());
    edit(&p.join("cases/edge/single-move.in"), |t| {
        t.replace("Game #1: 4\n", "Game #1: 4 \n")
    });
    let run = validate(dir.path());
    assert_eq!(run.code, 1, "{}", run.all());
    assert_rejected(
        dir.path(),
        "edge/single-move",
        &p.join("cases/edge/single-move.in"),
        (2, 11),
        "trailing space (the strict validator of four-in-a-row, rule trailing-space)",
    );
}

#[test]
fn crlf_line_ends_are_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let p = healthy(dir.path());
    edit(&p.join("cases/sample/1.in"), |t| t.replace('\n', "\r\n"));
    let run = validate(dir.path());
    assert_eq!(run.code, 1, "{}", run.all());
    assert_rejected(
        dir.path(),
        "sample/1",
        &p.join("cases/sample/1.in"),
        (1, 2),
        "a carriage return (CRLF line ends are not allowed) (the strict validator of four-in-a-row, rule crlf)",
    );
}

#[test]
fn an_out_of_range_value_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let p = healthy(dir.path());
    edit(&p.join("cases/sample/1.in"), |t| {
        t.replacen("2\n", "100\n", 1)
    });
    let run = validate(dir.path());
    assert_eq!(run.code, 1, "{}", run.all());
    assert_rejected(
        dir.path(),
        "sample/1",
        &p.join("cases/sample/1.in"),
        (1, 1),
        "the number of games t must be between 1 and 99, found 100 (the strict validator of four-in-a-row, rule t-range)",
    );
}

#[test]
fn a_missing_out_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let p = healthy(dir.path());
    std::fs::remove_file(p.join("cases/edge/full-board-draw.out")).unwrap();
    let run = validate(dir.path());
    assert_eq!(run.code, 1, "{}", run.all());
    let (id, verdict, _) = the_failure(dir.path());
    assert_eq!(
        (id.as_str(), verdict),
        ("edge/full-board-draw", Verdict::MissingAnswer)
    );
}

#[test]
fn a_duplicate_input_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let p = healthy(dir.path());
    for ext in ["in", "out"] {
        std::fs::copy(
            p.join(format!("cases/sample/1.{ext}")),
            p.join(format!("cases/edge/again.{ext}")),
        )
        .unwrap();
    }
    let run = validate(dir.path());
    assert_eq!(run.code, 1, "{}", run.all());
    // A fault of the test set, not of a case: every case is valid.
    let report = read_report(&dir.path().join("reports"));
    assert_eq!(report.summary.failed, 0);
    let again = p.join("cases/edge/again.in");
    assert_eq!(
        issues(dir.path()),
        [format!("{}: same input as case sample/1", again.display())]
    );
}

#[test]
fn stray_files_and_orphan_answers_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let p = healthy(dir.path());
    std::fs::write(p.join("cases/edge/notes.txt"), "hi\n").unwrap();
    std::fs::write(p.join("cases/edge/lonely.out"), "x\n").unwrap();
    let run = validate(dir.path());
    assert_eq!(run.code, 1, "{}", run.all());
    let at = |name: &str| p.join("cases/edge").join(name).display().to_string();
    let faults: Vec<(String, String)> = (issues(dir.path()).iter())
        .map(|i| i.split_once(": ").unwrap())
        .map(|(path, what)| (path.to_string(), what.to_string()))
        .collect();
    assert_eq!(
        faults,
        [
            (
                at("lonely.out"),
                "an .out file without an .in file".to_string()
            ),
            (
                at("notes.txt"),
                "not a case file (only .in and .out, or .ans, belong in cases/)".to_string()
            ),
        ]
    );
}

#[test]
fn an_unknown_problem_yaml_key_is_a_config_error() {
    let dir = tempfile::tempdir().unwrap();
    let p = healthy(dir.path());
    edit(&p.join("problem.yaml"), |t| {
        t.replace("compare:", "comapre:")
    });
    let run = validate(dir.path());
    assert_eq!(run.code, 2, "{}", run.all());
    let report = read_report(&dir.path().join("reports"));
    assert!(report.problems.is_empty());
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    let at = located(&report.errors[0]).unwrap();
    let yaml = p.join("problem.yaml");
    let line = 1 + std::fs::read_to_string(&yaml)
        .unwrap()
        .lines()
        .position(|l| l.starts_with("comapre:"))
        .unwrap();
    assert_eq!(
        (Path::new(&at.path), at.line, at.column),
        (yaml.as_path(), line, 1)
    );
    let first = at.message.split_once(", ").map(|(f, _)| f);
    assert_eq!(first, Some("unknown field `comapre`"), "{}", at.message);
}

#[test]
fn a_wrong_submission_that_passes_fails_check() {
    let dir = tempfile::tempdir().unwrap();
    let p = healthy(dir.path());
    let wrong = p.join("submissions/wrong_answer");
    std::fs::create_dir_all(&wrong).unwrap();
    // A correct program filed as wrong: the data cannot tell it apart.
    std::fs::copy(
        root().join("problems/four-in-a-row/submissions/accepted/fourow.py"),
        wrong.join("actually_right.py"),
    )
    .unwrap();
    let run = check(dir.path());
    assert_eq!(run.code, 1, "{}", run.all());
    let report = read_report(&dir.path().join("reports"));
    assert_eq!(report.submissions.len(), 1);
    let s = &report.submissions[0];
    assert!(
        s.path.ends_with("wrong_answer/actually_right.py"),
        "{}",
        s.path
    );
    assert!(!s.ok);
    assert_eq!(s.got, Some(Verdict::Accepted));
    assert_eq!(
        s.faults,
        [PromiseFault::Verdict {
            expected: Expectation::Verdict(Verdict::WrongAnswer),
            got: Verdict::Accepted
        }]
    );
    // Its row: expected WA, got AC, a broken promise.
    let row: Vec<&str> = (run.stdout.lines())
        .find(|l| l.starts_with(&s.path))
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(row[1..], ["WA", "AC", "BROKEN", "PROMISE"], "{row:?}");
}
