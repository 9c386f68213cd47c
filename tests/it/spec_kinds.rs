//! The problem types of 2025-09 (`type:` pass-fail, scoring, interactive,
//! multi-pass, submit-answer and their combinations), each fixture judged
//! in place; the combinations the format forbids refused at `type` with
//! the clause; the judge errors of multi-pass validation.

use std::path::{Path, PathBuf};

use crate::common::{Run, copy_tree, read_report, root, submission};
use crate::in_place::judge_on;
use judge::verdict::Verdict;

/// The fixture `name` copied into `tmp` as `packages/<id>`, with
/// `change` applied to it before it is judged.
pub(crate) fn fixture(tmp: &Path, name: &str, id: &str, change: impl FnOnce(&Path)) -> PathBuf {
    let pkg = tmp.join("packages").join(id);
    copy_tree(&root().join("testdata/packages").join(name), &pkg);
    change(&pkg);
    pkg
}

/// `judge check` on the package `pkg`, its report read back.
pub(crate) fn check(tmp: &Path, pkg: &Path) -> (Run, Option<judge::report::Report>) {
    let reports = tmp.join("reports");
    let run = judge_on(tmp, pkg, "check", &reports);
    let report = reports
        .join("report.yaml")
        .is_file()
        .then(|| read_report(&reports));
    (run, report)
}

/// `file` of `pkg` with `from` replaced by `to` (which must be there).
pub(crate) fn edit(pkg: &Path, file: &str, from: &str, to: &str) {
    let path = pkg.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{file} has no {from:?}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

/// Every submission of `report` got its folder's verdict.
pub(crate) fn all_kept(report: &judge::report::Report, run: &Run) {
    assert!(!report.submissions.is_empty(), "{}", run.all());
    for s in &report.submissions {
        assert!(
            s.ok,
            "{} got {:?}: {:?}\n{}",
            s.path,
            s.got,
            s.message,
            run.all()
        );
    }
}

#[test]
fn interactive_multi_pass_talks_in_every_pass_and_each_submission_gets_its_verdict() {
    let test = "interactive_multi_pass_talks_in_every_pass_and_each_submission_gets_its_verdict";
    if !crate::common::sandbox(test) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = fixture(
        tmp.path(),
        "v2025-interactive-multipass",
        "guesstwice",
        |_| {},
    );
    let (run, report) = check(tmp.path(), &pkg);
    let report = report.unwrap_or_else(|| panic!("{}", run.all()));
    all_kept(&report, &run);
    assert_eq!(run.code, 0, "{}", run.all());
    // The wrong answer is found in the second pass, after a first pass
    // that talked; both conversations are kept, `---` between them.
    let forgets = submission(&report, "wrong_answer/forgets.py");
    assert_eq!(forgets.got, Some(Verdict::WrongAnswer));
    let case = forgets.deciding_case.as_ref().expect("a deciding case");
    let message = case.message.as_deref().unwrap_or_default();
    assert!(message.starts_with("after pass 2"), "{message}");
    let talk = case.interaction.as_deref().unwrap_or_default();
    assert!(
        talk.contains("> note x\n---\n< recall x\n"),
        "both passes, in order: {talk}"
    );
    let ponders = submission(&report, "time_limit_exceeded/ponders.py");
    assert_eq!(ponders.got, Some(Verdict::TimeLimit));
}

#[test]
fn a_next_pass_asked_for_with_a_rejection_is_a_judge_error() {
    let test = "a_next_pass_asked_for_with_a_rejection_is_a_judge_error";
    if !crate::common::sandbox(test) {
        return;
    }
    // Interactive: the interactor writes nextpass.in whenever it rejects.
    let tmp = tempfile::tempdir().unwrap();
    let pkg = fixture(
        tmp.path(),
        "v2025-interactive-multipass",
        "guesstwice",
        |pkg| {
            edit(
                pkg,
                "output_validator/interactor.py",
                "    sys.exit(code)",
                "    if code == 43:\n        open(os.path.join(FEEDBACK, \"nextpass.in\"), \"w\").write(\"recall 1 1 a\\n\")\n    sys.exit(code)",
            );
            std::fs::remove_dir_all(pkg.join("submissions/time_limit_exceeded")).unwrap();
            std::fs::remove_file(pkg.join("submissions/accepted/note.cpp")).unwrap();
        },
    );
    let (run, report) = check(tmp.path(), &pkg);
    let report = report.unwrap_or_else(|| panic!("{}", run.all()));
    let forgets = submission(&report, "wrong_answer/forgets.py");
    assert_eq!(forgets.got, Some(Verdict::JudgeError), "{}", run.all());
    let said = forgets.message.as_deref().unwrap_or_default();
    assert!(
        said.contains("wrote nextpass.in and rejected the pass (exit 43)")
            && said.contains("Multi-pass validation"),
        "{said}"
    );
    assert!(submission(&report, "accepted/note.py").ok);

    // Not interactive: the same from an output validator run afterwards.
    let tmp = tempfile::tempdir().unwrap();
    let pkg = fixture(tmp.path(), "modern-multipass", "lettercode", |pkg| {
        edit(
            pkg,
            "output_validator/twopass.cpp",
            "    message(text);\n",
            "    message(text);\n    if (code == 43) std::ofstream(feedback_dir + \"nextpass.in\") << \"decode a\\n\";\n",
        );
        std::fs::remove_file(pkg.join("submissions/accepted/base26.cpp")).unwrap();
        std::fs::remove_file(pkg.join("submissions/wrong_answer/digits.c")).unwrap();
    });
    let (run, report) = check(tmp.path(), &pkg);
    let report = report.unwrap_or_else(|| panic!("{}", run.all()));
    let forgetful = submission(&report, "wrong_answer/forgetful.py");
    assert_eq!(forgetful.got, Some(Verdict::JudgeError), "{}", run.all());
    assert!(submission(&report, "accepted/base26.py").ok);
}

#[test]
fn a_pass_beyond_validation_passes_is_a_judge_error() {
    let test = "a_pass_beyond_validation_passes_is_a_judge_error";
    if !crate::common::sandbox(test) {
        return;
    }
    // The interactor asks for a third pass after a right second one.
    let tmp = tempfile::tempdir().unwrap();
    let pkg = fixture(
        tmp.path(),
        "v2025-interactive-multipass",
        "guesstwice",
        |pkg| {
            edit(
                pkg,
                "output_validator/interactor.py",
                "    verdict(42, f\"pass 2: recalled {x}\")",
                "    open(os.path.join(FEEDBACK, \"nextpass.in\"), \"w\").write(\"recall 1 1 a\\n\")\n    verdict(42, f\"pass 2: recalled {x}\")",
            );
            for folder in ["time_limit_exceeded", "wrong_answer"] {
                std::fs::remove_dir_all(pkg.join("submissions").join(folder)).unwrap();
            }
            std::fs::remove_file(pkg.join("submissions/accepted/note.cpp")).unwrap();
        },
    );
    let (run, report) = check(tmp.path(), &pkg);
    let report = report.unwrap_or_else(|| panic!("{}", run.all()));
    let note = submission(&report, "accepted/note.py");
    assert_eq!(note.got, Some(Verdict::JudgeError), "{}", run.all());
    let said = note.message.as_deref().unwrap_or_default();
    assert!(
        said.contains("asked for pass 3 of a problem with 2 (limits.validation_passes)"),
        "{said}"
    );
}

/// `problem.yaml` of the interactive multi-pass fixture with its `type`
/// line replaced by `type_line` and its `validation_passes` by `limits`,
/// refused at load with every one of `said` in the message.
fn refused(type_line: &str, limits: &str, said: &[&str]) {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = fixture(
        tmp.path(),
        "v2025-interactive-multipass",
        "guesstwice",
        |pkg| {
            edit(
                pkg,
                "problem.yaml",
                "type: [interactive, multi-pass]",
                type_line,
            );
            edit(pkg, "problem.yaml", "  validation_passes: 2\n", limits);
        },
    );
    let (run, _) = check(tmp.path(), &pkg);
    assert_ne!(run.code, 0, "{type_line} {limits}: {}", run.all());
    for s in said {
        assert!(
            run.all().contains(s),
            "{type_line} {limits}: no {s:?}\n{}",
            run.all()
        );
    }
}

#[test]
fn types_the_format_forbids_are_refused_at_type_with_the_clause() {
    let clause = "(2025-09, Type)";
    for (line, why) in [
        (
            "type: [pass-fail, scoring]",
            "`pass-fail` and `scoring` are incompatible",
        ),
        (
            "type: submit-answer multi-pass",
            "`multi-pass` and `submit-answer` are incompatible",
        ),
        (
            "type: [interactive, submit-answer]",
            "`interactive` and `submit-answer` are incompatible",
        ),
        (
            "type: [interactive, interactive]",
            "`interactive` is given twice",
        ),
        (
            "type: [interactive, multipass]",
            "`multipass` is none of pass-fail, scoring",
        ),
        ("type: []", "must not be empty"),
        (
            "type: {interactive: true}",
            "must be a string or a non-empty sequence",
        ),
    ] {
        refused(line, "", &["problem.yaml:2:1", why, clause]);
    }
}

#[test]
fn validation_passes_is_at_least_two_and_only_for_multi_pass() {
    let clause = "(2025-09, Multi-pass limit)";
    let at = "problem.yaml:16:3";
    let line = "type: [interactive, multi-pass]";
    refused(
        line,
        "  validation_passes: 1\n",
        &[at, "1: must be an integer >= 2", clause],
    );
    refused(
        line,
        "  validation_passes: two\n",
        &[at, "must be an integer >= 2", clause],
    );
    refused(
        "type: interactive",
        "  validation_passes: 3\n",
        &[at, "only for multi-pass problems", clause],
    );
    refused(
        line,
        "  validation_passes: 1000\n",
        &[at, "at most 100 passes"],
    );
}

#[test]
fn submit_answer_judges_each_answer_file_with_the_output_validator() {
    let test = "submit_answer_judges_each_answer_file_with_the_output_validator";
    if !crate::common::sandbox(test) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = fixture(tmp.path(), "v2025-submit-answer", "threesquares", |_| {});
    let (run, report) = check(tmp.path(), &pkg);
    let report = report.unwrap_or_else(|| panic!("{}", run.all()));
    all_kept(&report, &run);
    assert_eq!(run.code, 0, "{}", run.all());
    // Answers other than the .ans files, accepted: the validator judged.
    let answers = submission(&report, "accepted/answers");
    assert_eq!(
        (answers.got, answers.cases_run),
        (Some(Verdict::Accepted), 5)
    );
    // The program the format's own example would submit runs as one.
    assert_eq!(
        submission(&report, "accepted/search.py").got,
        Some(Verdict::Accepted)
    );
    let sums = submission(&report, "wrong_answer/sums");
    assert_eq!(sums.first_failure.as_deref(), Some("02"), "{sums:?}");
    let missing = submission(&report, "wrong_answer/missing");
    let said = missing.message.as_deref().unwrap_or_default();
    assert!(said.contains("holds no answer secret/04.out"), "{said}");
}

#[test]
fn a_static_validator_judges_each_submissions_files_as_a_case_of_its_group() {
    let test = "a_static_validator_judges_each_submissions_files_as_a_case_of_its_group";
    if !crate::common::sandbox(test) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = fixture(tmp.path(), "v2025-static-validator", "shortsum", |_| {});
    let (run, report) = check(tmp.path(), &pkg);
    let report = report.unwrap_or_else(|| panic!("{}", run.all()));
    all_kept(&report, &run);
    assert_eq!(run.code, 0, "{}", run.all());
    // Right sums, rejected on their files before anything runs, with the
    // validator's reason and the group's arguments (the byte limit).
    for (name, said) in [
        ("wrong_answer/bits.cpp", "bits.cpp includes <bits/stdc++.h>"),
        ("wrong_answer/long.py", "more than 600"),
    ] {
        let s = submission(&report, name);
        assert_eq!(s.got, Some(Verdict::WrongAnswer), "{name}");
        assert_eq!(s.first_failure.as_deref(), Some("static validation"));
        assert_eq!(s.cases_run, 1, "{name}: nothing ran after the static case");
        assert!(
            s.message.as_deref().unwrap_or_default().contains(said),
            "{s:?}"
        );
    }
    // A submission that passes the static validation is judged on its
    // output as ever.
    let minus = submission(&report, "wrong_answer/minus.py");
    assert_eq!(minus.first_failure.as_deref(), Some("sample/1"));
}

/// The static validator fixture with `change` applied, refused at load
/// with every one of `said` in the message.
fn static_refused(change: impl FnOnce(&Path), said: &[&str]) {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = fixture(tmp.path(), "v2025-static-validator", "shortsum", change);
    let (run, _) = check(tmp.path(), &pkg);
    assert_ne!(run.code, 0, "{}", run.all());
    for s in said {
        assert!(run.all().contains(s), "no {s:?}\n{}", run.all());
    }
}

#[test]
fn static_validation_breaking_the_formats_rules_is_refused_where_it_is_written() {
    let clause = "(2025-09, Static validator)";
    let group = "data/secret/test_group.yaml";
    // Cases without a validator.
    static_refused(
        |pkg| std::fs::remove_dir_all(pkg.join("static_validator")).unwrap(),
        &[
            "static_validator/",
            "without providing a static validator",
            clause,
        ],
    );
    // Arguments without a case.
    static_refused(
        |pkg| edit(pkg, group, "static_validation_score: pass-fail\n", ""),
        &[
            &format!("{group}:3:1"),
            "given without static_validation_score",
            clause,
        ],
    );
    // A score in a problem that is not scoring.
    static_refused(
        |pkg| {
            edit(
                pkg,
                group,
                "static_validation_score: pass-fail",
                "static_validation_score: 10",
            )
        },
        &[
            &format!("{group}:3:1"),
            "does not have the type scoring",
            clause,
        ],
    );
    // A case worth points in a scoring problem: allowed by the format,
    // refused by judge, which names the clause it does not do.
    static_refused(
        |pkg| {
            edit(pkg, "problem.yaml", "type: pass-fail", "type: scoring");
            edit(
                pkg,
                group,
                "static_validation_score: pass-fail",
                "static_validation_score: 10",
            )
        },
        &[
            &format!("{group}:3:1"),
            "does not score static validation cases by points",
            "2025-09, Scoring problems",
        ],
    );
    // A static validator for a submit-answer problem.
    static_refused(
        |pkg| {
            edit(
                pkg,
                "problem.yaml",
                "type: pass-fail",
                "type: submit-answer",
            )
        },
        &["static_validator/", "submit-answer", clause],
    );
}

#[test]
fn a_submit_answer_package_imported_keeps_its_answers_and_its_kind() {
    let test = "a_submit_answer_package_imported_keeps_its_answers_and_its_kind";
    if !crate::common::sandbox(test) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("problems")).unwrap();
    let pkg = root().join("testdata/packages/v2025-submit-answer");
    let args = ["import", pkg.to_str().unwrap(), "--id", "squares"];
    let run = crate::common::judge_in(tmp.path(), &args, None);
    assert_eq!(run.code, 0, "{}", run.all());
    let yaml = std::fs::read_to_string(tmp.path().join("problems/squares/problem.yaml")).unwrap();
    assert!(yaml.contains("submit_answer: true"), "{yaml}");
    // The same answer folders, found by the same names in judge's layout.
    let reports = tmp.path().join("reports");
    let args = [
        "check",
        "squares",
        "--report-dir",
        reports.to_str().unwrap(),
    ];
    let run = crate::common::judge_in(tmp.path(), &args, None);
    let report = read_report(&reports);
    all_kept(&report, &run);
    assert_eq!(submission(&report, "accepted/answers").cases_run, 5);
    // Legacy has no submit-answer problems: refused, nothing written.
    let out = tmp.path().join("legacy");
    let args = [
        "export",
        "squares",
        "--format",
        "legacy",
        "--out",
        out.to_str().unwrap(),
    ];
    let run = crate::common::judge_in(tmp.path(), &args, None);
    assert_ne!(run.code, 0, "{}", run.all());
    assert!(
        run.all().contains("no submit-answer problems"),
        "{}",
        run.all()
    );
    assert!(!out.exists());
}
