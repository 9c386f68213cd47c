//! Packages whose test data is a BAPCtools recipe
//! (`generators/generators.yaml`): generated into the cache when a
//! command loads its problems, so every command judges them like any
//! package (issue #32). The recipe is read by
//! `judge_package::generators`, run by `judge_engine::generated`.

use std::path::PathBuf;
use std::sync::Mutex;

use super::context::Context;
use crate::engine::generated::{Generated, Plan};
use crate::engine::runner::Runner;
use crate::error::Result;
use crate::problem::Discovery;

/// With `--no-cache`, the folders the data was generated into: they
/// live until the command ends ([`remove_uncached`]), since its problems
/// read their cases from there.
static UNCACHED: Mutex<Vec<judge_fs::ScratchDir>> = Mutex::new(Vec::new());

/// Removes the data generated for this command alone (`--no-cache`).
/// The process ends by `exit`, which drops nothing, so `main` calls this.
pub fn remove_uncached() {
    UNCACHED.lock().unwrap_or_else(|e| e.into_inner()).clear();
}

impl Context {
    /// Packages whose data is a recipe (`generators/generators.yaml`) are
    /// loaded again from the data judge generates into the cache (reused
    /// when the recipe and its sources are unchanged): a load error of
    /// such a package is the refusal of data it did not have yet, and a
    /// package whose `data/` lacks cases the recipe names is stale. A
    /// package whose recipe fails is refused with why, and the others
    /// are judged.
    pub(crate) fn generate_data(&self, found: &mut Discovery) -> Result<()> {
        use crate::package::in_place::{has_recipe, is_package, load_with_data};
        let dir_of = |id: &str| match is_package(&self.problems_dir) {
            true => std::fs::canonicalize(&self.problems_dir).unwrap_or_default(),
            false => self.problems_dir.join(id),
        };
        let stale = |id: &String| {
            let dir = dir_of(id);
            has_recipe(&dir) && crate::package::generators::is_stale(&dir)
        };
        let waiting: Vec<String> = (found.errors.iter().map(|(id, _)| id))
            .chain(found.problems.iter().map(|p| &p.id))
            .filter(|id| stale(id))
            .cloned()
            .collect();
        if waiting.is_empty() {
            return Ok(());
        }
        let root = self.generated_root()?;
        // Started only when some recipe has data to make: reused data
        // needs no sandbox, and starting one is most of a warm run's cost.
        let mut runner: Option<Runner> = None;
        for id in waiting {
            let dir = dir_of(&id);
            let made = match crate::engine::generated::plan(&dir, &root) {
                Ok(Plan::Ready(g)) => Ok(g),
                Ok(Plan::Make(job)) => {
                    if runner.is_none() {
                        runner = Some(self.runner(self.sandbox, 1)?);
                    }
                    job.make(runner.as_ref().expect("started above"))
                }
                Err(why) => Err(why),
            };
            let result = made
                .map_err(|why| crate::problem::ProblemError::Package {
                    path: dir.clone(),
                    reasons: vec![format!("{}: {why}", crate::package::generators::RECIPE)],
                })
                .and_then(|g| {
                    self.say_generated(&id, &g);
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

    /// Where generated data goes: `<cache>/generated`, or with
    /// `--no-cache` a fresh folder of this command's own, removed when it
    /// ends (and said so), since `--no-cache` reads and writes no cache.
    /// The data folder the recipe of the package at `dir` makes: reused
    /// when the recipe and its sources are unchanged, else generated now
    /// (for `regen --inputs`, which writes it into the package even when
    /// `data/` already holds every case).
    pub(crate) fn recipe_data(
        &self,
        dir: &std::path::Path,
    ) -> std::result::Result<PathBuf, String> {
        let root = self.generated_root().map_err(|e| e.to_string())?;
        let made = match crate::engine::generated::plan(dir, &root)? {
            Plan::Ready(g) => g,
            Plan::Make(job) => {
                job.make(&self.runner(self.sandbox, 1).map_err(|e| e.to_string())?)?
            }
        };
        Ok(made.data)
    }

    fn generated_root(&self) -> Result<PathBuf> {
        if let Some(cache) = &self.cache_dir {
            return Ok(cache.join("generated"));
        }
        let dir =
            judge_fs::ScratchDir::new("judge-generated-").map_err(crate::error::Error::io(
                std::env::temp_dir(),
                "cannot create a folder for generated data",
            ))?;
        let path = dir.path().to_path_buf();
        eprintln!(
            "{} --no-cache: test data generated from recipes goes to {} (removed when judge ends)",
            self.style.dim("note:"),
            path.display()
        );
        UNCACHED.lock().unwrap_or_else(|e| e.into_inner()).push(dir);
        Ok(path)
    }

    /// The note saying whether data was generated or reused, and the
    /// recipe's keys judge skipped.
    fn say_generated(&self, id: &str, g: &Generated) {
        let how = match g.reused {
            true => "reused the data generated earlier from",
            false => "generated its data from",
        };
        eprintln!(
            "{} {id}: {how} generators/generators.yaml ({} cases, {})",
            self.style.dim("note:"),
            g.cases,
            g.data.display()
        );
        for (place, why) in &g.skipped {
            eprintln!(
                "{} {id}: {place}: skipped: {why}",
                self.style.yellow("warning:")
            );
        }
    }
}
