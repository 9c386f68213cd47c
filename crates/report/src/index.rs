//! `reports/index.html`: one page listing every report folder under the
//! repository's `reports/`, so the latest `check`, `validate` and each
//! `grade` are one click away (and a CI artifact of `reports/` opens on
//! it).
//!
//! The page is rebuilt from what is on disk after every report is
//! written, never updated in place: it cannot drift from the folders, and
//! a report deleted by hand drops out at the next run. Each
//! `report.yaml` is read only for the few fields the page shows, so a
//! report of another judge version still gets its row, and one that does
//! not parse gets a row saying why instead of stopping the command.
//!
//! Like `report.html`, the page is self-contained (the same inline CSS,
//! no scripts) and links only relatively, to files inside the folder it
//! lists, so it works wherever that folder is copied.

use std::path::{Path, PathBuf};

use maud::{DOCTYPE, Markup, PreEscaped, html};
use serde::Deserialize;
use serde::de::IgnoredAny;

use super::console::human_ms;
use super::{Status, Summary};

/// The index's file name in the reports folder.
pub const FILE: &str = "index.html";

/// One sub-folder of the reports folder that holds a `report.yaml`.
#[derive(Debug)]
pub struct Entry {
    /// The folder's name (`check`, `grade-mixed`), which names the row.
    pub folder: String,
    /// Whether a `report.html` sits next to the YAML (linked only then).
    pub html: bool,
    pub state: State,
}

/// What could be read of an entry's `report.yaml`.
#[derive(Debug)]
pub enum State {
    Read(Box<Head>),
    /// Why not: the first line of the parser's or the file system's
    /// message.
    Unreadable(String),
}

/// The part of a `report.yaml` the index shows. Unknown fields are
/// ignored and the kind is free text, so reports of other judge versions
/// parse as long as these few fields mean what they meant.
#[derive(Debug, Deserialize)]
// What parse errors say was expected (not this type's name).
#[serde(expecting = "a judge report (meta, summary, problems)")]
pub struct Head {
    meta: HeadMeta,
    summary: HeadSummary,
    #[serde(default)]
    errors: Vec<IgnoredAny>,
    #[serde(default)]
    submissions: Vec<HeadSubmission>,
}

#[derive(Debug, Deserialize)]
#[serde(expecting = "a report's meta (kind, started_at, …)")]
struct HeadMeta {
    kind: String,
    #[serde(default)]
    version: String,
    #[serde(default)]
    started_at: String,
    #[serde(default)]
    duration_ms: f64,
}

#[derive(Debug, Deserialize)]
#[serde(expecting = "a report's summary (cases, passed, failed, …)")]
struct HeadSummary {
    cases: usize,
    passed: usize,
    failed: usize,
    #[serde(default)]
    issues: usize,
    #[serde(default)]
    submissions_failed: usize,
}

#[derive(Debug, Deserialize)]
#[serde(expecting = "a submission's record (ok, …)")]
struct HeadSubmission {
    ok: bool,
    #[serde(default)]
    skipped: Option<IgnoredAny>,
}

impl Head {
    /// By the same rule as [`crate::Report::status`].
    fn status(&self) -> Status {
        let s = &self.summary;
        let summary = Summary {
            cases: s.cases,
            passed: s.passed,
            failed: s.failed,
            issues: s.issues,
            submissions_failed: s.submissions_failed,
            ..Summary::default()
        };
        Status::of(&summary, self.errors.len())
    }

    /// Submissions that kept their promise, broke it, and were skipped.
    fn submission_counts(&self) -> (usize, usize, usize) {
        let skipped = self.submissions.iter().filter(|s| s.skipped.is_some());
        let judged = self.submissions.iter().filter(|s| s.skipped.is_none());
        let kept = judged.clone().filter(|s| s.ok).count();
        (kept, judged.count() - kept, skipped.count())
    }
}

/// Every sub-folder of `reports` with a `report.yaml`, by folder name: a
/// stable order, so each report keeps its row from one run to the next
/// (the dates say which is newest).
pub fn scan(reports: &Path) -> std::io::Result<Vec<Entry>> {
    let mut entries = Vec::new();
    for dir in std::fs::read_dir(reports)?.flatten() {
        let yaml = dir.path().join("report.yaml");
        if !yaml.is_file() {
            continue;
        }
        let Some(folder) = dir.file_name().to_str().map(str::to_string) else {
            // No link can name it reliably; a row without links would
            // only puzzle.
            continue;
        };
        let state = match std::fs::read_to_string(&yaml) {
            Ok(text) => match serde_yaml::from_str::<Head>(&text) {
                Ok(head) => State::Read(Box::new(head)),
                Err(e) => State::Unreadable(first_line(&e.to_string())),
            },
            Err(e) => State::Unreadable(first_line(&e.to_string())),
        };
        let html = dir.path().join("report.html").is_file();
        entries.push(Entry {
            folder,
            html,
            state,
        });
    }
    entries.sort_by(|a, b| a.folder.cmp(&b.folder));
    Ok(entries)
}

/// Rebuilds `reports/index.html` from the folders there, atomically (a
/// reader never sees half a page); returns its path.
pub fn write(reports: &Path) -> crate::error::Result<PathBuf> {
    use crate::error::Error;
    let entries = scan(reports).map_err(Error::io(reports, "cannot read the reports folder"))?;
    let now = humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string();
    let path = reports.join(FILE);
    crate::fsutil::write_atomic(&path, render(&entries, &now).as_bytes())
        .map_err(Error::io(&path, "cannot write"))?;
    Ok(path)
}

fn first_line(text: &str) -> String {
    super::html_bits::first_line(text)
}

/// A folder name as one URL path segment: everything but unreserved
/// characters percent-encoded, so a submission called `a b#2` still
/// makes a link that resolves.
pub fn url_segment(name: &str) -> String {
    name.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// `2026-01-02T03:04:05Z` as `2026-01-02 03:04:05 UTC`; anything else as
/// it is.
fn date(rfc3339: &str) -> String {
    match rfc3339.strip_suffix('Z') {
        Some(rest) if rest.len() == 19 => format!("{} UTC", rest.replacen('T', " ", 1)),
        _ => rfc3339.to_string(),
    }
}

const CSS: &str = r#"
td a { color: #0550ae; text-decoration: none; }
td a:hover { text-decoration: underline; }
td.folder a { font-weight: 600; }
td.files a { margin-right: 10px; }
thead tr.group th { padding-bottom: 0; border-bottom: 0; }
thead tr.group th.num { text-align: center; border-bottom: 1px solid var(--line); }
td.date { white-space: nowrap; font-variant-numeric: tabular-nums; }
td.why { color: var(--muted); font-family: ui-monospace,SFMono-Regular,Menlo,monospace; font-size: 12px; }
td .bad { color: var(--bad); font-weight: 650; }
td .none { color: var(--muted); }
.old { color: var(--muted); font-size: 11px; }
"#;

/// The page for `entries`, written at `now` (RFC 3339). Pure, so it can
/// be tested without a file system.
pub fn render(entries: &[Entry], now: &str) -> String {
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { "judge reports" }
                style { (PreEscaped(super::html::CSS)) (PreEscaped(CSS)) }
            }
            body { main {
                h1 { "judge reports" }
                div.meta { (entries.len()) " report" @if entries.len() != 1 { "s" }
                    ", by folder name · index written " (date(now)) }
                @if entries.is_empty() {
                    div.notes { "No report folder holds a report.yaml yet." }
                } @else {
                    div.summary { table {
                        thead {
                            tr.group { th colspan="4" {} th.num colspan="2" { "cases" }
                                th.num colspan="2" { "submissions" } th colspan="2" {} }
                            tr { th { "report" } th { "kind" } th { "status" } th { "started" }
                                th.num { "passed" } th.num { "failed" } th.num { "kept" } th.num { "broken" }
                                th.num { "duration" } th { "files" } }
                        }
                        tbody { @for e in entries { (row(e)) } }
                    } }
                }
                footer { "Rebuilt by judge " (env!("CARGO_PKG_VERSION"))
                    " after every report it writes into this folder. Links are relative: copy the folder anywhere." }
            } }
        }
    };
    page.into_string()
}

fn row(e: &Entry) -> Markup {
    let dir = url_segment(&e.folder);
    let files = html! {
        td.files {
            @if e.html { a href={ (dir) "/report.html" } { "html" } }
            a href={ (dir) "/report.yaml" } { "yaml" }
        }
    };
    let name = html! {
        td.folder { @if e.html { a href={ (dir) "/report.html" } { (e.folder) } } @else { (e.folder) } }
    };
    match &e.state {
        State::Unreadable(why) => html! {
            tr { (name) td { "—" } td { span.badge.v-warn { "UNREADABLE" } }
                td.why colspan="6" { (why) } (files) }
        },
        State::Read(head) => {
            let (kept, broken, skipped) = head.submission_counts();
            let s = &head.summary;
            html! {
                tr {
                    (name)
                    td { (head.meta.kind)
                        @if !head.meta.version.is_empty() && head.meta.version != env!("CARGO_PKG_VERSION") {
                            " " span.old { "judge " (head.meta.version) } } }
                    td { (status_badge(head.status())) }
                    td.date { (date(&head.meta.started_at)) }
                    td.num { (s.passed) " of " (s.cases) }
                    td.num { @if s.failed > 0 { span.bad { (s.failed) } } @else { (s.failed) } }
                    @if head.submissions.is_empty() {
                        td.num { span.none { "—" } } td.num { span.none { "—" } }
                    } @else {
                        td.num { (kept) @if skipped > 0 { " " span.cached { "(" (skipped) " skipped)" } } }
                        td.num { @if broken > 0 { span.bad { (broken) } } @else { (broken) } }
                    }
                    td.num { (human_ms(head.meta.duration_ms)) }
                    (files)
                }
            }
        }
    }
}

/// The badges of `report.html`'s title, and one for a configuration error.
fn status_badge(status: Status) -> Markup {
    match status {
        Status::Passed => html! { span.badge.v-ok { "PASS" } },
        Status::Failed => html! { span.badge.v-bad { "FAIL" } },
        Status::ConfigError => {
            html! { span.badge.v-bad title="problem folders that did not load" { "CONFIG ERROR" } }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folder_names_become_one_url_segment() {
        assert_eq!(url_segment("grade-sol_1.x~"), "grade-sol_1.x~");
        assert_eq!(url_segment("grade-a b#2?%"), "grade-a%20b%232%3F%25");
        assert_eq!(url_segment("grade-é"), "grade-%C3%A9");
    }

    #[test]
    fn dates_read_as_utc_and_odd_ones_stay() {
        assert_eq!(date("2026-01-02T03:04:05Z"), "2026-01-02 03:04:05 UTC");
        assert_eq!(date("yesterday"), "yesterday");
    }

    #[test]
    fn broken_and_foreign_reports_get_rows_in_folder_order() {
        let dir = tempfile::tempdir().unwrap();
        let put = |folder: &str, text: &str| {
            std::fs::create_dir_all(dir.path().join(folder)).unwrap();
            std::fs::write(dir.path().join(folder).join("report.yaml"), text).unwrap();
        };
        // A later judge: a new kind and fields this one does not know.
        put(
            "validate",
            "meta: {kind: fuzz, version: 9.0.0, started_at: '2030-01-01T00:00:00Z', \
             duration_ms: 12, new_field: 1}\nsummary: {cases: 3, passed: 3, failed: 0, \
             verdicts: {XYZ: 3}, submissions_failed: 1}\nproblems: []\nsubmissions: [{ok: true}, {ok: false}, \
             {ok: true, skipped: no java}]\n",
        );
        put("check", "meta: [this is not a report\n");
        std::fs::create_dir_all(dir.path().join("empty")).unwrap();
        let entries = scan(dir.path()).unwrap();
        let names: Vec<&str> = entries.iter().map(|e| e.folder.as_str()).collect();
        assert_eq!(names, ["check", "validate"]);
        assert!(matches!(entries[0].state, State::Unreadable(_)));
        let State::Read(head) = &entries[1].state else {
            panic!("{:?}", entries[1].state)
        };
        assert_eq!(head.status(), Status::Failed);
        assert_eq!(head.submission_counts(), (1, 1, 1));
        let page = render(&entries, "2030-01-01T00:00:00Z");
        assert!(page.contains("UNREADABLE"), "{page}");
        assert!(page.contains("judge 9.0.0"), "{page}");
        assert!(page.contains(r#"href="check/report.yaml""#), "{page}");
        assert!(!page.contains("check/report.html"), "{page}");
    }
}
