//! A package's `include/` files, added to every submission at build, as
//! problemtools adds them: `include/default/*` to every submission, and
//! `include/<language>/*` to those of that language (the folder names are
//! the language table's ids, `cpp`, `python3`, `java`, …, which are
//! problemtools' too). Olympiad packages ship a grader or a header there
//! that the contestants' sources need (`#include "grader.h"`, a `main`
//! that calls the contestant's function), so without them such a
//! submission cannot even compile.
//!
//! The submission and the included files are staged in a folder of their
//! own, which is then built like any folder submission: the included
//! files are written after the submission's, so an included file wins a
//! name clash (problemtools writes them over the submission's too), and
//! the entry point is found by the language's rule among all the files,
//! so an included `main` is the program's entry when it has one. When
//! none is (a Python helper module beside a one-file submission), the
//! submission's own file is the entry: it is what the contestant handed
//! in to be run, and a folder with no entry would not run at all.

use std::path::{Path, PathBuf};

use crate::build::{BuildError, Pin};
use crate::environment::Constants;
use crate::execute::runner::Runner;

/// The folder of a problem that holds its included files.
pub const INCLUDE: &str = "include";
/// The files of this folder go to every language.
const DEFAULT: &str = "default";

/// The language folders `include/` may use for language `id`: its own,
/// and problemtools' name where judge's table splits one of its languages
/// (judge's `pypy3` runs problemtools' `python3`).
fn folders(id: &str) -> Vec<&str> {
    match id {
        "pypy3" => vec!["pypy3", "python3"],
        other => vec![other],
    }
}

/// Every file below `dir` (recursively), as (path, path below `dir`),
/// sorted.
fn files_below(dir: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut out: Vec<(PathBuf, PathBuf)> = walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .filter_map(|e| {
            let below = e.path().strip_prefix(dir).ok()?.to_path_buf();
            Some((e.path().to_path_buf(), below))
        })
        .collect();
    out.sort();
    out
}

/// The language of a submission (a file, or a folder of sources): the
/// pinned one, else the one the table detects.
pub(crate) fn language_of(file: &Path, pin: &Pin) -> Option<String> {
    if let Some(id) = &pin.language {
        return Some(id.clone());
    }
    let table = judge_languages::table();
    let files: Vec<PathBuf> = if file.is_dir() {
        crate::build::compile::files_in(file)
    } else {
        vec![file.to_path_buf()]
    };
    table.detect(&files).map(|spec| spec.id.clone())
}

/// The included files for a submission of language `language` in the
/// problem `problem_dir`: `include/default/` first, then the language's
/// own, which win a clash.
pub fn files_for(problem_dir: &Path, language: &str) -> Vec<(PathBuf, PathBuf)> {
    let root = problem_dir.join(INCLUDE);
    if !root.is_dir() {
        return Vec::new();
    }
    let mut out = files_below(&root.join(DEFAULT));
    for folder in folders(language) {
        out.extend(files_below(&root.join(folder)));
    }
    out
}

/// Stages `file` with the problem's included files for its language in a
/// new folder of the run, and returns that folder (built then as a folder
/// submission); `None` when nothing is included for it. The included
/// files are the package's, so its `constants` are written into them
/// whoever's the submission is. When the staged files hold no entry
/// point by the language's rule, `pin` names the submission's file as
/// the entry.
pub(crate) fn stage(
    runner: &Runner,
    problem_dir: &Path,
    file: &Path,
    pin: &mut Pin,
    constants: Option<&Constants>,
) -> Result<Option<PathBuf>, BuildError> {
    if !problem_dir.join(INCLUDE).is_dir() {
        return Ok(None);
    }
    let Some(language) = language_of(file, pin) else {
        return Ok(None);
    };
    let included = files_for(problem_dir, &language);
    if included.is_empty() {
        return Ok(None);
    }
    let setup = |what: &str, path: &Path, e: std::io::Error| {
        BuildError::Setup(format!("{}: {what}: {e}", path.display()))
    };
    let base = runner
        .new_dir("include")
        .map_err(|e| BuildError::Setup(e.to_string()))?;
    // The folder keeps the submission's name, so messages still name it.
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "submission".into());
    let staged = base.join(stem);
    if file.is_dir() {
        crate::fsutil::copy_tree(file, &staged).map_err(|e| setup("cannot copy", file, e))?;
    } else {
        std::fs::create_dir_all(&staged).map_err(|e| setup("cannot create", &staged, e))?;
        let name = file.file_name().unwrap_or_default();
        std::fs::copy(file, staged.join(name)).map_err(|e| setup("cannot copy", file, e))?;
    }
    for (from, below) in included {
        let to = staged.join(&below);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(|e| setup("cannot create", parent, e))?;
        }
        std::fs::copy(&from, &to).map_err(|e| setup("cannot copy", &from, e))?;
        if let Some(constants) = constants {
            crate::build::constants::substitute(&to, constants)?;
        }
    }
    if pin.entrypoint.is_none() && file.is_file() && !has_entry(&staged, &language) {
        pin.entrypoint = file.file_name().map(|n| n.to_string_lossy().into_owned());
    }
    Ok(Some(staged))
}

/// Whether the sources of `language` in `dir` name their entry point by
/// the language's own rule.
fn has_entry(dir: &Path, language: &str) -> bool {
    let table = judge_languages::table();
    let Some(spec) = table.get(language) else {
        return true;
    };
    let sources = spec.sources(&crate::build::compile::files_in(dir));
    spec.entry(&sources).is_ok()
}

/// A submission of `problem` built as grading builds it: with the
/// problem's included files, and in a package as its judge ran it (see
/// [`crate::build::prepare_for`]). Timing and the reference use it, so
/// their programs are the ones graded.
pub(crate) fn prepare(
    runner: &Runner,
    problem: &crate::problem::Problem,
    file: &Path,
    memory: u64,
) -> Result<crate::build::Program, BuildError> {
    let env = problem.origin.as_ref().map(|o| &o.environment);
    let mut pin = Pin {
        package: problem.origin.is_some(),
        constants: crate::build::constants::for_file(problem, file),
        compile_time: env.and_then(|e| e.compilation_time),
        compile_memory: env.and_then(|e| e.compilation_memory),
        ..Pin::default()
    };
    let constants = crate::build::constants::of(problem);
    let staged = stage(runner, &problem.dir, file, &mut pin, constants.as_ref())?;
    let file = staged.as_deref().unwrap_or(file);
    crate::build::prepare_pinned(runner, Some(file), None, memory, &pin)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_files_come_first_and_the_languages_own_win() {
        let dir = tempfile::tempdir().unwrap();
        let inc = dir.path().join(INCLUDE);
        for (path, text) in [
            ("default/common.h", "d"),
            ("cpp/grader.cpp", "g"),
            ("cpp/sub/util.h", "u"),
            ("python3/lib.py", "p"),
        ] {
            let p = inc.join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        let below = |lang: &str| -> Vec<String> {
            files_for(dir.path(), lang)
                .into_iter()
                .map(|(_, b)| b.display().to_string())
                .collect()
        };
        assert_eq!(below("cpp"), ["common.h", "grader.cpp", "sub/util.h"]);
        assert_eq!(below("pypy3"), ["common.h", "lib.py"]);
        assert_eq!(below("java"), ["common.h"]);
        assert!(files_for(&dir.path().join("none"), "cpp").is_empty());
    }
}
