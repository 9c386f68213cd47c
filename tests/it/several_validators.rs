//! A legacy package with several output validators (a folder program
//! beside a single-file one, as olympiad packages kept an old validator
//! next to a new one): every validator must accept, the first that
//! rejects decides, in place and after an export (the fixture
//! `testdata/packages/legacy-validators`).

use crate::common::{copy_tree, judge_in, read_report, root, submission};
use crate::in_place::judge_on;

#[test]
fn every_output_validator_of_a_package_must_accept() {
    if !crate::common::sandbox("every_output_validator_of_a_package_must_accept") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("packages/halves");
    copy_tree(&root().join("testdata/packages/legacy-validators"), &pkg);
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    // Right numbers, wrong spacing: only the second validator rejects it,
    // and its message is the one kept.
    let spaced = submission(&report, "wrong_answer/spaced.py");
    assert!(spaced.ok, "{spaced:?}");
    let case = spaced.deciding_case.as_ref().expect("a deciding case");
    assert!(
        (case.message.as_deref()).is_some_and(|m| m.contains("layout:")),
        "{:?}",
        case.message
    );
    // Right spacing, wrong numbers: the first one rejects it.
    let swapped = submission(&report, "wrong_answer/swapped.py");
    let case = swapped.deciding_case.as_ref().expect("a deciding case");
    assert!(
        (case.message.as_deref()).is_some_and(|m| m.contains("halves:")),
        "{:?}",
        case.message
    );
    assert!(
        (report.meta.notes.iter()).any(|n| n.contains("2 output validators (halves, layout.py)")),
        "{:?}",
        report.meta.notes
    );

    // Exported as legacy (each validator in a folder of its own) and read
    // back in place: the same promises kept.
    let out = tmp.path().join("exported/halves");
    let export = judge_in(
        tmp.path(),
        &[
            "--problems",
            tmp.path().join("packages").to_str().unwrap(),
            "export",
            "halves",
            "--format",
            "legacy",
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(export.code, 0, "{}", export.all());
    let again = tmp.path().join("reports-again");
    let run = judge_on(tmp.path(), &out, "check", &again);
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(submission(&read_report(&again), "spaced.py").ok);
    // 2025-09 holds one output validator: refused, nothing written.
    let modern = tmp.path().join("exported/modern");
    let export = judge_in(
        tmp.path(),
        &[
            "--problems",
            tmp.path().join("packages").to_str().unwrap(),
            "export",
            "halves",
            "--out",
            modern.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(export.code, 2, "{}", export.all());
    assert_eq!(
        export.stderr.lines().next(),
        Some(
            "error: halves: cannot be exported as 2025-09: it holds one output validator, the problem has several (use legacy)"
        ),
        "{}",
        export.all()
    );
    assert!(!modern.exists());

    // Without the second validator, the spaced output is accepted: it was
    // that validator which caught it.
    std::fs::remove_file(pkg.join("output_validators/layout.py")).unwrap();
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_eq!(run.code, 1, "{}", run.all());
    assert!(!submission(&read_report(&reports), "spaced.py").ok);
}
