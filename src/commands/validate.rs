//! `judge validate`: prove the test set itself is well formed: strict
//! input validation, case hygiene, invalid inputs, the checker's own
//! tests, bounds reached and drift ([`crate::engine::pass::validate`]).

use super::args::{RunArgs, SandboxArgs};
use super::context::Context;
use crate::engine::pass::skeleton::Session;
use crate::engine::pass::validate;
use crate::error::Result;
use crate::report::{RunKind, Status};

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problems to validate (all when none given).
    pub problems: Vec<String>,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let selection = ctx.load(&args.problems)?;
    let mut session = Session::start(
        &ctx.settings(RunKind::Validate, &args.run, None),
        &selection,
    )?;
    let needed = validate::needs_runner(&selection.problems);
    let runner = ctx.runner_for(needed, args.sandbox.sandbox, &mut session)?;
    let done = validate::run(session, &selection, runner.as_ref(), args.run.shard);
    ctx.publish(done, &args.run, None)
}
