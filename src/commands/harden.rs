//! `judge harden`: make the test set catch what it lets through.
//!
//! The targets are the reference-solver mutants a mutation run left alive
//! (`make mutants` writes the run to `target/mutants/<problem>`) and any
//! wrong submissions given with `--submission`. For each, the problem's
//! generator is searched for an input that catches it ([`crate::engine::session::harden`]);
//! each input kept becomes a case of `--group` with the reference's answer,
//! and an entry of the problem's recipe names the draw that makes it and
//! what it catches. The kill rate is reported before and after.
//!
//! Bounded and resumable: `--budget` stops starting new targets once spent,
//! and what each target gave is recorded in
//! `target/harden/state/<problem>-<folder hash>.yaml` after each one, so the next run goes
//! on where this one stopped. The same seed gives the same cases (a catch
//! by time alone depends on the machine, and says so).

use std::path::PathBuf;
use std::time::Duration;

use super::args::{LimitArgs, SandboxArgs};
use super::context::Context;
use super::output::progress_bar;
use crate::engine::session::harden::session::{Event, Fate, Harden, Summary};
use crate::error::Result;
use crate::report::Status;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problem folder name (its reference must be an in-crate solver to
    /// harden against mutants).
    pub problem: String,
    /// A cargo-mutants output folder (repeat for the shards of one run).
    /// Default: target/mutants/PROBLEM and target/mutants/PROBLEM-*.
    #[arg(long, value_name = "DIR")]
    pub mutants: Vec<PathBuf>,
    /// A wrong submission to harden against too (repeatable).
    #[arg(long, value_name = "FILE")]
    pub submission: Vec<PathBuf>,
    /// Seed of the generated inputs (as for `judge gen` and `stress`).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// judge's source tree, whose solver crates the mutants change
    /// (default: the repository judge runs in).
    #[arg(long, value_name = "DIR")]
    pub workspace: Option<PathBuf>,
    /// Inputs to try per target before calling it a survivor.
    #[arg(long, default_value_t = 200)]
    pub iterations: usize,
    /// Stop starting new targets after this long (like `20m`, `90s`).
    #[arg(long, default_value = "30m", value_parser = crate::units::parse_duration)]
    pub budget: Duration,
    /// The case group the kept cases go to (PROBLEMS/ID/cases/GROUP/).
    #[arg(long, default_value = "hardened")]
    pub group: String,
    /// Search and report, but write no case and no recipe entry.
    #[arg(long)]
    pub dry_run: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let harden = Harden {
        seed: args.seed,
        iterations: args.iterations,
        budget: args.budget,
        group: args.group.clone(),
        dry_run: args.dry_run,
        overrides: args.limits.overrides(),
        workspace: args.workspace.clone().unwrap_or_else(|| ctx.root.clone()),
        mutants: args.mutants.clone(),
        submissions: args.submission.clone(),
    };
    harden.check()?;
    let mut problem = ctx.load_one(&args.problem)?;
    let Some(plan) = harden.plan(&problem)? else {
        println!(
            "{}: nothing to harden against: the mutation run has no survivor",
            problem.id
        );
        return Ok(Status::Passed);
    };
    let runner = ctx.runner(args.sandbox.sandbox, 1)?;
    let id = problem.id.clone();
    let mut bar = None;
    let summary = harden.run(&mut problem, plan, &runner, &mut |event| match event {
        Event::Note(note) => println!("{note}"),
        Event::BuildingControl => {
            println!("{id}: building the unmutated runner (a control that must pass)")
        }
        Event::Started { targets } => println!(
            "harden {id}: {targets} targets, seed {}, up to {} inputs each, budget {}",
            args.seed,
            args.iterations,
            crate::units::format_duration(args.budget)
        ),
        Event::Searching { index, of } => {
            let what = format!("{index}/{of}");
            bar = Some(progress_bar(args.iterations, ctx.progress, &what));
        }
        Event::Tick => bar.iter().for_each(|b| b.inc(1)),
        Event::Searched => bar.take().iter().for_each(|b| b.finish_and_clear()),
        Event::Target { name, result } => println!("{}", target_line(ctx, name, result)),
    })?;
    println!("{}", summary_text(&summary));
    Ok(Status::Passed)
}

/// What became of a target, on one line (and a compiler's output).
fn target_line(ctx: &Context, name: &str, fate: &Fate) -> String {
    let s = ctx.style;
    match fate {
        Fate::Unbuildable(why) => {
            format!("  {} {name}: {}", s.yellow("unbuildable"), first_line(why))
        }
        Fate::CompileError(log) => {
            format!("  {} {name}: compile error\n{log}", s.yellow("skipped"))
        }
        Fate::CaughtByKept { case, verdict } => {
            format!("  {} {name}: {verdict} on {case}", s.green("caught"))
        }
        Fate::Caught {
            case,
            verdict,
            draw,
            bytes,
            tried,
        } => format!(
            "  {} {name}: {verdict} on new case {case} ({}, {bytes} bytes, {} run)",
            s.green("caught"),
            draw.label(),
            match tried {
                1 => "1 input".to_string(),
                n => format!("{n} inputs"),
            }
        ),
        Fate::Survived { tried } => format!(
            "  {} {name}: no input of {tried} caught it",
            s.dim("survived")
        ),
    }
}

fn first_line(text: &str) -> &str {
    text.lines().find(|l| !l.trim().is_empty()).unwrap_or(text)
}

/// The kill rate before (the mutation run) and after (plus the mutants a
/// kept case catches), the targets left, and the time spent.
fn summary_text(s: &Summary) -> String {
    let mut out = String::new();
    if let Some(before) = &s.before {
        let pct = |k: usize, v: usize| {
            if v == 0 {
                0.0
            } else {
                100.0 * k as f64 / v as f64
            }
        };
        let after = before.killed() + s.caught;
        out.push_str(&format!(
            "kill rate: before {} of {} viable ({:.1} %), after {} of {} ({:.1} %): {} survivors caught, {} still alive, {} not tried\n",
            before.killed(),
            before.viable(),
            pct(before.killed(), before.viable()),
            after,
            before.viable(),
            pct(after, before.viable()),
            s.caught,
            s.survived,
            s.not_tried,
        ));
    }
    if s.added > 0 {
        out.push_str(&format!("new cases: {}\n", s.added));
    }
    if s.stopped > 0 {
        out.push_str(&format!(
            "budget spent: {} targets not started; run again to go on\n",
            s.stopped
        ));
    }
    out.push_str(&format!("took {:.1} s", s.took.as_secs_f64()));
    out
}
