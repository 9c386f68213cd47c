//! The headline figures of a folder of problems (#50): on a folder with
//! broken, kept, not-run and refused packages, written here, the page's
//! figures equal the terminal's, and `report.yaml` and JUnit agree with
//! both; a submission that did not run has no verdict and is not `ok`,
//! and by itself fails nothing.

use std::collections::BTreeMap;
use std::path::Path;

use judge::report::{Fate, Report};

use crate::common::{Run, judge_in, read_report};

/// Writes `files` (path, text) below `dir`.
fn write(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

/// A 2025-09 pass-fail package's `problem.yaml`.
fn problem_yaml(name: &str, uuid: &str) -> String {
    format!(
        "problem_format_version: 2025-09\ntype: pass-fail\nname: {name}\nuuid: {uuid}\n\
         license: cc0\nlimits:\n  time_limit: 3.0\n"
    )
}

/// A language whose compiler is nowhere: its submissions cannot run.
const ZETA: &str = "languages:\n  zeta:\n    name: Zeta\n    extensions: [zeta]\n    \
install: zeta-lang\n    compile: ['zetac-not-installed -o {binary} {files}']\n    run: '{binary}'\n";

/// The folder `contest/` beside a configuration that adds Zeta:
/// - `echo`: echo.py and off_by_one.py keep their promise,
///   right_after_all.py (in `wrong_answer/`) breaks it, fast.zeta cannot
///   run;
/// - `twice`: its secret case `b` expects a wrong answer, so the
///   reference fails it (a failed case), twice.py and quick.py break
///   their promise on it, same.py keeps its own;
/// - `refused`: a `type` the format does not have.
fn contest(dir: &Path) {
    let echo = problem_yaml("Echo", "6c1d2a8e-3b4f-4e0a-9c57-0d3f1e2a4b51");
    let twice = problem_yaml("Twice", "0b1e7f52-9a7c-4d1e-8f3a-2c6d5e4b3a21");
    write(
        dir,
        &[
            ("judge-config.yaml", ZETA),
            ("contest/echo/problem.yaml", &echo),
            ("contest/echo/data/sample/1.in", "1\n"),
            ("contest/echo/data/sample/1.ans", "1\n"),
            ("contest/echo/data/secret/a.in", "2\n"),
            ("contest/echo/data/secret/a.ans", "2\n"),
            ("contest/echo/data/secret/b.in", "3\n"),
            ("contest/echo/data/secret/b.ans", "3\n"),
            (
                "contest/echo/submissions/accepted/echo.py",
                "print(input())\n",
            ),
            (
                "contest/echo/submissions/accepted/fast.zeta",
                "zeta words\n",
            ),
            (
                "contest/echo/submissions/wrong_answer/off_by_one.py",
                "print(int(input()) + 1)\n",
            ),
            (
                "contest/echo/submissions/wrong_answer/right_after_all.py",
                "print(input())\n",
            ),
            ("contest/twice/problem.yaml", &twice),
            ("contest/twice/data/sample/1.in", "1\n"),
            ("contest/twice/data/sample/1.ans", "2\n"),
            ("contest/twice/data/secret/a.in", "5\n"),
            ("contest/twice/data/secret/a.ans", "10\n"),
            ("contest/twice/data/secret/b.in", "7\n"),
            ("contest/twice/data/secret/b.ans", "15\n"),
            (
                "contest/twice/submissions/accepted/twice.py",
                "print(2 * int(input()))\n",
            ),
            (
                "contest/twice/submissions/time_limit_exceeded/quick.py",
                "print(2 * int(input()))\n",
            ),
            (
                "contest/twice/submissions/wrong_answer/same.py",
                "print(input())\n",
            ),
            (
                "contest/refused/problem.yaml",
                "problem_format_version: 2025-09\ntype: nonsense\nname: Refused\n",
            ),
            ("contest/refused/data/sample/1.in", "1\n"),
            ("contest/refused/data/sample/1.ans", "1\n"),
        ],
    );
}

/// `judge --problems contest check` in `dir`, with the report and JUnit
/// written under `dir/reports`.
fn check(dir: &Path) -> (Run, Report) {
    let args = [
        "--problems",
        "contest",
        "check",
        "--sandbox",
        "off",
        "--report-dir",
        "reports",
        "--junit",
        "reports/junit.xml",
    ];
    let run = judge_in(dir, &args, None);
    let report = read_report(&dir.join("reports"));
    (run, report)
}

/// The figures, by name: `problems judged`, `submissions broken`, ….
type Figures = BTreeMap<String, usize>;

/// The headline lines of the terminal (`problems: 2 judged, 1 refused`)
/// as figures.
fn terminal(stdout: &str) -> Figures {
    let mut figures = Figures::new();
    for line in stdout.lines() {
        let Some((what, rest)) = line.split_once(": ") else {
            continue;
        };
        if !["problems", "submissions", "cases"].contains(&what) {
            continue;
        }
        for part in rest.split(", ") {
            let (n, words) = part.split_once(' ').unwrap();
            let n: usize = n.parse().unwrap_or_else(|_| panic!("{line}"));
            figures.insert(format!("{what} {words}"), n);
        }
    }
    figures
}

/// The page's figures: each `data-figure` card's number, by the name the
/// terminal gives it.
fn page(html: &str) -> Figures {
    let names = [
        ("problems", "problems judged"),
        ("refused", "problems refused"),
        ("broken", "submissions broken"),
        ("kept", "submissions kept"),
        ("not-run", "submissions could not run"),
        ("cases", "cases judged"),
        ("cases-failed", "cases failed"),
    ];
    let mut figures = Figures::new();
    for (card, name) in names {
        let mark = format!("data-figure=\"{card}\"><div class=\"n\">");
        let (_, after) = html
            .split_once(&mark)
            .unwrap_or_else(|| panic!("no {card} card"));
        let n = after[..after.find('<').unwrap()].parse().unwrap();
        figures.insert(name.to_string(), n);
    }
    figures
}

/// The figures `report.yaml` holds, counted from its records (not from
/// judge's own counting), and its summary's.
fn yaml(report: &Report) -> (Figures, Figures) {
    let subs = &report.submissions;
    let count =
        |f: &dyn Fn(&&judge::report::SubmissionReport) -> bool| subs.iter().filter(f).count();
    let cases: usize = report.problems.iter().map(|p| p.cases.len()).sum();
    let passed = report.problems.iter().map(|p| p.passed).sum::<usize>();
    let records = Figures::from([
        ("problems judged".into(), report.problems.len()),
        ("problems refused".into(), report.errors.len()),
        ("submissions kept".into(), count(&|s| s.ok)),
        (
            "submissions broken".into(),
            count(&|s| !s.ok && s.skipped.is_none()),
        ),
        (
            "submissions could not run".into(),
            count(&|s| s.skipped.is_some()),
        ),
        ("cases judged".into(), cases),
        ("cases failed".into(), cases - passed),
    ]);
    let s = &report.summary;
    let summary = Figures::from([
        ("problems judged".into(), s.problems),
        ("problems refused".into(), s.refused),
        ("submissions kept".into(), s.submissions_kept),
        ("submissions broken".into(), s.submissions_failed),
        ("submissions could not run".into(), s.submissions_skipped),
        ("cases judged".into(), s.cases),
        ("cases failed".into(), s.failed),
    ]);
    (records, summary)
}

/// The JUnit file's figures: its problem suites, their failing cases, and
/// the submissions suite's counts (each checked against its elements).
fn junit(xml: &str) -> Figures {
    let attr = |tag: &str, name: &str| -> usize {
        let at = tag.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        tag[at..at + tag[at..].find('"').unwrap()].parse().unwrap()
    };
    let suites: Vec<&str> = xml.split("<testsuite ").skip(1).collect();
    let (subs, problems): (Vec<&str>, Vec<&str>) = suites
        .iter()
        .partition(|s| s.starts_with("name=\"expected-verdict submissions\""));
    let [subs] = subs.as_slice() else {
        panic!("one submissions suite: {xml}");
    };
    let head = &subs[..subs.find('>').unwrap()];
    let (failures, skipped) = (attr(head, "failures"), attr(head, "skipped"));
    assert_eq!(subs.matches("type=\"BROKEN-PROMISE\"").count(), failures);
    assert_eq!(subs.matches("<skipped ").count(), skipped);
    let failed = (problems.iter())
        .map(|s| {
            let head = &s[..s.find('>').unwrap()];
            attr(head, "failures") + attr(head, "errors")
        })
        .sum();
    Figures::from([
        ("problems judged".into(), problems.len()),
        ("submissions broken".into(), failures),
        ("submissions could not run".into(), skipped),
        (
            "submissions kept".into(),
            attr(head, "tests") - failures - skipped,
        ),
        ("cases failed".into(), failed),
    ])
}

#[test]
fn the_page_the_terminal_the_yaml_and_junit_give_the_same_headline() {
    let tmp = tempfile::tempdir().unwrap();
    contest(tmp.path());
    let (run, report) = check(tmp.path());
    // A refused problem is a configuration error: exit 2 before failures.
    assert_eq!(run.code, 2, "{}", run.all());
    let said = terminal(&run.stdout);
    let want = Figures::from([
        ("problems judged".into(), 2),
        ("problems refused".into(), 1),
        ("submissions kept".into(), 3),
        ("submissions broken".into(), 3),
        ("submissions could not run".into(), 1),
        ("cases judged".into(), 6),
        ("cases failed".into(), 1),
    ]);
    assert_eq!(said, want, "{}", run.all());
    let why = "  1 could not run: no Zeta toolchain here: install zeta-lang";
    assert!(run.stdout.lines().any(|l| l == why), "{}", run.stdout);
    let reports = tmp.path().join("reports");
    let html = std::fs::read_to_string(reports.join("report.html")).unwrap();
    assert_eq!(page(&html), said);
    let (records, summary) = yaml(&report);
    assert_eq!((&records, &summary), (&said, &said));
    let xml = std::fs::read_to_string(reports.join("junit.xml")).unwrap();
    let from_junit = junit(&xml);
    for (name, n) in &from_junit {
        assert_eq!(said.get(name), Some(n), "{name} in junit.xml\n{xml}");
    }
    a_skipped_submission_has_no_verdict(&report, &reports, &xml);
    broken_promises_come_first_with_their_deciding_case(&report, &html);
    a_report_written_before_reads_as_now(tmp.path(), &report);
    a_note_of_both_problems_is_said_once(&report, &html);
}

/// A note the engine wrote for each problem alike (`echo: …`, `twice:
/// …`: PyPy or CPython for `.py`, the license both lack) is said once on
/// the page, with how many problems, in the folded notes below the
/// results.
fn a_note_of_both_problems_is_said_once(report: &Report, html: &str) {
    let notes = &report.meta.notes;
    let shared: Vec<&str> = (notes.iter())
        .filter_map(|n| n.strip_prefix("echo: "))
        .filter(|rest| notes.contains(&format!("twice: {rest}")))
        .collect();
    assert!(!shared.is_empty(), "{notes:#?}");
    let folded = &html[html.find("<details class=\"fold notes\"").unwrap()..];
    assert!(html.find("Kept their promise").unwrap() < html.len() - folded.len());
    for text in shared {
        let escaped = (text.replace('&', "&amp;"))
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;");
        let said = format!("{escaped}: <span class=\"n\">2 problems</span>");
        assert_eq!(html.matches(&said).count(), 1, "{said}\n{folded}");
        assert_eq!(html.matches(&escaped).count(), 1, "{escaped}");
    }
}

/// The same report as judge wrote it before (`got: AC`, `ok: true` beside
/// `skipped:`) reads as judge writes it now, and `judge diff` finds no
/// change between the two.
fn a_report_written_before_reads_as_now(tmp: &Path, report: &Report) {
    let new = tmp.join("reports/report.yaml");
    let text = std::fs::read_to_string(&new).unwrap();
    let entry = text
        .split("\n- ")
        .find(|e| e.contains("fast.zeta"))
        .unwrap();
    let was = entry
        .replace("  ok: false\n", "  got: AC\n  ok: true\n")
        .replace("  ok: false", "  got: AC\n  ok: true");
    assert_ne!(was, entry);
    let old = tmp.join("old.yaml");
    std::fs::write(&old, text.replace(entry, &was)).unwrap();
    let read = judge::report::yaml::read_file(&old).unwrap();
    assert_eq!(read.submissions, report.submissions);
    let args = ["diff", old.to_str().unwrap(), new.to_str().unwrap()];
    let run = judge_in(tmp, &args, None);
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(!run.stdout.contains("fast.zeta"), "{}", run.all());
}

/// The submission that did not run: no `got`, not `ok`, `<skipped>` in
/// JUnit with its reason.
fn a_skipped_submission_has_no_verdict(report: &Report, reports: &Path, xml: &str) {
    let zeta = crate::common::submission(report, "fast.zeta");
    assert_eq!(
        (zeta.got, zeta.ok, zeta.fate()),
        (None, false, Fate::CouldNotRun)
    );
    let text = std::fs::read_to_string(reports.join("report.yaml")).unwrap();
    let entry = text
        .split("\n- ")
        .find(|e| e.contains("fast.zeta"))
        .unwrap();
    assert!(
        !entry.contains("got:") && entry.contains("ok: false"),
        "{entry}"
    );
    let why = zeta.skipped.as_deref().unwrap();
    let case = xml
        .split("<testcase ")
        .find(|c| c.contains("fast.zeta"))
        .unwrap();
    assert!(
        case.contains(&format!("<skipped message=\"{why}\"/>")),
        "{case}"
    );
}

/// The first screen: the figures, then the broken promises grouped by
/// problem, each linked to its deciding case's block lower down; the
/// kept ones after them.
fn broken_promises_come_first_with_their_deciding_case(report: &Report, html: &str) {
    let at = |needle: &str| {
        html.find(needle)
            .unwrap_or_else(|| panic!("no {needle:?} on the page"))
    };
    let figures = at("data-figure=\"broken\"");
    let broken = at("Broken promises (3)");
    let kept = at("Kept their promise (3)");
    let first_section = at("<section id=\"p-");
    assert!(figures < broken && broken < kept && kept < first_section);
    // Grouped: Echo's one, then Twice's two.
    let list = &html[broken..kept];
    let (echo, twice) = (
        at("href=\"#p-echo\""),
        list.find("href=\"#p-twice\"").unwrap(),
    );
    assert!(echo < kept && list[..twice].contains("right_after_all.py"));
    let quick = crate::common::submission(report, "quick.py");
    let case = quick.deciding_case.as_ref().unwrap();
    let anchor = format!("s-{}", quick.path);
    let link = format!("<a href=\"#{anchor}\">{}</a>", case.id());
    assert!(list.contains(&link), "{list}");
    assert_eq!(html.matches(&format!("id=\"{anchor}\"")).count(), 1);
    // Paths below the problem's submissions/, never the whole path.
    assert!(
        list.contains("<code>time_limit_exceeded/quick.py</code>"),
        "{list}"
    );
}

#[test]
fn a_submission_that_cannot_run_fails_nothing_by_itself() {
    let tmp = tempfile::tempdir().unwrap();
    contest(tmp.path());
    let contest = tmp.path().join("contest");
    std::fs::remove_dir_all(contest.join("refused")).unwrap();
    std::fs::write(contest.join("twice/data/secret/b.ans"), "14\n").unwrap();
    for gone in [
        "echo/submissions/wrong_answer/right_after_all.py",
        "twice/submissions/time_limit_exceeded",
    ] {
        let path = contest.join(gone);
        match path.is_dir() {
            true => std::fs::remove_dir_all(path).unwrap(),
            false => std::fs::remove_file(path).unwrap(),
        }
    }
    let (run, report) = check(tmp.path());
    assert_eq!(run.code, 0, "{}", run.all());
    let said = terminal(&run.stdout);
    assert_eq!(
        said.get("submissions could not run"),
        Some(&1),
        "{}",
        run.all()
    );
    assert_eq!(said.get("submissions broken"), Some(&0), "{}", run.all());
    assert_eq!(report.summary.submissions_skipped, 1);
}
