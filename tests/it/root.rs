//! The repository is found from any folder inside it: the same problems,
//! configuration, reports and cache as from the top.

use std::path::Path;

use crate::cli::{located, regen_results};
use crate::common::{copy_tree, judge_in, read_report, root};

/// The (case, verdict) pairs of a report.
fn verdicts(report: &judge::report::Report) -> Vec<(String, String, judge::verdict::Verdict)> {
    (report.problems.iter())
        .flat_map(|p| p.cases.iter().map(|c| (p.id.clone(), c.id(), c.verdict)))
        .collect()
}

/// A repository of one problem (`demo`, the grading fixture) with a
/// configuration, in a temporary folder outside the clone.
fn repository(config: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    copy_tree(
        &root().join("testdata/grading/verdicts"),
        &tmp.path().join("problems/demo"),
    );
    std::fs::write(tmp.path().join("judge-config.yaml"), config).unwrap();
    tmp
}

fn files_under(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .map(|e| e.path().strip_prefix(dir).unwrap().display().to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn a_command_inside_a_problem_folder_uses_the_repository() {
    let repo = repository("tools:\n  python3: /usr/bin/python3\n");
    let inside = repo.path().join("problems/demo/cases");
    let before = files_under(&repo.path().join("problems"));
    let run = judge_in(&inside, &["validate", "."], None);
    assert_eq!(run.code, 0, "{}", run.all());
    // It says which root it uses, and judged the problem it stands in.
    let note = format!("note: using the repository at {}", repo.path().display());
    let notes: Vec<&str> = run.stderr.lines().collect();
    assert!(notes.contains(&note.as_str()), "{}", run.all());
    // Reports go to the root's report folder, per command; nothing is
    // written inside the problems folder.
    let reports = repo.path().join("reports/validate");
    assert!(
        reports.join("report.yaml").is_file(),
        "{:?}",
        files_under(repo.path())
    );
    let inside = verdicts(&read_report(&reports));
    let ids: Vec<&str> = inside.iter().map(|(p, _, _)| p.as_str()).collect();
    assert!(
        !ids.is_empty() && ids.iter().all(|p| *p == "demo"),
        "{ids:?}"
    );
    assert_eq!(files_under(&repo.path().join("problems")), before);
    // The same from the top, and the same cases.
    let top = judge_in(repo.path(), &["validate", "demo"], None);
    assert_eq!(top.code, 0, "{}", top.all());
    assert!(!top.stderr.lines().any(|l| l == note), "{}", top.all());
    assert_eq!(verdicts(&read_report(&reports)), inside);
}

#[test]
fn the_configuration_is_never_dropped_from_a_sub_folder() {
    // A configuration with a mistake stops the command from any folder
    // inside the repository, naming the file: it was read, not skipped.
    let repo = repository("tools:\n  pyhton3: /usr/bin/python3\n");
    let inside = repo.path().join("problems/demo");
    let run = judge_in(&inside, &["validate", "."], None);
    assert_eq!(run.code, 2, "{}", run.all());
    let error = (run.stderr.lines())
        .find_map(|l| l.strip_prefix("error: "))
        .and_then(located)
        .unwrap_or_else(|| panic!("no located error: {}", run.all()));
    let config = repo.path().join("judge-config.yaml");
    assert_eq!(
        (Path::new(&error.path), error.line, error.column),
        (config.as_path(), 2, 3),
        "{}",
        run.all()
    );
    let key = error.message.split_once(": ").map(|(k, _)| k);
    assert_eq!(key, Some("tools.pyhton3"), "{}", run.all());
    // A path outside the problems folder is refused with the reason.
    let ok = repository("");
    let run = judge_in(&ok.path().join("problems"), &["validate", ".."], None);
    assert_eq!(run.code, 2, "{}", run.all());
    let said = format!(
        "error: .. is not inside the problems folder {}",
        ok.path().join("problems").display()
    );
    assert_eq!(
        run.stderr.lines().last(),
        Some(said.as_str()),
        "{}",
        run.all()
    );
}

#[test]
fn a_configuration_error_comes_before_any_table() {
    let repo = repository("");
    let yaml = repo.path().join("problems/demo/problem.yaml");
    let mut text = std::fs::read_to_string(&yaml).unwrap();
    text.push_str("bogus_key: 1\n");
    std::fs::write(&yaml, &text).unwrap();
    let run = judge_in(repo.path(), &["check"], None);
    assert_eq!(run.code, 2, "{}", run.all());
    let first = run.stdout.lines().next().unwrap_or_default();
    let error = (first.strip_prefix("error: ").and_then(located))
        .unwrap_or_else(|| panic!("not a located error first: {}", run.all()));
    let line = text
        .lines()
        .position(|l| l.starts_with("bogus_key:"))
        .unwrap()
        + 1;
    assert_eq!(
        (error.path.as_str(), error.line, error.column),
        ("problems/demo/problem.yaml", line, 1),
        "{}",
        run.all()
    );
    let header = ["problem", "cases", "passed", "failed", "time"];
    assert!(
        !(run.stdout.lines()).any(|l| l.split_whitespace().eq(header)),
        "{}",
        run.all()
    );
}

#[test]
fn regen_says_when_a_samples_answer_changes_and_shows_old_and_new() {
    let repo = repository("");
    let out = repo.path().join("problems/demo/cases/sample/diagonal.out");
    let committed = std::fs::read_to_string(&out).unwrap();
    std::fs::write(&out, "a stale answer\n").unwrap();
    let run = judge_in(repo.path(), &["regen", "--dry-run"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(
        run.stdout.contains(
            "warning: demo/sample/diagonal is a sample: its answer in the statement must change too"
        ),
        "{}",
        run.all()
    );
    let result = (
        "changed".to_string(),
        "demo/sample/diagonal.out".to_string(),
    );
    assert_eq!(regen_results(&run.stdout), [result], "{}", run.all());
    // The diff, committed answer against the regenerated one.
    let diff: Vec<&str> = (run.stdout.lines())
        .skip_while(|l| *l != "--- committed")
        .skip(1)
        .take_while(|l| l.starts_with([' ', '-', '+', '@']))
        .collect();
    assert_eq!(diff.first(), Some(&"+++ regenerated"), "{}", run.all());
    let removed: Vec<&str> = diff.iter().filter_map(|l| l.strip_prefix('-')).collect();
    let added: Vec<&str> = (diff.iter().skip(1))
        .filter_map(|l| l.strip_prefix('+'))
        .collect();
    assert_eq!(removed, ["a stale answer"], "{}", run.all());
    assert_eq!(
        added,
        committed.lines().collect::<Vec<_>>(),
        "{}",
        run.all()
    );
    // A dry run writes nothing.
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "a stale answer\n");
    let run = judge_in(repo.path(), &["regen"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), committed);
}
