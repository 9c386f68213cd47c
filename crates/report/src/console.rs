//! What people read on the terminal: failing cases with the start of their
//! diff, then one aligned summary table. Colour only when asked for (the CLI
//! turns it on for a TTY without `NO_COLOR`).

use std::fmt::Write;

use super::{CaseReport, Report, number};
pub use crate::console_submissions::{headline, submissions};
use crate::diff::{self, LineKind};
pub use crate::style::Style;
pub(crate) use crate::style::pad;

/// One failing case: a header line, the reason, and the diff's first lines
/// with changed words highlighted.
/// Lines of an interaction shown on the terminal.
const INTERACTION_LINES: usize = 8;

pub fn failure(problem: &str, case: &CaseReport, style: Style) -> String {
    failure_with(problem, case, style, diff::TERMINAL_LINES)
}

/// [`failure`] showing up to `diff_lines` lines of the diff (`judge stress`
/// prints one small counterexample, so it can afford the whole diff).
pub fn failure_with(problem: &str, case: &CaseReport, style: Style, diff_lines: usize) -> String {
    let mut out = format!(
        "{} {} {}  {}\n",
        style.verdict(case.verdict),
        style.bold(problem),
        case.id(),
        style.dim(case.verdict.describe())
    );
    // Every line of a message of several lines (validators' reasons side
    // by side) stays under its case.
    for line in case.message.iter().flat_map(|m| m.lines()) {
        let _ = writeln!(out, "    {line}");
    }
    if let Some(d) = &case.diff {
        let cut = diff::truncate_lines(d, diff_lines);
        for line in diff::highlight(&cut) {
            out.push_str("    ");
            out.push_str(&styled_line(&line, style));
            out.push('\n');
        }
    }
    if let Some(talk) = &case.interaction {
        // The end of the conversation is where it went wrong.
        let lines: Vec<&str> = talk.lines().collect();
        let from = lines.len().saturating_sub(INTERACTION_LINES);
        let what = if from > 0 {
            "interaction (end):"
        } else {
            "interaction:"
        };
        let _ = writeln!(out, "    {}", style.dim(what));
        for line in &lines[from..] {
            let _ = writeln!(out, "    {line}");
        }
    }
    if let Some(err) = &case.stderr {
        let _ = writeln!(out, "    {}", style.dim("stderr (tail):"));
        for line in err
            .lines()
            .rev()
            .take(5)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
        {
            let _ = writeln!(out, "    {}", style.dim(line));
        }
    }
    out
}

fn styled_line(line: &diff::StyledLine, style: Style) -> String {
    let (sign, base, emph) = match line.kind {
        LineKind::Removed => ("-", "31", "1;37;41"),
        LineKind::Added => ("+", "32", "1;37;42"),
        LineKind::Context => (" ", "", ""),
        LineKind::Header | LineKind::Hunk => return style.cyan(&line.parts[0].1),
        LineKind::Note => return style.dim(&line.parts[0].1),
    };
    let mut s = String::new();
    if !style.color || base.is_empty() {
        s.push_str(sign);
        for (_, text) in &line.parts {
            s.push_str(text);
        }
        return s;
    }
    s.push_str(&style.paint(base, sign));
    for (is_emph, text) in &line.parts {
        s.push_str(&style.paint(if *is_emph { emph } else { base }, text));
    }
    s
}

/// A compact human duration: `58µs`, `2.5ms`, `12ms`, `3.40s`.
pub fn human_ms(ms: f64) -> String {
    if ms < 1.0 {
        format!("{:.0}µs", ms * 1000.0)
    } else if ms < 10.0 {
        format!("{ms:.1}ms")
    } else if ms < 1000.0 {
        format!("{ms:.0}ms")
    } else {
        format!("{:.2}s", ms / 1000.0)
    }
}

/// The table printed after every run: one row per problem, then totals;
/// a score column when a problem is scored.
pub fn summary(report: &Report, style: Style) -> String {
    if report.problems.is_empty() && !report.errors.is_empty() {
        // Nothing loaded: the errors above say why; an empty table would
        // only bury them.
        return format!("{}\n", style.dim("no problem was judged"));
    }
    let scored = report.problems.iter().any(|p| p.score.is_some());
    let mut header = vec!["problem", "cases", "passed", "failed"];
    if scored {
        header.push("score");
    }
    header.push("time");
    let mut rows: Vec<Vec<String>> = (report.problems.iter())
        .map(|p| problem_row(p, scored))
        .collect();
    rows.push(total_row(report, scored));
    let mut out = summary_table(&header, &rows, style);
    let counts: Vec<String> = report
        .summary
        .verdicts
        .iter()
        .map(|(v, n)| format!("{} {n}", style.verdict(*v)))
        .collect();
    if !counts.is_empty() {
        let _ = writeln!(out, "verdicts: {}", counts.join(" · "));
    }
    for p in &report.problems {
        for issue in &p.issues {
            let _ = writeln!(out, "{} {}: {issue}", style.red("issue:"), p.id);
        }
    }
    warnings(&mut out, report, style);
    out
}

/// The run's warnings: each said of one problem under its id as the
/// engine wrote it, one said alike of several problems once, with them
/// (see [`crate::notes`]).
fn warnings(out: &mut String, report: &Report, style: Style) {
    let ids = crate::notes::problem_ids(report);
    let grouped = crate::notes::group(&report.meta.warnings, &ids);
    let mark = style.yellow("warning:");
    for w in &grouped.run {
        let _ = writeln!(out, "{mark} {w}");
    }
    for shared in &grouped.shared {
        let (n, names) = (shared.problems.len(), &shared.problems);
        let some = crate::notes::name_some(names, 6);
        let _ = writeln!(out, "{mark} {} ({n} problems: {some})", shared.text);
    }
    for (id, lines) in &grouped.per_problem {
        for w in lines {
            let _ = writeln!(out, "{mark} {id}: {w}");
        }
    }
}

/// A score out of its maximum, or a dash where either is missing.
fn score_cell(x: Option<f64>, max: Option<f64>) -> String {
    match (x, max) {
        (Some(x), Some(m)) => format!("{} / {}", number(x), number(m)),
        _ => "—".to_string(),
    }
}

/// A problem's row of the summary table.
fn problem_row(p: &super::ProblemReport, scored: bool) -> Vec<String> {
    let mut row = vec![
        p.id.clone(),
        p.cases.len().to_string(),
        p.passed.to_string(),
        p.failed.to_string(),
    ];
    if scored {
        row.push(score_cell(p.score, p.max_score));
    }
    row.push(human_ms(p.clock_ms()));
    row
}

/// The summary table's last row: every problem's together, and the
/// run's whole time.
fn total_row(report: &Report, scored: bool) -> Vec<String> {
    let mut total = vec![
        "total".into(),
        report.summary.cases.to_string(),
        report.summary.passed.to_string(),
        report.summary.failed.to_string(),
    ];
    if scored {
        let sum = |f: fn(&super::ProblemReport) -> Option<f64>| {
            report.problems.iter().filter_map(f).sum::<f64>()
        };
        total.push(score_cell(
            Some(sum(|p| p.score)),
            Some(sum(|p| p.max_score)),
        ));
    }
    total.push(human_ms(report.meta.duration_ms));
    total
}

/// `rows` aligned under `header` (the name left, numbers right), a rule
/// above the last row (the totals), a row with failed cases in red.
fn summary_table(header: &[&str], rows: &[Vec<String>], style: Style) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.len()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| -> String {
        let mut s = String::new();
        for (i, cell) in cells.iter().enumerate() {
            if i > 0 {
                s.push_str("  ");
            }
            s.push_str(&pad(cell, widths[i], i > 0));
        }
        s
    };
    let mut out = String::new();
    let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    let _ = writeln!(out, "{}", style.bold(&line(&header)));
    let last = rows.len() - 1;
    for (i, row) in rows.iter().enumerate() {
        if i == last {
            let rule = widths.iter().sum::<usize>() + 2 * (widths.len() - 1);
            let _ = writeln!(out, "{}", style.dim(&"─".repeat(rule)));
        }
        let text = line(row);
        let text = match row[3].as_str() {
            "0" => text,
            _ => style.red(&text),
        };
        let _ = writeln!(out, "{text}");
    }
    out
}

/// The problem folders that did not load (configuration errors), one line
/// each: printed before any table, so a mistake in a `problem.yaml` is the
/// first thing read, not a line under an empty table.
pub fn errors(report: &Report, style: Style) -> String {
    let mut out = String::new();
    for e in &report.errors {
        let _ = writeln!(out, "{} {e}", style.red("error:"));
    }
    out
}

/// `check --every-case`: per problem, how many cases catch some
/// expected-verdict submission, each submission with the cases that catch
/// it (a promise that only one case keeps is worth knowing), and the
/// cases that catch none. Empty when submissions stopped at their first
/// failure.
pub fn catches(report: &Report, style: Style) -> String {
    let mut out = String::new();
    for p in &report.problems {
        let mine: Vec<&super::SubmissionReport> = report
            .submissions
            .iter()
            .filter(|s| s.problem == p.id && s.caught_by.is_some())
            .collect();
        if mine.is_empty() {
            continue;
        }
        let none: Vec<String> = p
            .cases
            .iter()
            .map(|c| c.id())
            .filter(|id| mine.iter().all(|s| s.caught_on(id).is_none()))
            .collect();
        let _ = writeln!(
            out,
            "{} {} cases, {} catch a submission, {} catch none",
            style.bold(&format!("{}:", p.id)),
            p.cases.len(),
            p.cases.len() - none.len(),
            none.len()
        );
        let width = mine
            .iter()
            .map(|s| s.path.chars().count())
            .max()
            .unwrap_or(0);
        for s in &mine {
            let k = s.caught_by.as_deref().unwrap_or_default();
            let names: Vec<String> = k.iter().take(6).map(|c| c.case.clone()).collect();
            let more = match k.len() > names.len() {
                true => format!(", … ({} more)", k.len() - names.len()),
                false => String::new(),
            };
            let count = format!("caught by {:>3}", k.len());
            let count = match k.len() {
                0 if !s.expected.is_accepted() => style.red(&count),
                1 => style.yellow(&count),
                _ => count,
            };
            let line = format!(
                "  {}  {count}  {}{more}",
                pad(&s.path, width, false),
                names.join(", ")
            );
            let _ = writeln!(out, "{}", line.trim_end());
        }
        if !none.is_empty() {
            let _ = writeln!(out, "  {} {}", style.dim("catch none:"), none.join(", "));
        }
    }
    out
}

/// `validate`'s bounds table: per problem and bound, the range the
/// statement allows and the part the cases reach; an end no case reaches
/// is named in yellow (a test set should hold the smallest and largest
/// input the statement allows). Empty when no problem has bounds.
pub fn bounds(report: &Report, style: Style) -> String {
    let rows: Vec<(&str, &crate::solvers::bounds::BoundReach)> = report
        .problems
        .iter()
        .flat_map(|p| p.bounds.iter().map(move |b| (p.id.as_str(), b)))
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    let span = |lo: Option<i64>, hi: Option<i64>| match (lo, hi) {
        (Some(lo), Some(hi)) => format!("{lo} … {hi}"),
        _ => "none".to_string(),
    };
    let cells: Vec<[String; 4]> = rows
        .iter()
        .map(|(id, b)| {
            [
                id.to_string(),
                b.name.clone(),
                span(Some(b.min), Some(b.max)),
                span(b.lowest, b.highest),
            ]
        })
        .collect();
    let rows: Vec<([String; 4], Option<String>)> = cells
        .into_iter()
        .zip(&rows)
        .map(|(c, (_, b))| {
            let missed = b.missed();
            let note = (!missed.is_empty()).then(|| format!("not reached: {}", missed.join(", ")));
            (c, note)
        })
        .collect();
    let head = ["problem", "bound", "allowed", "reached"];
    noted_table(head, [false, false, true, true], &rows, style)
}

/// An aligned table of four columns under a bold heading (`right`: the
/// columns aligned right), each row followed by its note in yellow when
/// it has one: `validate`'s bounds and rules tables, where the note names
/// what the test set misses.
pub(crate) fn noted_table(
    head: [&str; 4],
    right: [bool; 4],
    rows: &[([String; 4], Option<String>)],
    style: Style,
) -> String {
    let widths: Vec<usize> = (0..4)
        .map(|i| {
            (rows.iter().map(|(c, _)| c[i].chars().count()))
                .chain([head[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |c: [&str; 4]| {
        (0..4)
            .map(|i| pad(c[i], widths[i], right[i]))
            .collect::<Vec<_>>()
            .join("  ")
    };
    let mut out = format!("{}\n", style.bold(&line(head)));
    for (c, note) in rows {
        let note = note
            .as_deref()
            .map_or(String::new(), |n| format!("  {}", style.yellow(n)));
        let _ = writeln!(out, "{}{note}", line([&c[0], &c[1], &c[2], &c[3]]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Verdict;

    #[test]
    fn plain_style_has_no_escape_codes() {
        let s = Style { color: false };
        assert_eq!(s.verdict(Verdict::WrongAnswer), "WA");
        assert_eq!(s.red("x"), "x");
        assert!(Style { color: true }.red("x").contains('\x1b'));
    }

    #[test]
    fn durations_read_naturally() {
        assert_eq!(human_ms(0.058), "58µs");
        assert_eq!(human_ms(2.51), "2.5ms");
        assert_eq!(human_ms(12.4), "12ms");
        assert_eq!(human_ms(3400.0), "3.40s");
    }

    #[test]
    fn padding_aligns_both_ways() {
        assert_eq!(pad("ab", 4, false), "ab  ");
        assert_eq!(pad("ab", 4, true), "  ab");
        assert_eq!(pad("abcdef", 4, true), "abcdef");
    }
}
