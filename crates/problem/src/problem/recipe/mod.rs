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
mod file;

pub use append::{append_case, create_manual, set_catches};
pub use entry::{Batch, Draw, Entry, MAX_SIZE, Manual};
pub use file::{RECIPE_FILE, Recipe, load, parse, path};

#[cfg(test)]
mod tests;
