//! A package that gives no time limit, judged in place: the limit is
//! computed from its accepted submissions (as problemtools does), those
//! runs are their verdicts, and a time_limit_exceeded submission the
//! limit lets pass is told which limits would have caught it.

use crate::common::read_report;
use crate::in_place::{judge_on, memory_package};
use judge::problem::submissions::Expectation;
use judge::report::{LimitGap, PromiseFault};
use judge::verdict::Verdict;

/// `memory_package` with its time limit left out (2025-09: computed,
/// `ac_to_time_limit` 2, `time_limit_to_tle` 1.5, resolution 1 s).
fn open_limit_package(dir: &std::path::Path) {
    memory_package(dir);
    let yaml = dir.join("problem.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(&yaml, text.replace("  time_limit: 2.0\n", "")).unwrap();
}

#[test]
fn the_runs_that_compute_a_time_limit_are_the_accepted_verdicts() {
    if !crate::common::sandbox("the_runs_that_compute_a_time_limit_are_the_accepted_verdicts") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("echo");
    open_limit_package(&pkg);
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    assert!(
        report
            .meta
            .notes
            .iter()
            .any(|n| n.contains("computed like problemtools")),
        "{:?}",
        report.meta.notes
    );
    // The accepted echo.py ran on both cases to measure the limit (under
    // a generous probe); as the package's reference, and judged as a
    // submission under the limit, it is not run again: 2 × 2 reused.
    let reused: usize = run
        .stderr
        .split_once(" case results reused")
        .and_then(|(before, _)| before.rsplit(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no cache line:\n{}", run.all()));
    assert_eq!(reused, 4, "{}", run.all());
}

#[test]
fn a_too_slow_submission_the_computed_limit_lets_pass_is_told_the_limits_that_catch_it() {
    const TEST: &str =
        "a_too_slow_submission_the_computed_limit_lets_pass_is_told_the_limits_that_catch_it";
    if !crate::common::sandbox(TEST) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("echo");
    open_limit_package(&pkg);
    let tle = pkg.join("submissions/time_limit_exceeded");
    std::fs::create_dir_all(&tle).unwrap();
    // As fast as the accepted one: no limit can tell them apart.
    std::fs::write(tle.join("same.py"), "print(input())\n").unwrap();
    // 0.3 s of CPU: caught by any limit under 0.2 s, far above what the
    // accepted echo needs, but the limit is rounded up to 1 s.
    let slow = "#include <stdio.h>\n#include <time.h>\nint main(void) {\n  long n; if (scanf(\"%ld\", &n) != 1) return 1;\n  while (clock() < 0.3 * CLOCKS_PER_SEC) {}\n  printf(\"%ld\\n\", n);\n  return 0;\n}\n";
    std::fs::write(tle.join("slowish.c"), slow).unwrap();
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_eq!(run.code, 1, "both break their promise:\n{}", run.all());
    let report = read_report(&reports);
    let gap = |name: &str| {
        let s = crate::common::submission(&report, name);
        assert!(!s.ok && s.got == Some(Verdict::Accepted), "{s:#?}");
        // Promised TLE, got AC: and here is why the limit let it pass.
        match &s.faults[..] {
            [
                PromiseFault::Verdict {
                    expected: Expectation::Verdict(Verdict::TimeLimit),
                    got: Verdict::Accepted,
                },
                PromiseFault::LimitLetsItPass(gap),
            ] => (**gap).clone(),
            other => panic!("{name}: {other:?}"),
        }
    };
    // The package's rule: the accepted need 2 × their slowest case, a
    // too-slow one is caught below its slowest case / 1.5.
    let rule = |g: &LimitGap| {
        assert_eq!((g.multiplier, g.safety_margin), (2.0, 1.5), "{g:?}");
        assert!((g.catch_below - g.took / 1.5).abs() < 1e-3, "{g:?}");
        assert!((g.need - g.slowest_accepted * 2.0).abs() < 1e-3, "{g:?}");
    };
    // As fast as the accepted one: no limit separates them.
    let same = gap("same.py");
    rule(&same);
    assert!(same.need >= same.catch_below, "{same:?}");
    // 0.3 s of CPU: only a limit below 0.2 s catches it, and one between
    // what the accepted echo needs and that would separate them.
    let slowish = gap("slowish.c");
    rule(&slowish);
    assert!((0.2..0.3).contains(&slowish.catch_below), "{slowish:?}");
    assert!(slowish.need < slowish.catch_below, "{slowish:?}");
}

#[test]
fn a_time_limit_given_to_grade_is_used_without_computing_the_packages() {
    if !crate::common::sandbox("a_time_limit_given_to_grade_is_used_without_computing_the_packages")
    {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("echo");
    open_limit_package(&pkg);
    let reports = tmp.path().join("reports");
    let submission = pkg.join("submissions/accepted/echo.py");
    let run = crate::common::judge_in(
        tmp.path(),
        &[
            "--problems",
            pkg.to_str().unwrap(),
            "grade",
            "echo",
            submission.to_str().unwrap(),
            "--time-limit",
            "3s",
            "--report-dir",
            reports.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    let problem = &report.problems[0];
    // The given limit is the one it ran under.
    assert_eq!(problem.limits.map(|l| l.time_ms), Some(3000.0));
    // Nothing was measured: no case result comes from a measuring run.
    assert!(!problem.cases.is_empty());
    assert!(problem.cases.iter().all(|c| !c.reused), "{problem:#?}");
}
