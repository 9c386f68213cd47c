//! `judge check`: every case through its problem's reference solver, then
//! every expected-verdict submission; reports.

use super::{Context, RunArgs, SandboxArgs};
use crate::engine::{case, run::Session, run::load_errors, submissions};
use crate::error::Result;
use crate::report::{RunKind, Status};

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problems to check (all when none given).
    pub problems: Vec<String>,
    /// Skip grading the expected-verdict submissions (PROBLEMS/ID/submissions/VERDICT/*).
    #[arg(long)]
    pub no_submissions: bool,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let selection = ctx.load(&args.problems)?;
    let mut session = Session::start(&ctx.settings(RunKind::Check, &args.run), &selection)?;
    let shard = selection.clone().shard(args.run.shard);
    let problems = session.judge_cases(
        &shard.problems,
        |p| p.spec.solver.id().to_string(),
        case::check_case,
    );
    let mut errors = load_errors(&shard);
    let mut graded = Vec::new();
    // A runner (and with it the sandbox) only when there is something to run.
    if !args.no_submissions && submissions::exist(&selection.problems) {
        let runner = ctx.runner(args.sandbox.sandbox, session.workers())?;
        session.note_runner(&runner);
        let batch = session.workers();
        let (reports, errs) = session.install(|| {
            submissions::judge_all(&selection.problems, &runner, batch, args.run.shard)
        });
        graded = reports;
        errors.extend(errs);
    }
    let report = session.finish(problems, errors, graded);
    ctx.publish(&report, &args.run)?;
    Ok(report.status())
}
