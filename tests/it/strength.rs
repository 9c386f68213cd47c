//! How strong a test set is: inputs its validators must reject
//! (`invalid/`), and how far its cases go towards each bound of the
//! statement.

use crate::common::read_report;
use crate::validate::{healthy, validate};
use judge::verdict::Verdict;

/// An input of `invalid/` that every validator rejects passes; one that a
/// validator accepts (here: a valid game list) fails the run naming the
/// validators that are too lax; a file that is not `.in` is a stray.
#[test]
fn every_invalid_input_must_be_rejected_by_every_validator() {
    let dir = tempfile::tempdir().unwrap();
    let p = healthy(dir.path());
    let invalid = p.join("invalid");
    std::fs::create_dir_all(invalid.join("layout")).unwrap();
    std::fs::write(invalid.join("t-is-zero.in"), "0\n").unwrap();
    std::fs::write(invalid.join("layout/crlf.in"), "1\r\nGame #1: 1\r\n").unwrap();
    let run = validate(dir.path());
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&dir.path().join("reports"));
    let fixtures: Vec<_> = report.problems[0]
        .cases
        .iter()
        .filter(|c| c.group.starts_with("invalid_input"))
        .collect();
    let ids: Vec<String> = fixtures.iter().map(|c| c.id()).collect();
    // In the ICPC order: the sub-folder `layout` sorts before `t-is-zero`.
    assert_eq!(
        ids,
        ["invalid_input/layout/crlf", "invalid_input/t-is-zero"]
    );
    for c in &fixtures {
        assert_eq!(c.verdict, Verdict::Accepted, "{c:?}");
        let said = c.message.as_deref().unwrap_or_default();
        assert!(
            said.contains("the strict validator:") && said.contains("validate.cpp"),
            "each validator's complaint is kept: {said}"
        );
    }

    std::fs::copy(
        p.join("cases/sample/1.in"),
        invalid.join("valid-after-all.in"),
    )
    .unwrap();
    std::fs::write(invalid.join("notes.txt"), "why these fail\n").unwrap();
    let run = validate(dir.path());
    assert_eq!(run.code, 1, "{}", run.all());
    assert!(
        run.stdout.contains("invalid_input/valid-after-all")
            && run.stdout.contains("accepted by the strict validator, ")
            && run.stdout.contains("must be rejected"),
        "{}",
        run.all()
    );
    assert!(
        run.stdout
            .contains("notes.txt: not an invalid input (only .in files belong in invalid/)"),
        "{}",
        run.all()
    );
}

/// The bounds table gives the range each bound reaches over all cases and
/// names an end no case reaches, in the console and in report.yaml.
#[test]
fn validate_reports_how_far_the_cases_go_for_each_bound() {
    let dir = tempfile::tempdir().unwrap();
    let p = healthy(dir.path());
    let run = validate(dir.path());
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&dir.path().join("reports"));
    let bounds = &report.problems[0].bounds;
    let names: Vec<&str> = bounds.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["t (games)", "moves in a game"]);
    // The healthy copy's files hold one to two games.
    assert_eq!((bounds[0].lowest, bounds[0].highest), (Some(1), Some(2)));
    assert_eq!(bounds[0].missed(), ["maximum 99"]);
    assert!(
        run.stdout.contains("not reached: maximum 99"),
        "{}",
        run.all()
    );
    // A case with 99 empty games reaches both ends of both bounds.
    let mut big = String::from("99\n");
    for n in 1..=99 {
        big.push_str(&format!("Game #{n}:\n"));
    }
    std::fs::write(p.join("cases/edge/many.in"), &big).unwrap();
    let out = judge::solvers::find("four-in-a-row")
        .unwrap()
        .solve(&big)
        .unwrap();
    std::fs::write(p.join("cases/edge/many.out"), out).unwrap();
    let run = validate(dir.path());
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&dir.path().join("reports"));
    let bounds = &report.problems[0].bounds;
    assert_eq!((bounds[0].lowest, bounds[0].highest), (Some(1), Some(99)));
    assert_eq!((bounds[1].lowest, bounds[1].highest), (Some(0), Some(42)));
    assert!(bounds.iter().all(|b| b.missed().is_empty()), "{bounds:?}");
}

/// `check --every-case` records, per expected-verdict submission, exactly
/// the cases whose expected output it misses (found here by running the
/// program on each case directly), keeps the first failure as the verdict,
/// and prints the cases that catch no submission.
#[test]
fn every_case_shows_which_cases_catch_which_submission() {
    let dir = tempfile::tempdir().unwrap();
    let p = healthy(dir.path());
    let wrong = p.join("submissions/wrong_answer");
    std::fs::create_dir_all(&wrong).unwrap();
    let source = crate::common::root()
        .join("problems/four-in-a-row/submissions/wrong_answer/full_board_is_draw.py");
    std::fs::copy(&source, wrong.join("full_board_is_draw.py")).unwrap();
    let reports = dir.path().join("reports");
    let run = crate::common::judge(&[
        "--problems",
        dir.path().to_str().unwrap(),
        "check",
        "--every-case",
        "--sandbox",
        "off",
        "--report-dir",
        reports.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    let sub = &report.submissions[0];
    let caught: Vec<&str> = sub
        .caught_by
        .as_ref()
        .expect("judged on every case")
        .iter()
        .map(|c| c.case.as_str())
        .collect();
    // The truth, from running the program on every case by hand.
    let mut missed = Vec::new();
    for case in &report.problems[0].cases {
        let input = p.join("cases").join(format!("{}.in", case.id()));
        let out = std::process::Command::new(crate::common::which("python3"))
            .arg(&source)
            .stdin(std::fs::File::open(&input).unwrap())
            .output()
            .unwrap();
        if out.stdout != std::fs::read(input.with_extension("out")).unwrap() {
            missed.push(case.id());
        }
    }
    assert!(!missed.is_empty(), "the fixture must miss some case");
    assert_eq!(caught, missed);
    assert_eq!(sub.cases_run, report.problems[0].cases.len());
    assert_eq!(sub.first_failure.as_deref(), Some(missed[0].as_str()));
    let none: Vec<String> = report.problems[0]
        .cases
        .iter()
        .map(|c| c.id())
        .filter(|id| !missed.contains(id))
        .collect();
    assert!(
        run.stdout
            .contains(&format!("catch none: {}", none.join(", "))),
        "{}",
        run.all()
    );
    let html = std::fs::read_to_string(reports.join("report.html")).unwrap();
    assert!(
        html.contains("Which cases catch which submission"),
        "no table"
    );
}
