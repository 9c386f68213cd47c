//! Drift: the cases on disk against the problem's `recipe.yaml`.
//!
//! A generated input is only as good as the promise that its recipe makes
//! it: someone who edits one by hand, regenerates with another seed or
//! changes a generator breaks that promise silently, and the next `judge
//! regen --inputs` would undo their work or a reviewer would trust a
//! recipe that no longer describes the set. So `validate` and `check`
//! remake every generated input in memory (execute), compare it with the
//! committed bytes (compare) and file each disagreement as an issue of
//! the problem (report), which fails the run. A case on disk the recipe
//! does not name and a case it names that is missing are issues too: the
//! recipe must describe the whole set. Nothing is written here; `judge
//! regen --inputs` uses [`remake`] to rebuild the inputs.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::build::tools::Tools;
use crate::error::Error;
use crate::problem::Problem;
use crate::problem::recipe::{self, Entry, Manual, Recipe};
use crate::report::ProblemReport;
use crate::session::stress::generate;

/// One generated input of a recipe, made again.
#[derive(Debug)]
pub struct Remade {
    pub group: String,
    pub name: String,
    /// Where the committed input is, or belongs.
    pub path: PathBuf,
    /// The command that makes it, for messages.
    pub command: String,
    /// The input, or why the generator could not make it.
    pub input: Result<String, Error>,
}

impl Remade {
    /// `problem/group/name.in`, as messages name it.
    pub fn label(&self, problem: &str) -> String {
        format!("{problem}/{}/{}.in", self.group, self.name)
    }
}

/// Whether checking `problem` for drift runs one of its programs (a
/// generator program, not an in-crate generator), so needs a runner.
pub fn needs_runner(problem: &Problem) -> bool {
    problem.spec.generator.is_some() && recipe::path(&problem.dir).is_file()
}

/// The input file of case `name` of `group` in `problem_dir`.
fn input_path(problem_dir: &Path, group: &str, name: &str) -> PathBuf {
    let mut path = problem_dir.join("cases");
    path.extend(group.split('/'));
    path.join(format!("{name}.in"))
}

/// Remakes every generated input `recipe` names, in parallel (on the
/// caller's pool), by the problem's generator program when it has one,
/// else its in-crate solver's generator.
pub fn remake(tools: &Tools, recipe: &Recipe) -> Vec<Remade> {
    let problem = tools.problem;
    recipe
        .draws()
        .into_par_iter()
        .map(|(group, name, draw, entry)| Remade {
            path: input_path(&problem.dir, group, &name),
            command: entry.command(&problem.id).unwrap_or_default(),
            input: generate(tools, draw),
            group: group.to_string(),
            name,
        })
        .collect()
}

/// Every way `tools.problem`'s cases disagree with its recipe, one
/// message each; none when it has no recipe. A recipe that does not
/// parse is one message, located.
pub fn drift(tools: &Tools) -> Vec<String> {
    let problem = tools.problem;
    let recipe = match recipe::load(&problem.dir) {
        Ok(Some(recipe)) => recipe,
        Ok(None) => return Vec::new(),
        Err(e) => return vec![e.to_string()],
    };
    let id = &problem.id;
    let mut found = Vec::new();
    for made in remake(tools, &recipe) {
        let label = made.label(id);
        let command = &made.command;
        let committed = match std::fs::read(&made.path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                found.push(format!(
                    "drift: {label} is missing: its recipe makes it ({command})"
                ));
                continue;
            }
            Err(e) => {
                found.push(format!("drift: {label}: cannot read: {e}"));
                continue;
            }
        };
        match made.input {
            Ok(input) if input.as_bytes() == committed => {}
            Ok(_) => found.push(format!(
                "drift: {label} differs from what its recipe makes ({command})"
            )),
            Err(why) => found.push(format!(
                "drift: {label} cannot be remade ({command}): {why}"
            )),
        }
    }
    found.extend(unnamed_or_missing(problem, &recipe));
    found
}

/// The cases on disk `recipe` does not name, and the cases it keeps by
/// hand (by name) that are not on disk.
fn unnamed_or_missing(problem: &Problem, recipe: &Recipe) -> Vec<String> {
    let id = &problem.id;
    let file = recipe::path(&problem.dir);
    let mut found = Vec::new();
    for (group, entries) in &recipe.groups {
        for entry in entries {
            let Entry::Manual {
                cases: Manual::Named(names),
                ..
            } = entry
            else {
                continue;
            };
            for name in names {
                if !input_path(&problem.dir, group, name).is_file() {
                    found.push(format!(
                        "drift: {id}/{group}/{name}.in is missing: its recipe keeps it by hand"
                    ));
                }
            }
        }
    }
    for case in &problem.cases {
        if recipe.entry_for(&case.group, &case.name).is_none() {
            found.push(format!(
                "drift: {id}/{}.in is not named by its recipe (add it to {})",
                case.id(),
                file.display()
            ));
        }
    }
    found
}

/// Adds each problem's drift (see [`drift`]) to its report's issues:
/// every problem of `tools` whose report is in `reports`, each checked
/// whole (the recipe is a property of the whole folder, like hygiene, so
/// every shard reports it and merge keeps it once).
pub(crate) fn add_issues(reports: &mut [ProblemReport], tools: &[Tools]) {
    for t in tools {
        if let Some(report) = reports.iter_mut().find(|r| r.id == t.problem.id) {
            report.issues.extend(drift(t));
        }
    }
}
