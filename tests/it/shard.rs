//! Sharded runs, report merging and the report-diff gate.

use std::path::Path;

use crate::common::{copy_tree, judge, read_report, root, without_timings};
use judge::report::Report;
use judge::verdict::Verdict;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The parts of a report that must not depend on sharding.
fn comparable(r: Report) -> Report {
    let mut r = without_timings(r);
    r.meta.shard = None;
    r.meta.notes.clear();
    r
}

#[test]
fn three_shards_merged_equal_one_unsharded_run() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole");
    let run = judge(&["check", "--no-submissions", "--report-dir", s(&whole)]);
    assert_eq!(run.code, 0, "{}", run.all());
    let mut parts = Vec::new();
    let mut sizes = Vec::new();
    for k in 1..=3 {
        let out = dir.path().join(format!("shard{k}"));
        let run = judge(&[
            "check",
            "--no-submissions",
            "--shard",
            &format!("{k}/3"),
            "--report-dir",
            s(&out),
        ]);
        assert_eq!(run.code, 0, "{}", run.all());
        let report = read_report(&out);
        assert_eq!(
            report.meta.shard.map(|s| s.to_string()),
            Some(format!("{k}/3"))
        );
        sizes.push(report.summary.cases);
        parts.push(out.join("report.yaml"));
    }
    let (lo, hi) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
    assert!(*lo > 0 && hi - lo <= hi / 3, "unbalanced shards: {sizes:?}");
    let merged = dir.path().join("merged");
    let junit = dir.path().join("junit.xml");
    let mut args = vec!["merge", "--report-dir", s(&merged), "--junit", s(&junit)];
    args.extend(parts.iter().rev().map(|p| s(p)));
    let run = judge(&args);
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(junit.is_file());
    assert_eq!(
        comparable(read_report(&merged)),
        comparable(read_report(&whole))
    );
}

/// Runs `judge check` on `problems` unsharded and as N shards, merges the
/// shards, and returns (unsharded, merged, the shard reports).
fn check_whole_and_sharded(
    problems: &str,
    n: usize,
    extra: &[&str],
) -> (Report, Report, Vec<Report>) {
    let dir = tempfile::tempdir().unwrap();
    let run_check = |out: &Path, shard: Option<String>| {
        let mut args = vec!["--problems", problems, "check", "--report-dir", s(out)];
        args.extend_from_slice(extra);
        let shard = shard.unwrap_or_default();
        if !shard.is_empty() {
            args.extend(["--shard", shard.as_str()]);
        }
        judge(&args)
    };
    let whole = dir.path().join("whole");
    let run = run_check(&whole, None);
    let code = run.code;
    let mut parts = Vec::new();
    for k in 1..=n {
        let out = dir.path().join(format!("shard{k}"));
        let run = run_check(&out, Some(format!("{k}/{n}")));
        assert_eq!(
            run.code,
            code,
            "shard {k}/{n} exits like the whole run: {}",
            run.all()
        );
        parts.push(out);
    }
    let merged = dir.path().join("merged");
    // The merge reads the problems only to run a package's own grader.
    let mut args = vec!["--problems", problems, "merge", "--report-dir", s(&merged)];
    args.extend_from_slice(extra);
    let yamls: Vec<_> = parts.iter().map(|p| p.join("report.yaml")).collect();
    args.extend(yamls.iter().map(|p| s(p)));
    let run = judge(&args);
    assert_eq!(
        run.code,
        code,
        "the merge exits like the whole run: {}",
        run.all()
    );
    (
        read_report(&whole),
        read_report(&merged),
        parts.iter().map(|p| read_report(p)).collect(),
    )
}

#[test]
fn sharded_checks_judge_each_submission_once_on_the_whole_test_set() {
    for n in [2, 3] {
        let (whole, merged, shards) =
            check_whole_and_sharded("testdata/sharded", n, &["--sandbox", "off"]);
        assert_eq!(whole.submissions.len(), 4);
        assert!(
            whole.submissions.iter().all(|s| s.ok),
            "{:?}",
            whole.submissions
        );
        // Every submission is graded by exactly one shard, on every case.
        let mut graded: Vec<String> = shards
            .iter()
            .flat_map(|r| r.submissions.iter().map(|s| s.path.clone()))
            .collect();
        graded.sort();
        let mut expected: Vec<String> = whole.submissions.iter().map(|s| s.path.clone()).collect();
        expected.sort();
        assert_eq!(graded, expected, "{n} shards");
        // The failing cases sit in different shards, yet every shard agrees.
        assert!(shards.iter().all(|r| r.summary.submissions_failed == 0));
        assert_eq!(comparable(merged), comparable(whole), "{n} shards");
    }
}

/// A legacy package graded by its own grader program (`graders/`): each
/// shard scores only its own cases, so the merge scores the whole problem
/// again with the package's grader, not the default one.
#[test]
fn a_package_with_its_own_grader_merges_to_the_unsharded_score() {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("olympiad");
    copy_tree(&root().join("testdata/packages/scoring-olympiad"), &pkg);
    let (whole, merged, _) = check_whole_and_sharded(s(&pkg), 2, &["--sandbox", "off"]);
    let scores = |r: &Report| (r.problems[0].score, r.problems[0].max_score);
    assert_eq!(scores(&whole), (Some(100.0), Some(100.0)));
    // Scored by the default grader, the merged cases made 2 of 100 (the
    // grader's `weight=N` flags are its own).
    assert_eq!(comparable(merged), comparable(whole));
}

#[test]
fn a_broken_problem_folder_gives_exit_2_sharded_merged_or_not() {
    for n in [2, 3] {
        let (whole, merged, _) = check_whole_and_sharded("testdata/broken", n, &[]);
        assert_eq!(whole.errors.len(), 3);
        assert_eq!(comparable(merged), comparable(whole), "{n} shards");
    }
}

#[test]
fn bad_shard_specs_are_usage_errors() {
    for spec in ["4/3", "0/2", "x"] {
        let run = judge(&["check", "--no-submissions", "--shard", spec]);
        assert_eq!(run.code, 2, "{spec}: {}", run.all());
        let refusal = format!(
            "error: invalid value '{spec}' for '--shard <K/N>': shard \"{spec}\": expected K/N with 1 <= K <= N, e.g. 2/3"
        );
        assert_eq!(
            run.stderr.lines().next(),
            Some(refusal.as_str()),
            "{}",
            run.all()
        );
    }
}

#[test]
fn merging_refuses_missing_duplicate_and_foreign_shards() {
    let dir = tempfile::tempdir().unwrap();
    let problems = dir.path().join("problems");
    copy_tree(
        &root().join("problems/four-in-a-row"),
        &problems.join("four-in-a-row"),
    );
    let shard = |k: usize, name: &str| {
        let out = dir.path().join(name);
        let run = judge(&[
            "--problems",
            s(&problems),
            "check",
            "--no-submissions",
            "--shard",
            &format!("{k}/2"),
            "--report-dir",
            s(&out),
        ]);
        assert_eq!(run.code, 0, "{}", run.all());
        out.join("report.yaml")
    };
    let dir_of = |name: &str| dir.path().join(name);
    let one = shard(1, "one");
    let two = shard(2, "two");
    let target = dir.path().join("merged");
    let merge = |files: &[&Path]| {
        let mut args = vec!["merge", "--report-dir", s(&target)];
        args.extend(files.iter().map(|p| s(p)));
        judge(&args)
    };
    let run = merge(&[&one]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr.lines().next(),
        Some("error: missing shard(s): 2/2"),
        "{}",
        run.all()
    );
    let run = merge(&[&one, &one, &two]);
    assert_eq!(run.code, 2);
    let twice = format!(
        "error: shard 1/2 appears twice: {} and {}",
        one.display(),
        one.display()
    );
    assert_eq!(
        run.stderr.lines().next(),
        Some(twice.as_str()),
        "{}",
        run.all()
    );
    assert!(
        !target.exists(),
        "nothing may be written by a refused merge"
    );

    // A new revision of the test set: one expected output changes.
    let out = problems.join("four-in-a-row/cases/sample/1.out");
    let text = std::fs::read_to_string(&out).unwrap();
    std::fs::write(&out, text.replace("not over", "NOT over")).unwrap();
    let two_new = dir.path().join("two-new");
    let _ = judge(&[
        "--problems",
        s(&problems),
        "check",
        "--no-submissions",
        "--shard",
        "2/2",
        "--report-dir",
        s(&two_new),
    ]);
    let run = merge(&[&one, &two_new.join("report.yaml")]);
    assert_eq!(run.code, 2);
    // Refused naming both files and the test sets they were made from.
    let set = |dir: &str| read_report(&dir_of(dir)).meta.test_set;
    let revisions = format!(
        "error: {} was made from test set {} but {} from {}: different revisions cannot be merged",
        two_new.join("report.yaml").display(),
        set("two-new"),
        one.display(),
        set("one"),
    );
    assert_ne!(set("two-new"), set("one"));
    assert_eq!(
        run.stderr.lines().next(),
        Some(revisions.as_str()),
        "{}",
        run.all()
    );
    assert!(!target.exists());
}

#[test]
fn report_diff_fails_on_a_flip_to_a_worse_verdict_only() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("base");
    let run = judge(&[
        "check",
        "four-in-a-row",
        "--no-submissions",
        "--report-dir",
        s(&base),
    ]);
    assert_eq!(run.code, 0);
    let old = base.join("report.yaml");
    let mut report = read_report(&base);
    report.problems[0].cases[3].verdict = Verdict::WrongAnswer;
    let case = format!("four-in-a-row/{}", report.problems[0].cases[3].id());
    report.problems[0].cases.remove(0);
    let worse = dir.path().join("worse.yaml");
    std::fs::write(&worse, judge::report::yaml::render(&report).unwrap()).unwrap();

    let run = judge(&["diff", s(&old), s(&worse)]);
    assert_eq!(run.code, 1, "{}", run.all());
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("worse"))
        .expect("a worse line");
    assert_eq!(
        line.split_whitespace().collect::<Vec<_>>(),
        ["worse", case.as_str(), "AC", "→", "WA"],
        "{line}"
    );
    assert!(
        run.stdout.lines().any(|l| l.starts_with("removed")),
        "{}",
        run.all()
    );

    let run = judge(&["diff", s(&worse), s(&old)]);
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(
        run.stdout
            .lines()
            .any(|l| l.starts_with("better") && l.contains(&case)),
        "{}",
        run.all()
    );
    assert!(
        run.stdout.lines().any(|l| l.starts_with("added")),
        "{}",
        run.all()
    );
}
