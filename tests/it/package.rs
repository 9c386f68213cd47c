//! `judge export --format icpc` and `judge import`: every real problem
//! survives export → import byte for byte, the package has the layout
//! contest systems expect, and an existing target is never touched.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common::{judge, judge_in, root};
use judge::problem::load_problem;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Every file below `dir`, relative path → bytes.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    for entry in walkdir::WalkDir::new(dir) {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(dir).unwrap().to_path_buf();
            files.insert(rel, std::fs::read(entry.path()).unwrap());
        }
    }
    files
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn export(problem: &str, out: &Path) {
    let run = judge(&["export", problem, "--format", "icpc", "--out", s(out)]);
    assert_eq!(run.code, 0, "{}", run.all());
}

#[test]
fn every_problem_survives_export_and_import_byte_for_byte() {
    let tmp = tempfile::tempdir().unwrap();
    let problems = tmp.path().join("problems");
    std::fs::create_dir(&problems).unwrap();
    let ids: Vec<String> = names(&root().join("problems"))
        .into_iter()
        .filter(|id| {
            root()
                .join("problems")
                .join(id)
                .join("problem.yaml")
                .is_file()
        })
        .collect();
    for needed in ["four-in-a-row", "slink"] {
        assert!(ids.iter().any(|id| id == needed), "{ids:?}");
    }
    let mut copies = Vec::new();
    for id in &ids {
        let package = tmp.path().join(format!("{id}-package"));
        export(id, &package);
        let copy = format!("{id}-copy");
        let run = judge(&[
            "--problems",
            s(&problems),
            "import",
            s(&package),
            "--id",
            &copy,
        ]);
        assert_eq!(run.code, 0, "{id}: {}", run.all());

        let original = load_problem(id, &root().join("problems").join(id)).unwrap();
        let imported = load_problem(&copy, &problems.join(&copy)).unwrap();
        assert_eq!(imported.spec, original.spec, "{id}: problem.yaml fields");
        assert_eq!(imported.cases.len(), original.cases.len(), "{id}");
        for (a, b) in original.cases.iter().zip(&imported.cases) {
            assert_eq!((&a.group, &a.name), (&b.group, &b.name), "{id}");
            let read = |p: &Path| std::fs::read(p).unwrap();
            assert_eq!(read(&a.input), read(&b.input), "{id}: {}.in", a.id());
            let (ea, eb) = (a.answer.as_deref(), b.answer.as_deref());
            assert_eq!(ea.map(read), eb.map(read), "{id}: {}.out", a.id());
        }
        let submissions = tree(&root().join("problems").join(id).join("submissions"));
        assert!(!submissions.is_empty(), "{id} has submissions to compare");
        assert_eq!(
            tree(&problems.join(&copy).join("submissions")),
            submissions,
            "{id}: submissions"
        );
        copies.push(copy);
    }
    let mut args = vec!["--problems", s(&problems), "check"];
    args.extend(copies.iter().map(String::as_str));
    let reports = tmp.path().join("reports");
    args.extend(["--no-submissions", "--report-dir", s(&reports)]);
    let run = judge(&args);
    assert_eq!(run.code, 0, "{}", run.all());
    // Nothing but the imported problems was left in the problems folder.
    assert_eq!(names(&problems), copies);
}

#[test]
fn the_package_has_the_icpc_layout_and_fields() {
    let tmp = tempfile::tempdir().unwrap();
    let package = tmp.path().join("pkg");
    export("four-in-a-row", &package);
    assert_eq!(names(tmp.path()), ["pkg"], "no staging folder left behind");

    let samples: Vec<String> = names(&package.join("data/sample"));
    assert!(!samples.is_empty());
    for name in samples.iter().filter(|n| n.ends_with(".in")) {
        let answer = package
            .join("data/sample")
            .join(name.replace(".in", ".ans"));
        assert!(answer.is_file(), "{} missing", answer.display());
    }
    assert!(
        samples
            .iter()
            .all(|n| n.ends_with(".in") || n.ends_with(".ans"))
    );
    for group in ["edge", "generated"] {
        let folder = package.join("data/secret").join(group);
        assert!(
            names(&folder).iter().any(|n| n.ends_with(".ans")),
            "{group}"
        );
    }
    assert!(package.join("submissions/accepted/fourow.c").is_file());

    let text = std::fs::read_to_string(package.join("problem.yaml")).unwrap();
    let yaml: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    assert_eq!(yaml["name"].as_str(), Some("Four in a row"), "{text}");
    assert_eq!(yaml["validation"].as_str(), Some("default"));
    let flags = yaml["validator_flags"].as_str().unwrap();
    assert!(flags.contains("case_sensitive") && flags.contains("space_change_sensitive"));
    assert_eq!(yaml["limits"]["memory"].as_u64(), Some(256));
    let timelimit = std::fs::read_to_string(package.join(".timelimit")).unwrap();
    assert_eq!(timelimit.trim(), "1");
    let extension = std::fs::read_to_string(package.join("judge.yaml")).unwrap();
    let extension: serde_yaml::Value = serde_yaml::from_str(&extension).unwrap();
    assert_eq!(extension["solver"].as_str(), Some("four-in-a-row"));
    assert_eq!(extension["compare"].as_str(), Some("exact"));
}

#[test]
fn export_to_an_existing_path_or_a_zip_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let existing = tmp.path().join("pkg");
    std::fs::create_dir(&existing).unwrap();
    std::fs::write(existing.join("keep.txt"), b"mine").unwrap();
    let run = judge(&["export", "slink", "--format", "icpc", "--out", s(&existing)]);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(run.stderr.contains("exists"), "{}", run.all());
    assert_eq!(tree(&existing).len(), 1);
    assert_eq!(std::fs::read(existing.join("keep.txt")).unwrap(), b"mine");

    let zip = tmp.path().join("slink.zip");
    let run = judge(&["export", "slink", "--out", s(&zip)]);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(run.stderr.contains("zip"), "{}", run.all());

    let run = judge(&[
        "export",
        "no-such-problem",
        "--out",
        s(&tmp.path().join("x")),
    ]);
    assert_eq!(run.code, 2, "{}", run.all());
    assert_eq!(names(tmp.path()), ["pkg"]);
}

#[test]
fn import_onto_an_existing_problem_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let package = tmp.path().join("pkg");
    export("slink", &package);
    let problems = tmp.path().join("problems");
    std::fs::create_dir_all(problems.join("slink")).unwrap();
    std::fs::write(problems.join("slink/notes.txt"), b"mine").unwrap();
    let run = judge_in(
        tmp.path(),
        &["--problems", "problems", "import", "pkg", "--id", "slink"],
        None,
    );
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(run.stderr.contains("exists"), "{}", run.all());
    assert_eq!(names(&problems), ["slink"]);
    assert_eq!(names(&problems.join("slink")), ["notes.txt"]);
}

#[test]
fn a_foreign_package_needs_a_solver_and_is_read_from_its_own_fields() {
    let tmp = tempfile::tempdir().unwrap();
    let package = tmp.path().join("pkg");
    export("star-battle", &package);
    std::fs::remove_file(package.join("judge.yaml")).unwrap();
    std::fs::write(package.join("data/secret/testdata.yaml"), b"{}\n").unwrap();
    std::fs::create_dir_all(package.join("submissions/mystery")).unwrap();
    std::fs::create_dir(tmp.path().join("problems")).unwrap();
    let import = |extra: &[&str]| {
        let mut args = vec!["--problems", "problems", "import", "pkg", "--id", "sb"];
        args.extend(extra);
        judge_in(tmp.path(), &args, None)
    };

    let run = import(&[]);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(
        run.stderr.contains("--solver") && run.stderr.contains("star-battle"),
        "{}",
        run.all()
    );
    assert!(names(&tmp.path().join("problems")).is_empty());

    let run = import(&["--solver", "star-battle"]);
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(
        run.stdout.contains("data/secret/testdata.yaml"),
        "{}",
        run.all()
    );
    assert!(run.stdout.contains("submissions/mystery"), "{}", run.all());
    let imported = load_problem("sb", &tmp.path().join("problems/sb")).unwrap();
    // Without judge.yaml `lines` comes back as the validator's rule, tokens.
    assert_eq!(imported.spec.compare, judge::compare::CompareMode::Tokens);
    assert_eq!(imported.spec.name, "Star Battles I");
    assert_eq!(imported.spec.limits.time, std::time::Duration::from_secs(1));
}

#[test]
fn an_import_never_reaches_outside_the_package() {
    let tmp = tempfile::tempdir().unwrap();
    let package = tmp.path().join("pkg");
    export("four-in-a-row", &package);
    std::fs::create_dir(tmp.path().join("problems")).unwrap();
    let secret = tmp.path().join("secret.txt");
    std::fs::write(&secret, "outside the package").unwrap();
    let import = || {
        judge_in(
            tmp.path(),
            &["--problems", "problems", "import", "pkg", "--id", "p"],
            None,
        )
    };
    // A link inside the package (a shared case) is fine and is followed.
    let sample = package.join("data/sample/1.in");
    std::os::unix::fs::symlink(&sample, package.join("data/secret/shared.in")).unwrap();
    std::fs::copy(
        package.join("data/sample/1.ans"),
        package.join("data/secret/shared.ans"),
    )
    .unwrap();
    let run = import();
    assert_eq!(run.code, 0, "{}", run.all());
    let copied = tmp.path().join("problems/p/cases/shared.in");
    assert_eq!(
        std::fs::read(copied).unwrap(),
        std::fs::read(&sample).unwrap()
    );
    std::fs::remove_dir_all(tmp.path().join("problems/p")).unwrap();
    // Links that leave it, as a case or a submission, or lead nowhere.
    for (link, target) in [
        ("data/secret/leak.in", secret.clone()),
        ("submissions/accepted/leak.py", secret.clone()),
        ("data/secret/gone.in", tmp.path().join("no-such-file")),
    ] {
        std::os::unix::fs::symlink(&target, package.join(link)).unwrap();
        let run = import();
        assert_eq!(run.code, 2, "{link}: {}", run.all());
        assert!(
            run.stderr.contains(link),
            "the path is named: {}",
            run.all()
        );
        assert!(
            names(&tmp.path().join("problems")).is_empty(),
            "nothing imported"
        );
        std::fs::remove_file(package.join(link)).unwrap();
    }
}
