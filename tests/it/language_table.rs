//! The language table seen from the command line: `judge languages`
//! tells what runs here, the configuration adds or changes languages, and
//! a submission whose toolchain is missing is skipped with the reason in
//! every report, never given a verdict and never failing `check`.

use std::path::Path;

use crate::common::{copy_tree, judge_in, read_report, root};

/// A copy of the divisor problem (ICPC kind, five submissions) and a
/// configuration beside it, in a fresh folder.
fn fixture(config: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(
        &root().join("testdata/kinds/divisor-icpc"),
        &dir.path().join("problems/divisor"),
    );
    std::fs::write(dir.path().join("judge-config.yaml"), config).unwrap();
    dir
}

/// A language whose compiler is nowhere, added by the configuration.
const MISSING: &str = "languages:\n  zeta:\n    name: Zeta\n    extensions: [zeta]\n    install: zeta-lang\n    compile: ['zetac-not-installed -o {binary} {files}']\n    run: '{binary}'\n";

#[test]
fn judge_languages_lists_every_language_with_what_to_install() {
    let dir = fixture(MISSING);
    let run = judge_in(dir.path(), &["languages"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    for name in [
        "C++",
        "Java",
        "Python 3",
        "Go",
        "Common Lisp",
        "Prolog",
        "Zeta",
    ] {
        assert!(run.stdout.contains(name), "{name} missing:\n{}", run.stdout);
    }
    let zeta = run.stdout.lines().find(|l| l.starts_with("Zeta")).unwrap();
    assert!(
        zeta.contains("missing")
            && zeta.contains("zetac-not-installed not found: install zeta-lang"),
        "{zeta}"
    );
    let c = run.stdout.lines().find(|l| l.starts_with("C ")).unwrap();
    assert!(c.contains("found") && c.contains("gcc"), "{c}");
    // Asked to require a missing one, it fails; a present one passes.
    let run = judge_in(dir.path(), &["languages", "zeta", "--require"], None);
    assert_eq!(run.code, 1, "{}", run.all());
    let run = judge_in(dir.path(), &["languages", "c", "--require"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    let run = judge_in(dir.path(), &["languages", "cobol"], None);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(run.stderr.contains("no language cobol"), "{}", run.all());
}

#[test]
fn a_submission_without_its_toolchain_is_skipped_everywhere_and_check_passes() {
    let dir = fixture(MISSING);
    let accepted = dir.path().join("problems/divisor/submissions/accepted");
    std::fs::write(accepted.join("fast.zeta"), "whatever zeta programs say\n").unwrap();
    let reports = dir.path().join("reports");
    let run = judge_in(
        dir.path(),
        &[
            "check",
            "divisor",
            "--sandbox",
            "off",
            "--report-dir",
            "reports",
        ],
        None,
    );
    assert_eq!(
        run.code,
        0,
        "a missing toolchain fails nothing:\n{}",
        run.all()
    );
    let line = run
        .stdout
        .lines()
        .find(|l| l.contains("fast.zeta"))
        .unwrap_or_else(|| panic!("no row for fast.zeta:\n{}", run.stdout));
    assert!(
        line.contains("skipped") && line.contains("no Zeta toolchain here"),
        "{line}"
    );
    assert!(
        run.stdout.contains("1 skipped (toolchain not installed)"),
        "{}",
        run.stdout
    );
    let report = read_report(&reports);
    let zeta = report
        .submissions
        .iter()
        .find(|s| s.path.ends_with("fast.zeta"))
        .unwrap();
    assert!(zeta.ok);
    assert!(
        zeta.skipped
            .as_deref()
            .is_some_and(|w| w.contains("install zeta-lang")),
        "{zeta:?}"
    );
    assert_eq!(report.summary.submissions_failed, 0);
    let html = std::fs::read_to_string(reports.join("report.html")).unwrap();
    assert!(html.contains("v-skip") && html.contains("no Zeta toolchain here"));
}

#[test]
fn the_configuration_changes_how_a_language_runs() {
    // Python 3 runs with a wrapper that prints nothing: every Python
    // submission's answer is wrong, which only the override can cause.
    let dir = fixture("languages:\n  python3:\n    compile: []\n    run: 'true {mainfile}'\n");
    let run = judge_in(
        dir.path(),
        &[
            "check",
            "divisor",
            "--sandbox",
            "off",
            "--report-dir",
            "reports",
        ],
        None,
    );
    let report = read_report(&dir.path().join("reports"));
    let largest = report
        .submissions
        .iter()
        .find(|s| s.path.ends_with("largest.py"))
        .unwrap();
    assert_eq!(largest.got.code(), "WA", "{}", run.all());
    assert!(!largest.ok);
}

#[test]
fn a_mistake_in_the_table_stops_every_command_with_its_place() {
    let dir = fixture("sandbox:\n  allow: []\nlanguages:\n  go:\n    compile: 'go build'\n");
    let run = judge_in(dir.path(), &["list"], None);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(
        run.stderr.contains("judge-config.yaml:4:3: languages.go:"),
        "{}",
        run.all()
    );
    assert!(!Path::new(&dir.path().join("reports")).exists());
}
