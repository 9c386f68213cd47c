//! `judge regen`: recompute expected outputs with the references (in-crate
//! solvers, or reference programs run like submissions), and with
//! `--inputs` first rebuild the generated inputs.
//!
//! Safety rules: every file is written atomically; a case whose input the
//! reference rejects (or that cannot be read) keeps its old `.out`; a dry
//! run writes nothing. Solving runs in parallel, writing happens
//! afterwards in sorted order so the log reads the same on every run.
//!
//! A judge killed in the middle of a write leaves its temporary beside the
//! file (`.judge-<pid>-XXXXXX.tmp`). Regen removes the stale ones in every
//! problem folder it regenerates before it writes ([`Regen::sweep`]), so
//! re-running it is the whole repair after a crash; a temporary whose
//! writer still runs (a concurrent regen) is left alone. `judge validate`
//! reports them. `check` removes nothing: it only reads the test set.
//!
//! [`Regen::inputs`] rebuilds every generated input a problem's
//! `recipe.yaml` names (the repair for what `validate` reports as drift),
//! each written atomically like an answer; cases the recipe keeps by hand
//! are never touched. A package whose data is a BAPCtools recipe gets the
//! data judge generated for it written into its own `data/`, as `bt
//! generate` would. The caller then loads the problems again and
//! [`Regen::answers`] recomputes the answers from the new inputs.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::build::tools::{Need, Tools};
use crate::error::Result;
use crate::execute::runner::Runner;
use crate::fsutil::leftovers::Temp;
use crate::pass::check::reference::{NoAnswer, reference_output};
use crate::pass::skeleton::prepare;
use crate::problem::Kind;
use crate::problem::{Problem, recipe};
use crate::{generate::drift, package};

/// What `judge regen` is asked to do.
#[derive(Debug, Clone, Copy)]
pub struct Regen {
    /// Show what would change without writing anything.
    pub dry_run: bool,
    /// Rebuild the generated inputs first.
    pub inputs: bool,
}

/// What regen did (or would do) to one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    Created,
    Changed {
        added: usize,
        removed: usize,
        /// The committed file against the new one, when it is shown
        /// (samples and dry runs).
        diff: Option<String>,
    },
    Unchanged,
    Failed(String),
}

/// How many files were created, changed, unchanged and failed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub created: usize,
    pub changed: usize,
    pub unchanged: usize,
    pub failed: usize,
}

impl Tally {
    fn add(&mut self, change: &Change) {
        *match change {
            Change::Created => &mut self.created,
            Change::Changed { .. } => &mut self.changed,
            Change::Unchanged => &mut self.unchanged,
            Change::Failed(_) => &mut self.failed,
        } += 1;
    }
}

/// What became of a stale temporary.
pub enum Swept {
    /// A dry run: it would be removed.
    Stale,
    Removed,
    Failed(std::io::Error),
}

/// What regen tells its caller, file by file.
pub enum Event<'e> {
    /// A stale temporary of a killed write.
    Temp(&'e Temp, Swept),
    /// A file (`problem/…`) created, changed, unchanged or failed; a
    /// sample's answer is printed in the statement too.
    File {
        label: &'e str,
        change: &'e Change,
        sample: bool,
    },
    /// A problem whose reference has no answer to an input alone
    /// ([`Kind::why_no_answer_alone`]): an interactive one, whose answer
    /// files are the interactor's, or a multi-pass one.
    NoAnswerAlone(&'e str, Kind),
}

/// What rebuilding the inputs did: the files, and the recipes that did
/// not read (or packages whose data could not be generated).
#[derive(Debug, Default)]
pub struct Inputs {
    pub tally: Tally,
    pub errors: Vec<String>,
}

/// What recomputing the answers did: the files, and the problems whose
/// reference did not build.
#[derive(Debug, Default)]
pub struct Answers {
    pub tally: Tally,
    pub errors: Vec<String>,
}

impl Regen {
    /// Removes the stale temporaries of killed writes from each problem
    /// folder (a dry run only names them); returns how many were (or
    /// would be) removed and how many could not be.
    pub fn sweep(&self, problems: &[Problem], on: &mut dyn FnMut(Event)) -> (usize, usize) {
        let (mut removed, mut failed) = (0, 0);
        let temps = problems
            .iter()
            .flat_map(|p| crate::fsutil::temps_in(&p.dir));
        for temp in temps.filter(|t| t.stale.is_some()) {
            if self.dry_run {
                on(Event::Temp(&temp, Swept::Stale));
                removed += 1;
                continue;
            }
            match std::fs::remove_file(&temp.path) {
                Ok(()) => {
                    on(Event::Temp(&temp, Swept::Removed));
                    removed += 1;
                }
                // Removed meanwhile by another judge's sweep.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => {
                    on(Event::Temp(&temp, Swept::Failed(e)));
                    failed += 1;
                }
            }
        }
        (removed, failed)
    }

    /// Whether regenerating `problems` runs any of their programs.
    pub fn needs_runner(&self, problems: &[Problem]) -> bool {
        problems.iter().any(|p| {
            Tools::needs_runner(p, &[Need::Reference]) || self.inputs && drift::needs_runner(p)
        })
    }

    /// Rebuilds the generated inputs of every problem with a recipe, on
    /// `pool`. `data_of` gives the folder of data a package's BAPCtools
    /// recipe makes ([`crate::generate::data`]).
    pub fn inputs(
        &self,
        problems: &[Problem],
        runner: Option<&Runner>,
        pool: &rayon::ThreadPool,
        data_of: &mut dyn FnMut(&Path) -> Result<PathBuf>,
        on: &mut dyn FnMut(Event),
    ) -> Inputs {
        let mut done = Inputs::default();
        for p in problems {
            if package::in_place::has_recipe(&p.dir) {
                match data_of(&p.dir) {
                    Ok(data) => self.write_package_data(p, &data, &mut done.tally, on),
                    Err(why) => done.errors.push(format!(
                        "{}: {}: {why}",
                        p.id,
                        package::generators::RECIPE
                    )),
                }
                continue;
            }
            let recipe = match recipe::load(&p.dir) {
                Ok(Some(recipe)) => recipe,
                Ok(None) => continue,
                Err(e) => {
                    done.errors.push(e.to_string());
                    continue;
                }
            };
            let tools = Tools::new(p, runner);
            for made in pool.install(|| drift::remake(&tools, &recipe)) {
                let label = made.label(&p.id);
                let change = match made.input {
                    Err(why) => Change::Failed(why.to_string()),
                    // A group the recipe makes may not exist yet.
                    Ok(input) => match self.folder_of(&made.path) {
                        Err(e) => Change::Failed(format!("cannot create its folder: {e}")),
                        Ok(()) => apply(&made.path, input.as_bytes(), self.dry_run, false),
                    },
                };
                on(Event::File {
                    label: &label,
                    change: &change,
                    sample: false,
                });
                done.tally.add(&change);
            }
        }
        done
    }

    /// The folder of `path`, made unless dry-running.
    fn folder_of(&self, path: &Path) -> std::io::Result<()> {
        match (self.dry_run, path.parent()) {
            (false, Some(dir)) => std::fs::create_dir_all(dir),
            _ => Ok(()),
        }
    }

    /// A package whose data is a BAPCtools recipe: what judge generated
    /// for it (into the cache, where every other command reads it) is
    /// written into the package's own `data/`, as `bt generate` would,
    /// each file atomically and only when it differs. Files of `data/` the
    /// recipe does not make are left alone.
    fn write_package_data(
        &self,
        p: &Problem,
        generated: &Path,
        tally: &mut Tally,
        on: &mut dyn FnMut(Event),
    ) {
        let files = walkdir::WalkDir::new(generated)
            .sort_by_file_name()
            .into_iter()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_file());
        for entry in files {
            let Ok(rel) = entry.path().strip_prefix(generated) else {
                continue;
            };
            let target = p.dir.join("data").join(rel);
            let label = format!("{}/data/{}", p.id, rel.display());
            let change = match std::fs::read(entry.path()) {
                Err(e) => Change::Failed(format!("{}: cannot read: {e}", entry.path().display())),
                Ok(bytes) => match (self.dry_run, target.parent()) {
                    (false, Some(dir)) if std::fs::create_dir_all(dir).is_err() => {
                        Change::Failed(format!("cannot create {}", dir.display()))
                    }
                    _ => apply(&target, &bytes, self.dry_run, false),
                },
            };
            on(Event::File {
                label: &label,
                change: &change,
                sample: false,
            });
            tally.add(&change);
        }
    }

    /// Recomputes every expected output of `problems` with its reference,
    /// in parallel on `pool`, then writes them in case order.
    pub fn answers(
        &self,
        problems: &[Problem],
        runner: Option<&Runner>,
        pool: &rayon::ThreadPool,
        on: &mut dyn FnMut(Event),
    ) -> Answers {
        let (tools, errors) = pool.install(|| prepare(problems, runner, &[Need::Reference]));
        // An interactive problem's answer files are for its interactor,
        // and a multi-pass reference has no answer to an input alone: no
        // run writes them.
        for t in &tools {
            if t.problem.spec.kind.why_no_answer_alone().is_some() {
                on(Event::NoAnswerAlone(&t.problem.id, t.problem.spec.kind));
            }
        }
        let jobs: Vec<_> = tools
            .iter()
            .filter(|t| t.problem.spec.kind.why_no_answer_alone().is_none())
            .flat_map(|t| t.problem.cases.iter().map(move |c| (t, c)))
            .collect();
        let solved: Vec<std::result::Result<Vec<u8>, NoAnswer>> = pool.install(|| {
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
                Err(why) => Change::Failed(why.to_string()),
                Ok(new) => apply(&path, &new, self.dry_run, sample || self.dry_run),
            };
            let label = format!("{}/{}.out", t.problem.id, case.id());
            on(Event::File {
                label: &label,
                change: &change,
                sample,
            });
            tally.add(&change);
        }
        Answers { tally, errors }
    }
}

/// Compares `new` with the file at `path` and writes it unless dry-running;
/// the diff of a changed file is made only when it will be `shown`.
fn apply(path: &Path, new: &[u8], dry_run: bool, shown: bool) -> Change {
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
