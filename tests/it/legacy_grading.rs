//! Legacy (problemtools) scoring packages judged in place as problemtools
//! grades them: `testdata.yaml`'s grading keys, a custom grader in
//! `graders/` with flags of its own, scores from the output validator's
//! `score.txt`, and `include/<language>/` added to every submission (the
//! fixture `testdata/packages/scoring-olympiad`).

use crate::common::{copy_tree, read_report, root};
use crate::in_place::judge_on;

#[test]
fn an_olympiad_package_scores_as_its_grader_says() {
    if !crate::common::sandbox("an_olympiad_package_scores_as_its_grader_says") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("olympiad");
    copy_tree(&root().join("testdata/packages/scoring-olympiad"), &pkg);
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    let score = |name: &str| {
        let s = crate::common::submission(&report, name);
        assert!(s.ok, "{name}: {:?}", s.message);
        s.score
    };
    // The grader's weight=N makes a subtask's points; score.txt halves a
    // case; on_reject: break and min make a subtask all or nothing.
    assert_eq!(score("accepted/both.py"), Some(100.0));
    // Compiles only with include/cpp/ (its main and header).
    assert_eq!(score("accepted/functions.cpp"), Some(100.0));
    assert_eq!(score("partially_accepted/total_only.py"), Some(50.0));
    assert_eq!(score("partially_accepted/small_only.cpp"), Some(40.0));
    assert_eq!(score("wrong_answer/first_only.py"), Some(0.0));
    // The reference's own run is scored by the same grader.
    assert_eq!(report.problems[0].score, Some(100.0));
    assert_eq!(report.problems[0].max_score, Some(100.0));

    // Without its grader, the package is refused at graders/, naming why.
    std::fs::remove_dir_all(pkg.join("graders")).unwrap();
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(
        run.all()
            .contains("graders/: a testdata.yaml says grading: custom"),
        "{}",
        run.all()
    );
    // Without include/, the C++ submissions no longer compile.
    copy_tree(
        &root().join("testdata/packages/scoring-olympiad/graders"),
        &pkg.join("graders"),
    );
    std::fs::remove_dir_all(pkg.join("include")).unwrap();
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert!(
        run.all().contains("totals.h"),
        "a missing header must be the failure: {}",
        run.all()
    );
}

#[test]
fn an_imported_olympiad_package_keeps_its_grader_and_included_files() {
    if !crate::common::sandbox("an_imported_olympiad_package_keeps_its_grader_and_included_files") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = root().join("testdata/packages/scoring-olympiad");
    let run = crate::common::import_into(tmp.path(), &pkg, "oly");
    assert_eq!(run.code, 0, "{}", run.all());
    for kept in [
        "graders/grader.py",
        "include/cpp/main.cpp",
        "include/cpp/totals.h",
    ] {
        assert!(
            tmp.path().join("problems/oly").join(kept).is_file(),
            "{kept}"
        );
    }
    // A relative problems folder: the grader is found inside the problem.
    let run = crate::common::judge_in(
        tmp.path(),
        &[
            "--problems",
            "problems",
            "--no-cache",
            "check",
            "--report-dir",
            "r",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&tmp.path().join("r"));
    let scores: Vec<(String, Option<f64>)> = (report.submissions.iter())
        .map(|s| (s.path.rsplit('/').next().unwrap().to_string(), s.score))
        .collect();
    assert!(
        scores.contains(&("functions.cpp".into(), Some(100.0))),
        "{scores:?}"
    );
    assert!(
        scores.contains(&("small_only.cpp".into(), Some(40.0))),
        "{scores:?}"
    );
}
