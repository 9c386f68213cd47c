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
    // Nothing ran again: the data, the builds, the submissions' and the
    // reference's results all came from the cache.
    assert!(
        second.stderr.contains("case results reused, 0 stored"),
        "{}",
        second.all()
    );
    assert!(
        second.stderr.contains("builds reused, 0 stored"),
        "{}",
        second.all()
    );
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

/// The (folder, verdict) of every submission of the report in `reports`,
/// each of which must have kept its folder's promise.
fn verdicts(reports: &Path, run: &Run) -> Vec<(String, String)> {
    read_report(reports)
        .submissions
        .iter()
        .map(|s| {
            assert!(s.ok, "{}: {}", s.path, run.all());
            let folder = s.path.split('/').rev().nth(1).unwrap().to_string();
            (folder, s.got.code().to_string())
        })
        .collect()
}

#[test]
fn an_interactive_recipe_only_package_with_includes_is_judged_and_reused() {
    let test = "an_interactive_recipe_only_package_with_includes_is_judged_and_reused";
    if !crate::common::sandbox(test) || crate::tools::tools(&["g++", "python3"], test).is_none() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("generated-guess");
    copy_tree(&root().join("testdata/packages/generated-guess"), &pkg);
    let before = snapshot(&pkg);
    let (reports, cache) = (tmp.path().join("reports"), tmp.path().join("cache"));
    let first = check(tmp.path(), &pkg, &reports, &cache);
    assert_eq!(first.code, 0, "{}", first.all());
    assert!(
        first
            .stderr
            .contains("generated its data from generators/generators.yaml (13 cases"),
        "{}",
        first.all()
    );
    let report = read_report(&reports);
    let cases = &report.problems[0].cases;
    assert_eq!(cases.len(), 13, "{}", first.all());
    // include: the sample and the three edges again, under their names.
    let mut repeat: Vec<&str> = (cases.iter())
        .filter(|c| c.group == "3-repeat")
        .map(|c| c.name.as_str())
        .collect();
    repeat.sort();
    assert_eq!(repeat, ["1", "1-lowest", "2-highest", "3-single"]);
    assert_eq!(
        verdicts(&reports, &first),
        [
            ("accepted", "AC"),
            ("accepted", "AC"),
            ("run_time_error", "RE"),
            ("time_limit_exceeded", "TLE"),
            ("wrong_answer", "WA"),
        ]
        .map(|(f, v)| (f.to_string(), v.to_string()))
    );
    assert_eq!(
        snapshot(&pkg),
        before,
        "nothing is written inside a package"
    );

    let second = check(tmp.path(), &pkg, &reports, &cache);
    assert_eq!(second.code, 0, "{}", second.all());
    assert!(
        second.stderr.contains("reused the data generated earlier"),
        "{}",
        second.all()
    );
    // Only the crash runs again: the cache never keeps one (the time-out,
    // which ran through its margin, is kept).
    assert!(
        second
            .stderr
            .contains("builds reused, 0 stored; 43 case results reused"),
        "{}",
        second.all()
    );
    assert_eq!(verdicts(&reports, &second).len(), 5);
}

#[test]
fn a_failing_generator_refuses_its_package_and_the_others_are_judged() {
    if !crate::common::sandbox("a_failing_generator_refuses_its_package_and_the_others_are_judged")
    {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("contest");
    let fixture = root().join("testdata/packages/generated-sum");
    for name in ["exits", "good", "silent"] {
        copy_tree(&fixture, &repo.join(name));
    }
    let generator = |name: &str, text: &str| {
        std::fs::write(repo.join(name).join("generators/gen.py"), text).unwrap()
    };
    generator(
        "exits",
        "import sys\nprint('no seed for me', file=sys.stderr)\nsys.exit(3)\n",
    );
    generator("silent", "pass\n");
    let (reports, cache) = (tmp.path().join("reports"), tmp.path().join("cache"));
    let run = check(tmp.path(), &repo, &reports, &cache);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(!run.stderr.contains("panicked"), "{}", run.all());
    let said = |words: &[&str]| {
        run.all()
            .lines()
            .any(|l| words.iter().all(|w| l.contains(w)))
    };
    // Each names the package, the case and the command as run.
    assert!(
        said(&[
            "exits",
            "data/secret/2-small-1: the generator failed: `gen.py ",
            " 1`: exit code 3; it said: no seed for me",
        ]),
        "{}",
        run.all()
    );
    assert!(
        said(&["silent", "data/secret/2-small-1", "wrote no input"]),
        "{}",
        run.all()
    );
    let report = read_report(&reports);
    let judged: Vec<&str> = report.problems.iter().map(|p| p.id.as_str()).collect();
    assert!(judged.contains(&"good"), "{judged:?}\n{}", run.all());
    let good = report.submissions.iter().filter(|s| {
        Path::new(&s.path)
            .components()
            .any(|c| c.as_os_str() == "good")
    });
    assert_eq!(good.clone().count(), 2, "{}", run.all());
    assert!(good.into_iter().all(|s| s.ok), "{}", run.all());
}

#[test]
fn generation_honours_sandbox_and_no_cache_generates_into_a_removed_folder() {
    if !crate::common::sandbox(
        "generation_honours_sandbox_and_no_cache_generates_into_a_removed_folder",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("generated-sum");
    copy_tree(&root().join("testdata/packages/generated-sum"), &pkg);
    // The generator leaves a mark where only an unsandboxed run can write.
    let mark = tmp.path().join("mark");
    let script = pkg.join("generators/gen.py");
    let text = std::fs::read_to_string(&script).unwrap();
    let leave = format!(
        "try:\n    open({:?}, 'a').write('x')\nexcept OSError:\n    pass\n",
        mark.display().to_string()
    );
    std::fs::write(&script, format!("{leave}{text}")).unwrap();
    let temp = tmp.path().join("temp");
    std::fs::create_dir(&temp).unwrap();
    let (reports, cache) = (tmp.path().join("reports"), tmp.path().join("cache"));
    let run = |extra: &[&str]| {
        let mut args = vec!["--problems", pkg.to_str().unwrap(), "check"];
        args.extend(extra);
        args.extend(["--report-dir", reports.to_str().unwrap()]);
        judge_env(
            tmp.path(),
            &args,
            None,
            &[("JUDGE_CACHE_DIR", &cache), ("TMPDIR", &temp)],
        )
    };
    let off = run(&["--sandbox", "off", "--no-cache"]);
    assert_eq!(off.code, 0, "{}", off.all());
    assert!(
        mark.is_file(),
        "--sandbox off runs the generator unsandboxed"
    );
    assert!(
        off.stderr
            .contains("--no-cache: test data generated from recipes goes to"),
        "{}",
        off.all()
    );
    let left: Vec<_> = std::fs::read_dir(&temp).unwrap().flatten().collect();
    assert!(left.is_empty(), "removed at the end: {left:?}");
    assert!(
        !cache.join("generated").exists(),
        "--no-cache writes no cache"
    );

    std::fs::remove_file(&mark).unwrap();
    let on = run(&["--sandbox", "on"]);
    assert_eq!(on.code, 0, "{}", on.all());
    assert!(
        on.stderr.contains("generated its data from"),
        "{}",
        on.all()
    );
    assert!(
        !mark.exists(),
        "--sandbox on keeps the generator in the sandbox"
    );
}

/// `judge regen --inputs` is the one command that writes a recipe's data
/// into the package (as `bt generate` does): a dry run writes nothing,
/// the run writes every generated file under `data/` whole, the package
/// then reads its own `data/`, and a file changed by hand is put back.
#[test]
fn regen_inputs_writes_the_generated_data_into_the_package() {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("generated-sum");
    copy_tree(&root().join("testdata/packages/generated-sum"), &pkg);
    let cache = tmp.path().join("cache");
    let regen = |extra: &[&str]| {
        let mut args = vec![
            "--problems",
            pkg.to_str().unwrap(),
            "regen",
            "--inputs",
            "--sandbox",
            "off",
        ];
        args.extend_from_slice(extra);
        judge_env(tmp.path(), &args, None, &[("JUDGE_CACHE_DIR", &cache)])
    };
    let dry = regen(&["--dry-run"]);
    assert_eq!(dry.code, 0, "{}", dry.all());
    assert!(
        dry.stdout.contains("inputs: 14 would be created"),
        "{}",
        dry.all()
    );
    assert!(!pkg.join("data").exists(), "a dry run writes nothing");

    let run = regen(&[]);
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(
        run.stdout
            .contains("created   generated-sum/data/secret/2-small-1.in"),
        "{}",
        run.all()
    );
    let written = pkg.join("data/secret/2-small-1.in");
    let made = std::fs::read(&written).unwrap();
    assert!(!made.is_empty());
    let sample = std::fs::read_to_string(pkg.join("data/sample/1.in")).unwrap();
    assert_eq!(sample, "1 2\n", "the recipe's inline sample");

    // The package now holds every case: it is read from its own data/.
    let reports = tmp.path().join("reports");
    let check = judge_env(
        tmp.path(),
        &[
            "--problems",
            pkg.to_str().unwrap(),
            "check",
            "--sandbox",
            "off",
            "--report-dir",
            reports.to_str().unwrap(),
        ],
        None,
        &[("JUDGE_CACHE_DIR", &cache)],
    );
    assert_eq!(check.code, 0, "{}", check.all());
    assert!(
        !check.stderr.contains("generated its data"),
        "{}",
        check.all()
    );

    std::fs::write(&written, "hand-edited\n").unwrap();
    let again = regen(&[]);
    assert_eq!(again.code, 0, "{}", again.all());
    assert!(
        again
            .stdout
            .contains("inputs: 0 created, 1 changed, 13 unchanged"),
        "{}",
        again.all()
    );
    assert_eq!(std::fs::read(&written).unwrap(), made);
}
