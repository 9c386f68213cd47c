//! `judge diff OLD.yaml NEW.yaml`: what changed between two runs, as a CI
//! gate. Verdict flips, cases added or removed, and time regressions are
//! listed; the exit code is 1 when any case (or expected-verdict
//! submission) got worse, so a pipeline can refuse a regression.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::{Context, Error, Status};
use crate::report::{CaseReport, Report, console};
use crate::verdict::Verdict;

#[derive(Debug, Clone)]
pub struct DiffOptions {
    pub old: PathBuf,
    pub new: PathBuf,
    /// A case is slower when new time > old time × factor …
    pub time_factor: f64,
    /// … and by at least this many milliseconds (noise floor).
    pub min_ms: f64,
}

/// How bad a verdict is: passing, a presentation problem, failing.
fn rank(v: Verdict) -> u8 {
    match v {
        Verdict::Accepted => 0,
        Verdict::PresentationError => 1,
        _ => 2,
    }
}

/// One line of the comparison.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    Worse {
        case: String,
        old: Verdict,
        new: Verdict,
    },
    Better {
        case: String,
        old: Verdict,
        new: Verdict,
    },
    Changed {
        case: String,
        old: Verdict,
        new: Verdict,
    },
    Added {
        case: String,
        verdict: Verdict,
    },
    Removed {
        case: String,
        verdict: Verdict,
    },
    Slower {
        case: String,
        old_ms: f64,
        new_ms: f64,
    },
}

fn cases(r: &Report) -> BTreeMap<String, &CaseReport> {
    r.problems
        .iter()
        .flat_map(|p| {
            p.cases
                .iter()
                .map(move |c| (format!("{}/{}", p.id, c.id()), c))
        })
        .collect()
}

/// Compares two reports; changes come sorted by case id within each kind.
pub fn compare(old: &Report, new: &Report, time_factor: f64, min_ms: f64) -> Vec<Change> {
    let (a, b) = (cases(old), cases(new));
    let mut out = Vec::new();
    let mut verdicts = |case: String, o: Verdict, n: Verdict| {
        out.push(match rank(n).cmp(&rank(o)) {
            std::cmp::Ordering::Greater => Change::Worse {
                case,
                old: o,
                new: n,
            },
            std::cmp::Ordering::Less => Change::Better {
                case,
                old: o,
                new: n,
            },
            std::cmp::Ordering::Equal => Change::Changed {
                case,
                old: o,
                new: n,
            },
        })
    };
    for (id, o) in &a {
        if let Some(n) = b.get(id)
            && o.verdict != n.verdict
        {
            verdicts(id.clone(), o.verdict, n.verdict);
        }
    }
    let subs = |r: &Report| -> BTreeMap<String, Verdict> {
        r.submissions
            .iter()
            .map(|s| (format!("submission {}", s.path), s.got))
            .collect()
    };
    let (sa, sb) = (subs(old), subs(new));
    for (id, o) in &sa {
        if let Some(n) = sb.get(id)
            && o != n
        {
            verdicts(id.clone(), *o, *n);
        }
    }
    for (id, n) in &b {
        if !a.contains_key(id) {
            out.push(Change::Added {
                case: id.clone(),
                verdict: n.verdict,
            });
        }
    }
    for (id, o) in &a {
        if !b.contains_key(id) {
            out.push(Change::Removed {
                case: id.clone(),
                verdict: o.verdict,
            });
        }
    }
    for (id, o) in &a {
        if let Some(n) = b.get(id)
            && n.time_ms > o.time_ms * time_factor
            && n.time_ms - o.time_ms >= min_ms
        {
            out.push(Change::Slower {
                case: id.clone(),
                old_ms: o.time_ms,
                new_ms: n.time_ms,
            });
        }
    }
    out
}

pub fn run(ctx: &Context, opts: &DiffOptions) -> Result<Status, Error> {
    let (old, new) = (
        super::read_report(&opts.old)?,
        super::read_report(&opts.new)?,
    );
    if old.meta.test_set != new.meta.test_set {
        println!(
            "note: the test sets differ ({} → {})",
            old.meta.test_set, new.meta.test_set
        );
    }
    let changes = compare(&old, &new, opts.time_factor, opts.min_ms);
    let s = ctx.style;
    let rows: Vec<(String, String, String)> = changes
        .iter()
        .map(|c| match c {
            Change::Worse { case, old, new } => (
                s.red(&format!("{:<8}", "worse")),
                case.clone(),
                format!("{} → {}", s.verdict(*old), s.verdict(*new)),
            ),
            Change::Better { case, old, new } => (
                s.green(&format!("{:<8}", "better")),
                case.clone(),
                format!("{} → {}", s.verdict(*old), s.verdict(*new)),
            ),
            Change::Changed { case, old, new } => (
                s.yellow(&format!("{:<8}", "changed")),
                case.clone(),
                format!("{} → {}", s.verdict(*old), s.verdict(*new)),
            ),
            Change::Added { case, verdict } => {
                (format!("{:<8}", "added"), case.clone(), s.verdict(*verdict))
            }
            Change::Removed { case, verdict } => (
                format!("{:<8}", "removed"),
                case.clone(),
                s.verdict(*verdict),
            ),
            Change::Slower {
                case,
                old_ms,
                new_ms,
            } => (
                s.yellow(&format!("{:<8}", "slower")),
                case.clone(),
                format!(
                    "{} → {} ({:.1}x)",
                    console::human_ms(*old_ms),
                    console::human_ms(*new_ms),
                    new_ms / old_ms.max(1e-9)
                ),
            ),
        })
        .collect();
    let width = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    for (kind, case, detail) in &rows {
        println!("{kind}{case:<width$}  {detail}");
    }
    let worse = changes
        .iter()
        .filter(|c| matches!(c, Change::Worse { .. }))
        .count();
    println!(
        "{} changes: {worse} worse, {} better, {} added, {} removed, {} slower",
        changes.len(),
        changes
            .iter()
            .filter(|c| matches!(c, Change::Better { .. }))
            .count(),
        changes
            .iter()
            .filter(|c| matches!(c, Change::Added { .. }))
            .count(),
        changes
            .iter()
            .filter(|c| matches!(c, Change::Removed { .. }))
            .count(),
        changes
            .iter()
            .filter(|c| matches!(c, Change::Slower { .. }))
            .count(),
    );
    Ok(if worse > 0 {
        Status::Failed
    } else {
        Status::Passed
    })
}
