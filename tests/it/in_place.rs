//! Packages judged where they stand: `--problems` naming a folder of ICPC
//! packages (a contest repository) or one package. Every command reads
//! them through the same package reader an import uses; nothing is
//! written inside a package; the package format's verdict rules decide
//! the submissions' promises.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::{copy_tree, judge_in, read_report, root, submission};
use judge::problem::submissions::Expectation;
use judge::report::Stop;
use judge::verdict::Verdict;

/// `judge --problems PROBLEMS COMMAND --report-dir REPORTS`, run in `cwd`.
pub(crate) fn judge_on(
    cwd: &Path,
    problems: &Path,
    command: &str,
    reports: &Path,
) -> crate::common::Run {
    judge_in(
        cwd,
        &[
            "--problems",
            problems.to_str().unwrap(),
            command,
            "--report-dir",
            reports.to_str().unwrap(),
        ],
        None,
    )
}

/// Every file below `dir` with its bytes, to prove nothing changed.
pub(crate) fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path().strip_prefix(dir).unwrap().display().to_string(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// Packages modelled on real contest repositories (testdata/packages),
/// legacy, 2023-07 and 2025-09, copied side by side as a repository.
const PACKAGES: [&str; 5] = [
    "legacy-custom",
    "legacy-float",
    "legacy-scoring",
    "modern-interactive",
    "modern-scoring",
];

#[test]
fn a_folder_of_packages_is_judged_where_it_stands_and_left_untouched() {
    if !crate::common::sandbox("a_folder_of_packages_is_judged_where_it_stands_and_left_untouched")
    {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("contest");
    for p in PACKAGES {
        copy_tree(&root().join("testdata/packages").join(p), &repo.join(p));
    }
    let before = snapshot(&repo);
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &repo, "check", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    let ids: Vec<&str> = report.problems.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, PACKAGES);
    assert!(report.submissions.len() >= 20, "{}", run.all());
    assert!(report.submissions.iter().all(|s| s.ok), "{}", run.all());
    // Packages without a time limit get one computed, and say how.
    assert!(
        report
            .meta
            .notes
            .iter()
            .any(|n| n.contains("computed like problemtools")),
        "{:?}",
        report.meta.notes
    );
    assert_eq!(
        snapshot(&repo),
        before,
        "nothing is written inside a package"
    );
    // One package is a problems folder of one.
    let one = repo.join("legacy-float");
    let run = judge_on(tmp.path(), &one, "validate", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    assert_eq!(read_report(&reports).problems[0].id, "legacy-float");
}

/// A small 2025-09 package: an echo problem whose run_time_error folder
/// holds a program that runs out of memory, and an invalid input.
pub(crate) fn memory_package(dir: &Path) {
    let files: [(&str, &str); 8] = [
        (
            "problem.yaml",
            "problem_format_version: 2025-09\ntype: pass-fail\nname: Echo\nuuid: 3f0f7a36-93b6-4f3e-9d2b-5b0b8d2a1c11\nlicense: cc0\nlimits:\n  time_limit: 2.0\n  memory: 64\n",
        ),
        ("data/sample/1.in", "7\n"),
        ("data/sample/1.ans", "7\n"),
        ("data/secret/a.in", "12\n"),
        ("data/secret/a.ans", "12\n"),
        ("data/invalid_input/letters.in", "abc\n"),
        (
            "input_validators/digits.py",
            "import sys\nline = sys.stdin.read()\nsys.exit(42 if line.strip().isdigit() and line.endswith('\\n') else 43)\n",
        ),
        ("submissions/accepted/echo.py", "print(input())\n"),
    ];
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let hog = "#include <stdlib.h>\n#include <string.h>\nint main(void) {\n  for (;;) { char *p = malloc(1 << 20); if (!p) return 3; memset(p, 1, 1 << 20); }\n}\n";
    let rte = dir.join("submissions/run_time_error");
    std::fs::create_dir_all(&rte).unwrap();
    std::fs::write(rte.join("hog.c"), hog).unwrap();
    std::fs::write(rte.join(".gitkeep"), "").unwrap();
}

#[test]
fn a_memory_overrun_keeps_a_run_time_error_promise_by_the_format_rule() {
    if !crate::common::sandbox("a_memory_overrun_keeps_a_run_time_error_promise_by_the_format_rule")
    {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("echo");
    memory_package(&pkg);
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    let hog = submission(&report, "hog.c");
    // judge's finer verdict is kept, and why it keeps the promise said.
    assert_eq!(hog.got, Some(Verdict::MemoryLimit));
    assert_eq!(hog.expected, Expectation::Verdict(Verdict::RuntimeError));
    assert!(hog.ok);
    assert!(hog.faults.is_empty(), "{hog:?}");
    let stop = (hog.deciding_case.as_ref()).and_then(|c| c.stop.clone());
    let Some(stop @ Stop::Memory { limit, .. }) = stop else {
        panic!("{hog:?}")
    };
    assert_eq!(limit, 64 << 20, "the package's 64 MiB");
    assert_eq!(
        hog.message,
        Some(format!("MLE counts as RE in the package format; {stop}")),
        "{hog:?}"
    );
    // A hidden file is nobody's submission: not even listed as skipped.
    let rte: Vec<&Path> = (report.submissions.iter())
        .map(|s| Path::new(&s.path))
        .filter(|p| p.parent().is_some_and(|d| d.ends_with("run_time_error")))
        .collect();
    assert_eq!(rte, vec![Path::new(&hog.path)]);
    // The invalid input is rejected by the package's validator.
    let run = judge_on(tmp.path(), &pkg, "validate", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    let cases = &read_report(&reports).problems[0].cases;
    assert!(
        cases
            .iter()
            .any(|c| c.group == "invalid_input" && c.name == "letters" && c.verdict.is_pass()),
        "{}",
        run.all()
    );
}

#[test]
fn an_ans_file_in_judges_own_layout_is_the_answer() {
    let tmp = tempfile::tempdir().unwrap();
    let problems = tmp.path().join("problems");
    copy_tree(
        &root().join("testdata/grading/tiny"),
        &problems.join("tiny"),
    );
    // Every .out renamed to .ans: the same test set.
    let cases = problems.join("tiny/cases");
    for e in walkdir::WalkDir::new(&cases).into_iter().flatten() {
        if e.path().extension().is_some_and(|x| x == "out") {
            std::fs::rename(e.path(), e.path().with_extension("ans")).unwrap();
        }
    }
    let run = judge_in(
        tmp.path(),
        &[
            "--problems",
            "problems",
            "validate",
            "--report-dir",
            "reports",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.all());
    // Both beside one input is a fault, named.
    let first = walkdir::WalkDir::new(&cases)
        .into_iter()
        .flatten()
        .find(|e| e.path().extension().is_some_and(|x| x == "ans"))
        .unwrap();
    std::fs::copy(first.path(), first.path().with_extension("out")).unwrap();
    let run = judge_in(
        tmp.path(),
        &[
            "--problems",
            "problems",
            "validate",
            "--report-dir",
            "reports",
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.all());
    let report = read_report(&tmp.path().join("reports"));
    assert_eq!(report.summary.issues, 1, "{}", run.all());
    let ans = first.path().strip_prefix(tmp.path()).unwrap();
    assert_eq!(
        report.problems[0].issues,
        vec![format!(
            "{}: an .ans beside an .out: two answers for one input (keep one)",
            ans.display()
        )]
    );
}

/// `(case id, verdict)` of every case, and `(submission file, expected,
/// got, score)` of every submission, of a `check` report: what a round
/// trip must keep.
fn outcome(report: &judge::report::Report) -> (Vec<String>, Vec<String>) {
    let cases = report
        .problems
        .iter()
        .flat_map(|p| p.cases.iter().map(|c| format!("{} {}", c.id(), c.verdict)))
        .collect();
    let mut subs: Vec<String> = report
        .submissions
        .iter()
        .map(|s| {
            let name = Path::new(&s.path)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            format!(
                "{name} {} {} {} {:?}",
                s.expected,
                s.got_code(),
                s.ok,
                s.score
            )
        })
        .collect();
    subs.sort();
    (cases, subs)
}

#[test]
fn export_then_judging_in_place_gives_the_same_cases_promises_and_verdicts() {
    if !crate::common::sandbox(
        "export_then_judging_in_place_gives_the_same_cases_promises_and_verdicts",
    ) {
        return;
    }
    // Every kind of problem (ICPC and testlib checkers, a builtin one, an
    // interactive one) and one of the five problems.
    let kinds = root().join("testdata/kinds");
    let mut sources: Vec<(std::path::PathBuf, String)> = std::fs::read_dir(&kinds)
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("problem.yaml").is_file())
        .map(|e| (kinds.clone(), e.file_name().to_string_lossy().into_owned()))
        .collect();
    sources.sort();
    sources.push((root().join("problems"), "slink".into()));
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("packages")).unwrap();
    let mut failures = Vec::new();
    for (from, id) in &sources {
        let pkg = tmp.path().join("packages").join(id.replace('-', ""));
        let export = judge_in(
            tmp.path(),
            &[
                "--problems",
                from.to_str().unwrap(),
                "export",
                id,
                "--out",
                pkg.to_str().unwrap(),
            ],
            None,
        );
        if export.code != 0 {
            // A kind a package cannot hold is refused by export, by design.
            assert!(
                export.stderr.contains("cannot be exported"),
                "{id}: {}",
                export.all()
            );
            continue;
        }
        let check = |problems: &Path, name: &str| {
            let reports = tmp.path().join("reports").join(name);
            let run = judge_on(tmp.path(), problems, "check", &reports);
            (run, read_report(&reports))
        };
        // Alone in its folder, as the package is.
        let original = tmp.path().join("original").join(id).join(id);
        copy_tree(&from.join(id), &original);
        let (run_a, before) = check(original.parent().unwrap(), &format!("{id}-before"));
        let (run_b, after) = check(&pkg, &format!("{id}-after"));
        if run_a.code != run_b.code || outcome(&before) != outcome(&after) {
            failures.push(format!(
                "{id}: before (exit {}) {:?}\nafter (exit {}) {:?}\n{}",
                run_a.code,
                outcome(&before),
                run_b.code,
                outcome(&after),
                run_b.all()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn a_2025_09_scoring_export_scores_the_same_from_its_own_keys() {
    if !crate::common::sandbox("a_2025_09_scoring_export_scores_the_same_from_its_own_keys") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let kinds = root().join("testdata/kinds");
    std::fs::create_dir_all(tmp.path().join("packages")).unwrap();
    let pkg = tmp.path().join("packages/sum");
    let export = judge_in(
        tmp.path(),
        &[
            "--problems",
            kinds.to_str().unwrap(),
            "export",
            "sum",
            "--out",
            pkg.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(export.code, 0, "{}", export.all());
    // judge's cases/secret/small is the package's data/secret/small.
    assert!(pkg.join("data/secret/small/max.in").is_file());
    assert!(!pkg.join("data/secret/secret").exists());
    let read = |p: &str| std::fs::read_to_string(pkg.join(p)).unwrap();
    assert_eq!(
        read("data/secret/test_group.yaml"),
        "max_score: 100\nscore_aggregation: sum\n"
    );
    assert!(
        read("data/secret/small/test_group.yaml")
            .ends_with("max_score: 30\nscore_aggregation: min\n")
    );
    let yaml: serde_yaml::Value = serde_yaml::from_str(&read("problem.yaml")).unwrap();
    assert_eq!(yaml["type"][0].as_str(), Some("scoring"));
    // Without judge.yaml the package is read from its own keys, as any
    // 2025-09 package is: the same scores (the case ids lose judge's
    // `secret/`, as a package's groups are named).
    std::fs::remove_file(pkg.join("judge.yaml")).unwrap();
    let original = tmp.path().join("original/sum");
    copy_tree(&kinds.join("sum"), &original);
    let check = |problems: &Path, name: &str| {
        let reports = tmp.path().join("reports").join(name);
        let run = judge_on(tmp.path(), problems, "check", &reports);
        assert_eq!(run.code, 0, "{name}: {}", run.all());
        read_report(&reports)
    };
    let before = check(original.parent().unwrap(), "before");
    let after = check(&pkg, "after");
    // The reference program export put among the accepted submissions is
    // one of them for a reader without judge.yaml.
    let mut after_subs = outcome(&after).1;
    after_subs.retain(|s| !s.starts_with("reference.py "));
    assert_eq!(outcome(&before).1, after_subs);
    // A partial score among them, so the rules were really applied.
    assert_eq!(submission(&before, "first_half.py").score, Some(35.0));
    assert_eq!(submission(&after, "first_half.py").score, Some(35.0));
}

#[test]
fn a_submission_just_over_the_limit_is_borderline_not_a_broken_promise() {
    if !crate::common::sandbox(
        "a_submission_just_over_the_limit_is_borderline_not_a_broken_promise",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("echo");
    memory_package(&pkg);
    let yaml = pkg.join("problem.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(&yaml, text.replace("time_limit: 2.0", "time_limit: 1.0")).unwrap();
    // 1.2 s of CPU time, then the right answer: TLE at 1 s, AC at 1.5 s.
    let slowish = "#include <stdio.h>\n#include <time.h>\nint main(void) {\n  long n; if (scanf(\"%ld\", &n) != 1) return 1;\n  while (clock() < 1.2 * CLOCKS_PER_SEC) {}\n  printf(\"%ld\\n\", n);\n  return 0;\n}\n";
    std::fs::write(pkg.join("submissions/accepted/slowish.c"), slowish).unwrap();
    // Far over even with the margin: still a broken promise.
    let slow = slowish.replace("1.2 * CLOCKS_PER_SEC", "3.0 * CLOCKS_PER_SEC");
    let tle = pkg.join("submissions/wrong_answer");
    std::fs::create_dir_all(&tle).unwrap();
    std::fs::write(tle.join("slow.c"), slow).unwrap();
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_eq!(
        run.code,
        1,
        "the far-too-slow one breaks its promise:\n{}",
        run.all()
    );
    let report = read_report(&reports);
    let slowish = submission(&report, "slowish.c");
    assert!(slowish.ok, "{slowish:?}");
    assert_eq!(slowish.got_code(), "TLE");
    assert!(slowish.faults.is_empty(), "{slowish:?}");
    let borderline = slowish.borderline.as_ref().expect("borderline");
    assert_eq!(
        (borderline.limit_ms, borderline.with_margin),
        (1000.0, Verdict::Accepted),
        "{slowish:?}"
    );
    let slow = submission(&report, "slow.c");
    assert!(!slow.ok, "{slow:?}");
}

#[test]
fn a_multi_pass_package_runs_each_pass_on_the_validators_next_input() {
    if !crate::common::sandbox("a_multi_pass_package_runs_each_pass_on_the_validators_next_input") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("letters");
    copy_tree(&root().join("testdata/packages/modern-multipass"), &pkg);
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    let report = read_report(&reports);
    // The accepted ones pass both passes; each wrong one fails where it is
    // wrong: one in pass 1 (a word too long), one in pass 2 (decoding).
    let got = |name: &str| {
        let s = submission(&report, name);
        (s.got_code(), s.ok, s.message.clone().unwrap_or_default())
    };
    // Each submission first, with its own message: the whole run's output
    // is long enough for a CI log to cut the row that matters.
    for name in ["base26.cpp", "base26.py"] {
        assert_eq!(got(name).0, "AC", "{:#?}", submission(&report, name));
    }
    assert_eq!(run.code, 0, "{}", run.all());
    let (verdict, ok, message) = got("digits.c");
    assert!(
        verdict == "WA" && ok && !message.contains("after pass 2"),
        "{message}"
    );
    let (verdict, ok, message) = got("forgetful.py");
    assert!(
        verdict == "WA" && ok && message.contains("after pass 2"),
        "{message}"
    );
}

/// A multi-pass reference needs its output validator beside it: regen,
/// stress and solve never run it on an input alone (regen once rewrote
/// every answer of this package with the first pass's output).
#[test]
fn a_multi_pass_reference_is_never_run_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("letters");
    copy_tree(&root().join("testdata/packages/modern-multipass"), &pkg);
    let before = snapshot(&pkg);
    let problems = pkg.to_str().unwrap();
    let wrong = pkg.join("submissions/wrong_answer/digits.c");
    let input = pkg.join("data/sample/1.in");
    let regen = judge_in(
        tmp.path(),
        &["--problems", problems, "regen", "--sandbox", "off"],
        None,
    );
    assert_eq!(regen.code, 0, "{}", regen.all());
    for args in [
        vec![
            "stress",
            "--sandbox",
            "off",
            "letters",
            wrong.to_str().unwrap(),
        ],
        vec![
            "solve",
            "--sandbox",
            "off",
            "letters",
            input.to_str().unwrap(),
        ],
    ] {
        let mut all = vec!["--problems", problems];
        all.extend(&args);
        let run = judge_in(tmp.path(), &all, None);
        assert_eq!(run.code, judge::exit::USAGE, "{args:?}: {}", run.all());
    }
    assert_eq!(snapshot(&pkg), before, "nothing in the package changed");
}

/// A tool's skeleton leaves files in validator folders that are no
/// program (`validate.ctd.template`, `check.viva.template`): the package's
/// own judge passes them over, and so does judge, saying so, instead of
/// refusing the package ("unknown kind of submission").
#[test]
fn files_that_are_no_program_in_validator_folders_are_read_past() {
    if !crate::common::sandbox("files_that_are_no_program_in_validator_folders_are_read_past") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("pairs");
    copy_tree(&root().join("testdata/packages/legacy-custom"), &pkg);
    let leftovers = [
        "input_validators/validate.ctd.template",
        "output_validators/check.viva.template",
    ];
    for file in leftovers {
        std::fs::write(pkg.join(file), "INT(1, 10, n) NEWLINE\n").unwrap();
    }
    let yaml = std::fs::read_to_string(pkg.join("problem.yaml")).unwrap();
    let plan = judge::package::read::read(&pkg, &yaml);
    assert!(plan.refused.is_empty(), "{:?}", plan.refused);
    let skipped: Vec<&str> = plan.skipped.iter().map(|(at, _)| at.as_str()).collect();
    for file in leftovers {
        assert!(skipped.contains(&file), "{file}: {skipped:?}");
    }
    for command in ["validate", "check"] {
        let reports = tmp.path().join(command);
        let run = judge_on(tmp.path(), &pkg, command, &reports);
        assert_eq!(run.code, 0, "{command}: {}", run.all());
        let report = read_report(&reports);
        assert!(report.errors.is_empty(), "{command}: {:?}", report.errors);
        assert!(report.summary.cases > 0, "{command}");
    }
}

/// A legacy package that says `validation: default` (or nothing) but
/// ships `output_validators/` is graded by the default validator, as
/// problemtools grades it, and the unused folder is said; `validation:
/// custom` still uses the folder's program.
#[test]
fn a_legacy_default_validation_leaves_output_validators_unused() {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("pairs");
    copy_tree(&root().join("testdata/packages/legacy-custom"), &pkg);
    let custom = std::fs::read_to_string(pkg.join("problem.yaml")).unwrap();
    let checker = |yaml: &str| {
        let plan = judge::package::read::read(&pkg, yaml);
        let checker = plan.spec.and_then(|s| s.checker).expect("a checker");
        let builtin = checker.builtin.map(|b| b.id().to_string());
        let skipped = plan
            .skipped
            .iter()
            .any(|(at, _)| at == "output_validators/");
        (builtin, checker.program.is_some(), skipped)
    };
    assert_eq!(checker(&custom), (None, true, false));
    for default in [
        custom.replace("validation: custom", "validation: default"),
        custom.replace("validation: custom", ""),
    ] {
        assert_eq!(
            checker(&default),
            (Some("icpc-default".to_string()), false, true),
            "{default}"
        );
    }
}

#[test]
fn submissions_yaml_pins_a_submissions_entry_point_and_language() {
    if !crate::common::sandbox("submissions_yaml_pins_a_submissions_entry_point_and_language") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("echo");
    memory_package(&pkg);
    // Two Python files, neither called main: the entry point is ambiguous
    // (CE) unless submissions.yaml names it.
    let pair = pkg.join("submissions/accepted/pair");
    std::fs::create_dir_all(&pair).unwrap();
    std::fs::write(pair.join("a.py"), "print('not me')\n").unwrap();
    std::fs::write(pair.join("b.py"), "print(input())\n").unwrap();
    // A shell script with a .txt name: only the pinned language runs it.
    std::fs::write(
        pkg.join("submissions/accepted/echo.txt"),
        "read line; echo \"$line\"\n",
    )
    .unwrap();
    let rules = pkg.join("submissions/submissions.yaml");
    let check = || {
        let reports = tmp.path().join("reports");
        let run = judge_on(tmp.path(), &pkg, "check", &reports);
        (run, read_report(&reports))
    };
    std::fs::write(
        &rules,
        "accepted/pair:\n  entrypoint: b.py\naccepted/echo.txt:\n  language: shell\n",
    )
    .unwrap();
    let (run, report) = check();
    assert_eq!(run.code, 0, "{}", run.all());
    for name in ["pair", "echo.txt"] {
        let s = submission(&report, name);
        assert_eq!(s.got_code(), "AC", "{s:?}");
    }
    // Without the pins: the folder is CE, the .txt is no submission.
    std::fs::remove_file(&rules).unwrap();
    let (run, report) = check();
    assert_eq!(run.code, 1, "{}", run.all());
    let pair = submission(&report, "pair");
    assert_eq!(pair.got_code(), "CE", "{pair:?}");
    assert!(
        !report
            .submissions
            .iter()
            .any(|s| s.path.ends_with("echo.txt"))
    );
}

#[test]
fn a_case_linked_into_another_group_is_included_not_duplicated() {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("echo");
    memory_package(&pkg);
    // testdata_tools' include_group: the case again, as links, in a later
    // group; and a plain copy in another group, which the format allows.
    let group = pkg.join("data/secret/group2");
    std::fs::create_dir_all(&group).unwrap();
    for ext in ["in", "ans"] {
        std::os::unix::fs::symlink(format!("../a.{ext}"), group.join(format!("a.{ext}"))).unwrap();
        std::fs::copy(
            pkg.join(format!("data/sample/1.{ext}")),
            group.join(format!("copy.{ext}")),
        )
        .unwrap();
    }
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &pkg, "validate", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    assert_eq!(
        read_report(&reports).problems[0].issues,
        Vec::<String>::new()
    );
    // A second copy in the same group is still a fault.
    std::fs::copy(group.join("copy.in"), group.join("again.in")).unwrap();
    std::fs::copy(group.join("copy.ans"), group.join("again.ans")).unwrap();
    let run = judge_on(tmp.path(), &pkg, "validate", &reports);
    assert_eq!(run.code, 1, "{}", run.all());
    let issues = read_report(&reports).problems[0].issues.clone();
    // The cases in name order: `again` first, `copy` its duplicate.
    let copy = group.join("copy.in").display().to_string();
    assert_eq!(
        issues,
        vec![format!("{copy}: same input as case group2/again")],
        "{}",
        run.all()
    );
}
