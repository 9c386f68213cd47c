//! `judge import PACKAGE --id ID [--solver SOLVER]`: an ICPC / Kattis
//! problem package folder as `problems/<ID>/`, so a test set prepared for a
//! contest system can be checked and graded here
//! ([`crate::package::import`]). A package with no time limit gets one
//! computed from its accepted submissions, as problemtools would
//! ([`crate::engine::time::computed::for_package`]).

use std::path::PathBuf;

use super::args::SandboxArgs;
use super::context::Context;
use crate::engine::time::computed;
use crate::error::Result;
use crate::origin::TimeRule;
use crate::package::import::{Import, Imported};
use crate::problem::load_problem;
use crate::report::Status;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The package folder.
    pub package: PathBuf,
    /// Name of the new problem folder under the problems folder.
    #[arg(long)]
    pub id: String,
    /// An in-crate reference solver to use instead of the package's
    /// accepted submission (default: judge.yaml's choice, else the first
    /// accepted submission judge can build, compiled languages first).
    #[arg(long)]
    pub solver: Option<String>,
    /// The accepted submission to use as the reference program, relative
    /// to the package (`submissions/accepted/sol.cc`), instead of judge's
    /// choice: installed toolchain first, then the fastest language by the
    /// language table's priority.
    #[arg(long, conflicts_with = "solver")]
    pub reference: Option<PathBuf>,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

pub fn run(ctx: &Context, opts: Args) -> Result<Status> {
    let import = Import {
        package: &opts.package,
        id: &opts.id,
        problems: &ctx.problems_dir,
        solver: opts.solver.as_deref(),
        reference: opts.reference.as_deref(),
    };
    let mut staged = import.stage()?;
    if let Some(rule) = staged.time_rule() {
        let problem = load_problem(staged.id(), staged.dir())
            .map_err(|e| staged.refuse(format!("the imported problem does not load: {e}")))?;
        let runner = ctx.runner(opts.sandbox.sandbox, 2)?;
        let (limit, note) = computed::for_package(&problem, &runner, rule)
            .map_err(|why| staged.refuse(why.to_string()))?;
        staged.set_time_limit(limit, note)?;
    }
    let imported = staged.finish()?;
    summary(&opts, &imported);
    Ok(Status::Passed)
}

/// What was imported, how the time limit was set, and what was left out.
fn summary(opts: &Args, done: &Imported) {
    let (plan, spec) = (&done.plan, &done.spec);
    println!(
        "imported {} as {}: {} cases, {} submissions, reference {}",
        opts.package.display(),
        done.target.display(),
        plan.cases,
        plan.submissions,
        match (&spec.solver, &spec.reference) {
            (Some(s), _) => format!("in-crate solver {}", s.id()),
            (_, Some(r)) => r.display().to_string(),
            _ => "none".into(),
        }
    );
    match (&plan.time, &done.time_note) {
        (_, Some(note)) => println!("time limit: {note}"),
        (Some(TimeRule::Fixed(d, from)), None) => {
            println!("time limit: {} s (from {from})", d.as_secs_f64())
        }
        _ => {}
    }
    // What only a package judged in place uses is not imported either.
    let skipped: Vec<&(String, String)> = plan.skipped.iter().chain(&plan.in_place_only).collect();
    if !skipped.is_empty() {
        println!("skipped:");
        let width = skipped.iter().map(|(p, _)| p.len()).max().unwrap_or(0);
        for (path, why) in skipped {
            println!("  {path:<width$}  {why}");
        }
    }
    // What judge chose where the package's conventions are ambiguous.
    for note in &plan.notes {
        println!("note: {note}");
    }
    if !plan.ignored.is_empty() {
        println!("read but without effect in judge:");
        for line in &plan.ignored {
            println!("  {line}");
        }
    }
}
