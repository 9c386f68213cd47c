//! Test data made from a package's recipe (`generators/generators.yaml`,
//! read by `judge_package::generators`): each generator program
//! is built like a submission and run with its arguments, its stdout the
//! case's input; answers come from the recipe or from running its
//! `solution` on the input. The result lives in the cache, never in the
//! package, keyed by a hash of the recipe and every file under
//! `generators/` and of the solutions, so a second run with the same
//! sources reuses it instead of running anything.
//!
//! `make` runs a recipe into a staging folder; [`drift`] remakes the
//! generated inputs of a problem with a `recipe.yaml` and compares them
//! with the committed ones (for `validate` and `check`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::execute::runner::Runner;
use crate::package::generators::{self, Recipe, Source};
use crate::package::in_place::{has_recipe, is_package, load_with_data};
use crate::problem::{Discovery, ProblemError};

pub mod drift;
mod error;
mod make;
pub use error::{GenerateError, GeneratorFault, RunFailure};
use make::Maker;

/// The generated `data/` of a package.
pub struct Generated {
    pub data: PathBuf,
    /// True when an earlier run's data was reused.
    pub reused: bool,
    pub cases: usize,
    /// Keys of the recipe judge did not act on, `(place, why)`.
    pub skipped: Vec<(String, String)>,
}

/// What a package's recipe needs before it is judged.
pub(crate) enum Plan {
    /// Data made earlier from the same recipe and sources.
    Ready(Generated),
    /// Data still to make, which needs a runner.
    Make(Job),
}

/// The data of one package still to make (see [`Job::make`]).
pub(crate) struct Job {
    pkg: PathBuf,
    recipe: Recipe,
    /// `<root>/<hash>`, where the data goes.
    out: PathBuf,
    /// Interactive and multi-pass problems: a missing answer is empty.
    empty_answers: bool,
}

/// Reads the recipe of the package at `pkg` and finds whether
/// `root/<hash>/data` (`root`: `<cache>/generated`, or a fresh folder
/// when there is no cache) already holds its data. No runner is needed
/// for that, so a second run with unchanged sources starts no sandbox
/// and builds no generator here.
pub(crate) fn plan(pkg: &Path, root: &Path) -> std::result::Result<Plan, GenerateError> {
    let path = pkg.join(generators::RECIPE);
    let text = std::fs::read_to_string(&path)
        .map_err(|source| GenerateError::ReadRecipe { path, source })?;
    let recipe = generators::parse(&text)?;
    let empty_answers = answers_are_empty(pkg);
    let key = digest(pkg, &recipe, empty_answers);
    let out = root.join(&key);
    let data = out.join("data");
    if data.is_dir() {
        return Ok(Plan::Ready(Generated {
            cases: recipe.cases.len() + recipe.included.len(),
            skipped: recipe.skipped,
            data,
            reused: true,
        }));
    }
    Ok(Plan::Make(Job {
        pkg: pkg.to_path_buf(),
        recipe,
        out,
        empty_answers,
    }))
}

impl Job {
    /// Makes the data: staged beside its final place, renamed there when
    /// whole, so a failed or interrupted run leaves nothing to reuse.
    pub(crate) fn make(self, runner: &Runner) -> std::result::Result<Generated, GenerateError> {
        let Job {
            pkg,
            recipe,
            out,
            empty_answers,
        } = self;
        let data = out.join("data");
        let name = out.file_name().unwrap_or_default().to_string_lossy();
        let stage = out.with_file_name(format!(".stage-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&stage);
        let made = Maker {
            runner,
            pkg: &pkg,
            recipe: &recipe,
            empty_answers,
            programs: BTreeMap::new(),
        }
        .make(&stage.join("data"));
        if let Err(e) = made {
            let _ = std::fs::remove_dir_all(&stage);
            return Err(e);
        }
        if let Err(source) = std::fs::rename(&stage, &out)
            && !data.is_dir()
        {
            let _ = std::fs::remove_dir_all(&stage);
            return Err(GenerateError::Move { to: out, source });
        }
        let _ = std::fs::remove_dir_all(&stage);
        Ok(Generated {
            data,
            reused: false,
            cases: recipe.cases.len() + recipe.included.len(),
            skipped: recipe.skipped,
        })
    }
}

/// What a command provides to generate data with: where it goes, and a
/// runner, each asked for only when needed (reused data needs no
/// sandbox, and starting one is most of a warm run's cost).
pub trait Host {
    /// The folder generated data goes to: `<cache>/generated`, or with
    /// `--no-cache` a fresh folder of the command's own.
    fn root(&mut self) -> Result<PathBuf>;
    /// A runner to build and run the generators with.
    fn runner(&mut self) -> Result<&Runner>;
    /// The data of problem `id` was generated, or reused.
    fn made(&mut self, id: &str, generated: &Generated);
}

/// Packages whose data is a recipe (`generators/generators.yaml`) are
/// loaded again from the data generated into the cache (reused when the
/// recipe and its sources are unchanged): a load error of such a package
/// is the refusal of data it did not have yet, and a package whose
/// `data/` lacks cases the recipe names is stale. A package whose recipe
/// fails is refused with why (a load error of `found`), and the others
/// are judged.
pub fn load(problems_dir: &Path, found: &mut Discovery, host: &mut dyn Host) -> Result<()> {
    let dir_of = |id: &str| match is_package(problems_dir) {
        true => std::fs::canonicalize(problems_dir).unwrap_or_default(),
        false => problems_dir.join(id),
    };
    let stale = |id: &String| {
        let dir = dir_of(id);
        has_recipe(&dir) && generators::is_stale(&dir)
    };
    let waiting: Vec<String> = (found.errors.iter().map(|(id, _)| id))
        .chain(found.problems.iter().map(|p| &p.id))
        .filter(|id| stale(id))
        .cloned()
        .collect();
    if waiting.is_empty() {
        return Ok(());
    }
    let root = host.root()?;
    for id in waiting {
        let dir = dir_of(&id);
        let made = match plan(&dir, &root) {
            Ok(Plan::Ready(g)) => Ok(g),
            Ok(Plan::Make(job)) => job.make(host.runner()?),
            Err(why) => Err(why),
        };
        let result = made
            .map_err(|why| ProblemError::Package {
                path: dir.clone(),
                reasons: vec![format!("{}: {why}", generators::RECIPE)],
            })
            .and_then(|g| {
                host.made(&id, &g);
                load_with_data(&id, &dir, Some(&g.data), g.skipped)
            });
        found.errors.retain(|(e, _)| *e != id);
        found.problems.retain(|p| p.id != id);
        match result {
            Ok(p) => found.problems.push(p),
            Err(e) => found.errors.push((id, e)),
        }
    }
    found.problems.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(())
}

/// The data folder the recipe of the package at `dir` makes: reused when
/// the recipe and its sources are unchanged, else generated now (for
/// `regen --inputs`, which writes it into the package even when `data/`
/// already holds every case).
pub fn data(dir: &Path, host: &mut dyn Host) -> Result<PathBuf> {
    let root = host.root()?;
    let generated = |e: GenerateError| Error::Generated(e.to_string());
    let made = match plan(dir, &root).map_err(generated)? {
        Plan::Ready(g) => g,
        Plan::Make(job) => job.make(host.runner()?).map_err(generated)?,
    };
    Ok(made.data)
}

/// Whether the package's answers may be empty when nothing writes them:
/// an interactive or multi-pass problem, whose answer is what the
/// interactor or output validator reads, not a submission's output
/// (BAPCtools writes an empty `.ans` for them instead of running the
/// solution, which would need the interactor).
fn answers_are_empty(pkg: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(pkg.join("problem.yaml")) else {
        return false;
    };
    let Ok(yaml) = serde_yaml::from_str::<serde_yaml::Value>(&text) else {
        return false;
    };
    let kinds: Vec<String> = match yaml.get("type") {
        Some(serde_yaml::Value::String(s)) => vec![s.clone()],
        Some(serde_yaml::Value::Sequence(v)) => (v.iter())
            .filter_map(|t| t.as_str().map(String::from))
            .collect(),
        _ => Vec::new(),
    };
    let legacy = yaml.get("validation").and_then(|v| v.as_str());
    (kinds.iter().map(String::as_str))
        .chain(legacy.into_iter().flat_map(str::split_whitespace))
        .any(|k| k == "interactive" || k == "multi-pass")
}

/// The hash of everything the generated data depends on.
fn digest(pkg: &Path, recipe: &Recipe, empty_answers: bool) -> String {
    let mut h = blake3::Hasher::new();
    // Raised whenever judge makes other files from the same recipe (v3:
    // the root's `test_group.yaml` is written to `data/`), so no cached
    // data of an older rule is reused.
    h.update(b"judge generated data v3\0");
    h.update(&[u8::from(empty_answers)]);
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(pkg.join("generators"))
        .sort_by_file_name()
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .collect();
    let solutions: std::collections::BTreeSet<&PathBuf> = recipe
        .cases
        .iter()
        .filter_map(|c| c.solution.as_ref())
        .collect();
    files.extend(solutions.into_iter().map(|s| pkg.join(s)));
    // The hand-kept files of empty cases.
    for case in &recipe.cases {
        if case.source == Source::Inline && case.inline.is_empty() {
            for ext in generators::EXTENSIONS {
                files.push(pkg.join("data").join(format!("{}.{ext}", case.path)));
            }
        }
    }
    for f in files {
        h.update(
            f.strip_prefix(pkg)
                .unwrap_or(&f)
                .to_string_lossy()
                .as_bytes(),
        );
        h.update(b"\0");
        h.update(&std::fs::read(&f).unwrap_or_default());
        h.update(b"\0");
    }
    h.finalize().to_hex()[..32].to_string()
}
