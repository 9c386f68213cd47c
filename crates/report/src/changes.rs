//! What changed between two reports: verdict flips, cases added or
//! removed, cases that got slower. `judge diff` prints it and fails on any
//! flip to a worse verdict, so a pipeline can refuse a regression. Worse
//! and better are decided by [`Verdict::severity`], as everywhere else.

use std::collections::BTreeMap;

use super::{CaseReport, Report};
use crate::verdict::Verdict;

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
        out.push(match n.severity().cmp(&o.severity()) {
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
            // One that did not run got nothing to compare.
            .filter_map(|s| Some((format!("submission {}", s.path), s.got?)))
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
