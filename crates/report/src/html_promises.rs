//! The top of `report.html`, read top-down: the headline figures
//! ([`Headline`]), then the broken promises grouped by problem, each with
//! its deciding case linked to its block lower in the page, then the
//! submissions that could not run (why, grouped) and those that kept
//! their promise, both folded.
//!
//! Paths are the part below the problem's `submissions/` (the problem
//! heads its group) and never wrap: a path broken over three lines of a
//! narrow column is read three times.

use maud::{Markup, html};

use crate::headline::Headline;
use crate::html_bits::{badge, deciding_anchor, expectation_badge, first_error, first_line};
use crate::html_chart::short;
use crate::verdict::Verdict;
use crate::{Fate, Report, SubmissionReport, number};

pub(crate) const CSS: &str = r#"
.headline { display:flex; gap:12px; flex-wrap:wrap; margin-bottom: 14px; }
.headline .group { background:var(--card); border:1px solid var(--line); border-radius:10px; padding:10px 16px; }
.headline .group > .l { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; margin-bottom: 2px; }
.headline .figs { display:flex; gap:18px; }
.headline .fig .n { font-size: 24px; font-weight: 650; font-variant-numeric: tabular-nums; }
.headline .fig .w { color: var(--muted); font-size: 12.5px; }
.headline .fig.bad .n { color: var(--bad); }
.headline .fig.warn .n { color: var(--warn); }
.headline .fig.good .n { color: var(--ok); }
.headline .verdicts { margin-top: 4px; font-size: 12.5px; }
.why-not-run { color: var(--warn); margin: -4px 0 14px; font-size: 13px; }
.aside { color: var(--muted); margin: -6px 0 18px; font-size: 13px; }
.promises { border:1px solid var(--line); border-radius:10px; overflow-x:auto; margin-bottom: 22px; background: var(--card); }
.promises > h2, details.fold > summary h2 { font-size: 16px; margin: 0; display: inline; }
.promises > h2 { display:block; padding: 10px 16px; border-bottom: 1px solid var(--line); }
.promises table td, .promises table th { padding: 5px 12px; vertical-align: baseline; }
.promises tr.problem th { background: #f3f4f6; text-transform: none; letter-spacing: 0; font-size: 13px; color: var(--fg); }
.promises tr.problem th a { color: inherit; }
.promises tr.problem th .id { color: var(--muted); font-weight: 400; margin-left: 6px; }
.promises td.sub, .promises td.path { white-space: nowrap; word-break: normal; }
.deciding { scroll-margin-top: 12px; }
.deciding:target > summary { background: #fffbea; }
.promises td.sub code { font-size: 12.5px; }
.promises td.case { white-space: nowrap; }
.promises td.msg { white-space: normal; min-width: 18em; }
details.fold { border:1px solid var(--line); border-radius:10px; background: var(--card); margin-bottom: 22px; overflow-x: auto; }
details.fold > summary { cursor: pointer; padding: 10px 16px; }
details.fold > summary .sub { color: var(--muted); margin-left: 8px; }
details.fold[open] > summary { border-bottom: 1px solid var(--line); }
"#;

/// The headline figures as cards, each figure marked with what it
/// counts (`data-figure`), and the reasons submissions could not run.
pub(crate) fn cards(report: &Report) -> Markup {
    let h = Headline::of(report);
    let tone = |bad: bool, class: &'static str| if bad { class } else { "" };
    html! {
        div.headline {
            div.group { div.l { "problems" } div.figs {
                (fig("problems", h.problems, "judged", ""))
                (fig("refused", h.refused, "refused", tone(h.refused > 0, "bad")))
            } }
            @if h.submissions() > 0 {
                div.group { div.l { "submissions" } div.figs {
                    (fig("broken", h.broken, "broken promises", tone(h.broken > 0, "bad")))
                    (fig("kept", h.kept, "kept", tone(h.kept > 0, "good")))
                    (fig("not-run", h.could_not_run(), "could not run", tone(h.could_not_run() > 0, "warn")))
                    @if h.unpromised > 0 { (fig("unpromised", h.unpromised, "without a promise", "")) }
                } }
            }
            div.group { div.l { "cases" } div.figs {
                (fig("cases", h.cases, "judged", ""))
                (fig("cases-failed", h.cases_failed, "failed", tone(h.cases_failed > 0, "bad")))
                @if h.issues > 0 { (fig("issues", h.issues, "test-set issues", "bad")) }
            }
                @if h.cases_failed > 0 { div.verdicts { (failed_verdicts(report)) } }
            }
        }
        @if !h.not_run.is_empty() {
            div.why-not-run { "Could not run: "
                @for (i, (why, n)) in h.not_run.iter().enumerate() {
                    @if i > 0 { " · " } (why) ": " b { (n) }
                } }
        }
    }
}

/// The verdicts of the failed cases, with how many of each.
fn failed_verdicts(report: &Report) -> Markup {
    let failed = (report.summary.verdicts.iter()).filter(|(v, _)| !v.is_pass());
    html! { @for (v, n) in failed { (badge(*v)) " " (n) " " } }
}

/// What made the run fail, in the headline's figures (the FAIL badge's
/// hover text).
pub(crate) fn why_failed(report: &Report) -> String {
    let h = Headline::of(report);
    let parts = [
        (h.refused, "refused"),
        (h.broken, "broken promises"),
        (h.cases_failed, "failed cases"),
        (h.issues, "test-set issues"),
    ];
    let said: Vec<String> = (parts.iter())
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect();
    said.join(", ")
}

/// One figure: the number, what it counts in words.
fn fig(what: &str, n: usize, words: &str, tone: &str) -> Markup {
    html! {
        div class={ "fig" @if !tone.is_empty() { " " (tone) } } data-figure=(what) { div.n { (n) } div.w { (words) } }
    }
}

/// The submissions of `report` whose fate is one of `fates`, grouped by
/// problem in report order (problems with none left out).
fn by_problem<'a>(report: &'a Report, fates: &[Fate]) -> Vec<(&'a str, Vec<&'a SubmissionReport>)> {
    let mut groups: Vec<(&str, Vec<&SubmissionReport>)> = Vec::new();
    for s in report
        .submissions
        .iter()
        .filter(|s| fates.contains(&s.fate()))
    {
        match groups.iter_mut().find(|(p, _)| *p == s.problem) {
            Some((_, list)) => list.push(s),
            None => groups.push((&s.problem, vec![s])),
        }
    }
    // The report's problem order (its submissions come sorted by path).
    let rank = |id: &str| report.problems.iter().position(|p| p.id == id);
    groups.sort_by_key(|(id, _)| rank(id).unwrap_or(usize::MAX));
    groups
}

/// A problem's name and id as the head of its group of submissions,
/// linked to its section.
fn problem_head(report: &Report, id: &str, columns: usize) -> Markup {
    let name = (report.problems.iter())
        .find(|p| p.id == id)
        .map_or(id, |p| p.name.as_str());
    html! {
        tr.problem { th colspan=(columns) {
            a href={ "#p-" (id) } { (name) } @if name != id { span.id { (id) } }
        } }
    }
}

/// A submission's score against what it promised, when it has one.
fn score(s: &SubmissionReport) -> Option<String> {
    let x = s.score?;
    Some(match s.expected_score {
        Some(r) => format!("score {} (expected {r})", number(x)),
        None => format!("score {}", number(x)),
    })
}

/// The broken promises, grouped by problem: what each promised and got,
/// its deciding case (a link to its block), the first line of why.
pub(crate) fn broken(report: &Report) -> Markup {
    let groups = by_problem(report, &[Fate::Broken]);
    if groups.is_empty() {
        return html! {};
    }
    let n: usize = groups.iter().map(|(_, l)| l.len()).sum();
    html! {
        div.promises id="broken" {
            h2 { "Broken promises (" (n) ")" }
            table {
                @for (id, list) in &groups {
                    (problem_head(report, id, 4))
                    @for s in list { (broken_row(s)) }
                }
            }
        }
    }
}

fn broken_row(s: &SubmissionReport) -> Markup {
    let why = match s.got {
        Some(Verdict::CompileError) => s.message.as_deref().map(first_error),
        _ => s.message.as_deref().map(first_line),
    };
    html! {
        tr {
            td.sub title=(s.path) { code { (short(s)) } @if let Some(l) = &s.language { " " small { (l) } } }
            td.case { (expectation_badge(s.expected)) " expected, "
                @match s.got { Some(v) => { (badge(v)) }, None => { "nothing" } } }
            td.case { @match (&s.deciding_case, &s.first_failure) {
                (Some(c), _) => { "on " a href={ "#" (deciding_anchor(s)) } { (c.id()) } },
                (None, Some(c)) => { "on " a href={ "#p-" (s.problem) } { (c) } },
                // It never ran: the compiler refused it.
                (None, None) if s.got == Some(Verdict::CompileError) => { a href={ "#p-" (s.problem) } { "did not compile" } },
                // Nothing failed: the promise was of a failure.
                (None, None) => { a href={ "#p-" (s.problem) } { "all " (s.cases_run) " cases passed" } },
            } }
            td.msg { @if let Some(x) = score(s) { (x) "; " } @if let Some(w) = why { (w) } }
        }
    }
}

/// The submissions that could not run, folded: each with its reason.
pub(crate) fn not_run(report: &Report) -> Markup {
    let groups = by_problem(report, &[Fate::CouldNotRun]);
    if groups.is_empty() {
        return html! {};
    }
    let n: usize = groups.iter().map(|(_, l)| l.len()).sum();
    html! {
        details.fold.promises id="not-run" {
            summary { h2 { "Could not run (" (n) ")" } span.sub { "no verdict, no broken promise: the reason is under each" } }
            table { @for (id, list) in &groups {
                (problem_head(report, id, 3))
                @for s in list { tr {
                    td.path title=(s.path) { code { (short(s)) } }
                    td.case { (expectation_badge(s.expected)) " expected" }
                    td.msg { @if let Some(why) = &s.skipped { span.badge.v-skip title=(why) { "skipped" } " " (why) } }
                } }
            } }
        }
    }
}

/// The submissions that kept their promise (and those that made none),
/// folded, one compact row each.
pub(crate) fn kept(report: &Report) -> Markup {
    let groups = by_problem(report, &[Fate::Kept, Fate::Unpromised]);
    if groups.is_empty() {
        return html! {};
    }
    // Counted as the headline counts them: one without a promise kept
    // none.
    let h = Headline::of(report);
    html! {
        details.fold.promises id="kept" {
            summary { h2 { "Kept their promise (" (h.kept) ")" }
                span.sub { @if h.unpromised > 0 { "and " (h.unpromised) " without a promise · " } (groups.len()) " problems" } }
            table { @for (id, list) in &groups {
                (problem_head(report, id, 3))
                @for s in list { tr {
                    td.sub title=(s.path) { code { (short(s)) } @if let Some(l) = &s.language { " " small { (l) } } }
                    td.case { (expectation_badge(s.expected)) " expected, "
                        @if let Some(v) = s.got { (badge(v)) }
                        @if s.fate() == Fate::Unpromised { " " span.badge.v-neutral { "no promise" } } }
                    td.msg { (s.cases_run) " cases"
                        @if s.reused > 0 { " (" (s.reused) " cached)" }
                        @if let Some(x) = score(s) { "; " (x) }
                        @if let Some(b) = &s.borderline { "; " (b.to_string()) } }
                } }
            } }
        }
    }
}
