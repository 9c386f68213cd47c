//! The "where the time went" chart of `report.html`, after `cargo build
//! --timings`: one row per problem with a coloured bar per stage on the
//! run's time axis, under it one thin row per submission (its compile,
//! its judging, its waiting on time-outs), then the totals and the
//! physical limit ([`crate::timings`] says what each figure measures).
//!
//! Inline SVG with the figures in `<title>` tooltips: no script, no file
//! beside the page. The colours are Okabe and Ito's, told apart with
//! every common colour-vision deficiency, and each stage is named in the
//! legend and the table as well, never by colour alone.

use maud::{Markup, PreEscaped, html};

use crate::timings::{Stage, StageTime, SubmissionTime, Timings, secs};

/// The section's CSS, appended to the page's.
pub(crate) const CSS: &str = r#"
.timings { padding: 10px 16px; border-bottom: 1px solid var(--line); }
.timings .cap { color: var(--muted); font-size: 13px; margin: 2px 0 8px; }
.timings svg { display: block; width: 100%; height: auto; font: 12px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; }
.timings .name { fill: var(--fg); font-family: ui-monospace,SFMono-Regular,Menlo,monospace; }
.timings .sub { fill: var(--muted); }
.timings .grid { stroke: var(--line); }
.timings .axis { fill: var(--muted); font-variant-numeric: tabular-nums; }
.timings rect { stroke: rgba(0,0,0,.35); stroke-width: .6; }
.timings .legend { display: flex; flex-wrap: wrap; gap: 6px 16px; font-size: 12px; margin: 8px 0; }
.timings .legend span { display: inline-flex; align-items: center; gap: 5px; }
.timings .sw { width: 14px; height: 10px; border: 1px solid rgba(0,0,0,.35); display: inline-block; }
.timings table { margin-top: 6px; }
.timings td.n { text-align: right; font-variant-numeric: tabular-nums; }
"#;

/// A stage's colour (Okabe–Ito).
fn colour(stage: Stage) -> &'static str {
    match stage {
        Stage::Limit => "#CC79A7",
        Stage::Build => "#E69F00",
        Stage::Reference => "#56B4E9",
        Stage::Validation => "#009E73",
        Stage::Submissions => "#0072B2",
        Stage::Pch => "#999999",
    }
}

/// A submission's compile, and its waiting on time-outs.
const COMPILE: &str = "#F0E442";
const TIMEOUTS: &str = "#D55E00";

const WIDTH: f64 = 1000.0;
const ROW: f64 = 20.0;
const BAR: f64 = 14.0;
const SUB_ROW: f64 = 12.0;
const SUB_BAR: f64 = 8.0;
const TOP: f64 = 18.0;
const CHAR: f64 = 6.8;
/// The narrowest bar drawn: a stage of a few milliseconds stays visible.
const MIN_BAR: f64 = 1.5;

/// One row of the chart.
enum Row<'a> {
    Problem(&'a str, &'a [StageTime]),
    Submission(&'a SubmissionTime),
}

/// The section, or nothing for a report without timings.
pub(crate) fn section(timings: Option<&Timings>) -> Option<Markup> {
    let t = timings?;
    let mut rows = Vec::new();
    for p in &t.problems {
        rows.push(Row::Problem(&p.problem, &p.stages));
        rows.extend(p.submissions.iter().map(Row::Submission));
    }
    if !t.shared.is_empty() {
        rows.push(Row::Problem("(shared)", &t.shared));
    }
    let label = rows
        .iter()
        .map(|r| label_of(r).chars().count())
        .max()
        .unwrap_or(0) as f64;
    let left = (label * CHAR + 14.0).clamp(80.0, 300.0);
    let chart = Chart::new(t.wall_s, left);
    Some(html! {
        section.timings #timings {
            h2 { "Where the time went" }
            div.cap { (caption(t)) }
            (legend(t))
            (PreEscaped(chart.svg(&rows)))
            (totals(t))
        }
    })
}

fn label_of<'a>(row: &'a Row) -> &'a str {
    match row {
        Row::Problem(name, _) => name,
        Row::Submission(s) => short(&s.path),
    }
}

/// A submission's folder and file (`accepted/a.cpp`).
fn short(path: &str) -> &str {
    let mut slashes = path.rmatch_indices('/').map(|(i, _)| i);
    match (slashes.next(), slashes.next()) {
        (Some(_), Some(i)) => &path[i + 1..],
        _ => path,
    }
}

fn caption(t: &Timings) -> String {
    let mut text = format!(
        "Wall clock from the start of the run ({}, {} workers, {} programs launched), per problem and stage; under each problem, the submissions measured for its time limit and judged.",
        secs(t.wall_s),
        t.workers,
        t.launches
    );
    if let Some(ratio) = t.ratio {
        text.push_str(&format!(
            " The submissions themselves took {} of CPU time: on {} workers no run can judge them in under {} (the physical limit); this one took {ratio:.1}× that.",
            secs(t.submissions_cpu_s),
            t.workers,
            secs(t.physical_limit_s)
        ));
    }
    text
}

fn legend(t: &Timings) -> Markup {
    let stages: Vec<Stage> = Stage::ALL
        .into_iter()
        .filter(|s| t.total(*s).is_some())
        .collect();
    html! {
        div.legend {
            @for s in stages {
                span { i.sw style={ "background:" (colour(s)) } {} (s.name()) ": " (s.describe()) }
            }
            span { i.sw style={ "background:" (COMPILE) } {} "compile (of a submission)" }
            span { i.sw style={ "background:" (TIMEOUTS) } {} "waiting on time-outs (at the end of its submission)" }
        }
    }
}

fn totals(t: &Timings) -> Markup {
    html! {
        table {
            thead { tr { th { "stage" } th { "wall" } th { "busy" } th { "compile" } th { "probes" } th { "time-outs" } th { "sandbox" } } }
            tbody {
                @for s in &t.totals {
                    tr {
                        td { i.sw style={ "background:" (colour(s.stage)) } {} " " (s.stage.name()) }
                        td.n { (secs(s.wall_s)) } td.n { (secs(s.busy_s)) } td.n { (maybe(s.compile_s)) } td.n { (maybe(s.probe_s)) }
                        td.n { (maybe(s.timeouts_s)) } td.n { (maybe(s.sandbox_s)) }
                    }
                }
                tr { td { "run" } td.n { (secs(t.wall_s)) } td {} td {} td {} td {} td.n { (secs(t.sandbox_s)) } }
                tr { td { "physical limit" } td.n { (secs(t.physical_limit_s)) } td colspan="5" {
                    "the submissions' CPU time (" (secs(t.submissions_cpu_s)) ") over " (t.workers) " workers" } }
            }
        }
    }
}

/// The axis: seconds to SVG units.
struct Chart {
    left: f64,
    scale: f64,
    end: f64,
}

impl Chart {
    fn new(wall: f64, left: f64) -> Chart {
        let end = wall.max(0.001);
        Chart {
            left,
            scale: (WIDTH - left - 10.0) / end,
            end,
        }
    }

    fn x(&self, s: f64) -> f64 {
        self.left + s.clamp(0.0, self.end) * self.scale
    }

    fn svg(&self, rows: &[Row]) -> String {
        let heights: f64 = rows
            .iter()
            .map(|r| match r {
                Row::Problem(..) => ROW,
                Row::Submission(_) => SUB_ROW,
            })
            .sum();
        let height = TOP + heights + 4.0;
        let mut out = format!(
            r#"<svg viewBox="0 0 {WIDTH} {height:.0}" role="img" aria-label="where the time went">"#
        );
        let step = tick(self.end);
        let mut at = 0.0;
        while at <= self.end + 1e-9 {
            let x = self.x(at);
            out.push_str(&format!(
                r#"<line class="grid" x1="{x:.1}" x2="{x:.1}" y1="{:.0}" y2="{height:.0}"></line><text class="axis" x="{x:.1}" y="12" text-anchor="middle">{}</text>"#,
                TOP - 4.0,
                axis_label(at, step)
            ));
            at += step;
        }
        let mut y = TOP;
        for row in rows {
            match row {
                Row::Problem(name, stages) => {
                    self.problem_row(&mut out, name, stages, y);
                    y += ROW;
                }
                Row::Submission(s) => {
                    self.submission_row(&mut out, s, y);
                    y += SUB_ROW;
                }
            }
        }
        out.push_str("</svg>");
        out
    }

    fn problem_row(&self, out: &mut String, name: &str, stages: &[StageTime], y: f64) {
        out.push_str(&format!(
            r#"<text class="name" x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            self.left - 6.0,
            y + BAR - 3.0,
            escape(name)
        ));
        for s in stages {
            let tip = format!(
                "{name}: {} from {} for {} (busy {}{})",
                s.stage.name(),
                secs(s.start_s),
                secs(s.wall_s),
                secs(s.busy_s),
                s.cpu_s
                    .map(|c| format!(", CPU {}", secs(c)))
                    .unwrap_or_default()
            );
            self.rect(
                out,
                s.start_s,
                s.wall_s,
                y + 2.0,
                BAR,
                colour(s.stage),
                &tip,
            );
        }
    }

    fn submission_row(&self, out: &mut String, s: &SubmissionTime, y: f64) {
        let name = short(&s.path);
        out.push_str(&format!(
            r#"<text class="sub" x="{:.1}" y="{:.1}" text-anchor="end" font-size="10">{}</text>"#,
            self.left - 6.0,
            y + SUB_BAR + 1.0,
            escape(name)
        ));
        let tip = format!(
            "{name} ({}): {} from {} (compile {}, toolchain probes {}{}, time-outs {})",
            s.stage.name(),
            secs(s.wall_s),
            secs(s.start_s),
            secs(s.compile_s),
            secs(s.probe_s),
            s.cpu_s
                .map(|c| format!(", CPU {}", secs(c)))
                .unwrap_or_default(),
            secs(s.timeouts_s)
        );
        let top = y + (SUB_ROW - SUB_BAR) / 2.0;
        let colour = colour(s.stage);
        self.rect(out, s.start_s, s.wall_s, top, SUB_BAR, colour, &tip);
        let compile = s.compile_s.min(s.wall_s);
        if compile > 0.0 {
            self.rect(out, s.start_s, compile, top, SUB_BAR, COMPILE, &tip);
        }
        let waited = s.timeouts_s.min(s.wall_s - compile);
        if waited > 0.0 {
            let from = s.start_s + s.wall_s - waited;
            self.rect(out, from, waited, top, SUB_BAR, TIMEOUTS, &tip);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn rect(&self, out: &mut String, from: f64, wall: f64, y: f64, h: f64, fill: &str, tip: &str) {
        let x = self.x(from);
        let w = (self.x(from + wall) - x).max(MIN_BAR);
        out.push_str(&format!(
            r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.0}" fill="{fill}"><title>{}</title></rect>"#,
            escape(tip)
        ));
    }
}

/// A figure, or a dash for none.
fn maybe(s: f64) -> String {
    if s == 0.0 { "—".into() } else { secs(s) }
}

/// A round step that puts between 4 and 10 gridlines on `end` seconds.
fn tick(end: f64) -> f64 {
    let raw = end / 8.0;
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|s| end / s <= 10.0)
        .unwrap_or(10.0 * power)
}

fn axis_label(at: f64, step: f64) -> String {
    match step {
        s if s >= 1.0 => format!("{at:.0} s"),
        s if s >= 0.1 => format!("{at:.1} s"),
        _ => format!("{at:.2} s"),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ticks_are_round_and_between_four_and_ten() {
        for end in [0.03, 0.9, 1.0, 7.3, 15.6, 182.8, 3600.0] {
            let step = tick(end);
            let n = end / step;
            assert!((3.0..=10.0).contains(&n), "{end}: step {step}, {n} ticks");
            let mantissa = step / 10f64.powf(step.log10().floor());
            assert!(
                [1.0, 2.0, 5.0].iter().any(|m| (m - mantissa).abs() < 1e-9),
                "{step}"
            );
        }
    }

    #[test]
    fn a_submission_is_named_by_its_folder_and_file() {
        assert_eq!(short("/p/x/submissions/accepted/a.cpp"), "accepted/a.cpp");
        assert_eq!(short("a.cpp"), "a.cpp");
    }
}
