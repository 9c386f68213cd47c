//! The terminal's account of the expected-verdict submissions: one row
//! each, a broken promise explained under its row, and the run's
//! headline figures last ([`headline`]), in the words of
//! [`Headline::lines`] so the terminal and the page say the same.

use std::fmt::Write;

use crate::headline::Headline;
use crate::style::{Style, pad};
use crate::{Fate, Report, SubmissionReport, number};

/// The expected-verdict submissions table (empty when there were none),
/// with a score column when any submission was scored; a broken promise
/// is explained on the line below it.
pub fn submissions(report: &Report, style: Style) -> String {
    if report.submissions.is_empty() {
        return String::new();
    }
    let columns = Columns::of(&report.submissions);
    let Columns {
        width,
        expected_width,
        ..
    } = columns;
    let mut head = format!(
        "{:<width$}  {:<expected_width$}  got",
        "submission", "expected"
    );
    if let Some(score_width) = columns.score_width {
        head.push_str(&format!("  {:>score_width$}", "score"));
    }
    head.push_str("  result");
    let mut out = format!("{}\n", style.bold(&head));
    for s in &report.submissions {
        submission_row(&mut out, s, &columns, style);
    }
    out
}

/// The widths of the submissions table's columns: the path, the promise,
/// and the score (`None`: no submission was scored, no column).
struct Columns {
    width: usize,
    expected_width: usize,
    score_width: Option<usize>,
}

impl Columns {
    fn of(submissions: &[SubmissionReport]) -> Columns {
        let scored = submissions.iter().any(|s| s.score.is_some());
        let width = (submissions.iter())
            .map(|s| s.path.chars().count())
            .max()
            .unwrap_or(0);
        let expected_width = (submissions.iter())
            .map(|s| s.expected.code().len())
            .chain(["expected".len()])
            .max()
            .unwrap_or(8);
        let score_width = (submissions.iter())
            .map(|s| score_text(s).chars().count())
            .chain([5])
            .max()
            .unwrap_or(5);
        Columns {
            width,
            expected_width,
            score_width: scored.then_some(score_width),
        }
    }
}

/// A submission's score, with the score it promised.
fn score_text(s: &SubmissionReport) -> String {
    match (s.score, s.expected_score) {
        (Some(x), Some(r)) => format!("{} (expected {r})", number(x)),
        (Some(x), None) => number(x),
        (None, _) => String::new(),
    }
}

/// A submission's line of the table, and why it broke its promise on the
/// line below.
fn submission_row(out: &mut String, s: &SubmissionReport, columns: &Columns, style: Style) {
    let result = match (s.fate(), &s.skipped) {
        (Fate::CouldNotRun, why) => format!(
            "{}  {}",
            style.yellow("skipped"),
            style.dim(why.as_deref().unwrap_or_default())
        ),
        (Fate::Unpromised, _) => style.dim("no promise"),
        (Fate::Kept, _) => style.green("ok"),
        (Fate::Broken, _) => style.red("BROKEN PROMISE"),
    };
    let at = s
        .first_failure
        .as_deref()
        .map(|c| format!("  (first failure: {c})"))
        .unwrap_or_default();
    let score = match columns.score_width {
        Some(score_width) => format!("  {}", pad(&score_text(s), score_width, true)),
        None => String::new(),
    };
    let _ = writeln!(
        out,
        "{}  {}  {}{score}  {result}{at}",
        pad(&s.path, columns.width, false),
        pad(&s.expected.code(), columns.expected_width, false),
        match s.got {
            None => pad("—", 3, false),
            Some(got) => pad(&style.verdict(got), 3, false),
        },
    );
    if s.fate() == Fate::Broken
        && let Some(why) = s.message.as_deref().and_then(|m| m.lines().next())
    {
        let _ = writeln!(out, "    {}", style.dim(why));
    }
}

/// The headline figures (see [`Headline`]), printed last: what a jury
/// acts on, whatever scrolled by above. A figure that needs acting on is
/// coloured: broken promises and refused problems red, submissions that
/// could not run yellow.
pub fn headline(report: &Report, style: Style) -> String {
    let h = Headline::of(report);
    let mut out = String::new();
    for line in h.lines() {
        let painted = if line.starts_with("  ") {
            style.yellow(&line)
        } else if (line.starts_with("submissions:") && h.broken > 0)
            || (line.starts_with("problems:") && h.refused > 0)
            || (line.starts_with("cases:") && (h.cases_failed > 0 || h.issues > 0))
        {
            style.red(&line)
        } else {
            style.bold(&line)
        };
        let _ = writeln!(out, "{painted}");
    }
    out
}
