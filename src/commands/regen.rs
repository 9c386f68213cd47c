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
//!
//! `--inputs` first rebuilds every generated input a problem's
//! `recipe.yaml` names (the repair for what `validate` reports as drift),
//! each written atomically like an answer, then recomputes the answers
//! from the new inputs. Cases the recipe keeps by hand are never touched.
//! A dry run writes neither, so the answers it compares are those of the
//! committed inputs.

use rayon::prelude::*;

use super::args::SandboxArgs;
use super::context::Context;
use crate::engine::check::reference_output;
use crate::engine::drift;
use crate::engine::run::{load_errors, pool, prepare};
use crate::engine::runner::Runner;
use crate::engine::tools::{Need, Tools};
use crate::error::Result;
use crate::problem::{Problem, recipe};
use crate::report::Status;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problems to regenerate (all when none given).
    pub problems: Vec<String>,
    /// Show what would change without writing anything.
    #[arg(long)]
    pub dry_run: bool,
    /// First rebuild every generated input from the problem's recipe.yaml
    /// (cases kept by hand are left alone).
    #[arg(long)]
    pub inputs: bool,
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

/// How many files were created, changed, unchanged and failed.
#[derive(Default)]
struct Tally([usize; 4]);

impl Tally {
    fn add(&mut self, change: &Change) {
        self.0[match change {
            Change::Created => 0,
            Change::Changed { .. } => 1,
            Change::Unchanged => 2,
            Change::Failed(_) => 3,
        }] += 1;
    }

    fn failed(&self) -> usize {
        self.0[3]
    }

    fn line(&self, dry_run: bool) -> String {
        let verb = if dry_run { "would be " } else { "" };
        let [created, changed, unchanged, failed] = self.0;
        format!(
            "{created} {verb}created, {changed} {verb}changed, {unchanged} unchanged, {failed} failed"
        )
    }
}

/// Prints what happened to the file `label` (one line, unless unchanged
/// and not `verbose`; a changed sample's answer gets a warning).
fn show(ctx: &Context, label: &str, change: &Change, verbose: bool, sample: bool) {
    let s = ctx.style;
    match change {
        Change::Created => println!("{} {label}", s.green("created  ")),
        Change::Changed {
            added,
            removed,
            diff,
        } => {
            println!(
                "{} {label}  {} {}",
                s.yellow("changed  "),
                s.green(&format!("+{added}")),
                s.red(&format!("-{removed}"))
            );
            if sample {
                println!(
                    "{} {} is a sample: its answer in the statement must change too",
                    s.yellow("warning:"),
                    label.trim_end_matches(".out")
                );
            }
            if let Some(diff) = diff {
                print!("{diff}");
            }
        }
        Change::Unchanged if verbose => println!("{} {label}", s.dim("unchanged")),
        Change::Unchanged => {}
        Change::Failed(msg) => println!("{} {label} kept: {msg}", s.red("failed   ")),
    }
}

/// Rebuilds the generated inputs of every problem with a recipe; returns
/// what happened and the recipes that did not read.
fn remake_inputs(
    ctx: &Context,
    problems: &[Problem],
    runner: Option<&Runner>,
    pool: &rayon::ThreadPool,
    opts: &Args,
) -> (Tally, Vec<String>) {
    let mut tally = Tally::default();
    let mut errors = Vec::new();
    for p in problems {
        if crate::package::in_place::has_recipe(&p.dir) {
            write_package_data(ctx, p, opts, &mut tally, &mut errors);
            continue;
        }
        let recipe = match recipe::load(&p.dir) {
            Ok(Some(recipe)) => recipe,
            Ok(None) => continue,
            Err(e) => {
                errors.push(e.to_string());
                continue;
            }
        };
        let tools = Tools::new(p, runner);
        for made in pool.install(|| drift::remake(&tools, &recipe)) {
            let label = made.label(&p.id);
            let change = match made.input {
                Err(why) => Change::Failed(why),
                Ok(input) => {
                    // A group the recipe makes may not exist yet.
                    let folder = match (opts.dry_run, made.path.parent()) {
                        (false, Some(dir)) => std::fs::create_dir_all(dir),
                        _ => Ok(()),
                    };
                    match folder {
                        Err(e) => Change::Failed(format!("cannot create its folder: {e}")),
                        Ok(()) => apply(&made.path, input.as_bytes(), opts.dry_run, false),
                    }
                }
            };
            show(ctx, &label, &change, opts.verbose, false);
            tally.add(&change);
        }
    }
    (tally, errors)
}

/// A package whose data is a BAPCtools recipe: what judge generated for
/// it (into the cache, where every other command reads it) is written
/// into the package's own `data/`, as `bt generate` would, each file
/// atomically and only when it differs. Files of `data/` the recipe does
/// not make are left alone.
fn write_package_data(
    ctx: &Context,
    p: &Problem,
    opts: &Args,
    tally: &mut Tally,
    errors: &mut Vec<String>,
) {
    let generated = match ctx.recipe_data(&p.dir) {
        Ok(data) => data,
        Err(why) => {
            errors.push(format!(
                "{}: {}: {why}",
                p.id,
                crate::package::generators::RECIPE
            ));
            return;
        }
    };
    let files = walkdir::WalkDir::new(&generated)
        .sort_by_file_name()
        .into_iter()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_file());
    for entry in files {
        let Ok(rel) = entry.path().strip_prefix(&generated) else {
            continue;
        };
        let target = p.dir.join("data").join(rel);
        let label = format!("{}/data/{}", p.id, rel.display());
        let change = match std::fs::read(entry.path()) {
            Err(e) => Change::Failed(format!("{}: cannot read: {e}", entry.path().display())),
            Ok(bytes) => match (opts.dry_run, target.parent()) {
                (false, Some(dir)) if std::fs::create_dir_all(dir).is_err() => {
                    Change::Failed(format!("cannot create {}", dir.display()))
                }
                _ => apply(&target, &bytes, opts.dry_run, false),
            },
        };
        show(ctx, &label, &change, opts.verbose, false);
        tally.add(&change);
    }
}

/// Regenerates and prints one line per created, changed or failed file.
pub fn run(ctx: &Context, opts: Args) -> Result<Status> {
    let mut found = ctx.load(&opts.problems)?;
    let (swept, unswept) = sweep_temps(ctx, &found.problems, opts.dry_run);
    let pool = pool(opts.jobs)?;
    let needed = found.problems.iter().any(|p| {
        Tools::needs_runner(p, &[Need::Reference]) || opts.inputs && drift::needs_runner(p)
    });
    let runner = match needed {
        true => Some(ctx.runner(opts.sandbox.sandbox, pool.current_num_threads())?),
        false => None,
    };
    let mut inputs = None;
    if opts.inputs {
        let (tally, errors) = remake_inputs(ctx, &found.problems, runner.as_ref(), &pool, &opts);
        inputs = Some((tally, errors));
        // The answers are those of the new inputs, and of any new case.
        if !opts.dry_run {
            found = ctx.load(&opts.problems)?;
        }
    }
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
    let mut tally = Tally::default();
    for ((t, case), result) in jobs.iter().zip(solved) {
        let path = case.answer_path();
        // A sample's answer is printed in the statement too: a change
        // there must not pass unseen, so its diff is shown.
        let sample = crate::problem::is_sample(&case.group);
        let change = match result {
            Err(msg) => Change::Failed(msg),
            Ok(new) => apply(&path, &new, opts.dry_run, sample || opts.dry_run),
        };
        let label = format!("{}/{}.out", t.problem.id, case.id());
        show(ctx, &label, &change, opts.verbose, sample);
        tally.add(&change);
    }
    let verb = if opts.dry_run { "would be " } else { "" };
    let temps = match swept {
        0 => String::new(),
        1 => format!(", 1 stale temporary {verb}removed"),
        n => format!(", {n} stale temporaries {verb}removed"),
    };
    let dry = match opts.dry_run {
        true => " (dry run: nothing written)",
        false => "",
    };
    if let Some((inputs, _)) = &inputs {
        println!("inputs: {}{dry}", inputs.line(opts.dry_run));
    }
    let answers = match opts.inputs {
        true => "answers: ",
        false => "",
    };
    println!("{answers}{}{temps}{dry}", tally.line(opts.dry_run));
    let recipe_errors = inputs.as_ref().map_or(&[][..], |(_, e)| e.as_slice());
    let load_errors = load_errors(&found);
    let errors: Vec<&String> = recipe_errors
        .iter()
        .chain(&load_errors)
        .chain(&build_errors)
        .collect();
    for e in &errors {
        println!("{} {e}", ctx.style.red("error:"));
    }
    let inputs_failed = inputs.as_ref().map_or(0, |(t, _)| t.failed());
    Ok(if !errors.is_empty() {
        Status::ConfigError
    } else if tally.failed() > 0 || inputs_failed > 0 || unswept > 0 {
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
