//! `judge merge`: join the reports of `--shard K/N` runs into one report
//! (see [`crate::report::merge`] for what is refused).

use std::path::PathBuf;

use super::args::SandboxArgs;
use super::context::Context;
use super::output::publish;
use crate::engine::score;
use crate::error::Result;
use crate::problem::Discovery;
use crate::report::{Report, Status, merge, yaml};

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The shard reports (report.yaml files), one per shard.
    #[arg(required = true)]
    pub reports: Vec<PathBuf>,
    /// Where the merged report.yaml and report.html go (default:
    /// $JUDGE_REPORT_DIR, else the repository's reports/merge/).
    #[arg(long, env = "JUDGE_REPORT_DIR", value_name = "DIR")]
    pub report_dir: Option<PathBuf>,
    /// Also write JUnit XML (one test per case) to this file.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Where a package's own grader runs, when a merged score needs it.
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let reports = args
        .reports
        .iter()
        .map(|p| yaml::read_file(p).map(|r| (p.clone(), r)))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let mut merged = merge::merge(&reports, &ctx.command_line)?;
    rescore(ctx, &args, &mut merged)?;
    let dir = ctx.report_dir(args.report_dir.as_deref(), None);
    publish(
        ctx.style,
        &merged,
        &dir,
        args.junit.as_deref(),
        &ctx.reports(),
    )?;
    Ok(merged.status())
}

/// Each shard scored its own cases: the merged problems are scored again
/// from all of them, by the same code as an unsharded run. The problems
/// folder is read, and a runner started, only for a package whose own
/// grader program makes its score.
fn rescore(ctx: &Context, args: &Args, merged: &mut Report) -> Result<()> {
    let needs_program = (merged.problems.iter())
        .filter_map(|p| p.scoring.as_ref())
        .any(score::needs_grader_program);
    let (found, runner) = match needs_program {
        true => (ctx.load(&[])?, Some(ctx.runner(args.sandbox.sandbox, 1)?)),
        false => (Discovery::default(), None),
    };
    score::merged(&mut merged.problems, &found, runner.as_ref())?;
    Ok(())
}
