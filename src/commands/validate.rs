//! `judge validate`: prove the test set itself is well formed.
//!
//! Every input goes through its problem's strict validator (exact layout and
//! every constraint of the statement); then case hygiene is checked: each
//! `.in` has an `.out` and vice versa, nothing else lives in `cases/`, no two
//! cases share an input, and expected outputs end with a newline and hold no
//! carriage return.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use rayon::prelude::*;

use super::check::{effective_jobs, print_and_write};
use super::{Context, Error, Status, error_lines, pool};
use crate::compare::Outcome;
use crate::exec::{End, Execution, reference};
use crate::problem::{Case, Problem};
use crate::report::{CaseReport, Meta, ProblemReport, Report};
use crate::shard::{Shard, test_set_hash};
use crate::verdict::Verdict;

#[derive(Debug, Clone)]
pub struct ValidateOptions {
    pub problems: Vec<String>,
    pub jobs: usize,
    pub report_dir: PathBuf,
    pub shard: Option<Shard>,
}

/// Validates one case's input strictly.
pub fn validate_case(problem: &Problem, case: &Case) -> CaseReport {
    let solver = problem.solver();
    let start = Instant::now();
    let outcome = match reference::read_input(&case.input) {
        Err(End::InputRejected(e)) => {
            Outcome::new(Verdict::BadInput, format!("{}:{e}", case.input.display()))
        }
        Err(other) => Outcome::new(Verdict::JudgeError, format!("{other:?}")),
        Ok(text) => match solver.validate(&text) {
            Err(e) => Outcome::new(Verdict::BadInput, format!("{}:{e}", case.input.display())),
            Ok(()) if case.answer.is_none() => {
                Outcome::new(Verdict::MissingAnswer, "no .out file beside the .in file")
            }
            Ok(()) => Outcome {
                verdict: Verdict::Accepted,
                message: None,
                diff: None,
            },
        },
    };
    let exec = Execution::failed(End::Exited(0), start.elapsed());
    CaseReport::new(&case.group, &case.name, &exec, outcome)
}

/// Faults of a problem's case folder that belong to no single case.
pub fn hygiene(problem: &Problem) -> Vec<String> {
    let mut issues = Vec::new();
    for path in &problem.orphan_answers {
        issues.push(format!(
            "{}: an .out file without an .in file",
            path.display()
        ));
    }
    for path in &problem.stray_files {
        issues.push(format!(
            "{}: not a case file (only .in and .out belong in cases/)",
            path.display()
        ));
    }
    let mut seen: HashMap<Vec<u8>, String> = HashMap::new();
    for case in &problem.cases {
        if let Ok(bytes) = std::fs::read(&case.input) {
            if let Some(first) = seen.get(&bytes) {
                issues.push(format!(
                    "{}: same input as case {first}",
                    case.input.display()
                ));
            } else {
                seen.insert(bytes, case.id());
            }
        }
        let Some(answer) = &case.answer else { continue };
        match std::fs::read(answer) {
            Err(e) => issues.push(format!("{}: cannot read: {e}", answer.display())),
            Ok(bytes) => {
                if let Some(i) = bytes.iter().position(|&b| b == b'\r') {
                    let line = bytes[..i].iter().filter(|&&b| b == b'\n').count() + 1;
                    issues.push(format!(
                        "{}:{line}: carriage return in an expected output",
                        answer.display()
                    ));
                }
                if !bytes.is_empty() && !bytes.ends_with(b"\n") {
                    issues.push(format!("{}: no final newline", answer.display()));
                }
            }
        }
    }
    issues
}

pub fn run(ctx: &Context, opts: &ValidateOptions) -> Result<(Report, Status), Error> {
    let found = ctx.load(&opts.problems)?;
    let test_set = test_set_hash(&found.problems);
    let found = found.shard(opts.shard);
    let (mut meta, started) = Meta::start(
        "validate",
        ctx.command_line.clone(),
        effective_jobs(opts.jobs),
    );
    meta.test_set = test_set;
    meta.shard = opts.shard.map(|s| s.to_string());
    let problems: Vec<ProblemReport> = pool(opts.jobs)?.install(|| {
        found
            .problems
            .iter()
            .map(|p| {
                let cases = p.cases.par_iter().map(|c| validate_case(p, c)).collect();
                let subject = format!("validator of {}", p.spec.solver);
                let mut report = ProblemReport::new(
                    &p.id,
                    &p.spec.name,
                    &p.spec.source,
                    p.spec.compare,
                    &subject,
                    cases,
                );
                report.issues = hygiene(p);
                report
            })
            .collect()
    });
    meta.duration_ms = crate::report::millis(started.elapsed());
    let report = Report::new(meta, problems, error_lines(&found));
    print_and_write(ctx, &report, &opts.report_dir)?;
    let status = Status::of(&report);
    Ok((report, status))
}
