//! The language table seen from the command line: `judge languages`
//! tells what runs here, the configuration adds or changes languages, and
//! a submission whose toolchain is missing is skipped with the reason in
//! every report, never given a verdict and never failing `check`.

use std::path::Path;

use crate::cli::located;
use crate::common::{copy_tree, judge_in, read_report, root};

/// A row of `judge languages`: language, id, files, status, and the last
/// column (what was found, or why it is missing).
#[derive(Debug)]
struct Row {
    name: String,
    id: String,
    status: String,
    found: String,
}

/// The rows of the `judge languages` table, cut at its header's columns.
fn rows(stdout: &str) -> Vec<Row> {
    let mut lines = stdout.lines();
    let header = lines.next().unwrap();
    let at = |column: &str| header.find(column).unwrap();
    let columns = [at("id "), at("files"), at("status"), at("version")];
    let cell = |line: &str, from: usize, to: Option<usize>| {
        let chars: Vec<char> = line.chars().collect();
        let to = to.unwrap_or(chars.len()).min(chars.len());
        chars[from.min(to)..to]
            .iter()
            .collect::<String>()
            .trim()
            .to_string()
    };
    lines
        // The footer ("18 of 24 languages can run here; …") ends it.
        .take_while(|l| !l.is_empty() && !l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| Row {
            name: cell(l, 0, Some(columns[0])),
            id: cell(l, columns[0], Some(columns[1])),
            status: cell(l, columns[2], Some(columns[3])),
            found: cell(l, columns[3], None),
        })
        .collect()
}

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
    let rows = rows(&run.stdout);
    let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    for name in [
        "C++",
        "Java",
        "Python 3",
        "Go",
        "Common Lisp",
        "Prolog",
        "Zeta",
    ] {
        assert!(names.contains(&name), "{name} missing:\n{}", run.stdout);
    }
    let row = |name: &str| rows.iter().find(|r| r.name == name).unwrap();
    let zeta = row("Zeta");
    assert_eq!(zeta.id, "zeta", "{zeta:?}");
    assert_eq!(zeta.status, "missing", "{zeta:?}");
    assert_eq!(
        zeta.found, "zetac-not-installed not found: install zeta-lang",
        "{zeta:?}"
    );
    // C is found, at the gcc on this machine's PATH.
    let c = row("C");
    assert_eq!(c.status, "found", "{c:?}");
    let gcc = judge::engine::toolchain::which("gcc").unwrap();
    let path = c.found.rsplit_once(" · ").map(|(_, p)| p);
    assert_eq!(path, gcc.to_str(), "{c:?}");
    // Asked to require a missing one, it fails; a present one passes.
    let run = judge_in(dir.path(), &["languages", "zeta", "--require"], None);
    assert_eq!(run.code, 1, "{}", run.all());
    let run = judge_in(dir.path(), &["languages", "c", "--require"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    let run = judge_in(dir.path(), &["languages", "cobol"], None);
    assert_eq!(run.code, 2, "{}", run.all());
    // Refused with the ids the table has.
    let mut ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    ids.sort();
    let said = format!(
        "error: no language cobol (the table has {})",
        ids.join(", ")
    );
    assert_eq!(
        run.stderr.lines().collect::<Vec<_>>(),
        [said],
        "{}",
        run.all()
    );
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
    let report = read_report(&reports);
    let zeta = report
        .submissions
        .iter()
        .find(|s| s.path.ends_with("fast.zeta"))
        .unwrap();
    // Not run: no verdict and not kept, yet no broken promise.
    assert_eq!((zeta.ok, zeta.got, zeta.cases_run), (false, None, 0));
    assert_eq!(zeta.fate(), judge::report::Fate::CouldNotRun);
    let why = "no Zeta toolchain here (zetac-not-installed not found on PATH): install zeta-lang";
    assert_eq!(zeta.skipped.as_deref(), Some(why), "{zeta:?}");
    assert_eq!(report.summary.submissions_failed, 0);
    // Its row: expected AC, no verdict, skipped with the reason.
    let row: Vec<&str> = (run.stdout.lines())
        .find(|l| l.starts_with(&zeta.path))
        .unwrap_or_else(|| panic!("no row for fast.zeta:\n{}", run.stdout))
        .split_whitespace()
        .collect();
    assert_eq!(row[1..4], ["AC", "—", "skipped"], "{row:?}");
    assert_eq!(row[4..].join(" "), why, "{row:?}");
    let kind = "no Zeta toolchain here: install zeta-lang";
    let said: Vec<&str> = (run.stdout.lines())
        .skip_while(|l| !l.starts_with("submissions: "))
        .take(2)
        .collect();
    assert_eq!(
        said,
        [
            "submissions: 5 kept, 0 broken, 1 could not run",
            &format!("  1 could not run: {kind}"),
        ],
        "{}",
        run.stdout
    );
    // The page's row of it carries the skip badge with the reason.
    let html = std::fs::read_to_string(reports.join("report.html")).unwrap();
    let title = format!("<td class=\"path\" title=\"{}\">", zeta.path);
    let (_, after) = html.split_once(&title).expect("a row for fast.zeta");
    let row = &after[..after.find("</tr>").unwrap()];
    let badge = format!("<span class=\"badge v-skip\" title=\"{why}\">skipped</span>");
    assert_eq!(row.matches(&badge).count(), 1, "{row}");
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
    assert_eq!(largest.got_code(), "WA", "{}", run.all());
    assert!(!largest.ok);
}

#[test]
fn a_mistake_in_the_table_stops_every_command_with_its_place() {
    let dir = fixture("sandbox:\n  allow: []\nlanguages:\n  go:\n    compile: 'go build'\n");
    let run = judge_in(dir.path(), &["list"], None);
    assert_eq!(run.code, 2, "{}", run.all());
    let place = run.stderr.lines().next().and_then(located);
    let place = place.unwrap_or_else(|| panic!("not located: {}", run.all()));
    assert_eq!(
        (place.path.as_str(), place.line, place.column),
        ("judge-config.yaml", 4, 3),
        "{}",
        run.all()
    );
    // At the key `languages.go`, whose `compile:` is not a list.
    let key = place.message.split_once(": ").map(|(k, _)| k);
    assert_eq!(key, Some("languages.go"), "{}", run.all());
    assert!(!Path::new(&dir.path().join("reports")).exists());
}
