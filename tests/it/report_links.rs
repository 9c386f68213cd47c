//! The report folder as a CI artifact: `reports/` copied alone to another
//! machine must still open, on `index.html`, with every link working.
//!
//! Each test makes a small repository in a temporary folder (outside the
//! clone, so judge writes to its default `reports/` there), runs commands
//! in it, copies its `reports/` alone elsewhere and reads only the copy:
//! a link that still pointed at the repository, by an absolute path or by
//! `../..`, would be caught as dead.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::common::{Run, copy_tree, judge_in, root};
use crate::tools::tool;

/// A repository of one problem (`demo`, the grading fixture whose cases
/// the snapshot submission gets four verdicts on) and an empty
/// configuration.
fn repository() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    copy_tree(
        &root().join("testdata/grading/verdicts"),
        &tmp.path().join("problems/demo"),
    );
    std::fs::write(tmp.path().join("judge-config.yaml"), "").unwrap();
    tmp
}

fn run(repo: &Path, args: &[&str], code: i32) -> Run {
    let run = judge_in(repo, args, None);
    assert_eq!(run.code, code, "judge {args:?}: {}", run.all());
    run
}

/// Copies `<repo>/reports` alone into a fresh folder; returns both.
fn artifact(repo: &Path) -> (tempfile::TempDir, PathBuf) {
    let elsewhere = tempfile::tempdir().unwrap();
    let copy = elsewhere.path().join("artifact");
    copy_tree(&repo.join("reports"), &copy);
    (elsewhere, copy)
}

/// The values of every `attr="…"` in `page`, entities decoded.
fn attributes(page: &str, attr: &str) -> Vec<String> {
    let needle = format!(" {attr}=\"");
    page.match_indices(&needle)
        .map(|(at, _)| {
            let rest = &page[at + needle.len()..];
            let value = &rest[..rest.find('"').expect("attribute is closed")];
            value
                .replace("&quot;", "\"")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&#39;", "'")
                .replace("&amp;", "&")
        })
        .collect()
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 3 <= bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).expect("a valid percent escape"));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// Checks every `href` and `src` of the page at `page` (inside the copy
/// `top`): relative, no scheme, and resolving to a file inside the copy
/// (a fragment to an element of the page it names). Returns the files it
/// links to, relative to `top`.
fn assert_links_resolve(top: &Path, page: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(page).unwrap();
    let name = page.strip_prefix(top).unwrap().display().to_string();
    assert!(!text.contains("file://"), "{name} has a file:// URL");
    let ids: BTreeSet<String> = attributes(&text, "id").into_iter().collect();
    let mut targets = BTreeSet::new();
    let mut links = attributes(&text, "href");
    links.extend(attributes(&text, "src"));
    for link in links {
        if let Some(id) = link.strip_prefix('#') {
            assert!(ids.contains(id), "{name}: #{id} names no element");
            continue;
        }
        let scheme = link.find(':').is_some_and(|c| !link[..c].contains('/'));
        assert!(
            !scheme && !link.starts_with('/'),
            "{name}: {link} is not relative"
        );
        let (path, fragment) = link.split_once('#').unwrap_or((&link, ""));
        let mut target = page.parent().unwrap().to_path_buf();
        for part in percent_decode(path).split('/') {
            match part {
                ".." => assert!(
                    target.pop() && target.starts_with(top),
                    "{name}: {link} leaves the folder"
                ),
                "." | "" => {}
                part => target.push(part),
            }
        }
        assert!(target.is_file(), "{name}: {link} is dead in the copy");
        if !fragment.is_empty() {
            let there = std::fs::read_to_string(&target).unwrap();
            assert!(
                attributes(&there, "id").iter().any(|id| id == fragment),
                "{name}: {link}: no element #{fragment} there"
            );
        }
        targets.insert(target.strip_prefix(top).unwrap().display().to_string());
    }
    targets
}

/// The text of `markup` without its tags.
fn text_of(markup: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in markup.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// The rows of the index page's table: each report's folder and status.
fn index_rows(page: &str) -> Vec<(String, String)> {
    let body = page.split_once("<tbody>").unwrap().1;
    let body = body.split_once("</tbody>").unwrap().0;
    body.split("<tr>")
        .filter(|row| !row.is_empty())
        .map(|row| {
            let cells: Vec<String> = (row.split("<td").skip(1))
                .map(|cell| text_of(&format!("<td{cell}")))
                .collect();
            (cells[0].clone(), cells[2].clone())
        })
        .collect()
}

#[test]
fn a_reports_folder_copied_alone_has_no_dead_links() {
    let repo = repository();
    // A report another judge left, which no version can read.
    let old = repo.path().join("reports/old");
    std::fs::create_dir_all(&old).unwrap();
    std::fs::write(old.join("report.yaml"), "meta: [not a report\n").unwrap();
    run(repo.path(), &["validate"], 0);
    let check = run(repo.path(), &["check"], 0);
    let lines: Vec<&str> = check.stdout.lines().collect();
    assert!(
        lines.contains(&"index: reports/index.html"),
        "{}",
        check.all()
    );
    // Failing cases: their inputs are named in the page.
    let submission = root().join("testdata/submissions/snapshot/mixed.sh");
    let args = [
        "grade",
        "demo",
        submission.to_str().unwrap(),
        "--sandbox",
        "off",
    ];
    run(repo.path(), &args, 1);

    let (_keep, copy) = artifact(repo.path());
    let index = copy.join("index.html");
    let linked = assert_links_resolve(&copy, &index);
    // Each report's page and YAML; the unreadable one's YAML but no page.
    let mut expected = BTreeSet::from(["old/report.yaml".to_string()]);
    for folder in ["check", "validate", "grade-mixed"] {
        expected.insert(format!("{folder}/report.html"));
        expected.insert(format!("{folder}/report.yaml"));
        assert_links_resolve(&copy, &copy.join(folder).join("report.html"));
    }
    assert_eq!(linked, expected);
    let text = std::fs::read_to_string(&index).unwrap();
    // A row per report, by folder name, with its status.
    let row = |folder: &str, status: &str| (folder.to_string(), status.to_string());
    assert_eq!(
        index_rows(&text),
        [
            row("check", "PASS"),
            row("grade-mixed", "FAIL"),
            row("old", "UNREADABLE"),
            row("validate", "PASS"),
        ]
    );
    // Rows by folder name, whatever order the runs came in.
    let rows: Vec<usize> = ["check/", "grade-mixed/", "old/", "validate/"]
        .iter()
        .map(|f| text.find(&format!("href=\"{f}")).unwrap())
        .collect();
    assert!(rows.is_sorted(), "{rows:?}");
    // The grade's failures name their input as text: each failing case's
    // input, as its report has it.
    let grade = std::fs::read_to_string(copy.join("grade-mixed/report.html")).unwrap();
    let named: Vec<String> = (grade.split("<div class=\"path\">input <code>").skip(1))
        .map(|rest| rest.split_once("</code>").unwrap().0.to_string())
        .collect();
    let report = crate::common::read_report(&copy.join("grade-mixed"));
    let inputs: Vec<String> = (report.problems[0].cases.iter())
        .filter(|c| !c.verdict.is_pass())
        .map(|c| c.input.as_ref().unwrap().path.clone())
        .collect();
    assert_eq!(inputs.len(), 3, "{inputs:?}");
    assert!(
        inputs.iter().all(|i| i.starts_with("problems/demo/cases/")),
        "{inputs:?}"
    );
    assert_eq!(named, inputs);
}

#[test]
fn a_report_folder_outside_reports_makes_no_index() {
    let repo = repository();
    let elsewhere = tempfile::tempdir().unwrap();
    let dir = elsewhere.path().join("r");
    run(
        repo.path(),
        &["validate", "--report-dir", dir.to_str().unwrap()],
        0,
    );
    assert!(dir.join("report.html").is_file());
    assert!(!elsewhere.path().join("index.html").exists());
    assert!(!repo.path().join("reports/index.html").exists());
    // A named folder inside reports/ is listed like the default ones.
    run(
        repo.path(),
        &["validate", "--report-dir", "reports/nightly"],
        0,
    );
    let index = std::fs::read_to_string(repo.path().join("reports/index.html")).unwrap();
    let links = attributes(&index, "href");
    assert!(
        links.iter().any(|l| l == "nightly/report.html"),
        "{links:?}"
    );
}

#[test]
fn chromium_opens_the_copied_index() {
    let test = "report_links::chromium_opens_the_copied_index";
    let Some(chromium) = tool("chromium", test) else {
        return;
    };
    let repo = repository();
    run(repo.path(), &["validate"], 0);
    run(repo.path(), &["check"], 0);
    let (keep, copy) = artifact(repo.path());
    let url = format!("file://{}", copy.join("index.html").display());
    let profile = keep.path().join("profile");
    let headless = |extra: &[&str]| crate::browser::headless(&chromium, &profile, extra, &url);
    // The DOM the browser built holds a link to each report.
    let dom = headless(&["--dump-dom"]);
    let links = attributes(&dom, "href");
    for folder in ["check", "validate"] {
        let page = format!("{folder}/report.html");
        assert!(links.contains(&page), "{page}: {links:?}");
    }
    // And it draws the page: a screenshot with content, kept under
    // target/tmp for a person to look at.
    let png = keep.path().join("index.png");
    headless(&[
        &format!("--screenshot={}", png.display()),
        "--window-size=1200,900",
    ]);
    let bytes = std::fs::read(&png).expect("chromium wrote the screenshot");
    assert!(bytes.starts_with(b"\x89PNG"), "not a PNG");
    assert!(
        bytes.len() > 10_000,
        "a {} byte screenshot is blank",
        bytes.len()
    );
    let _ = std::fs::copy(
        &png,
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-index.png"),
    );
}
