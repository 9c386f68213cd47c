//! Joining the reports of `--shard K/N` runs into one.
//!
//! A merge is refused when the shards do not add up (missing or repeated
//! shards, different N), come from different test-set revisions (content
//! hash), or from different commands: a silently partial report would let
//! CI pass on cases nobody ran. The merged report holds what one unsharded
//! run would have written, so it gives the same exit status, once the
//! engine's `score::merged` has scored its scoring problems again (each
//! shard scored only its own cases; `judge merge` does both).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{CaseReport, Interrupted, ProblemReport, Report};
use crate::error::Error;

/// Joins shard reports; errors say exactly what does not fit.
pub fn merge(reports: &[(PathBuf, Report)], command: &str) -> Result<Report, Error> {
    let Some((first_path, first)) = reports.first() else {
        return Err(Error::Reports("merge needs at least one report".into()));
    };
    let mut seen: BTreeMap<usize, &Path> = BTreeMap::new();
    let mut count = None;
    for (path, r) in reports {
        if r.meta.kind != first.meta.kind {
            return Err(Error::Reports(format!(
                "{} is a `{}` report but {} is a `{}` report",
                path.display(),
                r.meta.kind,
                first_path.display(),
                first.meta.kind
            )));
        }
        if r.meta.test_set != first.meta.test_set {
            return Err(Error::Reports(format!(
                "{} was made from test set {} but {} from {}: different revisions cannot be merged",
                path.display(),
                r.meta.test_set,
                first_path.display(),
                first.meta.test_set
            )));
        }
        let shard = r.meta.shard.ok_or_else(|| {
            Error::Reports(format!(
                "{} is not a shard report (run with --shard K/N)",
                path.display()
            ))
        })?;
        if *count.get_or_insert(shard.count) != shard.count {
            return Err(Error::Reports(format!(
                "{}: shard {shard} does not belong to a split into {} parts",
                path.display(),
                count.unwrap_or(0)
            )));
        }
        if let Some(other) = seen.insert(shard.index, path) {
            return Err(Error::Reports(format!(
                "shard {shard} appears twice: {} and {}",
                other.display(),
                path.display()
            )));
        }
    }
    let n = count.unwrap_or(0);
    let missing: Vec<String> = (1..=n)
        .filter(|k| !seen.contains_key(k))
        .map(|k| format!("{k}/{n}"))
        .collect();
    if !missing.is_empty() {
        return Err(Error::Reports(format!(
            "missing shard(s): {}",
            missing.join(", ")
        )));
    }
    let mut merged = join(first, reports.iter().map(|(_, r)| r), command);
    merged.meta.interrupted = interrupted(reports.iter().map(|(_, r)| r));
    Ok(merged)
}

/// Whether the merge of `reports` is unfinished: when a shard is (stopped
/// by a signal, or written while it ran). Then only the problems every
/// shard finished are whole in it; the others have some shards' cases.
fn interrupted<'a>(reports: impl Iterator<Item = &'a Report> + Clone) -> Option<Interrupted> {
    let stopped: Vec<&Interrupted> = reports
        .clone()
        .filter_map(|r| r.meta.interrupted.as_ref())
        .collect();
    if stopped.is_empty() {
        return None;
    }
    let signal = stopped.iter().find_map(|i| i.signal.clone());
    let total = stopped.iter().map(|i| i.problems_total).max().unwrap_or(0);
    let mut ids: Vec<&str> = reports
        .clone()
        .flat_map(|r| r.problems.iter().map(|p| p.id.as_str()))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let whole = ids
        .iter()
        .filter(|id| {
            reports
                .clone()
                .all(|r| r.problems.iter().any(|p| p.id == **id))
        })
        .count();
    Some(Interrupted {
        signal,
        problems_done: whole.min(total),
        problems_total: total,
    })
}

/// The union of the shards, sorted as an unsharded run would be.
fn join<'a>(first: &Report, reports: impl Iterator<Item = &'a Report>, command: &str) -> Report {
    let mut problems: BTreeMap<String, (ProblemReport, Vec<CaseReport>, Vec<String>)> =
        BTreeMap::new();
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    let mut warnings = Vec::new();
    let mut submissions = Vec::new();
    let mut meta = first.meta.clone();
    for r in reports {
        // Every shard reports the same load errors, notes and test-set
        // issues (they concern the whole set): keep each once, in order.
        add_new(&mut errors, &r.errors);
        add_new(&mut notes, &r.meta.notes);
        add_new(&mut warnings, &r.meta.warnings);
        meta.duration_ms = meta.duration_ms.max(r.meta.duration_ms);
        meta.started_at = meta.started_at.clone().min(r.meta.started_at.clone());
        submissions.extend(r.submissions.iter().cloned());
        for p in &r.problems {
            let entry = problems
                .entry(p.id.clone())
                .or_insert_with(|| (p.clone(), Vec::new(), Vec::new()));
            // Shards run side by side: the problem took as long as its
            // slowest shard.
            entry.0.wall_ms = entry.0.wall_ms.max(p.wall_ms);
            entry.1.extend(p.cases.iter().cloned());
            add_new(&mut entry.2, &p.issues);
        }
    }
    let problems = problems
        .into_values()
        .map(|(mut p, mut cases, issues)| {
            cases.sort_by(|a, b| {
                crate::problem::case_order((&a.group, &a.name), (&b.group, &b.name))
            });
            p.issues = issues;
            p.with_cases(cases)
        })
        .collect();
    submissions.sort_by(|a, b| (&a.problem, &a.path).cmp(&(&b.problem, &b.path)));
    meta.shard = None;
    meta.notes = notes;
    meta.warnings = warnings;
    meta.command = command.to_string();
    Report::new(meta, problems, errors).with_submissions(submissions)
}

/// Appends the lines of `more` that `into` does not hold yet.
fn add_new(into: &mut Vec<String>, more: &[String]) {
    for line in more {
        if !into.contains(line) {
            into.push(line.clone());
        }
    }
}
