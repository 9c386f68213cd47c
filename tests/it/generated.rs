//! Packages whose test data is only a BAPCtools recipe
//! (`generators/generators.yaml`) are judged in place: judge generates
//! their data into its cache first, reads it as it reads a package's own
//! `data/`, writes nothing inside the package, and reuses the generated
//! data while the recipe and its sources are unchanged (issue #32).

use std::path::Path;

use crate::common::{Run, copy_tree, judge_env, read_report, root};
use crate::in_place::snapshot;

/// The data folders judge generated into the cache at `cache`
/// (`generated/<recipe key>/data`), each with its number of files and
/// its inode: a folder generated again (into a new folder renamed into
/// place) is another inode even where its files are the same.
fn generated(cache: &Path) -> Vec<(String, usize, u64)> {
    use std::os::unix::fs::MetadataExt;
    let Ok(entries) = std::fs::read_dir(cache.join("generated")) else {
        return Vec::new();
    };
    let mut found: Vec<(String, usize, u64)> = entries
        .flatten()
        .map(|e| {
            let data = e.path().join("data");
            let files = snapshot(&data).len();
            let inode = std::fs::metadata(&data).map_or(0, |m| m.ino());
            (e.file_name().to_string_lossy().into_owned(), files, inode)
        })
        .collect();
    found.sort();
    found
}

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
    // Generated into the cache: seven inputs and their answers.
    let made = generated(&cache);
    assert_eq!(made.len(), 1, "{made:?}");
    assert_eq!(made[0].1, 14, "{made:?}");
    // The recipe's key judge does not act on is named, with its place.
    let skipped = "warning: generated-sum: generators/generators.yaml:4:1: visualizer: skipped: BAPCtools' old visualizer command is not run; judge runs input_visualizer/ and output_visualizer/";
    assert!(
        first.stderr.lines().any(|l| l == skipped),
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
            (folder, s.got_code().to_string())
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

    let cached = snapshot(&cache);
    let second = check(tmp.path(), &repo, &reports, &cache);
    assert_eq!(second.code, 0, "{}", second.all());
    let report = read_report(&reports);
    assert!(report.submissions.iter().all(|s| s.ok));
    // Nothing ran again: the data, the builds, the submissions' and the
    // reference's results all came from the cache, which nothing was
    // added to.
    assert_eq!(snapshot(&cache), cached, "the cache is as it was");
    assert_eq!(generated(&cache), made, "the data was not generated again");
    for s in &report.submissions {
        assert_eq!(s.reused, s.cases_run, "{s:?}");
    }
    assert!(report.problems[0].cases.iter().all(|c| c.reused));
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
    let again = generated(&cache);
    assert_eq!(
        again.len(),
        2,
        "a second folder, of the new recipe: {again:?}"
    );
    assert!(again.contains(&made[0]), "{again:?}");
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
            (folder, s.got_code().to_string())
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
    let made = generated(&cache);
    assert_eq!(made.len(), 1, "{made:?}");
    let report = read_report(&reports);
    let cases = &report.problems[0].cases;
    assert_eq!(cases.len(), 13, "{}", first.all());
    // include: the sample and the three edges again, under their names.
    // The recipe writes no test_group.yaml, so in 2025-09 `3-repeat` is a
    // plain folder: its cases are secret's, the folder before the name.
    let mut repeat: Vec<&str> = (cases.iter())
        .filter(|c| c.group.is_empty())
        .filter_map(|c| c.name.strip_prefix("3-repeat/"))
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

    let (data, builds) = (
        snapshot(&cache.join("generated")),
        snapshot(&cache.join("builds")),
    );
    let second = check(tmp.path(), &pkg, &reports, &cache);
    assert_eq!(second.code, 0, "{}", second.all());
    assert_eq!(
        snapshot(&cache.join("generated")),
        data,
        "the data is reused"
    );
    assert_eq!(generated(&cache), made, "the data was not generated again");
    assert_eq!(
        snapshot(&cache.join("builds")),
        builds,
        "every build is reused"
    );
    assert_eq!(verdicts(&reports, &second).len(), 5);
    // Only crashes run again: the cache never keeps one (the time-out,
    // which ran through its margin, is kept). The crash's folder promises
    // every case AC or RTE, so all its cases are judged, and its crashes
    // are run again.
    let report = read_report(&reports);
    let cases = report.submissions.iter().map(|s| s.cases_run).max();
    for s in &report.submissions {
        if s.got == Some(judge::verdict::Verdict::RuntimeError) {
            assert!(s.reused < s.cases_run, "{s:?}");
            assert_eq!(Some(s.cases_run), cases, "{s:?}");
        } else {
            assert_eq!(s.reused, s.cases_run, "{s:?}");
        }
    }
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
    // It says where the data went: a folder in TMPDIR, gone now.
    let went = (off.stderr.lines())
        .find_map(|l| {
            l.strip_prefix("note: --no-cache: test data generated from recipes goes to ")?
                .strip_suffix(" (removed when judge ends)")
        })
        .unwrap_or_else(|| panic!("{}", off.all()));
    assert_eq!(Path::new(went).parent(), Some(temp.as_path()), "{went}");
    let left: Vec<_> = std::fs::read_dir(&temp).unwrap().flatten().collect();
    assert!(left.is_empty(), "removed at the end: {left:?}");
    assert!(
        !cache.join("generated").exists(),
        "--no-cache writes no cache"
    );

    std::fs::remove_file(&mark).unwrap();
    let on = run(&["--sandbox", "on"]);
    assert_eq!(on.code, 0, "{}", on.all());
    assert_eq!(generated(&cache).len(), 1, "generated into the cache");
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
        dry.stdout.lines().any(|l| l
            == "inputs: 14 would be created, 0 would be changed, 0 unchanged, 0 failed (dry run: nothing written)"),
        "{}",
        dry.all()
    );
    assert!(!pkg.join("data").exists(), "a dry run writes nothing");

    let run = regen(&[]);
    assert_eq!(run.code, 0, "{}", run.all());
    // Every input and answer the recipe makes, written whole.
    let data = snapshot(&pkg.join("data"));
    assert_eq!(data.len(), 14, "{:?}", data.keys());
    let written = pkg.join("data/secret/2-small-1.in");
    let made = std::fs::read(&written).unwrap();
    assert!(!made.is_empty());
    let sample = std::fs::read_to_string(pkg.join("data/sample/1.in")).unwrap();
    assert_eq!(sample, "1 2\n", "the recipe's inline sample");

    // The package now holds every case: it is read from its own data/.
    let reports = tmp.path().join("reports");
    let generated_by_regen = generated(&cache);
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
    // Read from data/: nothing generated into the cache.
    assert_eq!(generated(&cache), generated_by_regen, "{}", check.all());

    std::fs::write(&written, "hand-edited\n").unwrap();
    let again = regen(&[]);
    assert_eq!(again.code, 0, "{}", again.all());
    // The hand-edited file is put back; nothing else changed.
    assert_eq!(std::fs::read(&written).unwrap(), made);
    assert_eq!(snapshot(&pkg.join("data")), data);
}
