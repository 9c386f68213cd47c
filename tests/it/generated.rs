//! Packages whose test data is only a BAPCtools recipe
//! (`generators/generators.yaml`) are judged in place: judge generates
//! their data into its cache first, reads it as it reads a package's own
//! `data/`, writes nothing inside the package, and reuses the generated
//! data while the recipe and its sources are unchanged (issue #32).

use std::path::Path;

use crate::common::{Run, copy_tree, judge_env, read_report, root};
use crate::in_place::snapshot;

/// `judge --problems PROBLEMS check`, with the cache at `cache` (kept
/// between runs, unlike a test run's usual fresh one).
fn check(cwd: &Path, problems: &Path, reports: &Path, cache: &Path) -> Run {
    judge_env(
        cwd,
        &[
            "--problems",
            problems.to_str().unwrap(),
            "check",
            "--report-dir",
            reports.to_str().unwrap(),
        ],
        None,
        &[("JUDGE_CACHE_DIR", cache)],
    )
}

#[test]
fn a_recipe_only_package_is_generated_into_the_cache_then_judged_and_reused() {
    if !crate::common::sandbox(
        "a_recipe_only_package_is_generated_into_the_cache_then_judged_and_reused",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("contest");
    copy_tree(
        &root().join("testdata/packages/generated-sum"),
        &repo.join("generated-sum"),
    );
    let before = snapshot(&repo);
    let reports = tmp.path().join("reports");
    let cache = tmp.path().join("cache");
    let first = check(tmp.path(), &repo, &reports, &cache);
    assert_eq!(first.code, 0, "{}", first.all());
    assert!(
        first
            .stderr
            .contains("generated its data from generators/generators.yaml (7 cases"),
        "{}",
        first.all()
    );
    // The recipe's key judge does not act on is named, with its place.
    assert!(
        first
            .stderr
            .contains("generators/generators.yaml:4:1: visualizer: skipped"),
        "{}",
        first.all()
    );
    let report = read_report(&reports);
    let problem = &report.problems[0];
    assert_eq!(problem.id, "generated-sum");
    // sample/1 and five secret cases in nested groups (invalid_input is
    // for the validator, not a case).
    assert_eq!(problem.cases.len(), 6, "{}", first.all());
    assert!(
        problem
            .cases
            .iter()
            .any(|c| c.group == "1-big" && c.name == "6-written"),
        "{:?}",
        problem
            .cases
            .iter()
            .map(|c| (&c.group, &c.name))
            .collect::<Vec<_>>()
    );
    let verdicts: Vec<(String, String)> = report
        .submissions
        .iter()
        .map(|s| {
            assert!(s.ok, "{}", first.all());
            let folder = s.path.split('/').rev().nth(1).unwrap().to_string();
            (folder, s.got.code().to_string())
        })
        .collect();
    assert_eq!(
        verdicts,
        [
            ("accepted".to_string(), "AC".to_string()),
            ("wrong_answer".to_string(), "WA".to_string())
        ]
    );
    assert_eq!(
        snapshot(&repo),
        before,
        "nothing is written inside a package"
    );

    let second = check(tmp.path(), &repo, &reports, &cache);
    assert_eq!(second.code, 0, "{}", second.all());
    assert!(
        second
            .stderr
            .contains("reused the data generated earlier from generators/generators.yaml"),
        "{}",
        second.all()
    );
    assert!(read_report(&reports).submissions.iter().all(|s| s.ok));
    assert_eq!(
        snapshot(&repo),
        before,
        "nothing is written inside a package"
    );

    // A changed generator is a changed recipe: generated again.
    let generator = repo.join("generated-sum/generators/gen.py");
    let text = std::fs::read_to_string(&generator).unwrap();
    std::fs::write(&generator, format!("{text}# changed\n")).unwrap();
    let third = check(tmp.path(), &repo, &reports, &cache);
    assert_eq!(third.code, 0, "{}", third.all());
    assert!(
        third.stderr.contains("generated its data from"),
        "{}",
        third.all()
    );
}
