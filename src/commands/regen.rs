//! `judge regen`: recompute expected outputs with the references (in-crate
//! solvers, or reference programs run like submissions).
//!
//! Safety rules: every file is written atomically; a case whose input the
//! solver rejects (or that cannot be read) keeps its old `.out`; `--dry-run`
//! writes nothing. Solving runs in parallel, writing happens afterwards in
//! sorted order so the log reads the same on every run.
//!
//! A judge killed in the middle of a write leaves its temporary beside the
//! file (`.judge-<pid>-XXXXXX.tmp`). Regen removes the stale ones in every
//! problem folder it regenerates before it writes, so re-running it is the
//! whole repair after a crash; a temporary whose writer still runs (a
//! concurrent regen) is left alone. `judge validate` reports them. `check`
//! removes nothing: it only reads the test set.

use rayon::prelude::*;

use super::{Context, SandboxArgs};
use crate::engine::case::reference_output;
use crate::engine::run::{load_errors, pool, prepare};
use crate::engine::tools::{Need, Tools};
use crate::error::Result;
use crate::problem::Problem;
use crate::report::Status;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problems to regenerate (all when none given).
    pub problems: Vec<String>,
    /// Show what would change without writing anything.
    #[arg(long)]
    pub dry_run: bool,
    /// Also list unchanged files.
    #[arg(long, short)]
    pub verbose: bool,
    /// Worker threads (0 = one per core).
    #[arg(long, short, default_value_t = 0)]
    pub jobs: usize,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

/// What regen did (or would do) to one `.out` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    Created,
    Changed {
        added: usize,
        removed: usize,
        /// The committed answer against the new one, when it is shown
        /// (samples and dry runs).
        diff: Option<String>,
    },
    Unchanged,
    Failed(String),
}

/// Regenerates and prints one line per created, changed or failed file.
pub fn run(ctx: &Context, opts: Args) -> Result<Status> {
    let found = ctx.load(&opts.problems)?;
    let (swept, unswept) = sweep_temps(ctx, &found.problems, opts.dry_run);
    let pool = pool(opts.jobs)?;
    let needed = found
        .problems
        .iter()
        .any(|p| Tools::needs_runner(p, &[Need::Reference]));
    let runner = match needed {
        true => Some(ctx.runner(opts.sandbox.sandbox, pool.current_num_threads())?),
        false => None,
    };
    let (tools, build_errors) =
        pool.install(|| prepare(&found.problems, runner.as_ref(), &[Need::Reference]));
    // An interactive problem's answer files are for its interactor; no
    // run writes them.
    for t in tools.iter().filter(|t| t.problem.spec.interactive) {
        let id = &t.problem.id;
        println!(
            "{} {id}: interactive, its answer files are the interactor's",
            ctx.style.dim("skipped  ")
        );
    }
    let jobs: Vec<_> = tools
        .iter()
        .filter(|t| !t.problem.spec.interactive)
        .flat_map(|t| t.problem.cases.iter().map(move |c| (t, c)))
        .collect();
    let solved: Vec<Result<Vec<u8>, String>> = pool.install(|| {
        jobs.par_iter()
            .map(|(t, c)| reference_output(t, c))
            .collect()
    });
    let mut counts = [0usize; 4];
    for ((t, case), result) in jobs.iter().zip(solved) {
        let p = t.problem;
        let path = case.answer_path();
        // A sample's answer is printed in the statement too: a change
        // there must not pass unseen, so its diff is shown.
        let sample = crate::problem::is_sample(&case.group);
        let change = match result {
            Err(msg) => Change::Failed(msg),
            Ok(new) => apply(&path, &new, opts.dry_run, sample || opts.dry_run),
        };
        let label = format!("{}/{}", p.id, case.id());
        let s = ctx.style;
        match &change {
            Change::Created => println!("{} {label}.out", s.green("created  ")),
            Change::Changed {
                added,
                removed,
                diff,
            } => {
                println!(
                    "{} {label}.out  {} {}",
                    s.yellow("changed  "),
                    s.green(&format!("+{added}")),
                    s.red(&format!("-{removed}"))
                );
                if sample {
                    println!(
                        "{} {label} is a sample: its answer in the statement must change too",
                        s.yellow("warning:")
                    );
                }
                if let Some(diff) = diff {
                    print!("{diff}");
                }
            }
            Change::Unchanged if opts.verbose => println!("{} {label}.out", s.dim("unchanged")),
            Change::Unchanged => {}
            Change::Failed(msg) => println!("{} {label}.out kept: {msg}", s.red("failed   ")),
        }
        counts[match change {
            Change::Created => 0,
            Change::Changed { .. } => 1,
            Change::Unchanged => 2,
            Change::Failed(_) => 3,
        }] += 1;
    }
    let verb = if opts.dry_run { "would be " } else { "" };
    let temps = match swept {
        0 => String::new(),
        1 => format!(", 1 stale temporary {verb}removed"),
        n => format!(", {n} stale temporaries {verb}removed"),
    };
    println!(
        "{} {verb}created, {} {verb}changed, {} unchanged, {} failed{temps}{}",
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        if opts.dry_run {
            " (dry run: nothing written)"
        } else {
            ""
        }
    );
    for e in load_errors(&found).iter().chain(&build_errors) {
        println!("{} {e}", ctx.style.red("error:"));
    }
    Ok(if !found.errors.is_empty() || !build_errors.is_empty() {
        Status::ConfigError
    } else if counts[3] > 0 || unswept > 0 {
        Status::Failed
    } else {
        Status::Passed
    })
}

/// Compares `new` with the file at `path` and writes it unless dry-running;
/// the diff of a changed file is made only when it will be `shown`.
fn apply(path: &std::path::Path, new: &[u8], dry_run: bool, shown: bool) -> Change {
    let change = match std::fs::read(path) {
        Ok(old) if old == new => return Change::Unchanged,
        Ok(old) => {
            let (added, removed) = crate::diff::stat(&old, new);
            let diff = shown.then(|| {
                crate::diff::unified_between(
                    &old,
                    new,
                    crate::diff::TERMINAL_LINES,
                    ("committed", "regenerated"),
                )
            });
            Change::Changed {
                added,
                removed,
                diff,
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Change::Created,
        Err(e) => return Change::Failed(format!("{}: cannot read: {e}", path.display())),
    };
    if dry_run {
        return change;
    }
    match crate::fsutil::write_atomic(path, new) {
        Ok(()) => change,
        Err(e) => Change::Failed(format!("{}: cannot write: {e}", path.display())),
    }
}

/// Removes the stale temporaries of killed writes from each problem folder
/// (dry-running, only lists them), one line each; returns how many were
/// (or would be) removed and how many could not be.
fn sweep_temps(ctx: &Context, problems: &[Problem], dry_run: bool) -> (usize, usize) {
    let s = ctx.style;
    let (mut removed, mut failed) = (0, 0);
    for temp in problems
        .iter()
        .flat_map(|p| crate::fsutil::temps_in(&p.dir))
    {
        let Some(why) = &temp.stale else { continue };
        let what = format!(
            "{}  {}, {} old: {why}",
            temp.path.display(),
            crate::units::format_size_approx(temp.size),
            temp.age()
        );
        if dry_run {
            println!("{} {what}", s.yellow("stale    "));
            removed += 1;
            continue;
        }
        match std::fs::remove_file(&temp.path) {
            Ok(()) => {
                println!("{} {what}", s.yellow("removed  "));
                removed += 1;
            }
            // Removed meanwhile by another judge's sweep.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                println!(
                    "{} {}: cannot remove: {e}",
                    s.red("failed   "),
                    temp.path.display()
                );
                failed += 1;
            }
        }
    }
    (removed, failed)
}
