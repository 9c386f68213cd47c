//! `judge check`: every case through its problem's reference, then every
//! expected-verdict submission ([`crate::engine::pass::check`]); reports.

use super::args::{RunArgs, SandboxArgs};
use super::context::Context;
use crate::engine::illustrate::Wanted;
use crate::engine::pass::check::Check;
use crate::engine::pass::skeleton::Session;
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
    /// Draw every case's pictures (its input and output boards) into the
    /// report, not only the failing cases' (judge's own problems).
    #[arg(long)]
    pub pictures: bool,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let check = Check {
        submissions: !args.no_submissions,
        every_case: args.every_case,
        shard: args.run.shard,
        pictures: Wanted::every_case(args.pictures),
    };
    let mut selection = ctx.load(&args.problems)?;
    let mut session = Session::start(&ctx.settings(RunKind::Check, &args.run, None), &selection)?;
    let needed = check.needs_runner(&selection.problems);
    let runner = ctx.runner_for(needed, args.sandbox.sandbox, &mut session)?;
    let done = check.run(session, &mut selection, runner.as_ref());
    ctx.publish(done, &args.run, None)
}
