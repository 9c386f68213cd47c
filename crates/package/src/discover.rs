//! A problems folder read: every problem in it, in judge's layout or as
//! an ICPC package judged in place, or the folder itself when it is one
//! package. The first stage of every command; it lives above both
//! layouts' loaders, so judge's own (`judge_problem::problem::load_problem`)
//! never reaches for the package reader.

use std::path::{Path, PathBuf};

use crate::in_place::{self, is_package};
use crate::problem::{Discovery, Problem, ProblemError, load_problem};

/// Loads every problem folder (a folder holding `problem.yaml`) under `root`:
/// judge's own layout, or an ICPC package judged in place. `root` may
/// itself be one package (a problem repository of one).
///
/// Folders without `problem.yaml` are ignored, so `problems/` may hold notes,
/// and so are hidden ones: a problem id never starts with a dot, and a
/// killed `judge import` can leave its `.judge-staging-…` folder, complete
/// with a `problem.yaml`, which must not be judged as a problem.
/// The result is sorted by id; errors never stop other problems loading.
pub fn discover(root: &Path) -> std::io::Result<Discovery> {
    if is_package(root) {
        let root = std::fs::canonicalize(root)?;
        let id = root
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut found = Discovery::default();
        match load_any(&id, &root) {
            Ok(p) => found.problems.push(p),
            Err(e) => found.errors.push((id, e)),
        }
        return Ok(found);
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(root)?
        .filter_map(|e| e.ok())
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| e.path())
        .filter(|p| p.join("problem.yaml").is_file())
        .collect();
    entries.sort();
    let mut found = Discovery::default();
    for dir in entries {
        let id = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match load_any(&id, &dir) {
            Ok(p) => found.problems.push(p),
            Err(e) => found.errors.push((id, e)),
        }
    }
    Ok(found)
}

/// A problem in either layout.
fn load_any(id: &str, dir: &Path) -> Result<Problem, ProblemError> {
    match is_package(dir) {
        true => in_place::load(id, dir),
        false => load_problem(id, dir),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_killed_imports_staging_folder_is_not_a_problem() {
        let root = tempfile::tempdir().unwrap();
        for id in ["atoms", ".judge-staging-aB3xZ9"] {
            let dir = root.path().join(id);
            std::fs::create_dir_all(dir.join("cases")).unwrap();
            std::fs::write(dir.join("ref.py"), "print(1)\n").unwrap();
            std::fs::write(dir.join("problem.yaml"), "name: Atoms\nreference: ref.py\n").unwrap();
        }
        let found = discover(root.path()).unwrap();
        let ids: Vec<&str> = found.problems.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["atoms"]);
        assert!(found.errors.is_empty());
    }

    /// A package that carries example packages deeper (a tools folder's
    /// `examples/`): as in BAPCtools, only the folders right below the
    /// problems folder are problems, and a package is judged once.
    #[test]
    fn stray_example_packages_below_a_package_are_not_problems() {
        let root = tempfile::tempdir().unwrap();
        let write = |path: &str, text: &str| {
            let p = root.path().join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        };
        for pkg in ["real", "real/tools/examples/stray", "tools/examples/other"] {
            write(&format!("{pkg}/problem.yaml"), "name: x\n");
            write(&format!("{pkg}/data/secret/1.in"), "1\n");
            write(&format!("{pkg}/data/secret/1.ans"), "1\n");
        }
        let found = discover(root.path()).unwrap();
        let ids: Vec<&str> = found.problems.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["real"], "{:?}", found.errors);
        // The package itself as the problems folder: that one package.
        let found = discover(&root.path().join("real")).unwrap();
        let ids: Vec<&str> = found.problems.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["real"]);
        let origin = found.problems[0].origin.as_ref().unwrap();
        assert!(
            origin.skipped.iter().any(|(at, _)| at == "tools"),
            "{:?}",
            origin.skipped
        );
    }
}
