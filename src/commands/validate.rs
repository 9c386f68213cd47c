//! `judge validate`: prove the test set itself is well formed.
//!
//! Every input goes through its problem's strict validator (exact layout and
//! every constraint of the statement); then case hygiene is checked: each
//! `.in` has an `.out` and vice versa, nothing else lives in `cases/`, no two
//! cases share an input, and expected outputs end with a newline and hold no
//! carriage return.

use super::{Context, RunArgs};
use crate::engine::{case, run::Session, run::load_errors};
use crate::error::Result;
use crate::problem::hygiene;
use crate::report::{RunKind, Status};

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problems to validate (all when none given).
    pub problems: Vec<String>,
    #[command(flatten)]
    pub run: RunArgs,
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let selection = ctx.load(&args.problems)?;
    let session = Session::start(&ctx.settings(RunKind::Validate, &args.run), &selection)?;
    let shard = selection.clone().shard(args.run.shard);
    let mut problems = session.judge_cases(
        &shard.problems,
        |p| format!("validator of {}", p.spec.solver),
        case::validate_case,
    );
    // Hygiene is a property of the whole folder (a duplicate may sit in
    // another shard), so every shard checks all of it; merge keeps each
    // issue once.
    for (report, problem) in problems.iter_mut().zip(&selection.problems) {
        report.issues = hygiene(problem);
    }
    let report = session.finish(problems, load_errors(&shard), Vec::new());
    ctx.publish(&report, &args.run)?;
    Ok(report.status())
}
