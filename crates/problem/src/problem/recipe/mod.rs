//! `recipe.yaml`: how every case of a problem is made (optional, one per
//! problem folder, judge's own layout only).
//!
//! A test set whose inputs came from `judge gen` runs nobody wrote down
//! cannot be checked or rebuilt: the next person regenerates with another
//! seed and the committed cases silently change meaning. The recipe names
//! each case and how it is made, so `judge validate` and `judge check` can
//! remake every generated input and report the ones that drifted, and
//! `judge regen --inputs` can rebuild them. Three forms of entry:
//!
//! ```yaml
//! groups:
//!   sample:
//!     - manual: all                 # or a list of case names
//!       from: "the statement"       # optional: where they come from
//!   generated:
//!     - gen: {seed: 400, count: 6, size: 1, prefix: tiny}
//!       skip: [tiny-003]            # files of the run not kept
//!   hardened:
//!     - case: h-001                 # file `index` (0-based) of seed at size
//!       gen: {seed: 7, index: 12, size: 3}
//!       catches: ["what it catches"]
//! ```
//!
//! Reading only parses and checks the file (never runs a generator):
//! discovery stays free of side effects, and remaking the inputs is an
//! execute step of the commands that need it.

mod append;
mod entry;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::ProblemError;

pub use append::{append_case, create_manual, set_catches};
pub use entry::{Batch, Draw, Entry, MAX_SIZE, Manual};

/// The recipe's file name, beside `problem.yaml`.
pub const RECIPE_FILE: &str = "recipe.yaml";

/// A whole `recipe.yaml`: each case group (a folder below `cases/`, `/`
/// separated) and the entries that make its cases.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recipe {
    pub groups: BTreeMap<String, Vec<Entry>>,
}

/// The recipe file of the problem folder `problem_dir`.
pub fn path(problem_dir: &Path) -> PathBuf {
    problem_dir.join(RECIPE_FILE)
}

/// Reads `problem_dir/recipe.yaml`: `Ok(None)` when the problem has none;
/// a fault is located (`file:line:col`) like one of `problem.yaml`.
pub fn load(problem_dir: &Path) -> Result<Option<Recipe>, ProblemError> {
    let file = path(problem_dir);
    if !file.exists() {
        return Ok(None);
    }
    let text = super::read_settings(&file)?;
    parse(&file, &text).map(Some)
}

/// Parses a recipe text; `path` is only used in messages.
pub fn parse(path: &Path, text: &str) -> Result<Recipe, ProblemError> {
    let recipe: Recipe = super::parse_yaml(path, text)?;
    recipe.check().map_err(|(group, reason)| {
        // Not `bad_key`: a group name may hold dots.
        let (line, col) = crate::located::key(text, &["groups", &group]);
        super::bad_spec(path, crate::scan::InputError::new(line, col, reason))
    })?;
    Ok(recipe)
}

impl Recipe {
    /// Rules across entries, each with the group it is about so the
    /// message points at that group's line: group names that are folder
    /// paths, and no case made twice in a group.
    pub(super) fn check(&self) -> Result<(), (String, String)> {
        for (group, entries) in &self.groups {
            let at = group.clone();
            let bad_part = |p: &str| p.is_empty() || p == "." || p == ".." || p.contains('\\');
            if group.split('/').any(bad_part) {
                return Err((
                    at,
                    format!("{group}: a group is a folder path below cases/"),
                ));
            }
            let mut named: Vec<String> = Vec::new();
            for entry in entries {
                for name in entry.names() {
                    if named.contains(&name) {
                        return Err((at, format!("{group}/{name} is named twice")));
                    }
                    named.push(name);
                }
            }
            let all = entries
                .iter()
                .filter(|e| {
                    matches!(
                        e,
                        Entry::Manual {
                            cases: Manual::All,
                            ..
                        }
                    )
                })
                .count();
            if all > 1 {
                return Err((at, format!("{group}: `manual: all` twice")));
            }
        }
        Ok(())
    }

    /// The entry of `group` that names `name` (a `manual: all` entry names
    /// whatever no other entry does).
    pub fn entry_for(&self, group: &str, name: &str) -> Option<&Entry> {
        let entries = self.groups.get(group)?;
        entries
            .iter()
            .find(|e| e.names().iter().any(|n| n == name))
            .or_else(|| {
                entries.iter().find(|e| {
                    matches!(
                        e,
                        Entry::Manual {
                            cases: Manual::All,
                            ..
                        }
                    )
                })
            })
    }

    /// Every generated case: (group, name, draw, the entry making it), in
    /// the file's order within each group.
    pub fn draws(&self) -> Vec<(&str, String, Draw, &Entry)> {
        self.groups
            .iter()
            .flat_map(|(group, entries)| {
                entries.iter().flat_map(move |e| {
                    e.draws()
                        .into_iter()
                        .map(move |(name, draw)| (group.as_str(), name, draw, e))
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
