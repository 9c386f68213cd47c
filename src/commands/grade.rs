//! `judge grade`: run a submission on every case of a problem under limits,
//! judge each output with the problem's compare mode, and report.

use std::path::{Path, PathBuf};
use std::time::Duration;

use indicatif::ParallelProgressIterator;
use rayon::prelude::*;

use super::check::{effective_jobs, print_and_write};
use super::{Context, Error, Status, pool, progress_bar};
use crate::compare::{self, Outcome, read_expected};
use crate::exec::build::{self, BuildError, Program};
use crate::exec::process::{self, RunLimits};
use crate::exec::sandbox::{Sandbox, SandboxMode, unwrap_signal};
use crate::exec::{End, Execution};
use crate::problem::{Case, Problem};
use crate::report::{CaseReport, Meta, ProblemReport, Report};
use crate::shard::{Shard, test_set_hash};
use crate::verdict::Verdict;

#[derive(Debug, Clone)]
pub struct GradeOptions {
    pub problem: String,
    pub submission: PathBuf,
    pub cmd: Option<String>,
    pub jobs: usize,
    pub time_limit: Option<Duration>,
    pub memory_limit: Option<u64>,
    pub output_limit: Option<u64>,
    pub report_dir: PathBuf,
    pub junit: Option<PathBuf>,
    pub sandbox: SandboxMode,
    pub shard: Option<Shard>,
}

/// Everything needed to run one submission, shared by `grade` and by
/// `check`'s expected-verdict submissions.
pub struct Grader<'a> {
    pub program: &'a Program,
    pub sandbox: Option<&'a Sandbox>,
    pub limits: RunLimits,
}

impl Grader<'_> {
    /// Runs the program on one case and judges the output.
    pub fn grade_case(&self, problem: &Problem, case: &Case) -> CaseReport {
        let exec = self.execute(&case.input);
        let outcome: Outcome = compare::judge(
            &exec,
            read_expected(case.answer.as_deref()),
            problem.spec.compare,
            problem.spec.tolerance,
        );
        CaseReport::new(&case.group, &case.name, &exec, outcome)
    }

    /// Runs the program on the file `input` under the limits, inside the
    /// sandbox when there is one (each rayon worker gets its own uid slot).
    pub fn execute(&self, input: &Path) -> Execution {
        let slot = rayon::current_thread_index().unwrap_or(0);
        let launch = match self.sandbox {
            Some(sb) => sb.wrap(
                &self.program.launch,
                &self.program.visible,
                &self.limits,
                slot,
            ),
            None => self.program.launch.clone(),
        };
        let mut exec = process::run(&launch, input, &self.limits);
        if self.sandbox.is_some() {
            exec.end = unwrap_signal(exec.end);
        }
        exec
    }
}

/// Limits for a problem, with command-line overrides.
pub fn limits_for(
    problem: &Problem,
    opts_time: Option<Duration>,
    opts_mem: Option<u64>,
    opts_out: Option<u64>,
    program: &Program,
) -> RunLimits {
    let l = &problem.spec.limits;
    let mut limits = RunLimits::new(
        opts_time.unwrap_or(l.time),
        opts_mem.unwrap_or(l.memory),
        opts_out.unwrap_or(l.output),
    );
    if !program.address_space_limit {
        limits.address_space = None;
    }
    limits
}

/// Every case marked CE, for a submission that does not compile.
pub fn compile_error_cases(problem: &Problem) -> Vec<CaseReport> {
    let exec = Execution::failed(End::Exited(0), Duration::ZERO);
    problem
        .cases
        .iter()
        .map(|c| {
            CaseReport::new(
                &c.group,
                &c.name,
                &exec,
                Outcome::new(Verdict::CompileError, "the submission did not compile"),
            )
        })
        .collect()
}

/// Folders the submission must not see: test data, earlier reports, and
/// the folder judge runs in (a checkout usually holds other test sets too).
/// The submission's own folder is bound back on top by the sandbox.
pub fn hidden_dirs(ctx: &Context, report_dir: &Path) -> Vec<PathBuf> {
    [ctx.problems_dir.as_path(), report_dir, Path::new(".")]
        .iter()
        .filter_map(|d| std::fs::canonicalize(d).ok())
        .filter(|d| d != Path::new("/"))
        .collect()
}

pub fn run(ctx: &Context, opts: &GradeOptions) -> Result<(Report, Status), Error> {
    let found = ctx.load(std::slice::from_ref(&opts.problem))?;
    let test_set = test_set_hash(&found.problems);
    let found = found.shard(opts.shard);
    let problem = match found.problems.first() {
        Some(p) => p,
        None => {
            let why = super::error_lines(&found).join("; ");
            return Err(Error::Config(why));
        }
    };
    let sandbox =
        Sandbox::detect(opts.sandbox, hidden_dirs(ctx, &opts.report_dir)).map_err(Error::Usage)?;
    let jobs = effective_jobs(opts.jobs);
    let (mut meta, started) = Meta::start("grade", ctx.command_line.clone(), jobs);
    meta.test_set = test_set;
    meta.shard = opts.shard.map(|s| s.to_string());
    meta.notes.push(Sandbox::describe(sandbox.as_ref()));
    let memory = opts.memory_limit.unwrap_or(problem.spec.limits.memory);
    let subject = opts.submission.display().to_string();
    let (cases, build_log) = match build::prepare(&opts.submission, opts.cmd.as_deref(), memory) {
        Err(BuildError::Setup(msg)) => return Err(Error::Config(msg)),
        Err(BuildError::Compile(log)) => (compile_error_cases(problem), Some(log)),
        Ok(program) => {
            let limits = limits_for(
                problem,
                opts.time_limit,
                opts.memory_limit,
                opts.output_limit,
                &program,
            );
            meta.notes.push(format!(
                "{} submission; limits: CPU time {}, wall clock {}, memory {}, output {}",
                program.language,
                crate::units::format_duration(limits.cpu),
                crate::units::format_duration(limits.wall),
                crate::units::format_size(limits.memory),
                crate::units::format_size(limits.output),
            ));
            let grader = Grader {
                program: &program,
                sandbox: sandbox.as_ref(),
                limits,
            };
            let bar = progress_bar(problem.cases.len(), ctx.progress, "grade");
            let cases = pool(jobs)?.install(|| {
                problem
                    .cases
                    .par_iter()
                    .progress_with(bar.clone())
                    .map(|c| grader.grade_case(problem, c))
                    .collect()
            });
            bar.finish_and_clear();
            (cases, None)
        }
    };
    let mut report_problem = ProblemReport::new(
        &problem.id,
        &problem.spec.name,
        &problem.spec.source,
        problem.spec.compare,
        &subject,
        cases,
    );
    report_problem.build_log = build_log;
    if let Some(log) = &report_problem.build_log {
        println!("{}\n{log}", ctx.style.red("compile error:"));
    }
    meta.duration_ms = crate::report::millis(started.elapsed());
    let report = Report::new(meta, vec![report_problem], Vec::new());
    print_and_write(ctx, &report, &opts.report_dir)?;
    if let Some(path) = &opts.junit {
        write_junit(&report, path)?;
        println!("junit: {}", path.display());
    }
    let status = if report.all_passed() {
        Status::Passed
    } else {
        Status::Failed
    };
    Ok((report, status))
}

/// Writes the JUnit file atomically.
pub fn write_junit(report: &Report, path: &Path) -> Result<(), Error> {
    let xml = crate::report::junit::render(report)
        .map_err(|e| Error::Config(format!("cannot render JUnit XML: {e}")))?;
    crate::fsutil::write_atomic(path, xml.as_bytes())
        .map_err(|e| Error::Config(format!("{}: cannot write: {e}", path.display())))
}
