//! `judge regen`: recompute expected outputs with the reference solvers.
//!
//! Safety rules: every file is written atomically; a case whose input the
//! solver rejects (or that cannot be read) keeps its old `.out`; `--dry-run`
//! writes nothing. Solving runs in parallel, writing happens afterwards in
//! sorted order so the log reads the same on every run.

use rayon::prelude::*;

use super::Context;
use crate::engine::reference;
use crate::engine::run::{load_errors, pool};
use crate::error::Result;
use crate::execution::End;
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
}

/// What regen did (or would do) to one `.out` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    Created,
    Changed { added: usize, removed: usize },
    Unchanged,
    Failed(String),
}

/// Regenerates and prints one line per created, changed or failed file.
pub fn run(ctx: &Context, opts: Args) -> Result<Status> {
    let found = ctx.load(&opts.problems)?;
    let jobs: Vec<_> = found
        .problems
        .iter()
        .flat_map(|p| p.cases.iter().map(move |c| (p, c)))
        .collect();
    let solved: Vec<Result<Vec<u8>, String>> = pool(opts.jobs)?.install(|| {
        jobs.par_iter()
            .map(|(p, c)| {
                let exec = reference::run_file(p.solver(), &c.input);
                match exec.end {
                    End::Exited(0) => Ok(exec.stdout),
                    End::InputRejected(e) => Err(format!("{}:{e}", c.input.display())),
                    End::CouldNotRun(m) | End::Crashed(m) => Err(m),
                    other => Err(format!("unexpected end {other:?}")),
                }
            })
            .collect()
    });
    let mut counts = [0usize; 4];
    for ((p, case), result) in jobs.iter().zip(solved) {
        let path = case.answer_path();
        let change = match result {
            Err(msg) => Change::Failed(msg),
            Ok(new) => apply(&path, &new, opts.dry_run),
        };
        let label = format!("{}/{}", p.id, case.id());
        let s = ctx.style;
        match &change {
            Change::Created => println!("{} {label}.out", s.green("created  ")),
            Change::Changed { added, removed } => {
                println!(
                    "{} {label}.out  {} {}",
                    s.yellow("changed  "),
                    s.green(&format!("+{added}")),
                    s.red(&format!("-{removed}"))
                )
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
    println!(
        "{} {verb}created, {} {verb}changed, {} unchanged, {} failed{}",
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
    for e in load_errors(&found) {
        println!("{} {e}", ctx.style.red("error:"));
    }
    Ok(if !found.errors.is_empty() {
        Status::ConfigError
    } else if counts[3] > 0 {
        Status::Failed
    } else {
        Status::Passed
    })
}

/// Compares `new` with the file at `path` and writes it unless dry-running.
fn apply(path: &std::path::Path, new: &[u8], dry_run: bool) -> Change {
    let change = match std::fs::read(path) {
        Ok(old) if old == new => return Change::Unchanged,
        Ok(old) => {
            let (added, removed) = crate::diff::stat(&old, new);
            Change::Changed { added, removed }
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
