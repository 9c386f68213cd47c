//! JUnit XML, so GitHub, GitLab and Jenkins show one test per case.
//!
//! The dialect is Jenkins' `junit-10.xsd` (the xUnit plugin's schema, the
//! strictest one CI tools hold files to; the suite checks every file
//! against it): `<testsuites>` carries only name, tests, failures, errors
//! and time; properties live on suites, never on test cases.
//!
//! One `<testsuite>` per problem, one `<testcase>` per case (classname
//! `problem.group`, so tools that group by class show the case groups).
//! What blames the program (WA, TLE, MLE, RE, OLE, PE) is a `<failure>`;
//! what stopped judging from happening (CE, and BAD-INPUT, NO-OUT, JE that
//! blame the test set or judge) is an `<error>`, so dashboards tell the
//! two apart. Suite times are wall-clock spans, not sums of cases that ran
//! side by side. Expected-verdict submissions make one more suite, one
//! test per submission, failing when it broke its promise.
//!
//! Written by hand: the format is a dozen elements, and no crate we know
//! writes this dialect without attributes the schema refuses.

use std::fmt::Write;

use super::{CaseReport, Fate, ProblemReport, Report, SubmissionReport, number};
use crate::headline::Headline;
use crate::units::{format_duration, format_size};
use crate::verdict::{Severity, Verdict};

/// Whether a verdict is reported as `<error>` rather than `<failure>`.
fn is_error(v: Verdict) -> bool {
    v == Verdict::CompileError || v.severity() == Severity::Error
}

/// Seconds with millisecond precision, as JUnit readers expect.
/// A report read back may hold any number (a hand-edited or corrupt
/// `report.yaml` fed to `judge merge`): what is not a finite, positive
/// time is written as 0.
fn secs(ms: f64) -> String {
    let ms = if ms.is_finite() { ms.max(0.0) } else { 0.0 };
    format!("{:.3}", ms / 1e3)
}

/// Text safe inside an XML attribute or element: markup escaped, and the
/// characters XML 1.0 cannot hold at all (most control characters, which
/// a crashing program's stderr may well contain) shown as `\u{..}`.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' => out.push(c),
            // A bare CR would be read back as a line feed.
            '\r' => out.push_str("&#13;"),
            c if (c as u32) < 0x20 || matches!(c, '\u{fffe}' | '\u{ffff}') => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// Counts of one suite.
#[derive(Default)]
struct Counts {
    tests: usize,
    failures: usize,
    errors: usize,
    skipped: usize,
}

impl Counts {
    fn add(&mut self, other: &Counts) {
        self.tests += other.tests;
        self.failures += other.failures;
        self.errors += other.errors;
        self.skipped += other.skipped;
    }
}

/// The whole document. Infallible: everything is escaped on the way in.
pub fn render(report: &Report) -> String {
    let mut total = Counts::default();
    let mut suites = String::new();
    for p in &report.problems {
        let (xml, counts) = problem_suite(report, p);
        suites.push_str(&xml);
        total.add(&counts);
    }
    if !report.submissions.is_empty() {
        let (xml, counts) = submissions_suite(report, &report.submissions);
        suites.push_str(&xml);
        total.add(&counts);
    }
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        r#"<testsuites name="judge {}" tests="{}" failures="{}" errors="{}" time="{}">"#,
        report.meta.kind,
        total.tests,
        total.failures,
        total.errors,
        secs(report.meta.duration_ms)
    );
    out.push_str(&suites);
    out.push_str("</testsuites>\n");
    out
}

/// `<properties>` from name/value pairs.
fn properties(pairs: &[(&str, String)]) -> String {
    let mut out = String::from("    <properties>\n");
    for (name, value) in pairs {
        let _ = writeln!(
            out,
            r#"      <property name="{}" value="{}"/>"#,
            esc(name),
            esc(value)
        );
    }
    out.push_str("    </properties>\n");
    out
}

/// What a reader of one problem's suite must know to trust it.
fn suite_properties(report: &Report, p: &ProblemReport) -> Vec<(&'static str, String)> {
    let mut props = vec![("problem", p.name.clone()), ("subject", p.subject.clone())];
    if let Some(language) = &p.language {
        props.push(("language", language.clone()));
    }
    if let Some(l) = p.limits {
        // `try_`: a report read back may hold a negative or endless limit.
        let time = std::time::Duration::try_from_secs_f64(l.time_ms / 1e3).unwrap_or_default();
        props.push(("cpu_time_limit", format_duration(time)));
        props.push(("memory_limit", format_size(l.memory_kib * 1024)));
        props.push(("output_limit", format_size(l.output_kib * 1024)));
    }
    props.push((
        "judged_by",
        p.checker
            .clone()
            .unwrap_or_else(|| format!("compare {}", p.compare.name())),
    ));
    if let Some(sandbox) = &report.meta.sandbox {
        props.push(("sandbox", sandbox.clone()));
    }
    if let (Some(score), Some(max)) = (p.score, p.max_score) {
        props.push(("score", number(score)));
        props.push(("max_score", number(max)));
    }
    props.push(("test_set", report.meta.test_set.clone()));
    if let Some(shard) = report.meta.shard {
        props.push(("shard", shard.to_string()));
    }
    props.push(("judge_version", report.meta.version.clone()));
    props
}

fn problem_suite(report: &Report, p: &ProblemReport) -> (String, Counts) {
    let mut counts = Counts::default();
    let mut cases = String::new();
    for c in &p.cases {
        counts.tests += 1;
        if !c.verdict.is_pass() {
            if is_error(c.verdict) {
                counts.errors += 1;
            } else {
                counts.failures += 1;
            }
        }
        case_xml(&mut cases, p, c);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"  <testsuite name="{}" tests="{}" failures="{}" errors="{}" skipped="0" time="{}" timestamp="{}">"#,
        esc(&p.id),
        counts.tests,
        counts.failures,
        counts.errors,
        secs(p.wall_ms),
        esc(&report.meta.started_at),
    );
    out.push_str(&properties(&suite_properties(report, p)));
    out.push_str(&cases);
    if let Some(log) = &p.build_log {
        let _ = writeln!(out, "    <system-err>{}</system-err>", esc(log));
    }
    out.push_str("  </testsuite>\n");
    (out, counts)
}

fn case_xml(out: &mut String, p: &ProblemReport, c: &CaseReport) {
    let class = if c.group.is_empty() {
        p.id.clone()
    } else {
        format!("{}.{}", p.id, c.group.replace('/', "."))
    };
    let _ = write!(
        out,
        r#"    <testcase name="{}" classname="{}" time="{}""#,
        esc(&c.id()),
        esc(&class),
        secs(c.time_ms)
    );
    if c.verdict.is_pass() {
        out.push_str("/>\n");
        return;
    }
    if let Some(input) = &c.input {
        let _ = write!(out, r#" file="{}""#, esc(&input.path));
    }
    out.push_str(">\n");
    let element = if is_error(c.verdict) {
        "error"
    } else {
        "failure"
    };
    let detail = c
        .message
        .clone()
        .unwrap_or_else(|| c.verdict.describe().to_string());
    let mut body = String::new();
    if let Some(d) = &c.diff {
        body.push_str(d);
    }
    if let Some(input) = &c.input {
        let _ = write!(body, "\ninput {} starts:\n{}\n", input.path, input.head);
    }
    let _ = writeln!(
        out,
        r#"      <{element} type="{}" message="{}: {}">{}</{element}>"#,
        c.verdict.code(),
        c.verdict.code(),
        esc(&detail),
        esc(&body)
    );
    if let Some(err) = &c.stderr {
        let _ = writeln!(out, "      <system-err>{}</system-err>", esc(err));
    }
    out.push_str("    </testcase>\n");
}

/// The expected-verdict submissions' suite: one test each, failing when
/// it broke its promise, `<skipped>` with the reason when it did not run.
/// Its counts are the headline's ([`Headline`]), the figures the page and
/// the terminal give.
fn submissions_suite(report: &Report, subs: &[SubmissionReport]) -> (String, Counts) {
    let mut body = String::new();
    for s in subs {
        let _ = write!(
            body,
            r#"    <testcase name="{}" classname="{}.submissions""#,
            esc(&s.path),
            esc(&s.problem)
        );
        match s.fate() {
            Fate::CouldNotRun => {
                let why = s.skipped.as_deref().unwrap_or_default();
                let _ = writeln!(
                    body,
                    ">\n      <skipped message=\"{}\"/>\n    </testcase>",
                    esc(why)
                );
            }
            Fate::Kept | Fate::Unpromised => body.push_str("/>\n"),
            Fate::Broken => broken_xml(&mut body, s),
        }
    }
    let h = Headline::of(report);
    let counts = Counts {
        tests: h.submissions(),
        failures: h.broken,
        errors: 0,
        skipped: h.could_not_run(),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"  <testsuite name="expected-verdict submissions" tests="{}" failures="{}" errors="0" skipped="{}" time="{}" timestamp="{}">"#,
        counts.tests,
        counts.failures,
        counts.skipped,
        secs(report.meta.duration_ms),
        esc(&report.meta.started_at),
    );
    out.push_str(&body);
    out.push_str("  </testsuite>\n");
    (out, counts)
}

/// The `<failure>` of a submission that broke its promise, and the end of
/// its `<testcase>`.
fn broken_xml(body: &mut String, s: &SubmissionReport) {
    let got = s.got.map_or("nothing", |v| v.code());
    let said = format!("expected {}, got {got}", s.expected.code());
    let why = s.message.clone().unwrap_or_else(|| said.clone());
    let mut detail = said;
    if let Some(case) = &s.deciding_case {
        let _ = write!(detail, " on {}", case.id());
        if let Some(d) = &case.diff {
            let _ = write!(detail, "\n{d}");
        }
    }
    let _ = writeln!(
        body,
        ">\n      <failure type=\"BROKEN-PROMISE\" message=\"{}\">{}</failure>\n    </testcase>",
        esc(&why),
        esc(&detail)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_keeps_markup_and_control_characters_out() {
        assert_eq!(
            esc(r#"a<b & "c" 'd'>"#),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(esc("x\u{0}y\u{1b}[31m\r\n"), "x\\u{0}y\\u{1b}[31m&#13;\n");
    }
}
