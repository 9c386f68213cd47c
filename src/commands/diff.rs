//! `judge diff OLD.yaml NEW.yaml`: what changed between two runs, as a CI
//! gate (see [`crate::report::changes`]). Exit 1 when any case or
//! expected-verdict submission got worse.

use std::path::PathBuf;

use super::context::Context;
use crate::error::Result;
use crate::report::changes::{Change, compare};
use crate::report::console::Style;
use crate::report::{Status, console, yaml};

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The earlier report.yaml.
    pub old: PathBuf,
    /// The later report.yaml.
    pub new: PathBuf,
    /// Flag cases at least this many times slower …
    #[arg(long, default_value_t = 2.0)]
    pub time_factor: f64,
    /// … and slower by at least this many milliseconds (noise floor).
    #[arg(long, default_value_t = 20.0)]
    pub min_ms: f64,
}

pub fn run(ctx: &Context, opts: Args) -> Result<Status> {
    let (old, new) = (yaml::read_file(&opts.old)?, yaml::read_file(&opts.new)?);
    if old.meta.test_set != new.meta.test_set {
        println!(
            "note: the test sets differ ({} → {})",
            old.meta.test_set, new.meta.test_set
        );
    }
    // An interrupted report holds only the problems that finished: the
    // cases of the others show as removed (or added), not as verdicts.
    for (path, report) in [(&opts.old, &old), (&opts.new, &new)] {
        if let Some(i) = &report.meta.interrupted {
            println!(
                "note: {}: {}; the cases of the others count as removed or added",
                path.display(),
                i.sentence()
            );
        }
    }
    let changes = compare(&old, &new, opts.time_factor, opts.min_ms);
    let rows: Vec<(String, String, String)> = changes.iter().map(|c| row(ctx.style, c)).collect();
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
    Ok(Status::from_counts(0, worse))
}

/// One change as a table row: its kind (coloured), the case, the detail.
fn row(s: Style, c: &Change) -> (String, String, String) {
    match c {
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
    }
}
