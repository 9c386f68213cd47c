//! `report.html`: one self-contained page (inline CSS, no scripts, no
//! external assets) that works offline and can be attached to a CI run.
//!
//! Read top-down: the headline figures and the broken promises first
//! (`html_promises`), the refused problems, the submissions that could
//! not run and those that kept their promise (folded), the problems'
//! table, the warnings and notes grouped by problem (`html_notes`,
//! folded), where the time went; then per problem: its limits, the chart of every case's time against the
//! time limit (`html_cases`), each failing case with its input, usage and
//! diff (`html_failure`), the expected-verdict submissions with the case
//! that decided each, and all cases grouped with a verdict filter.
//!
//! maud escapes every interpolated string, so case names, messages and diffs
//! with `<`, `&` or quotes cannot break the page.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::console::human_ms;
use super::html_bits::{badge, deciding_anchor, expectation_badge, score_text};
use super::{
    CaseReport, Fate, ProblemReport, Report, SubmissionReport, html_cases, html_catches,
    html_chart, html_failure, html_notes, html_promises, html_timings,
};
use crate::solvers::bounds::BoundReach;
use crate::units::format_size_approx;
use crate::verdict::Verdict;

/// The page's style, shared with the index of reports (`index`) so both
/// pages look alike.
pub(crate) const CSS: &str = r#"
:root { --fg:#1f2430; --muted:#6b7280; --line:#e5e7eb; --bg:#f7f8fa; --card:#fff;
  --ok:#15803d; --okbg:#dcfce7; --bad:#b91c1c; --badbg:#fee2e2; --warn:#a16207; --warnbg:#fef3c7;
  --del:#ffebe9; --delem:#ffc1bc; --ins:#e6ffec; --insem:#abf2bc; }
* { box-sizing: border-box; }
body { margin:0; font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; color:var(--fg); background:var(--bg); }
main { max-width: 1100px; margin: 0 auto; padding: 28px 24px 60px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h1 .status { font-size: 13px; vertical-align: middle; margin-left: 8px; }
.meta { color: var(--muted); margin-bottom: 20px; }
.cached { color: var(--muted); font-size: 11px; }
.meta code { background: #eef0f3; padding: 1px 5px; border-radius: 4px; }
.cards { display:flex; gap:12px; flex-wrap:wrap; margin-bottom: 22px; }
.card { background:var(--card); border:1px solid var(--line); border-radius:10px; padding:12px 16px; min-width:120px; }
.card .n { font-size: 24px; font-weight: 650; }
.card .l { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
table { border-collapse: collapse; width: 100%; background: var(--card); }
th, td { text-align: left; padding: 7px 10px; border-bottom: 1px solid var(--line); }
th { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.summary { border:1px solid var(--line); border-radius:10px; overflow:hidden; margin-bottom: 28px; }
.summary tr:last-child td { border-bottom: 0; }
.summary { overflow-x: auto; }
td.path { word-break: break-all; }
.summary td:first-child { white-space: nowrap; }
.badge { display:inline-block; min-width: 34px; text-align:center; padding: 1px 7px; border-radius: 999px; font-size: 12px; font-weight: 650; font-family: ui-monospace,SFMono-Regular,Menlo,monospace; }
.v-ok { background: var(--okbg); color: var(--ok); }
.v-warn { background: var(--warnbg); color: var(--warn); }
.v-bad { background: var(--badbg); color: var(--bad); }
.v-neutral { background: #e0e7ff; color: #3730a3; }
.v-skip { background: #f1f5f9; color: #475569; }
section { background: var(--card); border:1px solid var(--line); border-radius: 10px; margin-bottom: 22px; overflow: hidden; }
section > header { padding: 12px 16px; border-bottom: 1px solid var(--line); display:flex; align-items:baseline; gap: 10px; flex-wrap: wrap; }
section > header h2 { font-size: 16px; margin: 0; }
section > header .sub { color: var(--muted); }
section > header .counts { margin-left: auto; display:flex; gap:6px; }
.limits { padding: 6px 16px; border-bottom: 1px solid var(--line); color: var(--muted); font-size: 12.5px; }
.limits b { color: var(--fg); font-weight: 600; font-variant-numeric: tabular-nums; }
.deciding > summary { cursor: pointer; padding: 8px 16px; border-bottom: 1px solid var(--line); }
.deciding > summary code { font-size: 12.5px; }
pre.diff { margin: 0; border: 1px solid var(--line); border-radius: 6px; overflow-x: auto; font: 12.5px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace; background: #fbfbfc; }
pre.diff span.l { display: block; padding: 0 10px; white-space: pre; }
pre.diff .hd { color: var(--muted); }
pre.diff .hunk { color: #0550ae; background: #ddf4ff; }
pre.diff .del { background: var(--del); }
pre.diff .ins { background: var(--ins); }
pre.diff .del em { background: var(--delem); font-style: normal; border-radius: 2px; }
pre.diff .ins em { background: var(--insem); font-style: normal; border-radius: 2px; }
pre.diff .note { color: var(--muted); font-style: italic; }
pre.diff .sub { color: #0550ae; }
pre.diff .int { color: #6e7781; }
details.talk summary { cursor: pointer; color: var(--muted); margin: 4px 0; }
pre.stderr { margin: 8px 0 0; padding: 8px 10px; background:#1f2430; color:#e5e7eb; border-radius:6px; font-size:12px; overflow-x:auto; }
details.all { padding: 0; }
details.all summary { cursor: pointer; padding: 10px 16px; color: var(--muted); }
details.all table td, details.all table th { padding: 4px 16px; }
tr.short td { color: var(--warn); }
details.catches .scroll { overflow-x: auto; }
details.catches th.sub { text-transform: none; letter-spacing: 0; max-width: 130px; text-align: center; }
details.catches td.case { white-space: nowrap; }
details.catches td.mark { text-align: center; }
details.catches tr.none td.case { color: var(--muted); }
td.msg { color: var(--muted); font-family: ui-monospace,SFMono-Regular,Menlo,monospace; font-size: 12px; }
.errors { background: var(--badbg); color: var(--bad); border-radius: 10px; padding: 10px 16px; margin-bottom: 22px; }
.errors li { font-family: ui-monospace,SFMono-Regular,Menlo,monospace; font-size: 12.5px; }
.notes { background: var(--warnbg); color: var(--warn); border-radius: 10px; padding: 10px 16px; margin-bottom: 22px; }
footer { color: var(--muted); font-size: 12px; margin-top: 30px; }
"#;

/// Renders the whole page. Its only links are anchors within it: a
/// case's input is named and excerpted, never linked, so the page works
/// wherever its folder is copied (see docs/reports.md, "Links").
pub fn render(report: &Report) -> String {
    let ok = report.all_passed();
    let title = format!(
        "judge {} — {}",
        report.meta.kind,
        if ok { "all passed" } else { "failures" }
    );
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                style { (PreEscaped(CSS)) (PreEscaped(html_chart::CSS)) (PreEscaped(html_failure::CSS)) (PreEscaped(html_timings::CSS)) (PreEscaped(crate::picture::CSS)) (PreEscaped(html_promises::CSS)) (PreEscaped(html_notes::CSS))
                    (PreEscaped(html_cases::css())) }
            }
            body { main {
                h1 {
                    "judge " (report.meta.kind)
                    @if ok { span.badge.status.v-ok { "PASS" } } @else { span.badge.status.v-bad title=(html_promises::why_failed(report)) { "FAIL" } }
                }
                (super::html_banner::interrupted(&report.meta))
                div.meta {
                    code { (report.meta.command) } " · started " (report.meta.started_at)
                    " · " (human_ms(report.meta.duration_ms)) " · " (report.meta.jobs) " jobs · judge " (report.meta.version)
                }
                (html_promises::cards(report))
                (html_notes::pointer(report))
                (html_notes::run_warnings(report))
                (html_promises::broken(report))
                @if !report.errors.is_empty() {
                    div.errors id="refused" { strong { "Refused: configuration errors (" (report.errors.len()) ")" } ul { @for e in &report.errors { li { (e) } } } }
                }
                (html_promises::not_run(report))
                (html_promises::kept(report))
                (summary_table(report))
                (html_notes::sections(report))
                @if let Some(t) = html_timings::section(report.timings.as_ref()) { (t) }
                @for p in &report.problems { (problem_section(p, &report.submissions)) }
                footer { "Generated by judge " (report.meta.version) ". Verdicts: "
                    @for v in Verdict::ALL { (v.code()) " = " (v.describe()) "; " } }
            } }
        }
    };
    page.into_string()
}

fn summary_table(report: &Report) -> Markup {
    let scores = report.problems.iter().any(|p| p.score.is_some());
    html! {
        h2 style="font-size:16px" { "Problems" }
        div.summary { table {
            thead { tr { th { "problem" } th { "subject" } th.num { "cases" } th.num { "passed" } th.num { "failed" }
                @if scores { th.num { "score" } } th.num { "time" } th { "" } } }
            tbody { @for p in &report.problems {
                tr {
                    td { a href={ "#p-" (p.id) } { (p.name) } " " span style="color:var(--muted)" { (p.id) } }
                    td { (p.subject) }
                    td.num { (p.cases.len()) }
                    td.num { (p.passed) }
                    td.num { (p.failed) }
                    @if scores { td.num { @if let Some(x) = p.score { (score_text(x, p.max_score)) } @else { "—" } } }
                    td.num { (human_ms(p.clock_ms())) }
                    td { @if p.failed == 0 { (badge(Verdict::Accepted)) } @else { (verdict_counts(&p.cases)) } }
                }
            } }
        } }
    }
}

fn verdict_counts(cases: &[CaseReport]) -> Markup {
    let mut counts = std::collections::BTreeMap::new();
    for c in cases.iter().filter(|c| !c.verdict.is_pass()) {
        *counts.entry(c.verdict).or_insert(0) += 1;
    }
    html! { @for (v, n) in counts { (badge(v)) " " (n) " " } }
}

/// One problem: header, limits, test-set issues, the case chart, failing
/// cases, its expected-verdict submissions (from `submissions`, every
/// problem's) with their deciding cases, all cases.
fn problem_section(p: &ProblemReport, submissions: &[SubmissionReport]) -> Markup {
    let mine: Vec<&SubmissionReport> = submissions.iter().filter(|s| s.problem == p.id).collect();
    html! {
        section id={ "p-" (p.id) } {
            header {
                h2 { (p.name) }
                span.sub { (p.id) @if !p.source.is_empty() { " · " (p.source) }
                    @if let Some(c) = &p.checker { " · " (c) } @else { " · compare " (p.compare.name()) }
                    @if let Some(x) = p.score { " · score " (score_text(x, p.max_score)) } }
                span.counts { (badge(Verdict::Accepted)) " " (p.passed) @if p.failed > 0 { " " (verdict_counts(&p.cases)) } }
            }
            @if let Some(l) = &p.limits {
                div.limits { "limits: CPU time " b { (human_ms(l.time_ms)) } " · memory " b { (format_size_approx(l.memory_kib * 1024)) }
                    " · output " b { (format_size_approx(l.output_kib * 1024)) }
                    @if let Some(lang) = &p.language { " · language " b { (lang) } }
                    " · " (p.subject) }
            }
            @if !p.issues.is_empty() {
                div.failure { div.title { "Test-set issues" } @for i in &p.issues { div.msg { (i) } } }
            }
            @if !p.bounds.is_empty() { (bounds_table(&p.bounds)) }
            @if !p.rules.is_empty() || p.declared.invalid > 0 { (crate::rules::html_table(p)) }
            @if let Some(log) = &p.build_log {
                div.failure { div.title { (badge(Verdict::CompileError)) " compiler output" } pre.stderr { (log) } }
            }
            @if p.build_log.is_none() { @if let Some(chart) = html_cases::chart(p) { (chart) } }
            @for c in p.cases.iter().filter(|c| !c.verdict.is_pass() && c.verdict != Verdict::CompileError) {
                (html_failure::block(&p.id, c, p.limits.as_ref(), badge))
            }
            (crate::picture::passing(&p.cases))
            @if let Some(chart) = html_chart::chart(&mine) { (chart) }
            @for s in mine.iter().filter(|s| s.deciding_case.is_some()) { (deciding(s, p)) }
            @if let Some(table) = html_catches::table(p, &mine, badge) { (table) }
            (html_cases::table(p, badge))
        }
    }
}

/// The case that decided a submission's verdict: open when the
/// submission broke its promise, so the reason is in view.
fn deciding(s: &SubmissionReport, p: &ProblemReport) -> Markup {
    let Some(case) = &s.deciding_case else {
        return html! {};
    };
    let broke = s.fate() == Fate::Broken;
    html! {
        details.deciding id=(deciding_anchor(s)) open[broke] {
            summary { code { (html_chart::short(s)) } " — " (expectation_badge(s.expected)) " expected, "
                @if let Some(got) = s.got { (badge(got)) }
                " on " (case.id()) @if broke { " " span.badge.v-bad { "broken promise" } } }
            @if let (true, Some(m)) = (broke, &s.message) { div.failure { div.msg { (m) } } }
            (html_failure::block(&format!("{}-{}", p.id, s.path), case, p.limits.as_ref(), badge))
        }
    }
}

/// How far the cases go for each bound; an end no case reaches is shown in
/// the warning colour and named.
fn bounds_table(bounds: &[BoundReach]) -> Markup {
    let short = bounds.iter().filter(|b| !b.missed().is_empty()).count();
    html! {
        details.all open[short > 0] {
            summary { "Bounds reached: " (bounds.len() - short) " of " (bounds.len()) " to both ends" }
            table {
                thead { tr { th { "bound" } th.num { "allowed" } th.num { "reached" } th { "" } } }
                tbody { @for b in bounds {
                    @let missed = b.missed();
                    tr class=[(!missed.is_empty()).then_some("short")] {
                        td { (b.name) }
                        td.num { (b.min) " … " (b.max) }
                        td.num { @if let (Some(lo), Some(hi)) = (b.lowest, b.highest) { (lo) " … " (hi) } @else { "none" } }
                        td { @if !missed.is_empty() { "not reached: " (missed.join(", ")) } }
                    }
                } }
            }
        }
    }
}
