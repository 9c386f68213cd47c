//! Packages as real contests wrote them (issue #40), judged in place:
//! validator folders in the other version's spelling, DOMjudge's time
//! limit files and the contest's `problems.yaml`, relative symlinks to a
//! shared header, answer validators and `data/invalid_answer`, files in
//! `data/` that are no cases, and stray example packages. Every choice
//! judge makes where the conventions are ambiguous is in the notes.

use std::path::{Path, PathBuf};

use crate::common::{judge_in, read_report, root};

fn fixture(name: &str) -> PathBuf {
    root().join("testdata/packages").join(name)
}

/// `judge --problems PROBLEMS COMMAND` with its reports and cache in `tmp`.
fn judge(
    tmp: &Path,
    problems: &Path,
    command: &str,
) -> (crate::common::Run, judge::report::Report) {
    let reports = tmp.join(format!("reports-{command}"));
    let run = judge_in(
        tmp,
        &[
            "--problems",
            problems.to_str().unwrap(),
            command,
            "--report-dir",
            reports.to_str().unwrap(),
            "--cache-dir",
            tmp.join("cache").to_str().unwrap(),
        ],
        None,
    );
    let report = match reports.join("report.yaml").is_file() {
        true => read_report(&reports),
        false => panic!("no report\n{}", run.all()),
    };
    (run, report)
}

/// A copy of `from` at `to` that keeps symlinks as symlinks.
fn copy_keeping_links(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        let kind = entry.file_type().unwrap();
        if kind.is_symlink() {
            let link = std::fs::read_link(&source).unwrap();
            std::os::unix::fs::symlink(link, &target).unwrap();
        } else if kind.is_dir() {
            copy_keeping_links(&source, &target);
        } else {
            std::fs::copy(&source, &target).unwrap();
        }
    }
}

fn has_note(report: &judge::report::Report, text: &str) -> bool {
    report.meta.notes.iter().any(|n| n.contains(text))
}

#[test]
fn a_domjudge_legacy_package_is_judged_with_its_singular_validator_folders_and_ini_limit() {
    if !crate::common::sandbox(
        "a_domjudge_legacy_package_is_judged_with_its_singular_validator_folders_and_ini_limit",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let (run, report) = judge(tmp.path(), &fixture("legacy-domjudge"), "check");
    // half.py prints another right answer than the .ans: only the custom
    // validator in output_validator/ (2025-09's name, in a legacy
    // package) accepts it.
    assert_eq!(run.code, 0, "{}", run.all());
    assert_eq!(report.submissions.len(), 4, "{}", run.all());
    assert!(report.submissions.iter().all(|s| s.ok), "{}", run.all());
    assert_eq!(report.problems[0].cases.len(), 4);
    for note in [
        "legacy-domjudge: output_validator/: read as the output validator (a legacy package names the folder output_validators/",
        "legacy-domjudge: input_validator/: read as the input validators",
        "legacy-domjudge: time limit 2 s from domjudge-problem.ini:4:13",
        "legacy-domjudge: warning: data/secret/04.ans: an answer without its input: 04.in is missing",
    ] {
        assert!(has_note(&report, note), "{note}\n{:?}", report.meta.notes);
    }
}

#[test]
fn a_declared_validator_that_is_not_shipped_is_the_packages_fault() {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("twoparts");
    copy_keeping_links(&fixture("legacy-domjudge"), &pkg);
    std::fs::remove_dir_all(pkg.join("output_validator")).unwrap();
    // An empty folder of the right name is no validator either.
    std::fs::create_dir(pkg.join("output_validators")).unwrap();
    std::fs::write(pkg.join("output_validators/.gitkeep"), "").unwrap();
    let run = judge_in(
        tmp.path(),
        &["--problems", pkg.to_str().unwrap(), "list"],
        None,
    );
    assert_eq!(run.code, 2, "{}", run.all());
    // The package's fault: it declares a validator it does not ship,
    // wherever it looked.
    let yaml = std::fs::read_to_string(pkg.join("problem.yaml")).unwrap();
    let refused = judge::package::read::read(&pkg, &yaml).refused;
    let at = 1 + yaml
        .lines()
        .position(|l| l.starts_with("validation:"))
        .unwrap();
    assert_eq!(
        refused,
        [judge::package::Refusal::NoValidator {
            at: format!("problem.yaml:{at}:1"),
            declared: "validation: custom".into(),
            looked: "output_validators/, output_validator/".into(),
        }]
    );
    let said = format!("error: {}: {}", pkg.display(), refused[0]);
    let lines: Vec<&str> = run.stdout.lines().chain(run.stderr.lines()).collect();
    assert!(lines.contains(&said.as_str()), "{}", run.all());
}

#[test]
fn a_bapctools_contest_is_judged_with_its_plural_validators_and_problems_yaml_limit() {
    if !crate::common::sandbox(
        "a_bapctools_contest_is_judged_with_its_plural_validators_and_problems_yaml_limit",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let contest = tmp.path().join("contest");
    copy_keeping_links(&fixture("conventions-contest"), &contest);
    let (run, report) = judge(tmp.path(), &contest, "check");
    assert_eq!(run.code, 0, "{}", run.all());
    // The stray examples (tools/examples, parts/testdata_tools/examples)
    // are no problems of the contest.
    let ids: Vec<&str> = report.problems.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["parts"], "{}", run.all());
    assert_eq!(report.submissions.len(), 3, "{}", run.all());
    assert!(report.submissions.iter().all(|s| s.ok), "{}", run.all());
    assert_eq!(report.problems[0].limits.as_ref().unwrap().time_ms, 3000.0);
    for note in [
        "parts: output_validators/: read as the output validator (a 2023-07-draft package names the folder output_validator/",
        "parts: time limit 3 s from the contest's ../problems.yaml",
    ] {
        assert!(has_note(&report, note), "{note}\n{:?}", report.meta.notes);
    }

    // validate runs the answer validator (reaching the shared header
    // through its symlink) on every answer and on data/invalid_answer.
    let (run, report) = judge(tmp.path(), &contest, "validate");
    assert_eq!(run.code, 0, "{}", run.all());
    let ids: Vec<String> = report.problems[0].cases.iter().map(|c| c.id()).collect();
    assert!(ids.contains(&"invalid_answer/sum".to_string()), "{ids:?}");

    // A wrong answer in secret, a right one among the invalid: each named
    // with its file and the answer validator.
    let pkg = contest.join("parts");
    std::fs::write(pkg.join("data/secret/02.ans"), "500 500\n").unwrap();
    std::fs::write(pkg.join("data/invalid_answer/sum.ans"), "4 5\n").unwrap();
    let (run, report) = judge(tmp.path(), &contest, "validate");
    assert_eq!(run.code, 1, "{}", run.all());
    let said = |id: &str| {
        let case = report.problems[0]
            .cases
            .iter()
            .find(|c| c.id() == id)
            .unwrap();
        (
            case.verdict.to_string(),
            case.message.clone().unwrap_or_default(),
        )
    };
    let (verdict, message) = said("02");
    assert_eq!(verdict, "BAD-INPUT", "{message}");
    assert!(
        message.ends_with("data/secret/02.ans: rejected by the answer validator answer_validators/answer_validator (exit code 43, not 42)"),
        "{message}"
    );
    let (verdict, message) = said("invalid_answer/sum");
    assert_eq!(verdict, "JE", "{message}");
    let (path, why) = message.split_once(": ").unwrap();
    assert!(
        Path::new(path).ends_with("parts/data/invalid_answer/sum.ans"),
        "{message}"
    );
    assert_eq!(
        why,
        "accepted by every answer validator, but every answer in invalid_answer must be rejected: the validator is too lax, or the answer is valid"
    );
}

#[test]
fn files_in_data_that_are_no_cases_are_listed_with_a_reason() {
    let plan = judge::package::read::read(
        &fixture("legacy-domjudge"),
        &std::fs::read_to_string(fixture("legacy-domjudge/problem.yaml")).unwrap(),
    );
    assert!(plan.refused.is_empty(), "{:?}", plan.refused);
    let why = |file: &str| {
        plan.skipped
            .iter()
            .find(|(at, _)| at == file)
            .map(|(_, why)| why.clone())
            .unwrap_or_else(|| panic!("{file} not listed: {:?}", plan.skipped))
    };
    assert_eq!(
        why("data/secret/notes.md"),
        "notes for judges and contestants, not test data"
    );
    assert_eq!(
        why("data/secret/01.desc"),
        "notes for judges and contestants, not test data"
    );
    assert_eq!(
        why("data/secret/.gitkeep"),
        "a hidden file (the format ignores names starting with a dot)"
    );
    assert_eq!(
        why("data/secret/04.ans"),
        "04.in is missing: this case is not judged"
    );
    assert_eq!(plan.cases, 4);
    assert_eq!(plan.spec.as_ref().unwrap().name, "Two Parts");
}
