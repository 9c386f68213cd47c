//! The repository is found from any folder inside it: the same problems,
//! configuration, reports and cache as from the top.

use std::path::Path;

use crate::common::{copy_tree, judge_in, root};

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
    assert!(
        run.stderr.contains("using the repository at"),
        "{}",
        run.all()
    );
    assert!(run.stdout.contains("demo"), "{}", run.all());
    // Reports go to the root's report folder, per command; nothing is
    // written inside the problems folder.
    assert!(
        repo.path().join("reports/validate/report.yaml").is_file(),
        "{:?}",
        files_under(repo.path())
    );
    assert_eq!(files_under(&repo.path().join("problems")), before);
    // The same from the top, and the same cases.
    let top = judge_in(repo.path(), &["validate", "demo"], None);
    assert_eq!(top.code, 0, "{}", top.all());
    assert!(
        !top.stderr.contains("using the repository"),
        "{}",
        top.all()
    );
}

#[test]
fn the_configuration_is_never_dropped_from_a_sub_folder() {
    // A configuration with a mistake stops the command from any folder
    // inside the repository, naming the file: it was read, not skipped.
    let repo = repository("tools:\n  pyhton3: /usr/bin/python3\n");
    let inside = repo.path().join("problems/demo");
    let run = judge_in(&inside, &["validate", "."], None);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(run.stderr.contains("judge-config.yaml"), "{}", run.all());
    // A path outside the problems folder is refused with the reason.
    let ok = repository("");
    let run = judge_in(&ok.path().join("problems"), &["validate", ".."], None);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(
        run.stderr.contains("is not inside the problems folder"),
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
    std::fs::write(&yaml, text).unwrap();
    let run = judge_in(repo.path(), &["check"], None);
    assert_eq!(run.code, 2, "{}", run.all());
    let first = run.stdout.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("error:") && first.contains("problem.yaml:"),
        "{}",
        run.all()
    );
    assert!(!run.stdout.contains("problem  cases"), "{}", run.all());
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
    assert!(run.stdout.contains("--- committed"), "{}", run.all());
    assert!(run.stdout.contains("-a stale answer"), "{}", run.all());
    // A dry run writes nothing.
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "a stale answer\n");
    let run = judge_in(repo.path(), &["regen"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), committed);
}
