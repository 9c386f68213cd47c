//! `judge export` and `judge import`: every problem (the five and the
//! problem kinds) survives export → import in both formats and as a zip,
//! the package has the layout contest systems expect, packages written
//! elsewhere (`testdata/packages/`) are imported and their own submissions
//! keep their promises, what judge cannot judge is refused, and an
//! existing target is never touched.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common::{Run, copy_tree, judge, judge_in, read_report, root};
use judge::origin::{Format, TimeRule};
use judge::package::Refusal;
use judge::package::error::Error;
use judge::problem::load_problem;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Every file below `dir`, relative path → bytes.
/// Every file under `dir` but hidden ones (`.gitkeep`, which keeps an
/// empty verdict folder in git): no package carries them.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    if !dir.exists() {
        return files;
    }
    for entry in walkdir::WalkDir::new(dir) {
        let entry = entry.unwrap();
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if entry.file_type().is_file() && !hidden {
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

fn export_from(problems: &Path, problem: &str, format: &str, out: &Path) -> crate::common::Run {
    judge(&[
        "--problems",
        s(problems),
        "export",
        problem,
        "--format",
        format,
        "--out",
        s(out),
    ])
}

/// How judge reads the package at `pkg`, before an import writes
/// anything: what it copies, skips and refuses.
fn plan(pkg: &Path) -> judge::package::plan::Plan {
    let yaml = std::fs::read_to_string(pkg.join("problem.yaml")).unwrap();
    judge::package::read::read(pkg, &yaml)
}

/// The refusals an import printed under its error, one line each.
fn printed_refusals(run: &Run) -> Vec<&str> {
    (run.stderr.lines())
        .filter_map(|l| l.strip_prefix("  "))
        .collect()
}

/// What an import printed under `skipped:`: (path, why).
fn printed_skipped(run: &Run) -> Vec<(String, String)> {
    (run.stdout.lines())
        .skip_while(|l| *l != "skipped:")
        .skip(1)
        .map_while(|l| l.strip_prefix("  "))
        .map(|l| {
            let (path, why) = l.split_once("  ").unwrap_or((l, ""));
            (path.to_string(), why.trim_start().to_string())
        })
        .collect()
}

/// The refusals of `plan`, as an import prints them.
fn said(refused: &[Refusal]) -> Vec<String> {
    refused.iter().map(Refusal::to_string).collect()
}

/// The `(line, column)` a refusal's place names, when it names one.
fn line_col(at: &str) -> Option<(usize, usize)> {
    let mut parts = at.rsplitn(3, ':');
    let col = parts.next()?.parse().ok()?;
    let line = parts.next()?.parse().ok()?;
    Some((line, col))
}

/// The 1-based number of the first line of `file` that starts with `key`.
fn line_of(file: &Path, key: &str) -> usize {
    let text = std::fs::read_to_string(file).unwrap();
    1 + text.lines().position(|l| l.starts_with(key)).unwrap()
}

fn export(problem: &str, out: &Path) {
    let run = export_from(&root().join("problems"), problem, "legacy", out);
    assert_eq!(run.code, 0, "{}", run.all());
}

/// The same problem: fields, group settings, case bytes, submissions,
/// statement, programs and the record of where the data comes from
/// (`SOURCES.md`, which must travel with any copy of the data).
fn assert_same(original: &Path, imported: &Path, what: &str) {
    judge::solvers::install();
    let a = load_problem("a", original).unwrap();
    let b = load_problem("b", imported).unwrap();
    assert_eq!(b.spec, a.spec, "{what}: problem.yaml fields");
    assert_eq!(b.groups.specs, a.groups.specs, "{what}: group settings");
    assert_eq!(b.cases.len(), a.cases.len(), "{what}");
    for (x, y) in a.cases.iter().zip(&b.cases) {
        assert_eq!((&x.group, &x.name), (&y.group, &y.name), "{what}");
        let read = |p: &Path| std::fs::read(p).unwrap();
        assert_eq!(read(&x.input), read(&y.input), "{what}: {}.in", x.id());
        let (ea, eb) = (x.answer.as_deref(), y.answer.as_deref());
        assert_eq!(ea.map(read), eb.map(read), "{what}: {}.out", x.id());
    }
    let mut folders = vec![
        PathBuf::from("submissions"),
        PathBuf::from("statement"),
        PathBuf::from("SOURCES.md"),
    ];
    folders.extend(a.spec.paths().into_iter().map(|(_, p)| p.to_path_buf()));
    for f in folders {
        let (x, y) = (original.join(&f), imported.join(&f));
        if x.is_file() {
            assert_eq!(
                std::fs::read(&x).unwrap(),
                std::fs::read(&y).unwrap(),
                "{what}: {}",
                f.display()
            );
        } else {
            assert_eq!(tree(&y), tree(&x), "{what}: {}", f.display());
        }
    }
}

/// Export → import → check → export → import: every problem comes back
/// the same, whichever way it travelled.
#[test]
fn every_problem_survives_export_and_import_in_both_formats_and_as_a_zip() {
    let tmp = tempfile::tempdir().unwrap();
    let problems = tmp.path().join("problems");
    std::fs::create_dir(&problems).unwrap();
    let mut sources = Vec::new();
    for folder in [root().join("problems"), root().join("testdata/kinds")] {
        for id in names(&folder) {
            if folder.join(&id).join("problem.yaml").is_file() {
                sources.push((folder.clone(), id));
            }
        }
    }
    assert!(sources.len() >= 10, "{sources:?}");
    let mut copies = Vec::new();
    for (folder, id) in &sources {
        for format in ["legacy", "2023-07", "zip"] {
            let short: String = id.chars().filter(char::is_ascii_alphanumeric).collect();
            let package = match format {
                "zip" => tmp.path().join(format!("{short}.zip")),
                f => tmp.path().join(format!("{short}{}", f.replace('-', ""))),
            };
            let fmt = if format == "zip" { "legacy" } else { format };
            let run = export_from(folder, id, fmt, &package);
            // An in-crate or testlib checker has no package form.
            if id == "divisor-builtin" || id == "divisor-testlib" {
                assert_eq!(run.code, 2, "{id}: {}", run.all());
                assert!(!package.exists());
                judge::solvers::install();
                let problem = load_problem(id, &folder.join(id)).unwrap();
                let why = judge::package::write::refusal(&problem);
                assert!(why.is_some(), "{id}: a package could carry it");
                let refused = judge::package::export::export(&problem, Format::Legacy, &package);
                assert!(matches!(refused, Err(Error::Refused(_))), "{refused:?}");
                let said = format!("error: {}", refused.unwrap_err());
                assert_eq!(run.stderr.lines().collect::<Vec<_>>(), [said]);
                assert!(!package.exists());
                continue;
            }
            assert_eq!(run.code, 0, "{id}: {}", run.all());
            // The five problems are complete packages; the kinds
            // fixtures have no statements.
            // Their invalid inputs stay behind, and say so: problemtools,
            // which reads these formats, refuses a data/invalid_input.
            if folder.ends_with("problems") {
                let warnings: Vec<&str> = (run.stdout.lines())
                    .filter(|l| l.starts_with("warning"))
                    .collect();
                let invalid = load_problem(id, &folder.join(id))
                    .unwrap()
                    .invalid_inputs
                    .len();
                assert!(invalid > 0, "{id}");
                let warned = format!(
                    "warning: {invalid} invalid inputs not exported: problemtools, which reads this format, refuses test data other than sample and secret (2025-09 exports keep them in data/invalid_input)"
                );
                assert_eq!(warnings, [warned], "{id}: {}", run.all());
                if format != "zip" {
                    assert!(!package.join("data/invalid_input").exists(), "{id}");
                }
            }
            let copy = format!("{id}-{}", format.replace('-', ""));
            let run = judge(&[
                "--problems",
                s(&problems),
                "import",
                s(&package),
                "--id",
                &copy,
            ]);
            assert_eq!(run.code, 0, "{id} ({format}): {}", run.all());
            assert_same(
                &folder.join(id),
                &problems.join(&copy),
                &format!("{id} ({format})"),
            );
            copies.push(copy);
        }
    }
    let reports = tmp.path().join("reports");
    let run = judge(&[
        "--problems",
        s(&problems),
        "check",
        "--no-submissions",
        "--report-dir",
        s(&reports),
    ]);
    assert_eq!(run.code, 0, "{}", run.all());
    // The imported, checked problem goes out and comes back once more, in
    // the other format than it came in, and is still the original.
    let mut again = Vec::new();
    for copy in copies.clone() {
        let (id, how) = copy.rsplit_once('-').unwrap();
        let source = sources.iter().find(|(_, i)| i == id).unwrap();
        let format = if how == "legacy" { "2023-07" } else { "legacy" };
        let package = tmp.path().join(format!("again-{copy}"));
        let run = export_from(&problems, &copy, format, &package);
        assert_eq!(run.code, 0, "{copy}: {}", run.all());
        let back = format!("{copy}-again");
        let run = judge(&[
            "--problems",
            s(&problems),
            "import",
            s(&package),
            "--id",
            &back,
        ]);
        assert_eq!(run.code, 0, "{copy}: {}", run.all());
        assert_same(&source.0.join(id), &problems.join(&back), &back);
        again.push(back);
    }
    copies.extend(again);
    copies.sort();
    assert_eq!(
        names(&problems),
        copies,
        "nothing else left in the problems folder"
    );
}

#[test]
fn the_packages_have_the_layout_and_fields_of_their_format() {
    let tmp = tempfile::tempdir().unwrap();
    let package = tmp.path().join("fourinarow");
    export("four-in-a-row", &package);
    assert_eq!(
        names(tmp.path()),
        ["fourinarow"],
        "no staging folder left behind"
    );
    let samples: Vec<String> = names(&package.join("data/sample"));
    assert!(!samples.is_empty());
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
    assert!(package.join("problem_statement/problem.en.tex").is_file());
    assert!(package.join("problem_statement/problem.en.md").is_file());
    assert!(package.join("input_validators/validate.cpp").is_file());
    let text = std::fs::read_to_string(package.join("problem.yaml")).unwrap();
    let yaml: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    assert_eq!(yaml["name"].as_str(), Some("Four in a row"), "{text}");
    assert_eq!(yaml["validation"].as_str(), Some("default"));
    let flags = yaml["validator_flags"].as_str().unwrap();
    let mut flags: Vec<&str> = flags.split_whitespace().collect();
    flags.sort();
    assert_eq!(flags, ["case_sensitive", "space_change_sensitive"]);
    assert_eq!(yaml["limits"]["memory"].as_u64(), Some(256));
    assert!(yaml["uuid"].as_str().is_some_and(|u| u.len() == 36));
    assert_eq!(yaml["license"].as_str(), Some("cc by-sa"));
    let timelimit = std::fs::read_to_string(package.join(".timelimit")).unwrap();
    assert_eq!(timelimit.trim(), "1");
    let extension = std::fs::read_to_string(package.join("judge.yaml")).unwrap();
    let extension: serde_yaml::Value = serde_yaml::from_str(&extension).unwrap();
    assert_eq!(extension["id"].as_str(), Some("four-in-a-row"));
    assert_eq!(
        extension["problem"]["solver"].as_str(),
        Some("four-in-a-row")
    );

    let modern = tmp.path().join("guess");
    let run = export_from(&root().join("testdata/kinds"), "guess", "2023-07", &modern);
    assert_eq!(run.code, 0, "{}", run.all());
    let yaml: serde_yaml::Value =
        serde_yaml::from_str(&std::fs::read_to_string(modern.join("problem.yaml")).unwrap())
            .unwrap();
    assert_eq!(
        yaml["problem_format_version"].as_str(),
        Some("2023-07-draft")
    );
    assert_eq!(yaml["type"][0].as_str(), Some("interactive"));
    assert_eq!(yaml["limits"]["time_limit"].as_f64(), Some(1.0));
    assert!(modern.join("output_validator/interact.c").is_file());
    assert!(modern.join("submissions/accepted/reference.py").is_file());
}

#[test]
fn the_markdown_statement_becomes_latex_for_legacy_packages_and_comes_back_on_import() {
    let tmp = tempfile::tempdir().unwrap();
    let package = tmp.path().join("atoms");
    export("atoms", &package);
    let statement = package.join("problem_statement");
    let tex = std::fs::read_to_string(statement.join("problem.en.tex")).unwrap();
    assert!(tex.starts_with("\\problemname{Atoms}\n"), "{tex}");
    for latex in [
        "\\section*{Input}",
        "\\section*{Output}",
        "\\begin{itemize}",
        "\\begin{enumerate}",
        "\\emph{stable}",
        "\\texttt{Case k: valid}",
        "$N \\times N$",
    ] {
        assert!(tex.contains(latex), "{latex} in {tex}");
    }
    for markdown in ["## ", "`", "**", "\n- ", "\n1. ", "*stable*"] {
        assert!(!tex.contains(markdown), "{markdown:?} left in {tex}");
    }
    // The Markdown goes along unchanged (problemtools' legacy reader only
    // takes .tex) and is what import keeps; the LaTeX is skipped.
    let source = root().join("problems/atoms/statement");
    assert_eq!(tree(&statement).len(), tree(&source).len() + 1);
    let problems = tmp.path().join("problems");
    std::fs::create_dir(&problems).unwrap();
    let run = judge_in(
        tmp.path(),
        &["--problems", "problems", "import", "atoms", "--id", "a"],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.all());
    // The LaTeX is skipped as made from the Markdown, and said so.
    let plan = plan(&package);
    let skipped = (
        "problem_statement/problem.en.tex".to_string(),
        "generated from problem.en.md".to_string(),
    );
    assert!(plan.skipped.contains(&skipped), "{:?}", plan.skipped);
    assert_eq!(printed_skipped(&run), plan.skipped, "{}", run.all());
    assert_eq!(tree(&problems.join("a/statement")), tree(&source));

    // A 2023-07 package carries the Markdown alone, as it is.
    let modern = tmp.path().join("atoms2023");
    let run = export_from(&root().join("problems"), "atoms", "2023-07", &modern);
    assert_eq!(run.code, 0, "{}", run.all());
    assert_eq!(tree(&modern.join("statement")), tree(&source));
}

#[test]
fn a_statement_outside_the_markdown_subset_stops_a_legacy_export_at_its_line() {
    let tmp = tempfile::tempdir().unwrap();
    let problems = tmp.path().join("problems");
    copy_tree(&root().join("problems/star-battle"), &problems.join("sb"));
    let md = problems.join("sb/statement/problem.en.md");
    let mut text = std::fs::read_to_string(&md).unwrap();
    let line = text.lines().count() + 2;
    text.push_str("\n| a | b |\n|---|---|\n");
    std::fs::write(&md, text).unwrap();
    let out = tmp.path().join("sb");
    let run = export_from(&problems, "sb", "legacy", &out);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(!out.exists(), "nothing written");
    // The statement's fault, at the table's first line.
    judge::solvers::install();
    let problem = load_problem("sb", &problems.join("sb")).unwrap();
    let refused = judge::package::export::export(&problem, Format::Legacy, &out).unwrap_err();
    let Error::Statement {
        path,
        line: at,
        col,
        ..
    } = &refused
    else {
        panic!("{refused:?}");
    };
    assert_eq!((path, *at, *col), (&md, line, 1));
    assert_eq!(
        run.stderr.lines().collect::<Vec<_>>(),
        [format!("error: {refused}")]
    );
    assert!(!out.exists(), "nothing written");
    // The 2023-07 format reads Markdown itself: exported as it is.
    let run = export_from(&problems, "sb", "2023-07", &out);
    assert_eq!(run.code, 0, "{}", run.all());
    // Markdown and LaTeX for one language: which one is the statement?
    std::fs::write(problems.join("sb/statement/problem.en.tex"), "x").unwrap();
    let sb2 = tmp.path().join("sb2");
    let run = export_from(&problems, "sb", "2023-07", &sb2);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(!sb2.exists(), "nothing written");
    let problem = load_problem("sb", &problems.join("sb")).unwrap();
    let refused = judge::package::export::export(&problem, Format::Draft2023, &sb2).unwrap_err();
    assert!(
        matches!(&refused, Error::Package { path, .. } if *path == problems.join("sb/statement")),
        "{refused:?}"
    );
    assert_eq!(
        run.stderr.lines().collect::<Vec<_>>(),
        [format!("error: {refused}")]
    );
}

#[test]
fn export_to_an_existing_path_writes_nothing_and_odd_names_are_warned_about() {
    let tmp = tempfile::tempdir().unwrap();
    let existing = tmp.path().join("pkg");
    std::fs::create_dir(&existing).unwrap();
    std::fs::write(existing.join("keep.txt"), b"mine").unwrap();
    let run = judge(&["export", "slink", "--out", s(&existing)]);
    assert_eq!(run.code, 2, "{}", run.all());
    // Refused for the target alone, before the problem is looked at.
    let refused = judge::package::export::check_target(&existing).unwrap_err();
    assert!(matches!(refused, Error::Refused(_)), "{refused:?}");
    assert_eq!(
        run.stderr.lines().collect::<Vec<_>>(),
        [format!("error: {refused}")]
    );
    assert_eq!(tree(&existing).len(), 1);
    assert_eq!(std::fs::read(existing.join("keep.txt")).unwrap(), b"mine");
    let run = judge(&["export", "slink", "--out", s(&tmp.path().join("Slink-1"))]);
    assert_eq!(run.code, 0, "{}", run.all());
    let warnings: Vec<&str> = (run.stdout.lines())
        .filter(|l| l.starts_with("warning"))
        .collect();
    assert_eq!(
        warnings,
        [
            "warning: the package is named \"Slink-1\"; problem tools want a short name of lower-case letters and digits, such as \"slink\""
        ],
        "{}",
        run.all()
    );
    let run = judge(&[
        "export",
        "no-such-problem",
        "--out",
        s(&tmp.path().join("x")),
    ]);
    assert_eq!(run.code, 2, "{}", run.all());
    assert_eq!(names(tmp.path()), ["Slink-1", "pkg"]);
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
    assert_eq!(
        run.stderr.lines().collect::<Vec<_>>(),
        ["error: problems/slink exists; nothing written (import under a new --id)"],
        "{}",
        run.all()
    );
    assert_eq!(names(&problems), ["slink"]);
    assert_eq!(names(&problems.join("slink")), ["notes.txt"]);
}

#[test]
fn a_package_without_judge_yaml_is_read_from_its_own_fields() {
    if !crate::common::sandbox("a_package_without_judge_yaml_is_read_from_its_own_fields") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let package = tmp.path().join("pkg");
    export("star-battle", &package);
    std::fs::remove_file(package.join("judge.yaml")).unwrap();
    std::fs::remove_file(package.join(".timelimit")).unwrap();
    std::fs::write(package.join("data/secret/testdata.yaml"), b"{}\n").unwrap();
    std::fs::create_dir_all(package.join("submissions/mystery")).unwrap();
    std::fs::create_dir(tmp.path().join("problems")).unwrap();
    let run = judge_in(
        tmp.path(),
        &["--problems", "problems", "import", "pkg", "--id", "sb"],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.all());
    // A folder that is no verdict is skipped, and listed; the time limit,
    // given nowhere, is computed by problemtools' rule.
    let plan = plan(&package);
    let skipped: Vec<&str> = plan.skipped.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(skipped, ["submissions/mystery"], "{:?}", plan.skipped);
    assert_eq!(printed_skipped(&run), plan.skipped, "{}", run.all());
    assert!(
        matches!(plan.time, Some(TimeRule::Compute { .. })),
        "{:?}",
        plan.time
    );
    judge::solvers::install();
    let imported = load_problem("sb", &tmp.path().join("problems/sb")).unwrap();
    // The default validator with the package's flags; the reference is an
    // accepted submission; the time limit was measured (slowest × 5).
    let checker = imported.spec.checker.as_ref().unwrap();
    assert_eq!(checker.builtin.map(|b| b.id()), Some("icpc-default"));
    assert!(
        checker.args.iter().any(|a| a == "case_sensitive"),
        "{:?}",
        checker.args
    );
    assert!(
        imported
            .spec
            .reference
            .as_ref()
            .unwrap()
            .starts_with("submissions/accepted")
    );
    assert!(imported.spec.limits.time.as_secs() >= 1);
    assert_eq!(imported.spec.name, "Star Battles I");
}

/// A fixture package copied to a scratch folder, imported as `id`.
fn import_fixture(tmp: &Path, name: &str, edit: impl Fn(&Path)) -> crate::common::Run {
    let package = tmp.join("pkgs").join(name);
    copy_tree(&root().join("testdata/packages").join(name), &package);
    edit(&package);
    std::fs::create_dir_all(tmp.join("problems")).unwrap();
    judge_in(
        tmp,
        &[
            "--problems",
            "problems",
            "import",
            s(&package),
            "--id",
            name,
        ],
        None,
    )
}

#[test]
fn packages_written_elsewhere_import_and_their_submissions_keep_their_promises() {
    if !crate::common::sandbox(
        "packages_written_elsewhere_import_and_their_submissions_keep_their_promises",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let fine = [
        "legacy-float",
        "legacy-custom",
        "legacy-scoring",
        "modern-interactive",
        "modern-scoring",
    ];
    for name in fine {
        let run = import_fixture(tmp.path(), name, |_| {});
        assert_eq!(run.code, 0, "{name}: {}", run.all());
    }
    // 2025-09 scoring, require_pass included (tests/it/spec_promises.rs
    // checks what it does to the scores).
    let run = import_fixture(tmp.path(), "v2025-scoring", |_| {});
    assert_eq!(run.code, 0, "{}", run.all());
    // Skipped files are listed with a reason.
    let float = import_fixture(&tmp.path().join("again"), "legacy-float", |_| {});
    let skipped = plan(&tmp.path().join("again/pkgs/legacy-float")).skipped;
    let paths: Vec<&str> = skipped.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        paths,
        [
            "submissions/accepted/old.py.disabled",
            "submissions/accepted/solution.xyz"
        ]
    );
    assert_eq!(skipped[0].1, "disabled");
    assert_eq!(printed_skipped(&float), skipped, "{}", float.all());

    let reports = tmp.path().join("r");
    let run = judge_in(
        tmp.path(),
        &[
            "--problems",
            "problems",
            "check",
            "--report-dir",
            s(&reports),
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    assert_eq!(report.summary.submissions_failed, 0);
    assert!(
        report.submissions.len() >= 30,
        "{}",
        report.submissions.len()
    );
    let score = |path: &str| {
        report
            .submissions
            .iter()
            .find(|s| s.path.ends_with(path))
            .unwrap_or_else(|| panic!("{path} not judged"))
            .score
    };
    // The scores problemtools gives these (legacy graders: sum and min of
    // accept_score per group, sample ignored).
    assert_eq!(
        score("legacy-scoring/submissions/partially_accepted/smallonly.py"),
        Some(30.0)
    );
    assert_eq!(
        score("legacy-scoring/submissions/partially_accepted/uint32.c"),
        Some(65.0)
    );
    let greedy = score("v2025-scoring/submissions/partially_accepted/greedy.c").unwrap();
    assert!((greedy - 70.647).abs() < 0.01, "{greedy}");
}

#[test]
fn what_judge_cannot_judge_is_refused_one_line_each() {
    let tmp = tempfile::tempdir().unwrap();
    let pkgs = tmp.path().join("pkgs");
    let run = import_fixture(tmp.path(), "modern-generators", |_| {});
    assert_eq!(run.code, 2, "{}", run.all());
    // Its data is a recipe not generated yet.
    let refused = plan(&pkgs.join("modern-generators")).refused;
    assert_eq!(refused, [Refusal::NotGenerated]);
    assert_eq!(printed_refusals(&run), said(&refused), "{}", run.all());
    // Multi-pass and submit-answer together is refused (the format says
    // they are incompatible); multi-pass alone is judged
    // (tests/it/in_place.rs), and with interactive too
    // (tests/it/spec_kinds.rs).
    let run = import_fixture(tmp.path(), "modern-multipass", |p| {
        let yaml = p.join("problem.yaml");
        let text = std::fs::read_to_string(&yaml).unwrap();
        std::fs::write(
            &yaml,
            text.replace("type: multi-pass", "type: [multi-pass, submit-answer]"),
        )
        .unwrap();
    });
    assert_eq!(run.code, 2, "{}", run.all());
    // Refused at its `type:` key, and for that alone.
    let package = pkgs.join("modern-multipass");
    let refused = plan(&package).refused;
    let at = format!(
        "problem.yaml:{}:1",
        line_of(&package.join("problem.yaml"), "type:")
    );
    assert!(
        matches!(&refused[..], [Refusal::Invalid { at: place, .. }] if *place == at),
        "{refused:?}"
    );
    assert_eq!(printed_refusals(&run), said(&refused), "{}", run.all());
    let run = import_fixture(tmp.path(), "legacy-custom", |p| {
        std::fs::create_dir_all(p.join("graders/g")).unwrap();
        std::fs::write(p.join("data/secret/x.in"), "1\n").unwrap();
        std::fs::write(
            p.join("problem.yaml"),
            "name: X\nproblem_format_version: 1999-01\n",
        )
        .unwrap();
    });
    assert_eq!(run.code, 2, "{}", run.all());
    // An unknown format is a value judge cannot take, at its key; nothing
    // else is read from a package of unknown format.
    let package = pkgs.join("legacy-custom");
    let refused = plan(&package).refused;
    let key = line_of(&package.join("problem.yaml"), "problem_format_version");
    assert!(
        matches!(&refused[..], [Refusal::Invalid { at, .. }] if line_col(at) == Some((key, 1))),
        "{refused:?}"
    );
    assert_eq!(printed_refusals(&run), said(&refused), "{}", run.all());
    // (A legacy `static_validator/` is no longer one: the format has none,
    // and it is listed as skipped. Two interactors are refused instead.)
    let run = import_fixture(&tmp.path().join("b"), "legacy-custom", |p| {
        std::fs::create_dir_all(p.join("output_validators/second")).unwrap();
        std::fs::write(p.join("output_validators/second/v.py"), "exit(42)\n").unwrap();
        let yaml = p.join("problem.yaml");
        let text = std::fs::read_to_string(&yaml).unwrap();
        let text = text.replace("validation: custom", "validation: custom interactive");
        std::fs::write(&yaml, text).unwrap();
        std::fs::write(p.join("data/secret/x.in"), "1\n").unwrap();
    });
    assert_eq!(run.code, 2, "{}", run.all());
    // Both refusals, one line each.
    let refused = plan(&tmp.path().join("b/pkgs/legacy-custom")).refused;
    let places: Vec<(&str, &str)> = (refused.iter())
        .map(|r| match r {
            Refusal::Unsupported { at, .. } => ("unsupported", at.as_str()),
            Refusal::Missing { at, .. } => ("missing", at.as_str()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        places,
        [
            ("unsupported", "output_validators/"),
            ("missing", "data/secret/x.in")
        ]
    );
    assert_eq!(printed_refusals(&run), said(&refused), "{}", run.all());
    assert!(
        names(&tmp.path().join("problems")).is_empty(),
        "nothing imported"
    );
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
