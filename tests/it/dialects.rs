//! Languages as the contest ran them (docs/packages-in-place.md): the
//! package `testdata/dialects/sum` holds accepted submissions that each
//! need a contest judge's convention (a newer C++ standard, ONLINE_JUDGE,
//! PyPy, Python 2, a main class that is not the file's name, SpiderMonkey
//! JavaScript, Perl's `.pl`, GNUstep). Every one must be AC or skipped
//! with its reason; none may be CE, RE or a broken promise.

use std::path::{Path, PathBuf};

use crate::common::{judge_env, judge_in, read_report, root};
use judge::verdict::Verdict;

fn dialects() -> PathBuf {
    root().join("testdata/dialects")
}

#[test]
fn each_submission_is_judged_as_its_contest_judged_it() {
    const TEST: &str = "each_submission_is_judged_as_its_contest_judged_it";
    if !crate::common::sandbox(TEST) {
        return;
    }
    let Some(_) = crate::tools::tools(&["g++", "python3", "javac", "java", "node"], TEST) else {
        return;
    };
    let reports = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let package = dialects().join("sum");
    let run = judge_env(
        &root(),
        &[
            "--problems",
            package.to_str().unwrap(),
            "check",
            "--report-dir",
            reports.path().to_str().unwrap(),
        ],
        None,
        &[("JUDGE_CACHE_DIR", cache.path())],
    );
    let report = read_report(reports.path());
    let subs = &report.submissions;
    for name in [
        "contains.cpp",
        "local_files.cpp",
        "stdcpp.cpp",
        "stdcpp_debug.cpp",
        "sum.py",
        "named_main.java",
        "multi-java",
        "shell.js",
        "sum.pl",
    ] {
        let s = crate::common::submission(&report, name);
        assert!(
            s.got == Some(Verdict::Accepted) && s.ok && s.skipped.is_none(),
            "{name}: {s:#?}\n{}",
            run.all()
        );
    }
    assert_eq!(
        crate::common::submission(&report, "sum.pl")
            .language
            .as_deref(),
        Some("Perl")
    );
    // Two compiles include <bits/stdc++.h>: too few for a precompiled
    // header to pay, so none was made.
    let headers = precompiled_headers(cache.path());
    assert!(headers.is_empty(), "{headers:?}\n{}", run.all());
    // PyPy runs a package's .py where it is installed, and the report says
    // so beside the submission and once among the notes.
    let pypy = judge::engine::toolchain::which("pypy3").is_some();
    let python = crate::common::submission(&report, "sum.py")
        .language
        .as_deref();
    let note = report
        .meta
        .notes
        .iter()
        .find(|n| n.starts_with("sum: .py ran with"));
    if pypy {
        assert_eq!(python, Some("Python 3 (PyPy)"));
        assert!(
            note.is_some_and(|n| n.contains("PyPy 3, as Kattis runs it")),
            "{note:?}"
        );
    } else {
        assert_eq!(python, Some("Python 3"));
        assert!(
            note.is_some_and(|n| n.contains("install pypy3")),
            "{note:?}"
        );
    }
    // Python 2 without an interpreter, and Foundation without GNUstep:
    // skipped, with what to install, never a verdict.
    let python2 = ["python2", "python2.7", "pypy"].iter().any(|p| {
        std::process::Command::new(p)
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    for (name, why) in [
        (
            "old_print.py",
            "Python 2 (print statement, line 4), no Python 2 interpreter here: install python2 or pypy",
        ),
        (
            "old_input.py",
            "Python 2 (raw_input(), line 1), no Python 2 interpreter here: install python2 or pypy",
        ),
    ] {
        let s = crate::common::submission(&report, name);
        match python2 {
            false => assert_eq!(s.skipped.as_deref(), Some(why), "{s:#?}"),
            true => assert_eq!(s.got, Some(Verdict::Accepted), "{s:#?}"),
        }
    }
    let objc = crate::common::submission(&report, "foundation.m");
    if judge::engine::toolchain::which("gnustep-config").is_none() {
        assert_eq!(
            objc.skipped.as_deref(),
            Some("Objective-C with Foundation needs GNUstep (install gnustep-devel)")
        );
    }
    // AC or not run: none broke its promise.
    assert!(
        subs.iter().all(|s| s.ok || s.skipped.is_some()),
        "{}",
        run.all()
    );
    assert_eq!(run.code, 0, "{}", run.all());
}

/// Grades `file` on the package's problem with `config`; the report.
fn grade(file: &Path, config: Option<&Path>) -> (crate::common::Run, judge::report::Report) {
    let reports = tempfile::tempdir().unwrap();
    let package = dialects().join("sum");
    let mut args = vec!["--problems", package.to_str().unwrap()];
    if let Some(c) = config {
        args.extend(["--config", c.to_str().unwrap()]);
    }
    args.extend([
        "grade",
        "sum",
        file.to_str().unwrap(),
        "--report-dir",
        reports.path().to_str().unwrap(),
    ]);
    let run = judge_in(&root(), &args, None);
    let report = read_report(reports.path());
    (run, report)
}

#[test]
fn a_python_three_syntax_error_is_ce_and_not_taken_for_python_two() {
    const TEST: &str = "a_python_three_syntax_error_is_ce_and_not_taken_for_python_two";
    if !crate::common::sandbox(TEST) || crate::tools::tool("python3", TEST).is_none() {
        return;
    }
    let (run, report) = grade(&dialects().join("extra/typo.py"), None);
    let verdicts: Vec<Verdict> = report.problems[0].cases.iter().map(|c| c.verdict).collect();
    assert!(
        !verdicts.is_empty() && verdicts.iter().all(|v| *v == Verdict::CompileError),
        "{verdicts:?}\n{}",
        run.all()
    );
}

#[test]
fn python_two_runs_with_the_interpreter_the_configuration_names() {
    const TEST: &str = "python_two_runs_with_the_interpreter_the_configuration_names";
    if !crate::common::sandbox(TEST) {
        return;
    }
    // A stand-in for Python 2 that does what old_print.py does: the test
    // is that judge picks Python 2 for it and runs what tools.python2 names.
    let fake = tempfile::Builder::new()
        .prefix("fake-python2-")
        .tempdir_in(root().join("target"))
        .unwrap();
    let exe = fake.path().join("python2");
    // judge asks a Python where it lives (`-c …`) to show its folder in
    // the sandbox: answered as a real one would.
    std::fs::write(
        &exe,
        "#!/bin/sh\nif [ \"$1\" = -c ]; then echo \"$0\"; dirname \"$0\"; exit 0; fi\nexec awk '{ print $1 + $2 }'\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
    let config = fake.path().join("judge-config.yaml");
    std::fs::write(&config, format!("tools:\n  python2: {}\n", exe.display())).unwrap();
    let (run, report) = grade(&dialects().join("extra/old_print.py"), Some(&config));
    let p = &report.problems[0];
    assert_eq!(p.language.as_deref(), Some("Python 2"), "{}", run.all());
    assert!(
        !p.cases.is_empty() && p.cases.iter().all(|c| c.verdict == Verdict::Accepted),
        "{}",
        run.all()
    );
}

/// The precompiled headers kept in the cache at `cache`.
fn precompiled_headers(cache: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(cache.join("pch"))
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default()
}

#[test]
fn a_precompiled_header_is_made_once_when_enough_compiles_use_it() {
    const TEST: &str = "a_precompiled_header_is_made_once_when_enough_compiles_use_it";
    if !crate::common::sandbox(TEST) {
        return;
    }
    let Some(_) = crate::tools::tools(&["g++"], TEST) else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let package = tmp.path().join("echo");
    crate::in_place::memory_package(&package);
    let accepted = package.join("submissions/accepted");
    for i in 0..judge::engine::build::PCH_PAYS {
        let source = format!(
            "#include <bits/stdc++.h>\n// copy {i}\nint main() {{ long long x; std::cin >> x; std::cout << x << '\\n'; }}\n"
        );
        std::fs::write(accepted.join(format!("echo{i}.cpp")), source).unwrap();
    }
    let cache = tmp.path().join("cache");
    let reports = tmp.path().join("reports");
    let run = judge_env(
        tmp.path(),
        &[
            "--problems",
            package.to_str().unwrap(),
            "check",
            "--report-dir",
            reports.to_str().unwrap(),
        ],
        None,
        &[("JUDGE_CACHE_DIR", cache.as_path())],
    );
    let report = read_report(&reports);
    for i in 0..judge::engine::build::PCH_PAYS {
        let s = crate::common::submission(&report, &format!("echo{i}.cpp"));
        assert!(
            s.ok && s.got == Some(Verdict::Accepted),
            "{s:#?}\n{}",
            run.all()
        );
    }
    let headers = precompiled_headers(&cache);
    assert_eq!(headers.len(), 1, "{headers:?}\n{}", run.all());
}
