//! `judge merge`: join the reports of `--shard K/N` jobs into one.
//!
//! A merge is refused when the shards do not add up (missing or repeated
//! shards, different N), come from different test-set revisions (content
//! hash), or from different commands: a silently partial report would let
//! CI pass on cases nobody ran.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::check::print_and_write;
use super::grade::write_junit;
use super::{Context, Error, Status};
use crate::report::{CaseReport, ProblemReport, Report};

#[derive(Debug, Clone)]
pub struct MergeOptions {
    pub reports: Vec<PathBuf>,
    pub report_dir: PathBuf,
    pub junit: Option<PathBuf>,
}

/// Joins shard reports; errors say exactly what does not fit.
pub fn merge(reports: &[(PathBuf, Report)]) -> Result<Report, Error> {
    let Some((first_path, first)) = reports.first() else {
        return Err(Error::Usage("merge needs at least one report".into()));
    };
    let mut seen: BTreeMap<usize, &Path> = BTreeMap::new();
    let mut count = None;
    for (path, r) in reports {
        if r.meta.kind != first.meta.kind {
            return Err(Error::Usage(format!(
                "{} is a `{}` report but {} is a `{}` report",
                path.display(),
                r.meta.kind,
                first_path.display(),
                first.meta.kind
            )));
        }
        if r.meta.test_set != first.meta.test_set {
            return Err(Error::Usage(format!(
                "{} was made from test set {} but {} from {}: different revisions cannot be merged",
                path.display(),
                r.meta.test_set,
                first_path.display(),
                first.meta.test_set
            )));
        }
        let shard: crate::shard::Shard = r
            .meta
            .shard
            .as_deref()
            .ok_or_else(|| {
                Error::Usage(format!(
                    "{} is not a shard report (run with --shard K/N)",
                    path.display()
                ))
            })?
            .parse()
            .map_err(Error::Usage)?;
        if *count.get_or_insert(shard.count) != shard.count {
            return Err(Error::Usage(format!(
                "{}: shard {shard} does not belong to a split into {} parts",
                path.display(),
                count.unwrap_or(0)
            )));
        }
        if let Some(other) = seen.insert(shard.index, path) {
            return Err(Error::Usage(format!(
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
        return Err(Error::Usage(format!(
            "missing shard(s): {}",
            missing.join(", ")
        )));
    }
    Ok(join(reports.iter().map(|(_, r)| r)))
}

/// The union of the shards, sorted as an unsharded run would be.
fn join<'a>(reports: impl Iterator<Item = &'a Report> + Clone) -> Report {
    let first = reports.clone().next().expect("checked non-empty");
    let mut problems: BTreeMap<String, (ProblemReport, Vec<CaseReport>, BTreeSet<String>)> =
        BTreeMap::new();
    let mut errors = BTreeSet::new();
    let mut notes = Vec::new();
    let mut submissions = Vec::new();
    let mut meta = first.meta.clone();
    for r in reports {
        errors.extend(r.errors.iter().cloned());
        for n in &r.meta.notes {
            if !notes.contains(n) {
                notes.push(n.clone());
            }
        }
        meta.duration_ms = meta.duration_ms.max(r.meta.duration_ms);
        meta.started_at = meta.started_at.clone().min(r.meta.started_at.clone());
        submissions.extend(r.submissions.iter().cloned());
        for p in &r.problems {
            let entry = problems
                .entry(p.id.clone())
                .or_insert_with(|| (p.clone(), Vec::new(), BTreeSet::new()));
            entry.1.extend(p.cases.iter().cloned());
            entry.2.extend(p.issues.iter().cloned());
        }
    }
    let problems = problems
        .into_values()
        .map(|(p, mut cases, issues)| {
            cases.sort_by(|a, b| (&a.group, &a.name).cmp(&(&b.group, &b.name)));
            let mut merged =
                ProblemReport::new(&p.id, &p.name, &p.source, p.compare, &p.subject, cases);
            merged.issues = issues.into_iter().collect();
            merged.build_log = p.build_log;
            merged
        })
        .collect();
    submissions.sort_by(|a, b| a.path.cmp(&b.path));
    meta.shard = None;
    meta.notes = notes;
    meta.command = std::env::args().collect::<Vec<_>>().join(" ");
    Report::new(meta, problems, errors.into_iter().collect()).with_submissions(submissions)
}

pub fn run(ctx: &Context, opts: &MergeOptions) -> Result<(Report, Status), Error> {
    let reports = opts
        .reports
        .iter()
        .map(|p| super::read_report(p).map(|r| (p.clone(), r)))
        .collect::<Result<Vec<_>, _>>()?;
    let merged = merge(&reports)?;
    print_and_write(ctx, &merged, &opts.report_dir)?;
    if let Some(path) = &opts.junit {
        write_junit(&merged, path)?;
    }
    let status = if merged.all_passed() {
        Status::Passed
    } else {
        Status::Failed
    };
    Ok((merged, status))
}
