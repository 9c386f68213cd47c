//! Small pieces every part of the HTML report uses: a verdict's colour
//! class, a message's first line, KiB for people, a failure's anchor. They
//! live apart from the page and its sections so that the sections depend
//! on this module and the page on the sections, never in a circle.

use maud::{Markup, html};

use super::{CaseReport, SubmissionReport, number};
use crate::problem::submissions::Expectation;
use crate::units::format_size_approx;
use crate::verdict::{Severity, Verdict};

pub(crate) fn verdict_class(v: Verdict) -> &'static str {
    match v.severity() {
        Severity::Pass => "v-ok",
        Severity::Minor => "v-warn",
        Severity::Failure | Severity::Error => "v-bad",
    }
}

/// The first line of a message, cut at 120 characters, for a table cell.
pub(crate) fn first_line(message: &str) -> String {
    cut(message.lines().next().unwrap_or(""))
}

/// A compiler's output told by its first error line, cut like
/// [`first_line`]: its first line is often an "In file included from".
pub(crate) fn first_error(output: &str) -> String {
    let first = output.lines().next().unwrap_or("");
    let line = (output.lines())
        .find(|l| l.contains("error:") || l.contains("error "))
        .filter(|_| !first.contains("error"))
        .unwrap_or(first);
    cut(line)
}

fn cut(line: &str) -> String {
    match line.char_indices().nth(120) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line.to_string(),
    }
}

/// KiB as people read them; a heap peak under 1 KiB is not "0 B".
pub(crate) fn kib(n: u64) -> String {
    if n == 0 {
        "< 1 KiB".into()
    } else {
        format_size_approx(n * 1024)
    }
}

/// The anchor of a case's failure block: rows of the case table link here.
pub(crate) fn anchor(problem: &str, case: &CaseReport) -> String {
    let id: String = format!("c-{problem}-{}", case.id())
        .chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .collect();
    id
}

/// A verdict as a coloured badge, its meaning on hover.
pub(crate) fn badge(v: Verdict) -> Markup {
    html! { span class={ "badge " (verdict_class(v)) } title=(v.describe()) { (v.code()) } }
}

/// What a submission was expected to get: a verdict badge, or a neutral
/// one for the promises that are not one verdict.
pub(crate) fn expectation_badge(e: Expectation) -> Markup {
    match e {
        Expectation::Verdict(v) => badge(v),
        other => html! { span.badge.v-neutral title=(other.describe()) { (other.code()) } },
    }
}

/// `score / max`, trimmed of needless decimals.
pub(crate) fn score_text(score: f64, max: Option<f64>) -> String {
    match max {
        Some(m) => format!("{} / {}", number(score), number(m)),
        None => number(score),
    }
}

/// The anchor of a submission's deciding case (its block under its
/// problem): the broken promises at the top of the page link here.
pub(crate) fn deciding_anchor(s: &SubmissionReport) -> String {
    format!("s-{}", s.path).replace(char::is_whitespace, "_")
}

#[cfg(test)]
mod first_line_tests {
    use super::{first_error, first_line};

    #[test]
    fn a_compilers_output_is_told_by_its_first_error() {
        let g = "In file included from /usr/include/c++/12/map:60,\n                 from a.cpp:1:\na.cpp:9:5: error: 'size' was not declared\n";
        assert_eq!(first_error(g), "a.cpp:9:5: error: 'size' was not declared");
        assert_eq!(
            first_line(g),
            "In file included from /usr/include/c++/12/map:60,"
        );
        assert_eq!(
            first_line("expected AC, got WA\nmore"),
            "expected AC, got WA"
        );
        assert_eq!(first_error("error: x\nb.cpp: error: y"), "error: x");
        assert_eq!(first_error("no errors\nlater error: y"), "no errors");
    }
}
