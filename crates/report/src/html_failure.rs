//! One failing case in `report.html`: what it got and why, what it was
//! given (the input's path and its first lines), what it used against the
//! limits, the diff, the conversation, the end of stderr.
//!
//! Everything a reader needs to act on a failure is in the block, so the
//! page works as a CI artifact opened far from the machine that ran it.
//! The input's path is text, not a link: a CI artifact usually holds the
//! report folder alone, where a link into the test set would be dead.

use maud::{Markup, html};

use super::console::human_ms;
use super::html_bits::anchor;
use super::{CaseReport, LimitsReport};
use crate::diff::{self, LineKind};
use crate::units::format_size_approx;
use crate::verdict::Verdict;

pub(crate) const CSS: &str = r#"
.failure { border-bottom: 1px solid var(--line); padding: 10px 16px 14px; scroll-margin-top: 12px; }
.failure:target { background: #fffbea; }
.failure .title { font-weight: 600; margin-bottom: 4px; }
.failure .title a.self { color: inherit; text-decoration: none; }
.failure .msg { color: var(--muted); margin-bottom: 8px; font-family: ui-monospace,SFMono-Regular,Menlo,monospace; font-size: 12.5px; white-space: pre-wrap; }
.failure .use { display: flex; gap: 18px; flex-wrap: wrap; font-size: 12.5px; margin-bottom: 8px; font-variant-numeric: tabular-nums; }
.failure .use .k { color: var(--muted); }
.failure .use .over { color: var(--bad); font-weight: 650; }
.failure .input { margin-bottom: 8px; }
.failure .input .path { font-size: 12.5px; color: var(--muted); margin-bottom: 2px; }
.failure .input .path code { font-family: ui-monospace,SFMono-Regular,Menlo,monospace; }
pre.head { margin: 0; padding: 6px 10px; border: 1px solid var(--line); border-radius: 6px; background: #fbfbfc; font: 12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace; overflow-x: auto; max-height: 12em; }
pre.head .more { color: var(--muted); font-style: italic; }
"#;

/// A failing case's block.
pub(crate) fn block(
    problem: &str,
    c: &CaseReport,
    limits: Option<&LimitsReport>,
    badge: fn(Verdict) -> Markup,
) -> Markup {
    let id = anchor(problem, c);
    html! {
        div.failure id=(id) {
            div.title { a.self href={ "#" (id) } { (badge(c.verdict)) " " (c.id()) }
                " " span style="color:var(--muted);font-weight:400" { "— " (c.verdict.describe()) } }
            @if let Some(m) = &c.message { div.msg { (m) } }
            (usage(c, limits))
            @if let Some(input) = &c.input {
                div.input {
                    div.path { "input " code { (input.path) }
                        " · " (input.lines) " lines, " (format_size_approx(input.bytes)) }
                    pre.head { (input.head)
                        @if input.more_lines() > 0 { "\n" span.more { "… " (input.more_lines()) " more lines" } } }
                }
            }
            (crate::picture::gallery(&c.pictures))
            @if let Some(d) = &c.diff { (diff_block(d)) }
            @if let Some(t) = &c.interaction {
                details.talk { summary { "Interaction (" (t.lines().count()) " lines; > submission, < interactor)" }
                    pre.diff { @for line in t.lines() {
                        span class={ "l " (if line.starts_with("> ") { "sub" } else { "int" }) } { (line) }
                    } } }
            }
            @if let Some(e) = &c.stderr { pre.stderr { (e) } }
        }
    }
}

/// CPU time, wall time and memory, each against its limit where there is
/// one; a figure over its limit is marked.
fn usage(c: &CaseReport, limits: Option<&LimitsReport>) -> Markup {
    let cpu = c.cpu_ms;
    let over_time = matches!((cpu, limits), (Some(t), Some(l)) if t > l.time_ms);
    let memory = c.memory_kib;
    let over_memory = matches!((memory, limits), (Some(m), Some(l)) if m > l.memory_kib);
    html! {
        div.use {
            @if let Some(t) = cpu {
                span { span.k { "CPU " } span class=[over_time.then_some("over")] { (human_ms(t)) }
                    @if let Some(l) = limits { span.k { " of " (human_ms(l.time_ms)) } } }
            }
            span { span.k { "wall " } (human_ms(c.time_ms)) }
            @if let Some(m) = memory {
                span { span.k { "memory " } span class=[over_memory.then_some("over")] { (super::html_bits::kib(m)) }
                    @if let Some(l) = limits { span.k { " of " (format_size_approx(l.memory_kib * 1024)) } } }
            }
        }
    }
}

/// A unified diff with changed words marked.
pub(crate) fn diff_block(unified: &str) -> Markup {
    html! {
        pre.diff { @for line in diff::highlight(unified) {
            @let (class, sign) = match line.kind {
                LineKind::Header => ("hd", ""),
                LineKind::Hunk => ("hunk", ""),
                LineKind::Context => ("ctx", " "),
                LineKind::Removed => ("del", "-"),
                LineKind::Added => ("ins", "+"),
                LineKind::Note => ("note", ""),
            };
            span class={ "l " (class) } { (sign) @for (emph, text) in &line.parts { @if *emph { em { (text) } } @else { (text) } } }
        } }
    }
}
