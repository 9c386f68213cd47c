//! The `data/` folder as 2025-09 defines it, judged in place on copies of
//! `testdata/packages/v2025-data`: `args` and `.files` reach the
//! submissions; a folder of `data/secret` without `test_group.yaml` is no
//! group, and the layout rules of groups are kept; an invalid input needs
//! only one validator to reject it; a sample's `.out` must pass the
//! output validator; a 2025-09 `output_validator/` with a subfolder is one
//! program. Named `in_place_…`, as the other in-place tests.

use std::path::{Path, PathBuf};

use crate::common::{copy_tree, read_report, root, submission};
use crate::in_place::judge_on;
use judge::verdict::Verdict;

/// A copy of the fixture, as `<tmp>/packages/scaled`.
fn scaled(tmp: &Path) -> PathBuf {
    let pkg = tmp.join("packages/scaled");
    copy_tree(&root().join("testdata/packages/v2025-data"), &pkg);
    pkg
}

fn write(pkg: &Path, path: &str, text: &str) {
    let p = pkg.join(path);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

/// `command` on the package `pkg`: the run and its report.
fn run(tmp: &Path, pkg: &Path, command: &str) -> (crate::common::Run, judge::report::Report) {
    let reports = tmp.join(format!("reports-{command}"));
    let _ = std::fs::remove_dir_all(&reports);
    let run = judge_on(tmp, pkg, command, &reports);
    assert!(reports.join("report.yaml").is_file(), "{}", run.all());
    (run, read_report(&reports))
}

/// The first failing case of the submission `name`, by id.
fn first_failure(report: &judge::report::Report, name: &str) -> Option<String> {
    let s = submission(report, name);
    s.deciding_case.as_ref().map(|c| c.id())
}

/// A submission that reads its arguments (the group's `--times 2`, a
/// case's own `--times 3`) and `factor.txt` from its case's `.files` is
/// accepted, in Python and in C++; one that ignores its arguments fails
/// on the first secret case (the group's arguments), one that ignores the
/// files on the case that has them. The plain folder `secret/more` is no
/// group: its case is `secret`'s.
#[test]
fn in_place_args_and_files_reach_the_submission() {
    if !crate::common::sandbox("in_place_args_and_files_reach_the_submission") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = scaled(tmp.path());
    let (run, report) = run(tmp.path(), &pkg, "check");
    assert_eq!(run.code, 0, "{}", run.all());
    for accepted in ["accepted/scale.py", "accepted/scale.cpp"] {
        let s = submission(&report, accepted);
        assert!(s.ok && s.deciding_case.is_none(), "{s:?}");
    }
    assert_eq!(
        first_failure(&report, "wrong_answer/ignores_args.py").as_deref(),
        Some("01-plain")
    );
    assert_eq!(
        first_failure(&report, "wrong_answer/ignores_files.py").as_deref(),
        Some("03-files")
    );
    let (run, report) = self::run(tmp.path(), &pkg, "validate");
    assert_eq!(run.code, 0, "{}", run.all());
    let more = (report.problems[0].cases.iter())
        .find(|c| c.name == "more/04")
        .unwrap_or_else(|| panic!("{:#?}", report.problems[0].cases));
    assert_eq!(more.group, "", "a plain folder's case is secret's");

    // Without its own arguments the case gets the group's: the answer
    // written for them no longer holds.
    std::fs::remove_file(pkg.join("data/secret/02-args.yaml")).unwrap();
    let (run, report) = self::run(tmp.path(), &pkg, "check");
    assert_eq!(run.code, 1, "{}", run.all());
    assert_eq!(
        first_failure(&report, "accepted/scale.py").as_deref(),
        Some("02-args")
    );
}

/// Each invalid input is rejected by one of the two validators only (the
/// layout by format.py, the bound by range.py, a bound of the case's own
/// `input_validator_args` by range.py): no judge error. An input both
/// accept still fails, naming them.
#[test]
fn in_place_an_invalid_input_needs_one_validator_to_reject_it() {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = scaled(tmp.path());
    let (run, report) = run(tmp.path(), &pkg, "validate");
    assert_eq!(run.code, 0, "{}", run.all());
    let invalid: Vec<_> = (report.problems[0].cases.iter())
        .filter(|c| c.group == "invalid_input")
        .collect();
    assert_eq!(invalid.len(), 3, "{invalid:#?}");
    for (name, by) in [
        ("letters", "format.py"),
        ("too-big", "range.py"),
        ("over-limit", "range.py"),
    ] {
        let case = invalid.iter().find(|c| c.name == name).unwrap();
        assert_eq!(case.verdict, Verdict::Accepted, "{case:?}");
        let said = case.message.as_deref().unwrap_or_default();
        assert!(
            said.starts_with(&format!("rejected by input_validators/{by};")),
            "{said}"
        );
    }

    // Its own arguments are what make over-limit invalid: given by name
    // to range.py they still are; given by name to format.py only, range.py
    // runs with none and accepts it, as without them.
    let own = pkg.join("data/invalid_input/over-limit.yaml");
    std::fs::write(&own, "input_validator_args: {range: [\"--max\", \"20\"]}\n").unwrap();
    let (run, _) = self::run(tmp.path(), &pkg, "validate");
    assert_eq!(run.code, 0, "{}", run.all());
    for text in [
        Some("input_validator_args: {format: [\"--max\", \"20\"]}\n"),
        None,
    ] {
        match text {
            Some(text) => std::fs::write(&own, text).unwrap(),
            None => std::fs::remove_file(&own).unwrap(),
        }
        let (run, _) = self::run(tmp.path(), &pkg, "validate");
        assert_eq!(run.code, 1, "{}", run.all());
        assert!(
            run.stdout.contains(
                "over-limit.in: accepted by input_validators/format.py, input_validators/range.py"
            ),
            "{}",
            run.all()
        );
    }
}

/// A sample's `.out` the output validator rejects fails `validate`, named;
/// the right one passes, as a test of the output validator.
#[test]
fn in_place_a_samples_out_file_must_pass_the_output_validator() {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = scaled(tmp.path());
    let (run, report) = run(tmp.path(), &pkg, "validate");
    assert_eq!(run.code, 0, "{}", run.all());
    let check = (report.problems[0].cases.iter())
        .find(|c| c.id() == "valid_output/sample/1.out")
        .unwrap_or_else(|| panic!("{:#?}", report.problems[0].cases));
    assert_eq!(check.verdict, Verdict::Accepted, "{check:?}");

    write(&pkg, "data/sample/1.out", "4\n");
    let (run, report) = self::run(tmp.path(), &pkg, "validate");
    assert_eq!(run.code, 1, "{}", run.all());
    let check = (report.problems[0].cases.iter())
        .find(|c| c.id() == "valid_output/sample/1.out")
        .unwrap();
    assert_eq!(check.verdict, Verdict::JudgeError, "{check:?}");
    let said = check.message.as_deref().unwrap_or_default();
    assert!(
        said.contains("data/sample/1.out: the output validator rejected it"),
        "{said}"
    );
}

/// In 2025-09 a folder of `data/secret` without `test_group.yaml` is a
/// group only when no folder beside it is one: beside a group it is
/// refused, named; so are a group inside a group and a group in the
/// sample.
#[test]
fn in_place_groups_are_folders_with_test_group_yaml_and_their_rules_are_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = scaled(tmp.path());
    // `more/` becomes a group; the cases directly in secret and the
    // other plain folder may then not stay.
    write(
        &pkg,
        "data/secret/more/test_group.yaml",
        "args: [--times, '2']\n",
    );
    write(&pkg, "data/sample/extra/test_group.yaml", "{}\n");
    write(&pkg, "data/sample/extra/2.in", "1\n");
    write(&pkg, "data/sample/extra/2.ans", "1\n");
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &pkg, "validate", &reports);
    assert_ne!(run.code, 0, "{}", run.all());
    for named in [
        "data/secret/01-plain.in: data/secret holds test data groups",
        "data/sample/extra/: data/sample holds no test data groups",
    ] {
        assert!(run.all().contains(named), "{named}\n{}", run.all());
    }
}

/// A 2025-09 `output_validator/` holding a subfolder (its library) beside
/// its `run` script is one program, not two validators: the package is
/// judged by it, and its tests (the sample's `.out`) pass.
#[test]
fn in_place_an_output_validator_folder_with_a_subfolder_is_one_program() {
    if !crate::common::sandbox(
        "in_place_an_output_validator_folder_with_a_subfolder_is_one_program",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = scaled(tmp.path());
    write(
        &pkg,
        "output_validator/run",
        "#!/bin/sh\nexec python3 \"$(dirname \"$0\")/lib/compare.py\" \"$@\"\n",
    );
    write(
        &pkg,
        "output_validator/lib/compare.py",
        "import sys\nwant = open(sys.argv[2]).read().split()\ngot = sys.stdin.read().split()\nif got != want:\n    open(sys.argv[3] + 'judgemessage.txt', 'w').write('by lib/compare.py')\n    sys.exit(43)\nsys.exit(42)\n",
    );
    let run_script = pkg.join("output_validator/run");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&run_script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (run, report) = run(tmp.path(), &pkg, "check");
    assert_eq!(run.code, 0, "{}", run.all());
    let wrong = submission(&report, "wrong_answer/ignores_args.py");
    let case = wrong.deciding_case.as_ref().expect("a deciding case");
    assert!(
        case.message
            .as_deref()
            .is_some_and(|m| m.contains("by lib/compare.py")),
        "{case:?}"
    );
    assert!(
        !report
            .meta
            .notes
            .iter()
            .any(|n| n.contains("output validators (")),
        "{:?}",
        report.meta.notes
    );
}

/// `judge import` has no place for a case's own arguments and refuses
/// them, naming each file; without them the package imports, its
/// `.files` folder travels with its case, and the imported problem
/// judges as the package did.
#[test]
fn import_refuses_a_cases_own_arguments_and_takes_its_files_along() {
    if !crate::common::sandbox("import_refuses_a_cases_own_arguments_and_takes_its_files_along") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = scaled(tmp.path());
    let problems = tmp.path().join("problems");
    let import = |id: &str| crate::common::import_into(tmp.path(), &pkg, id);
    let run = import("scaled");
    assert_ne!(run.code, 0, "{}", run.all());
    for named in [
        "data/secret/02-args.yaml: a case's own arguments",
        "data/invalid_input/over-limit.yaml: a case's own arguments",
    ] {
        assert!(run.all().contains(named), "{named}\n{}", run.all());
    }
    // The group's arguments instead, and no per-case bound.
    std::fs::remove_file(pkg.join("data/secret/02-args.yaml")).unwrap();
    write(&pkg, "data/secret/02-args.ans", "14\n");
    std::fs::remove_file(pkg.join("data/invalid_input/over-limit.yaml")).unwrap();
    std::fs::remove_file(pkg.join("data/invalid_input/over-limit.in")).unwrap();
    let run = import("scaled");
    assert_eq!(run.code, 0, "{}", run.all());
    let imported = problems.join("scaled/cases/03-files.files/factor.txt");
    assert_eq!(std::fs::read_to_string(&imported).unwrap(), "5\n");
    let reports = tmp.path().join("reports-imported");
    let args = [
        "--problems",
        "problems",
        "check",
        "scaled",
        "--report-dir",
        reports.to_str().unwrap(),
    ];
    let run = crate::common::judge_in(tmp.path(), &args, None);
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    assert_eq!(
        first_failure(&report, "wrong_answer/ignores_files.py").as_deref(),
        Some("03-files")
    );
    assert_eq!(
        first_failure(&report, "wrong_answer/ignores_args.py").as_deref(),
        Some("01-plain")
    );

    // Exported as 2025-09, both travel on, in the format's own terms.
    let out = tmp.path().join("exported/scaled");
    let args = [
        "--problems",
        "problems",
        "export",
        "scaled",
        "--format",
        "2025-09",
        "--out",
        out.to_str().unwrap(),
    ];
    let run = crate::common::judge_in(tmp.path(), &args, None);
    assert_eq!(run.code, 0, "{}", run.all());
    let group = std::fs::read_to_string(out.join("data/secret/test_group.yaml")).unwrap();
    assert!(group.contains(r#"args: ["--times", "2"]"#), "{group}");
    let files = out.join("data/secret/03-files.files/factor.txt");
    assert_eq!(std::fs::read_to_string(files).unwrap(), "5\n");
}
