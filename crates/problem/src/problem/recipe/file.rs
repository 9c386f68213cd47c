//! Reading `recipe.yaml`: the file's shape and its located faults, apart
//! from appending to it (which reads it again), so each half uses the
//! other in one direction only.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::entry::{Draw, Entry, Manual};
use crate::problem::fault::{self, ProblemError};

/// The recipe's file name, beside `problem.yaml`.
pub const RECIPE_FILE: &str = "recipe.yaml";

/// A whole `recipe.yaml`: each case group (a folder below `cases/`, `/`
/// separated) and the entries that make its cases; and the rule each
/// input of `invalid/` breaks, by its name there (`sub/name` without
/// `.in`), which `judge validate` holds the validators to.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recipe {
    pub groups: BTreeMap<String, Vec<Entry>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub invalid: BTreeMap<String, String>,
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
    let text = fault::read_settings(&file)?;
    parse(&file, &text).map(Some)
}

/// Parses a recipe text; `path` is only used in messages.
pub fn parse(path: &Path, text: &str) -> Result<Recipe, ProblemError> {
    let recipe: Recipe = fault::parse_yaml(path, text)?;
    recipe.check().map_err(|e| {
        // Not `bad_key`: a group name may hold dots.
        let (line, col) = crate::located::key(text, &["groups", e.group()]);
        fault::bad_spec(path, crate::scan::InputError::new(line, col, e.to_string()))
    })?;
    Ok(recipe)
}

/// A rule across a group's entries broken: reported at the group's line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum GroupError {
    /// A group name with an empty, `.` or `..` part, or a backslash.
    #[error("{group}: a group is a folder path below cases/")]
    NotAFolder { group: String },
    /// Two entries of the group name case `name`.
    #[error("{group}/{name} is named twice")]
    NamedTwice { group: String, name: String },
    /// Two entries take whatever is left.
    #[error("{group}: `manual: all` twice")]
    ManualAllTwice { group: String },
}

impl GroupError {
    /// The group at fault, whose line the message is placed at.
    pub(crate) fn group(&self) -> &str {
        match self {
            GroupError::NotAFolder { group }
            | GroupError::NamedTwice { group, .. }
            | GroupError::ManualAllTwice { group } => group,
        }
    }
}

impl Recipe {
    /// Rules across entries, each with the group it is about so the
    /// message points at that group's line: group names that are folder
    /// paths, and no case made twice in a group.
    pub(super) fn check(&self) -> Result<(), GroupError> {
        for (group, entries) in &self.groups {
            let group = group.clone();
            let bad_part = |p: &str| p.is_empty() || p == "." || p == ".." || p.contains('\\');
            if group.split('/').any(bad_part) {
                return Err(GroupError::NotAFolder { group });
            }
            let mut named: Vec<String> = Vec::new();
            for entry in entries {
                for name in entry.names() {
                    if named.contains(&name) {
                        return Err(GroupError::NamedTwice { group, name });
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
                return Err(GroupError::ManualAllTwice { group });
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
