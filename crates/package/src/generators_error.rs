//! Why a BAPCtools recipe does not read: the place in
//! `generators/generators.yaml` and what is wrong there. The first fault
//! stops the reading, since later keys may depend on it (an `include:` on
//! an earlier case).

use serde_yaml::Value;

use judge_text::scan::InputError;

/// The recipe, relative to the package (here, where every fault of it
/// names it).
pub const RECIPE: &str = "generators/generators.yaml";

/// A recipe that cannot be read, at its place in [`RECIPE`].
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RecipeError {
    /// The file is not YAML, at the parser's place.
    #[error("{RECIPE}:{0}")]
    Yaml(InputError),
    /// A key or value judge cannot read, at its line and column.
    #[error("{RECIPE}:{line}:{col}: {fault}")]
    At {
        line: usize,
        col: usize,
        fault: RecipeFault,
    },
}

/// What is wrong at one place of a recipe.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RecipeFault {
    /// The whole file is not a mapping.
    #[error("not a mapping")]
    NotAMapping,
    /// `generators:` is not a mapping of names to files.
    #[error("must map names to lists of files")]
    Generators,
    /// A folder's `data:` is neither a mapping nor a list of them.
    #[error("must be a mapping or a list of mappings")]
    Data,
    /// The root's `data:` is a list.
    #[error("the root folder must not be numbered")]
    NumberedRoot,
    /// A case with an empty key in a mapping `data:`.
    #[error("a case of an unnumbered folder needs a name")]
    Unnamed,
    /// A case that is a list or a number.
    #[error("a case is a command, a mapping or empty")]
    Case,
    /// `count:` that names no count.
    #[error("count: an int 1..=100, a list of ints or a..=b")]
    Count,
    /// `include:` that is not a list.
    #[error("include: a list of keys of earlier cases or folders")]
    IncludeList,
    /// Item `index` of `include:` is not a string.
    #[error("include {index}: a key, not {item:?}")]
    IncludeItem { index: usize, item: Value },
    /// An `include:` key with a `/`.
    #[error("include {key}: a key of a case or folder, not a path")]
    IncludePath { key: String },
    /// An `include:` key no earlier case or folder has.
    #[error("include {key}: no earlier case or folder has this key")]
    IncludeUnknown { key: String },
    /// An `include:` key several earlier cases or folders have.
    #[error("include {key}: ambiguous, several cases or folders have it")]
    IncludeAmbiguous { key: String },
    /// An included case would take the place of a case of the folder.
    #[error("include: {path} is a case of its own, it cannot also be {from}")]
    IncludeOverCase { path: String, from: String },
    /// Two included cases would take the same place.
    #[error("include: {path} would be both {held} and {from}")]
    IncludeClash {
        path: String,
        held: String,
        from: String,
    },
}
