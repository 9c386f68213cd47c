//! `judge check`: every case through its problem's reference solver, in
//! parallel, compared with the expected output; then reports.

use std::path::PathBuf;

use indicatif::ParallelProgressIterator;
use rayon::prelude::*;

use super::{Context, Error, Status, error_lines, pool, progress_bar, submissions};
use crate::compare::{self, Outcome, read_expected};
use crate::exec::reference;
use crate::exec::sandbox::{Sandbox, SandboxMode};
use crate::problem::{Case, Problem};
use crate::report::{CaseReport, Meta, ProblemReport, Report, console};
use crate::shard::{Shard, test_set_hash};

#[derive(Debug, Clone)]
pub struct CheckOptions {
    pub problems: Vec<String>,
    pub jobs: usize,
    pub report_dir: PathBuf,
    pub shard: Option<Shard>,
    /// Also grade `problems/<id>/submissions/<verdict>/*` and require each
    /// to get its folder's verdict.
    pub submissions: bool,
    pub sandbox: SandboxMode,
}

/// Runs one case through the reference solver and judges it.
pub fn check_case(problem: &Problem, case: &Case) -> CaseReport {
    let exec = reference::run_file(problem.solver(), &case.input);
    let mut outcome: Outcome = compare::judge(
        &exec,
        read_expected(case.answer.as_deref()),
        problem.spec.compare,
        problem.spec.tolerance,
    );
    if outcome.verdict == crate::verdict::Verdict::BadInput {
        outcome.message = outcome
            .message
            .map(|m| format!("{}:{m}", case.input.display()));
    }
    CaseReport::new(&case.group, &case.name, &exec, outcome)
}

/// Checks the selected problems and writes the reports.
pub fn run(ctx: &Context, opts: &CheckOptions) -> Result<(Report, Status), Error> {
    let found = ctx.load(&opts.problems)?;
    let test_set = test_set_hash(&found.problems);
    let found = found.shard(opts.shard);
    let (mut meta, started) =
        Meta::start("check", ctx.command_line.clone(), effective_jobs(opts.jobs));
    meta.test_set = test_set;
    meta.shard = opts.shard.map(|s| s.to_string());
    let jobs: Vec<(&Problem, &Case)> = found
        .problems
        .iter()
        .flat_map(|p| p.cases.iter().map(move |c| (p, c)))
        .collect();
    let bar = progress_bar(jobs.len(), ctx.progress, "check");
    let results: Vec<CaseReport> = pool(opts.jobs)?.install(|| {
        jobs.par_iter()
            .progress_with(bar.clone())
            .map(|(p, c)| check_case(p, c))
            .collect()
    });
    bar.finish_and_clear();
    let mut results = results.into_iter();
    let problems: Vec<ProblemReport> = found
        .problems
        .iter()
        .map(|p| {
            let cases = results.by_ref().take(p.cases.len()).collect();
            ProblemReport::new(
                &p.id,
                &p.spec.name,
                &p.spec.source,
                p.spec.compare,
                &p.spec.solver,
                cases,
            )
        })
        .collect();
    let mut errors = error_lines(&found);
    let mut graded = Vec::new();
    if opts.submissions {
        let hidden = super::grade::hidden_dirs(ctx, &opts.report_dir);
        let sandbox = Sandbox::detect(opts.sandbox, hidden).map_err(Error::Usage)?;
        meta.notes.push(format!(
            "expected-verdict submissions: {}",
            Sandbox::describe(sandbox.as_ref())
        ));
        let jobs = effective_jobs(opts.jobs);
        let (reports, errs) = pool(opts.jobs)?.install(|| {
            submissions::judge_all(&found.problems, sandbox.as_ref(), jobs, opts.shard)
        });
        graded = reports;
        errors.extend(errs);
    }
    meta.duration_ms = crate::report::millis(started.elapsed());
    let report = Report::new(meta, problems, errors).with_submissions(graded);
    print_and_write(ctx, &report, &opts.report_dir)?;
    let status = Status::of(&report);
    Ok((report, status))
}

/// The worker count a `--jobs` value stands for.
pub fn effective_jobs(jobs: usize) -> usize {
    if jobs == 0 {
        rayon::current_num_threads()
    } else {
        jobs
    }
}

/// Prints failing cases and the summary, then writes YAML and HTML reports.
pub fn print_and_write(ctx: &Context, report: &Report, dir: &std::path::Path) -> Result<(), Error> {
    for p in &report.problems {
        for c in p.cases.iter().filter(|c| !c.verdict.is_pass()) {
            println!("{}", console::failure(&p.id, c, ctx.style));
        }
    }
    print!("{}", console::summary(report, ctx.style));
    print!("{}", console::submissions(report, ctx.style));
    report
        .write_to(dir)
        .map_err(|e| Error::Config(format!("{}: cannot write the reports: {e}", dir.display())))?;
    println!(
        "reports: {} and {}",
        dir.join("report.yaml").display(),
        dir.join("report.html").display()
    );
    Ok(())
}
