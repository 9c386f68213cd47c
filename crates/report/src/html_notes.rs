//! The run's warnings and notes on the page, grouped ([`crate::notes`]):
//! below the results, folded, a line said alike of several problems said
//! once with how many and which, each problem's own lines under it. Only
//! the warnings about the run as a whole (no sandbox) stay on top, where
//! they qualify every figure.

use maud::{Markup, html};

use crate::Report;
use crate::notes::{self, Grouped};

pub(crate) const CSS: &str = r#"
details.fold .lines { padding: 8px 16px 12px; }
details.fold .lines > div { margin: 3px 0; }
details.fold .lines .shared .who { color: var(--muted); }
details.fold .lines details > summary { cursor: pointer; }
details.fold .lines details ul { margin: 2px 0 6px; padding-left: 22px; }
details.fold .lines .n { font-weight: 650; }
details.fold.warnings > summary h2 { color: var(--warn); }
"#;

/// Lines a fold opens with by itself: more are folded until asked for.
const OPEN_UP_TO: usize = 5;

/// The warnings about the run as a whole (no problem's), on top.
pub(crate) fn run_warnings(report: &Report) -> Markup {
    let ids = notes::problem_ids(report);
    let warnings = notes::group(&report.meta.warnings, &ids);
    html! {
        @if !warnings.run.is_empty() {
            div.errors { @for w in &warnings.run { div { strong { "Warning: " } (w) } } }
        }
    }
}

/// The line under the headline that says how many warnings and notes
/// there are and where.
pub(crate) fn pointer(report: &Report) -> Markup {
    let ids = notes::problem_ids(report);
    let w = notes::group(&report.meta.warnings, &ids);
    let folded = w.len() - w.run.len();
    let n = notes::group(&report.meta.notes, &ids).len();
    html! {
        @if folded + n > 0 {
            div.aside {
                @if folded > 0 { a href="#warnings" { (count(folded, "warning")) } @if n > 0 { " and " } }
                @if n > 0 { a href="#notes" { (count(n, "note")) } }
                " below, grouped by problem"
            }
        }
    }
}

/// The folded sections: the warnings about problems, then every note.
pub(crate) fn sections(report: &Report) -> Markup {
    let ids = notes::problem_ids(report);
    let mut warnings = notes::group(&report.meta.warnings, &ids);
    // The run's own warnings are on top already.
    warnings.run.clear();
    let notes = notes::group(&report.meta.notes, &ids);
    html! {
        @if !warnings.is_empty() {
            (fold("warnings", "Warnings", &warnings))
        }
        @if !notes.is_empty() {
            (fold("notes", "Notes", &notes))
        }
    }
}

/// One folded section of grouped lines.
fn fold(id: &str, title: &str, g: &Grouped) -> Markup {
    let problems = g.per_problem.len();
    html! {
        details class={ "fold " (id) } id=(id) open[g.len() <= OPEN_UP_TO] {
            summary { h2 { (title) " (" (g.len()) ")" }
                span.sub {
                    @if !g.shared.is_empty() { (g.shared.len()) " said of several problems" }
                    @if !g.shared.is_empty() && problems > 0 { " · " }
                    @if problems > 0 { (problems) " problems with their own" }
                } }
            div.lines {
                @for line in &g.run { div { (line) } }
                @for s in &g.shared {
                    div.shared { (s.text) ": " span.n { (s.problems.len()) " problems" }
                        " " span.who title=(s.problems.join(", ")) { "(" (notes::name_some(&s.problems, 8)) ")" } }
                }
                @for (id, lines) in &g.per_problem {
                    details { summary { a href={ "#p-" (id) } { (id) } " — " (count(lines.len(), "line")) }
                        ul { @for l in lines { li { (l) } } } }
                }
            }
        }
    }
}

/// `n` and its noun, plural unless one.
fn count(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        _ => format!("{n} {noun}s"),
    }
}
