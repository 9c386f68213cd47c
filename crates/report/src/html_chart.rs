//! The time chart of a problem's expected-verdict submissions in
//! `report.html`: one horizontal bar per submission (its slowest case's
//! CPU time) against the time limit, with a dashed line at limit / 2,
//! the most problemtools' rule lets an accepted submission take. It shows
//! at a glance how much room the accepted ones leave and that the slow
//! ones are cut off, which a table of numbers hides.
//!
//! Inline SVG, so the page stays one file without scripts; bars take the
//! verdict badges' classes (`v-ok`, `v-warn`, `v-bad`) and so their
//! colours.

use maud::{Markup, html};

use super::SubmissionReport;
use super::console::human_ms;
use crate::verdict::Verdict;

/// The chart's CSS, appended to the page's.
pub(crate) const CSS: &str = r#"
.chart { padding: 10px 16px 6px; border-bottom: 1px solid var(--line); }
.chart .cap { color: var(--muted); font-size: 12px; margin-bottom: 2px; }
.chart svg { display: block; width: 100%; height: auto; font: 12px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; }
.chart .name { font-family: ui-monospace,SFMono-Regular,Menlo,monospace; fill: var(--fg); }
.chart .bar { fill: currentColor; fill-opacity: .22; stroke: currentColor; stroke-width: 1.2; }
.chart .more { fill: currentColor; }
.chart .val { fill: currentColor; font-variant-numeric: tabular-nums; font-weight: 600; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
.chart .grid { stroke: var(--line); }
.chart .limit { stroke: var(--fg); stroke-width: 1.5; }
.chart .half { stroke: var(--muted); stroke-width: 1.2; stroke-dasharray: 5 4; }
.chart .axis { fill: var(--muted); font-variant-numeric: tabular-nums; }
.chart .axis.strong { fill: var(--fg); font-weight: 600; }
"#;

/// The SVG's width in its own units; it scales to the section's width.
const WIDTH: f64 = 1000.0;
const ROW: f64 = 24.0;
const BAR: f64 = 14.0;
const TOP: f64 = 22.0;
const BOTTOM: f64 = 22.0;
/// Room right of the axis end for a cut-off bar's figure.
const RIGHT: f64 = 130.0;
/// Width of one character of the monospace labels at 12 px.
const CHAR: f64 = 7.3;
/// How far the axis runs past the limit: bars cut off at the limit (TLE)
/// end at the axis end, so they stand apart from ones that finished.
const AXIS_PAST_LIMIT: f64 = 1.25;

/// The badge class of a verdict (the same rule as the page's badges).
fn class(v: Verdict) -> &'static str {
    super::html_bits::verdict_class(v)
}

/// The chart for `subs` (one problem's), or nothing when none has a time
/// and a limit to draw (not judged, or an old report).
pub(crate) fn chart(subs: &[&SubmissionReport]) -> Option<Markup> {
    let limit = subs.iter().find_map(|s| s.time_limit_ms)?;
    let rows: Vec<(&SubmissionReport, Verdict, f64, String)> = subs
        .iter()
        .filter_map(|s| Some((*s, s.got?, s.max_cpu_ms?, short(s))))
        .collect();
    if rows.is_empty() || limit <= 0.0 {
        return None;
    }
    let longest = rows.iter().map(|r| r.3.chars().count()).max().unwrap_or(0);
    let x0 = (16.0 + longest as f64 * CHAR + 12.0).min(WIDTH * 0.4);
    let x1 = WIDTH - RIGHT;
    let end = limit * AXIS_PAST_LIMIT;
    let x = |ms: f64| x0 + (ms.min(end) / end) * (x1 - x0);
    let height = TOP + rows.len() as f64 * ROW + BOTTOM;
    let bottom = TOP + rows.len() as f64 * ROW;
    let ticks = [0.25, 0.5, 0.75, 1.0];
    let f = |v: f64| format!("{v:.1}");
    Some(html! {
        div.chart {
            div.cap { "Slowest case's CPU time of each submission; solid line: the time limit, dashed: limit / 2 (problemtools' rule for accepted submissions)" }
            svg xmlns="http://www.w3.org/2000/svg" viewBox={ "0 0 " (WIDTH) " " (f(height)) } role="img"
                aria-label="CPU time of each submission against the time limit" {
                line.grid x1=(f(x0)) x2=(f(x0)) y1=(f(TOP - 4.0)) y2=(f(bottom)) {}
                @for t in ticks {
                    @let at = x(limit * t);
                    @if t == 1.0 {
                        line.limit x1=(f(at)) x2=(f(at)) y1=(f(TOP - 6.0)) y2=(f(bottom + 2.0)) {}
                        text.axis.strong x=(f(at)) y=(f(TOP - 9.0)) text-anchor="middle" { "limit " (tick(limit)) }
                    } @else if t == 0.5 {
                        line.half x1=(f(at)) x2=(f(at)) y1=(f(TOP - 6.0)) y2=(f(bottom + 2.0)) {}
                        text.axis x=(f(at)) y=(f(TOP - 9.0)) text-anchor="middle" { "limit / 2" }
                    } @else {
                        line.grid x1=(f(at)) x2=(f(at)) y1=(f(TOP)) y2=(f(bottom)) {}
                    }
                    text.axis x=(f(at)) y=(f(bottom + 15.0)) text-anchor="middle" { (tick(limit * t)) }
                }
                text.axis x=(f(x0)) y=(f(bottom + 15.0)) text-anchor="middle" { "0" }
                @for (i, (s, got, ms, name)) in rows.iter().enumerate() {
                    @let top = TOP + i as f64 * ROW + (ROW - BAR) / 2.0;
                    @let mid = TOP + i as f64 * ROW + ROW / 2.0;
                    @let cut = *got == Verdict::TimeLimit || *ms > end;
                    @let reach = if cut { x1 } else { x(*ms) };
                    @let figure = format!("{}{} {}", if cut { "≥ " } else { "" }, human_ms(*ms), got.code());
                    g class=(class(*got)) {
                        title { (name) ": " (human_ms(*ms)) " CPU on its slowest case; got " (got.code()) ", expected " (s.expected.code()) }
                        text.name x=(f(x0 - 10.0)) y=(f(mid + 4.0)) text-anchor="end" { (name) }
                        rect.bar x=(f(x0)) y=(f(top)) width=(f((reach - x0).max(1.5))) height=(f(BAR)) rx="3" {}
                        @if cut {
                            // An arrowhead past the axis end: it ran longer.
                            path.more d={ "M" (f(x1 + 2.0)) " " (f(top - 1.0)) " l8 " (f(BAR / 2.0 + 1.0)) " l-8 " (f(BAR / 2.0 + 1.0)) "z" } {}
                        }
                        text.val x=(f(reach + if cut { 16.0 } else { 6.0 })) y=(f(mid + 4.0)) { (figure) }
                    }
                }
            }
        }
    })
}

/// An axis label: whole seconds as `1s`, `3s` (limits usually are),
/// anything else as the report's other times.
fn tick(ms: f64) -> String {
    if ms >= 1000.0 && ms % 1000.0 == 0.0 {
        format!("{}s", ms / 1000.0)
    } else {
        human_ms(ms)
    }
}

/// `accepted/atoms.py`: the path below the problem's `submissions/`.
pub(crate) fn short(s: &SubmissionReport) -> String {
    let marker = format!("{}/submissions/", s.problem);
    s.path
        .find(&marker)
        .map_or(s.path.clone(), |i| s.path[i + marker.len()..].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A report as `report.yaml` would give it back (fields added later
    /// take their defaults).
    fn sub(path: &str, got: Verdict, cpu: f64) -> SubmissionReport {
        let code = got.code();
        let yaml = format!(
            "{{problem: p, path: problems/p/submissions/{path}, expected: {code}, got: {code}, \
             cases_run: 1, ok: true, max_cpu_ms: {cpu}, time_limit_ms: 1000}}"
        );
        serde_yaml::from_str(&yaml).unwrap()
    }

    #[test]
    fn bars_scale_to_the_limit_and_slow_ones_end_at_the_axis() {
        let fast = sub("accepted/a.py", Verdict::Accepted, 500.0);
        let slow = sub("time_limit_exceeded/b.py", Verdict::TimeLimit, 1010.0);
        let page = chart(&[&fast, &slow]).unwrap().into_string();
        assert!(page.contains(">accepted/a.py<"), "{page}");
        // Label column: 16 + 24 characters + 12; the axis runs to 1.25 s.
        let x0 = 16.0 + 24.0 * CHAR + 12.0;
        let half = (WIDTH - RIGHT - x0) * 0.5 / AXIS_PAST_LIMIT;
        assert!(page.contains(&format!(r#"width="{half:.1}""#)), "{page}");
        assert!(page.contains(&format!(r#"width="{:.1}""#, WIDTH - RIGHT - x0)));
        assert!(page.contains("≥ 1.01s TLE"));
        assert!(page.contains(r#"class="v-bad""#) && page.contains(r#"class="v-ok""#));
        assert_eq!(page.matches("<path").count(), 1);
    }

    #[test]
    fn no_chart_without_times() {
        let mut s = sub("accepted/a.py", Verdict::Accepted, 5.0);
        s.max_cpu_ms = None;
        assert!(chart(&[&s]).is_none());
        assert!(chart(&[]).is_none());
    }
}
