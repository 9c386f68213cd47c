//! `judge check`: every case through its problem's reference (an in-crate
//! solver or a reference program), judged like a submission; then every
//! expected-verdict submission; reports. A problem with a `recipe.yaml`
//! also has its inputs compared with what the recipe makes (drift).

use super::args::{RunArgs, SandboxArgs};
use super::context::Context;
use crate::engine::check::Reference;
use crate::engine::run::{Session, load_errors, prepare, views};
use crate::engine::tools::{Need, Tools};
use crate::engine::{drift, submissions, timing};
use crate::error::Result;
use crate::report::{RunKind, Status};

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problems to check (all when none given).
    pub problems: Vec<String>,
    /// Skip grading the expected-verdict submissions (PROBLEMS/ID/submissions/VERDICT/*).
    #[arg(long)]
    pub no_submissions: bool,
    /// Judge expected-verdict submissions on every case instead of up to
    /// their first failure, and report which cases catch which submission
    /// (a case × submission table in the HTML) and which catch none.
    #[arg(long, conflicts_with = "no_submissions")]
    pub every_case: bool,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let mut selection = ctx.load(&args.problems)?;
    let mut session = Session::start(&ctx.settings(RunKind::Check, &args.run), &selection)?;
    let with_submissions = !args.no_submissions && submissions::exist(&selection.problems);
    // A runner (and with it the sandbox) only when there is something to run.
    let needed = with_submissions
        || selection
            .problems
            .iter()
            .any(|p| Tools::needs_runner(p, Need::CHECK) || drift::needs_runner(p));
    let runner = ctx.runner_for(needed, args.sandbox.sandbox, &mut session)?;
    if let Some(runner) = &runner {
        ctx.settle_time_limits(&mut selection, runner, &mut session);
    }
    let shard = selection.clone().shard(args.run.shard);
    let (tools, build_errors) =
        session.install(|| prepare(&selection.problems, runner.as_ref(), Need::CHECK));
    if shard.problems.iter().any(|p| p.solver().is_some()) {
        session.note(
            "in-crate reference solvers run in-process: CPU time is the worker thread's, \
             memory the most heap the solver held (no stack or binary)",
        );
    }
    let views = views(&tools, &shard.problems);
    let references: Vec<Reference> = views.iter().map(Reference::new).collect();
    let mut problems =
        session.judge_cases(&references, |p| p.reference_name(), Reference::check_case);
    // An expected output is only right for the input its recipe makes.
    session.install(|| drift::add_issues(&mut problems, &tools));
    let mut errors = load_errors(&shard);
    errors.extend(build_errors);
    let mut graded = Vec::new();
    if let (true, Some(runner)) = (with_submissions, &runner) {
        let batch = session.workers();
        let judged = session.install(|| {
            submissions::judge_all(&tools, runner, batch, args.run.shard, args.every_case)
        });
        graded = judged.reports;
        for tight in timing::tight_limits(&graded) {
            session.warn(tight);
        }
        errors.extend(judged.errors);
        for skipped in judged.skipped {
            session.note(format!("submission not judged: {skipped}"));
        }
    }
    if let Some(runner) = &runner {
        session.note_cache(runner);
    }
    let report = session.finish(problems, errors, graded);
    ctx.publish(&report, &args.run, None)?;
    Ok(report.status())
}
