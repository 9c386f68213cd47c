//! A problem's cases in `report.html`: the chart of every case's CPU time
//! against the time limit, and the table of all cases grouped by case
//! group, with a filter by verdict.
//!
//! The chart answers "how much room does each case leave?" at a glance: one
//! column per case in case order, on a logarithmic scale (reference times
//! of microseconds and a TLE at the limit both stay visible), the limit as
//! a solid line and half of it (problemtools' rule for accepted
//! submissions) dashed. Past 1,000 cases the columns are buckets showing
//! their slowest case, so a 10,000-case page stays small and quick.
//!
//! The filter is CSS only (radio buttons and `:has()`): the page keeps
//! working where scripts are blocked, as in CI artifact viewers.

use maud::{Markup, html};

use super::console::human_ms;
use super::html_bits::{anchor, first_line, kib, verdict_class};
use super::{CaseReport, ProblemReport};
use crate::verdict::Verdict;

/// Columns drawn at most; more cases share columns.
const MAX_COLUMNS: usize = 1000;
const WIDTH: f64 = 1000.0;
const HEIGHT: f64 = 150.0;
/// Room left of the plot for the axis labels, and below it.
const LEFT: f64 = 54.0;
const TOP: f64 = 8.0;
const BOTTOM: f64 = 18.0;

/// The filter's rules, one per verdict, and the rest of this part's CSS.
pub(crate) fn css() -> String {
    let mut css = String::from(
        r#"
.casechart { padding: 10px 16px 6px; border-bottom: 1px solid var(--line); }
.casechart .cap { color: var(--muted); font-size: 12px; margin-bottom: 2px; }
.casechart svg { display: block; width: 100%; height: auto; font: 11px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; }
.casechart rect { fill: currentColor; }
.casechart .grid { stroke: var(--line); }
.casechart .limit { stroke: var(--bad); stroke-width: 1.5; }
.casechart .half { stroke: var(--muted); stroke-width: 1.2; stroke-dasharray: 5 4; }
.casechart .axis { fill: var(--muted); font-variant-numeric: tabular-nums; }
.casechart .axis.strong { fill: var(--bad); font-weight: 600; }
.filter { padding: 8px 16px; display: flex; gap: 6px; flex-wrap: wrap; align-items: center; border-bottom: 1px solid var(--line); }
.filter .k { color: var(--muted); font-size: 12px; margin-right: 4px; }
.filter input { position: absolute; opacity: 0; pointer-events: none; }
.filter label { cursor: pointer; border: 1px solid var(--line); border-radius: 999px; padding: 1px 9px; font-size: 12px; }
.filter input:checked + label { background: var(--fg); color: #fff; border-color: var(--fg); }
tr.grouprow td { background: #f3f4f6; font-weight: 600; font-size: 12.5px; }
tr.grouprow td .sub { color: var(--muted); font-weight: 400; }
td.case a { color: inherit; }
td.muted, span.muted { color: var(--muted); }
"#,
    );
    css.push_str(".cases:has(input[value=fail]:checked) tr[data-v=AC] { display: none; }\n");
    for v in Verdict::ALL {
        let code = v.code();
        css.push_str(&format!(
            ".cases:has(input[value=\"{code}\"]:checked) tr[data-v]:not([data-v=\"{code}\"]) {{ display: none; }}\n"
        ));
    }
    css
}

/// Where a time falls on the chart's logarithmic axis, from `top` (the
/// axis maximum) down to `bottom`.
struct Scale {
    lo: f64,
    hi: f64,
}

impl Scale {
    fn y(&self, ms: f64) -> f64 {
        let ms = ms.clamp(self.lo, self.hi);
        let f = (ms / self.lo).ln() / (self.hi / self.lo).ln();
        TOP + (1.0 - f) * (HEIGHT - TOP - BOTTOM)
    }
}

/// The chart for `p`, or nothing without cases.
pub(crate) fn chart(p: &ProblemReport) -> Option<Markup> {
    if p.cases.is_empty() {
        return None;
    }
    let limit = p.limits.map(|l| l.time_ms);
    let times: Vec<f64> = p.cases.iter().map(CaseReport::cpu_or_wall_ms).collect();
    let slowest = times.iter().copied().fold(0.0, f64::max);
    let fastest = times
        .iter()
        .copied()
        .filter(|&t| t > 0.0)
        .fold(f64::INFINITY, f64::min);
    let hi = limit.unwrap_or(slowest).max(slowest).max(1e-3) * 1.25;
    let lo = (fastest.min(hi / 10.0) / 2.0).max(hi / 1e7).max(1e-4);
    let scale = Scale { lo, hi };
    let per = p.cases.len().div_ceil(MAX_COLUMNS);
    let step = (WIDTH - LEFT) / p.cases.len().div_ceil(per) as f64;
    let base = HEIGHT - BOTTOM;
    let cpu_word = if p.cases.iter().any(|c| c.cpu_ms.is_some()) {
        "CPU"
    } else {
        "wall"
    };
    Some(html! {
        div.casechart {
            div.cap {
                (cpu_word) " time of each case in case order (log scale)"
                @if let Some(l) = limit { ", against the " (human_ms(l)) " limit (dashed: half of it)" }
                "; slowest " (human_ms(slowest))
                @if let Some(l) = limit { " = " (percent(slowest / l)) " of the limit" }
                @if per > 1 { "; each column is " (per) " cases, drawn at the slowest" }
            }
            svg viewBox={ "0 0 " (WIDTH) " " (HEIGHT) } role="img" aria-label={ "time per case, " (p.id) } {
                @for (ms, label) in gridlines(&scale) {
                    @let y = scale.y(ms);
                    // The limit's own label wins over a gridline's.
                    @if limit.is_some_and(|l| (scale.y(l) - y).abs() < 10.0) { } @else {
                    line.grid x1=(LEFT) x2=(WIDTH) y1=(fmt(y)) y2=(fmt(y)) {}
                    text.axis x=(LEFT - 6.0) y=(fmt(y + 4.0)) text-anchor="end" { (label) }
                } }
                @for (i, chunk) in p.cases.chunks(per).enumerate() {
                    @let (worst, ms) = slowest_of(chunk);
                    @let y = scale.y(ms);
                    g class=(verdict_class(worst.verdict)) {
                        rect x=(fmt(LEFT + i as f64 * step + step * 0.1)) y=(fmt(y))
                            width=(fmt((step * 0.8).clamp(0.6, 24.0))) height=(fmt((base - y).max(0.8))) {
                            title { (column_title(chunk, worst, ms)) }
                        }
                    }
                }
                @if let Some(l) = limit {
                    line.half x1=(LEFT) x2=(WIDTH) y1=(fmt(scale.y(l / 2.0))) y2=(fmt(scale.y(l / 2.0))) {}
                    line.limit x1=(LEFT) x2=(WIDTH) y1=(fmt(scale.y(l))) y2=(fmt(scale.y(l))) {}
                    text.axis.strong x=(LEFT - 6.0) y=(fmt(scale.y(l) + 4.0)) text-anchor="end" { "limit" }
                }
            }
        }
    })
}

/// A share as people read it: `0.4 %`, `37 %`, `< 0.1 %`.
fn percent(share: f64) -> String {
    let p = share * 100.0;
    if p < 0.1 {
        "< 0.1 %".into()
    } else if p < 10.0 {
        format!("{p:.1} %")
    } else {
        format!("{p:.0} %")
    }
}

fn fmt(x: f64) -> String {
    format!("{x:.1}")
}

/// The case of a column that decides its height and colour: the slowest,
/// or a failing one when any fails (a failure must not hide in a bucket).
fn slowest_of(chunk: &[CaseReport]) -> (&CaseReport, f64) {
    let slowest = chunk
        .iter()
        .max_by(|a, b| a.cpu_or_wall_ms().total_cmp(&b.cpu_or_wall_ms()))
        .expect("chunks are not empty");
    let ms = slowest.cpu_or_wall_ms();
    let shown = chunk
        .iter()
        .find(|c| !c.verdict.is_pass())
        .unwrap_or(slowest);
    (shown, ms)
}

fn column_title(chunk: &[CaseReport], shown: &CaseReport, ms: f64) -> String {
    let memory = shown
        .memory_kib
        .map_or(String::new(), |m| format!(" · {}", kib(m)));
    let line = format!(
        "{} · {} · {}{memory}",
        shown.id(),
        shown.verdict.code(),
        human_ms(shown.cpu_or_wall_ms())
    );
    if chunk.len() == 1 {
        line
    } else {
        format!("{} cases, slowest {}; {line}", chunk.len(), human_ms(ms))
    }
}

/// Decade gridlines inside the scale, labelled.
fn gridlines(scale: &Scale) -> Vec<(f64, String)> {
    let mut out = Vec::new();
    let mut ms = 10f64.powf(scale.lo.log10().ceil());
    while ms <= scale.hi {
        out.push((ms, human_ms(ms)));
        ms *= 10.0;
    }
    out
}

/// All cases, grouped by case group (counts per verdict in each group's
/// row), with the filter above; a failing case links to its block.
pub(crate) fn table(p: &ProblemReport, badge: fn(Verdict) -> Markup) -> Markup {
    let scores = p.cases.iter().any(|c| c.checker_score.is_some());
    let messages = p.cases.iter().any(|c| c.message.is_some());
    let memory = p.cases.iter().any(|c| c.memory_kib.is_some());
    let present: std::collections::BTreeSet<Verdict> = p.cases.iter().map(|c| c.verdict).collect();
    let name = format!("f-{}", p.id);
    let columns = 4 + usize::from(scores) + usize::from(memory) + usize::from(messages);
    html! {
        details.all.cases open[p.cases.len() <= 12] {
            summary { "All " (p.cases.len()) " cases, by group" }
            div.filter {
                span.k { "show" }
                input type="radio" name=(name) id={ (name) "-all" } value="all" checked;
                label for={ (name) "-all" } { "all" }
                @if p.failed > 0 {
                    input type="radio" name=(name) id={ (name) "-fail" } value="fail";
                    label for={ (name) "-fail" } { "failing (" (p.failed) ")" }
                }
                @if present.len() > 1 { @for v in &present {
                    input type="radio" name=(name) id={ (name) "-" (v.code()) } value=(v.code());
                    label for={ (name) "-" (v.code()) } { (v.code()) }
                } }
            }
            table {
                thead { tr { th { "case" } th { "verdict" } @if scores { th.num { "score" } }
                    th.num { "CPU" } th.num { "wall" } @if memory { th.num { "memory" } } @if messages { th { "message" } } } }
                @for (group, cases) in groups(&p.cases) {
                    tbody {
                        tr.grouprow { td colspan=(columns) { (if group.is_empty() { "(top level)" } else { group })
                            span.sub { " · " (cases.len()) " cases · " (counts(cases)) } } }
                        @for c in cases { (row(p, c, scores, memory, messages, badge)) }
                    }
                }
            }
        }
    }
}

fn row(
    p: &ProblemReport,
    c: &CaseReport,
    scores: bool,
    memory: bool,
    messages: bool,
    badge: fn(Verdict) -> Markup,
) -> Markup {
    let failing = !c.verdict.is_pass() && c.verdict != Verdict::CompileError;
    html! {
        tr data-v=(c.verdict.code()) {
            td.case { @if failing { a href={ "#" (anchor(&p.id, c)) } { (c.name) } } @else { (c.name) } }
            td { (badge(c.verdict)) }
            @if scores { td.num { @if let Some(x) = c.checker_score { (x.to_string()) } @else { "—" } } }
            td.num { @if let Some(t) = c.cpu_ms { (human_ms(t)) } @else { "—" } }
            td.num.muted { (human_ms(c.time_ms))
                @if c.reused { " " span.cached title="taken from the cache: the time is that of the run that stored it" { "cached" } } }
            @if memory { td.num { @if let Some(m) = c.memory_kib { (kib(m)) } @else { "—" } } }
            @if messages { td.msg { @if let Some(m) = &c.message { (first_line(m)) } } }
        }
    }
}

/// Consecutive cases of the same group (cases are in case order, so each
/// group is one run).
fn groups(cases: &[CaseReport]) -> Vec<(&str, &[CaseReport])> {
    let mut out: Vec<(&str, &[CaseReport])> = Vec::new();
    let mut start = 0;
    for i in 1..=cases.len() {
        if i == cases.len() || cases[i].group != cases[start].group {
            out.push((&cases[start].group, &cases[start..i]));
            start = i;
        }
    }
    out
}

/// `158 AC, 2 WA`.
fn counts(cases: &[CaseReport]) -> String {
    let mut n = std::collections::BTreeMap::new();
    for c in cases {
        *n.entry(c.verdict).or_insert(0) += 1;
    }
    let text: Vec<String> = n.iter().map(|(v, k)| format!("{k} {}", v.code())).collect();
    text.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_is_logarithmic_between_its_ends() {
        let s = Scale {
            lo: 0.01,
            hi: 1000.0,
        };
        assert_eq!(fmt(s.y(1000.0)), fmt(TOP));
        assert_eq!(fmt(s.y(0.01)), fmt(HEIGHT - BOTTOM));
        // Five decades: 1 ms is two fifths of the way up.
        let y = s.y(1.0);
        assert!(
            (y - (TOP + 0.6 * (HEIGHT - TOP - BOTTOM))).abs() < 1e-9,
            "{y}"
        );
        let lines: Vec<String> = gridlines(&s).into_iter().map(|(_, l)| l).collect();
        assert_eq!(lines, ["10µs", "100µs", "1.0ms", "10ms", "100ms", "1.00s"]);
    }
}
