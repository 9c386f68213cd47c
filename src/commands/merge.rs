//! `judge merge`: join the reports of `--shard K/N` runs into one report
//! (see [`crate::report::merge`] for what is refused).

use std::path::PathBuf;

use super::context::Context;
use super::output::publish;
use crate::error::Result;
use crate::report::{Status, merge, yaml};

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
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let reports = args
        .reports
        .iter()
        .map(|p| yaml::read_file(p).map(|r| (p.clone(), r)))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let merged = merge::merge(&reports, &ctx.command_line)?;
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
