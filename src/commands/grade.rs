//! `judge grade`: run a submission on every case of a problem under limits,
//! judge each output with the problem's compare mode, and report.

use super::args::{LimitArgs, RunArgs, SandboxArgs, SubmissionArgs};
use super::context::Context;
use crate::engine::illustrate::Wanted;
use crate::engine::pass::grade::Grade;
use crate::engine::pass::skeleton::Session;
use crate::error::Result;
use crate::report::{RunKind, Status};

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
    /// Draw every case's pictures (its input and output boards) into the
    /// report, not only the failing cases' (judge's own problems).
    #[arg(long)]
    pub pictures: bool,
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let mut selection = ctx.load(std::slice::from_ref(&args.problem))?;
    if let Some((_, e)) = selection.errors.first() {
        return Err(e.clone().into());
    }
    // Each submission keeps its own latest report.
    let name = args
        .submission
        .submission
        .as_deref()
        .and_then(|p| p.file_stem())
        .map_or_else(|| "cmd".to_string(), |s| s.to_string_lossy().into_owned());
    let settings = ctx.settings(RunKind::Grade, &args.run, Some(&name));
    let mut session = Session::start(&settings, &selection)?;
    let runner = ctx.runner(args.sandbox.sandbox, session.workers())?;
    session.note_runner(&runner);
    let grade = Grade {
        problem: &args.problem,
        source: args.submission.source(),
        overrides: args.limits.overrides(),
        shard: args.run.shard,
        pictures: Wanted::every_case(args.pictures),
    };
    let done = grade.run(session, &mut selection, &runner)?;
    ctx.publish(done, &args.run, Some(&name))
}
