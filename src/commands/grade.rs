//! `judge grade`: run a submission on every case of a problem under limits,
//! judge each output with the problem's compare mode, and report.

use super::args::{LimitArgs, RunArgs, SandboxArgs, SubmissionArgs};
use super::context::Context;
use crate::engine::build::BuildError;
use crate::engine::grader::Grader;
use crate::engine::limits;
use crate::engine::record;
use crate::engine::reuse::CachedGrader;
use crate::engine::run::{Session, prepare};
use crate::engine::tools::Need;
use crate::error::{Error, Result};
use crate::report::{RunKind, Status};
use crate::units::{format_duration, format_size};

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problem folder name.
    pub problem: String,
    #[command(flatten)]
    pub submission: SubmissionArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let mut selection = ctx.load(std::slice::from_ref(&args.problem))?;
    if let Some((_, e)) = selection.errors.first() {
        return Err(e.clone().into());
    }
    let mut session = Session::start(&ctx.settings(RunKind::Grade, &args.run), &selection)?;
    let runner = ctx.runner(args.sandbox.sandbox, session.workers())?;
    session.note_runner(&runner);
    ctx.settle_time_limits(&mut selection, &runner, &mut session);
    if let Some((_, e)) = selection.errors.first() {
        return Err(e.clone().into());
    }
    let shard = selection.shard(args.run.shard);
    let problem = shard
        .problems
        .first()
        .ok_or_else(|| Error::Usage(format!("unknown problem {}", args.problem)))?;
    // The problem's checker or interactor must build before anything is
    // graded: its failure is the judge's (exit 2), not the submission's.
    let (tools, errors) = session.install(|| prepare(&shard.problems, Some(&runner), Need::GRADE));
    if let Some(e) = errors.into_iter().next() {
        return Err(Error::ProblemProgram(e));
    }
    let overrides = args.limits.overrides();
    let memory = overrides.memory.unwrap_or(problem.spec.limits.memory);
    let subject = args.submission.subject();
    let built = args.submission.build(&runner, memory);
    let mut problems = match &built {
        Err(BuildError::Setup(msg) | BuildError::Unavailable(msg)) => {
            return Err(Error::Setup(msg.clone()));
        }
        Err(BuildError::Compile(_)) => session.judge_cases(
            &tools,
            |_| subject.clone(),
            |_, c| record::compile_error_case(c),
        ),
        Ok(program) => {
            let limits = limits::for_problem(problem, overrides, &program.language);
            session.note(format!(
                "{} submission; limits: CPU time {}, wall clock {}, memory {}, output {}",
                program.language,
                format_duration(limits.cpu),
                format_duration(limits.wall),
                format_size(limits.memory),
                format_size(limits.output),
            ));
            let graders: Vec<CachedGrader> = tools
                .iter()
                .map(|t| CachedGrader::new(Grader::submission(t, &runner, program, limits)))
                .collect();
            let mut graded =
                session.judge_cases(&graders, |_| subject.clone(), CachedGrader::grade_case);
            // The report states the limits the cases were judged under.
            for p in &mut graded {
                p.limits = Some(crate::report::LimitsReport::new(
                    limits.cpu,
                    limits.memory,
                    limits.output,
                ));
                p.language = Some(program.language.to_string());
            }
            graded
        }
    };
    if let Err(BuildError::Compile(log)) = built {
        // Printed once, with the report (`publish`).
        for p in &mut problems {
            p.build_log = Some(log.clone());
        }
    }
    session.note_cache(&runner);
    let report = session.finish(problems, Vec::new(), Vec::new());
    // Each submission keeps its own latest report.
    let name = args
        .submission
        .submission
        .as_deref()
        .and_then(|p| p.file_stem())
        .map_or_else(|| "cmd".to_string(), |s| s.to_string_lossy().into_owned());
    ctx.publish(&report, &args.run, Some(&name))?;
    Ok(report.status())
}
