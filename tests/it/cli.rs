//! End-to-end tests of the `judge` command line on the real test set and on
//! broken fixtures under `testdata/broken`.

use std::collections::BTreeMap;

use crate::common::{copy_tree, judge, judge_in, read_report, root, without_timings};
use judge::report::Stop;
use judge::verdict::Verdict;

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn s(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn check_passes_on_the_repository_and_writes_reports_that_parse_back() {
    let out = tmp();
    // Expected-verdict submissions are graded by `make check` itself and by
    // tests/validate.rs; here only the reference check.
    let run = judge(&["check", "--no-submissions", "--report-dir", s(out.path())]);
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(out.path());
    assert!(report.summary.cases > 0);
    assert_eq!(report.summary.failed, 0);
    assert_eq!(report.summary.passed, report.summary.cases);
    // The table's header, and its total row carries the report's counts.
    let rows: Vec<Vec<&str>> = (run.stdout.lines())
        .map(|l| l.split_whitespace().collect())
        .collect();
    let header = ["problem", "cases", "passed", "failed", "time"];
    assert!(rows.iter().any(|r| r[..] == header), "{}", run.all());
    let total = (rows.iter())
        .find(|r| r.first() == Some(&"total"))
        .unwrap_or_else(|| panic!("no total row\n{}", run.all()));
    let counts: Vec<usize> = total[1..4].iter().map(|n| n.parse().unwrap()).collect();
    let summary = &report.summary;
    assert_eq!(counts, [summary.cases, summary.passed, summary.failed]);
    let html = std::fs::read_to_string(out.path().join("report.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    let external = external_references(&html);
    assert!(
        external.is_empty(),
        "HTML must be self-contained: {external:?}"
    );
}

/// The `href`, `src` and CSS `url(…)` targets of `html` that name another
/// host (a scheme or a `//` address): what keeps a page from being
/// self-contained.
fn external_references(html: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for start in [" href=\"", " src=\"", "url("] {
        for (at, _) in html.match_indices(start) {
            let rest = &html[at + start.len()..];
            let end = rest.find(['"', ')']).unwrap_or(rest.len());
            targets.push(rest[..end].trim_matches(['\'', '"']).to_string());
        }
    }
    let remote = |t: &String| {
        let scheme = t.split_once(':').is_some_and(|(s, _)| {
            !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
        });
        (scheme && !t.starts_with("data:")) || t.starts_with("//")
    };
    targets.retain(remote);
    targets
}

/// A result line of `judge regen`: what happened to the file (`changed`,
/// `created`, `failed`, …), its path, and for a changed file the lines
/// added and removed.
#[derive(Debug, PartialEq)]
pub(crate) struct Regen {
    pub status: String,
    pub path: String,
    pub diffstat: Option<(usize, usize)>,
}

/// Every result line of a `judge regen` output (a status word, three
/// spaces and more, a path), in order.
pub(crate) fn regen_lines(stdout: &str) -> Vec<Regen> {
    let mut found = Vec::new();
    for line in stdout.lines() {
        let Some((status, rest)) = line.split_once("   ") else {
            continue;
        };
        if status.is_empty() || !status.chars().all(|c| c.is_ascii_lowercase()) {
            continue;
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        let figure =
            |w: Option<&&str>, sign: char| -> Option<usize> { w?.strip_prefix(sign)?.parse().ok() };
        let diffstat = figure(words.get(1), '+').zip(figure(words.get(2), '-'));
        found.push(Regen {
            status: status.to_string(),
            path: words[0].to_string(),
            diffstat,
        });
    }
    found
}

/// The (status, path) of each `judge regen` result line.
pub(crate) fn regen_results(stdout: &str) -> Vec<(String, String)> {
    (regen_lines(stdout).into_iter())
        .map(|r| (r.status, r.path))
        .collect()
}

/// A located message, `path:line:column: message`, taken apart.
#[derive(Debug, PartialEq)]
pub(crate) struct Located {
    pub path: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// `text` (one line, maybe after a prefix such as `error: `) as a located
/// message: the first `:LINE:COLUMN: ` in it ends the path.
pub(crate) fn located(text: &str) -> Option<Located> {
    let bytes = text.as_bytes();
    for (at, _) in text.match_indices(':') {
        let rest = &text[at + 1..];
        let Some((line, after)) = rest.split_once(':') else {
            continue;
        };
        let Some((column, message)) = after.split_once(": ") else {
            continue;
        };
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if at > 0 && bytes[at - 1] != b' ' && digits(line) && digits(column) {
            let path = &text[..at];
            let path = path.rsplit_once(": ").map_or(path, |(_, p)| p);
            return Some(Located {
                path: path.to_string(),
                line: line.parse().ok()?,
                column: column.parse().ok()?,
                message: message.to_string(),
            });
        }
    }
    None
}

/// Every file under `dir` (relative path → bytes).
pub(crate) fn snapshot(dir: &std::path::Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).unwrap().display().to_string();
            (rel, std::fs::read(e.path()).unwrap())
        })
        .collect()
}

#[test]
fn a_corrupted_expected_output_fails_check_and_regen_restores_exactly_it() {
    let dir = tmp();
    let problems = dir.path().join("problems");
    copy_tree(
        &root().join("problems/four-in-a-row"),
        &problems.join("four-in-a-row"),
    );
    let target = problems.join("four-in-a-row/cases/edge/horizontal-line-of-7.out");
    let original = std::fs::read_to_string(&target).unwrap();
    std::fs::write(&target, original.replace("XXXXXXX", "XXXxXXX")).unwrap();

    let reports = dir.path().join("reports");
    let run = judge_in(
        dir.path(),
        &["check", "--no-submissions", "--report-dir", s(&reports)],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.all());
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(
        lines.contains(&"WA four-in-a-row edge/horizontal-line-of-7  wrong answer"),
        "{}",
        run.all()
    );
    let report = read_report(&reports);
    let failed: Vec<_> = report.problems[0]
        .cases
        .iter()
        .filter(|c| c.verdict != Verdict::Accepted)
        .collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0].id(), "edge/horizontal-line-of-7");
    assert_eq!(failed[0].verdict, Verdict::WrongAnswer);
    // The diff changes exactly the corrupted line back.
    let diff = failed[0].diff.as_deref().unwrap();
    let changes: Vec<&str> = (diff.lines())
        .filter(|l| l.starts_with(['-', '+']) && !l.starts_with("---") && !l.starts_with("+++"))
        .collect();
    assert_eq!(changes, ["-XXXxXXX", "+XXXXXXX"], "{diff}");
    // The console shows that diff whole, under the case.
    let shown: String = diff.lines().map(|l| format!("    {l}\n")).collect();
    assert!(run.stdout.contains(&shown), "{}", run.all());
    // The page has one failure, that case, with the same two lines.
    let html = std::fs::read_to_string(reports.join("report.html")).unwrap();
    let failures = failures(&html);
    let ids: Vec<&str> = failures.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ids, ["c-four-in-a-row-edge/horizontal-line-of-7"]);
    let body = &failures[0].1;
    for line in [
        "<span class=\"l del\">-<em>XXXxXXX</em></span>",
        "<span class=\"l ins\">+<em>XXXXXXX</em></span>",
    ] {
        assert_eq!(body.matches(line).count(), 1, "{line} in {body}");
    }

    let run = judge_in(dir.path(), &["regen"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    assert_eq!(
        regen_lines(&run.stdout),
        [Regen {
            status: "changed".into(),
            path: "four-in-a-row/edge/horizontal-line-of-7.out".into(),
            diffstat: Some((1, 1)),
        }],
        "{}",
        run.all()
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), original);

    // Again: nothing to do, nothing created or rewritten.
    let before = snapshot(dir.path());
    let run = judge_in(dir.path(), &["regen"], None);
    assert_eq!(run.code, 0);
    assert_eq!(regen_lines(&run.stdout), [], "{}", run.all());
    assert_eq!(snapshot(dir.path()), before);
}

/// The failure sections of a report page (`<div class="failure" id=…>`):
/// each one's id and its markup up to the next one.
fn failures(html: &str) -> Vec<(String, String)> {
    let start = "<div class=\"failure\" id=\"";
    let mut parts: Vec<&str> = html.split(start).skip(1).collect();
    if let Some(last) = parts.last_mut() {
        *last = last.split("<details").next().unwrap();
    }
    (parts.into_iter())
        .map(|p| {
            let (id, body) = p.split_once('"').unwrap();
            (id.to_string(), body.to_string())
        })
        .collect()
}

#[test]
fn solve_prints_the_sample_output_byte_for_byte() {
    let case = root().join("problems/four-in-a-row/cases/sample/1");
    let input = std::fs::read(case.with_extension("in")).unwrap();
    let run = judge_in(&root(), &["solve", "four-in-a-row"], Some(&input));
    assert_eq!(run.code, 0, "{}", run.all());
    assert_eq!(
        run.stdout.as_bytes(),
        std::fs::read(case.with_extension("out")).unwrap()
    );
}

#[test]
fn solve_reports_bad_input_with_line_and_column() {
    let run = judge_in(
        &root(),
        &["solve", "four-in-a-row"],
        Some(b"1\nGame #1: 18\n"),
    );
    assert_eq!(run.code, 1);
    let place = run.stderr.lines().next().and_then(located);
    let place = place.unwrap_or_else(|| panic!("not located: {}", run.all()));
    assert_eq!(
        (place.path.as_str(), place.line, place.column),
        ("<stdin>", 2, 11)
    );
    // The 8 of "18" is the move out of range.
    assert_eq!(place.message, "expected a slot digit 1 to 7, found '8'");
    assert!(run.stdout.is_empty());
}

#[test]
fn broken_problem_folders_are_named_and_the_healthy_ones_still_run() {
    let out = tmp();
    let run = judge(&[
        "--problems",
        "testdata/broken",
        "check",
        "--report-dir",
        s(out.path()),
    ]);
    assert_eq!(run.code, 2, "{}", run.all());
    let report = read_report(out.path());
    assert_eq!(report.errors.len(), 3);
    // Each error is placed in its problem.yaml, and each is on the
    // console as it is in the report.
    let places: Vec<(String, usize, usize)> = (report.errors.iter())
        .map(|e| located(e).unwrap_or_else(|| panic!("not located: {e}")))
        .map(|l| (l.path, l.line, l.column))
        .collect();
    let at = |p: &str, l, c| (format!("testdata/broken/{p}/problem.yaml"), l, c);
    assert_eq!(
        places,
        [
            at("bad-yaml", 3, 10),
            at("unknown-key", 3, 1),
            at("unknown-solver", 1, 1)
        ]
    );
    let shown: Vec<&str> = (run.stdout.lines())
        .filter_map(|l| l.strip_prefix("error: "))
        .collect();
    assert_eq!(shown, report.errors, "{}", run.all());
    // What is wrong: the misspelt key, the solver id that names none.
    let said: Vec<String> = report
        .errors
        .iter()
        .map(|e| located(e).unwrap().message)
        .collect();
    assert_eq!(
        said[1].split_once(", ").map(|(f, _)| f),
        Some("unknown field `comapre`")
    );
    assert_eq!(
        said[2].split_once(" (").map(|(f, _)| f),
        Some("unknown solver id \"no-such-solver\"")
    );
    assert_eq!(report.problems.len(), 1);
    assert_eq!(
        report.problems[0].cases.len(),
        6,
        "every case of the healthy problem ran"
    );
}

#[test]
fn each_test_set_fault_gets_its_own_verdict() {
    let out = tmp();
    let run = judge(&[
        "--problems",
        "testdata/broken",
        "check",
        "mixed",
        "--report-dir",
        s(out.path()),
    ]);
    assert_eq!(run.code, 1, "{}", run.all());
    let report = read_report(out.path());
    let verdict = |id: &str| {
        report.problems[0]
            .cases
            .iter()
            .find(|c| c.id() == id)
            .unwrap_or_else(|| panic!("no case {id}"))
            .clone()
    };
    assert_eq!(verdict("a/good").verdict, Verdict::Accepted);
    assert_eq!(verdict("a/wrong").verdict, Verdict::WrongAnswer);
    assert_eq!(verdict("b/no-answer").verdict, Verdict::MissingAnswer);
    assert_eq!(
        verdict("b/trailing-space").verdict,
        Verdict::PresentationError
    );
    // The input faults, placed in their files.
    for (id, line, column, error) in [
        (
            "b/bad-input",
            3,
            11,
            "expected a slot digit 1 to 7, found '9'",
        ),
        ("b/not-utf8", 3, 12, "the input is not valid UTF-8"),
    ] {
        let case = verdict(id);
        assert_eq!(case.verdict, Verdict::BadInput);
        assert_eq!(
            case.stop,
            Some(Stop::Input {
                error: format!("{line}:{column}: {error}")
            }),
            "{id}"
        );
        let place = located(case.message.as_deref().unwrap()).unwrap();
        let file = format!("testdata/broken/mixed/cases/{id}.in");
        assert_eq!(
            (place.path, place.line, place.column, place.message.as_str()),
            (file, line, column, error)
        );
    }
}

#[test]
fn an_unreadable_input_is_a_judge_error_and_the_rest_still_runs() {
    let dir = tmp();
    copy_tree(
        &root().join("testdata/broken/mixed"),
        &dir.path().join("mixed"),
    );
    std::os::unix::fs::symlink("nowhere.in", dir.path().join("mixed/cases/a/dangling.in")).unwrap();
    let out = dir.path().join("reports");
    let run = judge(&[
        "--problems",
        s(dir.path()),
        "check",
        "--report-dir",
        s(&out),
    ]);
    assert_eq!(run.code, 1, "{}", run.all());
    let report = read_report(&out);
    let cases = &report.problems[0].cases;
    assert_eq!(cases.len(), 7);
    let dangling = cases.iter().find(|c| c.id() == "a/dangling").unwrap();
    assert_eq!(dangling.verdict, Verdict::JudgeError);
    // Not run: its input could not be read (the link leads nowhere).
    let input = dir.path().join("mixed/cases/a/dangling.in");
    let Some(Stop::NotRun { why }) = &dangling.stop else {
        panic!("{dangling:?}");
    };
    let (path, error) = why.split_once(": ").unwrap();
    assert_eq!(path, s(&input), "{why}");
    let missing = std::io::Error::from_raw_os_error(libc::ENOENT).to_string();
    assert!(error.ends_with(&missing), "{why}");
}

#[test]
fn regen_keeps_the_old_answer_when_the_solver_rejects_the_input() {
    let dir = tmp();
    copy_tree(
        &root().join("testdata/broken/mixed"),
        &dir.path().join("mixed"),
    );
    let kept = dir.path().join("mixed/cases/b/bad-input.out");
    let before = std::fs::read(&kept).unwrap();
    let created = dir.path().join("mixed/cases/b/no-answer.out");
    assert!(!created.exists());
    let run = judge(&["--problems", s(dir.path()), "regen", "mixed"]);
    assert_eq!(run.code, 1, "{}", run.all());
    let result = |status: &str, path: &str| (status.to_string(), format!("mixed/{path}"));
    assert_eq!(
        regen_results(&run.stdout),
        [
            result("changed", "a/wrong.out"),
            result("failed", "b/bad-input.out"),
            result("created", "b/no-answer.out"),
            result("failed", "b/not-utf8.out"),
            result("changed", "b/trailing-space.out"),
        ],
        "{}",
        run.all()
    );
    assert_eq!(std::fs::read(&kept).unwrap(), before);
    assert!(created.is_file());
    let leftovers: Vec<_> = walk(dir.path())
        .into_iter()
        .filter(|p| {
            let name = std::path::Path::new(p).file_name().unwrap_or_default();
            name.to_string_lossy().starts_with(".judge-")
        })
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

#[test]
fn regen_dry_run_writes_nothing() {
    let dir = tmp();
    copy_tree(
        &root().join("testdata/broken/mixed"),
        &dir.path().join("mixed"),
    );
    let before = walk(dir.path());
    let wrong = std::fs::read(dir.path().join("mixed/cases/a/wrong.out")).unwrap();
    let contents = snapshot(dir.path());
    let run = judge(&["--problems", s(dir.path()), "regen", "--dry-run", "mixed"]);
    assert_eq!(
        run.stdout.lines().last(),
        Some(
            "1 would be created, 2 would be changed, 1 unchanged, 2 failed (dry run: nothing written)"
        ),
        "{}",
        run.all()
    );
    assert_eq!(walk(dir.path()), before);
    assert_eq!(snapshot(dir.path()), contents);
    assert_eq!(
        std::fs::read(dir.path().join("mixed/cases/a/wrong.out")).unwrap(),
        wrong
    );
}

#[test]
fn report_content_does_not_depend_on_the_thread_count() {
    let (one, eight) = (tmp(), tmp());
    let a = judge(&[
        "check",
        "--no-submissions",
        "--jobs",
        "1",
        "--report-dir",
        s(one.path()),
    ]);
    let b = judge(&[
        "check",
        "--no-submissions",
        "--jobs",
        "8",
        "--report-dir",
        s(eight.path()),
    ]);
    assert_eq!((a.code, b.code), (0, 0));
    let (ra, rb) = (read_report(one.path()), read_report(eight.path()));
    assert_eq!((ra.meta.jobs, rb.meta.jobs), (1, 8));
    assert_eq!(without_timings(ra), without_timings(rb));
}

#[test]
fn unknown_problem_names_are_usage_errors() {
    let run = judge(&["check", "no-such-problem"]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr.lines().collect::<Vec<_>>(),
        ["error: unknown problem(s): no-such-problem (look in problems)"],
        "{}",
        run.all()
    );
}

#[test]
fn list_shows_groups_and_counts() {
    let run = judge(&["list"]);
    assert_eq!(run.code, 0);
    let header: Vec<&str> = run
        .stdout
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(
        header,
        ["problem", "reference", "compare", "cases", "groups"]
    );
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("four-in-a-row "))
        .unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(
        words[..3],
        ["four-in-a-row", "four-in-a-row", "exact"],
        "{line}"
    );
    // The groups with their counts, which add up to the cases.
    let groups = words[4..].join(" ");
    let groups: Vec<&str> = groups.split(", ").collect();
    assert!(groups.contains(&"sample 1"), "{line}");
    let counted: usize = (groups.iter())
        .map(|g| g.rsplit_once(' ').unwrap().1.parse::<usize>().unwrap())
        .sum();
    assert_eq!(words[3].parse::<usize>().unwrap(), counted, "{line}");
}

fn walk(dir: &std::path::Path) -> Vec<String> {
    let mut out: Vec<String> = walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .map(|e| e.path().display().to_string())
        .collect();
    out.sort();
    out
}

#[test]
fn grade_with_cmd_needs_no_submission_file() {
    let out = tmp();
    let run = judge(&[
        "--problems",
        "testdata/grading",
        "grade",
        "tiny",
        "--cmd",
        "cat",
        "--sandbox",
        "off",
        "--report-dir",
        s(out.path()),
    ]);
    // `cat` echoes the input, which is not the answer: a verdict, not a
    // usage error.
    assert_eq!(run.code, 1, "{}", run.all());
    let report = read_report(out.path());
    assert_eq!(report.problems[0].subject, "cat");
    assert_eq!(report.problems[0].cases[0].verdict, Verdict::WrongAnswer);
    let run = judge(&["--problems", "testdata/grading", "grade", "tiny"]);
    assert_eq!(run.code, 2, "no submission and no --cmd: {}", run.all());
}

#[test]
fn solve_and_gen_with_a_solver_id_work_outside_the_repository() {
    let elsewhere = tmp();
    let input = std::fs::read(root().join("problems/four-in-a-row/cases/sample/1.in")).unwrap();
    let expected =
        std::fs::read_to_string(root().join("problems/four-in-a-row/cases/sample/1.out")).unwrap();
    let run = judge_in(elsewhere.path(), &["solve", "four-in-a-row"], Some(&input));
    assert_eq!(run.code, 0, "{}", run.all());
    assert_eq!(run.stdout, expected);
    let run = judge_in(
        elsewhere.path(),
        &["gen", "sudoku-checker", "--size", "1"],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(!run.stdout.is_empty());
}

#[test]
fn every_reporting_command_writes_junit_when_asked() {
    let out = tmp();
    for command in ["validate", "check"] {
        let junit = out.path().join(format!("{command}.xml"));
        let run = judge(
            &[
                command,
                "four-in-a-row",
                "--no-submissions",
                "--report-dir",
                s(&out.path().join(command)),
                "--junit",
                s(&junit),
            ]
            .into_iter()
            .filter(|a| command == "check" || *a != "--no-submissions")
            .collect::<Vec<_>>(),
        );
        assert_eq!(run.code, 0, "{}", run.all());
        let xml = std::fs::read_to_string(&junit).unwrap();
        let suites = elements(&xml, "testsuite");
        let names: Vec<&str> = suites.iter().map(|s| s["name"].as_str()).collect();
        assert_eq!(names, ["four-in-a-row"], "{xml}");
        // One test per case of the report, none failed.
        let report = read_report(&out.path().join(command));
        let tests = elements(&xml, "testcase").len();
        assert_eq!(tests, report.summary.cases, "{xml}");
        assert_eq!(suites[0]["tests"], tests.to_string());
        assert_eq!(suites[0]["failures"], "0");
    }
}

#[test]
fn a_folder_with_no_problem_fails_and_names_the_data_without_problem_yaml() {
    let dir = tmp();
    // A public data release: test data, no problem.yaml.
    std::fs::create_dir_all(dir.path().join("addition/data/secret")).unwrap();
    std::fs::create_dir_all(dir.path().join("notes")).unwrap();
    let looked = "judge looks for folders holding problem.yaml (judge's layout with cases/, or an ICPC package with data/)";
    for command in ["check", "validate"] {
        let run = judge(&["--problems", s(dir.path()), command]);
        assert_eq!(run.code, 2, "{command}: {}", run.all());
        let said = format!(
            "error: no problem under {}: {looked}; addition holds data/ but no problem.yaml",
            s(dir.path())
        );
        assert_eq!(
            run.stderr.lines().collect::<Vec<_>>(),
            [said],
            "{}",
            run.all()
        );
    }
    // An empty folder fails too, without the hint.
    let empty = tmp();
    let run = judge(&["--problems", s(empty.path()), "check"]);
    assert_eq!(run.code, 2, "{}", run.all());
    let said = format!("error: no problem under {}: {looked}", s(empty.path()));
    assert_eq!(
        run.stderr.lines().collect::<Vec<_>>(),
        [said],
        "{}",
        run.all()
    );
}

/// The attributes of every `<name …>` element of `xml`, in order.
fn elements(xml: &str, name: &str) -> Vec<BTreeMap<String, String>> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut found = Vec::new();
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(e) | Event::Empty(e) if e.name().as_ref() == name.as_bytes() => {
                let attributes = (e.attributes().flatten())
                    .map(|a| {
                        let key = String::from_utf8_lossy(a.key.as_ref()).into_owned();
                        (key, String::from_utf8_lossy(&a.value).into_owned())
                    })
                    .collect();
                found.push(attributes);
            }
            Event::Eof => break,
            _ => {}
        }
    }
    found
}
