//! `make check` must fail, precisely, on each kind of broken test set.
//! Every test injects one fault into a copy of a healthy problem.

use std::path::Path;

use crate::common::{Run, copy_tree, judge, root};

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
    assert!(run.stdout.contains("single-move.in:2:11:"), "{}", run.all());
}

#[test]
fn crlf_line_ends_are_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let p = healthy(dir.path());
    edit(&p.join("cases/sample/1.in"), |t| t.replace('\n', "\r\n"));
    let run = validate(dir.path());
    assert_eq!(run.code, 1, "{}", run.all());
    assert!(
        run.stdout.contains("1.in:1:2: a carriage return"),
        "{}",
        run.all()
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
    assert!(
        run.stdout
            .contains("1.in:1:1: the number of games t must be between 1 and 99, found 100"),
        "{}",
        run.all()
    );
}

#[test]
fn a_missing_out_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let p = healthy(dir.path());
    std::fs::remove_file(p.join("cases/edge/full-board-draw.out")).unwrap();
    let run = validate(dir.path());
    assert_eq!(run.code, 1, "{}", run.all());
    assert!(
        run.stdout.contains("NO-OUT fourow edge/full-board-draw"),
        "{}",
        run.all()
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
    assert!(
        run.stdout
            .contains("edge/again.in: same input as case sample/1"),
        "{}",
        run.all()
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
    assert!(
        run.stdout.contains("notes.txt: not a case file"),
        "{}",
        run.all()
    );
    assert!(
        run.stdout
            .contains("lonely.out: an .out file without an .in file"),
        "{}",
        run.all()
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
    assert!(
        run.stdout.contains("problem.yaml:") && run.stdout.contains("unknown field `comapre`"),
        "{}",
        run.all()
    );
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
    let line = run
        .stdout
        .lines()
        .find(|l| l.contains("actually_right.py"))
        .unwrap();
    assert!(
        line.contains("WA") && line.contains("AC") && line.contains("BROKEN PROMISE"),
        "{line}"
    );
}
