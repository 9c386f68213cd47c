//! Packages whose test data is a BAPCtools recipe
//! (`generators/generators.yaml`) are generated when a command loads its
//! problems (by [`crate::engine::generate`], with what
//! the `DataHost` of `context` gives it), so every command judges them
//! like any package (issue #32). With `--no-cache` the data goes to a
//! scratch folder of the command's own, kept here until judge ends.

use std::path::PathBuf;
use std::sync::Mutex;

use crate::engine::error::{Error, Result};
use crate::report::console::Style;

/// With `--no-cache`, the folders the data was generated into: they
/// live until the command ends ([`remove_uncached`]), since its problems
/// read their cases from there.
static UNCACHED: Mutex<Vec<judge_fs::ScratchDir>> = Mutex::new(Vec::new());

/// Removes the data generated for this command alone (`--no-cache`).
/// The process ends by `exit`, which drops nothing, so `main` calls this.
pub fn remove_uncached() {
    UNCACHED.lock().unwrap_or_else(|e| e.into_inner()).clear();
}

/// A fresh folder for the data generated with `--no-cache` (which reads
/// and writes no cache), removed when judge ends, and said so.
pub(crate) fn scratch_root(style: Style) -> Result<PathBuf> {
    let dir = judge_fs::ScratchDir::new("judge-generated-").map_err(Error::io(
        std::env::temp_dir(),
        "cannot create a folder for generated data",
    ))?;
    let path = dir.path().to_path_buf();
    eprintln!(
        "{} --no-cache: test data generated from recipes goes to {} (removed when judge ends)",
        style.dim("note:"),
        path.display()
    );
    UNCACHED.lock().unwrap_or_else(|e| e.into_inner()).push(dir);
    Ok(path)
}
