//! Packages whose test data is a BAPCtools recipe
//! (`generators/generators.yaml`): generated into the cache when a
//! command loads its problems, so every command judges them like any
//! package (issue #32). The recipe is read by
//! `judge_problem::package::generators`, run by `judge_engine::generated`.

use super::Context;
use crate::engine::sandbox::SandboxMode;
use crate::error::Result;
use crate::problem::Discovery;

impl Context {
    /// Packages whose data is a recipe (`generators/generators.yaml`) are
    /// loaded again from the data judge generates into the cache (reused
    /// when the recipe and its sources are unchanged): a load error of
    /// such a package is the refusal of data it did not have yet, and a
    /// package whose `data/` lacks cases the recipe names is stale.
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
        let cache = self
            .cache_dir
            .clone()
            .unwrap_or_else(|| std::env::temp_dir().join("judge-generated"));
        let runner = self.runner(SandboxMode::default(), 1)?;
        for id in waiting {
            let dir = dir_of(&id);
            let result = crate::engine::generated::generate(&runner, &dir, &cache)
                .map_err(|why| crate::problem::ProblemError::Package {
                    path: dir.clone(),
                    reasons: vec![why],
                })
                .and_then(|g| {
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
}
