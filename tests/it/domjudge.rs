//! Submissions kept as DOMjudge and others keep them
//! (`testdata/packages/domjudge-tags`): `@EXPECTED_RESULTS@` tags, folders
//! named after DOMjudge results or after nothing, `submissions.json`, the
//! same name in two folders, an executable source with no `#!`; and the
//! import and export ends of the same promises.

use std::path::Path;

use crate::common::{copy_tree, judge_env, judge_in, read_report, root};
use crate::in_place::judge_on;
use judge::verdict::Verdict;

/// `(folder/name, expected, got, ok)` of every submission of a report.
fn rows(report: &judge::report::Report) -> Vec<(String, String, String, bool)> {
    report
        .submissions
        .iter()
        .map(|s| {
            let path = Path::new(&s.path);
            let folder = path.parent().unwrap().file_name().unwrap();
            let name = path.file_name().unwrap();
            (
                format!("{}/{}", folder.to_string_lossy(), name.to_string_lossy()),
                s.expected.code().into_owned(),
                s.got_code().to_string(),
                s.ok,
            )
        })
        .collect()
}

#[test]
fn a_domjudge_package_is_judged_by_its_tags_and_folder_names() {
    if !crate::common::sandbox("a_domjudge_package_is_judged_by_its_tags_and_folder_names") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("doubleit");
    copy_tree(&root().join("testdata/packages/domjudge-tags"), &pkg);
    let reports = tmp.path().join("reports");
    // One cache for both runs: the second must find each result apart.
    let cache = tmp.path().join("cache");
    let check = || {
        let args = [
            "--problems",
            pkg.to_str().unwrap(),
            "check",
            "--report-dir",
            reports.to_str().unwrap(),
        ];
        judge_env(
            tmp.path(),
            &args,
            None,
            &[("JUDGE_CACHE_DIR", cache.as_path())],
        )
    };
    let run = check();
    assert_eq!(run.code, 0, "{}", run.all());
    let cold = read_report(&reports);
    let row =
        |p: &str, e: &str, g: &str, ok: bool| (p.to_string(), e.to_string(), g.to_string(), ok);
    let want = vec![
        row("accepted/double.c", "AC", "AC", true),
        row("accepted/double.py", "AC", "AC", true),
        // submissions.json names the entry point of the folder.
        row("accepted/split", "AC", "AC", true),
        row("check_manually/look.py", "NONE", "AC", true),
        row("compiler_error/unclosed.c", "COMPILER-ERROR", "CE", true),
        row("mixed/halfway.py", "CORRECT,WRONG-ANSWER", "WA", true),
        row("mixed/untagged.py", "NONE", "AC", true),
        row("no_output/silent.py", "NO-OUTPUT", "WA", true),
        row("run_time_error/triple.py", "WRONG-ANSWER", "WA", true),
        // The same name as accepted/double.py, judged apart.
        row("wrong_answer/double.py", "WA", "WA", true),
    ];
    assert_eq!(rows(&cold), want, "{}", run.all());
    // Nothing promised is said so, never counted kept or broken.
    assert!(
        (run.stdout.lines())
            .any(|l| l == "submissions: 8 kept, 0 broken, 0 could not run, 2 without a promise"),
        "{}",
        run.all()
    );
    let message = |name: &str| {
        let s = crate::common::submission(&cold, name);
        s.message.clone().unwrap_or_default()
    };
    assert!(message("triple.py").contains("DOMjudge takes the tag"));
    assert!(message("untagged.py").contains("no @EXPECTED_RESULTS@ tag"));
    // WA with no output at all: DOMjudge's NO-OUTPUT.
    let silent = crate::common::submission(&cold, "silent.py");
    let case = silent.deciding_case.as_ref().expect("a deciding case");
    assert!(
        case.no_output && case.verdict == Verdict::WrongAnswer,
        "{case:?}"
    );
    // What is not judged is named, with the reason, in the notes.
    let not_judged: Vec<&str> = (cold.meta.notes.iter())
        .filter_map(|n| n.strip_prefix("submission not judged: "))
        .collect();
    let submissions = pkg.join("submissions");
    let r = submissions.join("accepted/double.R").display().to_string();
    assert!(
        not_judged.contains(&format!("{r} (no language in judge's table has this extension (R; `judge languages` lists them, judge-config.yaml can add one))").as_str()),
        "{not_judged:?}"
    );
    // The second tag, located.
    let twice = submissions.join("check_manually/twice_tagged.py");
    let at: Vec<(usize, usize)> = (not_judged.iter())
        .filter_map(|n| n.strip_prefix(&format!("{}:", twice.display())))
        .map(|rest| {
            let mut parts = rest.splitn(3, ':');
            let mut number = || parts.next().unwrap().parse().unwrap();
            (number(), number())
        })
        .collect();
    assert_eq!(at, [(2, 3)], "{not_judged:?}");
    // A warm run takes every result from the cache, each its own.
    let run = check();
    assert_eq!(run.code, 0, "{}", run.all());
    let warm = read_report(&reports);
    assert_eq!(rows(&warm), want, "{}", run.all());
    let fresh: Vec<(String, usize, usize)> = (warm.submissions.iter())
        .filter(|s| s.reused != s.cases_run)
        .map(|s| (s.path.clone(), s.reused, s.cases_run))
        .collect();
    assert!(fresh.is_empty(), "{fresh:?}");
}

/// A legacy package whose run_time_error/ folder holds a program that
/// runs out of memory, as problemtools' own `hello` example does.
fn hog_package(dir: &Path) {
    let files: [(&str, &str); 6] = [
        ("problem.yaml", "name: Echo\nlimits:\n  memory: 64\n"),
        (".timelimit", "2\n"),
        ("data/sample/1.in", "7\n"),
        ("data/sample/1.ans", "7\n"),
        ("submissions/accepted/echo.py", "print(input())\n"),
        (
            "submissions/run_time_error/hog.c",
            "#include <stdlib.h>\n#include <string.h>\nint main(void) {\n  for (;;) { char *p = malloc(1 << 20); if (!p) return 3; memset(p, 1, 1 << 20); }\n}\n",
        ),
    ];
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

#[test]
fn an_import_carries_the_format_rule_that_mle_counts_as_rte() {
    if !crate::common::sandbox("an_import_carries_the_format_rule_that_mle_counts_as_rte") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("echo");
    hog_package(&pkg);
    let problems = tmp.path().join("problems");
    let run = crate::common::import_into(tmp.path(), &pkg, "echo");
    assert_eq!(run.code, 0, "{}", run.all());
    let rules =
        std::fs::read_to_string(problems.join("echo/submissions/submissions.yaml")).unwrap();
    let rules: serde_yaml::Value = serde_yaml::from_str(&rules).unwrap();
    let list = |key: &str| -> Vec<&str> {
        (rules["run_time_error"][key].as_sequence())
            .unwrap_or_else(|| panic!("no {key}: {rules:?}"))
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect()
    };
    assert_eq!(list("permitted"), ["AC", "RTE"]);
    assert_eq!(list("required"), ["RTE"]);
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &problems, "check", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    let hog = report
        .submissions
        .iter()
        .find(|s| s.path.ends_with("hog.c"))
        .unwrap();
    assert_eq!((hog.got_code(), hog.ok), ("MLE", true), "{}", run.all());
}

#[test]
fn export_makes_the_folders_of_its_target_and_names_no_staging_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let problems = root().join("problems");
    let id = std::fs::read_dir(&problems)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .min()
        .unwrap();
    let export = |out: &Path| {
        judge_in(
            tmp.path(),
            &[
                "--problems",
                problems.to_str().unwrap(),
                "export",
                &id,
                "--out",
                out.to_str().unwrap(),
            ],
            None,
        )
    };
    let out = tmp.path().join("a/b/pkg");
    let run = export(&out);
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(out.join("problem.yaml").is_file());
    // A parent that is a file: the error names the path asked for.
    std::fs::write(tmp.path().join("file"), "").unwrap();
    let run = export(&tmp.path().join("file/pkg"));
    assert_eq!(run.code, 2, "{}", run.all());
    // The path named is the one asked for, no staging folder of judge's.
    let named = (run.stderr.lines().next())
        .and_then(|l| l.strip_prefix("error: "))
        .and_then(|l| l.split(": ").next());
    let file = tmp.path().join("file");
    assert_eq!(named, Some(file.to_str().unwrap()), "{}", run.all());
}
