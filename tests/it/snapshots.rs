//! Snapshots of everything people read: the console summary, report.yaml,
//! report.html and the JUnit file, for a `check` with every kind of test-set
//! fault and a `grade` with four different verdicts. Times, memory, dates,
//! the version and temporary paths are replaced by placeholders, so a
//! snapshot changes only when the output people see changes, and that
//! change is reviewed as a diff (`cargo insta review`, or
//! `INSTA_UPDATE=always cargo test` and `git diff`).

use std::path::Path;

use crate::common::{judge, root};

/// The placeholders: anything that differs between two identical runs.
fn filters(tmp: &Path) -> Vec<(String, String)> {
    let tmp = regex_escape(&tmp.display().to_string());
    let root = regex_escape(&root().display().to_string());
    let version = regex_escape(env!("CARGO_PKG_VERSION"));
    // The command line starts with the binary's path, wherever cargo's
    // target folder is (CARGO_TARGET_DIR may put it anywhere).
    let command = format!(
        "<code>{}[^<]*</code>",
        regex_escape(env!("CARGO_BIN_EXE_judge"))
    );
    [
        (command.as_str(), "<code>[COMMAND]</code>"),
        (tmp.as_str(), "[TMP]"),
        (root.as_str(), "[ROOT]"),
        (r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", "[DATE]"),
        (version.as_str(), "[VERSION]"),
        // Where the time went: every figure is measured, and which
        // stages a run has depends on the machine (its toolchains).
        (r"(?s)\ntimings:\n.*", "\ntimings: [TIMINGS]\n"),
        (r#"(?s)<section class="timings".*?</section>"#, "[TIMINGS]"),
        (r"(?m)^time: .*$", "time: [TIMES]"),
        // YAML figures.
        (
            r"(duration_ms|time_ms|wall_ms|cpu_ms|memory_kib|jobs): [0-9.]+",
            "$1: [N]",
        ),
        (r"command: .*", "command: [COMMAND]"),
        // Each run has a cache folder of its own.
        (r"cache /tmp/[^:]*:", "cache [CACHE]:"),
        // How programs were run depends on the machine (sandbox, cgroups).
        (r"(no sandbox|sandbox|accounting): [^'<\n]*", "[RUNNER: $1]"),
        // The case chart: its scale follows the measured times, so its
        // gridlines and every coordinate do too.
        (
            r#"<line class="grid"[^>]*></line><text class="axis"[^>]*>[^<]*</text>"#,
            "",
        ),
        (
            r#" (x|y|x1|x2|y1|y2|width|height)="[0-9.]+""#,
            r#" $1="[N]""#,
        ),
        (r"= (< )?[0-9.]+ % of the limit", "= [P] of the limit"),
        // How programs were run, as a JUnit property.
        (
            r#"name="sandbox" value="[^"]*""#,
            r#"name="sandbox" value="[RUNNER]""#,
        ),
        // JUnit times.
        (r#"time="[0-9.]+""#, r#"time="[T]""#),
        (r#"timestamp="[^"]*""#, r#"timestamp="[DATE]""#),
        // Human durations and sizes on the console and in HTML cells; the
        // console pads them, so the padding goes too.
        (r" *\b\d+(\.\d+)?(µs|ms|s)\b", " [T]"),
        (r"\b\d+ KiB", "[N] KiB"),
        (r"\b\d+ jobs", "[N] jobs"),
        (r"─+", "───"),
        (r"failed +time", "failed  time"),
    ]
    .into_iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect()
}

/// The page is written without line breaks; a snapshot diff is only
/// readable with one block element a line.
fn one_element_a_line(html: &str) -> String {
    [
        "<div",
        "<tr",
        "<section",
        "<details",
        "<span class=\"l ",
        "<h2",
        "<footer",
    ]
    .iter()
    .fold(html.to_string(), |text, tag| {
        text.replace(tag, &format!("\n{tag}"))
    })
}

fn regex_escape(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let special = "\\.+*?()|[]{}^$#&-~".contains(c);
            special.then_some('\\').into_iter().chain([c])
        })
        .collect()
}

/// Asserts every rendering of one run against its snapshots.
fn assert_outputs(name: &str, stdout: &str, reports: &Path, tmp: &Path) {
    let filters = filters(tmp);
    let filters: Vec<(&str, &str)> = filters
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let read = |file: &str| std::fs::read_to_string(reports.join(file)).unwrap();
    insta::with_settings!({ filters => filters, prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!(format!("{name}-console"), stdout);
        insta::assert_snapshot!(format!("{name}-yaml"), read("report.yaml"));
        insta::assert_snapshot!(format!("{name}-junit"), read("junit.xml"));
        insta::assert_snapshot!(format!("{name}-html"), one_element_a_line(&read("report.html")));
    });
}

/// Runs judge with `args` plus a report folder and a JUnit file in a fresh
/// temporary folder, expects exit 1, and asserts every rendering.
fn snapshot_run(name: &str, args: &[&str]) {
    let tmp = tempfile::tempdir().unwrap();
    let reports = tmp.path().join("reports");
    let junit = reports.join("junit.xml");
    let mut args = args.to_vec();
    args.extend([
        "--report-dir",
        reports.to_str().unwrap(),
        "--junit",
        junit.to_str().unwrap(),
    ]);
    let run = judge(&args);
    assert_eq!(run.code, 1, "{}", run.all());
    assert_outputs(name, &run.stdout, &reports, tmp.path());
}

#[test]
fn check_of_a_faulty_test_set() {
    snapshot_run(
        "check",
        &[
            "--problems",
            "testdata/broken",
            "check",
            "mixed",
            "--jobs",
            "2",
        ],
    );
}

#[test]
fn grade_with_four_verdicts() {
    snapshot_run(
        "grade",
        &[
            "--problems",
            "testdata/grading",
            "grade",
            "verdicts",
            "testdata/submissions/snapshot/mixed.sh",
            "--sandbox",
            "off",
        ],
    );
}
